package imaging

import (
	"fmt"
	"image"
	"math"

	"github.com/fogleman/gg"
)

// A picture repeats the same small drawings many times: card faces in a
// tableau, suit marks on cards and in headers, tokens on tracks. Drawing
// one through gg costs its rasterization every time; Sprite draws it once
// on a small transparent canvas, keeps that, and composites it wherever it
// is drawn again, in this picture or the next.
//
// A sprite is keyed by what its drawing depends on: the caller's key (which
// must name everything the drawing reads), its size, its position's
// fraction of a pixel in quarters (so edges land where they would have),
// and the picture's width (which sets the legible text sizes). Compositing with Over gives the
// pixels drawing in place would, up to rounding and the quarter-pixel
// snap. The text sizes a sprite drew are counted on the canvas it is drawn
// on, so the readability checks see them on every use.

// spriteCacheBytes bounds the pixels kept, a few hundred card faces.
const spriteCacheBytes = 32 << 20

// sprite is one drawing kept: its pixels, where its box starts inside
// them, and the smallest text and mark letter it drew.
type sprite struct {
	img              *image.RGBA
	off              int
	minText, minMark float64
	cut              []CutText
}

// sprites are the sprites kept, by key.
var sprites = NewCache[string, sprite](spriteCacheBytes, func(s sprite) int { return len(s.img.Pix) })

// quarter rounds a fraction of a pixel to the nearest quarter below 1.
func quarter(f float64) float64 {
	return math.Min(0.75, math.Round(f*4)/4)
}

// Sprite draws, through the sprite cache, what draw draws in the box of
// size w×h whose top-left corner is at (x, y); draw receives the canvas to
// draw on and where the box's corner is on it. margin is how far the
// drawing may reach outside the box (a line's half width, a ring). key
// must name everything else the drawing depends on. On a canvas that is
// transformed or clipped, or is not RGBA, draw draws in place.
func (c *Canvas) Sprite(key string, x, y, w, h, margin float64, draw func(s *Canvas, x, y float64)) {
	dst, ok := c.Image().(*image.RGBA)
	if !ok || !c.plain() || w <= 0 || h <= 0 {
		draw(c, x, y)
		return
	}
	ix, iy := math.Floor(x), math.Floor(y)
	fx, fy := quarter(x-ix), quarter(y-iy)
	k := fmt.Sprintf("%s|%.2f|%.2f|%.2f|%.2f|%.2f", key, w, h, fx, fy, c.pictureWidth())
	sp, ok := sprites.Get(k)
	if !ok {
		m := math.Ceil(math.Max(0, margin))
		sw, sh := int(math.Ceil(w+fx+2*m)), int(math.Ceil(h+fy+2*m))
		sub := &Canvas{Context: gg.NewContext(sw, sh), Faces: c.Faces, basisW: c.pictureWidth(), inMark: c.inMark}
		draw(sub, m+fx, m+fy)
		sp = sprite{img: sub.Image().(*image.RGBA), off: int(m), minText: sub.minText, minMark: sub.minMark, cut: sub.cut}
		sprites.Put(k, sp)
	}
	at := image.Pt(int(ix)-sp.off, int(iy)-sp.off)
	drawOver(dst, sp.img, at)
	c.minText = least(c.minText, sp.minText)
	c.minMark = least(c.minMark, sp.minMark)
	c.cut = append(c.cut, sp.cut...)
}

// drawOver composites src (premultiplied, as image.RGBA is) over dst with
// src's top-left corner at at. A sprite is mostly opaque pixels (copied a
// run at a time) and transparent ones (skipped); only its edges blend.
func drawOver(dst, src *image.RGBA, at image.Point) {
	r := src.Bounds().Add(at).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	sp := r.Min.Sub(at).Add(src.Bounds().Min)
	n := 4 * r.Dx()
	for y := 0; y < r.Dy(); y++ {
		s := src.Pix[src.PixOffset(sp.X, sp.Y+y):][:n]
		d := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:n]
		for i := 0; i < n; {
			switch a := s[i+3]; a {
			case 0xff:
				j := i + 4
				for j < n && s[j+3] == 0xff {
					j += 4
				}
				copy(d[i:j], s[i:j])
				i = j
			case 0:
				i += 4
			default:
				k := 255 - uint32(a)
				for c := range 4 {
					d[i+c] = uint8(uint32(s[i+c]) + (uint32(d[i+c])*k+127)/255)
				}
				i += 4
			}
		}
	}
}

// least is the smaller of two sizes where 0 means none.
func least(a, b float64) float64 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	return math.Min(a, b)
}

// markKey names a mark's drawing for the sprite cache: marks of one Name
// draw alike (the Name names the symbol; its colour and letter are keyed
// too).
func markKey(m Mark, r float64) string {
	return fmt.Sprintf("mark|%s|%s|%02x%02x%02x%02x|%.2f", m.Name, m.Letter, m.Color.R, m.Color.G, m.Color.B, m.Color.A, r)
}

// cardKey names a card face's drawing for the sprite cache.
func cardKey(s CardSpec) string {
	k := "card|" + s.Title + "|" + s.Value + "|" + s.Blank
	for _, m := range s.Marks {
		k += "|" + markKey(m, 0)
	}
	return k
}
