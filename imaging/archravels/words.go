package archravels

import (
	"fmt"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
	"strconv"
	"strings"
)

// arName is "Name (Character)" when a display name is given, else the
// character's name, else the seat's.
func arName(v archravels.View, opt imaging.Options, s games.Seat) string {
	if s < 0 || int(s) >= len(v.Players) {
		return opt.Name(s)
	}
	p := v.Players[s]
	given := int(s) < len(opt.Names) && opt.Names[s] != ""
	switch {
	case p.Char == "":
		return opt.Name(s)
	case given:
		return opt.Names[s] + " (" + p.Name + ")"
	}
	return p.Name
}

// arShort is a seat's display name alone, for running text.
func arShort(v archravels.View, opt imaging.Options, s games.Seat) string {
	if int(s) < len(opt.Names) && s >= 0 && opt.Names[s] != "" {
		return opt.Names[s]
	}
	if s >= 0 && int(s) < len(v.Players) && v.Players[s].Char != "" {
		return v.Players[s].Name
	}
	return opt.Name(s)
}

// arNames joins seats' short names with commas.
func arNames(v archravels.View, opt imaging.Options, seats []games.Seat) string {
	var out []string
	for _, s := range seats {
		out = append(out, arShort(v, opt, s))
	}
	return strings.Join(out, ", ")
}

// arDecider is the seat deciding now, or the active player.
func arDecider(v archravels.View) games.Seat {
	if len(v.ToAct) > 0 && v.ToAct[0] >= 0 {
		return v.ToAct[0]
	}
	return v.Active
}

// arSetup reports whether the view is still in the setup phases.
func arSetup(ph archravels.Phase) bool {
	switch ph {
	case archravels.PhChars, archravels.PhChoose, archravels.PhTiles, archravels.PhRequests,
		archravels.PhBazaar, archravels.PhProjects, archravels.PhList, archravels.PhFirst:
		return true
	}
	return false
}

// arStatus is the header pill: the step of the turn, the setup or the end.
func arStatus(v archravels.View) string {
	switch v.Phase {
	case archravels.PhOver:
		return "Game over"
	case archravels.PhSpace:
		return "1 · Choose a space"
	case archravels.PhActions:
		return "2 · Actions"
	case archravels.PhRestock, archravels.PhResolve:
		return "3 · Restock"
	case archravels.PhStock:
		return "4 · Restock actions"
	case archravels.PhRefill:
		return "5 · End of turn"
	case archravels.PhFinal:
		return "Final craft"
	}
	return "Setting up"
}

// arEventNote says in a few words what an event does.
var arEventNote = map[string]string{
	"tangled_cat":    "a player may not craft next turn",
	"yarn_sale":      "take 3 tokens, any colours",
	"donate":         "give 1 token to a player",
	"friendly_clerk": "everyone takes 1 token",
	"craft_circle":   "everyone may craft 1 item",
}

// arPhaseText says what the table is waiting for.
func arPhaseText(v archravels.View, opt imaging.Options) string {
	who := arShort(v, opt, v.Active)
	dec := arShort(v, opt, arDecider(v))
	switch v.Phase {
	case archravels.PhChars:
		return "Dealing the characters"
	case archravels.PhChoose:
		return dec + " chooses a character"
	case archravels.PhTiles:
		return "Dealing the pattern tiles"
	case archravels.PhRequests:
		return "Shuffling the special requests into the Yarn Deck"
	case archravels.PhBazaar:
		return "Filling the Yarn Bazaar"
	case archravels.PhProjects, archravels.PhList:
		return "Dealing the Project List"
	case archravels.PhFirst:
		return "Drawing the first player"
	case archravels.PhSpace:
		if m := arMarker(v, v.Active); m > 0 {
			return fmt.Sprintf("%s chooses an action space (not space %d, used last turn)", who, m)
		}
		return who + " chooses an action space"
	case archravels.PhActions:
		return fmt.Sprintf("%s works space %d: %s", who, v.Turn.Space, arSpaceText(v, v.Active, v.Turn.Space))
	case archravels.PhRestock:
		return "Restocking the Yarn Bazaar"
	case archravels.PhResolve:
		return arResolveText(v, opt)
	case archravels.PhStock:
		return who + " may finish projects, learn patterns and frog items"
	case archravels.PhRefill:
		return "Refilling the Project List"
	case archravels.PhFinal:
		return "Final craft: " + dec + " may craft one item or request, or pass"
	case archravels.PhOver:
		return arResultText(v, opt)
	}
	return ""
}

