package tapestry

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
)

// civLabel is the button text of a civilization's choice (the keys of
// civs.go, civ_steps.go and civ_setup.go), and whether key is one.
func civLabel(v View, key string) (string, bool) {
	verb, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, yi := atoi(x), atoi(y)
	me := func() *PlayerView {
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
			return &v.Players[v.Viewer]
		}
		return nil
	}
	civ := func(k int) *CivState {
		if p := me(); p != nil && k >= 0 && k < len(p.Civs) {
			return &p.Civs[k]
		}
		return nil
	}
	switch verb {
	case "civ":
		if xi >= 0 && xi < len(Civs) {
			return "Keep " + theCiv(xi), true
		}
	case "civfirst":
		if cs := civ(xi); cs != nil {
			return capital(theCiv(int(cs.Civ))) + " first", true
		}
		return "Civilization " + strconv.Itoa(xi+1) + " first", true
	case "alch":
		switch arg {
		case "roll":
			return "Roll the science die", true
		case "skip":
			return "Don't roll", true
		case "stop":
			return "Stop and advance on the marked tracks", true
		}
	case "alchadv":
		if arg == "done" {
			return "No more advances", true
		}
		tr := trackOf(arg)
		if p := me(); p != nil {
			done := true
			for _, t := range p.Tokens[tr] {
				done = done && t >= 12
			}
			if done {
				return fmt.Sprintf("%s (complete): 5 VP", capital(tr.String())), true
			}
		}
		return "Advance on " + tr.String() + " (no benefit)", true
	case "ent":
		for _, c := range Civs {
			if sp, ok := c.Graph[arg]; ok && c.Bespoke == "entertainers_path" {
				return capital(Describe(sp.Effects)), true
			}
		}
	case "herald":
		if arg == "skip" {
			return "No Herald", true
		}
		if xi >= 0 && xi < len(v.Players) && yi >= 0 && yi < len(v.Players[xi].Slots) {
			if sl := v.Players[xi].Slots[yi]; len(sl) > 0 && sl[len(sl)-1].Card >= 0 {
				return games.Name(games.Seat(xi)) + "'s " + TapCards[sl[len(sl)-1].Card].Name, true
			}
		}
	case "hist":
		if arg == "skip" {
			return "Keep the tokens", true
		}
		sq := ""
		if xi >= 0 && xi < len(HistorianSquares) {
			sq = " (uncovers: " + Describe(HistorianSquares[xi]) + ")"
		}
		return "Token " + strconv.Itoa(xi+1) + " to " + games.Name(games.Seat(yi)) + sq, true
	case "histtile":
		return fmt.Sprintf("Discard territory tile %d", xi), true
	case "histgive":
		return "Give it to " + games.Name(games.Seat(xi)), true
	case "inv":
		if arg == "skip" {
			return "Keep the tokens", true
		}
		if yi >= 0 && yi < len(TechCards) {
			return TechCards[yi].Name + " of " + games.Name(games.Seat(xi)), true
		}
	case "invcopy":
		if arg == "copy" {
			if v.Ask != nil && v.Ask.Tile >= 0 && v.Ask.Tile < len(TechCards) {
				return "Gain the benefit of " + TechCards[v.Ask.Tile].Name + " too", true
			}
			return "Gain the same benefit", true
		}
		return "Don't", true
	case "lead":
		if arg == "skip" {
			return "Keep the squares", true
		}
		return "Advance on " + trackOf(arg).String() + " (benefit, no bonus)", true
	case "merry":
		arg = strings.ToUpper(arg)
		if p := me(); p != nil && v.Ask != nil {
			if cs := civ(v.Ask.N); cs != nil {
				k := strings.Index("ABC", arg)
				col := Civs[cs.Civ].Columns[arg]
				if k >= 0 && int(cs.Steps[k]) < len(col) {
					return "Column " + arg + ": " + Describe(col[cs.Steps[k]]), true
				}
			}
		}
		return "Column " + arg, true
	case "predict":
		if v.Ask != nil && v.Ask.Track >= 0 && v.Ask.Track < len(mysticCategories) {
			return "Predict " + strconv.Itoa(xi) + " " + strings.ReplaceAll(mysticCategories[v.Ask.Track], "_", " "), true
		}
		return "Predict " + strconv.Itoa(xi), true
	case "fire":
		if arg == "skip" {
			return "Keep my hand", true
		}
		if xi >= 0 && xi < len(TapCards) {
			return "Play " + TapCards[xi].Name + " on Maker of Fire", true
		}
	case "milrow":
		if arg == "bottom" {
			return "Bottom row", true
		}
		return "Top row", true
	case "swap":
		if arg == "done" {
			return "No more swaps", true
		}
		return fmt.Sprintf("Swap row %d col %d with row %d col %d", xi/9+1, xi%9+1, yi/9+1, yi%9+1), true
	case "trader":
		if arg == "skip" {
			return "Keep the tokens", true
		}
		return fmt.Sprintf("Hex %d,%d", xi, yi), true
	}
	return "", false
}

// theCiv is a civilization's name with its article ("the Leaders", "The
// Chosen").
func theCiv(c int) string {
	n := Civs[c].Name
	if strings.HasPrefix(n, "The ") {
		return n
	}
	return "the " + n
}
