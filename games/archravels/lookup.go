package archravels

import (
	"fmt"
	"strings"
	"sync"

	"spindle/games"
)

// The kinds of look-up entry.
const (
	KindCharacter = "character"
	KindEvent     = "event"
	KindRequest   = "special request"
	KindPattern   = "pattern"
	KindProject   = "project"
)

var _ games.Glossary = Game{}

// Entries lists every character, event, Special Request, pattern (the
// five items and their tiles) and project by name, each described in our
// own words from the game's data (games.Glossary). The list is built once.
func (Game) Entries() []games.Entry { return glossary() }

var glossary = sync.OnceValue(func() []games.Entry {
	var out []games.Entry
	add := func(kind, name, text string) {
		out = append(out, games.Entry{Kind: kind, Name: name, Text: text})
	}
	for _, c := range Characters {
		add(KindCharacter, c.Name, characterText(c))
	}
	for _, e := range Events {
		add(KindEvent, e.Name, eventText(e))
	}
	for _, r := range Requests {
		add(KindRequest, r.Name, requestText(r))
	}
	for i, it := range Items {
		add(KindPattern, it.Name, patternText(i, it))
	}
	for _, p := range Projects {
		add(KindProject, p.Name, projectText(p))
	}
	return out
})

// characterText describes a character: board, spaces, power, favourite.
func characterText(c Character) string {
	var spaces []string
	for i, acts := range c.Spaces {
		var parts []string
		for _, a := range acts {
			parts = append(parts, actText(a))
		}
		spaces = append(spaces, fmt.Sprintf("%d: %s", i+1, strings.Join(parts, " + ")))
	}
	text := fmt.Sprintf("%s board, side %s. Action spaces: %s. Power: %s.", c.TypeName, c.Side, strings.Join(spaces, "; "), c.Power)
	if r, ok := RequestOf(c.Favourite); ok {
		text += fmt.Sprintf(" Favourite request: %s (%d points, %d more if %s finishes it).", r.Name, r.Points, FavouriteBonus, c.Name)
	}
	for _, o := range Characters {
		if o.Type == c.Type && o.ID != c.ID {
			text += fmt.Sprintf(" %s is the other side of the same board, so the two never play together.", o.Name)
		}
	}
	return text
}

// actText is one action of a space in words.
func actText(a Act) string {
	switch a.Kind {
	case "shop":
		return fmt.Sprintf("Shop %d", a.N)
	case "craft":
		return fmt.Sprintf("Craft %d", a.N)
	case "craft_any_colours":
		return fmt.Sprintf("Craft %d with every token counting as any colour", a.N)
	case "take_one_colour":
		return fmt.Sprintf("Take %d of one colour", a.N)
	case "exchange":
		return "Exchange"
	}
	return a.Kind
}

// eventEffects are the events' effects in our own words, by id.
var eventEffects = map[string]string{
	"tangled_cat": "The active player names another player still in the game, who may not craft anything during their own next turn " +
		"(no Craft, no any-colour craft, no Spinner craft, no Craft Circle on that turn); everything else stays allowed. Being named twice still blocks one turn.",
	"yarn_sale":      "The active player takes three tokens from the supply, in any mix of colours they like.",
	"donate":         "The active player must move one token of their choice from their own bowl to another player's bowl. With an empty bowl nothing happens.",
	"friendly_clerk": "Every player still in the game, the active player first and then clockwise, takes one token of a colour of their choice from the supply.",
	"craft_circle": "Every player still in the game, the active player first and then clockwise, may craft one item at once from their own bowl with their normal patterns, or pass. " +
		"Special Requests and the Colorist's any-colour craft are not allowed, and a player blocked by a Tangled Cat this turn cannot join in.",
}

// eventText describes an event card.
func eventText(e Event) string {
	return fmt.Sprintf("An event card (%s in the Yarn Deck). It takes effect when it turns up as the Bazaar is restocked, then is discarded and its position stays empty. %s",
		copiesText(e.Copies), eventEffects[e.ID])
}

// copiesText is "1 copy" or "3 copies".
func copiesText(n int) string {
	if n == 1 {
		return "1 copy"
	}
	return fmt.Sprintf("%d copies", n)
}

// ruleText is a colour rule in words for n tokens.
func ruleText(r Rule, n int) string {
	switch r {
	case AllDifferent:
		return fmt.Sprintf("%d tokens, all different colours", n)
	case OneColour:
		return fmt.Sprintf("%d tokens, all one colour", n)
	case TwoColours:
		return fmt.Sprintf("%d tokens of exactly two colours", n)
	case AnyColours:
		return fmt.Sprintf("any %d tokens", n)
	case GiveEach:
		return fmt.Sprintf("%d tokens of your choice handed to every other player", n)
	}
	return fmt.Sprintf("%d tokens", n)
}

// requestText describes a Special Request.
func requestText(r Request) string {
	cost := ruleText(r.Rule, r.N)
	if r.Rule == Exact {
		cost = "exactly " + r.Exact.Names()
	}
	text := fmt.Sprintf("A Special Request shuffled into the Yarn Deck; whoever takes it from the Bazaar holds it. Finishing it uses one craft and costs %s. Finished: %d points.", cost, r.Points)
	if r.Rule == GiveEach {
		text += " The tokens go into the other players' bowls, not the supply, and you choose their colours."
	}
	if r.FavouriteOf != "" {
		text += fmt.Sprintf(" It is %s's favourite: %d more if %s finishes it.", r.FavouriteOf, FavouriteBonus, r.FavouriteOf)
	}
	return text + fmt.Sprintf(" Still unfinished at the end: minus %d for whoever holds it.", r.Points)
}

// patternText describes an item's pattern: its general rule and its tiles.
func patternText(i int, it Item) string {
	text := fmt.Sprintf("An item: %s. A kept %s token scores %d at the end.", ruleText(it.Rule, it.Yarn), it.Name, it.Points)
	if it.Rule == TwoColours {
		text = fmt.Sprintf("An item: %d tokens of exactly two colours, split 2 + 1. A kept %s token scores %d at the end.", it.Yarn, it.Name, it.Points)
	}
	if !it.Tiled() {
		return text + " Its pattern is printed on every board and is always general; it cannot be learned."
	}
	var tiles []string
	for _, t := range TilesOf(i) {
		tiles = append(tiles, t.Exact.Names())
	}
	flip := 0
	if b, ok := Backs[it.ID]; ok {
		flip = b.FlipPoints
	}
	return text + fmt.Sprintf(" Everyone gets one of its %d tiles, exact side up: %s. While exact you pay just those colours; "+
		"hand in a %s token to learn the tile, and from then on any yarn that follows the general rule does, and the tile scores %d at the end.",
		len(tiles), strings.Join(tiles, "; "), it.Name, flip)
}

// projectText describes a project card.
func projectText(p Project) string {
	var need []string
	for i, n := range p.Items {
		switch {
		case n == 1:
			need = append(need, Items[i].Name)
		case n > 1:
			need = append(need, fmt.Sprintf("%d %s", n, plural(Items[i].Name)))
		}
	}
	return fmt.Sprintf("A project: hand in %s during your restock actions to score %d points. Projects come face up from the Project Deck onto the Project List.",
		strings.Join(need, ", "), p.Points)
}
