package tapestry

// What a civilization's own assets will still pay, for the projection
// (features.go) and the weigher (weights.go). The fitted features count
// what every seat holds alike; these terms count what only one
// civilization turns into VP, so that the search sees a move that builds
// it up. civWorth (civworth.go) stays the measured worth of holding the
// civilization at all.
//
// Only the Militants have such a term. One for the Historians (their
// squares times the landmarks the token holders were expected to claim)
// was tried and dropped: the AI gave its tokens sooner and scored more
// with them, but 24 VP a game less in all over 12 seeds than the AI
// without it (docs/ai.md, round 7), likely because every landmark it
// claimed itself then counted against it as one fewer for the holders.

// resWorth is what a resource gained now is worth to p, as the fitted
// projection values one held in p's era.
func resWorth(p *Player) float64 { return evalW[fRes0+min(int(p.Era), 4)] }

// paysWorth is what a civilization's space pays, in VP: its VP, and each
// resource at res.
func paysWorth(effs []Effect, res float64) float64 {
	v := 0.0
	for _, e := range effs {
		switch e.Do {
		case "vp":
			v += float64(e.N)
		case "gain":
			v += res * float64(e.Res.Total())
		}
	}
	return v
}

// militantsTerm is what the spaces seat's conquests have uncovered on the
// Militants mat will still pay: each pays at the start of every income
// turn, so their worth times the income turns still to start.
func (s *State) militantsTerm(seat int) float64 {
	cs := s.civOf(seat, "militants")
	if cs == nil {
		return 0
	}
	p := &s.Players[seat]
	turns := float64(5 - int(p.Era))
	if turns <= 0 {
		return 0
	}
	v := 0.0
	for r, row := range militantsRowNames {
		spaces := Civs[cs.Civ].Rows[row]
		for i := 0; i < int(cs.Rows[r]) && i < len(spaces); i++ {
			v += paysWorth(spaces[i], resWorth(p))
		}
	}
	return v * turns
}

// militantsRowNames are the Militants mat's rows, as CivState.Rows counts
// them.
var militantsRowNames = [2]string{"top", "bottom"}

// militantsNext is what the next outpost taken from row (0 top, 1 bottom)
// of seat's Militants mat uncovers, over the income turns still to start;
// 0 when seat has no Militants or the row is empty.
func (s *State) militantsNext(seat, row int) float64 {
	cs := s.civOf(seat, "militants")
	if cs == nil || row < 0 || row > 1 {
		return 0
	}
	spaces := Civs[cs.Civ].Rows[militantsRowNames[row]]
	i := int(cs.Rows[row])
	if i >= len(spaces) {
		return 0
	}
	p := &s.Players[seat]
	return paysWorth(spaces[i], resWorth(p)) * float64(max(0, 5-int(p.Era)))
}
