package threadcount

import (
	"testing"

	"spindle/games/gametest"
)

// FuzzParseAction: see gametest.FuzzParseAction.
func FuzzParseAction(f *testing.F) {
	gametest.FuzzParseAction(f, Game{}, func(Action) bool { return true },
		"sow:5", "roll", "free:1", "zero:2:3", "white:B", "buy:RV", "take:3", "refresh",
		"c0@kimono", "p12@spare", "end", "place:9", "seating:201", "empress:kikko", "favs:RBG", "draw:uroko",
		"rolloff:3053", "roll:508W", "sow:0", "sow:10", "c01@obi", "x@obi", "zero:4:1", "roll:50W", "favs:RR", "")
}
