package threadcount

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"spindle/games/threadcount"
	"spindle/imaging"
)

// Panel draws a seat's private panel: its Favourite Colour, its
// silk and dye, what it can buy right now (every colour card with its
// recipe, affordable ones bright, and the market slots) and its outfit.
func Panel(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	if v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return nil, fmt.Errorf("imaging: a threadcount panel needs a seat's view, not %s", v.Viewer)
	}
	// As wide as the table, with the colour cards four to a row.
	const (
		W      = rtTableW
		perRow = 4
		chH    = 110.0
	)
	rows := math.Ceil(float64(len(threadcount.ColourCards)) / perRow)
	colsH := 30 + rows*(chH+12) + 8
	h := rtHeadH + rtTopH + 84 + colsH + rtHeadsH + rtRowH + 2*rtMargin
	c, err := imaging.NewCanvas(int(W), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	note := rtPhaseText(v, opt)
	if !v.Over && v.ToAct == v.Viewer {
		note = rtYourTurn(v.Phase)
	}
	rtHeader(c, v, "Royal Threadcount: "+opt.Name(v.Viewer)+"'s panel", note, W)
	rtTop(c, v, opt, v.CanTake)
	m := rtMargin
	y := rtHeadH + rtTopH + m
	p := v.Players[v.Viewer]

	// Favourite colour and resources.
	frame(c, m, y, W-2*m, 70, 12, imaging.Paper, imaging.Ink, 2)
	x := m + 16
	x += c.Text("Your Favourite Colour:", x, y+35, 0, imaging.Bold, 24, imaging.Ink) + 12
	if v.Favourite != "" {
		frame(c, x, y+14, 150, 42, 8, rtDye[v.Favourite], imaging.Ink, 2)
		c.Text(threadcount.BasicName(v.Favourite), x+75, y+35, 0.5, imaging.Bold, 22, labelOn(v.Favourite))
		x += 150
	} else {
		x += c.Text("not dealt yet", x, y+35, 0, imaging.Regular, 22, imaging.InkSoft)
	}
	x += 40
	x += c.Text("You hold", x, y+35, 0, imaging.Bold, 24, imaging.Ink) + 12
	resources(c, p, x, y+35, 24, imaging.Ink)
	y += 84

	// Every colour card with its recipe; what can be bought now is bright.
	c.FitText("Colour cards and market slots in a green frame: you can buy them now", m, y+12, 0, W-2*m, imaging.Bold, 24, rtSmall, imaging.Ink)
	y += 30
	can := map[string]bool{}
	for _, code := range v.CanBuy {
		can[code] = true
	}
	cw := (W - 2*m - (perRow-1)*12) / perRow
	for i, cc := range threadcount.ColourCards {
		cx := m + float64(i%perRow)*(cw+12)
		cy := y + float64(i/perRow)*(chH+12)
		fill := imaging.Paper
		if !can[cc.Code] {
			fill = imaging.WithAlpha(imaging.Paper, 0x90)
		}
		frame(c, cx, cy, cw, chH, 10, fill, imaging.Ink, 2)
		colourChip(c, cc.Code, cx+8, cy+8, cw-16, 50, 22)
		// Recipe: dye cubes and silk.
		rx := cx + 10
		for d, n := range cc.Dye {
			for range n {
				dyeCube(c, threadcount.Dyes[d], rx, cy+70, 22)
				rx += 26
			}
		}
		rx += 8
		silkCube(c, rx, cy+70, 22)
		c.Text("×"+strconv.Itoa(cc.Silk), rx+26, cy+81, 0, imaging.Bold, 22, imaging.Ink)
		if can[cc.Code] {
			ring(c, cx-3, cy-3, cw+6, chH+6, 12, imaging.Good, 4)
		} else {
			frame(c, cx, cy, cw, chH, 10, imaging.WithAlpha(imaging.Felt, 0x70), nil, 0)
		}
	}
	y += rows*(chH+12) + 8

	// The viewer's outfit.
	garmentHeads(c, m, y+rtHeadsH/2-6, W-2*m)
	y += rtHeadsH
	playerRow(c, v, opt, int(v.Viewer), m, y, W-2*m)
	return c.Image(), nil
}
