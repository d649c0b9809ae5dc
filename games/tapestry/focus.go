package tapestry

import (
	"slices"

	"spindle/games"
)

// The search's focus (games.Focuser): the sub-decisions of a turn whose
// answers the weigher ranks well enough are cut to their best few, so
// that the search spends its budget on the turn's real choice (which
// track to advance, whether to take income, which bonus to buy) rather
// than on the dozens of plots a building could go to. These are the
// macro-actions of the AI: a building goes where it closes most rows,
// columns and districts, a tile is turned to one of its best alignments,
// a payment keeps the pool even. Every legal action stays legal; only
// search asks.

var _ games.Focuser[State, Action] = Game{}

// focusKeep is, by ask kind, how many of the weigher's best answers the
// search weighs; kinds not listed are weighed whole.
var focusKeep = map[string]int{
	"place_building": 2,
	"place_landmark": 3,
	"explore_hex":    4,
	"explore_rot":    2,
	"pay":            2,
	"gain_any":       3,
}

// Focus returns the indexes, ascending, of the answers in legal the
// search should weigh, by the weigher's weights w of them, or nil for all
// of them.
func (g Game) Focus(s *State, seat games.Seat, legal []Action, w []int) []int {
	a := s.Ask
	if a == nil {
		return nil
	}
	keep, ok := focusKeep[a.Kind]
	if !ok || len(legal) <= keep {
		return nil
	}
	if len(w) != len(legal) {
		return nil
	}
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	// The best first; among equals, the first in legal's order.
	slices.SortStableFunc(idx, func(x, y int) int { return w[y] - w[x] })
	idx = idx[:keep]
	slices.Sort(idx)
	return idx
}
