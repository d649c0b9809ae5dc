package tapestry

import (
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// Worked examples of spec §20 (K, L and M need the solo game or
// civilizations and are not here).

// exampleA sets the position of §20 A for seat 0: income turn 3 next,
// markets 3 taken, houses 4, farms 0, armories 2; 5 tech cards; a capital
// with 3 complete rows; 4 controlled territories; 6 coin, 2 workers, 0
// food, 1 culture. The neighbours have started era 3 already (no
// first-of-neighbours bonus in the example).
func exampleA(t *testing.T, play string) *fx {
	f := newTable(t, 3)
	p := f.p(0)
	p.Era = 2
	p.Taken = [NumBuildings]int8{Farm: 0, House: 4, Market: 3, Armory: 2}
	f.tech(0, 2, "Calendar", "Canned Food", "Clocks", "Compass", "Concrete")
	for _, r := range []int{0, 1, 2} {
		for c := range 9 {
			if Mats[0].base[r*9+c] == '.' {
				f.cover(0, r, c, 'h')
			}
		}
	}
	if got := cityScore(Mats[0].base, p.Cover); got != 3 {
		t.Fatalf("capital scores %d, want 3", got)
	}
	f.outpost(Hex{-3, -3}, 0, false)
	f.outpost(printed, 0, false)
	f.outpost(Hex{-2, -1}, 0, false)
	if n := f.s.Controlled(0); n != 4 {
		t.Fatalf("controls %d territories, want 4", n)
	}
	f.res(0, 6, 2, 0, 1)
	f.hand(0, play)
	f.p(1).Era, f.p(2).Era = 3, 3
	f.turn(0)
	f.do("income")
	return f
}

// TestExampleA_IncomeTurnVP: the seed's income turn 3 (+23 VP, the coin
// capped at 8, one tile and one card drawn).
func TestExampleA_IncomeTurnVP(t *testing.T) {
	f := exampleA(t, "Exploitation")
	f.wantVP(0, 23)
	f.wantRes(0, 8, 6, 1, 3)
	f.at("draw_terr", -1)
	f.do("id:24")
	f.at("draw_tap", -1)
	f.do(card(t, "Trap"))
	f.idle()
	p := f.p(0)
	if len(p.Tiles) != 1 || p.Tiles[0] != 24 || len(p.Hand) != 1 || int(p.Hand[0]) != TrapCard {
		t.Errorf("tiles %v hand %v, want [24] and a Trap", p.Tiles, p.Hand)
	}
	if p.Era != 3 || f.s.Turn != 1 {
		t.Errorf("era %d, turn %d; want era 3 and seat 1 to play", p.Era, f.s.Turn)
	}
}

// TestExampleA_Capitalism: with Capitalism played on that income turn the
// three coin icons pay 2 VP each although one coin was lost to the cap
// (R25).
func TestExampleA_Capitalism(t *testing.T) {
	f := exampleA(t, "Capitalism")
	f.dos("id:24", card(t, "Trap"))
	f.idle()
	f.wantVP(0, 23+6)
	f.wantRes(0, 8, 6, 1, 3)
}

// TestExampleB_FirstIncomeTurn: from the deal, through Game.Apply, the
// first player's only choice is income turn 1, which pays exactly 1 of
// each resource, 1 territory tile and 1 tapestry card, with no card
// played and no VP.
func TestExampleB_FirstIncomeTurn(t *testing.T) {
	g := Game{}
	s, err := g.New(games.Options{"civilizations": "none"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(seat games.Seat, key string) {
		t.Helper()
		if _, err := g.Apply(&s, seat, Action{key}); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
	}
	apply(games.Chance, "setup:1.2.3:1")
	apply(0, "mat:6")
	apply(1, "mat:4")
	apply(2, "mat:5")
	apply(games.Chance, "id:4")
	apply(games.Chance, "id:9")
	apply(games.Chance, "id:17")
	// Seat 1 goes first: its turn ask had the single option "income" and
	// was answered at once; the income step now draws a territory tile.
	if s.Ask == nil || s.Ask.Kind != "draw_terr" || s.Players[1].Era != 1 {
		t.Fatalf("ask %+v, era %d: want the income turn's tile draw", s.Ask, s.Players[1].Era)
	}
	apply(games.Chance, "id:30")
	apply(games.Chance, card(t, "Monarchy"))
	p := &s.Players[1]
	if p.Res != (Res{1, 1, 1, 1}) || p.VP != 0 || len(p.Tiles) != 1 || len(p.Hand) != 1 {
		t.Errorf("after income turn 1: res %v vp %d tiles %v hand %v", p.Res, p.VP, p.Tiles, p.Hand)
	}
	for k := range p.Slots {
		if len(p.Slots[k]) > 0 {
			t.Errorf("a card was played on slot %d", k)
		}
	}
	if s.Turn != 2 || s.Ask == nil || s.Ask.Kind != "draw_terr" || s.Players[2].Era != 1 {
		t.Errorf("next: turn %d ask %+v; want seat 2's income turn 1", s.Turn, s.Ask)
	}
	if s.Terr(start2).Controller() != 1 || s.Terr(start3).Controller() != 2 || s.Terr(start1).Controller() != 0 {
		t.Errorf("starting outposts are not on the chosen mats' territories")
	}
}

// TestExampleC_AdvanceWithLandmark: exploration 3 → 4 pays 1 food and 1
// coin, claims and places the Lighthouse before the benefit (1 tile, then
// explore); a later arrival gets no landmark.
func TestExampleC_AdvanceWithLandmark(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Exploration, 3)
	f.res(0, 2, 0, 1, 0)
	f.tiles(0, 20)
	f.turn(0)
	f.do("adv:exploration")
	// The only payment (1 food + 1 coin) was taken at once.
	f.wantRes(0, 1, 0, 0, 0)
	f.wantPos(0, Exploration, 4)
	f.at("place_landmark", 0)
	if f.s.LandOwner[lmk(t, "Lighthouse")] != 0 {
		t.Fatal("the Lighthouse is not claimed before the benefit")
	}
	f.do("lm:0,3@0")
	f.at("draw_terr", -1)
	f.do("id:21")
	if got := len(f.p(0).Tiles); got != 2 {
		t.Errorf("supply holds %d tiles before the explore, want 2", got)
	}
	f.at("explore_tile", 0)
	f.dos("tile:21", "hex:-2@-3", "rot:0")
	f.idle() // Navigation has no bonus: the turn is over
	if f.s.Turn != 1 {
		t.Errorf("turn passed to %d, want 1", f.s.Turn)
	}

	f.tok(1, Exploration, 3)
	f.res(1, 0, 0, 2, 0)
	f.turn(1)
	f.do("adv:exploration")
	f.wantRes(1, 0, 0, 0, 0)
	f.at("draw_terr", -1) // no landmark to place: straight to the benefit
	if f.s.LandOwner[lmk(t, "Lighthouse")] != 0 {
		t.Error("the Lighthouse changed hands")
	}
}

// TestExampleD_ExploreAlignment: tile 24 south of the 2/4 start on [1,3]
// scores 2 VP turned 0 and 3 VP turned 4, then gives 1 food.
func TestExampleD_ExploreAlignment(t *testing.T) {
	for _, c := range []struct {
		rot string
		vp  int
	}{{"rot:0", 2}, {"rot:4", 3}} {
		t.Run(c.rot, func(t *testing.T) {
			f := newTable(t, 3)
			f.tiles(1, 24)
			f.effs(1, eff("explore"))
			// The single tile was chosen at once; the hex is asked.
			if !f.has("hex:1@3") {
				t.Fatalf("[1,3] is not offered: %v", f.at("explore_hex", 1))
			}
			f.dos("hex:1@3", c.rot)
			f.idle()
			f.wantVP(1, c.vp)
			f.wantRes(1, 0, 0, 1, 0)
			tr := f.s.Terr(Hex{1, 3})
			if tr.Tile != 24 || tr.Controller() != -1 || len(f.p(1).Tiles) != 0 {
				t.Errorf("tile %d controller %d supply %v", tr.Tile, tr.Controller(), f.p(1).Tiles)
			}
		})
	}
}

// TestExampleE_CapitalEnginePath: the capital of §20 E built through the
// engine: the Lighthouse, then a market completing district 2 asks the
// district resource, rows and columns score through score_capital.
func TestExampleE_CapitalEnginePath(t *testing.T) {
	f := newTable(t, 3)
	f.push(Task{Op: "claim", Seat: 0, N: lmk(t, "Lighthouse")})
	f.do("lm:0,3@0")
	f.idle()
	f.effs(0, Effect{Do: "building", Type: "market"})
	f.do("at:0@5")
	f.at("gain_any", 0)
	f.do("gain:w")
	f.idle()
	f.wantRes(0, 0, 1, 0, 0)
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
	want := []string{
		"...LLm...",
		"XXhLLXXXf",
		"...XXX...",
		"...XXXXX.",
		".....XX..",
		".XXXPP..X",
		"..X.PP...",
		"....PP.X.",
		"..X..a...",
	}
	letters := map[byte]byte{byte('A' + lmk(t, "Lighthouse")): 'L', byte('A' + lmk(t, "Launch Pad")): 'P'}
	got := cityTestRender(Mats[0].base, f.p(0).Cover, letters)
	for r := range want {
		if got[r] != want[r] {
			t.Errorf("row %d = %s, want %s", r, got[r], want[r])
		}
	}
	if p := f.p(0); p.Taken != [NumBuildings]int8{1, 1, 1, 1} {
		t.Errorf("buildings taken %v", p.Taken)
	}
}

// bonusCards is the bonus key discarding these tapestry designs.
func bonusCards(t *testing.T, names ...string) string {
	var ids []int
	for _, n := range names {
		ids = append(ids, tapCard(t, n))
	}
	sortInts(ids)
	return "bonus:" + joinIDs("k", ids)
}

// TestExampleF_ResearchFullBenefit: Chemistry's research rolls military;
// the player advances 2 → 3 (Walls), takes the armory, then may pay
// Chemistry's bonus (2 tapestry cards for 5 VP).
func TestExampleF_ResearchFullBenefit(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 4)
	f.tok(0, Military, 2)
	f.res(0, 0, 2, 0, 0)
	f.hand(0, "Monarchy", "Empiricism")
	f.advance(0, Science, "ww")
	f.wantRes(0, 0, 0, 0, 0)
	f.at("science_roll", -1)
	f.do(face(Military))
	f.at("research", 0)
	f.do("research:military")
	f.wantPos(0, Military, 3)
	f.at("choose", 0) // Walls: conquer or an armory
	f.do("opt:1")
	f.at("place_building", 0)
	f.do("at:0@0")
	if f.p(0).Taken[Armory] != 1 {
		t.Errorf("no armory taken")
	}
	// Walls has no bonus; Chemistry's bonus comes next.
	f.at("bonus", 0)
	f.do(bonusCards(t, "Monarchy", "Empiricism"))
	f.idle()
	f.wantVP(0, 5)
	if len(f.p(0).Hand) != 0 || len(f.s.TapDiscard) != 2 {
		t.Errorf("hand %v discard %v", f.p(0).Hand, f.s.TapDiscard)
	}
}

// TestExampleF_ResearchOnFinishedTrack: had the roll been exploration with
// the token on 12, nothing happens; the bonus is still offered.
func TestExampleF_ResearchOnFinishedTrack(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 4)
	f.tok(0, Exploration, 12)
	f.res(0, 0, 2, 0, 0)
	f.hand(0, "Monarchy", "Empiricism")
	f.advance(0, Science, "ww")
	f.do(face(Exploration))
	f.at("bonus", 0)
	f.do("nobonus")
	f.idle()
	f.wantVP(0, 0)
	f.wantPos(0, Exploration, 12)
}

