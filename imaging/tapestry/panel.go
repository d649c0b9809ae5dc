package tapestry

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- panel: hand and supply ----

// tpCardCol is the banner colour of a tapestry card type.
func tpCardCol(c tapestry.TapCard) color.RGBA {
	switch c.Type {
	case "this_era":
		return imaging.RGB(0x6A, 0x3F, 0x8F)
	case "trap":
		return imaging.Bad
	}
	return imaging.RGB(0x1F, 0x6E, 0x6A)
}

// tpHandCard draws a tapestry card: its name, type and what it does;
// outlined when it may be played now.
func tpHandCard(c *imaging.Canvas, id int, x, y, w, h float64, playable bool) {
	card := tapestry.TapCards[id]
	col := tpCardCol(card)
	c.Box(x, y, w, h, 8, imaging.FaceColor, imaging.Ink, 1.5)
	c.Box(x, y, w, 34, 8, col, col, 0)
	c.FillRect(x, y+24, w, 10, col)
	kind := tpCardType(card)
	kw := c.Measure(kind, imaging.Regular, tpSmall)
	c.Text(kind, x+w-10, y+17, 1, imaging.Regular, tpSmall, imaging.LightSoft)
	c.FitText(card.Name, x+10, y+17, 0, w-kw-30, imaging.Bold, 20, tpSmall, imaging.Light)
	c.TextBlock(tpCardText(card), x+10, y+38, w-20, h-42, 0, imaging.Regular, tpSmall, tpSmall, 3, imaging.Ink)
	if playable {
		c.Outline(x-3, y-3, w+6, h+6, 10, imaging.Highlight, 4)
	}
}

// tpHandH is the height of the hand box for n cards.
func tpHandH(n int) float64 {
	if n == 0 {
		return 90
	}
	rows := min(3, max(1, (n+2)/3))
	return 48 + float64(rows)*(tpCardH+10)
}

// tpCardH is the height of a tapestry card in the hand.
const tpCardH = 112.0

