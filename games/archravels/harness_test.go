package archravels

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// optionSets cover both yarn decks, both character modes and a chosen
// first player.
var optionSets = []games.Options{
	{},
	{"yarn_deck": DeckRevised, "characters": CharsChosen},
	{"first_player": "2"},
}

// TestConformance runs the shared harness: every seat count with the
// defaults, and the other option sets at two and four seats. Games run
// several hundred actions and the harness replays the log as it goes, so
// one seed each keeps the package quick; TestLeaksOverManyGames and the
// fuzz target cover many more games.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{Options: optionSets[:1], Seeds: 1})
	gametest.Run(t, Game{}, gametest.Config{Options: optionSets[1:], Seats: []int{2, 4}, Seeds: 1})
}

// TestPlaythrough records a whole three-player game.
func TestPlaythrough(t *testing.T) {
	gametest.Playthrough(t, Game{}, nil, 3, 1, "testdata/three.golden")
}

// FuzzConformance is the harness's fuzz target with every per-step check.
func FuzzConformance(f *testing.F) {
	gametest.Fuzz(f, Game{}, gametest.Config{Options: optionSets})
}
