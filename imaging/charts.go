package imaging

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
)

// Charts are drawn from plain data (names and numbers the caller has
// already looked up), never from game state: a leaderboard table and a
// line chart of ratings over games. They share the look of the score
// sheets: a dark header band over the felt and a paper sheet with dark
// ink, opaque, so they read the same on Discord's dark and light themes.

// BoardRow is one row of a leaderboard picture.
type BoardRow struct {
	Rank int
	Name string
	// Rating is the conservative value shown and ranked by.
	Rating float64
	Games  int
	Wins   int
	// Mark highlights the row (the viewer's own).
	Mark bool
}

// Board is the data of a leaderboard picture.
type Board struct {
	Title    string
	Subtitle string
	Rows     []BoardRow
	// Decimals is how many digits after the point ratings show.
	Decimals int
}

// Series is one line of a chart: a legend label and one value per point.
type Series struct {
	Label  string
	Values []float64
	// Thin draws a secondary line: thinner and dashed, without dots.
	Thin bool
}

// LineChart is the data of a line chart whose x axis counts points (games)
// from 1 and whose series share one y axis.
type LineChart struct {
	Title    string
	Subtitle string
	XLabel   string
	Series   []Series
}

// Layout of the chart pictures.
const (
	chartMargin = 24.0
	chartHeadH  = 96.0
	chartPad    = 18.0
	boardRowH   = 46.0
	boardHeadH  = 40.0
	chartW      = 900
	chartH      = 520
)

// boardColumns are the leaderboard's columns; the player column takes what
// the others leave of the width.
func boardColumns() []Column {
	return []Column{
		{Title: "#", Width: 76, Align: 0.5},
		{Title: "Player", Width: 330, Align: 0},
		{Title: "Rating", Width: 120, Align: 1},
		{Title: "Games", Width: 100, Align: 1},
		{Title: "Wins", Width: 90, Align: 1},
		{Title: "Win %", Width: 100, Align: 1},
	}
}

// rankColors are the pills of the first three places; later places get a
// plain pill.
var rankColors = []color.RGBA{RGB(0xC9, 0x9A, 0x06), RGB(0x8A, 0x93, 0x9B), RGB(0xA8, 0x65, 0x2C)}

// RenderBoard draws a leaderboard: a header with the title and subtitle
// and a ranked table of players with their rating, games, wins and win
// rate. An empty board says so.
func RenderBoard(b Board) (image.Image, error) {
	cols := boardColumns()
	t := RowTable{HeadH: boardHeadH, RowH: boardRowH, Cols: cols}
	tw := t.Width()
	w := tw + 2*chartMargin + 2*chartPad
	n := max(len(b.Rows), 1)
	h := chartHeadH + chartMargin + 2*chartPad + t.Height(n) + chartMargin
	c, err := NewCanvas(int(w), int(h), Felt)
	if err != nil {
		return nil, err
	}
	c.header(b.Title, b.Subtitle, w)
	sheetY := chartHeadH + chartMargin
	c.Box(chartMargin, sheetY, w-2*chartMargin, h-sheetY-chartMargin, 14, Paper, Ink, 3)
	t.X, t.Y = chartMargin+chartPad, sheetY+chartPad
	for i, col := range cols {
		x, y, cw, ch := t.Cell(-1, i)
		c.Text(col.Title, t.Anchor(i, x, cw, 12), y+ch/2, col.Align, Bold, 20, InkSoft)
	}
	_, hy, _, _ := t.Cell(0, 0)
	c.Rule(t.X, t.X+tw, hy, Ink, 2)
	if len(b.Rows) == 0 {
		x, y, _, rh := t.Cell(0, 0)
		c.Text("No rated games yet: finish a game to get on the board.", x+tw/2, y+rh/2, 0.5, Regular, 22, InkSoft)
		return c.Image(), nil
	}
	for r, row := range b.Rows {
		x, y, _, rh := t.Cell(r, 0)
		switch {
		case row.Mark:
			c.Box(x, y+2, tw, rh-4, 8, WithAlpha(Highlight, 0x90), Ink, 2)
		case r%2 == 1:
			c.Box(x, y+2, tw, rh-4, 8, PaperAlt, PaperAlt, 0)
		}
		mid := y + rh/2
		// Place: a coloured pill for the podium.
		cx, _, cw, _ := t.Cell(r, 0)
		place := strconv.Itoa(row.Rank)
		if row.Rank >= 1 && row.Rank <= len(rankColors) {
			c.Pill(place, cx+cw/2, mid, 0.5, Bold, 20, Light, rankColors[row.Rank-1])
		} else {
			c.Text(place, cx+cw/2, mid, 0.5, Bold, 20, Ink)
		}
		cells := []string{"", row.Name, strconv.FormatFloat(row.Rating, 'f', max(b.Decimals, 0), 64), strconv.Itoa(row.Games), strconv.Itoa(row.Wins), winRate(row.Wins, row.Games)}
		for i := 1; i < len(cells); i++ {
			x, _, cw, _ := t.Cell(r, i)
			f := Regular
			if i == 1 || i == 2 {
				f = Bold
			}
			c.FitText(cells[i], t.Anchor(i, x, cw, 12), mid, cols[i].Align, cw-24, f, 22, 18, Ink)
		}
	}
	return c.Image(), nil
}

