package tapestry

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// civIdx is the index of the named civilization.
func civIdx(t *testing.T, name string) int {
	t.Helper()
	i := CivIndex(name)
	if i < 0 {
		t.Fatalf("no civilization %q", name)
	}
	return i
}

// newCivTable is newTable with civilizations on (adjustments on): seat i
// leads civs[i], chosen at setup ("" for none); the others form the civ
// deck.
func newCivTable(t *testing.T, n int, civs ...string) *fx {
	t.Helper()
	f := newTable(t, n)
	f.s.CivMode, f.s.Adjust = "standard", true
	f.s.CivDeck = nil
	for i := range Civs {
		f.s.CivDeck = append(f.s.CivDeck, int8(i))
	}
	for seat, name := range civs {
		if name == "" {
			continue
		}
		f.own(seat, name, true)
	}
	return f
}

// own gives seat the named civilization (start: chosen at setup), taken
// out of the civ deck.
func (f *fx) own(seat int, name string, start bool) *CivState {
	f.t.Helper()
	c := civIdx(f.t, name)
	f.s.CivDeck = removeOne(f.s.CivDeck, int8(c))
	f.p(seat).Civs = append(f.p(seat).Civs, newCivState(c, start))
	return &f.p(seat).Civs[len(f.p(seat).Civs)-1]
}

// civ is seat's state of the named civilization.
func (f *fx) civ(seat int, name string) *CivState {
	f.t.Helper()
	cs := f.s.civOf(seat, Civs[civIdx(f.t, name)].Bespoke)
	if cs == nil {
		f.t.Fatalf("seat %d has no %s", seat, name)
	}
	return cs
}

// deckOnly leaves only the named civilizations in the civ deck.
func (f *fx) deckOnly(names ...string) {
	f.s.CivDeck = nil
	for _, n := range names {
		f.s.CivDeck = append(f.s.CivDeck, int8(civIdx(f.t, n)))
	}
}

// civKey is the chance key drawing the named civilization.
func civKey(t *testing.T, name string) string { return "id:" + strconv.Itoa(civIdx(t, name)) }

// stepTo starts seat's income turn and stops at step 1: p.Era must be
// one less than the turn wanted. Cards to play in step 2 must be in hand.
func (f *fx) stepTo(seat, era int) {
	f.t.Helper()
	f.p(seat).Era = int8(era - 1)
	f.income(seat)
}

// finishTurn plays out the rest of an income turn: the card of step 2 is
// the first of the hand (or the deck's first draw), no upgrade, the
// income's draws take the first outcome, "any" gains take the first
// option, and the turn ends.
func (f *fx) finishTurn() {
	f.t.Helper()
	for guard := 0; f.s.Ask != nil; guard++ {
		if guard > 200 {
			f.t.Fatalf("the turn does not end: %s of seat %d %v", f.s.Ask.Kind, f.s.Ask.Seat, f.s.Ask.Opts)
		}
		a := f.s.Ask
		switch {
		case a.Kind == "upgrade":
			f.do("noupgrade")
		case a.Kind == "turn":
			return
		default:
			f.do(a.Opts[0])
		}
	}
}

// dealt builds a real game of n seats with civilizations through the
// public API: the deal gives seat i the pair deal[i] (chance asks answered
// with those civs), each keeps keep[i], and set-up asks are answered with
// the first option until play begins (the first turn's ask) or until the
// first ask of kind stop.
type dealt struct {
	t *testing.T
	g Game
	s State
}

func newDealt(t *testing.T, n int, opts games.Options, deal [][2]string) *dealt {
	t.Helper()
	g := Game{}
	if opts == nil {
		opts = games.Options{}
	}
	s, _ := startGame(t, n, opts)
	d := &dealt{t: t, g: g, s: s}
	mats := []string{"1", "2", "3", "4", "5"}[:n]
	d.apply(games.Chance, "setup:"+strings.Join(mats, ".")+":0")
	for seat := 0; n <= 3 && seat < n; seat++ {
		d.apply(games.Seat(seat), "mat:"+mats[seat])
	}
	// The deal: two draws per seat, in seat order.
	for seat := range n {
		for k := range 2 {
			if d.s.Ask == nil || d.s.Ask.Kind != "draw_civ" {
				t.Fatalf("expected the civ deal, got %+v", d.s.Ask)
			}
			d.apply(games.Chance, civKey(t, deal[seat][k]))
		}
	}
	return d
}

func (d *dealt) apply(seat games.Seat, key string) {
	d.t.Helper()
	if _, err := d.g.Apply(&d.s, seat, Action{key}); err != nil {
		d.t.Fatalf("%s %q: %v", seat, key, err)
	}
}

// choose answers each seat's secret choice.
func (d *dealt) choose(names ...string) {
	d.t.Helper()
	for seat, name := range names {
		if d.s.Ask == nil || d.s.Ask.Kind != "civ" || int(d.s.Ask.Seat) != seat {
			d.t.Fatalf("expected seat %d's choice, got %+v", seat, d.s.Ask)
		}
		d.apply(games.Seat(seat), "civ:"+strconv.Itoa(civIdx(d.t, name)))
	}
}

// until answers asks with their first option until one of kind is asked
// (or the first turn when kind is "turn").
func (d *dealt) until(kind string) {
	d.t.Helper()
	for guard := 0; ; guard++ {
		a := d.s.Ask
		if a == nil || guard > 500 {
			d.t.Fatalf("no %s ask came", kind)
		}
		if a.Kind == kind {
			return
		}
		d.apply(games.Seat(a.Seat), a.Opts[0])
	}
}

// labels checks every option of the pending ask has a label that is not
// its raw key.
func labels(t *testing.T, s *State) {
	t.Helper()
	if s.Ask == nil || s.Ask.Seat < 0 {
		return
	}
	g := Game{}
	v := g.View(s, games.Seat(s.Ask.Seat))
	for _, k := range s.Ask.Opts {
		if l := g.Label(v, Action{k}); l == k || l == "" {
			t.Errorf("%s ask: key %q has no label (%q)", s.Ask.Kind, k, l)
		}
	}
}

// ownsCiv reports whether seat owns the named civilization.
func ownsCiv(s *State, seat int, name string) bool {
	return slices.ContainsFunc(s.Players[seat].Civs, func(c CivState) bool { return Civs[c.Civ].Name == name })
}
