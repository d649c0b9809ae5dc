package tapestry

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- the map ----

// tpGeom places map hexes (maps.yaml): hex [a, b] has its centre at
// (X + 1.5·S·(b−a), Y + 0.866·S·(a+b)), S being the radius of a
// flat-topped hex (centre to corner).
type tpGeom struct{ X, Y, S float64 }

// centre is the pixel centre of hex h.
func (g tpGeom) centre(h tapestry.Hex) (float64, float64) {
	return g.X + 1.5*g.S*float64(h.B-h.A), g.Y + 0.866*g.S*float64(h.A+h.B)
}

// tpFit returns the geometry that fits the hexes into the box (x, y, w, h),
// centred in it, with a radius of at most maxS (whole pixels).
func tpFit(hexes []tapestry.Hex, x, y, w, h, maxS float64) tpGeom {
	if len(hexes) == 0 {
		return tpGeom{X: x + w/2, Y: y + h/2, S: maxS}
	}
	minU, maxU := math.Inf(1), math.Inf(-1)
	minV, maxV := math.Inf(1), math.Inf(-1)
	for _, hx := range hexes {
		u, v := 1.5*float64(hx.B-hx.A), 0.866*float64(hx.A+hx.B)
		minU, maxU = math.Min(minU, u-1), math.Max(maxU, u+1)
		minV, maxV = math.Min(minV, v-0.866), math.Max(maxV, v+0.866)
	}
	s := math.Floor(math.Min(maxS, math.Min(w/(maxU-minU), h/(maxV-minV))))
	return tpGeom{X: x + w/2 - s*(minU+maxU)/2, Y: y + h/2 - s*(minV+maxV)/2, S: s}
}

// tpCorner is corner k (0 TL, 1 TR, 2 R, 3 BR, 4 BL, 5 L) of the
// flat-topped hex of radius s centred at (cx, cy).
func tpCorner(cx, cy, s float64, k int) (float64, float64) {
	a := float64(240+60*k) * math.Pi / 180
	return cx + s*math.Cos(a), cy + s*math.Sin(a)
}

// tpHexPath starts a path around the flat-topped hex.
func tpHexPath(c *imaging.Canvas, cx, cy, s float64) {
	c.NewSubPath()
	for k := range 6 {
		x, y := tpCorner(cx, cy, s, k)
		c.LineTo(x, y)
	}
	c.ClosePath()
}

// tpMajority is the terrain most corners show (the first on a tie).
func tpMajority(corners string) byte {
	best, n := corners[0], 0
	for i := range len(corners) {
		if k := strings.Count(corners, corners[i:i+1]); k > n {
			best, n = corners[i], k
		}
	}
	return best
}

// tpTerrainHex draws a territory's six corner terrains: the wedge at
// corner k (between the midpoints of its two sides) in corner k's terrain,
// outlined.
func tpTerrainHex(c *imaging.Canvas, corners string, cx, cy, s float64) {
	base := tpMajority(corners)
	tpHexPath(c, cx, cy, s)
	c.SetColor(tpTerrain[base])
	c.Fill()
	for k := range 6 {
		if corners[k] == base {
			continue
		}
		px, py := tpCorner(cx, cy, s, (k+5)%6)
		kx, ky := tpCorner(cx, cy, s, k)
		nx, ny := tpCorner(cx, cy, s, (k+1)%6)
		c.NewSubPath()
		c.MoveTo(cx, cy)
		c.LineTo((px+kx)/2, (py+ky)/2)
		c.LineTo(kx, ky)
		c.LineTo((nx+kx)/2, (ny+ky)/2)
		c.ClosePath()
		c.SetColor(tpTerrain[corners[k]])
		c.Fill()
	}
	tpHexPath(c, cx, cy, s)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, s*0.045))
	c.Stroke()
}

