package threadcount

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// Layout metrics of the Royal Threadcount pictures, in pixels.
const (
	rtW       = 1400.0 // panel and scoring picture width
	rtTableW  = 1040.0 // table picture width: 18 px text reads 9 px at 520
	rtSmall   = 18.0   // smallest text on the table
	rtMargin  = 24.0   // outer margin
	rtHeadH   = 128.0  // header band
	rtTopH    = 372.0  // board, dice, calendar and market band
	rtRowH    = 164.0  // one player's row
	rtCell    = 64.0   // silk board cell
	rtGarmGap = 8.0    // gap between garment tiles
	rtInfoW   = 236.0  // player info block in a row
	rtRollW   = 236.0  // the last roll
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

// ---- shared pieces ----

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
	c.DrawRectangle(0, 0, w, rtHeadH)
	c.SetColor(imaging.Frame)
	c.Fill()
	m := rtMargin
	y := m + 20
	sw := c.Pill(rtStatus(v), w-m, y, 1, imaging.Bold, 26, imaging.Ink, imaging.Highlight)
	c.FitText(title, m, y, 0, w-2*m-sw-20, imaging.Bold, 38, 22, imaging.Light)
	c.FitText(note, m, y+58, 0, w-2*m, imaging.Regular, 26, rtSmall, imaging.LightSoft)
}

// silkCube draws one silk cube of size s at (x, y).
func silkCube(c *imaging.Canvas, x, y, s float64) {
	c.Box(x, y, s, s, s*0.18, rtSilk, imaging.Ink, math.Max(1, s*0.06))
	c.Rule(x+s*0.22, x+s*0.78, y+s*0.3, imaging.WithAlpha(imaging.InkSoft, 0x80), math.Max(1, s*0.05))
}

// dyeCube draws a dye cube of colour code at (x, y).
func dyeCube(c *imaging.Canvas, code string, x, y, s float64) {
	c.Box(x, y, s, s, s*0.15, rtDye[code], imaging.Ink, math.Max(1, s*0.07))
}

// resources draws silk and the three dye counts from x at the middle y and
// returns the x after them.
func resources(c *imaging.Canvas, p threadcount.Player, x, y, size float64, col color.Color) float64 {
	s := size * 0.9
	silkCube(c, x, y-s/2, s)
	x += s + 6
	x += c.Text(strconv.Itoa(p.Silk), x, y, 0, imaging.Bold, size, col) + 4
	x += c.Text("silk", x, y+1, 0, imaging.Regular, math.Max(rtSmall, size*0.75), col) + 12
	for i, d := range threadcount.Dyes {
		dyeCube(c, d, x, y-s/2, s)
		x += s + 5
		x += c.Text(strconv.Itoa(p.Dye[i]), x, y, 0, imaging.Bold, size, col) + 9
	}
	return x
}

// swatch paints a colour card's colours in the box: one colour, or two
// split on the diagonal for a tertiary card.
func swatch(c *imaging.Canvas, code string, x, y, w, h float64) {
	cc, ok := threadcount.Colour(code)
	if !ok {
		return
	}
	if len(cc.Words) == 1 {
		c.Box(x, y, w, h, 6, rtDye[cc.Words[0]], imaging.Ink, 1.5)
		return
	}
	c.Clipped(x, y, w, h, 6, func(sub *imaging.Canvas, w, h float64) {
		sub.DrawRectangle(0, 0, w, h)
		sub.SetColor(rtDye[cc.Words[0]])
		sub.Fill()
		sub.MoveTo(w, 0)
		sub.LineTo(w, h)
		sub.LineTo(0, h)
		sub.ClosePath()
		sub.SetColor(rtDye[cc.Words[1]])
		sub.Fill()
	})
	c.Outline(x, y, w, h, 6, imaging.Ink, 1.5)
}

// labelOn is a readable text colour on a dye colour.
func labelOn(code string) color.RGBA {
	if code == "Y" || code == "O" || code == "W" {
		return imaging.Ink
	}
	return imaging.Light
}

// colourChip draws a colour card as a swatch with its name.
func colourChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	cc, _ := threadcount.Colour(code)
	swatch(c, code, x, y, w, h)
	col := labelOn(cc.Words[0])
	if len(cc.Words) > 1 && labelOn(cc.Words[1]) != col {
		// Two-tone: a plate behind the name keeps it readable.
		tw := c.Measure(cc.Name, imaging.Bold, size) + 12
		c.Box(x+(w-tw)/2, y+h/2-size*0.65, tw, size*1.3, 5, imaging.WithAlpha(imaging.FaceColor, 0xE0), nil, 0)
		col = imaging.Ink
	}
	c.FitText(cc.Name, x+w/2, y+h/2, 0.5, w-8, imaging.Bold, size, math.Min(size, rtSmall), col)
}

