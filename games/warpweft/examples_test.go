package warpweft

import (
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/decktet"
)

// lineCase is one scored line in the spec's notation.
type lineCase struct {
	name     string
	cards    []string
	counts   string
	most     string
	mostSum  int
	least    string
	leastSum int
	score    int
}

func checkLine(t *testing.T, got LineScore, want lineCase) {
	t.Helper()
	if got.Counts != counts(t, want.counts) || !slices.Equal(got.Most, suits(want.most)) ||
		got.MostSum != want.mostSum || !slices.Equal(got.Least, suits(want.least)) ||
		got.LeastSum != want.leastSum || got.Score != want.score {
		t.Errorf("%s: got counts %v most %v/%d least %v/%d score %d; want %s, %s/%d, %s/%d, %d",
			want.name, got.Counts, got.Most, got.MostSum, got.Least, got.LeastSum, got.Score,
			want.counts, want.most, want.mostSum, want.least, want.leastSum, want.score)
	}
}

func TestEx1Column(t *testing.T) {
	c := lineCase{"ex1", []string{"3MW", "6MW", "CW", "2MK"}, "M3 W3 K1", "MW", 21, "K", 2, 19}
	checkLine(t, ScoreLine(cardsOf(t, c.cards...), nil), c)
}

func TestEx2RowCardInBothSums(t *testing.T) {
	c := lineCase{"ex2", []string{"9MS", "7WY", "AS", "5ML"}, "M2 S2 W1 L1 Y1", "MS", 15, "WLY", 12, 3}
	checkLine(t, ScoreLine(cardsOf(t, c.cards...), nil), c)
}

func TestEx3SingleCard(t *testing.T) {
	c := lineCase{"ex3", []string{"9LK"}, "L1 K1", "LK", 9, "", 0, 9}
	checkLine(t, ScoreLine(cardsOf(t, c.cards...), nil), c)
}

func TestEx4Pawn(t *testing.T) {
	c := lineCase{"ex4", []string{"PMYK", "4YK", "CM"}, "M2 Y2 K2", "MYK", 14, "", 0, 14}
	checkLine(t, ScoreLine(cardsOf(t, c.cards...), nil), c)
}

func TestEx5ExcuseAutoIgnore(t *testing.T) {
	line := cardsOf(t, "X", "2SY", "CY", "3SK")
	table := []lineCase{
		{"ignore Moons", nil, "S2 Y2 K1", "SY", 15, "K", 3, 12},
		{"ignore Suns", nil, "Y2 K1", "Y", 12, "K", 3, 9},
		{"ignore Waves", nil, "S2 Y2 K1", "SY", 15, "K", 3, 12},
		{"ignore Leaves", nil, "S2 Y2 K1", "SY", 15, "K", 3, 12},
		{"ignore Wyrms", nil, "S2 K1", "S", 5, "K", 3, 2},
		{"ignore Knots", nil, "S2 Y2", "SY", 15, "", 0, 15},
	}
	for i, s := range decktet.Suits {
		got := ScoreLine(line, &s)
		checkLine(t, got, table[i])
		if got.Ignored == nil || *got.Ignored != s {
			t.Errorf("%s: Ignored = %v", table[i].name, got.Ignored)
		}
	}
	best := BestLine(line)
	if best.Ignored == nil || *best.Ignored != decktet.Knots || best.Score != 15 {
		t.Fatalf("auto choice: %+v, want Knots 15", best)
	}
}

// ex6 is the spec's 9-card scoring fixture.
func ex6(t testing.TB) []Placed {
	return gridOf(t, "CW@0,0", "4MS@0,-1", "7SK@-1,0", "2SY@1,0", "AK@2,0",
		"6MW@0,1", "2MK@-1,2", "9LK@0,2", "7WY@1,2")
}

