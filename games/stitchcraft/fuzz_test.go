package stitchcraft

import (
	"errors"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

func FuzzParseAction(f *testing.F) {
	for _, k := range []string{"play:BLU", "reveal:D3", "react", "pass", "1@D2", "0@show.RED", "3@scrap.PUR",
		"seat:2", "skip", "done", "top:GRN", "bottom:YEL", "drop:WHT", "discard:ORG", "master:2",
		"deal:0:" + "BKRGWOYP" + "BKRGWOYP" + "BKRGWOYP" + "BKRGWOYP" + "BKRGWOYP", "", "@", "reveal:D01", "9@D1"} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		a, err := Game{}.ParseAction(key)
		if err != nil {
			if !errors.Is(err, games.ErrBadKey) {
				t.Fatalf("%q: error %v does not wrap ErrBadKey", key, err)
			}
			return
		}
		if a.Key() != key {
			t.Fatalf("%q parsed to %+v, whose key is %q", key, a, a.Key())
		}
		if a.Op != Deal && len(key) > games.MaxKeyLen {
			t.Fatalf("player key %q is %d bytes", key, len(key))
		}
	})
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
