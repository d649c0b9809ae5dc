package threadcount

import (
	"image/color"
	"math"
	"strconv"

	"spindle/games/threadcount"
	"spindle/imaging"
)

// silkCube draws one silk cube of size s at (x, y).
func silkCube(c *imaging.Canvas, x, y, s float64) {
	c.Box(x, y, s, s, s*0.18, rtSilk, imaging.Ink, math.Max(1, s*0.06))
	c.Rule(x+s*0.22, x+s*0.78, y+s*0.3, imaging.WithAlpha(imaging.InkSoft, 0x80), math.Max(1, s*0.05))
}

// dyeCube draws a dye cube of colour code at (x, y).
func dyeCube(c *imaging.Canvas, code string, x, y, s float64) {
	c.Box(x, y, s, s, s*0.15, rtDye[code], imaging.Ink, math.Max(1, s*0.07))
}

// resources draws silk and the three dye counts from x at the middle y and
// returns the x after them.
func resources(c *imaging.Canvas, p threadcount.Player, x, y, size float64, col color.Color) float64 {
	s := size * 0.9
	silkCube(c, x, y-s/2, s)
	x += s + 6
	x += c.Text(strconv.Itoa(p.Silk), x, y, 0, imaging.Bold, size, col) + 4
	x += c.Text("silk", x, y+1, 0, imaging.Regular, math.Max(rtSmall, size*0.75), col) + 12
	for i, d := range threadcount.Dyes {
		dyeCube(c, d, x, y-s/2, s)
		x += s + 5
		x += c.Text(strconv.Itoa(p.Dye[i]), x, y, 0, imaging.Bold, size, col) + 9
	}
	return x
}

// swatch paints a colour card's colours in the box: one colour, or two
// split on the diagonal for a tertiary card.
func swatch(c *imaging.Canvas, code string, x, y, w, h float64) {
	cc, ok := threadcount.Colour(code)
	if !ok {
		return
	}
	if len(cc.Words) == 1 {
		c.Box(x, y, w, h, 6, rtDye[cc.Words[0]], imaging.Ink, 1.5)
		return
	}
	c.Clipped(x, y, w, h, 6, func(sub *imaging.Canvas, w, h float64) {
		sub.DrawRectangle(0, 0, w, h)
		sub.SetColor(rtDye[cc.Words[0]])
		sub.Fill()
		sub.MoveTo(w, 0)
		sub.LineTo(w, h)
		sub.LineTo(0, h)
		sub.ClosePath()
		sub.SetColor(rtDye[cc.Words[1]])
		sub.Fill()
	})
	c.Outline(x, y, w, h, 6, imaging.Ink, 1.5)
}

// labelOn is a readable text colour on a dye colour.
func labelOn(code string) color.RGBA {
	if code == "Y" || code == "O" || code == "W" {
		return imaging.Ink
	}
	return imaging.Light
}

// colourChip draws a colour card as a swatch with its name.
func colourChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	cc, _ := threadcount.Colour(code)
	swatch(c, code, x, y, w, h)
	col := labelOn(cc.Words[0])
	if len(cc.Words) > 1 && labelOn(cc.Words[1]) != col {
		// Two-tone: a plate behind the name keeps it readable.
		tw := c.Measure(cc.Name, imaging.Bold, size) + 12
		c.Box(x+(w-tw)/2, y+h/2-size*0.65, tw, size*1.3, 5, imaging.WithAlpha(imaging.FaceColor, 0xE0), nil, 0)
		col = imaging.Ink
	}
	c.FitText(cc.Name, x+w/2, y+h/2, 0.5, w-8, imaging.Bold, size, math.Min(size, rtSmall), col)
}

// motif paints a pattern's design in the box, clipped to it.
func motif(c *imaging.Canvas, code string, x, y, w, h float64) {
	c.Clipped(x, y, w, h, 6, func(sub *imaging.Canvas, w, h float64) { motifAt(sub, code, w, h) })
	c.Outline(x, y, w, h, 6, imaging.Ink, 1.5)
}