// toppledHeld counts the territories seat controls that hold an
// opponent's toppled outpost (topple-two progress).
func toppledHeld(s *State, seat int) int {
	return toppledHeldOn(s.Map, seat, false)
}

// TestExampleG_ConquerTrapBothDice: Archery into Q's lone outpost; Q plays
// a Trap (P's outpost toppled, Q keeps H and gains 1 culture); P keeps the
// red 6 VP. Later Tanks into Q's lone outpost on tile 9, no Trap: both
// dice, 1 VP per territory (5) and the tile's benefit (1 card).
func TestExampleG_ConquerTrapBothDice(t *testing.T) {
	f := newTable(t, 3)
	h := Hex{-2, -1}
	f.outpost(h, 1, false)
	f.hand(1, "Trap", "Monarchy")
	f.res(0, 1, 0, 0, 0)
	f.advance(0, Military, "c")
	f.at("conquer_hex", 0)
	f.do("hex:" + hexKey(h))
	opts := f.at("trap", 1)
	if !f.s.Ask.Window || len(opts) != 2 {
		t.Fatalf("trap window %+v", f.s.Ask)
	}
	f.do("trap")
	f.at("gain_any", 1)
	f.do("gain:u")
	f.wantRes(1, 0, 0, 0, 1)
	tr := f.s.Terr(h)
	if tr.Controller() != 1 || len(tr.Outposts) != 2 || !tr.Outposts[1].Down || tr.Outposts[1].Seat != 0 {
		t.Fatalf("after the trap %v is %+v", h, tr.Outposts)
	}
	f.at("conquer_roll", -1)
	f.do(roll(2, 1))
	f.at("die", 0)
	f.do("die:red")
	f.idle()
	f.wantVP(0, 6)
	f.wantRes(0, 0, 0, 0, 0)
	if n := toppledHeld(&f.s, 1); n != 1 {
		t.Errorf("Q's topple-two progress %d, want 1", n)
	}

	// Later: Tanks.
	f.claim(2, "Tank Factory")
	h2 := Hex{-3, -2}
	f.explore(h2, 9)
	f.outpost(h2, 1, false)
	f.outpost(Hex{-3, -3}, 0, false)
	f.outpost(printed, 0, false)
	f.explore(Hex{-2, -3}, 30)
	f.outpost(Hex{-2, -3}, 0, false)
	f.tok(0, Military, 6)
	f.res(0, 2, 0, 0, 1)
	f.advance(0, Military, "ccu")
	// H2 is the only target: it was chosen at once. Q holds a card, so the
	// window opens although it is not a Trap.
	if opts := f.at("trap", 1); len(opts) != 1 || *f.s.Ask.Task.Hex != h2 {
		t.Fatalf("trap window %+v", f.s.Ask)
	}
	f.do("notrap")
	if n := f.s.Controlled(0); n != 5 {
		t.Errorf("P controls %d territories, want 5", n)
	}
	f.do(roll(4, 4))
	f.at("draw_tap", -1) // both dice apply: no die is asked
	f.do(card(t, "Dystopia"))
	f.idle()
	f.wantVP(0, 6+5)
	if len(f.p(0).Hand) != 1 {
		t.Errorf("P's hand %v, want the tile's card", f.p(0).Hand)
	}
	if n := toppledHeld(&f.s, 0); n != 1 {
		t.Errorf("P's topple-two progress %d, want 1", n)
	}
}

