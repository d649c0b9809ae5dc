package tapestry

import (
	"slices"
	"strings"
	"testing"
)

// addCivA gives seat the named civilization as chosen at setup (its mat
// as it starts) and returns its state.
func (f *fx) addCivA(seat int, name string) *CivState {
	f.t.Helper()
	c := CivIndex(name)
	if c < 0 {
		f.t.Fatalf("no civilization %q", name)
	}
	p := f.p(seat)
	p.Civs = append(p.Civs, newCivState(c, true))
	return &p.Civs[len(p.Civs)-1]
}

// civA is seat's state of the named civilization.
func (f *fx) civA(seat int, name string) *CivState {
	f.t.Helper()
	cs := f.s.civOf(seat, Civs[CivIndex(name)].Bespoke)
	if cs == nil {
		f.t.Fatalf("seat %d has no %s", seat, name)
	}
	return cs
}

// gainAnyN is the number of resources the pending gain_any ask gives.
func (f *fx) gainAnyN() int {
	f.t.Helper()
	opts := f.at("gain_any", int(f.s.Ask.Seat))
	return len(strings.TrimPrefix(opts[0], "gain:"))
}

// --- Architects ---------------------------------------------------------

// TestArchitectsDistrictOneTypeExtraResource: §20 E step 2 with the
// Architects: the district completed by the market holds only that
// market among its income buildings → 1 any + 1 more.
func TestArchitectsDistrictOneTypeExtraResource(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Architects")
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	f.do("lm:0,3@0")
	f.effs(0, Effect{Do: "building", Type: "market"})
	f.do("at:0@5")
	if n := f.gainAnyN(); n != 2 {
		t.Fatalf("district completion gives %d any, want 2", n)
	}
	f.do("gain:wu")
	f.idle()
	f.wantRes(0, 0, 1, 0, 1)
}

// TestArchitectsDistrictMixedTypesNoExtra: two income types in the
// completed district → only the normal resource; the same district
// completed by a farm among farms → 2.
func TestArchitectsDistrictMixedTypesNoExtra(t *testing.T) {
	// Mat 1, district 0: open plots (0,0) (0,1) (0,2) (1,2) (2,0) (2,1) (2,2).
	for _, c := range []struct {
		last string
		want int
	}{{"house", 1}, {"farm", 2}} {
		f := newTable(t, 3)
		f.addCivA(0, "Architects")
		for _, rc := range [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 0}, {2, 1}} {
			f.cover(0, rc[0], rc[1], 'f')
		}
		f.effs(0, Effect{Do: "building", Type: c.last})
		f.do("at:2@2")
		if n := f.gainAnyN(); n != c.want {
			t.Errorf("district finished by a %s: %d any, want %d", c.last, n, c.want)
		}
	}
	// No income building at all in a complete district: no extra.
	f := newTable(t, 3)
	f.addCivA(0, "Architects")
	f.p(0).Cover = cityPlace(f.p(0).Cover, cityDistrictPlots(0), 'B')
	if n := f.s.architectsDistricts(0, []int{0}); n != 0 {
		t.Errorf("a landmark-only district gives %d extra", n)
	}
	// Without the Architects: the one resource only.
	g := newTable(t, 3)
	for _, rc := range [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 0}, {2, 1}} {
		g.cover(0, rc[0], rc[1], 'f')
	}
	g.effs(0, Effect{Do: "building", Type: "farm"})
	g.do("at:2@2")
	if n := g.gainAnyN(); n != 1 {
		t.Errorf("without Architects: %d any", n)
	}
}

// TestArchitectsScoreCapitalEffect: score_capital pays 1 VP per complete
// line and the Architects 1 more per complete line whose income buildings
// are one type (landmarks and impassable plots ignored).
func TestArchitectsScoreCapitalEffect(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Architects")
	// Row 0 (all open on mat 1): farms and a landmark → one type.
	for c := range 9 {
		f.cover(0, 0, c, 'f')
	}
	f.cover(0, 0, 4, 'B')
	// Row 1 (XX...XXX.): a house and a farm → mixed.
	f.cover(0, 1, 2, 'h')
	f.cover(0, 1, 3, 'h')
	f.cover(0, 1, 4, 'B')
	f.cover(0, 1, 8, 'f')
	f.effs(0, eff("score_capital"))
	f.wantVP(0, 2+1)
	// Without the Architects the same capital scores 2.
	g := newTable(t, 3)
	g.p(0).Cover = f.p(0).Cover
	g.effs(0, eff("score_capital"))
	g.wantVP(0, 2)
}

