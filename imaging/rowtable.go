package imaging

// Column is one column of a RowTable: its heading, width in pixels and
// horizontal text anchor (0 left, 0.5 centre, 1 right).
type Column struct {
	Title string
	Width float64
	Align float64
}

// RowTable lays out score rows: a heading row of height HeadH, then rows of
// height RowH, each split into Cols from the left edge X, with the table's
// top at Y.
type RowTable struct {
	X, Y        float64
	HeadH, RowH float64
	Cols        []Column
}

// Width is the total width of the columns.
func (t RowTable) Width() float64 {
	w := 0.0
	for _, c := range t.Cols {
		w += c.Width
	}
	return w
}

// Height is the height of the heading and n rows.
func (t RowTable) Height(n int) float64 { return t.HeadH + float64(n)*t.RowH }

// Cell returns the box of column col in row row; row -1 is the heading.
func (t RowTable) Cell(row, col int) (x, y, w, h float64) {
	x = t.X
	for i := 0; i < col && i < len(t.Cols); i++ {
		x += t.Cols[i].Width
	}
	if col >= 0 && col < len(t.Cols) {
		w = t.Cols[col].Width
	}
	if row < 0 {
		return x, t.Y, w, t.HeadH
	}
	return x, t.Y + t.HeadH + float64(row)*t.RowH, w, t.RowH
}

// Anchor returns the x at which text aligned per the column's Align sits in
// the cell, inset by pad from the cell's edges.
func (t RowTable) Anchor(col int, x, w, pad float64) float64 {
	a := t.Cols[col].Align
	return x + pad + a*(w-2*pad)
}
