package archravels

import (
	"fmt"
	"image/color"
	"math"
	"spindle/games/archravels"
	"spindle/imaging"
	"strconv"
	"strings"
)

// spaceBox draws action space k with its text; the marker's space has a
// dark frame and the marker, the space worked now is yellow.
func spaceBox(c *imaging.Canvas, text string, k int, x, y, w, h, size float64, marker, now bool) {
	fill, stroke, lw := imaging.FaceColor, imaging.InkSoft, 1.5
	if marker {
		stroke, lw = imaging.Ink, 3
	}
	if now {
		fill = imaging.Highlight
	}
	c.Box(x, y, w, h, 8, fill, stroke, lw)
	br := size * 0.75
	c.DrawCircle(x+br+6, y+br+6, br)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.Text(strconv.Itoa(k), x+br+6, y+br+6, 0.5, imaging.Bold, size, imaging.Light)
	if text == "" {
		text = "–"
	}
	tx := x + 2*br + 12
	right := 8.0
	if marker {
		right = 2*br + 6
		markerPawn(c, x+w-br-4, y+br+6, br*0.8)
	}
	c.TextBlock(text, tx, y+4, w-(tx-x)-right, h-8, 0, imaging.Regular, size+1, math.Min(size+1, arSmall), 3, imaging.Ink)
}

// markerPawn draws a player's marker: a dark pawn with a light rim.
func markerPawn(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy+r*0.35, r)
	c.SetColor(imaging.Ink)
	c.Fill()
	c.DrawCircle(cx, cy-r*0.45, r*0.6)
	c.SetColor(imaging.Ink)
	c.FillPreserve()
	c.SetColor(imaging.Highlight)
	c.SetLineWidth(math.Max(1, r*0.2))
	c.Stroke()
}

// patternBox draws an item's current pattern on a board: the item, its
// tokens (exact colours, or open places under a general rule) and
// whether the tile was learned. With canMake, a pattern the bowl can pay
// for now gets a green frame.
func patternBox(c *imaging.Canvas, p archravels.PlayerView, item int, x, y, w, h float64, canMake bool) {
	pt := arPatternOf(p, item)
	stroke, lw := imaging.InkSoft, 1.5
	if pt.learned {
		stroke, lw = imaging.Good, 3
	}
	c.Box(x, y, w, h, 8, imaging.FaceColor, stroke, lw)
	if canMake && arCanMake(p, item) {
		c.Outline(x-3, y-3, w+6, h+6, 10, imaging.Good, 4)
	}
	scale := h / 130
	cx := x + w/2
	itemIcon(c, item, cx, y+20*scale, 14*scale)
	c.FitText(archravels.Items[item].Name, cx, y+45*scale, 0.5, w-6, imaging.Bold, 16*scale, math.Min(16*scale, arSmall), imaging.Ink)
	ty := y + 69*scale
	tr := math.Min(8.5*scale, (w-10)/(2.25*float64(max(pt.n, 1))))
	step := tr * 2.2
	switch {
	case !pt.dealt:
		c.Text("not dealt", cx, ty, 0.5, imaging.Regular, math.Max(14*scale, arSmall), imaging.InkSoft)
	case pt.exact:
		yarnTokens(c, pt.colours, cx, ty, tr, step)
	default:
		x0 := cx - step*float64(pt.n-1)/2
		for i := range pt.n {
			hollowToken(c, x0+float64(i)*step, ty, tr)
		}
	}
	rule := "exact colours"
	if !pt.exact {
		rule = arRuleText(pt.rule, pt.n)
	}
	if pt.dealt {
		c.FitText(rule, cx, y+92*scale, 0.5, w-6, imaging.Regular, math.Max(14*scale, arSmall), arSmall, imaging.Ink)
	}
	switch {
	case pt.learned:
		c.FitText(fmt.Sprintf("learned +%d", pt.flip), cx, y+114*scale, 0.5, w-6, imaging.Bold, math.Max(14*scale, arSmall), arSmall, imaging.Good)
	case pt.tiled:
		c.FitText(fmt.Sprintf("tile · learn +%d", pt.flip), cx, y+114*scale, 0.5, w-6, imaging.Regular, math.Max(13*scale, arSmall), arSmall, imaging.InkSoft)
	default:
		c.FitText("general", cx, y+114*scale, 0.5, w-6, imaging.Regular, math.Max(13*scale, arSmall), arSmall, imaging.InkSoft)
	}
}

// arCount is the size of a count beside a token or an item icon.
const arCount = 20.0

// bowlRow draws the tokens of the colours in the bowl, each with its
// count, from x in colour order; a colour the bowl lacks is left out.
func bowlRow(c *imaging.Canvas, y archravels.Yarn, x, cy, r float64) {
	for col, n := range y {
		if n == 0 {
			continue
		}
		yarnToken(c, col, x+r, cy, r)
		x += 2*r + 5
		x += c.Text(strconv.Itoa(n), x, cy, 0, imaging.Bold, arCount, imaging.Ink) + 16
	}
}