// tpTerrainHexHard is tpTerrainHex for the board's map layer: the hex, its
// outline and its corners' terrain filled without anti-aliasing
// (tpFillHard), which keeps a crowded map's PNG small (a five-seat map
// 79 KB → 49 KB) and reads smooth at the size Discord shows it. It needs a
// canvas without a clip or transform.
func tpTerrainHexHard(c *imaging.Canvas, corners string, cx, cy, s float64) {
	base := tpMajority(corners)
	lw := math.Max(1, s*0.045)
	tpFillHard(c, tpHexPoints(cx, cy, s+lw/2), imaging.Ink)
	s -= lw / 2
	tpFillHard(c, tpHexPoints(cx, cy, s), tpTerrain[base])
	for k := range 6 {
		if corners[k] == base {
			continue
		}
		px, py := tpCorner(cx, cy, s, (k+5)%6)
		kx, ky := tpCorner(cx, cy, s, k)
		nx, ny := tpCorner(cx, cy, s, (k+1)%6)
		tpFillHard(c, [][2]float64{{cx, cy}, {(px + kx) / 2, (py + ky) / 2}, {kx, ky}, {(nx + kx) / 2, (ny + ky) / 2}}, tpTerrain[corners[k]])
	}
}

// tpIsland draws a small island in the middle of a hex, split among its
// land terrains; the middle island is ringed.
func tpIsland(c *imaging.Canvas, land string, middle bool, cx, cy, r float64) {
	if middle {
		c.DrawCircle(cx, cy, r+r*0.35)
		c.SetColor(imaging.Highlight)
		c.Fill()
	}
	n := len(land)
	for i := range n {
		a0 := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		a1 := a0 + 2*math.Pi/float64(n)
		c.NewSubPath()
		if n > 1 {
			c.MoveTo(cx, cy)
		}
		c.DrawArc(cx, cy, r, a0, a1)
		c.ClosePath()
		col, ok := tpTerrain[land[i]]
		if !ok {
			col = tpTerrain['D']
		}
		c.SetColor(col)
		c.Fill()
	}
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, r*0.14))
	c.Stroke()
}

