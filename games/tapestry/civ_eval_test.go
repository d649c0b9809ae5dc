package tapestry

import (
	"testing"
)

// TestMilitantsTerm: the spaces the Militants' conquests uncover count
// on every income turn still to start, and the playouts take the outpost
// from the row whose next space pays more.
func TestMilitantsTerm(t *testing.T) {
	f := newSolo(t, 3, Military, Science)
	s := &f.s
	s.Players[0].Civs = append(s.Players[0].Civs, newCivState(civIdx(t, "Militants"), true))
	s.Players[0].Era = 2
	cs := f.civ(0, "Militants")
	if got := s.militantsTerm(0); got != 0 {
		t.Errorf("nothing uncovered: term %.1f, want 0", got)
	}
	// The bottom row's first space pays 1 VP, on income turns 3, 4, 5.
	cs.Rows[1] = 1
	if got := s.militantsTerm(0); got != 3 {
		t.Errorf("the bottom row's first space in era 2: term %.1f, want 3", got)
	}
	// The top row's second space pays 2 VP, its first a coin.
	cs.Rows[0] = 2
	want := 3 * (1 + 2 + resWorth(&s.Players[0]))
	if got := s.militantsTerm(0); got < want-1e-9 || got > want+1e-9 {
		t.Errorf("two top spaces and one bottom: term %.2f, want %.2f", got, want)
	}
	s.Players[0].Era = 5
	if got := s.militantsTerm(0); got != 0 {
		t.Errorf("in the last era: term %.1f, want 0", got)
	}
	s.Players[0].Era = 2
	// Next: the top row's third space (a food), the bottom's second (a
	// worker), equal; then 4 VP against a worker.
	cs.Rows[0] = 3
	if top, bottom := s.militantsNext(0, 0), s.militantsNext(0, 1); !(top > bottom) {
		t.Errorf("next on top (4 VP) %.1f, on the bottom (a worker) %.1f: want top above", top, bottom)
	}
	s.ask("c:militants_take", 0, []string{"miltake:bottom", "miltake:top"}, Task{Op: "civ_miltake", Seat: 0})
	w := Game{}.Weights(s, 0, []Action{{"miltake:bottom"}, {"miltake:top"}})
	if len(w) != 2 || !(w[1] > w[0]) {
		t.Errorf("weights bottom, top = %v: want the top row (4 VP) above", w)
	}
}
