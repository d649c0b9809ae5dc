package tapestry

import (
	"slices"
)

// The Automa on the map (spec §17.7, §17.8): hex tiebreaker, distances,
// conquer, explore, and its trap stock against the human's conquests.

// scanPos is h's place in a hex scan: its row k and position j, with
// h = start + k·next_row + j·along (every card's two directions span the
// lattice, so k and j are whole).
func scanPos(c HexScan, h Hex) (k, j int) {
	da, db := int(h.A)-c.Start[0], int(h.B)-c.Start[1]
	n, al := c.NextRow, c.Along
	det := n[0]*al[1] - n[1]*al[0]
	k = (da*al[1] - db*al[0]) / det
	j = (n[0]*db - n[1]*da) / det
	return k, j
}

// scanBefore reports whether a comes before b in the scan: rows 0, 1, 2,
// … then -1, -2, … (R15), and along a row by increasing j.
func scanBefore(c HexScan, a, b Hex) bool {
	ka, ja := scanPos(c, a)
	kb, jb := scanPos(c, b)
	ra, rb := rowRank(ka), rowRank(kb)
	if ra != rb {
		return ra < rb
	}
	return ja < jb
}

func rowRank(k int) int {
	if k >= 0 {
		return 2 * k
	}
	return -2*k - 1 + 1000
}

// tiebreakHex picks one hex among several with the tiebreaker card in
// force (§17.7).
func (s *State) tiebreakHex(hs []Hex) Hex {
	c := s.tie().HexScan
	best := hs[0]
	for _, h := range hs[1:] {
		if scanBefore(c, h, best) {
			best = h
		}
	}
	return best
}

// noPath is the distance to an unreachable hex.
const noPath = 1 << 20

// passable reports whether a path may cross h (§17.7): no Automa outpost
// and at most one of the human's items.
func (s *State) passable(t *Territory) bool {
	mine := 0
	for _, o := range t.Outposts {
		if o.Seat == Automa {
			return false
		}
		if o.Seat == 0 {
			mine++
		}
	}
	return mine <= 1
}

// hexGrid indexes the map's territories by hex for the Automa's path
// searches: one lookup per neighbour instead of a scan of the map.
type hexGrid struct {
	s   *State
	idx [gridSide * gridSide]int16 // territory index + 1; 0 for no territory
}

// gridSide bounds the hex coordinates the grid holds (-16..15 each way);
// every map fits well inside it.
const gridSide = 32

// cell is h's place in the grid, or -1 outside it.
func cell(h Hex) int {
	a, b := int(h.A)+gridSide/2, int(h.B)+gridSide/2
	if a < 0 || b < 0 || a >= gridSide || b >= gridSide {
		return -1
	}
	return a*gridSide + b
}

func (s *State) hexGrid() *hexGrid {
	g := &hexGrid{s: s}
	for i := range s.Map {
		if c := cell(s.Map[i].Hex); c >= 0 {
			g.idx[c] = int16(i + 1)
		}
	}
	return g
}

// terr is the territory at cell c, or nil.
func (g *hexGrid) terr(c int) *Territory {
	if c < 0 || g.idx[c] == 0 {
		return nil
	}
	return &g.s.Map[g.idx[c]-1]
}

// distance is the fewest steps from h to a hex where goal holds, through
// passable map hexes (the two ends excepted), or noPath.
func (g *hexGrid) distance(h Hex, goal func(*Territory) bool) int {
	start := cell(h)
	if t := g.terr(start); t != nil && goal(t) {
		return 0
	}
	if start < 0 {
		return noPath // a hex off the grid has no map neighbours
	}
	var seen [gridSide * gridSide]bool
	seen[start] = true
	var buf [2][64]Hex
	frontier := append(buf[0][:0], h)
	for d := 1; len(frontier) > 0; d++ {
		next := buf[d%2][:0]
		for _, x := range frontier {
			for k := range 6 {
				y := x.Neighbour(k)
				c := cell(y)
				t := g.terr(c)
				if t == nil || seen[c] {
					continue
				}
				seen[c] = true
				if goal(t) {
					return d
				}
				if g.s.passable(t) {
					next = append(next, y)
				}
			}
		}
		frontier = next
	}
	return noPath
}

