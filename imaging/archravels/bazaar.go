package archravels

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
	"strconv"
)

// bazaarCard draws Bazaar position pos (1-6) in the box: its card, or an
// empty position, marked when it is being resolved or waits its turn.
func bazaarCard(c *imaging.Canvas, v archravels.View, pos int, x, y, w, h float64) {
	id := v.Bazaar[pos-1]
	if id == "" {
		emptySpace(c, v, pos, x, y, w, h)
	} else {
		cardFace(c, v, id, x, y, w, h)
	}
	posBadge(c, pos, x+14, y+14)
	switch {
	case v.Turn.Pos == pos && v.Turn.Card != "":
		c.CardHighlight(x, y, w, h, imaging.Highlight)
		c.Pill("resolving", x+w/2, y+h+1, 0.5, imaging.Bold, arSmall, imaging.Ink, imaging.Highlight)
	case slices.Contains(v.Turn.Fresh, pos):
		c.Pill("next", x+w/2, y+h+1, 0.5, imaging.Bold, arSmall, imaging.Ink, imaging.Light)
	}
}

// posBadge draws a Bazaar position number in a dark disc.
func posBadge(c *imaging.Canvas, pos int, cx, cy float64) {
	c.DrawCircle(cx, cy, 13)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.Text(strconv.Itoa(pos), cx, cy, 0.5, imaging.Bold, arSmall, imaging.Light)
}

// emptySpace draws an empty Bazaar position: it gives 1 token of any
// colour, unless it was shopped in the Shop under way.
func emptySpace(c *imaging.Canvas, v archravels.View, pos int, x, y, w, h float64) {
	c.Box(x, y, w, h, 10, imaging.WithAlpha(imaging.FeltLine, 0xFF), imaging.FeltLine, 0)
	c.DashedOutline(x, y, w, h, 10, imaging.Ink, 2, 8)
	if slices.Contains(v.Turn.Picked, pos) {
		c.Text("shopped", x+w/2, y+h*0.45, 0.5, imaging.Bold, 19, imaging.Light)
		c.Text("this turn", x+w/2, y+h*0.45+24, 0.5, imaging.Regular, arSmall, imaging.LightSoft)
		return
	}
	c.Text("empty", x+w/2, y+h*0.3, 0.5, imaging.Bold, 19, imaging.Light)
	anyToken(c, x+w/2-22, y+h*0.66, 15)
	c.Text("1 any", x+w/2-2, y+h*0.66, 0, imaging.Bold, arSmall, imaging.Light)
}

// cardFace draws a Yarn Deck card face: a yarn card's tokens, or an event
// or request with its name.
func cardFace(c *imaging.Canvas, v archravels.View, id string, x, y, w, h float64) {
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 2)
	switch archravels.CardKind(id) {
	case "yarn":
		yarnFace(c, id, x, y, w, h)
	case "event":
		cardBanner(c, "EVENT", arEvent, x, y, w)
		e, _ := archravels.EventOf(id)
		c.TextBlock(e.Name, x+6, y+30, w-12, h*0.36, 0.5, imaging.Bold, math.Max(arSmall, math.Min(22, w*0.15)), arSmall, 2, imaging.Ink)
		// The note needs a tall card: the panel's, not the compact table's.
		if w >= 120 && h >= 120 {
			c.TextBlock(arEventNote[id], x+6, y+30+h*0.36, w-12, h-44-h*0.36, 0.5, imaging.Regular, 16, 12, 2, imaging.InkSoft)
		}
	case "request":
		cardBanner(c, "REQUEST", arRequest, x, y, w)
		r, _ := archravels.RequestOf(id)
		c.FitText(r.Name, x+w/2, y+h*0.38, 0.5, w-12, imaging.Bold, math.Max(arSmall, math.Min(20, w*0.14)), arSmall, imaging.Ink)
		requestCost(c, r, arOthers(v, v.Active), x+w/2, y+h*0.58, w-12, math.Min(9, w*0.065), arSmall, 0.5)
		pts := fmt.Sprintf("%d points", r.Points)
		if owner := arFavouriteOf(v, id); owner >= 0 {
			pts += " · ♥ " + v.Players[owner].Name
		}
		c.FitText(pts, x+w/2, y+h*0.8, 0.5, w-10, imaging.Bold, arSmall, arSmall, imaging.Ink)
	}
}

