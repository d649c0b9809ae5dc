package archravels

import (
	"math"
	"spindle/games/archravels"
	"spindle/imaging"
)

// itemIcon draws item (Hat..Blanket) as a small knitted figure centred at
// (cx, cy) within radius r.
func itemIcon(c *imaging.Canvas, item int, cx, cy, r float64) {
	c.Push()
	defer func() {
		c.Pop()
		c.SetLineCapButt()
		c.SetLineJoinRound()
	}()
	c.SetLineJoinRound()
	switch item {
	case archravels.Hat:
		iconHat(c, cx, cy, r)
	case archravels.Bear:
		iconBear(c, cx, cy, r)
	case archravels.Mittens:
		iconMitten(c, cx, cy, r)
	case archravels.Scarf:
		iconScarf(c, cx, cy, r)
	case archravels.Blanket:
		iconBlanket(c, cx, cy, r)
	}
}

// woolFill fills the current path with the wool colour and outlines it.
func woolFill(c *imaging.Canvas, r float64) { imaging.FillOutlined(c, arWool, r) }

// iconHat is a beanie: a dome on a ribbed band with a pompom.
func iconHat(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy-r*0.62, r*0.24)
	woolFill(c, r)
	c.NewSubPath()
	c.DrawArc(cx, cy+r*0.28, r*0.74, math.Pi, 2*math.Pi)
	c.ClosePath()
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.86, cy+r*0.2, r*1.72, r*0.48, r*0.12)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x90))
	c.SetLineWidth(math.Max(1, r*0.07))
	for i := -3; i <= 3; i++ {
		x := cx + float64(i)*r*0.22
		c.DrawLine(x, cy+r*0.28, x, cy+r*0.6)
	}
	c.Stroke()
}

// iconBear is a teddy bear's head with ears, snout and eyes.
func iconBear(c *imaging.Canvas, cx, cy, r float64) {
	for _, dx := range []float64{-0.56, 0.56} {
		c.DrawCircle(cx+dx*r, cy-r*0.52, r*0.3)
		woolFill(c, r)
	}
	c.DrawCircle(cx, cy+r*0.08, r*0.72)
	woolFill(c, r)
	c.DrawEllipse(cx, cy+r*0.34, r*0.3, r*0.22)
	imaging.FillOutlined(c, imaging.FaceColor, r*0.7)
	c.SetColor(imaging.Ink)
	for _, dx := range []float64{-0.27, 0.27} {
		c.DrawCircle(cx+dx*r, cy-r*0.06, math.Max(1, r*0.09))
	}
	c.DrawCircle(cx, cy+r*0.27, math.Max(1, r*0.09))
	c.Fill()
}

// iconMitten is a mitten with a thumb and a cuff.
func iconMitten(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawEllipse(cx-r*0.46, cy, r*0.2, r*0.36)
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.42, cy-r*0.86, r*0.9, r*1.3, r*0.44)
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.52, cy+r*0.36, r*1.1, r*0.5, r*0.1)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x90))
	c.SetLineWidth(math.Max(1, r*0.07))
	for i := -2; i <= 2; i++ {
		x := cx + r*0.03 + float64(i)*r*0.2
		c.DrawLine(x, cy+r*0.44, x, cy+r*0.78)
	}
	c.Stroke()
}

// iconScarf is a scarf loop with two fringed ends hanging down.
func iconScarf(c *imaging.Canvas, cx, cy, r float64) {
	c.NewSubPath()
	c.DrawArc(cx, cy-r*0.3, r*0.52, math.Pi*0.95, math.Pi*2.05)
	imaging.StrokeOutlined(c, arWool, r*0.34, r)
	for _, e := range [][2]float64{{-0.42, 0.1}, {0.06, -0.1}} {
		x := cx + e[0]*r
		c.Push()
		c.RotateAbout(e[1], x+r*0.18, cy-r*0.3)
		c.DrawRectangle(x, cy-r*0.32, r*0.36, r*1.0)
		woolFill(c, r)
		c.SetColor(imaging.Ink)
		c.SetLineWidth(math.Max(1, r*0.07))
		for i := range 4 {
			fx := x + r*0.045 + float64(i)*r*0.09
			c.DrawLine(fx, cy+r*0.68, fx, cy+r*0.86)
		}
		c.Stroke()
		c.Pop()
	}
}

// iconBlanket is a folded checked blanket.
func iconBlanket(c *imaging.Canvas, cx, cy, r float64) {
	s := r * 0.8
	c.DrawRoundedRectangle(cx-s, cy-s, 2*s, 2*s, r*0.1)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x80))
	c.SetLineWidth(math.Max(1, r*0.08))
	for i := 1; i < 4; i++ {
		d := -s + float64(i)*s/2
		c.DrawLine(cx+d, cy-s, cx+d, cy+s)
		c.DrawLine(cx-s, cy+d, cx+s, cy+d)
	}
	c.Stroke()
	c.NewSubPath()
	c.MoveTo(cx+s, cy+s*0.2)
	c.LineTo(cx+s, cy+s)
	c.LineTo(cx+s*0.2, cy+s)
	c.ClosePath()
	imaging.FillOutlined(c, imaging.FaceColor, r)
}
