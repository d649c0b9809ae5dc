package warpweft

import (
	"testing"

	"spindle/games/gametest"
)

// TestConformance runs the shared harness over every lobby combination:
// extended x excuse, with roles both chosen and random.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{Options: optionSets, Seats: []int{2}, Seeds: 4})
}

// TestPlaythroughBasic records a whole default game.
func TestPlaythroughBasic(t *testing.T) {
	gametest.Playthrough(t, Game{}, nil, 2, 1, "testdata/basic.golden")
}

// TestPlaythroughCourtsExcuse uses a seed whose game places Courts and the
// Excuse, with a non-default suit auto-ignored.
func TestPlaythroughCourtsExcuse(t *testing.T) {
	gametest.Playthrough(t, Game{}, map[string]string{"extended": "courts", "excuse": "on"}, 2, 6, "testdata/courts-excuse.golden")
}

// FuzzConformance is the harness's fuzz target with every per-step check.
func FuzzConformance(f *testing.F) {
	gametest.Fuzz(f, Game{}, gametest.Config{Options: optionSets, Seats: []int{2}})
}
