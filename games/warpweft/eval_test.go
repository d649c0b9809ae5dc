package warpweft

import (
	"testing"

	"spindle/games"
)

// TestEvaluate: the seat whose lines score more so far gets the larger
// share, the two shares add up to one, an even tableau is even, and the
// same lead counts for more as the grid fills.
func TestEvaluate(t *testing.T) {
	at := func(warp games.Seat, turn int, keys ...string) *State {
		return &State{Extended: ExtendedNone, Roles: RolesChosen, WarpSeat: warp, Dealt: true,
			Hands: [2][]string{{}, {}}, Grid: gridOf(t, keys...), Turn: turn, Conceded: games.Spectator}
	}
	cases := []struct {
		name string
		s    *State
		// leader is the seat ahead, or games.Spectator for an even game.
		leader games.Seat
	}{
		{"one card is even", at(0, 0, "CW@0,0"), games.Spectator},
		{"a column of Waves and Wyrms favours Weft's rows", at(0, 1, "CW@0,0", "9WY@0,1"), 1},
		{"a row of Waves and Wyrms favours Warp's columns", at(0, 1, "CW@0,0", "9WY@1,0"), 0},
		{"seat 1 as Warp leads with the row", at(1, 1, "CW@0,0", "9WY@1,0"), 1},
		{"before the deal", &State{WarpSeat: games.Chance, Conceded: games.Spectator}, games.Spectator},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := Game{}.Evaluate(c.s)
			if len(v) != 2 || v[0] < 0 || v[0] > 1 || v[1] < 0 || v[1] > 1 {
				t.Fatalf("Evaluate = %v, want two shares in [0, 1]", v)
			}
			if d := v[0] + v[1] - 1; d > 1e-9 || d < -1e-9 {
				t.Fatalf("Evaluate = %v, want shares adding up to 1", v)
			}
			switch c.leader {
			case games.Spectator:
				if v[0] != 0.5 {
					t.Fatalf("Evaluate = %v, want an even game", v)
				}
			default:
				if v[c.leader] <= 0.5 {
					t.Fatalf("Evaluate = %v, want seat %d ahead", v, c.leader)
				}
			}
		})
	}
	early := Game{}.Evaluate(at(0, 1, "CW@0,0", "9WY@1,0"))
	late := Game{}.Evaluate(at(0, 21, "CW@0,0", "9WY@1,0"))
	if late[0] <= early[0] {
		t.Fatalf("a 9-point lead is worth %.3f late and %.3f early; want more late", late[0], early[0])
	}
}
