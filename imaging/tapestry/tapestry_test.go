package tapestry

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// tpNamesOpt are the Discord names of the Tapestry goldens.
var tpNamesOpt = imaging.Options{Names: []string{"Aiko", "Benedikt", "Chiyo", "Dario", "Esperanza"}}

// tpWeight is a test player's liking for a move: it advances more often
// than it takes an income turn and springs its Traps, so the seeded games
// run long enough to fill the map and the tracks.
func tpWeight(key string) int {
	switch {
	case key == "income":
		return 1
	case strings.HasPrefix(key, "adv:"):
		return 5
	case key == "trap":
		return 4
	}
	return 2
}

// tpPlay starts a seeded game of seats players and plays random moves
// (weighted by tpWeight) until stop reports true (it sees the move count
// and the table) or the game ends.
func tpPlay(t testing.TB, seats int, seed uint64, stop func(i int, tb games.Table) bool) games.Table {
	return tpPlayWith(t, nil, seats, seed, stop)
}

// tpPlayWith is tpPlay with game options.
func tpPlayWith(t testing.TB, opts games.Options, seats int, seed uint64, stop func(i int, tb games.Table) bool) games.Table {
	t.Helper()
	tb, _, err := games.Bind(tapestry.Game{}).New(opts, seats, [2]uint64{seed, 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 2))
	for i := 0; !tb.Over() && !stop(i, tb); i++ {
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		v := tpViewOf(tb, seat)
		w := make([]int, len(legal))
		for j, c := range legal {
			w[j] = tpWeight(c.Key)
			if v.Ask != nil && v.Ask.Kind == "conquer_hex" && tpOccupied(v, c.Key) {
				w[j] = 20
			}
		}
		k := games.PickWeighted(w, len(legal), r.IntN)
		if _, err := tb.Play(seat, tb.Version(), legal[k].Key); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// tpOccupied reports whether the hex of an option "hex:<a>@<b>" holds an
// outpost: a conquest there topples it.
func tpOccupied(v tapestry.View, key string) bool {
	_, a, b, ok := tpOpt(key)
	if !ok || len(a) != 1 {
		return false
	}
	t := v.Terr(tapestry.Hex{A: int8(a[0]), B: int8(b)})
	return t != nil && len(t.Outposts) > 0
}

// tpViewOf is the table's view for viewer.
func tpViewOf(tb games.Table, viewer games.Seat) tapestry.View {
	return tb.View(viewer).(tapestry.View)
}

// tpAsked plays until the seat to act is asked kind, past move from.
func tpAsked(t testing.TB, seats int, seed uint64, from int, kind string) games.Table {
	return tpPlay(t, seats, seed, func(i int, tb games.Table) bool {
		v := tpViewOf(tb, games.Spectator)
		return i >= from && v.Ask != nil && v.Ask.Kind == kind
	})
}

// tpMid is a three-player game after 200 moves.
func tpMid(t testing.TB) tapestry.View {
	return tpViewOf(tpPlay(t, 3, 12, func(i int, _ games.Table) bool { return i >= 200 }), games.Spectator)
}

// tpFive is a five-player game (the large map) after 300 moves, with an
// outpost toppled.
func tpFive(t testing.TB) tapestry.View {
	return tpViewOf(tpPlay(t, 5, 8, func(i int, _ games.Table) bool { return i >= 300 }), games.Spectator)
}

// tpEnd is a finished four-player game, with an outpost toppled.
func tpEnd(t testing.TB) tapestry.View {
	return tpViewOf(tpPlay(t, 4, 3, func(int, games.Table) bool { return false }), games.Spectator)
}

// tpPanelAt is the panel of the player asked kind first past move from
// in a seeded game.
func tpPanelAt(t testing.TB, seats int, seed uint64, from int, kind string) tapestry.View {
	t.Helper()
	tb := tpAsked(t, seats, seed, from, kind)
	if tb.Over() {
		t.Fatalf("no %s ask in game %d/%d after move %d", kind, seats, seed, from)
	}
	return tpViewOf(tb, tb.ToAct()[0])
}

// tpRotPanel is the panel of a player asked to turn a tile, mid-game.
func tpRotPanel(t testing.TB) tapestry.View { return tpPanelAt(t, 3, 11, 90, "explore_rot") }

// tpBuildPanel is the panel of a player asked where a building goes.
func tpBuildPanel(t testing.TB) tapestry.View { return tpPanelAt(t, 4, 8, 120, "place_building") }

// tpHexPanel is the panel of a player asked where a tile goes, on the
// large map.
func tpHexPanel(t testing.TB) tapestry.View { return tpPanelAt(t, 4, 21, 100, "explore_hex") }

// tpLandmarkPanel is the panel of a player asked where a landmark goes.
func tpLandmarkPanel(t testing.TB) tapestry.View { return tpPanelAt(t, 3, 21, 50, "place_landmark") }

// tpSolo is a solo game against the Automa at level 3 after moves moves
// of the human (to the end when moves is negative).
func tpSolo(t testing.TB, moves int) tapestry.View {
	return tpViewOf(tpPlayWith(t, games.Options{"automa_level": "3"}, 1, 5, func(i int, _ games.Table) bool { return moves >= 0 && i >= moves }), games.Spectator)
}

func tpGoldens(t *testing.T) []imagingtest.Golden {
	return []imagingtest.Golden{
		{Name: "tp_mid_table", Draw: func() (image.Image, error) { return Table(tpMid(t), tpNamesOpt) }},
		{Name: "tp_five_table", Draw: func() (image.Image, error) { return Table(tpFive(t), tpNamesOpt) }},
		{Name: "tp_end_table", Draw: func() (image.Image, error) { return Table(tpEnd(t), tpNamesOpt) }},
		{Name: "tp_mid_players", Draw: func() (image.Image, error) { return Players(tpMid(t), tpNamesOpt) }},
		{Name: "tp_five_players", Draw: func() (image.Image, error) { return Players(tpFive(t), tpNamesOpt) }},
		{Name: "tp_rot_panel", Draw: func() (image.Image, error) { return Panel(tpRotPanel(t), tpNamesOpt) }},
		{Name: "tp_hex_panel", Draw: func() (image.Image, error) { return Panel(tpHexPanel(t), tpNamesOpt) }},
		{Name: "tp_build_panel", Draw: func() (image.Image, error) { return Panel(tpBuildPanel(t), tpNamesOpt) }},
		{Name: "tp_landmark_panel", Draw: func() (image.Image, error) { return Panel(tpLandmarkPanel(t), tpNamesOpt) }},
		{Name: "tp_mid_scoring", Draw: func() (image.Image, error) { return Scoring(tpMid(t), tpNamesOpt) }},
		{Name: "tp_end_scoring", Draw: func() (image.Image, error) { return Scoring(tpEnd(t), tpNamesOpt) }},
		{Name: "tp_solo_table", Draw: func() (image.Image, error) { return Table(tpSolo(t, 70), tpNamesOpt) }},
		{Name: "tp_solo_players", Draw: func() (image.Image, error) { return Players(tpSolo(t, 70), tpNamesOpt) }},
		{Name: "tp_solo_end_scoring", Draw: func() (image.Image, error) { return Scoring(tpSolo(t, -1), tpNamesOpt) }},
	}
}

func TestGoldenTapestry(t *testing.T) {
	imagingtest.CheckGoldens(t, tpGoldens(t), tpMaxHeight)
}

// tpMaxHeight is the tallest a golden may be: the board (a table picture)
// fits one screen, at most 1.5 times its width; the others 1400 px.
func tpMaxHeight(name string, w int) int {
	if strings.HasSuffix(name, "_table") {
		return w * 3 / 2
	}
	return 1400
}

// TestTapestryBoardFitsOneScreen holds the board to one picture no
// taller than 1.5 times its width at one (solo, the Automa's box
// included), three, four and five seats.
func TestTapestryBoardFitsOneScreen(t *testing.T) {
	for _, tc := range []struct {
		name string
		view func(testing.TB) tapestry.View
	}{
		{"solo", func(t testing.TB) tapestry.View { return tpSolo(t, 70) }},
		{"three", tpMid}, {"four", tpEnd}, {"five", tpFive},
	} {
		img, err := Table(tc.view(t), tpNamesOpt)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if r := float64(b.Dy()) / float64(b.Dx()); r > 1.5 {
			t.Errorf("%s: board is %v, %.2f:1 tall, want at most 1.5:1", tc.name, b.Size(), r)
		}
		imaging.Release(img)
	}
}

func TestTapestryRenderDispatch(t *testing.T) {
	v := tpMid(t)
	direct := map[imaging.Kind]func(tapestry.View, imaging.Options) (image.Image, error){
		imaging.Table: Table, imaging.Panel: Panel, imaging.Scoring: Scoring, imaging.Players: Players,
	}
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring, imaging.Players} {
		img, err := Pictures.Render(k, v, tpNamesOpt)
		if err != nil {
			t.Fatalf("Pictures.Render(%s): %v", k, err)
		}
		want, _ := direct[k](v, tpNamesOpt)
		if msg := imagingtest.DiffImages(want, img); msg != "" {
			t.Errorf("Pictures.Render(%s) differs from the direct call: %s", k, msg)
		}
		if _, err := Pictures.Render(k, &v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s, pointer): %v", k, err)
		}
		if !Pictures.Has(k, v) || !Pictures.Has(k, &v) {
			t.Errorf("Pictures.Has(%s, tapestry view) = false", k)
		}
	}
	if _, err := Pictures.Render(imaging.Players, (*tapestry.View)(nil), imaging.Options{}); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("nil view: %v", err)
	}
	if Pictures.Has(imaging.Players, (*tapestry.View)(nil)) || Pictures.Has("mural", v) || Pictures.Has(imaging.Table, 42) {
		t.Error("Has is true for a nil view, an unknown kind or an unknown view type")
	}
}

