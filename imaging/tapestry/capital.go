package tapestry

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- capitals and income mats ----

// tpCity draws a capital city grid with its top-left corner at (x, y):
// the mat's impassable plots dark, income buildings in their colours with
// their letters, landmarks as blocks labelled with their letters (cover
// code 'A' + landmark index). hl tints the given plots.
func tpCity(c *imaging.Canvas, mat int, cover string, x, y, cell float64, hl map[int]color.RGBA) {
	const n = tapestry.CitySize
	base := tpBase(mat)
	size := cell * n
	c.FillRect(x, y, size, size, imaging.Paper)
	for i := range n * n {
		px, py := x+float64(i%n)*cell, y+float64(i/n)*cell
		var fill color.RGBA
		switch b := cover[i]; {
		case b >= 'A' && b <= 'Z':
			fill = tpLandmark
		case strings.IndexByte(tapestry.BuildingLetters, b) >= 0:
			fill = tpBuildingCol[strings.IndexByte(tapestry.BuildingLetters, b)]
		case base[i] == 'X':
			fill = tpImpassable
		default:
			continue
		}
		c.FillRect(px, py, cell, cell, fill)
	}
	for i, col := range hl {
		if i < 0 || i >= n*n {
			continue
		}
		c.FillRect(x+float64(i%n)*cell, y+float64(i/n)*cell, cell, cell, col)
	}
	// Plot lines, thick between districts, none inside a landmark.
	same := func(i, j int) bool {
		b := cover[i]
		return b >= 'A' && b <= 'Z' && cover[j] == b
	}
	for _, thick := range []bool{false, true} {
		for r := range n {
			for k := 1; k < n; k++ {
				if (k%3 == 0) != thick {
					continue
				}
				if !same(r*n+k-1, r*n+k) { // the line left of plot (r, k)
					c.DrawLine(x+float64(k)*cell, y+float64(r)*cell, x+float64(k)*cell, y+float64(r+1)*cell)
				}
				if !same((k-1)*n+r, k*n+r) { // the line above plot (k, r)
					c.DrawLine(x+float64(r)*cell, y+float64(k)*cell, x+float64(r+1)*cell, y+float64(k)*cell)
				}
			}
		}
		if thick {
			c.SetColor(imaging.Ink)
			c.SetLineWidth(math.Max(1.5, cell*0.1))
		} else {
			c.SetColor(mix(imaging.Paper, imaging.Ink, 0.35))
			c.SetLineWidth(1)
		}
		c.Stroke()
	}
	c.DrawRectangle(x, y, size, size)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	// Letters: one per income building, one per landmark block.
	sum := map[byte][3]float64{}
	for i := range n * n {
		b := cover[i]
		cx, cy := x+(float64(i%n)+0.5)*cell, y+(float64(i/n)+0.5)*cell
		switch {
		case b >= 'A' && b <= 'Z':
			s := sum[b]
			sum[b] = [3]float64{s[0] + cx, s[1] + cy, s[2] + 1}
		case b != '.':
			k := strings.IndexByte(tapestry.BuildingLetters, b)
			ink := imaging.Light
			if k == int(tapestry.Farm) {
				ink = imaging.Ink
			}
			c.MarkText(string(b), cx, cy-cell*0.06, 0.5, imaging.Bold, cell*0.62, ink)
		}
	}
	for b, s := range sum {
		c.MarkText(string(b), s[0]/s[2], s[1]/s[2], 0.5, imaging.Bold, cell*0.72, imaging.Ink)
	}
	if mat == 0 {
		c.FillRect(x, y, size, size, imaging.WithAlpha(imaging.Paper, 0xC0))
		c.TextBlock("capital not chosen yet", x+8, y, size-16, size, 0.5, imaging.Bold, tpSmall, tpSmall, 3, imaging.Ink)
	}
}

// tpCovered reports whether space k (0-5) of income row b still holds a
// building: spaces 2-6 start covered and are uncovered left to right.
func tpCovered(p tapestry.PlayerView, b, k int) bool {
	return k >= 1 && k-1 >= int(p.Taken[b])
}

