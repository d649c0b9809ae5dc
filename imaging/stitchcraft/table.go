package stitchcraft

import (
	"image"

	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// Table draws the public table: header with whose decision it
// is, the Stack, one row per player (Display backs, Showcase by colour with
// progress, counts, Scrap Pile, Crowd Favor, team and role) and the Removed
// pile. Face-down colours are never drawn, even when the view knows them.
func Table(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	h := stHeadH + stMargin + float64(len(v.Players))*stRowH + stPileH + stMargin
	if len(v.Stack) > 0 {
		h += stStackH
	}
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	stHeader(c, v, stW, stTitle(v), stStatus(v, opt))
	y := stHeadH + stMargin
	if len(v.Stack) > 0 {
		stStack(c, v, opt, stMargin, y, stW-2*stMargin)
		y += stStackH
	}
	for _, p := range v.Players {
		stPlayerRow(c, v, opt, p, stMargin, y, stW-2*stMargin)
		y += stRowH
	}
	stRemoved(c, v, stMargin, y)
	return c.Image(), nil
}
