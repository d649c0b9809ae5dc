package tapestry

import (
	"slices"
	"strconv"
	"testing"

	"spindle/games"
)

// Hexes next to start1 (seat 0 of newTable): printed [-3,-3], [-2,-1] and
// [-1,-2] (empty), unexplored [-3,-2], [-1,-1], [-2,-3].
var (
	nextTo1 = Hex{-2, -3} // unexplored; the tests lay tile 7 (1 coin) on it
	farHex  = Hex{-3, -2} // unexplored, next to [-3,-3] and [-2,-2]
)

// --- Nomads -------------------------------------------------------------

// TestNomadsBuildingBesideOwnOutpost: (a) a building on a controlled
// territory holding 1 item → 1 any; the territory now holds 2 items and
// cannot be conquered; the building counts for per-building VP, never in
// the capital.
func TestNomadsBuildingBesideOwnOutpost(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.outpost(printed, 0, false)
	f.effs(0, Effect{Do: "building", Type: "market"})
	for _, k := range []string{"nomad:-1@-2", "nomad:-3@-3", "nomad:-2@-1", "at:0@0"} {
		if !f.has(k) {
			t.Fatalf("%s missing from %v", k, f.s.Ask.Opts)
		}
	}
	if f.has("nomad:-2@-2") || f.has("beside") {
		t.Errorf("the starting territory (2 items) or beside offered: %v", f.s.Ask.Opts)
	}
	f.do("nomad:-1@-2")
	if n := f.gainAnyN(); n != 1 {
		t.Fatalf("gain %d any", n)
	}
	f.do("gain:c")
	f.idle()
	f.wantRes(0, 1, 0, 0, 0)
	tr := f.terr(printed)
	if tr.Items() != 2 || tr.Outposts[1] != (Outpost{Seat: 0, Bld: 'm'}) {
		t.Errorf("territory %+v", tr)
	}
	f.outpost(Hex{-1, -1}, 1, false)
	f.explore(Hex{-1, -1}, 9)
	if slices.Contains(f.s.conquerTargets(1, false), printed) {
		t.Error("a 2-item Nomads territory is a conquer target")
	}
	p := f.p(0)
	if p.Cover != emptyCover || p.Beside != "" || f.s.count(0, "markets", "") != 1 {
		t.Errorf("cover %q beside %q markets %d", p.Cover, p.Beside, f.s.count(0, "markets", ""))
	}
}

var emptyCover = func() string {
	b := make([]byte, 81)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}()

// TestNomadsBuildingTakesEmptyTerritory: (b) a building on an empty
// explored territory next to a controlled one gives control; not a
// conquer: no dice, no resource, no middle-island achievement.
func TestNomadsBuildingTakesEmptyTerritory(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.effs(0, Effect{Do: "building", Type: "farm"})
	if f.has("nomad:0@0") || f.has("nomad:-3@-2") {
		t.Errorf("a far or unexplored hex offered: %v", f.s.Ask.Opts)
	}
	f.do("nomad:-3@-3")
	f.idle()
	f.wantRes(0, 0, 0, 0, 0)
	if !f.s.Controls(0, f.terr(Hex{-3, -3})) || f.s.Controlled(0) != 2 || f.s.Red != -1 {
		t.Errorf("control %d, dice %d", f.s.Controlled(0), f.s.Red)
	}
	if f.p(0).Outposts != 8 {
		t.Errorf("an outpost left the supply: %d", f.p(0).Outposts)
	}
	// The middle island, next to a controlled territory: control, no
	// achievement.
	f.explore(Hex{-1, -1}, 9)
	f.outpost(Hex{-1, -1}, 0, false)
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("nomad:0@0")
	f.idle()
	if !f.s.Controls(0, f.terr(middle)) || f.p(0).Achieved[2] || f.p(0).VP != 0 {
		t.Errorf("middle island: control %v, achieved %v, VP %d", f.s.Controls(0, f.terr(middle)), f.p(0).Achieved, f.p(0).VP)
	}
}

