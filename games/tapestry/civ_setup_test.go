package tapestry

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// Set-up, adjustments and mid-game gains of the civilizations (spec §3.3,
// §3.5, §5.6, §14, §18).

// TestCivDealSecretChoiceReveal: two civs dealt to each player in secret,
// one kept in secret, all revealed together; the others go back to the
// deck; nobody else ever sees the dealt pair or the choice.
func TestCivDealSecretChoiceReveal(t *testing.T) {
	d := newDealt(t, 3, nil, [][2]string{{"Alchemists", "Leaders"}, {"Heralds", "Traders"}, {"Nomads", "Militants"}})
	g := d.g
	if got := d.s.Players[1].Dealt; !slices.Equal(got, []int8{int8(civIdx(t, "Heralds")), int8(civIdx(t, "Traders"))}) {
		t.Fatalf("seat 1 dealt %v", got)
	}
	if len(d.s.CivDeck) != 10 {
		t.Fatalf("civ deck %d, want 10", len(d.s.CivDeck))
	}
	labels(t, &d.s)
	if l := g.Label(g.View(&d.s, 0), Action{"civ:" + strconv.Itoa(civIdx(t, "Leaders"))}); l != "Keep the Leaders" {
		t.Errorf("label %q", l)
	}
	// Seat 0 chooses; the others see that a choice was made, never which.
	d.apply(0, "civ:"+strconv.Itoa(civIdx(t, "Leaders")))
	for _, viewer := range []games.Seat{1, 2, games.Spectator} {
		v := g.View(&d.s, viewer)
		pv := v.Players[0]
		if pv.Dealt != nil || pv.Chosen == int8(civIdx(t, "Leaders")) || pv.Chosen == int8(civIdx(t, "Alchemists")) {
			t.Errorf("viewer %s sees seat 0's deal %v / choice %d", viewer, pv.Dealt, pv.Chosen)
		}
		b, _ := json.Marshal(v)
		if strings.Contains(string(b), "Leaders") || strings.Contains(string(b), "Alchemists") {
			t.Errorf("viewer %s's view names seat 0's civilizations", viewer)
		}
		if len(g.Legal(&d.s, viewer)) > 0 && viewer != 1 {
			t.Errorf("viewer %s has moves", viewer)
		}
	}
	// The owner sees both.
	if v := g.View(&d.s, 0); len(v.Players[0].Dealt) != 2 || v.Players[0].Chosen != int8(civIdx(t, "Leaders")) {
		t.Errorf("seat 0 does not see its own deal: %v %d", v.Players[0].Dealt, v.Players[0].Chosen)
	}
	// Seat 1 is asked now: its options never tell seat 0's pair.
	if d.s.Ask.Kind != "civ" || d.s.Ask.Seat != 1 {
		t.Fatalf("expected seat 1's choice, got %+v", d.s.Ask)
	}
	if v := g.View(&d.s, 0); v.Ask == nil || v.Ask.Opts != nil {
		t.Errorf("seat 0 sees seat 1's options: %+v", v.Ask)
	}
	d.apply(1, "civ:"+strconv.Itoa(civIdx(t, "Traders")))
	d.apply(2, "civ:"+strconv.Itoa(civIdx(t, "Nomads")))
	for seat, name := range []string{"Leaders", "Traders", "Nomads"} {
		p := &d.s.Players[seat]
		if len(p.Civs) != 1 || Civs[p.Civs[0].Civ].Name != name || !p.Civs[0].Start || p.Dealt != nil || p.Chosen != -1 {
			t.Errorf("seat %d after the reveal: %+v dealt %v chosen %d", seat, p.Civs, p.Dealt, p.Chosen)
		}
	}
	if len(d.s.CivDeck) != 13 {
		t.Errorf("civ deck %d, want 13 (10 undealt and 3 unchosen)", len(d.s.CivDeck))
	}
	for _, name := range []string{"Alchemists", "Heralds", "Militants"} {
		if !slices.Contains(d.s.CivDeck, int8(civIdx(t, name))) {
			t.Errorf("the unchosen %s is not back in the deck", name)
		}
	}
	// Unchosen civs are never shown: the deck is a count in every view.
	if v := g.View(&d.s, games.Spectator); v.CivDeck != 13 {
		t.Errorf("view civ deck %d", v.CivDeck)
	}
}

