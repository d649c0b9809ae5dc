package tapestry

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
	"spindle/games/internal/dice"
)

// mapCivNames are the civilizations of civ_map.go and civ_capital.go.
var mapCivNames = []string{"Architects", "Craftsmen", "Nomads", "Isolationists", "Militants", "Traders"}

// forcedCivs is Tapestry with chosen civilizations forced into play (a
// test double; no lobby option): each player's first civilization dealt
// is one of them while the deck holds some (the second one is another
// civilization while there are others), a player dealt one keeps it
// (the other is not offered), and mid-game draws take them first.
type forcedCivs struct {
	Game
	civs []int8
}

func newForcedCivs(names ...string) forcedCivs {
	g := forcedCivs{}
	for _, n := range names {
		g.civs = append(g.civs, int8(CivIndex(n)))
	}
	return g
}

func (g forcedCivs) mine(c int8) bool { return slices.Contains(g.civs, c) }

// Sample deals the forced civilizations first.
func (g forcedCivs) Sample(s *State, d *dice.Dice) Action {
	if a := s.Ask; a != nil && a.Kind == "draw_civ" {
		// A player already dealt one of them is dealt another civilization
		// if any is left, so that they reach every seat.
		want := !a.Task.Flag || !slices.ContainsFunc(s.Players[a.Task.Seat].Dealt, g.mine)
		var opts []string
		for _, k := range a.Opts {
			if g.mine(int8(atoi(strings.TrimPrefix(k, "id:")))) == want {
				opts = append(opts, k)
			}
		}
		if len(opts) > 0 {
			return Action{opts[d.IntN(len(opts))]}
		}
	}
	return g.Game.Sample(s, d)
}

// Legal keeps only the forced civilizations in the secret choice.
func (g forcedCivs) Legal(s *State, seat games.Seat) []Action {
	acts := g.Game.Legal(s, seat)
	if s.Ask != nil && s.Ask.Kind == "civ" {
		var mine []Action
		for _, a := range acts {
			if g.mine(int8(atoi(strings.TrimPrefix(a.K, "civ:")))) {
				mine = append(mine, a)
			}
		}
		if len(mine) > 0 {
			return mine
		}
	}
	return acts
}

// TestMapCivsConformance runs the conformance harness with the six map and
// capital civilizations forced into play: at 2 and 4 seats (small and
// large map; 3 seats in -short runs), at 2-5 seats with both adjustment
// settings and more seeds in soak runs. The leak test and the random games
// below cover 2-5 seats in every run.
func TestMapCivsConformance(t *testing.T) {
	cfg := gametest.Config{Seeds: gametest.Scale(1, 1, 3), Options: []games.Options{{"civilizations": "standard"}}, Seats: []int{2, 4}}
	if testing.Short() {
		cfg.Seats = []int{3}
	}
	if gametest.Soak() {
		cfg.Seats = nil
		cfg.Options = append(cfg.Options, games.Options{"civilizations": "standard", "civ_adjustments": "off"})
	}
	gametest.Run(t, newForcedCivs(mapCivNames...), cfg)
}

// TestMapCivsLeaks is the redaction-invariance test over random games with
// the six civilizations in play.
func TestMapCivsLeaks(t *testing.T) {
	n := gametest.Scale(1, 3, 40)
	played := gametest.Leaks(t, newForcedCivs(mapCivNames...), gametest.Config{Options: []games.Options{{"civilizations": "standard"}}}, n)
	t.Logf("%d games checked", played)
}

// TestMapCivsRandomGamesReachTheEnd plays random games with the six
// civilizations forced into play at 2-5 seats: every player leads one of
// them, each game ends, and across the games every choice these
// civilizations add is taken at least once.
func TestMapCivsRandomGamesReachTheEnd(t *testing.T) {
	g := newForcedCivs(mapCivNames...)
	games_ := gametest.Scale(2, 25, 200)
	seen := map[string]int{}
	for seats := 2; seats <= 5; seats++ {
		for seed := range uint64(games_) {
			s, err := g.New(games.Options{"civilizations": "standard", "civ_adjustments": "on"}, seats)
			if err != nil {
				t.Fatal(err)
			}
			d := dice.Seeded(seed, uint64(seats))
			for steps := 0; !s.Over; steps++ {
				if steps > 20000 {
					t.Fatalf("%d seats, seed %d: no end after %d steps", seats, seed, steps)
				}
				seat := games.Seat(s.Ask.Seat)
				var a Action
				if seat == games.Chance {
					a = g.Sample(&s, d)
				} else {
					acts := g.Legal(&s, seat)
					a = acts[d.IntN(len(acts))]
					verb, _, _ := strings.Cut(a.K, ":")
					switch verb {
					case "statue", "nomad", "beside", "miltake", "milrow", "tradedie", "trader", "swap":
						seen[verb]++
					case "iso":
						seen[a.K]++
					}
				}
				if _, err := g.Apply(&s, seat, a); err != nil {
					t.Fatalf("%d seats, seed %d: %s: %v", seats, seed, a.K, err)
				}
			}
			for i := range s.Players {
				if !slices.ContainsFunc(s.Players[i].Civs, func(cs CivState) bool { return g.mine(cs.Civ) }) {
					t.Errorf("%d seats, seed %d: seat %d leads none of the six", seats, seed, i)
				}
				if p := &s.Players[i]; p.Outposts < 0 {
					t.Errorf("%d seats, seed %d: seat %d has %d outposts", seats, seed, i, p.Outposts)
				}
				if cs := s.civOf(i, "militants"); cs != nil {
					if on := 2*militantsRow - int(cs.Rows[0]) - int(cs.Rows[1]); on != int(s.Players[i].Outposts) {
						t.Errorf("%d seats, seed %d: Militants seat %d: %d on the mat, %d in supply", seats, seed, i, on, s.Players[i].Outposts)
					}
				}
			}
		}
	}
	t.Logf("choices taken: %v", seen)
	if testing.Short() {
		return
	}
	for _, k := range []string{"statue", "nomad", "miltake", "iso:place", "trader", "tradedie"} {
		if seen[k] == 0 {
			t.Errorf("no random game took a %q choice", k)
		}
	}
}
