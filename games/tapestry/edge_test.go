package tapestry

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Edge cases of spec §19, one named test each (43-45 need civilizations).

// TestEdge01_VoidBenefitBonusStillOffered: Rafts with no territory tile:
// the explore is void, the token moves, the bonus (1 any → 1 tapestry
// card) is still offered.
func TestEdge01_VoidBenefitBonusStillOffered(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 1)
	f.res(0, 2, 0, 0, 0)
	f.advance(0, Exploration, "c")
	f.wantPos(0, Exploration, 2)
	if opts := f.at("bonus", 0); !slices.Equal(opts, []string{"bonus:c", "nobonus"}) {
		t.Fatalf("bonus options %v", opts)
	}
	f.do("bonus:c")
	f.do(card(t, "Monarchy"))
	f.idle()
	f.wantRes(0, 0, 0, 0, 0)
	if len(f.p(0).Hand) != 1 {
		t.Errorf("hand %v", f.p(0).Hand)
	}
}

// TestEdge02_LandmarkBeforeBenefit: the Lighthouse completes district 2;
// its resource is asked before Navigation's tile is drawn.
func TestEdge02_LandmarkBeforeBenefit(t *testing.T) {
	f := newTable(t, 3)
	f.cover(0, 0, 5, 'm')
	f.tok(0, Exploration, 3)
	f.res(0, 1, 0, 1, 0)
	f.advance(0, Exploration, "cf")
	f.do("lm:0,3@0")
	f.at("gain_any", 0)
	f.do("gain:f")
	f.wantRes(0, 0, 0, 1, 0)
	f.at("draw_terr", -1)
}

// TestEdge03_ResearchWithXClaimsLandmark: Astronomy rolls military, 6 → 7:
// the Tank Factory is claimed, Tanks gives no conquer.
func TestEdge03_ResearchWithXClaimsLandmark(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Military, 6)
	f.res(0, 1, 0, 0, 0)
	f.advance(0, Science, "c")
	f.do(face(Military))
	f.do("research:military")
	f.at("place_landmark", 0)
	f.do(f.s.Ask.Opts[0])
	f.idle()
	f.wantPos(0, Military, 7)
	if f.s.LandOwner[lmk(t, "Tank Factory")] != 0 || f.p(0).Outposts != 8 {
		t.Errorf("Tank Factory owner %d, outposts %d", f.s.LandOwner[lmk(t, "Tank Factory")], f.p(0).Outposts)
	}
}

// TestEdge04_ResearchOnFinishedTrack: a roll on a track whose token is on
// 12 does nothing, except max-out VP (5).
func TestEdge04_ResearchOnFinishedTrack(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Military, 12)
	f.effs(0, Effect{Do: "research"})
	f.do(face(Military))
	f.idle()
	f.wantVP(0, 0)
	f.effs(0, Effect{Do: "research", MaxoutVP: 5})
	f.do(face(Military))
	f.idle()
	f.wantVP(0, 5)
}

// TestEdge05_ResearchOnForbiddenTrack: Broker of Peace (military),
// Theocracy (science) and another player's Dictatorship waste the roll;
// max-out VP needs a token on 12, not a forbidden track.
func TestEdge05_ResearchOnForbiddenTrack(t *testing.T) {
	for _, c := range []struct {
		name string
		tr   Track
		set  func(f *fx)
	}{
		{"Broker of Peace", Military, func(f *fx) { f.active(0, "Broker of Peace") }},
		{"Theocracy", Science, func(f *fx) { f.active(0, "Theocracy") }},
		{"Dictatorship", Technology, func(f *fx) { f.p(1).Forbid, f.p(1).ForbidTurns = int8(Technology), 1 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newTable(t, 3)
			f.tok(0, c.tr, 5)
			c.set(f)
			f.effs(0, Effect{Do: "research", Full: true, MaxoutVP: 5})
			f.do(face(c.tr))
			f.idle()
			f.wantPos(0, c.tr, 5)
			f.wantVP(0, 0)
		})
	}
}

// TestEdge06_TwoTokensOnATrack: after AI Singularity the player picks the
// token an advance moves; a token on 12 is no choice.
func TestEdge06_TwoTokensOnATrack(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Tokens[Exploration] = []int8{5, 0}
	f.p(0).Marker = true
	f.p(0).Tokens[Technology] = nil
	f.effs(0, advEff("exploration", false, "none"))
	if opts := f.at("advance", 0); !slices.Equal(opts, []string{"track:exploration:0", "track:exploration:1"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("track:exploration:1")
	if got := f.p(0).Tokens[Exploration]; !slices.Equal(got, []int8{5, 1}) {
		t.Errorf("tokens %v", got)
	}
	f.p(0).Tokens[Exploration] = []int8{12, 1}
	f.effs(0, advEff("exploration", false, "none"))
	f.idle() // the only movable token moved at once
	if got := f.p(0).Tokens[Exploration]; !slices.Equal(got, []int8{12, 2}) {
		t.Errorf("tokens %v", got)
	}
	f.res(0, 1, 0, 0, 0)
	f.turn(0)
	if !f.has("adv:exploration:1") || f.has("adv:exploration:0") {
		t.Errorf("turn options %v", f.s.Ask.Opts)
	}
	f.wantPos(0, Technology, 12)
}

// TestEdge07_RepeatLoops: repeat_position never offers Academic Research
// (itself a repeat); Lithium-Ion Battery's square works once a turn
// however it is reached.
func TestEdge07_RepeatLoops(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 7)
	f.effs(0, Effect{Do: "repeat_position", Bonus: "pay"})
	f.idle() // nothing to repeat: void
	f.tok(0, Military, 4)
	f.tech(0, 2, "Lithium-Ion Battery")
	f.effs(0, eff("tech_square"))
	// Battery → repeat: the single choice (Standing Army) is taken at once;
	// its two parts may go in either order.
	f.do("first:0")
	f.idle()
	f.wantRes(0, 0, 1, 0, 0)
	f.effs(0, eff("tech_square"))
	f.idle()
	f.wantRes(0, 0, 1, 0, 0)
	f.s.endTurn(0)
	f.effs(0, eff("tech_square"))
	f.do("first:0")
	f.wantRes(0, 0, 2, 0, 0)
}

// TestEdge08_RepeatGivesNoLandmark: repeat_position and Trade Economy
// claim no landmark and fire no advance hook.
func TestEdge08_RepeatGivesNoLandmark(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 4)
	f.active(0, "Empiricism")
	f.effs(0, Effect{Do: "repeat_position", Bonus: "pay"})
	f.at("any_order", 0) // Medicine: VP per tech card and a card, any order
	f.do("first:0")
	f.do(card(t, "Monarchy"))
	f.idle()
	if f.s.LandOwner[lmk(t, "Apothecary")] != -1 {
		t.Error("repeat claimed the Apothecary")
	}
	f.wantVP(0, 0)
	f.tok(1, Military, 4)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "trade_economy"})
	// Seat 1's military 4 is the only space on offer: taken at once.
	f.do("first:0")
	f.idle()
	if f.s.LandOwner[lmk(t, "Barracks")] != -1 {
		t.Error("Trade Economy claimed the Barracks")
	}
	f.wantRes(0, 0, 1, 0, 0)
}

