package warpweft

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/decktet"
)

// Op says what an Action does.
type Op uint8

// The three kinds of action.
const (
	// Place puts a hand card on a cell (a player action).
	Place Op = iota
	// Coin names the Warp seat (chance step C1, roles=random only).
	Coin
	// Deal is the whole shuffled deck (chance step C2).
	Deal
)

// Action is one Warp and Weft action. Only the fields of its Op are set.
type Action struct {
	Op Op
	// Card and Cell are the card code and target cell of a Place.
	Card string
	Cell Cell
	// Warp is the seat a Coin makes Warp.
	Warp games.Seat
	// Deck is the shuffled deck of a Deal, top card first.
	Deck []string
}

// Key returns the canonical key: "<card>@<x>,<y>" for a placement,
// "warp:<seat>" for the role coin and "deal:<code>.<code>..." for the deal.
func (a Action) Key() string {
	switch a.Op {
	case Coin:
		return "warp:" + strconv.Itoa(int(a.Warp))
	case Deal:
		return "deal:" + strings.Join(a.Deck, ".")
	}
	return a.Card + "@" + strconv.Itoa(a.Cell.X) + "," + strconv.Itoa(a.Cell.Y)
}

// parseAction decodes a key strictly: only the canonical form is accepted.
func parseAction(key string) (Action, error) {
	bad := func(why string) (Action, error) {
		return Action{}, fmt.Errorf("warpweft: key %q: %s: %w", key, why, games.ErrBadKey)
	}
	if rest, ok := strings.CutPrefix(key, "warp:"); ok {
		switch rest {
		case "0":
			return Action{Op: Coin, Warp: 0}, nil
		case "1":
			return Action{Op: Coin, Warp: 1}, nil
		}
		return bad("the Warp seat must be 0 or 1")
	}
	if rest, ok := strings.CutPrefix(key, "deal:"); ok {
		codes := strings.Split(rest, ".")
		if len(codes) > len(decktet.All) {
			return bad("too many cards")
		}
		seen := make(map[string]bool, len(codes))
		for _, c := range codes {
			if _, ok := decktet.ByCode(c); !ok {
				return bad("unknown card")
			}
			if seen[c] {
				return bad("a card appears twice")
			}
			seen[c] = true
		}
		return Action{Op: Deal, Deck: codes}, nil
	}
	code, cell, ok := strings.Cut(key, "@")
	if !ok {
		return bad("want <card>@<x>,<y>")
	}
	if _, ok := decktet.ByCode(code); !ok {
		return bad("unknown card")
	}
	xs, ys, ok := strings.Cut(cell, ",")
	if !ok {
		return bad("want <card>@<x>,<y>")
	}
	x, okx := parseCoord(xs)
	y, oky := parseCoord(ys)
	if !okx || !oky {
		return bad("coordinates must be plain integers")
	}
	return Action{Op: Place, Card: code, Cell: Cell{x, y}}, nil
}

// maxCoord bounds coordinates in keys. A game of 25 cards never reaches
// beyond 24 from the start card; the bound keeps keys short.
const maxCoord = 999

// parseCoord accepts exactly the canonical decimal form of an integer.
func parseCoord(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || strconv.Itoa(n) != s || n < -maxCoord || n > maxCoord {
		return 0, false
	}
	return n, true
}
