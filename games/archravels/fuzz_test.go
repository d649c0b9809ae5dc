package archravels

import (
	"testing"

	"spindle/games/gametest"
)

// FuzzParseAction: see gametest.FuzzParseAction.
func FuzzParseAction(f *testing.F) {
	gametest.FuzzParseAction(f, Game{}, func(a Action) bool { return !a.Chance() },
		"space:1", "pick:3", "pick:2@R", "pick:4@RB", "make:hat@RO", "make:snugglesaurus", "pay:P", "stop",
		"take3:G", "exchange:B@3R", "end", "tangle:1", "sale:O", "donate:G@2", "clerk:Y", "pass", "keep", "give:3",
		"finish:bffs", "learn:scarf", "frog:mittens@YYG", "char:rebecca", "chars:rebecca,amara", "tiles:bear@P.R",
		"requests:robot,octopus", "projects:bffs,recess", "draw:y1_R", "draw:tangled_cat", "project:naptime", "first:1",
		"exchange:B@03R", "pick:7", "make:hat@OR", "space:5", "frog:hat", "", "@", "make:@RO")
}
