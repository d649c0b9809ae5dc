package commands

import (
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/gametest/toy"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// lookupHarness is a harness whose catalog holds Tapestry and Warp and
// Weft (games with a glossary) and the toy game (one without).
func lookupHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(tapestry.Game{}), games.Bind(toy.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	h.app.Catalog = cat
	return h
}

func lookupChoicesFor(h *harness, game, typed string) []Choice {
	return h.app.autocomplete(Request{Focused: "lookup", Options: map[string]string{"game": game, "lookup": typed}})
}

// TestEveryManualSectionFits: every game's /rules text splits into
// sections with unique slugs, each short enough for one embed, so
// rulesMessage never has to clip one.
func TestEveryManualSectionFits(t *testing.T) {
	for _, k := range []games.Kind{games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}), games.Bind(tapestry.Game{})} {
		info := k.Info()
		secs := Sections(info.Manual)
		if len(secs) < 2 {
			t.Errorf("%s: %d rules sections", info.ID, len(secs))
		}
		slugs := map[string]bool{}
		for _, s := range secs {
			if len(s.Body) > 3900 || s.Body == "" {
				t.Errorf("%s: section %q has %d characters", info.ID, s.Title, len(s.Body))
			}
			if slugs[s.Slug] {
				t.Errorf("%s: two sections with slug %q", info.ID, s.Slug)
			}
			slugs[s.Slug] = true
		}
	}
}

// TestTapestryManual: the Tapestry guide has the sections a player looks
// for, among them how the panel works and our rulings.
func TestTapestryManual(t *testing.T) {
	have := map[string]bool{}
	for _, s := range Sections(tapestry.Game{}.Info().Manual) {
		have[s.Slug] = true
	}
	for _, want := range []string{"overview", "setup", "your-turn", "income-turns", "advancing-on-the-tracks", "exploring",
		"conquering", "technology", "tapestry-cards", "capital-city", "achievements", "civilizations", "the-sixteen-civilizations", "end-of-game",
		"solo", "playing-on-discord", "our-rulings"} {
		if !have[want] {
			t.Errorf("no section %q in %v", want, have)
		}
	}
}

// TestRulesLookupAutocomplete: the lookup box suggests entries whose name
// contains what was typed, as "Name (kind)", at most 25, within Discord's
// limits; a game without a glossary suggests nothing.
func TestRulesLookupAutocomplete(t *testing.T) {
	h := lookupHarness(t)
	all := lookupChoicesFor(h, "tapestry", "")
	if len(all) != MaxSelectOptions {
		t.Fatalf("%d suggestions for an empty box, want %d", len(all), MaxSelectOptions)
	}
	for _, typed := range []string{"", "a", "e", "tile", "card"} {
		for _, c := range lookupChoicesFor(h, "tapestry", typed) {
			if c.Name == "" || len(c.Name) > MaxChoiceText || len(c.Value) > MaxChoiceText {
				t.Errorf("%q: bad choice %+v", typed, c)
			}
		}
	}
	got := lookupChoicesFor(h, "tapestry", "ZEPP")
	if len(got) != 1 || got[0].Name != "Zeppelins (tech card)" || got[0].Value != "Zeppelins (tech card)" {
		t.Fatalf("ZEPP: %+v", got)
	}
	// A substring anywhere in the name matches; names that start with it
	// come first.
	got = lookupChoicesFor(h, "tapestry", "age")
	var names []string
	for _, c := range got {
		names = append(names, c.Name)
	}
	if len(got) < 4 || !strings.HasPrefix(got[0].Name, "Age of") || !strings.Contains(strings.Join(names, "|"), "Dark Ages (tapestry card)") {
		t.Fatalf("age: %v", names)
	}
	// One name, two kinds: both are offered.
	got = lookupChoicesFor(h, "tapestry", "bakery")
	if len(got) != 2 || got[0].Name != "Bakery (landmark)" || got[1].Name != "Bakery (tech card)" {
		t.Fatalf("bakery: %+v", got)
	}
	if got := lookupChoicesFor(h, "toy", "a"); len(got) != 0 {
		t.Fatalf("the toy game has no glossary, got %+v", got)
	}
	if got := lookupChoicesFor(h, "nope", "a"); len(got) != 0 {
		t.Fatalf("unknown game: %+v", got)
	}
}

