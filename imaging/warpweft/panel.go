package warpweft

import (
	"fmt"
	"image"
	"math"
	"slices"

	"spindle/games"
	"spindle/games/warpweft"
	"spindle/imaging"
)

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
