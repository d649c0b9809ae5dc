package tapestry

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/gametest"
	"spindle/games/internal/dice"
)

// TestCivsEveryCivInPlay plays random games at 2-5 players with the deal
// forced (the chance asks of the deal answered with chosen civs, each
// player keeping the planned one) until every civilization has been in
// play in enough games: 200 each with SPINDLE_SOAK=1, one each (a
// handful of games) otherwise. Every game must reach its end; every
// player option along the way must have a label that is not its raw key;
// at every civilization question and chance step, resampling what a seat
// cannot see must change neither its view nor its moves (every game in the
// everyday run, one in ten in the soak).
func TestCivsEveryCivInPlay(t *testing.T) {
	want := gametest.Scale(1, 3, 200)
	inPlay := make([]int, len(Civs))
	gained := make([]int, len(Civs))
	asked := map[string]int{}
	start := time.Now()
	played, next := 0, 0
	for slices.Min(inPlay) < want {
		n := 2 + played%4
		plan := make([]int, n)
		for i := range plan {
			plan[i] = (next + i) % len(Civs)
		}
		next = (next + n) % len(Civs)
		seed := uint64(played)
		s := playForced(t, n, plan, nil, seed, asked)
		for i := range s.Players {
			for _, cs := range s.Players[i].Civs {
				inPlay[cs.Civ]++
				if !cs.Start {
					gained[cs.Civ]++
				}
			}
		}
		played++
	}
	// Mid-game gains: each seat also gains a civilization as play begins
	// (its mid-game rule, then working as a gained civ), every civ gained
	// in enough games — but Futurists and Mystics, which are set under the
	// deck for another (they are drawn all the same).
	wantGained := gametest.Scale(1, 1, 50)
	fewest := func() int {
		m := wantGained
		for c, k := range gained {
			if b := Civs[c].Bespoke; b != "futurists_jump" && b != "mystics" {
				m = min(m, k)
			}
		}
		return m
	}
	for c := 0; fewest() < wantGained && c < 100*wantGained; c++ {
		n := 2 + played%4
		plan, gain := make([]int, n), make([]int, n)
		for i := range n {
			plan[i] = (next + i) % len(Civs)
			gain[i] = (c*n + i + 7) % len(Civs)
		}
		if slices.ContainsFunc(gain, func(x int) bool { return slices.Contains(plan, x) }) {
			next = (next + 1) % len(Civs)
			continue
		}
		next = (next + n) % len(Civs)
		s := playForced(t, n, plan, gain, uint64(played), asked)
		for i := range s.Players {
			for _, cs := range s.Players[i].Civs {
				inPlay[cs.Civ]++
				if !cs.Start {
					gained[cs.Civ]++
				}
			}
		}
		played++
	}
	var line string
	for c := range Civs {
		line += fmt.Sprintf(" %s %d(+%d)", Civs[c].Name, inPlay[c], gained[c])
	}
	t.Logf("%d games in %v; in play (gained mid-game):%s", played, time.Since(start).Round(time.Millisecond), line)
	kinds := slices.Sorted(maps.Keys(asked))
	line = ""
	for _, k := range kinds {
		line += fmt.Sprintf(" %s %d", k, asked[k])
	}
	t.Logf("civilization questions asked:%s", line)
}

