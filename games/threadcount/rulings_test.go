package threadcount

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// playout plays a seeded random game through the driver and returns the
// table and its final state.
func playout(t *testing.T, n int, seed uint64, opts games.Options) (games.Table, State) {
	t.Helper()
	tb, _, err := games.Bind(Game{}).New(opts, n, [2]uint64{seed, 99})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for !tb.Over() {
		if tb.Version() > uint64(Game{}.Info().MaxActions) {
			t.Fatalf("%d seats, seed %d: still going after %d actions", n, seed, tb.Version())
		}
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		pick := legal[r.IntN(len(legal))].Key
		if _, err := tb.Play(seat, tb.Version(), pick); err != nil {
			t.Fatalf("legal %q refused: %v", pick, err)
		}
	}
	var s State
	b, _ := tb.StateJSON()
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return tb, s
}

func TestRandomPlayoutsFinish(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for seed := range uint64(3) {
			tb, s := playout(t, n, seed, nil)
			res, ok := tb.Result()
			if !ok || res.Reason != "scored" || len(res.Winners) == 0 {
				t.Fatalf("%d seats seed %d: result %+v", n, seed, res)
			}
			for i, p := range s.Players {
				if p.Turns != Weeks {
					t.Fatalf("%d seats seed %d: player %d took %d turns", n, seed, i, p.Turns)
				}
			}
		}
	}
}

func TestT1SeatCounts(t *testing.T) {
	for n := 0; n <= 7; n++ {
		_, err := Game{}.New(nil, n)
		if (n >= 2 && n <= 5) != (err == nil) {
			t.Errorf("%d seats: err %v", n, err)
		}
	}
}

func TestT2TenTurnsEachAndCalendar(t *testing.T) {
	s := started(t, 3)
	for week := 1; week <= Weeks; week++ {
		for _, seat := range []games.Seat{0, 1, 2} {
			if s.Week != week || s.Active() != seat {
				t.Fatalf("week %d seat %s, state week %d active %s", week, seat, s.Week, s.Active())
			}
			s.Board = MaskOf(1)
			do(t, s, seat, "roll")
			chance(t, s, "roll:999R")
			do(t, s, seat, "end")
		}
	}
	if s.Phase != PhOver {
		t.Fatalf("phase %s after 30 turns", s.Phase)
	}
}

func TestT3RollIsThreeD10AndTriChrome(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(1)
	do(t, s, 0, "roll")
	d := dice.Seeded(1, 2)
	faces := map[string]int{}
	for range 4000 {
		a := Game{}.Sample(s, d)
		if a.Op != Dice || len(a.Digits) != 3 {
			t.Fatalf("sample %+v", a)
		}
		for _, v := range a.Digits {
			if v < 0 || v > 9 {
				t.Fatalf("d10 face %d", v)
			}
		}
		faces[a.D4]++
	}
	for _, f := range []string{"R", "Y", "B", "W"} {
		if faces[f] < 850 || faces[f] > 1150 {
			t.Errorf("d4 face %s came %d times of 4000", f, faces[f])
		}
	}
}

// TestT4NoLineInvariant checks §4.3's invariant for every line-free board
// and every roll, and T23 (lines are not checked again after the refill).
func TestT4NoLineInvariant(t *testing.T) {
	if len(Lines) != 8 {
		t.Fatal("eight lines")
	}
	boards := 0
	for b := uint16(0); b < 512; b++ {
		if LineCells(b) != 0 {
			continue
		}
		boards++
		for c1 := 1; c1 <= 9; c1++ {
			for c2 := 1; c2 <= 9; c2++ {
				for c3 := 1; c3 <= 9; c3++ {
					after, o := Resolve(b, [3]int{c1, c2, c3})
					if LineCells(after) != 0 {
						t.Fatalf("board %v roll %d%d%d leaves a line: %v", Cells(b), c1, c2, c3, Cells(after))
					}
					if o.Harvest > 9 || o.Harvest < 0 {
						t.Fatalf("harvest %d", o.Harvest)
					}
				}
			}
		}
	}
	if boards == 0 {
		t.Fatal("no line-free boards")
	}
}

