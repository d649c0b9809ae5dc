package tapestry

import (
	"slices"
	"strconv"
	"testing"

	"spindle/games"
)

// Tapestry cards and engine details of spec §5-§13 beyond the numbered
// edge cases.

// TestDictatorshipForbidsOthersUntilOwnersNextTurnEnds: after Dictatorship
// on exploration, the others may not advance there until the owner's next
// turn has ended; the owner may.
func TestDictatorshipForbidsOthersUntilOwnersNextTurnEnds(t *testing.T) {
	f := newTable(t, 3)
	f.hand(0, "Dictatorship")
	f.income(0)
	f.do("gain:c") // first into era 2
	f.at("b:dictatorship", 0)
	f.do("track:exploration")
	f.dos("id:5", "id:6") // Scouting's two tiles
	f.draws()             // the income step
	f.idle()
	f.wantPos(0, Exploration, 1)
	if f.s.Turn != 1 || f.p(0).ForbidTurns != 1 {
		t.Fatalf("turn %d forbid %d", f.s.Turn, f.p(0).ForbidTurns)
	}
	f.res(1, 2, 0, 0, 0)
	f.turn(1)
	if f.has("adv:exploration") || !f.has("adv:science") {
		t.Errorf("seat 1 options %v", f.s.Ask.Opts)
	}
	f.s.Ask = nil
	f.effs(2, advEff("exploration", false, "none"))
	f.idle()
	f.wantPos(2, Exploration, 0)
	f.turn(0)
	if !f.has("adv:exploration") {
		t.Errorf("the dictator may not advance: %v", f.s.Ask.Opts)
	}
	f.s.Ask = nil
	f.s.endTurn(0) // the owner's next turn ends
	f.turn(1)
	if !f.has("adv:exploration") {
		t.Errorf("still forbidden after the owner's next turn: %v", f.s.Ask.Opts)
	}
}

// TestOilMagnateClockwise: the owner first, then its neighbours clockwise
// (left first): the left neighbour wins the landmark race.
func TestOilMagnateClockwise(t *testing.T) {
	f := newTable(t, 4)
	f.tok(2, Exploration, 3)
	f.tok(0, Exploration, 3)
	f.push(Task{Op: "bespoke", Seat: 1, Str: "oil_magnate"})
	f.do("track:exploration")
	f.at("b:oil_offer", 1)
	f.do("noadvance")
	f.at("b:oil_offer", 2)
	f.do("advance")
	f.do(f.s.Ask.Opts[0]) // seat 2 places the Lighthouse
	f.at("b:oil_offer", 0)
	f.do("advance")
	f.idle()
	if f.s.LandOwner[lmk(t, "Lighthouse")] != 2 {
		t.Errorf("Lighthouse owner %d, want 2", f.s.LandOwner[lmk(t, "Lighthouse")])
	}
	f.wantPos(0, Exploration, 4)
	f.wantPos(1, Exploration, 0)
}

// TestAgeOfSailGiftKeepsPlacedTile: Age of Sail draws 3 tiles before the
// explore; the gift (3 VP) offers only the tiles not being placed.
func TestAgeOfSailGiftKeepsPlacedTile(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.active(0, "Age of Sail")
	f.effs(0, eff("explore"))
	f.dos("id:5", "id:6", "id:7")
	f.dos("tile:5", "hex:-2@-3", "rot:0")
	opts := f.at("b:age_of_sail_gift", 0)
	for _, k := range opts {
		if k == "gift:5@1" || k == "gift:5@2" {
			t.Fatalf("the placed tile may be given: %v", opts)
		}
	}
	f.do("gift:6@2")
	f.idle()
	if f.s.Terr(Hex{-2, -3}).Tile != 5 || !slices.Equal(f.p(0).Tiles, []int{7}) || !slices.Equal(f.p(2).Tiles, []int{6}) {
		t.Errorf("map %d, supplies %v %v", f.s.Terr(Hex{-2, -3}).Tile, f.p(0).Tiles, f.p(2).Tiles)
	}
	f.wantVP(0, 3+1) // the gift, and tile 5's sea meets [-3,-3]'s
}

