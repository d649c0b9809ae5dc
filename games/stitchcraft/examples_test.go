package stitchcraft

import (
	"slices"
	"testing"

	"spindle/games"
)

func mode(m Mode, p Pattern) games.Options {
	return games.Options{"mode": string(m), "pattern": string(p)}
}

// TestEx1SetupCounts is spec Ex 1.
func TestEx1SetupCounts(t *testing.T) {
	tb := table(t, nil, 2)
	s := state(t, tb)
	for i := range 2 {
		want(t, "chest", len(s.Players[i].Chest), 37)
		want(t, "hand", handSize(s.Players[i].Hand), 3)
	}
	want(t, "to act", tb.ToAct()[0], games.Seat(0))
	want(t, "actions", s.Actions, 2)
	acts(t, tb, "play:"+colourCodes[handList(s.Players[0].Hand)[0]])
	s = state(t, tb)
	acts(t, tb, "play:"+colourCodes[handList(s.Players[0].Hand)[0]])
	s = state(t, tb)
	want(t, "seat 1 chest", len(s.Players[1].Chest), 36)
	want(t, "seat 1 hand", handSize(s.Players[1].Hand), 4)
	for range 2 {
		s = state(t, tb)
		acts(t, tb, "play:"+colourCodes[handList(s.Players[1].Hand)[0]])
	}
	want(t, "seat 0 chest", len(state(t, tb).Players[0].Chest), 36)
}

// TestEx6ReactionChain is spec Ex 6.
func TestEx6ReactionChain(t *testing.T) {
	s := fixture(t, mode(Duel, Loom), 2)
	s.Players[0].Display, s.Players[0].Next = faces("KP"), 2
	s.Players[1].Display, s.Players[1].Next = faces("PG"), 2
	do(t, s, 0, "reveal:D1")
	want(t, "window", s.Window, 1)
	if got := legalKeys(s, 1); !slices.Equal(got, []string{"pass", "react"}) {
		t.Fatalf("seat 1 legal %v", got)
	}
	do(t, s, 1, "react")
	want(t, "window", s.Window, 0)
	do(t, s, 0, "react")
	want(t, "window", s.Window, 1)
	if got := legalKeys(s, 1); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("seat 1 without Purple: legal %v", got)
	}
	do(t, s, 1, "pass")
	want(t, "stack", len(s.Stack), 0)
	want(t, "P0 showcase", len(s.Players[0].Show), 1)
	want(t, "P0 showcase card", s.Players[0].Show[0], Card{Colour: Black, Owner: 0})
	want(t, "P0 scrap", s.Players[0].Scrap, "P")
	want(t, "P0 display", len(s.Players[0].Display), 0)
	want(t, "P0 actions", s.Actions, 1)
	want(t, "P1 scrap", s.Players[1].Scrap, "PG")
	want(t, "P1 display", len(s.Players[1].Display), 0)
}

// ex7 is the table of spec Ex 7 under a Pattern.
func ex7(t *testing.T, p Pattern) *State {
	s := fixture(t, mode(Duel, p), 2)
	s.Players[0].Chest = "KKKKKRRRRRGGGGGWWWWW"
	s.Players[0].Display, s.Players[0].Next = faces("Y"), 1
	s.Players[1].Display, s.Players[1].Next = faces("P"), 1
	do(t, s, 0, "reveal:D1")
	do(t, s, 1, "react")
	want(t, "no window for seat 0", s.Window, -1)
	return s
}

// TestEx7UndercutRefund is spec Ex 7 with Undercut, Moths and Vanish.
func TestEx7UndercutRefund(t *testing.T) {
	s := ex7(t, Racketeering)
	want(t, "chest", len(s.Players[0].Chest), 21)
	want(t, "bottom", s.Players[0].Chest[20:], "Y")
	want(t, "P1 scrap", s.Players[1].Scrap, "P")
	want(t, "actions", s.Actions, 2)

	s = ex7(t, Loom)
	want(t, "Moths: scrap", s.Players[0].Scrap, "Y")
	want(t, "Moths: chest", len(s.Players[0].Chest), 20)
	want(t, "Moths: actions", s.Actions, 1)

	s = ex7(t, Attrition)
	want(t, "Vanish: removed", len(s.Removed), 2)
	want(t, "Vanish: removed cards", s.Removed[0].Colour == Yellow && s.Removed[1].Colour == Purple, true)
	want(t, "Vanish: actions", s.Actions, 1)
}