// TestT5T22ZeroDiceInDieOrder covers edge case 4: each 0 is named in die
// order and may point anywhere, even where another die points.
func TestT5T22ZeroDiceInDieOrder(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(9)
	do(t, s, 0, "roll")
	chance(t, s, "roll:000W")
	for die, cell := range []int{9, 4, 4} {
		keys := withPrefix(legalKeys(s, 0), "zero:")
		if len(keys) != 9 || !strings.HasPrefix(keys[0], "zero:"+string(rune('1'+die))+":") {
			t.Fatalf("die %d: keys %v", die+1, keys)
		}
		do(t, s, 0, "zero:"+string(rune('1'+die))+":"+string(rune('0'+cell)))
	}
	if s.Phase != PhWhite {
		t.Fatalf("phase %s, want white", s.Phase)
	}
	do(t, s, 0, "white:Y")
	// Ex 2 with cells 9, 4, 4 on {9}: 9 and 4 already full, 9 cleared, 4 cleared.
	if o := s.Roll.Outcome; o.Harvest != 2 || !sameInts(o.After, []int{}) || s.Players[0].Dye != [3]int{0, 1, 0} {
		t.Fatalf("outcome %+v dye %v", o, s.Players[0].Dye)
	}
}

func TestT6Recipes(t *testing.T) {
	want := map[string]string{"R": "2 Red/1", "Y": "2 Yellow/1", "B": "2 Blue/1", "O": "1 Red + 1 Yellow/1",
		"G": "1 Yellow + 1 Blue/1", "V": "1 Red + 1 Blue/1", "RO": "2 Red + 1 Yellow/3", "YO": "1 Red + 2 Yellow/3",
		"YG": "2 Yellow + 1 Blue/3", "BG": "1 Yellow + 2 Blue/3", "BV": "1 Red + 2 Blue/3", "RV": "2 Red + 1 Blue/3"}
	if len(ColourCards) != 12 {
		t.Fatal("twelve colour cards")
	}
	for _, cc := range ColourCards {
		got := dyeCost(cc.Dye) + "/" + string(rune('0'+cc.Silk))
		if got != want[cc.Code] {
			t.Errorf("%s costs %s, want %s", cc.Name, got, want[cc.Code])
		}
	}
}

func TestT7T31SilkAboveSevenDuringTurn(t *testing.T) {
	// Edge case 9: a harvest may take silk above 7 until the end of the turn.
	s := started(t, 2)
	s.Board = MaskOf(1, 2, 4, 6)
	s.Players[0].Silk = 7
	do(t, s, 0, "roll")
	chance(t, s, "roll:355R")
	if s.Players[0].Silk != 13 || !slices.Contains(legalKeys(s, 0), "take:3") {
		t.Fatalf("silk %d", s.Players[0].Silk)
	}
	do(t, s, 0, "end")
	if s.Players[0].Silk != 7 {
		t.Fatalf("silk %d after end", s.Players[0].Silk)
	}
}

func TestT8T26MarketDeals(t *testing.T) {
	s := started(t, 2)
	s.Phase = PhMarket
	s.Players[0].Silk = 7
	do(t, s, 0, "take:2") // Kikko
	if s.Market != [3]string{"uroko", "", "asanoha"} || s.Phase != PhMarket {
		t.Fatalf("bought slot must stay empty: %v, phase %s", s.Market, s.Phase)
	}
	// Edge 13: a paid refresh deals to all three slots, the empty one too.
	do(t, s, 0, "refresh")
	chance(t, s, "draw:seigaiha", "draw:seigaiha", "draw:karakusa")
	if s.Market != [3]string{"seigaiha", "seigaiha", "karakusa"} || !slices.Equal(s.Buried, []string{"uroko", "asanoha"}) {
		t.Fatalf("market %v buried %v", s.Market, s.Buried)
	}
	// Buried cards are never buyable: only the three slots are.
	s.Players[0].Silk = 2
	if got := withPrefix(legalKeys(s, 0), "take:"); got != nil {
		t.Fatalf("take keys with 2 silk: %v", got)
	}
	// Edge 14: buying the last card deals three for free, and buying goes on.
	s.Players[0].Silk = 9
	do(t, s, 0, "take:1")
	do(t, s, 0, "take:2")
	do(t, s, 0, "take:3")
	if s.Phase != PhRefill || s.Players[0].Silk != 0 {
		t.Fatalf("phase %s silk %d", s.Phase, s.Players[0].Silk)
	}
	chance(t, s, "draw:ichimatsu", "draw:uroko", "draw:kikko")
	if s.Phase != PhMarket || s.Market != [3]string{"ichimatsu", "uroko", "kikko"} {
		t.Fatalf("free deal: phase %s market %v", s.Phase, s.Market)
	}
}

