package stitchcraft

import (
	"fmt"
	"image"

	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// stReferenceText is the reference's header status line and, once the game
// is over, its result banner. The result is said once, in the banner: the
// header then names the mode instead.
func stReferenceText(v stitchcraft.View, opt imaging.Options) (status, banner string) {
	if !v.Over {
		return stStatus(v, opt), ""
	}
	return "Stitchcraft · " + stModeTitle[v.Mode] + " · final result", stStatus(v, opt)
}

// Reference draws the Pattern reference: the eight colours with
// their slot, power name and what the power does, and, once the game is
// over, the result. It is the Scoring picture of a Stitchcraft view.
func Reference(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	rowH := 96.0
	resultH := 0.0
	if v.Over {
		resultH = 70
	}
	h := stHeadH + stMargin + resultH + 8*rowH + 60 + stMargin
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	status, banner := stReferenceText(v, opt)
	stHeader(c, v, stW, "Pattern reference · "+stPatternTitle[v.Pattern], status)
	y := stHeadH + stMargin
	if v.Over {
		c.Box(stMargin, y, stW-2*stMargin, resultH-14, 12, imaging.Frame, imaging.Frame, 0)
		c.FitText(banner, stW/2, y+(resultH-14)/2, 0.5, stW-4*stMargin, imaging.Bold, 28, stSmall, imaging.Highlight)
		y += resultH
	}
	most, kinds := stTargets(v)
	c.FitText(fmt.Sprintf("Win with %d Tapestries of one colour or %d different colours in a Showcase. Purple is always the reaction.", most, kinds),
		stMargin, y+16, 0, stW-2*stMargin, imaging.Bold, 21, stSmall, imaging.Light)
	y += 44
	for i, col := range stitchcraft.Colours {
		pw := v.Powers[col]
		bg := imaging.Paper
		if i%2 == 1 {
			bg = imaging.PaperAlt
		}
		c.Box(stMargin, y, stW-2*stMargin, rowH-8, 10, bg, imaging.Ink, 1.5)
		stTapestry(c, col, v.Pattern, stMargin+10, y+6, 64, rowH-20, "")
		c.Text(col.Slot(), stMargin+94, y+26, 0, imaging.Bold, stSmall, imaging.InkSoft)
		c.Text(col.String(), stMargin+140, y+26, 0, imaging.Bold, 22, imaging.Ink)
		name := pw.Name
		if pw.Reaction {
			name += " (reaction)"
		}
		c.Text(name, stMargin+94, y+60, 0, imaging.Bold, 24, imaging.Ink)
		c.TextBlock(pw.Text, stMargin+390, y+4, stW-2*stMargin-400, rowH-16, 0, imaging.Regular, 22, stSmall, 3, imaging.Ink)
		y += rowH
	}
	return c.Image(), nil
}
