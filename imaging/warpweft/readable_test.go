package warpweft

import (
	"testing"

	"spindle/imaging/imagingtest"
)

// tooSmall lists the pictures whose smallest text is still under
// imagingtest.MinAtPhone when shown at phone width, with what was measured
// when they were listed: known gaps, not passes.
var tooSmall = map[string]float64{}

// TestPicturesReadable holds every golden picture of the game to the house
// rules: text readable on a desktop and a phone, a PNG within the limit,
// and one width per kind of picture.
func TestPicturesReadable(t *testing.T) {
	imagingtest.CheckPictures(t, wwGoldens(t), imagingtest.Known{SmallAtPhone: tooSmall})
}

// TestAINamesWhole draws every golden picture with names as long as the
// bot's players get and checks that no name is cut short.
func TestAINamesWhole(t *testing.T) {
	imagingtest.CheckNamesWhole(t, wwGoldensNamed(t, imagingtest.AINames), imagingtest.AINames)
}
