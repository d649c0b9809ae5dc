package warpweft

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/internal/dice"
)

func TestR1SuitOrder(t *testing.T) {
	var names []string
	for _, s := range decktet.Suits {
		names = append(names, s.String())
	}
	if got := strings.Join(names, " "); got != "Moons Suns Waves Leaves Wyrms Knots" {
		t.Fatalf("suit order %s", got)
	}
	// Most and Least come out in canonical order whatever the card order.
	ls := ScoreLine(cardsOf(t, "9LK", "CK", "AM", "CL", "AS"), nil)
	if !slices.Equal(ls.Most, suits("LK")) || !slices.Equal(ls.Least, suits("MS")) {
		t.Errorf("most %v least %v", ls.Most, ls.Least)
	}
	// The Excuse tie-break takes the earliest suit.
	if got := BestLine(cardsOf(t, "X", "CW")); got.Ignored == nil || *got.Ignored != decktet.Moons {
		t.Errorf("tie-break ignored %v, want Moons", got.Ignored)
	}
}

func TestR2ScoringUsesValuesAndSuitsOnly(t *testing.T) {
	line := cardsOf(t, "9MS", "7WY", "AS", "5ML")
	renamed := slices.Clone(line)
	for i := range renamed {
		renamed[i].Name = "Card " + renamed[i].Code
	}
	a, b := ScoreLine(line, nil), ScoreLine(renamed, nil)
	if a.Score != b.Score || a.MostSum != b.MostSum || a.LeastSum != b.LeastSum {
		t.Fatal("names changed a score")
	}
	for code, want := range map[string]int{"AM": 1, "7SK": 7, "CK": 10, "PMYK": 0, "QSLK": 0, "X": 0} {
		if c, _ := decktet.ByCode(code); c.Value != want {
			t.Errorf("%s worth %d, want %d", code, c.Value, want)
		}
	}
}

func TestR3LinesWithGaps(t *testing.T) {
	g := gridOf(t, "CW@0,0", "7SK@0,-1", "AK@1,-1", "2MK@1,0", "2SY@1,1", "9LK@1,2", "4MS@0,2")
	sc := ScoreTableau(g)
	// Column 0 holds y=-1, 0 and 2 with a gap at 1: one line of three cards.
	if len(sc.Columns) != 2 || !slices.Equal(sc.Columns[0].Cards, []string{"7SK", "CW", "4MS"}) {
		t.Fatalf("columns %+v", sc.Columns)
	}
	// Row 2 is (0,2) and (1,2): adjacent, but a row with a gap is one line too.
	g = append(g, Placed{Card: "AW", Cell: Cell{3, 2}})
	if sc = ScoreTableau(g); len(sc.Rows[3].Cards) != 3 {
		t.Fatalf("row 2: %v", sc.Rows[3].Cards)
	}
}

func TestR4CardInBothSums(t *testing.T) {
	// The Forest (Moons, Leaves) has a Most suit and a Least suit.
	ls := ScoreLine(cardsOf(t, "9MS", "7WY", "AS", "5ML"), nil)
	if ls.MostSum != 15 || ls.LeastSum != 12 || ls.Score != 3 {
		t.Fatalf("%+v", ls)
	}
}

// leastByExclusion is the rulebook's formulation of Least: the fewest among
// the present suits that are not Most.
func leastByExclusion(ls LineScore) []decktet.Suit {
	lo := 0
	for _, s := range decktet.Suits {
		if n := ls.Counts[s]; n > 0 && !slices.Contains(ls.Most, s) && (lo == 0 || n < lo) {
			lo = n
		}
	}
	var out []decktet.Suit
	for _, s := range decktet.Suits {
		if lo > 0 && ls.Counts[s] == lo && !slices.Contains(ls.Most, s) {
			out = append(out, s)
		}
	}
	return out
}

func TestR5LeastOnlyBelowMost(t *testing.T) {
	ls := ScoreLine(cardsOf(t, "PMYK", "4YK", "CM"), nil)
	if len(ls.Least) != 0 || ls.Score != 14 {
		t.Fatalf("all tied: %+v", ls)
	}
	// Both formulations agree on many random lines.
	d := dice.Seeded(5, 5)
	for range 2000 {
		n := 1 + d.IntN(8)
		p := d.Perm(len(decktet.All))[:n]
		var line []decktet.Card
		for _, i := range p {
			line = append(line, decktet.All[i])
		}
		ls := BestLine(line)
		if !slices.Equal(ls.Least, leastByExclusion(ls)) {
			t.Fatalf("line %v: least %v, rulebook way %v", ls.Cards, ls.Least, leastByExclusion(ls))
		}
	}
}