// tpHand draws the viewer's hand three to a row (at most nine shown).
func tpHand(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	own := v.Viewer >= 0 && int(v.Viewer) < len(v.Players)
	p := v.Players[tpPanelSeat(v)]
	title := "Your hand: " + tpCount(len(v.Hand), "card", "cards")
	if !own {
		title = "Hand: " + tpCount(p.HandSize, "card", "cards") + ", hidden"
	}
	c.Text(title, x+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
	playable := map[int]bool{}
	if own && v.Ask != nil && v.Ask.Seat == int(v.Viewer) {
		for _, k := range v.Ask.Opts {
			verb, id, _ := strings.Cut(k, ":")
			if n, err := strconv.Atoi(id); err == nil && (verb == "play" || verb == "tyranny" || verb == "discard") {
				playable[n] = true
			}
		}
		if len(playable) > 0 {
			c.Text("outlined: may be played now", x+w-16, y+24, 1, imaging.Regular, tpSmall, imaging.InkSoft)
		}
	}
	if !own {
		return
	}
	if len(v.Hand) == 0 {
		c.Text("No tapestry cards in hand.", x+16, y+64, 0, imaging.Regular, tpSmall, imaging.InkSoft)
		return
	}
	cw := (w - 32 - 2*12) / 3
	shown := v.Hand
	if len(shown) > 9 {
		shown = shown[:8]
	}
	for i, id := range shown {
		cx := x + 16 + float64(i%3)*(cw+12)
		cy := y + 44 + float64(i/3)*(tpCardH+10)
		tpHandCard(c, int(id), cx, cy, cw, tpCardH, playable[int(id)])
	}
	if len(shown) < len(v.Hand) {
		cx, cy := x+16+2*(cw+12), y+44+2*(tpCardH+10)
		c.DashedOutline(cx, cy, cw, tpCardH, 8, imaging.InkSoft, 1.5, 6)
		c.Text(fmt.Sprintf("+%d more", len(v.Hand)-len(shown)), cx+cw/2, cy+tpCardH/2, 0.5, imaging.Bold, 22, imaging.InkSoft)
	}
}

// tpSupplyList is the most territory tiles the supply lists with their
// benefits; more are drawn as hexes alone.
const tpSupplyList = 9

// tpSupplyGeom is the supply's layout for n territory tiles in width w:
// tiles to a row, the pitch across and the height of a row.
func tpSupplyGeom(n int, w float64) (per int, pitch, rowH float64) {
	if n <= tpSupplyList {
		per = max(1, int((w-32)/300)) // room for "draw 1 tapestry card" at 21 px
		return per, (w - 32) / float64(per), 64
	}
	return max(1, int((w-24)/72)), 72, 2*30*0.866 + 30
}

// tpSupplyH is the height the supply box needs.
func tpSupplyH(p tapestry.PlayerView, w float64) float64 {
	h := 44.0 + 12
	if n := len(p.Tiles); n > 0 {
		per, _, rowH := tpSupplyGeom(n, w)
		h += float64((n+per-1)/per) * rowH
	} else {
		h += 30
	}
	return h + float64(len(p.Space))*26
}

// tpSupply draws a player's territory tiles as small hexes with their
// numbers (and their benefits when there are few), and the space tiles
// with what they give.
func tpSupply(c *imaging.Canvas, v tapestry.View, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Tiles in supply", x+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
	ty := y + 44
	n := len(p.Tiles)
	if n == 0 {
		c.Text("No territory tiles.", x+16, ty+12, 0, imaging.Regular, tpSmall, imaging.InkSoft)
		ty += 30
	}
	per, pitch, rowH := tpSupplyGeom(n, w)
	for i, id := range p.Tiles {
		t := tapestry.Territory{Tile: id}
		col, row := float64(i%per), float64(i/per)
		s, cx, cy := 30.0, x+16+pitch/2+col*pitch, ty+30*0.866+row*rowH
		if n <= tpSupplyList {
			s, cx, cy = 26.0, x+16+col*pitch+28, ty+rowH/2-2+row*rowH
		}
		tpTerrainHex(c, t.Corners(), cx, cy, s)
		if land := tpIslandOf(&t); land != "" {
			tpIsland(c, land, false, cx, cy, s*0.2)
		}
		if v.Ask != nil && v.Ask.Seat == seat && v.Ask.Tile == id && strings.HasPrefix(v.Ask.Kind, "explore") {
			tpHexPath(c, cx, cy, s+3)
			c.SetColor(imaging.Highlight)
			c.SetLineWidth(4)
			c.Stroke()
		}
		if n > tpSupplyList {
			c.Text(strconv.Itoa(id), cx, cy+s*0.866+13, 0.5, imaging.Bold, tpSmall, imaging.Ink)
			continue
		}
		tx := cx + s + 10
		tw := x + 16 + (col+1)*pitch - 10 - tx
		c.Text(fmt.Sprintf("Tile %d", id), tx, cy-12, 0, imaging.Bold, tpSmall, imaging.Ink)
		c.FitText(tpEffects(tapestry.Territories[id-1].Benefit), tx, cy+12, 0, tw, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
	}
	if n > 0 {
		ty += float64((n+per-1)/per) * rowH
	}
	for _, id := range p.Space {
		c.FitText(fmt.Sprintf("Space tile %d: %s", id, tpEffects(tapestry.SpaceTiles[id-1].Effects)), x+16, ty+10, 0, w-32, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
		ty += 26
	}
}

// tpPanelSeat is whose panel it is: the viewer, or for a spectator the
// player whose turn it is.
func tpPanelSeat(v tapestry.View) int {
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		return int(v.Viewer)
	}
	if v.Turn >= 0 && v.Turn < len(v.Players) {
		return v.Turn
	}
	return 0
}

// ---- panel ----

// Panel draws one seat's private panel: what its pending decision
// is about (with a preview of a tile's rotations, the hexes it may go on
// or the plots of the capital a building may go on; for a civilization's
// decision its mat, and the two civilizations dealt at set-up), its hand
// with what each card does, its tiles in supply and its capital.
func Panel(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	seat := tpPanelSeat(v)
	p := v.Players[seat]
	own := int(v.Viewer) == seat
	pv, deciding := tpPrevList, own && v.Ask != nil && v.Ask.Seat == seat && !v.Over
	decH := 0.0
	if deciding {
		pv = tpPreviewOf(v)
		decH = tpDecisionH(v, pv) + 16
	}
	m := tpM
	inner := tpW - 2*m
	handH := tpHandH(len(v.Hand))
	if !own {
		handH = 48
	}
	// The capital, unless the decision shows it large already.
	const cityCell = 22.0
	cityW := 9*cityCell + 32
	if pv == tpPrevPlots {
		cityW = -16
	}
	supW := inner - cityW - 16
	bandH := tpSupplyH(p, supW)
	if cityW > 0 {
		bandH = math.Max(9*cityCell+60, bandH)
	}
	h := tpHeadH + m + decH + handH + 16 + bandH + m
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	name := opt.Name(games.Seat(seat))
	title := "Tapestry: " + name + "'s panel"
	note := tpNote(v, opt)
	if !own {
		title = "Tapestry: " + name + "'s board"
	}
	if deciding {
		note = "Your decision: " + tpAskText(v, v.Ask)
	}
	detail := fmt.Sprintf("%d VP · %s · %s · %d outposts left", p.VP, tpEraText(p), tpResText(p.Res), p.Outposts) + tpCivNames(p)
	tpHeader(c, v, opt, title, note, detail)
	y := tpHeadH + m
	if deciding {
		tpDecision(c, v, opt, pv, m, y, inner, decH-16)
		y += decH
	}
	tpHand(c, v, m, y, inner, handH)
	y += handH + 16
	if cityW > 0 {
		c.Box(m, y, cityW, bandH, 12, imaging.Paper, imaging.Ink, 2)
		c.Text("Capital", m+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
		tpCity(c, int(p.Mat), p.Cover, m+16, y+44, cityCell, nil)
	}
	tpSupply(c, v, seat, m+cityW+16, y, supW, bandH)
	return c.Image(), nil
}
