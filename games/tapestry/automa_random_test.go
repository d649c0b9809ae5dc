package tapestry

import (
	"fmt"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
	"spindle/games/internal/dice"
)

// playSolo plays one random solo game at level through the Game API and
// returns its final state.
func playSolo(t testing.TB, level int, seed uint64) State {
	t.Helper()
	g := Game{}
	opts, err := g.Info().Normalize(games.Options{"automa_level": fmt.Sprint(level)})
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.Seeded(seed, 77)
	for step := 0; ; step++ {
		to := g.ToAct(&s)
		if len(to) == 0 {
			return s
		}
		if step > g.Info().MaxActions {
			t.Fatalf("level %d seed %d: no end after %d actions", level, seed, step)
		}
		var a Action
		if to[0] == games.Chance {
			a = g.Sample(&s, d)
		} else {
			if to[0] != 0 {
				t.Fatalf("level %d seed %d: seat %d is asked %s", level, seed, to[0], s.Ask.Kind)
			}
			l := g.Legal(&s, to[0])
			a = l[d.IntN(len(l))]
		}
		if _, err := g.Apply(&s, to[0], a); err != nil {
			t.Fatalf("level %d seed %d step %d: %v", level, seed, step, err)
		}
	}
}

// TestSoloRandomGamesEnd: random solo games reach the end at every level
// (200 each under SPINDLE_SOAK=1).
func TestSoloRandomGamesEnd(t *testing.T) {
	n := gametest.Scale(2, 12, 200)
	for level := 1; level <= 6; level++ {
		wins := 0
		for seed := range uint64(n) {
			s := playSolo(t, level, seed)
			r, ok := Game{}.Result(&s)
			if !ok || len(r.Ranks) != 1 {
				t.Fatalf("level %d seed %d: result %+v", level, seed, r)
			}
			if r.Ranks[0] == 1 && !r.Draw {
				wins++
			}
			if !s.Players[Automa].Done || !s.Players[Shadow].Done || s.Players[Automa].Era != 5 {
				t.Fatalf("level %d seed %d: the bots did not finish", level, seed)
			}
		}
		t.Logf("level %d: the random player won %d of %d", level, wins, n)
	}
}

// TestSoloConformance runs the shared harness on solo games at every level.
func TestSoloConformance(t *testing.T) {
	var opts []games.Options
	for level := 1; level <= 6; level++ {
		opts = append(opts, games.Options{"automa_level": fmt.Sprint(level)})
	}
	gametest.Run(t, Game{}, gametest.Config{Seats: []int{1}, Options: opts, Seeds: 1})
}

// TestSoloLeaks is the redaction-invariance test on solo games at every
// level: the decision deck's order and split, the progress deck and the
// Automa's trap stock never show in a view.
func TestSoloLeaks(t *testing.T) {
	var opts []games.Options
	for level := 1; level <= 6; level++ {
		opts = append(opts, games.Options{"automa_level": fmt.Sprint(level)})
	}
	n := gametest.Scale(1, 4, 40)
	played := gametest.Leaks(t, Game{}, gametest.Config{Seats: []int{1}, Options: opts}, n)
	t.Logf("%d solo games checked", played)
}
