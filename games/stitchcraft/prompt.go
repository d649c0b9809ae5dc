package stitchcraft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

var _ games.Prompter[View] = Game{}

// Prompt is the context of a seat's panel (games.Prompter): what the
// decision in front of it is (in a reaction window, what was revealed and
// what answering does; in a power, what the power does) and one standing
// fact of the mode (a role, the targeting rule, the Crowd Favor). It reads
// only the seat's own view and is "" when the seat has nothing to decide
// and the mode nothing to remind.
func (Game) Prompt(v View) string {
	me, ok := v.Me()
	if !ok || v.Over {
		return ""
	}
	var lines []string
	if l := decisionText(v, me); l != "" {
		lines = append(lines, l)
	}
	if l := standingText(v, me); l != "" {
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// decisionText says what the viewer is deciding now, or "".
func decisionText(v View, me PlayerView) string {
	mine := slices.Contains(v.ToAct, me.Seat)
	switch {
	case !mine:
		return ""
	case v.Setup:
		return "Choose your team's Master: only the Master's Showcase can win the game for your team."
	case v.Window == me.Seat && len(v.Stack) > 0:
		return windowText(v, me)
	case v.Pending != nil && v.Pending.Ctrl == me.Seat:
		pw := Power(v.Pattern, v.Pending.Colour)
		return fmt.Sprintf("You are resolving %s (%s): %s", pw.Name, v.Pending.Colour, pw.Text)
	}
	return fmt.Sprintf("Your turn: %s left. Play a hand card face down, or reveal one of your Display.", plural(v.Actions, "action", "actions"))
}

// windowText describes the open reaction window: what the top of the Stack
// does, and what reacting would do.
func windowText(v View, me PlayerView) string {
	e := v.Stack[len(v.Stack)-1]
	pw := Power(v.Pattern, e.Card.Colour)
	var what string
	if e.Reaction {
		what = fmt.Sprintf("%s reacts with D%d, Purple (%s)", games.Name(games.Seat(e.By)), e.Label, pw.Name)
		for _, t := range v.Stack {
			if t.ID == e.Target {
				what += fmt.Sprintf(", to cancel %s's %s", games.Name(games.Seat(t.By)), t.Card.Colour)
			}
		}
		what += "."
	} else {
		what = fmt.Sprintf("%s reveals D%d, %s (%s): %s", games.Name(games.Seat(e.By)), e.Label, e.Card.Colour, pw.Name, pw.Text)
	}
	purple := 0
	for _, f := range me.Display {
		if f.Colour == Purple {
			purple = f.Label
			break
		}
	}
	if purple == 0 {
		return what + " You hold no face-down Purple, so you can only pass."
	}
	react := Power(v.Pattern, Purple)
	effect := strings.TrimPrefix(react.Text, "Reaction: cancel an opponent's reveal; ")
	return what + fmt.Sprintf(" React with your Purple D%d (%s) to cancel it (%s), or pass.", purple, react.Name, strings.TrimSuffix(effect, "."))
}

// standingText is the one fact of the mode worth keeping in mind, or "".
func standingText(v View, me PlayerView) string {
	left, right := neighbours(v, me.Seat)
	switch v.Mode {
	case Crowd:
		return fmt.Sprintf("Crowd Favor: you have %s (%d wins, %s puts you out).", minus(me.Favor), FavorWin, minus(FavorOut))
	case LeanLeft:
		return fmt.Sprintf("Lean Left: your powers may target only yourself and %s, and only %s may react to you.", games.Name(games.Seat(left)), games.Name(games.Seat(right)))
	case LeanRight:
		return fmt.Sprintf("Lean Right: your powers may target only yourself and %s, and only %s may react to you.", games.Name(games.Seat(right)), games.Name(games.Seat(left)))
	case Apprentice, Spymaster:
		switch me.Role {
		case "master":
			return "You are your team's Master: only your Showcase can win for the team."
		case "apprentice":
			return "You are your team's Apprentice: only your Master's Showcase can win for the team."
		}
	case Guilds:
		return "Guilds: either Showcase of your team wins for it."
	case Monopoly:
		return "Monopoly: your team wins only when both of your Showcases meet a condition at once."
	case Consortium:
		if v.Hard {
			return "Consortium, hard mode: your team's shared Showcase needs 5 of one colour or all 8 colours."
		}
		return "Consortium: your team shares one Showcase, and you see your partner's hand and Display."
	}
	return ""
}

// neighbours are the seats left (next in turn order) and right (previous)
// of seat still in the game.
func neighbours(v View, seat int) (left, right int) {
	left, right = seat, seat
	n := len(v.Players)
	for i := 1; i < n; i++ {
		if x := (seat + i) % n; !v.Players[x].Out {
			left = x
			break
		}
	}
	for i := 1; i < n; i++ {
		if x := (seat - i + n) % n; !v.Players[x].Out {
			right = x
			break
		}
	}
	return left, right
}

// plural is "1 action" or "2 actions".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// minus writes an integer with a true minus sign.
func minus(n int) string {
	if n < 0 {
		return games.Minus + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