// TestNomadsLandmarkOnMap: a landmark may go on the map instead; it still
// counts as the player's landmark.
func TestNomadsLandmarkOnMap(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	if !f.has("lm:0,3@0") || !f.has("nomad:-3@-3") || f.has("beside") {
		t.Fatalf("landmark options %v", f.s.Ask.Opts)
	}
	f.do("nomad:-3@-3")
	f.idle()
	code := byte('A' + lmk(t, "Lighthouse"))
	if tr := f.terr(Hex{-3, -3}); len(tr.Outposts) != 1 || tr.Outposts[0].Bld != code {
		t.Errorf("territory %+v", tr)
	}
	if f.p(0).Cover != emptyCover || f.s.count(0, "landmarks", "") != 1 {
		t.Errorf("cover %q, landmarks %d", f.p(0).Cover, f.s.count(0, "landmarks", ""))
	}
	f.effs(0, Effect{Do: "vp_per", Per: "landmarks", Each: 2})
	f.wantVP(0, 2)
}

// TestNomadsLandmarkCapitalFullBesideOrMap: with no place in the capital
// the landmark goes beside the mat or on the map.
func TestNomadsLandmarkCapitalFullBesideOrMap(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.fillOpen(0)
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	want := []string{"nomad:-1@-2", "nomad:-2@-1", "nomad:-3@-3", "beside"}
	opts := f.at("place_landmark", 0)
	for _, k := range want {
		if !slices.Contains(opts, k) {
			t.Fatalf("options %v, want %v", opts, want)
		}
	}
	f.do("beside")
	f.idle()
	if f.p(0).Beside != string(rune('A'+lmk(t, "Lighthouse"))) {
		t.Errorf("beside %q", f.p(0).Beside)
	}
}

// TestNomadsBuildingConqueredIsToppled (§19 item 45): an opponent
// conquers a lone Nomads building like an outpost and topples it; it
// still counts for per-building VP, and the toppled building counts for
// the attacker's topple-two.
func TestNomadsBuildingConqueredIsToppled(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.effs(0, Effect{Do: "building", Type: "market"})
	f.do("nomad:-3@-3")
	f.explore(farHex, 9)
	f.outpost(farHex, 1, false)
	f.effs(1, eff("conquer"))
	f.do("hex:-3@-3")
	f.at("conquer_roll", -1) // seat 0 holds no card: no trap window
	f.dos(roll(0, 0), "die:red")
	f.idle()
	tr := f.terr(Hex{-3, -3})
	if !tr.Outposts[0].Down || tr.Outposts[0].Bld != 'm' || tr.Controller() != 1 {
		t.Errorf("territory %+v", tr)
	}
	f.effs(0, Effect{Do: "vp_per", Per: "markets", Each: 3})
	f.wantVP(0, 3)
	// A second toppled opponent piece under seat 1's control: topple two.
	f.outpost(farHex, 0, true)
	f.push(Task{Op: "achieve"})
	if !f.p(1).Achieved[1] {
		t.Error("the toppled Nomads building does not count for topple two")
	}
}

// TestNomadsMapBuildingNoMonarchyR30: Monarchy pays for the capital, not
// for the map.
func TestNomadsMapBuildingNoMonarchyR30(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Nomads")
	f.active(0, "Monarchy")
	f.effs(0, Effect{Do: "building", Type: "house"})
	f.do("nomad:-3@-3")
	f.idle()
	f.wantVP(0, 0)
	f.effs(0, Effect{Do: "building", Type: "house"})
	f.do("at:0@0")
	f.idle()
	f.wantVP(0, 3)
}

// --- Isolationists ------------------------------------------------------

