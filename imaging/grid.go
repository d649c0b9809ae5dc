package imaging

import "math"

// Extent is the bounding box of occupied cells on an unbounded integer grid
// (x grows right, y grows down; both may be negative). The zero Extent is
// empty.
type Extent struct {
	MinX, MinY, MaxX, MaxY int
	nonEmpty               bool
}

// Add returns e grown to include the cell (x, y).
func (e Extent) Add(x, y int) Extent {
	if !e.nonEmpty {
		return Extent{MinX: x, MinY: y, MaxX: x, MaxY: y, nonEmpty: true}
	}
	e.MinX, e.MaxX = min(e.MinX, x), max(e.MaxX, x)
	e.MinY, e.MaxY = min(e.MinY, y), max(e.MaxY, y)
	return e
}

// Empty reports whether e holds no cell.
func (e Extent) Empty() bool { return !e.nonEmpty }

// Grow returns e with n more cells on every side; an empty extent stays
// empty.
func (e Extent) Grow(n int) Extent {
	if !e.nonEmpty {
		return e
	}
	e.MinX -= n
	e.MinY -= n
	e.MaxX += n
	e.MaxY += n
	return e
}

// Cols is the number of columns e spans (0 when empty).
func (e Extent) Cols() int {
	if !e.nonEmpty {
		return 0
	}
	return e.MaxX - e.MinX + 1
}

// Rows is the number of rows e spans (0 when empty).
func (e Extent) Rows() int {
	if !e.nonEmpty {
		return 0
	}
	return e.MaxY - e.MinY + 1
}

// FitCard returns the card width, in whole pixels, that fits cols×rows cards
// of height aspect×width into availW×availH, with a gap of gap×width
// between neighbours, capped at maxW. It returns 0 when nothing fits.
func FitCard(cols, rows int, availW, availH, aspect, gap, maxW float64) float64 {
	if cols < 1 || rows < 1 || availW <= 0 || availH <= 0 {
		return 0
	}
	byW := availW / (float64(cols)*(1+gap) - gap)
	byH := availH / (float64(rows)*(aspect+gap) - gap)
	return math.Max(0, math.Floor(math.Min(maxW, math.Min(byW, byH))))
}

// Grid maps grid cells to pixel boxes: cell (Ext.MinX, Ext.MinY) has its
// top-left corner at (X, Y), and each further cell is one pitch away.
type Grid struct {
	Ext   Extent
	X, Y  float64
	CardW float64
	CardH float64
	Gap   float64
}

// NewGrid lays out ext with cards of width cardW (height aspect×cardW) and
// gaps of gap×cardW, starting at (x, y).
func NewGrid(ext Extent, x, y, cardW, aspect, gap float64) Grid {
	return Grid{Ext: ext, X: x, Y: y, CardW: cardW, CardH: math.Round(cardW * aspect), Gap: math.Round(cardW * gap)}
}

// Cell returns the top-left pixel of the card box of cell (x, y).
func (g Grid) Cell(x, y int) (float64, float64) {
	return g.X + float64(x-g.Ext.MinX)*(g.CardW+g.Gap), g.Y + float64(y-g.Ext.MinY)*(g.CardH+g.Gap)
}

// Center returns the pixel centre of cell (x, y).
func (g Grid) Center(x, y int) (float64, float64) {
	px, py := g.Cell(x, y)
	return px + g.CardW/2, py + g.CardH/2
}

// Width is the pixel width of all columns, without outer gaps.
func (g Grid) Width() float64 {
	n := float64(g.Ext.Cols())
	return math.Max(0, n*g.CardW+(n-1)*g.Gap)
}

// Height is the pixel height of all rows, without outer gaps.
func (g Grid) Height() float64 {
	n := float64(g.Ext.Rows())
	return math.Max(0, n*g.CardH+(n-1)*g.Gap)
}
