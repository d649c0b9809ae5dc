package tapestry

import (
	"fmt"
	"strings"
	"sync"

	"spindle/games"
)

// The kinds of look-up entry.
const (
	KindTech        = "tech card"
	KindTapestry    = "tapestry card"
	KindSpaceTile   = "space tile"
	KindLandmark    = "landmark"
	KindAchievement = "achievement"
	KindTrackSpace  = "track space"
	KindCiv         = "civilization"
)

var _ games.Glossary = Game{}

// Entries lists every tech card, tapestry card, space tile, landmark,
// achievement, track space and civilization by name, each described in our own words
// from the data tables (games.Glossary). The list is built once.
func (Game) Entries() []games.Entry { return entries() }

var entries = sync.OnceValue(func() []games.Entry {
	var out []games.Entry
	add := func(kind, name, text string) {
		out = append(out, games.Entry{Kind: kind, Name: name, Text: text})
	}
	for _, c := range TechCards {
		add(KindTech, c.Name, techText(c))
	}
	for _, c := range TapCards {
		add(KindTapestry, c.Name, tapText(c))
	}
	for _, t := range SpaceTiles {
		add(KindSpaceTile, fmt.Sprintf("Space tile %d", t.ID), spaceTileText(t))
	}
	for _, l := range Landmarks {
		add(KindLandmark, l.Name, landmarkText(l))
	}
	for _, a := range Achievements {
		add(KindAchievement, a.Name, achievementText(a))
	}
	for t := range Track(NumTracks) {
		for _, sp := range Spaces[t] {
			add(KindTrackSpace, sp.Name, trackSpaceText(t, sp))
		}
	}
	for i, c := range Civs {
		add(KindCiv, c.Name, civText(i))
	}
	return out
})

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	s = capital(strings.TrimSpace(s))
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func techText(c TechCard) string {
	return fmt.Sprintf("Middle: %s Top: %s Needs %s, met by you or a neighbour, to move from the middle to the top row.",
		sentence(Explain(c.Middle)), sentence(Explain(c.Top)), prereqWords(c.Prereq))
}

// prereqWords is a tech card's top-row prerequisite.
func prereqWords(p Prereq) string {
	if p.Track != "" {
		return fmt.Sprintf("a token on %s space %d or beyond (tier %s)", p.Track, p.MinSpace, roman(tierOf(p.MinSpace)))
	}
	return fmt.Sprintf("at least %s taken off the income mat", count(p.MinLevel-1, buildingOfRow[p.IncomeRow]))
}

// tierOf is the tier of a track space.
func tierOf(space int) int { return (space-1)/3 + 1 }

func roman(n int) string {
	if n >= 1 && n <= 4 {
		return []string{"I", "II", "III", "IV"}[n-1]
	}
	return fmt.Sprint(n)
}

func tapText(c TapCard) string {
	var b strings.Builder
	switch c.Type {
	case "when_played":
		b.WriteString("When played: " + sentence(Explain(c.Effects)))
	case "this_era":
		if len(c.Effects) > 0 {
			b.WriteString("When played: " + sentence(Explain(c.Effects)) + " ")
		}
		b.WriteString("This era (until your next income turn begins or another card covers it):")
		for _, h := range c.Era {
			b.WriteString(" " + capital(HookText(h)))
		}
	case "trap":
		b.WriteString("Trap. When an opponent conquers a territory you control, you may discard it from your hand: " +
			"their outpost goes in toppled, you keep control and gain 1 resource of your choice. " +
			"They still roll the conquer dice.")
		if len(c.Effects) > 0 {
			b.WriteString(" Played onto an income mat slot like any other card: " + Explain(c.Effects) + ".")
		}
	default:
		b.WriteString(sentence(Explain(c.Effects)))
	}
	if c.Count > 1 {
		fmt.Fprintf(&b, " The deck holds %d of them.", c.Count)
	}
	return b.String()
}

func spaceTileText(t SpaceTile) string {
	return "Explore space with it to " + Explain(t.Effects) + "."
}

func landmarkText(l Landmark) string {
	var from string
	switch l.Source.Kind {
	case "track":
		t := trackOf(l.Source.Track)
		from = fmt.Sprintf("The first player to reach %s space %d (%s) claims it.", l.Source.Track, l.Source.Space, Spaces[t][l.Source.Space-1].Name)
	case "tech_card":
		from = fmt.Sprintf("Built by whoever first upgrades the %s tech card to the top row.", l.Source.Card)
	default:
		from = "It has to be claimed."
	}
	return fmt.Sprintf("%s It covers %d plots of your capital: %s, in any of four rotations.", from, l.Plots, shapeWords(l.Footprint))
}

