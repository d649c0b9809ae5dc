package threadcount

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// Table draws the public table: a header with the week and whose
// turn it is, the silk board with its silk, the last roll, the calendar,
// the pattern market with the deck and the Buried pile, and every player's
// row with silk, dye and an outfit of four garments showing their colour
// and pattern cards.
func Table(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	h := rtHeadH + rtTopH + rtHeadsH + float64(len(v.Players))*rtRowH + 2*rtMargin
	c, err := imaging.NewCanvas(int(rtTableW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	rtHeader(c, v, "Royal Threadcount", rtPhaseText(v, opt), rtTableW)
	rtTop(c, v, opt, nil)
	y := rtHeadH + rtTopH + rtMargin
	garmentHeads(c, rtMargin, y+rtHeadsH/2-6, rtTableW-2*rtMargin)
	y += rtHeadsH
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
	c.TextBlock("yellow: hit by the dice", m, y+24+3*rtCell+32+6, 3*rtCell+32, 48, 0, imaging.Regular, rtSmall, rtSmall, 2, imaging.Ink)
	rx := m + 3*rtCell + 32 + 24
	rtRollAt(c, v, opt, rx, y, rtRollW)
	mx := rx + rtRollW + 16
	w := float64(c.Width())
	c.Text("Calendar", mx, y, 0, imaging.Bold, 26, imaging.Ink)
	rtCalendarAt(c, v, mx, y+24, w-m-mx)
	rtMarketAt(c, v, mx, y+96, w-m-mx, canTake)
	rtPilesAt(c, v, m, y+312, w-2*m)
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
	frame(c, x, y, side, side, 12, rtBoard, imaging.Ink, 3)
	for cell := 1; cell <= 9; cell++ {
		cx := x + gap + float64((cell-1)%3)*(rtCell+gap)
		cy := y + gap + float64((cell-1)/3)*(rtCell+gap)
		frame(c, cx, cy, rtCell, rtCell, 8, imaging.FeltLine, imaging.WithAlpha(imaging.Ink, 0xA0), 1.5)
		c.Text(strconv.Itoa(cell), cx+7, cy+14, 0, imaging.Bold, rtSmall, imaging.LightSoft)
		if full[cell] {
			silkCube(c, cx+rtCell*0.26, cy+rtCell*0.26, rtCell*0.48)
		}
		if n := pointed[cell]; n > 0 {
			ring(c, cx-2, cy-2, rtCell+4, rtCell+4, 9, imaging.Highlight, 4)
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
		c.Text(label, x+s/2, y+s+14, 0.5, imaging.Bold, rtSmall, imaging.Light)
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
		c.Text(label, x+s/2, y+s+14, 0.5, imaging.Bold, rtSmall, imaging.Light)
	}
}

// rtRollAt draws the current or last roll and its harvest, returning
// nothing when there is none.
func rtRollAt(c *imaging.Canvas, v threadcount.View, opt imaging.Options, x, y, w float64) {
	if v.Roll == nil && v.Week <= 1 && len(v.OffRounds) > 0 {
		// Before the first roll: every roll-off number, re-rolls after
		// the first; a name too long for one line with its numbers
		// gets the numbers on a line of their own, so it is never cut.
		c.Text("Roll-off", x, y, 0, imaging.Bold, 24, imaging.Ink)
		ly := y + 34
		for i := range v.Players {
			name := opt.Name(games.Seat(i))
			rolls := offRolls(v, games.Seat(i))
			if line := name + ": " + rolls; c.Measure(line, imaging.Regular, rtSmall) <= w {
				c.Text(line, x, ly, 0, imaging.Regular, rtSmall, imaging.Ink)
				ly += 27
				continue
			}
			c.FitText(name+":", x, ly, 0, w, imaging.Regular, rtSmall, rtSmall, imaging.Ink)
			c.Text(rolls, x+w, ly+25, 1, imaging.Regular, rtSmall, imaging.Ink)
			ly += 52
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
			c.FitText("Lines: "+rtCells(o.Lines), x, y+184, 0, w, imaging.Regular, 22, rtSmall, imaging.Ink)
		}
		if len(o.Doubles) > 0 {
			c.FitText("Already full: "+rtCells(o.Doubles), x, y+212, 0, w, imaging.Regular, 22, rtSmall, imaging.Ink)
		}
	}
}

// offRolls lists what seat rolled in the roll-off, a re-roll after each
// tie ("7, 10"), or "–" before it rolled.
func offRolls(v threadcount.View, seat games.Seat) string {
	var rolls []string
	for _, r := range v.OffRounds {
		if i := indexOf(r.Seats, seat); i >= 0 && i < len(r.Values) {
			rolls = append(rolls, strconv.Itoa(r.Values[i]))
		}
	}
	if len(rolls) == 0 {
		return "–"
	}
	return strings.Join(rolls, ", then ")
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
		frame(c, bx, y, bw, 40, 6, fill, imaging.Ink, 1.5)
		c.Text(strconv.Itoa(i), bx+bw/2, y+20, 0.5, imaging.Bold, 22, ink)
	}
}

// rtMarketAt draws the three market slots.
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
			frame(c, sx, sy, sw, sh, 8, imaging.FaceColor, imaging.Ink, 2)
			patternChip(c, code, sx+8, sy+8, sw-16, sh-56, 22)
			c.Text(fmt.Sprintf("%d silk", pt.Silk), sx+sw/2, sy+sh-24, 0.5, imaging.Bold, 22, imaging.Ink)
			for _, t := range canTake {
				if t == i+1 {
					ring(c, sx-3, sy-3, sw+6, sh+6, 10, imaging.Good, 4)
				}
			}
		}
		c.Text("slot "+strconv.Itoa(i+1), sx+sw/2, sy+sh+16, 0.5, imaging.Regular, rtSmall, imaging.Ink)
	}
}

// rtPilesAt draws what is left in the pattern deck and what is in the
// Buried pile, a line each across the picture.
func rtPilesAt(c *imaging.Canvas, v threadcount.View, x, y, w float64) {
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
	c.FitText(deck, x, y, 0, w, imaging.Regular, 22, rtSmall, imaging.Ink)
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
	c.FitText(buried, x, y+29, 0, w, imaging.Regular, 22, rtSmall, imaging.Ink)
}
