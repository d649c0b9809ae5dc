package gametest

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// Leaks is the redaction-invariance test on its own, cheap enough for
// thousands of random games: at every step of n seeded playouts per option
// set and seat count it resamples everything hidden from each seat (and
// from the spectator) and checks that the seat's view and legal keys do not
// change. Run performs the same check among many others on fewer games.
// It returns the number of games played and logs the resamples made.
func Leaks[S any, A games.Action, V any](t *testing.T, g games.Game[S, A, V], cfg Config, n int) int {
	t.Helper()
	rs, ok := any(g).(games.Resampler[S])
	if !ok {
		t.Fatalf("%s has no Resampler", g.Info().ID)
	}
	sets, seats, _, err := plan(g.Info(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	played, resamples := 0, 0
	for _, set := range sets {
		for _, ns := range seats {
			for seed := range uint64(n) {
				steps, err := leakGame(g, rs, set.opts, ns, seed)
				if err != nil {
					t.Fatalf("%s, %s, %d seats, seed %d: %v", g.Info().ID, optionsName(set.opts), ns, seed, err)
				}
				played, resamples = played+1, resamples+steps
			}
		}
	}
	t.Logf("%s: %d games, %d resamples", g.Info().ID, played, resamples)
	return played
}

// leakGame plays one seeded game, resampling at every step; it returns
// the number of resamples.
func leakGame[S any, A games.Action, V any](g games.Game[S, A, V], rs games.Resampler[S], opts games.Options, seats int, seed uint64) (int, error) {
	info := g.Info()
	norm, err := info.Normalize(opts)
	if err != nil {
		return 0, err
	}
	s, err := g.New(norm, seats)
	if err != nil {
		return 0, err
	}
	d := dice.Seeded(seed, 0x1ea4)
	viewers := []games.Seat{games.Spectator}
	for i := range seats {
		viewers = append(viewers, games.Seat(i))
	}
	for step := 0; ; step++ {
		toAct := g.ToAct(&s)
		if len(toAct) == 0 {
			return step, nil
		}
		if step > info.MaxActions {
			return step, fmt.Errorf("no end after %d actions", step)
		}
		// One viewer per step, in rotation, keeps thousands of games fast.
		v := viewers[step%len(viewers)]
		before, keys := seen(g, &s, v)
		r := rs.Resample(&s, v, d)
		after, keys2 := seen(g, &r, v)
		if before != after {
			return step, fmt.Errorf("step %d: resampling what %s cannot see changed its view", step, v)
		}
		if !slices.Equal(keys, keys2) {
			return step, fmt.Errorf("step %d: resampling what %s cannot see changed its legal moves", step, v)
		}
		seat := toAct[d.IntN(len(toAct))]
		var a A
		if seat == games.Chance {
			a = g.Sample(&s, d)
		} else {
			legal := g.Legal(&s, seat)
			var weights []int
			if w, ok := any(g).(games.Weigher[S, A]); ok {
				weights = w.Weights(&s, seat, legal)
			}
			a = legal[games.PickWeighted(weights, len(legal), d.IntN)]
		}
		if _, err := g.Apply(&s, seat, a); err != nil {
			return step, fmt.Errorf("step %d: %w", step, err)
		}
	}
}

func seen[S any, A games.Action, V any](g games.Game[S, A, V], s *S, v games.Seat) (string, []string) {
	b, _ := json.Marshal(g.View(s, v))
	var keys []string
	for _, a := range g.Legal(s, v) {
		keys = append(keys, a.Key())
	}
	return string(b), keys
}
