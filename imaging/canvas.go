package imaging

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/math/fixed"
)

// Canvas is a gg drawing context plus the font faces of one render. It is
// not safe for concurrent use; each render makes its own. Its pixels and
// faces come from the render pool and go back with Release.
type Canvas struct {
	*gg.Context
	Faces *Faces

	// clips counts the clip masks in force, on a stack that follows
	// Push and Pop, so Text knows when it may draw glyphs directly.
	clips []bool

	// minText is the smallest size, in pixels, any text has been drawn at
	// (0 before the first text). Every text goes through Text.
	minText float64
	// minMark is the same for the letters inside marks (MarkText), such
	// as a yarn token's colour letter: a redundant label on a coloured
	// symbol, not text to read, so measured apart from minText.
	minMark float64
	inMark  bool

	// basisW is the width of the picture this canvas is part of, for a
	// sprite's or a clipped box's small canvas (0: its own width).
	basisW float64

	// cut lists the texts FitText and TextBlock had to cut short with an
	// ellipsis, so a test can tell what a reader lost.
	cut []CutText
}

// canvasHook, when set (by tests, through WatchCanvases), sees every new
// canvas, so a test can read what a render drew (minText) after it returns.
var canvasHook func(*Canvas)

// WatchCanvases makes every canvas made from now on known to f, until stop
// is called, so a test can read what a render drew after it returns
// (SmallestText). It is for tests that render one picture at a time: the
// watch is process-wide.
func WatchCanvases(f func(*Canvas)) (stop func()) {
	canvasHook = f
	return func() { canvasHook = nil }
}

// SmallestText is the smallest size, in pixels, that text was drawn at on
// the canvas, and the same for the letters inside marks (MarkText); 0 when
// none was drawn.
func (c *Canvas) SmallestText() (text, mark float64) {
	return c.minText, c.minMark
}

// CutText is a text drawn cut short: as it was given and as it was shown
// (the lines of a TextBlock joined by a space).
type CutText struct {
	Whole, Shown string
}

// CutTexts lists the texts that FitText and TextBlock drew cut short with
// an ellipsis on the canvas.
func (c *Canvas) CutTexts() []CutText {
	return c.cut
}

// NewCanvas returns a w×h canvas filled with bg.
func NewCanvas(w, h int, bg color.Color) (*Canvas, error) {
	faces, err := TakeFaces()
	if err != nil {
		return nil, err
	}
	img := takeRGBA(w, h)
	own(img, faces)
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(bg)
	dc.Clear()
	c := &Canvas{Context: dc, Faces: faces}
	if canvasHook != nil {
		canvasHook(c)
	}
	return c, nil
}

// SetFont selects typeface f at size pixels.
func (c *Canvas) SetFont(f Font, size float64) {
	c.SetFontFace(c.Faces.Face(f, size))
}

// Measure returns the advance width of s in typeface f at size pixels.
func (c *Canvas) Measure(s string, f Font, size float64) float64 {
	c.SetFont(f, size)
	w, _ := c.MeasureString(s)
	return w
}

// Discord shows a picture about viewW pixels wide on desktop, where body
// text should be at least viewMinText pixels tall.
const (
	viewW       = 520.0
	viewMinText = 9.0
)

// Legible is the smallest text size, in this canvas's pixels, that still
// reads viewMinText pixels tall when the picture is shown viewW wide.
func (c *Canvas) Legible() float64 {
	return viewMinText * c.pictureWidth() / viewW
}

// pictureWidth is the width of the whole picture the canvas draws on: its
// own, or its parent's for a sprite's or a clipped box's small canvas.
func (c *Canvas) pictureWidth() float64 {
	if c.basisW > 0 {
		return c.basisW
	}
	return float64(c.Width())
}

// On a phone Discord shows a picture about phoneW pixels wide, where text
// should be at least phoneMinText pixels tall.
const (
	phoneW       = 350.0
	phoneMinText = 7.0
)

// PhoneLegible is the smallest text size, in this canvas's pixels, that
// still reads phoneMinText pixels tall when the picture is shown phoneW
// wide; on pictures wider than 675 px it is more than Legible.
func (c *Canvas) PhoneLegible() float64 {
	return phoneMinText * c.pictureWidth() / phoneW
}

// capRatio is the cap height of the Go fonts as a fraction of the pixel
// size; text is centred vertically on its capitals.
const capRatio = 0.70

// Text draws s in typeface f at size pixels and colour col. The point
// (x, y) is the vertical middle of the capitals; ax anchors horizontally
// (0 left, 0.5 centre, 1 right). It returns the width of the text.
func (c *Canvas) Text(s string, x, y, ax float64, f Font, size float64, col color.Color) float64 {
	if s != "" {
		least := &c.minText
		if c.inMark {
			least = &c.minMark
		}
		if *least == 0 || size < *least {
			*least = size
		}
	}
	c.SetFont(f, size)
	w, _ := c.MeasureString(s)
	c.SetColor(col)
	x, y = x-ax*w, y+size*capRatio/2
	if !c.plain() {
		c.DrawString(s, x, y)
		return w
	}
	c.drawGlyphs(s, x, y, f, size, col)
	return w
}

// MarkText draws s like Text, as the label of a mark (a letter on a
// coloured token): it counts towards minMark, not minText.
func (c *Canvas) MarkText(s string, x, y, ax float64, f Font, size float64, col color.Color) float64 {
	c.inMark = true
	defer func() { c.inMark = false }()
	return c.Text(s, x, y, ax, f, size, col)
}