// TestEx8VictoryBeforePower is spec Ex 8.
func TestEx8VictoryBeforePower(t *testing.T) {
	s := fixture(t, mode(Duel, Loom), 2)
	s.Players[0].Show = cards(0, "BBBRG")
	s.Players[0].Scrap = "K"
	s.Players[0].Display = faces("B")
	do(t, s, 0, "reveal:D1")
	want(t, "over", s.Over, true)
	want(t, "winner", s.Winners[0], 0)
	want(t, "Shuttle did not happen", s.Players[0].Scrap, "K")

	s = fixture(t, mode(Duel, Loom), 2)
	s.Players[0].Show = cards(0, "BKRGWO")
	s.Players[0].Display = faces("P")
	do(t, s, 0, "reveal:D1")
	want(t, "7 colours with Purple", s.Over && s.Winners[0] == 0, true)

	s = fixture(t, games.Options{"mode": "consortium", "hard": "on"}, 4)
	s.Players[0].Show = append(cards(0, "BBBBKRG"), cards(2, "WOY")...)
	want(t, "normal Consortium would win", Meets(s.Players[0].Show, false), true)
	s.Active = 2
	s.Players[2].Display = faces("R")
	do(t, s, 2, "reveal:D1")
	want(t, "hard: not yet", s.Over, false)
	s = fixture(t, games.Options{"mode": "consortium", "hard": "on"}, 4)
	s.Players[0].Show = append(cards(0, "BBBBKRG"), cards(2, "WOY")...)
	s.Players[0].Display = faces("P")
	do(t, s, 0, "reveal:D1")
	want(t, "hard: 8th colour wins", s.Over, true)
	want(t, "team A", slices.Equal(s.Winners, []int{0, 2}), true)
}

// ex9 is the 5-seat table of spec Ex 9, seat 2 to reveal a Purple.
func ex9(t *testing.T, m Mode) *State {
	s := fixture(t, mode(m, Loom), 5)
	s.Players[0].Display = faces("WW")
	s.Players[3].Display = faces("W")
	s.Players[4].Display = faces("WWW")
	s.Players[2].Display = faces("P")
	s.Active = 2
	return s
}

// TestEx9WindowOrder is spec Ex 9.
func TestEx9WindowOrder(t *testing.T) {
	s := ex9(t, FFA)
	do(t, s, 2, "reveal:D1")
	var order []int
	for s.Window >= 0 {
		order = append(order, s.Window)
		do(t, s, s.Window, "pass")
	}
	want(t, "FFA order", slices.Equal(order, []int{3, 4, 0}), true)

	s = ex9(t, LeanLeft)
	do(t, s, 2, "reveal:D1")
	want(t, "Lean Left: no window", s.Window, -1)
	want(t, "resolved", len(s.Players[2].Show), 1)

	s = ex9(t, LeanRight)
	do(t, s, 2, "reveal:D1")
	want(t, "Lean Right: seat 3", s.Window, 3)
	do(t, s, 3, "pass")
	want(t, "only one window", s.Window, -1)

	s = ex9(t, LeanRight)
	s.Players[3].Out = true
	do(t, s, 2, "reveal:D1")
	want(t, "Lean Right, seat 3 out: seat 4", s.Window, 4)
}

// TestEx10CrowdFavor is spec Ex 10.
func TestEx10CrowdFavor(t *testing.T) {
	s := fixture(t, mode(Crowd, Attrition), 4)
	favor := func(row string, w ...int) {
		t.Helper()
		for i, f := range w {
			if s.Players[i].Favor != f {
				t.Fatalf("%s: favor of seat %d = %d, want %v", row, i, s.Players[i].Favor, w)
			}
		}
	}
	s.Players[0].Display = faces("K")
	s.Players[2].Display = faces("W")
	do(t, s, 0, "reveal:D1")
	do(t, s, 2, "pass")
	favor("row 1", -1, 0, 2, 0)

	s.Active, s.Actions = 1, 2
	s.Players[1].Display = faces("Y")
	s.Players[2].Scrap, s.Players[3].Scrap = "R", "G"
	do(t, s, 1, "reveal:D1")
	do(t, s, 1, "2@scrap.RED")
	do(t, s, 1, "3@scrap.GRN")
	favor("row 2", -1, -2, 4, 2)
	want(t, "drew", handSize(s.Players[1].Hand), 2)

	s.Active, s.Actions = 2, 2
	s.Players[2].Display = faces("W")
	do(t, s, 2, "reveal:D1")
	do(t, s, 2, "seat:2")
	favor("row 3", -1, -2, 4, 2)

	s.Active, s.Actions = 3, 2
	s.Players[3].Display = faces("R")
	s.Players[0].Display = faces("P")
	do(t, s, 3, "reveal:D1")
	want(t, "window", s.Window, 0)
	do(t, s, 0, "react")
	favor("row 4", -2, -2, 4, 4)
	want(t, "Pilfer cancelled", s.Pend == nil && len(s.Stack) == 0, true)
}

// ex11 is spec Ex 11's table: seat 0 has 4 Red, seat 2 six colours.
func ex11(t *testing.T) *State {
	s := fixture(t, mode(Monopoly, Loom), 4)
	s.Players[0].Show = cards(0, "RRRR")
	s.Players[2].Show = cards(2, "BKRGWO")
	s.Players[2].Display = faces("P")
	return s
}

