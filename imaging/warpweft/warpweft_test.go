package warpweft

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"sync"
	"testing"

	"spindle/games"
	"spindle/games/warpweft"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

func TestRenderDispatch(t *testing.T) {
	v := ex6()
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
		img, err := Pictures.Render(k, v, imaging.Options{})
		if err != nil {
			t.Fatalf("Render(%s): %v", k, err)
		}
		direct := map[imaging.Kind]func(warpweft.View, imaging.Options) (image.Image, error){imaging.Table: Table, imaging.Panel: Panel, imaging.Scoring: Scoring}[k]
		want, _ := direct(v, imaging.Options{})
		if msg := imagingtest.DiffImages(want, img); msg != "" {
			t.Errorf("Render(%s) differs from the direct call: %s", k, msg)
		}
		if _, err := Pictures.Render(k, &v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s, pointer): %v", k, err)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	bad := ex6()
	bad.Grid = append(bad.Grid, warpweft.Placed{Card: "ZZ", Cell: warpweft.Cell{X: 5, Y: 5}})
	far := ex6()
	far.Grid = append(far.Grid, warpweft.Placed{Card: "AM", Cell: warpweft.Cell{X: 1000, Y: 0}})
	tests := []struct {
		name string
		kind imaging.Kind
		view any
		want string
	}{
		{"unknown kind", "mural", ex6(), "unknown picture kind"},
		{"unknown view", imaging.Table, 42, "is not a view of this game"},
		{"nil view pointer", imaging.Table, (*warpweft.View)(nil), "nil"},
		{"unknown card", imaging.Table, bad, `unknown decktet card "ZZ"`},
		{"grid too large", imaging.Panel, far, "too large"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Pictures.Render(tc.kind, tc.view, imaging.Options{})
			if err == nil || !strings.HasPrefix(err.Error(), "imaging: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want an imaging error containing %q", err, tc.want)
			}
		})
	}
}

func TestPNGRoundTrip(t *testing.T) {
	img, err := Table(ex6(), imaging.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := imaging.PNG(img)
	if err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if msg := imagingtest.DiffImages(img, back); msg != "" {
		t.Error(msg)
	}
	if len(data) > 1<<20 {
		t.Errorf("PNG is %d bytes", len(data))
	}
}

// TestEdgeViews draws views from every phase and shape without error and
// within the layout limits.
func TestEdgeViews(t *testing.T) {
	line := warpweft.View{WarpSeat: 0, ToAct: 1, Turn: 24, Conceded: games.Spectator, Winner: games.Spectator}
	deck := []string{"AM", "AS", "AW", "AL", "AY", "AK", "2MK", "2SY", "2WL", "3MW", "3SK", "3LY", "4MS", "4WL", "4YK", "5ML", "5SW", "5YK", "6MW", "6SY", "6LK", "7ML", "7SK", "7WY", "8MS"}
	for i, code := range deck {
		x := (i + 1) / 2
		if i%2 == 0 {
			x = -x
		}
		line.Grid = append(line.Grid, warpweft.Placed{Card: code, Cell: warpweft.Cell{X: x}, Turn: i})
	}
	line.Open = openCells(line.Grid)
	line.Hand = deck[:12]
	tall := line
	tall.Grid = nil
	for i, p := range line.Grid {
		p.Cell = warpweft.Cell{Y: p.Cell.X}
		p.Turn = i
		tall.Grid = append(tall.Grid, p)
	}
	tall.Open = openCells(tall.Grid)
	conceded := ex8()
	conceded.Conceded, conceded.Winner = 1, 0
	named := ex8Panel()
	views := map[string]warpweft.View{
		"before the deal":  {WarpSeat: games.Chance, ToAct: games.Chance, Viewer: games.Spectator, Conceded: games.Spectator, Winner: games.Spectator},
		"start card only":  {WarpSeat: 1, ToAct: 1, Viewer: 1, Grid: []warpweft.Placed{{Card: "X", By: games.Chance}}, Hand: []string{"AM"}, Open: openCells([]warpweft.Placed{{Card: "X"}}), Conceded: games.Spectator},
		"a line of 25":     line,
		"a column of 25":   tall,
		"conceded":         conceded,
		"spectator panel":  ex8(),
		"mid-game scoring": named,
	}
	for name, v := range views {
		for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
			img, err := Pictures.Render(k, v, imaging.Options{Names: []string{"Ariadne of the Very Long Name Indeed", ""}})
			if err != nil {
				t.Errorf("%s %s: %v", name, k, err)
				continue
			}
			if b := img.Bounds(); b.Dx() > 1600 || b.Dy() > 1600 || b.Dx() < 100 {
				t.Errorf("%s %s: size %v", name, k, b.Size())
			}
		}
	}
}

