package warpweft

import (
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/warpweft"
)

// This file builds Warp and Weft views by hand from the spec's worked
// examples (warp-and-weft spec §10), so the goldens do not depend on the
// rules engine.

// suitByLetter maps the spec's suit codes to suits.
var suitByLetter = map[byte]decktet.Suit{'M': decktet.Moons, 'S': decktet.Suns, 'W': decktet.Waves, 'L': decktet.Leaves, 'Y': decktet.Wyrms, 'K': decktet.Knots}

// suits parses "MS" as {Moons, Suns}.
func suits(s string) []decktet.Suit {
	var out []decktet.Suit
	for i := 0; i < len(s); i++ {
		out = append(out, suitByLetter[s[i]])
	}
	return out
}

// counts parses "M1 S1 K2" into a counts array.
func counts(s string) [decktet.NumSuits]int {
	var out [decktet.NumSuits]int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f[1:])
		if err != nil {
			panic(err)
		}
		out[suitByLetter[f[0]]] = n
	}
	return out
}

// line is one row of a spec scoring table.
func line(axis string, idx int, cards, cnt, most string, mostSum int, least string, leastSum, score int) warpweft.LineScore {
	return warpweft.LineScore{
		Axis: axis, Index: idx, Cards: strings.Fields(cards), Counts: counts(cnt),
		Most: suits(most), MostSum: mostSum, Least: suits(least), LeastSum: leastSum, Score: score,
	}
}

// layout parses a tableau as "x,y:CODE" fields.
func layout(s string) map[warpweft.Cell]string {
	m := map[warpweft.Cell]string{}
	for _, f := range strings.Fields(s) {
		pos, code, _ := strings.Cut(f, ":")
		xs, ys, _ := strings.Cut(pos, ",")
		x, _ := strconv.Atoi(xs)
		y, _ := strconv.Atoi(ys)
		m[warpweft.Cell{X: x, Y: y}] = code
	}
	return m
}

var dirs = []warpweft.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}}

// buildOrder places the cards of a connected tableau in breadth-first order
// from the start card at (0, 0), seats alternating from warp.
func buildOrder(cells map[warpweft.Cell]string, warp games.Seat) []warpweft.Placed {
	start := warpweft.Cell{}
	out := []warpweft.Placed{{Card: cells[start], Cell: start, By: games.Chance}}
	seen := map[warpweft.Cell]bool{start: true}
	for q := []warpweft.Cell{start}; len(q) > 0; q = q[1:] {
		for _, d := range dirs {
			n := warpweft.Cell{X: q[0].X + d.X, Y: q[0].Y + d.Y}
			if code, ok := cells[n]; ok && !seen[n] {
				seen[n] = true
				turn := len(out)
				by := warp
				if turn%2 == 0 {
					by = 1 - warp
				}
				out = append(out, warpweft.Placed{Card: code, Cell: n, By: by, Turn: turn})
				q = append(q, n)
			}
		}
	}
	return out
}

// openCells lists the empty cells next to a card, sorted by (Y, X).
func openCells(grid []warpweft.Placed) []warpweft.Cell {
	full := map[warpweft.Cell]bool{}
	for _, p := range grid {
		full[p.Cell] = true
	}
	set := map[warpweft.Cell]bool{}
	for _, p := range grid {
		for _, d := range dirs {
			n := warpweft.Cell{X: p.Cell.X + d.X, Y: p.Cell.Y + d.Y}
			if !full[n] {
				set[n] = true
			}
		}
	}
	var out []warpweft.Cell
	for c := range set {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b warpweft.Cell) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return out
}

// ex6 is spec Ex 6 after eight placements, Warp (seat 1) to play.
func ex6() warpweft.View {
	grid := buildOrder(layout(`0,-1:4MS -1,0:7SK 0,0:CW 1,0:2SY 2,0:AK 0,1:6MW -1,2:2MK 0,2:9LK 1,2:7WY`), 0)
	return warpweft.View{
		Viewer: games.Spectator, WarpSeat: 0, ToAct: 0, Turn: 8, Grid: grid,
		HandSize: [2]int{8, 8}, Undealt: 11, DeckSize: 36, Extended: "none",
		Score: warpweft.Scoring{
			Columns: []warpweft.LineScore{
				line("column", -1, "7SK 2MK", "M1 S1 K2", "K", 9, "MS", 9, 0),
				line("column", 0, "4MS CW 6MW 9LK", "M2 S1 W2 L1 K1", "MW", 20, "SLK", 13, 7),
				line("column", 1, "2SY 7WY", "S1 W1 Y2", "Y", 9, "SW", 9, 0),
				line("column", 2, "AK", "K1", "K", 1, "", 0, 1),
			},
			Rows: []warpweft.LineScore{
				line("row", -1, "4MS", "M1 S1", "MS", 4, "", 0, 4),
				line("row", 0, "7SK CW 2SY AK", "S2 W1 Y1 K2", "SK", 10, "WY", 12, -2),
				line("row", 1, "6MW", "M1 W1", "MW", 6, "", 0, 6),
				line("row", 2, "2MK 9LK 7WY", "M1 W1 L1 Y1 K2", "K", 11, "MWLY", 18, -7),
			},
			Warp: 8, Weft: 1,
		},
		Conceded: games.Spectator, Winner: games.Spectator,
	}
}