// TestIsolationistsTokenOnEmptyConquest: conquering a territory that held
// no item, the player may add a token (then 2 items) and gains 1 any,
// before the dice (§7.4.2 step 3).
func TestIsolationistsTokenOnEmptyConquest(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Isolationists")
	f.explore(nextTo1, 7)
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(nextTo1))
	if opts := f.at("c:isolationists", 0); !slices.Equal(opts, []string{"iso:place", "iso:skip"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("iso:place")
	f.at("gain_any", 0)
	f.do("gain:f")
	f.at("conquer_roll", -1)
	f.dos(roll(0, 0), "die:black")
	f.idle()
	f.wantRes(0, 1, 0, 1, 0)
	tr := f.terr(nextTo1)
	if tr.Items() != 2 || tr.Controller() != 0 || len(tr.Tokens) != 1 || tr.Tokens[0] != (Token{Seat: 0, Kind: "iso"}) {
		t.Errorf("territory %+v", tr)
	}
	if cs := f.civA(0, "Isolationists"); cs.Left != 3 {
		t.Errorf("tokens left %d", cs.Left)
	}
	f.explore(farHex, 9)
	f.outpost(farHex, 1, false)
	if slices.Contains(f.s.conquerTargets(1, false), nextTo1) {
		t.Error("the Isolationists territory can be conquered")
	}
}

// TestIsolationistsNoOfferOnOccupiedTarget: a target holding an item (an
// opponent's outpost, upright or toppled) gets no token.
func TestIsolationistsNoOfferOnOccupiedTarget(t *testing.T) {
	f := conquerSetup(t, printed)
	f.addCivA(0, "Isolationists")
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(printed))
	f.at("conquer_roll", -1)
	g := newTable(t, 3)
	g.addCivA(0, "Isolationists")
	g.outpost(printed, 1, true)
	g.effs(0, eff("conquer"))
	g.do("hex:" + hexKey(printed))
	g.at("conquer_roll", -1)
}

// TestIsolationistsDeclineOrNoTokens: declining gives nothing; with no
// token left nothing is asked.
func TestIsolationistsDeclineOrNoTokens(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Isolationists")
	f.explore(nextTo1, 7)
	f.effs(0, eff("conquer"))
	f.dos("hex:"+hexKey(nextTo1), "iso:skip")
	f.at("conquer_roll", -1)
	f.dos(roll(0, 0), "die:red")
	f.idle()
	f.wantRes(0, 0, 0, 0, 0)
	if tr := f.terr(nextTo1); len(tr.Tokens) != 0 || f.civA(0, "Isolationists").Left != 4 {
		t.Errorf("territory %+v", tr)
	}
	g := newTable(t, 3)
	g.addCivA(0, "Isolationists").Left = 0
	g.explore(nextTo1, 7)
	g.effs(0, eff("conquer"))
	g.do("hex:" + hexKey(nextTo1))
	g.at("conquer_roll", -1)
}

// TestIsolationistsLandmassScoringR22: the final scoring by the largest
// group of controlled territories joined through one land terrain:
// 0-1 → 5, 2 → 10, 3 → 16, 4 → 23, 5 → 31, 6+ → 40.
func TestIsolationistsLandmassScoringR22(t *testing.T) {
	chain := []Hex{{-3, -1}, {-2, -1}, {-1, -1}, {0, -1}, {1, -1}, {2, -1}, {3, 0}}
	want := []int{5, 5, 10, 16, 23, 31, 40, 40}
	for size := 0; size <= len(chain); size++ {
		f := newTable(t, 3)
		f.addCivA(0, "Isolationists")
		for i := range f.s.Map {
			f.s.Map[i].Outposts = nil
		}
		for i, h := range chain {
			tr := f.terr(h)
			tr.Printed, tr.Tile = "MMMMMM", 0
			if i < size {
				f.outpost(h, 0, false)
			}
		}
		f.p(0).Era = 5
		f.push(Task{Op: "civ_act", Seat: 0})
		if got := f.p(0).VP; got != want[size] {
			t.Errorf("landmass %d: %d VP, want %d", size, got, want[size])
		}
	}
	// Two controlled neighbours sharing no land terrain across their side
	// are two landmasses of 1.
	f := newTable(t, 3)
	f.addCivA(0, "Isolationists")
	for i := range f.s.Map {
		f.s.Map[i].Outposts = nil
	}
	f.terr(chain[0]).Printed = "MMMMMM"
	f.terr(chain[1]).Printed = "FFFFFF"
	f.outpost(chain[0], 0, false)
	f.outpost(chain[1], 0, false)
	f.p(0).Era = 5
	f.push(Task{Op: "civ_act", Seat: 0})
	f.wantVP(0, 5)
	// Before the final income turn the step does nothing.
	g := newTable(t, 3)
	g.addCivA(0, "Isolationists")
	g.p(0).Era = 4
	if civStepTurn(g.p(0).Civs[0], 4) {
		t.Error("Isolationists act on income turn 4")
	}
}

// --- Militants ----------------------------------------------------------

