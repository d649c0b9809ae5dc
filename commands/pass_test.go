package commands

import (
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
)

// TestPassButtonWhenMovesAreMenus: a game's pass or "done" move stays a
// button (with the game's label) when the moves themselves are menus, and
// is not repeated when the moves are buttons already.
func TestPassButtonWhenMovesAreMenus(t *testing.T) {
	tb, _, err := games.Bind(archravels.Game{}).New(games.Options{"first_player": "1"}, 2, [2]uint64{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	choices := tb.Legal(0)
	if len(choices) > MaxButtonsPerRow {
		t.Fatalf("choosing a space offers %d moves", len(choices))
	}
	if _, ok := passButton(CustomID{Table: 7, Version: tb.Version()}, tb, 0, choices); ok {
		t.Fatal("a pass button next to move buttons")
	}
	if _, err := tb.Play(0, tb.Version(), "space:1"); err != nil {
		t.Fatal(err)
	}
	choices = tb.Legal(0)
	b, ok := passButton(CustomID{Table: 7, Version: tb.Version()}, tb, 0, choices)
	if !ok || !strings.HasPrefix(b.Label, "Done with actions") || b.Style != Success {
		t.Fatalf("pass button %+v, %v", b, ok)
	}
	id, err := ParseCustomID(b.CustomID)
	if err != nil || id.Route != 't' || id.Arg != "end" || id.Version != tb.Version() {
		t.Fatalf("pass button custom_id %q: %+v %v", b.CustomID, id, err)
	}
}

// TestJoinOrderSeatingDefault: a game whose rules seat players in join
// order gets the lobby's Seating option defaulting to the order shown.
func TestJoinOrderSeatingDefault(t *testing.T) {
	for _, c := range []struct {
		info games.Info
		want string
	}{
		{games.Info{MaxSeats: 4}, "random"},
		{games.Info{MaxSeats: 4, JoinOrder: true}, "chosen"},
		{archravels.Game{}.Info(), "chosen"},
	} {
		got := ""
		for _, o := range tableOptions(c.info) {
			if o.Key == optSeating {
				got = o.Default
			}
		}
		if got != c.want {
			t.Errorf("%+v: seating defaults to %q, want %q", c.info.ID, got, c.want)
		}
	}
}
