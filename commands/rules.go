package commands

import (
	"cmp"
	"fmt"
	"slices"
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
			cur.Body = strings.TrimSpace(cur.Body)
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
	// Buttons to every section, five a row, at most four rows.
	var row Row
	for i, sec := range secs {
		if len(m.Rows) == MaxRows-1 {
			break
		}
		style := Secondary
		if i == idx {
			style = Primary
		}
		row.Buttons = append(row.Buttons, Button{Label: clip(sec.Title, MaxLabel), Style: style,
			CustomID: CustomID{Route: 'r', Game: info.ID, Arg: sec.Slug}.MustEncode()})
		if len(row.Buttons) == MaxButtonsPerRow {
			m.Rows = append(m.Rows, row)
			row = Row{}
		}
	}
	if len(row.Buttons) > 0 && len(m.Rows) < MaxRows-1 {
		m.Rows = append(m.Rows, row)
	}
	return m, nil
}

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
