package stitchcraft

import (
	"fmt"
	"image/color"
	"strings"

	"spindle/games"
	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// Layout of the Stitchcraft pictures, in pixels.
const (
	stW       = 1040.0 // picture width: stSmall text reads 7 px at 350 wide
	stMargin  = 24.0   // outer margin
	stHeadH   = 118.0  // header band
	stRowH    = 150.0  // one player's row on the table
	stStackH  = 124.0  // the Stack strip, when not empty
	stPileH   = 86.0   // the Removed strip
	stBackW   = 40.0   // a face-down Display card on the table
	stMaxBack = 6      // face-down cards drawn before "+n"
	stNameW   = 204.0  // the name column of a row: "Spindle AI (normal)" whole
	stSmall   = 21.0   // smallest text on the pictures
)

// stColours are the Tapestry colours as drawn, in slot order.
var stColours = [stitchcraft.NumColours]color.RGBA{
	imaging.RGB(0x2F, 0x6F, 0xD0), // Blue
	imaging.RGB(0x1B, 0x1B, 0x1F), // Black
	imaging.RGB(0xC8, 0x32, 0x2B), // Red
	imaging.RGB(0x2E, 0x8B, 0x3D), // Green
	imaging.RGB(0xF5, 0xF1, 0xE6), // White
	imaging.RGB(0xE8, 0x86, 0x2A), // Orange
	imaging.RGB(0xF2, 0xCF, 0x2E), // Yellow
	imaging.RGB(0x7D, 0x3F, 0xA8), // Purple
}

// stTeamColours tint team A and team B.
var stTeamColours = [2]color.RGBA{imaging.RGB(0x2D, 0x5F, 0xA8), imaging.RGB(0xA8, 0x4A, 0x1C)}

// stFill is the drawn colour of a Tapestry colour.
func stFill(c stitchcraft.Colour) color.RGBA {
	if c < stitchcraft.NumColours {
		return stColours[c]
	}
	return imaging.BackColor
}

// stInk is legible text on a Tapestry colour.
func stInk(c stitchcraft.Colour) color.RGBA {
	switch c {
	case stitchcraft.White, stitchcraft.Yellow, stitchcraft.Orange:
		return imaging.Ink
	}
	return imaging.Light
}

// stCheck rejects views the pictures cannot draw.
func stCheck(v stitchcraft.View) error {
	if len(v.Players) < 1 || len(v.Players) > 6 {
		return fmt.Errorf("imaging: stitchcraft view with %d players", len(v.Players))
	}
	if _, ok := stPatternTitle[v.Pattern]; !ok {
		return fmt.Errorf("imaging: unknown stitchcraft pattern %q", v.Pattern)
	}
	return nil
}

var stPatternTitle = map[stitchcraft.Pattern]string{
	stitchcraft.Loom: "Loom", stitchcraft.Attrition: "Attrition", stitchcraft.Racketeering: "Racketeering",
}

var stModeTitle = map[stitchcraft.Mode]string{
	stitchcraft.Duel: "Duel", stitchcraft.FFA: "Free For All", stitchcraft.LeanLeft: "Lean Left",
	stitchcraft.LeanRight: "Lean Right", stitchcraft.Crowd: "Crowd Favorite", stitchcraft.Apprentice: "Apprentice",
	stitchcraft.Spymaster: "Spymaster", stitchcraft.Guilds: "Guilds", stitchcraft.Monopoly: "Monopoly",
	stitchcraft.Consortium: "Consortium",
}

// stTitle is "Stitchcraft · Loom · Duel".
func stTitle(v stitchcraft.View) string {
	t := "Stitchcraft · " + stPatternTitle[v.Pattern] + " · " + stModeTitle[v.Mode]
	if v.Hard {
		t += " (hard)"
	}
	return t
}

// stStatus says what the table is waiting for, in public terms.
func stStatus(v stitchcraft.View, opt imaging.Options) string {
	switch {
	case v.Over && v.Draw && len(v.Winners) > 0 && len(v.Winners) < len(v.Players):
		var names []string
		for _, w := range v.Winners {
			names = append(names, opt.Name(games.Seat(w)))
		}
		return "Game over: a draw among " + strings.Join(names, " and ") + " at the turn limit."
	case v.Over && v.Draw:
		return "Game over: a draw at the turn limit."
	case v.Over:
		var names []string
		for _, w := range v.Winners {
			names = append(names, opt.Name(games.Seat(w)))
		}
		return "Game over: " + strings.Join(names, " and ") + " win" + map[bool]string{true: "s", false: ""}[len(names) == 1] + "."
	case v.Setup:
		return "Shuffling the Chests…"
	case v.Window >= 0 && len(v.Stack) > 0:
		top := v.Stack[len(v.Stack)-1]
		return fmt.Sprintf("%s may react to %s's %s, or pass.", opt.Name(games.Seat(v.Window)), opt.Name(games.Seat(top.By)), top.Card.Colour)
	case v.Pending != nil:
		return fmt.Sprintf("%s is choosing for %s.", opt.Name(games.Seat(v.Pending.Ctrl)), v.Pending.Power)
	}
	return fmt.Sprintf("%s's turn: %d action%s left.", opt.Name(games.Seat(v.Active)), v.Actions, map[bool]string{true: "", false: "s"}[v.Actions == 1])
}

// stHeader draws the title band with a status line and the turn counter.
func stHeader(c *imaging.Canvas, v stitchcraft.View, w float64, title, status string) {
	c.FillRect(0, 0, w, stHeadH, imaging.Frame)
	c.FitText(title, stMargin, 38, 0, w*0.62, imaging.Bold, 34, 22, imaging.Light)
	c.Text(fmt.Sprintf("Turn %d of at most %d", v.Turns+1, v.TurnLimit), w-stMargin, 38, 1, imaging.Regular, 22, imaging.LightSoft)
	col := imaging.Highlight
	if v.Over {
		col = imaging.Light
	}
	c.FitText(status, stMargin, 86, 0, w-2*stMargin, imaging.Bold, 28, stSmall, col)
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[stitchcraft.View]{Table: Table, Panel: Panel, Scoring: Reference}
