package threadcount

import (
	"testing"

	"spindle/games/gametest"
)

// TestLeaksOverManyGames is the redaction-invariance test alone over
// thousands of random games: resampling what a seat cannot see never
// changes its view or its legal moves.
func TestLeaksOverManyGames(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 20
	}
	played := gametest.Leaks(t, Game{}, gametest.Config{}, n)
	t.Logf("%d games checked", played)
}
