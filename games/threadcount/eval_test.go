package threadcount

import (
	"testing"
)

// TestBestOutfit: the best arrangement of owned cards, with and without
// imagined partners for the unpaired ones (favourites Red and Blue, the
// Empress's pattern Kikko).
func TestBestOutfit(t *testing.T) {
	favs := []string{"R", "B"}
	cases := []struct {
		name              string
		colours, patterns []string
		pad               bool
		want              int
	}{
		{"nothing", nil, nil, false, 0},
		{"one favourite piece", []string{"R"}, []string{"kikko"}, false, 2 + 2 + 5},
		{"a pair of Uroko", []string{"O", "G"}, []string{"uroko", "uroko"}, false, 4 + 12},
		{"four of a pattern beat a favourite single", []string{"R", "R", "R", "R", "R"},
			[]string{"uroko", "uroko", "uroko", "uroko", "kikko"}, false, 8 + 8 + 28},
		{"a mixed card's two words", []string{"RV", "O"}, []string{"seigaiha"}, false, 2 + 2 + 4},
		{"unpaired patterns score nothing", nil, []string{"kikko", "kikko"}, false, 0},
		{"unpaired patterns padded with plain colours", nil, []string{"kikko", "kikko"}, true, 4 + 20},
		{"an unpaired colour padded with a single pattern", []string{"R"}, nil, true, 2 + 2 + 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := bestOutfit(c.colours, c.patterns, favs, "kikko", c.pad); got != c.want {
				t.Fatalf("bestOutfit = %d, want %d", got, c.want)
			}
		})
	}
}

// TestEvaluate: the seat with the better outfit in prospect gets the
// larger share; once a seat's last turn is over its outfit counts as
// arranged, spare cards for nothing.
func TestEvaluate(t *testing.T) {
	cases := []struct {
		name  string
		p0    Player
		p1    Player
		ahead int
	}{
		{"a favourite piece against nothing", owning("R+kikko"), owning(), 0},
		{"two Kikko against one", owning("O+kikko"), owning("O+kikko", "G+kikko"), 1},
		{"a spare pattern still in play counts", func() Player {
			p := owning("O+uroko", "G+kikko")
			p.Patterns = append(p.Patterns, "kikko")
			return p
		}(), owning("O+uroko", "G+uroko"), 0},
		{"the same spare after the last turn does not", func() Player {
			p := owning("O+uroko", "G+asanoha")
			p.Patterns = append(p.Patterns, "kikko")
			p.Turns = Weeks
			return p
		}(), func() Player {
			p := owning("O+uroko", "G+kikko")
			p.Turns = Weeks
			return p
		}(), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, 2)
			s.Players[0], s.Players[1] = c.p0, c.p1
			before := s.Clone()
			v := Game{}.Evaluate(s)
			if len(v) != 2 || v[c.ahead] <= 0.5 || v[c.ahead] > 1 || v[1-c.ahead] < 0 {
				t.Fatalf("Evaluate = %v, want seat %d ahead", v, c.ahead)
			}
			if s.Players[0].Turns != before.Players[0].Turns || len(s.Players[0].Patterns) != len(before.Players[0].Patterns) {
				t.Fatal("Evaluate changed the state")
			}
		})
	}
}
