package tapestry

import (
	"image"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// The civilizations in the Tapestry pictures: goldens of seeded games
// with the default option (civilizations: standard), and tests of every
// civilization's mat and decisions on made-up views.

// tpCivChoicePanel is the panel of a player choosing between the two
// civilizations dealt at set-up.
func tpCivChoicePanel(t testing.TB) tapestry.View { return tpPanelAt(t, 4, 11, 0, "civ") }

// tpCivEnd is a finished five-player game: Historians' tokens all given,
// Inventors' all placed, Merrymakers, Futurists and Militants.
func tpCivEnd(t testing.TB) tapestry.View {
	return tpViewOf(tpPlay(t, 5, 13, func(int, games.Table) bool { return false }), games.Spectator)
}

// tpCivTable is a five-player game after 350 moves with Traders' tokens
// on the map and, set by hand (the engine's conquest places none yet), an
// Isolationists token beside one of their outposts.
func tpCivTable(t testing.TB) tapestry.View {
	v := tpViewOf(tpPlay(t, 5, 7, func(i int, _ games.Table) bool { return i >= 350 }), games.Spectator)
	iso := tpCivOwner(v, "Isolationists")
	for i := range v.Map {
		tr := &v.Map[i]
		if iso >= 0 && tr.Controller() == iso && tr.Items() == 1 {
			tr.Tokens = append(tr.Tokens, tapestry.Token{Seat: int8(iso), Kind: "iso"})
			v.Players[iso].Civs[0].Left--
			break
		}
	}
	return v
}

// tpCivPathPanel is the panel of a player moving Entertainers' token.
func tpCivPathPanel(t testing.TB) tapestry.View { return tpPanelAt(t, 5, 7, 70, "c:entertainers") }

// tpCivOwner is the seat owning the named civilization, or -1.
func tpCivOwner(v tapestry.View, name string) int {
	for s, p := range v.Players {
		for _, cs := range p.Civs {
			if tapestry.Civs[cs.Civ].Name == name {
				return s
			}
		}
	}
	return -1
}

func tpCivGoldens(t *testing.T) []imagingtest.Golden {
	return []imagingtest.Golden{
		{Name: "tp_civ_table", Draw: func() (image.Image, error) { return Table(tpCivTable(t), tpNamesOpt) }},
		{Name: "tp_civ_players", Draw: func() (image.Image, error) { return Players(tpCivEnd(t), tpNamesOpt) }},
		{Name: "tp_civ_choice_panel", Draw: func() (image.Image, error) { return Panel(tpCivChoicePanel(t), tpNamesOpt) }},
		{Name: "tp_civ_predict_panel", Draw: func() (image.Image, error) {
			return Panel(tpPanelAt(t, 5, 9, 7, "c:mystics_predict"), tpNamesOpt)
		}},
		{Name: "tp_civ_traders_panel", Draw: func() (image.Image, error) {
			return Panel(tpPanelAt(t, 5, 7, 120, "c:traders"), tpNamesOpt)
		}},
		{Name: "tp_civ_heralds_panel", Draw: func() (image.Image, error) {
			return Panel(tpPanelAt(t, 3, 12, 70, "c:heralds"), tpNamesOpt)
		}},
		{Name: "tp_civ_path_panel", Draw: func() (image.Image, error) { return Panel(tpCivPathPanel(t), tpNamesOpt) }},
	}
}

func TestGoldenTapestryCivs(t *testing.T) {
	imagingtest.CheckGoldens(t, tpCivGoldens(t), tpMaxHeight)
}

func BenchmarkTapestryPlayersCivs(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Players, tpCivEnd(b), tpNamesOpt))
}
func BenchmarkTapestryTableCivs(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, tpCivTable(b), tpNamesOpt))
}
func BenchmarkTapestryPanelCivChoice(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, tpCivChoicePanel(b), tpNamesOpt))
}
func BenchmarkTapestryPanelCivPath(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, tpCivPathPanel(b), tpNamesOpt))
}

// tpCivMat is civilization i's mat as the engine starts it.
func tpCivMat(i int, start bool) tapestry.CivState {
	c := tapestry.Civs[i]
	cs := tapestry.CivState{Civ: int8(i), Start: start, Left: int8(c.Tokens)}
	switch c.Bespoke {
	case "entertainers_path":
		cs.Pos = "start"
	case "historians":
		cs.Given, cs.Left = []int8{-1, -1, -1, -1}, 0
	}
	return cs
}