// arFavouriteOf is the seat whose favourite request id is, or -1.
func arFavouriteOf(v archravels.View, id string) games.Seat {
	for i, p := range v.Players {
		if p.Favourite == id {
			return games.Seat(i)
		}
	}
	return -1
}

// cardBanner draws the coloured strip with the kind across a card's top.
func cardBanner(c *imaging.Canvas, kind string, col color.RGBA, x, y, w float64) {
	c.Box(x+2, y+2, w-4, 26, 8, col, col, 0)
	c.Text(kind, x+w/2+8, y+15, 0.5, imaging.Bold, arSmall, imaging.Light)
}

// yarnFace draws a yarn card: its tokens large (they are the count), or
// two any-colour tokens.
func yarnFace(c *imaging.Canvas, id string, x, y, w, h float64) {
	f, _ := archravels.FaceOf(id)
	cx, cy := x+w/2, y+h*0.55
	r := math.Min(18, w*0.13)
	if f.Any > 0 {
		step := 2.5 * r
		for i := range f.Any {
			anyToken(c, cx-step*float64(f.Any-1)/2+step*float64(i), cy, r)
		}
		c.Text("any colours", cx, y+h-18, 0.5, imaging.Bold, arSmall, imaging.Ink)
		return
	}
	yarnTokens(c, f.Gives, cx, cy, r, 2.4*r)
}

// requestCost draws a request's cost anchored at x (ax 0 left, 0.5
// centre) and returns its width: exact colours as tokens of radius tr, a
// rule in words at size pixels (less when it does not fit in maxW).
func requestCost(c *imaging.Canvas, r archravels.Request, others int, x, cy, maxW, tr, size, ax float64) float64 {
	exact, words := arCost(r, others)
	if words != "" {
		size = c.FitText(words, x, cy, ax, maxW, imaging.Bold, size, math.Min(size, arSmall), imaging.Ink)
		return math.Min(maxW, c.Measure(words, imaging.Bold, size))
	}
	n := exact.Total()
	step := math.Min(tr*2.25, (maxW-2*tr)/math.Max(1, float64(n-1)))
	w := tokensWidth(n, tr, step)
	yarnTokens(c, exact, x-ax*w+w/2, cy, tr, step)
	return w
}

// arPiles draws the Yarn Deck as a card back with its count and the
// discard pile as its top card with its count. The back is flat (a dark
// field in a light frame), not woven: cheaper to draw and to encode.
func arPiles(c *imaging.Canvas, v archravels.View, x, y float64) {
	const ph = 96.0
	top := y + 22
	if v.YarnDeck > 0 {
		c.Box(x, top, arPileW, ph, 10, imaging.BackColor, imaging.Ink, 2)
		c.Outline(x+8, top+8, arPileW-16, ph-16, 6, imaging.BackWeave, 3)
		c.Pill(strconv.Itoa(v.YarnDeck), x+arPileW/2, top+ph/2, 0.5, imaging.Bold, 22, imaging.Ink, imaging.Light)
	} else {
		c.DashedOutline(x, top, arPileW, ph, 10, imaging.Ink, 2, 8)
		c.Text("empty", x+arPileW/2, top+ph/2, 0.5, imaging.Regular, 18, imaging.Ink)
	}
	c.Text("Yarn Deck", x+arPileW/2, top+ph+16, 0.5, imaging.Bold, 18, imaging.Ink)
	dy := top + ph + 38
	if v.DiscardTop != "" {
		cardFace(c, v, v.DiscardTop, x, dy, arPileW, ph)
	} else {
		c.DashedOutline(x, dy, arPileW, ph, 10, imaging.Ink, 2, 8)
		c.Text("none", x+arPileW/2, dy+ph/2, 0.5, imaging.Regular, 18, imaging.Ink)
	}
	c.Text(fmt.Sprintf("Discard %d", v.Discard), x+arPileW/2, dy+ph+16, 0.5, imaging.Bold, 18, imaging.Ink)
}

