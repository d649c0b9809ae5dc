package warpweft

import "spindle/games"

// Evaluate estimates each seat's share of a game in progress
// (games.Evaluator): the two line totals of the tableau so far, compared
// on a logistic curve that is wide early on, when many cards are still to
// come, and narrows as the grid fills. Before the deal both seats get 0.5.
func (Game) Evaluate(s *State) []float64 {
	out := []float64{0.5, 0.5}
	if !s.Dealt || s.WarpSeat < 0 || s.Over() {
		return out
	}
	sc := ScoreTableau(s.Grid)
	v := make([]float64, 2)
	v[s.WarpSeat], v[1-s.WarpSeat] = float64(sc.Warp), float64(sc.Weft)
	left := float64(Placements - s.Turn)
	return games.Shares(v, 3+left)
}