// winRate is wins over games as a whole percentage, or a dash.
func winRate(wins, games int) string {
	if games <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(wins)/float64(games))
}

// header draws the dark title band across the top of a chart picture.
func (c *Canvas) header(title, subtitle string, w float64) {
	c.FillRect(0, 0, w, chartHeadH, Frame)
	c.FitText(title, chartMargin, 34, 0, w-2*chartMargin, Bold, 32, 18, Light)
	if subtitle != "" {
		c.FitText(subtitle, chartMargin, 72, 0, w-2*chartMargin, Regular, 20, 18, LightSoft)
	}
}

// gridLine is the chart's grid on paper: visible but quieter than ink.
var gridLine = RGB(0xE4, 0xD5, 0xBA)

// seriesColors are the lines of a chart in order; they stay dark enough
// for the paper sheet.
var seriesColors = []color.RGBA{Warp, Weft, Good, Bad}

// RenderLineChart draws the series against the point number (1, 2, ...),
// on a y axis with round ticks that spans every value. With no values it
// says so.
func RenderLineChart(ch LineChart) (image.Image, error) {
	const w, h = float64(chartW), float64(chartH)
	c, err := NewCanvas(chartW, chartH, Felt)
	if err != nil {
		return nil, err
	}
	c.header(ch.Title, ch.Subtitle, w)
	sheetY := chartHeadH + chartMargin
	c.Box(chartMargin, sheetY, w-2*chartMargin, h-sheetY-chartMargin, 14, Paper, Ink, 3)
	lo, hi, n := math.Inf(1), math.Inf(-1), 0
	for _, s := range ch.Series {
		for _, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("imaging: chart value %v", v)
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		n = max(n, len(s.Values))
	}
	if n == 0 {
		c.Text("No rated games yet.", w/2, sheetY+(h-sheetY-chartMargin)/2, 0.5, Regular, 24, InkSoft)
		return c.Image(), nil
	}
	ticks := NiceTicks(lo, hi, 6)
	y0, y1 := ticks[0], ticks[len(ticks)-1]
	// Plot box inside the sheet, leaving room for tick labels and legend.
	px0, px1 := chartMargin+chartPad+78, w-chartMargin-chartPad-12
	py0, py1 := sheetY+chartPad+44, h-chartMargin-chartPad-44
	xAt := func(i int) float64 {
		if n == 1 {
			return (px0 + px1) / 2
		}
		return px0 + float64(i)*(px1-px0)/float64(n-1)
	}
	yAt := func(v float64) float64 { return py1 - (v-y0)/(y1-y0)*(py1-py0) }
	for _, tk := range ticks {
		y := Round(yAt(tk)) + 0.5
		c.Rule(px0, px1, y, gridLine, 2)
		c.Text(tickLabel(tk, ticks), px0-12, y, 1, Regular, 18, InkSoft)
	}
	c.Rule(px0, px1, Round(py1)+0.5, InkSoft, 2)
	for _, i := range XTicks(n, 8) {
		x := xAt(i)
		c.Text(strconv.Itoa(i+1), x, py1+20, 0.5, Regular, 18, InkSoft)
	}
	if ch.XLabel != "" {
		c.Text(ch.XLabel, (px0+px1)/2, py1+42, 0.5, Regular, 18, InkSoft)
	}
	// Legend above the plot, right-aligned.
	lx := px1
	for i := len(ch.Series) - 1; i >= 0; i-- {
		s := ch.Series[i]
		col := seriesColors[i%len(seriesColors)]
		tw := c.Text(s.Label, lx, sheetY+chartPad+14, 1, Bold, 18, Ink)
		lx -= tw + 10
		c.SetColor(col)
		c.SetLineWidth(lineWidth(s))
		if s.Thin {
			c.SetDash(8, 6)
		}
		c.DrawLine(lx-34, sheetY+chartPad+14, lx, sheetY+chartPad+14)
		c.Stroke()
		c.SetDash()
		lx -= 34 + 26
	}
	for i, s := range ch.Series {
		col := seriesColors[i%len(seriesColors)]
		c.SetColor(col)
		c.SetLineWidth(lineWidth(s))
		c.SetLineCapRound()
		c.SetLineJoinRound()
		if s.Thin {
			c.SetDash(8, 6)
		}
		for j, v := range s.Values {
			if j == 0 {
				c.MoveTo(xAt(j), yAt(v))
			} else {
				c.LineTo(xAt(j), yAt(v))
			}
		}
		c.Stroke()
		c.SetDash()
		if s.Thin {
			continue
		}
		// Past 60 points the dots would merge into a band: only the last
		// one is marked.
		dots := len(s.Values) <= 60
		for j, v := range s.Values {
			if dots || j == len(s.Values)-1 {
				c.DrawCircle(xAt(j), yAt(v), 5)
				c.SetColor(col)
				c.FillPreserve()
				c.SetColor(Paper)
				c.SetLineWidth(2)
				c.Stroke()
			}
		}
	}
	return c.Image(), nil
}

