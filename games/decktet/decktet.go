package decktet

import "fmt"

// Suit is one of the six Decktet suits, in canonical order (warp-and-weft
// spec R1). The order fixes display and every "first in suit order" rule.
type Suit uint8

// The six suits in canonical order.
const (
	Moons Suit = iota
	Suns
	Waves
	Leaves
	Wyrms
	Knots
)

// NumSuits is the number of suits.
const NumSuits = 6

// Suits lists every suit in canonical order.
var Suits = [NumSuits]Suit{Moons, Suns, Waves, Leaves, Wyrms, Knots}

var suitNames = [NumSuits]string{"Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"}
var suitCodes = [NumSuits]byte{'M', 'S', 'W', 'L', 'Y', 'K'}

// String returns the suit's name ("Moons").
func (s Suit) String() string {
	if int(s) < NumSuits {
		return suitNames[s]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Code returns the suit's one-letter code (M S W L Y K).
func (s Suit) Code() byte {
	if int(s) < NumSuits {
		return suitCodes[s]
	}
	return '?'
}

// MarshalText encodes a suit as its name, so that JSON shows ["Moons",
// "Knots"] rather than base64 bytes for a []Suit.
func (s Suit) MarshalText() ([]byte, error) {
	if int(s) >= NumSuits {
		return nil, fmt.Errorf("decktet: no suit %d", uint8(s))
	}
	return []byte(suitNames[s]), nil
}

// UnmarshalText decodes a suit from its name.
func (s *Suit) UnmarshalText(b []byte) error {
	for i, n := range suitNames {
		if n == string(b) {
			*s = Suit(i)
			return nil
		}
	}
	return fmt.Errorf("decktet: no suit %q", b)
}

// Rank is a card's rank. Numbers 2..9 are their own value.
type Rank uint8

// The special ranks; the numbered ranks are Rank(2)..Rank(9).
const (
	Ace    Rank = 1
	Pawn   Rank = 11
	Court  Rank = 12
	Crown  Rank = 13
	Excuse Rank = 14
)

// String names the rank.
func (r Rank) String() string {
	switch r {
	case Ace:
		return "Ace"
	case Pawn:
		return "Pawn"
	case Court:
		return "Court"
	case Crown:
		return "Crown"
	case Excuse:
		return "Excuse"
	}
	if r >= 2 && r <= 9 {
		return fmt.Sprintf("%d", int(r))
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// Part says which part of the deck a card belongs to.
type Part uint8

// The parts of the 45-card Decktet.
const (
	Basic Part = iota
	Pawns
	Courts
	ExcusePart
)

// Card is one Decktet card. Code is the stable ID (rank token + suit codes
// in canonical order, spec R13); Name is display text only.
type Card struct {
	Code  string
	Name  string
	Rank  Rank
	Value int
	Suits []Suit
	Part  Part
}

// Has reports whether the card carries suit s.
func (c Card) Has(s Suit) bool {
	for _, x := range c.Suits {
		if x == s {
			return true
		}
	}
	return false
}

// All is the 45-card Decktet in the spec's table order. Value is the card's
// value as the spec gives it (Ace 1, numbers their rank, Crown 10, Pawn,
// Court and Excuse 0). Callers must not modify it.
var All = []Card{
	{Code: "AM", Name: "Ace of Moons", Rank: Ace, Value: 1, Suits: []Suit{Moons}, Part: Basic},
	{Code: "AS", Name: "Ace of Suns", Rank: Ace, Value: 1, Suits: []Suit{Suns}, Part: Basic},
	{Code: "AW", Name: "Ace of Waves", Rank: Ace, Value: 1, Suits: []Suit{Waves}, Part: Basic},
	{Code: "AL", Name: "Ace of Leaves", Rank: Ace, Value: 1, Suits: []Suit{Leaves}, Part: Basic},
	{Code: "AY", Name: "Ace of Wyrms", Rank: Ace, Value: 1, Suits: []Suit{Wyrms}, Part: Basic},
	{Code: "AK", Name: "Ace of Knots", Rank: Ace, Value: 1, Suits: []Suit{Knots}, Part: Basic},
	{Code: "2MK", Name: "the Author", Rank: Rank(2), Value: 2, Suits: []Suit{Moons, Knots}, Part: Basic},
	{Code: "2SY", Name: "the Desert", Rank: Rank(2), Value: 2, Suits: []Suit{Suns, Wyrms}, Part: Basic},
	{Code: "2WL", Name: "the Origin", Rank: Rank(2), Value: 2, Suits: []Suit{Waves, Leaves}, Part: Basic},
	{Code: "3MW", Name: "the Journey", Rank: Rank(3), Value: 3, Suits: []Suit{Moons, Waves}, Part: Basic},
	{Code: "3SK", Name: "the Painter", Rank: Rank(3), Value: 3, Suits: []Suit{Suns, Knots}, Part: Basic},
	{Code: "3LY", Name: "the Savage", Rank: Rank(3), Value: 3, Suits: []Suit{Leaves, Wyrms}, Part: Basic},
	{Code: "4MS", Name: "the Mountain", Rank: Rank(4), Value: 4, Suits: []Suit{Moons, Suns}, Part: Basic},
	{Code: "4WL", Name: "the Sailor", Rank: Rank(4), Value: 4, Suits: []Suit{Waves, Leaves}, Part: Basic},
	{Code: "4YK", Name: "the Battle", Rank: Rank(4), Value: 4, Suits: []Suit{Wyrms, Knots}, Part: Basic},
	{Code: "5ML", Name: "the Forest", Rank: Rank(5), Value: 5, Suits: []Suit{Moons, Leaves}, Part: Basic},
	{Code: "5SW", Name: "the Discovery", Rank: Rank(5), Value: 5, Suits: []Suit{Suns, Waves}, Part: Basic},
	{Code: "5YK", Name: "the Soldier", Rank: Rank(5), Value: 5, Suits: []Suit{Wyrms, Knots}, Part: Basic},
	{Code: "6MW", Name: "the Lunatic", Rank: Rank(6), Value: 6, Suits: []Suit{Moons, Waves}, Part: Basic},
	{Code: "6SY", Name: "the Penitent", Rank: Rank(6), Value: 6, Suits: []Suit{Suns, Wyrms}, Part: Basic},
	{Code: "6LK", Name: "the Market", Rank: Rank(6), Value: 6, Suits: []Suit{Leaves, Knots}, Part: Basic},
	{Code: "7ML", Name: "the Chance Meeting", Rank: Rank(7), Value: 7, Suits: []Suit{Moons, Leaves}, Part: Basic},
	{Code: "7SK", Name: "the Castle", Rank: Rank(7), Value: 7, Suits: []Suit{Suns, Knots}, Part: Basic},
	{Code: "7WY", Name: "the Cave", Rank: Rank(7), Value: 7, Suits: []Suit{Waves, Wyrms}, Part: Basic},
	{Code: "8MS", Name: "the Diplomat", Rank: Rank(8), Value: 8, Suits: []Suit{Moons, Suns}, Part: Basic},
	{Code: "8WL", Name: "the Mill", Rank: Rank(8), Value: 8, Suits: []Suit{Waves, Leaves}, Part: Basic},
	{Code: "8YK", Name: "the Betrayal", Rank: Rank(8), Value: 8, Suits: []Suit{Wyrms, Knots}, Part: Basic},
	{Code: "9MS", Name: "the Pact", Rank: Rank(9), Value: 9, Suits: []Suit{Moons, Suns}, Part: Basic},
	{Code: "9WY", Name: "the Darkness", Rank: Rank(9), Value: 9, Suits: []Suit{Waves, Wyrms}, Part: Basic},
	{Code: "9LK", Name: "the Merchant", Rank: Rank(9), Value: 9, Suits: []Suit{Leaves, Knots}, Part: Basic},
	{Code: "CM", Name: "the Huntress", Rank: Crown, Value: 10, Suits: []Suit{Moons}, Part: Basic},
	{Code: "CS", Name: "the Bard", Rank: Crown, Value: 10, Suits: []Suit{Suns}, Part: Basic},
	{Code: "CW", Name: "the Sea", Rank: Crown, Value: 10, Suits: []Suit{Waves}, Part: Basic},
	{Code: "CL", Name: "the End", Rank: Crown, Value: 10, Suits: []Suit{Leaves}, Part: Basic},
	{Code: "CY", Name: "the Calamity", Rank: Crown, Value: 10, Suits: []Suit{Wyrms}, Part: Basic},
	{Code: "CK", Name: "the Windfall", Rank: Crown, Value: 10, Suits: []Suit{Knots}, Part: Basic},
	{Code: "PMYK", Name: "the Watchman", Rank: Pawn, Value: 0, Suits: []Suit{Moons, Wyrms, Knots}, Part: Pawns},
	{Code: "PSWK", Name: "the Light Keeper", Rank: Pawn, Value: 0, Suits: []Suit{Suns, Waves, Knots}, Part: Pawns},
	{Code: "PMSL", Name: "the Harvest", Rank: Pawn, Value: 0, Suits: []Suit{Moons, Suns, Leaves}, Part: Pawns},
	{Code: "PWLY", Name: "the Borderland", Rank: Pawn, Value: 0, Suits: []Suit{Waves, Leaves, Wyrms}, Part: Pawns},
	{Code: "QMWK", Name: "the Consul", Rank: Court, Value: 0, Suits: []Suit{Moons, Waves, Knots}, Part: Courts},
	{Code: "QMLY", Name: "the Rite", Rank: Court, Value: 0, Suits: []Suit{Moons, Leaves, Wyrms}, Part: Courts},
	{Code: "QSWY", Name: "the Island", Rank: Court, Value: 0, Suits: []Suit{Suns, Waves, Wyrms}, Part: Courts},
	{Code: "QSLK", Name: "the Window", Rank: Court, Value: 0, Suits: []Suit{Suns, Leaves, Knots}, Part: Courts},
	{Code: "X", Name: "the Excuse", Rank: Excuse, Value: 0, Suits: nil, Part: ExcusePart}}

var byCode = func() map[string]Card {
	m := make(map[string]Card, len(All))
	for _, c := range All {
		m[c.Code] = c
	}
	return m
}()

// ByCode returns the card with the given code.
func ByCode(code string) (Card, bool) {
	c, ok := byCode[code]
	return c, ok
}

// Deck returns the codes of the cards in the given parts, in table order.
func Deck(parts ...Part) []string {
	var out []string
	for _, c := range All {
		for _, p := range parts {
			if c.Part == p {
				out = append(out, c.Code)
				break
			}
		}
	}
	return out
}