// motif paints a pattern's design in the box, clipped to it.
func motif(c *imaging.Canvas, code string, x, y, w, h float64) {
	c.Clipped(x, y, w, h, 6, func(sub *imaging.Canvas, w, h float64) { motifAt(sub, code, w, h) })
	c.Outline(x, y, w, h, 6, imaging.Ink, 1.5)
}

// motifAt draws a pattern's design filling (0, 0, w, h).
func motifAt(c *imaging.Canvas, code string, w, h float64) {
	x, y := 0.0, 0.0
	c.DrawRectangle(x, y, w, h)
	c.SetColor(imaging.FaceColor)
	c.Fill()
	c.SetColor(rtIndigo)
	c.SetLineWidth(2)
	s := math.Max(10, h/3)
	switch code {
	case "ichimatsu": // checkered squares
		for i := 0.0; i*s < w+s; i++ {
			for j := 0.0; j*s < h+s; j++ {
				if int(i+j)%2 == 0 {
					c.DrawRectangle(x+i*s, y+j*s, s, s)
				}
			}
		}
		c.Fill()
	case "asanoha": // hemp-leaf stars
		for i := 0.0; i*s < w+s; i++ {
			for j := 0.0; j*s < h+s; j++ {
				cx, cy := x+i*s+math.Mod(j, 2)*s/2, y+j*s
				for k := range 3 {
					a := float64(k) * math.Pi / 3
					c.DrawLine(cx-math.Cos(a)*s/2, cy-math.Sin(a)*s/2, cx+math.Cos(a)*s/2, cy+math.Sin(a)*s/2)
				}
			}
		}
		c.Stroke()
	case "uroko": // scales: rows of triangles
		for j := 0.0; j*s < h+s; j++ {
			off := math.Mod(j, 2) * s / 2
			for i := -1.0; i*s < w+s; i++ {
				bx := x + i*s + off
				c.MoveTo(bx, y+(j+1)*s)
				c.LineTo(bx+s/2, y+j*s)
				c.LineTo(bx+s, y+(j+1)*s)
				c.ClosePath()
			}
			c.Fill()
		}
	case "kikko": // tortoise shell: hexagons
		r := s * 0.55
		for j := 0.0; j*r*1.5 < h+r; j++ {
			for i := 0.0; i*r*math.Sqrt(3) < w+r*2; i++ {
				cx := x + i*r*math.Sqrt(3) + math.Mod(j, 2)*r*math.Sqrt(3)/2
				cy := y + j*r*1.5
				c.DrawRegularPolygon(6, cx, cy, r*0.92, math.Pi/6)
				c.Stroke()
			}
		}
	case "seigaiha": // ocean waves: overlapping concentric arcs
		r := s * 0.7
		for j := 0.0; j*r*0.5 < h+r; j++ {
			off := math.Mod(j, 2) * r
			for i := -1.0; i*r*2 < w+r*2; i++ {
				cx, cy := x+i*r*2+off, y+j*r*0.5
				for k := 3.0; k >= 1; k-- {
					c.DrawArc(cx, cy, r*k/3, math.Pi, 2*math.Pi)
					c.LineTo(cx+r*k/3, cy)
					c.ClosePath()
					if int(k)%2 == 1 {
						c.SetColor(rtIndigo)
					} else {
						c.SetColor(imaging.FaceColor)
					}
					c.Fill()
				}
			}
		}
	case "karakusa": // winding plants: waves with curls
		for j := 0.0; j*s < h+s; j++ {
			cy := y + j*s + s/2
			c.MoveTo(x, cy)
			for px := 0.0; px <= w; px += 3 {
				c.LineTo(x+px, cy+math.Sin(px/s*math.Pi)*s*0.25)
			}
			c.Stroke()
			for px := s / 2; px < w; px += s * 2 {
				c.DrawCircle(x+px, cy-s*0.28, s*0.14)
				c.DrawCircle(x+px+s, cy+s*0.28, s*0.14)
			}
			c.Stroke()
		}
	}
}

// patternChip draws a pattern card as its motif with a name plate.
func patternChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	pt, _ := threadcount.PatternOf(code)
	motif(c, code, x, y, w, h)
	tw := math.Min(w-8, c.Measure(pt.Name, imaging.Bold, size)+14)
	c.Box(x+(w-tw)/2, y+h/2-size*0.7, tw, size*1.4, 6, imaging.FaceColor, imaging.Ink, 1)
	c.FitText(pt.Name, x+w/2, y+h/2, 0.5, tw-8, imaging.Bold, size, math.Min(size, rtSmall), imaging.Ink)
}