// TestEdge09_BuildingTypeExhausted: a 6th farm is void; Cars still scores
// the 5 farms owned.
func TestEdge09_BuildingTypeExhausted(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Taken[Farm] = 5
	f.tok(0, Exploration, 7)
	f.res(0, 3, 0, 1, 0)
	f.advance(0, Exploration, "ccf")
	f.idle() // no placement asked; no bonus payable (no tiles)
	f.wantVP(0, 5)
	if f.p(0).Taken[Farm] != 5 {
		t.Errorf("farms taken %d", f.p(0).Taken[Farm])
	}
}

// TestEdge10_CapitalFull: with no open plot an income building and a
// landmark go beside the mat, still count, and pay no district.
func TestEdge10_CapitalFull(t *testing.T) {
	f := newTable(t, 3)
	f.fillOpen(0)
	before := f.p(0).Cover
	f.effs(0, Effect{Do: "building", Type: "house"})
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Academy")})
	f.idle()
	p := f.p(0)
	if p.Cover != before || p.Beside != "h"+string(rune('A'+lmk(t, "Academy"))) {
		t.Errorf("cover changed or beside = %q", p.Beside)
	}
	if f.s.count(0, "houses", "") != 1 || f.s.count(0, "landmarks", "") != 1 {
		t.Error("buildings beside the mat do not count")
	}
	f.wantRes(0, 0, 0, 0, 0)
}

// TestEdge11_OverhangingLandmark: a landmark may hang off the grid when
// every in-grid plot it covers is open; the outside plots count for
// nothing.
func TestEdge11_OverhangingLandmark(t *testing.T) {
	f := newTable(t, 3)
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	opts := f.at("place_landmark", 0)
	if !slices.Contains(opts, "lm:-1,0@0") {
		t.Fatalf("no overhang above row 0: %v", opts)
	}
	f.do("lm:-1,0@0")
	f.idle()
	if got := strings.Count(f.p(0).Cover, string(rune('A'+lmk(t, "Lighthouse")))); got != 2 {
		t.Errorf("%d plots covered, want 2", got)
	}
}

// TestEdge12_MultiDistrictCompletion: one landmark completing two
// districts gives 2 any resources.
func TestEdge12_MultiDistrictCompletion(t *testing.T) {
	f := newTable(t, 3)
	f.fillOpen(0, 0*9+2, 0*9+3, 1*9+2, 1*9+3)
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	f.do("lm:0,2@0")
	f.at("gain_any", 0)
	if f.s.Ask.Task.N != 2 {
		t.Fatalf("gain %d any, want 2", f.s.Ask.Task.N)
	}
	f.do("gain:cw")
	f.idle()
	f.wantRes(0, 1, 1, 0, 0)
}

var _ = strconv.Itoa

// TestEdge13_ExploreAdjacency: only controlled territories allow exploring
// next to them (not a hex where the player's outpost is toppled);
// Airplanes explores any unexplored hex.
func TestEdge13_ExploreAdjacency(t *testing.T) {
	f := newTable(t, 3)
	// Seat 0's outpost lies toppled under seat 1's on the printed [1,-1].
	f.outpost(Hex{1, -1}, 1, false)
	f.outpost(Hex{1, -1}, 0, true)
	got := f.s.exploreHexes(0, false)
	for _, h := range got {
		if !h.Adjacent(start1) {
			t.Errorf("%v offered: not next to a controlled territory", h)
		}
	}
	if slices.Contains(got, Hex{2, -1}) {
		t.Error("[2,-1] is offered next to a toppled outpost")
	}
	all := f.s.exploreHexes(0, true)
	if !slices.Contains(all, Hex{2, -1}) || !slices.Contains(all, Hex{3, 2}) {
		t.Errorf("anywhere: %v", all)
	}
	f.tiles(0, 5)
	f.effs(0, Effect{Do: "explore", Anywhere: true})
	if !f.has("hex:3@2") {
		t.Errorf("Airplanes does not offer a far hex: %v", f.s.Ask.Opts)
	}
}

// TestEdge14_ExploredHexNotControlled: exploring gives no control; the
// player must conquer the hex, which then has no defender.
func TestEdge14_ExploredHexNotControlled(t *testing.T) {
	f := newTable(t, 3)
	f.tiles(0, 5)
	f.effs(0, eff("explore"))
	f.dos("hex:-2@-3", "rot:0")
	f.idle()
	tr := f.s.Terr(Hex{-2, -3})
	if tr.Tile != 5 || tr.Controller() != -1 || f.s.Controlled(0) != 1 {
		t.Fatalf("explored hex %+v, controlled %d", tr, f.s.Controlled(0))
	}
	if !slices.Contains(f.s.conquerTargets(0, false), Hex{-2, -3}) {
		t.Error("the explored hex is no conquer target")
	}
}