// TestCivLeaksDuringTheDeal: resampling what a seat cannot see (the other
// pairs, the other choices, the deck) changes neither its view nor its
// moves, at every step of the deal and the choice.
func TestCivLeaksDuringTheDeal(t *testing.T) {
	d := newDealt(t, 4, nil, [][2]string{{"Alchemists", "Leaders"}, {"Heralds", "Traders"}, {"Nomads", "Militants"}, {"Mystics", "Futurists"}})
	g := d.g
	rng := dice.Seeded(7, 7)
	check := func() {
		t.Helper()
		for _, viewer := range []games.Seat{0, 1, 2, 3, games.Spectator} {
			before, _ := json.Marshal(g.View(&d.s, viewer))
			r := g.Resample(&d.s, viewer, rng)
			after, _ := json.Marshal(g.View(&r, viewer))
			if string(before) != string(after) {
				t.Fatalf("resampling for %s changes its view", viewer)
			}
			if !slices.Equal(g.Legal(&d.s, viewer), g.Legal(&r, viewer)) {
				t.Fatalf("resampling for %s changes its moves", viewer)
			}
		}
	}
	check()
	for seat, name := range []string{"Leaders", "Heralds", "Militants", "Mystics"} {
		d.apply(games.Seat(seat), "civ:"+strconv.Itoa(civIdx(t, name)))
		check()
	}
}

// TestFuturistsSetupJump: chosen at setup, every token goes from 0 to 4
// with no landmark, benefit, bonus or achievement, and one of each
// resource; the adjustment takes 1 culture and 1 any after income turn 1.
func TestFuturistsSetupJump(t *testing.T) {
	d := newDealt(t, 2, nil, [][2]string{{"Futurists", "Leaders"}, {"Heralds", "Traders"}})
	d.choose("Futurists", "Heralds")
	if d.s.Ask == nil || d.s.Ask.Kind != "draw_row" {
		t.Fatalf("expected the tech row's reveal, got %+v", d.s.Ask)
	}
	p := &d.s.Players[0]
	for tr := range Track(NumTracks) {
		if p.Position(tr) != 4 {
			t.Errorf("%s at %d, want 4", tr, p.Position(tr))
		}
	}
	if p.Res != (Res{1, 1, 1, 1}) || p.VP != 0 {
		t.Errorf("resources %v VP %d", p.Res, p.VP)
	}
	for i, o := range d.s.LandOwner {
		if o >= 0 {
			t.Errorf("landmark %s claimed", Landmarks[i].Name)
		}
	}
	if p.Taken != [NumBuildings]int8{} || len(p.Tech[0]) > 0 {
		t.Errorf("benefits were gained: %v %v", p.Taken, p.Tech)
	}
	if q := &d.s.Players[1]; q.Position(Science) != 0 || q.Res != (Res{}) {
		t.Errorf("seat 1 jumped too")
	}
	d.until("turn")
}

