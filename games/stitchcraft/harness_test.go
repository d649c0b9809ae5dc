package stitchcraft

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// modeSeats are the seat counts covered per mode by the conformance run.
var modeSeats = map[Mode][]int{
	Duel: {2}, FFA: {3}, LeanLeft: {6}, LeanRight: {5}, Crowd: {4},
	Apprentice: {4}, Spymaster: {4}, Guilds: {4}, Monopoly: {4}, Consortium: {4},
}

// TestConformance runs the shared harness over every mode and Pattern,
// with seat counts 2 to 6 spread over the modes to keep the run short.
func TestConformance(t *testing.T) {
	for _, m := range Modes {
		var sets []games.Options
		for _, p := range Patterns {
			o := games.Options{"mode": string(m), "pattern": string(p)}
			if m == Consortium && p == Loom {
				o["hard"] = "on"
			}
			if m.Roles() && p == Attrition {
				o["roles"] = RolesChosen
			}
			if m.Roles() && p == Racketeering {
				o["roles"] = RolesTeam
			}
			sets = append(sets, o)
		}
		seeds := 1
		if m == Duel {
			seeds = 5 // seed 4 plays a random concession
		}
		gametest.Run(t, Game{}, gametest.Config{Options: sets, Seats: modeSeats[m], Seeds: seeds})
	}
}

// TestPlaythroughDuel records a whole Loom Duel.
func TestPlaythroughDuel(t *testing.T) {
	gametest.Playthrough(t, Game{}, nil, 2, 1, "testdata/duel.golden")
}

// TestPlaythroughFFA records a Crowd Favorite game of three under Attrition.
func TestPlaythroughFFA(t *testing.T) {
	gametest.Playthrough(t, Game{}, games.Options{"mode": "crowd", "pattern": "attrition"}, 3, 2, "testdata/ffa.golden")
}

// TestPlaythroughTeams records a Spymaster game under Racketeering.
func TestPlaythroughTeams(t *testing.T) {
	gametest.Playthrough(t, Game{}, games.Options{"mode": "spymaster", "pattern": "racketeering"}, 4, 3, "testdata/teams.golden")
}

// TestPlaythroughConsortium records a hard-mode Consortium game.
func TestPlaythroughConsortium(t *testing.T) {
	gametest.Playthrough(t, Game{}, games.Options{"mode": "consortium", "hard": "on"}, 4, 4, "testdata/consortium.golden")
}