// TestArchitectsIncomeVPScoresCapital: the income mat's capital icons
// (step 3) include the Architects' extra VP.
func TestArchitectsIncomeVPScoresCapital(t *testing.T) {
	cover := func(f *fx) {
		for c := range 9 {
			f.cover(0, 0, c, 'm')
		}
	}
	f := newTable(t, 3)
	cover(f)
	f.s.incomeVP(0, &events{})
	plain := f.p(0).VP
	g := newTable(t, 3)
	g.addCivA(0, "Architects")
	cover(g)
	g.s.incomeVP(0, &events{})
	icons := 0
	for i := 0; i < g.p(0).Level(House); i++ {
		for _, e := range IncomeRows[House][i].VP {
			if e.Do == "score_capital" {
				icons++
			}
		}
	}
	if icons == 0 {
		t.Fatal("no capital icon uncovered on the house row")
	}
	if got := g.p(0).VP - plain; got != icons {
		t.Errorf("Architects add %d VP in the income step, want %d (1 line × %d icons)", got, icons, icons)
	}
}

// TestArchitectsExampleE: §20 E with the Architects: row 1 (house, farm)
// and column 5 (market, armory) are mixed → no extra: 1, then 2 VP.
func TestArchitectsExampleE(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Architects")
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	f.do("lm:0,3@0")
	f.effs(0, Effect{Do: "building", Type: "market"})
	f.dos("at:0@5", "gain:ww")
	f.effs(0, Effect{Do: "building", Type: "house"})
	f.do("at:1@2")
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("at:1@8")
	f.effs(0, eff("score_capital"))
	f.wantVP(0, 1)
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Launch Pad")})
	f.do("lm:5,4@0")
	f.effs(0, Effect{Do: "building", Type: "armory"})
	f.do("at:8@5")
	f.idle()
	f.effs(0, eff("score_capital"))
	f.wantVP(0, 1+2)
}

// TestArchitectsMidgameSwapsR13: gained mid-game, the Architects may swap
// two income buildings of the grid up to 3 times; a swap pays nothing
// (R13), though later scorings see the new layout.
func TestArchitectsMidgameSwapsR13(t *testing.T) {
	f := newTable(t, 3)
	for c := range 8 {
		f.cover(0, 0, c, 'f')
	}
	f.cover(0, 0, 8, 'h')
	f.cover(0, 2, 0, 'f')
	f.s.gainCiv(0, CivIndex("Architects"), &events{})
	f.settle()
	opts := f.at("c:architects_swap", 0)
	if len(opts) != 10 || !slices.Contains(opts, "swap:done") || !f.has("swap:8@18") {
		t.Fatalf("swap options %v", opts)
	}
	if f.civA(0, "Architects").Swaps != 3 {
		t.Fatalf("swaps %d", f.civA(0, "Architects").Swaps)
	}
	f.do("swap:8@18")
	if c := f.p(0).Cover; c[8] != 'f' || c[18] != 'h' {
		t.Fatalf("cover after swap: %q", c[:27])
	}
	f.wantVP(0, 0)
	f.wantRes(0, 0, 0, 0, 0)
	f.dos("swap:0@18", "swap:0@18")
	f.idle() // three swaps: no more asked
	if f.civA(0, "Architects").Swaps != 0 {
		t.Errorf("swaps left %d", f.civA(0, "Architects").Swaps)
	}
	f.wantVP(0, 0)
	f.wantRes(0, 0, 0, 0, 0)
	// Row 0 is all farms again after the second and third swaps undo
	// each other: the next scoring counts it with the Architects' extra.
	f.effs(0, eff("score_capital"))
	f.wantVP(0, 2)
	// swap:done stops early.
	g := newTable(t, 3)
	g.cover(0, 0, 0, 'f')
	g.cover(0, 0, 1, 'h')
	g.s.gainCiv(0, CivIndex("Architects"), &events{})
	g.settle()
	g.do("swap:done")
	g.idle()
	if g.p(0).Cover[:2] != "fh" {
		t.Errorf("cover %q", g.p(0).Cover[:2])
	}
}

// --- Craftsmen ------------------------------------------------------------