// TestMysticsPredictionsAtSetup: the Mystics player predicts the four
// counts openly in set-up, after the reveal, in seat order with the other
// set-ups.
func TestMysticsPredictionsAtSetup(t *testing.T) {
	d := newDealt(t, 3, nil, [][2]string{{"Futurists", "Leaders"}, {"Mystics", "Traders"}, {"Nomads", "Militants"}})
	d.choose("Futurists", "Mystics", "Nomads")
	// Seat 0's Futurists already jumped (seat order).
	if d.s.Players[0].Position(Science) != 4 {
		t.Error("seat 0's set-up has not run before seat 1's predictions")
	}
	want := [4]int8{3, 4, 5, 2}
	ranges := [4][2]int{{1, 9}, {1, 9}, {1, 9}, {1, 4}}
	for k := range 4 {
		a := d.s.Ask
		if a == nil || a.Kind != "c:mystics_predict" || a.Seat != 1 {
			t.Fatalf("prediction %d: got %+v", k, a)
		}
		if len(a.Opts) != ranges[k][1]-ranges[k][0]+1 || a.Opts[0] != "predict:"+strconv.Itoa(ranges[k][0]) {
			t.Errorf("prediction %d offers %v", k, a.Opts)
		}
		labels(t, &d.s)
		if k == 3 {
			if l := d.g.Label(d.g.View(&d.s, 1), Action{"predict:2"}); l != "Predict 2 completed tracks" {
				t.Errorf("label %q", l)
			}
		}
		d.apply(1, "predict:"+strconv.Itoa(int(want[k])))
	}
	cs := d.s.civOf(1, "mystics")
	if cs.Pred != want {
		t.Errorf("predictions %v, want %v", cs.Pred, want)
	}
	// Open: every view shows them.
	if v := d.g.View(&d.s, 2); v.Players[1].Civs[0].Pred != want {
		t.Errorf("seat 2 sees %v", v.Players[1].Civs[0].Pred)
	}
	d.until("turn")
}

// TestMysticsPredictionHitAtSetup: a prediction of 1 controlled
// territory equals the count at once (the starting territory): 1 any.
func TestMysticsPredictionHitAtSetup(t *testing.T) {
	d := newDealt(t, 2, nil, [][2]string{{"Mystics", "Leaders"}, {"Heralds", "Traders"}})
	d.choose("Mystics", "Heralds")
	for _, k := range []string{"predict:3", "predict:3", "predict:1", "predict:2"} {
		d.apply(0, k)
	}
	if d.s.Ask == nil || d.s.Ask.Kind != "gain_any" || d.s.Ask.Seat != 0 {
		t.Fatalf("expected the Mystics' 1 any, got %+v", d.s.Ask)
	}
	d.apply(0, "gain:c")
	cs := d.s.civOf(0, "mystics")
	if cs.Hit != [4]bool{false, false, true, false} {
		t.Errorf("hits %v", cs.Hit)
	}
	if d.s.Players[0].Res != (Res{1, 0, 0, 0}) {
		t.Errorf("resources %v", d.s.Players[0].Res)
	}
}

// adjustment plays seat 0's income turn 1 with its civ chosen at setup
// (the income step's draws and any choices take their first option) and
// returns the VP and resources it ends with.
func adjustment(t *testing.T, seats int, civ string, on bool) (int, Res, *fx) {
	t.Helper()
	f := newCivTable(t, seats, civ)
	f.s.Adjust = on
	f.p(0).Era = 0
	f.income(0)
	f.finishTurn()
	return f.p(0).VP, f.p(0).Res, f
}

// TestR1_CivAdjustments: each adjustment of §3.5 applies once at the end of
// income turn 1, after its income (everyone then holds one of each
// resource): R1.
func TestR1_CivAdjustments(t *testing.T) {
	base := Res{1, 1, 1, 1}
	for _, c := range []struct {
		civ   string
		seats int
		vp    int
		res   int // resources gained (+) or lost (-) on top of the income
	}{
		{"Alchemists", 3, 10, 2},
		{"Architects", 3, 20, 0},
		{"Architects", 4, 30, 0},
		{"Architects", 2, 0, 0}, // fewer than 3 seats: nothing
		{"Craftsmen", 3, 0, -1},
		{"Entertainers", 3, 0, 1},
		{"Futurists", 3, 0, -2},
		{"Merrymakers", 3, 0, 1},
		{"Mystics", 3, 0, 1},
		{"The Chosen", 3, 30, 0},
		{"The Chosen", 5, 60, 0},
		{"The Chosen", 2, 15, 0},
		{"Traders", 3, 10, 2},
		{"Heralds", 3, 0, 0},
		{"Historians", 3, 0, 0},
		{"Inventors", 3, 0, 0},
		{"Isolationists", 3, 0, 0},
		{"Leaders", 3, 0, 0},
		{"Militants", 3, 0, 0},
		{"Nomads", 3, 0, 0},
	} {
		t.Run(strings.ReplaceAll(c.civ, " ", "")+"_"+strconv.Itoa(c.seats), func(t *testing.T) {
			vp, res, f := adjustment(t, c.seats, c.civ, true)
			if vp != c.vp || res.Total() != base.Total()+c.res {
				t.Errorf("VP %d resources %v, want %d VP and %d resources", vp, res, c.vp, base.Total()+c.res)
			}
			if c.civ == "Futurists" && res[Culture] != 0 {
				t.Errorf("Futurists keep their culture: %v", res)
			}
			if f.p(0).Era != 1 || f.s.Turn != 1 {
				t.Errorf("the turn did not end")
			}
			// Off: nothing.
			vp, res, _ = adjustment(t, c.seats, c.civ, false)
			if vp != 0 || res != base {
				t.Errorf("adjustments off: VP %d resources %v", vp, res)
			}
		})
	}
}

