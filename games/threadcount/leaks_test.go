package threadcount

import (
	"testing"

	"spindle/games/gametest"
)

// TestLeaksOverManyGames is the redaction-invariance test alone over
// thousands of random games: resampling what a seat cannot see never
// changes its view or its legal moves.
func TestLeaksOverManyGames(t *testing.T) {
	// A sample in the everyday run; thousands of games with SPINDLE_SOAK=1.
	n := gametest.Scale(20, 100, 500)
	played := gametest.Leaks(t, Game{}, gametest.Config{}, n)
	t.Logf("%d games checked", played)
}