// TestCraftsmenStatueBottomFirst: an income building may go on the lowest
// empty space of a statue column and pays that space; a full column is no
// longer offered; the capital stays a choice.
func TestCraftsmenStatueBottomFirst(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Craftsmen")
	f.effs(0, Effect{Do: "building", Type: "farm"})
	for _, k := range []string{"statue:a", "statue:b", "statue:c", "at:0@0"} {
		if !f.has(k) {
			t.Fatalf("%s missing from %v", k, f.s.Ask.Opts)
		}
	}
	f.do("statue:a") // A1: 1 worker
	f.idle()
	f.wantRes(0, 0, 1, 0, 0)
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("statue:a") // A2: 1 territory tile
	f.at("draw_terr", -1)
	f.draws()
	if len(f.p(0).Tiles) != 1 {
		t.Errorf("tiles %v", f.p(0).Tiles)
	}
	f.effs(0, Effect{Do: "building", Type: "house"})
	f.do("statue:a") // A3: 5 VP
	f.wantVP(0, 5)
	f.effs(0, Effect{Do: "building", Type: "market"})
	if f.has("statue:a") || !f.has("statue:b") {
		t.Errorf("after 3 on column A: %v", f.s.Ask.Opts)
	}
	f.do("statue:b") // B1: 1 coin
	f.wantRes(0, 1, 1, 0, 0)
	cs := f.civA(0, "Craftsmen")
	if cs.Steps != [3]int8{3, 1, 0} {
		t.Errorf("statue steps %v", cs.Steps)
	}
	p := f.p(0)
	if p.Cover != strings.Repeat(".", 81) || p.Beside != "" {
		t.Errorf("statue buildings reached the capital: %q %q", p.Cover, p.Beside)
	}
	if p.Taken != [NumBuildings]int8{2, 1, 1, 0} {
		t.Errorf("taken %v", p.Taken)
	}
	if f.s.count(0, "farms", "") != 2 || f.s.count(0, "markets", "") != 1 {
		t.Error("statue buildings do not count as the player's buildings")
	}
}

// TestCraftsmenStatueMonarchyR30: a statue building fires Monarchy (3 VP)
// after the space's own effect.
func TestCraftsmenStatueMonarchyR30(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Craftsmen")
	f.active(0, "Monarchy")
	f.effs(0, Effect{Do: "building", Type: "armory"})
	f.do("statue:c") // C1: 1 food
	f.idle()
	f.wantVP(0, 3)
	f.wantRes(0, 0, 0, 1, 0)
}

// TestCraftsmenStatueNeverCompletesDistricts: a statue building leaves
// the capital's last plot of a district open (no district resource, no
// line).
func TestCraftsmenStatueNeverCompletesDistricts(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Craftsmen")
	for _, rc := range [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 0}, {2, 1}} {
		f.cover(0, rc[0], rc[1], 'f')
	}
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("statue:c")
	f.idle() // no gain_any for a district
	f.wantRes(0, 0, 0, 1, 0)
	if cityDistricts(Mats[0].base, f.p(0).Cover)[0] {
		t.Error("district 0 is complete")
	}
	// The same building in the capital completes it.
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("at:2@2")
	f.at("gain_any", 0)
}

// TestCraftsmenCapitalFullStatueOrBeside: with no open plot the choice is
// the statue or beside the mat; beside still fires Monarchy.
func TestCraftsmenCapitalFullStatueOrBeside(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Craftsmen")
	f.fillOpen(0)
	f.active(0, "Monarchy")
	f.effs(0, Effect{Do: "building", Type: "house"})
	want := []string{"statue:a", "statue:b", "statue:c", "beside"}
	if opts := f.at("place_building", 0); len(opts) != len(want) {
		t.Fatalf("options %v, want %v", opts, want)
	}
	f.do("beside")
	f.idle()
	if f.p(0).Beside != "h" {
		t.Errorf("beside %q", f.p(0).Beside)
	}
	f.wantVP(0, 3)
	// Without Craftsmen (or Nomads) nothing is asked: beside at once.
	g := newTable(t, 3)
	g.fillOpen(0)
	g.effs(0, Effect{Do: "building", Type: "house"})
	g.idle()
	if g.p(0).Beside != "h" {
		t.Errorf("beside %q", g.p(0).Beside)
	}
}

// TestCivCapitalLabels: every placement key of these civilizations has
// a label of its own.
func TestCivCapitalLabels(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Craftsmen")
	f.addCivA(0, "Nomads")
	f.effs(0, Effect{Do: "building", Type: "farm"})
	v := Game{}.View(&f.s, 0)
	for _, k := range f.s.Ask.Opts {
		l := Game{}.Label(v, Action{k})
		if l == k || l == "" {
			t.Errorf("key %q has label %q", k, l)
		}
	}
	if l := (Game{}).Label(v, Action{"statue:a"}); l != "Statue column A → gain 1 worker" {
		t.Errorf("statue label %q", l)
	}
}
