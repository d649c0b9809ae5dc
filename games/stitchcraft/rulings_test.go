package stitchcraft

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// TestRulings checks each ruling of spec §11 (those that are covered by a
// worked example or a power test name it).
func TestRulings(t *testing.T) {
	t.Run("S1 colour mapping", func(t *testing.T) {
		wantNames := map[Pattern]string{
			Loom:         "Shuttle Unravel Reed Heddles Weft Warp Treadle Moths",
			Attrition:    "Salvage Excise Pilfer Cull Sabotage Restock Plunder Vanish",
			Racketeering: "Reciprocate Engorge Divest Intuit Fence Augment Windfall Undercut",
		}
		for p, names := range wantNames {
			var got []string
			for _, c := range Colours {
				got = append(got, Power(p, c).Name)
			}
			want(t, string(p), strings.Join(got, " "), names)
			want(t, string(p)+" purple reacts", Power(p, Purple).Reaction, true)
		}
		want(t, "slots", Blue.Slot()+Purple.Slot(), "A1B4")
	})
	t.Run("S2 invented names", func(t *testing.T) {
		want(t, "names", Power(Attrition, Blue).Name+Power(Attrition, Black).Name+Power(Attrition, Red).Name+Power(Attrition, Green).Name, "SalvageExcisePilferCull")
	})
	t.Run("S3 Warp peeks the top", TestPowerWarp)
	t.Run("S4 Treadle scraps any two", TestPowerTreadle)
	t.Run("S5 Moths destinations", func(t *testing.T) {
		s := ex7(t, Loom)
		want(t, "cancelled to owner's Scrap", s.Players[0].Scrap, "Y")
		want(t, "Moths to own Scrap", s.Players[1].Scrap, "P")
	})
	t.Run("S6 chains resolve last in first out", TestEx6ReactionChain)
	t.Run("S7 Undercut refund", TestEx7UndercutRefund)
	t.Run("S8 window without Purple", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Display = faces("W")
		s.Players[1].Display = faces("K")
		do(t, s, 0, "reveal:D1")
		want(t, "window", s.Window, 1)
		if got := legalKeys(s, 1); !slices.Equal(got, []string{"pass"}) {
			t.Fatalf("legal %v", got)
		}
		// The opponent's view and ToAct are the same whatever it holds.
		r := Game{}.Resample(s, 0, dice.Seeded(3, 4))
		want(t, "to act", Game{}.ToAct(&r)[0], games.Seat(1))
	})
	t.Run("S9 S10 automatic answers", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Display = faces("W")
		s.Players[1].Display = faces("KPP")
		do(t, s, 0, "reveal:D1")
		k, ok := AutoReaction(Game{}.View(s, 1))
		want(t, "auto react", k+"/"+map[bool]string{true: "ok"}[ok], "react/ok")
		if _, ok := AutoReaction(Game{}.View(s, 0)); ok {
			t.Error("AutoReaction answered for a seat without a window")
		}
		do(t, s, 1, k)
		want(t, "lowest Purple used", s.Players[1].Display[1].Label, 3)
		s = fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Display = faces("W")
		s.Players[1].Display = faces("K")
		do(t, s, 0, "reveal:D1")
		k, _ = AutoReaction(Game{}.View(s, 1))
		want(t, "auto pass", k, PassKey)
	})
	t.Run("S11 one window per entry", func(t *testing.T) {
		s := fixture(t, mode(FFA, Loom), 3)
		s.Players[0].Display = faces("W")
		s.Players[1].Display = faces("K")
		s.Players[2].Display = faces("K")
		do(t, s, 0, "reveal:D1")
		do(t, s, 1, "pass")
		do(t, s, 2, "pass")
		want(t, "closed", s.Window, -1)
	})
	t.Run("S12 only the Master's Showcase", func(t *testing.T) {
		s := fixture(t, mode(Apprentice, Loom), 4)
		s.Masters = []int{2, 1}
		s.Players[0].Show = cards(0, "BKRGWO")
		s.Players[0].Display = faces("P")
		do(t, s, 0, "reveal:D1")
		want(t, "apprentice does not win", s.Over, false)
		want(t, "roles public", Game{}.View(s, 1).Players[2].Role, "master")
	})
	t.Run("S13 Spymaster", TestEx13Spymaster)
	t.Run("S14 team seating", func(t *testing.T) {
		s := fixture(t, mode(Guilds, Loom), 4)
		v := Game{}.View(s, games.Spectator)
		want(t, "teams", v.Players[0].Team+v.Players[1].Team+v.Players[2].Team+v.Players[3].Team, "ABAB")
		want(t, "opponents of 0", slices.Equal(s.opponentsOf(0), []int{1, 3}), true)
	})
	t.Run("S15 eliminated players are untargetable", func(t *testing.T) {
		s := fixture(t, mode(FFA, Loom), 3)
		s.Players[1].Out = true
		s.Players[1].Display = faces("W")
		s.Players[2].Display = faces("W")
		s.Players[0].Display = faces("K")
		do(t, s, 0, "reveal:D1")
		do(t, s, 2, "pass")
		want(t, "only seat 2's card", s.Players[2].Scrap, "W")
		want(t, "seat 1 untouched", len(s.Players[1].Display), 1)
	})
	t.Run("S16 victory before the power", TestEx8VictoryBeforePower)
	t.Run("S17 a player vs an opponent", func(t *testing.T) {
		s := fixture(t, mode(Guilds, Attrition), 4)
		s.Players[0].Display = faces("W")
		do(t, s, 0, "reveal:D1")
		if got := legalKeys(s, 0); !slices.Equal(got, []string{"seat:0", "seat:1", "seat:2", "seat:3"}) {
			t.Fatalf("Sabotage choices %v", got)
		}
		do(t, s, 0, "seat:2")
		s = fixture(t, mode(Guilds, Attrition), 4)
		s.Players[0].Display = faces("R")
		do(t, s, 0, "reveal:D1")
		if got := legalKeys(s, 0); !slices.Equal(got, []string{"seat:1", "seat:3"}) {
			t.Fatalf("Pilfer choices %v", got)
		}
	})
	t.Run("S18 Purple as an action", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Display = faces("P")
		s.Players[1].Display = faces("P")
		do(t, s, 0, "reveal:D1")
		want(t, "can be reacted to", s.Window, 1)
		do(t, s, 1, "pass")
		want(t, "in the Showcase", s.Players[0].Show[0].Colour, Purple)
		want(t, "no power pending", s.Pend == nil, true)
	})
	t.Run("S19 Windfall scraps its own top", TestPowerWindfall)
	t.Run("S20 too few cards", func(t *testing.T) {
		TestPowerCull(t)
		TestPowerPilfer(t)
		TestReedOneCard(t)
	})
	t.Run("S21 optional choices", func(t *testing.T) {
		TestPowerFence(t)
		TestPowerPlunder(t)
	})
	t.Run("S22 both actions", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Hand = hand("WK")
		do(t, s, 0, "play:WHT")
		want(t, "still seat 0", Game{}.ToAct(s)[0], games.Seat(0))
		if got := legalKeys(s, 0); !slices.Equal(got, []string{"play:BLK", "reveal:D1"}) {
			t.Fatalf("legal %v", got)
		}
		// Edge 3: with nothing left the remaining action is lost.
		s = fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Hand = hand("")
		s.Players[0].Display = faces("P")
		do(t, s, 0, "reveal:D1")
		want(t, "turn passed", s.Active, 1)
	})
	t.Run("S23 Crowd Favor", TestEx10CrowdFavor)
	t.Run("S24 thresholds inclusive", func(t *testing.T) {
		s := fixture(t, mode(Crowd, Loom), 3)
		s.Players[1].Favor = 18
		s.Players[0].Favor = -9
		s.Players[0].Display = faces("R")
		do(t, s, 0, "reveal:D1")
		do(t, s, 0, "seat:1")
		do(t, s, 0, "bottom:WHT")
		want(t, "20 wins", s.Over && s.Winners[0] == 1, true)
		s = fixture(t, mode(Crowd, Loom), 3)
		s.Players[0].Favor = -9
		s.Players[0].Display = faces("R")
		do(t, s, 0, "reveal:D1")
		do(t, s, 0, "seat:1")
		do(t, s, 0, "bottom:WHT")
		want(t, "-10 eliminated", s.Players[0].Out, true)
		want(t, "turn passed", s.Active, 1)
	})
	t.Run("S25 lean reactions", TestEx9WindowOrder)
	t.Run("S26 Monopoly simultaneous", TestEx11Monopoly)
	t.Run("S27 Consortium sharing", func(t *testing.T) {
		s := fixture(t, mode(Consortium, Loom), 4)
		s.Players[2].Display = faces("K")
		v := Game{}.View(s, 0)
		want(t, "teammate hand", len(v.Players[2].Hand), 1)
		want(t, "teammate display", v.Players[2].Display[0].Colour, Black)
		want(t, "opponent display", Game{}.View(s, 1).Players[2].Display[0].Colour, NoColour)
		s.Players[0].Display = faces("R")
		do(t, s, 0, "reveal:D1")
		evs := do(t, s, 0, "seat:1")
		shared := false
		for _, e := range evs {
			if _, ok := e.Private[2]; ok {
				shared = true
			}
		}
		want(t, "teammate gets the peek", shared, true)
	})
	t.Run("S28 public piles", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[1].Scrap = "KR"
		s.Removed = cards(1, "G")
		v := Game{}.View(s, games.Spectator)
		want(t, "scrap", len(v.Players[1].Scrap), 2)
		want(t, "removed", len(v.Removed), 1)
		want(t, "no hands", v.Players[0].Hand == nil, true)
	})
	t.Run("S29 seat 0 starts", func(t *testing.T) {
		tb := table(t, nil, 2)
		want(t, "seat 0", tb.ToAct()[0], games.Seat(0))
	})
	t.Run("S30 safety cap", func(t *testing.T) {
		// §7.5: a draw shared by the players still in it; a player
		// eliminated before the cap lost, and nobody wins.
		for _, tc := range []struct {
			name  string
			m     Mode
			seats int
			out   []int
			ranks []int
		}{
			{"duel", Duel, 2, nil, []int{1, 1}},
			{"ffa, nobody out", FFA, 3, nil, []int{1, 1, 1}},
			{"ffa after an elimination", FFA, 3, []int{2}, []int{1, 1, 2}},
			{"leanleft after two eliminations", LeanLeft, 5, []int{1, 3}, []int{1, 2, 1, 2, 1}},
			{"guilds", Guilds, 4, nil, []int{1, 1, 1, 1}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s := fixture(t, mode(tc.m, Loom), tc.seats)
				s.Turns = CapPerSeat*tc.seats - 1
				for _, x := range tc.out {
					s.Players[x].Out = true
				}
				s.Actions = 1
				evs := do(t, s, 0, "play:WHT")
				want(t, "over", s.Over, true)
				r, _ := Game{}.Result(s)
				want(t, "draw", r.Draw, true)
				want(t, "no winners", len(r.Winners), 0)
				want(t, "ranks", fmt.Sprint(r.Ranks), fmt.Sprint(tc.ranks))
				want(t, "reason", r.Reason, "cap")
				want(t, "log", evs[len(evs)-1].Public, "The turn limit is reached: the game is a draw among the players still in it.")
			})
		}
	})
	t.Run("S31 concede", func(t *testing.T) {
		for _, tc := range []struct {
			m       Mode
			seats   int
			over    bool
			winners []int
		}{{Duel, 2, true, []int{0}}, {FFA, 3, false, nil}, {Guilds, 4, true, []int{0, 2}}} {
			s := fixture(t, mode(tc.m, Loom), tc.seats)
			if _, err := (Game{}).Concede(s, 1); err != nil {
				t.Fatal(err)
			}
			want(t, string(tc.m)+" over", s.Over, tc.over)
			if tc.over {
				want(t, string(tc.m)+" winners", slices.Equal(s.Winners, tc.winners), true)
			} else {
				want(t, "eliminated", s.Players[1].Out, true)
			}
			if _, err := (Game{}).Concede(s, 1); err == nil {
				t.Error("a second concession was accepted")
			}
		}
	})
	t.Run("S32 empty Chest only at turn start", func(t *testing.T) {
		s := fixture(t, mode(Duel, Attrition), 2)
		s.Players[0].Chest = "W"
		s.Players[0].Display = faces("B")
		do(t, s, 0, "reveal:D1") // Salvage scraps the last card
		want(t, "chest", s.Players[0].Chest, "")
		want(t, "not over", s.Over, false)
	})
	t.Run("S33 last one wins", func(t *testing.T) {
		s := fixture(t, mode(FFA, Loom), 3)
		Game{}.Concede(s, 1)
		Game{}.Concede(s, 2)
		want(t, "winner", s.Over && s.Winners[0] == 0, true)
	})
	t.Run("S34 no other limit", func(t *testing.T) {
		want(t, "cap", Game{}.View(fixture(t, nil, 2), 0).TurnLimit, 200)
	})
	t.Run("S35 default Loom", func(t *testing.T) {
		o, _ := Game{}.Info().Normalize(nil)
		want(t, "pattern", o["pattern"], "loom")
	})
	t.Run("S36 labels never reused", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Hand = hand("WW")
		do(t, s, 0, "play:WHT")
		do(t, s, 0, "reveal:D1")
		s.Active, s.Actions = 0, 2
		do(t, s, 0, "play:WHT")
		want(t, "D2", s.Players[0].Display[0].Label, 2)
	})
	t.Run("S37 eliminated mid-chain", func(t *testing.T) {
		s := fixture(t, mode(Crowd, Loom), 3)
		s.Players[0].Display = faces("KW")
		s.Players[1].Display = faces("P")
		do(t, s, 0, "reveal:D1")
		do(t, s, 1, "react") // seat 1's Moths is on the Stack
		want(t, "seat 0's window on the Moths", s.Window, 0)
		if _, err := (Game{}).Concede(s, 1); err != nil {
			t.Fatal(err)
		}
		want(t, "Purple to its owner's Showcase", s.Players[1].Show[0].Colour, Purple)
		want(t, "Black resolves", s.Players[0].Show[0].Colour, Black)
	})
	t.Run("S38 at least", func(t *testing.T) {
		want(t, "5 of a colour", Meets(cards(0, "BBBBB"), false), true)
		want(t, "8 colours", Meets(cards(0, "BKRGWOYP"), true), true)
		want(t, "4+6", Meets(cards(0, "BBBBKRGWOY"), true), false)
	})
	t.Run("S39 Showcase then power", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		s.Players[0].Display = faces("B")
		s.Players[0].Scrap = "K"
		evs := do(t, s, 0, "reveal:D1")
		var lines []string
		for _, e := range evs {
			lines = append(lines, e.Public)
		}
		all := strings.Join(lines, "\n")
		if strings.Index(all, "enters the Showcase") > strings.Index(all, "takes Black") {
			t.Errorf("order:\n%s", all)
		}
	})
	t.Run("S40 nothing revealed at the end", func(t *testing.T) {
		s := fixture(t, mode(Duel, Loom), 2)
		Game{}.Concede(s, 1)
		want(t, "no opponent hand", Game{}.View(s, 0).Players[1].Hand == nil, true)
	})
}

// TestParseErrors checks strict keys.
func TestParseErrors(t *testing.T) {
	for _, k := range []string{"", "play:blu", "play:BLU ", "reveal:D0", "reveal:D01", "seat:6", "seat:-1", "7@D1",
		"1@D", "1@show.XXX", "1@hand.BLU", "deal:0:BKR", "master:x", "react:", "Pass"} {
		if _, err := parseAction(k); !errors.Is(err, games.ErrBadKey) {
			t.Errorf("%q: %v", k, err)
		}
	}
	for _, k := range []string{"play:PUR", "reveal:D12", "react", "pass", "skip", "done", "2@D3", "1@show.RED",
		"0@scrap.YEL", "seat:5", "top:GRN", "bottom:BLU", "drop:WHT", "discard:ORG", "master:3"} {
		a, err := parseAction(k)
		if err != nil || a.Key() != k {
			t.Errorf("%q: %v %q", k, err, a.Key())
		}
	}
}
