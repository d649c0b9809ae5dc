package imaging

import (
	"image/color"

	"github.com/fogleman/gg"
)

// Canvas is a gg drawing context plus the font faces of one render. It is
// not safe for concurrent use; each render makes its own.
type Canvas struct {
	*gg.Context
	Faces *Faces
}

// NewCanvas returns a w×h canvas filled with bg.
func NewCanvas(w, h int, bg color.Color) (*Canvas, error) {
	faces, err := NewFaces()
	if err != nil {
		return nil, err
	}
	dc := gg.NewContext(w, h)
	dc.SetColor(bg)
	dc.Clear()
	return &Canvas{Context: dc, Faces: faces}, nil
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

// capRatio is the cap height of the Go fonts as a fraction of the pixel
// size; text is centred vertically on its capitals.
const capRatio = 0.70

// Text draws s in typeface f at size pixels and colour col. The point
// (x, y) is the vertical middle of the capitals; ax anchors horizontally
// (0 left, 0.5 centre, 1 right). It returns the width of the text.
func (c *Canvas) Text(s string, x, y, ax float64, f Font, size float64, col color.Color) float64 {
	c.SetFont(f, size)
	w, _ := c.MeasureString(s)
	c.SetColor(col)
	c.DrawString(s, x-ax*w, y+size*capRatio/2)
	return w
}

// FitText draws s centred at (x, y) like Text, shrinking the size from size
// down to minSize until it fits in maxW; past minSize the text is cut with
// an ellipsis. It returns the size used.
func (c *Canvas) FitText(s string, x, y, ax, maxW float64, f Font, size, minSize float64, col color.Color) float64 {
	size = fitSize(func(sz float64) float64 { return c.Measure(s, f, sz) }, maxW, size, minSize)
	if c.Measure(s, f, size) > maxW {
		s = truncate(func(t string) float64 { return c.Measure(t, f, size) }, s, maxW)
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
	if h > 0 && len(lines) > 0 {
		for float64(len(lines))*sz*lineGap > h*1.05 && sz > minSize {
			sz--
		}
	}
	lh := sz * lineGap
	top := y + h/2 - lh*float64(len(lines))/2 + lh/2
	for i, ln := range lines {
		c.Text(ln, x+align*w, top+float64(i)*lh, align, f, sz, col)
	}
	return sz, len(lines)
}

// lineGap is the line pitch of wrapped text as a multiple of the size.
const lineGap = 1.18
