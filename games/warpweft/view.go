package warpweft

import (
	"spindle/games"
	"spindle/games/decktet"
)

// Cell is a grid position: X is the column (grows right), Y the row (grows down).
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Placed is a card on the table. By is the seat that placed it, or
// games.Chance for the start card; Turn is 0 for the start card and 1..24
// for placements in order.
type Placed struct {
	Card string     `json:"card"`
	Cell Cell       `json:"cell"`
	By   games.Seat `json:"by"`
	Turn int        `json:"turn"`
}

// LineScore is the scoring of one column (for Warp) or row (for Weft),
// following spec §7.1. Ignored is the suit auto-ignored in the Excuse line
// (§7.2), nil elsewhere.
type LineScore struct {
	Axis     string                `json:"axis"` // "column" or "row"
	Index    int                   `json:"index"`
	Cards    []string              `json:"cards"`
	Counts   [decktet.NumSuits]int `json:"counts"`
	Most     []decktet.Suit        `json:"most"`
	MostSum  int                   `json:"most_sum"`
	Least    []decktet.Suit        `json:"least"`
	LeastSum int                   `json:"least_sum"`
	Ignored  *decktet.Suit         `json:"ignored,omitempty"`
	Score    int                   `json:"score"`
}

// Scoring is the breakdown of the whole tableau: Warp's columns, Weft's rows
// and the totals. It is public (spec §5: provisional scores are public).
type Scoring struct {
	Columns []LineScore `json:"columns"`
	Rows    []LineScore `json:"rows"`
	Warp    int         `json:"warp"`
	Weft    int         `json:"weft"`
}

// View is everything one viewer may know (spec §5). Hand is the viewer's own
// hand (nil for spectators and before the deal); the opponent's hand and the
// undealt cards appear only as counts.
type View struct {
	Viewer games.Seat `json:"viewer"`
	// WarpSeat is the seat playing Warp (scores columns, moves first);
	// games.Chance until the role coin has been tossed.
	WarpSeat games.Seat `json:"warp_seat"`
	// ToAct is the seat to place next; games.Chance before the deal, and
	// games.Spectator when the game is over.
	ToAct    games.Seat `json:"to_act"`
	Turn     int        `json:"turn"` // placements made, 0..24
	Grid     []Placed   `json:"grid"` // start card first, then in placement order
	Hand     []string   `json:"hand,omitempty"`
	HandSize [2]int     `json:"hand_size"` // by seat
	Undealt  int        `json:"undealt"`
	DeckSize int        `json:"deck_size"`
	Extended string     `json:"extended"` // none, pawns or courts
	Excuse   bool       `json:"excuse"`
	// Open lists the empty cells a card may go to next, sorted by (Y, X).
	Open []Cell `json:"open,omitempty"`
	// Score is the scoring of the current tableau (final once Over).
	Score Scoring `json:"score"`
	Over  bool    `json:"over"`
	// Conceded is the seat that conceded, or games.Spectator if none did.
	Conceded games.Seat `json:"conceded"`
	// Winner is the winning seat once over, or games.Spectator for a draw.
	Winner games.Seat `json:"winner"`
}

// Last returns the most recently placed card, if any placement was made
// after the start card.
func (v View) Last() (Placed, bool) {
	if len(v.Grid) < 2 {
		return Placed{}, false
	}
	return v.Grid[len(v.Grid)-1], true
}
