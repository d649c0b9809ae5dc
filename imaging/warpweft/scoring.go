package warpweft

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/warpweft"
	"spindle/imaging"
)

// scoring sheet metrics.
const (
	scW       = 1200.0 // width of every scoring picture
	scPad     = 18.0   // padding inside the sheet
	scRowH    = 74.0
	scHeadH   = 44.0
	scSecH    = 52.0
	scFont    = 26.0
	scSmall   = 24.0 // smallest text: reads 7 px at 350 wide
	scLineW   = 100.0
	scCountW  = 40.0
	scSetW    = 150.0
	scScoreW  = 80.0
	scChipW   = 48.0 // widest card chip: its value 24 px
	scChipGap = 6.0
)

// scoringColumns builds the breakdown's columns for lines holding up to
// maxCards cards, the cards column taking what the others leave of width,
// and returns the chip width for the cards column.
func scoringColumns(maxCards int, width float64) ([]imaging.Column, float64) {
	cardsW := width - scLineW - decktet.NumSuits*scCountW - 2*scSetW - scScoreW
	chipW := math.Min(scChipW, math.Floor((cardsW-2*scChipGap)/float64(max(maxCards, 1)))-scChipGap)
	cols := []imaging.Column{
		{Title: "Line", Width: scLineW, Align: 0},
		{Title: "Cards", Width: cardsW, Align: 0},
	}
	for _, m := range imaging.SuitMarks {
		cols = append(cols, imaging.Column{Title: m.Name, Width: scCountW, Align: 0.5})
	}
	cols = append(cols,
		imaging.Column{Title: "Most", Width: scSetW, Align: 0},
		imaging.Column{Title: "Least", Width: scSetW, Align: 0},
		imaging.Column{Title: "Score", Width: scScoreW, Align: 1},
	)
	return cols, chipW
}

// Scoring draws the score breakdown: every column (Warp) and row
// (Weft) with its cards, suit counts, Most and Least suits and sums, and
// line score, then the totals and the result.
func Scoring(v warpweft.View, opt imaging.Options) (image.Image, error) {
	specs, err := cardSpecs(v)
	if err != nil {
		return nil, err
	}
	maxCards := 0
	for _, ls := range append(append([]warpweft.LineScore(nil), v.Score.Columns...), v.Score.Rows...) {
		maxCards = max(maxCards, len(ls.Cards))
	}
	// One width for every game, so the sheet keeps its scale.
	const w = scW
	m := float64(wwMargin)
	pad := scPad
	cols, chipW := scoringColumns(maxCards, w-2*m-2*pad)
	tw := imaging.RowTable{Cols: cols}.Width()
	const headH = 150.0
	sectionH := func(n int) float64 { return scSecH + scHeadH + float64(max(n, 1))*scRowH }
	h := headH + m + sectionH(len(v.Score.Columns)) + 24 + sectionH(len(v.Score.Rows)) + m + 2*pad
	c, err := imaging.NewCanvas(int(w), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}

	// Header: title and result.
	c.FillRect(0, 0, w, headH, imaging.Frame)
	title := "Warp and Weft: final score"
	if !v.Over {
		title = "Warp and Weft: score so far"
	}
	c.Text(title, m, m+18, 0, imaging.Bold, 36, imaging.Light)
	warp, weft := roles(v)
	c.FitText(resultLine(v, opt, warp, weft), m, m+84, 0, w-2*m, imaging.Bold, 40, scSmall, imaging.Highlight)

	// Sheet.
	x0 := imaging.Round((w - tw) / 2)
	sheetY := headH + m
	c.Box(x0-pad, sheetY, tw+2*pad, h-sheetY-m, 14, imaging.Paper, imaging.Ink, 3)
	y := sheetY + pad
	y = scoreSection(c, v.Score.Columns, "Warp scores the columns", warp, v.Score.Warp, imaging.Warp, opt, specs, cols, chipW, x0, y)
	y += 24
	scoreSection(c, v.Score.Rows, "Weft scores the rows", weft, v.Score.Weft, imaging.Weft, opt, specs, cols, chipW, x0, y)
	return c.Image(), nil
}

// resultLine is the headline of the scoring picture.
func resultLine(v warpweft.View, opt imaging.Options, warp, weft games.Seat) string {
	who := func(s games.Seat) string {
		switch s {
		case warp:
			return opt.Name(s) + " (Warp)"
		case weft:
			return opt.Name(s) + " (Weft)"
		}
		return opt.Name(s)
	}
	hi, lo := max(v.Score.Warp, v.Score.Weft), min(v.Score.Warp, v.Score.Weft)
	switch {
	case !v.Over:
		return fmt.Sprintf("Warp %s, Weft %s so far", imaging.Signed(v.Score.Warp), imaging.Signed(v.Score.Weft))
	case v.Conceded >= 0:
		return fmt.Sprintf("%s conceded: %s wins", who(v.Conceded), who(v.Winner))
	case v.Winner == games.Spectator:
		return fmt.Sprintf("A draw, %s to %s", imaging.Signed(hi), imaging.Signed(lo))
	}
	return fmt.Sprintf("%s wins, %s to %s", who(v.Winner), imaging.Signed(hi), imaging.Signed(lo))
}

