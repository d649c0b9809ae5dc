package commands

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Section is one "## " section of a game's rules text.
type Section struct {
	Slug  string
	Title string
	Body  string
}

// Sections splits a rules document (games/<g>/rules.md, in our own words)
// at its "## " headings. Text before the first heading becomes "overview"
// when it is not empty.
func Sections(doc string) []Section {
	var out []Section
	var cur *Section
	flush := func() {
		if cur != nil {
			cur.Body = strings.TrimSpace(Reflow(cur.Body))
			if cur.Body != "" || cur.Title != "" {
				out = append(out, *cur)
			}
		}
	}
	for line := range strings.SplitSeq(doc, "\n") {
		if t, ok := strings.CutPrefix(line, "## "); ok {
			flush()
			t = strings.TrimSpace(t)
			cur = &Section{Slug: slug(t), Title: t}
			continue
		}
		if strings.HasPrefix(line, "# ") && cur == nil {
			continue // the document title
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" {
				continue
			}
			cur = &Section{Slug: "overview", Title: "Overview"}
		}
		cur.Body += line + "\n"
	}
	flush()
	return out
}

// Reflow joins the soft-wrapped lines of a rules text into one line per
// paragraph or list item, so Discord wraps the text to the reader's width
// instead of breaking sentences where the source file happened to. A new
// line is kept before a list item ("- ", "* ", "1. "), a heading, a table
// row or a quote, around blank lines (paragraph breaks) and inside code
// fences; a list item's continuation lines join the item.
func Reflow(text string) string {
	var out []string
	open := false // the last line of out may take a continuation
	fence := false
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, " \t")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			fence = !fence
			out, open = append(out, line), false
		case fence:
			out = append(out, line)
		case trimmed == "":
			out, open = append(out, ""), false
		case blockStart(trimmed):
			out = append(out, line)
			open = !strings.HasPrefix(trimmed, "#") && !strings.HasPrefix(trimmed, "|")
		case open:
			out[len(out)-1] += " " + trimmed
		default:
			out, open = append(out, line), true
		}
	}
	return strings.Join(out, "\n")
}

