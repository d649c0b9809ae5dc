package stitchcraft

import (
	"image"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/stitchcraft"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// Stitchcraft views are built by hand from the spec's worked examples, so
// the goldens do not depend on the rules engine.

// scCols parses colour letters (BKRGWOYP).
func scCols(letters string) []stitchcraft.Colour {
	var out []stitchcraft.Colour
	for i := 0; i < len(letters); i++ {
		out = append(out, stitchcraft.Colour(strings.IndexByte("BKRGWOYP", letters[i])))
	}
	return out
}

func scCards(owner int, letters string) []stitchcraft.Card {
	out := []stitchcraft.Card{}
	for _, c := range scCols(letters) {
		out = append(out, stitchcraft.Card{Colour: c, Owner: owner})
	}
	return out
}

// scFaces builds a Display; hidden hides the colours.
func scFaces(letters string, first int, hidden bool) []stitchcraft.Face {
	out := []stitchcraft.Face{}
	for i, c := range scCols(letters) {
		if hidden {
			c = stitchcraft.NoColour
		}
		out = append(out, stitchcraft.Face{Label: first + i, Colour: c})
	}
	return out
}

func scPowers(p stitchcraft.Pattern) [stitchcraft.NumColours]stitchcraft.PowerInfo {
	var out [stitchcraft.NumColours]stitchcraft.PowerInfo
	for _, c := range stitchcraft.Colours {
		out[c] = stitchcraft.Power(p, c)
	}
	return out
}

// scEx6 is spec Ex 6 after step 2: P1's Moths is on P0's Black and P0's
// window is open (spectator view).
func scEx6() stitchcraft.View {
	return stitchcraft.View{Viewer: games.Spectator, Pattern: stitchcraft.Loom, Mode: stitchcraft.Duel, Timeout: "15m", Seats: 2,
		Players: []stitchcraft.PlayerView{
			{Seat: 0, Chest: 30, HandSize: 2, Display: scFaces("P", 2, true), Show: scCards(0, "BBRG"), Scrap: scCols("WY")},
			{Seat: 1, Chest: 29, HandSize: 4, Display: scFaces("G", 2, true), Show: scCards(1, "KOW"), Scrap: scCols("R")},
		},
		Removed: []stitchcraft.Card{},
		Stack: []stitchcraft.Entry{
			{ID: 1, Card: stitchcraft.Card{Colour: stitchcraft.Black, Owner: 0}, Label: 1, By: 0},
			{ID: 2, Card: stitchcraft.Card{Colour: stitchcraft.Purple, Owner: 1}, Label: 1, By: 1, Reaction: true, Target: 1},
		},
		Active: 0, Actions: 1, Turns: 14, TurnLimit: 200, ToAct: []int{0}, Window: 0, Powers: scPowers(stitchcraft.Loom)}
}

// scCrowd is a five-seat Crowd Favorite table (spec Ex 10's favours, one
// seat out).
func scCrowd() stitchcraft.View {
	return stitchcraft.View{Viewer: games.Spectator, Pattern: stitchcraft.Attrition, Mode: stitchcraft.Crowd, Timeout: "1h", Seats: 5,
		Players: []stitchcraft.PlayerView{
			{Seat: 0, Chest: 22, HandSize: 3, Display: scFaces("WWW", 4, true), Show: scCards(0, "KKK"), Scrap: scCols("BR"), Favor: -2},
			{Seat: 1, Chest: 0, HandSize: 2, Display: scFaces("", 1, true), Show: scCards(1, "Y"), Scrap: scCols(""), Favor: -2, Out: true},
			{Seat: 2, Chest: 19, HandSize: 1, Display: scFaces("WWWWWWWWWW", 3, true), Show: scCards(2, "BKRGWO"), Scrap: scCols("PPGGGO"), Favor: 4},
			{Seat: 3, Chest: 25, HandSize: 5, Display: scFaces("W", 7, true), Show: scCards(3, "RRG"), Scrap: scCols("Y"), Favor: 4},
			{Seat: 4, Chest: 24, HandSize: 4, Display: scFaces("", 1, true), Show: scCards(4, ""), Scrap: scCols("KWOYP"), Favor: 0},
		},
		Removed: append(scCards(2, "KW"), scCards(3, "GP")...), Stack: []stitchcraft.Entry{},
		Active: 3, Actions: 2, Turns: 41, TurnLimit: 500, ToAct: []int{3}, Window: -1,
		Pending: &stitchcraft.PendingView{Power: "Pilfer", Colour: stitchcraft.Red, Ctrl: 3, Target: -1, LookOf: -1},
		Powers:  scPowers(stitchcraft.Attrition)}
}

// scConsortium is a finished hard-mode Consortium game seen by seat 1.
func scConsortium() stitchcraft.View {
	return stitchcraft.View{Viewer: 1, Pattern: stitchcraft.Racketeering, Mode: stitchcraft.Consortium, Hard: true, Timeout: "15m", Seats: 4,
		Players: []stitchcraft.PlayerView{
			{Seat: 0, Team: "A", Chest: 12, HandSize: 2, Display: scFaces("KK", 9, true), Show: append(scCards(0, "BBBKR"), scCards(2, "BGWOYP")...), Scrap: scCols("")},
			{Seat: 1, Team: "B", Chest: 15, HandSize: 3, Hand: scCols("RGY"), Display: scFaces("P", 6, false), Show: append(scCards(1, "RR"), scCards(3, "GG")...), Scrap: scCols("BB")},
			{Seat: 2, Team: "A", Chest: 10, HandSize: 1, Display: scFaces("", 1, true), Show: []stitchcraft.Card{}, Scrap: scCols("K")},
			{Seat: 3, Team: "B", Chest: 18, HandSize: 2, Hand: scCols("WO"), Display: scFaces("KO", 4, false), Show: []stitchcraft.Card{}, Scrap: scCols("")},
		},
		Removed: []stitchcraft.Card{}, Stack: []stitchcraft.Entry{}, Active: 2, Turns: 60, TurnLimit: 400, ToAct: []int{}, Window: -1,
		Over: true, Winners: []int{0, 2}, Reason: "showcase", Powers: scPowers(stitchcraft.Racketeering)}
}

// scPanel is seat 0's panel during a Heddles choice after a Reed peek.
func scPanel() stitchcraft.View {
	v := scEx6()
	v.Viewer = 0
	v.Stack = []stitchcraft.Entry{}
	v.Window = -1
	v.Players[0].Hand = scCols("YYO")
	v.Players[0].HandSize = 3
	v.Players[0].Display = scFaces("PW", 2, false)
	v.Players[0].Look = &stitchcraft.Look{Of: 1, Cards: scCols("BR"), Power: "Reed"}
	v.Pending = &stitchcraft.PendingView{Power: "Heddles", Colour: stitchcraft.Green, Ctrl: 0, Target: -1,
		Looked: scCols("RBY"), LookOf: 0, LookCount: 3}
	return v
}

// scGoldens are the golden pictures; scGoldensNamed draws them with names.
func scGoldens(t *testing.T) []imagingtest.Golden { return scGoldensNamed(t, nil) }

// scGoldensNamed draws the golden pictures with every seat named from names,
// or with each fixture's own names when names is nil.
func scGoldensNamed(t *testing.T, names []string) []imagingtest.Golden {
	o := func(d imaging.Options) imaging.Options {
		if names != nil {
			d.Names = names
		}
		return d
	}
	ours := imaging.Options{Names: []string{"Ada", "Brook", "Cyd", "Dee", "Eli"}}
	return []imagingtest.Golden{
		{Name: "sc_ex6_table", Draw: func() (image.Image, error) { return Table(scEx6(), o(ours)) }},
		{Name: "sc_crowd_table", Draw: func() (image.Image, error) { return Table(scCrowd(), o(ours)) }},
		{Name: "sc_consortium_table", Draw: func() (image.Image, error) { return Table(scConsortium(), o(imaging.Options{})) }},
		{Name: "sc_panel", Draw: func() (image.Image, error) { return Panel(scPanel(), o(ours)) }},
		{Name: "sc_consortium_panel", Draw: func() (image.Image, error) { return Panel(scConsortium(), o(imaging.Options{})) }},
		{Name: "sc_reference", Draw: func() (image.Image, error) { return Reference(scCrowd(), o(ours)) }},
		{Name: "sc_reference_over", Draw: func() (image.Image, error) { return Reference(scConsortium(), o(imaging.Options{})) }},
	}
}

func TestGoldenStitchcraft(t *testing.T) {
	imagingtest.CheckGoldens(t, scGoldens(t), nil)
}

func TestStitchcraftRenderDispatch(t *testing.T) {
	v := scPanel()
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
		if _, err := Pictures.Render(k, v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s): %v", k, err)
		}
		if _, err := Pictures.Render(k, &v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s, pointer): %v", k, err)
		}
	}
	if _, err := Pictures.Render(imaging.Table, (*stitchcraft.View)(nil), imaging.Options{}); err == nil {
		t.Error("nil view pointer rendered")
	}
	if _, err := Pictures.Render(imaging.Panel, scEx6(), imaging.Options{}); err == nil || !strings.HasPrefix(err.Error(), "imaging: ") {
		t.Errorf("spectator panel: %v", err)
	}
	bad := scEx6()
	bad.Pattern = "quilt"
	if _, err := Pictures.Render(imaging.Table, bad, imaging.Options{}); err == nil {
		t.Error("unknown pattern rendered")
	}
}