// TestAISingularityMarkerRules: a repeat or a copy of technology 12 gives
// the 4 resources only; with only the marker on technology an advance is
// void (max-out VP still pays) and so is a regress.
func TestAISingularityMarkerRules(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Technology, 12) // arrived without its benefit (Dark Ages)
	f.effs(0, Effect{Do: "repeat_position", Bonus: "pay"})
	f.idle()
	f.wantRes(0, 1, 1, 1, 1)
	if !slices.Equal(f.p(0).Tokens[Technology], []int8{12}) || f.p(0).Marker {
		t.Errorf("the token moved: %v", f.p(0).Tokens[Technology])
	}
	f.push(Task{Op: "bespoke", Seat: 1, Str: "trade_economy"})
	f.idle()
	f.wantRes(1, 1, 1, 1, 1)

	g := newTable(t, 3)
	g.p(0).Tokens[Technology] = nil
	g.p(0).Marker = true
	g.p(0).Tokens[Science] = []int8{0, 0}
	g.effs(0, advEff("technology", true, "pay"))
	g.effs(0, Effect{Do: "regress", Tracks: []string{"technology"}, Benefit: true})
	g.idle()
	g.wantPos(0, Technology, 12)
	g.effs(0, Effect{Do: "research", MaxoutVP: 5})
	g.do(face(Technology))
	g.idle()
	g.wantVP(0, 5)
	g.res(0, 3, 0, 0, 0)
	g.turn(0)
	if g.has("adv:technology") {
		t.Errorf("the marker may advance: %v", g.s.Ask.Opts)
	}
}

// TestAgeOfDiscoveryTokenChoice: a mover with two tokens on the rolled
// track picks one (R21); the owner's benefit only.
func TestAgeOfDiscoveryTokenChoice(t *testing.T) {
	f := newTable(t, 3)
	f.p(1).Tokens[Exploration] = []int8{5, 3}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "age_of_discovery"})
	f.do(face(Exploration))
	f.dos("id:5", "id:6") // the owner's Scouting
	f.at("token", 1)
	f.do("tok:1")
	f.at("place_landmark", 1)
	f.do(f.s.Ask.Opts[0])
	f.idle()
	if !slices.Equal(f.p(1).Tokens[Exploration], []int8{5, 4}) || f.s.LandOwner[lmk(t, "Lighthouse")] != 1 {
		t.Errorf("tokens %v", f.p(1).Tokens[Exploration])
	}
	f.wantPos(2, Exploration, 1)
}

// TestAcademiaOnCardsDrawn: 3 VP per tech card and per tapestry card
// gained, the income step's draws included.
func TestAcademiaOnCardsDrawn(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Academia")
	f.effs(0, Effect{Do: "tapestry_cards", N: 2})
	f.dos(card(t, "Monarchy"), card(t, "Guilds"))
	f.effs(0, eff("invent"))
	f.do("invent:1")
	f.do("id:3")
	f.idle()
	f.wantVP(0, 9)
}

// TestOlympicHost: each player from the owner may pay 1 worker for 10 VP
// (others in a window); an opponent paying gives the owner a building.
func TestOlympicHost(t *testing.T) {
	f := newTable(t, 3)
	f.res(0, 0, 1, 0, 0)
	f.res(1, 0, 1, 0, 0)
	f.res(2, 0, 1, 0, 0)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "olympic_host"})
	f.at("b:olympic_host", 0)
	f.do("nopay")
	f.at("b:olympic_host", 1)
	if !f.s.Ask.Window {
		t.Error("an opponent's offer is no window")
	}
	f.do("pay")
	f.do("nopay")
	f.at("building_choice", 0)
	f.do("build:market")
	f.do("at:0@0")
	f.idle()
	f.wantVP(1, 10)
	f.wantVP(0, 0)
	if f.p(0).Taken[Market] != 1 {
		t.Error("no market")
	}
}

// TestAgeOfWonders: fewer landmarks than every opponent: 2 any; more than
// every opponent: 12 VP; otherwise 1 any and 6 VP.
func TestAgeOfWonders(t *testing.T) {
	f := newTable(t, 3)
	f.claim(1, "Forge")
	f.claim(2, "Barn")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "age_of_wonders"})
	if f.at("gain_any", 0); f.s.Ask.Task.N != 2 {
		t.Errorf("fewer: %d any", f.s.Ask.Task.N)
	}
	f.do("gain:cc")
	f.claim(0, "Academy")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "age_of_wonders"})
	f.do("gain:c")
	f.wantVP(0, 6)
	f.claim(0, "Lighthouse")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "age_of_wonders"})
	f.idle()
	f.wantVP(0, 18)
}

