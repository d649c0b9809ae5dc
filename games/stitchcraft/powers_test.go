package stitchcraft

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

func opts(p Pattern) games.Options { return games.Options{"pattern": string(p)} }

// chest0 is seat s's Chest in the table's state.
func chestOf(t *testing.T, tb games.Table, s int) string { return state(t, tb).Players[s].Chest }

// TestPowerShuttle: Treadle scraps two, and a later Shuttle takes one back.
func TestPowerShuttle(t *testing.T) {
	tb := table(t, opts(Loom), 2, "YBW"+"RKO", "WWW")
	acts(t, tb, "play:YEL", "reveal:D1", "discard:RED", "discard:BLK",
		"play:WHT", "play:WHT", // seat 1
		"play:BLU", "reveal:D2", "pass")
	if got := keys(t, tb); !slices.Equal(got, []string{"0@scrap.BLK", "0@scrap.RED"}) {
		t.Fatalf("Shuttle choices %v", got)
	}
	acts(t, tb, "0@scrap.RED")
	s := state(t, tb)
	want(t, "scrap", s.Players[0].Scrap, "K")
	want(t, "hand", s.Players[0].Hand, hand("WOR"))
	want(t, "showcase", len(s.Players[0].Show), 2)
}

// TestPowerTreadle draws two and scraps two chosen cards.
func TestPowerTreadle(t *testing.T) {
	tb := table(t, opts(Loom), 2, "YBW"+"RKO")
	acts(t, tb, "play:YEL", "reveal:D1")
	if got := keys(t, tb); !slices.Equal(got, []string{"discard:BLK", "discard:BLU", "discard:RED", "discard:WHT"}) {
		t.Fatalf("Treadle choices %v", got)
	}
	acts(t, tb, "discard:RED", "discard:BLU")
	s := state(t, tb)
	want(t, "scrap", s.Players[0].Scrap, "RB")
	want(t, "hand", s.Players[0].Hand, hand("WK"))
	want(t, "active", s.Active, 1)
}

// unravelLike plays two cards for each seat, then reveals seat 0's D1
// (colour c) against seat 1's face-down D1, D2 (both White).
func unravelLike(t *testing.T, p Pattern, c string) games.Table {
	t.Helper()
	tb := table(t, opts(p), 2, c[:1]+"WW", "WWW")
	acts(t, tb, "play:"+colourCodes[must(colourByLetter(c[0]))], "play:WHT", "play:WHT", "play:WHT", "reveal:D1", "pass")
	if got := keys(t, tb); !slices.Equal(got, []string{"1@D1", "1@D2"}) {
		t.Fatalf("choices %v", got)
	}
	acts(t, tb, "1@D2")
	return tb
}

func must(c Colour, ok bool) Colour {
	if !ok {
		panic("bad colour")
	}
	return c
}

func TestPowerUnravel(t *testing.T) {
	s := state(t, unravelLike(t, Loom, "K"))
	want(t, "seat 1 scrap", s.Players[1].Scrap, "W")
	want(t, "seat 1 display", len(s.Players[1].Display), 1)
}

func TestPowerExcise(t *testing.T) {
	s := state(t, unravelLike(t, Attrition, "K"))
	want(t, "seat 1 scrap", s.Players[1].Scrap, "")
	want(t, "removed", len(s.Removed), 1)
	want(t, "removed card", s.Removed[0], Card{Colour: White, Owner: 1})
}

// TestPowerReed is spec Ex 4 (Reed): RED to the bottom of [BLU, RED, GRN, YEL].
func TestPowerReed(t *testing.T) {
	tb := table(t, opts(Loom), 2, "RWW", "WWW"+"BRGY")
	steps := acts(t, tb, "play:RED", "reveal:D1")
	priv := false
	for _, e := range steps[1].Events {
		if line, ok := e.Private[0]; ok && strings.Contains(line, "Blue, Red") && e.Reveal {
			priv = true
		}
		if strings.Contains(e.Public, "Blue") && strings.Contains(e.Public, "looks") {
			t.Errorf("the public log names a looked-at card: %q", e.Public)
		}
	}
	if !priv {
		t.Errorf("no private peek for seat 0 in %+v", steps[1].Events)
	}
	if v := tb.View(1).(View); v.Pending == nil || v.Pending.Looked != nil || v.Pending.LookCount != 2 {
		t.Errorf("seat 1 sees pending %+v", v.Pending)
	}
	if v := tb.View(0).(View); v.Pending == nil || !slices.Equal(v.Pending.Looked, []Colour{Blue, Red}) {
		t.Errorf("seat 0 sees pending %+v", v.Pending)
	}
	acts(t, tb, "bottom:RED")
	// Seat 1's turn has begun: it drew the Blue left on top.
	c := chestOf(t, tb, 1)
	want(t, "chest top", c[:2], "GY")
	want(t, "chest bottom", c[len(c)-1:], "R")
	want(t, "chest size", len(c), 36)
}

