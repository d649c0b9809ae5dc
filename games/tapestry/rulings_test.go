package tapestry

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Rulings of spec §21 that apply without civilizations.

// TestR3_NeighbourBonusBeforeCard: the first-of-neighbours resources come
// at the start of step 2, before the card is chosen.
func TestR3_NeighbourBonusBeforeCard(t *testing.T) {
	f := newTable(t, 3)
	f.hand(0, "Guilds", "Monarchy")
	f.income(0)
	f.at("gain_any", 0)
	f.do("gain:w")
	f.at("play", 0)
	f.do("play:" + strconv.Itoa(tapCard(t, "Guilds")))
	// Guilds could spend the resource just gained (its only choice, taken
	// at once): 1 resource → 5 VP.
	f.wantVP(0, 5)
	f.wantRes(0, 1, 1, 1, 1) // the income step's resources only
}

// TestR4_IncomeRowPrerequisite: Treasury's square needs a market level of
// 2 (one market taken) for the upgrader or a neighbour.
func TestR4_IncomeRowPrerequisite(t *testing.T) {
	f := newTable(t, 3)
	f.tech(0, 1, "Treasury")
	if len(f.s.upgradable(0)) != 0 {
		t.Fatal("upgradable with no market taken")
	}
	f.p(2).Taken[Market] = 1
	f.effs(0, eff("upgrade"))
	f.at("place_landmark", 0)
	if f.s.LandOwner[lmk(t, "Treasury")] != 0 {
		t.Error("the Treasury is not claimed")
	}
	g := newTable(t, 3)
	g.tech(0, 1, "Com Tower")
	g.p(0).Taken[House] = 2
	if len(g.s.upgradable(0)) != 0 {
		t.Error("Com Tower upgradable with 2 houses taken")
	}
	g.p(0).Taken[House] = 3
	if len(g.s.upgradable(0)) != 1 {
		t.Error("Com Tower not upgradable with 3 houses taken")
	}
}

// TestR5_TapestryCardsYouHave: hand plus every card on the income mat,
// covered and face-down ones included; Maker of Fire is no card.
func TestR5_TapestryCardsYouHave(t *testing.T) {
	f := newTable(t, 3)
	f.hand(0, "Monarchy", "Trap")
	f.slot(0, 2, "Academia")
	f.slot(0, 2, "Dystopia")
	f.p(0).Slots[3] = []SlotCard{{Card: int8(tapCard(t, "Guilds")), Down: true}}
	f.tok(0, Military, 8)
	f.effs(0, advEff("military", true, "none"))
	f.do("first:1") // the VP first
	f.wantVP(0, 5)
	f.at("place_building", 0)
}

// TestR6_AlignmentModel: sea corners align like any terrain; unexplored
// and off-map neighbours never score; island centres take no part.
func TestR6_AlignmentModel(t *testing.T) {
	f := newTable(t, 3)
	// Tile 5 is all sea with a desert island, on [1,3]: N [0,2] SSSGGD
	// faces G G (0); NE [0,3] SSSSSG meets S at corner 2/4 (1); NW [1,2]
	// SDGFDD faces F and G (0); SW unexplored; SE, S off the map.
	for r := range 6 {
		if got := f.s.exploreVP(Hex{1, 3}, 5, r); got != 1 {
			t.Errorf("rotation %d scores %d, want 1", r, got)
		}
	}
	f.explore(Hex{2, 3}, 1) // SW now explored: SDSSSS
	if got := f.s.exploreVP(Hex{1, 3}, 5, 0); got != 2 {
		t.Errorf("with SW explored: %d, want 2", got)
	}
}

// TestR7_OverplayOnFinalIncomeTurn: Printing Press's square reached by the
// income-turn-5 upgrade is void.
func TestR7_OverplayOnFinalIncomeTurn(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 4
	f.tok(0, Technology, 4)
	f.tech(0, 1, "Printing Press")
	f.hand(0, "Trap")
	f.income(0)
	f.do("up:" + strconv.Itoa(techCard(t, "Printing Press")))
	f.idle()
	if len(f.p(0).Hand) != 1 || !f.p(0).Done {
		t.Errorf("hand %v done %v", f.p(0).Hand, f.p(0).Done)
	}
	f.wantVP(0, 1) // Barter: 1 tech card; no Trap VP
}