// keepBy keeps the hexes whose distance to goal is the least (or, with
// furthest, the greatest).
func (s *State) keepBy(hs []Hex, goal func(*Territory) bool, furthest bool) []Hex {
	g := s.hexGrid()
	ds := make([]int, len(hs))
	best := -1
	for i, h := range hs {
		ds[i] = g.distance(h, goal)
		if best < 0 || !furthest && ds[i] < best || furthest && ds[i] > best {
			best = ds[i]
		}
	}
	var out []Hex
	for i, h := range hs {
		if ds[i] == best {
			out = append(out, h)
		}
	}
	return out
}

// isMiddle is the middle island.
func isMiddle(t *Territory) bool { return t.Middle }

// humanHeld reports whether the human controls t.
func (s *State) humanHeld(t *Territory) bool { return s.Controls(0, t) }

// canEarnMiddle reports whether the Automa may still earn the middle
// island: it has not, a slot is left, and the island can be conquered by it.
func (s *State) canEarnMiddle() bool {
	if s.Players[Automa].Achieved[2] || len(s.Claims[2]) >= len(Achievements[2].Order.Small) {
		return false
	}
	for i := range s.Map {
		if t := &s.Map[i]; t.Middle {
			return len(t.Outposts) <= 1 && !s.Controls(Automa, t)
		}
	}
	return false
}

// tilesLeft reports whether a territory tile can still be drawn.
func (s *State) tilesLeft() bool { return len(s.TerrStack)+len(s.TerrDiscard) > 0 }

// adjacentTo reports whether h touches a territory where held holds.
func (s *State) adjacentTo(h Hex, held func(*Territory) bool) bool {
	for k := range 6 {
		if n := s.Terr(h.Neighbour(k)); n != nil && n.Explored() && held(n) {
			return true
		}
	}
	return false
}

// automaConquer is the Automa's conquer (§17.8): the human's territory if
// it can, else a neutral hex.
func (s *State) automaConquer(t Task, ev *events) {
	a := &s.Players[Automa]
	if a.Outposts <= 0 || a.Done || s.needTie(t) {
		return
	}
	var opp []Hex
	for _, h := range s.conquerTargets(Automa, t.Flag) {
		if s.Terr(h).Controller() == 0 {
			opp = append(opp, h)
		}
	}
	if len(opp) > 0 {
		if s.canEarnMiddle() {
			opp = s.keepBy(opp, isMiddle, false)
		}
		s.conquerTarget(Task{Op: "conquer", Seat: Automa, Flag: t.Flag}, s.tiebreakHex(opp), ev)
		return
	}
	topple := s.tie().Topple
	valid := s.conquerTargets(Automa, t.Flag)
	if s.tilesLeft() {
		valid = append(valid, s.exploreHexes(Automa, t.Flag)...)
	}
	if !topple {
		valid = slices.DeleteFunc(valid, func(h Hex) bool { return s.adjacentTo(h, s.humanHeld) })
	}
	if len(valid) == 0 {
		ev.say("%s finds nowhere to conquer.", who(Automa))
		return
	}
	if s.canEarnMiddle() {
		valid = s.keepBy(valid, isMiddle, false)
	}
	single := func(x *Territory) bool { return s.humanHeld(x) && len(x.Outposts) == 1 }
	anySingle := false
	for i := range s.Map {
		anySingle = anySingle || single(&s.Map[i])
	}
	if anySingle {
		valid = s.keepBy(valid, single, false)
	} else {
		valid = s.keepBy(valid, s.humanHeld, false)
	}
	h := s.tiebreakHex(valid)
	place := Task{Op: "solo_place", Seat: Automa, Hex: &h, Flag: topple, Str: "conquer"}
	if !s.Terr(h).Explored() {
		hh := h
		s.push(Task{Op: "solo_tile", Seat: Automa, Hex: &hh}, place)
		return
	}
	s.push(place)
}