// tpIncomeMat draws the four income rows: each row's building name and
// its six spaces, those still holding a building in its colour, the
// uncovered ones with their numbers.
func tpIncomeMat(c *imaging.Canvas, p tapestry.PlayerView, x, y, w, rowH float64) {
	const labelW = 72.0
	cw := (w - labelW) / 6
	for b := range tapestry.NumBuildings {
		ry := y + float64(b)*(rowH+4)
		c.Text(capitalise(tapestry.BuildingNames[b]), x, ry+rowH/2, 0, imaging.Regular, tpPS, imaging.Ink)
		for k := range 6 {
			bx := x + labelW + float64(k)*cw
			if tpCovered(p, b, k) {
				c.Box(bx+1, ry, cw-2, rowH, 4, tpBuildingCol[b], imaging.Ink, 1)
				ink := imaging.Light
				if b == int(tapestry.Farm) {
					ink = imaging.Ink
				}
				c.MarkText(tapestry.BuildingLetters[b:b+1], bx+cw/2, ry+rowH/2, 0.5, imaging.Bold, rowH*0.55, ink)
				continue
			}
			c.Box(bx+1, ry, cw-2, rowH, 4, imaging.FaceColor, imaging.InkSoft, 1)
			c.Text(strconv.Itoa(k+1), bx+cw/2, ry+rowH/2, 0.5, imaging.Regular, tpPS, imaging.InkSoft)
		}
	}
}

// tpLabelled draws a bold label and then text, cut to fit w.
func tpLabelled(c *imaging.Canvas, label, text string, x, cy, w float64) {
	lw := c.Text(label, x, cy, 0, imaging.Bold, tpPS, imaging.Ink) + 6
	c.FitText(text, x+lw, cy, 0, w-lw, imaging.Regular, tpPS, tpPS, imaging.Ink)
}

// tpLandmarkText lists a player's landmarks with their capital letters,
// and what went beside the mat.
func tpLandmarkText(v tapestry.View, seat int) string {
	p := v.Players[seat]
	var in []string
	for _, i := range tpLandmarksOf(v, seat) {
		code := byte('A' + i)
		if strings.IndexByte(p.Cover, code) >= 0 {
			in = append(in, string(code)+" "+tapestry.Landmarks[i].Name)
		}
	}
	s := tpList(in)
	if p.Beside != "" {
		var out []string
		for _, b := range []byte(p.Beside) {
			out = append(out, tpCoverName(b))
		}
		s += "; beside the mat: " + strings.Join(out, ", ")
	}
	return s
}

// tpTilesText lists a player's territory and space tiles in supply.
func tpTilesText(p tapestry.PlayerView) string {
	ids := func(xs []int) string {
		if len(xs) == 0 {
			return "none"
		}
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = strconv.Itoa(x)
		}
		return strings.Join(out, ", ")
	}
	s := ids(p.Tiles)
	if len(p.Space) > 0 {
		s += "; space " + ids(p.Space)
	}
	return s
}

// tpBar draws a player's name bar in the seat's colour: name, capital,
// achievements, VP and era, and a pill when the player is to act.
func tpBar(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	col, ink := tpSeat(seat), tpSeatInk(seat)
	c.Box(x, y, w, h, 8, col, imaging.Ink, 1.5)
	right := x + w - 12
	right -= c.Text(tpEraText(p), right, y+h/2, 1, imaging.Regular, tpPS, ink) + 16
	right -= c.Text(fmt.Sprintf("%d VP", p.VP), right, y+h/2, 1, imaging.Bold, 22, ink) + 16
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		right -= c.Pill("to act", right, y+h/2, 1, imaging.Bold, tpPS, imaging.Ink, imaging.Highlight) + 12
	}
	name := opt.Name(games.Seat(seat))
	nw := c.Measure(name, imaging.Bold, 22)
	nw = math.Min(nw, right-x-24)
	c.FitText(name, x+12, y+h/2, 0, nw, imaging.Bold, 22, tpPS, ink)
	capital := "capital not chosen"
	if p.Mat > 0 {
		capital = tapestry.Mats[p.Mat-1].Name + " capital"
	}
	if tpBot(v, seat) {
		capital = tpBotRole(v, seat)
	}
	if ach := tpAchieved(v, seat); len(ach) > 0 && !tpShadow(v, seat) {
		capital += " · achieved " + strings.Join(ach, ", ")
	}
	if rest := right - (x + 12 + nw + 14); rest > 60 {
		c.FitText(capital, x+12+nw+14, y+h/2, 0, rest, imaging.Regular, tpPS, tpPS, ink)
	}
}