func TestR6Roles(t *testing.T) {
	t.Run("chosen", func(t *testing.T) {
		tb := openTable(t, games.Options{"roles": "chosen"})
		if v := view(tb, games.Spectator); v.WarpSeat != 0 || v.ToAct != games.Chance {
			t.Fatalf("before the deal: %+v", v)
		}
		if tb.Legal(games.Chance) != nil {
			t.Error("the deal should not be listed")
		}
		step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
		if !slices.Equal(tb.ToAct(), []games.Seat{0}) {
			t.Fatalf("to act %v", tb.ToAct())
		}
	})
	t.Run("random", func(t *testing.T) {
		tb := openTable(t, games.Options{})
		if v := view(tb, games.Spectator); v.WarpSeat != games.Chance {
			t.Fatalf("Warp known before the coin: %+v", v)
		}
		if got := keysOf(tb.Legal(games.Chance)); !slices.Equal(got, []string{"warp:0", "warp:1"}) {
			t.Fatalf("coin outcomes %v", got)
		}
		st := step(t, tb, games.Chance, "warp:1")
		if !strings.Contains(st.Events[0].Public, "{{p1}} is Warp") {
			t.Errorf("coin event %q", st.Events[0].Public)
		}
		step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
		if v := view(tb, 0); v.WarpSeat != 1 || v.ToAct != 1 || !slices.Equal(tb.ToAct(), []games.Seat{1}) {
			t.Fatalf("after the coin: %+v", v)
		}
		// Warp (seat 1) got the first 12 cards.
		if got := view(tb, 1).Hand; !slices.Equal(got, decktet.Deck(decktet.Basic)[:12]) {
			t.Errorf("Warp's hand %v", got)
		}
		// The coin is fair-ish and both outcomes occur.
		var warp [2]int
		for i := range uint64(400) {
			s, _ := Game{}.New(games.Options{}, 2)
			warp[Game{}.Sample(&s, dice.Seeded(i, 3)).Warp]++
		}
		if warp[0] < 150 || warp[1] < 150 {
			t.Errorf("coin outcomes %v", warp)
		}
	})
}

func TestR7ExcuseAutoChoice(t *testing.T) {
	// The chosen suit is at least as good as every other and the earliest
	// of the best.
	d := dice.Seeded(7, 7)
	x, _ := decktet.ByCode("X")
	for range 1000 {
		line := []decktet.Card{x}
		for _, i := range d.Perm(44)[:1+d.IntN(7)] {
			line = append(line, decktet.All[i])
		}
		best := BestLine(line)
		if best.Ignored == nil {
			t.Fatal("no suit ignored in the Excuse line")
		}
		for _, s := range decktet.Suits {
			sc := ScoreLine(line, &s).Score
			if sc > best.Score || (sc == best.Score && s < *best.Ignored) {
				t.Fatalf("line %v: ignoring %s scores %d, chosen %s scores %d", best.Cards, s, sc, *best.Ignored, best.Score)
			}
		}
	}
}

func TestR8EqualTotalsDraw(t *testing.T) {
	s := finished(ex7(t))
	r, _ := Game{}.Result(s)
	v := Game{}.View(s, games.Spectator)
	if !r.Draw || r.Winners != nil || v.Winner != games.Spectator || !slices.Contains(r.Lines, "A draw at 23 each.") {
		t.Fatalf("result %+v view winner %s", r, v.Winner)
	}
}

func TestR9OptionsRejectPawnsWithCourts(t *testing.T) {
	info := Game{}.Info()
	for _, bad := range []games.Options{
		{"extended": "both"}, {"extended": "pawns,courts"}, {"extended": "pawns+courts"},
		{"excuse": "yes"}, {"roles": "warp"}, {"pawns": "on"},
	} {
		if _, err := info.Normalize(bad); !errors.Is(err, games.ErrBadOption) {
			t.Errorf("Normalize(%v) = %v", bad, err)
		}
		if _, err := (Game{}).New(bad, 2); err == nil {
			t.Errorf("New(%v) accepted", bad)
		}
	}
	o, err := info.Normalize(nil)
	if err != nil || o["extended"] != "none" || o["excuse"] != "off" || o["roles"] != "random" {
		t.Fatalf("defaults %v %v", o, err)
	}
	for _, tc := range []struct {
		opts games.Options
		deck int
	}{
		{games.Options{}, 36},
		{games.Options{"excuse": "on"}, 37},
		{games.Options{"extended": "pawns"}, 40},
		{games.Options{"extended": "courts", "excuse": "on"}, 41},
	} {
		s, err := Game{}.New(tc.opts, 2)
		if err != nil || len(s.Deck()) != tc.deck {
			t.Errorf("%v: deck of %d, want %d (%v)", tc.opts, len(s.Deck()), tc.deck, err)
		}
	}
}

// codeToken finds card-code-like words in text.
var codeToken = regexp.MustCompile(`[A-Z0-9]+`)