// TestTapestryCivMats: every civilization's mat reads in plain words on
// the players picture, and five players still fit in the picture's
// height, one of them even with three civilizations.
func TestTapestryCivMats(t *testing.T) {
	v := tpFive(t)
	for i := range tapestry.Civs {
		cs := tpCivMat(i, true)
		cs.Steps, cs.Used, cs.Marks, cs.Rows = [3]int8{1, 2, 0}, [4]bool{true}, [4]bool{false, true}, [2]int8{1, 2}
		cs.Pred, cs.Hit, cs.Swaps = [4]int8{3, 2, 0, 1}, [4]bool{true}, 2
		cs.Cards = []int{4, 4, 7}
		if cs.Given != nil {
			cs.Given = []int8{1, 1, -1, 2}
		}
		if cs.Pos != "" {
			cs.Pos = "market"
		}
		s := tpCivState(v, tpNamesOpt, 0, cs)
		if s == "" || strings.Contains(s, "_") || strings.Contains(s, "{{") {
			t.Errorf("%s: mat %q", tapestry.Civs[i].Name, s)
		}
	}
	// Every civilization in play over four pictures, then one player
	// holding three (one chosen, two gained: the most there can be).
	n := len(tapestry.Civs)
	for k := 0; k*len(v.Players) < n; k++ {
		for s := range v.Players {
			v.Players[s].Civs = []tapestry.CivState{tpCivMat((k*len(v.Players)+s)%n, true)}
		}
		if k == 3 {
			v.Players[4].Civs = append(v.Players[4].Civs, tpCivMat(0, false), tpCivMat(1, false))
		}
		img, err := Players(v, tpNamesOpt)
		if err != nil {
			t.Fatal(err)
		}
		if h := img.Bounds().Dy(); h > int(tpMaxH) {
			t.Errorf("five players, picture %d: %d high", k, h)
		}
		imaging.Release(img)
	}
	if d := tpPlayersDims(v, 10); d.cell < 15 || d.pitch < 22 {
		t.Errorf("five players, one with three civilizations: plots of %v px, lines %v apart", d.cell, d.pitch)
	}
	// Without civilizations the blocks keep their size.
	v = tpFive(t)
	v.CivDeck = 0
	for s := range v.Players {
		v.Players[s].Civs = nil
	}
	if d := tpPlayersDims(v, 10); d.cell != tpCell || d.content != tpBlockH-42 || slices.Max(d.civ) != 0 {
		t.Errorf("no civilizations: %+v", d)
	}
}

// tpCivAskCase is a made-up civilization decision for seat 0 of a
// mid-game view: the ask, its options, and the mat it is about.
type tpCivAskCase struct {
	kind string
	civ  string
	opts []string
	edit func(v *tapestry.View)
}