// rtBoardAt draws the 3×3 silk board with cell numbers and silk, marking
// the cells the last dice pointed at.
func rtBoardAt(c *imaging.Canvas, v threadcount.View, x, y float64) {
	full := map[int]bool{}
	for _, cell := range v.Board {
		full[cell] = true
	}
	pointed := map[int]int{}
	if v.Roll != nil {
		for _, cell := range v.Roll.Cells {
			if cell > 0 {
				pointed[cell]++
			}
		}
	}
	gap := 8.0
	side := 3*rtCell + 4*gap
	c.Box(x, y, side, side, 12, rtBoard, imaging.Ink, 3)
	for cell := 1; cell <= 9; cell++ {
		cx := x + gap + float64((cell-1)%3)*(rtCell+gap)
		cy := y + gap + float64((cell-1)/3)*(rtCell+gap)
		c.Box(cx, cy, rtCell, rtCell, 8, imaging.FeltLine, imaging.WithAlpha(imaging.Ink, 0xA0), 1.5)
		c.Text(strconv.Itoa(cell), cx+7, cy+14, 0, imaging.Bold, rtSmall, imaging.LightSoft)
		if full[cell] {
			silkCube(c, cx+rtCell*0.26, cy+rtCell*0.26, rtCell*0.48)
		}
		if n := pointed[cell]; n > 0 {
			c.Outline(cx-2, cy-2, rtCell+4, rtCell+4, 9, imaging.Highlight, 4)
			if n > 1 {
				c.Pill("×"+strconv.Itoa(n), cx+rtCell-3, cy+rtCell-14, 1, imaging.Bold, rtSmall, imaging.Ink, imaging.Highlight)
			}
		}
	}
}

// d10 draws a ten-sided die face showing n, with the cell it points at
// when it differs (a 0).
func d10(c *imaging.Canvas, n, cell int, x, y, s float64) {
	c.DrawRegularPolygon(5, x+s/2, y+s/2, s/2, -math.Pi/2)
	c.SetColor(imaging.FaceColor)
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	c.Text(strconv.Itoa(n), x+s/2, y+s/2+2, 0.5, imaging.Bold, s*0.42, imaging.Ink)
	if n == 0 {
		label := "cell ?"
		if cell > 0 {
			label = "→ " + strconv.Itoa(cell)
		}
		c.Text(label, x+s/2, y+s+14, 0.5, imaging.Bold, 18, imaging.Light)
	}
}

// d4 draws the TriChrome die showing face (R, Y, B or W) and the dye taken.
func d4(c *imaging.Canvas, face, dye string, x, y, s float64) {
	c.MoveTo(x+s/2, y)
	c.LineTo(x+s, y+s*0.9)
	c.LineTo(x, y+s*0.9)
	c.ClosePath()
	c.SetColor(rtDye[face])
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	if face == "W" {
		label := "pick"
		if dye != "" {
			label = "→ " + threadcount.DyeName(dye)
		}
		c.Text(label, x+s/2, y+s+14, 0.5, imaging.Bold, 18, imaging.Light)
	}
}

// rtRollAt draws the current or last roll and its harvest, returning
// nothing when there is none.
func rtRollAt(c *imaging.Canvas, v threadcount.View, opt imaging.Options, x, y, w float64) {
	if v.Roll == nil && v.Week <= 1 && len(v.OffRounds) > 0 {
		// Before the first roll: the roll-off numbers and re-rolls.
		c.Text("Roll-off", x, y, 0, imaging.Bold, 24, imaging.Ink)
		for i, p := range v.Players {
			line := fmt.Sprintf("%s: %d", opt.Name(games.Seat(i)), p.RollOff)
			if p.RollOff == 0 {
				line = opt.Name(games.Seat(i)) + ": –"
			}
			if n := rerolls(v, games.Seat(i)); n > 0 {
				line += fmt.Sprintf(" (re-rolled %d×)", n)
			}
			c.FitText(line, x, y+36+float64(i)*30, 0, w, imaging.Regular, 21, rtSmall, imaging.Ink)
		}
		return
	}
	c.Text("Last roll", x, y, 0, imaging.Bold, 24, imaging.Ink)
	if v.Roll == nil {
		c.Text("none yet", x, y+40, 0, imaging.Regular, 22, imaging.Ink)
		return
	}
	r := v.Roll
	c.FitText(opt.Name(r.Seat), x, y+30, 0, w, imaging.Regular, 22, rtSmall, imaging.Ink)
	s := 50.0
	for i, n := range r.D10 {
		d10(c, n, r.Cells[i], x+float64(i)*(s+10), y+52, s)
	}
	d4(c, r.D4, r.Dye, x+3*(s+10), y+52, s)
	if r.Outcome != nil {
		o := r.Outcome
		c.Text(fmt.Sprintf("Harvest %d silk", o.Harvest), x, y+150, 0, imaging.Bold, 24, imaging.Ink)
		if len(o.Lines) > 0 {
			c.FitText("Lines: "+rtCells(o.Lines), x, y+184, 0, w, imaging.Regular, 20, rtSmall, imaging.Ink)
		}
		if len(o.Doubles) > 0 {
			c.FitText("Already full: "+rtCells(o.Doubles), x, y+212, 0, w, imaging.Regular, 20, rtSmall, imaging.Ink)
		}
	}
}