func TestR10UndealtNeverShown(t *testing.T) {
	k := games.Bind(Game{})
	for seed := range uint64(24) {
		opts := games.Options{"extended": []string{"none", "pawns", "courts"}[seed%3], "excuse": []string{"off", "on"}[seed/3%2]}
		tb, steps, err := k.New(opts, 2, [2]uint64{seed, 99})
		if err != nil {
			t.Fatal(err)
		}
		undealt := stateOf(t, tb).Undealt
		var shown []string
		look := func() {
			for _, seat := range []games.Seat{games.Spectator, 0, 1, games.Chance} {
				b, err := json.Marshal(tb.View(seat))
				if err != nil {
					t.Fatal(err)
				}
				shown = append(shown, string(b))
				for _, c := range tb.Legal(seat) {
					shown = append(shown, c.Label)
				}
			}
		}
		record := func(steps []games.Step) {
			for _, st := range steps {
				for _, e := range st.Events {
					shown = append(shown, e.Public)
					for _, p := range e.Private {
						shown = append(shown, p)
					}
				}
			}
		}
		record(steps)
		look()
		d := dice.Seeded(seed, 1)
		for !tb.Over() {
			seat := tb.ToAct()[0]
			legal := tb.Legal(seat)
			st, err := tb.Play(seat, tb.Version(), legal[d.IntN(len(legal))].Key)
			if err != nil {
				t.Fatal(err)
			}
			record(st)
			look()
		}
		r, _ := tb.Result()
		b, _ := json.Marshal(r)
		shown = append(shown, string(b))
		for _, text := range shown {
			for _, tok := range codeToken.FindAllString(text, -1) {
				if slices.Contains(undealt, tok) {
					t.Fatalf("seed %d: undealt %s shown in %q", seed, tok, text)
				}
			}
		}
		if got := view(tb, games.Spectator).Undealt; got != len(undealt) {
			t.Errorf("undealt count %d, want %d", got, len(undealt))
		}
	}
}

func TestR10ForeignCardErrorsAlike(t *testing.T) {
	tb := openTable(t, games.Options{"roles": "chosen"})
	step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
	s := stateOf(t, tb)
	weft := s.Hands[1][0]
	undealt := s.Undealt[0]
	g := Game{}
	_, e1 := g.Apply(&s, 0, Action{Op: Place, Card: weft, Cell: Cell{1, 0}})
	_, e2 := g.Apply(&s, 0, Action{Op: Place, Card: undealt, Cell: Cell{1, 0}})
	if e1 == nil || e2 == nil ||
		strings.Replace(e1.Error(), weft, "?", 1) != strings.Replace(e2.Error(), undealt, "?", 1) {
		t.Fatalf("errors differ: %v / %v", e1, e2)
	}
}

func TestR11AnyStartCard(t *testing.T) {
	for _, start := range []string{"X", "PMYK", "QSLK"} {
		opts := games.Options{"roles": "chosen", "excuse": "on", "extended": "courts"}
		if start[0] == 'P' {
			opts["extended"] = "pawns"
		}
		s, _ := Game{}.New(opts, 2)
		deck := slices.DeleteFunc(s.Deck(), func(c string) bool { return c == start })
		deck = slices.Insert(deck, Placements, start)
		tb := openTable(t, opts)
		step(t, tb, games.Chance, Action{Op: Deal, Deck: deck}.Key())
		v := view(tb, games.Spectator)
		if v.Grid[0].Card != start || v.Grid[0].Cell != (Cell{0, 0}) || v.Grid[0].By != games.Chance || len(tb.Legal(0)) != 48 {
			t.Errorf("start %s: %+v", start, v.Grid)
		}
	}
}

func TestR12Concede(t *testing.T) {
	tb := openTable(t, games.Options{"roles": "chosen"})
	step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
	step(t, tb, 0, tb.Legal(0)[0].Key)
	// Weft is to move, but Warp may concede too.
	steps, err := tb.Concede(0, tb.Version())
	if err != nil {
		t.Fatal(err)
	}
	if steps[0].Events[0].Public != "{{p0}} (Warp) concedes; {{p1}} (Weft) wins." {
		t.Errorf("event %q", steps[0].Events[0].Public)
	}
	r, ok := tb.Result()
	if !ok || r.Scores != nil || !slices.Equal(r.Winners, []games.Seat{1}) || !slices.Equal(r.Ranks, []int{2, 1}) || r.Reason != "conceded" || r.Draw {
		t.Fatalf("result %+v", r)
	}
	v := view(tb, games.Spectator)
	if !v.Over || v.Conceded != 0 || v.Winner != 1 || v.ToAct != games.Spectator || v.Open != nil {
		t.Fatalf("view %+v", v)
	}
	if _, err := tb.Concede(1, tb.Version()); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("second concession: %v", err)
	}
	// Before the coin, roles are unknown and the event names players.
	tb = openTable(t, games.Options{})
	steps, err = tb.Concede(1, tb.Version())
	if err != nil || steps[0].Events[0].Public != "{{p1}} concedes; {{p0}} wins." {
		t.Fatalf("%v %+v", err, steps)
	}
	if _, err := (Game{}).Concede(&State{Conceded: games.Spectator}, games.Spectator); err == nil {
		t.Error("a spectator conceded")
	}
}