// TestEdge15_ConquerLegality: explored, at most 1 item, not the
// attacker's, next to one of its territories (Warplanes: anywhere); 2
// items never.
func TestEdge15_ConquerLegality(t *testing.T) {
	f := newTable(t, 3)
	f.outpost(printed, 1, false)     // lone opponent outpost: legal
	f.outpost(Hex{-2, -1}, 1, false) // upright + toppled pair: never
	f.outpost(Hex{-2, -1}, 2, true)  //
	f.outpost(Hex{-3, -3}, 2, true)  // a lone toppled outpost: 1 item, legal
	f.explore(Hex{-2, -3}, 7)        // an empty tile: legal
	targets := f.s.conquerTargets(0, false)
	want := []Hex{{-3, -3}, {-2, -3}, {-1, -2}}
	slices.SortFunc(targets, func(a, b Hex) int { return strings.Compare(hexKey(a), hexKey(b)) })
	slices.SortFunc(want, func(a, b Hex) int { return strings.Compare(hexKey(a), hexKey(b)) })
	if !slices.Equal(targets, want) {
		t.Errorf("targets %v, want %v", targets, want)
	}
	any := f.s.conquerTargets(0, true)
	if !slices.Contains(any, middle) || slices.Contains(any, start2) || slices.Contains(any, start1) || slices.Contains(any, Hex{-2, -1}) {
		t.Errorf("Warplanes targets %v", any)
	}
	for _, h := range any {
		if !f.s.Terr(h).Explored() {
			t.Errorf("unexplored %v is a target", h)
		}
	}
}

// TestEdge16_NoOutpostsLeft: every conquer is void, no dice rolled.
func TestEdge16_NoOutpostsLeft(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Outposts = 0
	f.effs(0, Effect{Do: "conquer", Anywhere: true, BothDice: "always"})
	f.idle()
	if f.s.Red != -1 {
		t.Error("dice were rolled")
	}
}

// conquerSetup gives seat 1 a lone outpost on target (explored) and seat 0
// a controlled territory next to it, and seat 1 these cards.
func conquerSetup(t *testing.T, target Hex, cards ...string) *fx {
	f := newTable(t, 3)
	tr := f.terr(target)
	if !tr.Explored() {
		f.explore(target, 9)
	}
	f.outpost(target, 1, false)
	for k := range 6 {
		n := f.s.Terr(target.Neighbour(k))
		if n != nil && n.Explored() && len(n.Outposts) == 0 {
			f.outpost(n.Hex, 0, false)
			break
		}
	}
	f.hand(1, cards...)
	return f
}

// TestEdge17_TrapDeniesMiddleIsland: the middle island trapped: no
// achievement for the attacker, the dice are still rolled, the defender's
// topple-two count rises.
func TestEdge17_TrapDeniesMiddleIsland(t *testing.T) {
	f := conquerSetup(t, middle, "Trap")
	f.effs(0, Effect{Do: "conquer", Anywhere: true})
	f.do("hex:0@0")
	f.do("trap")
	f.do("gain:c")
	f.at("conquer_roll", -1)
	f.do(roll(0, 0))
	f.do("die:black")
	f.idle()
	if f.p(0).Achieved[2] || len(f.s.Claims[2]) != 0 {
		t.Error("the middle island was earned through a Trap")
	}
	f.wantRes(0, 1, 0, 0, 0)
	if toppledHeld(&f.s, 1) != 1 {
		t.Error("the defender's topple-two count did not rise")
	}
	// Without the Trap the attacker earns it (10 VP) in step 5.
	g := conquerSetup(t, middle, "Monarchy")
	g.effs(0, Effect{Do: "conquer", Anywhere: true})
	g.dos("hex:0@0", "notrap", roll(0, 0), "die:black")
	g.wantVP(0, 10)
}

// TestEdge18_TanksTrappedAndPillage: Tanks against an opponent's territory
// take both dice even when trapped (R20); Pillage and Plunder gives both
// only when it topples, and no Trap can be played against it.
func TestEdge18_TanksTrappedAndPillage(t *testing.T) {
	f := conquerSetup(t, printed, "Trap")
	f.effs(0, Effect{Do: "conquer", BothDice: "if_opponent_controlled"})
	f.do("hex:" + hexKey(printed))
	f.dos("trap", "gain:w", roll(0, 0))
	f.idle() // both dice: no die asked
	f.wantVP(0, 4)
	f.wantRes(0, 1, 0, 0, 0)

	// Tanks on an empty territory: one die.
	g := newTable(t, 3)
	g.effs(0, Effect{Do: "conquer", BothDice: "if_opponent_controlled"})
	g.do("hex:" + hexKey(printed))
	g.do(roll(0, 0))
	g.at("die", 0)

	// Pillage and Plunder: a Trap in hand, no window, both dice.
	h := conquerSetup(t, printed, "Trap")
	h.active(0, "Pillage and Plunder")
	h.effs(0, eff("conquer"))
	h.do("hex:" + hexKey(printed))
	h.at("conquer_roll", -1)
	h.do(roll(1, 1))
	h.idle()
	h.wantVP(0, 5)
	h.wantRes(0, 0, 1, 0, 0)
	if h.s.Terr(printed).Controller() != 0 {
		t.Error("Pillage did not topple")
	}
	// Pillage on an empty territory topples nothing: one die.
	k := newTable(t, 3)
	k.active(0, "Pillage and Plunder")
	k.effs(0, eff("conquer"))
	k.do("hex:" + hexKey(printed))
	k.do(roll(1, 1))
	k.at("die", 0)
}

// TestEdge19_TrapRestrictions: no window for a finished defender, against
// Pillage and Plunder, for a territory the defender does not control, or
// for a defender with no card.
func TestEdge19_TrapRestrictions(t *testing.T) {
	cases := []struct {
		name string
		set  func(f *fx)
		win  bool
	}{
		{"open", func(f *fx) {}, true},
		{"finished", func(f *fx) { f.p(1).Done = true }, false},
		{"pillage", func(f *fx) { f.active(0, "Pillage and Plunder") }, false},
		{"no cards", func(f *fx) { f.p(1).Hand = nil }, false},
		{"toppled only", func(f *fx) { f.terr(printed).Outposts[0].Down = true }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := conquerSetup(t, printed, "Trap")
			c.set(f)
			f.effs(0, eff("conquer"))
			f.do("hex:" + hexKey(printed))
			if got := f.s.Ask.Kind == "trap"; got != c.win {
				t.Errorf("trap window %v, want %v (ask %s)", got, c.win, f.s.Ask.Kind)
			}
		})
	}
}

