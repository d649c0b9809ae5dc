package archravels

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
)

// Table draws the public table: a header with whose turn it is
// and what is being resolved, the Yarn Bazaar as its six positions, the
// Yarn Deck and discard pile, the Project List with the Project Deck, and
// one board per player with character, action spaces and marker, yarn
// bowl, items, favourite request, requests, projects and running score.
// The patterns are on the panel.
func Table(v archravels.View, opt imaging.Options) (image.Image, error) {
	if err := arCheck(v); err != nil {
		return nil, err
	}
	h := arHeadH + arTopCH + float64(len(v.Players))*arRowH + arMargin
	c, err := imaging.NewCanvas(int(arW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	arHeader(c, v, opt, "ArchRavels", arPhaseText(v, opt))
	arTopCompact(c, v, opt)
	y := arHeadH + arTopCH
	for i := range v.Players {
		arRow(c, v, opt, i, arMargin, y, arW-2*arMargin, arRowH-10)
		y += arRowH
	}
	return c.Image(), nil
}

// arTopCompact draws the band under the header: the Bazaar in one row
// with the Yarn Deck and discard pile at the right, and the Project List
// beneath the Bazaar.
func arTopCompact(c *imaging.Canvas, v archravels.View, opt imaging.Options) {
	w := float64(c.Width())
	m := arMargin
	y := arHeadH + m
	pileX := w - m - arPileW
	avail := pileX - 24 - m
	c.Text("Yarn Bazaar", m, y, 0, imaging.Bold, 24, imaging.Ink)
	cw := math.Floor((avail - 5*arCardGap) / 6)
	for pos := 1; pos <= 6; pos++ {
		bazaarCard(c, v, pos, m+float64(pos-1)*(cw+arCardGap), y+22, cw, arTCardH)
	}
	arPiles(c, v, pileX, y)
	projectList(c, v, opt, m, y+22+arTCardH+36, avail, arProjH)
}

// Metrics of a player's board on the table.
const (
	arRowSpW  = 318.0 // the column of action spaces
	arRowSpH  = 30.0  // one action space
	arRowLabW = 84.0  // the "Yarn 4" and "Items 17" labels
)

// arRow draws one player's board across the table: a line with the name,
// character, tags and score; the four action spaces in a column with the
// marker; beside them the yarn bowl, the items, the favourite request and
// a line of finished projects and requests.
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
	_ = rowTitle(c, v, opt, seat, x+14, y+24, w-28, active, deciding)

	now := 0
	if active && v.Turn.Space > 0 {
		now = v.Turn.Space
	}
	for k := 1; k <= 4; k++ {
		spaceLine(c, p.Spaces[k-1], k, x+12, y+46+float64(k-1)*(arRowSpH+4), arRowSpW, arRowSpH, p.Marker == k, now == k)
	}

	rx := x + 12 + arRowSpW + 18
	rw := x + w - 14 - rx
	c.Text(fmt.Sprintf("Yarn %d", p.Bowl.Total()), rx, y+62, 0, imaging.Bold, arSmall, imaging.Ink)
	bowlRow(c, p.Bowl, rx+arRowLabW, y+62, 12)
	c.Text(fmt.Sprintf("Items %d", arItemCount(p)), rx, y+100, 0, imaging.Bold, arSmall, imaging.Ink)
	itemRow(c, p.Items, rx+arRowLabW, y+100, 13)
	if p.Char != "" {
		heart(c, rx+9, y+134, 8)
		c.FitText(arWhatName(p.Favourite), rx+24, y+134, 0, rw-24, imaging.Regular, arSmall, arSmall, imaging.Ink)
	}
	boardChips(c, v, p, rx, y+h-20, rw)
	if p.Out {
		c.Box(x, y, w, h, 12, imaging.WithAlpha(imaging.Felt, 0x90), nil, 0)
		c.Pill("conceded", x+w/2, y+h/2, 0.5, imaging.Bold, 26, imaging.Light, imaging.Frame)
	}
}

// rowTitle draws the first line of a board on the table with its
// vertical middle at cy: the name in full (it shrinks before it is cut),
// the character's board, the tags and, at the right, the score. It
// reports whether the name had to be cut.
func rowTitle(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat int, x, cy, w float64, active, deciding bool) (cut bool) {
	p := v.Players[seat]
	right := x + w
	right -= boardScore(c, v, p, right, cy) + 16
	var tags []struct {
		text   string
		fg, bg color.Color
	}
	tag := func(text string, fg, bg color.Color) {
		tags = append(tags, struct {
			text   string
			fg, bg color.Color
		}{text, fg, bg})
	}
	switch {
	case p.Out:
	case v.Phase == archravels.PhOver && seat < len(v.Ranks):
		tag(imaging.Ordinal(v.Ranks[seat]), imaging.Ink, imaging.Highlight)
	case deciding && active:
		tag("to play", imaging.Ink, imaging.Highlight)
	case deciding:
		tag("deciding", imaging.Ink, imaging.Highlight)
	case active:
		tag("active", imaging.Ink, imaging.Highlight)
	}
	if p.Tangled && v.Phase != archravels.PhOver {
		tag("Tangled", imaging.Light, imaging.Bad)
	}
	for i := len(tags) - 1; i >= 0; i-- {
		right -= c.Pill(tags[i].text, right, cy, 1, imaging.Bold, arSmall, tags[i].fg, tags[i].bg) + 8
	}
	name := arName(v, opt, games.Seat(seat))
	size := c.FitText(name, x, cy, 0, right-x, imaging.Bold, 24, arSmall, imaging.Ink)
	nx := x + math.Min(c.Measure(name, imaging.Bold, size), right-x) + 14
	sub := "no character yet"
	if p.Char != "" {
		sub = fmt.Sprintf("%s · side %s", p.TypeName, p.Side)
	}
	if right-nx >= 60 {
		c.FitText(sub, nx, cy, 0, right-nx, imaging.Regular, 19, arSmall, imaging.InkSoft)
	}
	return c.Measure(name, imaging.Bold, size) > right-x
}

// boardScore draws the running (or final) score right-aligned at right
// with its vertical middle at cy, and returns its width.
func boardScore(c *imaging.Canvas, v archravels.View, p archravels.PlayerView, right, cy float64) float64 {
	label := "Score"
	if v.Phase != archravels.PhOver {
		label = "Score"
	}
	w := c.Text(strconv.Itoa(p.Score.Total), right, cy-1, 1, imaging.Bold, 30, imaging.Ink) + 8
	return w + c.Text(label, right-w, cy, 1, imaging.Regular, arSmall, imaging.InkSoft)
}

// spaceLine draws action space k as one line: its number, its text and
// the marker when it is the marker's space (then with a dark frame); the
// space worked now is yellow.
func spaceLine(c *imaging.Canvas, text string, k int, x, y, w, h float64, marker, now bool) {
	fill, stroke, lw := imaging.FaceColor, imaging.InkSoft, 1.5
	if marker {
		stroke, lw = imaging.Ink, 3
	}
	if now {
		fill = imaging.Highlight
	}
	if marker || now {
		c.Box(x, y, w, h, 6, fill, stroke, lw)
	}
	r := h/2 - 3
	c.DrawCircle(x+r+4, y+h/2, r)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.Text(strconv.Itoa(k), x+r+4, y+h/2, 0.5, imaging.Bold, arSmall, imaging.Light)
	if text == "" {
		text = "–"
	}
	right := 8.0
	if marker {
		right = 2*r + 8
		markerPawn(c, x+w-r-4, y+h/2, r*0.7)
	}
	tx := x + 2*r + 12
	c.FitText(text, tx, y+h/2, 0, x+w-right-tx, imaging.Regular, 19, arSmall, imaging.Ink)
}