// TestMilitantsConquerChoosesRow: with outposts in both rows the player
// picks the row; the outpost comes from its left end.
func TestMilitantsConquerChoosesRow(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Militants")
	f.explore(nextTo1, 7)
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(nextTo1))
	if opts := f.at("c:militants_take", 0); !slices.Equal(opts, []string{"miltake:bottom", "miltake:top"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("miltake:bottom")
	f.dos(roll(0, 0), "die:red")
	f.idle()
	if cs := f.civA(0, "Militants"); cs.Rows != [2]int8{0, 1} || f.p(0).Outposts != 7 {
		t.Errorf("rows %v, supply %d", cs.Rows, f.p(0).Outposts)
	}
	if f.terr(nextTo1).Controller() != 0 {
		t.Error("no control")
	}
}

// TestMilitantsConquerOneRowLeft: only one row holds outposts: no choice.
func TestMilitantsConquerOneRowLeft(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Militants").Rows = [2]int8{4, 2}
	f.p(0).Outposts = 2
	f.explore(nextTo1, 7)
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(nextTo1))
	f.at("conquer_roll", -1)
	if cs := f.civA(0, "Militants"); cs.Rows != [2]int8{4, 3} || f.p(0).Outposts != 1 {
		t.Errorf("rows %v, supply %d", cs.Rows, f.p(0).Outposts)
	}
}

// TestMilitantsEmptyRowsCannotConquer (§19 item 16): both rows empty →
// every conquer is void.
func TestMilitantsEmptyRowsCannotConquer(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Militants").Rows = [2]int8{4, 4}
	f.p(0).Outposts = 0
	f.explore(nextTo1, 7)
	f.effs(0, Effect{Do: "conquer", BothDice: "always"})
	f.idle()
	if f.s.Red != -1 || f.terr(nextTo1).Items() != 0 {
		t.Error("the conquer was not void")
	}
}

// TestMilitantsIncomeStepGainsUncovered: step 1 of every income turn
// gains every uncovered space; on income turn 1 (§20 B) nothing is
// uncovered yet.
func TestMilitantsIncomeStepGainsUncovered(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Militants").Rows = [2]int8{2, 3}
	f.p(0).Era = 2
	f.push(Task{Op: "civ_act", Seat: 0})
	f.idle()
	// top: 1 coin, 2 VP; bottom: 1 VP, 1 worker, 3 VP.
	f.wantRes(0, 1, 1, 0, 0)
	f.wantVP(0, 6)
	g := newTable(t, 3)
	g.addCivA(0, "Militants")
	g.p(0).Era = 0
	g.income(0)
	g.draws()
	g.idle()
	g.wantRes(0, 1, 1, 1, 1)
	g.wantVP(0, 0)
	if !civStepTurn(g.p(0).Civs[0], 1) {
		t.Error("Militants do not act on income turn 1")
	}
}

// TestMilitantsMilitarismFromMat: Militarism's outpost also comes from a
// row of the mat.
func TestMilitantsMilitarismFromMat(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Militants")
	f.active(0, "Militarism")
	f.tiles(0, 7)
	f.effs(0, eff("explore"))
	f.dos("hex:"+hexKey(nextTo1), "rot:0")
	f.at("b:militarism_outpost", 0)
	f.do("outpost")
	f.at("c:militants_take", 0)
	f.do("miltake:top")
	f.idle()
	if cs := f.civA(0, "Militants"); cs.Rows != [2]int8{1, 0} || f.p(0).Outposts != 7 {
		t.Errorf("rows %v, supply %d", cs.Rows, f.p(0).Outposts)
	}
	if f.terr(nextTo1).Controller() != 0 {
		t.Error("no control")
	}
}

// TestMilitantsMidgameMovesSupply: gained mid-game, the supply outposts
// move onto the mat from the right end of the rows (the player picks the
// row each time); they stay the supply.
func TestMilitantsMidgameMovesSupply(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Outposts = 5
	f.s.gainCiv(0, CivIndex("Militants"), &events{})
	f.settle()
	f.dos("milrow:top", "milrow:bottom", "milrow:top", "milrow:top")
	f.at("c:militants_row", 0)
	f.do("milrow:top") // the top row is full now
	f.idle()
	cs := f.civA(0, "Militants")
	if cs.Rows != [2]int8{0, 3} || f.p(0).Outposts != 5 {
		t.Errorf("rows %v, supply %d", cs.Rows, f.p(0).Outposts)
	}
	// Next income: the bottom row's first 3 spaces (1 VP, 1 worker, 3 VP).
	f.p(0).Era = 2
	f.push(Task{Op: "civ_act", Seat: 0})
	f.wantVP(0, 4)
	f.wantRes(0, 0, 1, 0, 0)
}

