package threadcount

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Op says what an Action does.
type Op uint8

// The kinds of action. Seating, Empress, Favourites, Draw, RollOff and
// Dice are chance outcomes; the rest are player decisions.
const (
	// Seating is the random clockwise seating (chance C0).
	Seating Op = iota
	// Empress is the Empress's Favourite Pattern (chance C1).
	Empress
	// Favourites deals the Favourite Colours, one per seat (chance C2).
	Favourites
	// Draw is the pattern card dealt to the next market slot (chance C3).
	Draw
	// RollOff is one round of roll-off d10s, one per rolling seat (C4).
	RollOff
	// Place puts the silk of a roll-off 10 on a cell (O5).
	Place
	// Sow puts one of the player's silk on a cell (phase A).
	Sow
	// RollNow ends sowing (phase A).
	RollNow
	// Free places the complimentary silk on an empty board (phase B).
	Free
	// Dice is the turn's roll: three d10 and the TriChrome d4 (chance C5).
	Dice
	// Zero names the cell of a d10 showing 0 (phase D).
	Zero
	// White names the dye of a White d4 face (phase D).
	White
	// Buy buys a colour card (phase F).
	Buy
	// Take buys the pattern card of a market slot (phase F).
	Take
	// Refresh pays one silk to deal three new market cards (phase F).
	Refresh
	// Arrange puts an owned card on a garment or takes it off (§4.6).
	Arrange
	// End ends the turn (phase F).
	End
)

// Action is one Royal Threadcount action. Only the fields of its Op are set.
type Action struct {
	Op Op
	// Cell is the board cell (1-9) of Place, Sow, Free and Zero.
	Cell int
	// Die is the d10 (1-3) of a Zero.
	Die int
	// Slot is the market slot (1-3) of a Take.
	Slot int
	// Code is the pattern of Empress and Draw, the colour card of Buy and
	// the dye of White.
	Code string
	// Card ("c<i>" or "p<i>") and Target (a garment or "spare") are an
	// Arrange.
	Card   string
	Target string
	// Digits are the seats of a Seating, the d10 faces of a RollOff and
	// the three d10 faces of a Dice.
	Digits []int
	// Codes are the Favourite Colours of a Favourites deal, by seat.
	Codes []string
	// D4 is the TriChrome face of a Dice: R, Y, B or W.
	D4 string
}

// digits writes one byte per value, '0' + v.
func digits(d []int) string { return string(appendDigits(nil, d)) }

// appendDigits appends one byte per value, '0' + v, as keys write digits.
func appendDigits(b []byte, d []int) []byte {
	for _, v := range d {
		b = append(b, byte('0'+v))
	}
	return b
}

// Key returns the canonical key (see the package documentation).
func (a Action) Key() string { return string(a.appendKey(make([]byte, 0, 24))) }

// appendKey appends the canonical key to b, so that sorting can write the
// keys of a whole legal list into one buffer.
func (a Action) appendKey(b []byte) []byte {
	switch a.Op {
	case Seating:
		return appendDigits(append(b, "seating:"...), a.Digits)
	case Empress:
		return append(append(b, "empress:"...), a.Code...)
	case Favourites:
		b = append(b, "favs:"...)
		for _, c := range a.Codes {
			b = append(b, c...)
		}
		return b
	case Draw:
		return append(append(b, "draw:"...), a.Code...)
	case RollOff:
		return appendDigits(append(b, "rolloff:"...), a.Digits)
	case Place:
		return strconv.AppendInt(append(b, "place:"...), int64(a.Cell), 10)
	case Sow:
		return strconv.AppendInt(append(b, "sow:"...), int64(a.Cell), 10)
	case RollNow:
		return append(b, "roll"...)
	case Free:
		return strconv.AppendInt(append(b, "free:"...), int64(a.Cell), 10)
	case Dice:
		return append(appendDigits(append(b, "roll:"...), a.Digits), a.D4...)
	case Zero:
		b = strconv.AppendInt(append(b, "zero:"...), int64(a.Die), 10)
		return strconv.AppendInt(append(b, ':'), int64(a.Cell), 10)
	case White:
		return append(append(b, "white:"...), a.Code...)
	case Buy:
		return append(append(b, "buy:"...), a.Code...)
	case Take:
		return strconv.AppendInt(append(b, "take:"...), int64(a.Slot), 10)
	case Refresh:
		return append(b, "refresh"...)
	case Arrange:
		return append(append(append(b, a.Card...), '@'), a.Target...)
	case End:
		return append(b, "end"...)
	}
	return append(b, '?')
}

// parseDigits reads a string of decimal digits, each at most max.
func parseDigits(s string, max int) ([]int, bool) {
	if s == "" {
		return nil, false
	}
	out := make([]int, len(s))
	for i := range len(s) {
		d := int(s[i]) - '0'
		if d < 0 || d > max {
			return nil, false
		}
		out[i] = d
	}
	return out, true
}