// shapeWords describes a landmark's footprint: its bounding block, less a
// corner when some plots are missing.
func shapeWords(rows []string) string {
	h := len(rows)
	w := 0
	for _, r := range rows {
		w = max(w, len(r))
	}
	minR, minC, maxR, maxC, missing := h, w, -1, -1, 0
	for r, row := range rows {
		for c := range w {
			if c < len(row) && row[c] == '#' {
				continue
			}
			missing++
			minR, minC, maxR, maxC = min(minR, r), min(minC, c), max(maxR, r), max(maxC, c)
		}
	}
	block := fmt.Sprintf("a %d×%d block", w, h)
	if w == h {
		block = fmt.Sprintf("a %d×%d square", w, h)
	}
	switch {
	case missing == 0:
		return block
	case missing == 1:
		return block + " less one corner plot"
	}
	return fmt.Sprintf("%s less a %d×%d corner", block, maxC-minC+1, maxR-minR+1)
}

// achievementCondition is each achievement's condition in our own words.
var achievementCondition = map[string]string{
	"complete_track": "One of your tokens reaches space 12 of any track, by any means.",
	"topple_two":     "You control two territories that each hold a toppled outpost of an opponent, whether your conquest, your Trap or Revolution toppled it.",
	"middle_island":  "You conquer the middle island and still control it afterwards (a Trap there denies it).",
}

func achievementText(a Achievement) string {
	cond := achievementCondition[a.ID]
	if cond == "" {
		cond = "Earned once per player."
	}
	var vp string
	if len(a.Order.Any) > 0 {
		vp = fmt.Sprintf("VP for the %s player to earn it: %s, at any player count.", ordinals(len(a.Order.Any)), andList(ints(a.Order.Any)))
	} else {
		vp = fmt.Sprintf("VP for the %s player to earn it: %s with two or three players; %s with four or five.",
			ordinals(max(len(a.Order.Small), len(a.Order.Large))), andList(ints(a.Order.Small)), andList(ints(a.Order.Large)))
	}
	return cond + " " + vp + " Each player earns it at most once; anyone later gains nothing."
}

// ordinals is "first", "first and second", "first, second and third".
func ordinals(n int) string {
	words := []string{"first", "second", "third", "fourth", "fifth"}
	return andList(words[:min(max(n, 1), len(words))])
}

func ints(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprint(x)
	}
	return out
}

func trackSpaceText(t Track, sp Space) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s space %d, tier %s. Advancing into it costs %s. Benefit: %s",
		capital(t.String()), sp.Index, roman(sp.Tier), costWords(sp.Cost), sentence(Explain(sp.Benefit)))
	if sp.Bonus != nil {
		fmt.Fprintf(&b, " Bonus: you may %s to %s.", payWords(sp.Bonus.Cost), Explain(sp.Bonus.Effects))
	}
	if sp.Landmark != "" {
		fmt.Fprintf(&b, " The first player to arrive claims the %s landmark.", sp.Landmark)
	}
	return b.String()
}