func TestR13CodesAreKeys(t *testing.T) {
	g := Game{}
	for _, c := range decktet.All {
		key := c.Code + "@-1,2"
		a, err := g.ParseAction(key)
		if err != nil || a.Key() != key || a.Card != c.Code {
			t.Errorf("%s: %v %+v", key, err, a)
		}
		if lbl := g.Label(View{}, a); !strings.Contains(lbl, "("+c.Code+")") || labelTooLong(lbl) {
			t.Errorf("label %q", lbl)
		}
	}
}

func TestR14DealingOrder(t *testing.T) {
	deck := decktet.Deck(decktet.Basic)
	slices.Reverse(deck)
	key := Action{Op: Deal, Deck: deck}.Key()
	for _, warp := range []games.Seat{0, 1} {
		tb := openTable(t, games.Options{})
		step(t, tb, games.Chance, Action{Op: Coin, Warp: warp}.Key())
		st := step(t, tb, games.Chance, key)
		wantWarp := slices.Clone(deck[:12])
		wantWeft := slices.Clone(deck[12:24])
		sortHand(wantWarp)
		sortHand(wantWeft)
		if got := view(tb, warp).Hand; !slices.Equal(got, wantWarp) {
			t.Errorf("Warp's hand %v, want %v", got, wantWarp)
		}
		if got := view(tb, 1-warp).Hand; !slices.Equal(got, wantWeft) {
			t.Errorf("Weft's hand %v, want %v", got, wantWeft)
		}
		s := stateOf(t, tb)
		if s.Grid[0].Card != deck[24] || !slices.Equal(s.Undealt, deck[25:]) {
			t.Errorf("start %s undealt %v", s.Grid[0].Card, s.Undealt)
		}
		ev := st.Events[0]
		if !ev.Reveal || !strings.Contains(ev.Public, "("+deck[24]+")") || len(ev.Private) != 2 ||
			!strings.Contains(ev.Private[warp], "as Warp") || !strings.Contains(ev.Private[warp], "("+wantWarp[0]+")") {
			t.Errorf("deal event %+v", ev)
		}
	}
	// Decks that are not a shuffle of the deck in use are refused.
	for _, bad := range [][]string{deck[1:], append(slices.Clone(deck[1:]), "PMYK"), append(slices.Clone(deck), "X")} {
		tb := openTable(t, games.Options{"roles": "chosen"})
		if _, err := tb.Step(games.Chance, 0, Action{Op: Deal, Deck: bad}.Key()); !errors.Is(err, games.ErrIllegal) {
			t.Errorf("bad deal of %d cards: %v", len(bad), err)
		}
	}
}

func TestR15WorkedExamplesAreOurs(t *testing.T) {
	// Every worked example of spec §10 in one table: cards of a line and
	// its score (Ex 5 with the automatic ignore).
	for _, tc := range []struct {
		name  string
		cards []string
		score int
	}{
		{"Ex1", []string{"3MW", "6MW", "CW", "2MK"}, 19},
		{"Ex2", []string{"9MS", "7WY", "AS", "5ML"}, 3},
		{"Ex3", []string{"9LK"}, 9},
		{"Ex4", []string{"PMYK", "4YK", "CM"}, 14},
		{"Ex5", []string{"X", "2SY", "CY", "3SK"}, 15},
		{"Ex7 column 0", []string{"X", "3MW", "4WL", "AM"}, 8},
	} {
		if got := BestLine(cardsOf(t, tc.cards...)).Score; got != tc.score {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.score)
		}
	}
	g6, g7 := ScoreTableau(ex6(t)), ScoreTableau(ex7(t))
	g8, _ := ex8(t)
	s8 := ScoreTableau(g8)
	if g6.Warp != 8 || g6.Weft != 1 || g7.Warp != 23 || g7.Weft != 23 || s8.Warp != 40 || s8.Weft != 42 {
		t.Errorf("totals: ex6 %d-%d ex7 %d-%d ex8 %d-%d", g6.Warp, g6.Weft, g7.Warp, g7.Weft, s8.Warp, s8.Weft)
	}
}

// labelTooLong reports whether a label's text (its detail line aside) is
// over Discord's 80 characters once names are filled in.
func labelTooLong(label string) bool {
	text, _ := games.SplitDetail(label)
	return len([]rune(games.FillPlain(text, nil))) > 80
}