func TestT9PatternDeck(t *testing.T) {
	s := fresh(t, 2)
	if s.deckSize() != 24 {
		t.Fatalf("deck %d", s.deckSize())
	}
	costs := []int{1, 1, 2, 2, 3, 3}
	for i, p := range Patterns {
		if s.Deck[i] != 4 || p.Silk != costs[i] {
			t.Errorf("%s: %d copies, cost %d", p.Name, s.Deck[i], p.Silk)
		}
	}
}

// TestT10T29IncompletePieces covers edge case 17.
func TestT10T29IncompletePieces(t *testing.T) {
	b := Score(owning("R+", "+kikko", "RV+"), []string{"R", "V"}, "kikko")
	if b.Total != 0 || b.Dyes != 0 || len(b.Patterns) != 0 {
		t.Fatalf("incomplete pieces scored %+v", b)
	}
}

// TestT11ArrangeOnlyInOwnTurn covers edge case 21.
func TestT11ArrangeOnlyInOwnTurn(t *testing.T) {
	s := started(t, 2)
	s.Players[1] = owning("R+kikko")
	s.Players[0] = owning("B+uroko")
	if got := legalKeys(s, 1); got != nil {
		t.Fatalf("seat 1 may act in seat 0's turn: %v", got)
	}
	if got := withPrefix(legalKeys(s, 0), "c0@"); !slices.Equal(got, []string{"c0@hakama", "c0@obi", "c0@sensu", "c0@spare"}) {
		t.Fatalf("seat 0 arrange keys %v", got)
	}
	do(t, s, 0, "c0@obi")
	if withPrefix(legalKeys(s, 0), "c0@") != nil {
		t.Fatal("a card may be arranged once per turn")
	}
	if got := s.Players[0].Outfit; got[0].Colour != -1 || got[2].Colour != 0 {
		t.Fatalf("outfit %v", got)
	}
	// After the last turn nothing may be arranged: the game is over.
	_, end := playout(t, 2, 1, nil)
	if (Game{}).Legal(&end, 0) != nil || (Game{}).Legal(&end, 1) != nil {
		t.Fatal("legal actions after the end")
	}
}

// TestT12TertiaryTwoWords covers edge case 18.
func TestT12TertiaryTwoWords(t *testing.T) {
	b := Score(owning("RV+uroko"), []string{"R", "V"}, "kikko")
	if b.Dyes != 4 || b.Garments != 2 || b.Total != 2+4+4 {
		t.Fatalf("%+v", b)
	}
}

func TestT13EmpressColoursAreAllFavourites(t *testing.T) {
	s := started(t, 3) // favourites R, B, G
	s.Players[2] = owning("G+uroko", "B+uroko", "R+uroko", "Y+uroko")
	bs := s.Breakdowns()
	if bs[2].Dyes != 6 {
		t.Fatalf("dyes %d, want 6 from the three players' colours", bs[2].Dyes)
	}
}

