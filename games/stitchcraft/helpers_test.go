package stitchcraft

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// deck completes a prefix of colour letters (hand first, then the Chest
// top down) into a full 40-card deck, filling in slot order.
func deck(t testing.TB, prefix string) string {
	t.Helper()
	var n [NumColours]int
	for i := 0; i < len(prefix); i++ {
		c, ok := colourByLetter(prefix[i])
		if !ok {
			t.Fatalf("bad letter in %q", prefix)
		}
		n[c]++
	}
	out := []byte(prefix)
	for len(out) < DeckSize {
		progress := false
		for _, c := range Colours {
			if n[c] < 5 && len(out) < DeckSize {
				out = append(out, c.Letter())
				n[c]++
				progress = true
			}
		}
		if !progress {
			break
		}
	}
	if err := checkDeck(string(out)); err != nil {
		t.Fatalf("deck %q: %v", prefix, err)
	}
	return string(out)
}

// table opens a bound table and deals the given prefixes (hand, then Chest
// top down) to seats in order; missing prefixes get a default deck.
func table(t testing.TB, opts games.Options, seats int, prefixes ...string) games.Table {
	t.Helper()
	tb, err := games.Bind(Game{}).Open(opts, seats, [2]uint64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range seats {
		p := ""
		if i < len(prefixes) {
			p = prefixes[i]
		}
		stepT(t, tb, games.Chance, Action{Op: Deal, Seat: i, Deck: deck(t, p)}.Key())
	}
	for slices.Contains(tb.ToAct(), games.Chance) {
		ch := Game{}.Legal(state(t, tb), games.Chance)
		stepT(t, tb, games.Chance, ch[0].Key())
	}
	return tb
}

// step applies one action at the table's version.
func stepT(t testing.TB, tb games.Table, seat games.Seat, key string) games.Step {
	t.Helper()
	st, err := tb.Step(seat, tb.Version(), key)
	if err != nil {
		t.Fatalf("%s %q: %v (legal %v)", seat, key, err, tb.Legal(seat))
	}
	return st
}

// acts plays keys in order, each by the single seat to act.
func acts(t testing.TB, tb games.Table, keys ...string) []games.Step {
	t.Helper()
	var out []games.Step
	for _, k := range keys {
		ta := tb.ToAct()
		if len(ta) != 1 {
			t.Fatalf("ToAct %v before %q", ta, k)
		}
		out = append(out, stepT(t, tb, ta[0], k))
	}
	return out
}

// state decodes the table's state.
func state(t testing.TB, tb games.Table) *State {
	t.Helper()
	b, err := tb.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// keys lists the legal keys of the seat to act.
func keys(t testing.TB, tb games.Table) []string {
	t.Helper()
	ta := tb.ToAct()
	if len(ta) != 1 {
		t.Fatalf("ToAct %v", ta)
	}
	var out []string
	for _, c := range tb.Legal(ta[0]) {
		out = append(out, c.Key)
	}
	return out
}

// want fails unless got equals want.
func want[T comparable](t testing.TB, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// fixture is a started game with empty zones: every Chest holds filler
// cards, every hand one White (so a turn does not end early), seat 0 is to act with two actions.
func fixture(t testing.TB, opts games.Options, seats int) *State {
	t.Helper()
	s, err := Game{}.New(opts, seats)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.Players {
		s.Players[i].Chest = strings.Repeat("W", 20)
		s.Players[i].Hand = hand("W")
	}
	s.Dealt = seats
	if s.Mode.Roles() {
		s.Masters = []int{0, 1}
	}
	s.Started, s.Active, s.Actions = true, 0, 2
	return &s
}

// do applies a key for seat directly on a state, failing on error.
func do(t testing.TB, s *State, seat int, key string) []games.Event {
	t.Helper()
	a, err := parseAction(key)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := Game{}.Apply(s, games.Seat(seat), a)
	if err != nil {
		var legal []string
		for _, l := range (Game{}).Legal(s, games.Seat(seat)) {
			legal = append(legal, l.Key())
		}
		t.Fatalf("seat %d %q: %v (to act %v, legal %v)", seat, key, err, Game{}.ToAct(s), legal)
	}
	return evs
}

// legalKeys lists the legal keys of seat.
func legalKeys(s *State, seat int) []string {
	var out []string
	for _, l := range (Game{}).Legal(s, games.Seat(seat)) {
		out = append(out, l.Key())
	}
	return out
}

// faces builds a Display from colour letters labelled D1, D2, ...
func faces(letters string) []Face {
	out := []Face{}
	for i, c := range pileColours(letters) {
		out = append(out, Face{Label: i + 1, Colour: c})
	}
	return out
}

// cards builds Showcase cards of one owner from letters.
func cards(owner int, letters string) []Card {
	out := []Card{}
	for _, c := range pileColours(letters) {
		out = append(out, Card{Colour: c, Owner: owner})
	}
	return out
}

// hand builds hand counts from letters.
func hand(letters string) [NumColours]int {
	var h [NumColours]int
	for _, c := range pileColours(letters) {
		h[c]++
	}
	return h
}

// diceFor is a seeded Dice for test resamples.
func diceFor(seed uint64) *dice.Dice { return dice.Seeded(seed, 99) }