// TestEdge20_BlackDieTileOnPrinted: the black tile face on a pre-printed
// hex (the middle island too) gives nothing.
func TestEdge20_BlackDieTileOnPrinted(t *testing.T) {
	for _, h := range []Hex{printed, middle} {
		f := newTable(t, 3)
		f.effs(0, Effect{Do: "conquer", Anywhere: true})
		f.do("hex:" + hexKey(h))
		f.dos(roll(0, 4), "die:black")
		f.idle()
		f.wantRes(0, 0, 0, 0, 0)
		if len(f.p(0).Hand) != 0 || len(f.p(0).Tiles) != 0 {
			t.Errorf("%v: something was gained", h)
		}
	}
}

// TestEdge21_RedDieCountsAfterConquest: the territory face counts the
// attacker's territories after the conquest: the new one if it controls
// it, not if trapped.
func TestEdge21_RedDieCountsAfterConquest(t *testing.T) {
	f := conquerSetup(t, Hex{-2, -1}, "Trap")
	f.effs(0, eff("conquer"))
	f.do("hex:-2@-1")
	f.do("notrap")
	f.dos(roll(4, 0), "die:red")
	f.wantVP(0, 2) // the start and the new one

	g := conquerSetup(t, Hex{-2, -1}, "Trap")
	g.effs(0, eff("conquer"))
	g.do("hex:-2@-1")
	g.dos("trap", "gain:c", roll(4, 0), "die:red")
	g.wantVP(0, 1)
}

// TestEdge22_PrerequisiteThroughNeighbourOwnPosition: Siegecraft's square
// is legal on a neighbour's military 4 and pays the upgrader's own
// military position.
func TestEdge22_PrerequisiteThroughNeighbourOwnPosition(t *testing.T) {
	f := newTable(t, 2)
	f.tech(0, 1, "Siegecraft")
	f.tok(0, Military, 2)
	f.tok(1, Military, 4)
	f.effs(0, eff("upgrade"))
	f.idle()
	f.wantVP(0, 2)
}

// TestEdge23_UpgradeOptionalOnlyOnIncomeTurns: the income-turn upgrade may
// be declined; an upgrade effect is mandatory when a card can move.
func TestEdge23_UpgradeOptionalOnlyOnIncomeTurns(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 4
	f.tech(0, 0, "Calendar")
	f.hand(0, "Exploitation")
	f.p(1).Era, f.p(2).Era = 5, 5
	f.income(0)
	if opts := f.at("upgrade", 0); !slices.Equal(opts, []string{"noupgrade", "up:" + strconv.Itoa(techCard(t, "Calendar"))}) {
		t.Fatalf("income upgrade options %v", opts)
	}
	f.do("noupgrade")
	if len(f.p(0).Tech[0]) != 1 {
		t.Error("the card moved")
	}
	g := newTable(t, 3)
	g.tech(0, 0, "Calendar")
	g.effs(0, eff("upgrade"))
	g.idle()
	g.wantRes(0, 0, 0, 0, 1)
}

// TestEdge24_EmptyHandIncomeTurn: the top card of the deck goes face down
// on the slot; with deck and discard empty the slot stays empty. Started
// this era counts income turns, not slot contents (R37).
func TestEdge24_EmptyHandIncomeTurn(t *testing.T) {
	f := newTable(t, 2)
	f.p(1).Era = 2 // seat 1 started era 2 (its slot is empty)
	f.income(0)
	f.at("draw_slot", -1) // no first-of-neighbours bonus: seat 1 started era 2
	f.do(card(t, "Trap"))
	if sl := f.p(0).Slots[2]; len(sl) != 1 || !sl[0].Down || int(sl[0].Card) != TrapCard {
		t.Fatalf("slot 2 = %+v", sl)
	}
	f.wantVP(0, 0) // a face-down Trap is no played Trap
	f.draws()
	g := newTable(t, 2)
	g.s.TapDeck, g.s.TapDiscard = nil, nil
	g.income(0)
	g.at("gain_any", 0) // seat 1 has not started era 2
	g.do("gain:c")
	if len(g.p(0).Slots[2]) != 0 {
		t.Error("a card appeared on the slot")
	}
	g.at("draw_terr", -1)
}

// TestEdge25_OverplayVoid: an overplay with an empty hand or during income
// turn 5 is void (R7); in era 1 it goes onto the Maker of Fire slot.
func TestEdge25_OverplayVoid(t *testing.T) {
	f := newTable(t, 3)
	f.effs(0, eff("overplay_tapestry"))
	f.idle()
	f.p(0).Era = 5
	f.hand(0, "Monarchy")
	f.effs(0, eff("overplay_tapestry"))
	f.idle()
	for k := range f.p(0).Slots {
		if len(f.p(0).Slots[k]) > 0 {
			t.Fatalf("a card was played on slot %d", k)
		}
	}
	f.p(0).Era = 1
	f.effs(0, eff("overplay_tapestry"))
	f.idle()
	if sl := f.p(0).Slots[0]; len(sl) != 1 || int(sl[0].Card) != tapCard(t, "Monarchy") {
		t.Errorf("Maker of Fire slot %+v", sl)
	}
	if f.p(0).Active() != tapCard(t, "Monarchy") {
		t.Error("the era-1 card is not active")
	}
}

// TestEdge26_CoveredThisEraCardStops: Tyranny overplays a drawn card on
// itself (+5 VP the first time) and is inactive from then on; a covered
// Academia scores no more.
func TestEdge26_CoveredThisEraCardStops(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.active(0, "Tyranny")
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Academia"))
	f.at("b:tyranny_play_on_top", 0)
	f.do("tyranny:" + strconv.Itoa(tapCard(t, "Academia")))
	f.idle()
	f.wantVP(0, 5)
	if f.p(0).Active() != tapCard(t, "Academia") {
		t.Fatal("Academia is not on top")
	}
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Monarchy"))
	f.idle() // no Tyranny ask; Academia scores 3
	f.wantVP(0, 8)
	f.hand(0, "Exploitation")
	f.effs(0, eff("overplay_tapestry"))
	f.do("play:" + strconv.Itoa(tapCard(t, "Exploitation")))
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Dystopia"))
	f.idle()
	f.wantVP(0, 8)
}