// tpBadView is a broken view, made by edit from a good one, and what the
// error refusing it must say.
type tpBadView struct {
	edit func(v *tapestry.View)
	want string
}

// checkRefused draws every kind of picture of base's view broken by each
// case, and checks that each is refused with an imaging error naming the
// fault.
func checkRefused(t *testing.T, base func(testing.TB) tapestry.View, cases map[string]tpBadView) {
	t.Helper()
	for name, tc := range cases {
		for _, k := range []imaging.Kind{imaging.Table, imaging.Players, imaging.Panel, imaging.Scoring} {
			v := base(t)
			tc.edit(&v)
			_, err := Pictures.Render(k, v, imaging.Options{})
			if err == nil || !strings.HasPrefix(err.Error(), "imaging: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, %s: err = %v, want %q", name, k, err, tc.want)
			}
		}
	}
}

func TestTapestryRefusesBadViews(t *testing.T) {
	checkRefused(t, tpMid, map[string]tpBadView{
		"tile":     {func(v *tapestry.View) { v.Map[0].Tile = 99 }, "unknown tapestry territory tile 99"},
		"outpost":  {func(v *tapestry.View) { v.Map[0].Outposts = []tapestry.Outpost{{Seat: 7}} }, "outpost of seat 7"},
		"tech row": {func(v *tapestry.View) { v.TechRow[0] = 40 }, "unknown tapestry tech card 40"},
		"mat":      {func(v *tapestry.View) { v.Players[1].Mat = 9 }, "unknown tapestry capital 9"},
		"cover":    {func(v *tapestry.View) { v.Players[0].Cover = "..." }, "with 3 plots"},
		"building": {func(v *tapestry.View) { v.Players[0].Beside = "z" }, `unknown tapestry building 'z'`},
		"slot":     {func(v *tapestry.View) { v.Players[2].Slots[2] = []tapestry.SlotCard{{Card: 120}} }, "unknown tapestry card 120"},
		"supply":   {func(v *tapestry.View) { v.Players[0].Tiles = []int{0} }, "territory tile 0 of seat 0"},
		"space":    {func(v *tapestry.View) { v.Players[0].Space = []int{16} }, "space tile 16"},
		"players":  {func(v *tapestry.View) { v.Players = nil }, "0 players"},
	})
}