// TestMilitantsMechsEitherOrder (§19 item 44): Mechs' conquer and civ in
// either order: conquer first, the 7 outposts left move to the mat; civ
// first, the 8 move and the conquer takes one from a row.
func TestMilitantsMechsEitherOrder(t *testing.T) {
	mechs := Spaces[Military][11].Benefit
	setup := func() *fx {
		f := newTable(t, 3)
		f.s.CivMode = "standard"
		f.s.CivDeck = []int8{int8(CivIndex("Militants"))}
		f.explore(nextTo1, 7)
		f.effs(0, mechs...)
		return f
	}
	draw := "id:" + strconv.Itoa(CivIndex("Militants"))
	f := setup()
	f.dos("first:0", "hex:"+hexKey(nextTo1), roll(0, 0), draw)
	for range 4 {
		f.do("milrow:top")
	}
	f.idle() // the last 3 go to the bottom row
	if cs := f.civA(0, "Militants"); cs.Rows != [2]int8{0, 1} || f.p(0).Outposts != 7 {
		t.Errorf("conquer first: rows %v, supply %d", cs.Rows, f.p(0).Outposts)
	}
	f.wantVP(0, 4)
	f.wantRes(0, 1, 0, 0, 0) // both dice: 4 VP and the black coin
	g := setup()
	g.dos("first:1", draw)
	for range 4 {
		g.do("milrow:bottom")
	}
	if cs := g.civA(0, "Militants"); cs.Rows != [2]int8{0, 0} || g.p(0).Outposts != 8 {
		t.Fatalf("civ first: rows %v, supply %d", cs.Rows, g.p(0).Outposts)
	}
	g.dos("hex:"+hexKey(nextTo1), "miltake:top", roll(0, 0))
	g.idle()
	if cs := g.civA(0, "Militants"); cs.Rows != [2]int8{1, 0} || g.p(0).Outposts != 7 {
		t.Errorf("civ first: rows %v, supply %d", cs.Rows, g.p(0).Outposts)
	}
}

// --- Traders ------------------------------------------------------------

// tradersAt gives seat the Traders with one token set on h.
func (f *fx) tradersAt(seat int, h Hex) {
	f.t.Helper()
	f.addCivA(seat, "Traders").Left = 3
	f.terr(h).Tokens = append(f.terr(h).Tokens, Token{Seat: int8(seat), Kind: "trade"})
}

// TestTradersStepEmptyTerritory: step 1, (a) a token on an empty
// territory: 1 VP per adjacent territory an opponent controls (not a
// toppled outpost, not the player's own).
func TestTradersStepEmptyTerritory(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Traders")
	target := Hex{-2, -1} // printed; next to start1 (seat 0's own)
	f.explore(Hex{-3, -2}, 9)
	f.outpost(Hex{-3, -2}, 1, false)
	f.explore(Hex{-1, -1}, 10)
	f.outpost(Hex{-1, -1}, 2, false)
	f.explore(Hex{-2, 0}, 11)
	f.outpost(Hex{-2, 0}, 1, true)
	f.p(0).Era = 2
	f.push(Task{Op: "civ_act", Seat: 0})
	opts := f.at("c:traders", 0)
	for _, k := range []string{"trader:-2@-1", "trader:-3@-2", "trader:-1@-1", "trader:skip"} {
		if !slices.Contains(opts, k) {
			t.Errorf("%s missing from %v", k, opts)
		}
	}
	for _, k := range []string{"trader:-2@-2", "trader:-2@0", "trader:-3@-1"} {
		if slices.Contains(opts, k) {
			t.Errorf("%s offered (own, toppled-only, unexplored)", k)
		}
	}
	f.do("trader:-2@-1")
	f.idle()
	f.wantVP(0, 2)
	tr := f.terr(target)
	if tr.Items() != 1 || tr.Controller() != -1 || f.civA(0, "Traders").Left != 3 {
		t.Errorf("territory %+v, left %d", tr, f.civA(0, "Traders").Left)
	}
	if !slices.Contains(f.s.conquerTargets(0, false), target) {
		t.Error("a Traders territory (1 item) cannot be conquered")
	}
}

