package tapestry

import (
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// TestCivTexts: every civilization reads in plain words: its ability with
// the data's shorthand spelled out, when it acts, and its adjustment.
func TestCivTexts(t *testing.T) {
	for i, c := range Civs {
		a := CivAbility(i)
		if a == "" || CivTiming(i) == "" {
			t.Errorf("%s: ability %q, timing %q", c.Name, a, CivTiming(i))
		}
		for _, bad := range []string{"listed", "spec", "->", "EMPTY", "LEFT", "EQUALS", "WHEN PLAYED", "1 any", "setup", "_"} {
			if strings.Contains(a, bad) || strings.Contains(CivTiming(i), bad) || strings.Contains(CivTables(i), bad) {
				t.Errorf("%s: %q in %q / %q / %q", c.Name, bad, a, CivTiming(i), CivTables(i))
			}
		}
		if (len(c.Adjustment) > 0) != (CivAdjustment(i) != "") || strings.Contains(CivAdjustment(i), "bespoke") {
			t.Errorf("%s: adjustment %q", c.Name, CivAdjustment(i))
		}
	}
	if CivAbility(-1) != "" || CivTiming(16) != "" || CivAdjustment(99) != "" || CivTables(-3) != "" {
		t.Error("an unknown civilization has text")
	}
	if got := CivTiming(CivIndex("Militants")); !strings.HasPrefix(got, "step 1 of income turns 1 to 5") {
		t.Errorf("Militants: %q", got)
	}
	if got := turnRange([]int{2, 4}); got != "2 and 4" {
		t.Errorf("turnRange: %q", got)
	}
}

// TestCivViewCounts: the counts the pictures show of a view are the
// engine's own: Mystics' four categories and Isolationists' landmass.
func TestCivViewCounts(t *testing.T) {
	f := newTable(t, 3)
	f.outpost(Hex{-1, -2}, 0, false)
	f.outpost(Hex{-2, -1}, 0, false)
	f.tech(0, 0, "Zeppelins")
	f.tok(0, Science, 12)
	f.fillOpen(0)
	v := Game{}.View(&f.s, games.Spectator)
	for seat := range f.s.Players {
		for k := range 4 {
			if got, want := v.MysticsCount(seat, k), f.s.mysticCount(seat, k); got != want {
				t.Errorf("seat %d, %s: view %d, state %d", seat, MysticsCategories[k], got, want)
			}
		}
		if got, want := v.Landmass(seat), f.s.landmass(seat); got != want {
			t.Errorf("seat %d: landmass %d, state %d", seat, got, want)
		}
	}
	if v.MysticsCount(0, 1) != 9 || v.MysticsCount(0, 3) != 1 || v.MysticsCount(7, 0) != -1 {
		t.Errorf("counts %d %d %d", v.MysticsCount(0, 1), v.MysticsCount(0, 3), v.MysticsCount(7, 0))
	}
	if LandmassVP(0) != 5 || LandmassVP(3) != 16 || LandmassVP(9) != 40 {
		t.Errorf("landmass VP %d %d %d", LandmassVP(0), LandmassVP(3), LandmassVP(9))
	}
}

// TestCivLabels: every civilization decision's option has a button label
// in words, within Discord's 80 characters; other keys are not theirs.
func TestCivLabels(t *testing.T) {
	f := newTable(t, 3)
	f.slot(1, 2, "Dystopia")
	f.tech(2, 0, "Zeppelins")
	f.cover(0, 0, 0, 'f')
	f.cover(0, 1, 1, 'h')
	ent := newCivState(CivIndex("Entertainers"), true)
	f.p(0).Civs = []CivState{ent, newCivState(CivIndex("Merrymakers"), false)}
	v := Game{}.View(&f.s, 0)
	v.Ask = &AskView{Kind: "c:entertainers", Seat: 0}
	zep := techCard(t, "Zeppelins")
	dys := tapCard(t, "Dystopia")
	for key, want := range map[string]string{
		"civ:15":                     "Keep the Traders",
		"civfirst:1":                 "The Merrymakers first",
		"alch:roll":                  "Roll the science die",
		"alch:stop":                  "Stop and advance on the marked tracks",
		"alch:skip":                  "Don't roll this turn",
		"alchadv:science":            "Advance on science (no benefit)",
		"alchadv:done":               "Done",
		"ent:market":                 "Gain a market",
		"ent:adv_military":           "Advance once on military (with benefit; may pay bonus)",
		"herald:1@2":                 games.Name(1) + "'s Dystopia",
		"herald:skip":                "No Herald this turn",
		"hist:1@2":                   "Token 2 to " + games.Name(2) + " (uncovers: gain 1 worker)",
		"hist:skip":                  "Keep the tokens",
		"histtile:12":                "Discard territory tile 12",
		"histgive:1":                 "To " + games.Name(1),
		"inv:2@" + strconv.Itoa(zep): games.Name(2) + "'s Zeppelins (bottom row)",
		"inv:skip":                   "No token this turn",
		"invcopy:copy":               "Gain the same benefit",
		"invcopy:skip":               "Let it pass",
		"lead:science":               "Advance on science (benefit, no bonus)",
		"lead:skip":                  "Keep the squares",
		"milrow:bottom":              "Bottom row",
		"swap:0@10":                  "Swap row 1, column 1 (farm) and row 2, column 2 (house)",
		"swap:done":                  "Stop swapping",
		"trader:skip":                "No token this turn",
		"fire:" + strconv.Itoa(dys):  "Play Dystopia on Maker of Fire",
		"fire:skip":                  "Keep my cards",
		"predict:4":                  "Predict 4",
	} {
		got, ok := CivLabel(v, key)
		if !ok || got != want {
			t.Errorf("CivLabel(%q) = %q, %v; want %q", key, got, ok, want)
		}
		if len(got) > 80 {
			t.Errorf("%q: label %q longer than a button", key, got)
		}
	}
	// Merrymakers' next step, read from the asked civilization.
	v.Ask = &AskView{Kind: "c:merrymakers", Seat: 0, N: 1}
	if got, _ := CivLabel(v, "merry:b"); got != "Column B, step 1: draw 1 territory tile" {
		t.Errorf("merry:b = %q", got)
	}
	// Traders: an empty territory scores per opponent neighbour; one with an
	// opponent's lone outpost gives its tile's benefit.
	v.Ask = &AskView{Kind: "c:traders", Seat: 0}
	if got, _ := CivLabel(v, "trader:0@0"); !strings.HasPrefix(got, "Hex 0,0: ") || !strings.HasSuffix(got, " VP") {
		t.Errorf("trader:0@0 = %q", got)
	}
	if got, _ := CivLabel(v, "trader:0@2"); got != "Hex 0,2: the tile's benefit" {
		t.Errorf("trader:0@2 = %q", got)
	}
	for _, key := range []string{"income", "adv:science", "hex:0@0", "trade:1@science"} {
		if l, ok := CivLabel(v, key); ok {
			t.Errorf("CivLabel(%q) = %q, claims a key that is not a civilization's", key, l)
		}
	}
}
