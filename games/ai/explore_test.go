package ai

import (
	"math/rand/v2"
	"testing"

	"spindle/games"
)

// smoothGame is soloGame judged by a smooth score, as Tapestry's
// evaluator judges: a position whose first move was "quiet" is worth
// 0.52, one whose first move was "end" 0.50. Its exploration constant is
// explore when positive (games.Info.AIExplore).
type smoothGame struct {
	soloGame
	explore float64
}

func (g smoothGame) Info() games.Info {
	i := g.soloGame.Info()
	i.AIExplore = g.explore
	return i
}

func (smoothGame) Evaluate(s *soloState) []float64 {
	if len(s.Moves) > 0 && s.Moves[0] == "quiet" {
		return []float64{0.52}
	}
	return []float64{0.50}
}

// TestExploration: Options.Explore overrides the game's constant, which
// overrides the search's default.
func TestExploration(t *testing.T) {
	for _, c := range []struct {
		game, opt, want float64
	}{
		{0, 0, explore},
		{0.05, 0, 0.05},
		{0.05, 0.3, 0.3},
		{0, 0.3, 0.3},
	} {
		tbl, _, err := games.Bind[soloState, soloAction, soloState](smoothGame{explore: c.game}).New(nil, 1, [2]uint64{1, 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := exploration(tbl, Options{Explore: c.opt}); got != c.want {
			t.Errorf("game %v, option %v: exploration %v, want %v", c.game, c.opt, got, c.want)
		}
	}
}

// TestSmallExplorationFocuses: when the rewards differ by a few hundredths,
// as a smooth evaluator's do, the default constant spends the iterations
// almost evenly on both moves, and a constant near the rewards' spread
// spends most of them on the better one. The choice is the better move
// either way; what changes is how much of the budget the tree below it
// gets.
func TestSmallExplorationFocuses(t *testing.T) {
	tbl, _, err := games.Bind[soloState, soloAction, soloState](smoothGame{}).New(nil, 1, [2]uint64{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	share := func(c float64) float64 {
		root := newNode()
		rng := rand.New(rand.NewPCG(7, 7))
		for range 400 {
			if err := iterate(tbl, 0, root, rng, nil, 1, c); err != nil {
				t.Fatal(err)
			}
		}
		return root.visits[root.index["quiet"]] / root.n
	}
	if s := share(explore); s > 0.7 {
		t.Errorf("default constant: the better move drew %.2f of the visits, want near half", s)
	}
	if s := share(0.05); s < 0.85 {
		t.Errorf("constant 0.05: the better move drew %.2f of the visits, want most", s)
	}
	for _, c := range []float64{explore, 0.05} {
		key, err := Choose(tbl, 0, Normal, Options{Seed: 3, Explore: c})
		if err != nil {
			t.Fatal(err)
		}
		if key != "quiet" {
			t.Errorf("constant %v: chose %q, want quiet", c, key)
		}
	}
}
