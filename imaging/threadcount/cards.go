package threadcount

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"spindle/games/threadcount"
	"spindle/imaging"

	"github.com/fogleman/gg"
)

// silkCube draws one silk cube of size s at (x, y).
func silkCube(c *imaging.Canvas, x, y, s float64) {
	frame(c, x, y, s, s, s*0.18, rtSilk, imaging.Ink, math.Max(1, s*0.06))
	c.Rule(x+s*0.22, x+s*0.78, y+s*0.3, imaging.WithAlpha(imaging.InkSoft, 0x80), math.Max(1, s*0.05))
}

// dyeCube draws a dye cube of colour code at (x, y).
func dyeCube(c *imaging.Canvas, code string, x, y, s float64) {
	frame(c, x, y, s, s, s*0.15, rtDye[code], imaging.Ink, math.Max(1, s*0.07))
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

// swatch paints a colour card's colours in the box in flat fills: one
// colour, or two side by side for a tertiary card.
func swatch(c *imaging.Canvas, code string, x, y, w, h float64) {
	cc, ok := threadcount.Colour(code)
	if !ok {
		return
	}
	frame(c, x, y, w, h, 6, rtDye[cc.Words[0]], imaging.Ink, 0)
	if len(cc.Words) > 1 {
		// The right half in the second colour: rounded on the right,
		// square along the split.
		frame(c, x+w/2, y, w/2, h, 6, rtDye[cc.Words[1]], nil, 0)
		c.FillRect(x+w/2, y, 7, h, rtDye[cc.Words[1]])
	}
	ring(c, x, y, w, h, 6, imaging.Ink, 1.5)
}

// labelOn is a readable text colour on a dye colour.
func labelOn(code string) color.RGBA {
	if code == "Y" || code == "O" || code == "W" {
		return imaging.Ink
	}
	return imaging.Light
}

// colourChip draws a colour card as a swatch with its name, at size
// (never under rtSmall; a name that does not fit is cut).
func colourChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	cc, _ := threadcount.Colour(code)
	swatch(c, code, x, y, w, h)
	size = math.Max(size, rtSmall)
	col := labelOn(cc.Words[0])
	if len(cc.Words) > 1 && labelOn(cc.Words[1]) != col {
		// Two-tone: a plate behind the name keeps it readable.
		tw := math.Min(w-4, c.Measure(cc.Name, imaging.Bold, size)+10)
		frame(c, x+(w-tw)/2, y+h/2-size*0.65, tw, size*1.3, 5, imaging.FaceColor, nil, 0)
		col = imaging.Ink
	}
	c.FitText(cc.Name, x+w/2, y+h/2, 0.5, w-6, imaging.Bold, size, rtSmall, col)
}

// motif pastes a pattern's design, a tile from motifTile, into the box and
// outlines it.
func motif(c *imaging.Canvas, code string, x, y, w, h float64) {
	ix, iy := int(math.Round(x)), int(math.Round(y))
	tile := motifTile(code, int(math.Round(w)), int(math.Round(h)))
	if dst, ok := c.Image().(*image.RGBA); ok {
		r := tile.Bounds().Add(image.Pt(ix, iy))
		draw.Draw(dst, r, tile, image.Point{}, draw.Src)
	} else {
		c.DrawImage(tile, ix, iy)
	}
	ring(c, float64(ix), float64(iy), float64(tile.Bounds().Dx()), float64(tile.Bounds().Dy()), 2, imaging.Ink, 1.5)
}

// motifTiles caches the motif tiles drawn so far, by pattern and size: a
// game draws the same few sizes on every picture, so each is drawn once.
// The tiles are never written after they are stored, so concurrent renders
// may read them.
var motifTiles = imaging.NewCache[motifKey, *image.RGBA](maxMotifBytes, func(t *image.RGBA) int { return len(t.Pix) })

// motifKey names one motif tile.
type motifKey struct {
	code string
	w, h int
}

// maxMotifBytes bounds the motif tile cache (a tile is a few KiB).
const maxMotifBytes = 2 << 20

// motifTile returns the w×h tile of a pattern's design, drawing it on first
// use.
func motifTile(code string, w, h int) *image.RGBA {
	w, h = max(w, 1), max(h, 1)
	k := motifKey{code, w, h}
	if tile, ok := motifTiles.Get(k); ok {
		return tile
	}
	dc := gg.NewContext(w, h)
	motifAt(dc, code, float64(w), float64(h))
	tile := dc.Image().(*image.RGBA)
	motifTiles.Put(k, tile)
	return tile
}

// motifAt draws a pattern's design filling (0, 0, w, h).
func motifAt(c *gg.Context, code string, w, h float64) {
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

// patternChip draws a pattern card: its name on a plain card, with the
// motif above it on a card tall enough for both (the market) and an
// indigo edge, flat, on a small one (a garment), which keeps the crowded
// pictures small. The name is at size, never under rtSmall.
func patternChip(c *imaging.Canvas, code string, x, y, w, h, size float64) {
	pt, _ := threadcount.PatternOf(code)
	size = math.Max(size, rtSmall)
	frame(c, x, y, w, h, 6, imaging.FaceColor, imaging.Ink, 1.5)
	if h >= 2.6*size+16 {
		band := h - 1.6*size
		motif(c, code, x+3, y+3, w-6, band-3)
		c.FitText(pt.Name, x+w/2, y+band+(h-band)/2, 0.5, w-8, imaging.Bold, size, rtSmall, imaging.Ink)
		return
	}
	const edge = 10.0
	c.FillRect(math.Round(x+2), math.Round(y+2), edge, math.Round(h-4), rtIndigo)
	c.FitText(pt.Name, x+edge+(w-edge)/2, y+h/2, 0.5, w-edge-8, imaging.Bold, size, rtSmall, imaging.Ink)
}

// frame fills a rounded rectangle and, when lw > 0, rings it with stroke
// like Canvas.Box, but draws the ring as a filled shape (ring), which is
// several times cheaper than stroking the outline.
func frame(c *imaging.Canvas, x, y, w, h, r float64, fill, stroke color.Color, lw float64) {
	x, y, w, h = snap(x, y, w, h)
	c.Box(x, y, w, h, r, fill, nil, 0)
	if lw > 0 {
		ring(c, x, y, w, h, r, stroke, lw)
	}
}

// ring draws the outline of a rounded rectangle lw wide, centred on its
// edge like Canvas.Outline, as the even-odd fill between two rounded
// rectangles instead of a stroke.
//
// Its edges lie on whole pixels (lw rounded, at least 1), so the straight
// sides are crisp: fewer shades to draw and to encode.
func ring(c *imaging.Canvas, x, y, w, h, r float64, col color.Color, lw float64) {
	x, y, w, h = snap(x, y, w, h)
	lw = math.Max(1, math.Round(lw))
	ox, oy := math.Round(x-lw/2), math.Round(y-lw/2)
	ow, oh := math.Round(x+w+lw/2)-ox, math.Round(y+h+lw/2)-oy
	c.DrawRoundedRectangle(ox, oy, ow, oh, r+lw/2)
	c.DrawRoundedRectangle(ox+lw, oy+lw, ow-2*lw, oh-2*lw, math.Max(0, r-lw/2))
	c.SetFillRuleEvenOdd()
	c.SetColor(col)
	c.Fill()
	c.SetFillRuleWinding()
}

// snap moves a box's edges to the nearest whole pixels.
func snap(x, y, w, h float64) (float64, float64, float64, float64) {
	x0, y0 := math.Round(x), math.Round(y)
	return x0, y0, math.Round(x+w) - x0, math.Round(y+h) - y0
}
