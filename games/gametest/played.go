package gametest

import (
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// Played is one random game as the driver logged it: every step, the
// labels of every legal choice met on the way, the prompts of the seats
// that chose, and the result.
type Played struct {
	Steps   []games.Step
	Labels  []string
	Prompts []string
	Result  games.Result
}

// PlayRandom plays one seeded random game of kind through the driver,
// choosing with the game's playout weights when weighted is set. With
// concedeWithin above zero, a random seat concedes at a random point of
// the first concedeWithin actions (if the game lasts that long).
func PlayRandom(t testing.TB, kind games.Kind, opts games.Options, seats int, seed uint64, weighted bool, concedeWithin int) Played {
	t.Helper()
	tab, steps, err := kind.New(opts, seats, [2]uint64{seed, 0x7c})
	if err != nil {
		t.Fatal(err)
	}
	d := dice.Seeded(seed, 0x11e5)
	out := Played{Steps: steps}
	concedeAt := -1
	if concedeWithin > 0 {
		concedeAt = d.IntN(concedeWithin)
	}
	for n := 0; !tab.Over(); n++ {
		if n > kind.Info().MaxActions {
			t.Fatalf("seed %d: no end after %d actions", seed, n)
		}
		if n == concedeAt {
			st, err := tab.Concede(games.Seat(d.IntN(seats)), tab.Version())
			if err != nil {
				t.Fatalf("seed %d: concede: %v", seed, err)
			}
			out.Steps = append(out.Steps, st...)
			continue
		}
		to := tab.ToAct()
		seat := to[d.IntN(len(to))]
		legal := tab.Legal(seat)
		for _, c := range legal {
			out.Labels = append(out.Labels, c.Label)
		}
		out.Prompts = append(out.Prompts, tab.Prompt(seat))
		pick := d.IntN(len(legal))
		if weighted {
			pick = games.PickWeighted(tab.Weights(seat), len(legal), d.IntN)
		}
		st, err := tab.Play(seat, tab.Version(), legal[pick].Key)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		out.Steps = append(out.Steps, st...)
	}
	out.Result, _ = tab.Result()
	return out
}

// RandomGames plays n random games (PlayRandom) for every seat count of
// kind, one in five with a concession within concedePerSeat actions per
// seat, and hands each to check; it returns how many it played.
func RandomGames(t *testing.T, kind games.Kind, opts games.Options, n int, weighted bool, concedePerSeat int, check func(seats int, seed uint64, g Played)) int {
	t.Helper()
	count := 0
	for seats := kind.Info().MinSeats; seats <= kind.Info().MaxSeats; seats++ {
		for i := range n {
			seed := uint64(seats*1000 + i)
			within := 0
			if i%5 == 4 {
				within = concedePerSeat * seats
			}
			check(seats, seed, PlayRandom(t, kind, opts, seats, seed, weighted, within))
			count++
		}
	}
	return count
}
