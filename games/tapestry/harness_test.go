package tapestry

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// TestConformance runs the shared harness at every seat count.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{Seeds: 1, Options: []games.Options{{"civilizations": "standard"}, {"civilizations": "none", "civ_adjustments": "off"}}})
}

// TestPlaythrough records a whole three-player game.
func TestPlaythrough(t *testing.T) {
	gametest.Playthrough(t, Game{}, nil, 3, 1, "testdata/three.golden")
}

// TestLeaksOverManyGames is the redaction-invariance test over many
// random games at 2-5 players.
func TestLeaksOverManyGames(t *testing.T) {
	n := gametest.Scale(3, 40, 400)
	played := gametest.Leaks(t, Game{}, gametest.Config{}, n)
	t.Logf("%d games checked", played)
}

// FuzzConformance is the harness's fuzz target. It plays one to three
// seats: a game of four or five, instrumented for coverage, can take
// longer than the fuzzer allows an input (TestConformance covers them).
func FuzzConformance(f *testing.F) {
	gametest.Fuzz(f, Game{}, gametest.Config{Options: []games.Options{{}}, Seats: []int{1, 2, 3}})
}
