package commands

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/storage"
)

// TestRecapGroupsAndFolds: a board's story groups consecutive steps by who
// acted (a chance step joins the group before it), drops the actor's own
// name from the start of their lines, and when it is too long gives way to
// a note linking the game log, oldest first.
func TestRecapGroupsAndFolds(t *testing.T) {
	b := storage.Binding{Guild: "g1", Names: []string{"Alice", "Bob"}, Log: storage.BoardLog{Channel: "th1", Message: "m9"}}
	steps := []games.Step{
		{Seat: 0, Key: "a", Events: []games.Event{{Public: "{{p0}} plays the Knot" + strings.Repeat(", and more", 10) + "."}, {Public: games.Points(0, 3, "points", "column") + "."}}},
		{Seat: games.Chance, Key: "c", Events: []games.Event{{Public: "A card is drawn."}}},
		{Seat: 1, Key: "b", Events: []games.Event{{Public: "{{p1}} passes."}}},
		{Seat: 1, Key: "b2", Events: []games.Event{{Public: "{{p1}} draws a card."}, {Private: map[games.Seat]string{1: "secret"}}}},
	}
	groups := groupSteps(steps)
	if len(groups) != 2 || groups[0].seat != 0 || len(groups[0].lines) != 3 || groups[1].seat != 1 || len(groups[1].lines) != 2 {
		t.Fatalf("groups = %+v", groups)
	}
	text := recapText(b, groups, false, recapBudget)
	want := "**Alice**: plays the Knot" + strings.Repeat(", and more", 10) + ". · +3 points (column). · A card is drawn.\n**Bob**: passes. · draws a card."
	if text != want {
		t.Fatalf("story =\n%s\nwant\n%s", text, want)
	}
	if strings.Contains(text, "secret") {
		t.Fatal("a private line reached the story")
	}
	short := recapText(b, groups, false, 150)
	if !strings.HasPrefix(short, "*…3 earlier lines in [the game log](https://discord.com/channels/g1/th1/m9).*") || !strings.Contains(short, "**Bob**") || strings.Contains(short, "Alice") {
		t.Fatalf("folded story = %q", short)
	}
	if len(short) > 150 {
		t.Fatalf("folded story is %d bytes", len(short))
	}
	if cut := recapText(b, groups[1:], true, recapBudget); !strings.HasPrefix(cut, "*…earlier lines are in [the game log]") {
		t.Fatalf("a story read only in part does not say so: %q", cut)
	}
}

// TestBoardTellsTheTurn: after bob's move the board tells what happened
// since alice last moved, by whom, and a board edited during the same turn
// keeps its message.
func TestBoardTellsTheTurn(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	h.move(alice)
	h.move(bob)
	board := h.lastTable().msg
	desc := board.Embeds[0].Description
	if !strings.Contains(desc, "**bob**") || strings.Contains(desc, "**alice**") {
		t.Fatalf("the board's story after bob's move: %q", desc)
	}
	if !strings.Contains(board.Content, "<@100>") || !slices.Contains(board.Mentions, alice.ID) {
		t.Fatalf("the board does not ping alice: %q %v", board.Content, board.Mentions)
	}
}
