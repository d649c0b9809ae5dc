package warpweft

import (
	"maps"
	"slices"

	"spindle/games/decktet"
)

// ScoreLine scores one line by spec §7.1. ignore is the suit left out of the
// count (the Excuse line's ignored suit, §7.2), or nil. The result has the
// card codes in the given order, the counts (the ignored suit counts 0),
// the Most and Least suits in canonical order, both sums and the score;
// Axis and Index are left for the caller.
func ScoreLine(cards []decktet.Card, ignore *decktet.Suit) LineScore {
	ls := LineScore{Cards: make([]string, 0, len(cards))}
	if ignore != nil {
		ign := *ignore
		ls.Ignored = &ign
	}
	for _, c := range cards {
		ls.Cards = append(ls.Cards, c.Code)
		for _, s := range c.Suits {
			if ignore == nil || s != *ignore {
				ls.Counts[s]++
			}
		}
	}
	hi, lo := 0, 0
	for _, n := range ls.Counts {
		if n == 0 {
			continue
		}
		if hi == 0 || n > hi {
			hi = n
		}
		if lo == 0 || n < lo {
			lo = n
		}
	}
	if hi == 0 {
		return ls // no suit present: the line scores 0
	}
	for _, s := range decktet.Suits {
		switch n := ls.Counts[s]; {
		case n == hi:
			ls.Most = append(ls.Most, s)
		case n == lo && lo < hi: // R5: Least only below the maximum
			ls.Least = append(ls.Least, s)
		}
	}
	for _, c := range cards {
		// R4: a card with a Most and a Least suit is in both sums. The
		// ignored suit has count 0, so it is in neither set.
		if carriesAny(c, ls.Most) {
			ls.MostSum += c.Value
		}
		if carriesAny(c, ls.Least) {
			ls.LeastSum += c.Value
		}
	}
	ls.Score = ls.MostSum - ls.LeastSum
	return ls
}

func carriesAny(c decktet.Card, suits []decktet.Suit) bool {
	return slices.ContainsFunc(suits, c.Has)
}

// BestLine scores one line for its owner. A line without the Excuse is
// scored as is; in the line holding the Excuse the ignored suit is chosen
// automatically (R7): every suit is tried in canonical order and the first
// with the highest score wins, so Ignored is always set there.
func BestLine(cards []decktet.Card) LineScore {
	if !slices.ContainsFunc(cards, func(c decktet.Card) bool { return c.Rank == decktet.Excuse }) {
		return ScoreLine(cards, nil)
	}
	var best LineScore
	for i, s := range decktet.Suits {
		ls := ScoreLine(cards, &s)
		if i == 0 || ls.Score > best.Score {
			best = ls
		}
	}
	return best
}

// ScoreTableau scores a whole tableau (spec §7): Warp's columns left to
// right and Weft's rows top to bottom, each line's cards in order along the
// line, gaps ignored (R3), and the two totals.
func ScoreTableau(grid []Placed) Scoring {
	sc := Scoring{
		Columns: lines(grid, "column", func(c Cell) (int, int) { return c.X, c.Y }),
		Rows:    lines(grid, "row", func(c Cell) (int, int) { return c.Y, c.X }),
	}
	for _, l := range sc.Columns {
		sc.Warp += l.Score
	}
	for _, l := range sc.Rows {
		sc.Weft += l.Score
	}
	return sc
}

// lines groups the grid by the line coordinate of split and scores each
// line, its cards sorted by the other coordinate.
func lines(grid []Placed, axis string, split func(Cell) (line, along int)) []LineScore {
	byLine := map[int][]Placed{}
	for _, p := range grid {
		l, _ := split(p.Cell)
		byLine[l] = append(byLine[l], p)
	}
	out := make([]LineScore, 0, len(byLine))
	for _, l := range slices.Sorted(maps.Keys(byLine)) {
		ps := byLine[l]
		slices.SortFunc(ps, func(a, b Placed) int {
			_, pa := split(a.Cell)
			_, pb := split(b.Cell)
			return pa - pb
		})
		cards := make([]decktet.Card, len(ps))
		for i, p := range ps {
			cards[i] = card(p.Card)
		}
		ls := BestLine(cards)
		ls.Axis, ls.Index = axis, l
		out = append(out, ls)
	}
	return out
}
