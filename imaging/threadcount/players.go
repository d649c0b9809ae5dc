package threadcount

import (
	"fmt"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// garmentTile draws one garment: its colour card above its pattern card,
// an empty slot plain. The garment's name heads its column (garmentHeads);
// a complete garment has a thick green frame.
func garmentTile(c *imaging.Canvas, p threadcount.Player, g int, x, y, w, h float64) {
	pc := p.Outfit[g]
	stroke, lw := imaging.Ink, 2.0
	if pc.Complete() {
		stroke, lw = imaging.Good, 4
	}
	frame(c, x, y, w, h, 10, imaging.Paper, stroke, lw)
	lh := (h - 18) / 2
	if pc.Colour >= 0 && pc.Colour < len(p.Colours) {
		colourChip(c, p.Colours[pc.Colour], x+6, y+6, w-12, lh, rtSmall)
	} else {
		frame(c, x+6, y+6, w-12, lh, 6, imaging.PaperAlt, nil, 0)
	}
	py := y + 12 + lh
	if pc.Pattern >= 0 && pc.Pattern < len(p.Patterns) {
		patternChip(c, p.Patterns[pc.Pattern], x+6, py, w-12, lh, rtSmall)
	} else {
		frame(c, x+6, py, w-12, lh, 6, imaging.PaperAlt, nil, 0)
	}
}

// garmentX is where the garment columns of a row from x, w wide, start,
// and how wide each is.
func garmentX(x, w float64) (gx, gw float64) {
	gx = x + rtInfoW
	return gx, (x + w - 10 - gx - 3*rtGarmGap) / 4
}

// garmentHeads names the garment columns once, above the rows, at the
// middle y.
func garmentHeads(c *imaging.Canvas, x, y, w float64) {
	gx, gw := garmentX(x, w)
	for g, gm := range threadcount.Garments {
		cx := gx + float64(g)*(gw+rtGarmGap) + gw/2
		c.Text(threadcount.GarmentName(gm), cx, y, 0.5, imaging.Bold, 22, imaging.Ink)
	}
}

// spares lists the owned cards that are on no garment: the colour cards
// by code, the patterns by name, one held more than once with its count
// ("Kikko ×2").
func spares(p threadcount.Player) (colours, patterns []string) {
	onC, onP := map[int]bool{}, map[int]bool{}
	for _, pc := range p.Outfit {
		onC[pc.Colour], onP[pc.Pattern] = true, true
	}
	var ps []string
	for i, code := range p.Colours {
		if !onC[i] {
			colours = append(colours, code)
		}
	}
	for i, code := range p.Patterns {
		if !onP[i] {
			ps = append(ps, patternTitle(code))
		}
	}
	return colours, counted(ps)
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
	c.FitText(strings.Join(tags, " · "), ix, y+55, 0, rtInfoW-24, imaging.Regular, rtSmall, rtSmall, imaging.InkSoft)
	resources(c, p, ix, y+88, rtSmall, imaging.Ink)
	switch {
	case v.Over && seat < len(v.Scores) && v.Scores[seat] != nil:
		rank := ""
		if seat < len(v.Ranks) {
			rank = " · " + imaging.Ordinal(v.Ranks[seat])
		}
		c.Pill(fmt.Sprintf("%d points%s", v.Scores[seat].Total, rank), ix, y+rtRowH-40, 0, imaging.Bold, rtSmall, imaging.Ink, imaging.Highlight)
	case active:
		c.Pill("to play", ix, y+rtRowH-40, 0, imaging.Bold, rtSmall, imaging.Ink, imaging.Highlight)
	case v.Viewer == s && v.Favourite != "":
		c.Text("you", ix, y+rtRowH-40, 0, imaging.Bold, rtSmall, imaging.Ink)
	}
	// The outfit across the rest of the row, the spare cards in a line
	// beneath it.
	gx, gw := garmentX(x, w)
	for g := range threadcount.Garments {
		garmentTile(c, p, g, gx+float64(g)*(gw+rtGarmGap), y+6, gw, rtRowH-48)
	}
	// Spare colour cards as swatches (flat, without names: the colours
	// say it), spare patterns by name.
	sc, sp := spares(p)
	sy := y + rtRowH - 28
	sx := gx + 2 + c.Text("Spare:", gx+2, sy, 0, imaging.Bold, rtSmall, imaging.Ink) + 10
	right := x + w - 10
	for i, code := range sc {
		if sx+44 > right-60 && i < len(sc)-1 {
			sx += c.Text(fmt.Sprintf("+%d", len(sc)-i), sx, sy, 0, imaging.Bold, rtSmall, imaging.Ink) + 10
			break
		}
		swatch(c, code, sx, sy-12, 40, 24)
		sx += 46
	}
	switch {
	case len(sp) > 0:
		c.FitText(strings.Join(sp, ", "), sx+4, sy, 0, right-sx-4, imaging.Regular, rtSmall, rtSmall, imaging.Ink)
	case len(sc) == 0:
		c.Text("none", sx, sy, 0, imaging.Regular, rtSmall, imaging.Ink)
	}
}