// TestTradersStepBesideOpponentOutpost: (b) beside a lone upright
// opponent outpost: the territory's tile benefit; 2 items; the opponent
// keeps control. Skipping places nothing.
func TestTradersStepBesideOpponentOutpost(t *testing.T) {
	f := newTable(t, 3)
	f.addCivA(0, "Traders")
	f.explore(Hex{-1, -1}, 9) // 1 tapestry card
	f.outpost(Hex{-1, -1}, 1, false)
	f.p(0).Era = 3
	f.push(Task{Op: "civ_act", Seat: 0})
	f.do("trader:-1@-1")
	f.at("draw_tap", -1)
	f.draws()
	f.idle()
	if len(f.p(0).Hand) != 1 {
		t.Errorf("hand %v", f.p(0).Hand)
	}
	tr := f.terr(Hex{-1, -1})
	if tr.Items() != 2 || tr.Controller() != 1 || slices.Contains(f.s.conquerTargets(0, false), tr.Hex) {
		t.Errorf("territory %+v", tr)
	}
	g := newTable(t, 3)
	g.addCivA(0, "Traders")
	g.p(0).Era = 2
	g.push(Task{Op: "civ_act", Seat: 0})
	g.do("trader:skip")
	g.idle()
	if g.civA(0, "Traders").Left != 4 {
		t.Error("a token was used")
	}
	// Finished: no step.
	g.p(0).Done = true
	g.push(Task{Op: "civ_act", Seat: 0})
	g.idle()
}

// TestTradersAfterRollOtherDie: an opponent conquers a Traders territory
// and keeps one die; the Traders player may gain the other (the tile face
// pays this territory's tile), after the attacker's gain.
func TestTradersAfterRollOtherDie(t *testing.T) {
	for _, c := range []struct {
		name       string
		roll, keep string
		vp0, vp1   int
		res1       Res
	}{
		{"keeps red: the Traders take the black coin", roll(0, 0), "die:red", 4, 0, Res{1, 0, 0, 0}},
		{"keeps black: the Traders take the red 7 VP", roll(3, 1), "die:black", 0, 7, Res{}},
		{"keeps red: the black tile face pays tile 7's coin", roll(1, 4), "die:red", 5, 0, Res{1, 0, 0, 0}},
		{"keeps black: the red face counts the Traders' territories", roll(4, 2), "die:black", 0, 1, Res{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newTable(t, 3)
			f.explore(nextTo1, 7)
			f.tradersAt(1, nextTo1)
			f.hand(1, "Trap")
			f.effs(0, eff("conquer"))
			f.do("hex:" + hexKey(nextTo1))
			f.at("conquer_roll", -1) // no trap window: nobody controlled it
			f.dos(c.roll, c.keep)
			if a := f.s.Ask; a == nil || !a.Window {
				t.Fatalf("no window for the Traders: %+v", a)
			}
			f.at("c:traders_die", 1)
			if f.p(0).VP != c.vp0 {
				t.Errorf("the attacker's die did not resolve first: VP %d", f.p(0).VP)
			}
			f.do("tradedie")
			f.idle()
			f.wantVP(0, c.vp0)
			f.wantVP(1, c.vp1)
			if f.p(1).Res != c.res1 {
				t.Errorf("Traders resources %v, want %v", f.p(1).Res, c.res1)
			}
			tr := f.terr(nextTo1)
			if tr.Items() != 2 || tr.Controller() != 0 {
				t.Errorf("territory %+v", tr)
			}
		})
	}
}

