package tapestry

import (
	"fmt"
	"strings"

	"spindle/games"
)

// hexLabel is the text of a map choice ("hex:a@b") with what choosing
// that hex gives the viewer: for a conquest, whose outpost falls and any
// achievement it earns; for an exploration, the most VP a turn of the
// chosen tile can score there. Other asks (and a view without the hex)
// get the bare coordinates.
func hexLabel(v View, h Hex) string {
	base := fmt.Sprintf("Hex %d,%d", h.A, h.B)
	t := v.Terr(h)
	if v.Ask == nil || t == nil || v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return base
	}
	seat := int(v.Viewer)
	switch v.Ask.Kind {
	case "conquer_hex":
		return base + conquerHexText(v, seat, t)
	case "explore_hex":
		if v.Ask.Tile < 1 || v.Ask.Tile > len(Territories) {
			return base
		}
		best := 0
		for r := range 6 {
			best = max(best, v.ExploreVP(h, v.Ask.Tile, r))
		}
		if best == 0 {
			return base + ": no VP"
		}
		return fmt.Sprintf("%s: up to %d VP", base, best)
	}
	return base
}

// conquerHexText is what conquering t gives seat, as the label's tail and
// detail: whose outpost it topples (and whether a Trap may answer) and the
// achievements the conquest completes. What every target gives alike (one
// territory more, the dice) is the decision's prompt line.
func conquerHexText(v View, seat int, t *Territory) string {
	text := ": unclaimed"
	def := t.Controller()
	attacked := def >= 0 && def != seat
	if attacked {
		text = ": topple " + v.seatName(def) + "'s outpost"
	}
	var gains []string
	vp := 0
	if t.Middle {
		if n, ok := v.achievementVP(seat, 2); ok {
			gains = append(gains, fmt.Sprintf("the middle island (%d VP)", n))
			vp += n
		}
	}
	// The territory will hold a toppled outpost of another player's: the
	// defender's, toppled now, or one that lay there already.
	fallen := attacked
	for _, o := range t.Outposts {
		fallen = fallen || o.Down && int(o.Seat) != seat
	}
	if fallen && toppledHeldOn(v.Map, seat, false) == 1 {
		if n, ok := v.achievementVP(seat, 1); ok {
			gains = append(gains, fmt.Sprintf("two toppled outposts (%d VP)", n))
			vp += n
		}
	}
	detail := ""
	if len(gains) > 0 {
		text += fmt.Sprintf(", +%d VP", vp)
		detail = "Achievements: " + strings.Join(gains, ", ")
	}
	if attacked && v.mayTrap(def) {
		if detail == "" {
			detail = "A Trap may answer: your outpost would fall"
		} else {
			detail += "; a Trap may answer"
		}
	}
	return games.WithDetail(text, detail)
}

// achievementVP is the VP achievement i would pay seat now, and whether it
// would pay at all (seat has not earned it and a slot is left).
func (v *View) achievementVP(seat, i int) (int, bool) {
	if i < 0 || i >= len(Achievements) || v.Players[seat].Achieved[i] {
		return 0, false
	}
	slots := achievementSlots(i, v.Seats)
	n := len(v.Claims[i])
	if n >= len(slots) {
		return 0, false
	}
	return slots[n], true
}

// mayTrap reports whether def could answer a conquest with a Trap, as far
// as the view shows: a player still in the game with cards in hand, or the
// Automa with cards in its trap stock.
func (v *View) mayTrap(def int) bool {
	if def < 0 || def >= len(v.Players) || v.Players[def].Done {
		return false
	}
	if v.Solo != nil && def == Automa {
		return v.Solo.Stock > 0
	}
	return v.Players[def].HandSize > 0
}

// seatName is def's name in a label: a player's name token, or in solo a
// bot's name (the bots sit at no seat of the table).
func (v *View) seatName(def int) string {
	if v.Solo != nil && def != 0 {
		return botName(def)
	}
	return games.Name(games.Seat(def))
}
