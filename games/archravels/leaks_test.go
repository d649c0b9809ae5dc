package archravels

import (
	"testing"

	"spindle/games/gametest"
)

// TestLeaksOverManyGames is the redaction-invariance test alone over
// thousands of random games: resampling the decks' hidden contents never
// changes any seat's view or legal moves.
func TestLeaksOverManyGames(t *testing.T) {
	// A sample in the everyday run; thousands of games with SPINDLE_SOAK=1.
	n := gametest.Scale(5, 60, 300)
	played := gametest.Leaks(t, Game{}, gametest.Config{Options: optionSets}, n)
	t.Logf("%d games checked", played)
}