// blockStart reports whether a trimmed line starts a block of its own: a
// list item, a heading, a table row or a quote.
func blockStart(trimmed string) bool {
	for _, p := range []string{"- ", "* ", "+ ", "#", "|", ">"} {
		if strings.HasPrefix(trimmed, p) {
			return true
		}
	}
	i := 0
	for i < len(trimmed) && i < 3 && trimmed[i] >= '0' && trimmed[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(trimmed) && (trimmed[i] == '.' || trimmed[i] == ')') && trimmed[i+1] == ' '
}

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// rulesMessage renders one section (or the list of sections) of a game's
// rules as an ephemeral message with buttons to the other sections.
func rulesMessage(info games.Info, topic string) (*Message, error) {
	secs := Sections(info.Manual)
	if len(secs) == 0 {
		return nil, sorry(fmt.Sprintf("I have no rules text for %s yet.", info.Title))
	}
	idx := 0
	if p, ok := strings.CutPrefix(topic, pagePrefix); ok {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || (n-1)*sectionsPerPage >= len(secs) {
			return nil, sorry(fmt.Sprintf("%s has no page %q of rules sections.", info.Title, clip(p, 10)))
		}
		idx, topic = (n-1)*sectionsPerPage, ""
	}
	if topic != "" {
		idx = -1
		for i, s := range secs {
			if s.Slug == topic || strings.EqualFold(s.Title, topic) {
				idx = i
				break
			}
		}
		if idx < 0 {
			return nil, sorry(fmt.Sprintf("%s has no rules section %q. Start typing in the topic box to see the sections.", info.Title, clip(topic, 40)))
		}
	}
	s := secs[idx]
	body := s.Body
	if len(body) > 3900 {
		body = clip(body, 3900)
	}
	m := &Message{Ephemeral: true, Embeds: []Embed{{
		Title:       fmt.Sprintf("%s — %s", info.Title, s.Title),
		Description: body,
		Color:       colourRules,
		Footer:      fmt.Sprintf("Section %d of %d · /rules game:%s topic:<section>", idx+1, len(secs), info.ID),
	}}}
	m.Rows = sectionRows(info.ID, secs, idx)
	return m, nil
}

// sectionsPerPage is how many section buttons one rules message shows when
// a game has more sections than fit at once: four rows of five, the fifth
// row holding the page buttons.
const sectionsPerPage = (MaxRows - 1) * MaxButtonsPerRow

// sectionRows are the buttons to a game's rules sections, the shown one
// (idx) highlighted. Up to 25 sections fit as five rows of five buttons;
// more are cut into pages of 20, the page of the shown section with a last
// row of page buttons ("Sections 21–37"), each opening its page's first
// section. Every section is so at most two clicks away, within Discord's
// limits of five rows of five buttons.
func sectionRows(game string, secs []Section, idx int) []Row {
	id := func(arg string) string { return CustomID{Route: 'r', Game: game, Arg: arg}.MustEncode() }
	lo, hi := 0, len(secs)
	paged := len(secs) > MaxRows*MaxButtonsPerRow
	if paged {
		lo = idx / sectionsPerPage * sectionsPerPage
		hi = min(lo+sectionsPerPage, len(secs))
	}
	var rows []Row
	for i := lo; i < hi; i++ {
		if (i-lo)%MaxButtonsPerRow == 0 {
			rows = append(rows, Row{})
		}
		style := Secondary
		if i == idx {
			style = Primary
		}
		r := &rows[len(rows)-1]
		r.Buttons = append(r.Buttons, Button{Label: clip(secs[i].Title, MaxLabel), Style: style, CustomID: id(secs[i].Slug)})
	}
	if !paged {
		return rows
	}
	var nav Row
	for p := 0; p*sectionsPerPage < len(secs) && len(nav.Buttons) < MaxButtonsPerRow; p++ {
		first := p * sectionsPerPage
		last := min(first+sectionsPerPage, len(secs))
		nav.Buttons = append(nav.Buttons, Button{Label: fmt.Sprintf("Sections %d–%d", first+1, last), Style: Secondary,
			CustomID: id(pagePrefix + strconv.Itoa(p+1)), Disabled: first == lo})
	}
	return append(rows, nav)
}

// pagePrefix starts the topic of a page button ("page:2"); a section's
// slug never holds a colon.
const pagePrefix = "page:"

// Embed colours.
const (
	colourRules  = 0x5865F2
	colourLobby  = 0xC27C0E
	colourTable  = 0x2B7A78
	colourResult = 0x3BA55C
	colourEnded  = 0x747F8D
)

func (a *App) rulesCommand(req Request) (Response, error) {
	k, err := a.Catalog.Get(req.Options["game"])
	if err != nil {
		return Response{}, err
	}
	if q := strings.TrimSpace(req.Options["lookup"]); q != "" {
		m, err := lookupMessage(k.Info(), k.Glossary(), q)
		if err != nil {
			return Response{}, err
		}
		return Response{Message: m}, nil
	}
	m, err := rulesMessage(k.Info(), req.Options["topic"])
	if err != nil {
		return Response{}, err
	}
	return Response{Message: m}, nil
}

func (a *App) rulesComponent(c CustomID) (Response, error) {
	k, err := a.Catalog.Get(c.Game)
	if err != nil {
		return Response{}, err
	}
	m, err := rulesMessage(k.Info(), c.Arg)
	if err != nil {
		return Response{}, err
	}
	// A rules button on an ephemeral rules message flips the page in place;
	// the table's Rules button opens a new ephemeral message instead.
	return Response{Message: m, Update: true}, nil
}

// autocomplete suggests games and rule topics as the user types.
func (a *App) autocomplete(req Request) []Choice {
	typed := strings.ToLower(req.Options[req.Focused])
	var out []Choice
	switch req.Focused {
	case "game":
		for _, info := range a.Catalog.Games() {
			if typed == "" || strings.Contains(strings.ToLower(info.Title), typed) || strings.Contains(info.ID, typed) {
				out = append(out, Choice{Name: info.Title, Value: info.ID})
			}
		}
	case "topic":
		k, err := a.Catalog.Get(req.Options["game"])
		if err != nil {
			return nil
		}
		for _, s := range Sections(k.Info().Manual) {
			if typed == "" || strings.Contains(strings.ToLower(s.Title), typed) || strings.Contains(s.Slug, typed) {
				out = append(out, Choice{Name: clip(s.Title, 100), Value: s.Slug})
			}
		}
	case "lookup":
		k, err := a.Catalog.Get(req.Options["game"])
		if err != nil {
			return nil
		}
		out = lookupChoices(k.Glossary(), typed)
	}
	if len(out) > MaxSelectOptions {
		out = out[:MaxSelectOptions]
	}
	return out
}

// MaxChoiceText bounds an autocomplete choice's name and value.
const MaxChoiceText = 100

// entryLabel is how a look-up entry is suggested and named: "Name (kind)".
// A name may belong to several kinds (a tech card and the landmark it
// builds), so the kind is part of the label.
func entryLabel(e games.Entry) string { return e.Name + " (" + e.Kind + ")" }

// lookupChoices suggests the entries whose name contains typed (lower
// case), names that start with it first, then alphabetically; at most 25.
func lookupChoices(entries []games.Entry, typed string) []Choice {
	type hit struct {
		e      games.Entry
		prefix bool
	}
	var hits []hit
	for _, e := range entries {
		name := strings.ToLower(e.Name)
		if typed == "" || strings.Contains(name, typed) || strings.Contains(strings.ToLower(entryLabel(e)), typed) {
			hits = append(hits, hit{e, strings.HasPrefix(name, typed)})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.prefix != b.prefix {
			if a.prefix {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(strings.ToLower(a.e.Name), strings.ToLower(b.e.Name)), cmp.Compare(a.e.Kind, b.e.Kind))
	})
	out := make([]Choice, 0, min(len(hits), MaxSelectOptions))
	for _, h := range hits[:min(len(hits), MaxSelectOptions)] {
		label := clip(entryLabel(h.e), MaxChoiceText)
		out = append(out, Choice{Name: label, Value: label})
	}
	return out
}

// lookupMessage answers /rules lookup: the entry the player picked from
// the suggestions ("Name (kind)"), or every entry with the name typed, as
// an ephemeral embed each; a unique partial match is taken too.
func lookupMessage(info games.Info, entries []games.Entry, query string) (*Message, error) {
	if len(entries) == 0 {
		return nil, sorry(fmt.Sprintf("%s has nothing to look up by name yet. `/rules game:%s` shows its rules.", info.Title, info.ID))
	}
	var found []games.Entry
	for _, e := range entries {
		if strings.EqualFold(clip(entryLabel(e), MaxChoiceText), query) {
			found = append(found, e)
		}
	}
	if len(found) == 0 {
		for _, e := range entries {
			if strings.EqualFold(e.Name, query) {
				found = append(found, e)
			}
		}
	}
	if len(found) == 0 {
		var partial []games.Entry
		for _, e := range entries {
			if strings.Contains(strings.ToLower(e.Name), strings.ToLower(query)) {
				partial = append(partial, e)
			}
		}
		if len(partial) != 1 {
			msg := fmt.Sprintf("%s has no entry called %q; start typing in the lookup box to see suggestions.", info.Title, clip(query, 40))
			if len(partial) > 1 {
				var names []string
				for _, e := range partial[:min(len(partial), 5)] {
					names = append(names, entryLabel(e))
				}
				msg += " Did you mean: " + strings.Join(names, ", ") + "?"
			}
			return nil, sorry(msg)
		}
		found = partial
	}
	m := &Message{Ephemeral: true}
	for _, e := range found[:min(len(found), maxEmbeds)] {
		m.Embeds = append(m.Embeds, Embed{
			Title:       clip(e.Name+" — "+e.Kind, maxEmbedTitle),
			Description: clip(e.Text, 3900),
			Color:       colourRules,
			Footer:      fmt.Sprintf("%s · /rules game:%s lookup:<name>", info.Title, info.ID),
		})
	}
	return m, nil
}

// Discord's limits on embeds: per message, and on a title.
const (
	maxEmbeds     = 10
	maxEmbedTitle = 256
)
