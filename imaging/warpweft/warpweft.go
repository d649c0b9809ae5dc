package warpweft

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/warpweft"
	"spindle/imaging"
)

// Layout limits of the Warp and Weft pictures, in pixels.
const (
	wwMaxW      = 1600 // widest picture
	wwMaxH      = 1200 // tallest table picture
	wwPanelMaxH = 1400 // tallest panel picture
	wwMinW      = 960  // narrowest picture, so the header fits
	wwTableW    = 960  // width of every table picture, whatever the tableau
	wwMargin    = 24   // outer margin
	wwMaxCardW  = 170  // largest card on the table
	wwGap       = 0.14 // gap between table cards, × card width
	wwMaxExtent = 64   // widest or tallest grid drawn, in cells
	wwTurns     = 24   // placements in a game
	wwHandRow   = 6    // hand cards per row in the panel
)

// ---- shared pieces ----

// minText is the smallest text size, in whole pixels of this canvas, that
// reads on a desktop and on a phone.
func minText(c *imaging.Canvas) float64 {
	return math.Ceil(math.Max(c.Legible(), c.PhoneLegible()))
}

// roles returns the Warp and Weft seats, or (Chance, Chance) before the
// role coin is tossed.
func roles(v warpweft.View) (warp, weft games.Seat) {
	if v.WarpSeat != 0 && v.WarpSeat != 1 {
		return games.Chance, games.Chance
	}
	return v.WarpSeat, 1 - v.WarpSeat
}