// rerolls counts the roll-off rounds after the first in which seat rolled.
func rerolls(v threadcount.View, seat games.Seat) int {
	n := 0
	for i, r := range v.OffRounds {
		if i > 0 && indexOf(r.Seats, seat) >= 0 {
			n++
		}
	}
	return n
}

func rtCells(cs []int) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}

// rtCalendarAt draws the ten weeks with the current one highlighted.
func rtCalendarAt(c *imaging.Canvas, v threadcount.View, x, y, w float64) {
	bw := (w - 9*6) / 10
	for i := 1; i <= threadcount.Weeks; i++ {
		bx := x + float64(i-1)*(bw+6)
		fill, ink := imaging.Paper, imaging.Ink
		switch {
		case i < v.Week || (v.Over && i <= v.Week):
			fill, ink = imaging.PaperAlt, imaging.InkSoft
		case i == v.Week:
			fill = imaging.Highlight
		}
		c.Box(bx, y, bw, 40, 6, fill, imaging.Ink, 1.5)
		c.Text(strconv.Itoa(i), bx+bw/2, y+20, 0.5, imaging.Bold, 20, ink)
	}
}

// rtMarketAt draws the three market slots, the deck and the Buried pile.
func rtMarketAt(c *imaging.Canvas, v threadcount.View, x, y, w float64, canTake []int) {
	c.Text("Pattern market", x, y, 0, imaging.Bold, 26, imaging.Ink)
	sw := (w - 2*14) / 3
	sh := 140.0
	for i, code := range v.Market {
		sx := x + float64(i)*(sw+14)
		sy := y + 24
		if code == "" {
			c.DashedOutline(sx, sy, sw, sh, 8, imaging.Ink, 2, 8)
			c.Text("empty", sx+sw/2, sy+sh/2, 0.5, imaging.Regular, 22, imaging.Ink)
		} else {
			pt, _ := threadcount.PatternOf(code)
			c.Box(sx, sy, sw, sh, 8, imaging.FaceColor, imaging.Ink, 2)
			patternChip(c, code, sx+8, sy+8, sw-16, sh-58, 20)
			c.Text(fmt.Sprintf("%d silk", pt.Silk), sx+sw/2, sy+sh-26, 0.5, imaging.Bold, 22, imaging.Ink)
			for _, t := range canTake {
				if t == i+1 {
					c.Outline(sx-3, sy-3, sw+6, sh+6, 10, imaging.Good, 4)
				}
			}
		}
		c.Text("slot "+strconv.Itoa(i+1), sx+sw/2, sy+sh+18, 0.5, imaging.Regular, 18, imaging.Ink)
	}
	y += 24 + sh + 46
	var left []string
	for i, n := range v.DeckLeft {
		if n > 0 {
			left = append(left, fmt.Sprintf("%s %d", threadcount.Patterns[i].Name, n))
		}
	}
	deck := fmt.Sprintf("Deck %d", v.DeckSize)
	if len(left) > 0 {
		deck += ": " + strings.Join(left, ", ")
	}
	c.TextBlock(deck, x, y-12, w, 46, 0, imaging.Regular, 20, rtSmall, 2, imaging.Ink)
	buried := "Buried: none"
	if len(v.Buried) > 0 {
		counts := map[string]int{}
		var order []string
		for _, b := range v.Buried {
			if counts[b] == 0 {
				order = append(order, b)
			}
			counts[b]++
		}
		var parts []string
		for _, b := range order {
			parts = append(parts, fmt.Sprintf("%s %d", patternTitle(b), counts[b]))
		}
		buried = fmt.Sprintf("Buried %d: %s", len(v.Buried), strings.Join(parts, ", "))
	}
	c.FitText(buried, x, y+44, 0, w, imaging.Regular, 20, rtSmall, imaging.Ink)
}