// TestTapestrySpectatorPanel checks that a spectator's panel draws from
// the public view alone: the player to act's board, the hand hidden.
func TestTapestrySpectatorPanel(t *testing.T) {
	v := tpMid(t)
	if len(v.Hand) != 0 {
		t.Fatalf("the spectator's view holds a hand: %v", v.Hand)
	}
	img, err := Panel(v, tpNamesOpt)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != int(tpW) {
		t.Errorf("spectator panel is %v wide", img.Bounds().Dx())
	}
}

func TestTapestryFit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hexes []tapestry.MapHex
		w, h  float64
		want  float64
	}{
		{"large map in the table's box", tapestry.MapsLarge, 512, 574, 36}, // 512 / 14 wide
		{"small map in the table's box", tapestry.MapsSmall, 512, 574, 46}, // 512 / 11 wide
		{"large map capped", tapestry.MapsLarge, 4000, 4000, 64},
	} {
		var hexes []tapestry.Hex
		for _, h := range tc.hexes {
			hexes = append(hexes, tapestry.Hex{A: int8(h.At[0]), B: int8(h.At[1])})
		}
		g := tpFit(hexes, 10, 20, tc.w, tc.h, 64)
		if g.S != tc.want {
			t.Errorf("%s: radius %v, want %v", tc.name, g.S, tc.want)
		}
		for _, h := range hexes {
			cx, cy := g.centre(h)
			if cx-g.S < 10-0.5 || cx+g.S > 10+tc.w+0.5 || cy-0.866*g.S < 20-0.5 || cy+0.866*g.S > 20+tc.h+0.5 {
				t.Errorf("%s: hex %s at (%v, %v) leaves the box", tc.name, h, cx, cy)
			}
		}
	}
	// The neighbour across side 0 is straight above, across side 2 down
	// and to the right (maps.yaml).
	g := tpGeom{X: 100, Y: 100, S: 10}
	h := tapestry.Hex{A: 1, B: 2}
	x0, y0 := g.centre(h)
	x1, y1 := g.centre(h.Neighbour(0))
	x2, y2 := g.centre(h.Neighbour(2))
	if math.Abs(x1-x0) > 1e-9 || y1 >= y0 || x2 <= x0 || y2 <= y0 {
		t.Errorf("neighbours at (%v, %v) and (%v, %v) of (%v, %v)", x1, y1, x2, y2, x0, y0)
	}
	if cx, cy := tpCorner(0, 0, 10, 0); math.Abs(cx+5) > 1e-9 || math.Abs(cy+8.660254) > 1e-6 {
		t.Errorf("corner 0 (top left) at (%v, %v)", cx, cy)
	}
}

