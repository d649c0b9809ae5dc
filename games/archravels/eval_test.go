package archravels

import (
	"testing"
)

// TestEvaluate: points scored and points in prospect (items towards the
// List's projects, yarn early in the game) give the larger share; a held
// request and leaving the game the smaller.
func TestEvaluate(t *testing.T) {
	cases := []struct {
		name  string
		set   func(s *State)
		ahead int
	}{
		{"more items", func(s *State) { s.Players[1].Items = items(1, 0, 0, 0, 0) }, 1},
		{"a finished project beats its items", func(s *State) {
			s.Players[0].Items = items(1, 0, 0, 1, 0)
			s.Players[1].Projects = []string{"lumberjack"}
		}, 1},
		{"an item the List asks for beats one it does not", func(s *State) {
			s.List = []string{"recess"}
			s.Players[0].Items = items(0, 1, 0, 0, 0)
			s.Players[1].Items = items(0, 0, 1, 0, 0)
		}, 1},
		{"a held request weighs", func(s *State) { s.Players[0].Held = []string{Requests[0].ID} }, 1},
		{"yarn early in the game is worth something", func(s *State) {
			s.Players[0].Bowl = Yarn{3, 3, 3, 1, 1, 1} // twelve tokens against six
		}, 0},
		{"a seat out of the game", func(s *State) {
			s.Players[0].Out = true
			s.Players[0].Items = items(3, 0, 0, 0, 0)
		}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara")
			c.set(&s)
			before := snapshot(t, &s)
			v := Game{}.Evaluate(&s)
			if len(v) != 2 || v[c.ahead] <= 0.5 || v[c.ahead] > 1 || v[1-c.ahead] < 0 {
				t.Fatalf("Evaluate = %v, want seat %d ahead", v, c.ahead)
			}
			if snapshot(t, &s) != before {
				t.Fatal("Evaluate changed the state")
			}
		})
	}
}
