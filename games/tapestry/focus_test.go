package tapestry

import (
	"fmt"
	"slices"
	"testing"

	"spindle/games/ai"
)

// TestFocusBuilding: on a building's placement the search weighs only the
// weigher's best two plots, the plot closing a row among them, and every
// plot stays legal.
func TestFocusBuilding(t *testing.T) {
	f, row, last := placingToCloseRow(t)
	legal := Game{}.Legal(&f.s, 0)
	idx := Game{}.Focus(&f.s, 0, legal, Game{}.Weights(&f.s, 0, legal))
	if len(idx) != focusKeep["place_building"] || !slices.IsSorted(idx) {
		t.Fatalf("focus %v of %d plots", idx, len(legal))
	}
	closing := fmt.Sprintf("at:%d@%d", last/CitySize, last%CitySize)
	found := false
	for _, k := range idx {
		found = found || legal[k].K == closing
	}
	if !found {
		t.Errorf("focus %v misses the plot %s closing row %d", idx, closing, row)
	}
}

// TestFocusTurn: the turn's own choice (which track, or income) is never
// cut.
func TestFocusTurn(t *testing.T) {
	f := newTable(t, 2)
	f.res(0, 2, 2, 2, 2)
	f.turn(0)
	legal := Game{}.Legal(&f.s, 0)
	if len(legal) < 2 {
		t.Fatalf("%d turn options", len(legal))
	}
	if idx := (Game{}).Focus(&f.s, 0, legal, Game{}.Weights(&f.s, 0, legal)); idx != nil {
		t.Errorf("turn focused to %v", idx)
	}
}

// TestHardIterations: Tapestry raises ai:hard's iteration budget only,
// so that hard's clock rather than its iterations ends most decisions,
// and leaves easy and normal as the levels set them.
func TestHardIterations(t *testing.T) {
	info := Game{}.Info()
	if got := ai.Hard.In(info); got.Iterations <= ai.Hard.Iterations || got.Think != ai.Hard.Think {
		t.Errorf("hard in Tapestry = %+v, want more than %d iterations and the level's Think", got, ai.Hard.Iterations)
	}
	for _, l := range []ai.Level{ai.Easy, ai.Normal} {
		if got := l.In(info); got != l {
			t.Errorf("%s in Tapestry = %+v, want %+v", l.Name, got, l)
		}
	}
}

// TestExploreConstant: Tapestry sets the search's exploration constant
// below the default: its evaluator's rewards lie a few hundredths apart
// (games/ai's TestSmallExplorationFocuses shows what that changes).
func TestExploreConstant(t *testing.T) {
	info := Game{}.Info()
	if c := info.AIExplore; c <= 0 || c >= 0.7 {
		t.Errorf("AIExplore = %v, want a constant between 0 and the default 0.7", c)
	}
}
