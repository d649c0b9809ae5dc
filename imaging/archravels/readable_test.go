package archravels

import (
	"testing"

	"spindle/imaging/imagingtest"
)

// tooSmall lists the pictures whose smallest text is still under
// imagingtest.MinAtPhone when shown at phone width, with what was measured
// when they were listed: known gaps, not passes. None now: every picture
// is arW wide with arSmall text, 7 px at phone width.
var tooSmall = map[string]float64{}

// TestPicturesReadable holds every golden picture of the game to the house
// rules: text readable on a desktop and a phone, a PNG within the limit,
// and one width per kind of picture.
func TestPicturesReadable(t *testing.T) {
	imagingtest.CheckPictures(t, arGoldens(t), imagingtest.Known{SmallAtPhone: tooSmall})
}
