package imaging

import (
	"image/color"
	"math"
)

// Mark is a symbol drawn as vector shapes, such as a card suit: Draw paints
// it centred at (cx, cy) within a radius r. Letter is a short fallback label
// for sizes too small for the shape and for text.
type Mark struct {
	Name   string
	Letter string
	Color  color.RGBA
	Draw   func(c *Canvas, m Mark, cx, cy, r float64)
}

// DrawMark paints m centred at (cx, cy) in a box of radius r, falling back
// to its letter when r is too small for the shape to read.
func (c *Canvas) DrawMark(m Mark, cx, cy, r float64) {
	if r < 5 || m.Draw == nil {
		c.DrawMarkLetter(m, cx, cy, r)
		return
	}
	pad := r * 0.5
	c.Sprite(markKey(m, r), cx-r, cy-r, 2*r, 2*r, pad, func(sc *Canvas, x, y float64) {
		sc.Push()
		m.Draw(sc, m, x+r, y+r, r)
		sc.Pop()
	})
	// What a mark leaves set, as drawing it in place did: later strokes
	// on the canvas rely on it.
	c.SetLineCapButt()
	c.SetLineJoinRound()
}

// DrawMarkLetter paints m's fallback: its letter in a disc of its colour.
func (c *Canvas) DrawMarkLetter(m Mark, cx, cy, r float64) {
	c.DrawCircle(cx, cy, r)
	c.SetColor(m.Color)
	c.Fill()
	c.Text(m.Letter, cx, cy, 0.5, Bold, math.Max(6, r*1.3), Light)
}

// outlineWidth is the dark edge around a symbol of radius r.
func outlineWidth(r float64) float64 { return math.Max(1, r*0.11) }

// FillOutlined fills the current path with col and strokes it with ink.
func FillOutlined(c *Canvas, col color.Color, r float64) {
	c.SetColor(col)
	c.FillPreserve()
	c.SetColor(Ink)
	c.SetLineWidth(outlineWidth(r))
	c.SetLineJoinRound()
	c.Stroke()
}

// StrokeOutlined strokes the current path thick in col over a slightly
// thicker ink stroke, so a line symbol has an outline like filled ones.
func StrokeOutlined(c *Canvas, col color.Color, lw, r float64) {
	c.SetLineCapRound()
	c.SetLineJoinRound()
	c.SetColor(Ink)
	c.SetLineWidth(lw + 2*outlineWidth(r))
	c.StrokePreserve()
	c.SetColor(col)
	c.SetLineWidth(lw)
	c.Stroke()
}

// drawCrescent paints a crescent moon opening to the right.
func drawCrescent(c *Canvas, m Mark, cx, cy, r float64) {
	R := r * 0.9
	d := R * 0.62
	h := math.Sqrt(R*R - d*d/4)
	ox := cx - d*0.35
	a1 := math.Atan2(h, d/2)
	a2 := 2*math.Pi + math.Atan2(-h, d/2)
	b1 := 2*math.Pi + math.Atan2(-h, -d/2)
	b2 := math.Atan2(h, -d/2)
	c.NewSubPath()
	c.DrawArc(ox, cy, R, a1, a2)
	c.DrawArc(ox+d, cy, R, b1, b2)
	c.ClosePath()
	FillOutlined(c, m.Color, r)
}

// drawSun paints a disc with eight triangular rays.
func drawSun(c *Canvas, m Mark, cx, cy, r float64) {
	const n = 8
	inner, outer := r*0.52, r*0.95
	for i := 0; i < n; i++ {
		a := float64(i) * 2 * math.Pi / n
		da := math.Pi / n * 0.55
		c.NewSubPath()
		c.MoveTo(cx+inner*math.Cos(a-da), cy+inner*math.Sin(a-da))
		c.LineTo(cx+outer*math.Cos(a), cy+outer*math.Sin(a))
		c.LineTo(cx+inner*math.Cos(a+da), cy+inner*math.Sin(a+da))
		c.ClosePath()
	}
	FillOutlined(c, m.Color, r)
	c.DrawCircle(cx, cy, r*0.5)
	FillOutlined(c, m.Color, r)
}

