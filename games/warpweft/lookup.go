package warpweft

import (
	"fmt"
	"strings"
	"sync"

	"spindle/games"
	"spindle/games/decktet"
)

// The kinds of look-up entry.
const (
	KindCard = "card"
	KindSuit = "suit"
)

var _ games.Glossary = Game{}

// Entries lists the 45 Decktet cards and the six suits by name, each
// described in our own words for this game (games.Glossary). The list is
// built once.
func (Game) Entries() []games.Entry { return glossary() }

var glossary = sync.OnceValue(func() []games.Entry {
	var out []games.Entry
	for _, c := range decktet.All {
		out = append(out, games.Entry{Kind: KindCard, Name: strings.TrimPrefix(c.Name, "the "), Text: cardText(c)})
	}
	for _, s := range decktet.Suits {
		out = append(out, games.Entry{Kind: KindSuit, Name: s.String(), Text: suitText(s)})
	}
	return out
})

// cardText describes a card: its rank, value, suits and deck part.
func cardText(c decktet.Card) string {
	name := theName(c)
	var what string
	switch c.Rank {
	case decktet.Excuse:
		return "The Excuse (code X) has no suit and is worth 0; it is in the deck only with the Excuse option. " +
			"Warp's column and Weft's row through it each leave out one suit when scored, whichever suit helps that player most (the earliest of Moons, Suns, Waves, Leaves, Wyrms, Knots on a tie)."
	case decktet.Pawn, decktet.Court:
		opt := "pawns"
		if c.Rank == decktet.Court {
			opt = "courts"
		}
		return fmt.Sprintf("%s is a %s of %s, worth 0 (code %s): it adds its three suits to the counts of its column and row but nothing to any sum. It is in the deck only with the extra cards option set to %s.",
			capitalName(name), c.Rank, suitList(c.Suits), c.Code, opt)
	case decktet.Ace:
		what = fmt.Sprintf("%s carries only %s and is worth 1", capitalName(name), c.Suits[0])
	case decktet.Crown:
		what = fmt.Sprintf("%s is the Crown of %s: it carries only %s and is worth 10", capitalName(name), c.Suits[0], c.Suits[0])
	default:
		what = fmt.Sprintf("%s is a %s of %s and %s, worth %d", capitalName(name), c.Rank, c.Suits[0], c.Suits[1], c.Value)
	}
	return fmt.Sprintf("%s (code %s). In a line its value counts toward the sum of every Most or Least suit it carries.", what, c.Code)
}

// capitalName capitalises a card's name with its article.
func capitalName(name string) string {
	if strings.HasPrefix(name, "the ") {
		return "The " + name[4:]
	}
	return name
}

// suitText describes a suit and lists its basic cards.
func suitText(s decktet.Suit) string {
	var names []string
	for _, c := range decktet.All {
		if c.Part == decktet.Basic && c.Has(s) {
			names = append(names, strings.TrimPrefix(c.Name, "the "))
		}
	}
	return fmt.Sprintf("One of the six Decktet suits (code %c). It is on %d basic cards: %s; two Pawns and two Courts carry it too. "+
		"A line's Most suits are those on the most cards, its Least suits those on the fewest (when fewer than the most).",
		s.Code(), len(names), strings.Join(names, ", "))
}