// TestPowerHeddles is spec Ex 2.
func TestPowerHeddles(t *testing.T) {
	tb := table(t, opts(Loom), 2, "GWW"+"RBYPK")
	acts(t, tb, "play:GRN", "reveal:D1")
	if got := keys(t, tb); !slices.Equal(got, []string{"top:BLU", "top:RED", "top:YEL"}) {
		t.Fatalf("choices %v", got)
	}
	acts(t, tb, "top:YEL", "bottom:BLU")
	c := chestOf(t, tb, 0)
	want(t, "top", c[:3], "YPK")
	want(t, "bottom", c[len(c)-2:], "RB")
}

func TestPowerWeft(t *testing.T) {
	tb := table(t, opts(Loom), 2, "WKK", "WWW"+"O")
	full := deck(t, "WKK")
	acts(t, tb, "play:WHT", "reveal:D1")
	s := state(t, tb)
	want(t, "drew bottom", s.Players[0].Hand, hand("KK"+full[len(full)-1:]))
	want(t, "seat 1 drew the peeked Orange", s.Players[1].Hand, hand("WWWO"))
	if l := s.Players[0].Look; l != nil {
		t.Errorf("the peek outlived the card it showed: %+v", l)
	}
}

func TestPowerWarp(t *testing.T) {
	tb := table(t, opts(Loom), 2, "OKK"+"B", "WWW"+"G")
	acts(t, tb, "play:ORG", "reveal:D1")
	s := state(t, tb)
	want(t, "drew top", s.Players[0].Hand, hand("KKB"))
	want(t, "seat 1 drew the peeked Green", s.Players[1].Hand, hand("WWWG"))
	// With an action left, the peek stays on the panel while the card
	// stays on top.
	f := fixture(t, opts(Loom), 2)
	f.Players[0].Display = faces("O")
	f.Players[1].Chest = "G" + f.Players[1].Chest
	do(t, f, 0, "reveal:D1")
	if l := f.Players[0].Look; l == nil || l.Of != 1 || !slices.Equal(l.Cards, []Colour{Green}) || l.Power != "Warp" {
		t.Errorf("look %+v", l)
	}
	if v := (Game{}).View(f, 1); v.Players[0].Look != nil {
		t.Error("seat 1 sees seat 0's look")
	}
}

func TestPowerSalvage(t *testing.T) {
	tb := table(t, opts(Attrition), 2, "BWW"+"RG")
	acts(t, tb, "play:BLU", "reveal:D1")
	s := state(t, tb)
	want(t, "hand", s.Players[0].Hand, hand("WWR"))
	want(t, "scrap", s.Players[0].Scrap, "")
	want(t, "chest top", s.Players[0].Chest[:1], "G")
}

// TestPowerPilfer is spec Ex 4 (Pilfer), and the 1-card case.
func TestPowerPilfer(t *testing.T) {
	tb := table(t, opts(Attrition), 2, "RWW", "WWW"+"BRGY")
	acts(t, tb, "play:RED", "reveal:D1", "drop:RED")
	s := state(t, tb)
	want(t, "chest (seat 1 drew the Blue)", s.Players[1].Chest[:2], "GY")
	want(t, "scrap", s.Players[1].Scrap, "R")
	want(t, "chest size", len(s.Players[1].Chest), 35)

	f := fixture(t, opts(Attrition), 2)
	f.Players[0].Display = faces("R")
	f.Players[0].Next = 1
	f.Players[1].Chest = "B"
	do(t, f, 0, "reveal:D1")
	want(t, "1-card chest", f.Players[1].Chest, "")
	want(t, "1-card scrap", f.Players[1].Scrap, "B")
}