// TestStitchcraftTableHidesFaces checks that the table never draws a
// Display colour, even from a view that knows it.
func TestStitchcraftTableHidesFaces(t *testing.T) {
	a, _ := Table(scPanel(), imaging.Options{})
	v := scPanel()
	v.Players[0].Display = scFaces("KK", 2, false)
	b, _ := Table(v, imaging.Options{})
	if msg := imagingtest.DiffImages(a, b); msg != "" {
		t.Errorf("the table changed with the Display colours: %s", msg)
	}
}

// TestStitchcraftRendersEngineViews renders real engine views from a
// seeded four-player game at a few points, for every viewer kind.
func TestStitchcraftRendersEngineViews(t *testing.T) {
	tb, _, err := games.Bind(stitchcraft.Game{}).New(games.Options{"mode": "consortium"}, 4, [2]uint64{5, 6})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !tb.Over() && i < 60; i++ {
		seat := tb.ToAct()[0]
		if i%25 == 10 {
			for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
				if _, err := Pictures.Render(k, tb.View(seat), imaging.Options{}); err != nil {
					t.Fatalf("node %d, %s: %v", i, k, err)
				}
			}
		}
		if _, err := tb.Play(seat, tb.Version(), tb.Legal(seat)[0].Key); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStitchcraftReferenceSaysGameOverOnce checks that the reference of a
// finished game states the result once, in its banner, and not again in
// the header (issue 16 item 10).
func TestStitchcraftReferenceSaysGameOverOnce(t *testing.T) {
	over := scConsortium()
	draw := scConsortium()
	draw.Winners, draw.Draw, draw.Reason = nil, true, "cap"
	survivors := scConsortium()
	survivors.Mode, survivors.Winners, survivors.Draw, survivors.Reason = stitchcraft.FFA, []int{1, 3}, true, "cap"
	running := scConsortium()
	running.Over, running.Winners = false, nil
	opt := imaging.Options{Names: []string{"Ada", "Bea", "Cy", "Di"}}
	for _, tt := range []struct {
		name         string
		v            stitchcraft.View
		status, band string
	}{
		{"won", over, "Stitchcraft · Consortium · final result", "Game over: Ada and Cy win."},
		{"draw", draw, "Stitchcraft · Consortium · final result", "Game over: a draw at the turn limit."},
		{"draw among survivors", survivors, "Stitchcraft · Free For All · final result", "Game over: a draw among Bea and Di at the turn limit."},
		{"running", running, stStatus(running, opt), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, band := stReferenceText(tt.v, opt)
			if status != tt.status || band != tt.band {
				t.Fatalf("reference text %q / %q, want %q / %q", status, band, tt.status, tt.band)
			}
			if n := strings.Count(status+"\n"+band, "Game over"); n > 1 {
				t.Fatalf("the reference says Game over %d times", n)
			}
		})
	}
}

func BenchmarkStitchcraftTable(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, scCrowd(), imaging.Options{}))
}
func BenchmarkStitchcraftPanel(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, scPanel(), imaging.Options{}))
}
func BenchmarkStitchcraftReference(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Reference, scCrowd(), imaging.Options{}))
}