func patternTitle(code string) string {
	if pt, ok := threadcount.PatternOf(code); ok {
		return pt.Name
	}
	return code
}

func colourTitle(code string) string {
	if cc, ok := threadcount.Colour(code); ok {
		return cc.Name
	}
	return code
}

// garmentTile draws one garment with its colour layer and pattern layer.
func garmentTile(c *imaging.Canvas, p threadcount.Player, g int, x, y, w, h float64) {
	pc := p.Outfit[g]
	complete := pc.Complete()
	stroke, lw := imaging.Ink, 2.0
	if complete {
		stroke, lw = imaging.Good, 4
	}
	c.Box(x, y, w, h, 10, imaging.Paper, stroke, lw)
	name := threadcount.GarmentName(threadcount.Garments[g])
	c.Text(name, x+10, y+16, 0, imaging.Bold, 20, imaging.Ink)
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
		colourChip(c, p.Colours[pc.Colour], x+8, y+32, w-16, lh-4, rtSmall)
	} else {
		c.DashedOutline(x+8, y+32, w-16, lh-4, 6, imaging.InkSoft, 1.5, 6)
		c.Text("no colour", x+w/2, y+32+(lh-4)/2, 0.5, imaging.Regular, rtSmall, imaging.InkSoft)
	}
	py := y + 32 + lh
	if pc.Pattern >= 0 && pc.Pattern < len(p.Patterns) {
		patternChip(c, p.Patterns[pc.Pattern], x+8, py, w-16, lh-4, rtSmall)
	} else {
		c.DashedOutline(x+8, py, w-16, lh-4, 6, imaging.InkSoft, 1.5, 6)
		c.Text("no pattern", x+w/2, py+(lh-4)/2, 0.5, imaging.Regular, rtSmall, imaging.InkSoft)
	}
}