func lineWidth(s Series) float64 {
	if s.Thin {
		return 2.5
	}
	return 4
}

// NiceTicks returns at most about want+1 round tick values (steps of 1, 2
// or 5 times a power of ten) from at or below lo to at or above hi. A
// degenerate range is widened around its value so the axis never collapses.
func NiceTicks(lo, hi float64, want int) []float64 {
	if want < 1 {
		want = 1
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi-lo < 1e-9 {
		pad := math.Max(math.Abs(lo)*0.05, 1)
		lo, hi = lo-pad, hi+pad
	}
	raw := (hi - lo) / float64(want)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag * 10
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	start := math.Floor(lo/step) * step
	var out []float64
	for i := 0; ; i++ {
		// From the index, so rounding errors do not accumulate.
		v := start + step*float64(i)
		out = append(out, cleanZero(v))
		if v >= hi-step*1e-9 {
			break
		}
	}
	return out
}

func cleanZero(v float64) float64 {
	if math.Abs(v) < 1e-12 {
		return 0
	}
	return v
}

// tickLabel prints a tick with as many decimals as the step needs.
func tickLabel(v float64, ticks []float64) string {
	step := 1.0
	if len(ticks) > 1 {
		step = ticks[1] - ticks[0]
	}
	dec := 0
	for s := step; s < 0.999 && dec < 6; s *= 10 {
		dec++
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// XTicks returns the point indexes (0-based) to label on an axis of n
// points: every point when n ≤ limit, else at most limit evenly spread
// ones, always including the first and the last.
func XTicks(n, limit int) []int {
	if n <= 0 {
		return nil
	}
	limit = max(limit, 2)
	if n <= limit {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	step := int(math.Ceil(float64(n-1) / float64(limit-1)))
	var out []int
	for i := 0; i < n-1; i += step {
		if i > 0 && 2*(n-1-i) <= step {
			break
		}
		out = append(out, i)
	}
	return append(out, n-1)
}
