package threadcount

import (
	"math/bits"
	"slices"
)

// Lines are the eight lines of the silk board (spec §2.1, T4): three rows,
// three columns and two diagonals, as cell numbers 1-9.
var Lines = [8][3]int{
	{1, 2, 3}, {4, 5, 6}, {7, 8, 9},
	{1, 4, 7}, {2, 5, 8}, {3, 6, 9},
	{1, 5, 9}, {3, 5, 7},
}

// bit is the board bit of cell c (1-9).
func bit(c int) uint16 { return 1 << (c - 1) }

// lineMask is the board mask of line i.
func lineMask(i int) uint16 {
	l := Lines[i]
	return bit(l[0]) | bit(l[1]) | bit(l[2])
}

// Cells lists the filled cells of a board mask in increasing order.
func Cells(board uint16) []int {
	out := []int{}
	for c := 1; c <= 9; c++ {
		if board&bit(c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// MaskOf is the board mask of a set of cells (1-9; others are ignored).
func MaskOf(cells ...int) uint16 {
	var m uint16
	for _, c := range cells {
		if c >= 1 && c <= 9 {
			m |= bit(c)
		}
	}
	return m
}

// LineCells is the union of every complete line of board.
func LineCells(board uint16) uint16 {
	var l uint16
	for i := range Lines {
		if m := lineMask(i); board&m == m {
			l |= m
		}
	}
	return l
}

// Completes reports whether filling cell c of board would complete a line.
func Completes(board uint16, c int) bool {
	for i, l := range Lines {
		if slices.Contains(l[:], c) {
			if m := lineMask(i) &^ bit(c); board&m == m {
				return true
			}
		}
	}
	return false
}

// Placeable lists the empty cells of board that a silk may go to without
// completing a line (sowing, T19; roll-off silk, T18).
func Placeable(board uint16) []int {
	var out []int
	for c := 1; c <= 9; c++ {
		if board&bit(c) == 0 && !Completes(board, c) {
			out = append(out, c)
		}
	}
	return out
}

// Outcome is what the silk board procedure did (spec §4.3), as cell lists.
type Outcome struct {
	Before  []int `json:"before"`
	Already []int `json:"already"` // B1: already full
	Filled  []int `json:"filled"`  // board after B2
	Lines   []int `json:"lines"`   // B3: cells of complete lines, cleared
	Refill  []int `json:"refill"`  // B4
	Doubles []int `json:"doubles"` // B5: already full, not in a line, cleared
	Harvest int   `json:"harvest"`
	After   []int `json:"after"`
}

func (o Outcome) clone() Outcome {
	return Outcome{slices.Clone(o.Before), slices.Clone(o.Already), slices.Clone(o.Filled), slices.Clone(o.Lines),
		slices.Clone(o.Refill), slices.Clone(o.Doubles), o.Harvest, slices.Clone(o.After)}
}

// Resolve runs the silk board procedure B1-B6 on the board pre for the
// three pointed-at cells (1-9, repeats allowed) and returns the new board
// and the outcome with the harvest.
func Resolve(pre uint16, cells [3]int) (uint16, Outcome) {
	var pointed, already uint16
	for i, c := range cells {
		b := bit(c)
		if pre&b != 0 {
			already |= b // B1: pointed at and already full
		}
		for _, d := range cells[:i] {
			if d == c {
				already |= b // B1: pointed at by two or more dice (T21)
			}
		}
		pointed |= b
	}
	board := pre | pointed // B2
	filled := board
	lines := LineCells(board) // B3
	board &^= lines
	h := bits.OnesCount16(lines)
	refill := already & lines // B4
	board |= refill
	doubles := already &^ lines // B5
	board &^= doubles
	h += bits.OnesCount16(doubles)
	return board, Outcome{
		Before: Cells(pre), Already: Cells(already), Filled: Cells(filled), Lines: Cells(lines),
		Refill: Cells(refill), Doubles: Cells(doubles), Harvest: h, After: Cells(board),
	}
}
