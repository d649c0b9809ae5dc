package tapestry

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
	"spindle/games/internal/dice"
)

// BenchmarkWholeGame plays one whole three-player game per iteration on
// the engine alone (uniform random choices, chance sampled) and reports
// the cost per action.
func BenchmarkWholeGame(b *testing.B) {
	g := Game{}
	actions := 0
	for i := 0; b.Loop(); i++ {
		s, err := g.New(games.Options{"civilizations": "none"}, 3)
		if err != nil {
			b.Fatal(err)
		}
		d := dice.Seeded(uint64(i), 9)
		for {
			to := g.ToAct(&s)
			if len(to) == 0 {
				break
			}
			var a Action
			if to[0] == games.Chance {
				a = g.Sample(&s, d)
			} else {
				l := g.Legal(&s, to[0])
				a = l[d.IntN(len(l))]
			}
			if _, err := g.Apply(&s, to[0], a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(actions), "µs/action")
}

// BenchmarkDriverGame plays one whole random 3-seat game per iteration
// through the driver, as a playout would.
func BenchmarkDriverGame(b *testing.B) { gametest.BenchGames(b, Game{}, nil, 3) }

// BenchmarkDriverPlay measures one driver Play (an action and the chance
// steps after it) in random 3-seat games.
func BenchmarkDriverPlay(b *testing.B) { gametest.BenchPlay(b, Game{}, nil, 3) }
