package warpweft

import (
	"slices"

	"spindle/games"
	"spindle/games/decktet"
)

// Sizes fixed by the rules (spec §3, §4).
const (
	// HandSize is the number of cards dealt to each player.
	HandSize = 12
	// Placements is the number of turns in a game: every hand card is placed.
	Placements = 2 * HandSize
)

// Option values (spec §8).
const (
	ExtendedNone   = "none"
	ExtendedPawns  = "pawns"
	ExtendedCourts = "courts"
	RolesChosen    = "chosen"
	RolesRandom    = "random"
)

// State is the full state of one game, hidden zones included. It is only
// ever shown to players through View.
//
// WarpSeat is games.Chance until the role coin (chance step C1) has been
// tossed. Hands are indexed by seat and kept in the deck's table order, so
// the order of a hand says nothing about the shuffle. Grid holds the start
// card first and then the placements in order. Conceded is
// games.Spectator unless a seat conceded.
type State struct {
	Extended string      `json:"extended"`
	Excuse   bool        `json:"excuse"`
	Roles    string      `json:"roles"`
	WarpSeat games.Seat  `json:"warp_seat"`
	Dealt    bool        `json:"dealt"`
	Hands    [2][]string `json:"hands"`
	Undealt  []string    `json:"undealt"`
	Grid     []Placed    `json:"grid"`
	Turn     int         `json:"turn"`
	Conceded games.Seat  `json:"conceded"`
}

// Deck returns the codes of the cards in use under the state's options, in
// the deck's table order (spec §2.4).
func (s *State) Deck() []string {
	parts := []decktet.Part{decktet.Basic}
	switch s.Extended {
	case ExtendedPawns:
		parts = append(parts, decktet.Pawns)
	case ExtendedCourts:
		parts = append(parts, decktet.Courts)
	}
	if s.Excuse {
		parts = append(parts, decktet.ExcusePart)
	}
	return decktet.Deck(parts...)
}

// Over reports whether the game has ended, by concession or after the last
// placement.
func (s *State) Over() bool {
	return s.Conceded != games.Spectator || (s.Dealt && s.Turn >= Placements)
}

// Mover returns the seat to place next: Warp on even turns, Weft on odd
// ones. It is meaningful only after the deal and before the end.
func (s *State) Mover() games.Seat {
	if s.Turn%2 == 0 {
		return s.WarpSeat
	}
	return 1 - s.WarpSeat
}

// occupied indexes the grid by cell.
func occupied(grid []Placed) map[Cell]bool {
	m := make(map[Cell]bool, len(grid))
	for _, p := range grid {
		m[p.Cell] = true
	}
	return m
}

// neighbours are the four orthogonal offsets; diagonals never count.
var neighbours = [4]Cell{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}

// OpenCells returns the empty cells orthogonally adjacent to at least one
// card of grid, sorted by row and then column.
func OpenCells(grid []Placed) []Cell {
	occ := occupied(grid)
	seen := map[Cell]bool{}
	var out []Cell
	for _, p := range grid {
		for _, d := range neighbours {
			c := Cell{p.Cell.X + d.X, p.Cell.Y + d.Y}
			if !occ[c] && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	slices.SortFunc(out, compareCells)
	return out
}

// compareCells orders cells by (Y, X).
func compareCells(a, b Cell) int {
	if a.Y != b.Y {
		return a.Y - b.Y
	}
	return a.X - b.X
}

// cardIndex is each code's position in the 45-card table, for sorting hands.
var cardIndex = func() map[string]int {
	m := make(map[string]int, len(decktet.All))
	for i, c := range decktet.All {
		m[c.Code] = i
	}
	return m
}()

// sortHand puts a hand in the deck's table order.
func sortHand(h []string) {
	slices.SortFunc(h, func(a, b string) int { return cardIndex[a] - cardIndex[b] })
}

// card returns the card with the given code; an unknown code (only possible
// in a corrupt record) gives a suitless card worth 0 rather than a panic.
func card(code string) decktet.Card {
	if c, ok := decktet.ByCode(code); ok {
		return c
	}
	return decktet.Card{Code: code, Name: code}
}

// Clone returns a deep copy of the state (games.Cloner): the driver uses it
// instead of a JSON round trip.
func (s *State) Clone() State {
	out := *s
	for i := range s.Hands {
		out.Hands[i] = slices.Clone(s.Hands[i])
	}
	out.Undealt = slices.Clone(s.Undealt)
	out.Grid = slices.Clone(s.Grid)
	return out
}
