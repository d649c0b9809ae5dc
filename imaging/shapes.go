package imaging

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Box fills a rounded rectangle with fill and, when lw > 0, outlines it
// with stroke at line width lw.
func (c *Canvas) Box(x, y, w, h, r float64, fill color.Color, stroke color.Color, lw float64) {
	if !c.fillRoundedFast(x, y, w, h, r, fill) {
		c.DrawRoundedRectangle(x, y, w, h, r)
		c.SetColor(fill)
		c.Fill()
	}
	if lw <= 0 {
		return
	}
	c.ring(x, y, w, h, r, stroke, lw)
}

// ring strokes a rounded rectangle with a line of width lw centred on its
// edge. On a plain canvas the line is filled as the even-odd area between
// the rectangle grown and shrunk by half the line, which is the same shape
// as gg's round-joined stroke without its stroker (a third of a board's
// drawing time); elsewhere gg strokes it.
func (c *Canvas) ring(x, y, w, h, r float64, col color.Color, lw float64) {
	if !c.plain() {
		c.DrawRoundedRectangle(x, y, w, h, r)
		c.SetColor(col)
		c.SetLineWidth(lw)
		c.Stroke()
		return
	}
	half := lw / 2
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	c.DrawRoundedRectangle(x-half, y-half, w+lw, h+lw, r+half)
	if w > lw && h > lw {
		c.DrawRoundedRectangle(x+half, y+half, w-lw, h-lw, math.Max(0, r-half))
	}
	c.SetFillRuleEvenOdd()
	c.SetColor(col)
	c.Fill()
	c.SetFillRuleWinding()
}

// fillRoundedFast fills a rounded rectangle with an opaque colour on a
// plain canvas the cheap way: the whole pixels it surely covers (a cross of
// two rectangles, the full-width band between the corners' arcs and the
// full-height band between them) are set directly, and only what is left
// around them (the four corners and the fractional edges) goes through the
// anti-aliasing rasterizer, filled even-odd against the cross's outline so
// it never repaints the inside. An opaque colour at full coverage is
// exactly what the rasterizer would have written, so the picture is the
// same. It reports false, drawing nothing, when it cannot.
func (c *Canvas) fillRoundedFast(x, y, w, h, r float64, fill color.Color) bool {
	dst, ok := c.Image().(*image.RGBA)
	if !ok || !c.plain() {
		return false
	}
	if _, _, _, a := fill.RGBA(); a != 0xffff {
		return false
	}
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	// The cross, each band shrunk to whole pixels.
	hx0, hx1 := math.Ceil(x), math.Floor(x+w)
	hy0, hy1 := math.Ceil(y+r), math.Floor(y+h-r)
	vx0, vx1 := math.Ceil(x+r), math.Floor(x+w-r)
	vy0, vy1 := math.Ceil(y), math.Floor(y+h)
	hOK := hx1-hx0 >= 4 && hy1-hy0 >= 1
	vOK := vx1-vx0 >= 1 && vy1-vy0 >= 4
	if !hOK && !vOK {
		return false
	}
	src := image.NewUniform(fill)
	c.DrawRoundedRectangle(x, y, w, h, r)
	switch {
	case hOK && vOK:
		draw.Draw(dst, image.Rect(int(hx0), int(hy0), int(hx1), int(hy1)).Intersect(dst.Rect), src, image.Point{}, draw.Src)
		draw.Draw(dst, image.Rect(int(vx0), int(vy0), int(vx1), int(vy1)).Intersect(dst.Rect), src, image.Point{}, draw.Src)
		// The outline of the two bands' union, clockwise from the top
		// band's top-left corner.
		c.NewSubPath()
		for _, p := range [...][2]float64{
			{vx0, vy0}, {vx1, vy0}, {vx1, hy0}, {hx1, hy0}, {hx1, hy1}, {vx1, hy1},
			{vx1, vy1}, {vx0, vy1}, {vx0, hy1}, {hx0, hy1}, {hx0, hy0}, {vx0, hy0},
		} {
			c.LineTo(p[0], p[1])
		}
		c.ClosePath()
	case hOK:
		draw.Draw(dst, image.Rect(int(hx0), int(hy0), int(hx1), int(hy1)).Intersect(dst.Rect), src, image.Point{}, draw.Src)
		c.DrawRectangle(hx0, hy0, hx1-hx0, hy1-hy0)
	default:
		draw.Draw(dst, image.Rect(int(vx0), int(vy0), int(vx1), int(vy1)).Intersect(dst.Rect), src, image.Point{}, draw.Src)
		c.DrawRectangle(vx0, vy0, vx1-vx0, vy1-vy0)
	}
	c.SetFillRuleEvenOdd()
	c.SetColor(fill)
	c.Fill()
	c.SetFillRuleWinding()
	return true
}

// FillRect fills the rectangle with col: an opaque colour on a plain
// canvas is set pixel by pixel, with only fractional edges anti-aliased.
func (c *Canvas) FillRect(x, y, w, h float64, col color.Color) {
	if !c.fillRoundedFast(x, y, w, h, 0, col) {
		c.DrawRectangle(x, y, w, h)
		c.SetColor(col)
		c.Fill()
	}
}

// Outline strokes a rounded rectangle without filling it.
func (c *Canvas) Outline(x, y, w, h, r float64, stroke color.Color, lw float64) {
	c.ring(x, y, w, h, r, stroke, lw)
}

// DashedOutline strokes a dashed rounded rectangle; dash is the length of
// a dash and of a gap.
func (c *Canvas) DashedOutline(x, y, w, h, r float64, stroke color.Color, lw, dash float64) {
	key := fmt.Sprintf("dashed|%.2f|%v|%.2f|%.2f", r, stroke, lw, dash)
	c.Sprite(key, x, y, w, h, lw, func(s *Canvas, x, y float64) {
		s.SetDash(dash, dash*0.8)
		s.DrawRoundedRectangle(x, y, w, h, r)
		s.SetColor(stroke)
		s.SetLineWidth(lw)
		s.Stroke()
		s.SetDash()
	})
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

// Round rounds v to the nearest whole pixel, for crisp edges.
func Round(v float64) float64 { return math.Round(v) }
