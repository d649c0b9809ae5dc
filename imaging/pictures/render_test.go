package pictures

import (
	"errors"
	"image"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// views opens a two-seat table of every game and returns a seat's view of
// each, by game id.
func views(t *testing.T) map[string]any {
	t.Helper()
	out := map[string]any{}
	for _, k := range []games.Kind{
		games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}), games.Bind(tapestry.Game{}),
	} {
		tb, _, err := k.New(nil, 2, [2]uint64{1, 2})
		if err != nil {
			t.Fatalf("%s: %v", k.Info().ID, err)
		}
		out[k.Info().ID] = tb.View(0)
	}
	return out
}

// TestDispatch checks that every game's view reaches its own pictures, by
// value and by pointer, the same as a direct call; that only Tapestry
// offers Players and the others say so with ErrNoPicture; and that unknown
// kinds, nil pointers and other types are refused.
func TestDispatch(t *testing.T) {
	for id, v := range views(t) {
		kinds := []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring, imaging.Players}
		for _, k := range kinds {
			offered := k != imaging.Players || id == "tapestry"
			if Has(k, v) != offered {
				t.Errorf("%s: Has(%s) = %v, want %v", id, k, !offered, offered)
			}
			img, err := RenderWith(k, v, imaging.Options{Names: []string{"alice", "bob"}})
			if !offered {
				if !errors.Is(err, imaging.ErrNoPicture) || !strings.HasPrefix(err.Error(), "imaging: ") {
					t.Errorf("%s: Render(Players) err = %v, want ErrNoPicture", id, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: Render(%s): %v", id, k, err)
			}
			var direct image.Image
			for _, g := range catalog {
				if g.Offers(v) {
					direct, err = g.Render(k, v, imaging.Options{Names: []string{"alice", "bob"}})
				}
			}
			if err != nil || direct == nil {
				t.Fatalf("%s: direct %s: %v", id, k, err)
			}
			if msg := imagingtest.DiffImages(direct, img); msg != "" {
				t.Errorf("%s: Render(%s) differs from its game's own: %s", id, k, msg)
			}
			if png, err := RenderPNG(k, v, imaging.Options{}); err != nil || len(png) == 0 {
				t.Errorf("%s: RenderPNG(%s): %d bytes, %v", id, k, len(png), err)
			}
		}
		if _, err := Render("mural", v); err == nil || errors.Is(err, imaging.ErrNoPicture) || !strings.Contains(err.Error(), "unknown picture kind") {
			t.Errorf("%s: unknown kind: %v", id, err)
		}
		if Has("mural", v) {
			t.Errorf("%s: Has(mural) = true", id)
		}
	}
	if _, err := Render(imaging.Table, (*tapestry.View)(nil)); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("nil view: %v", err)
	}
	if Has(imaging.Table, (*tapestry.View)(nil)) || Has(imaging.Table, 42) {
		t.Error("Has is true for a nil view or an unknown view type")
	}
	if _, err := Render(imaging.Table, 42); err == nil {
		t.Error("an int was drawn")
	}
	if Focuses(views(t)["tapestry"]) || !Focuses(views(t)["warpweft"]) {
		t.Error("only Warp and Weft's panel marks a focus")
	}
}