// TestDiplomacy: everyone from the owner gains 1 any, then the owner's
// building of any type.
func TestDiplomacy(t *testing.T) {
	f := newTable(t, 3)
	f.hand(0, "Diplomacy")
	f.effs(0, eff("overplay_tapestry"))
	for _, seat := range []int{0, 1, 2} {
		f.at("gain_any", seat)
		f.do("gain:u")
	}
	f.at("building_choice", 0)
	for seat := range 3 {
		f.wantRes(seat, 0, 0, 0, 1)
	}
}

// TestAlliance: no conquest between the partners either way; the owner
// gains the benefit of each upgrade its partner makes.
func TestAlliance(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.hand(0, "Alliance")
	f.effs(0, eff("overplay_tapestry"))
	f.do("partner:1")
	f.outpost(printed, 1, false)
	f.outpost(Hex{-1, -1}, 0, false)
	f.explore(Hex{-1, -1}, 7)
	if slices.Contains(f.s.conquerTargets(0, true), printed) || slices.Contains(f.s.conquerTargets(1, true), Hex{-1, -1}) {
		t.Error("the partners may attack each other")
	}
	if !slices.Contains(f.s.conquerTargets(2, true), printed) {
		t.Error("a third player may not attack the partner")
	}
	f.tech(1, 0, "Calendar")
	f.effs(1, eff("upgrade"))
	f.idle()
	f.wantRes(1, 0, 0, 0, 1)
	f.wantRes(0, 0, 0, 0, 1)
}

// TestMarriageOfState: each time the partner gains the benefit of a space
// on the chosen track, the owner gains it too (no bonus).
func TestMarriageOfState(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.hand(0, "Marriage of State")
	f.effs(0, eff("overplay_tapestry"))
	f.do("partner:1@science")
	f.tok(1, Science, 1)
	f.effs(1, advEff("science", true, "pay"))
	f.do(card(t, "Monarchy")) // the partner's card
	f.do(card(t, "Guilds"))   // the owner's copy
	f.idle()
	if len(f.p(0).Hand) != 1 || len(f.p(1).Hand) != 1 {
		t.Errorf("hands %v %v", f.p(0).Hand, f.p(1).Hand)
	}
}

// TestExploitation: the player may take the tile's benefit twice instead
// of the alignment VP.
func TestExploitation(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Exploitation")
	f.tiles(1, 24)
	f.p(1).Era = 1
	f.active(1, "Exploitation")
	f.effs(1, eff("explore"))
	f.dos("hex:1@3", "rot:4")
	f.at("exploit", 1)
	f.do("double")
	f.idle()
	f.wantVP(1, 0)
	f.wantRes(1, 0, 0, 2, 0)
}

// TestMilitarism: after exploring, an outpost from supply may go on the
// new territory: it is controlled, no dice.
func TestMilitarism(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Militarism")
	f.tiles(0, 5)
	f.effs(0, eff("explore"))
	f.dos("hex:-2@-3", "rot:0")
	f.at("b:militarism_outpost", 0)
	f.do("outpost")
	f.idle()
	if f.s.Terr(Hex{-2, -3}).Controller() != 0 || f.p(0).Outposts != 7 || f.s.Red != -1 {
		t.Error("Militarism outpost")
	}
}

// TestMonarchyAndTerraforming: 3 VP for each income building placed in the
// capital, beside the mat too; Terraforming 5 VP per placement covering an
// impassable plot.
func TestMonarchyAndTerraforming(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Monarchy")
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("at:0@0")
	f.wantVP(0, 3)
	f.fillOpen(0)
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.idle()
	f.wantVP(0, 6)
	g := newTable(t, 3)
	g.active(0, "Terraforming")
	g.effs(0, Effect{Do: "building", Type: "farm"})
	g.do("at:1@0")
	g.wantVP(0, 5)
}

// TestIndustrialismAndGoldenAge: inventing also gains the middle benefit
// (the card stays in the bottom row); Golden Age ignores prerequisites and
// scores 3 VP per upgrade.
func TestIndustrialismAndGoldenAge(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Industrialism")
	f.effs(0, eff("invent"))
	f.do("invent:0") // Air Conditioning: 1 worker
	f.do("id:3")
	f.idle()
	f.wantRes(0, 0, 1, 0, 0)
	if len(f.p(0).Tech[0]) != 1 {
		t.Error("the card left the bottom row")
	}
	g := newTable(t, 3)
	g.active(0, "Golden Age")
	g.tech(0, 1, "Transistors")
	g.effs(0, eff("upgrade"))
	g.idle()
	g.wantVP(0, 4+3)
}

