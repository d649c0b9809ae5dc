package ai_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/ai"
	"spindle/games/archravels"
	"spindle/games/gametest/toy"
	"spindle/games/stitchcraft"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

func catalog(t testing.TB) *games.Catalog {
	t.Helper()
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}),
		games.Bind(stitchcraft.Game{}), games.Bind(archravels.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// midGame opens game with seats and plays random moves until about the
// given number of actions were played; it returns the table and the seat
// to act.
func midGame(t testing.TB, cat *games.Catalog, game string, seats, actions int, seed uint64) (games.Table, games.Seat) {
	t.Helper()
	tbl, _, err := cat.New(game, nil, seats, [2]uint64{seed, 3})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	for i := 0; ; i++ {
		var movers []games.Seat
		for _, s := range tbl.ToAct() {
			if s >= 0 {
				movers = append(movers, s)
			}
		}
		if len(movers) == 0 {
			t.Fatalf("%s ended before the test could ask for a move", game)
		}
		s := movers[rng.IntN(len(movers))]
		if i >= actions && len(tbl.Legal(s)) > 1 {
			return tbl, s
		}
		legal := tbl.Legal(s)
		key := legal[games.PickWeighted(tbl.Weights(s), len(legal), rng.IntN)].Key
		if _, err := tbl.Play(s, tbl.Version(), key); err != nil {
			t.Fatal(err)
		}
	}
}

// everyGame is each game of the catalog with a seat count to test it at.
var everyGame = []struct {
	game  string
	seats int
}{{"warpweft", 2}, {"threadcount", 3}, {"stitchcraft", 2}, {"archravels", 3}}

// TestChooseEveryGame: in every game the search answers a legal move, the
// same one for the same seed, and leaves the table as it was.
func TestChooseEveryGame(t *testing.T) {
	cat := catalog(t)
	for _, c := range everyGame {
		t.Run(c.game, func(t *testing.T) {
			tbl, seat := midGame(t, cat, c.game, c.seats, 12, 1)
			before, _ := tbl.StateJSON()
			lvl := ai.Level{Name: "test", Iterations: 24}
			a, err := ai.Choose(tbl, seat, lvl, ai.Options{Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			b, err := ai.Choose(tbl, seat, lvl, ai.Options{Seed: 7})
			if err != nil || a != b {
				t.Fatalf("two searches with one seed chose %q and %q (%v)", a, b, err)
			}
			if !slices.ContainsFunc(tbl.Legal(seat), func(ch games.Choice) bool { return ch.Key == a }) {
				t.Fatalf("the search chose %q, not a legal move", a)
			}
			if after, _ := tbl.StateJSON(); string(after) != string(before) {
				t.Fatal("the search changed the table")
			}
		})
	}
}

// TestChoiceIgnoresHiddenZones: the search reads only what its seat may
// know: with the zones hidden from the seat rebuilt at random (and the
// future deals), its choice is the same.
func TestChoiceIgnoresHiddenZones(t *testing.T) {
	cat := catalog(t)
	for _, c := range everyGame {
		t.Run(c.game, func(t *testing.T) {
			tbl, seat := midGame(t, cat, c.game, c.seats, 10, 2)
			lvl := ai.Level{Name: "test", Iterations: 24}
			want, err := ai.Choose(tbl, seat, lvl, ai.Options{Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			for x := range uint64(3) {
				other, err := tbl.Determinize(seat, 1000+x)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ai.Choose(other, seat, lvl, ai.Options{Seed: 11})
				if err != nil || got != want {
					t.Fatalf("with the hidden zones resampled the search chose %q, not %q (%v)", got, want, err)
				}
			}
		})
	}
}

// TestSearchBeatsRandom: a small search wins most two-player games of
// Warp and Weft against random play, taking both roles.
func TestSearchBeatsRandom(t *testing.T) {
	cat := catalog(t)
	games_, wins := 6, 0.0
	if testing.Short() {
		games_ = 2
	}
	for g := range games_ {
		tbl, _, err := cat.New("warpweft", nil, 2, [2]uint64{uint64(g), 9})
		if err != nil {
			t.Fatal(err)
		}
		me := games.Seat(g % 2)
		rng := rand.New(rand.NewPCG(uint64(g), 1))
		for n := 0; !tbl.Over(); n++ {
			s := tbl.ToAct()[0]
			var key string
			if s == me {
				if key, err = ai.Choose(tbl, s, ai.Level{Iterations: 60}, ai.Options{Seed: uint64(n)}); err != nil {
					t.Fatal(err)
				}
			} else {
				legal := tbl.Legal(s)
				key = legal[rng.IntN(len(legal))].Key
			}
			if _, err := tbl.Play(s, tbl.Version(), key); err != nil {
				t.Fatal(err)
			}
		}
		r, _ := tbl.Result()
		wins += ai.Reward(r, me, 2)
	}
	if wins < 0.7*float64(games_) {
		t.Fatalf("the search won %.1f of %d games against random play", wins, games_)
	}
	t.Logf("search vs random: %.1f of %d", wins, games_)
}

// TestChooseWithoutEvaluator: a game with no evaluator and no Weigher (the
// harness's toy) is searched with playouts to the end, and the answer is
// still a legal move, the same for the same seed.
func TestChooseWithoutEvaluator(t *testing.T) {
	tbl, _, err := games.Bind(toy.Game{}).New(nil, 3, [2]uint64{4, 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tbl.Evaluate(); ok {
		t.Fatal("the toy has an evaluator; this test needs a game without one")
	}
	seat := tbl.ToAct()[0]
	lvl := ai.Level{Name: "test", Iterations: 40}
	a, err := ai.Choose(tbl, seat, lvl, ai.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ai.Choose(tbl, seat, lvl, ai.Options{Seed: 3})
	if a != b || !slices.ContainsFunc(tbl.Legal(seat), func(c games.Choice) bool { return c.Key == a }) {
		t.Fatalf("chose %q then %q; legal %v", a, b, tbl.Legal(seat))
	}
}

// budgeted is a table whose game sets its own iteration budget for a
// level (games.Info.AIIterations).
type budgeted struct {
	games.Table
	budget map[string]int
}

func (b budgeted) Info() games.Info {
	i := b.Table.Info()
	i.AIIterations = b.budget
	return i
}

// TestChooseUsesTheGamesBudget: a game's own iteration budget for a level
// bounds the search in place of the level's.
func TestChooseUsesTheGamesBudget(t *testing.T) {
	cat := catalog(t)
	tbl, seat := midGame(t, cat, "warpweft", 2, 6, 1)
	asked := func(budget map[string]int) int {
		n := 0
		stop := func() bool { n++; return false }
		if _, err := ai.Choose(budgeted{tbl, budget}, seat, ai.Normal, ai.Options{Seed: 1, Stop: stop}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	few, own, other := asked(map[string]int{"normal": 3}), asked(nil), asked(map[string]int{"hard": 3})
	if few >= own {
		t.Errorf("with 3 iterations the search asked Stop %d times, with the level's %d: %d", few, ai.Normal.Iterations, own)
	}
	if other != own {
		t.Errorf("a budget for hard changed normal's search: %d Stop calls, want %d", other, own)
	}
}