// scoreSection draws one player's lines and total, returning the y below.
func scoreSection(c *imaging.Canvas, lines []warpweft.LineScore, heading string, seat games.Seat, total int, accent color.RGBA, opt imaging.Options, specs map[string]imaging.CardSpec, cols []imaging.Column, chipW, x, y float64) float64 {
	t := imaging.RowTable{X: x, Y: y + scSecH, HeadH: scHeadH, RowH: scRowH, Cols: cols}
	tw := t.Width()
	// Section bar: heading, player, total.
	c.Box(x, y, tw, scSecH-8, 8, accent, accent, 0)
	bar := y + (scSecH-8)/2
	label := heading
	if seat >= 0 {
		label += ": " + opt.Name(seat)
	}
	c.FitText(label, x+14, bar, 0, tw-260, imaging.Bold, 26, scSmall, imaging.Light)
	c.Text("Total "+imaging.Signed(total), x+tw-14, bar, 1, imaging.Bold, 28, imaging.Light)

	// Column headings; the suit columns show their marks.
	for i, col := range cols {
		cx, cy, cw, ch := t.Cell(-1, i)
		if i >= 2 && i < 2+decktet.NumSuits {
			c.DrawMark(imaging.SuitMarks[i-2], cx+cw/2, cy+ch/2, 15)
			continue
		}
		c.Text(col.Title, t.Anchor(i, cx, cw, 10), cy+ch/2, col.Align, imaging.Bold, scSmall, imaging.InkSoft)
	}
	if len(lines) == 0 {
		_, ry, _, rh := t.Cell(0, 0)
		c.Text("No lines.", x+10, ry+rh/2, 0, imaging.Regular, scFont, imaging.InkSoft)
	}
	for r, ls := range lines {
		rx, ry, _, rh := t.Cell(r, 0)
		if r%2 == 0 {
			c.FillRect(rx, ry, tw, rh, imaging.PaperAlt)
		}
		mid := ry + rh/2
		// Line name, and the ignored suit under it.
		name := "x = " + imaging.Signed(ls.Index)
		if ls.Axis == "row" {
			name = "y = " + imaging.Signed(ls.Index)
		}
		lx, _, _, _ := t.Cell(r, 0)
		if ls.Ignored != nil {
			c.Text(name, lx+10, mid-14, 0, imaging.Bold, scFont, imaging.Ink)
			iw := c.Text("ignores", lx+10, mid+16, 0, imaging.Regular, scSmall, imaging.InkSoft)
			c.DrawMark(imaging.SuitMark(*ls.Ignored), lx+10+iw+13, mid+16, 11)
		} else {
			c.Text(name, lx+10, mid, 0, imaging.Bold, scFont, imaging.Ink)
		}
		// Cards as small chips.
		cx, _, _, _ := t.Cell(r, 1)
		chipH := rh - 12
		for i, code := range ls.Cards {
			c.MiniCard(specs[code], cx+scChipGap+float64(i)*(chipW+scChipGap), ry+6, chipW, chipH)
		}
		// Suit counts.
		for s := 0; s < decktet.NumSuits; s++ {
			sx, _, sw, _ := t.Cell(r, 2+s)
			n := ls.Counts[s]
			ignored := ls.Ignored != nil && int(*ls.Ignored) == s
			switch {
			case ignored:
				c.Text(strconv.Itoa(n), sx+sw/2, mid, 0.5, imaging.Bold, scFont, imaging.InkSoft)
				c.Cross(sx+sw/2, mid, 13, imaging.WithAlpha(imaging.Bad, 0xD0), 3)
			case n == 0:
				c.Text("·", sx+sw/2, mid, 0.5, imaging.Bold, scFont, imaging.InkSoft)
			default:
				c.Text(strconv.Itoa(n), sx+sw/2, mid, 0.5, imaging.Bold, scFont, imaging.Ink)
			}
		}
		// Most and Least.
		suitSet(c, ls.Most, ls.MostSum, t, r, 2+decktet.NumSuits, mid)
		suitSet(c, ls.Least, ls.LeastSum, t, r, 3+decktet.NumSuits, mid)
		// Line score.
		sx, _, sw, _ := t.Cell(r, len(cols)-1)
		col := imaging.Ink
		if ls.Score > 0 {
			col = imaging.Good
		} else if ls.Score < 0 {
			col = imaging.Bad
		}
		c.Text(imaging.Signed(ls.Score), sx+sw-12, mid, 1, imaging.Bold, 34, col)
	}
	end := t.Y + t.Height(max(len(lines), 1))
	c.Rule(x, x+tw, end, imaging.InkSoft, 1.5)
	return end
}

// suitSet draws a set of suits as marks followed by "= sum", or a dash for
// an empty set.
func suitSet(c *imaging.Canvas, set []decktet.Suit, sum int, t imaging.RowTable, row, col int, mid float64) {
	x, _, w, _ := t.Cell(row, col)
	x += 10
	if len(set) == 0 {
		c.Text("–", x+8, mid, 0.5, imaging.Bold, scFont, imaging.InkSoft)
		return
	}
	r := 12.0
	step := 28.0
	if n := float64(len(set)); n*step > w-90 {
		step = (w - 90) / n
		r = math.Min(r, step*0.45)
	}
	for i, s := range set {
		c.DrawMark(imaging.SuitMark(s), x+r+float64(i)*step, mid, r)
	}
	x += float64(len(set))*step + 6
	c.Text("= "+strconv.Itoa(sum), x, mid, 0, imaging.Bold, scFont, imaging.Ink)
}
