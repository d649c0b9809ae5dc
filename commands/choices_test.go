package commands

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"spindle/games"
)

// wwChoices mimics Warp and Weft's first turn: 12 cards x 4 cells.
func wwChoices(cards, cells int) []games.Choice {
	var out []games.Choice
	for c := range cards {
		for x := range cells {
			out = append(out, games.Choice{Key: fmt.Sprintf("C%d@%d,0", c, x), Label: fmt.Sprintf("Card %d → cell %d", c, x)})
		}
	}
	return out
}

func flat(n int) []games.Choice {
	var out []games.Choice
	for i := range n {
		out = append(out, games.Choice{Key: fmt.Sprintf("k%02d", i), Label: fmt.Sprintf("Move %d", i)})
	}
	return out
}

// checkLimits asserts Discord's component limits and that every custom_id parses.
func checkLimits(t *testing.T, rows []Row) {
	t.Helper()
	if len(rows) > MaxRows-1 {
		t.Fatalf("%d rows leave no room for the panel's buttons", len(rows))
	}
	for _, r := range rows {
		if r.Select != nil {
			if len(r.Select.Options) > MaxSelectOptions || len(r.Select.Options) == 0 {
				t.Fatalf("select with %d options", len(r.Select.Options))
			}
			if _, err := ParseCustomID(r.Select.CustomID); err != nil {
				t.Fatal(err)
			}
		}
		if len(r.Buttons) > MaxButtonsPerRow {
			t.Fatalf("row with %d buttons", len(r.Buttons))
		}
		for _, b := range r.Buttons {
			if _, err := ParseCustomID(b.CustomID); err != nil {
				t.Fatal(err)
			}
			if len(b.Label) > MaxLabel {
				t.Fatalf("label %q too long", b.Label)
			}
		}
	}
}

func TestMoveRowsButtonsForFew(t *testing.T) {
	rows := MoveRows(CustomID{Table: 1, Version: 4}, flat(3), Nav{})
	checkLimits(t, rows)
	if len(rows) != 1 || len(rows[0].Buttons) != 3 || rows[0].Buttons[2].CustomID != "t/1/4/k02" {
		t.Fatalf("got %+v", rows)
	}
}

func TestMoveRowsSelectUpTo25(t *testing.T) {
	rows := MoveRows(CustomID{Table: 1, Version: 4}, flat(25), Nav{})
	checkLimits(t, rows)
	if len(rows) != 1 || rows[0].Select == nil || rows[0].Select.CustomID != "s/1/4" || rows[0].Select.Options[24].Value != "k24" {
		t.Fatalf("got %+v", rows)
	}
}

func TestMoveRowsTwoStepCardThenCell(t *testing.T) {
	cs := wwChoices(12, 4)
	top := MoveRows(CustomID{Table: 7, Version: 2}, cs, Nav{})
	checkLimits(t, top)
	sel := top[0].Select
	if sel == nil || sel.CustomID != "p/7/2/pick" || len(sel.Options) != 12 {
		t.Fatalf("first step = %+v", top)
	}
	if sel.Options[0].Value != "g:0:C0" || sel.Options[0].Label != "Card 0 (4 options)" {
		t.Fatalf("first option = %+v", sel.Options[0])
	}
	nav, err := ParseNav(sel.Options[3].Value)
	if err != nil {
		t.Fatal(err)
	}
	second := MoveRows(CustomID{Table: 7, Version: 2}, cs, nav)
	checkLimits(t, second)
	if second[0].Select == nil || len(second[0].Select.Options) != 4 || second[0].Select.Options[1].Value != "C3@1,0" || second[0].Select.Options[1].Label != "cell 1" {
		t.Fatalf("second step = %+v", second[0].Select)
	}
	if second[1].Buttons[0].Label != "Back" {
		t.Fatalf("no Back button: %+v", second[1])
	}
}

func TestMoveRowsPagesLongLists(t *testing.T) {
	cs := flat(60)
	rows := MoveRows(CustomID{Table: 1, Version: 1}, cs, Nav{})
	checkLimits(t, rows)
	if len(rows[0].Select.Options) != 25 || len(rows[1].Buttons) != 1 || rows[1].Buttons[0].Label != "Next ▶" {
		t.Fatalf("page 0 = %+v", rows)
	}
	last := MoveRows(CustomID{Table: 1, Version: 1}, cs, Nav{Page: 2})
	checkLimits(t, last)
	if len(last[0].Select.Options) != 10 || last[1].Buttons[0].Label != "◀ Previous" || len(last[1].Buttons) != 1 {
		t.Fatalf("page 2 = %+v", last)
	}
	// A group with more than 25 moves pages inside the group, keeping Back.
	big := wwChoices(2, 30)
	g := MoveRows(CustomID{Table: 1, Version: 1}, big, Nav{Group: "C1", Page: 1})
	checkLimits(t, g)
	if len(g[0].Select.Options) != 5 || g[2].Buttons[0].Label != "Back" {
		t.Fatalf("group page = %+v", g)
	}
}