// TestTradersAfterRollDeclineAndNoOffer: declining gives nothing; the
// tile face on a printed hex is no offer; both dice kept (Mechs) leave no
// die; the Traders player's own conquest gives nothing.
func TestTradersAfterRollDeclineAndNoOffer(t *testing.T) {
	f := newTable(t, 3)
	f.explore(nextTo1, 7)
	f.tradersAt(1, nextTo1)
	f.effs(0, eff("conquer"))
	f.dos("hex:"+hexKey(nextTo1), roll(0, 0), "die:red", "skip")
	f.idle()
	f.wantRes(1, 0, 0, 0, 0)

	g := newTable(t, 3)
	g.tradersAt(1, printed)
	g.effs(0, eff("conquer"))
	g.dos("hex:"+hexKey(printed), roll(0, 4), "die:red")
	g.idle()

	h := newTable(t, 3)
	h.explore(nextTo1, 7)
	h.tradersAt(1, nextTo1)
	h.effs(0, Effect{Do: "conquer", BothDice: "always"})
	h.dos("hex:"+hexKey(nextTo1), roll(0, 0))
	h.idle()
	h.wantRes(1, 0, 0, 0, 0)

	k := newTable(t, 3)
	k.explore(nextTo1, 7)
	k.tradersAt(0, nextTo1)
	k.effs(0, eff("conquer"))
	k.dos("hex:"+hexKey(nextTo1), roll(0, 0), "die:red")
	k.idle()
}

// TestTradersFinishedOnlyVPR29: a finished Traders player gains only VP
// from the other die: the red face is offered, a black face is not.
func TestTradersFinishedOnlyVPR29(t *testing.T) {
	f := newTable(t, 3)
	f.explore(nextTo1, 7)
	f.tradersAt(1, nextTo1)
	f.p(1).Done = true
	f.effs(0, eff("conquer"))
	f.dos("hex:"+hexKey(nextTo1), roll(2, 0), "die:black")
	f.at("c:traders_die", 1)
	f.do("tradedie")
	f.idle()
	f.wantVP(1, 6)
	g := newTable(t, 3)
	g.explore(nextTo1, 7)
	g.tradersAt(1, nextTo1)
	g.p(1).Done = true
	g.effs(0, eff("conquer"))
	g.dos("hex:"+hexKey(nextTo1), roll(2, 0), "die:red")
	g.idle()
	g.wantRes(1, 0, 0, 0, 0)
}

// TestCivMapLabels: the keys of these civilizations' asks have labels of
// their own.
func TestCivMapLabels(t *testing.T) {
	check := func(f *fx) {
		t.Helper()
		a := f.s.Ask
		v := Game{}.View(&f.s, 0)
		if a.Seat >= 0 {
			v = Game{}.View(&f.s, games.Seat(a.Seat))
		}
		for _, k := range a.Opts {
			if l := (Game{}).Label(v, Action{k}); l == k || l == "" {
				t.Errorf("%s: key %q has label %q", a.Kind, k, l)
			}
		}
	}
	f := newTable(t, 3)
	f.addCivA(0, "Isolationists")
	f.addCivA(0, "Militants")
	f.explore(nextTo1, 7)
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(nextTo1))
	check(f) // miltake
	f.do("miltake:top")
	check(f) // iso
	g := newTable(t, 3)
	g.explore(nextTo1, 7)
	g.tradersAt(1, nextTo1)
	g.effs(0, eff("conquer"))
	g.dos("hex:"+hexKey(nextTo1), roll(0, 0), "die:red")
	check(g) // tradedie
	if l := (Game{}).Label(Game{}.View(&g.s, 1), Action{"tradedie"}); l != "Take the black die: 1 coin" {
		t.Errorf("tradedie label %q", l)
	}
	h := newTable(t, 3)
	h.addCivA(0, "Traders")
	h.p(0).Era = 2
	h.push(Task{Op: "civ_act", Seat: 0})
	check(h) // trader
	k := newTable(t, 3)
	k.p(0).Outposts = 3
	k.s.gainCiv(0, CivIndex("Militants"), &events{})
	k.settle()
	check(k) // milrow
	m := newTable(t, 3)
	m.cover(0, 0, 0, 'f')
	m.cover(0, 0, 1, 'h')
	m.s.gainCiv(0, CivIndex("Architects"), &events{})
	m.settle()
	check(m) // swap
	n := newTable(t, 3)
	n.addCivA(0, "Nomads")
	n.fillOpen(0)
	n.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	check(n) // nomad, beside
}
