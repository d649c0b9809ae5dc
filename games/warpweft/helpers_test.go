package warpweft

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/decktet"
)

// cardsOf looks up card codes.
func cardsOf(t testing.TB, codes ...string) []decktet.Card {
	t.Helper()
	out := make([]decktet.Card, len(codes))
	for i, code := range codes {
		c, ok := decktet.ByCode(code)
		if !ok {
			t.Fatalf("no card %q", code)
		}
		out[i] = c
	}
	return out
}

// suits reads suit letters in canonical code ("MW" = Moons, Waves).
func suits(letters string) []decktet.Suit {
	var out []decktet.Suit
	for _, r := range letters {
		for _, s := range decktet.Suits {
			if rune(s.Code()) == r {
				out = append(out, s)
			}
		}
	}
	return out
}

// counts reads "M3 W3 K1" into a count array.
func counts(t testing.TB, spec string) [decktet.NumSuits]int {
	t.Helper()
	var out [decktet.NumSuits]int
	for _, f := range strings.Fields(spec) {
		s := suits(f[:1])
		if len(s) != 1 {
			t.Fatalf("bad count %q", f)
		}
		n := 0
		for _, d := range f[1:] {
			n = n*10 + int(d-'0')
		}
		out[s[0]] = n
	}
	return out
}

// gridOf builds a tableau from placement keys ("CW@0,0"), the first being
// the start card.
func gridOf(t testing.TB, keys ...string) []Placed {
	t.Helper()
	out := make([]Placed, len(keys))
	for i, k := range keys {
		a, err := parseAction(k)
		if err != nil || a.Op != Place {
			t.Fatalf("bad fixture %q: %v", k, err)
		}
		out[i] = Placed{Card: a.Card, Cell: a.Cell, By: games.Seat(i % 2), Turn: i}
	}
	out[0].By = games.Chance
	return out
}

// finished is an ended, scored state over a fixture tableau with seat 0 as
// Warp (scoring does not look at hands or who placed what).
func finished(grid []Placed) *State {
	return &State{Extended: ExtendedNone, Roles: RolesChosen, WarpSeat: 0, Dealt: true,
		Hands: [2][]string{{}, {}}, Grid: grid, Turn: Placements, Conceded: games.Spectator}
}

// dealKey builds a scripted deal: Warp's 12, Weft's 12, the start card and
// the undealt rest (R14).
func dealKey(warp, weft []string, start string, undealt []string) string {
	all := slices.Concat(warp, weft, []string{start}, undealt)
	return Action{Op: Deal, Deck: all}.Key()
}

// orderedDeal is a deal of the deck in use in table order, rotated by k.
func orderedDeal(opts games.Options, k int) string {
	s, err := Game{}.New(opts, 2)
	if err != nil {
		panic(err)
	}
	d := s.Deck()
	k %= len(d)
	return Action{Op: Deal, Deck: slices.Concat(d[k:], d[:k])}.Key()
}

// openTable opens a bound table without resolving chance.
func openTable(t testing.TB, opts games.Options) games.Table {
	t.Helper()
	tb, err := games.Bind(Game{}).Open(opts, 2, [2]uint64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// step applies one action at the table's version and fails the test on error.
func step(t testing.TB, tb games.Table, seat games.Seat, key string) games.Step {
	t.Helper()
	st, err := tb.Step(seat, tb.Version(), key)
	if err != nil {
		t.Fatalf("%s %q: %v", seat, key, err)
	}
	return st
}

// view returns the table's typed view.
func view(tb games.Table, seat games.Seat) View { return tb.View(seat).(View) }

// stateOf decodes the table's full state.
func stateOf(t testing.TB, tb games.Table) State {
	t.Helper()
	b, err := tb.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// keysOf lists the keys of choices.
func keysOf(cs []games.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Key
	}
	return out
}

// buildOrder orders the cells of a connected target tableau (start card
// first) so that each card touches an earlier one: a breadth-first walk.
func buildOrder(t testing.TB, target []Placed) []Placed {
	t.Helper()
	at := map[Cell]Placed{}
	for _, p := range target {
		at[p.Cell] = p
	}
	order := []Placed{at[Cell{0, 0}]}
	seen := map[Cell]bool{{0, 0}: true}
	for i := 0; i < len(order); i++ {
		for _, d := range neighbours {
			c := Cell{order[i].Cell.X + d.X, order[i].Cell.Y + d.Y}
			if p, ok := at[c]; ok && !seen[c] {
				seen[c] = true
				order = append(order, p)
			}
		}
	}
	if len(order) != len(target) {
		t.Fatalf("fixture is not connected: reached %d of %d cards", len(order), len(target))
	}
	return order
}

// playTableau deals and plays a whole game that builds target through a
// bound table (roles chosen: seat 0 is Warp), returning the table.
func playTableau(t testing.TB, opts games.Options, target []Placed, undealt []string) games.Table {
	t.Helper()
	order := buildOrder(t, target)
	var warp, weft []string
	for i, p := range order[1:] {
		if i%2 == 0 {
			warp = append(warp, p.Card)
		} else {
			weft = append(weft, p.Card)
		}
	}
	tb := openTable(t, opts)
	step(t, tb, games.Chance, dealKey(warp, weft, order[0].Card, undealt))
	for i, p := range order[1:] {
		step(t, tb, games.Seat(i%2), Action{Op: Place, Card: p.Card, Cell: p.Cell}.Key())
	}
	return tb
}
