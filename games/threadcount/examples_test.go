package threadcount

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// boardCase is one row of the spec's board tables (§10, Ex 1-7).
type boardCase struct {
	name                                string
	before                              []int
	dice                                [3]int
	already, filled, lines, refill, dbl []int
	harvest                             int
	after                               []int
}

func checkBoard(t *testing.T, c boardCase) {
	t.Helper()
	board, o := Resolve(MaskOf(c.before...), c.dice)
	if !sameInts(o.Already, c.already) || !sameInts(o.Filled, c.filled) || !sameInts(o.Lines, c.lines) ||
		!sameInts(o.Refill, c.refill) || !sameInts(o.Doubles, c.dbl) || o.Harvest != c.harvest ||
		!sameInts(o.After, c.after) || !sameInts(Cells(board), c.after) {
		t.Errorf("%s: got %+v", c.name, o)
	}
}

// TestEx1SeedSampleTurn reproduces the seed's sample turn: harvest 4.
func TestEx1SeedSampleTurn(t *testing.T) {
	checkBoard(t, boardCase{"ex1", []int{2, 3, 5, 9}, [3]int{3, 5, 8},
		[]int{3, 5}, []int{2, 3, 5, 8, 9}, []int{2, 5, 8}, []int{5}, []int{3}, 4, []int{5, 9}})
}

func TestEx2To7BoardResolutions(t *testing.T) {
	e := []int{}
	for _, c := range []boardCase{
		{"ex2", []int{9}, [3]int{4, 4, 7}, []int{4}, []int{4, 7, 9}, e, e, []int{4}, 1, []int{7, 9}},
		{"ex3", []int{1, 9}, [3]int{5, 3, 7}, e, []int{1, 3, 5, 7, 9}, []int{1, 3, 5, 7, 9}, e, e, 5, e},
		{"ex4", []int{1}, [3]int{5, 5, 5}, []int{5}, []int{1, 5}, e, e, []int{5}, 1, []int{1}},
		{"ex5", []int{1, 2, 4, 6}, [3]int{3, 5, 5}, []int{5}, []int{1, 2, 3, 4, 5, 6}, []int{1, 2, 3, 4, 5, 6}, []int{5}, e, 6, []int{5}},
		{"ex6", []int{1, 2, 6}, [3]int{3, 6, 6}, []int{6}, []int{1, 2, 3, 6}, []int{1, 2, 3}, e, []int{6}, 4, e},
		{"ex7", []int{5}, [3]int{5, 1, 9}, []int{5}, []int{1, 5, 9}, []int{1, 5, 9}, []int{5}, e, 3, []int{5}},
	} {
		checkBoard(t, c)
	}
}

func TestEx8SowingLegality(t *testing.T) {
	s := started(t, 2)
	s.Players[0].Silk = 3
	s.Board = MaskOf(1, 2, 5)
	if got := withPrefix(legalKeys(s, 0), "sow:"); !slices.Equal(got, cellKeys("sow:", 4, 6, 7)) {
		t.Fatalf("board {1,2,5}: sow keys %v", got)
	}
	do(t, s, 0, "sow:4")
	if got := withPrefix(legalKeys(s, 0), "sow:"); len(got) != 0 {
		t.Fatalf("board {1,2,4,5}: sow keys %v, want none", got)
	}
	do(t, s, 0, "roll")
	chance(t, s, "roll:369R")
	if o := s.Roll.Outcome; o.Harvest != 7 || !sameInts(o.After, []int{}) || !sameInts(o.Already, []int{}) {
		t.Fatalf("roll 3,6,9 on {1,2,4,5}: %+v", o)
	}
	if s.Players[0].Silk != 2+7 {
		t.Fatalf("silk %d, want 9", s.Players[0].Silk)
	}
	if got := Placeable(MaskOf(2, 5, 7)); !slices.Equal(got, []int{1, 4, 6, 9}) {
		t.Fatalf("board {2,5,7}: placeable %v", got)
	}
}