// TestEx11Monopoly is spec Ex 11.
func TestEx11Monopoly(t *testing.T) {
	s := ex11(t)
	s.Active = 1
	s.Players[1].Display = faces("K")
	do(t, s, 1, "reveal:D1")
	do(t, s, 2, "pass") // seat 2 has a face-down card
	want(t, "seat 0 has none", s.Window, -1)
	do(t, s, 1, "0@show.RED")
	s.Active, s.Actions = 2, 2
	do(t, s, 2, "reveal:D1")
	want(t, "no win after the Unravel", s.Over, false)

	s = ex11(t)
	s.Active = 2
	do(t, s, 2, "reveal:D1")
	want(t, "win without it", s.Over && slices.Equal(s.Winners, []int{0, 2}), true)
}

// TestEx12EmptyChest is spec Ex 12.
func TestEx12EmptyChest(t *testing.T) {
	s := fixture(t, mode(Duel, Loom), 2)
	s.Players[1].Chest = ""
	s.Actions = 1
	do(t, s, 0, "play:WHT")
	want(t, "Duel: seat 0 wins", s.Over && s.Winners[0] == 0, true)

	for _, m := range []Mode{FFA, LeanLeft} {
		s = fixture(t, mode(m, Loom), 4)
		s.Players[1].Chest = ""
		s.Actions = 1
		do(t, s, 0, "play:WHT")
		want(t, string(m)+": seat 1 out", s.Players[1].Out, true)
		want(t, string(m)+": game goes on", s.Over, false)
		want(t, string(m)+": seat 2 plays", s.Active, 2)
		if m == LeanLeft {
			want(t, "left of seat 0", s.left(0), 2)
		}
	}

	s = fixture(t, mode(Guilds, Loom), 4)
	s.Players[1].Chest = ""
	s.Actions = 1
	do(t, s, 0, "play:WHT")
	want(t, "team B loses", s.Over && slices.Equal(s.Winners, []int{0, 2}), true)
	r, _ := Game{}.Result(s)
	want(t, "teams", len(r.Teams), 2)
}

// TestEx13Spymaster is spec Ex 13.
func TestEx13Spymaster(t *testing.T) {
	s := fixture(t, mode(Spymaster, Loom), 4)
	s.Masters = []int{0, 1}
	s.Players[2].Show = cards(2, "GGG")
	s.Players[2].Display = faces("G")
	s.Active = 2
	v := Game{}.View(s, 1)
	want(t, "opponent sees no role", v.Players[0].Role, "")
	want(t, "teammate sees role", Game{}.View(s, 2).Players[0].Role, "master")
	do(t, s, 2, "reveal:D1")
	do(t, s, 2, "top:WHT")
	do(t, s, 2, "bottom:WHT")
	want(t, "apprentice 4 Green: nothing", s.Over, false)
	want(t, "still hidden", Game{}.View(s, 1).Players[0].Role, "")

	s.Active, s.Actions = 0, 2
	s.Players[0].Show = cards(0, "BKRGWO")
	s.Players[0].Display = faces("P")
	do(t, s, 0, "reveal:D1")
	want(t, "team A wins", s.Over && slices.Equal(s.Winners, []int{0, 2}), true)
	want(t, "Master revealed", Game{}.View(s, 1).Players[0].Role, "master")
}

// The power examples of spec §10 under their example names.

// TestEx2Heddles is spec Ex 2 (both Chests).
func TestEx2Heddles(t *testing.T) {
	TestPowerHeddles(t)
	s := fixture(t, mode(Duel, Loom), 2)
	s.Players[0].Display = faces("G")
	s.Players[0].Chest = "GW"
	do(t, s, 0, "reveal:D1")
	do(t, s, 0, "top:WHT")
	want(t, "chest", s.Players[0].Chest, "WG")
}

// TestEx3CullIntuit is spec Ex 3.
func TestEx3CullIntuit(t *testing.T) {
	TestPowerCull(t)
	TestPowerIntuit(t)
}

// TestEx4ReedPilferDivest is spec Ex 4, including Reed sending Blue down.
func TestEx4ReedPilferDivest(t *testing.T) {
	TestPowerReed(t)
	TestPowerPilfer(t)
	TestPowerDivest(t)
	s := fixture(t, mode(Duel, Loom), 2)
	s.Players[0].Display = faces("R")
	s.Players[1].Chest = "BRGY"
	do(t, s, 0, "reveal:D1")
	do(t, s, 0, "bottom:BLU")
	want(t, "chest", s.Players[1].Chest, "RGYB")
}

// TestEx5WindfallTreadle is spec Ex 5.
func TestEx5WindfallTreadle(t *testing.T) {
	TestPowerWindfall(t)
	TestEx5Treadle(t)
}
