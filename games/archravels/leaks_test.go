package archravels

import (
	"testing"

	"spindle/games/gametest"
)

// TestLeaksOverManyGames is the redaction-invariance test alone over
// thousands of random games: resampling the decks' hidden contents never
// changes any seat's view or legal moves.
func TestLeaksOverManyGames(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 20
	}
	played := gametest.Leaks(t, Game{}, gametest.Config{Options: optionSets}, n)
	t.Logf("%d games checked", played)
}