// TestR1_AdjustmentAfterIncome: the adjustment comes after the income
// step (the lost resource exists) and only once: income turn 2 gives no
// second adjustment.
func TestR1_AdjustmentAfterIncome(t *testing.T) {
	f := newCivTable(t, 3, "Craftsmen")
	f.p(0).Era = 0
	f.income(0)
	f.draws()
	f.at("gain_any", 0) // lose 1 any: every resource is there to lose
	if got := f.s.Ask.Opts; !slices.Equal(got, []string{"lose:c", "lose:f", "lose:u", "lose:w"}) {
		t.Errorf("lose options %v", got)
	}
	f.do("lose:u")
	f.wantRes(0, 1, 1, 1, 0)
	f.idle()
	f.income(0)
	f.finishTurn()
	if f.p(0).Res.Total() < 3 {
		t.Errorf("a second adjustment on income turn 2: %v", f.p(0).Res)
	}
}

// TestR1_AdjustmentNeverForGainedCiv: a civilization gained later never
// brings its adjustment, even on the owner's income turn 1 (R1).
func TestR1_AdjustmentNeverForGainedCiv(t *testing.T) {
	f := newCivTable(t, 3)
	f.own(0, "The Chosen", false)
	f.p(0).Era = 0
	f.income(0)
	f.finishTurn()
	f.wantVP(0, 0)
}

// TestHeraldsMakerOfFire: the starting Heralds may play a card from hand
// onto Maker of Fire at the end of income turn 1, before adjustments: a
// normal play (when-played resolves; a this-era card is active in era 1).
func TestHeraldsMakerOfFire(t *testing.T) {
	f := newCivTable(t, 3, "Heralds")
	f.p(0).Era = 0
	f.hand(0, "Trap", "Academia")
	f.income(0)
	f.draws()
	opts := f.at("c:heralds_fire", 0)
	if len(opts) != len(f.p(0).Hand)+1 || !slices.Contains(opts, "fire:"+strconv.Itoa(tapCard(t, "Trap"))) || !slices.Contains(opts, "fire:skip") {
		t.Errorf("options %v for hand %v", opts, f.p(0).Hand)
	}
	labels(t, &f.s)
	f.do("fire:" + strconv.Itoa(tapCard(t, "Trap")))
	f.wantVP(0, 10) // a Trap played as a card (R23)
	if sl := f.p(0).Slots[0]; len(sl) != 1 || int(sl[0].Card) != tapCard(t, "Trap") {
		t.Errorf("Maker of Fire slot %v", sl)
	}
	f.idle()

	// A this-era card is active for era 1.
	g := newCivTable(t, 3, "Heralds")
	g.p(0).Era = 0
	g.hand(0, "Academia")
	g.income(0)
	g.draws()
	g.do("fire:" + strconv.Itoa(tapCard(t, "Academia")))
	if g.p(0).Active() != tapCard(t, "Academia") {
		t.Errorf("Academia is not active in era 1")
	}

	// Skipping keeps the hand; with Heralds gained (not chosen) or an empty
	// hand nothing is asked.
	h := newCivTable(t, 3, "Heralds")
	h.p(0).Era = 0
	h.hand(0, "Trap")
	h.income(0)
	h.draws()
	h.do("fire:skip")
	if len(h.p(0).Hand) < 1 || len(h.p(0).Slots[0]) != 0 {
		t.Error("skip played a card")
	}
	k := newCivTable(t, 3)
	k.own(0, "Heralds", false)
	k.p(0).Era = 0
	k.hand(0, "Trap")
	k.income(0)
	k.draws()
	k.idle()
}