func TestNavRoundTrip(t *testing.T) {
	for _, n := range []Nav{{}, {Page: 2}, {Group: "9LK"}, {Group: "9LK", Page: 3}, {Group: "sow:3"}, {Group: "zero:1:5", Page: 1}} {
		got, err := ParseNav(n.String())
		if err != nil || got != n {
			t.Errorf("ParseNav(%q) = %+v, %v", n.String(), got, err)
		}
	}
	for _, s := range []string{"", "x", "m:0", "m:x", "g:", "g:a", "g:1:", "g:01:a", "g:-1:a"} {
		if _, err := ParseNav(s); err == nil {
			t.Errorf("ParseNav(%q) accepted", s)
		}
	}
}

func TestClipKeepsRunes(t *testing.T) {
	for n := 4; n <= 12; n++ {
		s := clip("ééééééé", n)
		if len(s) > n || !utf8.ValidString(s) {
			t.Errorf("clip(…, %d) = %q (%d bytes)", n, s, len(s))
		}
	}
	if got := clip("short", 80); got != "short" {
		t.Errorf("clip changed a short label: %q", got)
	}
}

func TestSectionsHaveUniqueSlugs(t *testing.T) {
	doc := "# Title\n\n## Overview\nText.\n\n## Scoring\nMore.\n"
	secs := Sections(doc)
	if len(secs) != 2 || secs[0].Slug != "overview" || secs[1].Slug != "scoring" {
		t.Fatalf("Sections = %+v", secs)
	}
}

// TestMoveRowsGroupsAShortMenu: a menu that fits one select still goes in
// two steps once one group holds several ways to do one thing (frogging a
// Hat for 15 colour pairs); a group of one plays from the first menu, with
// its detail as the option's description.
func TestMoveRowsGroupsAShortMenu(t *testing.T) {
	var cs []games.Choice
	for i := range 15 {
		cs = append(cs, games.Choice{Key: fmt.Sprintf("frog:hat@c%d", i), Label: fmt.Sprintf("Frog a Hat → colours %d", i)})
	}
	cs = append(cs, games.Choice{Key: "end", Label: games.WithDetail("End your actions", "Restock, then the next player")})
	at := CustomID{Table: 1, Version: 4}
	rows := MoveRows(at, cs, Nav{})
	checkLimits(t, rows)
	sel := rows[0].Select
	if sel == nil || len(sel.Options) != 2 {
		t.Fatalf("want one group menu of 2 entries, got %+v", rows)
	}
	if sel.Options[0].Label != "Frog a Hat (15 options)" || sel.Options[0].Value != (Nav{Group: "frog:hat"}).String() {
		t.Errorf("group entry %+v", sel.Options[0])
	}
	if sel.Options[1].Value != playPrefix+"end" || sel.Options[1].Label != "End your actions" || sel.Options[1].Description != "Restock, then the next player" {
		t.Errorf("a group of one is %+v, want its move played from the first menu", sel.Options[1])
	}
	// Few ways per group: one flat menu, as before.
	if rows := MoveRows(at, wwChoices(4, 2), Nav{}); rows[0].Select == nil || rows[0].Select.CustomID != at.with('s', "").MustEncode() {
		t.Errorf("eight moves in groups of two should be one flat menu: %+v", rows)
	}
}

// TestGroupMenuPlaysAGroupOfOne: picking a group of one in the group menu
// plays its move at once, through the same checks as any move.
func TestGroupMenuPlaysAGroupOfOne(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	key := tbl.Legal(0)[0].Key
	pick := CustomID{Route: 'p', Table: 1, Version: tbl.Version(), Arg: "pick"}.MustEncode()
	if _, err := h.click(alice, "panel", pick, playPrefix+key); err != nil {
		t.Fatal(err)
	}
	after, _ := h.store.Load(h.app.Catalog, 1)
	if after.Version() != tbl.Version()+1 {
		t.Fatalf("version %d -> %d: the pick did not play %q", tbl.Version(), after.Version(), key)
	}
	if _, err := h.click(alice, "panel", pick, playPrefix+key); err == nil {
		t.Fatal("the same stale pick was played twice")
	}
}
