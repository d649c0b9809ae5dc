package tapestry

import (
	"slices"
	"strconv"
	"testing"
)

// Income step 1 of every civilization with one (spec §5.2, §14).

// TestExampleM_Alchemists is worked example M of §20: science then
// technology marked, stop → science 2→3 and technology 3→4 without
// benefit, the Forge claimed.
func TestExampleM_Alchemists(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.tok(0, Science, 2)
	f.tok(0, Technology, 3)
	f.stepTo(0, 2)
	if opts := f.at("c:alchemists", 0); !slices.Equal(opts, []string{"alch:roll", "alch:skip"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("alch:roll")
	f.at("science_roll", -1)
	f.do(face(Science))
	if opts := f.at("c:alchemists", 0); !slices.Equal(opts, []string{"alch:roll", "alch:stop"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("alch:roll")
	f.do(face(Technology))
	if cs := f.civ(0, "Alchemists"); cs.Marks != [4]bool{false, true, true, false} {
		t.Errorf("marks %v", cs.Marks)
	}
	f.do("alch:stop")
	if opts := f.at("c:alchemists_adv", 0); !slices.Equal(opts, []string{"alchadv:done", "alchadv:science", "alchadv:technology"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("alchadv:science")
	f.wantPos(0, Science, 3)
	f.at("c:alchemists_adv", 0)
	f.do("alchadv:technology")
	f.wantPos(0, Technology, 4)
	if f.s.LandOwner[lmk(t, "Forge")] != 0 {
		t.Error("the Forge is not claimed")
	}
	f.at("place_landmark", 0)
	f.do(f.s.Ask.Opts[0])
	// No benefit, no bonus: nothing gained; step 2 comes next (the
	// first-of-neighbours resource).
	f.wantRes(0, 0, 0, 0, 0)
	f.wantVP(0, 0)
	if f.p(0).Taken != [NumBuildings]int8{} || len(f.p(0).Tech[0]) > 0 || len(f.p(0).Hand) > 0 {
		t.Error("a benefit was gained")
	}
	if cs := f.civ(0, "Alchemists"); cs.Marks != [4]bool{} {
		t.Errorf("marks not cleared: %v", cs.Marks)
	}
	f.at("gain_any", 0)
}

// TestExampleM_AlchemistsBust: Example M's alternative — science, technology,
// military, then science again: marks cleared, 1 any, no advance.
func TestExampleM_AlchemistsBust(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.tok(0, Science, 2)
	f.tok(0, Technology, 3)
	f.stepTo(0, 2)
	for _, tr := range []Track{Science, Technology, Military} {
		f.do("alch:roll")
		f.do(face(tr))
	}
	f.do("alch:roll")
	f.do(face(Science))
	f.at("gain_any", 0)
	if cs := f.civ(0, "Alchemists"); cs.Marks != [4]bool{} {
		t.Errorf("marks not cleared: %v", cs.Marks)
	}
	f.do("gain:u")
	f.wantRes(0, 0, 0, 0, 1)
	f.wantPos(0, Science, 2)
	f.wantPos(0, Technology, 3)
	f.wantPos(0, Military, 0)
	// Step 2 follows: the first-of-neighbours resource.
	f.at("gain_any", 0)
}

// TestAlchemistsFifthRollBusts: four marks, the fifth roll always busts.
func TestAlchemistsFifthRollBusts(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.stepTo(0, 2)
	for tr := range Track(NumTracks) {
		f.do("alch:roll")
		f.do(face(tr))
	}
	f.do("alch:roll")
	f.do(face(Exploration))
	f.at("gain_any", 0)
	f.do("gain:c")
	for tr := range Track(NumTracks) {
		f.wantPos(0, tr, 0)
	}
}

// TestAlchemistsFiveVPFromTwelve: a marked complete track gives 5 VP
// instead of the advance; declining the rest ends the routine.
func TestAlchemistsFiveVPFromTwelve(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.tok(0, Science, 12)
	f.stepTo(0, 2)
	f.do("alch:roll")
	f.do(face(Science))
	f.do("alch:roll")
	f.do(face(Military))
	f.do("alch:stop")
	if l := (Game{}).Label((Game{}).View(&f.s, 0), Action{"alchadv:science"}); l != "Science (complete): 5 VP" {
		t.Errorf("label %q", l)
	}
	f.do("alchadv:science")
	f.wantVP(0, 5)
	f.wantPos(0, Science, 12)
	f.do("alchadv:done") // military declined
	f.wantPos(0, Military, 0)
	if cs := f.civ(0, "Alchemists"); cs.Marks != [4]bool{} {
		t.Errorf("marks not cleared: %v", cs.Marks)
	}
	f.at("gain_any", 0)
}

// TestAlchemistsSkip: the ability is optional.
func TestAlchemistsSkip(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.stepTo(0, 2)
	f.do("alch:skip")
	f.at("gain_any", 0) // step 2
}

// TestAlchemistsEmpiricism: with Empiricism's rule in force each
// Alchemists roll is two rolls, one kept. (In play no this-era card is
// active during step 1 — the previous era's card ends before it — so the
// routine is run here with the card on the current slot.)
func TestAlchemistsEmpiricism(t *testing.T) {
	f := newCivTable(t, 3, "Alchemists")
	f.p(0).Era = 2
	f.active(0, "Empiricism")
	f.push(Task{Op: "civ_act", Seat: 0, N: 0})
	f.do("alch:roll")
	f.do(face(Science))
	f.at("science_roll", -1) // the second roll
	f.do(face(Military))
	if opts := f.at("keep_roll", 0); !slices.Equal(opts, []string{"keep:military", "keep:science"}) {
		t.Fatalf("keep options %v", opts)
	}
	f.do("keep:military")
	if cs := f.civ(0, "Alchemists"); cs.Marks != [4]bool{false, false, false, true} {
		t.Errorf("marks %v", cs.Marks)
	}
	// Keeping an already marked track busts (two equal rolls: no
	// question).
	f.do("alch:roll")
	f.do(face(Science))
	f.do(face(Military))
	f.do("keep:military")
	f.at("gain_any", 0)
}

// TestEntertainersGraph: the token moves along a link (the options are
// the links; no skip: mandatory) and the space pays; four moves reach the
// last column on income turn 5.
func TestEntertainersGraph(t *testing.T) {
	f := newCivTable(t, 3, "Entertainers")
	f.stepTo(0, 2)
	opts := f.at("c:entertainers", 0)
	if !slices.Equal(opts, []string{"ent:coin", "ent:culture", "ent:food", "ent:worker"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("ent:coin")
	f.wantRes(0, 1, 0, 0, 0)
	f.finishTurn()
	f.stepTo(0, 3)
	if opts := f.at("c:entertainers", 0); !slices.Equal(opts, []string{"ent:armory", "ent:house"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("ent:house")
	if f.p(0).Taken[House] != 1 {
		t.Error("no house")
	}
	f.at("place_building", 0)
	f.do(f.s.Ask.Opts[0])
	f.finishTurn()
	f.stepTo(0, 4)
	if opts := f.at("c:entertainers", 0); !slices.Equal(opts, []string{"ent:explore", "ent:invent"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("ent:invent")
	f.at("invent", 0)
	f.finishTurn()
	f.stepTo(0, 5)
	if opts := f.at("c:entertainers", 0); !slices.Equal(opts, []string{"ent:adv_exploration", "ent:adv_military"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	pos := f.p(0).Position(Exploration)
	f.do("ent:adv_exploration")
	f.wantPos(0, Exploration, pos+1)
	if cs := f.civ(0, "Entertainers"); cs.Pos != "adv_exploration" || len(Civs[cs.Civ].Graph[cs.Pos].Links) != 0 {
		t.Errorf("token on %q", cs.Pos)
	}
}

// TestEntertainersMandatory: the move cannot be declined (no skip, no
// pass); at the end of the path nothing happens.
func TestEntertainersMandatory(t *testing.T) {
	f := newCivTable(t, 3, "Entertainers")
	f.civ(0, "Entertainers").Pos = "research"
	f.p(0).Era = 2
	f.push(Task{Op: "civ_act", Seat: 0, N: 0})
	opts := f.at("c:entertainers", 0)
	if !slices.Equal(opts, []string{"ent:adv_exploration", "ent:adv_military"}) {
		t.Fatalf("options %v", opts)
	}
	if a, ok := (Game{}).Pass(&f.s, 0); ok {
		t.Errorf("the move can be passed with %q", a.K)
	}
	f.do("ent:adv_military")
	f.wantPos(0, Military, 1)
	for f.s.Ask != nil { // Archery's conquer, if any
		f.do(f.s.Ask.Opts[0])
	}
	f.push(Task{Op: "civ_act", Seat: 0, N: 0})
	f.idle()
}

// TestLeaders: one uncovered square per turn, advancing with benefit and
// without bonus; each square once; a complete track's square is not
// offered.
func TestLeaders(t *testing.T) {
	f := newCivTable(t, 3, "Leaders")
	f.tok(0, Technology, 12)
	f.stepTo(0, 2)
	opts := f.at("c:leaders", 0)
	if !slices.Equal(opts, []string{"lead:exploration", "lead:military", "lead:science", "lead:skip"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("lead:exploration")
	f.wantPos(0, Exploration, 1)
	// Scouting's benefit: two territory tiles (no bonus on space 1).
	f.at("draw_terr", -1)
	f.draws()
	if len(f.p(0).Tiles) != 2 {
		t.Errorf("tiles %v", f.p(0).Tiles)
	}
	f.wantRes(0, 0, 0, 0, 0) // nothing paid
	if !f.civ(0, "Leaders").Used[Exploration] {
		t.Error("square not covered")
	}
	f.finishTurn()
	f.stepTo(0, 3)
	if opts := f.at("c:leaders", 0); slices.Contains(opts, "lead:exploration") {
		t.Errorf("a covered square offered: %v", opts)
	}
	f.do("lead:skip")
	f.wantPos(0, Military, 0)
}

// TestMerrymakers: one token up one step (mandatory), gaining the step;
// a finished column is not offered.
func TestMerrymakers(t *testing.T) {
	f := newCivTable(t, 3, "Merrymakers")
	f.stepTo(0, 2)
	opts := f.at("c:merrymakers", 0)
	if !slices.Equal(opts, []string{"merry:a", "merry:b", "merry:c"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	if l := (Game{}).Label((Game{}).View(&f.s, 0), Action{"merry:c"}); l != "Column C: score 5 VP" {
		t.Errorf("label %q", l)
	}
	f.do("merry:c")
	f.wantVP(0, 5)
	f.finishTurn()
	f.p(0).VP = 5
	cs := f.civ(0, "Merrymakers")
	cs.Steps = [3]int8{3, 3, 2}
	f.p(0).Era = 2
	f.push(Task{Op: "civ_act", Seat: 0, N: 0}) // only C is left: no question
	f.wantVP(0, 20)
	f.push(Task{Op: "civ_act", Seat: 0, N: 0}) // all done: nothing
	f.idle()
	f.wantVP(0, 20)
}

// TestMilitantsIncome: every uncovered space pays at the start of every
// income turn, the first included.
func TestMilitantsIncome(t *testing.T) {
	f := newCivTable(t, 3, "Militants")
	cs := f.civ(0, "Militants")
	cs.Rows = [2]int8{2, 1} // top: coin, 2 VP; bottom: 1 VP
	f.p(0).Era = 0
	f.income(0)
	f.wantVP(0, 3)
	if f.p(0).Res[Coin] < 1 {
		t.Errorf("no coin: %v", f.p(0).Res)
	}
	f.finishTurn()
	before := f.p(0).VP
	cs = f.civ(0, "Militants")
	cs.Rows = [2]int8{4, 4}
	f.res(0, 0, 0, 0, 0)
	f.stepTo(0, 2)
	// Top: coin, 2 VP, food, 4 VP; bottom: 1 VP, worker, 3 VP, culture.
	f.wantVP(0, before+10)
	f.wantRes(0, 1, 1, 1, 1)
}

// TestTheChosen: per track complete or with no one ahead (ties count),
// 1 VP per opponent; 1 any per achievement on turns 2-4, 5 VP each on
// turn 5.
func TestTheChosen(t *testing.T) {
	setup := func() *fx {
		f := newCivTable(t, 3, "The Chosen")
		f.tok(0, Exploration, 5)
		f.tok(1, Exploration, 5) // a tie: no one ahead
		f.tok(0, Science, 2)
		f.tok(2, Science, 4) // seat 2 ahead
		f.tok(0, Technology, 12)
		f.tok(0, Military, 0) // all on 0: no one ahead
		f.p(0).Achieved[0] = true
		f.p(0).Achieved[2] = true
		return f
	}
	f := setup()
	f.stepTo(0, 2)
	f.wantVP(0, 6) // 3 tracks × 2 opponents
	f.at("gain_any", 0)
	if f.s.Ask.Task.N != 2 {
		t.Errorf("gain_any %d, want 2 (two achievements)", f.s.Ask.Task.N)
	}
	g := setup()
	g.stepTo(0, 5)
	g.wantVP(0, 6+10)
	g.idle()
	g.wantVP(0, 16) // nothing else on the final turn (no VP icons)
	// Technology complete counts even with an opponent also on 12.
	h := setup()
	h.tok(1, Technology, 12)
	h.stepTo(0, 5)
	h.wantVP(0, 16)
}

// TestIsolationistsFinalLandmass: the largest group of controlled
// territories joined through one land terrain scores on income turn 5.
func TestIsolationistsFinalLandmass(t *testing.T) {
	f := newCivTable(t, 3, "Isolationists")
	f.terr(start1).Printed = "SSSSSS" // no land: in no group
	for _, h := range []Hex{{1, 1}, {1, 2}, {2, 2}} {
		f.terr(h).Printed = "FFFFFF"
		f.outpost(h, 0, false)
	}
	for _, h := range []Hex{{-1, 1}, {-2, 0}} { // adjacent, desert
		f.terr(h).Printed = "DDDDDD"
		f.outpost(h, 0, false)
	}
	if got := f.s.landmass(0); got != 3 {
		t.Fatalf("landmass %d, want 3", got)
	}
	f.stepTo(0, 4)
	f.wantVP(0, 0) // no scoring before the final turn
	f.finishTurn()
	f.p(0).VP = 0
	f.stepTo(0, 5)
	f.wantVP(0, 16)
	// Joined through different terrains only: not connected.
	g := newCivTable(t, 3, "Isolationists")
	g.terr(start1).Printed = "SSSSSS"
	g.terr(Hex{1, 1}).Printed = "FFFFFF"
	g.terr(Hex{1, 2}).Printed = "MMMMMM"
	g.outpost(Hex{1, 1}, 0, false)
	g.outpost(Hex{1, 2}, 0, false)
	g.stepTo(0, 5)
	g.wantVP(0, 5) // groups of 1
	// Six or more: 40.
	h := newCivTable(t, 3, "Isolationists")
	for _, x := range []Hex{{1, 1}, {1, 2}, {2, 2}, {2, 1}, {2, 3}, {3, 2}} {
		h.terr(x).Printed = "GGGGGG"
		h.outpost(x, 0, false)
	}
	if got := h.s.landmass(0); got < 6 {
		t.Fatalf("landmass %d", got)
	}
	h.stepTo(0, 5)
	h.wantVP(0, 40)
}

// TestHistoriansGiveCostsTile: giving a token discards a territory tile
// of the player's choice; without a tile nothing is asked.
func TestHistoriansGiveCostsTile(t *testing.T) {
	f := newCivTable(t, 3, "Historians")
	f.tiles(0, 5, 9)
	f.stepTo(0, 2)
	opts := f.at("c:historians", 0)
	if len(opts) != 4*2+1 || !slices.Contains(opts, "hist:2@1") || !slices.Contains(opts, "hist:skip") {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("hist:2@1")
	if opts := f.at("c:historians_tile", 0); !slices.Equal(opts, []string{"histtile:5", "histtile:9"}) {
		t.Fatalf("tile options %v", opts)
	}
	labels(t, &f.s)
	f.do("histtile:9")
	if !slices.Equal(f.p(0).Tiles, []int{5}) || !slices.Contains(f.s.TerrDiscard, 9) {
		t.Errorf("tiles %v discard %v", f.p(0).Tiles, f.s.TerrDiscard)
	}
	if got := f.civ(0, "Historians").Given; !slices.Equal(got, []int8{-1, -1, 1, -1}) {
		t.Errorf("given %v", got)
	}
	f.finishTurn()
	// Next turn: the given token is not offered again.
	f.stepTo(0, 3)
	if opts := f.at("c:historians", 0); slices.Contains(opts, "hist:2@2") || len(opts) != 3*2+1 {
		t.Errorf("options %v", opts)
	}
	g := newCivTable(t, 3, "Historians")
	g.stepTo(0, 2)
	g.at("gain_any", 0) // no tile: straight to step 2
}

// TestInventorsStep: a token on an opponent's card upgrades it at once
// (no prerequisite), the owner gains the benefit, then the Inventors
// player may gain it too; on the Inventors' own card there is no copy.
func TestInventorsStep(t *testing.T) {
	f := newCivTable(t, 3, "Inventors")
	f.tech(1, 1, "Calendar")          // top: 7 VP; needs exploration 4
	f.tech(0, 0, "Sewage & Plumbing") // middle: 1 culture
	f.tech(2, 2, "Penicillin")        // top row: not a target
	f.stepTo(0, 2)
	opts := f.at("c:inventors", 0)
	cal, sew := techCard(t, "Calendar"), techCard(t, "Sewage & Plumbing")
	want := []string{"inv:0@" + strconv.Itoa(sew), "inv:1@" + strconv.Itoa(cal), "inv:skip"}
	slices.Sort(want)
	if !slices.Equal(opts, want) {
		t.Fatalf("options %v, want %v", opts, want)
	}
	labels(t, &f.s)
	f.do("inv:1@" + strconv.Itoa(cal))
	f.wantVP(1, 7)
	// The card reached the opponent's top row: it moved to the Inventors'
	// bottom row with its token, before the copy is offered.
	if !slices.Contains(f.p(0).Tech[0], cal) || f.s.techRow(1, cal) >= 0 {
		t.Errorf("Calendar: seat 0 %v, seat 1 %v", f.p(0).Tech, f.p(1).Tech)
	}
	f.at("c:inventors_copy", 0)
	labels(t, &f.s)
	if l := (Game{}).Label((Game{}).View(&f.s, 0), Action{"invcopy:copy"}); l != "Gain the benefit of Calendar too" {
		t.Errorf("label %q", l)
	}
	f.do("invcopy:copy")
	f.wantVP(0, 7)
	cs := f.civ(0, "Inventors")
	if cs.Left != 3 || !slices.Equal(cs.Cards, []int{cal}) {
		t.Errorf("left %d cards %v", cs.Left, cs.Cards)
	}
	f.finishTurn()

	// Own card: upgraded, no copy question.
	f.stepTo(0, 3)
	f.do("inv:0@" + strconv.Itoa(sew))
	f.wantRes(0, f.p(0).Res[Coin], f.p(0).Res[Worker], f.p(0).Res[Food], f.p(0).Res[Culture])
	if f.s.techRow(0, sew) != 1 {
		t.Errorf("Sewage & Plumbing in row %d", f.s.techRow(0, sew))
	}
	if f.s.Ask != nil && f.s.Ask.Kind == "c:inventors_copy" {
		t.Error("a copy of the player's own benefit")
	}

	// Declining the copy.
	g := newCivTable(t, 3, "Inventors")
	g.tech(1, 0, "Calendar")
	g.stepTo(0, 2)
	g.do("inv:1@" + strconv.Itoa(cal))
	g.wantRes(1, 0, 0, 0, 1)
	g.at("c:inventors_copy", 0)
	g.do("invcopy:skip")
	g.wantRes(0, 0, 0, 0, 0)
	if g.s.techRow(1, cal) != 1 {
		t.Error("a middle-row card moved")
	}
}

// TestR14_HeraldsStepTargets: a Herald token on a face-up when-played top card of
// any slot (a Trap included, R14), its effects resolved by the Heralds
// player; covered, face-down and this-era cards are not targets, nor a
// card already holding a token.
func TestR14_HeraldsStepTargets(t *testing.T) {
	f := newCivTable(t, 3, "Heralds")
	f.slot(1, 1, "Guilds")
	f.slot(1, 1, "Academia") // Guilds covered; Academia is this-era
	f.slot(1, 2, "Boast of Superiority")
	f.slot(2, 2, "Trap")
	f.p(2).Slots[3] = []SlotCard{{Card: int8(tapCard(t, "Oil Magnate")), Down: true}}
	f.stepTo(0, 2)
	opts := f.at("c:heralds", 0)
	if !slices.Equal(opts, []string{"herald:1@2", "herald:2@2", "herald:skip"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	f.do("herald:1@2")
	f.wantVP(0, 16) // Boast for seat 0: no one ahead on any track
	f.wantVP(1, 0)
	if !f.p(1).Slots[2][0].Herald || f.civ(0, "Heralds").Left != 3 {
		t.Error("no token")
	}
	f.finishTurn()
	f.stepTo(0, 3)
	if opts := f.at("c:heralds", 0); !slices.Equal(opts, []string{"herald:2@2", "herald:skip"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("herald:2@2")
	f.wantVP(0, 16+10) // the Trap's 10 VP
	// No target left: nothing asked.
	f.finishTurn()
	f.stepTo(0, 4)
	f.at("gain_any", 0)
}

// TestTradersPlacement: a token on an empty territory (1 VP per adjacent
// territory an opponent controls) or beside a lone upright opponent
// outpost (the tile's benefit); it never gives control.
func TestTradersPlacement(t *testing.T) {
	f := newCivTable(t, 3, "Traders")
	// printed [-1,-2] is empty and touches start1 (seat 0) and [-1,-1].
	f.explore(Hex{-1, -1}, 3)
	f.outpost(Hex{-1, -1}, 1, false)
	f.explore(Hex{0, -1}, 7)
	f.outpost(Hex{0, -1}, 2, false)
	f.outpost(Hex{0, -2}, 2, true) // toppled only: not a target
	f.stepTo(0, 2)
	opts := f.at("c:traders", 0)
	for _, k := range []string{"trader:-1@-2", "trader:-1@-1", "trader:0@-1", "trader:skip"} {
		if !slices.Contains(opts, k) {
			t.Errorf("%s not offered: %v", k, opts)
		}
	}
	for _, k := range []string{"trader:-2@-2", "trader:0@-2"} {
		if slices.Contains(opts, k) {
			t.Errorf("%s offered", k)
		}
	}
	labels(t, &f.s)
	f.do("trader:-1@-2")
	n := 0
	for k := range 6 {
		if nb := f.s.Terr(Hex{-1, -2}.Neighbour(k)); nb != nil && nb.Explored() && nb.Controller() > 0 {
			n++
		}
	}
	f.wantVP(0, n)
	if n == 0 {
		t.Error("the test position has no opponent beside the hex")
	}
	tr := f.terr(Hex{-1, -2})
	if len(tr.Tokens) != 1 || tr.Controller() >= 0 || f.civ(0, "Traders").Left != 3 {
		t.Errorf("tokens %v controller %d", tr.Tokens, tr.Controller())
	}
	f.finishTurn()
	f.stepTo(0, 3)
	before := f.p(0).Res
	f.do("trader:0@-1") // tile 7: 1 coin
	if got := f.p(0).Res[Coin]; got != before[Coin]+1 {
		t.Errorf("coin %d, want %d", got, before[Coin]+1)
	}
	f.finishTurn()
	if tr := f.terr(Hex{0, -1}); tr.Items() != 2 || tr.Controller() != 2 {
		t.Errorf("items %d controller %d", tr.Items(), tr.Controller())
	}
}

// TestCivOrderSeveral: with several step-1 abilities the owner orders
// them; each acts once.
func TestCivOrderSeveral(t *testing.T) {
	f := newCivTable(t, 3, "Merrymakers")
	f.own(0, "Leaders", false)
	f.stepTo(0, 2)
	opts := f.at("civ_order", 0)
	if !slices.Equal(opts, []string{"civfirst:0", "civfirst:1"}) {
		t.Fatalf("options %v", opts)
	}
	labels(t, &f.s)
	if l := (Game{}).Label((Game{}).View(&f.s, 0), Action{"civfirst:1"}); l != "The Leaders first" {
		t.Errorf("label %q", l)
	}
	f.do("civfirst:1")
	f.at("c:leaders", 0)
	f.do("lead:skip")
	f.at("c:merrymakers", 0) // the other follows without a question
	f.do("merry:c")
	f.wantVP(0, 5)
	f.at("gain_any", 0) // step 2
}

// TestEdge43_CivGainedDuringStepActs (§19.43): a civilization gained during step
// 1 (Leaders → military 12, Mechs) whose range includes this turn acts in
// the same step.
func TestEdge43_CivGainedDuringStepActs(t *testing.T) {
	f := newCivTable(t, 3, "Leaders")
	f.deckOnly("Merrymakers")
	f.tok(0, Military, 11)
	f.p(0).Outposts = 0 // no conquer
	f.stepTo(0, 2)
	f.do("lead:military")
	f.wantPos(0, Military, 12)
	f.at("any_order", 0)
	f.do("first:1") // the civilization first, then the (void) conquer
	f.do(civKey(t, "Merrymakers"))
	f.at("c:merrymakers", 0)
	f.do("merry:c")
	f.wantVP(0, 5+10) // + the complete-a-track achievement
}

// TestCivStepOnlyInRange: Militants act on income turn 1; the others
// (range 2-5) do not; Mystics and Isolationists only score on turn 5.
func TestCivStepOnlyInRange(t *testing.T) {
	f := newCivTable(t, 3, "Leaders")
	f.p(0).Era = 0
	f.income(0)
	if f.s.Ask != nil && f.s.Ask.Kind == "c:leaders" {
		t.Error("Leaders act on income turn 1")
	}
	for era := 1; era <= 5; era++ {
		for _, c := range []string{"Mystics", "Isolationists"} {
			cs := CivState{Civ: int8(civIdx(t, c))}
			if civStepTurn(cs, era) != (era == 5) {
				t.Errorf("%s acts on turn %d: %v", c, era, civStepTurn(cs, era))
			}
		}
		if !civStepTurn(CivState{Civ: int8(civIdx(t, "Militants"))}, era) {
			t.Errorf("Militants idle on turn %d", era)
		}
	}
}

// TestMysticsFinalScoring: 10 VP per category whose count equals the
// prediction on the final income turn.
func TestMysticsFinalScoring(t *testing.T) {
	f := newCivTable(t, 3, "Mystics")
	cs := f.civ(0, "Mystics")
	cs.Pred = [4]int8{2, 3, 1, 1}
	cs.Hit = [4]bool{true, true, true, true} // already rewarded
	f.tech(0, 0, "Calendar", "Clocks")       // 2 tech cards: right
	// 0 districts: wrong; 1 territory (the start): right; 0 tracks: wrong.
	f.stepTo(0, 5)
	f.wantVP(0, 20)
	f.at("upgrade", 0) // step 3 follows
}
