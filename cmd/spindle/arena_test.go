package main

import (
	"context"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
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
		if err := runArena(context.Background(), append([]string{"--game", "warpweft", "--players", "greedy,random", "--n", "6", "--seed", "3"}, args...), &out, &errs); err != nil {
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
	if err := runArena(context.Background(), []string{"--parallel", "0"}, &out, &errs); err == nil {
		t.Error("--parallel 0 was accepted")
	}
}

// TestArenaReportsEachGame: the arena writes a line for every game as it
// finishes, in a two-seat game and in a solo one, and the last line's
// running total is the rate it prints at the end.
func TestArenaReportsEachGame(t *testing.T) {
	for _, tc := range []struct {
		args []string
		n    int
		what *regexp.Regexp
	}{
		{[]string{"--game", "warpweft", "--players", "greedy,random", "--n", "4", "--seed", "3", "--parallel", "2"}, 4,
			regexp.MustCompile(`ranks by player [12], [12] \(points -?\d+, -?\d+\); `)},
		{[]string{"--game", "tapestry", "--players", "random", "--n", "2", "--seed", "5"}, 2,
			regexp.MustCompile(`player 1 random (won|lost|drew) with \d+ points against \d+; `)},
	} {
		var out, errs strings.Builder
		if err := runArena(context.Background(), tc.args, &out, &errs); err != nil {
			t.Fatalf("arena %v: %v (%s)", tc.args, err, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(errs.String()), "\n")
		if len(lines) != tc.n {
			t.Fatalf("arena %v wrote %d progress lines, want %d:\n%s", tc.args, len(lines), tc.n, errs.String())
		}
		seen := map[string]bool{}
		for i, l := range lines {
			m := regexp.MustCompile(`^arena: game (\d+) of \d+ \(seed \d+\), (\d+) finished: `).FindStringSubmatch(l)
			if m == nil || m[2] != strconv.Itoa(i+1) || !tc.what.MatchString(l) {
				t.Errorf("progress line %d: %q", i+1, l)
				continue
			}
			seen[m[1]] = true
		}
		if len(seen) != tc.n {
			t.Errorf("games reported: %v, want %d different ones", seen, tc.n)
		}
		total := regexp.MustCompile(`first in ([0-9.]+) of \d+ so far$`).FindStringSubmatch(lines[len(lines)-1])
		rate := regexp.MustCompile(`(?:first|wins) +([0-9.]+)%`).FindStringSubmatch(out.String())
		if total == nil || rate == nil {
			t.Fatalf("no running total or no rate:\n%s\n%s", errs.String(), out.String())
		}
		got, _ := strconv.ParseFloat(total[1], 64)
		want, _ := strconv.ParseFloat(rate[1], 64)
		if math.Abs(100*got/float64(tc.n)-want) > 0.05 {
			t.Errorf("running total %v of %d, but the rate printed is %v%%", got, tc.n, want)
		}
		checkAgainst(t, lines, out.String())
	}
}

// checkAgainst checks a solo run's summary of the game's own score: the
// mean of the scores the progress lines give against the player, and the
// player's mean margin over it. A run without them prints neither.
func checkAgainst(t *testing.T, lines []string, out string) {
	t.Helper()
	sum := regexp.MustCompile(`the game's own side: mean score ([0-9.]+), margin ([-+][0-9.]+)`).FindStringSubmatch(out)
	against := regexp.MustCompile(`with (\d+) points against (\d+);`)
	var mine, theirs float64
	n := 0
	for _, l := range lines {
		m := against.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[2], 64)
		mine, theirs, n = mine+a, theirs+b, n+1
	}
	if n == 0 {
		if sum != nil {
			t.Errorf("no game reported the game's score, but the summary has %q", sum[0])
		}
		return
	}
	if n != len(lines) || sum == nil {
		t.Fatalf("%d of %d games reported the game's score; summary:\n%s", n, len(lines), out)
	}
	mean, _ := strconv.ParseFloat(sum[1], 64)
	margin, _ := strconv.ParseFloat(sum[2], 64)
	if math.Abs(mean-theirs/float64(n)) > 0.05 || math.Abs(margin-(mine-theirs)/float64(n)) > 0.05 {
		t.Errorf("summary %q, want mean %.1f and margin %+.1f", sum[0], theirs/float64(n), (mine-theirs)/float64(n))
	}
}

// cancelOnWrite cancels a context at its first write: a stop that comes
// once the first game is reported.
type cancelOnWrite struct {
	strings.Builder
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Builder.Write(p)
}

// TestArenaStops checks that a stop (the context a signal cancels) deals
// no more games: the games under way finish and the summary counts the
// games played, and a stop before the first game is an error.
func TestArenaStops(t *testing.T) {
	args := []string{"--game", "warpweft", "--players", "greedy,random", "--n", "8", "--seed", "3"}
	ctx, cancel := context.WithCancel(context.Background())
	errs := &cancelOnWrite{cancel: cancel}
	var out strings.Builder
	if err := runArena(ctx, args, &out, errs); err != nil {
		t.Fatalf("arena stopped after a game: %v", err)
	}
	m := regexp.MustCompile(`arena: stopped after (\d+) of 8 games`).FindStringSubmatch(errs.String())
	if m == nil || m[1] == "8" || m[1] == "0" {
		t.Fatalf("no stop reported after the first game:\n%s", errs.String())
	}
	if !strings.Contains(out.String(), m[1]+" games, seats rotated") {
		t.Errorf("the summary does not count the %s games played:\n%s", m[1], out.String())
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	if err := runArena(done, args, &out, &strings.Builder{}); err == nil {
		t.Error("an arena stopped before its first game reported no error")
	}
}
