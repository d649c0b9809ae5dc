package archravels

import (
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// BenchmarkWholeGame plays one whole three-player game per iteration on
// the engine alone (weighted random choices, chance sampled), and reports
// the cost per action.
func BenchmarkWholeGame(b *testing.B) {
	g := Game{}
	actions := 0
	for i := 0; b.Loop(); i++ {
		s, err := g.New(nil, 3)
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
				a = l[games.PickWeighted(g.Weights(&s, to[0], l), len(l), d.IntN)]
			}
			if _, err := g.Apply(&s, to[0], a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(actions), "µs/action")
}
