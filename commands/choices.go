package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Grouping of a seat's legal choices into Discord components. It comes
// purely from the legal list, so engines know nothing of Discord's limits:
//
//   - up to 5 choices: one row of buttons, each playing its key;
//   - up to 25: one select menu whose values are the keys;
//   - more: two steps. Keys of the form "<head>@<tail>" are grouped by head
//     (Warp and Weft: the card, then the cell); the first step picks a
//     group, the second a move of that group. Anything still over 25 is
//     paged with Back / Next buttons.
//
// Labels follow the same convention: a grouped choice labelled
// "<group> → <rest>" shows "<group>" in the first step and "<rest>" in the
// second.

// GroupSep separates a key's group head from the rest.
const GroupSep = "@"

// LabelSep separates a label's group part from the rest.
const LabelSep = " → "

// Nav is a position in a seat's move menus: the group shown ("" = the top
// level) and the page.
type Nav struct {
	Group string
	Page  int
}

// String encodes the nav for a custom_id: "m", "m:2" or "g:<page>:<group>"
// (the page first, so a group may itself contain colons).
func (n Nav) String() string {
	switch {
	case n.Group == "" && n.Page == 0:
		return "m"
	case n.Group == "":
		return "m:" + strconv.Itoa(n.Page)
	}
	return "g:" + strconv.Itoa(n.Page) + ":" + n.Group
}

// ParseNav decodes Nav.String.
func ParseNav(s string) (Nav, error) {
	bad := fmt.Errorf("commands: nav %q: %w", truncate(s, 30), ErrBadCustomID)
	page := func(p string, zero bool) (int, bool) {
		n, err := strconv.Atoi(p)
		return n, err == nil && (n > 0 || zero && n == 0) && strconv.Itoa(n) == p
	}
	switch {
	case s == "m":
		return Nav{}, nil
	case strings.HasPrefix(s, "m:"):
		n, ok := page(s[2:], false)
		if !ok {
			return Nav{}, bad
		}
		return Nav{Page: n}, nil
	case strings.HasPrefix(s, "g:"):
		p, g, ok := strings.Cut(s[2:], ":")
		n, okp := page(p, true)
		if !ok || !okp || g == "" {
			return Nav{}, bad
		}
		return Nav{Group: g, Page: n}, nil
	}
	return Nav{}, bad
}

// head returns the group head of a key, or "" when it is not grouped.
func head(key string) string {
	h, _, ok := strings.Cut(key, GroupSep)
	if !ok {
		return ""
	}
	return h
}

// splitLabel splits a grouped label "<group> → <rest>" (its detail line,
// games.DetailSep, stays with the rest).
func splitLabel(label string) (group, rest string) {
	text, detail := games.SplitDetail(label)
	if g, r, ok := strings.Cut(text, LabelSep); ok {
		return g, games.WithDetail(r, detail)
	}
	return text, label
}

// group is one first-step entry.
type group struct {
	head, label string
	n           int
	first       int // index of the group's first choice
}

func groupsOf(choices []games.Choice) []group {
	var out []group
	idx := map[string]int{}
	for ci, c := range choices {
		h := head(c.Key)
		if h == "" {
			h = c.Key
		}
		if i, ok := idx[h]; ok {
			out[i].n++
			continue
		}
		g, _ := splitLabel(c.Label)
		idx[h] = len(out)
		out = append(out, group{head: h, label: g, n: 1, first: ci})
	}
	return out
}

// MoveRows builds at most four rows of components for the choices at the
// given nav (leaving a row for the panel's own buttons). at names the
// table, its version and its undo count; every custom_id carries them, so
// a stale menu can never play a wrong move.
func MoveRows(at CustomID, choices []games.Choice, nav Nav) []Row {
	id := func(route byte, arg string) string {
		return at.with(route, arg).MustEncode()
	}
	// Choices shown at this level, as (value, label) pairs.
	var rows []Row
	if nav.Group != "" {
		var in []games.Choice
		for _, c := range choices {
			if head(c.Key) == nav.Group || c.Key == nav.Group {
				_, rest := splitLabel(c.Label)
				in = append(in, games.Choice{Key: c.Key, Label: rest})
			}
		}
		rows = append(rows, pagedSelect(at, in, nav, "Choose where…")...)
		rows = append(rows, Row{Buttons: []Button{{Label: "Back", CustomID: id('p', Nav{}.String()), Style: Secondary}}})
		return rows
	}
	if len(choices) <= MaxButtonsPerRow {
		var bs []Button
		for _, c := range choices {
			text, _ := games.SplitDetail(c.Label)
			bs = append(bs, Button{Label: clip(text, MaxLabel), CustomID: id('t', c.Key), Style: Primary})
		}
		return []Row{{Buttons: bs}}
	}
	gs := groupsOf(choices)
	if !grouped(choices, gs) {
		if len(choices) <= MaxSelectOptions {
			return []Row{{Select: &Select{CustomID: at.with('s', "").MustEncode(),
				Placeholder: "Choose your move…", Options: options(choices)}}}
		}
		// Nothing groups: page the moves themselves.
		return pagedSelect(at, choices, nav, "Choose your move…")
	}
	var opts []games.Choice
	for _, g := range gs {
		if g.n == 1 {
			// A group of one is its move: picking it plays it at once.
			c := choices[g.first]
			text, detail := games.SplitDetail(c.Label)
			if head(c.Key) != "" {
				// "<group> → <rest>" reads as one entry here.
				text = strings.Replace(text, LabelSep, ": ", 1)
			}
			opts = append(opts, games.Choice{Key: playPrefix + c.Key, Label: games.WithDetail(text, detail)})
			continue
		}
		opts = append(opts, games.Choice{Key: Nav{Group: g.head}.String(), Label: fmt.Sprintf("%s (%d options)", g.label, g.n)})
	}
	return pagedGroupSelect(at, opts, nav)
}