// costWords is what a cost asks for, as a noun phrase.
func costWords(c Cost) string {
	var parts []string
	for i, n := range c.Res {
		if n > 0 {
			parts = append(parts, resAmount(n, i))
		}
	}
	if c.Any > 0 {
		parts = append(parts, count(c.Any, "resource")+" of your choice")
	}
	if c.Tiles > 0 {
		parts = append(parts, "discarding "+count(c.Tiles, "territory tile"))
	}
	if c.Cards > 0 {
		parts = append(parts, "discarding "+count(c.Cards, "tapestry card"))
	}
	if c.TechCard > 0 {
		parts = append(parts, "discarding "+count(c.TechCard, "tech card"))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return andList(parts)
}

// payWords is a bonus price as a verb phrase ("pay 1 resource of your
// choice", "discard 2 territory tiles").
func payWords(c Cost) string {
	s := costWords(c)
	if strings.HasPrefix(s, "discarding ") {
		return "discard " + strings.TrimPrefix(s, "discarding ")
	}
	return "pay " + s
}

// civText is a civilization's entry: when it acts, what it does with the
// tables of its mat, its starting adjustment and what happens when it is
// gained mid-game.
func civText(i int) string {
	c := Civs[i]
	var b strings.Builder
	b.WriteString("When: " + CivTiming(i) + ". " + sentence(CivAbility(i)))
	if t := civTables(c); t != "" {
		b.WriteString(" " + t)
	}
	if adj := CivAdjustment(i); adj != "" {
		b.WriteString(" Starting adjustment (option on): " + adj + ".")
	} else {
		b.WriteString(" No starting adjustment.")
	}
	mid, ok := civMidgame[c.Bespoke]
	switch {
	case ok:
	case c.Tokens > 0:
		mid = "it works from then on, with all its tokens"
	default:
		mid = "it works from then on"
	}
	b.WriteString(" Gained mid-game: " + mid + ".")
	return b.String()
}

// civMidgame is what a civilization gained mid-game does (spec §14), in
// our own words, for those with a rule of their own.
var civMidgame = map[string]string{
	"architects":        "you may swap two income buildings in your capital up to 3 times; a swap completes nothing",
	"entertainers_path": "put the token on any space but the start and gain that space",
	"futurists_jump":    "it goes under the civilization deck and you draw another",
	"heralds":           "its tokens work from then on; the Maker of Fire play is for a starting civilization only",
	"historians":        "give all four tokens to opponents at once, as you choose, uncovering every square",
	"militants":         "your outposts left in supply go onto the mat, filling each row from the right (you pick the row each time); the spaces left uncovered pay from your next income turn",
	"mystics":           "it goes under the civilization deck and you draw another",
}

// civTables writes the spaces of a civilization's mat the ability text
// leaves out: Craftsmen's statue, Entertainers' path, Historians'
// squares, Merrymakers' columns and Militants' rows.
func civTables(c Civ) string {
	steps := func(effs [][]Effect) string {
		parts := make([]string, len(effs))
		for k, e := range effs {
			parts[k] = Describe(e)
		}
		return strings.Join(parts, "; ")
	}
	columns := func(title string, cols map[string][][]Effect) string {
		var parts []string
		for _, k := range []string{"A", "B", "C"} {
			if e, ok := cols[k]; ok {
				parts = append(parts, k+": "+steps(e))
			}
		}
		return title + " " + strings.Join(parts, ". ") + "."
	}
	switch c.Bespoke {
	case "craftsmen_statue":
		return columns("Statue spaces, bottom to top.", c.Statue)
	case "merrymakers":
		return columns("Steps, bottom to top.", c.Columns)
	case "historians":
		return "Under the tokens: " + steps(HistorianSquares) + "."
	case "militants":
		return fmt.Sprintf("Spaces, left to right. Top row: %s. Bottom row: %s.", steps(c.Rows["top"]), steps(c.Rows["bottom"]))
	case "entertainers_path":
		var cols []string
		seen := map[string]bool{"start": true}
		next := c.Graph["start"].Links
		for len(next) > 0 {
			var effs [][]Effect
			var more []string
			for _, id := range next {
				effs = append(effs, c.Graph[id].Effects)
				for _, l := range c.Graph[id].Links {
					if !seen[l] {
						seen[l] = true
						more = append(more, l)
					}
				}
			}
			cols = append(cols, pathColumn(effs))
			next = more
		}
		return "The path, column by column: " + strings.Join(cols, "; then ") + ". Each space links to two of the next column."
	}
	return ""
}

// pathColumn writes one column of Entertainers' path as one choice: "gain
// 1 worker, 1 culture, 1 food or 1 coin", "advance once on technology or
// science (with benefit)".
func pathColumn(spaces [][]Effect) string {
	names := make([]string, len(spaces))
	for k, e := range spaces {
		names[k] = Describe(e)
	}
	for _, lead := range []string{"gain ", "advance once on "} {
		tail := ""
		if i := strings.Index(names[0], " ("); i >= 0 && lead == "advance once on " {
			tail = names[0][i:]
		}
		same := true
		parts := make([]string, len(names))
		for k, n := range names {
			rest, ok := strings.CutPrefix(n, lead)
			rest, ok2 := strings.CutSuffix(rest, tail)
			same = same && ok && ok2
			parts[k] = rest
		}
		if same {
			return lead + orList(parts) + tail
		}
	}
	return orList(names)
}
