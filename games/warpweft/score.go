package warpweft

import (
	"fmt"
	"slices"
	"strings"

	"spindle/games"
	"spindle/games/decktet"
)

// Score lines.
//
// The score of the tableau is public and changes with every card put down:
// the start card opens column 0 for Warp and row 0 for Weft, and each
// placement changes one column and one row. Every change is told in the log
// as a games.Points clause, so the log adds up to the final scores; the
// final scoring itself changes nothing (a scored game's totals are the
// provisional totals after the 24th card).

// lineOf scores the line of grid through cell: its column (Warp's line)
// when column is set, else its row (Weft's line).
func lineOf(grid []Placed, cell Cell, column bool) LineScore {
	var ps []Placed
	for _, p := range grid {
		if (column && p.Cell.X == cell.X) || (!column && p.Cell.Y == cell.Y) {
			ps = append(ps, p)
		}
	}
	// Cards in order along the line, as ScoreTableau has them.
	slices.SortFunc(ps, func(a, b Placed) int {
		if column {
			return a.Cell.Y - b.Cell.Y
		}
		return a.Cell.X - b.Cell.X
	})
	cards := make([]decktet.Card, len(ps))
	for i, p := range ps {
		cards[i] = card(p.Card)
	}
	ls := BestLine(cards)
	ls.Axis, ls.Index = "row", cell.Y
	if column {
		ls.Axis, ls.Index = "column", cell.X
	}
	return ls
}

// Change is what putting a card on a cell does to the two scores: Warp's
// column and Weft's row through the cell, before and after.
type Change struct {
	Column, ColumnBefore LineScore
	Row, RowBefore       LineScore
}

// Warp is the change of Warp's total; Weft the change of Weft's.
func (c Change) Warp() int { return c.Column.Score - c.ColumnBefore.Score }

// Weft is the change of Weft's total.
func (c Change) Weft() int { return c.Row.Score - c.RowBefore.Score }

// change works out what card on cell does to the scores of grid.
func change(grid []Placed, code string, cell Cell) Change {
	after := append(slices.Clip(grid), Placed{Card: code, Cell: cell})
	return Change{
		Column: lineOf(after, cell, true), ColumnBefore: lineOf(grid, cell, true),
		Row: lineOf(after, cell, false), RowBefore: lineOf(grid, cell, false),
	}
}

// scoreClauses is the one place a score change is written: the games.Points
// clauses of Warp's and Weft's changes when code goes on cell of grid
// ("{{p0}} +4 points (column 1 now 7)"), changes of zero left out, and
// "no score changes" when both are zero.
func scoreClauses(grid []Placed, code string, cell Cell, warp games.Seat) string {
	ch := change(grid, code, cell)
	var parts []string
	if n := ch.Warp(); n != 0 {
		parts = append(parts, games.Points(warp, n, "points", fmt.Sprintf("column %s now %s", numText(cell.X), numText(ch.Column.Score))))
	}
	if n := ch.Weft(); n != 0 {
		parts = append(parts, games.Points(1-warp, n, "points", fmt.Sprintf("row %s now %s", numText(cell.Y), numText(ch.Row.Score))))
	}
	if len(parts) == 0 {
		return "no score changes"
	}
	return strings.Join(parts, ", ")
}

// signed writes a score change with its sign: "+4", "−2", "±0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + numText(n)
	case n == 0:
		return "±0"
	}
	return numText(n)
}

// mostText names the Most suits of a line ("Knots most"), or "" for a line
// without suits.
func mostText(l LineScore) string {
	if len(l.Most) == 0 {
		return ""
	}
	return suitList(l.Most) + " most"
}