// TestEdge27_Era4CardInactiveOnTurn5: the era-4 Monarchy gives nothing for
// a house placed during income turn 5.
func TestEdge27_Era4CardInactiveOnTurn5(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 4
	f.active(0, "Monarchy")
	f.tech(0, 0, "Paper")
	f.income(0)
	if f.p(0).Active() != -1 {
		t.Fatal("the era-4 card is active on income turn 5")
	}
	f.do("up:" + strconv.Itoa(techCard(t, "Paper")))
	f.do("at:0@0")
	f.idle()
	f.wantVP(0, 1) // 1 tech card on the market space 1; no Monarchy VP
	if !f.p(0).Done {
		t.Error("the player is not finished")
	}
}

// TestEdge28_ResourceCapEveryGain: first-of-neighbours, district and Trap
// resources only offer the types with room; nothing at all when full.
func TestEdge28_ResourceCapEveryGain(t *testing.T) {
	f := newTable(t, 3)
	f.res(0, 8, 8, 8, 7)
	f.hand(0, "Exploitation")
	f.income(0)
	f.at("draw_terr", -1) // the bonus went to culture, the only room
	f.wantRes(0, 8, 8, 8, 8)

	g := newTable(t, 3)
	g.res(0, 8, 8, 8, 8)
	g.cover(0, 0, 5, 'm')
	g.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	g.do("lm:0,3@0")
	g.idle() // the district resource is lost
	g.wantRes(0, 8, 8, 8, 8)

	h := conquerSetup(t, printed, "Trap")
	h.res(1, 8, 8, 7, 8)
	h.effs(0, eff("conquer"))
	h.do("hex:" + hexKey(printed))
	h.do("trap")
	h.at("conquer_roll", -1) // the Trap's resource went to food at once
	h.wantRes(1, 8, 8, 8, 8)
}

// TestEdge29_Guilds: VP paid cannot exceed the VP held; with no VP and no
// resources Guilds is void.
func TestEdge29_Guilds(t *testing.T) {
	f := newTable(t, 3)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "guilds"})
	f.idle()
	f.p(0).VP = 7
	f.push(Task{Op: "bespoke", Seat: 0, Str: "guilds"})
	f.at("gain_any", 0) // pay 5 VP was the only choice
	f.do("gain:c")
	f.wantVP(0, 2)
	f.p(0).VP = 12
	f.res(0, 0, 2, 0, 0)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "guilds"})
	if opts := f.at("b:guilds", 0); !slices.Equal(opts, []string{"guild:res1", "guild:res2", "guild:vp1", "guild:vp2"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("guild:res2")
	f.idle()
	f.wantVP(0, 22)
	f.wantRes(0, 0, 0, 0, 0)
}

// TestEdge30_AISingularityOntoTechnology: the token restarts at technology
// 0; the marker keeps position 12 and the track completed; walking again
// pays benefits, landmarks only if unclaimed.
func TestEdge30_AISingularityOntoTechnology(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Technology, 11)
	f.res(0, 2, 0, 0, 0)
	f.advance(0, Technology, "cc")
	f.wantVP(0, 10)
	f.at("b:ai_singularity", 0)
	f.do("to:technology")
	f.idle()
	p := f.p(0)
	if !p.Marker || !slices.Equal(p.Tokens[Technology], []int8{0}) {
		t.Fatalf("marker %v tokens %v", p.Marker, p.Tokens[Technology])
	}
	f.wantPos(0, Technology, 12)
	f.wantRes(0, 1, 1, 1, 1)
	f.effs(0, advEff("technology", true, "none"))
	f.at("invent", 0) // Pottery again
	f.do("invent:0")
	f.do("id:3")
	f.idle()
	f.wantVP(0, 10)
	f.claim(1, "Forge")
	p.Tokens[Technology] = []int8{3}
	f.effs(0, advEff("technology", false, "none"))
	f.idle()
	if f.s.LandOwner[lmk(t, "Forge")] != 1 {
		t.Error("the Forge changed hands")
	}
}

// TestEdge31_SpaceTilesExhausted: Interstellar Travel draws what is left;
// explore_space with no space tile in supply is void.
func TestEdge31_SpaceTilesExhausted(t *testing.T) {
	f := newTable(t, 3)
	f.effs(0, eff("explore_space"))
	f.idle()
	f.s.SpaceStack = []int{13, 5}
	f.effs(0, Effect{Do: "space_tiles", N: 3})
	f.dos("id:13", "id:5")
	f.idle()
	if !slices.Equal(f.p(0).Space, []int{13, 5}) || len(f.s.SpaceStack) != 0 {
		t.Fatalf("supply %v stack %v", f.p(0).Space, f.s.SpaceStack)
	}
	f.effs(0, eff("explore_space"))
	f.do("space:13")
	f.idle()
	f.wantVP(0, 13)
}

// TestEdge32_DecksExhausted: the tapestry, territory and tech decks
// reshuffle their discards; the space stack never refills; a draw from an
// empty source is void.
func TestEdge32_DecksExhausted(t *testing.T) {
	f := newTable(t, 3)
	m := int8(tapCard(t, "Monarchy"))
	f.s.TapDeck, f.s.TapDiscard = nil, []int8{m}
	f.effs(0, Effect{Do: "tapestry_cards", N: 2})
	if opts := f.at("draw_tap", -1); !slices.Equal(opts, []string{card(t, "Monarchy")}) {
		t.Fatalf("draw options %v", opts)
	}
	f.do(card(t, "Monarchy"))
	f.idle() // the second draw is void
	if !slices.Equal(f.p(0).Hand, []int8{m}) {
		t.Errorf("hand %v", f.p(0).Hand)
	}
	f.s.TerrStack, f.s.TerrDiscard = nil, []int{7}
	f.effs(0, Effect{Do: "territory_tiles", N: 2})
	f.do("id:7")
	f.idle()
	f.s.TechDeck, f.s.TechDiscard = nil, nil
	f.effs(0, eff("invent"))
	if opts := f.at("invent", 0); slices.Contains(opts, "invent:deck") {
		t.Errorf("the empty tech deck is offered: %v", opts)
	}
	f.do("invent:1")
	f.idle() // nothing refills the row
	if !slices.Equal(f.s.TechRow, []int{0, 2}) {
		t.Errorf("tech row %v", f.s.TechRow)
	}
	f.s.SpaceStack, f.p(0).Used = nil, []int{1}
	f.effs(0, Effect{Do: "space_tiles", N: 1})
	f.idle()
}

