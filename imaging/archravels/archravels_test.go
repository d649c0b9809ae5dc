package archravels

import (
	"fmt"
	"image"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// arNamesOpt are the Discord names of the ArchRavels goldens.
var arNamesOpt = imaging.Options{Names: []string{"Aiko", "Benedikt", "Chiyo", "Dario"}}

// arPlay starts a seeded game of seats players and plays weighted random
// moves until stop reports true (it sees the move count and the table) or
// the game ends.
func arPlay(t testing.TB, seats int, seed uint64, stop func(i int, tb games.Table) bool) games.Table {
	t.Helper()
	tb, _, err := games.Bind(archravels.Game{}).New(nil, seats, [2]uint64{seed, 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 2))
	for i := 0; !tb.Over() && !stop(i, tb); i++ {
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		k := games.PickWeighted(tb.Weights(seat), len(legal), r.IntN)
		if _, err := tb.Play(seat, tb.Version(), legal[k].Key); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// arViewOf is the table's view for viewer.
func arViewOf(tb games.Table, viewer games.Seat) archravels.View {
	return tb.View(viewer).(archravels.View)
}

// arSetupView is a two-player game at its first decision.
func arSetupView(t testing.TB) archravels.View {
	tb := arPlay(t, 2, 7, func(int, games.Table) bool { return true })
	return arViewOf(tb, games.Spectator)
}

// arMidTable is a three-player game past move 150 at the first node where
// a revealed card is being resolved by someone other than the active
// player (a Friendly Clerk or Craft Circle going round).
func arMidTable(t testing.TB) games.Table {
	return arPlay(t, 3, 11, func(i int, tb games.Table) bool {
		v := arViewOf(tb, games.Spectator)
		return i >= 150 && v.Turn.Card != "" && len(v.Turn.Queue) > 1 && v.ToAct[0] != v.Active
	})
}

// arFour is a four-player game after 240 moves.
func arFour(t testing.TB) archravels.View {
	tb := arPlay(t, 4, 5, func(i int, _ games.Table) bool { return i >= 240 })
	return arViewOf(tb, games.Spectator)
}

// arEnd is a finished three-player game.
func arEnd(t testing.TB) archravels.View {
	tb := arPlay(t, 3, 1, func(int, games.Table) bool { return false })
	return arViewOf(tb, games.Spectator)
}

func arGoldens(t *testing.T) []imagingtest.Golden {
	mid := arMidTable(t)
	return []imagingtest.Golden{
		{Name: "ar_setup_table", Draw: func() (image.Image, error) { return Table(arSetupView(t), arNamesOpt) }},
		{Name: "ar_mid_table", Draw: func() (image.Image, error) { return Table(arViewOf(mid, games.Spectator), arNamesOpt) }},
		{Name: "ar_mid_panel", Draw: func() (image.Image, error) {
			return Panel(arViewOf(mid, mid.ToAct()[0]), arNamesOpt)
		}},
		{Name: "ar_four_table", Draw: func() (image.Image, error) { return Table(arFour(t), imaging.Options{}) }},
		{Name: "ar_end_table", Draw: func() (image.Image, error) { return Table(arEnd(t), arNamesOpt) }},
		{Name: "ar_end_scoring", Draw: func() (image.Image, error) { return Scoring(arEnd(t), arNamesOpt) }},
	}
}

func TestGoldenArchravels(t *testing.T) {
	imagingtest.CheckGoldens(t, arGoldens(t), nil)
}

func TestArchravelsRenderDispatch(t *testing.T) {
	v := arFour(t)
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
		if _, err := Pictures.Render(k, v, arNamesOpt); err != nil {
			t.Errorf("Pictures.Render(%s): %v", k, err)
		}
		if _, err := Pictures.Render(k, &v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s, pointer): %v", k, err)
		}
	}
	if _, err := Pictures.Render(imaging.Table, (*archravels.View)(nil), imaging.Options{}); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("nil view: %v", err)
	}
	bad := func(edit func(v *archravels.View)) error {
		w := arFour(t)
		edit(&w)
		_, err := Table(w, imaging.Options{})
		return err
	}
	for name, tc := range map[string]struct {
		edit func(v *archravels.View)
		want string
	}{
		"card":      {func(v *archravels.View) { v.Bazaar[2] = "y9_Z" }, "unknown archravels card"},
		"project":   {func(v *archravels.View) { v.List = append(v.List, "knitting_bee") }, "unknown archravels project"},
		"request":   {func(v *archravels.View) { v.Players[1].Held = append(v.Players[1].Held, "sock") }, "unknown archravels request"},
		"tile":      {func(v *archravels.View) { v.Players[0].Tiles[1].Code = "ZZZ" }, "unknown archravels mittens tile"},
		"character": {func(v *archravels.View) { v.Players[2].Char = "zelda" }, "unknown archravels character"},
		"players":   {func(v *archravels.View) { v.Players = nil }, "0 players"},
	} {
		err := bad(tc.edit)
		if err == nil || !strings.HasPrefix(err.Error(), "imaging: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}

func TestArchravelsNames(t *testing.T) {
	v := arFour(t)
	v.Players[3].Char, v.Players[3].Name = "", "player 4"
	opt := imaging.Options{Names: []string{"Aiko", "", "Chiyo"}}
	for _, tc := range []struct {
		seat        games.Seat
		full, short string
	}{
		{0, "Aiko (" + v.Players[0].Name + ")", "Aiko"},
		{1, v.Players[1].Name, v.Players[1].Name},
		{3, "Player 4", "Player 4"},
	} {
		if got := arName(v, opt, tc.seat); got != tc.full {
			t.Errorf("arName(%d) = %q, want %q", tc.seat, got, tc.full)
		}
		if got := arShort(v, opt, tc.seat); got != tc.short {
			t.Errorf("arShort(%d) = %q, want %q", tc.seat, got, tc.short)
		}
	}
}

// TestArchravelsLongNamesWhole puts the longest names the bot gives (an
// AI's, with its level, and a character's) on every board of a
// four-player table with every tag and a three-digit score, and checks
// that each name on the table fits whole.
func TestArchravelsLongNamesWhole(t *testing.T) {
	v := arFour(t)
	ai := "Spindle AI (normal)"
	opt := imaging.Options{Names: []string{ai, ai, ai, ai}}
	c, err := imaging.NewCanvas(int(arW), 200, imaging.Felt)
	if err != nil {
		t.Fatal(err)
	}
	defer imaging.Release(c.Image())
	for seat := range v.Players {
		v.Players[seat].Tangled = true
		v.Players[seat].Score.Total = 123
		v.Players[seat].Name = "Rebecca"
		if rowTitle(c, v, opt, seat, arMargin+14, 24, arW-2*arMargin-28, true, true) {
			t.Errorf("seat %d: %q is cut on the table", seat, arName(v, opt, games.Seat(seat)))
		}
	}
	// A name too long for any line is cut, and rowTitle says so.
	opt.Names[0] = strings.Repeat("Spindle AI (normal) ", 6)
	if !rowTitle(c, v, opt, 0, arMargin+14, 24, arW-2*arMargin-28, true, true) {
		t.Error("a name of 120 letters is not reported cut")
	}
}

func TestArchravelsCost(t *testing.T) {
	for _, tc := range []struct {
		id     string
		others int
		code   string
		words  string
	}{
		{"prodigy_cowl", 2, "BBBB", ""},
		{"infinity_scarf", 1, "ROYYGBP", ""},
		{"snugglesaurus", 3, "", "9 any"},
		{"robot", 1, "", "5 of one colour"},
		{"hacky_sack", 1, "", "3 different"},
		{"friendship_bracelets", 3, "", "give 2 to each (6)"},
	} {
		r, ok := archravels.RequestOf(tc.id)
		if !ok {
			t.Fatalf("no request %q", tc.id)
		}
		exact, words := arCost(r, tc.others)
		if exact.Code() != tc.code || words != tc.words {
			t.Errorf("arCost(%s) = %q, %q; want %q, %q", tc.id, exact.Code(), words, tc.code, tc.words)
		}
	}
}

func TestArchravelsCanMake(t *testing.T) {
	p := archravels.PlayerView{Player: archravels.Player{Tiles: [3]archravels.BoardTile{{Code: "PPP"}, {Code: "BBY", Learned: true}, {Code: "GRYO"}}}}
	p.Bowl = archravels.Yarn{1, 1, 1, 1, 0, 0} // R O Y G
	want := map[int]bool{archravels.Hat: true, archravels.Bear: false, archravels.Mittens: false, archravels.Scarf: true, archravels.Blanket: false}
	for it, w := range want {
		if got := arCanMake(p, it); got != w {
			t.Errorf("%s: can make = %v, want %v", archravels.Items[it].Name, got, w)
		}
	}
	p.Bowl = archravels.Yarn{0, 0, 2, 0, 1, 0} // Y Y B: learned Mittens take 2 + 1
	if !arCanMake(p, archravels.Mittens) {
		t.Error("learned Mittens with Y Y B: cannot make")
	}
	if arCanFinish(p, "friendship_bracelets", 2) || !arCanFinish(p, "friendship_bracelets", 1) {
		t.Error("Friendship Bracelets: 3 tokens pay for one other player, not two")
	}
}

// arNode is one node of a game to render: its step, the picture and the
// view.
type arNode struct {
	step int
	kind imaging.Kind
	view archravels.View
}

// TestArchravelsRendersWholeGame renders every node of a seeded random
// game of four, from the table before the deal to the end: one picture
// per node, the kinds and the viewers (each seat and the spectator) in
// turn, and all three pictures at the first and the last node, with the
// longest names the bot gives. Each picture must encode as a truecolour
// PNG within imaging.MaxPNGBytes the first time. The renders run in
// parallel.
func TestArchravelsRendersWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a whole game")
	}
	ai := "Spindle AI (normal)"
	longNames := imaging.Options{Names: []string{ai, "Benedikt", ai, "Dario"}}
	kinds := []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring}
	var nodes []arNode
	tb, err := games.Bind(archravels.Game{}).Open(nil, 4, [2]uint64{7, 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		nodes = append(nodes, arNode{0, k, arViewOf(tb, games.Spectator)}) // before the deal
	}
	if _, err := tb.Resolve(); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 2))
	i := 1
	for ; !tb.Over(); i++ {
		viewer := games.Seat(i%5 - 1)
		if viewer < 0 {
			viewer = games.Spectator
		}
		if i%3 == 0 { // every third node keeps the test quick; kinds and viewers rotate
			nodes = append(nodes, arNode{i, kinds[(i/3)%3], arViewOf(tb, viewer)})
		}
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		k := games.PickWeighted(tb.Weights(seat), len(legal), r.IntN)
		if _, err := tb.Play(seat, tb.Version(), legal[k].Key); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range kinds {
		nodes = append(nodes, arNode{i, k, arViewOf(tb, 0)})
	}
	work := make(chan arNode)
	errs := make(chan error, len(nodes))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for n := range work {
				img, err := Pictures.Render(n.kind, n.view, longNames)
				if err != nil {
					errs <- fmt.Errorf("step %d %s: %w", n.step, n.kind, err)
					continue
				}
				if b := img.Bounds(); b.Dx() > 1600 || b.Dy() > 1400 {
					errs <- fmt.Errorf("step %d %s: image is %v", n.step, n.kind, b.Size())
				}
				// imaging.PNG writes a picture paletted (a second
				// encoding) only when its first, truecolour encoding
				// is over imaging.MaxPNGBytes: every picture must fit
				// the first time.
				p, err := imaging.PNG(img)
				imaging.Release(img)
				switch {
				case err != nil:
					errs <- fmt.Errorf("step %d %s: %w", n.step, n.kind, err)
				case len(p) < 26 || p[25] != 2:
					errs <- fmt.Errorf("step %d %s: the PNG is over %d bytes on the first encoding", n.step, n.kind, imaging.MaxPNGBytes)
				}
			}
		})
	}
	for _, n := range nodes {
		work <- n
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func BenchmarkArchravelsTable(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, arFour(b), arNamesOpt))
}
func BenchmarkArchravelsPanel(b *testing.B) {
	v := arFour(b)
	v.Viewer = 1
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, v, arNamesOpt))
}

func BenchmarkArchravelsScoring(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Scoring, arEnd(b), arNamesOpt))
}
