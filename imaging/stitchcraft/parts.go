package stitchcraft

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"spindle/games"
	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// stTapestry draws a face-up Tapestry: its colour with the code, and the
// power name below when there is room.
func stTapestry(c *imaging.Canvas, col stitchcraft.Colour, pat stitchcraft.Pattern, x, y, w, h float64, label string) {
	c.Box(x, y, w, h, imaging.CardRadius(w), stFill(col), imaging.Ink, imaging.CardLine(w))
	if col == stitchcraft.Black {
		c.Outline(x+2, y+2, w-4, h-4, imaging.CardRadius(w), imaging.RGB(0x70, 0x70, 0x78), 1)
	}
	ink := stInk(col)
	if label != "" {
		c.Text(label, x+w*0.1, y+h*0.16, 0, imaging.Bold, math.Max(stSmall, w*0.17), ink)
	}
	c.FitText(col.Code(), x+w/2, y+h*0.42, 0.5, w*0.86, imaging.Bold, math.Max(stSmall, w*0.28), stSmall, ink)
	// The power name shows only where it can be legible.
	if w*0.16 >= stSmall {
		c.TextBlock(stitchcraft.Power(pat, col).Name, x+w*0.04, y+h*0.58, w*0.92, h*0.34, 0.5, imaging.Bold, w*0.16, stSmall, 2, ink)
	}
}

// stBack draws a face-down Display card with its label on it, or beneath
// it when the card is too small for a legible label.
func stBack(c *imaging.Canvas, x, y, w, h float64, label string) {
	c.CardBack(x, y, w, h)
	if size := math.Max(stSmall, w*0.2); c.PillWidth(label, imaging.Bold, size) <= w*0.94 {
		c.Pill(label, x+w/2, y+h/2, 0.5, imaging.Bold, size, imaging.Ink, imaging.Light)
		return
	}
	c.Text(label, x+w/2, y+h+14, 0.5, imaging.Bold, stSmall, imaging.Ink)
}

// stChip is a small colour square with a number on it.
func stChip(c *imaging.Canvas, col stitchcraft.Colour, n int, x, y, s float64, strong bool) {
	lw := 1.5
	stroke := imaging.Ink
	if strong {
		lw = 4
		stroke = imaging.Highlight
	}
	c.Box(x, y, s, s, s*0.18, stFill(col), stroke, lw)
	if n > 0 {
		c.Text(fmt.Sprint(n), x+s/2, y+s/2, 0.5, imaging.Bold, math.Max(stSmall, s*0.5), stInk(col))
	}
}

// stCounts counts cards by colour.
func stCounts(cards []stitchcraft.Card) (n [stitchcraft.NumColours]int, kinds, most int) {
	for _, c := range cards {
		if c.Colour < stitchcraft.NumColours {
			if n[c.Colour] == 0 {
				kinds++
			}
			n[c.Colour]++
			most = max(most, n[c.Colour])
		}
	}
	return n, kinds, most
}

// stTargets are the winning thresholds of the view's mode.
func stTargets(v stitchcraft.View) (most, kinds int) {
	if v.Hard {
		return 5, 8
	}
	return 4, 7
}

// stProgress is a Showcase's progress toward each winning condition.
func stProgress(v stitchcraft.View, cards []stitchcraft.Card) string {
	_, kinds, most := stCounts(cards)
	needMost, needKinds := stTargets(v)
	return fmt.Sprintf("best %d/%d · colours %d/%d", most, needMost, kinds, needKinds)
}

// stShowcase draws a Showcase as eight colour columns with counts, the
// colour closest to winning outlined.
func stShowcase(c *imaging.Canvas, v stitchcraft.View, cards []stitchcraft.Card, x, y, w float64) {
	n, _, most := stCounts(cards)
	needMost, _ := stTargets(v)
	s := math.Min(44, (w-7*6)/8)
	for i, col := range stitchcraft.Colours {
		cx := x + float64(i)*(s+6)
		if n[col] == 0 {
			// An empty slot keeps a faint tint of its colour.
			c.Box(cx, y, s, s, s*0.18, imaging.FeltLine, imaging.FeltLine, 0)
			c.Box(cx+3, y+3, s-6, s-6, s*0.14, imaging.WithAlpha(stFill(col), 0x48), imaging.WithAlpha(imaging.Ink, 0x50), 1)
			continue
		}
		stChip(c, col, n[col], cx, y, s, n[col] == most && most >= needMost-1)
	}
}