// TestCapitalismMarketCoin: each market gained gives 1 coin.
func TestCapitalismMarketCoin(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Capitalism")
	f.effs(0, Effect{Do: "building", Type: "market"})
	f.do("at:0@0")
	f.wantRes(0, 1, 0, 0, 0)
}

// TestEmpiricism: every science roll is two rolls, the owner keeps one;
// each science advance gives 2 VP.
func TestEmpiricism(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Empiricism")
	f.effs(0, Effect{Do: "research"})
	f.do(face(Military))
	f.at("science_roll", -1)
	f.do(face(Science))
	if opts := f.at("keep_roll", 0); !slices.Equal(opts, []string{"keep:military", "keep:science"}) {
		t.Fatalf("keep options %v", opts)
	}
	f.do("keep:science")
	f.do("research:science")
	f.idle()
	f.wantPos(0, Science, 1)
	f.wantVP(0, 2)
}

// TestCoalBaronUnplaceableTile: a drawn tile that cannot be placed stays in
// supply; the neighbours still draw.
func TestCoalBaronUnplaceableTile(t *testing.T) {
	f := newTable(t, 3)
	for i := range f.s.Map {
		if f.s.Map[i].Hex.Adjacent(start1) && !f.s.Map[i].Explored() {
			f.explore(f.s.Map[i].Hex, 40+i%8)
		}
	}
	f.s.TerrStack = []int{1, 2, 3}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "coal_baron"})
	f.do("id:1")
	f.dos("id:2", "id:3")
	f.idle()
	if !slices.Equal(f.p(0).Tiles, []int{1}) || len(f.p(1).Tiles)+len(f.p(2).Tiles) != 2 {
		t.Errorf("supplies %v %v %v", f.p(0).Tiles, f.p(1).Tiles, f.p(2).Tiles)
	}
}

// TestDemocracyAndFeudalism: Democracy draws 3 then discards any number for
// 2 VP each; Feudalism's choice skips a resource that cannot fit.
func TestDemocracyAndFeudalism(t *testing.T) {
	f := newTable(t, 3)
	f.hand(0, "Democracy")
	f.effs(0, eff("overplay_tapestry"))
	f.dos(card(t, "Monarchy"), card(t, "Guilds"), card(t, "Trap"))
	f.do("discard:" + strconv.Itoa(TrapCard))
	f.do("discard:" + strconv.Itoa(tapCard(t, "Guilds")))
	f.do("keep")
	f.wantVP(0, 4)
	g := newTable(t, 3)
	g.res(0, 8, 8, 8, 8)
	g.claim(0, "Forge")
	g.hand(0, "Feudalism")
	g.effs(0, eff("overplay_tapestry"))
	g.idle() // only the VP option was possible
	g.wantVP(0, 3)
}

// TestTyrannyBonusOnce: the 5 VP come with the first overplay only.
func TestTyrannyBonusOnce(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Tyranny")
	f.p(0).Tyrant = true
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Monarchy"))
	f.do("tyranny:" + strconv.Itoa(tapCard(t, "Monarchy")))
	f.wantVP(0, 0)
}

// TestTrapWindowHidesTheHand: the defender's window opens with or without
// a Trap, it is never answered by itself, and no other seat sees its
// options.
func TestTrapWindowHidesTheHand(t *testing.T) {
	views := map[string]View{}
	for _, c := range []string{"Trap", "Monarchy"} {
		f := conquerSetup(t, printed, c)
		f.effs(0, eff("conquer"))
		f.do("hex:" + hexKey(printed))
		f.at("trap", 1)
		g := Game{}
		if len(g.Legal(&f.s, 0)) != 0 || len(g.Legal(&f.s, 1)) == 0 || !g.InWindow(&f.s, 1) {
			t.Errorf("%s: legal or window wrong", c)
		}
		if a, ok := g.Pass(&f.s, 1); !ok || a.K != "notrap" {
			t.Errorf("%s: pass %v", c, a)
		}
		views[c] = g.View(&f.s, 0)
	}
	a, b := views["Trap"], views["Monarchy"]
	if a.Ask == nil || a.Ask.Opts != nil || b.Ask.Opts != nil || a.Players[1].HandSize != b.Players[1].HandSize {
		t.Errorf("the attacker's view differs: %+v / %+v", a.Ask, b.Ask)
	}
}

