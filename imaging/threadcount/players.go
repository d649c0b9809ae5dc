package threadcount

import (
	"fmt"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// garmentTile draws one garment with its colour layer and pattern layer.
func garmentTile(c *imaging.Canvas, p threadcount.Player, g int, x, y, w, h float64) {
	pc := p.Outfit[g]
	complete := pc.Complete()
	stroke, lw := imaging.Ink, 2.0
	if complete {
		stroke, lw = imaging.Good, 4
	}
	frame(c, x, y, w, h, 10, imaging.Paper, stroke, lw)
	name := threadcount.GarmentName(threadcount.Garments[g])
	c.Text(name, x+10, y+16, 0, imaging.Bold, 22, imaging.Ink)
	if complete {
		// A tick in a green disc: the outfit piece is complete.
		cx, cy, r := x+w-18, y+16, 10.0
		c.DrawCircle(cx, cy, r)
		c.SetColor(imaging.Good)
		c.Fill()
		c.SetColor(imaging.Light)
		c.SetLineWidth(2.5)
		c.SetLineCapRound()
		c.MoveTo(cx-r*0.45, cy)
		c.LineTo(cx-r*0.1, cy+r*0.4)
		c.LineTo(cx+r*0.5, cy-r*0.4)
		c.Stroke()
	}
	lh := (h - 40) / 2
	if pc.Colour >= 0 && pc.Colour < len(p.Colours) {
		colourChip(c, p.Colours[pc.Colour], x+6, y+32, w-12, lh-4, rtSmall)
	} else {
		frame(c, x+6, y+32, w-12, lh-4, 6, imaging.PaperAlt, nil, 0)
		c.Text("no colour", x+w/2, y+32+(lh-4)/2, 0.5, imaging.Regular, rtSmall, imaging.InkSoft)
	}
	py := y + 32 + lh
	if pc.Pattern >= 0 && pc.Pattern < len(p.Patterns) {
		patternChip(c, p.Patterns[pc.Pattern], x+6, py, w-12, lh-4, rtSmall)
	} else {
		frame(c, x+6, py, w-12, lh-4, 6, imaging.PaperAlt, nil, 0)
		c.Text("no pattern", x+w/2, py+(lh-4)/2, 0.5, imaging.Regular, rtSmall, imaging.InkSoft)
	}
}

// spares lists the owned cards that are on no garment, a card held more
// than once with its count ("Kikko ×2").
func spares(p threadcount.Player) (colours, patterns []string) {
	onC, onP := map[int]bool{}, map[int]bool{}
	for _, pc := range p.Outfit {
		onC[pc.Colour], onP[pc.Pattern] = true, true
	}
	var cs, ps []string
	for i, code := range p.Colours {
		if !onC[i] {
			cs = append(cs, colourTitle(code))
		}
	}
	for i, code := range p.Patterns {
		if !onP[i] {
			ps = append(ps, patternTitle(code))
		}
	}
	return counted(cs), counted(ps)
}

// counted lists each name once, in first-seen order, with "×n" when it
// comes n > 1 times.
func counted(names []string) []string {
	n := map[string]int{}
	var order []string
	for _, s := range names {
		if n[s] == 0 {
			order = append(order, s)
		}
		n[s]++
	}
	for i, s := range order {
		if n[s] > 1 {
			order[i] = fmt.Sprintf("%s ×%d", s, n[s])
		}
	}
	return order
}

// playerRow draws one player: name, order, silk and dye, outfit, spares.
func playerRow(c *imaging.Canvas, v threadcount.View, opt imaging.Options, seat int, x, y, w float64) {
	p := v.Players[seat]
	s := games.Seat(seat)
	active := !v.Over && v.Active == s
	fill := imaging.PaperAlt
	if active {
		fill = imaging.RGB(0xFF, 0xF0, 0xC0)
	}
	frame(c, x, y, w, rtRowH-10, 12, fill, imaging.Ink, 2)
	if active {
		ring(c, x-3, y-3, w+6, rtRowH-4, 14, imaging.Highlight, 5)
	}
	ix := x + 14
	c.FitText(opt.Name(s), ix, y+24, 0, rtInfoW-24, imaging.Bold, 28, rtSmall, imaging.Ink)
	var tags []string
	if pos := indexOf(v.Order, s); pos >= 0 {
		tags = append(tags, fmt.Sprintf("plays %s", imaging.Ordinal(pos+1)))
	}
	tags = append(tags, fmt.Sprintf("%d turns", p.Turns))
	if p.Conceded {
		tags = []string{"conceded"}
	}
	c.FitText(strings.Join(tags, " · "), ix, y+56, 0, rtInfoW-24, imaging.Regular, rtSmall, rtSmall, imaging.InkSoft)
	resources(c, p, ix, y+92, rtSmall, imaging.Ink)
	switch {
	case v.Over && seat < len(v.Scores) && v.Scores[seat] != nil:
		rank := ""
		if seat < len(v.Ranks) {
			rank = " · " + imaging.Ordinal(v.Ranks[seat])
		}
		c.Pill(fmt.Sprintf("%d points%s", v.Scores[seat].Total, rank), ix, y+124, 0, imaging.Bold, rtSmall, imaging.Ink, imaging.Highlight)
	case active:
		c.Pill("to play", ix, y+124, 0, imaging.Bold, rtSmall, imaging.Ink, imaging.Highlight)
	case v.Viewer == s && v.Favourite != "":
		c.Text("you", ix, y+124, 0, imaging.Bold, rtSmall, imaging.Ink)
	}
	// The outfit across the rest of the row, the spare cards in a line
	// beneath it.
	gx := x + rtInfoW
	gw := (x + w - 10 - gx - 3*rtGarmGap) / 4
	for g := range threadcount.Garments {
		garmentTile(c, p, g, gx+float64(g)*(gw+rtGarmGap), y+6, gw, rtRowH-48)
	}
	sc, sp := spares(p)
	var lines []string
	if len(sc) > 0 {
		lines = append(lines, strings.Join(sc, ", "))
	}
	if len(sp) > 0 {
		lines = append(lines, strings.Join(sp, ", "))
	}
	if len(lines) == 0 {
		lines = []string{"none"}
	}
	lw := c.Text("Spare:", gx+2, y+rtRowH-28, 0, imaging.Bold, rtSmall, imaging.Ink) + 8
	c.FitText(strings.Join(lines, "; "), gx+2+lw, y+rtRowH-28, 0, x+w-10-gx-lw, imaging.Regular, rtSmall, rtSmall, imaging.Ink)
}
