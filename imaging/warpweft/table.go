package warpweft

import (
	"image"

	"spindle/games/warpweft"
	"spindle/imaging"
)

// Table draws the public table: a header with roles, turn, hand
// sizes and provisional scores, and the tableau fitted to the picture with
// coordinates on the edges and the last card highlighted.
func Table(v warpweft.View, opt imaging.Options) (image.Image, error) {
	specs, err := cardSpecs(v)
	if err != nil {
		return nil, err
	}
	ext, err := gridExtent(v, false)
	if err != nil {
		return nil, err
	}
	const headH = wwHeadH
	// The width is fixed, so the picture keeps its size from move to move
	// and Discord shows it at one scale: the cards shrink to fit instead.
	const w = wwTableW
	t := tableauFit(ext, w-2*wwMargin, wwMaxH-headH-2*wwMargin)
	h := headH + t.h + 2*wwMargin
	c, err := imaging.NewCanvas(int(w), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	wwHeader(c, v, opt, "Warp and Weft", w, lastNote(v, specs))
	t = t.at(imaging.Round((w-t.w)/2), headH+wwMargin)
	drawTableau(c, t, v, specs, nil)
	return c.Image(), nil
}