func TestTapestryDistance(t *testing.T) {
	o := tapestry.Hex{}
	for k := range 6 {
		if d := tpDistance(o, o.Neighbour(k)); d != 1 {
			t.Errorf("neighbour %d at distance %d", k, d)
		}
		if d := tpDistance(o, o.Neighbour(k).Neighbour(k)); d != 2 {
			t.Errorf("two steps across side %d at distance %d", k, d)
		}
	}
	for _, tc := range []struct {
		p, q tapestry.Hex
		want int
	}{{o, o, 0}, {tapestry.Hex{A: 3, B: -1}, o, 4}, {tapestry.Hex{A: 2, B: 3}, o, 3}, {tapestry.Hex{A: -4, B: 4}, tapestry.Hex{A: 4, B: -4}, 16}} {
		if d := tpDistance(tc.p, tc.q); d != tc.want {
			t.Errorf("distance %s to %s = %d, want %d", tc.p, tc.q, d, tc.want)
		}
	}
}

// TestTapestryAlignedMatchesVP checks the sides the rotation preview
// marks against the engine's alignment VP, for every rotation of every
// tile on every unexplored hex of a mid-game map.
func TestTapestryAlignedMatchesVP(t *testing.T) {
	v := tpFive(t)
	n := 0
	for _, tr := range v.Map {
		if tr.Explored() {
			continue
		}
		var nb [6]string
		for k := range 6 {
			if o := v.Terr(tr.Hex.Neighbour(k)); o != nil && o.Explored() {
				nb[k] = o.Corners()
			}
		}
		for tile := 1; tile <= len(tapestry.Territories); tile++ {
			for r := range 6 {
				placed := tapestry.Territory{Tile: tile, Rot: int8(r)}
				got := 0
				for _, ok := range tpAligned(placed.Corners(), nb) {
					got += btoi(ok)
				}
				if want := v.ExploreVP(tr.Hex, tile, r); got != want {
					t.Fatalf("tile %d turned %d on %s: %d sides marked, %d VP", tile, r, tr.Hex, got, want)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no unexplored hex")
	}
}

func TestTapestryPack(t *testing.T) {
	for _, tc := range []struct {
		n          int
		w, h       float64
		wantZ      float64
		wantPerRow int
	}{
		{1, 60, 36, 16, 3},
		{6, 60, 36, 16, 3},
		{7, 60, 36, 12, 4},  // three rows of 3 do not fit: shrink to 4 a row
		{12, 60, 36, 10, 5}, // nor three of 4 at 11: 5 a row
	} {
		z, per := tpPack(tc.n, tc.w, tc.h, 16)
		if z != tc.wantZ || per != tc.wantPerRow {
			t.Errorf("tpPack(%d) = %v, %d; want %v, %d", tc.n, z, per, tc.wantZ, tc.wantPerRow)
		}
		gap := math.Round(z / 5)
		rows := (tc.n + per - 1) / per
		if float64(per)*(z+gap)-gap > tc.w || float64(rows)*(z+gap)-gap > tc.h {
			t.Errorf("tpPack(%d): %d rows of %d at %v leave %v×%v", tc.n, rows, per, z, tc.w, tc.h)
		}
	}
}

func TestTapestryOptionKeys(t *testing.T) {
	for _, tc := range []struct {
		key  string
		verb string
		xs   []int
		y    int
		ok   bool
	}{
		{"at:3@5", "at", []int{3}, 5, true},
		{"lm:-1,7@2", "lm", []int{-1, 7}, 2, true},
		{"hex:-2@3", "hex", []int{-2}, 3, true},
		{"income", "income", nil, 0, false},
		{"adv:science:1", "adv", nil, 0, false},
		{"at:x@1", "at", nil, 0, false},
	} {
		verb, xs, y, ok := tpOpt(tc.key)
		if verb != tc.verb || ok != tc.ok || ok && (!slices.Equal(xs, tc.xs) || y != tc.y) {
			t.Errorf("tpOpt(%q) = %q %v %d %v", tc.key, verb, xs, y, ok)
		}
	}
}

func TestTapestryLandmarkExample(t *testing.T) {
	lighthouse := tapestry.LandmarkIndex("Lighthouse")
	xs := [][]int{{-1, -1}, {-1, 0}, {0, 0}, {4, 4}}
	ys := []int{0, 0, 0, 1}
	if got := tpExample(lighthouse, xs, ys); got != 2 {
		t.Errorf("example = %d, want the first placement wholly in the grid (2)", got)
	}
	if got := tpExample(lighthouse, xs[:2], ys[:2]); got != 0 {
		t.Errorf("example = %d, want the first when none is inside", got)
	}
	if got := tpExample(lighthouse, nil, nil); got != -1 {
		t.Errorf("example of none = %d", got)
	}
}

func TestTapestryCapitalLines(t *testing.T) {
	full := strings.Repeat("f", 81)
	if r, c, d := tpLines(1, full); r != 9 || c != 9 || d != 9 {
		t.Errorf("full capital: %d rows, %d columns, %d districts", r, c, d)
	}
	empty := strings.Repeat(".", 81)
	if r, c, d := tpLines(1, empty); r != 0 || c != 0 || d != 0 {
		t.Errorf("empty capital: %d rows, %d columns, %d districts", r, c, d)
	}
	// Mat 1's top row is open: building it up completes row 1 and, with
	// the impassable plots under them, no column.
	top := strings.Repeat("h", 9) + strings.Repeat(".", 72)
	if r, c, _ := tpLines(1, top); r != 1 || c != 0 {
		t.Errorf("top row built: %d rows, %d columns", r, c)
	}
}

func TestTapestryRanks(t *testing.T) {
	v := tpEnd(t)
	v.Players[0].VP, v.Players[1].VP, v.Players[2].VP, v.Players[3].VP = 50, 60, 50, 50
	v.Players[0].Res = tapestry.Res{1, 0, 0, 0}
	v.Players[2].Res = tapestry.Res{0, 0, 0, 1}
	v.Players[3].Res = tapestry.Res{}
	if got := tpRanking(v); !slices.Equal(got, []int{1, 0, 2, 3}) {
		t.Errorf("ranking %v", got)
	}
	for seat, want := range []int{2, 1, 2, 4} {
		if got := tpRank(v, seat); got != want {
			t.Errorf("rank of seat %d = %d, want %d", seat, got, want)
		}
	}
}

func TestTapestryCardTexts(t *testing.T) {
	for i, c := range tapestry.TapCards {
		s := tpCardText(c)
		if s == "" || strings.Contains(s, "bespoke") || strings.Contains(s, "_") {
			t.Errorf("card %d %s: %q", i, c.Name, s)
		}
	}
	for _, tt := range tapestry.Territories {
		if s := tpEffects(tt.Benefit); s == "" || strings.Contains(s, "_") {
			t.Errorf("tile %d: %q", tt.ID, s)
		}
	}
	for _, st := range tapestry.SpaceTiles {
		if s := tpEffects(st.Effects); s == "" || strings.Contains(s, "_") {
			t.Errorf("space tile %d: %q", st.ID, s)
		}
	}
}

// tpNode is one node of a game to render: its step, the picture and the
// view.
type tpNode struct {
	step int
	kind imaging.Kind
	view tapestry.View
}

// TestTapestryRendersWholeGame renders nodes of a seeded random game of
// five, from the first decision to the end: every fourth node, the kinds
// and the viewers (each seat and the spectator) in turn, and every kind
// at the last node. The renders run in parallel.
func TestTapestryRendersWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a whole game")
	}
	kinds := []imaging.Kind{imaging.Table, imaging.Players, imaging.Panel, imaging.Scoring}
	var nodes []tpNode
	i := 0
	tb := tpPlay(t, 5, 13, func(step int, tb games.Table) bool {
		i = step
		if step%4 == 0 {
			viewer := games.Seat(step/4%6 - 1)
			if step%3 == 0 {
				viewer = tb.ToAct()[0] // the seat deciding sees its preview
			}
			nodes = append(nodes, tpNode{step, kinds[(step/4)%4], tpViewOf(tb, viewer)})
		}
		return false
	})
	for _, k := range kinds {
		nodes = append(nodes, tpNode{i, k, tpViewOf(tb, 0)})
	}
	work := make(chan tpNode)
	errs := make(chan error, len(nodes))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for n := range work {
				img, err := Pictures.Render(n.kind, n.view, imaging.Options{})
				switch {
				case err != nil:
					errs <- fmt.Errorf("step %d %s: %w", n.step, n.kind, err)
				case img.Bounds().Dx() > 1600 || img.Bounds().Dy() > tpMaxHeight("_"+string(n.kind), img.Bounds().Dx()):
					errs <- fmt.Errorf("step %d %s: image is %v", n.step, n.kind, img.Bounds().Size())
				}
				imaging.Release(img)
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

func BenchmarkTapestryTable(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, tpFive(b), tpNamesOpt))
}
func BenchmarkTapestryTableSmall(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, tpMid(b), tpNamesOpt))
}
func BenchmarkTapestryPlayers(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Players, tpFive(b), tpNamesOpt))
}
func BenchmarkTapestryPanel(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, tpRotPanel(b), tpNamesOpt))
}
func BenchmarkTapestryPanelHexes(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, tpHexPanel(b), tpNamesOpt))
}
func BenchmarkTapestryPanelPlots(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, tpBuildPanel(b), tpNamesOpt))
}
func BenchmarkTapestryScoring(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Scoring, tpEnd(b), tpNamesOpt))
}
