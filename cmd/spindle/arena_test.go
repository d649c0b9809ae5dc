package main

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/ai"
)

// TestWilson: the interval holds the rate, stays inside [0, 1], keeps a
// width at 0 % and 100 %, and matches the textbook values.
func TestWilson(t *testing.T) {
	cases := []struct {
		rate, n, lo, hi float64
	}{
		{1, 10, 0.722, 1},
		{0, 10, 0, 0.278},
		{0.5, 40, 0.352, 0.648},
		{0.8, 20, 0.584, 0.919},
	}
	for _, c := range cases {
		lo, hi := wilson(c.rate, c.n)
		if math.Abs(lo-c.lo) > 0.001 || math.Abs(hi-c.hi) > 0.001 {
			t.Errorf("wilson(%v, %v) = %.3f–%.3f, want %.3f–%.3f", c.rate, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// TestGreedyPlaysTheBestOnePlyMove: greedy's move is legal and none of the
// other moves is worth more one ply ahead on the same determinization.
func TestGreedyPlaysTheBestOnePlyMove(t *testing.T) {
	cat, err := buildCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	tbl, _, err := cat.New("warpweft", nil, 2, [2]uint64{5, 17})
	if err != nil {
		t.Fatal(err)
	}
	seat := tbl.ToAct()[0]
	legal := tbl.Legal(seat)
	rng := rand.New(rand.NewPCG(1, 2))
	key, err := greedy(tbl, seat, legal, rng)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(legal, func(c games.Choice) bool { return c.Key == key }) {
		t.Fatalf("greedy played %q, not a legal move", key)
	}
	// The same determinization greedy used: the first draw of the same rng.
	d, err := tbl.Determinize(seat, rand.New(rand.NewPCG(1, 2)).Uint64())
	if err != nil {
		t.Fatal(err)
	}
	got, _, _ := ai.OnePly(d, seat, key)
	for _, c := range legal {
		if v, _, _ := ai.OnePly(d, seat, c.Key); v > got+1e-12 {
			t.Fatalf("greedy played %q worth %.4f, but %q is worth %.4f", key, got, c.Key, v)
		}
	}
}

// TestArenaParallelGivesTheSameTotals: games played side by side add up to
// the same table as games played one after another, and a bad --parallel
// is refused.
func TestArenaParallelGivesTheSameTotals(t *testing.T) {
	run := func(args ...string) string {
		t.Helper()
		var out, errs strings.Builder
		if err := runArena(append([]string{"--game", "warpweft", "--players", "greedy,random", "--n", "6", "--seed", "3"}, args...), &out, &errs); err != nil {
			t.Fatalf("arena %v: %v (%s)", args, err, errs.String())
		}
		return out.String()
	}
	one, three := run(), run("--parallel", "3")
	if one != three {
		t.Errorf("one at a time:\n%s\nthree side by side:\n%s", one, three)
	}
	if !strings.Contains(one, "first") {
		t.Errorf("no rates in the arena's output:\n%s", one)
	}
	var out, errs strings.Builder
	if err := runArena([]string{"--parallel", "0"}, &out, &errs); err == nil {
		t.Error("--parallel 0 was accepted")
	}
}
