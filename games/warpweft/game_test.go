package warpweft

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/internal/dice"
)

func TestInfo(t *testing.T) {
	info := Game{}.Info()
	if info.ID != "warpweft" || info.Title != "Warp and Weft" || info.MinSeats != 2 || info.MaxSeats != 2 ||
		info.Rules != 1 || info.MaxActions < 26 || len(info.Options) != 3 {
		t.Fatalf("%+v", info)
	}
	var heads []string
	for line := range strings.SplitSeq(info.Manual, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			heads = append(heads, h)
		}
	}
	want := []string{"Overview", "Setup", "Your turn", "Scoring a line", "The Excuse", "Options", "End of game"}
	if !slices.Equal(heads, want) {
		t.Errorf("rules sections %q", heads)
	}
	if _, err := (Game{}).New(nil, 3); !errors.Is(err, games.ErrSeats) {
		t.Errorf("three seats: %v", err)
	}
}

func TestWarpFirstTurnHas48Moves(t *testing.T) {
	for _, opts := range []games.Options{{}, {"extended": "courts", "excuse": "on"}} {
		tb, _, err := games.Bind(Game{}).New(opts, 2, [2]uint64{8, 9})
		if err != nil {
			t.Fatal(err)
		}
		v := view(tb, games.Spectator)
		legal := tb.Legal(v.WarpSeat)
		if len(legal) != 48 || tb.Legal(1-v.WarpSeat) != nil || tb.Legal(games.Spectator) != nil {
			t.Fatalf("%v: %d legal moves", opts, len(legal))
		}
		keys := keysOf(legal)
		if !slices.IsSorted(keys) {
			t.Error("keys not sorted")
		}
		// Choices of one card are consecutive, so they group by card.
		for i := 1; i < len(keys); i++ {
			a, _, _ := strings.Cut(keys[i-1], "@")
			b, _, _ := strings.Cut(keys[i], "@")
			if a != b && slices.ContainsFunc(keys[i:], func(k string) bool { return strings.HasPrefix(k, a+"@") }) {
				t.Fatalf("card %s split in the list", a)
			}
		}
	}
}

func TestParseActionStrict(t *testing.T) {
	good := []string{"9LK@1,-2", "AM@0,0", "X@-24,24", "PSWK@999,-999", "warp:0", "warp:1",
		"deal:AM", orderedDeal(games.Options{"extended": "pawns", "excuse": "on"}, 3)}
	for _, k := range good {
		a, err := Game{}.ParseAction(k)
		if err != nil || a.Key() != k {
			t.Errorf("%q: %v, key %q", k, err, a.Key())
		}
	}
	bad := []string{"9LK@+1,-2", "9LK@01,2", "9LK@1, 2", " 9LK@1,2", "9LK@1,2 ", "9LK@-0,0", "9KL@1,2",
		"9lk@1,2", "9LK@1", "9LK@1,2,3", "9LK1,2", "9LK@1000,0", "9LK@,0", "warp:2", "warp:-1", "warp:00",
		"deal:", "deal:AM.AM", "deal:AM..AS", "deal:AM.ZZ", "deal:AM.", "Deal:AM", "9LK@1,2@3,4", "\x00"}
	for _, k := range bad {
		if _, err := (Game{}).ParseAction(k); !errors.Is(err, games.ErrBadKey) {
			t.Errorf("%q parsed (%v)", k, err)
		}
	}
}

