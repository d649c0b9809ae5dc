package threadcount

import (
	"fmt"
	"strings"
	"sync"

	"spindle/games"
)

// The kinds of look-up entry.
const (
	KindColourCard = "colour card"
	KindPattern    = "pattern"
	KindGarment    = "garment"
	KindDye        = "dye"
	KindSecret     = "secret card"
)

var _ games.Glossary = Game{}

// Entries lists every colour card, pattern, garment, dye and secret card
// by name, each described in our own words from the game's tables
// (games.Glossary). The list is built once.
func (Game) Entries() []games.Entry { return glossary() }

var glossary = sync.OnceValue(func() []games.Entry {
	var out []games.Entry
	add := func(kind, name, text string) {
		out = append(out, games.Entry{Kind: kind, Name: name, Text: text})
	}
	for _, c := range ColourCards {
		add(KindColourCard, c.Name, colourCardText(c))
	}
	for _, p := range Patterns {
		add(KindPattern, p.Name, patternText(p))
	}
	for _, g := range Garments {
		add(KindGarment, GarmentName(g), garmentText(g))
	}
	for _, d := range Dyes {
		add(KindDye, DyeName(d), dyeText(d))
	}
	add(KindDye, "White", "One face of the four-sided dye die. When it comes up you choose the dye cube you gain: Red, Yellow or Blue.")
	add(KindSecret, "Favourite Colour",
		"Each player is dealt one secret Favourite Colour (Red, Orange, Yellow, Green, Blue or Violet, all different). "+
			"Together they are the Empress's colours: at the end, every colour word on a complete garment that is one of them scores 2 points, for whoever wears it. "+
			"They are turned up when the game ends.")
	add(KindSecret, "Favourite Pattern",
		fmt.Sprintf("The Empress secretly favours one of the six patterns. Complete garments wearing it score %d, %d, %d or %d for one to four of them, instead of the usual %d, %d, %d or %d. "+
			"Nobody learns which pattern it is until the end.",
			PatternValue(1, true), PatternValue(2, true), PatternValue(3, true), PatternValue(4, true),
			PatternValue(1, false), PatternValue(2, false), PatternValue(3, false), PatternValue(4, false)))
	return out
})

// colourCardText describes a colour card: its cost and its colour words.
func colourCardText(c ColourCard) string {
	var dye []string
	for i, n := range c.Dye {
		if n > 0 {
			dye = append(dye, fmt.Sprintf("%d %s", n, DyeName(Dyes[i])))
		}
	}
	cost := fmt.Sprintf("Costs %s and %s dye.", silkText(c.Silk), strings.Join(dye, " and "))
	if !c.Tertiary {
		return fmt.Sprintf("A basic colour card with one colour word, %s. %s On a complete garment it scores 2 points if %s is one of the Empress's colours. Colour cards never run out.",
			c.Name, cost, c.Name)
	}
	words := make([]string, len(c.Words))
	for i, w := range c.Words {
		words[i] = BasicName(w)
	}
	return fmt.Sprintf("A mixed colour card with two colour words, %s. %s On a complete garment each word that is one of the Empress's colours scores 2 points, so it can give 4. Mixed cards on complete garments also break ties. Colour cards never run out.",
		strings.Join(words, " and "), cost)
}

// patternText describes a pattern: its meaning, price and scores.
func patternText(p Pattern) string {
	return fmt.Sprintf("A pattern of %s. The deck holds four %s cards; one costs %s at the market. "+
		"Complete garments wearing it score together: %d, %d, %d or %d for one to four of them (%d, %d, %d or %d if it is the Empress's Favourite Pattern).",
		p.Meaning, p.Name, silkText(p.Silk),
		PatternValue(1, false), PatternValue(2, false), PatternValue(3, false), PatternValue(4, false),
		PatternValue(1, true), PatternValue(2, true), PatternValue(3, true), PatternValue(4, true))
}

// garmentText describes one of the four garments.
func garmentText(g string) string {
	what := map[string]string{
		"kimono": "The long robe, first of the four garments",
		"hakama": "The pleated trousers, second of the four garments",
		"obi":    "The sash, third of the four garments",
		"sensu":  "The folding fan, last of the four garments",
	}[g]
	return what + ": a new card goes to the first garment that lacks that kind of card. " +
		"A garment holds one colour card and one pattern card and counts only with both: 2 points, plus its colour words and its pattern. " +
		"On your own turn you may move each card once."
}

// dyeText describes a dye colour.
func dyeText(d string) string {
	var uses []string
	for _, c := range ColourCards {
		if c.Dye[dyeIndex(d)] > 0 {
			uses = append(uses, c.Name)
		}
	}
	return fmt.Sprintf("One of the three dye colours. You gain one dye cube each turn from the four-sided dye die; dye is kept without limit. %s dye goes into %s.",
		DyeName(d), strings.Join(uses, ", "))
}

// silkText is "1 silk" or "3 silk".
func silkText(n int) string { return fmt.Sprintf("%d silk", n) }