// TestRulesLookupAnswer: a picked suggestion, or a name typed in full, is
// answered with a private embed titled "Name — kind"; an unknown name gets
// a friendly private refusal.
func TestRulesLookupAnswer(t *testing.T) {
	h := lookupHarness(t)
	text := map[string]string{}
	for _, e := range (tapestry.Game{}).Entries() {
		text[e.Name+" — "+e.Kind] = e.Text
	}
	ask := func(q string) Response {
		t.Helper()
		resp, _ := h.command(alice, "rules", map[string]string{"game": "tapestry", "lookup": q})
		if resp.Message == nil || !resp.Message.Ephemeral {
			t.Fatalf("%q: not a private answer: %+v", q, resp.Message)
		}
		return resp
	}
	// Every suggestion answers with its own entry.
	for _, c := range lookupChoicesFor(h, "tapestry", "") {
		m := ask(c.Value).Message
		if len(m.Embeds) != 1 {
			t.Fatalf("%q: %d embeds", c.Value, len(m.Embeds))
		}
		e := m.Embeds[0]
		if want, ok := text[e.Title]; !ok || e.Description != want {
			t.Errorf("%q answered %q: %q", c.Value, e.Title, e.Description)
		}
	}
	m := ask("Zeppelins (tech card)").Message
	if e := m.Embeds[0]; e.Title != "Zeppelins — tech card" || !strings.Contains(e.Description, "exploration space 4") {
		t.Fatalf("Zeppelins: %+v", e)
	}
	// A bare name, any case, shows every kind of that name.
	m = ask("bakery").Message
	if len(m.Embeds) != 2 || m.Embeds[0].Title != "Bakery — tech card" || m.Embeds[1].Title != "Bakery — landmark" {
		t.Fatalf("bakery: %+v", m.Embeds)
	}
	// A unique partial name is enough.
	if m = ask("pirate").Message; len(m.Embeds) != 1 || m.Embeds[0].Title != "Pirate Rule — tapestry card" {
		t.Fatalf("pirate: %+v", m)
	}
	// Unknown and ambiguous names are refused kindly, privately.
	m = ask("Flux Capacitor").Message
	if len(m.Embeds) != 0 || !strings.Contains(m.Content, `no entry called "Flux Capacitor"`) || !strings.Contains(m.Content, "start typing") {
		t.Fatalf("unknown: %+v", m)
	}
	if m = ask("age of").Message; len(m.Embeds) != 0 || !strings.Contains(m.Content, "Did you mean: Age of") {
		t.Fatalf("ambiguous: %+v", m)
	}
	// A game without a glossary says so.
	resp, _ := h.command(alice, "rules", map[string]string{"game": "toy", "lookup": "moons"})
	if resp.Message == nil || !resp.Message.Ephemeral || !strings.Contains(resp.Message.Content, "nothing to look up") {
		t.Fatalf("toy lookup: %+v", resp.Message)
	}
	// Without lookup, /rules still shows sections.
	resp, err := h.command(alice, "rules", map[string]string{"game": "tapestry", "topic": "our-rulings"})
	if err != nil || resp.Message.Embeds[0].Title != "Tapestry — Our rulings" {
		t.Fatalf("rules topic: %v %+v", err, resp.Message)
	}
}

// TestRulesLookupDefinition: /rules offers the lookup option with
// autocomplete.
func TestRulesLookupDefinition(t *testing.T) {
	h := lookupHarness(t)
	for _, d := range Definitions(h.app.Catalog) {
		if d.Name != "rules" {
			continue
		}
		for _, o := range d.Options {
			if o.Name == "lookup" {
				if o.Type != OptString || !o.Autocomplete || o.Required || o.MaxLength != MaxTextOption {
					t.Fatalf("lookup option: %+v", o)
				}
				return
			}
		}
	}
	t.Fatal("/rules has no lookup option")
}

// allGames are the five games, bound.
func allGames() []games.Kind {
	return []games.Kind{games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}), games.Bind(tapestry.Game{})}
}

// rulesHarness is a harness whose catalog holds the five games.
func rulesHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	cat, err := games.NewCatalog(allGames()...)
	if err != nil {
		t.Fatal(err)
	}
	h.app.Catalog = cat
	return h
}

// TestReflow: soft-wrapped lines join into one line per paragraph or list
// item; blank lines, list items, headings, tables, quotes and code fences
// keep their line breaks.
func TestReflow(t *testing.T) {
	in := "One sentence that\nwraps here.\n\nA list:\n- first item\n  goes on\n- second\n   - nested\n     too\n" +
		"10. numbered\n    item\n### Head\nText after\n| a | b |\n| c | d |\n> quoted\n```\ncode\n  kept\n```\nend  \n"
	want := "One sentence that wraps here.\n\nA list:\n- first item goes on\n- second\n   - nested too\n" +
		"10. numbered item\n### Head\nText after\n| a | b |\n| c | d |\n> quoted\n```\ncode\n  kept\n```\nend\n"
	if got := Reflow(in); got != want {
		t.Errorf("Reflow:\n%s\nwant:\n%s", got, want)
	}
}

// TestRulesParagraphsAreOneLine: no section of any game's rules, as
// /rules shows it, breaks a line inside a paragraph: every line break is a
// paragraph break or starts a list item, heading or table row.
func TestRulesParagraphsAreOneLine(t *testing.T) {
	for _, k := range allGames() {
		for _, sec := range Sections(k.Info().Manual) {
			lines := strings.Split(sec.Body, "\n")
			for i := 1; i < len(lines); i++ {
				prev, cur := strings.TrimSpace(lines[i-1]), strings.TrimSpace(lines[i])
				if prev != "" && cur != "" && !blockStart(cur) {
					t.Errorf("%s, %s: a line break inside a paragraph: %q / %q", k.Info().ID, sec.Title, prev, cur)
				}
			}
		}
	}
}