// TestExampleH_FirstOfNeighbours: 4 players A B C D. B starts era 2 first
// (A and C have not): 1 any; then D (C and A have not): 1 any; A and C:
// nothing. C then starts era 3 first (B and D have not): 2 any.
func TestExampleH_FirstOfNeighbours(t *testing.T) {
	f := newTable(t, 4)
	for seat := range 4 {
		f.hand(seat, []string{"Monarchy", "Exploitation", "Theocracy", "Empiricism"}[seat], "Wartime Economy")
	}
	income := func(seat, bonus int, play string) {
		t.Helper()
		f.turn(seat) // no resources: the income turn is the only choice
		if bonus > 0 {
			f.at("gain_any", seat)
			if f.s.Ask.Task.N != bonus {
				t.Fatalf("seat %d gains %d any, want %d", seat, f.s.Ask.Task.N, bonus)
			}
			f.do(f.s.Ask.Opts[0])
		}
		f.at("play", seat)
		f.do("play:" + strconv.Itoa(tapCard(t, play)))
		if f.s.Ask == nil || f.s.Ask.Seat >= 0 {
			t.Fatalf("seat %d: unexpected ask %+v\n%s", seat, f.s.Ask, strings.Join(f.log, "\n"))
		}
		f.draws()
		f.idle()
	}
	income(1, 1, "Exploitation") // B
	income(3, 1, "Empiricism")   // D
	income(0, 0, "Monarchy")     // A
	income(2, 0, "Theocracy")    // C
	for seat := range 4 {
		f.p(seat).Res = Res{}
	}
	income(2, 2, "Wartime Economy") // C into era 3
}