// drawWaves paints three stacked wavy lines.
func drawWaves(c *Canvas, m Mark, cx, cy, r float64) {
	lw := r * 0.2
	for i := -1; i <= 1; i++ {
		y := cy + float64(i)*r*0.55
		x0 := cx - r*0.8
		seg := r * 0.8
		c.NewSubPath()
		c.MoveTo(x0, y)
		c.QuadraticTo(x0+seg*0.5, y-r*0.34, x0+seg, y)
		c.QuadraticTo(x0+seg*1.5, y+r*0.34, x0+seg*2, y)
		StrokeOutlined(c, m.Color, lw, r)
	}
}

// drawLeaf paints a pointed leaf with a midrib and a stem, tilted.
func drawLeaf(c *Canvas, m Mark, cx, cy, r float64) {
	c.RotateAbout(-math.Pi/4, cx, cy)
	top, bot := cy-r*0.92, cy+r*0.62
	c.NewSubPath()
	c.MoveTo(cx, top)
	c.QuadraticTo(cx+r*0.95, cy-r*0.1, cx, bot)
	c.QuadraticTo(cx-r*0.95, cy-r*0.1, cx, top)
	c.ClosePath()
	FillOutlined(c, m.Color, r)
	c.SetColor(Ink)
	c.SetLineWidth(outlineWidth(r))
	c.SetLineCapRound()
	c.DrawLine(cx, top+r*0.25, cx, cy+r*0.95)
	c.Stroke()
}

// drawWyrm paints a serpent: a thick S-curve body with a head and an eye.
func drawWyrm(c *Canvas, m Mark, cx, cy, r float64) {
	lw := r * 0.26
	c.NewSubPath()
	c.MoveTo(cx-r*0.8, cy+r*0.55)
	c.CubicTo(cx-r*0.2, cy+r*1.05, cx-r*0.1, cy-r*0.2, cx+r*0.15, cy-r*0.1)
	c.CubicTo(cx+r*0.4, cy, cx+r*0.5, cy+r*0.6, cx+r*0.75, cy+r*0.2)
	c.LineTo(cx+r*0.5, cy-r*0.55)
	StrokeOutlined(c, m.Color, lw, r)
	c.DrawCircle(cx+r*0.48, cy-r*0.62, r*0.26)
	FillOutlined(c, m.Color, r)
	c.DrawCircle(cx+r*0.52, cy-r*0.66, math.Max(0.8, r*0.07))
	c.SetColor(Ink)
	c.Fill()
}

// drawKnot paints an interlaced figure-of-eight loop.
func drawKnot(c *Canvas, m Mark, cx, cy, r float64) {
	lw := r * 0.22
	const n = 48
	pt := func(t float64) (float64, float64) {
		s := math.Sin(t)
		d := 1 + s*s
		return cx + r*0.85*math.Cos(t)/d, cy + r*1.1*math.Sin(t)*math.Cos(t)/d
	}
	c.NewSubPath()
	for i := 0; i <= n; i++ {
		x, y := pt(float64(i) * 2 * math.Pi / n)
		if i == 0 {
			c.MoveTo(x, y)
		} else {
			c.LineTo(x, y)
		}
	}
	c.ClosePath()
	StrokeOutlined(c, m.Color, lw, r)
	// Redraw one crossing strand on top so the loop reads as interlaced.
	c.NewSubPath()
	for i := -4; i <= 4; i++ {
		x, y := pt(math.Pi/2 + float64(i)*2*math.Pi/n)
		if i == -4 {
			c.MoveTo(x, y)
		} else {
			c.LineTo(x, y)
		}
	}
	StrokeOutlined(c, m.Color, lw, r)
}
