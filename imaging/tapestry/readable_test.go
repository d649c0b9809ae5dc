package tapestry

import (
	"image"
	"testing"

	"spindle/games/tapestry"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// tooSmall lists the pictures whose smallest text is still under
// imagingtest.MinAtPhone when shown at phone width, with what was measured
// when they were listed: known gaps, not passes.
var tooSmall = map[string]float64{
	"tp_civ_players":  6.06,
	"tp_five_players": 6.06,
	"tp_mid_players":  6.06,
	"tp_solo_players": 6.06,
}

// TestPicturesReadable holds every golden picture of the game to the house
// rules: text readable on a desktop and a phone, a PNG within the limit,
// and one width per kind of picture.
func TestPicturesReadable(t *testing.T) {
	goldens := append(tpGoldens(t), tpCivGoldens(t)...)
	for i, g := range goldens {
		// Every render draws its layers afresh, so the check sees their text.
		goldens[i].Draw = func() (image.Image, error) { tpLayers.Clear(); return g.Draw() }
	}
	imagingtest.CheckPictures(t, goldens, imagingtest.Known{SmallAtPhone: tooSmall})
}

// TestBoardLayersMatch holds the prepared layers to what they stand for:
// a board drawn over kept layers matches the same board drawn afresh, the
// layers are kept, and no more than tpLayerBytes of them.
func TestBoardLayersMatch(t *testing.T) {
	for _, v := range []tapestry.View{tpMid(t), tpFive(t), tpSolo(t, 70)} {
		tpLayers.Clear()
		fresh, err := Table(v, tpNamesOpt)
		if err != nil {
			t.Fatal(err)
		}
		if n := tpLayers.Len(); n != 2 {
			t.Fatalf("%d layers kept after one board, want 2 (tracks and map)", n)
		}
		kept, err := Table(v, tpNamesOpt)
		if err != nil {
			t.Fatal(err)
		}
		if msg := imagingtest.DiffImages(fresh, kept); msg != "" {
			t.Errorf("board over kept layers differs from one drawn afresh: %s", msg)
		}
		imaging.Release(fresh)
		imaging.Release(kept)
	}
	v := tpMid(t)
	c := imagingCanvas(t)
	const side = 512 // a 1 MB layer
	most := tpLayerBytes / (4 * side * side)
	for range most + 5 {
		v.Map[0].Hex.A++ // a different key each time
		if err := tpLayers.paste(c, tpMapKey(v, side, side), 0, 0, side, side, func(*imaging.Canvas) {}); err != nil {
			t.Fatal(err)
		}
	}
	if n := tpLayers.Len(); n > most {
		t.Errorf("%d layers kept, more than the %d that fit %d bytes", n, most, tpLayerBytes)
	}
}

// imagingCanvas is a small canvas for a test.
func imagingCanvas(t *testing.T) *imaging.Canvas {
	c, err := imaging.NewCanvas(20, 20, imaging.Felt)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
