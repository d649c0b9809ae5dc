package warpweft

import (
	"fmt"
	"math"

	"spindle/games"
	"spindle/games/warpweft"
	"spindle/imaging"
)

// Layout limits of the Warp and Weft pictures, in pixels.
const (
	wwMaxW      = 1600 // widest picture
	wwMaxH      = 1200 // tallest table picture
	wwPanelMaxH = 1400 // tallest panel picture
	wwMinW      = 960  // narrowest picture, so the header fits
	wwTableW    = 960  // width of every table picture, whatever the tableau
	wwMargin    = 24   // outer margin
	wwMaxCardW  = 170  // largest card on the table
	wwGap       = 0.14 // gap between table cards, × card width
	wwMaxExtent = 64   // widest or tallest grid drawn, in cells
	wwTurns     = 24   // placements in a game
	wwHandRow   = 6    // hand cards per row in the panel
)

// minText is the smallest text size, in whole pixels of this canvas, that
// reads on a desktop and on a phone.
func minText(c *imaging.Canvas) float64 {
	return math.Ceil(math.Max(c.Legible(), c.PhoneLegible()))
}

// roles returns the Warp and Weft seats, or (Chance, Chance) before the
// role coin is tossed.
func roles(v warpweft.View) (warp, weft games.Seat) {
	if v.WarpSeat != 0 && v.WarpSeat != 1 {
		return games.Chance, games.Chance
	}
	return v.WarpSeat, 1 - v.WarpSeat
}

// cardSpecs resolves every card code in the view once.
func cardSpecs(v warpweft.View) (map[string]imaging.CardSpec, error) {
	m := make(map[string]imaging.CardSpec)
	add := func(code string) error {
		if _, ok := m[code]; ok {
			return nil
		}
		s, err := imaging.DecktetCard(code)
		if err != nil {
			return err
		}
		m[code] = s
		return nil
	}
	for _, p := range v.Grid {
		if err := add(p.Card); err != nil {
			return nil, err
		}
	}
	for _, code := range v.Hand {
		if err := add(code); err != nil {
			return nil, err
		}
	}
	for _, ls := range append(append([]warpweft.LineScore(nil), v.Score.Columns...), v.Score.Rows...) {
		for _, code := range ls.Cards {
			if err := add(code); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// gridExtent is the bounding box of the placed cards and, when withOpen,
// of the open cells too.
func gridExtent(v warpweft.View, withOpen bool) (imaging.Extent, error) {
	var e imaging.Extent
	for _, p := range v.Grid {
		e = e.Add(p.Cell.X, p.Cell.Y)
	}
	if withOpen {
		for _, c := range v.Open {
			e = e.Add(c.X, c.Y)
		}
	}
	if e.Cols() > wwMaxExtent || e.Rows() > wwMaxExtent {
		return e, fmt.Errorf("imaging: grid of %d×%d cells is too large to draw", e.Cols(), e.Rows())
	}
	return e, nil
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[warpweft.View]{Table: Table, Panel: Panel, Scoring: Scoring}
