package ai

import (
	"math/rand/v2"
	"testing"

	"spindle/games"
)

// focusSolo is soloGame with a Focuser that keeps "quiet" alone (its
// second legal move), as a game resolves a sub-decision with an obvious
// answer.
type focusSolo struct{ soloGame }

func (focusSolo) Focus(_ *soloState, _ games.Seat, legal []soloAction, _ []int) []int {
	if len(legal) == 2 {
		return []int{1}
	}
	return nil
}

// TestFocus: the search answers and plays out only the moves the game's
// Focuser keeps; every legal move stays legal on the table.
func TestFocus(t *testing.T) {
	for seed := range uint64(10) {
		tbl, _, err := games.Bind[soloState, soloAction, soloState](focusSolo{}).New(nil, 1, [2]uint64{seed, 1})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(tbl.Legal(0)); n != 2 {
			t.Fatalf("%d legal moves", n)
		}
		key, err := Choose(tbl, 0, Normal, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if key != "quiet" {
			t.Fatalf("seed %d: chose %q outside the focus", seed, key)
		}
		if _, err := cutPlayout(tbl, 0, rand.New(rand.NewPCG(seed, 2)), cutTurns); err != nil {
			t.Fatal(err)
		}
		var s soloState
		if err := jsonState(tbl, &s); err != nil {
			t.Fatal(err)
		}
		if len(s.Moves) != cutActions {
			t.Fatalf("seed %d: the playout made %d moves, want %d", seed, len(s.Moves), cutActions)
		}
		for _, m := range s.Moves {
			if m != "quiet" {
				t.Fatalf("seed %d: the playout played %q outside the focus", seed, m)
			}
		}
	}
}