// playPrefix marks a value of the group menu that plays a move itself
// (a group of one) rather than opening its group.
const playPrefix = "play:"

// minGroup is the size of group that makes a short menu two steps:
// several ways to do one thing (a card and its cells, an item and the
// colours to frog it for) read better as the thing, then the way.
const minGroup = 4

// grouped reports whether choices go in two steps: always when they are
// more than one menu holds and some of them share a group, and when more
// than a row of buttons, once one group has minGroup or more choices.
func grouped(choices []games.Choice, gs []group) bool {
	if len(gs) == len(choices) {
		return false
	}
	if len(choices) > MaxSelectOptions {
		return true
	}
	return len(choices) > MaxButtonsPerRow && slices.ContainsFunc(gs, func(g group) bool { return g.n >= minGroup })
}

func options(cs []games.Choice) []Option {
	out := make([]Option, len(cs))
	for i, c := range cs {
		text, detail := games.SplitDetail(c.Label)
		out[i] = Option{Label: clip(text, MaxOptionLabel), Value: c.Key, Description: clip(detail, MaxOptionDescription)}
	}
	return out
}

// buttonDetails lists the details of choices shown as buttons (a button
// has no room for one), "**text**: detail" a line, for the panel's text.
func buttonDetails(choices []games.Choice) []string {
	if len(choices) > MaxButtonsPerRow {
		return nil
	}
	var out []string
	for _, c := range choices {
		if text, detail := games.SplitDetail(c.Label); detail != "" {
			out = append(out, "**"+text+"**: "+detail)
		}
	}
	return out
}

// page cuts cs into pages of at most 25 and returns page p (clamped) and
// whether there are earlier and later pages.
func page(cs []games.Choice, p int) ([]games.Choice, int, bool, bool) {
	pages := (len(cs) + MaxSelectOptions - 1) / MaxSelectOptions
	if p >= pages {
		p = pages - 1
	}
	if p < 0 {
		p = 0
	}
	lo := p * MaxSelectOptions
	hi := min(lo+MaxSelectOptions, len(cs))
	return cs[lo:hi], p, p > 0, p < pages-1
}

func pagedSelect(at CustomID, cs []games.Choice, nav Nav, placeholder string) []Row {
	if len(cs) == 0 {
		return nil
	}
	in, p, prev, next := page(cs, nav.Page)
	rows := []Row{{Select: &Select{CustomID: at.with('s', "").MustEncode(),
		Placeholder: placeholder, Options: options(in)}}}
	return append(rows, pager(at, nav, p, prev, next)...)
}

func pagedGroupSelect(at CustomID, cs []games.Choice, nav Nav) []Row {
	in, p, prev, next := page(cs, nav.Page)
	rows := []Row{{Select: &Select{CustomID: at.with('p', "pick").MustEncode(),
		Placeholder: "Choose what to play…", Options: options(in)}}}
	return append(rows, pager(at, nav, p, prev, next)...)
}

func pager(at CustomID, nav Nav, p int, prev, next bool) []Row {
	if !prev && !next {
		return nil
	}
	var bs []Button
	if prev {
		n := Nav{Group: nav.Group, Page: p - 1}
		bs = append(bs, Button{Label: "◀ Previous", CustomID: at.with('p', n.String()).MustEncode(), Style: Secondary})
	}
	if next {
		n := Nav{Group: nav.Group, Page: p + 1}
		bs = append(bs, Button{Label: "Next ▶", CustomID: at.with('p', n.String()).MustEncode(), Style: Secondary})
	}
	return []Row{{Buttons: bs}}
}

// clip shortens s to at most n bytes on a rune boundary, with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