// cardSpecs resolves every card code in the view once.
func cardSpecs(v warpweft.View) (map[string]imaging.CardSpec, error) {
	m := make(map[string]imaging.CardSpec)
	add := func(code string) error {
		if _, ok := m[code]; ok {
			return nil
		}
		s, err := imaging.DecktetCard(code)
		if err != nil {
			return err
		}
		m[code] = s
		return nil
	}
	for _, p := range v.Grid {
		if err := add(p.Card); err != nil {
			return nil, err
		}
	}
	for _, code := range v.Hand {
		if err := add(code); err != nil {
			return nil, err
		}
	}
	for _, ls := range append(append([]warpweft.LineScore(nil), v.Score.Columns...), v.Score.Rows...) {
		for _, code := range ls.Cards {
			if err := add(code); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// gridExtent is the bounding box of the placed cards and, when withOpen,
// of the open cells too.
func gridExtent(v warpweft.View, withOpen bool) (imaging.Extent, error) {
	var e imaging.Extent
	for _, p := range v.Grid {
		e = e.Add(p.Cell.X, p.Cell.Y)
	}
	if withOpen {
		for _, c := range v.Open {
			e = e.Add(c.X, c.Y)
		}
	}
	if e.Cols() > wwMaxExtent || e.Rows() > wwMaxExtent {
		return e, fmt.Errorf("imaging: grid of %d×%d cells is too large to draw", e.Cols(), e.Rows())
	}
	return e, nil
}

// tableau is the laid-out table: the card grid inside bands that carry the
// coordinates (top: x, left: y) and the provisional line scores (bottom:
// Warp's columns, right: Weft's rows).
type tableau struct {
	grid imaging.Grid
	band float64 // thickness of each edge band
	font float64 // size of band text
	x, y float64 // outer top-left corner
	w, h float64 // outer size
}

// tableauFit lays out ext so the whole tableau fits maxW×maxH: the edge
// bands scale a little with the cards, so the card width is fitted and then
// shrunk until bands, padding and cards fit together.
func tableauFit(ext imaging.Extent, maxW, maxH float64) tableau {
	if ext.Empty() {
		return tableau{w: 600, h: 200}
	}
	cw := imaging.FitCard(ext.Cols(), ext.Rows(), maxW, maxH, imaging.CardAspect, wwGap, wwMaxCardW)
	for {
		t := tableauWith(ext, cw)
		if (t.w <= maxW && t.h <= maxH) || cw <= 8 {
			return t
		}
		cw--
	}
}

// tableauWith lays out ext with cards cw pixels wide.
func tableauWith(ext imaging.Extent, cw float64) tableau {
	band := math.Round(math.Max(40, math.Min(48, cw*0.32)))
	g := imaging.NewGrid(ext, 0, 0, cw, imaging.CardAspect, wwGap)
	t := tableau{grid: g, band: band, font: math.Max(20, math.Round(band*0.5))}
	t.w = g.Width() + 2*band + 2*g.Gap
	t.h = g.Height() + 2*band + 2*g.Gap
	return t
}

// at positions the tableau's outer corner at (x, y).
func (t tableau) at(x, y float64) tableau {
	t.x, t.y = x, y
	t.grid.X = x + t.band + t.grid.Gap
	t.grid.Y = y + t.band + t.grid.Gap
	return t
}

// drawTableau draws the bands, the cards, the open cells when marked and
// the highlight on the last card.
func drawTableau(c *imaging.Canvas, t tableau, v warpweft.View, specs map[string]imaging.CardSpec, open []warpweft.Cell) {
	g := t.grid
	if g.Ext.Empty() {
		c.Box(t.x, t.y, t.w, t.h, 16, imaging.FeltLine, imaging.Frame, 3)
		c.Text("No cards on the table yet.", t.x+t.w/2, t.y+t.h/2, 0.5, imaging.Bold, 28, imaging.Light)
		return
	}
	r := 12.0
	// Frame with bands, then the felt inside.
	c.Box(t.x, t.y, t.w, t.h, r, imaging.Frame, imaging.Frame, 0)
	c.Box(t.x+t.band, t.y+t.band, t.w-2*t.band, t.h-2*t.band, 6, imaging.Felt, imaging.Ink, 2)

	// Band tints: Warp's colour on the column bands, Weft's on the row
	// bands, so the picture says who scores what.
	colScore := map[int]int{}
	rowScore := map[int]int{}
	for _, ls := range v.Score.Columns {
		colScore[ls.Index] = ls.Score
	}
	for _, ls := range v.Score.Rows {
		rowScore[ls.Index] = ls.Score
	}
	hasCard := map[[2]int]bool{}
	colUsed, rowUsed := map[int]bool{}, map[int]bool{}
	for _, p := range v.Grid {
		hasCard[[2]int{p.Cell.X, p.Cell.Y}] = true
		colUsed[p.Cell.X] = true
		rowUsed[p.Cell.Y] = true
	}

	fs := t.font
	for x := g.Ext.MinX; x <= g.Ext.MaxX; x++ {
		cx, _ := g.Center(x, g.Ext.MinY)
		c.Text(imaging.Signed(x), cx, t.y+t.band/2, 0.5, imaging.Bold, fs, imaging.Light)
		if s, ok := colScore[x]; ok && colUsed[x] {
			c.Pill(imaging.Signed(s), cx, t.y+t.h-t.band/2, 0.5, imaging.Bold, fs, imaging.Light, imaging.Warp)
		}
	}
	for y := g.Ext.MinY; y <= g.Ext.MaxY; y++ {
		_, cy := g.Center(g.Ext.MinX, y)
		c.Text(imaging.Signed(y), t.x+t.band/2, cy, 0.5, imaging.Bold, fs, imaging.Light)
		if s, ok := rowScore[y]; ok && rowUsed[y] {
			c.Pill(imaging.Signed(s), t.x+t.w-t.band/2, cy, 0.5, imaging.Bold, fs, imaging.Light, imaging.Weft)
		}
	}
	// Corner legends.
	c.Text("y\\x", t.x+t.band/2, t.y+t.band/2, 0.5, imaging.Regular, fs, imaging.LightSoft)

	// Empty cells inside the box get a faint slot so gaps in lines show.
	for y := g.Ext.MinY; y <= g.Ext.MaxY; y++ {
		for x := g.Ext.MinX; x <= g.Ext.MaxX; x++ {
			if hasCard[[2]int{x, y}] {
				continue
			}
			px, py := g.Cell(x, y)
			c.Box(px, py, g.CardW, g.CardH, imaging.CardRadius(g.CardW), imaging.FeltLine, imaging.FeltLine, 0)
		}
	}
	for _, oc := range open {
		px, py := g.Cell(oc.X, oc.Y)
		lw := math.Max(2, g.CardW*0.03)
		c.DashedOutline(px+lw/2, py+lw/2, g.CardW-lw, g.CardH-lw, imaging.CardRadius(g.CardW), imaging.OpenMark, lw, math.Max(5, g.CardW*0.08))
		label := imaging.Signed(oc.X) + ", " + imaging.Signed(oc.Y)
		c.FitText(label, px+g.CardW/2, py+g.CardH/2, 0.5, g.CardW*0.86, imaging.Bold, math.Max(minText(c)+2, g.CardW*0.22), minText(c), imaging.Light)
	}
	for _, p := range v.Grid {
		px, py := g.Cell(p.Cell.X, p.Cell.Y)
		c.CardFace(specs[p.Card], px, py, g.CardW, g.CardH)
	}
	if last, ok := v.Last(); ok {
		px, py := g.Cell(last.Cell.X, last.Cell.Y)
		c.CardHighlight(px, py, g.CardW, g.CardH, imaging.Highlight)
	}
}

// wwHeadH is the height of the header band.
const wwHeadH = 214.0

// wwHeader draws the header band: title on the left and status on the
// right, one line per player beneath, and a note line.
func wwHeader(c *imaging.Canvas, v warpweft.View, opt imaging.Options, title string, w float64, note string) {
	c.DrawRectangle(0, 0, w, wwHeadH)
	c.SetColor(imaging.Frame)
	c.Fill()
	m := float64(wwMargin)
	y := m + 18
	status := ""
	switch {
	case v.Over:
		status = "Game over"
	case v.ToAct == games.Chance:
		status = "Dealing"
	default:
		status = fmt.Sprintf("Turn %d of %d", min(v.Turn+1, wwTurns), wwTurns)
	}
	sw := c.Pill(status, w-m, y, 1, imaging.Bold, 26, imaging.Ink, imaging.Highlight)
	c.FitText(title, m, y, 0, w-2*m-sw-20, imaging.Bold, 38, 22, imaging.Light)

	y += 56
	warp, weft := roles(v)
	if warp == games.Chance {
		c.Text("Roles are not drawn yet.", m, y, 0, imaging.Regular, 28, imaging.Light)
	} else {
		// The role pills share one width so the names line up.
		pw := math.Max(c.PillWidth("Warp · columns", imaging.Bold, 24), c.PillWidth("Weft · rows", imaging.Bold, 24))
		playerLine(c, v, opt, warp, "Warp · columns", imaging.Warp, v.Score.Warp, m, y, pw, w-2*m)
		playerLine(c, v, opt, weft, "Weft · rows", imaging.Weft, v.Score.Weft, m, y+48, pw, w-2*m)
	}
	if note != "" {
		c.FitText(note, m, y+100, 0, w-2*m, imaging.Regular, 26, minText(c), imaging.LightSoft)
	}
}

// playerLine draws one player's line in the header: role, name, score,
// hand size and a marker when it is their turn.
func playerLine(c *imaging.Canvas, v warpweft.View, opt imaging.Options, seat games.Seat, role string, accent color.RGBA, score int, x, y, pillW, w float64) {
	right := x + w
	c.Box(x, y-19, pillW, 38, 19, accent, accent, 0)
	c.Text(role, x+pillW/2, y, 0.5, imaging.Bold, 24, imaging.Light)
	x += pillW + 16
	// The name gets what the score, hand and turn marker leave.
	nameW := math.Max(80, right-x-360)
	name := opt.Name(seat)
	sz := c.FitText(name, x, y, 0, nameW, imaging.Bold, 30, minText(c), imaging.Light)
	x += math.Min(nameW, c.Measure(name, imaging.Bold, sz)) + 20
	x += c.Text(imaging.Signed(score), x, y, 0, imaging.Bold, 32, imaging.Highlight) + 6
	x += c.Text("pts", x, y+3, 0, imaging.Regular, 22, imaging.LightSoft) + 22
	if int(seat) >= 0 && int(seat) < len(v.HandSize) {
		c.CardBack(x, y-18, 28, 36)
		x += 36
		x += c.Text("×"+strconv.Itoa(v.HandSize[seat]), x, y, 0, imaging.Bold, 26, imaging.Light) + 20
	}
	if !v.Over && v.ToAct == seat {
		c.Pill("to play", x, y, 0, imaging.Bold, 22, imaging.Ink, imaging.Highlight)
	}
}

// lastNote describes the last placement for the header.
func lastNote(v warpweft.View, specs map[string]imaging.CardSpec) string {
	s := fmt.Sprintf("%d undealt", v.Undealt)
	if last, ok := v.Last(); ok {
		s = fmt.Sprintf("Last card: %s at (%s, %s)   ·   %s", specs[last.Card].Title, imaging.Signed(last.Cell.X), imaging.Signed(last.Cell.Y), s)
	} else if len(v.Grid) == 1 {
		s = fmt.Sprintf("Start card: %s at (0, 0)   ·   %s", specs[v.Grid[0].Card].Title, s)
	}
	return s
}

// ---- table ----

// Table draws the public table: a header with roles, turn, hand
// sizes and provisional scores, and the tableau fitted to the picture with
// coordinates on the edges and the last card highlighted.
func Table(v warpweft.View, opt imaging.Options) (image.Image, error) {
	specs, err := cardSpecs(v)
	if err != nil {
		return nil, err
	}
	ext, err := gridExtent(v, false)
	if err != nil {
		return nil, err
	}
	const headH = wwHeadH
	// The width is fixed, so the picture keeps its size from move to move
	// and Discord shows it at one scale: the cards shrink to fit instead.
	const w = wwTableW
	t := tableauFit(ext, w-2*wwMargin, wwMaxH-headH-2*wwMargin)
	h := headH + t.h + 2*wwMargin
	c, err := imaging.NewCanvas(int(w), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	wwHeader(c, v, opt, "Warp and Weft", w, lastNote(v, specs))
	t = t.at(imaging.Round((w-t.w)/2), headH+wwMargin)
	drawTableau(c, t, v, specs, nil)
	return c.Image(), nil
}

// ---- panel ----

// Panel draws a seat's private panel: its hand and the tableau with
// the cells where a card may go marked with their coordinates.
func Panel(v warpweft.View, opt imaging.Options) (image.Image, error) {
	specs, err := cardSpecs(v)
	if err != nil {
		return nil, err
	}
	ext, err := gridExtent(v, true)
	if err != nil {
		return nil, err
	}
	const headH = wwHeadH
	// Hand: rows of up to wwHandRow cards.
	n := len(v.Hand)
	perRow := min(max(n, 1), wwHandRow)
	rows := (n + wwHandRow - 1) / wwHandRow
	handW := 140.0 // titles 20 px: 7 px on a phone
	handGap := 12.0
	handH := 0.0
	if rows > 0 {
		handH = float64(rows)*math.Round(handW*imaging.CardAspect) + float64(rows-1)*handGap
	}
	secH := 44.0 // section title height
	handBlock := secH + math.Max(handH, 60) + 20

	// One width, as for the table: the tableau shrinks to fit.
	w := math.Max(wwTableW, float64(perRow)*(handW+handGap)+2*wwMargin)
	t := tableauFit(ext, w-2*wwMargin, wwPanelMaxH-headH-handBlock-secH-2*wwMargin)
	h := headH + handBlock + secH + t.h + 2*wwMargin
	c, err := imaging.NewCanvas(int(w), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	warp, _ := roles(v)
	title := "Warp and Weft: your hand"
	if v.Viewer >= 0 {
		title = "Warp and Weft: " + opt.Name(v.Viewer) + "'s hand"
	}
	note := lastNote(v, specs)
	if !v.Over && v.ToAct == v.Viewer && v.Viewer >= 0 {
		note = "Your turn: pick a card and a dashed cell.   " + note
	}
	wwHeader(c, v, opt, title, w, note)

	y := headH + wwMargin
	m := float64(wwMargin)
	role := ""
	switch {
	case warp == games.Chance || v.Viewer < 0:
	case v.Viewer == warp:
		role = " (you are Warp and score the columns)"
	default:
		role = " (you are Weft and score the rows)"
	}
	head := fmt.Sprintf("Hand: %d cards%s", n, role)
	if n == 1 {
		head = "Hand: 1 card" + role
	}
	if sp, ok := specs[opt.Focus]; ok && opt.Focus != "" && slices.Contains(v.Hand, opt.Focus) {
		head = fmt.Sprintf("Placing %s (outlined): choose where", sp.Title)
	}
	c.Text(head, m, y+secH/2-4, 0, imaging.Bold, 26, imaging.Ink)
	y += secH
	if n == 0 {
		c.Text("No cards in hand.", m, y+30, 0, imaging.Regular, 24, imaging.Ink)
	}
	for i, code := range v.Hand {
		row, col := i/wwHandRow, i%wwHandRow
		inRow := min(wwHandRow, n-row*wwHandRow)
		rowW := float64(inRow)*handW + float64(inRow-1)*handGap
		x := imaging.Round((w-rowW)/2) + float64(col)*(handW+handGap)
		cy := y + float64(row)*(math.Round(handW*imaging.CardAspect)+handGap)
		c.CardFace(specs[code], x, cy, handW, math.Round(handW*imaging.CardAspect))
		if code == opt.Focus {
			// The card the player is placing, chosen in the first menu.
			c.Outline(x-6, cy-6, handW+12, math.Round(handW*imaging.CardAspect)+12, 10, imaging.Highlight, 6)
		}
	}
	y += math.Max(handH, 60) + 20
	c.Text(fmt.Sprintf("Table: %d places to play, dashed", len(v.Open)), m, y+secH/2-4, 0, imaging.Bold, 26, imaging.Ink)
	y += secH
	t = t.at(imaging.Round((w-t.w)/2), y)
	drawTableau(c, t, v, specs, v.Open)
	return c.Image(), nil
}

// ---- scoring ----

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
	c.DrawRectangle(0, 0, w, headH)
	c.SetColor(imaging.Frame)
	c.Fill()
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
			c.DrawRectangle(rx, ry, tw, rh)
			c.SetColor(imaging.PaperAlt)
			c.Fill()
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

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[warpweft.View]{Table: Table, Panel: Panel, Scoring: Scoring}