// spares lists the owned cards that are on no garment.
func spares(p threadcount.Player) (colours, patterns []string) {
	onC, onP := map[int]bool{}, map[int]bool{}
	for _, pc := range p.Outfit {
		onC[pc.Colour], onP[pc.Pattern] = true, true
	}
	for i, code := range p.Colours {
		if !onC[i] {
			colours = append(colours, colourTitle(code))
		}
	}
	for i, code := range p.Patterns {
		if !onP[i] {
			patterns = append(patterns, patternTitle(code))
		}
	}
	return colours, patterns
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
	c.Box(x, y, w, rtRowH-10, 12, fill, imaging.Ink, 2)
	if active {
		c.Outline(x-3, y-3, w+6, rtRowH-4, 14, imaging.Highlight, 5)
	}
	ix := x + 14
	c.FitText(opt.Name(s), ix, y+24, 0, rtInfoW-24, imaging.Bold, 28, rtSmall, imaging.Ink)
	var tags []string
	if pos := indexOf(v.Order, s); pos >= 0 {
		tags = append(tags, fmt.Sprintf("plays %s", imaging.Ordinal(pos+1)))
	}
	tags = append(tags, fmt.Sprintf("%d turns done", p.Turns))
	if p.Conceded {
		tags = []string{"conceded"}
	}
	c.FitText(strings.Join(tags, " · "), ix, y+56, 0, rtInfoW-24, imaging.Regular, 20, rtSmall, imaging.InkSoft)
	resources(c, p, ix, y+92, 20, imaging.Ink)
	switch {
	case v.Over && seat < len(v.Scores) && v.Scores[seat] != nil:
		rank := ""
		if seat < len(v.Ranks) {
			rank = " · " + imaging.Ordinal(v.Ranks[seat])
		}
		c.Pill(fmt.Sprintf("%d points%s", v.Scores[seat].Total, rank), ix, y+124, 0, imaging.Bold, 18, imaging.Ink, imaging.Highlight)
	case active:
		c.Pill("to play", ix, y+124, 0, imaging.Bold, 18, imaging.Ink, imaging.Highlight)
	case v.Viewer == s && v.Favourite != "":
		c.Text("you", ix, y+124, 0, imaging.Bold, 18, imaging.Ink)
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

func indexOf(ss []games.Seat, s games.Seat) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

// ---- table ----

// Table draws the public table: a header with the week and whose
// turn it is, the silk board with its silk, the last roll, the calendar,
// the pattern market with the deck and the Buried pile, and every player's
// row with silk, dye and an outfit of four garments showing their colour
// and pattern cards.
func Table(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	h := rtHeadH + rtTopH + float64(len(v.Players))*rtRowH + 2*rtMargin
	c, err := imaging.NewCanvas(int(rtTableW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	rtHeader(c, v, "Royal Threadcount", rtPhaseText(v, opt), rtTableW)
	rtTop(c, v, opt, nil)
	y := rtHeadH + rtTopH + rtMargin
	for i := range v.Players {
		playerRow(c, v, opt, i, rtMargin, y, rtTableW-2*rtMargin)
		y += rtRowH
	}
	return c.Image(), nil
}

// rtTop draws the band under the header: the board, the roll, the
// calendar and the market.
func rtTop(c *imaging.Canvas, v threadcount.View, opt imaging.Options, canTake []int) {
	m := rtMargin
	y := rtHeadH + m
	c.Text("Silk board", m, y, 0, imaging.Bold, 26, imaging.Ink)
	rtBoardAt(c, v, m, y+24)
	c.TextBlock("yellow: cells the dice hit", m, y+24+3*rtCell+32+6, 3*rtCell+32, 48, 0, imaging.Regular, rtSmall, rtSmall, 2, imaging.Ink)
	rx := m + 3*rtCell + 32 + 24
	rtRollAt(c, v, opt, rx, y, rtRollW)
	mx := rx + rtRollW + 16
	w := float64(c.Width())
	c.Text("Calendar", mx, y, 0, imaging.Bold, 26, imaging.Ink)
	rtCalendarAt(c, v, mx, y+24, w-m-mx)
	rtMarketAt(c, v, mx, y+96, w-m-mx, canTake)
}

// ---- panel ----

// Panel draws a seat's private panel: its Favourite Colour, its
// silk and dye, what it can buy right now (every colour card with its
// recipe, affordable ones bright, and the market slots) and its outfit.
func Panel(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	if v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return nil, fmt.Errorf("imaging: a threadcount panel needs a seat's view, not %s", v.Viewer)
	}
	// As wide as the table, with the colour cards four to a row.
	const (
		W      = rtTableW
		perRow = 4
		chH    = 110.0
	)
	rows := math.Ceil(float64(len(threadcount.ColourCards)) / perRow)
	colsH := 30 + rows*(chH+12) + 8
	h := rtHeadH + rtTopH + 84 + colsH + rtRowH + 2*rtMargin
	c, err := imaging.NewCanvas(int(W), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	note := rtPhaseText(v, opt)
	if !v.Over && v.ToAct == v.Viewer {
		note = rtYourTurn(v.Phase)
	}
	rtHeader(c, v, "Royal Threadcount: "+opt.Name(v.Viewer)+"'s panel", note, W)
	rtTop(c, v, opt, v.CanTake)
	m := rtMargin
	y := rtHeadH + rtTopH + m
	p := v.Players[v.Viewer]

	// Favourite colour and resources.
	c.Box(m, y, W-2*m, 70, 12, imaging.Paper, imaging.Ink, 2)
	x := m + 16
	x += c.Text("Your Favourite Colour:", x, y+35, 0, imaging.Bold, 24, imaging.Ink) + 12
	if v.Favourite != "" {
		c.Box(x, y+14, 150, 42, 8, rtDye[v.Favourite], imaging.Ink, 2)
		c.Text(threadcount.BasicName(v.Favourite), x+75, y+35, 0.5, imaging.Bold, 22, labelOn(v.Favourite))
		x += 150
	} else {
		x += c.Text("not dealt yet", x, y+35, 0, imaging.Regular, 22, imaging.InkSoft)
	}
	x += 40
	x += c.Text("You hold", x, y+35, 0, imaging.Bold, 24, imaging.Ink) + 12
	resources(c, p, x, y+35, 24, imaging.Ink)
	y += 84

	// Every colour card with its recipe; what can be bought now is bright.
	c.FitText("Colour cards and market slots in a green frame: you can buy them now", m, y+12, 0, W-2*m, imaging.Bold, 24, rtSmall, imaging.Ink)
	y += 30
	can := map[string]bool{}
	for _, code := range v.CanBuy {
		can[code] = true
	}
	cw := (W - 2*m - (perRow-1)*12) / perRow
	for i, cc := range threadcount.ColourCards {
		cx := m + float64(i%perRow)*(cw+12)
		cy := y + float64(i/perRow)*(chH+12)
		fill := imaging.Paper
		if !can[cc.Code] {
			fill = imaging.WithAlpha(imaging.Paper, 0x90)
		}
		c.Box(cx, cy, cw, chH, 10, fill, imaging.Ink, 2)
		colourChip(c, cc.Code, cx+8, cy+8, cw-16, 50, 20)
		// Recipe: dye cubes and silk.
		rx := cx + 10
		for d, n := range cc.Dye {
			for range n {
				dyeCube(c, threadcount.Dyes[d], rx, cy+70, 22)
				rx += 26
			}
		}
		rx += 8
		silkCube(c, rx, cy+70, 22)
		c.Text("×"+strconv.Itoa(cc.Silk), rx+26, cy+81, 0, imaging.Bold, 20, imaging.Ink)
		if can[cc.Code] {
			c.Outline(cx-3, cy-3, cw+6, chH+6, 12, imaging.Good, 4)
		} else {
			c.Box(cx, cy, cw, chH, 10, imaging.WithAlpha(imaging.Felt, 0x70), nil, 0)
		}
	}
	y += rows*(chH+12) + 8

	// The viewer's outfit.
	playerRow(c, v, opt, int(v.Viewer), m, y, W-2*m)
	return c.Image(), nil
}

// ---- scoring ----

// Scoring draws the end-of-game reveal: the Empress's pattern
// and colours, and per player each garment, the colour words that matched,
// the pattern groups, the totals, the tie-break values and the ranks.
func Scoring(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	// As wide as the table; the reveal takes two lines.
	const (
		W       = rtTableW
		revealH = 132.0
		blockH  = 214.0
	)
	n := len(v.Players)
	h := rtHeadH + revealH + float64(n)*blockH + 2*rtMargin
	c, err := imaging.NewCanvas(int(W), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	title := "Royal Threadcount: final score"
	if !v.Over {
		title = "Royal Threadcount: scoring at the end"
	}
	rtHeader(c, v, title, rtPhaseText(v, opt)+rtDeciderNote(v), W)
	m := rtMargin
	y := rtHeadH + m

	// The reveal: the Empress's pattern, then the favourite colours.
	c.Box(m, y, W-2*m, revealH-14, 12, imaging.Paper, imaging.Ink, 2)
	x := m + 16
	mid := y + 34.0
	if !v.Over {
		c.FitText("The favourites are revealed when the tenth week ends.", x, mid, 0, W-2*m-32, imaging.Bold, 24, rtSmall, imaging.Ink)
		return c.Image(), nil
	}
	x += c.Text("Empress's pattern:", x, mid, 0, imaging.Bold, 24, imaging.Ink) + 10
	if v.Empress != "" {
		patternChip(c, v.Empress, x, mid-22, 170, 44, 20)
	}
	x = m + 16
	mid += 50
	x += c.Text("Favourites:", x, mid, 0, imaging.Bold, 24, imaging.Ink) + 12
	fw := math.Min(160, (W-m-16-x)/float64(max(len(v.Favourites), 1))-8)
	for i, f := range v.Favourites {
		c.Box(x, mid-19, fw, 38, 8, rtDye[f], imaging.Ink, 2)
		c.FitText(opt.Name(games.Seat(i))+": "+threadcount.BasicName(f), x+fw/2, mid, 0.5, fw-10, imaging.Bold, 19, rtSmall, labelOn(f))
		x += fw + 8
	}
	y += revealH

	for _, seat := range rankOrder(v) {
		scoreBlock(c, v, opt, seat, m, y, W-2*m, blockH-14)
		y += blockH
	}
	return c.Image(), nil
}

// rankOrder lists the seats best rank first, seat order among equals.
func rankOrder(v threadcount.View) []int {
	out := make([]int, len(v.Players))
	for i := range out {
		out[i] = i
	}
	if len(v.Ranks) == len(out) {
		sort.SliceStable(out, func(a, b int) bool { return v.Ranks[out[a]] < v.Ranks[out[b]] })
	}
	return out
}

// rtDeciderNote names what settled a tie, if anything did.
func rtDeciderNote(v threadcount.View) string {
	if !v.Over || v.Scores == nil {
		return ""
	}
	best, tied := -1, 0
	for _, b := range v.Scores {
		if b != nil && b.Total > best {
			best, tied = b.Total, 0
		}
		if b != nil && b.Total == best {
			tied++
		}
	}
	switch {
	case tied <= 1:
		return ""
	case v.Decider < 0:
		return fmt.Sprintf(" (tied on %d and on every tie-break)", best)
	}
	return fmt.Sprintf(" (tied on %d; %s decides)", best, threadcount.Criteria[v.Decider])
}

// scoreBlock draws one player's breakdown: a bar with rank, name and
// total, the four garments with their matched colour words, and a column
// with the category sums, the pattern groups and the tie-break values.
func scoreBlock(c *imaging.Canvas, v threadcount.View, opt imaging.Options, seat int, x, y, w, h float64) {
	s := games.Seat(seat)
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	rank := ""
	if seat < len(v.Ranks) {
		rank = imaging.Ordinal(v.Ranks[seat])
	}
	winner := indexOf(v.Winners, s) >= 0
	bar := imaging.Frame
	if winner {
		bar = imaging.Good
	}
	c.Box(x, y, w, 44, 12, bar, bar, 0)
	c.DrawRectangle(x, y+30, w, 14)
	c.SetColor(bar)
	c.Fill()
	label := rank + "  " + opt.Name(s)
	if winner {
		label += "  ·  winner"
	}
	c.FitText(label, x+16, y+22, 0, w-300, imaging.Bold, 26, rtSmall, imaging.Light)
	var b *threadcount.Breakdown
	if seat < len(v.Scores) {
		b = v.Scores[seat]
	}
	if b == nil {
		c.Text("conceded, not scored", x+w-16, y+22, 1, imaging.Bold, 24, imaging.Light)
		return
	}
	c.Text(fmt.Sprintf("Total %d", b.Total), x+w-16, y+22, 1, imaging.Bold, 28, imaging.Highlight)
	// Four garments.
	gw, th := 150.0, h-90
	lh := (th - 34) / 2
	for g, ps := range b.Pieces {
		gx := x + 12 + float64(g)*(gw+8)
		gy := y + 52
		stroke, lw := imaging.InkSoft, 1.5
		if ps.Complete {
			stroke, lw = imaging.Good, 3
		}
		c.Box(gx, gy, gw, th, 8, imaging.FaceColor, stroke, lw)
		c.Text(threadcount.GarmentName(ps.Garment), gx+8, gy+14, 0, imaging.Bold, 18, imaging.Ink)
		// The completion bonus; the frame says complete too.
		if ps.Complete {
			c.Text("+2", gx+gw-8, gy+14, 1, imaging.Bold, rtSmall, imaging.Good)
		} else {
			c.Text("+0", gx+gw-8, gy+14, 1, imaging.Bold, rtSmall, imaging.Bad)
		}
		if ps.Colour != "" {
			colourChip(c, ps.Colour, gx+6, gy+28, gw-12, lh, rtSmall)
		}
		if ps.Pattern != "" {
			patternChip(c, ps.Pattern, gx+6, gy+30+lh, gw-12, lh, rtSmall)
		}
		// The colour words under the garment: a dye cube each, with +2
		// when it matches a favourite and a dash when not.
		wx := gx + 4
		for _, wd := range ps.Words {
			dyeCube(c, wd.Word, wx, gy+th+8, 20)
			wx += 26
			mark, col := "–", imaging.InkSoft
			if wd.Match {
				mark, col = "+2", imaging.Good
			}
			wx += c.Text(mark, wx, gy+th+18, 0, imaging.Bold, rtSmall, col) + 14
		}
	}
	// Sums, patterns and tie-breaks.
	sx := x + 12 + 4*(gw+8) + 10
	sw := x + w - sx - 14
	c.FitText(fmt.Sprintf("Garments %d · Dyes %d · Patterns %d", b.Garments, b.Dyes, b.PatternPoints),
		sx, y+66, 0, sw, imaging.Bold, 22, rtSmall, imaging.Ink)
	var pats []string
	for _, ps := range b.Patterns {
		fav := ""
		if ps.Favourite {
			fav = " (Empress)"
		}
		pats = append(pats, fmt.Sprintf("%s%s ×%d = %d", patternTitle(ps.Pattern), fav, ps.Count, ps.Points))
	}
	if len(pats) == 0 {
		pats = []string{"no complete piece"}
	}
	c.TextBlock(strings.Join(pats, ", "), sx, y+82, sw, 52, 0, imaging.Regular, 19, rtSmall, 2, imaging.Ink)
	tb := fmt.Sprintf("Tie-breaks: tertiary %d · Empress pieces %d · pattern silk %d · ready early %s",
		b.Tertiary, b.FavPieces, b.PatternSilk, map[bool]string{true: "yes", false: "no"}[b.ReadyEarly])
	c.TextBlock(tb, sx, y+136, sw, h-140, 0, imaging.Regular, rtSmall, rtSmall, 3, imaging.InkSoft)
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[threadcount.View]{Table: Table, Panel: Panel, Scoring: Scoring}