func TestViewsAndEvents(t *testing.T) {
	tb := openTable(t, games.Options{"roles": "chosen"})
	v := view(tb, 0)
	if v.Hand != nil || v.Grid == nil || len(v.Grid) != 0 || v.ToAct != games.Chance || v.Open != nil || v.DeckSize != 36 {
		t.Fatalf("before the deal: %+v", v)
	}
	st := step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
	if st.Events[0].Public != "The 36 cards are shuffled and each player gets 12; the Diplomat (8MS) is turned up at (0,0) to start the tableau, and the other 11 stay face down, unseen. The start card opens the scores: {{p0}} +8 points (column 0 now 8), {{p1}} +8 points (row 0 now 8)." {
		t.Errorf("deal event %q", st.Events[0].Public)
	}
	if !strings.HasPrefix(st.Events[0].Private[0], "Your hand as Warp: Ace of Moons (AM), Ace of Suns (AS), ") {
		t.Errorf("private line %q", st.Events[0].Private[0])
	}
	spec := view(tb, games.Spectator)
	if spec.Hand != nil || spec.HandSize != [2]int{12, 12} || spec.Undealt != 11 || spec.ToAct != 0 || spec.Turn != 0 {
		t.Fatalf("spectator: %+v", spec)
	}
	if view(tb, games.Chance).Hand != nil {
		t.Error("chance sees a hand")
	}
	w, f := view(tb, 0), view(tb, 1)
	if len(w.Hand) != 12 || len(f.Hand) != 12 || slices.ContainsFunc(w.Hand, func(c string) bool { return slices.Contains(f.Hand, c) }) {
		t.Fatalf("hands %v %v", w.Hand, f.Hand)
	}
	if !slices.Equal(w.Open, []Cell{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}) {
		t.Errorf("open %v", w.Open)
	}
	if w.Score.Warp != 8 || w.Score.Weft != 8 || len(w.Score.Columns) != 1 {
		t.Errorf("provisional score %+v", w.Score)
	}
	st = step(t, tb, 0, "3LY@1,0")
	if got := st.Events[0].Public; got != "{{p0}} (Warp) placed the Savage (3LY) at (1,0): {{p0}} +3 points (column 1 now 3), {{p1}} +3 points (row 0 now 11)." || st.Events[0].Reveal {
		t.Errorf("placement event %q", got)
	}
	st = step(t, tb, 1, "7ML@0,-1")
	if got := st.Events[0].Public; got != "{{p1}} (Weft) placed the Chance Meeting (7ML) at (0,−1): {{p0}} −8 points (column 0 now 0), {{p1}} +7 points (row −1 now 7)." {
		t.Errorf("placement event %q", got)
	}
	v = view(tb, 1)
	if p, ok := v.Last(); !ok || p != (Placed{Card: "7ML", Cell: Cell{0, -1}, By: 1, Turn: 2}) {
		t.Errorf("last %+v", p)
	}
	if v.HandSize != [2]int{11, 11} || len(v.Hand) != 11 || slices.Contains(v.Hand, "7ML") || v.ToAct != 0 || v.Turn != 2 {
		t.Errorf("after two placements: %+v", v)
	}
	if !slices.IsSortedFunc(v.Open, compareCells) {
		t.Errorf("open cells not sorted: %v", v.Open)
	}
	if got := (Game{}).Label(v, Action{Op: Place, Card: "7ML", Cell: Cell{-3, 12}}); got != "Chance Meeting (7ML) → Column −3, row 12 → you +7, Weft +7\nYour column −3: 0 → 7 (Moons, Leaves most); Weft's row 12: 0 → 7" {
		t.Errorf("label %q", got)
	}
	if got := (Game{}).Label(v, Action{Op: Place, Card: "AM", Cell: Cell{1, 1}}); got != "Ace of Moons (AM) → Column 1, row 1 → you +1, Weft +1\nYour column 1: 3 → 4 (Moons, Leaves, Wyrms most); Weft's row 1: 0 → 1" {
		t.Errorf("label %q", got)
	}
	// Wrong seat, occupied cell, card not held.
	for _, tc := range []struct {
		seat games.Seat
		key  string
		want error
	}{
		{1, "4WL@-1,0", games.ErrNotYourTurn},
		{0, w.Hand[0] + "@1,0", games.ErrIllegal},
		{0, "9LK@-1,0", games.ErrIllegal},
		{0, "7ML@-1,0", games.ErrIllegal},
		{games.Chance, "warp:0", games.ErrNotYourTurn},
	} {
		before, _ := tb.StateJSON()
		if _, err := tb.Step(tc.seat, tb.Version(), tc.key); !errors.Is(err, tc.want) {
			t.Errorf("%s %q: %v", tc.seat, tc.key, err)
		}
		if after, _ := tb.StateJSON(); string(after) != string(before) {
			t.Errorf("%q changed the state", tc.key)
		}
	}
}