// playForced plays one random game of n seats in which seat i keeps civ
// plan[i] (dealt with a random second civ), to the end, checking every
// player option's label; asked counts the civilization questions. With
// gain, seat i also gains civ gain[i] (drawn first when it is still in
// the deck) as play begins.
func playForced(t *testing.T, n int, plan, gain []int, seed uint64, asked map[string]int) State {
	leaks := !gametest.Soak() || seed%10 == 0
	t.Helper()
	g := Game{}
	opts, err := g.Info().Normalize(games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(opts, n)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.Seeded(seed, 0xc175)
	fail := func(step int, format string, args ...any) {
		t.Helper()
		t.Fatalf("%d seats, civs %v, seed %d, step %d: %s", n, civNames(plan), seed, step, fmt.Sprintf(format, args...))
	}
	gave := false
	for step := 0; ; step++ {
		if s.Over {
			break
		}
		if step > g.Info().MaxActions {
			fail(step, "no end")
		}
		a := s.Ask
		if a == nil {
			fail(step, "nothing asked and not over")
		}
		seat := games.Seat(a.Seat)
		var key string
		switch {
		case a.Kind == "draw_civ" && a.Task.Flag:
			// The deal: the planned civ first, then a random other one not
			// planned for anyone.
			p := &s.Players[a.Task.Seat]
			if len(p.Dealt) == 0 {
				key = "id:" + strconv.Itoa(plan[a.Task.Seat])
			} else {
				var rest []string
				for _, k := range a.Opts {
					c := atoi(k[len("id:"):])
					if !slices.Contains(plan, c) {
						rest = append(rest, k)
					}
				}
				key = rest[d.IntN(len(rest))]
			}
		case a.Kind == "civ":
			key = "civ:" + strconv.Itoa(plan[a.Seat])
		case a.Kind == "draw_civ" && gain != nil && slices.Contains(a.Opts, "id:"+strconv.Itoa(gain[a.Task.Seat])):
			key = "id:" + strconv.Itoa(gain[a.Task.Seat])
		case a.Kind == "turn" && gain != nil && !gave:
			// Play begins: every seat gains a civilization, in seat order.
			gave = true
			for seat := n - 1; seat >= 0; seat-- {
				s.push(Task{Op: "eff", Seat: int8(seat), E: &Effect{Do: "gain_civilization"}})
			}
			s.Ask = nil // asked again once the gains are done
			if err := s.drive(&events{}, true); err != nil {
				fail(step, "%v", err)
			}
			continue
		case seat == games.Chance:
			key = g.Sample(&s, d).K
			if leaks {
				checkResample(t, &s, d, step)
			}
		default:
			legal := g.Legal(&s, seat)
			v := g.View(&s, seat)
			for _, l := range legal {
				if lab := g.Label(v, l); lab == l.K || lab == "" {
					fail(step, "%s ask: key %q has no label", a.Kind, l.K)
				}
			}
			if strings.HasPrefix(a.Kind, "c:") || a.Kind == "civ_order" {
				asked[a.Kind]++
				if leaks {
					checkResample(t, &s, d, step)
				}
			}
			key = legal[d.IntN(len(legal))].K
		}
		if _, err := g.Apply(&s, seat, Action{key}); err != nil {
			fail(step, "%s %q: %v", seat, key, err)
		}
	}
	for i := range s.Players {
		if !slices.ContainsFunc(s.Players[i].Civs, func(c CivState) bool { return int(c.Civ) == plan[i] && c.Start }) {
			t.Fatalf("seat %d does not lead the %s", i, Civs[plan[i]].Name)
		}
	}
	return s
}

func civNames(plan []int) []string {
	out := make([]string, len(plan))
	for i, c := range plan {
		out[i] = Civs[c].Name
	}
	return out
}

// checkResample checks that resampling what each seat (and a spectator)
// cannot see changes neither its view nor its moves.
func checkResample(t *testing.T, s *State, d *dice.Dice, step int) {
	t.Helper()
	g := Game{}
	viewers := []games.Seat{games.Spectator}
	for i := range s.Seats {
		viewers = append(viewers, games.Seat(i))
	}
	for _, v := range viewers {
		before, _ := json.Marshal(g.View(s, v))
		r := g.Resample(s, v, d)
		after, _ := json.Marshal(g.View(&r, v))
		if string(before) != string(after) {
			t.Fatalf("step %d: resampling for %s changes its view", step, v)
		}
		if !slices.Equal(g.Legal(s, v), g.Legal(&r, v)) {
			t.Fatalf("step %d: resampling for %s changes its moves", step, v)
		}
	}
}
