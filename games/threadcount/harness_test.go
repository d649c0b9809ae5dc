package threadcount

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// optionSets are both seating options.
var optionSets = []games.Options{{"seating": SeatingJoin}, {"seating": SeatingRandom}}

// TestConformance runs the shared harness for every seat count and both
// seating options; the longer four- and five-seat games get one seed each
// to keep the package's tests quick.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{Options: optionSets, Seats: []int{2, 3}, Seeds: 2})
	gametest.Run(t, Game{}, gametest.Config{Options: optionSets, Seats: []int{4, 5}, Seeds: 1})
}

// TestPlaythrough records a whole three-player game.
func TestPlaythrough(t *testing.T) {
	gametest.Playthrough(t, Game{}, nil, 3, 1, "testdata/three.golden")
}

// FuzzConformance is the harness's fuzz target with every per-step check.
func FuzzConformance(f *testing.F) {
	gametest.Fuzz(f, Game{}, gametest.Config{Options: optionSets})
}
