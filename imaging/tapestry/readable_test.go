package tapestry

import (
	"testing"

	"spindle/imaging/imagingtest"
)

// tooSmall lists the pictures whose smallest text is still under
// imagingtest.MinAtPhone when shown at phone width, with what was measured
// when they were listed: known gaps, not passes.
var tooSmall = map[string]float64{
	"tp_build_panel":       6.06,
	"tp_civ_choice_panel":  6.06,
	"tp_civ_heralds_panel": 6.06,
	"tp_civ_path_panel":    6.06,
	"tp_civ_players":       6.06,
	"tp_civ_predict_panel": 6.06,
	"tp_civ_traders_panel": 6.06,
	"tp_five_players":      6.06,
	"tp_hex_panel":         6.06,
	"tp_landmark_panel":    6.06,
	"tp_mid_players":       6.06,
	"tp_rot_panel":         6.06,
	"tp_solo_players":      6.06,
}

// TestPicturesReadable holds every golden picture of the game to the house
// rules: text readable on a desktop and a phone, a PNG within the limit,
// and one width per kind of picture.
func TestPicturesReadable(t *testing.T) {
	imagingtest.CheckPictures(t, append(tpGoldens(t), tpCivGoldens(t)...), imagingtest.Known{SmallAtPhone: tooSmall})
}