// TestHeraldsFireBeforeAdjustment: the Maker of Fire play comes before the
// adjustment of a starting civ (Heralds have none; a second start civ is
// not possible, so the order is checked on the task stack).
func TestHeraldsFireBeforeAdjustment(t *testing.T) {
	f := newCivTable(t, 3, "Heralds")
	f.hand(0, "Trap")
	f.s.civEndOfFirstIncome(0)
	if n := len(f.s.Tasks); n == 0 || f.s.Tasks[n-1].Op != "civ_heralds_fire" {
		t.Fatalf("the Maker of Fire play is not next: %+v", f.s.Tasks)
	}
}

// TestR12_FuturistsMidgameDiscard: a Futurists drawn mid-game goes under the
// civ deck and another is drawn (R12).
func TestR12_FuturistsMidgameDiscard(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Futurists", "Leaders")
	f.effs(0, eff("gain_civilization"))
	f.at("draw_civ", -1)
	f.do(civKey(t, "Futurists"))
	if !slices.Equal(f.s.CivBottom, []int8{int8(civIdx(t, "Futurists"))}) {
		t.Errorf("bottom %v", f.s.CivBottom)
	}
	f.at("draw_civ", -1)
	f.do(civKey(t, "Leaders"))
	if !ownsCiv(&f.s, 0, "Leaders") || ownsCiv(&f.s, 0, "Futurists") {
		t.Errorf("civs %+v", f.p(0).Civs)
	}
	f.wantPos(0, Science, 0)
	f.idle()
}

// TestMysticsMidgameDiscard: Mystics gained mid-game are set under the
// deck too; with both discard civs in the deck, both go under.
func TestMysticsMidgameDiscard(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Mystics", "Futurists", "Merrymakers")
	f.effs(0, eff("gain_civilization"))
	f.do(civKey(t, "Mystics"))
	f.do(civKey(t, "Futurists"))
	f.do(civKey(t, "Merrymakers"))
	if !slices.Equal(f.s.CivBottom, []int8{int8(civIdx(t, "Mystics")), int8(civIdx(t, "Futurists"))}) {
		t.Errorf("bottom %v", f.s.CivBottom)
	}
	if len(f.p(0).Civs) != 1 || !ownsCiv(&f.s, 0, "Merrymakers") {
		t.Errorf("civs %+v", f.p(0).Civs)
	}
	if v := (Game{}).View(&f.s, 1); v.CivDeck != 2 {
		t.Errorf("view civ deck %d, want 2 (the two under it)", v.CivDeck)
	}
}

// TestCivDeckRunsOut: when only Futurists/Mystics are left, or nothing,
// a gain gives nothing and ends (no endless redraw).
func TestCivDeckRunsOut(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Futurists")
	f.effs(0, eff("gain_civilization"))
	f.do(civKey(t, "Futurists"))
	f.idle()
	if len(f.p(0).Civs) != 0 || len(f.s.CivDeck) != 0 || len(f.s.CivBottom) != 1 {
		t.Errorf("civs %+v deck %v bottom %v", f.p(0).Civs, f.s.CivDeck, f.s.CivBottom)
	}
	// The next gain finds the deck empty (the Futurists under it would go
	// under again): nothing.
	f.effs(1, eff("gain_civilization"))
	f.idle()
	if len(f.p(1).Civs) != 0 {
		t.Errorf("seat 1 gained %+v", f.p(1).Civs)
	}
	// Without civilizations the effect is void.
	g := newTable(t, 3)
	g.effs(0, eff("gain_civilization"))
	g.idle()
}

