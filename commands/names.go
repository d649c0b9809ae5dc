package commands

import (
	"strings"

	"spindle/games"
)

// Engines name players with tokens (games.Name); everything a game says
// is filled with the seats' display names (the binding's Names, AI titles
// included) on its way to Discord: games.FillNames for message text (names
// escaped, never pinging), games.FillPlain for labels, which show text as
// typed.

// fillLines fills the name tokens of lines.
func fillLines(lines []string, names []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = games.FillNames(l, names)
	}
	return out
}

// fillLabels fills the name tokens of choices' labels, each side of
// LabelSep on its own and with any LabelSep a name brings defused, so a
// name never splits a label into the wrong group.
func fillLabels(choices []games.Choice, names []string) []games.Choice {
	out := make([]games.Choice, len(choices))
	part := func(s string) string {
		return strings.ReplaceAll(games.FillPlain(s, names), LabelSep, " - ")
	}
	for i, c := range choices {
		if g, r, ok := strings.Cut(c.Label, LabelSep); ok {
			// Only the group part is cut again (the first LabelSep), so
			// the rest keeps the game's own arrows.
			c.Label = part(g) + LabelSep + games.FillPlain(r, names)
		} else {
			c.Label = part(c.Label)
		}
		out[i] = c
	}
	return out
}
