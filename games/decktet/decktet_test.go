package decktet

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestBasicDeckHas36Cards(t *testing.T) {
	if n := len(Deck(Basic)); n != 36 {
		t.Fatalf("basic deck has %d cards, want 36", n)
	}
	if n := len(All); n != 45 {
		t.Fatalf("the Decktet has %d cards, want 45", n)
	}
}

func TestEachSuitOnTenBasicCards(t *testing.T) {
	for _, s := range Suits {
		var aces, numbers, crowns int
		for _, c := range All {
			if c.Part != Basic || !c.Has(s) {
				continue
			}
			switch {
			case c.Rank == Ace:
				aces++
			case c.Rank == Crown:
				crowns++
			default:
				numbers++
			}
		}
		if aces != 1 || numbers != 8 || crowns != 1 {
			t.Errorf("%s: %d aces, %d numbers, %d crowns; want 1, 8, 1", s, aces, numbers, crowns)
		}
	}
}

func TestEachRankCoversAllSuitsOnce(t *testing.T) {
	for r := Rank(2); r <= 9; r++ {
		var cards int
		var seen [NumSuits]int
		for _, c := range All {
			if c.Rank != r {
				continue
			}
			cards++
			if len(c.Suits) != 2 || c.Value != int(r) || c.Part != Basic {
				t.Errorf("%s: want two suits, value %d, basic", c.Code, r)
			}
			for _, s := range c.Suits {
				seen[s]++
			}
		}
		if cards != 3 {
			t.Errorf("rank %s has %d cards, want 3", r, cards)
		}
		for s, n := range seen {
			if n != 1 {
				t.Errorf("rank %s shows %s %d times, want once", r, Suit(s), n)
			}
		}
	}
}

func TestEachSuitOnTwoPawnsAndTwoCourts(t *testing.T) {
	for _, part := range []Part{Pawns, Courts} {
		cards := Deck(part)
		if len(cards) != 4 {
			t.Fatalf("part %d has %d cards, want 4", part, len(cards))
		}
		for _, s := range Suits {
			n := 0
			for _, code := range cards {
				c, _ := ByCode(code)
				if len(c.Suits) != 3 || c.Value != 0 {
					t.Errorf("%s: want three suits and value 0", code)
				}
				if c.Has(s) {
					n++
				}
			}
			if n != 2 {
				t.Errorf("part %d: %s on %d cards, want 2", part, s, n)
			}
		}
	}
}

func TestValuesBySpec(t *testing.T) {
	want := map[Rank]int{Ace: 1, Crown: 10, Pawn: 0, Court: 0, Excuse: 0}
	for _, c := range All {
		v, ok := want[c.Rank]
		if !ok {
			v = int(c.Rank)
		}
		if c.Value != v {
			t.Errorf("%s: value %d, want %d", c.Code, c.Value, v)
		}
		if (c.Rank == Ace || c.Rank == Crown) != (len(c.Suits) == 1) {
			t.Errorf("%s: %d suits", c.Code, len(c.Suits))
		}
	}
	x, ok := ByCode("X")
	if !ok || len(x.Suits) != 0 || x.Part != ExcusePart {
		t.Errorf("the Excuse: %+v", x)
	}
}

func TestCodesAreRankPlusSuitsInOrder(t *testing.T) {
	tokens := map[Rank]string{Ace: "A", Pawn: "P", Court: "Q", Crown: "C", Excuse: "X"}
	seen := map[string]bool{}
	for _, c := range All {
		tok, ok := tokens[c.Rank]
		if !ok {
			tok = c.Rank.String()
		}
		if !slices.IsSorted(c.Suits) {
			t.Errorf("%s: suits %v not in canonical order", c.Code, c.Suits)
		}
		var b strings.Builder
		b.WriteString(tok)
		for _, s := range c.Suits {
			b.WriteByte(s.Code())
		}
		if c.Code != b.String() {
			t.Errorf("code %q, want %q", c.Code, b.String())
		}
		if seen[c.Code] {
			t.Errorf("code %q twice", c.Code)
		}
		seen[c.Code] = true
	}
}

func TestByCodeAndDeck(t *testing.T) {
	for _, c := range All {
		got, ok := ByCode(c.Code)
		if !ok || got.Name != c.Name {
			t.Errorf("ByCode(%q) = %+v, %v", c.Code, got, ok)
		}
	}
	for _, bad := range []string{"", "9KL", "am", "Z", "10M"} {
		if _, ok := ByCode(bad); ok {
			t.Errorf("ByCode(%q) found a card", bad)
		}
	}
	sizes := []struct {
		parts []Part
		n     int
	}{
		{[]Part{Basic}, 36},
		{[]Part{Basic, ExcusePart}, 37},
		{[]Part{Basic, Pawns}, 40},
		{[]Part{Basic, Courts, ExcusePart}, 41},
		{nil, 0},
	}
	for _, tc := range sizes {
		d := Deck(tc.parts...)
		if len(d) != tc.n {
			t.Errorf("Deck(%v) has %d cards, want %d", tc.parts, len(d), tc.n)
		}
	}
	if d := Deck(Basic); d[0] != "AM" || d[35] != "CK" {
		t.Errorf("basic deck not in table order: %v", d)
	}
}

func TestSuitAndRankNames(t *testing.T) {
	var names []string
	for _, s := range Suits {
		names = append(names, s.String()+"="+string(s.Code()))
	}
	if got := strings.Join(names, " "); got != "Moons=M Suns=S Waves=W Leaves=L Wyrms=Y Knots=K" {
		t.Errorf("suits: %s", got)
	}
	if Suit(9).String() != "Suit(9)" || Suit(9).Code() != '?' || Rank(20).String() != "Rank(20)" {
		t.Error("out-of-range names")
	}
}

func TestSuitJSON(t *testing.T) {
	b, err := json.Marshal([]Suit{Moons, Knots})
	if err != nil || string(b) != `["Moons","Knots"]` {
		t.Fatalf("%s %v", b, err)
	}
	var back []Suit
	if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back, []Suit{Moons, Knots}) {
		t.Fatalf("%v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["Wood"]`), &back); err == nil {
		t.Error("decoded an unknown suit")
	}
	if _, err := json.Marshal(Suit(6)); err == nil {
		t.Error("encoded an invalid suit")
	}
}