// TestExampleI_PrerequisiteThroughNeighbour: Zeppelins (exploration ≥ 4)
// moves to the top row on the left neighbour's exploration 5 although P is
// on 3; its square pays P's own position: 3 VP. A seat that is no
// neighbour does not help.
func TestExampleI_PrerequisiteThroughNeighbour(t *testing.T) {
	f := newTable(t, 4)
	f.tech(0, 1, "Zeppelins")
	f.tok(0, Exploration, 3)
	f.tok(2, Exploration, 5) // seat 2 is across the table
	if len(f.s.upgradable(0)) != 0 {
		t.Fatalf("upgradable through a non-neighbour: %v", f.s.upgradable(0))
	}
	f.tok(1, Exploration, 5) // the left neighbour
	f.effs(0, eff("upgrade"))
	f.idle()
	f.wantVP(0, 3)
	if p := f.p(0); len(p.Tech[2]) != 1 || p.Tech[2][0] != techCard(t, "Zeppelins") {
		t.Errorf("top row %v", p.Tech[2])
	}
}

// TestExampleJ_AlienBiology: science 11 → 12 completes the track first
// (10 VP), then Alien Biology's four rolls: science on 12 (5 VP), military
// 6 → 7 claiming the Tank Factory (no Tanks benefit), science (5 VP),
// technology 9 → 10 (the Tech Hub is Q's): 20 VP and the Tank Factory.
func TestExampleJ_AlienBiology(t *testing.T) {
	f := newTable(t, 3)
	f.tok(0, Science, 11)
	f.tok(0, Military, 6)
	f.tok(0, Technology, 9)
	f.claim(1, "Tech Hub")
	f.res(0, 0, 2, 0, 0)
	f.advance(0, Science, "ww")
	f.wantVP(0, 10)
	f.at("science_roll", -1)
	f.do(face(Science))
	f.wantVP(0, 15)
	f.do(face(Military))
	f.at("research", 0)
	f.do("research:military")
	f.at("place_landmark", 0)
	f.do(f.s.Ask.Opts[0])
	f.at("science_roll", -1) // no Tanks conquer
	f.do(face(Science))
	f.do(face(Technology))
	f.do("research:technology")
	f.idle()
	f.wantVP(0, 20)
	f.wantPos(0, Military, 7)
	f.wantPos(0, Technology, 10)
	if f.s.LandOwner[lmk(t, "Tank Factory")] != 0 || f.s.LandOwner[lmk(t, "Tech Hub")] != 1 {
		t.Error("landmarks: the Tank Factory should be P's, the Tech Hub Q's")
	}
}