// projectList draws the Project List's cards and the Project Deck count.
func projectList(c *imaging.Canvas, v archravels.View, opt imaging.Options, x, y, w, ph float64) {
	c.Text("Project List", x, y, 0, imaging.Bold, 26, imaging.Ink)
	const gap = 14.0
	pw := (w - 2*gap) / 3
	for i := range 3 {
		px := x + float64(i)*(pw+gap)
		if i < len(v.List) {
			projectCard(c, v, opt, v.List[i], px, y+22, pw, ph)
			continue
		}
		c.DashedOutline(px, y+22, pw, ph, 10, imaging.Ink, 2, 8)
		c.Text("no project", px+pw/2, y+22+ph/2, 0.5, imaging.Regular, 20, imaging.Ink)
	}
	deck := fmt.Sprintf("Project Deck: %d left", v.ProjectDeck)
	if v.ProjectDeck == 0 {
		deck = "Project Deck: empty"
	}
	deck += fmt.Sprintf(" · %d finished so far", v.Finished)
	c.FitText(deck, x, y+22+ph+18, 0, w, imaging.Bold, 20, arSmall, imaging.Ink)
}

// projectCard draws a project: its name and points, the items it takes as
// icons with counts, and who holds those items now, if anyone.
func projectCard(c *imaging.Canvas, v archravels.View, opt imaging.Options, id string, x, y, w, h float64) {
	p, _ := archravels.ProjectOf(id)
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 2)
	c.DrawCircle(x+w-30, y+30, 22)
	c.SetColor(imaging.Highlight)
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	c.Text(strconv.Itoa(p.Points), x+w-30, y+30, 0.5, imaging.Bold, 22, imaging.Ink)
	c.TextBlock(p.Name, x+12, y+10, w-70, 42, 0, imaging.Bold, 23, arSmall, 2, imaging.Ink)
	var ready []games.Seat
	for i, pl := range v.Players {
		if arHasItems(pl, id) {
			ready = append(ready, games.Seat(i))
		}
	}
	if len(ready) == 0 {
		itemNeeds(c, p.Items, x+8, y+58, w-16, math.Min(84, h-66))
		return
	}
	itemNeeds(c, p.Items, x+8, y+62, w-16, math.Min(84, h-102))
	c.Rule(x+10, x+w-10, y+h-36, imaging.WithAlpha(imaging.InkSoft, 0x80), 1)
	c.FitText("has the items: "+arNames(v, opt, ready), x+12, y+h-18, 0, w-24, imaging.Bold, arSmall, arSmall, imaging.Good)
}

// itemNeeds draws a row of item icons with their counts and names,
// centred in the box.
func itemNeeds(c *imaging.Canvas, items [archravels.NumItems]int, x, y, w, h float64) {
	var kinds []int
	for it, n := range items {
		if n > 0 {
			kinds = append(kinds, it)
		}
	}
	if len(kinds) == 0 {
		return
	}
	step := math.Min(w/float64(len(kinds)), 84)
	// The names show only when all fit legibly; the icons speak alone
	// otherwise, a little larger.
	names := true
	for _, it := range kinds {
		if c.Measure(archravels.Items[it].Name, imaging.Regular, arSmall) > step-4 {
			names = false
		}
	}
	r := math.Min(math.Min(22, step*0.34), (h-24)/2)
	if !names {
		r = math.Min(math.Min(26, step*0.4), h/2-4)
	}
	x0 := x + w/2 - step*float64(len(kinds))/2
	for i, it := range kinds {
		cx := x0 + step*(float64(i)+0.5)
		cy := y + r + 2
		if !names {
			cy = y + h/2 - 4
		}
		if items[it] > 1 {
			// The count beside the icon, the pair centred on the place.
			count := "×" + strconv.Itoa(items[it])
			pw := c.PillWidth(count, imaging.Bold, arSmall)
			ix := cx - (pw+2)/2
			itemIcon(c, it, ix, cy, r)
			c.Pill(count, ix+r+2, cy, 0, imaging.Bold, arSmall, imaging.Light, imaging.Ink)
		} else {
			itemIcon(c, it, cx, cy, r)
		}
		if names {
			c.Text(archravels.Items[it].Name, cx, y+2*r+18, 0.5, imaging.Regular, arSmall, imaging.Ink)
		}
	}
}