// motifAt draws a pattern's design filling (0, 0, w, h).
func motifAt(c *imaging.Canvas, code string, w, h float64) {
	x, y := 0.0, 0.0
	c.DrawRectangle(x, y, w, h)
	c.SetColor(imaging.FaceColor)
	c.Fill()
	c.SetColor(rtIndigo)
	c.SetLineWidth(2)
	s := math.Max(10, h/3)
	switch code {
	case "ichimatsu": // checkered squares
		for i := 0.0; i*s < w+s; i++ {
			for j := 0.0; j*s < h+s; j++ {
				if int(i+j)%2 == 0 {
					c.DrawRectangle(x+i*s, y+j*s, s, s)
				}
			}
		}
		c.Fill()
	case "asanoha": // hemp-leaf stars
		for i := 0.0; i*s < w+s; i++ {
			for j := 0.0; j*s < h+s; j++ {
				cx, cy := x+i*s+math.Mod(j, 2)*s/2, y+j*s
				for k := range 3 {
					a := float64(k) * math.Pi / 3
					c.DrawLine(cx-math.Cos(a)*s/2, cy-math.Sin(a)*s/2, cx+math.Cos(a)*s/2, cy+math.Sin(a)*s/2)
				}
			}
		}
		c.Stroke()
	case "uroko": // scales: rows of triangles
		for j := 0.0; j*s < h+s; j++ {
			off := math.Mod(j, 2) * s / 2
			for i := -1.0; i*s < w+s; i++ {
				bx := x + i*s + off
				c.MoveTo(bx, y+(j+1)*s)
				c.LineTo(bx+s/2, y+j*s)
				c.LineTo(bx+s, y+(j+1)*s)
				c.ClosePath()
			}
			c.Fill()
		}
	case "kikko": // tortoise shell: hexagons
		r := s * 0.55
		for j := 0.0; j*r*1.5 < h+r; j++ {
			for i := 0.0; i*r*math.Sqrt(3) < w+r*2; i++ {
				cx := x + i*r*math.Sqrt(3) + math.Mod(j, 2)*r*math.Sqrt(3)/2
				cy := y + j*r*1.5
				c.DrawRegularPolygon(6, cx, cy, r*0.92, math.Pi/6)
				c.Stroke()
			}
		}
	case "seigaiha": // ocean waves: overlapping concentric arcs
		r := s * 0.7
		for j := 0.0; j*r*0.5 < h+r; j++ {
			off := math.Mod(j, 2) * r
			for i := -1.0; i*r*2 < w+r*2; i++ {
				cx, cy := x+i*r*2+off, y+j*r*0.5
				for k := 3.0; k >= 1; k-- {
					c.DrawArc(cx, cy, r*k/3, math.Pi, 2*math.Pi)
					c.LineTo(cx+r*k/3, cy)
					c.ClosePath()
					if int(k)%2 == 1 {
						c.SetColor(rtIndigo)
					} else {
						c.SetColor(imaging.FaceColor)
					}
					c.Fill()
				}
			}
		}
	case "karakusa": // winding plants: waves with curls
		for j := 0.0; j*s < h+s; j++ {
			cy := y + j*s + s/2
			c.MoveTo(x, cy)
			for px := 0.0; px <= w; px += 3 {
				c.LineTo(x+px, cy+math.Sin(px/s*math.Pi)*s*0.25)
			}
			c.Stroke()
			for px := s / 2; px < w; px += s * 2 {
				c.DrawCircle(x+px, cy-s*0.28, s*0.14)
				c.DrawCircle(x+px+s, cy+s*0.28, s*0.14)
			}
			c.Stroke()
		}
	}
}

// patternChip draws a pattern card as its motif with a name plate.
func patternChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	pt, _ := threadcount.PatternOf(code)
	motif(c, code, x, y, w, h)
	tw := math.Min(w-8, c.Measure(pt.Name, imaging.Bold, size)+14)
	c.Box(x+(w-tw)/2, y+h/2-size*0.7, tw, size*1.4, 6, imaging.FaceColor, imaging.Ink, 1)
	c.FitText(pt.Name, x+w/2, y+h/2, 0.5, tw-8, imaging.Bold, size, math.Min(size, rtSmall), imaging.Ink)
}