func TestT14PatternValues(t *testing.T) {
	normal := []int{4, 12, 20, 28}
	fav := []int{5, 20, 35, 50}
	for n := 1; n <= 4; n++ {
		pieces := make([]string, n)
		for i := range pieces {
			pieces[i] = "Y+uroko"
		}
		if got := Score(owning(pieces...), nil, "kikko").PatternPoints; got != normal[n-1] || PatternValue(n, false) != got {
			t.Errorf("%d Uroko: %d, want %d", n, got, normal[n-1])
		}
		if got := Score(owning(pieces...), nil, "uroko").PatternPoints; got != fav[n-1] || PatternValue(n, true) != got {
			t.Errorf("%d favourite Uroko: %d, want %d", n, got, fav[n-1])
		}
	}
}

// TestT15TieBreakCascade covers TB1, TB2a, TB3 and a shared win (edge 24).
func TestT15TieBreakCascade(t *testing.T) {
	favs := []string{"Y"}
	// TB1: one tertiary card beats none at an equal total.
	a := Score(owning("RV+uroko"), favs, "kikko")
	b := Score(owning("R+uroko", "+"), favs, "kikko")
	if a.Total != b.Total || Decider([]Breakdown{a, b}) != 1 || Compare(a, b) <= 0 {
		t.Fatalf("TB1: %+v vs %+v", a, b)
	}
	// TB2a: more Empress pattern pieces.
	c := Score(owning("R+kikko", "R+uroko"), favs, "kikko")
	// c: 4 + 5 + 4 = 13; e is given the same total without the favourite.
	e := Score(owning("R+uroko", "R+seigaiha"), favs, "ichimatsu")
	e.Total = c.Total
	if Decider([]Breakdown{c, e}) != 2 {
		t.Fatalf("TB2a decider %d", Decider([]Breakdown{c, e}))
	}
	// TB3 and a shared win.
	f := Score(owning("R+uroko"), favs, "kikko")
	g := f
	g.ReadyEarly = true
	if Decider([]Breakdown{f, g}) != 4 || Compare(g, f) <= 0 {
		t.Fatal("TB3 must decide")
	}
	if Decider([]Breakdown{f, f}) != -1 || Compare(f, f) != 0 {
		t.Fatal("a full tie must be shared")
	}
	if r := Ranks([]*Breakdown{&f, &f}, nil); !slices.Equal(r, []int{1, 1}) {
		t.Fatalf("shared ranks %v", r)
	}
}

