package stitchcraft

import (
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// FuzzParseAction: see gametest.FuzzParseAction.
func FuzzParseAction(f *testing.F) {
	gametest.FuzzParseAction(f, Game{}, func(a Action) bool { return a.Op != Deal },
		"play:BLU", "reveal:D3", "react", "pass", "1@D2", "0@show.RED", "3@scrap.PUR",
		"seat:2", "skip", "done", "top:GRN", "bottom:YEL", "drop:WHT", "discard:ORG", "master:2",
		"deal:0:"+"BKRGWOYP"+"BKRGWOYP"+"BKRGWOYP"+"BKRGWOYP"+"BKRGWOYP", "", "@", "reveal:D01", "9@D1")
}

// fuzzSets covers one option set per mode, Patterns rotating.
var fuzzSets = func() []games.Options {
	var out []games.Options
	for i, m := range Modes {
		out = append(out, games.Options{"mode": string(m), "pattern": string(Patterns[i%3])})
	}
	return out
}()

// FuzzConformance is the harness's fuzz target over every mode (the seat
// count follows the mode: Config.Seats is 4, which every mode but Duel
// accepts, so Duel runs through TestConformance only).
func FuzzConformance(f *testing.F) {
	gametest.Fuzz(f, Game{}, gametest.Config{Options: fuzzSets[1:], Seats: []int{4}})
}
