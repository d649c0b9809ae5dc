package gametest

import (
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// benchSalt seeds the choice stream of the benchmarks' random games.
const benchSalt = 0x62656e6368 // "bench"

// move is one player action of a recorded game.
type move struct {
	seat games.Seat
	key  string
}

// randomGame plays one whole random game through the driver (choices
// weighted when the game is a games.Weigher) and returns the table's seed
// and its player actions, so a benchmark can play it again.
func randomGame(kind games.Kind, opts games.Options, seats int, seed uint64) ([2]uint64, []move, error) {
	tseed := [2]uint64{seed, tableSalt}
	tab, _, err := kind.New(opts, seats, tseed)
	if err != nil {
		return tseed, nil, err
	}
	d := dice.Seeded(seed, benchSalt)
	var moves []move
	for !tab.Over() {
		to := tab.ToAct()
		seat := to[d.IntN(len(to))]
		legal := tab.Legal(seat)
		k := legal[games.PickWeighted(tab.Weights(seat), len(legal), d.IntN)].Key
		if _, err := tab.Play(seat, tab.Version(), k); err != nil {
			return tseed, nil, err
		}
		moves = append(moves, move{seat, k})
	}
	return tseed, moves, nil
}

// BenchGames plays one whole random game per iteration through the
// driver, as a playout would: ToAct, Legal, Weights and Play at every
// decision, a new seed each time. It reports allocations and the cost per
// played action.
func BenchGames[S any, A games.Action, V any](b *testing.B, g games.Game[S, A, V], opts games.Options, seats int) {
	b.Helper()
	kind := games.Bind(g)
	b.ReportAllocs()
	actions := 0
	for i := uint64(0); b.Loop(); i++ {
		_, moves, err := randomGame(kind, opts, seats, i)
		if err != nil {
			b.Fatal(err)
		}
		actions += len(moves)
	}
	if actions > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(actions), "µs/action")
	}
}

// BenchPlay measures one driver Play per iteration (the action and the
// chance steps after it), replaying the actions of a few recorded random
// games in turn; setting up a new table between games is not timed. It
// reports allocations.
func BenchPlay[S any, A games.Action, V any](b *testing.B, g games.Game[S, A, V], opts games.Options, seats int) {
	b.Helper()
	kind := games.Bind(g)
	type game struct {
		seed  [2]uint64
		moves []move
	}
	var recorded []game
	for i := range uint64(4) {
		seed, moves, err := randomGame(kind, opts, seats, i)
		if err != nil {
			b.Fatal(err)
		}
		recorded = append(recorded, game{seed, moves})
	}
	var tab games.Table
	var cur game
	next, at := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		if tab == nil || at == len(cur.moves) {
			b.StopTimer()
			cur = recorded[next%len(recorded)]
			next++
			t, _, err := kind.New(opts, seats, cur.seed)
			if err != nil {
				b.Fatal(err)
			}
			tab, at = t, 0
			b.StartTimer()
		}
		m := cur.moves[at]
		if _, err := tab.Play(m.seat, tab.Version(), m.key); err != nil {
			b.Fatal(err)
		}
		at++
	}
}