// TestR8_BuildingPlacementLimits: an income building goes on an open plot
// while one is left; a landmark never covers an impassable or built plot
// (Terraforming aside: +5 VP).
func TestR8_BuildingPlacementLimits(t *testing.T) {
	f := newTable(t, 3)
	f.fillOpen(0, 4*9+0)
	f.effs(0, Effect{Do: "building", Type: "farm"})
	f.do("gain:c") // it completed district 4
	f.idle()
	if f.p(0).Cover[4*9] != 'f' || f.p(0).Beside != "" {
		t.Errorf("the farm is not on the last open plot")
	}
	g := newTable(t, 3)
	g.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	base := Mats[0].base
	for _, k := range g.at("place_landmark", 0) {
		rc, rot, _ := strings.Cut(strings.TrimPrefix(k, "lm:"), "@")
		r, c, _ := strings.Cut(rc, ",")
		cells := cityCells(Landmarks[lmk(t, "Lighthouse")].Footprint, CityPlacement{Row: int8(atoi(r)), Col: int8(atoi(c)), Rot: int8(atoi(rot))})
		if len(cells) == 0 {
			t.Errorf("%s covers no plot of the grid", k)
		}
		for _, i := range cells {
			if base[i] == 'X' {
				t.Errorf("%s covers an impassable plot", k)
			}
		}
	}
	h := newTable(t, 3)
	h.active(0, "Terraforming")
	h.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	h.do("lm:1,0@0") // rows 1-2, columns 0-1: two impassable plots
	h.idle()
	h.wantVP(0, 5)
}

// TestR19_ResourceOverflow: the excess over 8 is lost, nothing is asked.
func TestR19_ResourceOverflow(t *testing.T) {
	f := newTable(t, 3)
	f.res(0, 8, 0, 7, 0)
	f.effs(0, Effect{Do: "gain", Res: &Res{2, 1, 3, 0}})
	f.idle()
	f.wantRes(0, 8, 1, 8, 0)
}

// TestR20_TanksWhenTrapped: the advance turn to Tanks against an
// opponent's territory keeps both dice although trapped.
func TestR20_TanksWhenTrapped(t *testing.T) {
	f := conquerSetup(t, printed, "Trap")
	f.claim(2, "Tank Factory")
	f.tok(0, Military, 6)
	f.res(0, 0, 0, 0, 3)
	f.advance(0, Military, "uuu")
	f.do("hex:" + hexKey(printed))
	f.dos("trap", "gain:f", roll(3, 2))
	f.idle()
	f.wantVP(0, 7)
	f.wantRes(0, 0, 0, 1, 0)
}

// TestR23_TrapPlayedAsTapestryCard: a Trap played on an income turn or
// overplayed gives 10 VP.
func TestR23_TrapPlayedAsTapestryCard(t *testing.T) {
	f := newTable(t, 3)
	f.p(1).Era, f.p(2).Era = 2, 2
	f.hand(0, "Trap", "Trap")
	f.income(0)
	f.wantVP(0, 10)
	f.draws()
	f.effs(0, eff("overplay_tapestry"))
	f.do("play:" + strconv.Itoa(TrapCard))
	f.idle()
	f.wantVP(0, 20)
	if got := f.p(0).Slots[2]; len(got) != 2 {
		t.Errorf("slot 2 %+v", got)
	}
}

// TestR24_MultiSpaceMovesAndTiers: Socialism 0 → 10 enters four tiers
// (Theocracy 16 VP) and claims three landmarks; Empiricism counts it as
// one advance.
func TestR24_MultiSpaceMovesAndTiers(t *testing.T) {
	f := newTable(t, 2)
	f.tok(1, Military, 10)
	f.active(0, "Theocracy")
	f.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	for range 3 {
		f.at("place_landmark", 0)
		f.do(f.s.Ask.Opts[0])
	}
	f.idle()
	f.wantVP(0, 16)
	g := newTable(t, 2)
	g.tok(1, Science, 3)
	g.active(0, "Empiricism")
	g.push(Task{Op: "bespoke", Seat: 0, Str: "socialism"})
	g.idle()
	g.wantVP(0, 2)
	g.wantPos(0, Science, 3)
}