// TestPowerCull is spec Ex 3 (Cull), both cases.
func TestPowerCull(t *testing.T) {
	f := fixture(t, opts(Attrition), 2)
	f.Players[0].Display = faces("G")
	f.Players[0].Next = 1
	f.Players[0].Chest = "ORKW"
	do(t, f, 0, "reveal:D1")
	do(t, f, 0, "top:RED")
	do(t, f, 0, "bottom:ORG")
	want(t, "chest", f.Players[0].Chest, "RWO")
	want(t, "removed", f.Removed[0], Card{Colour: Black, Owner: 0})

	f = fixture(t, opts(Attrition), 2)
	f.Players[0].Display = faces("G")
	f.Players[0].Next = 1
	f.Players[0].Chest = "WO"
	do(t, f, 0, "reveal:D1")
	do(t, f, 0, "top:ORG")
	want(t, "chest", f.Players[0].Chest, "OW")
	want(t, "removed", len(f.Removed), 0)
}

// TestPowerIntuit is spec Ex 3 (Intuit), through a scripted deal.
func TestPowerIntuit(t *testing.T) {
	tb := table(t, opts(Racketeering), 2, "GWW"+"GRKW")
	acts(t, tb, "play:GRN", "reveal:D1", "top:RED", "bottom:GRN")
	s := state(t, tb)
	c := s.Players[0].Chest
	want(t, "top", c[:2], "RW")
	want(t, "bottom", c[len(c)-1:], "G")
	want(t, "scrap", s.Players[0].Scrap, "K")
}

func TestPowerSabotage(t *testing.T) {
	tb := table(t, opts(Attrition), 2, "WKK", "WWW"+"Y")
	acts(t, tb, "play:WHT", "reveal:D1")
	if got := keys(t, tb); !slices.Equal(got, []string{"seat:0", "seat:1"}) {
		t.Fatalf("choices %v", got)
	}
	acts(t, tb, "seat:1")
	s := state(t, tb)
	want(t, "scrap", s.Players[1].Scrap, "Y")
	want(t, "chest (one scrapped, one drawn)", len(s.Players[1].Chest), 35)
}

func TestPowerRestock(t *testing.T) {
	tb := table(t, opts(Attrition), 2, "OKK"+"B")
	full := deck(t, "OKKB")
	acts(t, tb, "play:ORG", "reveal:D1", "seat:0")
	s := state(t, tb)
	want(t, "hand", s.Players[0].Hand, hand("KKB"))
	want(t, "scrap", s.Players[0].Scrap, full[len(full)-1:])
}

// TestPowerPlunder removes two from two Scrap Piles and draws (Ex 10 row 2
// in a Duel), then removes one and stops (no draw).
func TestPowerPlunder(t *testing.T) {
	f := fixture(t, opts(Attrition), 2)
	f.Players[0].Display = faces("YY")
	f.Players[0].Next = 2
	f.Players[0].Scrap = "R"
	f.Players[1].Scrap = "BK"
	f.Players[0].Chest = "G"
	do(t, f, 0, "reveal:D1")
	if got := legalKeys(f, 0); !slices.Equal(got, []string{"0@scrap.RED", "1@scrap.BLK", "1@scrap.BLU", "done"}) {
		t.Fatalf("choices %v", got)
	}
	do(t, f, 0, "1@scrap.BLK")
	do(t, f, 0, "0@scrap.RED")
	want(t, "removed", len(f.Removed), 2)
	want(t, "drew", f.Players[0].Hand, hand("WG"))
	do(t, f, 0, "reveal:D2")
	do(t, f, 0, "1@scrap.BLU")
	want(t, "after stop", f.Players[0].Hand, hand("WG"))
	_ = Game{}.ToAct(f)
	if f.Pend != nil {
		do(t, f, 0, "done")
	}
	want(t, "no draw after one", f.Players[0].Hand, hand("WG"))
}

// TestPowerReciprocate takes from its own Scrap and tops an opponent's
// Chest from theirs.
func TestPowerReciprocate(t *testing.T) {
	f := fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("B")
	f.Players[0].Next = 1
	f.Players[0].Scrap = "RK"
	f.Players[1].Scrap = "YG"
	do(t, f, 0, "reveal:D1")
	do(t, f, 0, "0@scrap.BLK")
	do(t, f, 0, "1@scrap.GRN")
	want(t, "hand", f.Players[0].Hand, hand("WK"))
	want(t, "seat 1 chest top", f.Players[1].Chest[:1], "G")
	want(t, "seat 1 scrap", f.Players[1].Scrap, "Y")
	// Edge 22: with an empty own Scrap, step 2 still happens.
	f = fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("B")
	f.Players[1].Scrap = "Y"
	do(t, f, 0, "reveal:D1")
	want(t, "seat 1 chest top", f.Players[1].Chest[:1], "Y")
}

