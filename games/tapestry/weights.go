package tapestry

import (
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// The playout policy (games.Weigher): a random player that looks where it
// puts its feet. It advances rather than taking an income turn while it
// can pay, towards the spaces that give most for their cost, takes the
// bonuses it can afford, turns explored tiles to their best alignment,
// builds where rows, columns and districts close, plays its strongest
// tapestry card and keeps the conquer die worth more. Every legal action
// keeps a weight of at least 1.

var _ games.Weigher[State, Action] = Game{}

// Weights returns the playout weights of legal for seat, in order.
func (Game) Weights(s *State, seat games.Seat, legal []Action) []int {
	a := s.Ask
	if a == nil || int(seat) < 0 || int(seat) >= len(s.Players) || games.Seat(a.Seat) != seat || len(legal) < 2 {
		return nil
	}
	w := weigher{s: s, seat: int(seat), p: &s.Players[seat]}
	out := make([]int, len(legal))
	for i, act := range legal {
		out[i] = sharpen(w.weigh(a, act.K))
	}
	return out
}

// weightCap bounds a weight before sharpen cubes it, so that the cube and
// the sum of a draw's cubes fit an int (64 bits on every platform Spindle
// builds for). The largest answer seen in 90 weighted random games of one,
// two and four seats was 690 (a turn's advance); answers above the cap,
// if any, weigh alike.
const weightCap = 1000

// sharpen is what a weigh answer counts for in the weighted draw: its cube.
// In proportion to the answers themselves, the playouts picked a mediocre
// move too often (a weight of 20 against the best one's 40 still drew a
// third of the time); cubed, the better ideas are followed far more often
// and every move keeps a chance. Measured with ai:normal at level 3 over
// 48 seeds (docs/ai.md, round 6): 196.5 VP and 16 wins against 189.9 and
// 12.5, with the square in between. Below weightCap the order of the
// moves is unchanged, so the focus (focus.go) keeps the same ones. An
// answer below 1 counts as 1, so every move keeps a chance.
func sharpen(w int) int {
	w = min(max(w, 1), weightCap)
	return w * w * w
}

type weigher struct {
	s    *State
	seat int
	p    *Player
	// open caches, for place_building, each row's, column's and
	// district's open plots.
	open *[27]int
}

// Effect worths, in rough VP-equivalents, for weighing only.
const (
	wBuilding = 6.0
	wRes      = 1.5
	wCard     = 2.0
	wTile     = 1.5
	wExplore  = 3.5
	wConquer  = 5.0
	wResearch = 2.5
	wInvent   = 3.0
	wUpgrade  = 3.0
	wAdvance  = 3.0
	wLandmark = 6.0
)

// worth is a rough VP-equivalent of an effect list for the weigher's
// seat.
func (w *weigher) worth(effs []Effect) float64 {
	v := 0.0
	for i := range effs {
		v += w.effWorth(&effs[i])
	}
	return v
}

func (w *weigher) effWorth(e *Effect) float64 {
	n := float64(max(1, e.N))
	switch e.Do {
	case "gain":
		if e.Res != nil {
			return wRes * float64(e.Res.Total())
		}
	case "gain_any":
		return wRes * n
	case "lose", "lose_any":
		return -wRes * n
	case "vp":
		return float64(e.N)
	case "vp_per":
		return float64(e.Each * w.s.count(w.seat, e.Per, e.Track))
	case "score_capital":
		return float64(w.s.capitalScore(w.seat))
	case "building":
		return w.buildingWorth(e.Type)
	case "building_choice":
		return bestWorth(e.Types, w.buildingWorth)
	case "tapestry_cards":
		return wCard * n
	case "territory_tiles":
		return wTile * n
	case "space_tiles":
		return 2 * n
	case "explore":
		if len(w.p.Tiles) == 0 {
			return 0.5
		}
		return wExplore
	case "explore_space":
		return 7
	case "conquer":
		if w.p.Outposts <= 0 {
			return 0
		}
		return wConquer
	case "research":
		return wResearch
	case "invent":
		return wInvent
	case "upgrade", "tech_square", "tech_circle":
		return wUpgrade
	case "advance":
		return wAdvance * n
	case "regress":
		return 1
	case "repeat_position":
		return 4
	case "landmark":
		return wLandmark
	case "landmark_any_track":
		return wLandmark + w.s.landmarkDenial()
	case "territory_benefit":
		return 1.5
	case "overplay_tapestry":
		return 3
	case "gain_civilization":
		return 6
	case "refresh_tech":
		return 0.5
	case "any_order":
		return w.worth(e.Effects)
	case "choose":
		return bestWorth(e.Options, w.worth)
	case "bespoke":
		return 2
	}
	return 1
}

// spaceWorth is what arriving on space (1..12) of t gives: the benefit,
// an unclaimed landmark (in solo also what it denies the Automa, as the
// evaluator's projection counts it), a completed track's achievement.
func (w *weigher) spaceWorth(t Track, space int) float64 {
	sp := &Spaces[t][space-1]
	v := w.worth(sp.Benefit)
	if lm := spaceLandmark(t, space); lm >= 0 && w.s.LandOwner[lm] < 0 {
		v += wLandmark + w.s.landmarkDenial()
	}
	if space == 12 && !w.p.Achieved[0] {
		v += 8
	}
	return v
}

// weigh is one action's weight.
func (w *weigher) weigh(a *Ask, key string) int {
	s, p := w.s, w.p
	verb, arg, _ := strings.Cut(key, ":")
	switch a.Kind {
	case "turn":
		if key == "income" {
			// An income turn while advances are affordable wastes them;
			// it grows likelier as the resources run out.
			left := p.Res.Total()
			switch {
			case left <= 1:
				return 60
			case left <= 3:
				return 12
			}
			return 3
		}
		t, k, ok := trackArg(arg)
		if !ok || k >= len(p.Tokens[t]) {
			return 10
		}
		from := int(p.Tokens[t][k])
		if from >= 12 {
			return 1
		}
		c := Spaces[t][from].Cost
		cost := float64(c.Any + c.Res.Total())
		v := w.spaceWorth(t, from+1)
		if b := Spaces[t][from].Bonus; b != nil {
			v += 0.3 * w.worth(b.Effects)
		}
		return int(10 + 40*max(0, v)/max(1, cost))
	case "pay", "gain_any":
		// Spend what is plentiful, gain what is scarce: keep the pool
		// even.
		r, ok := parseResKey(arg)
		if !ok {
			return 10
		}
		after := p.Res
		sign := -1
		if a.Kind == "gain_any" && verb != "lose" {
			sign = 1
		}
		sq := 0
		for i := range after {
			after[i] += sign * r[i]
			sq += after[i] * after[i]
		}
		return max(1, 60-2*sq)
	case "bonus":
		if key == "nobonus" {
			return 10
		}
		b := Spaces[a.Task.Track][a.Task.N-1].Bonus
		if b == nil {
			return 10
		}
		v := w.worth(b.Effects)
		cost := float64(b.Cost.Any)*wRes + float64(b.Cost.Tiles)*wTile + float64(b.Cost.Cards)*wCard + float64(b.Cost.TechCard)*2.5
		if v > cost {
			return 40
		}
		return 5
	case "explore_hex":
		h, ok := hexArg(arg)
		if !ok {
			return 10
		}
		n := 0
		for k := range 6 {
			if t := s.Terr(h.Neighbour(k)); t != nil && t.Explored() {
				n++
			}
		}
		return 4 + 6*n
	case "explore_rot":
		if a.Task.Hex == nil || a.Task.Tile < 1 {
			return 10
		}
		r, _ := strconv.Atoi(arg)
		vp := s.exploreVP(*a.Task.Hex, a.Task.Tile, r)
		return 1 + (vp+1)*(vp+1)*(vp+1)
	case "conquer_hex":
		h, ok := hexArg(arg)
		if !ok {
			return 10
		}
		t := s.Terr(h)
		if t == nil {
			return 10
		}
		v := 10
		if c := t.Controller(); c >= 0 && c != w.seat {
			v += 10 // takes VP from a rival (and may topple)
			if c == Automa {
				// The Automa scores its territories on each income turn
				// left.
				v += 2 * s.automaTLLeft()
			}
		}
		if t.Middle {
			v += 15
		}
		return v
	case "die":
		red := w.worth(RedDie[max(0, int(s.Red))])
		black := 1.5
		if int(s.Black) >= 0 && s.Black < 4 {
			black = wRes
		}
		if verb == "die" && arg == "red" {
			return int(10 * red)
		}
		return int(10 * black)
	case "trap":
		if key == "trap" {
			return 50
		}
		return 10
	case "place_building":
		if verb != "at" {
			return 10
		}
		r, c, ok := plotArg(arg)
		if !ok {
			return 10
		}
		return w.plotWeight(r*CitySize + c)
	case "place_landmark":
		if verb != "lm" {
			return 10
		}
		return w.landmarkWeight(a.Task.N, arg)
	case "play":
		c, err := strconv.Atoi(arg)
		if err != nil || c < 0 || c >= len(TapCards) {
			return 10
		}
		return int(10 + 4*w.cardWorth(c))
	case "upgrade":
		if key == "noupgrade" {
			return 2
		}
		return 20
	case "choose":
		i, err := strconv.Atoi(arg)
		if a.Task.E == nil || err != nil || i < 0 || i >= len(a.Task.E.Options) {
			return 10
		}
		return int(10 + 10*max(0, w.worth(a.Task.E.Options[i])))
	case "advance":
		if key == "skip" {
			return 2
		}
		t, k, ok := trackArg(arg)
		if !ok || k >= len(p.Tokens[t]) || p.Tokens[t][k] >= 12 {
			return 10
		}
		if a.Task.E != nil && !a.Task.E.Benefit {
			return 10 + int(5*float64(p.Tokens[t][k])/3)
		}
		return int(10 + 5*max(0, w.spaceWorth(t, int(p.Tokens[t][k])+1)))
	case "building_choice":
		b := slices.Index(BuildingNames[:], arg)
		if b < 0 || p.Taken[b] >= 5 {
			return 5
		}
		return int(10 + 3*w.buildingWorth(arg))
	case "refresh":
		return 10
	case "b:militarism_outpost":
		if key == "outpost" {
			return 30
		}
		return 10
	case "exploit":
		return 10
	}
	return 10
}

// hexArg reads "<a>@<b>".
func hexArg(arg string) (Hex, bool) {
	a, b, ok := pairArg(arg)
	return Hex{int8(a), int8(b)}, ok
}

// pairArg reads "<a>@<b>", two numbers.
func pairArg(arg string) (int, int, bool) {
	x, y, ok := strings.Cut(arg, "@")
	a, err1 := strconv.Atoi(x)
	b, err2 := strconv.Atoi(y)
	return a, b, ok && err1 == nil && err2 == nil
}

// plotArg reads "<row>@<col>".
func plotArg(arg string) (int, int, bool) {
	r, c, ok := pairArg(arg)
	return r, c, ok && r >= 0 && r < CitySize && c >= 0 && c < CitySize
}

// openCounts returns, for the capital, the open plots of each row (0..8),
// column (9..17) and district (18..26).
func (w *weigher) openCounts() *[27]int {
	if w.open != nil {
		return w.open
	}
	n := cityOpenCounts(Mats[w.p.Mat-1].base, w.p.Cover)
	w.open = &n
	return w.open
}

// lineWeight is how much closing a group with left open plots before
// the placement, of which k are covered by it, is worth.
func lineWeight(left, k int) int {
	switch left - k {
	case 0:
		return 40
	case 1:
		return 8
	case 2:
		return 3
	}
	return 0
}

// plotWeight weighs an income building on plot i.
func (w *weigher) plotWeight(i int) int {
	if w.p.Mat == 0 {
		return 10
	}
	n := w.openCounts()
	r, c := i/CitySize, i%CitySize
	v := 4 + lineWeight(n[r], 1) + lineWeight(n[9+c], 1) + lineWeight(n[18+3*(r/3)+c/3], 1)/2
	return v
}

// landmarkWeight weighs placing landmark lm at "<row>,<col>@<rot>".
func (w *weigher) landmarkWeight(lm int, arg string) int {
	if w.p.Mat == 0 || lm < 0 || lm >= len(Landmarks) {
		return 10
	}
	rc, rot, _ := strings.Cut(arg, "@")
	x, y, _ := strings.Cut(rc, ",")
	r, _ := strconv.Atoi(x)
	c, _ := strconv.Atoi(y)
	ro, _ := strconv.Atoi(rot)
	cells := cityCells(Landmarks[lm].Footprint, CityPlacement{Row: int8(r), Col: int8(c), Rot: int8(ro)})
	n := w.openCounts()
	var k [27]int
	for _, i := range cells {
		r, c := i/CitySize, i%CitySize
		k[r]++
		k[9+c]++
		k[18+3*(r/3)+c/3]++
	}
	v := 4 + 2*len(cells)
	for g := range 27 {
		if k[g] > 0 {
			lw := lineWeight(n[g], k[g])
			if g >= 18 {
				lw /= 2
			}
			v += lw
		}
	}
	return v
}

// cardWorth is a rough worth of playing tapestry card c now.
func (w *weigher) cardWorth(c int) float64 {
	card := &TapCards[c]
	if c == TrapCard {
		return 10
	}
	if card.Type == "this_era" {
		return 4
	}
	return max(1, w.worth(card.Effects))
}

// bestWorth is the largest worth f gives an item of xs (the best of a
// choice), 0 for none.
func bestWorth[T any](xs []T, f func(T) float64) float64 {
	best := 0.0
	for _, x := range xs {
		best = max(best, f(x))
	}
	return best
}