// TestFinalIncomeTurnEndsTheGame: income turn 5 has no card and no income;
// the player is finished and skipped; the game ends when all are.
func TestFinalIncomeTurnEndsTheGame(t *testing.T) {
	f := newTable(t, 2)
	f.p(0).Era, f.p(1).Era = 4, 4
	f.hand(0, "Monarchy")
	f.p(0).VP, f.p(1).VP = 30, 20
	f.res(1, 1, 0, 0, 0) // seat 1 has a choice: its turn waits
	f.s.Turn = 0
	f.s.turnAsk()
	g := Game{}
	if _, err := g.Apply(&f.s, 0, Action{"income"}); err != nil {
		t.Fatal(err)
	}
	p := f.p(0)
	if !p.Done || len(p.Hand) != 1 || p.Res != (Res{}) || p.VP != 30 || f.s.Over {
		t.Fatalf("after income turn 5: done %v hand %v res %v vp %d", p.Done, p.Hand, p.Res, p.VP)
	}
	if f.s.Turn != 1 || f.s.Ask == nil || f.s.Ask.Seat != 1 || f.s.Ask.Kind != "turn" {
		t.Fatalf("next: turn %d ask %+v", f.s.Turn, f.s.Ask)
	}
	if _, err := g.Apply(&f.s, 1, Action{"income"}); err != nil {
		t.Fatal(err)
	}
	r, ok := g.Result(&f.s)
	if !ok || !f.s.Over || !slices.Equal(r.Winners, []games.Seat{0}) {
		t.Errorf("result %+v %v", r, ok)
	}
}

// TestChoosePicksAPossibleOption: Wagons without a tile to explore with
// and Walls without an outpost left take the building at once (§13.1).
func TestChoosePicksAPossibleOption(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 2)
	f.effs(0, advEff("exploration", true, "none"))
	f.at("place_building", 0) // the farm: explore was impossible
	f.do("at:0@0")
	f.p(0).Outposts = 0
	f.tok(0, Military, 2)
	f.effs(0, advEff("military", true, "none"))
	f.at("place_building", 0)
	f.do("at:0@1")
	f.idle()
	if p := f.p(0); p.Taken[Farm] != 1 || p.Taken[Armory] != 1 {
		t.Errorf("taken %v", p.Taken)
	}
	g := newTable(t, 3)
	g.tiles(0, 5)
	g.tok(0, Exploration, 2)
	g.effs(0, advEff("exploration", true, "none"))
	if opts := g.at("choose", 0); !slices.Equal(opts, []string{"opt:0", "opt:1"}) {
		t.Errorf("options %v", opts)
	}
}

// TestGainAnyNeverWastes: "any" resources are offered only where they fit;
// the units that fit nowhere are lost.
func TestGainAnyNeverWastes(t *testing.T) {
	f := newTable(t, 3)
	f.res(0, 7, 8, 6, 8)
	f.effs(0, Effect{Do: "gain_any", N: 4})
	f.idle() // 1 coin and 2 food fit: the only choice, taken at once
	f.wantRes(0, 8, 8, 8, 8)
	f.res(0, 7, 8, 7, 8)
	f.effs(0, Effect{Do: "gain_any", N: 1})
	if opts := f.at("gain_any", 0); !slices.Equal(opts, []string{"gain:c", "gain:f"}) {
		t.Errorf("options %v", opts)
	}
}

// TestSocialismSkipsImmovableTracks: a track where only the AI marker
// could move, or a forbidden track upward, is no choice.
func TestSocialismSkipsImmovableTracks(t *testing.T) {
	f := newTable(t, 2)
	f.p(0).Tokens[Technology] = nil
	f.p(0).Marker = true
	f.p(0).Tokens[Military] = []int8{0, 0}
	f.tok(1, Technology, 5)
	f.tok(1, Science, 3)
	f.active(0, "Theocracy")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	f.idle() // technology (marker only) and science (forbidden) are void
	f.wantPos(0, Science, 0)
	f.tok(1, Exploration, 2)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	f.idle()
	f.wantPos(0, Exploration, 2)
}
