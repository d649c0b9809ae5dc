package tapestry

import (
	"slices"
	"strconv"
	"testing"
)

// Passive abilities of Historians, Inventors and Mystics (spec §14).

// TestHistoriansOpponentClaims: an opponent holding a token claims a
// landmark → the Historians player gains every uncovered square once; an
// opponent without a token gives nothing; R29: finished, VP squares only.
func TestHistoriansOpponentClaims(t *testing.T) {
	f := newCivTable(t, 3, "Historians")
	cs := f.civ(0, "Historians")
	cs.Given = []int8{1, 1, 2, -1} // squares 0 (3 VP), 1 (worker), 2 (food) uncovered
	f.tok(1, Technology, 3)
	f.res(1, 5, 5, 5, 5)
	f.advance(1, Technology, "cc") // space 4: the Forge
	f.placeAll()
	for f.s.Ask != nil { // the space's benefit and bonus
		f.do(f.s.Ask.Opts[0])
	}
	if f.s.LandOwner[lmk(t, "Forge")] != 1 {
		t.Fatal("the Forge is not claimed")
	}
	// All three squares once (seat 1 holds two tokens: still once).
	f.wantVP(0, 3)
	f.wantRes(0, 0, 1, 1, 0)
	// Seat 2 claims: also holds a token.
	f.effs(2, Effect{Do: "landmark", Name: "Barn"})
	f.placeAll()
	f.wantVP(0, 6)
	f.wantRes(0, 0, 2, 2, 0)
	// Seat 0's own landmark: nothing.
	f.effs(0, Effect{Do: "landmark", Name: "Bakery"})
	f.placeAll()
	f.wantVP(0, 6)
	// No token held: nothing.
	g := newCivTable(t, 3, "Historians")
	g.civ(0, "Historians").Given = []int8{1, -1, -1, -1}
	g.effs(2, Effect{Do: "landmark", Name: "Barn"})
	g.placeAll()
	g.wantVP(0, 0)
	g.effs(1, Effect{Do: "landmark", Name: "Bakery"})
	g.placeAll()
	g.wantVP(0, 3)
	// R29: a finished Historians player gains the VP squares only.
	h := newCivTable(t, 3, "Historians")
	h.civ(0, "Historians").Given = []int8{1, 1, 1, 1}
	h.p(0).Done = true
	h.effs(1, Effect{Do: "landmark", Name: "Barn"})
	h.placeAll()
	h.wantVP(0, 6)
	h.wantRes(0, 0, 0, 0, 0)
}

// TestInventorsIgnorePrerequisite: a card carrying an Inventors token can
// be upgraded to the top row without its prerequisite, by any owner.
func TestInventorsIgnorePrerequisite(t *testing.T) {
	f := newCivTable(t, 3, "Inventors")
	f.tech(1, 1, "Radio") // science 10 needed
	if len(f.s.upgradable(1)) != 0 {
		t.Fatal("Radio upgradable without the prerequisite")
	}
	f.civ(0, "Inventors").Cards = []int{techCard(t, "Radio")}
	if got := f.s.upgradable(1); !slices.Equal(got, []string{"up:" + strconv.Itoa(techCard(t, "Radio"))}) {
		t.Errorf("upgradable %v", got)
	}
}

// TestInventorsTakeCard: an opponent's card carrying the token reaching
// the top row by the opponent's own upgrade moves, after its benefit, to
// the Inventors player's bottom row with its token; the landmark claimed
// through it stays with the opponent.
func TestInventorsTakeCard(t *testing.T) {
	f := newCivTable(t, 3, "Inventors")
	bak := techCard(t, "Bakery")
	f.tech(1, 1, "Bakery") // top: the Bakery landmark; needs a farm taken
	f.civ(0, "Inventors").Cards = []int{bak}
	f.effs(1, eff("upgrade"))
	f.at("place_landmark", 1)
	if f.s.techRow(1, bak) != 2 {
		t.Error("the card moved before its benefit resolved")
	}
	f.do(f.s.Ask.Opts[0])
	f.idle()
	if f.s.LandOwner[lmk(t, "Bakery")] != 1 {
		t.Error("the Bakery is not seat 1's")
	}
	if f.s.techRow(1, bak) != -1 || f.s.techRow(0, bak) != 0 {
		t.Errorf("Bakery: seat 0 %v seat 1 %v", f.p(0).Tech, f.p(1).Tech)
	}
	if !slices.Equal(f.civ(0, "Inventors").Cards, []int{bak}) {
		t.Error("the token left the card")
	}
	// In the Inventors' hands the card climbs without prerequisite; its
	// top benefit now does nothing (the landmark is taken) and it stays.
	f.effs(0, eff("upgrade"))
	f.idle()
	f.effs(0, eff("upgrade"))
	f.idle()
	if f.s.techRow(0, bak) != 2 || f.s.LandOwner[lmk(t, "Bakery")] != 1 {
		t.Errorf("Bakery row %d owner %d", f.s.techRow(0, bak), f.s.LandOwner[lmk(t, "Bakery")])
	}
	// A middle-row arrival does not move the card.
	g := newCivTable(t, 3, "Inventors")
	g.tech(1, 0, "Calendar")
	g.civ(0, "Inventors").Cards = []int{techCard(t, "Calendar")}
	g.effs(1, eff("upgrade"))
	if g.s.techRow(1, techCard(t, "Calendar")) != 1 {
		t.Error("Calendar left seat 1 at the middle row")
	}
	// R29: a finished Inventors player takes nothing.
	h := newCivTable(t, 3, "Inventors")
	h.tech(1, 1, "Calendar")
	h.civ(0, "Inventors").Cards = []int{techCard(t, "Calendar")}
	h.p(0).Done = true
	h.effs(1, eff("upgrade"))
	if h.s.techRow(1, techCard(t, "Calendar")) != 2 || len(h.p(0).Tech[0]) != 0 {
		t.Error("a finished Inventors player took the card")
	}
}