func TestEx6SmallTableau(t *testing.T) {
	g := ex6(t)
	sc := ScoreTableau(g)
	cols := []lineCase{
		{"x=-1", nil, "M1 S1 K2", "K", 9, "MS", 9, 0},
		{"x=0", nil, "M2 S1 W2 L1 K1", "MW", 20, "SLK", 13, 7},
		{"x=1", nil, "S1 W1 Y2", "Y", 9, "SW", 9, 0},
		{"x=2", nil, "K1", "K", 1, "", 0, 1},
	}
	rows := []lineCase{
		{"y=-1", nil, "M1 S1", "MS", 4, "", 0, 4},
		{"y=0", nil, "S2 W1 Y1 K2", "SK", 10, "WY", 12, -2},
		{"y=1", nil, "M1 W1", "MW", 6, "", 0, 6},
		{"y=2", nil, "M1 W1 L1 Y1 K2", "K", 11, "MWLY", 18, -7},
	}
	if len(sc.Columns) != len(cols) || len(sc.Rows) != len(rows) {
		t.Fatalf("%d columns and %d rows", len(sc.Columns), len(sc.Rows))
	}
	for i, c := range cols {
		checkLine(t, sc.Columns[i], c)
		if sc.Columns[i].Axis != "column" || sc.Columns[i].Index != i-1 {
			t.Errorf("column %d is %s %d", i-1, sc.Columns[i].Axis, sc.Columns[i].Index)
		}
	}
	for i, r := range rows {
		checkLine(t, sc.Rows[i], r)
		if sc.Rows[i].Axis != "row" || sc.Rows[i].Index != i-1 {
			t.Errorf("row %d is %s %d", i-1, sc.Rows[i].Axis, sc.Rows[i].Index)
		}
	}
	if sc.Warp != 8 || sc.Weft != 1 {
		t.Fatalf("totals %d-%d, want 8-1", sc.Warp, sc.Weft)
	}
	if !slices.Equal(sc.Columns[1].Cards, []string{"4MS", "CW", "6MW", "9LK"}) {
		t.Errorf("column 0 cards top to bottom: %v", sc.Columns[1].Cards)
	}
	if n := len(OpenCells(g)); n != 14 {
		t.Errorf("%d legal cells, want 14", n)
	}
	r, ok := Game{}.Result(finished(g))
	if !ok || !slices.Equal(r.Scores, []int{8, 1}) || !slices.Equal(r.Winners, []games.Seat{0}) || r.Draw {
		t.Fatalf("result %+v", r)
	}
}

// ex7 is the spec's Excuse fixture.
func ex7(t testing.TB) []Placed {
	return gridOf(t, "X@0,0", "2SY@1,0", "CY@2,0", "3SK@3,0", "3MW@0,1", "4WL@0,2", "AM@0,3")
}

func TestEx7ExcuseDraw(t *testing.T) {
	col0 := cardsOf(t, "X", "3MW", "4WL", "AM")
	for i, want := range []int{3, 4, 0, 8, 4, 4} {
		s := decktet.Suits[i]
		if got := ScoreLine(col0, &s).Score; got != want {
			t.Errorf("column 0 ignoring %s: %d, want %d", s, got, want)
		}
	}
	sc := ScoreTableau(ex7(t))
	var colScores, rowScores []int
	for _, l := range sc.Columns {
		colScores = append(colScores, l.Score)
	}
	for _, l := range sc.Rows {
		rowScores = append(rowScores, l.Score)
	}
	if !slices.Equal(colScores, []int{8, 2, 10, 3}) || !slices.Equal(rowScores, []int{15, 3, 4, 1}) {
		t.Fatalf("columns %v rows %v", colScores, rowScores)
	}
	if ig := sc.Columns[0].Ignored; ig == nil || *ig != decktet.Leaves {
		t.Errorf("column 0 ignores %v, want Leaves", ig)
	}
	if ig := sc.Rows[0].Ignored; ig == nil || *ig != decktet.Knots {
		t.Errorf("row 0 ignores %v, want Knots", ig)
	}
	checkLine(t, sc.Columns[0], lineCase{"column 0", nil, "M2 W2", "MW", 8, "", 0, 8})
	for _, l := range slices.Concat(sc.Columns[1:], sc.Rows[1:]) {
		if l.Ignored != nil {
			t.Errorf("%s %d has an ignored suit without the Excuse", l.Axis, l.Index)
		}
	}
	if sc.Warp != 23 || sc.Weft != 23 {
		t.Fatalf("totals %d-%d, want 23-23", sc.Warp, sc.Weft)
	}
	r, ok := Game{}.Result(finished(ex7(t)))
	if !ok || !r.Draw || len(r.Winners) != 0 || !slices.Equal(r.Ranks, []int{1, 1}) {
		t.Fatalf("result %+v, want a draw", r)
	}
	if !slices.Contains(r.Lines, "Warp, column 0 (auto-ignored: Leaves): Moons, Waves most (8), none least = 8") ||
		!slices.Contains(r.Lines, "Weft, row 0 (auto-ignored: Knots): Suns, Wyrms most (15), none least = 15") {
		t.Errorf("breakdown does not show the ignored suits: %q", r.Lines)
	}
}

// ex8 is the spec's complete 25-card game end (extended=courts).
func ex8(t testing.TB) ([]Placed, []string) {
	g := gridOf(t, "CK@0,0",
		"9WY@-3,-2", "9MS@-2,-2", "8YK@-1,-2", "QSLK@2,-2",
		"7WY@-3,-1", "QSWY@-2,-1", "7SK@1,-1", "4YK@2,-1", "AW@3,-1",
		"6MW@-3,0", "7ML@-2,0", "CW@-1,0", "3SK@1,0", "4WL@2,0",
		"AM@-3,1", "QMLY@-1,1", "6LK@1,1", "AL@2,1", "CL@3,1",
		"2WL@-2,2", "3LY@-1,2", "9LK@0,2", "5SW@1,2", "2SY@3,2")
	undealt := []string{"CS", "8MS", "QMWK", "CY", "5YK", "4MS", "AS", "AY", "AK", "3MW", "CM", "8WL", "2MK", "6SY", "5ML"}
	return g, undealt
}

