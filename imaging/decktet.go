package imaging

import (
	"fmt"
	"strconv"

	"spindle/games/decktet"
)

// SuitMarks are the six Decktet suits as marks, in canonical suit order,
// each a distinct shape and colour.
var SuitMarks = [decktet.NumSuits]Mark{
	{Name: "Moons", Letter: "M", Color: RGB(0x2F, 0x4A, 0xA6), Draw: drawCrescent},
	{Name: "Suns", Letter: "S", Color: RGB(0xF0, 0xA8, 0x18), Draw: drawSun},
	{Name: "Waves", Letter: "W", Color: RGB(0x12, 0x9C, 0xB0), Draw: drawWaves},
	{Name: "Leaves", Letter: "L", Color: RGB(0x3E, 0x9B, 0x32), Draw: drawLeaf},
	{Name: "Wyrms", Letter: "Y", Color: RGB(0xCC, 0x33, 0x29), Draw: drawWyrm},
	{Name: "Knots", Letter: "K", Color: RGB(0x85, 0x3F, 0xA8), Draw: drawKnot},
}

// SuitMark returns the mark of a Decktet suit; an unknown suit gets a grey
// "?" mark.
func SuitMark(s decktet.Suit) Mark {
	if int(s) < len(SuitMarks) {
		return SuitMarks[s]
	}
	return Mark{Name: "?", Letter: "?", Color: InkSoft}
}

// DecktetCard returns the face of the Decktet card with the given code.
func DecktetCard(code string) (CardSpec, error) {
	card, ok := decktet.ByCode(code)
	if !ok {
		return CardSpec{}, fmt.Errorf("imaging: unknown decktet card %q", code)
	}
	s := CardSpec{Title: card.Name, Value: strconv.Itoa(card.Value), Blank: "no suit"}
	for _, su := range card.Suits {
		s.Marks = append(s.Marks, SuitMark(su))
	}
	return s, nil
}