// TestR25_Mercantilism: at most as many food as food icons paid (3 here,
// although one food was lost to the cap), 2 VP each, into other types.
func TestR25_Mercantilism(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.p(0).Taken[Farm] = 3
	f.res(0, 0, 0, 6, 0)
	f.hand(0, "Mercantilism")
	f.p(1).Era, f.p(2).Era = 3, 3
	f.income(0)
	f.at("draw_terr", -1)
	f.draws()
	opts := f.at("b:mercantilism_convert", 0)
	if !slices.Equal(opts, []string{"convert:0", "convert:1", "convert:2", "convert:3"}) {
		t.Fatalf("options %v", opts)
	}
	f.do("convert:3")
	f.at("gain_any", 0)
	if slices.ContainsFunc(f.s.Ask.Opts, func(k string) bool { return strings.Contains(k, "f") }) {
		t.Errorf("food offered back: %v", f.s.Ask.Opts)
	}
	f.do("gain:cwu")
	f.wantRes(0, 2, 2, 5, 2)
	f.wantVP(0, 4+6) // Breeding 4 VP, then 3 food converted
}

// TestR27_Revisionism: a track landmark gained (by advance or Dystopia)
// gives 1 any; arriving on a claimed landmark space by advance or regress
// gives an armory.
func TestR27_Revisionism(t *testing.T) {
	f := newTable(t, 3)
	f.active(0, "Revisionism")
	f.tok(0, Exploration, 3)
	f.effs(0, advEff("exploration", false, "none"))
	f.do(f.s.Ask.Opts[0]) // place the Lighthouse
	f.at("gain_any", 0)
	f.do("gain:c")
	f.effs(0, eff("landmark_any_track"))
	f.do("lmk:" + strconv.Itoa(lmk(t, "Academy")))
	f.do(f.s.Ask.Opts[0])
	f.at("gain_any", 0) // Dystopia's track landmark
	f.do("gain:c")
	f.claim(1, "Forge")
	f.tok(0, Technology, 3)
	f.effs(0, advEff("technology", false, "none"))
	f.at("place_building", 0)
	f.do(f.s.Ask.Opts[0])
	f.claim(1, "Tank Factory")
	f.tok(0, Military, 8)
	f.effs(0, Effect{Do: "regress", Track: "military"})
	f.do(f.s.Ask.Opts[0])
	f.idle()
	if f.p(0).Taken[Armory] != 2 {
		t.Errorf("armories %d, want 2", f.p(0).Taken[Armory])
	}
	f.wantRes(0, 2, 0, 0, 0)
}

// TestR28_ThisEraEndsAtNextIncomeTurn: Academia of era 2 stops before
// step 1 of income turn 3: the first-of-neighbours step already sees no
// active card, and the income step's card scores nothing.
func TestR28_ThisEraEndsAtNextIncomeTurn(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era = 2
	f.active(0, "Academia")
	f.hand(0, "Exploitation")
	f.income(0)
	f.at("gain_any", 0)
	if f.p(0).Active() != -1 {
		t.Error("Academia is still active")
	}
	f.do("gain:cc")
	f.draws()
	f.idle()
	f.wantVP(0, 0)
}

// TestR29_FinishedPlayers: a finished player gains nothing from others'
// cards (Diplomacy, Olympic Host, Coal Baron, Steam Tycoon) and plays no
// Trap.
func TestR29_FinishedPlayers(t *testing.T) {
	f := newTable(t, 3)
	f.p(1).Done = true
	f.res(1, 0, 1, 0, 0)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "diplomacy_all_gain_any"})
	f.at("gain_any", 0)
	f.do("gain:c")
	f.at("gain_any", 2)
	f.do("gain:c")
	f.idle()
	f.wantRes(1, 0, 1, 0, 0)
	f.res(0, 0, 1, 0, 0)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "olympic_host"})
	f.do("pay")
	f.idle() // seat 1 is not asked, seat 2 has no worker: 1 coin
	f.wantRes(0, 1, 0, 0, 0)
	f.wantVP(0, 10)
	f.push(Task{Op: "bespoke", Seat: 0, Str: "steam_tycoon_neighbours"})
	f.at("draw_tech", -1) // seat 2 only
	f.do(f.s.Ask.Opts[0])
	f.idle()
	if f.p(1).TechCount() != 0 || f.p(2).TechCount() != 1 {
		t.Error("a finished player drew a tech card")
	}
	g := conquerSetup(t, printed, "Trap")
	g.p(1).Done = true
	g.effs(0, eff("conquer"))
	g.do("hex:" + hexKey(printed))
	g.at("conquer_roll", -1)
}

