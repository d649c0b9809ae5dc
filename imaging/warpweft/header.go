package warpweft

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"spindle/games"
	"spindle/games/warpweft"
	"spindle/imaging"
)

// wwHeadH is the height of the header band.
const wwHeadH = 214.0

// wwHeader draws the header band: title on the left and status on the
// right, one line per player beneath, and a note line.
func wwHeader(c *imaging.Canvas, v warpweft.View, opt imaging.Options, title string, w float64, note string) {
	c.FillRect(0, 0, w, wwHeadH, imaging.Frame)
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
