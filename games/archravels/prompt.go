package archravels

import (
	"fmt"
	"slices"
	"strings"

	"spindle/games"
)

var _ games.Prompter[View] = Game{}

// Prompt is the context of the seat's panel (games.Prompter): what the
// decision at hand is about, from the seat's own view, then the seat's
// favourite request and, when its running score is below zero, why. It is
// "" for spectators and once the game is over.
func (Game) Prompt(v View) string {
	if v.Phase == PhOver || v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return ""
	}
	me := v.Players[v.Viewer]
	var lines []string
	if slices.Contains(v.ToAct, v.Viewer) {
		if l := decisionLine(v, me); l != "" {
			lines = append(lines, l)
		}
	}
	if r, ok := RequestOf(me.Favourite); ok {
		lines = append(lines, fmt.Sprintf("Your favourite request: %s (%d points, %d more if you finish it).", r.Name, r.Points, FavouriteBonus))
	}
	if l := minusLine(me.Score); l != "" {
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// minusLine explains a running score below zero: what counts against it.
func minusLine(sc Score) string {
	if sc.Total >= 0 {
		return ""
	}
	var why []string
	if sc.Yarn > 0 {
		why = append(why, fmt.Sprintf("every yarn token left in your bowl counts −1 (%s)", countOf(sc.Yarn, "token", "tokens")))
	}
	if sc.Unfinished > 0 {
		why = append(why, fmt.Sprintf("unfinished requests count minus their points (−%d)", sc.Unfinished))
	}
	return fmt.Sprintf("Your running score is %s as if the game ended now: %s.", countOf(sc.Total, "point", "points"), strings.Join(why, ", and "))
}

// decisionLine says what the seat is deciding now.
func decisionLine(v View, me PlayerView) string {
	switch v.Phase {
	case PhChoose:
		return "Choose your character: each one's spaces and favourite request are in its description."
	case PhSpace:
		line := "Choose an action space for your first turn (any of the four)."
		if me.Marker > 0 {
			line = fmt.Sprintf("Choose an action space other than space %d, which you used last turn.", me.Marker)
		}
		if me.Tangled {
			line += " You are Tangled: no crafting this turn."
		}
		return line
	case PhActions:
		switch t := v.Turn; {
		case t.Pay != nil && len(t.Pay.To) > 0:
			return fmt.Sprintf("Friendship Bracelets: choose the tokens to give, %d of %d.", len(t.Pay.Paid)+1, t.Pay.Need)
		case t.Pay != nil:
			return fmt.Sprintf("Paying for %s: choose token %d of %d.", titleOf(t.Pay.What), len(t.Pay.Paid)+1, t.Pay.Need)
		case t.ShopLeft > 0:
			return fmt.Sprintf("Shop: take %s.", countOf(t.ShopLeft, "more position", "more positions"))
		case t.CraftLeft > 0:
			return fmt.Sprintf("Craft: up to %s; stopping gives up the rest.", countOf(t.CraftLeft, "more craft", "more crafts"))
		}
		if k := v.Turn.Space; k >= 1 && k <= 4 {
			return fmt.Sprintf("Space %d: %s. Use what is left of it in any order, or be done with actions.", k, me.Spaces[k-1])
		}
		return ""
	case PhResolve:
		return resolveLine(v)
	case PhStock:
		return "Restock actions: finish projects, learn patterns and frog items as you like; Done ends your turn."
	case PhFinal:
		return "The game is ending: make one final craft (an item or a request you hold), or pass."
	}
	return ""
}

// resolveLine says what the card being resolved asks for.
func resolveLine(v View) string {
	switch v.Turn.Card {
	case "tangled_cat":
		return "Tangled Cat: name another player; they cannot craft during their next turn."
	case "yarn_sale":
		return fmt.Sprintf("Yarn Sale: take %s of any colours.", countOf(v.Turn.SaleLeft, "more token", "more tokens"))
	case "donate":
		return "Donate: give one of your yarn tokens to another player."
	case "friendly_clerk":
		return "Friendly Clerk: take one token of a colour you choose."
	case "craft_circle":
		return "Craft Circle: you may craft one item with your normal patterns, or pass."
	}
	if r, ok := RequestOf(v.Turn.Card); ok {
		return fmt.Sprintf("The special request %s turned up: keep it or give it away. Finished, it scores %d; still held at the end, it costs %d.",
			r.Name, r.Points, r.Points)
	}
	return ""
}
