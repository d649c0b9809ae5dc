package stitchcraft

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// teamOpts are the options of a team game whose teams choose their Masters.
func teamOpts(m Mode) games.Options {
	o := mode(m, Loom)
	o["roles"] = RolesTeam
	return o
}

// TestTeamsChooseTheirMasters covers roles=team (spec §3 step 1: each
// team's Master is chosen): after the shuffles either seat of a team names
// its Master, publicly in Apprentice and in secret in Spymaster.
func TestTeamsChooseTheirMasters(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       Mode
		picks   [][2]string // seat, key, in order
		masters []int
		public  []string
	}{
		{"apprentice, the second seats choose", Apprentice, [][2]string{{"2", "master:0"}, {"3", "master:3"}}, []int{0, 3},
			[]string{"{{p0}} is Team A's Master, chosen by {{p2}}.", "{{p3}} is Team B's Master, by their own choice.", "{{p0}}'s turn."}},
		{"apprentice, team B first", Apprentice, [][2]string{{"1", "master:3"}, {"0", "master:2"}}, []int{2, 3},
			[]string{"{{p3}} is Team B's Master, chosen by {{p1}}.", "{{p2}} is Team A's Master, chosen by {{p0}}.", "{{p0}}'s turn."}},
		{"spymaster, in secret", Spymaster, [][2]string{{"0", "master:2"}, {"1", "master:1"}}, []int{2, 1},
			[]string{"Team A's Master is chosen in secret.", "Team B's Master is chosen in secret.", "{{p0}}'s turn."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := table(t, teamOpts(tc.m), 4)
			if got := tb.ToAct(); !slices.Equal(got, []games.Seat{0, 1, 2, 3}) {
				t.Fatalf("after the shuffles ToAct is %v, want every seat", got)
			}
			for seat, want := range map[games.Seat]string{0: "master:0 master:2", 1: "master:1 master:3", 2: "master:0 master:2", 3: "master:1 master:3"} {
				var got []string
				for _, c := range tb.Legal(seat) {
					got = append(got, c.Key)
				}
				if strings.Join(got, " ") != want {
					t.Errorf("Legal(%s) = %v, want %s", seat, got, want)
				}
			}
			var public []string
			for i, p := range tc.picks {
				var seat int
				fmt.Sscan(p[0], &seat)
				st := stepT(t, tb, games.Seat(seat), p[1])
				for j, e := range st.Events {
					public = append(public, e.Public)
					if tc.m != Spymaster || j > 0 {
						continue
					}
					m := tc.masters[seat%2]
					for x := range games.Seat(4) {
						line, ok := e.Private[x]
						if ok != (int(x)%2 == seat%2) {
							t.Errorf("seat %d's choice gives %s a private line: %v", seat, x, ok)
						}
						if ok && !strings.Contains(line, games.Name(games.Seat(m))+" is your team's Master") {
							t.Errorf("private line %q does not name the Master", line)
						}
					}
					if strings.Contains(e.Public, games.Name(games.Seat(m))) && m != seat {
						t.Errorf("the public line %q names the secret Master", e.Public)
					}
				}
				if i == 0 {
					want := []games.Seat{1, 3}
					if seat%2 == 1 {
						want = []games.Seat{0, 2}
					}
					if got := tb.ToAct(); !slices.Equal(got, want) {
						t.Fatalf("after one team chose, ToAct is %v, want %v", got, want)
					}
				}
			}
			if !slices.Equal(public, tc.public) {
				t.Errorf("public lines %q, want %q", public, tc.public)
			}
			s := state(t, tb)
			if !slices.Equal(s.Masters, tc.masters) {
				t.Errorf("Masters %v, want %v", s.Masters, tc.masters)
			}
			if got := tb.ToAct(); !slices.Equal(got, []games.Seat{0}) || !s.Started {
				t.Errorf("after both choices ToAct is %v (started %v), want seat 0's first turn", got, s.Started)
			}
			for viewer := range games.Seat(4) {
				v := Game{}.View(s, viewer)
				for x, p := range v.Players {
					want := ""
					if tc.m == Apprentice || int(viewer)%2 == x%2 {
						want = "apprentice"
						if tc.masters[x%2] == x {
							want = "master"
						}
					}
					if p.Role != want {
						t.Errorf("View(%s): seat %d's role %q, want %q", viewer, x, p.Role, want)
					}
				}
			}
		})
	}
}

// TestTeamMastersRefusals checks that a seat names only its own team's
// Master, once, and that no coin decides it for them.
func TestTeamMastersRefusals(t *testing.T) {
	tb := table(t, teamOpts(Apprentice), 4)
	for _, bad := range []struct {
		seat games.Seat
		key  string
	}{{0, "master:1"}, {1, "master:2"}, {games.Chance, "master:0"}} {
		if _, err := tb.Step(bad.seat, tb.Version(), bad.key); err == nil {
			t.Errorf("%s may play %q", bad.seat, bad.key)
		}
	}
	stepT(t, tb, 0, "master:0")
	if _, err := tb.Step(2, tb.Version(), "master:2"); err == nil {
		t.Error("team A named its Master twice")
	}
	s := state(t, tb)
	if err := s.checkChance(Action{Op: Master, Seat: 1}); err == nil {
		t.Error("a Master coin is accepted under roles=team")
	}
}

// TestRolesChosenKeepsTheSeating pins the older option: the seating decides
// (seats 1 and 2 lead their teams), so stored tables replay as before.
func TestRolesChosenKeepsTheSeating(t *testing.T) {
	o := mode(Spymaster, Loom)
	o["roles"] = RolesChosen
	tb := table(t, o, 4)
	if s := state(t, tb); !slices.Equal(s.Masters, []int{0, 1}) || !slices.Equal(tb.ToAct(), []games.Seat{0}) {
		t.Fatalf("roles=chosen: Masters %v, ToAct %v", s.Masters, tb.ToAct())
	}
}

// TestTeamMastersConformance runs the harness over roles=team with more
// seeds than the mode sweep, concessions during the choice included.
func TestTeamMastersConformance(t *testing.T) {
	gametest.Run(t, Game{}, gametest.Config{
		Options: []games.Options{teamOpts(Apprentice), teamOpts(Spymaster)},
		Seats:   []int{4},
		Seeds:   6,
	})
}

// TestConcedeWhileChoosingMasters ends a team game before the Masters are
// named: the other team wins and no line names a Master that is not there.
func TestConcedeWhileChoosingMasters(t *testing.T) {
	for _, m := range []Mode{Apprentice, Spymaster} {
		t.Run(string(m), func(t *testing.T) {
			tb := table(t, teamOpts(m), 4)
			stepT(t, tb, 1, "master:3")
			steps, err := tb.Concede(2, tb.Version())
			if err != nil {
				t.Fatal(err)
			}
			r, over := tb.Result()
			if !over || !slices.Equal(r.Winners, []games.Seat{1, 3}) {
				t.Fatalf("over %v, winners %v", over, r.Winners)
			}
			var lines []string
			for _, st := range steps {
				for _, e := range st.Events {
					lines = append(lines, e.Public)
				}
			}
			lines = append(lines, r.Lines...)
			for _, l := range lines {
				if seats, ok := games.Tokens(l); !ok || slices.ContainsFunc(seats, func(s games.Seat) bool { return s < 0 || s > 3 }) {
					t.Errorf("line %q names a seat that is not there", l)
				}
			}
			if !slices.Contains(lines, "Team B's Master was {{p3}}.") || slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Team A's Master") }) {
				t.Errorf("Master lines in %q", lines)
			}
		})
	}
}
