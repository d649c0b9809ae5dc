package warpweft

import (
	"math"

	"spindle/games/warpweft"
	"spindle/imaging"
)

// tableau is the laid-out table: the card grid inside bands that carry the
// coordinates (top: x, left: y) and the provisional line scores (bottom:
// Warp's columns, right: Weft's rows).
type tableau struct {
	grid imaging.Grid
	band float64 // thickness of each edge band
	font float64 // size of band text
	x, y float64 // outer top-left corner
	w, h float64 // outer size
}

// tableauFit lays out ext so the whole tableau fits maxW×maxH: the edge
// bands scale a little with the cards, so the card width is fitted and then
// shrunk until bands, padding and cards fit together.
func tableauFit(ext imaging.Extent, maxW, maxH float64) tableau {
	if ext.Empty() {
		return tableau{w: 600, h: 200}
	}
	cw := imaging.FitCard(ext.Cols(), ext.Rows(), maxW, maxH, imaging.CardAspect, wwGap, wwMaxCardW)
	for {
		t := tableauWith(ext, cw)
		if (t.w <= maxW && t.h <= maxH) || cw <= 8 {
			return t
		}
		cw--
	}
}

// tableauWith lays out ext with cards cw pixels wide.
func tableauWith(ext imaging.Extent, cw float64) tableau {
	band := math.Round(math.Max(40, math.Min(48, cw*0.32)))
	g := imaging.NewGrid(ext, 0, 0, cw, imaging.CardAspect, wwGap)
	t := tableau{grid: g, band: band, font: math.Max(20, math.Round(band*0.5))}
	t.w = g.Width() + 2*band + 2*g.Gap
	t.h = g.Height() + 2*band + 2*g.Gap
	return t
}

// at positions the tableau's outer corner at (x, y).
func (t tableau) at(x, y float64) tableau {
	t.x, t.y = x, y
	t.grid.X = x + t.band + t.grid.Gap
	t.grid.Y = y + t.band + t.grid.Gap
	return t
}

// drawTableau draws the bands, the cards, the open cells when marked and
// the highlight on the last card.
func drawTableau(c *imaging.Canvas, t tableau, v warpweft.View, specs map[string]imaging.CardSpec, open []warpweft.Cell) {
	g := t.grid
	if g.Ext.Empty() {
		c.Box(t.x, t.y, t.w, t.h, 16, imaging.FeltLine, imaging.Frame, 3)
		c.Text("No cards on the table yet.", t.x+t.w/2, t.y+t.h/2, 0.5, imaging.Bold, 28, imaging.Light)
		return
	}
	r := 12.0
	// Frame with bands, then the felt inside.
	c.Box(t.x, t.y, t.w, t.h, r, imaging.Frame, imaging.Frame, 0)
	c.Box(t.x+t.band, t.y+t.band, t.w-2*t.band, t.h-2*t.band, 6, imaging.Felt, imaging.Ink, 2)

	// Band tints: Warp's colour on the column bands, Weft's on the row
	// bands, so the picture says who scores what.
	colScore := map[int]int{}
	rowScore := map[int]int{}
	for _, ls := range v.Score.Columns {
		colScore[ls.Index] = ls.Score
	}
	for _, ls := range v.Score.Rows {
		rowScore[ls.Index] = ls.Score
	}
	hasCard := map[[2]int]bool{}
	colUsed, rowUsed := map[int]bool{}, map[int]bool{}
	for _, p := range v.Grid {
		hasCard[[2]int{p.Cell.X, p.Cell.Y}] = true
		colUsed[p.Cell.X] = true
		rowUsed[p.Cell.Y] = true
	}

	fs := t.font
	for x := g.Ext.MinX; x <= g.Ext.MaxX; x++ {
		cx, _ := g.Center(x, g.Ext.MinY)
		c.Text(imaging.Signed(x), cx, t.y+t.band/2, 0.5, imaging.Bold, fs, imaging.Light)
		if s, ok := colScore[x]; ok && colUsed[x] {
			c.Pill(imaging.Signed(s), cx, t.y+t.h-t.band/2, 0.5, imaging.Bold, fs, imaging.Light, imaging.Warp)
		}
	}
	for y := g.Ext.MinY; y <= g.Ext.MaxY; y++ {
		_, cy := g.Center(g.Ext.MinX, y)
		c.Text(imaging.Signed(y), t.x+t.band/2, cy, 0.5, imaging.Bold, fs, imaging.Light)
		if s, ok := rowScore[y]; ok && rowUsed[y] {
			c.Pill(imaging.Signed(s), t.x+t.w-t.band/2, cy, 0.5, imaging.Bold, fs, imaging.Light, imaging.Weft)
		}
	}
	// Corner legends.
	c.Text("y\\x", t.x+t.band/2, t.y+t.band/2, 0.5, imaging.Regular, fs, imaging.LightSoft)

	// Empty cells inside the box get a faint slot so gaps in lines show.
	for y := g.Ext.MinY; y <= g.Ext.MaxY; y++ {
		for x := g.Ext.MinX; x <= g.Ext.MaxX; x++ {
			if hasCard[[2]int{x, y}] {
				continue
			}
			px, py := g.Cell(x, y)
			c.Box(px, py, g.CardW, g.CardH, imaging.CardRadius(g.CardW), imaging.FeltLine, imaging.FeltLine, 0)
		}
	}
	for _, oc := range open {
		px, py := g.Cell(oc.X, oc.Y)
		lw := math.Max(2, g.CardW*0.03)
		c.DashedOutline(px+lw/2, py+lw/2, g.CardW-lw, g.CardH-lw, imaging.CardRadius(g.CardW), imaging.OpenMark, lw, math.Max(5, g.CardW*0.08))
		label := imaging.Signed(oc.X) + ", " + imaging.Signed(oc.Y)
		c.FitText(label, px+g.CardW/2, py+g.CardH/2, 0.5, g.CardW*0.86, imaging.Bold, math.Max(minText(c)+2, g.CardW*0.22), minText(c), imaging.Light)
	}
	for _, p := range v.Grid {
		px, py := g.Cell(p.Cell.X, p.Cell.Y)
		c.CardFace(specs[p.Card], px, py, g.CardW, g.CardH)
	}
	if last, ok := v.Last(); ok {
		px, py := g.Cell(last.Cell.X, last.Cell.Y)
		c.CardHighlight(px, py, g.CardW, g.CardH, imaging.Highlight)
	}
}
