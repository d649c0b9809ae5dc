package tapestry

import (
	"fmt"
	"math"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// weighAt returns the weights of the pending ask's options for its seat,
// by key.
func weighAt(t *testing.T, s *State) map[string]int {
	t.Helper()
	seat := games.Seat(s.Ask.Seat)
	legal := Game{}.Legal(s, seat)
	w := Game{}.Weights(s, seat, legal)
	if len(w) != len(legal) {
		t.Fatalf("%d weights for %d actions", len(w), len(legal))
	}
	out := map[string]int{}
	for i, a := range legal {
		out[a.K] = w[i]
	}
	return out
}

// TestWeightsPositive: over weighted random games of every seat count and
// of solo, the weights cover every legal action, each at least 1, and a
// weighted random solo player scores well above a uniform one.
func TestWeightsPositive(t *testing.T) {
	g := Game{}
	for _, seats := range []int{1, 2, 3, 4, 5} {
		for seed := range uint64(3) {
			opts, err := g.Info().Normalize(games.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.New(opts, seats)
			if err != nil {
				t.Fatal(err)
			}
			d := dice.Seeded(seed, 5)
			for step := 0; ; step++ {
				to := g.ToAct(&s)
				if len(to) == 0 {
					break
				}
				if step > g.Info().MaxActions {
					t.Fatalf("%d seats seed %d: no end", seats, seed)
				}
				if to[0] != games.Chance {
					l := g.Legal(&s, to[0])
					w := g.Weights(&s, to[0], l)
					if len(l) > 1 && len(w) != len(l) {
						t.Fatalf("%s ask: %d weights for %d actions", s.Ask.Kind, len(w), len(l))
					}
					for i, x := range w {
						if x < 1 {
							t.Fatalf("%s ask: %s weighs %d", s.Ask.Kind, l[i].K, x)
						}
					}
				}
				stepWeighted(t, &s, d)
			}
		}
	}
}

// TestWeightsSoloScore: the weighted random player scores far more than
// the uniform one (about 28 VP over 200 games).
func TestWeightsSoloScore(t *testing.T) {
	g := Game{}
	total := 0
	const n = 20
	for seed := range uint64(n) {
		opts, _ := g.Info().Normalize(games.Options{})
		s, err := g.New(opts, 1)
		if err != nil {
			t.Fatal(err)
		}
		d := dice.Seeded(seed, 6)
		for len(g.ToAct(&s)) > 0 {
			stepWeighted(t, &s, d)
		}
		total += s.Players[0].VP
	}
	if mean := total / n; mean < 50 {
		t.Errorf("weighted random solo mean %d VP, want 50 or more", mean)
	}
}

// TestWeightsTurn: with resources to spend an advance outweighs the income
// turn; as they run out the income turn's share grows.
func TestWeightsTurn(t *testing.T) {
	f := newTable(t, 2)
	share := func(c, w, fo, u int) float64 {
		f.s.Ask = nil
		f.res(0, c, w, fo, u)
		f.turn(0)
		w8 := weighAt(t, &f.s)
		total := 0
		for _, v := range w8 {
			total += v
		}
		return float64(w8["income"]) / float64(total)
	}
	f.res(0, 2, 2, 2, 2)
	f.turn(0)
	w := weighAt(t, &f.s)
	for k, v := range w {
		if k != "income" && v <= w["income"] {
			t.Errorf("%s weighs %d, income %d", k, v, w["income"])
		}
	}
	rich, poor := share(2, 2, 2, 2), share(1, 0, 0, 0)
	if rich > 0.1 || poor < 2*rich {
		t.Errorf("income's share: %.2f with 8 resources, %.2f with 1", rich, poor)
	}
}

// TestWeightsRotation: the rotation with the most alignment VP weighs the
// most.
func TestWeightsRotation(t *testing.T) {
	f := newTable(t, 2)
	f.p(0).Tiles = []int{5, 6}
	f.effs(0, Effect{Do: "explore"})
	f.do("tile:5")
	opts := f.at("explore_hex", 0)
	f.do(opts[0])
	f.at("explore_rot", 0)
	w := weighAt(t, &f.s)
	best, bestVP := "", -1
	for r := range 6 {
		if vp := f.s.exploreVP(*f.s.Ask.Task.Hex, 5, r); vp > bestVP {
			best, bestVP = fmt.Sprintf("rot:%d", r), vp
		}
	}
	for k, v := range w {
		if v > w[best] {
			t.Errorf("%s weighs %d, more than the best rotation %s (%d VP) at %d", k, v, best, bestVP, w[best])
		}
	}
}

// TestWeightsBuilding: a plot that completes a row of the capital weighs
// more than one in an empty row.
func TestWeightsBuilding(t *testing.T) {
	f, row, last := placingToCloseRow(t)
	w := weighAt(t, &f.s)
	closing := fmt.Sprintf("at:%d@%d", last/CitySize, last%CitySize)
	for k, v := range w {
		if k != closing && v >= w[closing] {
			t.Errorf("%s weighs %d, the plot closing row %d (%s) %d", k, v, row, closing, w[closing])
		}
	}
}

// TestWeightsLandmarkDenial: in solo an unclaimed track landmark is worth
// to the weigher what it denies the Automa on its income turns left (as in
// the evaluator's projection) beside its own worth, less as those turns
// run out; with several seats it is worth its own worth alone.
func TestWeightsLandmarkDenial(t *testing.T) {
	s := soloInto(t, "5", 60)
	if s.Players[Automa].Done {
		t.Fatal("the Automa finished too soon for the test")
	}
	tr, space := Exploration, 4
	lm := spaceLandmark(tr, space)
	if lm < 0 {
		t.Fatal("no landmark on exploration space 4")
	}
	w := weigher{s: &s, seat: 0, p: &s.Players[0]}
	worth := func(owner int8, era int8) float64 {
		s.LandOwner[lm] = owner
		s.Players[Automa].Era = era
		return w.spaceWorth(tr, space)
	}
	early := worth(-1, 1) - worth(Automa, 1)
	late := worth(-1, 4) - worth(Automa, 4)
	// Level 5: territories-and-landmarks multipliers 1, 2, 2, 3 on income
	// turns 2 to 5, and 3 on turn 5 alone.
	if want := wLandmark + evalP.Denial*8; math.Abs(early-want) > 1e-9 {
		t.Errorf("an unclaimed landmark early adds %.2f, want %.2f", early, want)
	}
	if want := wLandmark + evalP.Denial*3; math.Abs(late-want) > 1e-9 {
		t.Errorf("an unclaimed landmark late adds %.2f, want %.2f", late, want)
	}
	f := newTable(t, 2)
	w2 := weigher{s: &f.s, seat: 0, p: f.p(0)}
	f.s.LandOwner[lm] = -1
	free := w2.spaceWorth(tr, space)
	f.s.LandOwner[lm] = 1
	if got := free - w2.spaceWorth(tr, space); math.Abs(got-wLandmark) > 1e-9 {
		t.Errorf("with two seats an unclaimed landmark adds %.2f, want %.2f", got, wLandmark)
	}
}

// TestWeightsConquerAutoma: in solo a conquest of a territory the Automa
// controls weighs more than one of the Shadow Empire's (the Automa scores
// its territories on its income turns left), and the more so the more
// income turns it has left.
func TestWeightsConquerAutoma(t *testing.T) {
	s := soloInto(t, "5", 60)
	if s.Players[Automa].Done {
		t.Fatal("the Automa finished too soon for the test")
	}
	var ter *Territory
	for i := range s.Map {
		if !s.Map[i].Middle {
			ter = &s.Map[i]
			break
		}
	}
	key := fmt.Sprintf("hex:%d@%d", ter.Hex.A, ter.Hex.B)
	ask := &Ask{Kind: "conquer_hex", Seat: 0}
	w := weigher{s: &s, seat: 0, p: &s.Players[0]}
	weigh := func(owner int8, era int8) int {
		ter.Outposts = []Outpost{{Seat: owner}}
		s.Players[Automa].Era = era
		return w.weigh(ask, key)
	}
	shadow, early, late := weigh(Shadow, 1), weigh(Automa, 1), weigh(Automa, 4)
	if !(early > late && late > shadow) {
		t.Errorf("conquer weights: the Automa's territory %d early, %d late; the Shadow Empire's %d", early, late, shadow)
	}
}

// stepWeighted applies one action on s: a chance outcome sampled with d,
// else a legal move drawn by the game's weights.
func stepWeighted(tb testing.TB, s *State, d *dice.Dice) {
	tb.Helper()
	g := Game{}
	to := g.ToAct(s)
	var a Action
	if to[0] == games.Chance {
		a = g.Sample(s, d)
	} else {
		l := g.Legal(s, to[0])
		a = l[games.PickWeighted(g.Weights(s, to[0], l), len(l), d.IntN)]
	}
	if _, err := g.Apply(s, to[0], a); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkWeights measures the weigher over the asks of a random
// three-seat game.
func BenchmarkWeights(b *testing.B) {
	g := Game{}
	var states []State
	s, _ := g.New(games.Options{"civilizations": "none"}, 3)
	d := dice.Seeded(1, 9)
	for len(g.ToAct(&s)) > 0 {
		to := g.ToAct(&s)
		var a Action
		if to[0] == games.Chance {
			a = g.Sample(&s, d)
		} else {
			states = append(states, s.Clone())
			l := g.Legal(&s, to[0])
			a = l[d.IntN(len(l))]
		}
		if _, err := g.Apply(&s, to[0], a); err != nil {
			b.Fatal(err)
		}
	}
	legal := make([][]Action, len(states))
	for i := range states {
		legal[i] = g.Legal(&states[i], games.Seat(states[i].Ask.Seat))
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i % len(states)
		g.Weights(&states[k], games.Seat(states[k].Ask.Seat), legal[k])
	}
}

// placingToCloseRow sets up seat 0 of a two-seat table to place a farm
// with every open plot of its capital's first row of two or more open
// plots covered but the last: it returns the table, that row and the plot
// left open, whose building would close the row.
func placingToCloseRow(t *testing.T) (f *fx, row, last int) {
	t.Helper()
	f = newTable(t, 2)
	p := f.p(0)
	base := Mats[p.Mat-1].base
	cover := []byte(p.Cover)
	row, last = -1, -1
	for r := 0; r < CitySize && row < 0; r++ {
		open := 0
		for c := range CitySize {
			if base[r*CitySize+c] != 'X' {
				open++
			}
		}
		if open >= 2 {
			row = r
		}
	}
	for c := range CitySize {
		if i := row*CitySize + c; base[i] != 'X' {
			cover[i] = 'A'
			last = i
		}
	}
	cover[last] = '.'
	p.Cover = string(cover)
	f.push(Task{Op: "building", Seat: 0, N: int(Farm)})
	f.at("place_building", 0)
	return f, row, last
}

// TestSharpen: a weigh answer counts for its cube in the draw, at least 1,
// with answers past weightCap counted as weightCap; and Weights hands out
// exactly the sharpened answers of weigh.
func TestSharpen(t *testing.T) {
	for _, c := range []struct{ in, want int }{
		{-5, 1}, {0, 1}, {1, 1}, {2, 8}, {10, 1000}, {40, 64000},
		{weightCap, weightCap * weightCap * weightCap}, {50 * weightCap, weightCap * weightCap * weightCap},
	} {
		if got := sharpen(c.in); got != c.want {
			t.Errorf("sharpen(%d) = %d, want %d", c.in, got, c.want)
		}
	}
	f := newTable(t, 2)
	f.res(0, 2, 2, 2, 2)
	f.turn(0)
	legal := Game{}.Legal(&f.s, 0)
	got := Game{}.Weights(&f.s, 0, legal)
	w := weigher{s: &f.s, seat: 0, p: f.p(0)}
	for i, a := range legal {
		if want := sharpen(w.weigh(f.s.Ask, a.K)); got[i] != want {
			t.Errorf("%s: Weights gives %d, want the cube of weigh's %d", a.K, got[i], w.weigh(f.s.Ask, a.K))
		}
	}
}