// TestMysticsFirstHit: the first time a count equals its prediction the
// player gains 1 any, once per category; moving away and back gives
// nothing more.
func TestMysticsFirstHit(t *testing.T) {
	f := newCivTable(t, 3, "Mystics")
	cs := f.civ(0, "Mystics")
	cs.Pred = [4]int8{2, 1, 3, 1}
	cs.Hit[2] = false
	f.tech(0, 0, "Calendar")
	f.settle()
	f.idle()
	f.tech(0, 0, "Clocks") // 2 tech cards
	f.settle()
	f.at("gain_any", 0)
	f.do("gain:w")
	f.wantRes(0, 0, 1, 0, 0)
	if !f.civ(0, "Mystics").Hit[0] {
		t.Error("no hit recorded")
	}
	f.tech(0, 0, "Compass")
	f.settle()
	f.p(0).Tech[0] = f.p(0).Tech[0][:2]
	f.settle()
	f.idle()
	// A completed track through an advance, mid-turn: the resource comes
	// once the advance is done.
	f.tok(0, Science, 11)
	f.res(0, 5, 5, 5, 5)
	f.turn(0)
	f.do("adv:science")
	for f.s.Ask != nil && f.s.Ask.Kind != "gain_any" {
		f.do(f.s.Ask.Opts[0])
	}
	f.at("gain_any", 0)
	f.wantPos(0, Science, 12)
	if !f.civ(0, "Mystics").Hit[3] {
		t.Error("track hit not recorded")
	}
	// Other players' counts do not matter; a finished Mystics player
	// gains nothing.
	g := newCivTable(t, 3, "Mystics")
	g.civ(0, "Mystics").Pred = [4]int8{1, 1, 3, 1}
	g.p(0).Done = true
	g.tech(0, 0, "Calendar")
	g.settle()
	g.idle()
	if !g.civ(0, "Mystics").Hit[0] {
		t.Error("the hit of a finished player is not recorded")
	}
}

// placeAll places every landmark claimed on its first spot offered.
func (f *fx) placeAll() {
	f.t.Helper()
	for f.s.Ask != nil && f.s.Ask.Kind == "place_landmark" {
		f.do(f.s.Ask.Opts[0])
	}
}

// TestInventorsTokenLeavesWithDiscard: a card discarded (a bonus paid
// with tech cards) takes its Inventors tokens with it: drawn again later
// it carries none.
func TestInventorsTokenLeavesWithDiscard(t *testing.T) {
	f := newCivTable(t, 3, "Inventors")
	f.tech(1, 1, "Calendar", "Clocks", "Compass")
	cal := techCard(t, "Calendar")
	f.civ(0, "Inventors").Cards = []int{cal, cal}
	f.s.payCost(1, "x"+strconv.Itoa(cal)+".x"+strconv.Itoa(techCard(t, "Clocks"))+".x"+strconv.Itoa(techCard(t, "Compass")), &events{})
	if len(f.civ(0, "Inventors").Cards) != 0 || f.s.inventorsCard(cal) {
		t.Errorf("tokens left on a discarded card: %v", f.civ(0, "Inventors").Cards)
	}
}

// TestHistoriansSoloBots: in solo, a landmark either bot claims is the
// Automa's for every purpose (§17.6), so a Historians token the Automa
// holds pays on it, whichever bot moved; a token with the Shadow Empire
// alone never does.
func TestHistoriansSoloBots(t *testing.T) {
	for _, mover := range []int{Automa, Shadow} {
		f := newSolo(t, 2, Exploration, Military)
		f.p(0).Civs = append(f.p(0).Civs, newCivState(civIdx(t, "Historians"), true))
		f.civ(0, "Historians").Given = []int8{Automa, -1, -1, Shadow} // squares 0 and 3: 3 VP each
		f.tok(mover, Exploration, 3)
		f.push(Task{Op: "solo_move", Seat: int8(mover), Track: int8(Exploration)})
		if o := f.s.LandOwner[lmk(t, "Lighthouse")]; o != Automa {
			t.Fatalf("mover %d: the Lighthouse belongs to %d", mover, o)
		}
		f.idle()
		f.wantVP(0, 6)
	}
	f := newSolo(t, 2, Exploration, Military)
	f.p(0).Civs = append(f.p(0).Civs, newCivState(civIdx(t, "Historians"), true))
	f.civ(0, "Historians").Given = []int8{Shadow, -1, -1, -1}
	f.tok(Automa, Exploration, 3)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Exploration)})
	f.idle()
	f.wantVP(0, 0)
}
