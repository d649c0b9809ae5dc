package archravels

import (
	"image"
	"math"
	"slices"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
)

// Table draws the public table: a header with whose turn it is
// and what is being resolved, the Yarn Bazaar as its six positions, the
// Yarn Deck and discard pile, the Project List with the Project Deck, and
// one board per player with character, action spaces and marker, patterns,
// yarn bowl, items, requests, projects and running score.
func Table(v archravels.View, opt imaging.Options) (image.Image, error) {
	if err := arCheck(v); err != nil {
		return nil, err
	}
	h := arHeadH + arTopCH + float64(len(v.Players))*arRowH + arMargin
	c, err := imaging.NewCanvas(int(arTableW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	arHeader(c, v, opt, "ArchRavels", arPhaseText(v, opt))
	arTopCompact(c, v, opt)
	y := arHeadH + arTopCH
	for i := range v.Players {
		arRow(c, v, opt, i, arMargin, y, arTableW-2*arMargin, arRowH-10)
		y += arRowH
	}
	return c.Image(), nil
}

// arTopCompact draws the table's band under the header: the Bazaar in one
// row with the Yarn Deck and discard pile at the right, and the Project
// List beneath the Bazaar.
func arTopCompact(c *imaging.Canvas, v archravels.View, opt imaging.Options) {
	w := float64(c.Width())
	m := arMargin
	y := arHeadH + m
	pileX := w - m - arPileW
	avail := pileX - 24 - m
	c.Text("Yarn Bazaar", m, y, 0, imaging.Bold, 26, imaging.Ink)
	cw := math.Floor((avail - 5*arCardGap) / 6)
	for pos := 1; pos <= 6; pos++ {
		bazaarCard(c, v, pos, m+float64(pos-1)*(cw+arCardGap), y+22, cw, arTCardH)
	}
	arPiles(c, v, pileX, y)
	projectList(c, v, opt, m, y+22+arTCardH+36, avail, arProjH)
}

// arRow draws one player's compact board across the table: name block,
// action spaces with the marker, yarn bowl and items, and a line of
// finished projects and requests. The patterns are on the panel.
func arRow(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	s := games.Seat(seat)
	active := !arSetup(v.Phase) && v.Phase != archravels.PhOver && v.Active == s
	deciding := slices.Contains(v.ToAct, s) && v.Phase != archravels.PhOver
	fill := imaging.PaperAlt
	if active {
		fill = arActive
	}
	c.Box(x, y, w, h, 12, fill, imaging.Ink, 2)
	switch {
	case deciding:
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Highlight, 5)
	case v.Phase == archravels.PhOver && seat < len(v.Ranks) && v.Ranks[seat] == 1 && !p.Out:
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Good, 5)
	}
	const infoW = 236.0
	boardInfo(c, v, opt, seat, x+14, y, infoW-24, active, deciding)
	sx := x + infoW
	boardSpaces(c, v, seat, sx, y+10, arRowSpW, 66, 6, arSmall)
	bx := sx + 2*arRowSpW + 6 + 20
	bowlAndItems(c, p, bx, y+10, x+w-14-bx)
	cx := boardScore(c, v, p, x+14, y+h-24)
	boardChips(c, v, p, cx+18, y+h-24, x+w-14-cx-18)
	if p.Out {
		c.Box(x, y, w, h, 12, imaging.WithAlpha(imaging.Felt, 0x90), nil, 0)
		c.Pill("conceded", x+w/2, y+h/2, 0.5, imaging.Bold, 26, imaging.Light, imaging.Frame)
	}
}