// tpOutpost draws one outpost of seat centred at (cx, cy) in a box of
// radius r: upright as a small hexagon with the seat's number, toppled
// lying on its side, darker and crossed out.
func tpOutpost(c *imaging.Canvas, seat int, down bool, cx, cy, r float64) {
	col, edge := tpSeat(seat), tpSeatEdge(seat)
	lw := math.Max(1.2, r*0.16)
	if down {
		w, h := r*1.05, r*0.55
		c.NewSubPath()
		c.MoveTo(cx-w, cy)
		c.LineTo(cx-w*0.55, cy-h)
		c.LineTo(cx+w*0.55, cy-h)
		c.LineTo(cx+w, cy)
		c.LineTo(cx+w*0.55, cy+h)
		c.LineTo(cx-w*0.55, cy+h)
		c.ClosePath()
		c.SetColor(mix(col, imaging.Ink, 0.45))
		c.FillPreserve()
		c.SetColor(edge)
		c.SetLineWidth(lw)
		c.Stroke()
		c.Cross(cx, cy, h*0.8, imaging.Light, lw*1.3)
		c.SetLineCapButt()
		return
	}
	c.NewSubPath()
	for k := range 6 {
		a := float64(60*k-90) * math.Pi / 180
		c.LineTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	c.ClosePath()
	c.SetColor(col)
	c.FillPreserve()
	c.SetColor(edge)
	c.SetLineWidth(lw)
	c.Stroke()
	c.MarkText(strconv.Itoa(seat+1), cx, cy, 0.5, imaging.Bold, r*1.1, tpSeatInk(seat))
}

// tpOutposts draws a hex's outposts side by side centred at (cx, cy).
func tpOutposts(c *imaging.Canvas, os []tapestry.Outpost, cx, cy, r float64) {
	step := r * 2.25
	x := cx - step*float64(len(os)-1)/2
	for _, o := range os {
		tpOutpost(c, int(o.Seat), o.Down, x, cy, r)
		x += step
	}
}

// tpIslandOf is the land of the island in the middle of a territory (""
// for none): a printed hex's own, or its tile's.
func tpIslandOf(t *tapestry.Territory) string {
	if t.Tile > 0 {
		return tapestry.Territories[t.Tile-1].Island
	}
	return t.Island
}

// tpTerritory draws one map hex at (cx, cy): unexplored, or its terrain
// (a tile's as turned), island, tile number (when ids is set and there is
// room) and its outposts.
func tpTerritory(c *imaging.Canvas, t *tapestry.Territory, cx, cy, s float64, ids float64) {
	tpTerritoryBase(c, t, cx, cy, s, ids, false)
	tpTerritoryItems(c, t, cx, cy, s)
}

// tpTerritoryBase draws what a territory shows until it changes hands or
// is explored: its terrain (or the unexplored hex), its island and, when
// ids > 0 and the hex is big enough, its tile's number ids pixels tall;
// hard fills without anti-aliasing (tpTerrainHexHard), for a canvas
// without a clip or transform.
func tpTerritoryBase(c *imaging.Canvas, t *tapestry.Territory, cx, cy, s float64, ids float64, hard bool) {
	switch {
	case !t.Explored() && hard:
		lw := math.Max(1, s*0.04)
		tpFillHard(c, tpHexPoints(cx, cy, s*0.96+lw/2), tpUnexpLine)
		tpFillHard(c, tpHexPoints(cx, cy, s*0.96-lw/2), tpUnexplored)
	case !t.Explored():
		tpHexPath(c, cx, cy, s*0.96)
		c.SetColor(tpUnexplored)
		c.FillPreserve()
		c.SetColor(tpUnexpLine)
		c.SetLineWidth(math.Max(1, s*0.04))
		c.Stroke()
	case hard:
		tpTerrainHexHard(c, t.Corners(), cx, cy, s)
	default:
		tpTerrainHex(c, t.Corners(), cx, cy, s)
	}
	if land := tpIslandOf(t); land != "" {
		tpIsland(c, land, t.Middle, cx, cy, s*0.2)
	}
	if t.Tile > 0 && ids > 0 && s >= 30 {
		id := strconv.Itoa(t.Tile)
		w := c.Measure(id, imaging.Bold, ids) + 8
		c.Box(cx-w/2, cy-s*0.56-ids*0.62, w, ids*1.24, 5, imaging.FaceColor, imaging.Ink, 1)
		c.Text(id, cx, cy-s*0.56, 0.5, imaging.Bold, ids, imaging.Ink)
	}
}

// tpTerritoryItems draws a territory's outposts and civilizations' tokens.
func tpTerritoryItems(c *imaging.Canvas, t *tapestry.Territory, cx, cy, s float64) {
	if len(t.Outposts) > 0 || len(t.Tokens) > 0 {
		tpItems(c, t, cx, cy+s*0.42, math.Max(5, s*0.3))
	}
}

// tpHexes lists the map's hexes.
func tpHexes(v tapestry.View) []tapestry.Hex {
	out := make([]tapestry.Hex, len(v.Map))
	for i, t := range v.Map {
		out[i] = t.Hex
	}
	return out
}

// tpMapBox draws the map in a box with a legend line under it. The box
// with the terrain, islands and tile numbers is a prepared layer
// (tpLayers), keyed by all it shows, on a board at whole pixels; the
// outposts and tokens are drawn over it.
func tpMapBox(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	legendH := 34.0
	g := tpFit(tpHexes(v), x+8, y+8, w-16, h-16-legendH, 64)
	base := func(c *imaging.Canvas, x, y float64, g tpGeom) {
		c.Box(x, y, w, h, 12, tpSea, imaging.Ink, 2)
		for i := range v.Map {
			t := &v.Map[i]
			cx, cy := g.centre(t.Hex)
			tpTerritoryBase(c, t, cx, cy, g.S, tpBS, true)
		}
	}
	const m = 2 // the box's outline spills this far
	ix, iy, iw, ih := int(x), int(y), int(w), int(h)
	if float64(ix) != x || float64(iy) != y || float64(iw) != w || float64(ih) != h ||
		tpLayers.paste(c, tpMapKey(v, iw, ih), ix-m, iy-m, iw+2*m, ih+2*m, func(l *imaging.Canvas) {
			base(l, m, m, tpGeom{X: g.X - x + m, Y: g.Y - y + m, S: g.S})
		}) != nil {
		base(c, x, y, g)
	}
	for i := range v.Map {
		t := &v.Map[i]
		cx, cy := g.centre(t.Hex)
		tpTerritoryItems(c, t, cx, cy, g.S)
	}
	c.FitText(tpMapLegend(v),
		x+w/2, y+h-legendH/2-4, 0.5, w-20, imaging.Regular, tpBS, tpBS, imaging.Light)
}

// tpMapKey is the key of a map's base layer w×h: every territory's hex,
// terrain, island and tile, which is all the layer shows.
func tpMapKey(v tapestry.View, w, h int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "map %d×%d", w, h)
	for i := range v.Map {
		t := &v.Map[i]
		fmt.Fprintf(&b, "|%d,%d,%d,%t,%t,%s,%s", t.Hex.A, t.Hex.B, t.Tile, t.Explored(), t.Middle, t.Corners(), tpIslandOf(t))
	}
	return b.String()
}