// tpPlayerBlock draws one player's holdings: the name bar, the capital,
// the income mat with resources, hand and outposts, and the tapestry
// slots, tech cards, landmarks and tiles in supply.
func tpPlayerBlock(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64, d tpBlockDims) {
	p := v.Players[seat]
	fill := imaging.Paper
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		fill = tpActive
	}
	c.Box(x, y, w, h, 10, fill, imaging.Ink, 2)
	tpBar(c, v, opt, seat, x, y, w, 34)
	y0 := y + 42
	tpCity(c, int(p.Mat), p.Cover, x+10, y0, d.cell, nil)
	x1 := x + 10 + 9*tpCell + 16
	const w1 = 300.0
	tpIncomeMat(c, p, x1, y0, w1, d.matRow)
	ly := y0 + 4*(d.matRow+3) + 12
	tpResourceGrid(c, p.Res, x1, ly, w1, d.resPitch)
	c.FitText(fmt.Sprintf("%s in hand · %d outposts left", tpCount(p.HandSize, "card", "cards"), p.Outposts),
		x1, ly+2*d.resPitch, 0, w1, imaging.Regular, tpPS, tpPS, imaging.Ink)
	x2 := x1 + w1 + 18
	w2 := x + w - 12 - x2
	half := (w2 - 10) / 2
	pitch := d.pitch
	for n := 1; n <= 4; n++ {
		sx := x2 + float64((n-1)%2)*(half+10)
		sy := y0 + 8 + float64((n-1)/2)*pitch
		txt := tpSlotText(p, n)
		ink := imaging.Ink
		if txt == "" {
			txt, ink = "empty", imaging.InkSoft
		}
		lw := c.Text(tpRoman(n), sx, sy, 0, imaging.Bold, tpPS, tpTrackCol[0]) + 8
		c.FitText(txt, sx+lw, sy, 0, half-lw, imaging.Regular, tpPS, tpPS, ink)
	}
	ty := y0 + 8 + 2*pitch + 4
	for k, row := range []string{"Top", "Middle", "Bottom"} {
		tpLabelled(c, row+":", tpTechNames(p.Tech[2-k]), x2, ty+float64(k)*pitch, w2)
	}
	tpLabelled(c, "Landmarks:", tpLandmarkText(v, seat), x2, ty+3*pitch, w2)
	tpLabelled(c, "Tiles:", tpTilesText(p), x2, ty+4*pitch, w2)
	if d.civ[seat] > 0 {
		tpCivStrip(c, v, opt, seat, x+10, y0+d.content, w-20)
	}
}

// tpResourceGrid draws a player's four resources two to a line, each as a
// coloured dot and its count.
func tpResourceGrid(c *imaging.Canvas, r tapestry.Res, x, y, w, pitch float64) {
	for i := range r {
		cx := x + float64(i%2)*w/2
		cy := y + float64(i/2)*pitch
		c.DrawCircle(cx+7, cy, 7)
		c.SetColor(tpResCol[i])
		c.FillPreserve()
		c.SetColor(imaging.Ink)
		c.SetLineWidth(1)
		c.Stroke()
		c.Text(fmt.Sprintf("%d %s", r[i], tapestry.ResNames[i]), cx+20, cy, 0, imaging.Regular, tpPS, imaging.Ink)
	}
}