// TestRulesEverySectionReachable walks every game's /rules message through
// the handler, clicking every button it shows, and checks that every
// section is reached and every message keeps within Discord's limits.
func TestRulesEverySectionReachable(t *testing.T) {
	h := rulesHarness(t)
	for _, k := range allGames() {
		info := k.Info()
		secs := Sections(info.Manual)
		want := map[string]bool{}
		for _, s := range secs {
			want[info.Title+" — "+s.Title] = true
		}
		resp, err := h.command(alice, "rules", map[string]string{"game": info.ID})
		if err != nil || resp.Message == nil {
			t.Fatalf("%s: /rules: %v", info.ID, err)
		}
		seen := map[string]bool{}
		clicked := map[string]bool{}
		queue := []*Message{resp.Message}
		for len(queue) > 0 {
			m := queue[0]
			queue = queue[1:]
			if len(m.Embeds) != 1 || !m.Ephemeral {
				t.Fatalf("%s: rules message %+v", info.ID, m)
			}
			seen[m.Embeds[0].Title] = true
			if len(m.Rows) > MaxRows {
				t.Errorf("%s: %d rows", info.ID, len(m.Rows))
			}
			for _, r := range m.Rows {
				if len(r.Buttons) > MaxButtonsPerRow || (r.Select != nil && len(r.Buttons) > 0) || (r.Select == nil && len(r.Buttons) == 0) {
					t.Errorf("%s: bad row %+v", info.ID, r)
				}
				for _, b := range r.Buttons {
					if len([]rune(b.Label)) > MaxLabel || b.Label == "" || len(b.CustomID) > MaxCustomID {
						t.Errorf("%s: bad button %+v", info.ID, b)
					}
					if b.Disabled || clicked[b.CustomID] {
						continue
					}
					clicked[b.CustomID] = true
					next, err := h.click(alice, "m1", b.CustomID)
					if err != nil || next.Message == nil || !next.Update {
						t.Fatalf("%s: clicking %q: %v %+v", info.ID, b.Label, err, next)
					}
					queue = append(queue, next.Message)
				}
			}
		}
		for title := range want {
			if !seen[title] {
				t.Errorf("%s: section %q cannot be reached", info.ID, title)
			}
		}
		if len(secs) > MaxRows*MaxButtonsPerRow && len(clicked) <= len(secs) {
			t.Errorf("%s: %d sections but no page buttons", info.ID, len(secs))
		}
	}
	// A page past the last is refused kindly.
	resp, _ := h.click(alice, "m1", CustomID{Route: 'r', Game: "archravels", Arg: "page:9"}.MustEncode())
	if resp.Message == nil || !strings.Contains(resp.Message.Content, "no page") {
		t.Errorf("page 9: %+v", resp.Message)
	}
}

// TestEveryGlossary: every game has a glossary whose names are unique
// within each kind and whose texts are set and fit one embed (at most
// 1000 characters), and /rules lookup answers a known entry of each.
func TestEveryGlossary(t *testing.T) {
	known := map[string][2]string{
		"warpweft":    {"Author", "card"},
		"threadcount": {"Seigaiha", "pattern"},
		"stitchcraft": {"Moths", "power"},
		"archravels":  {"Tangled Cat", "event"},
		"tapestry":    {"Zeppelins", "tech card"},
	}
	h := rulesHarness(t)
	for _, k := range allGames() {
		id := k.Info().ID
		entries := k.Glossary()
		if len(entries) == 0 {
			t.Errorf("%s has no glossary", id)
			continue
		}
		seen := map[string]bool{}
		for _, e := range entries {
			key := e.Kind + "/" + strings.ToLower(e.Name)
			if seen[key] {
				t.Errorf("%s: two %s entries called %q", id, e.Kind, e.Name)
			}
			seen[key] = true
			if e.Kind == "" || e.Name == "" || strings.TrimSpace(e.Text) == "" || len([]rune(e.Text)) > 1000 {
				t.Errorf("%s: bad entry %q (%s), %d characters", id, e.Name, e.Kind, len([]rune(e.Text)))
			}
		}
		want := known[id]
		resp, err := h.command(alice, "rules", map[string]string{"game": id, "lookup": want[0] + " (" + want[1] + ")"})
		if err != nil || resp.Message == nil || len(resp.Message.Embeds) != 1 || resp.Message.Embeds[0].Title != want[0]+" — "+want[1] {
			t.Errorf("%s: looking up %q: %v %+v", id, want[0], err, resp.Message)
		}
		if got := lookupChoicesFor(h, id, strings.ToLower(want[0][:3])); len(got) == 0 {
			t.Errorf("%s: no suggestion for %q", id, want[0][:3])
		}
	}
}
