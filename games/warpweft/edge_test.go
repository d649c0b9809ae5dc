package warpweft

import (
	"errors"
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/decktet"
)

// Edge cases of spec §9, one test each.

func TestEdge01GapsMakeOneLine(t *testing.T) {
	g := gridOf(t, "CW@0,0", "9LK@0,-1", "AK@0,-2", "2MK@1,-2", "3SK@1,-1", "4MS@1,0", "5SW@1,1",
		"6MW@1,2", "7SK@1,3", "8MS@0,3")
	sc := ScoreTableau(g)
	if len(sc.Columns) != 2 || len(sc.Columns[0].Cards) != 4 || sc.Columns[0].Cards[3] != "8MS" {
		t.Fatalf("column 0 with a gap at y=1,2: %+v", sc.Columns[0])
	}
}

func TestEdge02OneCardLine(t *testing.T) {
	for code, want := range map[string]int{"9LK": 9, "AM": 1, "CK": 10, "PMYK": 0, "QSWY": 0} {
		ls := ScoreLine(cardsOf(t, code), nil)
		if ls.Score != want || len(ls.Least) != 0 || len(ls.Most) != len(cardsOf(t, code)[0].Suits) {
			t.Errorf("%s: %+v", code, ls)
		}
	}
}

func TestEdge03OnlyTheExcuse(t *testing.T) {
	ls := BestLine(cardsOf(t, "X"))
	if ls.Score != 0 || ls.Most != nil || ls.Ignored == nil || *ls.Ignored != decktet.Moons {
		t.Fatalf("%+v", ls)
	}
}

func TestEdge04AllSuitsTied(t *testing.T) {
	ls := ScoreLine(cardsOf(t, "4MS", "8WL", "5YK", "9MS", "2WL", "4YK"), nil)
	if ls.Score != 32 || len(ls.Most) != 6 || ls.Least != nil {
		t.Fatalf("%+v", ls)
	}
}

func TestEdge05CardInMostAndLeast(t *testing.T) {
	// Pact (M,S), Mountain (M,S), Forest (M,L): M3 S2 L1; the Forest is in
	// both sums.
	ls := ScoreLine(cardsOf(t, "9MS", "4MS", "5ML"), nil)
	if ls.MostSum != 18 || ls.LeastSum != 5 || ls.Score != 13 {
		t.Fatalf("%+v", ls)
	}
}

func TestEdge06PawnsAndCourtsCountSuitsOnly(t *testing.T) {
	with := ScoreLine(cardsOf(t, "CW", "QMWK", "AK"), nil)
	// W2 M1 K2: Most {W,K} = 10 + 0 + 1, Least {M} = the Court's 0.
	if with.Counts != counts(t, "M1 W2 K2") || with.MostSum != 11 || with.LeastSum != 0 || with.Score != 11 {
		t.Fatalf("%+v", with)
	}
}

func TestEdge07ExcuseTieBreakMoons(t *testing.T) {
	// The Sea alone: ignoring any suit but Waves leaves 10; Moons is first.
	ls := BestLine(cardsOf(t, "CW", "X"))
	if ls.Score != 10 || *ls.Ignored != decktet.Moons {
		t.Fatalf("%+v", ls)
	}
	r, _ := Game{}.Result(finished(gridOf(t, "X@0,0", "CW@1,0")))
	if !slices.Contains(r.Lines, "Warp, column 0 (auto-ignored: Moons): no suits = 0") {
		t.Errorf("breakdown %q", r.Lines)
	}
}

func TestEdge08ExcuseLineWithAllSixSuits(t *testing.T) {
	line := cardsOf(t, "X", "9MS", "CS", "8WL", "5YK", "AM")
	if ScoreLine(line, nil).Counts != counts(t, "M2 S2 W1 L1 Y1 K1") {
		t.Fatal("fixture does not hold all six suits")
	}
	ls := BestLine(line)
	if ls.Score != 7 || *ls.Ignored != decktet.Waves {
		t.Fatalf("chose %s for %d, want Waves for 7", *ls.Ignored, ls.Score)
	}
	if ls.Counts[decktet.Waves] != 0 {
		t.Error("the ignored suit is still counted")
	}
}

