package stitchcraft

import (
	"strings"
	"testing"

	"spindle/games"
)

// TestEvaluate: the seat nearer a winning Showcase, or further from an
// empty Chest, gets the larger share; a seat out of the game the least;
// partners share their team's worth.
func TestEvaluate(t *testing.T) {
	cases := []struct {
		name  string
		mode  string
		seats int
		set   func(s *State)
		ahead int // the seat expected to lead
		// behind is a seat expected to get the smallest share, -1 if none.
		behind int
	}{
		{"three Blues shown", "duel", 2, func(s *State) {
			s.Players[1].Show = cards(1, "BBB")
		}, 1, 0},
		{"six colours beat a pair", "duel", 2, func(s *State) {
			s.Players[0].Show = cards(0, "BKRGWO")
			s.Players[1].Show = cards(1, "BB")
		}, 0, 1},
		{"face-down cards count at a discount", "duel", 2, func(s *State) {
			s.Players[0].Display = faces("YYY")
		}, 0, 1},
		{"an almost empty Chest", "duel", 2, func(s *State) {
			s.Players[0].Chest = "W"
		}, 1, 0},
		{"a seat out of the game", "ffa", 3, func(s *State) {
			s.Players[2].Out = true
			s.Players[1].Show = cards(1, "R")
		}, 1, 2},
		{"Monopoly counts the weaker partner", "monopoly", 4, func(s *State) {
			s.Players[0].Show = cards(0, "BBB") // team A: one strong partner
			s.Players[1].Show = cards(1, "BB")  // team B: two fair ones
			s.Players[3].Show = cards(3, "BB")
		}, 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, games.Options{"mode": c.mode}, c.seats)
			c.set(s)
			v := Game{}.Evaluate(s)
			if len(v) != c.seats {
				t.Fatalf("Evaluate = %v, want %d shares", v, c.seats)
			}
			for x, share := range v {
				if share < 0 || share > 1 {
					t.Fatalf("seat %d got %v", x, share)
				}
				if x != c.ahead && share > v[c.ahead] {
					t.Fatalf("Evaluate = %v, want seat %d ahead", v, c.ahead)
				}
				if c.behind >= 0 && x != c.behind && share < v[c.behind] {
					t.Fatalf("Evaluate = %v, want seat %d behind", v, c.behind)
				}
			}
			if v[c.ahead] == v[c.behind] {
				t.Fatalf("Evaluate = %v: seats %d and %d are even", v, c.ahead, c.behind)
			}
		})
	}
	s := fixture(t, games.Options{"mode": "guilds"}, 4)
	s.Players[2].Show = cards(2, strings.Repeat("G", 3))
	if v := (Game{}).Evaluate(s); v[0] != v[2] || v[0] <= v[1] {
		t.Fatalf("Guilds: Evaluate = %v, want partners 0 and 2 equal and ahead", v)
	}
}
