package ai

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"spindle/games"
)

// Level is a search budget.
type Level struct {
	// Name is shown on the seat: "Spindle AI (hard)".
	Name string
	// Iterations bounds the playouts per decision.
	Iterations int
	// Think bounds the wall time of a decision; callers turn it into
	// Options.Stop (the package reads no clock).
	Think time.Duration
}

// The levels players choose from.
var (
	Easy   = Level{Name: "easy", Iterations: 48, Think: 100 * time.Millisecond}
	Normal = Level{Name: "normal", Iterations: 400, Think: 500 * time.Millisecond}
	Hard   = Level{Name: "hard", Iterations: 2500, Think: 2 * time.Second}
)

// Levels lists the levels from the weakest.
var Levels = []Level{Easy, Normal, Hard}

// ByName returns the level called name ("easy", "normal", "hard").
func ByName(name string) (Level, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// Title is the seat name of an AI of this level: "Spindle AI (hard)".
func (l Level) Title() string { return "Spindle AI (" + l.Name + ")" }

// StopAfter returns an Options.Stop that answers true once the level's
// Think has passed since the call (never, when Think is zero).
func (l Level) StopAfter() func() bool {
	if l.Think <= 0 {
		return nil
	}
	deadline := time.Now().Add(l.Think)
	return func() bool { return time.Now().After(deadline) }
}

// maxPlayoutActions bounds a playout; one that does not end by then
// counts as a draw.
const maxPlayoutActions = 4000

// explore is UCB1's exploration constant.
const explore = 1.2

// ErrNoMove: the seat has no legal move now.
var ErrNoMove = errors.New("ai: the seat has no move")

// Options tune one decision.
type Options struct {
	// Seed makes the search reproducible.
	Seed uint64
	// Stop, when set, is asked before each iteration after the first; a
	// true answer ends the search (the caller's wall-time budget).
	Stop func() bool
}

// Choose returns the key of the move the search prefers for seat at t.
func Choose(t games.Table, seat games.Seat, lvl Level, o Options) (string, error) {
	legal := t.Legal(seat)
	switch len(legal) {
	case 0:
		return "", ErrNoMove
	case 1:
		return legal[0].Key, nil
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0xa1))
	n := len(legal)
	visits := make([]float64, n)
	wins := make([]float64, n)
	iters := max(1, lvl.Iterations)
	for i := range iters {
		if i > 0 && o.Stop != nil && o.Stop() {
			break
		}
		k := pickUCB(visits, wins, float64(i), rng)
		r, err := trial(t, seat, legal[k].Key, rng)
		if err != nil {
			return "", err
		}
		visits[k]++
		wins[k] += r
	}
	best := 0
	for k := range n {
		if visits[k] > visits[best] || (visits[k] == visits[best] && wins[k] > wins[best]) {
			best = k
		}
	}
	return legal[best].Key, nil
}

// pickUCB returns the arm to try: an untried one first (at random), else
// the one with the best upper confidence bound.
func pickUCB(visits, wins []float64, total float64, rng *rand.Rand) int {
	var untried []int
	for k, v := range visits {
		if v == 0 {
			untried = append(untried, k)
		}
	}
	if len(untried) > 0 {
		return untried[rng.IntN(len(untried))]
	}
	best, bestV := 0, math.Inf(-1)
	for k := range visits {
		v := wins[k]/visits[k] + explore*math.Sqrt(math.Log(total)/visits[k])
		if v > bestV {
			best, bestV = k, v
		}
	}
	return best
}

// trial plays key for seat on a fresh determinization of t and finishes
// the game at random; it returns seat's reward.
func trial(t games.Table, seat games.Seat, key string, rng *rand.Rand) (float64, error) {
	d, err := t.Determinize(seat, rng.Uint64())
	if err != nil {
		return 0, fmt.Errorf("ai: %w", err)
	}
	if _, err := d.Play(seat, d.Version(), key); err != nil {
		// The move is legal for seat whatever the hidden zones hold
		// (legal moves depend only on what seat knows); an engine that
		// disagrees makes the move worthless rather than the search fail.
		return 0, nil
	}
	return Playout(d, seat, rng)
}

// Playout finishes the game on d (which it changes) with random moves
// weighted by the game's Weigher, and returns seat's reward.
func Playout(d games.Table, seat games.Seat, rng *rand.Rand) (float64, error) {
	for range maxPlayoutActions {
		if r, over := d.Result(); over {
			return Reward(r, seat, d.Seats()), nil
		}
		var movers []games.Seat
		for _, s := range d.ToAct() {
			if s >= 0 {
				movers = append(movers, s)
			}
		}
		if len(movers) == 0 {
			if _, err := d.Resolve(); err != nil {
				return 0, fmt.Errorf("ai: playout: %w", err)
			}
			continue
		}
		s := movers[rng.IntN(len(movers))]
		legal := d.Legal(s)
		if len(legal) == 0 {
			return 0.5, nil
		}
		key := legal[games.PickWeighted(d.Weights(s), len(legal), rng.IntN)].Key
		if _, err := d.Play(s, d.Version(), key); err != nil {
			return 0, fmt.Errorf("ai: playout: %w", err)
		}
	}
	return 0.5, nil
}

// Reward is seat's share of a finished game in [0, 1]: 1 for first and 0
// for last by rank (ties shared), nine tenths of it, and a tenth for the
// score margin over the best other seat.
func Reward(r games.Result, seat games.Seat, seats int) float64 {
	if r.Draw || int(seat) >= len(r.Ranks) {
		return 0.5
	}
	rank := 1.0
	if seats > 1 {
		rank = float64(seats-r.Ranks[seat]) / float64(seats-1)
	}
	margin := 0.5
	if int(seat) < len(r.Scores) && len(r.Scores) > 1 {
		mine, other := float64(r.Scores[seat]), math.Inf(-1)
		for s, v := range r.Scores {
			if s != int(seat) {
				other = math.Max(other, float64(v))
			}
		}
		margin = 0.5 + 0.5*math.Tanh((mine-other)/10)
	}
	return 0.9*math.Max(0, math.Min(1, rank)) + 0.1*margin
}
