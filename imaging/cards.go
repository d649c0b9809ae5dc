package imaging

import (
	"image/color"
	"math"
)

// CardSpec is what a card face shows: a title (the card's name), a value in
// the corner, and marks (suits) in their colours. It is game-agnostic; a
// game builds specs from its own card data.
type CardSpec struct {
	Title string
	Value string
	Marks []Mark
	// Blank is shown in place of marks when a card has none.
	Blank string
}

// CardAspect is the height of a card face as a multiple of its width.
const CardAspect = 1.25

// CardRadius is the corner radius of a card of width w.
func CardRadius(w float64) float64 { return math.Max(3, w*0.08) }

// CardLine is the outline width of a card of width w.
func CardLine(w float64) float64 { return math.Max(1.5, w*0.02) }

// CardFace draws a card face in the box (x, y, w, h): the value large in the
// top-left corner, the marks in a row across the middle and the title
// wrapped at the bottom. Below about 90 px wide, or where its text would be
// too small to read (Canvas.legible), the title is left out so the value and
// marks stay readable. Legible here means on a phone too (PhoneLegible).
func (c *Canvas) CardFace(s CardSpec, x, y, w, h float64) {
	c.Sprite(cardKey(s), x, y, w, h, CardLine(w), func(sc *Canvas, x, y float64) { sc.cardFace(s, x, y, w, h) })
}

// cardFace draws a card face in place (CardFace draws it as a sprite).
func (c *Canvas) cardFace(s CardSpec, x, y, w, h float64) {
	c.Box(x, y, w, h, CardRadius(w), FaceColor, Ink, CardLine(w))
	pad := w * 0.07
	// The title shows only where it can be legible.
	legible := math.Max(c.Legible(), c.PhoneLegible())
	showTitle := w >= 90 && s.Title != "" && w*0.145 >= legible

	vs := w * 0.27
	if !showTitle {
		vs = w * 0.32
	}
	c.Text(s.Value, x+pad, y+pad+vs*capRatio/2+w*0.02, 0, Bold, vs, Ink)

	// The marks band sits between the value and the title.
	bandTop := y + pad + vs*0.95
	bandBot := y + h*0.66
	if !showTitle {
		bandBot = y + h - pad
	}
	c.markRow(s, x+pad, bandTop, w-2*pad, bandBot-bandTop)

	if showTitle {
		ty := y + h*0.67
		c.Rule(x+pad, x+w-pad, ty, WithAlpha(InkSoft, 0x90), math.Max(1, w*0.008))
		c.TextBlock(s.Title, x+pad*0.5, ty+pad*0.2, w-pad, y+h-ty-pad*0.6, 0.5, Bold, w*0.145, math.Min(w*0.145, math.Max(w*0.11, legible)), 2, Ink)
	}
}

// markRow draws s's marks centred in a row inside the box, or its Blank
// text when it has none.
func (c *Canvas) markRow(s CardSpec, x, y, w, h float64) {
	n := len(s.Marks)
	if n == 0 {
		if s.Blank != "" {
			c.FitText(s.Blank, x+w/2, y+h/2, 0.5, w, Regular, h*0.3, 6, InkSoft)
		}
		return
	}
	step := w / float64(n)
	r := math.Min(h*0.44, step*0.46)
	if n == 1 {
		r = math.Min(h*0.45, w*0.3)
	}
	if n == 2 {
		step = math.Min(step, r*2.4)
	}
	x0 := x + w/2 - step*float64(n-1)/2
	for i, m := range s.Marks {
		c.DrawMark(m, x0+float64(i)*step, y+h/2, r)
	}
}

// MiniCard draws a small card for breakdowns: value on top and the marks
// stacked beneath, no title.
func (c *Canvas) MiniCard(s CardSpec, x, y, w, h float64) {
	c.Box(x, y, w, h, math.Max(2, w*0.12), FaceColor, Ink, math.Max(1, w*0.04))
	vs := math.Min(w*0.5, h*0.4)
	c.Text(s.Value, x+w/2, y+h*0.05+vs*0.7, 0.5, Bold, vs, Ink)
	n := len(s.Marks)
	if n == 0 {
		c.Text("–", x+w/2, y+h*0.68, 0.5, Bold, vs, InkSoft)
		return
	}
	top := y + h*0.1 + vs*1.1
	mh := y + h - top - h*0.04
	step := (w - w*0.1) / float64(n)
	r := math.Min(mh*0.45, step*0.46)
	x0 := x + w/2 - step*float64(n-1)/2
	for i, m := range s.Marks {
		c.DrawMark(m, x0+step*float64(i), top+mh/2, r)
	}
}

// CardBack draws the back of a card: a dark field with a woven pattern of
// warp and weft threads, framed by a light border.
func (c *Canvas) CardBack(x, y, w, h float64) {
	c.Sprite("back", x, y, w, h, CardLine(w), func(sc *Canvas, x, y float64) { sc.cardBack(x, y, w, h) })
}

// cardBack draws a card back in place (CardBack draws it as a sprite).
func (c *Canvas) cardBack(x, y, w, h float64) {
	rad := CardRadius(w)
	c.Box(x, y, w, h, rad, BackColor, Ink, CardLine(w))
	in := math.Max(3, w*0.1)
	// The weave is drawn on a small canvas clipped to the inner panel, so
	// the clip mask is the card's size, never the whole picture's.
	c.Clipped(x+in, y+in, w-2*in, h-2*in, rad*0.6, func(sub *Canvas, iw, ih float64) {
		step := math.Max(4, w*0.12)
		sub.SetLineWidth(step * 0.42)
		sub.SetColor(WithAlpha(BackWeave, 0xC0))
		for i, gx := 0, 0.0; gx < iw+in; i, gx = i+1, gx+step {
			for j, gy := 0, 0.0; gy < ih+in; j, gy = j+1, gy+step {
				// Alternate over/under: horizontal on even squares,
				// vertical on odd ones, like plain weave.
				if (i+j)%2 == 0 {
					sub.DrawLine(gx, gy+step/2, gx+step, gy+step/2)
				} else {
					sub.DrawLine(gx+step/2, gy, gx+step/2, gy+step)
				}
			}
		}
		sub.Stroke()
	})
	c.Outline(x+in, y+in, w-2*in, h-2*in, rad*0.6, BackWeave, math.Max(1, w*0.025))
}

// CardHighlight draws a bold ring around the card box (x, y, w, h), in the
// gap between cards, so one card (the last played) stands out.
func (c *Canvas) CardHighlight(x, y, w, h float64, col color.Color) {
	t := math.Max(3, w*0.045)
	o := t/2 + CardLine(w)/2
	c.Outline(x-o-t/2, y-o-t/2, w+2*o+t, h+2*o+t, CardRadius(w)+o+t/2, Ink, math.Max(1, t*0.35))
	c.Outline(x-o, y-o, w+2*o, h+2*o, CardRadius(w)+o, col, t)
}