// ex8Layout is the 25-card tableau of spec Ex 8.
const ex8Layout = `
-3,-2:9WY -2,-2:9MS -1,-2:8YK 2,-2:QSLK
-3,-1:7WY -2,-1:QSWY 1,-1:7SK 2,-1:4YK 3,-1:AW
-3,0:6MW -2,0:7ML -1,0:CW 0,0:CK 1,0:3SK 2,0:4WL
-3,1:AM -1,1:QMLY 1,1:6LK 2,1:AL 3,1:CL
-2,2:2WL -1,2:3LY 0,2:9LK 1,2:5SW 3,2:2SY`

// ex8Score is the breakdown of spec Ex 8.
func ex8Score() warpweft.Scoring {
	return warpweft.Scoring{
		Columns: []warpweft.LineScore{
			line("column", -3, "9WY 7WY 6MW AM", "M2 W3 Y2", "W", 22, "MY", 23, -1),
			line("column", -2, "9MS QSWY 7ML 2WL", "M2 S2 W2 L2 Y1", "MSWL", 18, "Y", 0, 18),
			line("column", -1, "8YK CW QMLY 3LY", "M1 W1 L2 Y3 K1", "Y", 11, "MWK", 18, -7),
			line("column", 0, "CK 9LK", "L1 K2", "K", 19, "L", 9, 10),
			line("column", 1, "7SK 3SK 6LK 5SW", "S3 W1 L1 K3", "SK", 21, "WL", 11, 10),
			line("column", 2, "QSLK 4YK 4WL AL", "S1 W1 L3 Y1 K2", "L", 5, "SWY", 8, -3),
			line("column", 3, "AW CL 2SY", "S1 W1 L1 Y1", "SWLY", 13, "", 0, 13),
		},
		Rows: []warpweft.LineScore{
			line("row", -2, "9WY 9MS 8YK QSLK", "M1 S2 W1 L1 Y2 K2", "SYK", 26, "MWL", 18, 8),
			line("row", -1, "7WY QSWY 7SK 4YK AW", "S2 W3 Y3 K2", "WY", 12, "SK", 11, 1),
			line("row", 0, "6MW 7ML CW CK 3SK 4WL", "M2 S1 W3 L2 K2", "W", 20, "S", 3, 17),
			line("row", 1, "AM QMLY 6LK AL CL", "M2 L4 Y1 K1", "L", 17, "YK", 6, 11),
			line("row", 2, "2WL 3LY 9LK 5SW 2SY", "S2 W2 L3 Y2 K1", "L", 14, "K", 9, 5),
		},
		Warp: 40, Weft: 42,
	}
}

// ex8 is spec Ex 8 at the end of the game: Weft (seat 2) wins 42 to 40.
func ex8() warpweft.View {
	return warpweft.View{
		Viewer: games.Spectator, WarpSeat: 0, ToAct: games.Spectator, Turn: 24,
		Grid: buildOrder(layout(ex8Layout), 0), Undealt: 15, DeckSize: 40, Extended: "courts",
		Score: ex8Score(), Over: true, Conceded: games.Spectator, Winner: 1,
	}
}

// ex8Panel is Warp's private panel on the Ex 8 tableau with a made-up hand
// of five cards, Warp to play.
func ex8Panel() warpweft.View {
	v := ex8()
	v.Viewer, v.ToAct, v.Turn, v.Over, v.Winner = 0, 0, 19, false, games.Spectator
	v.Hand = []string{"CS", "8MS", "CY", "5YK", "QMWK"}
	v.HandSize = [2]int{5, 5}
	v.Open = openCells(v.Grid)
	return v
}

// ex7 is spec Ex 7 scored: the Excuse makes Warp ignore Leaves in column 0
// and Weft ignore Knots in row 0; a 23 to 23 draw.
func ex7() warpweft.View {
	leaves, knots := decktet.Leaves, decktet.Knots
	col0 := line("column", 0, "X 3MW 4WL AM", "M2 W2 L1", "MW", 8, "", 0, 8)
	col0.Ignored = &leaves
	row0 := line("row", 0, "X 2SY CY 3SK", "S2 Y2 K1", "SY", 15, "", 0, 15)
	row0.Ignored = &knots
	return warpweft.View{
		Viewer: games.Spectator, WarpSeat: 1, ToAct: games.Spectator, Turn: 24,
		Grid:    buildOrder(layout(`0,0:X 1,0:2SY 2,0:CY 3,0:3SK 0,1:3MW 0,2:4WL 0,3:AM`), 1),
		Undealt: 12, DeckSize: 37, Excuse: true, Extended: "none",
		Score: warpweft.Scoring{
			Columns: []warpweft.LineScore{
				col0,
				line("column", 1, "2SY", "S1 Y1", "SY", 2, "", 0, 2),
				line("column", 2, "CY", "Y1", "Y", 10, "", 0, 10),
				line("column", 3, "3SK", "S1 K1", "SK", 3, "", 0, 3),
			},
			Rows: []warpweft.LineScore{
				row0,
				line("row", 1, "3MW", "M1 W1", "MW", 3, "", 0, 3),
				line("row", 2, "4WL", "W1 L1", "WL", 4, "", 0, 4),
				line("row", 3, "AM", "M1", "M", 1, "", 0, 1),
			},
			Warp: 23, Weft: 23,
		},
		Over: true, Conceded: games.Spectator, Winner: games.Spectator,
	}
}
