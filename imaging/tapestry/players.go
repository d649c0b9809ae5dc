package tapestry

import (
	"image"

	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- players ----

// Players draws every player's holdings: the capital city with its
// buildings and landmarks, the income mat, resources, tech cards, tapestry
// slots (with Herald tokens), hand size, the tiles in supply and each of
// the player's civilizations with what its mat shows.
func Players(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	n := float64(len(v.Players))
	const gap = 10.0
	d := tpPlayersDims(v, gap)
	h := tpHeadH + tpM + (n-1)*gap + tpM
	for s := range v.Players {
		if tpBot(v, s) {
			h += tpBotH
			continue
		}
		h += d.tpBlockH(s)
	}
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	tpHeaderSized(c, v, opt, "Tapestry: the players", tpNote(v, opt),
		"Capitals: f farm · h house · m market · a armory · letters: landmarks · dark: impassable", tpPS)
	y := tpHeadH + tpM
	for s := range v.Players {
		if tpBot(v, s) {
			tpBotBlock(c, v, opt, s, tpM, y, tpW-2*tpM, tpBotH)
			y += tpBotH + gap
			continue
		}
		tpPlayerBlock(c, v, opt, s, tpM, y, tpW-2*tpM, d.tpBlockH(s), d)
		y += d.tpBlockH(s) + gap
	}
	return c.Image(), nil
}