// plain reports whether the canvas draws untransformed and unclipped, so
// glyph masks can be composited straight onto the pixels.
func (c *Canvas) plain() bool {
	if c.isClipped() {
		return false
	}
	x0, y0 := c.TransformPoint(0, 0)
	x1, y1 := c.TransformPoint(1, 1)
	return x0 == 0 && y0 == 0 && x1 == 1 && y1 == 1
}

// drawGlyphs draws s with its baseline starting at (x, y) the way gg's
// DrawString does under an identity matrix, but composites each glyph mask
// with draw.DrawMask (a fast path for RGBA over a uniform colour) instead of
// a general bilinear transform per glyph. The pixels are the same.
func (c *Canvas) drawGlyphs(s string, x, y float64, f Font, size float64, col color.Color) {
	dst, ok := c.Image().(*image.RGBA)
	if !ok {
		c.DrawString(s, x, y)
		return
	}
	face := c.Faces.Face(f, size)
	src := image.NewUniform(col)
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += face.Kern(prev, r)
		}
		dr, mask, maskp, advance, ok := face.Glyph(dot, r)
		if !ok {
			continue
		}
		draw.DrawMask(dst, dr, src, image.Point{}, mask, maskp, draw.Over)
		dot.X += advance
		prev = r
	}
}

// Push saves the drawing state, clip included.
func (c *Canvas) Push() {
	c.Context.Push()
	c.clips = append(c.clips, c.isClipped())
}

// Pop restores the state saved by the matching Push.
func (c *Canvas) Pop() {
	c.Context.Pop()
	if n := len(c.clips); n > 0 {
		c.clips = c.clips[:n-1]
	}
}

// Clip clips further drawing to the current path.
func (c *Canvas) Clip() {
	c.Context.Clip()
	c.setClipped(true)
}

// ClipPreserve clips like Clip and keeps the path.
func (c *Canvas) ClipPreserve() {
	c.Context.ClipPreserve()
	c.setClipped(true)
}

// ResetClip removes the clip.
func (c *Canvas) ResetClip() {
	c.Context.ResetClip()
	c.setClipped(false)
}

func (c *Canvas) isClipped() bool { return len(c.clips) > 0 && c.clips[len(c.clips)-1] }

// setClipped records the clip state of the innermost Push level (level 0
// is the canvas itself: an unclipped entry at the bottom of the stack).
func (c *Canvas) setClipped(on bool) {
	if len(c.clips) == 0 {
		c.clips = append(c.clips, false)
	}
	c.clips[len(c.clips)-1] = on
}

// FitText draws s centred at (x, y) like Text, shrinking the size from size
// down to minSize until it fits in maxW; past minSize the text is cut with
// an ellipsis. It returns the size used.
func (c *Canvas) FitText(s string, x, y, ax, maxW float64, f Font, size, minSize float64, col color.Color) float64 {
	size = fitSize(func(sz float64) float64 { return c.Measure(s, f, sz) }, maxW, size, minSize)
	if c.Measure(s, f, size) > maxW {
		whole := s
		s = truncate(func(t string) float64 { return c.Measure(t, f, size) }, s, maxW)
		c.cut = append(c.cut, CutText{whole, s})
	}
	c.Text(s, x, y, ax, f, size, col)
	return size
}

// TextBlock word-wraps s into the box (x, y, w, h), shrinking from size to
// minSize until it fits in maxLines lines, and draws the lines centred in
// the box (horizontally by align: 0 left, 0.5 centre). It returns the size
// used and the number of lines.
func (c *Canvas) TextBlock(s string, x, y, w, h, align float64, f Font, size, minSize float64, maxLines int, col color.Color) (float64, int) {
	lines, sz := fitLines(func(sz float64) func(string) float64 {
		return func(t string) float64 { return c.Measure(t, f, sz) }
	}, s, w, maxLines, size, minSize)
	for _, ln := range lines {
		if strings.HasSuffix(ln, "…") && !strings.HasSuffix(s, "…") {
			c.cut = append(c.cut, CutText{s, strings.Join(lines, " ")})
			break
		}
	}
	if h > 0 && len(lines) > 0 {
		for float64(len(lines))*sz*LineGap > h*1.05 && sz > minSize {
			sz = max(sz-1, minSize)
		}
	}
	lh := sz * LineGap
	top := y + h/2 - lh*float64(len(lines))/2 + lh/2
	for i, ln := range lines {
		c.Text(ln, x+align*w, top+float64(i)*lh, align, f, sz, col)
	}
	return sz, len(lines)
}

// LineGap is the line pitch of wrapped text as a multiple of the size.
const LineGap = 1.18

// Clipped runs draw on a small canvas of the box's size whose drawing is
// Clipped to a rounded rectangle of radius r, then pastes it at (x, y).
// Clipping the small canvas instead of the picture keeps the clip mask
// (one byte per pixel of the canvas) small.
func (c *Canvas) Clipped(x, y, w, h, r float64, draw func(sub *Canvas, w, h float64)) {
	iw, ih := int(math.Ceil(w)), int(math.Ceil(h))
	if iw <= 0 || ih <= 0 {
		return
	}
	sub := &Canvas{Context: gg.NewContext(iw, ih), Faces: c.Faces, basisW: c.pictureWidth()}
	sub.DrawRoundedRectangle(0, 0, w, h, r)
	sub.Clip()
	draw(sub, w, h)
	c.DrawImage(sub.Image(), int(math.Round(x)), int(math.Round(y)))
}