// TestExampleN_EndOfGame: equal VP, the most resources left wins; equal
// resources share the win.
func TestExampleN_EndOfGame(t *testing.T) {
	f := newTable(t, 2)
	f.s.Over = true
	f.p(0).VP, f.p(1).VP = 212, 212
	f.res(0, 3, 1, 0, 2)
	f.res(1, 2, 2, 2, 2)
	r, ok := Game{}.Result(&f.s)
	if !ok || len(r.Winners) != 1 || r.Winners[0] != 1 || r.Ranks[0] != 2 || r.Ranks[1] != 1 {
		t.Errorf("result %+v, want Q (seat 1) alone", r)
	}
	f.res(1, 6, 0, 0, 0)
	r, _ = Game{}.Result(&f.s)
	if len(r.Winners) != 2 || r.Ranks[0] != 1 || r.Ranks[1] != 1 {
		t.Errorf("result %+v, want a shared win", r)
	}
}

// TestExampleO_AchievementOrder: with 3 players the first to reach a
// space 12 gains 10 VP, the second 5, the third nothing; with 4 players
// 15, 10, 5.
func TestExampleO_AchievementOrder(t *testing.T) {
	for _, c := range []struct {
		seats int
		vp    []int
	}{{3, []int{10, 5, 0}}, {4, []int{15, 10, 5, 0}}} {
		f := newTable(t, c.seats)
		for seat := range c.seats {
			tr := Track(seat % NumTracks)
			f.tok(seat, tr, 11)
			f.effs(seat, advEff(tr.String(), false, "none"))
			f.idle()
			f.wantVP(seat, c.vp[seat])
			if !f.p(seat).Achieved[0] {
				t.Errorf("%d seats: seat %d has not the achievement", c.seats, seat)
			}
		}
	}
}