// automaPlace puts the Automa's outpost on a neutral hex it conquers, with
// a toppled Shadow Empire outpost when the tiebreaker card topples.
func (s *State) automaPlace(t Task, ev *events) {
	tr := s.Terr(*t.Hex)
	a := &s.Players[Automa]
	if !tr.Explored() || a.Outposts <= 0 {
		return
	}
	tr.Outposts = append(tr.Outposts, Outpost{Seat: Automa})
	a.Outposts--
	ev.say("%s conquers %s.", who(Automa), tr.Hex)
	if sh := &s.Players[Shadow]; t.Flag && !tr.Middle && len(tr.Outposts) < 2 && sh.Outposts > 0 {
		tr.Outposts = append(tr.Outposts, Outpost{Seat: Shadow, Down: true})
		sh.Outposts--
		ev.say("A toppled outpost of %s joins it there.", who(Shadow))
	}
	if tr.Middle && s.Controls(Automa, tr) {
		s.achieve(Automa, 2, ev)
	}
	s.push(Task{Op: "achieve"})
}

// automaExplore is the Automa's explore (§17.8): next to its territories
// (anywhere when flagged), as far from the human as it can unless its
// favourite is military; no VP, no benefit, no control.
func (s *State) automaExplore(t Task) {
	if s.Players[Automa].Done || !s.tilesLeft() {
		return
	}
	valid := s.exploreHexes(Automa, t.Flag)
	if len(valid) == 0 || s.needTie(t) {
		return
	}
	if Track(s.Solo.Fav[0]) != Military {
		valid = s.keepBy(valid, s.humanHeld, true)
	}
	h := s.tiebreakHex(valid)
	s.push(Task{Op: "solo_tile", Seat: Automa, Hex: &h})
}

// automaToppleShadow is the Conquerors' second ability: with more than two
// Automa territories holding one item, a toppled Shadow Empire outpost
// joins one of them.
func (s *State) automaToppleShadow(t Task, ev *events) {
	var hs []Hex
	for i := range s.Map {
		tr := &s.Map[i]
		if s.Controls(Automa, tr) && len(tr.Outposts) == 1 {
			hs = append(hs, tr.Hex)
		}
	}
	if len(hs) <= 2 || s.Players[Shadow].Outposts <= 0 || s.needTie(t) {
		return
	}
	h := s.tiebreakHex(hs)
	tr := s.Terr(h)
	tr.Outposts = append(tr.Outposts, Outpost{Seat: Shadow, Down: true})
	s.Players[Shadow].Outposts--
	ev.say("A toppled outpost of %s joins %s's territory %s.", who(Shadow), who(Automa), h)
}

// automaTrapCheck starts the Automa's answer to the human's conquest of
// one of its territories (§17.8): with cards in its trap stock it
// discards them at random until a Trap comes up. It reports whether it
// took over the conquest.
func (s *State) automaTrapCheck(t Task, ev *events) bool {
	if s.Solo == nil || int(t.Tok) != Automa || s.Players[Automa].Done || len(s.Solo.Stock) == 0 ||
		s.rule(int(t.Seat), "no_traps_against_you", -1) {
		return false
	}
	ev.say("%s attacks %s's territory %s.", who(int(t.Seat)), who(Automa), t.Hex)
	s.stockAsk(t)
	return true
}

// stockAsk draws a card of the trap stock at random.
func (s *State) stockAsk(t Task) {
	opts, w := pileOpts(s.Solo.Stock, len(TapCards), "card:")
	s.askChance("solo_trap", opts, w, t)
}
