package tapestry

import (
	"strings"
	"testing"

	"spindle/games"
)

// TestEntries: the look-up lists every component once by kind, with a
// unique name per kind and a short text in plain words.
func TestEntries(t *testing.T) {
	var g games.Glossary = Game{}
	es := g.Entries()
	want := map[string]int{
		KindTech: len(TechCards), KindTapestry: len(TapCards), KindSpaceTile: len(SpaceTiles),
		KindLandmark: len(Landmarks), KindAchievement: len(Achievements), KindTrackSpace: 48, KindCiv: 16,
	}
	got := map[string]int{}
	seen := map[string]bool{}
	for _, e := range es {
		got[e.Kind]++
		key := e.Kind + "/" + strings.ToLower(e.Name)
		switch {
		case e.Name == "" || strings.TrimSpace(e.Text) == "":
			t.Errorf("empty entry %+v", e)
		case seen[key]:
			t.Errorf("two %ss called %q", e.Kind, e.Name)
		case len(e.Text) > 1000:
			t.Errorf("%s %q: %d characters", e.Kind, e.Name, len(e.Text))
		case strings.Contains(e.Text, "{{") || strings.Contains(e.Text, "_") || strings.Contains(e.Text, "%!"):
			t.Errorf("%s %q: unfilled text %q", e.Kind, e.Name, e.Text)
		case strings.Contains(e.Text, ") (") || strings.Contains(e.Text, " landmark landmark"):
			t.Errorf("%s %q: clumsy text %q", e.Kind, e.Name, e.Text)
		case !strings.HasSuffix(e.Text, "."):
			t.Errorf("%s %q: text does not end a sentence: %q", e.Kind, e.Name, e.Text)
		}
		seen[key] = true
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%d entries of kind %q, want %d", got[k], k, n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("kinds %v, want %v", got, want)
	}
	// The list is built once.
	if again := g.Entries(); &again[0] != &es[0] {
		t.Error("Entries rebuilt its list")
	}
}

// TestEntryTexts pins one entry of each kind.
func TestEntryTexts(t *testing.T) {
	find := func(kind, name string) string {
		for _, e := range (Game{}).Entries() {
			if e.Kind == kind && e.Name == name {
				return e.Text
			}
		}
		t.Fatalf("no %s %q", kind, name)
		return ""
	}
	for _, c := range []struct{ kind, name, want string }{
		{KindTech, "Zeppelins", "Middle: Advance once on exploration (no benefit). Top: Score 1 VP per space your exploration token has reached. " +
			"Needs a token on exploration space 4 or beyond (tier II), met by you or a neighbour, to move from the middle to the top row."},
		{KindTech, "Com Tower", "Needs at least 3 houses taken off the income mat"},
		{KindTapestry, "Broker of Peace", "This era (until your next income turn begins or another card covers it): You may not advance on military. " +
			"Each time an opponent advances on military: score 3 VP."},
		{KindTapestry, "Trap", "The deck holds 7 of them."},
		{KindTapestry, "Democracy", "When played: Draw 3 tapestry cards, then discard any number of tapestry cards from your hand for 2 VP each."},
		{KindSpaceTile, "Space tile 13", "Explore space with it to score 13 VP."},
		{KindLandmark, "Rubber Works", "The first player to reach technology space 7 (Rubber) claims it. It covers 12 plots of your capital: a 4×4 square less a 2×2 corner"},
		{KindLandmark, "Bakery", "upgrades the Bakery tech card to the top row"},
		{KindAchievement, "Conquer the middle island", "10 and 5, at any player count"},
		{KindTrackSpace, "Navigation", "Exploration space 4, tier II. Advancing into it costs 1 food and 1 resource of your choice."},
		{KindTrackSpace, "Cars", "Bonus: you may discard 2 territory tiles to score 5 VP."},
		{KindCiv, "Merrymakers", "When: step 1 of income turns 2 to 5, every time. "},
		{KindCiv, "Merrymakers", "C: score 5 VP; score 10 VP; score 15 VP. Starting adjustment (option on): gain 1 resource of your choice."},
		{KindCiv, "Militants", "Top row: gain 1 coin; score 2 VP; gain 1 food; score 4 VP. Bottom row: score 1 VP;"},
		{KindCiv, "Entertainers", "then advance once on technology, exploration, military or science (with benefit; may pay bonus)."},
		{KindCiv, "Historians", "Under the tokens: score 3 VP; gain 1 worker; gain 1 food; score 3 VP. No starting adjustment. Gained mid-game: give all four tokens"},
		{KindCiv, "Isolationists", "1 → 5 VP, 2 → 10, 3 → 16, 4 → 23, 5 → 31, 6 or more → 40."},
		{KindCiv, "Architects", "Starting adjustment (option on): with three or more players, score 10 VP per opponent."},
		{KindCiv, "Mystics", "Gained mid-game: it goes under the civilization deck and you draw another."},
		{KindCiv, "Futurists", "When: once, at set-up."},
		{KindTech, "Radio", "Top: Gain a civilization: draw the top one of the civilization deck"},
	} {
		if got := find(c.kind, c.name); !strings.Contains(got, c.want) {
			t.Errorf("%s %q = %q, want it to contain %q", c.kind, c.name, got, c.want)
		}
	}
}

// TestCivEntries: each civilization's entry says when it acts, what it
// does, its adjustment and what a mid-game gain does, in plain words.
func TestCivEntries(t *testing.T) {
	n := 0
	for _, e := range (Game{}).Entries() {
		if e.Kind != KindCiv {
			continue
		}
		n++
		i := CivIndex(e.Name)
		if i < 0 {
			t.Fatalf("no civilization %q", e.Name)
		}
		for _, want := range []string{"When: ", "Gained mid-game: "} {
			if !strings.Contains(e.Text, want) {
				t.Errorf("%s: no %q in %q", e.Name, want, e.Text)
			}
		}
		if adj := CivAdjustment(i); (adj != "") != strings.Contains(e.Text, "Starting adjustment (option on): "+adj+".") {
			t.Errorf("%s: adjustment %q not in %q", e.Name, adj, e.Text)
		}
		for _, bad := range []string{"listed", "spec", "->", "EMPTY", " any resource", "setup"} {
			if strings.Contains(e.Text, bad) {
				t.Errorf("%s: %q in %q", e.Name, bad, e.Text)
			}
		}
	}
	if n != len(Civs) {
		t.Errorf("%d civilization entries, want %d", n, len(Civs))
	}
}