// stPlayerRow draws one player's row on the table.
func stPlayerRow(c *imaging.Canvas, v stitchcraft.View, opt imaging.Options, p stitchcraft.PlayerView, x, y, w float64) {
	h := stRowH - 10
	bg := imaging.Paper
	if p.Out {
		bg = imaging.PaperAlt
	}
	active := !v.Over && !v.Setup && slices.Contains(v.ToAct, p.Seat)
	c.Box(x, y, w, h, 12, bg, imaging.Ink, 2)
	if active {
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Highlight, 5)
	}
	// Name column.
	nx := x + 16
	if p.Team != "" {
		t := 0
		if p.Team == "B" {
			t = 1
		}
		c.Box(x, y, 10, h, 4, stTeamColours[t], stTeamColours[t], 0)
	}
	c.FitText(opt.Name(games.Seat(p.Seat)), nx, y+26, 0, stNameW, imaging.Bold, 26, stSmall, imaging.Ink)
	px := nx
	pill := func(text string, fg, bg color.Color) {
		px += c.Pill(text, px, y+60, 0, imaging.Bold, stSmall, fg, bg) + 6
	}
	if p.Team != "" {
		t := 0
		if p.Team == "B" {
			t = 1
		}
		pill("Team "+p.Team, imaging.Light, stTeamColours[t])
	}
	if p.Role != "" {
		pill(strings.ToUpper(p.Role[:1])+p.Role[1:], imaging.Ink, imaging.Highlight)
	}
	if p.Out {
		pill("Out", imaging.Light, imaging.Bad)
	}
	if v.Over && slices.Contains(v.Winners, p.Seat) {
		pill("Winner", imaging.Ink, imaging.Highlight)
	}
	c.Text(fmt.Sprintf("Chest %d · Hand %d", p.Chest, p.HandSize), nx, y+94, 0, imaging.Regular, 22, imaging.Ink)
	if v.Mode == stitchcraft.Crowd {
		col := imaging.Good
		if p.Favor < 0 {
			col = imaging.Bad
		}
		c.Pill(fmt.Sprintf("Crowd Favor %s", imaging.Signed(p.Favor)), nx, y+120, 0, imaging.Bold, stSmall, imaging.Light, col)
	}

	// Display: face-down backs, labelled beneath.
	dx := x + 16 + stNameW + 12
	c.Text(fmt.Sprintf("Display (%d face down)", len(p.Display)), dx, y+20, 0, imaging.Bold, stSmall, imaging.InkSoft)
	bw, bh := stBackW, math.Round(stBackW*imaging.CardAspect)
	for i, f := range p.Display {
		if i == stMaxBack {
			c.Text(fmt.Sprintf("+%d", len(p.Display)-stMaxBack), dx+float64(i)*(bw+6)+4, y+38+bh/2, 0, imaging.Bold, 22, imaging.Ink)
			break
		}
		stBack(c, dx+float64(i)*(bw+6), y+38, bw, bh, fmt.Sprintf("D%d", f.Label))
	}

	// Showcase, with the Scrap Pile beneath it.
	sx := x + 584
	sw := w - (sx - x) - 12
	switch {
	case v.Mode == stitchcraft.Consortium && p.Seat >= 2:
		c.Text("Showcase shared with", sx, y+20, 0, imaging.Bold, stSmall, imaging.InkSoft)
		c.FitText(opt.Name(games.Seat(p.Seat-2)), sx, y+54, 0, sw, imaging.Bold, 24, stSmall, imaging.Ink)
	default:
		title := "Showcase"
		if v.Mode == stitchcraft.Consortium {
			title = "Team " + p.Team
		}
		c.FitText(title+": "+stProgress(v, p.Show), sx, y+20, 0, sw, imaging.Bold, stSmall, stSmall, imaging.InkSoft)
		stShowcase(c, v, p.Show, sx, y+36, sw)
	}

	// Scrap Pile.
	lw := c.Text(fmt.Sprintf("Scrap (%d)", len(p.Scrap)), sx, y+108, 0, imaging.Bold, stSmall, imaging.InkSoft) + 10
	var n [stitchcraft.NumColours]int
	for _, col := range p.Scrap {
		n[col]++
	}
	i := 0
	for _, col := range stitchcraft.Colours {
		if n[col] == 0 {
			continue
		}
		stChip(c, col, n[col], sx+lw+float64(i)*48, y+87, 42, false)
		i++
	}
}

// stStack draws the Stack strip: as many entries as fit, the newest
// on the right, reactions naming what they cancel. Each entry has the
// card, the player's name whole on a line of its own, and what it does.
func stStack(c *imaging.Canvas, v stitchcraft.View, opt imaging.Options, x, y, w float64) {
	cw, ch := 64.0, 64.0
	tw := stNameW
	pitch := cw + 8 + tw + 14
	fit := max(1, int((w+14)/pitch))
	entries := v.Stack
	title := "The Stack (newest on the right)"
	if len(entries) > fit {
		title = fmt.Sprintf("The Stack (newest on the right; %d older not shown)", len(entries)-fit)
		entries = entries[len(entries)-fit:]
	}
	c.Text(title, x, y+14, 0, imaging.Bold, 22, imaging.Light)
	cx := x
	for _, e := range entries {
		stTapestry(c, e.Card.Colour, v.Pattern, cx, y+34, cw, ch, "")
		what := "reveals " + stitchcraft.Power(v.Pattern, e.Card.Colour).Name
		if e.Reaction {
			what = "reacts: " + stitchcraft.Power(v.Pattern, e.Card.Colour).Name
			for _, t := range v.Stack {
				if t.ID == e.Target {
					what += " on " + t.Card.Colour.String()
				}
			}
		}
		c.FitText(opt.Name(games.Seat(e.By)), cx+cw+8, y+48, 0, tw, imaging.Bold, stSmall, stSmall, imaging.Light)
		c.TextBlock(what, cx+cw+8, y+62, tw, 50, 0, imaging.Regular, stSmall, stSmall, 2, imaging.LightSoft)
		if e.Cancelled {
			c.Cross(cx+cw/2, y+34+ch/2, cw*0.4, imaging.Bad, 6)
		}
		cx += pitch
	}
}

// stRemoved draws the Removed pile grouped by colour.
func stRemoved(c *imaging.Canvas, v stitchcraft.View, x, y float64) {
	c.Text(fmt.Sprintf("Removed from the game (%d)", len(v.Removed)), x, y+14, 0, imaging.Bold, 22, imaging.Light)
	n, _, _ := stCounts(v.Removed)
	i := 0
	for _, col := range stitchcraft.Colours {
		if n[col] == 0 {
			continue
		}
		stChip(c, col, n[col], x+float64(i)*54, y+30, 46, false)
		i++
	}
	if i == 0 {
		c.Text("nothing yet", x, y+52, 0, imaging.Regular, stSmall, imaging.LightSoft)
	}
}
