package stitchcraft

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// TestLeaksOverManyGames is the redaction-invariance test alone over
// thousands of random games across every mode and Pattern: resampling what
// a seat cannot see never changes its view or its legal moves.
func TestLeaksOverManyGames(t *testing.T) {
	// A sample in the everyday run; thousands of games with SPINDLE_SOAK=1.
	n := gametest.Scale(2, 16, 80)
	played := 0
	for _, m := range Modes {
		var sets []games.Options
		for _, p := range Patterns {
			sets = append(sets, games.Options{"mode": string(m), "pattern": string(p)})
			if m.Roles() {
				sets = append(sets, games.Options{"mode": string(m), "pattern": string(p), "roles": RolesTeam})
			}
		}
		played += gametest.Leaks(t, Game{}, gametest.Config{Options: sets, Seats: modeSeats[m]}, n)
	}
	t.Logf("%d games checked", played)
}