// TestEdge33_DiscardDestinations: tiles, tapestry cards and tech cards paid
// or refreshed go to their own discard piles.
func TestEdge33_DiscardDestinations(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 7)
	f.tiles(0, 5, 7)
	f.effs(0, advEff("exploration", true, "pay"))
	f.do("at:0@0") // Cars' farm
	f.do("bonus:t5.t7")
	f.idle()
	f.wantVP(0, 1+5)
	if !slices.Equal(f.s.TerrDiscard, []int{5, 7}) {
		t.Errorf("territory discard %v", f.s.TerrDiscard)
	}
	f.tok(0, Technology, 10)
	f.tech(0, 2, "Calendar", "Canned Food", "Transistors")
	f.effs(0, advEff("technology", true, "pay"))
	f.do("first:1") // the square first (the upgrade is void anyway)
	f.do("card:" + strconv.Itoa(techCard(t, "Calendar")))
	ids := []int{techCard(t, "Calendar"), techCard(t, "Canned Food"), techCard(t, "Transistors")}
	sortInts(ids)
	f.do("bonus:" + joinIDs("x", ids))
	f.idle()
	f.wantVP(0, 6+7+10)
	if p := f.p(0); p.TechCount() != 0 || len(f.s.TechDiscard) != 3 {
		t.Errorf("tech cards %v discard %v", p.Tech, f.s.TechDiscard)
	}
	f.effs(0, eff("refresh_tech"))
	f.dos("id:10", "id:11", "id:12")
	if len(f.s.TechDiscard) != 6 || !slices.Equal(f.s.TechRow, []int{10, 11, 12}) {
		t.Errorf("discard %v row %v", f.s.TechDiscard, f.s.TechRow)
	}
	f.hand(0, "Monarchy")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "discard_tapestry_for_vp"})
	f.do("discard:" + strconv.Itoa(tapCard(t, "Monarchy")))
	if !slices.Equal(f.s.TapDiscard, []int8{int8(tapCard(t, "Monarchy"))}) {
		t.Errorf("tapestry discard %v", f.s.TapDiscard)
	}
}

// TestEdge34_NeighbourEffectsTwoPlayers: Coal Baron, Oil Magnate and Steam
// Tycoon reach the single opponent once (R38).
func TestEdge34_NeighbourEffectsTwoPlayers(t *testing.T) {
	f := newTable(t, 2)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "coal_baron"})
	f.do("id:5")
	f.dos("hex:-2@-3", "rot:0") // the drawn tile, the only one, is placed
	f.at("draw_terr", -1)       // the neighbour's tile
	f.do("id:6")
	f.idle()
	if len(f.p(1).Tiles) != 1 || f.s.Terr(Hex{-2, -3}).Tile != 5 {
		t.Errorf("seat 1 tiles %v", f.p(1).Tiles)
	}

	g := newTable(t, 2)
	g.push(Task{Op: "bespoke", Seat: 0, Str: "oil_magnate"})
	g.do("track:military")
	g.at("b:oil_offer", 0)
	g.do("noadvance")
	g.at("b:oil_offer", 1)
	if !g.s.Ask.Window {
		t.Error("the neighbour's offer is no window")
	}
	g.do("advance")
	g.idle() // no benefit for the neighbour
	g.wantPos(1, Military, 1)

	h := newTable(t, 2)
	h.hand(0, "Steam Tycoon")
	h.effs(0, eff("overplay_tapestry"))
	h.do("invent:0") // Air Conditioning, at once in the middle row: 1 worker
	h.do("id:3")     // refill
	h.at("draw_tech", -1)
	h.do("id:4")
	h.idle()
	if h.p(1).TechCount() != 1 || h.p(0).Tech[1][0] != 0 {
		t.Errorf("tech %v / %v", h.p(0).Tech, h.p(1).Tech)
	}
	h.wantRes(0, 0, 1, 0, 0)
}

// TestEdge35_Socialism: void when every opponent is level with the
// player; a move up several spaces is one advance that claims every
// landmark passed and counts every tier entered (R24).
func TestEdge35_Socialism(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 2)
	f.tok(1, Exploration, 2)
	f.tok(2, Exploration, 2)
	for tr := range Track(NumTracks) {
		for seat := range 3 {
			f.tok(seat, tr, 2)
		}
	}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	f.idle()

	f.tok(1, Military, 8)
	f.active(0, "Theocracy")
	f.p(1).Era = 2
	f.active(1, "Broker of Peace")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	f.at("place_landmark", 0) // military was the only track to move on
	f.do(f.s.Ask.Opts[0])
	f.at("place_landmark", 0)
	f.do(f.s.Ask.Opts[0])
	if f.s.LandOwner[lmk(t, "Barracks")] != 0 || f.s.LandOwner[lmk(t, "Tank Factory")] != 0 {
		t.Fatal("the landmarks passed are not both claimed")
	}
	f.idle()
	f.wantPos(0, Military, 8)
	f.wantVP(0, 8) // Theocracy: tiers II and III
	f.wantVP(1, 3) // Broker of Peace: one advance

	// One above and one below equally near: the player chooses.
	g := newTable(t, 3)
	g.tok(0, Science, 5)
	g.tok(1, Science, 3)
	g.tok(2, Science, 7)
	g.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	if opts := g.at("b:socialism_to", 0); !slices.Equal(opts, []string{"to:3", "to:7"}) {
		t.Fatalf("options %v", opts)
	}
	g.do("to:3")
	g.idle()
	g.wantPos(0, Science, 3)
}

