package archravels

import (
	"math"
	"spindle/games/archravels"
	"spindle/imaging"
)

// yarnToken draws one token of yarn colour col: a disc outlined in ink
// with the colour's letter once it is large enough to read.
func yarnToken(c *imaging.Canvas, col int, cx, cy, r float64) {
	// The outline is a disc of ink under the colour's, not a stroke.
	d := math.Max(1.2, r*0.13) / 2
	c.DrawCircle(cx, cy, r+d)
	c.SetColor(imaging.Ink)
	c.Fill()
	c.DrawCircle(cx, cy, r-d)
	c.SetColor(arYarn[col])
	c.Fill()
	if r >= 8 {
		c.MarkText(archravels.ColourLetters[col:col+1], cx, cy, 0.5, imaging.Bold, r*1.05, arInkOn(col))
	}
}

// anyToken draws a token of any colour: a disc of the six colours around
// a light centre.
func anyToken(c *imaging.Canvas, cx, cy, r float64) {
	for i := range archravels.NumColours {
		a0 := -math.Pi/2 + float64(i)*math.Pi/3
		c.NewSubPath()
		c.MoveTo(cx, cy)
		c.DrawArc(cx, cy, r, a0, a0+math.Pi/3)
		c.ClosePath()
		c.SetColor(arYarn[i])
		c.Fill()
	}
	c.DrawCircle(cx, cy, r*0.48)
	c.SetColor(imaging.FaceColor)
	c.Fill()
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1.2, r*0.13))
	c.Stroke()
}

// hollowToken draws the place of a token whose colour a rule leaves open.
func hollowToken(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.FaceColor)
	c.FillPreserve()
	c.SetDash(math.Max(2, r*0.35), math.Max(1.5, r*0.25))
	c.SetColor(imaging.InkSoft)
	c.SetLineWidth(math.Max(1.2, r*0.13))
	c.Stroke()
	c.SetDash()
}

// yarnTokens draws y's tokens in canonical order in a row centred at
// (cx, cy), each of radius r and step apart.
func yarnTokens(c *imaging.Canvas, y archravels.Yarn, cx, cy, r, step float64) {
	n := y.Total()
	x := cx - step*float64(n-1)/2
	for col, k := range y {
		for range k {
			yarnToken(c, col, x, cy, r)
			x += step
		}
	}
}

// tokensWidth is the width of a row of n tokens of radius r, step apart.
func tokensWidth(n int, r, step float64) float64 {
	if n <= 0 {
		return 0
	}
	return step*float64(n-1) + 2*r
}

// heart draws the favourite-request heart centred at (cx, cy).
func heart(c *imaging.Canvas, cx, cy, r float64) {
	c.NewSubPath()
	c.MoveTo(cx, cy+r*0.9)
	c.CubicTo(cx-r*1.35, cy-r*0.05, cx-r*0.7, cy-r*1.15, cx, cy-r*0.42)
	c.CubicTo(cx+r*0.7, cy-r*1.15, cx+r*1.35, cy-r*0.05, cx, cy+r*0.9)
	c.ClosePath()
	c.SetColor(arHeart)
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, r*0.12))
	c.SetLineJoinRound()
	c.Stroke()
}