// arResolveText says which revealed card is being resolved and by whom.
func arResolveText(v archravels.View, opt imaging.Options) string {
	who := arShort(v, opt, v.Active)
	dec := arShort(v, opt, arDecider(v))
	card := v.Turn.Card
	switch card {
	case "":
		return "Resolving the revealed cards"
	case "tangled_cat":
		return "Tangled Cat: " + who + " names a player who may not craft next turn"
	case "yarn_sale":
		return fmt.Sprintf("Yarn Sale: %s takes 3 tokens of any colours (%d to go)", who, v.Turn.SaleLeft)
	case "donate":
		return "Donate: " + who + " gives 1 token to another player"
	case "friendly_clerk":
		return "Friendly Clerk: " + dec + " takes 1 token of a colour"
	case "craft_circle":
		return "Craft Circle: " + dec + " may craft 1 item, or pass"
	}
	return fmt.Sprintf("%s keeps the special request %s or gives it to another player", who, archravels.CardName(card))
}

// arResultText names the winners.
func arResultText(v archravels.View, opt imaging.Options) string {
	var win []games.Seat
	for i, r := range v.Ranks {
		if r == 1 {
			win = append(win, games.Seat(i))
		}
	}
	if len(win) == 0 {
		return "The game is over"
	}
	names := arNames(v, opt, win)
	if v.Reason == "conceded" {
		return names + " wins: everyone else conceded"
	}
	total := v.Players[win[0]].Score.Total
	if len(win) > 1 {
		return fmt.Sprintf("%s share the win with %d points", strings.ReplaceAll(names, ", ", " and "), total) + arTieNote(v)
	}
	return fmt.Sprintf("%s wins with %d points", names, total) + arTieNote(v)
}

// arDetail is the header's second line: the progress of the turn.
func arDetail(v archravels.View, opt imaging.Options) string {
	t := v.Turn
	var parts []string
	switch v.Phase {
	case archravels.PhActions:
		if t.ShopLeft > 0 {
			parts = append(parts, fmt.Sprintf("Shop: %d %s left", t.ShopLeft, arPlural(t.ShopLeft, "pick", "picks")))
		}
		if t.CraftLeft > 0 {
			any := ""
			if t.CraftAny {
				any = " in any colours"
			}
			parts = append(parts, fmt.Sprintf("Craft%s: %d left", any, t.CraftLeft))
		}
		if len(t.Used) > 0 {
			parts = append(parts, "used: "+arUsedText(t.Used))
		}
	case archravels.PhResolve:
		if t.Pos > 0 {
			parts = append(parts, fmt.Sprintf("card at position %d", t.Pos))
		}
		if len(t.Fresh) > 1 {
			var ps []string
			for _, p := range t.Fresh[1:] {
				ps = append(ps, strconv.Itoa(p))
			}
			parts = append(parts, "then position "+strings.Join(ps, ", "))
		}
		if len(t.Queue) > 1 {
			parts = append(parts, "after them: "+arNames(v, opt, t.Queue[1:]))
		}
	case archravels.PhFinal:
		if len(t.Queue) > 1 {
			parts = append(parts, "after them: "+arNames(v, opt, t.Queue[1:]))
		}
		parts = append(parts, arShort(v, opt, v.Active)+" ended the game and does not craft")
	case archravels.PhOver:
		parts = append(parts, fmt.Sprintf("%d projects finished", v.Finished))
		if v.Reason == "scored" {
			parts = append(parts, "ties go to more cards finished, then fewer tokens left")
		}
	}
	if p := t.Pay; p != nil {
		parts = append(parts, arPayText(v, opt, p))
	}
	return strings.Join(parts, " · ")
}

// arPayText describes a payment entered token by token; the paid tokens
// are drawn after it.
func arPayText(v archravels.View, opt imaging.Options, p *archravels.Pay) string {
	what := arWhatName(p.What)
	if len(p.To) > 0 {
		return fmt.Sprintf("%s: giving 2 tokens each to %s, %d of %d given", what, arNames(v, opt, p.To), len(p.Paid), p.Need)
	}
	any := ""
	if p.Any {
		any = " (any colours count)"
	}
	return fmt.Sprintf("Paying for %s%s: %d of %d", what, any, len(p.Paid), p.Need)
}

// arWhatName names an item or request id.
func arWhatName(id string) string {
	if r, ok := archravels.RequestOf(id); ok {
		return r.Name
	}
	if it := archravels.ItemIndex(id); it >= 0 {
		return archravels.Items[it].Name
	}
	return id
}

// arUsedText lists the used action kinds as words.
func arUsedText(used []string) string {
	words := map[string]string{"shop": "Shop", "craft": "Craft", "craft_any_colours": "Craft in any colours",
		"take_one_colour": "Take 3", "exchange": "Exchange"}
	var out []string
	for _, u := range used {
		if w, ok := words[u]; ok {
			out = append(out, w)
		} else {
			out = append(out, u)
		}
	}
	return strings.Join(out, ", ")
}

func arPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// arMarker is a seat's marker space, 0 when none.
func arMarker(v archravels.View, s games.Seat) int {
	if s < 0 || int(s) >= len(v.Players) {
		return 0
	}
	return v.Players[s].Marker
}