// TestEdge36_DarkAges: a track whose token is on 0 may be one of the
// three regressed (nothing moves); advancing past 12 is void; landmarks
// are claimed while advancing, with no benefit.
func TestEdge36_DarkAges(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 3)
	f.tok(0, Technology, 5)
	f.tok(0, Military, 11)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "dark_ages"})
	f.do("up:military")
	f.idle()
	f.wantPos(0, Exploration, 0)
	f.wantPos(0, Science, 2)
	f.wantPos(0, Technology, 4)
	f.wantPos(0, Military, 12)
	f.wantVP(0, 10) // the track completed; no Mechs benefit

	g := newTable(t, 3)
	g.tok(0, Science, 3)
	g.push(Task{Op: "bespoke", Seat: 0, Str: "dark_ages"})
	g.do("up:science")
	g.at("place_landmark", 0) // the Apothecary, passing 4
	g.do(g.s.Ask.Opts[0])
	g.idle()
	g.wantPos(0, Science, 6)
	if len(g.p(0).Hand) != 0 || g.p(0).TechCount() != 0 {
		t.Error("a benefit was gained")
	}
}

// TestEdge37_Renaissance: a track on 12 is skipped; the free bonuses are
// optional.
func TestEdge37_Renaissance(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 12)
	f.tok(0, Science, 1)
	f.tok(0, Technology, 4)
	f.tok(0, Military, 6)
	f.hand(0, "Renaissance")
	f.effs(0, eff("overplay_tapestry"))
	opts := f.at("any_order", 0)
	if len(opts) != 4 {
		t.Fatalf("options %v", opts)
	}
	f.do("first:0") // exploration: on 12, skipped
	f.do("first:0") // science 1 → 2 (Mathematics): the free bonus
	if opts := f.at("bonus", 0); !slices.Equal(opts, []string{"bonus:", "nobonus"}) {
		t.Fatalf("bonus options %v", opts)
	}
	f.do("bonus:")
	f.do("at:0@0")  // the house
	f.do("first:0") // technology 4 → 5 (Glass): its bonus is declined
	f.at("bonus", 0)
	f.do("nobonus")
	f.at("place_landmark", 0) // military 6 → 7 claims the Tank Factory
	f.do(f.s.Ask.Opts[0])
	f.idle() // Tanks has no bonus; no benefit
	f.wantPos(0, Exploration, 12)
	f.wantPos(0, Science, 2)
	f.wantPos(0, Technology, 5)
	f.wantPos(0, Military, 7)
	if p := f.p(0); p.Taken != [NumBuildings]int8{0, 1, 0, 0} || p.Outposts != 8 {
		t.Errorf("taken %v outposts %d", p.Taken, p.Outposts)
	}
}

// TestEdge38_AgeOfDiscovery: finished players do not move; the others
// must; only the owner gains the benefit. A landmark claimed by another
// player is placed at once, during the owner's turn (§19 item 48).
func TestEdge38_AgeOfDiscovery(t *testing.T) {
	f := newTable(t, 3)
	f.p(1).Done = true
	f.tok(2, Science, 3)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "age_of_discovery"})
	f.do(face(Science))
	f.at("science_roll", -1) // the owner's Astronomy: a research
	f.do(face(Exploration))
	f.do("noresearch")
	f.at("place_landmark", 2) // seat 2 reached 4: the Apothecary
	f.do(f.s.Ask.Opts[0])
	f.idle()
	f.wantPos(0, Science, 1)
	f.wantPos(1, Science, 0)
	f.wantPos(2, Science, 4)
	if f.s.LandOwner[lmk(t, "Apothecary")] != 2 || len(f.p(2).Hand) != 0 {
		t.Error("seat 2 should hold the Apothecary and no Medicine card")
	}
}

// TestEdge39_BrokerOfPeace: 3 VP for every military advance of every other
// player, whatever the cause; the owner cannot advance on military.
func TestEdge39_BrokerOfPeace(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Broker of Peace")
	f.effs(1, Effect{Do: "research"})
	f.do(face(Military))
	f.do("research:military")
	f.wantVP(0, 3)
	f.push(Task{Op: "bespoke", Seat: 1, Str: "age_of_discovery"})
	f.do(face(Military))
	f.do(card(t, "Monarchy")) // the owner's Bladed Weapons
	f.idle()
	f.wantVP(0, 3+6)
	f.wantPos(0, Military, 0)
	f.push(Task{Op: "bespoke", Seat: 2, Str: "oil_magnate"})
	f.do("track:military")
	f.do("noadvance")
	f.at("b:oil_offer", 1) // seat 0 may not advance: not offered
	f.do("advance")
	f.idle()
	f.wantVP(0, 3+6+3)
}

// TestEdge40_Comparisons: Boast counts ties as "no one ahead"; Plea needs
// every other player strictly ahead.
func TestEdge40_Comparisons(t *testing.T) {
	f := newTable(t, 3)
	for seat, v := range [][4]int{{5, 0, 2, 4}, {5, 0, 3, 1}, {3, 0, 1, 1}} {
		for tr := range Track(NumTracks) {
			f.tok(seat, tr, v[tr])
		}
	}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "boast_of_superiority"})
	f.wantVP(0, 12)
	for seat, v := range [][4]int{{2, 2, 0, 0}, {3, 2, 1, 0}, {5, 5, 0, 0}} {
		for tr := range Track(NumTracks) {
			f.tok(seat, tr, v[tr])
		}
	}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "plea_for_aid"})
	f.at("gain_any", 0)
	if f.s.Ask.Task.N != 1 || len(f.s.Tasks) != 0 {
		t.Errorf("Plea pays %d, %d tasks left", f.s.Ask.Task.N, len(f.s.Tasks))
	}
	f.wantVP(0, 12+2)
}

// TestEdge41_AchievementSlotsFull: the third player to complete a track in
// a 3-player game gains nothing.
func TestEdge41_AchievementSlotsFull(t *testing.T) {
	f := newTable(t, 3)
	f.s.Claims[0] = []int8{1, 2}
	f.p(1).Achieved[0], f.p(2).Achieved[0] = true, true
	f.tok(0, Military, 11)
	f.effs(0, advEff("military", false, "none"))
	f.idle()
	f.wantVP(0, 0)
	if len(f.s.Claims[0]) != 2 {
		t.Errorf("claims %v", f.s.Claims[0])
	}
}