// tpCivAskCases are one decision of each kind the engine asks.
func tpCivAskCases(t *testing.T, v tapestry.View) []tpCivAskCase {
	// A face-up card on top of an opponent's slot, a tech card in an
	// opponent's lower rows, an explored empty hex, two buildings of
	// different kinds in seat 0's capital.
	herald := ""
	for o := 1; o < len(v.Players) && herald == ""; o++ {
		for k, sl := range v.Players[o].Slots {
			if len(sl) > 0 && !sl[len(sl)-1].Down && sl[len(sl)-1].Card >= 0 {
				herald = "herald:" + strconv.Itoa(o) + "@" + strconv.Itoa(k)
				break
			}
		}
	}
	inv := ""
	for o := range v.Players {
		if ids := slices.Concat(v.Players[o].Tech[0], v.Players[o].Tech[1]); len(ids) > 0 && inv == "" {
			inv = "inv:" + strconv.Itoa(o) + "@" + strconv.Itoa(ids[0])
		}
	}
	trader := ""
	for _, tr := range v.Map {
		if tr.Explored() && tr.Items() == 0 && trader == "" {
			trader = "trader:" + strconv.Itoa(int(tr.Hex.A)) + "@" + strconv.Itoa(int(tr.Hex.B))
		}
	}
	cover := v.Players[0].Cover
	i := strings.IndexAny(cover, tapestry.BuildingLetters)
	j := strings.IndexFunc(cover, func(r rune) bool {
		return strings.ContainsRune(tapestry.BuildingLetters, r) && i >= 0 && r != rune(cover[i])
	})
	if herald == "" || inv == "" || trader == "" || i < 0 || j < 0 {
		t.Fatalf("the view lacks a target: %q %q %q %d %d", herald, inv, trader, i, j)
	}
	var predict []string
	for n := 1; n <= 9; n++ {
		predict = append(predict, "predict:"+strconv.Itoa(n))
	}
	return []tpCivAskCase{
		{"civ", "", []string{"civ:15", "civ:3"}, func(v *tapestry.View) { v.Players[0].Civs, v.Players[0].Dealt = nil, []int8{15, 3} }},
		{"civ_order", "Leaders", []string{"civfirst:0", "civfirst:1"}, func(v *tapestry.View) {
			v.Players[0].Civs = append(v.Players[0].Civs, tpCivMat(tapestry.CivIndex("Merrymakers"), false))
		}},
		{"c:alchemists", "Alchemists", []string{"alch:roll", "alch:stop"}, func(v *tapestry.View) { v.Players[0].Civs[0].Marks[1] = true }},
		{"c:alchemists_adv", "Alchemists", []string{"alchadv:science", "alchadv:military", "alchadv:done"}, nil},
		{"c:entertainers", "Entertainers", []string{"ent:coin", "ent:culture", "ent:food", "ent:worker"}, nil},
		{"c:heralds", "Heralds", []string{herald, "herald:skip"}, nil},
		{"c:heralds_fire", "Heralds", []string{"fire:3", "fire:skip"}, nil},
		{"c:historians", "Historians", []string{"hist:0@1", "hist:0@2", "hist:1@1", "hist:skip"}, nil},
		{"c:historians_tile", "Historians", []string{"histtile:5", "histtile:12"}, nil},
		{"c:historians_give", "Historians", []string{"histgive:1", "histgive:2"}, nil},
		{"c:inventors", "Inventors", []string{inv, "inv:skip"}, nil},
		{"c:inventors_copy", "Inventors", []string{"invcopy:copy", "invcopy:skip"}, nil},
		{"c:leaders", "Leaders", []string{"lead:exploration", "lead:science", "lead:skip"}, nil},
		{"c:merrymakers", "Merrymakers", []string{"merry:a", "merry:b", "merry:c"}, func(v *tapestry.View) { v.Players[0].Civs[0].Steps = [3]int8{1, 0, 2} }},
		{"c:mystics_predict", "Mystics", predict, func(v *tapestry.View) { v.Players[0].Civs[0].Pred = [4]int8{4, 2, 0, 0} }},
		{"c:militants_row", "Militants", []string{"milrow:top", "milrow:bottom"}, nil},
		{"c:architects_swap", "Architects", []string{"swap:" + strconv.Itoa(i) + "@" + strconv.Itoa(j), "swap:done"}, func(v *tapestry.View) { v.Players[0].Civs[0].Swaps = 3 }},
		{"c:traders", "Traders", []string{trader, "trader:skip"}, nil},
		{"c:craftsmen_statue", "Craftsmen", []string{"statue:a", "statue:no"}, nil},
	}
}

// TestTapestryCivDecisions: every civilization decision has a note in
// words, a titled decision box and button labels in words (no keys, no
// data names), and the panel stays within the layout limits.
func TestTapestryCivDecisions(t *testing.T) {
	base := tpMid(t)
	for _, tc := range tpCivAskCases(t, base) {
		v := tpMid(t)
		v.Viewer = 0
		if tc.civ != "" {
			v.Players[0].Civs = []tapestry.CivState{tpCivMat(tapestry.CivIndex(tc.civ), true)}
		}
		if tc.edit != nil {
			tc.edit(&v)
		}
		v.Ask = &tapestry.AskView{Kind: tc.kind, Seat: 0, Opts: tc.opts}
		if tc.kind == "c:inventors_copy" {
			v.Ask.N = 7
			v.Players[0].Civs = []tapestry.CivState{tpCivMat(tapestry.CivIndex(tc.civ), true)}
		}
		note := tpAskText(v, v.Ask)
		if note == "" || strings.Contains(note, "c:") || strings.Contains(note, "_") {
			t.Errorf("%s: note %q", tc.kind, note)
		}
		pv := tpPreviewOf(v)
		if title := tpPreviewTitle(v, pv); strings.Contains(title, "_") || strings.Contains(title, "c:") {
			t.Errorf("%s: title %q", tc.kind, title)
		}
		for _, k := range tc.opts {
			if strings.HasPrefix(k, "statue:") {
				continue // a routine not written yet: its labels come with it
			}
			l := games.FillPlain(tpLabel(v, k), tpNamesOpt.Names)
			if l == k || l == "" || len(l) > 80 || strings.Contains(l, "_") || strings.Contains(l, "{{") {
				t.Errorf("%s: label of %q is %q", tc.kind, k, l)
			}
		}
		img, err := Panel(v, tpNamesOpt)
		if err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		if b := img.Bounds(); b.Dy() > int(tpMaxH) || b.Dx() != int(tpW) {
			t.Errorf("%s: panel is %v", tc.kind, b.Size())
		}
		imaging.Release(img)
		if _, err := Table(v, tpNamesOpt); err != nil {
			t.Errorf("%s: table: %v", tc.kind, err)
		}
	}
}

