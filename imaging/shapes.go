package imaging

import (
	"image/color"
	"math"
)

// Box fills a rounded rectangle with fill and, when lw > 0, outlines it
// with stroke at line width lw.
func (c *Canvas) Box(x, y, w, h, r float64, fill color.Color, stroke color.Color, lw float64) {
	c.DrawRoundedRectangle(x, y, w, h, r)
	c.SetColor(fill)
	if lw <= 0 {
		c.Fill()
		return
	}
	c.FillPreserve()
	c.SetColor(stroke)
	c.SetLineWidth(lw)
	c.Stroke()
}

// Outline strokes a rounded rectangle without filling it.
func (c *Canvas) Outline(x, y, w, h, r float64, stroke color.Color, lw float64) {
	c.DrawRoundedRectangle(x, y, w, h, r)
	c.SetColor(stroke)
	c.SetLineWidth(lw)
	c.Stroke()
}

// DashedOutline strokes a dashed rounded rectangle; dash is the length of
// a dash and of a gap.
func (c *Canvas) DashedOutline(x, y, w, h, r float64, stroke color.Color, lw, dash float64) {
	c.SetDash(dash, dash*0.8)
	c.Outline(x, y, w, h, r, stroke, lw)
	c.SetDash()
}

// Pill draws text in a capsule whose left edge (ax 0), centre (ax 0.5) or
// right edge (ax 1) is at x and whose vertical middle is at y. It returns
// the capsule's width.
func (c *Canvas) Pill(text string, x, y, ax float64, f Font, size float64, fg, bg color.Color) float64 {
	tw := c.Measure(text, f, size)
	h := size * 1.55
	w := tw + size*1.2
	left := x - ax*w
	c.Box(left, y-h/2, w, h, h/2, bg, bg, 0)
	c.Text(text, left+w/2, y, 0.5, f, size, fg)
	return w
}

// PillWidth returns the width Pill would draw text at.
func (c *Canvas) PillWidth(text string, f Font, size float64) float64 {
	return c.Measure(text, f, size) + size*1.2
}

// Rule draws a horizontal line from x0 to x1 at y.
func (c *Canvas) Rule(x0, x1, y float64, col color.Color, lw float64) {
	c.SetColor(col)
	c.SetLineWidth(lw)
	c.DrawLine(x0, y, x1, y)
	c.Stroke()
}

// Cross strokes an X through the box centred at (cx, cy) with half-size r.
func (c *Canvas) Cross(cx, cy, r float64, col color.Color, lw float64) {
	c.SetColor(col)
	c.SetLineWidth(lw)
	c.SetLineCapRound()
	c.DrawLine(cx-r, cy-r, cx+r, cy+r)
	c.DrawLine(cx-r, cy+r, cx+r, cy-r)
	c.Stroke()
}

// round rounds v to the nearest whole pixel, for crisp edges.
func round(v float64) float64 { return math.Round(v) }