// TestT16T17RollOffRerollsOnlyTied re-rolls a three-way tie twice.
func TestT16T17RollOffRerollsOnlyTied(t *testing.T) {
	s := fresh(t, 4)
	chance(t, s, "empress:uroko", "favs:RBGY", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:4441")
	if r := s.rollers(); !slices.Equal(r, []games.Seat{0, 1, 2}) {
		t.Fatalf("rerollers %v", r)
	}
	chance(t, s, "rolloff:663")
	if r := s.rollers(); !slices.Equal(r, []games.Seat{0, 1}) {
		t.Fatalf("rerollers %v", r)
	}
	chance(t, s, "rolloff:28")
	// Final 2, 8, 3, 1: seat 1 starts; silk 8, 3, 2, 1: 1 would complete 1-2-3.
	if !slices.Equal(s.Order, []games.Seat{1, 2, 3, 0}) || !sameInts(Cells(s.Board), []int{2, 3, 8}) {
		t.Fatalf("order %v board %v", s.Order, Cells(s.Board))
	}
	if len(s.OffRounds) != 3 {
		t.Fatalf("rounds %v", s.OffRounds)
	}
}

// TestT18RollOffSilk covers edge cases 22 and 23.
func TestT18RollOffSilk(t *testing.T) {
	s := fresh(t, 3)
	chance(t, s, "empress:uroko", "favs:RBG", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:951")
	if !sameInts(Cells(s.Board), []int{5, 9}) || s.Active() != 0 {
		t.Fatalf("9, 5, 1: board %v", Cells(s.Board))
	}
	s = fresh(t, 3)
	chance(t, s, "empress:uroko", "favs:RBG", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:037")
	if s.Phase != PhTen || s.Ten != 0 || !sameInts(Cells(s.Board), []int{3, 7}) {
		t.Fatalf("10's silk must come last: phase %s board %v", s.Phase, Cells(s.Board))
	}
	if slices.Contains(legalKeys(s, 0), "place:5") {
		t.Fatal("the 10 may not complete 3-5-7")
	}
}

func TestT19SowOneAtATime(t *testing.T) {
	s := started(t, 2)
	s.Players[0].Silk = 2
	s.Board = MaskOf(1)
	do(t, s, 0, "sow:2")
	if slices.Contains(legalKeys(s, 0), "sow:3") || s.Players[0].Silk != 1 {
		t.Fatal("each sow is checked against the board at that moment")
	}
}

// TestT20FreeSilk covers edge cases 5 and 6.
func TestT20FreeSilk(t *testing.T) {
	s := started(t, 2)
	do(t, s, 0, "roll")
	if s.Phase != PhFree || len(withPrefix(legalKeys(s, 0), "free:")) != 9 {
		t.Fatalf("phase %s keys %v", s.Phase, legalKeys(s, 0))
	}
	do(t, s, 0, "free:5")
	if s.Players[0].Silk != 0 || !sameInts(Cells(s.Board), []int{5}) || s.Phase != PhRoll {
		t.Fatalf("free silk: %v phase %s", Cells(s.Board), s.Phase)
	}
	s = started(t, 2)
	s.Players[0].Silk = 1
	do(t, s, 0, "sow:5")
	do(t, s, 0, "roll")
	if s.Phase != PhRoll {
		t.Fatal("a player who sowed gets no free silk")
	}
}

// TestT21Doubles covers edge cases 1-3.
func TestT21Doubles(t *testing.T) {
	_, o := Resolve(MaskOf(9), [3]int{4, 4, 1}) // edge 1
	if o.Harvest != 1 || !sameInts(o.After, []int{1, 9}) {
		t.Fatalf("edge 1: %+v", o)
	}
	_, o = Resolve(MaskOf(1), [3]int{5, 5, 5}) // edge 2
	if o.Harvest != 1 {
		t.Fatalf("edge 2: %+v", o)
	}
	_, o = Resolve(MaskOf(5), [3]int{5, 5, 1}) // edge 3
	if o.Harvest != 1 || !sameInts(o.After, []int{1}) {
		t.Fatalf("edge 3: %+v", o)
	}
}

// TestT23CorruptLineCleared covers edge case 8.
func TestT23CorruptLineCleared(t *testing.T) {
	_, o := Resolve(MaskOf(1, 2, 3), [3]int{9, 9, 9})
	if !sameInts(o.Lines, []int{1, 2, 3}) || o.Harvest != 4 {
		t.Fatalf("%+v", o)
	}
}

// TestT24T27UnlimitedColoursAndSpares covers edge case 12.
func TestT24T27UnlimitedColoursAndSpares(t *testing.T) {
	s := started(t, 2)
	s.Phase = PhMarket
	s.Players[0].Dye, s.Players[0].Silk = [3]int{10, 0, 0}, 7
	for range 5 {
		do(t, s, 0, "buy:R")
	}
	p := s.Players[0]
	if len(p.Colours) != 5 || where(p, "c4") != -1 || where(p, "c3") != 3 {
		t.Fatalf("colours %v outfit %v", p.Colours, p.Outfit)
	}
}

// TestT25DistinctFavourites covers edge case 19.
func TestT25DistinctFavourites(t *testing.T) {
	if _, err := parseAction("favs:RR"); !errors.Is(err, games.ErrBadKey) {
		t.Fatal("duplicate favourites parse")
	}
	s := fresh(t, 5)
	chance(t, s, "empress:uroko")
	d := dice.Seeded(3, 3)
	for range 200 {
		a := Game{}.Sample(s, d)
		seen := map[string]bool{}
		for _, c := range a.Codes {
			if seen[c] {
				t.Fatalf("favourites %v", a.Codes)
			}
			seen[c] = true
		}
	}
}

func TestT28AutoPlacement(t *testing.T) {
	s := started(t, 2)
	s.Phase = PhMarket
	s.Players[0] = owning("+uroko", "R+")
	s.Players[0].Silk, s.Players[0].Dye = 7, [3]int{2, 0, 0}
	do(t, s, 0, "buy:R")
	do(t, s, 0, "take:3")
	p := s.Players[0]
	if p.Outfit[0].Colour != 1 || p.Outfit[1].Pattern != 1 {
		t.Fatalf("outfit %v", p.Outfit)
	}
}

func TestT30ReadyEarly(t *testing.T) {
	s := started(t, 2)
	s.Players[0] = owning("R+uroko", "R+uroko", "R+uroko", "R+uroko")
	s.Players[0].Turns = Weeks - 2
	s.Players[1].Turns = Weeks - 2
	s.Week = Weeks - 1
	s.Board = MaskOf(1)
	do(t, s, 0, "roll")
	chance(t, s, "roll:999R")
	do(t, s, 0, "end")
	if !s.Players[0].ReadyEarly || s.Players[1].ReadyEarly {
		t.Fatalf("ready early %v %v", s.Players[0].ReadyEarly, s.Players[1].ReadyEarly)
	}
}

// TestT32Concession covers §7.4 and edge case 25.
func TestT32Concession(t *testing.T) {
	s := started(t, 4)
	if _, err := (Game{}).Concede(s, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := (Game{}).Concede(s, 0); err != nil { // the active player
		t.Fatal(err)
	}
	if s.Active() != 1 || s.Phase != PhSow {
		t.Fatalf("turn passes on: active %s phase %s", s.Active(), s.Phase)
	}
	if _, err := (Game{}).Concede(s, 0); err == nil {
		t.Fatal("a seat concedes twice")
	}
	if _, err := (Game{}).Concede(s, 3); err != nil {
		t.Fatal(err)
	}
	r, ok := Game{}.Result(s)
	if !ok || !slices.Equal(r.Winners, []games.Seat{1}) || !slices.Equal(r.Ranks, []int{3, 1, 4, 2}) || r.Scores != nil {
		t.Fatalf("result %+v", r)
	}
	// With more players left the game goes on and the conceded are ranked last.
	_, end := playout(t, 3, 4, nil)
	end.Players[1].Conceded = true
	end.Conceded = []games.Seat{1}
	r, _ = Game{}.Result(&end)
	if r.Ranks[1] != 3 || r.Scores[1] != 0 {
		t.Fatalf("conceded seat ranked %d", r.Ranks[1])
	}
}

func TestT33T34ColourWords(t *testing.T) {
	v, _ := Colour("V")
	if v.Name != "Violet" || v.Tertiary {
		t.Fatal("Violet is basic")
	}
	n := 0
	for _, cc := range ColourCards {
		if cc.Tertiary {
			n++
			if len(cc.Words) != 2 || cc.Silk != 3 {
				t.Errorf("%s", cc.Name)
			}
		}
	}
	if n != 6 {
		t.Fatalf("%d tertiary cards", n)
	}
}

// TestT35T36Visibility checks the view policy of §5.
func TestT35T36Visibility(t *testing.T) {
	s := started(t, 3)
	s.Players[1] = owning("R+uroko")
	for _, viewer := range []games.Seat{games.Spectator, 0, 1, 2} {
		v := Game{}.View(s, viewer)
		b, _ := json.Marshal(v)
		if v.Empress != "" || strings.Contains(string(b), "kikko\"") && strings.Contains(string(b), "empress") {
			t.Fatalf("%s sees the Empress's pattern", viewer)
		}
		if v.Favourites != nil {
			t.Fatalf("%s sees all favourites", viewer)
		}
		want := ""
		if viewer >= 0 {
			want = s.Favs[viewer]
		}
		if v.Favourite != want || len(v.Players[1].Colours) != 1 {
			t.Fatalf("%s: favourite %q players %v", viewer, v.Favourite, v.Players)
		}
	}
	_, end := playout(t, 3, 2, nil)
	v := Game{}.View(&end, games.Spectator)
	if v.Empress == "" || len(v.Favourites) != 3 || len(v.Scores) != 3 {
		t.Fatalf("end view %+v", v)
	}
}

func TestT37ClockwiseFromFirst(t *testing.T) {
	s, _ := Game{}.New(nil, 4)
	chance(t, &s, "seating:2031", "empress:uroko", "favs:RBGY", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:1234")
	if !slices.Equal(s.Order, []games.Seat{3, 1, 2, 0}) {
		t.Fatalf("order %v, want clockwise from seat 3 in 2,0,3,1", s.Order)
	}
}

func TestT38OnlySeatingOption(t *testing.T) {
	info := Game{}.Info()
	if len(info.Options) != 1 || info.Options[0].Key != "seating" || info.Options[0].Default != SeatingRandom {
		t.Fatalf("options %+v", info.Options)
	}
}

// TestEdge15EmptyDeck reshuffles the Buried pile and refuses a refresh
// with nothing to deal.
func TestEdge15EmptyDeck(t *testing.T) {
	s := started(t, 2)
	s.Phase = PhMarket
	s.Deck = [NumPatterns]int{}
	s.Buried = []string{"kikko"}
	s.Players[0].Silk = 3
	do(t, s, 0, "refresh")
	chance(t, s, "draw:kikko")
	// Slot 1 took the reshuffled Kikko and buried Uroko; slot 2 draws that
	// Uroko back out of a new deck, burying Kikko, which slot 3 draws again.
	chance(t, s, "draw:uroko", "draw:kikko")
	if s.Phase != PhMarket || s.Market != [3]string{"kikko", "uroko", "kikko"} || !slices.Equal(s.Buried, []string{"asanoha"}) {
		t.Fatalf("phase %s market %v buried %v deck %v", s.Phase, s.Market, s.Buried, s.Deck)
	}
	// With deck and Buried pile both empty, a deal leaves the slots as
	// they are and a refresh is illegal.
	s.Buried = nil
	s.Players[0].Silk = 3
	do(t, s, 0, "take:1")
	if s.Phase != PhMarket || s.Market != [3]string{"", "uroko", "kikko"} {
		t.Fatalf("phase %s market %v", s.Phase, s.Market)
	}
	if slices.Contains(legalKeys(s, 0), "refresh") {
		t.Fatal("refresh with deck and Buried pile empty")
	}
}

// TestEdge16White covers the White face.
func TestEdge16White(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(1)
	do(t, s, 0, "roll")
	chance(t, s, "roll:999W")
	if got := legalKeys(s, 0); !slices.Equal(got, []string{"white:B", "white:R", "white:Y"}) {
		t.Fatalf("keys %v", got)
	}
}

// TestEdge7NoSowPossible covers edge case 7.
func TestEdge7NoSowPossible(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(1, 2, 4, 5)
	s.Players[0].Silk = 5
	if got := legalKeys(s, 0); !slices.Equal(got, []string{"roll"}) {
		t.Fatalf("keys %v", got)
	}
}

// TestHiddenFromEvents: the favourites reach each seat privately only.
func TestHiddenFromEvents(t *testing.T) {
	s := fresh(t, 3)
	chance(t, s, "empress:seigaiha")
	evs := do(t, s, games.Chance, "favs:VOR")
	if strings.Contains(evs[0].Public, "Violet") || !strings.Contains(evs[0].Private[0], "Violet") || !evs[0].Reveal {
		t.Fatalf("events %+v", evs)
	}
}

func TestResampleKeepsOwnFavourite(t *testing.T) {
	s := started(t, 4)
	d := dice.Seeded(5, 6)
	for range 50 {
		r := Game{}.Resample(s, 1, d)
		if r.Favs[1] != s.Favs[1] {
			t.Fatal("own favourite changed")
		}
		seen := map[string]bool{}
		for _, c := range r.Favs {
			if seen[c] {
				t.Fatalf("favourites %v", r.Favs)
			}
			seen[c] = true
		}
	}
}

// TestConcedeAnywhere concedes a seat at many nodes of seeded games, chance
// nodes included, and checks that the game still ends properly without it.
func TestConcedeAnywhere(t *testing.T) {
	g := Game{}
	for n := 2; n <= 4; n++ {
		for k := 0; k < 400; k += 13 {
			s, err := g.New(games.Options{"seating": SeatingRandom}, n)
			if err != nil {
				t.Fatal(err)
			}
			d := dice.Seeded(uint64(n), uint64(k))
			r := rand.New(rand.NewPCG(uint64(k), 1))
			who := games.Seat(k % n)
			for i := 0; g.ToAct(&s) != nil; i++ {
				if i > g.Info().MaxActions {
					t.Fatalf("n=%d k=%d: no end", n, k)
				}
				if i == k {
					if _, err := g.Concede(&s, who); err != nil {
						t.Fatalf("n=%d k=%d: concede in phase %s: %v", n, k, s.Phase, err)
					}
					continue
				}
				seat := g.ToAct(&s)[0]
				if seat == who && s.Players[who].Conceded {
					t.Fatalf("n=%d k=%d: conceded seat to act in phase %s", n, k, s.Phase)
				}
				var a Action
				if seat == games.Chance {
					a = g.Sample(&s, d)
				} else {
					legal := g.Legal(&s, seat)
					a = legal[r.IntN(len(legal))]
				}
				if _, err := g.Apply(&s, seat, a); err != nil {
					t.Fatalf("n=%d k=%d: %s %q: %v", n, k, seat, a.Key(), err)
				}
			}
			res, ok := g.Result(&s)
			if !ok || len(res.Winners) == 0 || len(res.Ranks) != n {
				t.Fatalf("n=%d k=%d: result %+v", n, k, res)
			}
			if s.Players[who].Conceded && res.Ranks[who] != n {
				t.Fatalf("n=%d k=%d: conceded seat ranked %d of %d", n, k, res.Ranks[who], n)
			}
		}
	}
}

// TestEdge10DyeKept covers edge case 10: unspent dye stays, uncapped, and
// scores nothing.
func TestEdge10DyeKept(t *testing.T) {
	s := started(t, 2)
	for range 3 {
		for _, seat := range []games.Seat{0, 1} {
			s.Board = MaskOf(1)
			do(t, s, seat, "roll")
			chance(t, s, "roll:999B")
			do(t, s, seat, "end")
		}
	}
	if s.Players[0].Dye != [3]int{0, 0, 3} || Score(s.Players[0], s.Favs, s.Empress).Total != 0 {
		t.Fatalf("dye %v", s.Players[0].Dye)
	}
}

// TestArrangeAgainInOneTurn documents how often a card may move in one
// turn. The spec (§4.2, §4.6, T11) sets no limit beyond "own turn, up to
// the end of the 10th": a card may be moved more than once in a turn, and
// that stays allowed. One bound is ours (see the package documentation):
// each card is arranged by its owner at most once per turn, which keeps a
// turn finite and still reaches any outfit. A card pushed off its garment
// by another card has moved without being arranged, so its owner may still
// place it, and the count starts again each turn.
func TestArrangeAgainInOneTurn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves []string // arranged in order, all legal
		then  string   // the prefix of keys listed afterwards
		want  []string
	}{
		{"a card arranged once waits for the next turn", []string{"c0@obi"}, "c0@", nil},
		{"a displaced card may still be placed", []string{"c1@kimono"}, "c0@", []string{"c0@hakama", "c0@kimono", "c0@obi", "c0@sensu"}},
		{"so it moves twice in the turn", []string{"c1@kimono", "c0@hakama"}, "c0@", nil},
		{"other cards stay free", []string{"c0@spare"}, "p0@", []string{"p0@hakama", "p0@obi", "p0@sensu", "p0@spare"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, 2)
			s.Players[0] = owning("R+kikko", "B+")
			for _, k := range tc.moves {
				do(t, s, 0, k)
			}
			if got := withPrefix(legalKeys(s, 0), tc.then); !slices.Equal(got, tc.want) {
				t.Fatalf("after %v: %s keys %v, want %v", tc.moves, tc.then, got, tc.want)
			}
			startTurn(s)
			if got := withPrefix(legalKeys(s, 0), "c0@"); len(got) == 0 {
				t.Fatal("the next turn may not arrange c0")
			}
		})
	}
}