func TestApplyRejectsOutOfOrder(t *testing.T) {
	g := Game{}
	s, _ := g.New(games.Options{}, 2)
	for _, a := range []Action{{Op: Deal, Deck: decktet.Deck(decktet.Basic)}, {Op: Place, Card: "AM", Cell: Cell{1, 0}}} {
		if _, err := g.Apply(&s, games.Chance, a); err == nil {
			t.Errorf("%q before the coin", a.Key())
		}
	}
	if _, err := g.Apply(&s, 0, Action{Op: Coin, Warp: 0}); err == nil {
		t.Error("a seat tossed the coin")
	}
	if _, err := g.Apply(&s, games.Chance, Action{Op: Coin, Warp: 3}); err == nil {
		t.Error("coin for seat 3")
	}
	if _, err := g.Apply(&s, games.Chance, Action{Op: 9}); err == nil {
		t.Error("unknown op")
	}
	if _, err := g.Apply(&s, games.Chance, Action{Op: Coin, Warp: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(&s, games.Chance, Action{Op: Coin, Warp: 1}); err == nil {
		t.Error("second coin")
	}
	a := g.Sample(&s, dice.Seeded(1, 1))
	if a.Op != Deal || len(a.Deck) != 36 {
		t.Fatalf("sampled %+v", a)
	}
	if _, err := g.Apply(&s, games.Chance, a); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(&s, games.Chance, a); err == nil {
		t.Error("second deal")
	}
	if _, err := g.Apply(&s, 0, Action{Op: Place, Card: s.Hands[0][0], Cell: Cell{1, 0}}); err == nil {
		t.Error("Weft placed on Warp's turn")
	}
}

func TestSampleIsUniformShuffle(t *testing.T) {
	s, _ := Game{}.New(games.Options{"roles": "chosen", "extended": "pawns", "excuse": "on"}, 2)
	first := map[string]int{}
	for i := range uint64(2000) {
		a := Game{}.Sample(&s, dice.Seeded(i, 0))
		if got := slices.Sorted(slices.Values(a.Deck)); !slices.Equal(got, slices.Sorted(slices.Values(s.Deck()))) {
			t.Fatal("not a permutation of the deck")
		}
		first[a.Deck[0]]++
	}
	if len(first) != 41 {
		t.Errorf("only %d distinct top cards", len(first))
	}
}

func TestResampleKeepsWhatTheSeatKnows(t *testing.T) {
	g := Game{}
	tb, _, err := games.Bind(g).New(games.Options{"extended": "courts", "excuse": "on"}, 2, [2]uint64{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	d := dice.Seeded(1, 2)
	for turn := 0; ; turn++ {
		s := stateOf(t, tb)
		for _, seat := range []games.Seat{0, 1, games.Spectator} {
			r := g.Resample(&s, seat, d)
			if !reflect.DeepEqual(g.View(&s, seat), g.View(&r, seat)) {
				t.Fatalf("turn %d: %s's view changed", turn, seat)
			}
			if !reflect.DeepEqual(keysOfActions(g.Legal(&s, seat)), keysOfActions(g.Legal(&r, seat))) {
				t.Fatalf("turn %d: %s's legal moves changed", turn, seat)
			}
			all := slices.Concat(r.Hands[0], r.Hands[1], r.Undealt)
			for _, p := range r.Grid {
				all = append(all, p.Card)
			}
			if !slices.Equal(slices.Sorted(slices.Values(all)), slices.Sorted(slices.Values(s.Deck()))) {
				t.Fatalf("turn %d: resampled cards are not the deck", turn)
			}
		}
		if tb.Over() {
			break
		}
		seat := tb.ToAct()[0]
		if _, err := tb.Play(seat, tb.Version(), tb.Legal(seat)[turn%7%len(tb.Legal(seat))].Key); err != nil {
			t.Fatal(err)
		}
	}
}

func keysOfActions(as []Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Key()
	}
	return out
}

func TestStateJSONRoundTrip(t *testing.T) {
	target, undealt := ex8(t)
	tb := playTableau(t, games.Options{"extended": "courts", "roles": "chosen"}, target, undealt)
	b, _ := tb.StateJSON()
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&s)
	if string(b) != string(b2) {
		t.Fatalf("round trip differs:\n%s\n%s", b, b2)
	}
	env, err := tb.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	back, err := games.Bind(Game{}).Decode(env)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := back.Result(); !slices.Equal(r.Scores, []int{40, 42}) {
		t.Fatalf("decoded result %+v", r)
	}
}