// TestConcurrentRenders checks that renders share nothing mutable (run
// with -race).
func TestConcurrentRenders(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Pictures.Render(imaging.Kind([]imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring}[i%3]), ex8Panel(), imaging.Options{}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// TestGlyphs checks that the embedded fonts carry the symbols the layouts
// use, so no text silently drops a character.
func TestGlyphs(t *testing.T) {
	faces, err := imaging.NewFaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []imaging.Font{imaging.Regular, imaging.Bold} {
		for _, r := range "−–·×…\\" {
			if _, ok := faces.Face(f, 20).GlyphAdvance(r); !ok {
				t.Errorf("font %d lacks %q", f, r)
			}
		}
	}
}

func TestSeatNames(t *testing.T) {
	o := imaging.Options{Names: []string{"Ariadne", ""}}
	for s, want := range map[games.Seat]string{0: "Ariadne", 1: "Player 2", 5: "Player 6", games.Spectator: "nobody"} {
		if got := o.Name(s); got != want {
			t.Errorf("name(%d) = %q, want %q", s, got, want)
		}
	}
}

// TestWarpWeftPanelFocus: while a player chooses where to place a card,
// the panel outlines that card in the hand; no focus (or one on a card
// not in hand) draws the plain panel.
func TestWarpWeftPanelFocus(t *testing.T) {
	v := ex6()
	v.Viewer = 0
	v.Hand = []string{"3MW", "2WL", "AM"}
	v.Open = []warpweft.Cell{{X: 1, Y: 1}}
	plain, err := Panel(v, imaging.Options{})
	if err != nil {
		t.Fatal(err)
	}
	focused, err := Panel(v, imaging.Options{Focus: "2WL"})
	if err != nil {
		t.Fatal(err)
	}
	absent, err := Panel(v, imaging.Options{Focus: "AK"})
	if err != nil {
		t.Fatal(err)
	}
	if samePixels(plain, focused) {
		t.Fatal("the focused card is not marked")
	}
	if !samePixels(plain, absent) {
		t.Fatal("a focus on a card not in hand changed the panel")
	}
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// wwGoldens are the golden pictures; wwGoldensNamed draws them with names.
func wwGoldens(t *testing.T) []imagingtest.Golden { return wwGoldensNamed(t, nil) }

// wwGoldensNamed draws the golden pictures with every seat named from names,
// or with each fixture's own names when names is nil.
func wwGoldensNamed(t *testing.T, names []string) []imagingtest.Golden {
	o := func(d imaging.Options) imaging.Options {
		if names != nil {
			d.Names = names
		}
		return d
	}
	return []imagingtest.Golden{
		{Name: "ww_ex6_table", Draw: func() (image.Image, error) { return Table(ex6(), o(imaging.Options{})) }},
		{Name: "ww_ex8_table", Draw: func() (image.Image, error) { return Table(ex8(), o(imaging.Options{})) }},
		{Name: "ww_ex8_panel", Draw: func() (image.Image, error) { return Panel(ex8Panel(), o(imaging.Options{})) }},
		{Name: "ww_ex8_scoring", Draw: func() (image.Image, error) { return Scoring(ex8(), o(imaging.Options{})) }},
		{Name: "ww_ex7_scoring", Draw: func() (image.Image, error) { return Scoring(ex7(), o(imaging.Options{})) }},
	}
}

func TestGoldenWarpWeft(t *testing.T) {
	imagingtest.CheckGoldens(t, wwGoldens(t), nil)
}

func BenchmarkWarpWeftTable(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, ex8(), imaging.Options{}))
}
func BenchmarkWarpWeftPanel(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, ex8Panel(), imaging.Options{}))
}
func BenchmarkWarpWeftScoring(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Scoring, ex8(), imaging.Options{}))
}

func TestTableauFitStaysInBounds(t *testing.T) {
	for _, ext := range []imaging.Extent{
		imaging.Extent{}.Add(0, 0),
		imaging.Extent{}.Add(-12, 0).Add(12, 0),
		imaging.Extent{}.Add(0, -12).Add(0, 12),
		imaging.Extent{}.Add(-4, -3).Add(4, 3),
		imaging.Extent{}.Add(-13, -13).Add(13, 13),
	} {
		tb := tableauFit(ext, 1552, 960)
		if tb.w > 1552 || tb.h > 960 || tb.grid.CardW < 8 {
			t.Errorf("%d×%d cells: tableau %v×%v with cards %v wide", ext.Cols(), ext.Rows(), tb.w, tb.h, tb.grid.CardW)
		}
	}
}