// TestTapestryCivPreviews: the decisions that place something show where
// (Traders on the map, Architects in the capital, Entertainers on the
// path), the set-up choice shows the two civilizations dealt, and every
// other civilization decision its mat and choices.
func TestTapestryCivPreviews(t *testing.T) {
	base := tpMid(t)
	want := map[string]tpPreview{"civ": tpPrevCivChoice, "c:traders": tpPrevHexes, "c:architects_swap": tpPrevCivSwap,
		"c:entertainers": tpPrevCivPath}
	for _, tc := range tpCivAskCases(t, base) {
		v := tpMid(t)
		v.Viewer = 0
		if tc.civ != "" {
			v.Players[0].Civs = []tapestry.CivState{tpCivMat(tapestry.CivIndex(tc.civ), true)}
		}
		if tc.edit != nil {
			tc.edit(&v)
		}
		v.Ask = &tapestry.AskView{Kind: tc.kind, Seat: 0, Opts: tc.opts}
		w, ok := want[tc.kind]
		if !ok {
			w = tpPrevCiv
		}
		if got := tpPreviewOf(v); got != w {
			t.Errorf("%s: preview %d, want %d", tc.kind, got, w)
		}
	}
}

// TestTapestryCivChoiceFits: the set-up choice fits any two
// civilizations, their texts never cut.
func TestTapestryCivChoiceFits(t *testing.T) {
	v := tpCivChoicePanel(t)
	for i := range tapestry.Civs {
		v.Players[v.Viewer].Dealt = []int8{int8(i), int8((i + 7) % len(tapestry.Civs))}
		img, err := Panel(v, tpNamesOpt)
		if err != nil {
			t.Fatal(err)
		}
		if h := img.Bounds().Dy(); h > int(tpMaxH) {
			t.Errorf("%v: panel %d high", v.Players[v.Viewer].Dealt, h)
		}
		imaging.Release(img)
	}
}

// TestTapestryCivTokensDrawn: a territory's tokens are drawn beside its
// outposts, and a view with a token of an unknown seat or an unknown
// civilization is refused.
func TestTapestryCivTokensDrawn(t *testing.T) {
	v := tpCivTable(t)
	if !tpMapTokens(v) || !strings.Contains(tpMapLegend(v), "T, I") {
		t.Fatalf("no tokens on the map: %q", tpMapLegend(v))
	}
	checkRefused(t, tpCivTable, map[string]tpBadView{
		"token":    {func(v *tapestry.View) { v.Map[0].Tokens = []tapestry.Token{{Seat: 9, Kind: "trade"}} }, "token of seat 9"},
		"civ":      {func(v *tapestry.View) { v.Players[0].Civs = []tapestry.CivState{{Civ: 40}} }, "unknown tapestry civilization 40"},
		"dealt":    {func(v *tapestry.View) { v.Players[1].Dealt = []int8{-2} }, "unknown tapestry civilization -2"},
		"inventor": {func(v *tapestry.View) { v.Players[0].Civs = []tapestry.CivState{{Civ: 7, Cards: []int{99}}} }, "tech card 99"},
	})
}

// TestTapestryCivLines: before the reveal a player's line says where the
// secret choice stands without naming another player's civilizations.
func TestTapestryCivLines(t *testing.T) {
	v := tpCivChoicePanel(t)
	me := int(v.Viewer)
	mine := tpCivLines(v, tpNamesOpt, me)
	if len(mine) != 1 || !strings.Contains(mine[0].text, tapestry.Civs[v.Players[me].Dealt[0]].Name) {
		t.Errorf("own line %+v", mine)
	}
	for s := range v.Players {
		if s == me {
			continue
		}
		for _, ln := range tpCivLines(v, tpNamesOpt, s) {
			for _, c := range tapestry.Civs {
				if strings.Contains(ln.text, c.Name) {
					t.Errorf("seat %d's line names %s: %q", s, c.Name, ln.text)
				}
			}
		}
	}
	v.Players[1].Chosen = 99
	if l := tpCivLines(v, tpNamesOpt, 1); !strings.Contains(l[0].text, "secret") {
		t.Errorf("a secret choice: %+v", l)
	}
}