// TestR31_UpgradeBenefitsMandatory: Clocks' circle advances at once;
// Compass's square must explore when it can.
func TestR31_UpgradeBenefitsMandatory(t *testing.T) {
	f := newTable(t, 3)
	f.tech(0, 0, "Clocks")
	f.effs(0, eff("upgrade"))
	f.idle()
	f.wantPos(0, Technology, 1)
	f.tech(0, 1, "Compass")
	f.tok(0, Technology, 4)
	f.tiles(0, 5)
	f.effs(0, eff("upgrade"))
	f.do("up:" + strconv.Itoa(techCard(t, "Compass")))
	if opts := f.at("explore_hex", 0); slices.Contains(opts, "skip") {
		t.Errorf("the explore may be skipped: %v", opts)
	}
}

// TestR32_EspionageCopiesThisEraCard: Espionage copying another player's
// Academia scores its hooks until the owner's era ends; it cannot copy a
// face-down card or Espionage.
func TestR32_EspionageCopiesThisEraCard(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era, f.p(1).Era, f.p(2).Era = 2, 2, 2
	f.slot(1, 2, "Academia")
	f.p(2).Slots[2] = []SlotCard{{Card: int8(tapCard(t, "Monarchy")), Down: true}}
	f.hand(0, "Espionage")
	f.effs(0, eff("overplay_tapestry"))
	f.idle() // the only face-up card was copied at once
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Dystopia"))
	f.idle()
	f.wantVP(0, 3)
	f.hand(0, "Exploitation")
	f.effs(0, eff("overplay_tapestry"))
	f.do("play:" + strconv.Itoa(tapCard(t, "Exploitation")))
	f.effs(0, Effect{Do: "tapestry_cards", N: 1})
	f.do(card(t, "Guilds"))
	f.idle()
	f.wantVP(0, 3) // Espionage is covered: the copy ended
	// Copying a when-played card resolves it for the copier.
	g := newTable(t, 3)
	g.p(0).Era = 2
	g.slot(1, 2, "Boast of Superiority")
	g.hand(0, "Espionage")
	g.effs(0, eff("overplay_tapestry"))
	g.idle()
	g.wantVP(0, 16)
}

// TestR33_BatteryOncePerTurnThroughNanotechnology: the Battery's square
// reached by its own upgrade counts for the turn: Nanotechnology's
// square cannot use it again.
func TestR33_BatteryOncePerTurnThroughNanotechnology(t *testing.T) {
	f := newTable(t, 3)
	f.tech(0, 1, "Lithium-Ion Battery")
	f.tok(0, Exploration, 10)
	f.tok(0, Technology, 10)
	f.effs(0, advEff("technology", true, "none"))
	f.do("first:0") // upgrade first: the Battery goes to the top row
	f.at("repeat", 0)
	f.do("repeat:technology:11")
	f.at("any_order", 0) // Nanotechnology again, from the repeat
	f.do("first:1")      // the square: the Battery is used up, nothing left
	f.idle()
	if !f.p(0).BatteryUsed {
		t.Error("the Battery is not marked used")
	}
}

// TestR37_StartedThisEraByIncomeTurns: Technocracy sees an opponent with an
// empty slot who took the income turn as having started the era.
func TestR37_StartedThisEraByIncomeTurns(t *testing.T) {
	f := newTable(t, 3)
	f.p(0).Era, f.p(1).Era = 2, 2
	f.push(Task{Op: "bespoke", Seat: 0, Str: "technocracy"})
	f.idle()
	f.wantVP(0, 6)
	g := newTable(t, 3)
	g.p(0).Era = 2
	g.push(Task{Op: "bespoke", Seat: 0, Str: "technocracy"})
	g.at("invent", 0)
	g.do("invent:0")
	g.do("id:3")
	g.idle()
	if p := g.p(0); len(p.Tech[1]) != 1 || p.Res != (Res{0, 1, 0, 0}) {
		t.Errorf("tech %v res %v", p.Tech, p.Res)
	}
}

// TestR38_TwoPlayerNeighbour: in a 2-player game the single opponent is
// the one neighbour: the first-of-neighbours bonus looks at it once, and
// Oil Magnate asks it once.
func TestR38_TwoPlayerNeighbour(t *testing.T) {
	f := newTable(t, 2)
	if got := f.s.Neighbours(0); !slices.Equal(got, []int{1}) {
		t.Fatalf("neighbours %v", got)
	}
	f.hand(0, "Monarchy")
	f.income(0)
	f.at("gain_any", 0)
	g := newTable(t, 2)
	g.p(1).Era = 2
	g.hand(0, "Monarchy")
	g.income(0)
	g.at("draw_terr", -1)
}
