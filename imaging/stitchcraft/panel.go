package stitchcraft

import (
	"fmt"
	"image"
	"math"
	"slices"

	"spindle/games"
	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// stPrompt is the panel's line about the viewer's own decision.
func stPrompt(v stitchcraft.View) string {
	me := int(v.Viewer)
	switch {
	case v.Over || v.Setup || !slices.Contains(v.ToAct, me):
		return "Nothing to decide right now."
	case v.Window == me:
		return "Your reaction window: React with a face-down Purple, or Pass."
	case v.Pending != nil:
		return "Your choice for " + v.Pending.Power + "."
	}
	return fmt.Sprintf("Your turn: %d action%s left. Play a card face down or reveal one.", v.Actions, map[bool]string{true: "", false: "s"}[v.Actions == 1])
}

// Panel draws a seat's private panel: its hand and Display with
// faces and powers (and its partner's in Consortium), its latest peek and
// the cards a pending power of its is looking at, with the prompt of its
// current decision.
func Panel(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	me, ok := v.Me()
	if !ok {
		return nil, fmt.Errorf("imaging: a stitchcraft panel needs a seat's view, not %s", v.Viewer)
	}
	// Cards large enough for a legible power name, as many to a row as fit.
	cw, ch := 140.0, 172.0
	perRow := int((stW - 2*stMargin + 12) / (cw + 12))
	rows := func(n int) float64 { return math.Max(1, math.Ceil(float64(n)/float64(perRow))) }
	secH := 40.0
	handH := secH + rows(len(me.Hand))*(ch+12) + 10
	dispH := secH + rows(len(me.Display))*(ch+12) + 10
	var partners []stitchcraft.PlayerView
	for _, p := range v.Players {
		if p.Seat != me.Seat && p.Hand != nil {
			partners = append(partners, p)
			dispH += 2*secH + rows(len(p.Hand))*(ch+12) + rows(len(p.Display))*(ch+12) + 20
		}
	}
	peekH := 0.0
	if me.Look != nil {
		peekH = secH + ch + 22
	}
	pendH := 0.0
	if v.Pending != nil && len(v.Pending.Looked) > 0 {
		pendH = secH + ch + 22
	}
	h := stHeadH + stMargin + 56 + handH + dispH + peekH + pendH + stMargin
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	// The name first, so a long title loses the mode, never the name.
	stHeader(c, v, stW, opt.Name(v.Viewer)+"'s hand · "+stTitle(v), stStatus(v, opt))
	y := stHeadH + stMargin
	c.FitText(stPrompt(v), stMargin, y+18, 0, stW-2*stMargin, imaging.Bold, 26, stSmall, imaging.Light)
	y += 56
	row := func(title string, cols []stitchcraft.Colour, labels []string) {
		c.Text(title, stMargin, y+14, 0, imaging.Bold, 22, imaging.Light)
		y += secH
		if len(cols) == 0 {
			c.Text("empty", stMargin, y+20, 0, imaging.Regular, 22, imaging.LightSoft)
		}
		for i, col := range cols {
			x := stMargin + float64(i%perRow)*(cw+12)
			yy := y + float64(i/perRow)*(ch+12)
			l := ""
			if labels != nil {
				l = labels[i]
			}
			if col == stitchcraft.NoColour {
				stBack(c, x, yy, cw, ch, l)
				continue
			}
			stTapestry(c, col, v.Pattern, x, yy, cw, ch, l)
		}
		y += rows(len(cols))*(ch+12) + 10
	}
	row(fmt.Sprintf("Your hand (%d)", len(me.Hand)), me.Hand, nil)
	var dc []stitchcraft.Colour
	var dl []string
	for _, f := range me.Display {
		dc = append(dc, f.Colour)
		dl = append(dl, fmt.Sprintf("D%d", f.Label))
	}
	row(fmt.Sprintf("Your Display, face down to the others (%d)", len(me.Display)), dc, dl)
	for _, p := range partners {
		row(fmt.Sprintf("Your partner %s's hand (%d)", opt.Name(games.Seat(p.Seat)), len(p.Hand)), p.Hand, nil)
		dc, dl = nil, nil
		for _, f := range p.Display {
			dc = append(dc, f.Colour)
			dl = append(dl, fmt.Sprintf("D%d", f.Label))
		}
		row(fmt.Sprintf("Your partner %s's Display (%d)", opt.Name(games.Seat(p.Seat)), len(p.Display)), dc, dl)
	}
	if me.Look != nil {
		whose := opt.Name(games.Seat(me.Look.Of)) + "'s"
		if me.Look.Of == int(v.Viewer) {
			whose = "your own"
		}
		c.Text(fmt.Sprintf("Your last peek (%s): %s Chest, top first", me.Look.Power, whose), stMargin, y+14, 0, imaging.Bold, 22, imaging.Light)
		y += secH
		for i, col := range me.Look.Cards {
			stTapestry(c, col, v.Pattern, stMargin+float64(i)*(cw+12), y, cw, ch, "")
		}
		y += ch + 22
	}
	if v.Pending != nil && len(v.Pending.Looked) > 0 {
		c.Text(fmt.Sprintf("Cards %s is looking at now (%s), top first", opt.Name(games.Seat(v.Pending.Ctrl)), v.Pending.Power), stMargin, y+14, 0, imaging.Bold, 22, imaging.Highlight)
		y += secH
		for i, col := range v.Pending.Looked {
			stTapestry(c, col, v.Pattern, stMargin+float64(i)*(cw+12), y, cw, ch, "")
		}
	}
	return c.Image(), nil
}