// ex9 plays the roll-off of Ex 9 with seats W, X, Y, Z = 0, 1, 2, 3.
func ex9(t *testing.T) *State {
	s := fresh(t, 4)
	chance(t, s, "empress:uroko", "favs:RBGY", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:3053")
	if r := s.rollers(); !slices.Equal(r, []games.Seat{0, 3}) {
		t.Fatalf("rerollers %v, want W and Z", r)
	}
	chance(t, s, "rolloff:72")
	return s
}

func TestEx9RollOff(t *testing.T) {
	s := ex9(t)
	if !slices.Equal(s.Order, []games.Seat{1, 2, 3, 0}) {
		t.Fatalf("order %v, want X, Y, Z, W", s.Order)
	}
	if !sameInts(Cells(s.Board), []int{2, 5, 7}) || s.Phase != PhTen || s.Ten != 1 {
		t.Fatalf("board %v phase %s ten %s", Cells(s.Board), s.Phase, s.Ten)
	}
	if got := legalKeys(s, 1); !slices.Equal(got, cellKeys("place:", 1, 4, 6, 9)) {
		t.Fatalf("X's choices %v", got)
	}
	do(t, s, 1, "place:9")
	if !sameInts(Cells(s.Board), []int{2, 5, 7, 9}) || s.Active() != 1 || s.Week != 1 {
		t.Fatalf("board %v, active %s, week %d", Cells(s.Board), s.Active(), s.Week)
	}
	// Seed check: numbers 2, 3, 5, 9 give {2,3,5,9} and the 9 starts.
	s2 := fresh(t, 4)
	chance(t, s2, "empress:uroko", "favs:RBGY", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:2359")
	if !sameInts(Cells(s2.Board), []int{2, 3, 5, 9}) || s2.Active() != 3 {
		t.Fatalf("seed check: board %v, first %s", Cells(s2.Board), s2.Active())
	}
}

func TestEx10FullTurn(t *testing.T) {
	s := ex9(t)
	do(t, s, 1, "place:9")
	if s.Market != [3]string{"uroko", "kikko", "asanoha"} {
		t.Fatalf("market %v", s.Market)
	}
	if got := legalKeys(s, 1); !slices.Equal(got, []string{"roll"}) {
		t.Fatalf("X with no silk and no cards: %v", got)
	}
	do(t, s, 1, "roll")
	if s.Phase != PhRoll {
		t.Fatalf("no free silk expected, phase %s", s.Phase)
	}
	chance(t, s, "roll:508W")
	if got := withPrefix(legalKeys(s, 1), "zero:"); len(got) != 9 || got[0] != "zero:2:1" {
		t.Fatalf("zero keys %v", got)
	}
	do(t, s, 1, "zero:2:3")
	do(t, s, 1, "white:B")
	o := s.Roll.Outcome
	if o.Harvest != 6 || !sameInts(o.After, []int{5}) || !sameInts(o.Lines, []int{2, 3, 5, 7, 8, 9}) {
		t.Fatalf("outcome %+v", o)
	}
	x := &s.Players[1]
	if x.Silk != 6 || x.Dye != [3]int{0, 0, 1} {
		t.Fatalf("X silk %d dye %v", x.Silk, x.Dye)
	}
	do(t, s, 1, "take:3")
	x = &s.Players[1]
	if x.Silk != 5 || x.Outfit[0].Pattern != 0 || s.Market[2] != "" {
		t.Fatalf("after Asanoha: silk %d outfit %v market %v", x.Silk, x.Outfit, s.Market)
	}
	do(t, s, 1, "refresh")
	chance(t, s, "draw:seigaiha", "draw:ichimatsu", "draw:karakusa")
	x = &s.Players[1]
	if x.Silk != 4 || s.Market != [3]string{"seigaiha", "ichimatsu", "karakusa"} || !slices.Equal(s.Buried, []string{"uroko", "kikko"}) {
		t.Fatalf("after refresh: silk %d market %v buried %v", x.Silk, s.Market, s.Buried)
	}
	do(t, s, 1, "end")
	x = &s.Players[1]
	if x.Silk != 4 || s.Active() != 2 {
		t.Fatalf("after end: silk %d, next %s", x.Silk, s.Active())
	}
	do(t, s, 2, "roll")
	chance(t, s, "roll:551R")
	y := s.Players[2]
	if s.Roll.Outcome.Harvest != 1 || !sameInts(Cells(s.Board), []int{1}) || y.Silk != 1 || y.Dye != [3]int{1, 0, 0} {
		t.Fatalf("Y: outcome %+v silk %d dye %v", s.Roll.Outcome, y.Silk, y.Dye)
	}
}

func TestEx11SilkCap(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(1, 2, 4, 6)
	s.Players[0].Silk = 5
	do(t, s, 0, "roll")
	chance(t, s, "roll:355R") // Ex 5's board: harvest 6
	if s.Players[0].Silk != 11 {
		t.Fatalf("silk %d, want 11", s.Players[0].Silk)
	}
	do(t, s, 0, "take:1") // Uroko, 2 silk
	if s.Players[0].Silk != 9 {
		t.Fatalf("silk %d, want 9", s.Players[0].Silk)
	}
	evs := do(t, s, 0, "end")
	if s.Players[0].Silk != 7 || !strings.Contains(evs[0].Public, "returns 2 silk") {
		t.Fatalf("silk %d after end, event %q", s.Players[0].Silk, evs[0].Public)
	}
}

func TestEx12BuyingColours(t *testing.T) {
	s := started(t, 2)
	s.Phase = PhMarket
	p := &s.Players[0]
	p.Dye, p.Silk = [3]int{3, 1, 2}, 5
	do(t, s, 0, "buy:RV")
	p = &s.Players[0]
	if p.Dye != [3]int{1, 1, 1} || p.Silk != 2 {
		t.Fatalf("after Red-Violet: dye %v silk %d", p.Dye, p.Silk)
	}
	do(t, s, 0, "buy:O")
	p = &s.Players[0]
	if p.Dye != [3]int{0, 0, 1} || p.Silk != 1 {
		t.Fatalf("after Orange: dye %v silk %d", p.Dye, p.Silk)
	}
	if slices.Contains(legalKeys(s, 0), "buy:B") {
		t.Fatal("Blue is buyable with one Blue dye")
	}
	if p.Outfit[0].Colour != 0 || p.Outfit[1].Colour != 1 {
		t.Fatalf("automatic placement %v", p.Outfit)
	}
}

func TestEx13FinalScores(t *testing.T) {
	for _, c := range []struct {
		name                  string
		pieces                []string
		favs                  []string
		empress               string
		garm, dyes, pats, tot int
	}{
		{"a", []string{"RV+uroko", "B+uroko", "O+kikko", "G+seigaiha"}, []string{"R", "B", "Y"}, "uroko", 8, 4, 28, 40},
		{"b perfect", []string{"RV+kikko", "BV+kikko", "R+kikko", "G+kikko"}, []string{"R", "V", "B", "G"}, "kikko", 8, 12, 50, 70},
		{"c incomplete", []string{"YG+asanoha", "B+asanoha", "R+karakusa", "V+"}, []string{"Y", "R"}, "seigaiha", 6, 4, 16, 26},
		{"d seed 1", []string{"R+uroko", "R+uroko", "R+uroko", "R+uroko"}, []string{"B", "G"}, "uroko", 8, 0, 50, 58},
		{"e seed 2", []string{"R+uroko", "R+uroko", "R+kikko", "R+kikko"}, []string{"B", "G"}, "asanoha", 8, 0, 24, 32},
		{"f", []string{"R+uroko", "R+uroko", "R+kikko", "R+kikko"}, []string{"B", "G"}, "uroko", 8, 0, 32, 40},
	} {
		b := Score(owning(c.pieces...), c.favs, c.empress)
		if b.Garments != c.garm || b.Dyes != c.dyes || b.PatternPoints != c.pats || b.Total != c.tot {
			t.Errorf("case %s: garments %d dyes %d patterns %d total %d; want %d %d %d %d",
				c.name, b.Garments, b.Dyes, b.PatternPoints, b.Total, c.garm, c.dyes, c.pats, c.tot)
		}
	}
}

func TestEx14TieBreak(t *testing.T) {
	favs := []string{"R", "B", "G"}
	a := Score(owning("RV+kikko", "B+uroko", "G+uroko", "O+asanoha"), favs, "kikko")
	b := Score(owning("BG+seigaiha", "R+seigaiha", "Y+kikko", "V+ichimatsu"), favs, "kikko")
	if a.Total != 35 || b.Total != 35 {
		t.Fatalf("totals %d and %d, want 35 each", a.Total, b.Total)
	}
	if a.Tertiary != 1 || b.Tertiary != 1 || a.FavPieces != 1 || b.FavPieces != 1 || a.PatternSilk != 7 || b.PatternSilk != 9 {
		t.Fatalf("tie-break values A %+v B %+v", a, b)
	}
	if Compare(b, a) <= 0 || Decider([]Breakdown{a, b}) != 3 {
		t.Fatalf("B must win on TB2b: compare %d decider %d", Compare(b, a), Decider([]Breakdown{a, b}))
	}
	ranks := Ranks([]*Breakdown{&a, &b, nil}, []games.Seat{2})
	if !slices.Equal(ranks, []int{2, 1, 3}) {
		t.Fatalf("ranks %v", ranks)
	}
}
