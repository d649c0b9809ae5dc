package ai

import (
	"testing"

	"spindle/games"
)

// TestEarlyStop: the search stops early only when the leading move cannot
// be caught (settled) or has drawn most visits, thrice any other
// (dominant).
func TestEarlyStop(t *testing.T) {
	cases := []struct {
		name      string
		visits    []float64
		remaining int
		settled   bool
		dominant  bool
	}{
		{"no visits yet", []float64{0, 0, 0}, 10, false, false},
		{"a lead the rest could close", []float64{30, 25, 5}, 10, false, false},
		{"a lead beyond the rest", []float64{40, 25, 5}, 10, true, false},
		{"a tie at the top never settles", []float64{40, 40}, 0, false, false},
		{"most visits and thrice the next", []float64{60, 20, 10}, 1000, false, true},
		{"most visits but not thrice the next", []float64{60, 21, 10}, 1000, false, false},
		{"too few visits to judge", []float64{30, 5, 5}, 1000, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := settled(c.visits, c.remaining); got != c.settled {
				t.Errorf("settled = %v, want %v", got, c.settled)
			}
			if got := dominant(c.visits); got != c.dominant {
				t.Errorf("dominant = %v, want %v", got, c.dominant)
			}
		})
	}
}

// TestReward: the rank part is the share of other seats beaten, a tie
// counting half, so that losers who share a rank are not rewarded as if
// they had come second.
func TestReward(t *testing.T) {
	cases := []struct {
		name  string
		ranks []int
		seat  int
		draw  bool
		want  float64
	}{
		{"lone first of two", []int{1, 2}, 0, false, 0.9 + 0.05},
		{"lone last of two", []int{1, 2}, 1, false, 0.05},
		{"second of three", []int{2, 1, 3}, 0, false, 0.45 + 0.05},
		{"one of three losers sharing rank 2", []int{1, 2, 2, 2}, 2, false, 0.9/3 + 0.05},
		{"winner over three who share rank 2", []int{1, 2, 2, 2}, 0, false, 0.9 + 0.05},
		{"one of three in a full draw", []int{1, 1, 1}, 2, true, 0.45 + 0.05},
		{"survivor of a draw among survivors", []int{1, 1, 2}, 0, true, 0.9*0.75 + 0.05},
		{"eliminated from a draw among survivors", []int{1, 1, 2}, 2, true, 0.05},
		{"solo win against the game", []int{1}, 0, false, 0.9 + 0.05},
		{"solo loss against the game", []int{2}, 0, false, 0.05},
		{"solo shared win", []int{1}, 0, true, 0.45 + 0.05},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Reward(games.Result{Ranks: c.ranks, Draw: c.draw}, games.Seat(c.seat), len(c.ranks))
			if d := got - c.want; d > 1e-9 || d < -1e-9 {
				t.Fatalf("Reward = %.4f, want %.4f", got, c.want)
			}
		})
	}
}

// TestLevelIn: a game's own iteration budget replaces the level's, for
// the levels it names only, and never the level's wall time.
func TestLevelIn(t *testing.T) {
	info := games.Info{ID: "x", AIIterations: map[string]int{"hard": 9000, "easy": 0}}
	if got := Hard.In(info); got.Iterations != 9000 || got.Think != Hard.Think || got.Name != "hard" {
		t.Errorf("Hard.In = %+v, want 9000 iterations and Hard's Think", got)
	}
	if got := Normal.In(info); got != Normal {
		t.Errorf("Normal.In = %+v, want Normal unchanged", got)
	}
	if got := Easy.In(info); got != Easy {
		t.Errorf("Easy.In with a zero budget = %+v, want Easy unchanged", got)
	}
	if got := Hard.In(games.Info{ID: "y"}); got != Hard {
		t.Errorf("Hard.In without AIIterations = %+v, want Hard unchanged", got)
	}
}
