package archravels

import (
	"math"
	"spindle/games/archravels"
	"spindle/imaging"
)

// arHeader draws the header band: a title, the status pill, what the
// table waits for and the turn's progress, with a payment's tokens.
func arHeader(c *imaging.Canvas, v archravels.View, opt imaging.Options, title, note string) {
	w := float64(c.Width())
	c.FillRect(0, 0, w, arHeadH, imaging.Frame)
	m := arMargin
	y := m + 20
	sw := c.Pill(arStatus(v), w-m, y, 1, imaging.Bold, 24, imaging.Ink, imaging.Highlight)
	c.FitText(title, m, y, 0, w-2*m-sw-20, imaging.Bold, 34, 22, imaging.Light)
	c.FitText(note, m, y+46, 0, w-2*m, imaging.Bold, 25, arSmall, imaging.Highlight)
	detail := arDetail(v, opt)
	var paid []archravels.Colour
	if v.Turn.Pay != nil {
		paid = v.Turn.Pay.Paid
	}
	tw := tokensWidth(len(paid), 11, 25)
	if tw > 0 {
		tw += 12
	}
	size := c.FitText(detail, m, y+84, 0, w-2*m-tw, imaging.Regular, 22, arSmall, imaging.LightSoft)
	x := m + math.Min(c.Measure(detail, imaging.Regular, size), w-2*m-tw) + 12 + 11
	for _, col := range paid {
		yarnToken(c, int(col), x, y+84, 11)
		x += 25
	}
}