// TestGainCivilizationMechs: military 12 (Mechs) conquers and gains a
// civilization, in either order (§19.44 for Militants).
func TestGainCivilizationMechs(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Leaders")
	f.tok(0, Military, 11)
	f.res(0, 0, 0, 0, 5)
	f.advance(0, Military, "uu")
	f.at("any_order", 0)
	f.do("first:1") // the civilization first
	f.at("draw_civ", -1)
	f.do(civKey(t, "Leaders"))
	if !ownsCiv(&f.s, 0, "Leaders") || f.p(0).Civs[0].Start {
		t.Errorf("civs %+v", f.p(0).Civs)
	}
}

// TestGainCivilizationRadio: Radio's square gains a civilization; the
// gained civ starts working (its mid-game rule: Entertainers' token on
// any space but the start, resolved).
func TestGainCivilizationRadio(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Entertainers")
	f.tech(0, 1, "Radio")
	f.tok(0, Science, 10)
	f.effs(0, eff("upgrade"))
	f.at("draw_civ", -1)
	f.do(civKey(t, "Entertainers"))
	opts := f.at("c:entertainers", 0)
	if len(opts) != len(Civs[civIdx(t, "Entertainers")].Graph)-1 || slices.Contains(opts, "ent:start") {
		t.Errorf("mid-game placement offers %v", opts)
	}
	labels(t, &f.s)
	f.do("ent:coin")
	f.wantRes(0, 1, 0, 0, 0)
	if f.civ(0, "Entertainers").Pos != "coin" {
		t.Errorf("token on %q", f.civ(0, "Entertainers").Pos)
	}
	f.idle()
}

// TestHistoriansMidgameGivesAll: gained mid-game, all four tokens go to
// opponents of the owner's choice at once.
func TestHistoriansMidgameGivesAll(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Historians")
	f.effs(0, eff("gain_civilization"))
	f.do(civKey(t, "Historians"))
	for _, o := range []string{"1", "2", "2", "1"} {
		opts := f.at("c:historians_give", 0)
		if !slices.Equal(opts, []string{"histgive:1", "histgive:2"}) {
			t.Fatalf("options %v", opts)
		}
		labels(t, &f.s)
		f.do("histgive:" + o)
	}
	f.idle()
	if got := f.civ(0, "Historians").Given; !slices.Equal(got, []int8{1, 2, 2, 1}) {
		t.Errorf("given %v", got)
	}
	// Two players: the only opponent gets them all without a question.
	g := newCivTable(t, 2)
	g.deckOnly("Historians")
	g.effs(0, eff("gain_civilization"))
	g.do(civKey(t, "Historians"))
	g.idle()
	if got := g.civ(0, "Historians").Given; !slices.Equal(got, []int8{1, 1, 1, 1}) {
		t.Errorf("given %v", got)
	}
}

// TestEdge44_MechsGainMilitants (§19.44): the supply outposts move onto the
// Militants mat, each row filled from the right (owner's choice of row).
// The mat is the supply from then on: Outposts still counts them.
func TestEdge44_MechsGainMilitants(t *testing.T) {
	f := newCivTable(t, 3)
	f.deckOnly("Militants")
	f.p(0).Outposts = 3
	f.effs(0, eff("gain_civilization"))
	f.do(civKey(t, "Militants"))
	for _, r := range []string{"top", "bottom", "top"} {
		f.at("c:militants_row", 0)
		labels(t, &f.s)
		f.do("milrow:" + r)
	}
	f.idle()
	if cs := f.civ(0, "Militants"); cs.Rows != [2]int8{2, 3} || f.p(0).Outposts != 3 {
		t.Errorf("rows %v outposts %d", cs.Rows, f.p(0).Outposts)
	}
}