// itemRow draws the icons of the items held, each with its count, from
// x in item order; an item not held is left out.
func itemRow(c *imaging.Canvas, items [archravels.NumItems]int, x, cy, r float64) {
	for it, n := range items {
		if n == 0 {
			continue
		}
		itemIcon(c, it, x+r, cy, r)
		x += 2*r + 5
		x += c.Text(strconv.Itoa(n), x, cy, 0, imaging.Bold, arCount, imaging.Ink) + 18
	}
}

// arChip is one entry of a board's line of cards: a finished project, a
// finished request or a request held unfinished.
type arChip struct {
	text  string
	cost  *archravels.Request // a held request's cost, drawn after text
	tail  string              // points, signed
	heart bool
	fill  color.RGBA
}

// arChips lists a player's finished projects, finished requests and held
// requests in that order.
func arChips(v archravels.View, p archravels.PlayerView) []arChip {
	var out []arChip
	for _, id := range p.Projects {
		pr, _ := archravels.ProjectOf(id)
		out = append(out, arChip{text: pr.Name, tail: fmt.Sprintf("+%d", pr.Points), fill: arProjTint})
	}
	for _, id := range p.Done {
		r, _ := archravels.RequestOf(id)
		ch := arChip{text: r.Name, tail: fmt.Sprintf("+%d", r.Points), fill: arDoneTint}
		if id == p.Favourite {
			ch.heart = true
			ch.tail = fmt.Sprintf("+%d+%d", r.Points, archravels.FavouriteBonus)
		}
		out = append(out, ch)
	}
	for _, id := range p.Held {
		r, _ := archravels.RequestOf(id)
		out = append(out, arChip{text: r.Name, cost: &r, tail: fmt.Sprintf("−%d", r.Points), heart: id == p.Favourite, fill: arHeldTint})
	}
	return out
}

// chip draws (or with draw false only measures) one chip at x with its
// vertical middle at cy, and returns its width.
func chip(c *imaging.Canvas, ch arChip, others int, x, cy, size float64, draw bool) float64 {
	h := size * 1.6
	pad := size * 0.5
	w := pad
	if ch.heart {
		w += size*0.9 + 4
	}
	w += c.Measure(ch.text, imaging.Bold, size) + pad*0.7
	var costW float64
	tr := size * 0.42
	if ch.cost != nil {
		exact, words := arCost(*ch.cost, others)
		if words != "" {
			costW = c.Measure(words, imaging.Bold, size)
		} else {
			costW = tokensWidth(exact.Total(), tr, tr*2.15)
		}
		w += costW + pad*0.7
	}
	w += c.Measure(ch.tail, imaging.Bold, size) + pad
	if !draw {
		return w
	}
	c.Box(x, cy-h/2, w, h, h/2, ch.fill, imaging.Ink, 1.2)
	tx := x + pad
	if ch.heart {
		heart(c, tx+size*0.45, cy, size*0.45)
		tx += size*0.9 + 4
	}
	tx += c.Text(ch.text, tx, cy, 0, imaging.Bold, size, imaging.Ink) + pad*0.7
	if ch.cost != nil {
		requestCost(c, *ch.cost, others, tx, cy, costW+1, tr, size, 0)
		tx += costW + pad*0.7
	}
	col := imaging.Good
	if strings.HasPrefix(ch.tail, "−") {
		col = imaging.Bad
	}
	c.Text(ch.tail, tx, cy, 0, imaging.Bold, size, col)
	return w
}

// boardChips draws a board's finished projects and requests and its held
// requests in one line of width w, shrinking them to fit and summing up
// what still does not fit.
func boardChips(c *imaging.Canvas, v archravels.View, p archravels.PlayerView, x, cy, w float64) {
	chips := arChips(v, p)
	if len(chips) == 0 {
		c.Text("No projects or special requests yet", x, cy, 0, imaging.Regular, arSmall, imaging.InkSoft)
		return
	}
	others := arOthers(v, p.Seat)
	const gap = 8.0
	size := arSmall
	cx := x
	for i, ch := range chips {
		cw := chip(c, ch, others, 0, 0, size, false)
		room := x + w - cx
		if i == len(chips)-1 && cw <= room {
			chip(c, ch, others, cx, cy, size, true)
			return
		}
		after := c.PillWidth(fmt.Sprintf("+%d more", len(chips)-i-1), imaging.Bold, size)
		if cw+gap+after > room {
			c.Pill(fmt.Sprintf("+%d more", len(chips)-i), cx, cy, 0, imaging.Bold, size, imaging.Light, imaging.InkSoft)
			return
		}
		chip(c, ch, others, cx, cy, size, true)
		cx += cw + gap
	}
}