// parseSmall reads one canonical decimal digit in [lo, hi].
func parseSmall(s string, lo, hi int) (int, bool) {
	if len(s) != 1 || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	n := int(s[0] - '0')
	return n, n >= lo && n <= hi
}

// parseCardRef checks an Arrange card reference: "c" or "p" and a
// canonical index below 100.
func parseCardRef(s string) bool {
	if len(s) < 2 || (s[0] != 'c' && s[0] != 'p') {
		return false
	}
	n, err := strconv.Atoi(s[1:])
	return err == nil && n >= 0 && n < 100 && strconv.Itoa(n) == s[1:]
}

// parseAction decodes a key strictly: only the canonical form is accepted.
func parseAction(key string) (Action, error) {
	bad := func(why string) (Action, error) {
		return Action{}, fmt.Errorf("threadcount: key %q: %s: %w", key, why, games.ErrBadKey)
	}
	switch key {
	case "roll":
		return Action{Op: RollNow}, nil
	case "refresh":
		return Action{Op: Refresh}, nil
	case "end":
		return Action{Op: End}, nil
	}
	if card, target, ok := strings.Cut(key, "@"); ok {
		if !parseCardRef(card) {
			return bad("want c<n> or p<n> before '@'")
		}
		if target != Spare && !slices.Contains(Garments[:], target) {
			return bad("unknown garment")
		}
		return Action{Op: Arrange, Card: card, Target: target}, nil
	}
	head, rest, ok := strings.Cut(key, ":")
	if !ok {
		return bad("unknown action")
	}
	cell := func(op Op) (Action, error) {
		c, ok := parseSmall(rest, 1, 9)
		if !ok {
			return bad("a cell is 1 to 9")
		}
		return Action{Op: op, Cell: c}, nil
	}
	switch head {
	case "seating":
		d, ok := parseDigits(rest, 4)
		if !ok || len(d) < 2 || len(d) > 5 {
			return bad("want a permutation of the seats")
		}
		seen := map[int]bool{}
		for _, v := range d {
			if v >= len(d) || seen[v] {
				return bad("want a permutation of the seats")
			}
			seen[v] = true
		}
		return Action{Op: Seating, Digits: d}, nil
	case "empress", "draw":
		if patternIndex(rest) < 0 {
			return bad("unknown pattern")
		}
		if head == "empress" {
			return Action{Op: Empress, Code: rest}, nil
		}
		return Action{Op: Draw, Code: rest}, nil
	case "favs":
		if len(rest) < 2 || len(rest) > 5 {
			return bad("want one colour letter per seat")
		}
		codes := make([]string, len(rest))
		for i := range len(rest) {
			c := rest[i : i+1]
			if !slices.Contains(Basics[:], c) || slices.Contains(codes[:i], c) {
				return bad("want distinct colour letters from ROYGBV")
			}
			codes[i] = c
		}
		return Action{Op: Favourites, Codes: codes}, nil
	case "rolloff":
		d, ok := parseDigits(rest, 9)
		if !ok || len(d) > 5 {
			return bad("want one d10 face per rolling seat")
		}
		return Action{Op: RollOff, Digits: d}, nil
	case "place":
		return cell(Place)
	case "sow":
		return cell(Sow)
	case "free":
		return cell(Free)
	case "roll":
		if len(rest) != 4 {
			return bad("want three d10 faces and R, Y, B or W")
		}
		d, ok := parseDigits(rest[:3], 9)
		f := rest[3:]
		if !ok || (f != "W" && dyeIndex(f) < 0) {
			return bad("want three d10 faces and R, Y, B or W")
		}
		return Action{Op: Dice, Digits: d, D4: f}, nil
	case "zero":
		ds, cs, ok := strings.Cut(rest, ":")
		die, okd := parseSmall(ds, 1, 3)
		c, okc := parseSmall(cs, 1, 9)
		if !ok || !okd || !okc {
			return bad("want zero:<die 1-3>:<cell 1-9>")
		}
		return Action{Op: Zero, Die: die, Cell: c}, nil
	case "white":
		if dyeIndex(rest) < 0 {
			return bad("want R, Y or B")
		}
		return Action{Op: White, Code: rest}, nil
	case "buy":
		if _, ok := Colour(rest); !ok {
			return bad("unknown colour card")
		}
		return Action{Op: Buy, Code: rest}, nil
	case "take":
		n, ok := parseSmall(rest, 1, Slots)
		if !ok {
			return bad("a slot is 1 to 3")
		}
		return Action{Op: Take, Slot: n}, nil
	}
	return bad("unknown action")
}