func TestPowerEngorge(t *testing.T) {
	f := fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("K")
	f.Players[1].Scrap = "YG"
	f.Players[1].Show = cards(1, "R")
	f.Players[1].Display = faces("W")
	do(t, f, 0, "reveal:D1")
	do(t, f, 1, "pass")
	do(t, f, 0, "1@scrap.YEL")
	if got := legalKeys(f, 0); !slices.Equal(got, []string{"1@D1", "1@show.RED"}) {
		t.Fatalf("choices %v", got)
	}
	do(t, f, 0, "1@show.RED")
	want(t, "removed", f.Removed[0], Card{Colour: Yellow, Owner: 1})
	want(t, "seat 1 scrap", f.Players[1].Scrap, "GR")
	want(t, "seat 1 show", len(f.Players[1].Show), 0)
}

// TestPowerDivest is spec Ex 4 (Divest).
func TestPowerDivest(t *testing.T) {
	tb := table(t, opts(Racketeering), 2, "RWW", "WWW"+"BRGY")
	acts(t, tb, "play:RED", "reveal:D1", "drop:BLU")
	s := state(t, tb)
	c := s.Players[1].Chest
	want(t, "top (seat 1 drew the Green)", c[:1], "Y")
	want(t, "bottom", c[len(c)-1:], "R")
	want(t, "scrap", s.Players[1].Scrap, "B")
}

func TestPowerFence(t *testing.T) {
	tb := table(t, opts(Racketeering), 2, "WKK", "WWW"+"Y")
	acts(t, tb, "play:WHT", "reveal:D1")
	if got := keys(t, tb); !slices.Equal(got, []string{"seat:0", "seat:1", "skip"}) {
		t.Fatalf("choices %v", got)
	}
	acts(t, tb, "seat:1")
	want(t, "scrap", state(t, tb).Players[1].Scrap, "Y")

	tb = table(t, opts(Racketeering), 2, "WKK", "WWW"+"Y")
	acts(t, tb, "play:WHT", "reveal:D1", "skip")
	want(t, "skip", state(t, tb).Players[1].Scrap, "")
}

func TestPowerAugment(t *testing.T) {
	f := fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("O")
	f.Players[1].Scrap = "YG"
	do(t, f, 0, "reveal:D1")
	do(t, f, 0, "seat:1")
	do(t, f, 0, "1@scrap.YEL")
	want(t, "top", f.Players[1].Chest[:1], "Y")
	want(t, "drew bottom", handSize(f.Players[0].Hand), 2)
}

// TestPowerWindfall is spec Ex 5 (Windfall) and edge case 20.
func TestPowerWindfall(t *testing.T) {
	f := fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("Y")
	f.Players[0].Chest = "RBGY"
	do(t, f, 0, "reveal:D1")
	want(t, "chest", f.Players[0].Chest, "G")
	want(t, "hand", f.Players[0].Hand, hand("WYR"))
	want(t, "scrap", f.Players[0].Scrap, "B")

	f = fixture(t, opts(Racketeering), 2)
	f.Players[0].Display = faces("Y")
	f.Players[0].Chest = "R"
	do(t, f, 0, "reveal:D1")
	want(t, "chest", f.Players[0].Chest, "")
	want(t, "hand", f.Players[0].Hand, hand("WR"))
}

// TestEx5Treadle is spec Ex 5 (Treadle): one card drawn, both scrapped.
func TestEx5Treadle(t *testing.T) {
	f := fixture(t, opts(Loom), 2)
	f.Players[0].Display = faces("Y")
	f.Players[0].Hand = hand("K")
	f.Players[0].Chest = "O"
	do(t, f, 0, "reveal:D1")
	want(t, "hand", handSize(f.Players[0].Hand), 0)
	want(t, "chest", f.Players[0].Chest, "")
	want(t, "scrap", f.Players[0].Scrap, "KO")
}

// TestReedOneCard: with one card Reed leaves it (it goes to the bottom).
func TestReedOneCard(t *testing.T) {
	f := fixture(t, opts(Loom), 2)
	f.Players[0].Display = faces("R")
	f.Players[1].Chest = "B"
	do(t, f, 0, "reveal:D1")
	want(t, "chest", f.Players[1].Chest, "B")
	if f.Pend != nil {
		t.Fatal("Reed with one card asked a question")
	}
}