// TestEdge42_ToppleTwoAfterRevolution: flipping two territories earns the
// Revolution player topple-two (second slot here); the opponent keeps the
// achievement it already earned.
func TestEdge42_ToppleTwoAfterRevolution(t *testing.T) {
	f := newTable(t, 3)
	for _, h := range []Hex{printed, Hex{-3, -3}} {
		f.outpost(h, 1, false)
		f.outpost(h, 0, true)
	}
	f.s.Claims[1] = []int8{1}
	f.p(1).Achieved[1] = true
	f.p(1).VP = 10
	f.hand(0, "Revolution")
	f.effs(0, eff("overplay_tapestry"))
	f.do("opt:1")
	f.do("flip:-3@-3")
	f.do("flip:-1@-2") // the last one: no stop needed afterwards
	f.idle()
	f.wantVP(0, 5)
	f.wantVP(1, 10)
	if !f.p(1).Achieved[1] || f.s.Terr(printed).Controller() != 0 {
		t.Error("the flip or the achievement went wrong")
	}
	// With nothing to flip, Revolution's choice offers only the resource.
	g := newTable(t, 3)
	g.hand(0, "Revolution")
	g.effs(0, eff("overplay_tapestry"))
	g.at("gain_any", 0)
}

// TestEdge46_Colonialism: a controlled territory tile is needed (printed
// hexes are no choice); tile 5's desert island gives 1 coin.
func TestEdge46_Colonialism(t *testing.T) {
	f := newTable(t, 3)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "colonialism"})
	f.idle()
	f.explore(Hex{-2, -3}, 5)
	f.outpost(Hex{-2, -3}, 0, false)
	f.outpost(printed, 0, false)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "colonialism"})
	f.idle()
	f.wantRes(0, 1, 0, 0, 0)
	f.explore(Hex{-3, -2}, 8) // SMMMDD: mountain and desert
	f.outpost(Hex{-3, -2}, 0, false)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "colonialism"})
	f.do("colony:-3@-2")
	f.wantRes(0, 2, 1, 0, 0)
}

// TestEdge47_TradeEconomyVoidBenefit: Warpgates with no space tile is void
// for the owner; the opponent still gains the bonus free, in a window.
func TestEdge47_TradeEconomyVoidBenefit(t *testing.T) {
	f := newTable(t, 3)
	f.tok(1, Exploration, 12)
	f.p(1).Space = []int{13}
	f.push(Task{Op: "bespoke", Seat: 0, Str: "trade_economy"})
	opts := f.at("bonus", 1)
	if !slices.Equal(opts, []string{"bonus:", "nobonus"}) || !f.s.Ask.Window {
		t.Fatalf("bonus ask %+v", f.s.Ask)
	}
	f.do("bonus:")
	f.idle()
	f.wantVP(1, 13)
	f.wantVP(0, 0)
}

// TestEdge49_BonusAnyCostNoResources: an `any` bonus cannot be paid with
// nothing, unless Wartime Economy makes it free.
func TestEdge49_BonusAnyCostNoResources(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 1)
	f.effs(0, advEff("exploration", true, "pay"))
	f.idle()
	f.active(0, "Wartime Economy")
	f.tok(0, Exploration, 1)
	f.effs(0, advEff("exploration", true, "pay"))
	if opts := f.at("bonus", 0); !slices.Equal(opts, []string{"bonus:", "nobonus"}) {
		t.Errorf("options %v", opts)
	}
}

// TestEdge50_PayAnyWithTrackResource: tier II exploration paid with 2 food.
func TestEdge50_PayAnyWithTrackResource(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 4)
	f.res(0, 0, 1, 2, 0)
	f.turn(0)
	f.do("adv:exploration")
	if opts := f.at("pay", 0); !slices.Equal(opts, []string{"pay:ff", "pay:wf"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("pay:ff")
	f.wantRes(0, 0, 1, 0, 0)
}

// TestEdge51_PirateRuleTrapped: no tile benefit when trapped, the die is
// still gained; without the Trap the tile's benefit comes before the dice.
func TestEdge51_PirateRuleTrapped(t *testing.T) {
	target := Hex{-2, -3} // tile 9: 1 tapestry card
	f := conquerSetup(t, target, "Trap")
	f.active(0, "Pirate Rule")
	f.effs(0, eff("conquer"))
	f.do("hex:" + hexKey(target))
	f.dos("trap", "gain:c")
	f.at("conquer_roll", -1)
	f.dos(roll(0, 0), "die:black")
	f.idle()
	f.wantRes(0, 1, 0, 0, 0)
	if len(f.p(0).Hand) != 0 {
		t.Error("Pirate Rule paid although trapped")
	}
	g := conquerSetup(t, target, "Trap")
	g.active(0, "Pirate Rule")
	g.effs(0, eff("conquer"))
	g.do("hex:" + hexKey(target))
	g.do("notrap")
	g.at("draw_tap", -1)
	g.do(card(t, "Monarchy"))
	g.at("conquer_roll", -1)
}

// TestEdge52_IncomeVPAfterUpgrade: the income-turn upgrade comes before
// the VP icons: Anesthesia's armory uncovers Team Sports, which pays now.
func TestEdge52_IncomeVPAfterUpgrade(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.p(0).Taken[Armory] = 1
	f.tech(0, 0, "Anesthesia")
	f.hand(0, "Exploitation")
	f.p(1).Era, f.p(2).Era = 3, 3
	f.income(0)
	f.do("up:" + strconv.Itoa(techCard(t, "Anesthesia")))
	f.do("at:0@0")
	f.at("draw_terr", -1)
	f.wantVP(0, 1+1) // 1 tech card (Barter) + 1 territory (Team Sports)
}

// TestEdge48_LandmarkOnAnotherPlayersTurn: a neighbour's Oil Magnate
// advance into an unclaimed landmark space: the claimer places it at once,
// while it is still the owner's turn.
func TestEdge48_LandmarkOnAnotherPlayersTurn(t *testing.T) {
	f := newTable(t, 3)
	f.s.Turn = 0
	f.tok(1, Military, 3)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "oil_magnate"})
	f.do("track:military")
	f.do("noadvance")
	f.do("advance") // seat 1, the left neighbour
	f.at("place_landmark", 1)
	if f.s.Turn != 0 || f.s.LandOwner[lmk(t, "Barracks")] != 1 {
		t.Errorf("turn %d, Barracks owner %d", f.s.Turn, f.s.LandOwner[lmk(t, "Barracks")])
	}
	f.do(f.s.Ask.Opts[0])
	f.at("b:oil_offer", 2)
}
