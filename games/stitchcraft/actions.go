package stitchcraft

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
)

// Op says what an Action does.
type Op uint8

// The kinds of action. Deal and Master are chance outcomes; the rest are
// player decisions.
const (
	// Deal is one player's shuffled Chest (chance step C3).
	Deal Op = iota
	// Master names a team's Master (chance step C2).
	Master
	// Play puts a hand Tapestry of Colour face down into the Display.
	Play
	// Reveal turns the Display Tapestry with Label face up (an action).
	Reveal
	// React answers a reaction window with the lowest-labelled face-down Purple.
	React
	// Pass answers a reaction window without reacting.
	Pass
	// Pick chooses a Tapestry of Seat in Zone (by Label or Colour).
	Pick
	// Choose names a player (Seat) for a power.
	Choose
	// Skip declines an optional "choose a player".
	Skip
	// Done stops an "up to" choice (Plunder).
	Done
	// Top puts a looked-at Tapestry of Colour back on top.
	Top
	// Bottom sends a looked-at Tapestry of Colour to the bottom.
	Bottom
	// Drop sends a looked-at Tapestry of Colour to its owner's Scrap.
	Drop
	// Discard moves a hand Tapestry of Colour to its owner's Scrap (Treadle).
	Discard
)

// Zone is where a Pick takes its Tapestry from.
type Zone uint8

// The zones a Pick can name.
const (
	InDisplay Zone = iota
	InShowcase
	InScrap
)

// Action is one Stitchcraft action. Only the fields of its Op are set.
type Action struct {
	Op     Op
	Colour Colour
	Label  int
	Seat   int
	Zone   Zone
	// Deck is a dealt Chest as colour letters, top first.
	Deck string
}

var simpleKeys = map[Op]string{React: "react", Pass: "pass", Skip: "skip", Done: "done"}

var colourVerbs = map[Op]string{Play: "play", Top: "top", Bottom: "bottom", Drop: "drop", Discard: "discard"}

// Key returns the canonical key (see the package documentation).
func (a Action) Key() string {
	if k, ok := simpleKeys[a.Op]; ok {
		return k
	}
	if v, ok := colourVerbs[a.Op]; ok {
		return v + ":" + a.Colour.Code()
	}
	switch a.Op {
	case Deal:
		return "deal:" + strconv.Itoa(a.Seat) + ":" + a.Deck
	case Master:
		return "master:" + strconv.Itoa(a.Seat)
	case Reveal:
		return "reveal:D" + strconv.Itoa(a.Label)
	case Choose:
		return "seat:" + strconv.Itoa(a.Seat)
	case Pick:
		head := strconv.Itoa(a.Seat) + "@"
		switch a.Zone {
		case InDisplay:
			return head + "D" + strconv.Itoa(a.Label)
		case InShowcase:
			return head + "show." + a.Colour.Code()
		}
		return head + "scrap." + a.Colour.Code()
	}
	return "?"
}

// maxSeat and maxLabel bound the numbers in keys.
const (
	maxSeat  = 5
	maxLabel = 999
)

// parseAction decodes a key strictly: only the canonical form is accepted.
func parseAction(key string) (Action, error) {
	bad := func(why string) (Action, error) {
		return Action{}, fmt.Errorf("stitchcraft: key %q: %s: %w", key, why, games.ErrBadKey)
	}
	for op, k := range simpleKeys {
		if key == k {
			return Action{Op: op}, nil
		}
	}
	verb, rest, ok := strings.Cut(key, ":")
	if ok {
		for op, v := range colourVerbs {
			if v == verb {
				c, ok := ColourByCode(rest)
				if !ok {
					return bad("unknown colour")
				}
				return Action{Op: op, Colour: c}, nil
			}
		}
		switch verb {
		case "deal":
			ss, deck, ok := strings.Cut(rest, ":")
			n, okn := number(ss, maxSeat)
			if !ok || !okn {
				return bad("want deal:<seat>:<40 colour letters>")
			}
			if err := checkDeck(deck); err != nil {
				return bad(err.Error())
			}
			return Action{Op: Deal, Seat: n, Deck: deck}, nil
		case "master":
			n, ok := number(rest, maxSeat)
			if !ok {
				return bad("want master:<seat>")
			}
			return Action{Op: Master, Seat: n}, nil
		case "reveal":
			n, ok := label(rest)
			if !ok {
				return bad("want reveal:D<n>")
			}
			return Action{Op: Reveal, Label: n}, nil
		case "seat":
			n, ok := number(rest, maxSeat)
			if !ok {
				return bad("want seat:<n>")
			}
			return Action{Op: Choose, Seat: n}, nil
		}
		return bad("unknown verb")
	}
	head, tail, ok := strings.Cut(key, "@")
	if !ok {
		return bad("unknown key")
	}
	seat, ok := number(head, maxSeat)
	if !ok {
		return bad("bad seat")
	}
	if n, ok := label(tail); ok {
		return Action{Op: Pick, Seat: seat, Zone: InDisplay, Label: n}, nil
	}
	zone, code, ok := strings.Cut(tail, ".")
	c, okc := ColourByCode(code)
	if !ok || !okc {
		return bad("want <seat>@D<n>, <seat>@show.<COL> or <seat>@scrap.<COL>")
	}
	switch zone {
	case "show":
		return Action{Op: Pick, Seat: seat, Zone: InShowcase, Colour: c}, nil
	case "scrap":
		return Action{Op: Pick, Seat: seat, Zone: InScrap, Colour: c}, nil
	}
	return bad("unknown zone")
}

// number accepts the canonical decimal form of 0..hi.
func number(s string, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || strconv.Itoa(n) != s || n < 0 || n > hi {
		return 0, false
	}
	return n, true
}

// label accepts "D<n>" with n in 1..maxLabel.
func label(s string) (int, bool) {
	rest, ok := strings.CutPrefix(s, "D")
	if !ok {
		return 0, false
	}
	n, ok := number(rest, maxLabel)
	return n, ok && n >= 1
}

// checkDeck checks that deck is a permutation of one player's 40 Tapestries.
func checkDeck(deck string) error {
	if len(deck) != DeckSize {
		return fmt.Errorf("a Chest has %d Tapestries", DeckSize)
	}
	var n [NumColours]int
	for i := 0; i < len(deck); i++ {
		c, ok := colourByLetter(deck[i])
		if !ok {
			return fmt.Errorf("unknown colour letter")
		}
		n[c]++
	}
	for _, k := range n {
		if k != DeckSize/NumColours {
			return fmt.Errorf("a Chest has five of each colour")
		}
	}
	return nil
}