func TestEdge09ExcuseStartCard(t *testing.T) {
	sc := ScoreTableau(gridOf(t, "X@0,0", "CW@1,0", "AM@0,1"))
	// Column 0 (Excuse, Ace of Moons) skips Suns: skipping Moons would score 0.
	if *sc.Columns[0].Ignored != decktet.Suns || sc.Columns[0].Score != 1 || sc.Rows[0].Ignored == nil ||
		sc.Columns[1].Ignored != nil || sc.Rows[1].Ignored != nil {
		t.Fatalf("%+v", sc)
	}
}

func TestEdge10PawnsAndCourtsRejected(t *testing.T) {
	if _, err := (Game{}).Info().Normalize(games.Options{"extended": "pawns+courts"}); !errors.Is(err, games.ErrBadOption) {
		t.Fatal(err)
	}
	if _, _, err := games.Bind(Game{}).New(games.Options{"extended": "all"}, 2, [2]uint64{}); !errors.Is(err, games.ErrBadOption) {
		t.Fatal(err)
	}
}

func TestEdge11NoPass(t *testing.T) {
	for _, key := range []string{"pass", "!pass", "", "@", "X@"} {
		if _, err := (Game{}).ParseAction(key); !errors.Is(err, games.ErrBadKey) {
			t.Errorf("%q parsed", key)
		}
	}
	// Legal is never empty for the seat to move (a full random game).
	tb, _, err := games.Bind(Game{}).New(nil, 2, [2]uint64{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	for !tb.Over() {
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("no legal move at version %d", tb.Version())
		}
		if _, err := tb.Play(seat, tb.Version(), legal[len(legal)-1].Key); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEdge12NegativeLinesAndTotals(t *testing.T) {
	// Row 0 scores −2 and row 2 −7 in Ex 6; here a whole total goes negative.
	g := gridOf(t, "CK@0,0", "AS@1,0", "AW@2,0", "3MW@3,0")
	sc := ScoreTableau(g)
	// Row 0: K1 S1 W2 M1 → Most {W} 1+3 = 4, Least {M,S,K} 3+1+10 = 14.
	if sc.Rows[0].Score != -10 || sc.Weft != -10 {
		t.Fatalf("%+v", sc.Rows[0])
	}
	r, _ := Game{}.Result(finished(g))
	if r.Scores[1] != -10 || !slices.Contains(r.Lines, "{{p1}} (Weft) total: −10.") {
		t.Errorf("%+v", r)
	}
}

func TestEdge13EqualTotalsDraw(t *testing.T) {
	r, _ := Game{}.Result(finished(gridOf(t, "CK@0,0")))
	if !r.Draw || !slices.Equal(r.Scores, []int{10, 10}) {
		t.Fatalf("%+v", r)
	}
}

func TestEdge14UndealtOnlyCounted(t *testing.T) {
	tb := openTable(t, games.Options{"roles": "chosen", "excuse": "on"})
	step(t, tb, games.Chance, orderedDeal(games.Options{"excuse": "on"}, 5))
	for _, seat := range []games.Seat{games.Spectator, 0, 1} {
		v := view(tb, seat)
		if v.Undealt != 12 || v.DeckSize != 37 {
			t.Errorf("%s: undealt %d of %d", seat, v.Undealt, v.DeckSize)
		}
		seen := len(v.Hand) + len(v.Grid)
		if seat == games.Spectator && seen != 1 {
			t.Errorf("the spectator sees %d cards", seen)
		}
		if seat >= 0 && seen != 13 {
			t.Errorf("%s sees %d cards", seat, seen)
		}
	}
}

func TestEdge15ConcedeEndsWithoutScoring(t *testing.T) {
	tb, _, err := games.Bind(Game{}).New(games.Options{"roles": "chosen"}, 2, [2]uint64{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Concede(1, tb.Version()); err != nil {
		t.Fatal(err)
	}
	r, _ := tb.Result()
	if r.Scores != nil || r.Winners[0] != 0 || r.Reason != "conceded" || tb.ToAct() != nil {
		t.Fatalf("%+v", r)
	}
	if _, err := tb.Play(0, tb.Version(), "AM@1,0"); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("a move after the concession: %v", err)
	}
}

func TestEdge16IgnoredSuitOnlyCardAddsNothing(t *testing.T) {
	moons := decktet.Moons
	ls := ScoreLine(cardsOf(t, "X", "3MW", "4WL", "AM"), &moons)
	// W2 L1: Most {W} 3+4 = 7, Least {L} 4: the Ace of Moons is in neither.
	if ls.MostSum != 7 || ls.LeastSum != 4 || ls.Score != 3 || len(ls.Cards) != 4 {
		t.Fatalf("%+v", ls)
	}
}
