package threadcount

import (
	"fmt"
	"image/color"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// Layout metrics of the Royal Threadcount pictures, in pixels.
const (
	rtW       = 1400.0 // panel and scoring picture width
	rtTableW  = 1040.0 // picture width: rtSmall text reads 7 px at 350
	rtSmall   = 21.0   // smallest text: reads 7 px on a phone
	rtMargin  = 24.0   // outer margin
	rtHeadH   = 128.0  // header band
	rtTopH    = 372.0  // board, dice, calendar and market band
	rtRowH    = 158.0  // one player's row
	rtCell    = 64.0   // silk board cell
	rtGarmGap = 8.0    // gap between garment tiles
	rtHeadsH  = 30.0   // the garment names above the rows
	rtInfoW   = 250.0  // player info block in a row
	rtRollW   = 250.0  // the last roll
)

// Colours of the dye words and of the pattern ink.
var (
	rtDye = map[string]color.RGBA{
		"R": imaging.RGB(0xC8, 0x2A, 0x2A), "O": imaging.RGB(0xE8, 0x7A, 0x1E), "Y": imaging.RGB(0xF2, 0xC9, 0x1F),
		"G": imaging.RGB(0x3A, 0x9A, 0x3E), "B": imaging.RGB(0x2F, 0x5F, 0xC0), "V": imaging.RGB(0x7E, 0x3F, 0xA8),
		"W": imaging.RGB(0xF4, 0xF1, 0xEA),
	}
	rtIndigo = imaging.RGB(0x26, 0x2F, 0x5E) // pattern ink
	rtSilk   = imaging.RGB(0xF7, 0xF0, 0xDC) // a silk cube
	rtBoard  = imaging.RGB(0x5B, 0x3F, 0x2B) // the silk board
)

// rtCheck refuses views this layout cannot draw.
func rtCheck(v threadcount.View) error {
	if len(v.Players) < 1 || len(v.Players) > 5 {
		return fmt.Errorf("imaging: threadcount view with %d players", len(v.Players))
	}
	for _, p := range v.Players {
		for _, c := range p.Colours {
			if _, ok := threadcount.Colour(c); !ok {
				return fmt.Errorf("imaging: unknown threadcount colour card %q", c)
			}
		}
		for _, pt := range p.Patterns {
			if _, ok := threadcount.PatternOf(pt); !ok {
				return fmt.Errorf("imaging: unknown threadcount pattern %q", pt)
			}
		}
	}
	for _, pt := range v.Market {
		if _, ok := threadcount.PatternOf(pt); pt != "" && !ok {
			return fmt.Errorf("imaging: unknown threadcount pattern %q", pt)
		}
	}
	return nil
}

// rtStatus is the header pill: the week, the setup or the end.
func rtStatus(v threadcount.View) string {
	switch {
	case v.Over:
		return "Game over"
	case v.Week == 0:
		return "Setting up"
	}
	return fmt.Sprintf("Week %d of %d", v.Week, threadcount.Weeks)
}

// rtPhaseText says what the table is waiting for.
func rtPhaseText(v threadcount.View, opt imaging.Options) string {
	who := opt.Name(v.Active)
	switch v.Phase {
	case threadcount.PhSeating, threadcount.PhEmpress, threadcount.PhFavourites:
		return "Drawing seats and secret favourites"
	case threadcount.PhDeal:
		return "Dealing the pattern market"
	case threadcount.PhRollOff:
		return "Roll-off for the first player"
	case threadcount.PhTen:
		return opt.Name(v.ToAct) + " rolled the 10 and places its silk"
	case threadcount.PhSow:
		return who + " may sow silk, then rolls"
	case threadcount.PhFree:
		return who + " places the free silk on the empty board"
	case threadcount.PhRoll:
		return who + " is rolling"
	case threadcount.PhZero:
		return who + " picks a cell for a die showing 0"
	case threadcount.PhWhite:
		return who + " picks the dye for the White face"
	case threadcount.PhMarket:
		return who + " is at the market"
	case threadcount.PhRefill:
		return "Dealing new market cards"
	case threadcount.PhOver:
		if len(v.Winners) == 1 {
			return opt.Name(v.Winners[0]) + " wins"
		}
		var names []string
		for _, w := range v.Winners {
			names = append(names, opt.Name(w))
		}
		return strings.Join(names, " and ") + " share the win"
	}
	return ""
}

// rtYourTurn is the panel's note when the viewer is to decide.
func rtYourTurn(ph threadcount.Phase) string {
	switch ph {
	case threadcount.PhTen:
		return "Your roll-off 10: put its silk on a cell that completes no line"
	case threadcount.PhSow:
		return "Your turn: sow silk on cells that complete no line, then roll"
	case threadcount.PhFree:
		return "Your turn: the board is empty, place the free silk"
	case threadcount.PhZero:
		return "Your turn: pick the cell for a die showing 0"
	case threadcount.PhWhite:
		return "Your turn: White face, pick Red, Yellow or Blue dye"
	case threadcount.PhMarket:
		return "Your turn: buy, refresh the market or end your turn"
	}
	return "Your turn"
}

// rtHeader draws the header band with a title, the status pill and a note.
func rtHeader(c *imaging.Canvas, v threadcount.View, title, note string, w float64) {
	c.FillRect(0, 0, w, rtHeadH, imaging.Frame)
	m := rtMargin
	y := m + 20
	sw := c.Pill(rtStatus(v), w-m, y, 1, imaging.Bold, 26, imaging.Ink, imaging.Highlight)
	c.FitText(title, m, y, 0, w-2*m-sw-20, imaging.Bold, 38, 22, imaging.Light)
	c.FitText(note, m, y+58, 0, w-2*m, imaging.Regular, 26, rtSmall, imaging.LightSoft)
}

// patternTitle is a pattern's name, or its code when it has none.
func patternTitle(code string) string {
	if pt, ok := threadcount.PatternOf(code); ok {
		return pt.Name
	}
	return code
}

// indexOf is where s is in ss, or -1.
func indexOf(ss []games.Seat, s games.Seat) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[threadcount.View]{Table: Table, Panel: Panel, Scoring: Scoring}