func TestEx8CompleteGame(t *testing.T) {
	target, undealt := ex8(t)
	tb := playTableau(t, games.Options{"extended": "courts", "roles": "chosen"}, target, undealt)
	if !tb.Over() {
		t.Fatal("the game is not over after 24 placements")
	}
	v := view(tb, games.Spectator)
	cols := []lineCase{
		{"x=-3", nil, "M2 W3 Y2", "W", 22, "MY", 23, -1},
		{"x=-2", nil, "M2 S2 W2 L2 Y1", "MSWL", 18, "Y", 0, 18},
		{"x=-1", nil, "M1 W1 L2 Y3 K1", "Y", 11, "MWK", 18, -7},
		{"x=0", nil, "L1 K2", "K", 19, "L", 9, 10},
		{"x=1", nil, "S3 W1 L1 K3", "SK", 21, "WL", 11, 10},
		{"x=2", nil, "S1 W1 L3 Y1 K2", "L", 5, "SWY", 8, -3},
		{"x=3", nil, "S1 W1 L1 Y1", "SWLY", 13, "", 0, 13},
	}
	rows := []lineCase{
		{"y=-2", nil, "M1 S2 W1 L1 Y2 K2", "SYK", 26, "MWL", 18, 8},
		{"y=-1", nil, "S2 W3 Y3 K2", "WY", 12, "SK", 11, 1},
		{"y=0", nil, "M2 S1 W3 L2 K2", "W", 20, "S", 3, 17},
		{"y=1", nil, "M2 L4 Y1 K1", "L", 17, "YK", 6, 11},
		{"y=2", nil, "S2 W2 L3 Y2 K1", "L", 14, "K", 9, 5},
	}
	if len(v.Score.Columns) != len(cols) || len(v.Score.Rows) != len(rows) {
		t.Fatalf("%d columns, %d rows", len(v.Score.Columns), len(v.Score.Rows))
	}
	for i, c := range cols {
		checkLine(t, v.Score.Columns[i], c)
	}
	for i, r := range rows {
		checkLine(t, v.Score.Rows[i], r)
	}
	if v.Score.Warp != 40 || v.Score.Weft != 42 || v.Winner != 1 || !v.Over || v.ToAct != games.Spectator {
		t.Fatalf("view: warp %d weft %d winner %s", v.Score.Warp, v.Score.Weft, v.Winner)
	}
	r, ok := tb.Result()
	if !ok || !slices.Equal(r.Scores, []int{40, 42}) || !slices.Equal(r.Winners, []games.Seat{1}) ||
		!slices.Equal(r.Ranks, []int{2, 1}) || r.Reason != "scored" {
		t.Fatalf("result %+v", r)
	}
	for _, want := range []string{
		"Warp, column −3: Waves most (22) minus Moons, Wyrms least (23) = −1",
		"Weft, row 1: Leaves most (17) minus Wyrms, Knots least (6) = 11",
		"{{p0}} (Warp) total: 40.",
		"{{p1}} (Weft) total: 42.",
		"{{p1}} (Weft) wins 42 to 40.",
	} {
		if !slices.Contains(r.Lines, want) {
			t.Errorf("breakdown lacks %q:\n%q", want, r.Lines)
		}
	}
	if v.Undealt != 15 || v.DeckSize != 40 || v.HandSize != [2]int{0, 0} || len(v.Grid) != 25 || v.Turn != 24 {
		t.Errorf("counts: %+v", v)
	}
}

func TestEx9PlacementLegality(t *testing.T) {
	start := gridOf(t, "CW@0,0")
	want := []Cell{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	if got := OpenCells(start); !slices.Equal(got, want) {
		t.Errorf("start only: %v, want %v", got, want)
	}
	if slices.Contains(OpenCells(start), Cell{1, 1}) {
		t.Error("a diagonal cell is open")
	}
	two := gridOf(t, "CW@0,0", "9LK@1,0")
	want = []Cell{{0, -1}, {1, -1}, {-1, 0}, {2, 0}, {0, 1}, {1, 1}}
	if got := OpenCells(two); !slices.Equal(got, want) {
		t.Errorf("after (1,0): %v, want %v", got, want)
	}
	// Through the driver: an occupied, a diagonal and a detached cell are
	// illegal; the open cells are.
	tb := openTable(t, games.Options{"roles": "chosen"})
	step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
	hand := view(tb, 0).Hand
	for _, c := range []Cell{{0, 0}, {1, 1}, {-1, -1}, {2, 0}} {
		if _, err := tb.Step(0, tb.Version(), Action{Op: Place, Card: hand[0], Cell: c}.Key()); err == nil {
			t.Errorf("placing on %v was accepted", c)
		}
	}
	step(t, tb, 0, Action{Op: Place, Card: hand[0], Cell: Cell{1, 0}}.Key())
	if got := view(tb, 1).Open; !slices.Equal(got, want) {
		t.Errorf("Weft's open cells %v, want %v", got, want)
	}
}