// ---- header ----

// tpHeader draws the header band: a title, the status pill, the note
// (what the table waits for) and, when given, a detail line. It returns
// the band's height.
func tpHeader(c *imaging.Canvas, v tapestry.View, opt imaging.Options, title, note, detail string) float64 {
	return tpHeaderSized(c, v, opt, title, note, detail, tpSmall)
}

// tpHeaderSized is tpHeader with its smallest text small pixels tall.
func tpHeaderSized(c *imaging.Canvas, v tapestry.View, opt imaging.Options, title, note, detail string, small float64) float64 {
	w := float64(c.Width())
	h := tpHeadH2
	if detail != "" {
		h = tpHeadH
	}
	c.FillRect(0, 0, w, h, imaging.Frame)
	y := tpM + 12
	pw := c.Pill(tpStatus(v, opt), w-tpM, y, 1, imaging.Bold, 22, imaging.Ink, imaging.Highlight)
	c.FitText(title, tpM, y, 0, w-2*tpM-pw-20, imaging.Bold, 34, 22, imaging.Light)
	c.FitText(note, tpM, y+38, 0, w-2*tpM, imaging.Bold, max(22, small), small, imaging.Highlight)
	if detail != "" {
		c.FitText(detail, tpM, y+70, 0, w-2*tpM, imaging.Regular, small, small, imaging.LightSoft)
	}
	return h
}

// tpFillHard fills the convex polygon pts with col without anti-aliasing,
// straight into the canvas's pixels (a pixel is in when its centre is):
// the terrain's inner edges then compress as runs of one colour, which
// keeps a crowded map's PNG small, and shown half size they look smooth.
// It falls back to an ordinary fill on a canvas that is not a plain RGBA
// picture.
func tpFillHard(c *imaging.Canvas, pts [][2]float64, col color.RGBA) {
	img, ok := c.Image().(*image.RGBA)
	if !ok || len(pts) < 3 {
		c.NewSubPath()
		for _, p := range pts {
			c.LineTo(p[0], p[1])
		}
		c.ClosePath()
		c.SetColor(col)
		c.Fill()
		return
	}
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	b := img.Bounds()
	y0 := max(b.Min.Y, int(math.Ceil(minY-0.5)))
	y1 := min(b.Max.Y-1, int(math.Floor(maxY-0.5)))
	for y := y0; y <= y1; y++ {
		fy := float64(y) + 0.5
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range pts {
			p, q := pts[i], pts[(i+1)%len(pts)]
			if (p[1] <= fy) == (q[1] <= fy) {
				continue
			}
			x := p[0] + (fy-p[1])*(q[0]-p[0])/(q[1]-p[1])
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		if lo > hi {
			continue
		}
		x0 := max(b.Min.X, int(math.Ceil(lo-0.5)))
		x1 := min(b.Max.X-1, int(math.Floor(hi-0.5)))
		row := img.Pix[img.PixOffset(0, y):]
		for x := x0; x <= x1; x++ {
			i := 4 * (x - b.Min.X)
			row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, 0xFF
		}
	}
}

// tpHexPoints are the corners of the hex centred at (cx, cy) of size s.
func tpHexPoints(cx, cy, s float64) [][2]float64 {
	out := make([][2]float64, 6)
	for k := range out {
		out[k][0], out[k][1] = tpCorner(cx, cy, s, k)
	}
	return out
}
