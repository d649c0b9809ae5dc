package commands

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"spindle/games"
	"spindle/storage"
)

// finishGame plays a whole Warp and Weft game between alice and bob in
// channel c1 (alice moves first) until one of them wins (a rare draw is
// played again); it returns the table id and its result.
func (h *harness) finishGame() (uint64, games.Result) {
	t := h.t
	for range 5 {
		id := h.startGame()
		if r := h.playOn(id, 0); !r.Draw {
			return id, r
		}
	}
	t.Fatal("five draws in a row")
	return 0, games.Result{}
}

// playOn plays table id's moves (first-legal, alice on even turns, bob on
// odd ones, counting from turn) until the game is over; it returns the
// result.
func (h *harness) playOn(id uint64, turn int) games.Result {
	for ; ; turn++ {
		tbl, err := h.store.Load(h.app.Catalog, id)
		if err != nil {
			h.t.Fatal(err)
		}
		if r, over := tbl.Result(); over {
			return r
		}
		h.move([]User{alice, bob}[turn%2])
	}
}

// pngOf decodes a message's attachment.
func pngOf(t *testing.T, m *Message, name string) {
	t.Helper()
	for _, f := range m.Files {
		if f.Name == name {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				t.Fatalf("%s is not a PNG: %v", name, err)
			}
			return
		}
	}
	t.Fatalf("no %s in %+v", name, m.Files)
}

func TestFinishedGameMovesLeaderboardAndStats(t *testing.T) {
	h := newHarness(t)
	// Before any game: an empty board and no stats.
	resp, err := h.command(alice, "leaderboard", map[string]string{"game": "warpweft"})
	if err != nil || !strings.Contains(resp.Message.Embeds[0].Description, "No rated games") {
		t.Fatalf("empty leaderboard: %v %+v", err, resp.Message)
	}
	pngOf(t, resp.Message, "leaderboard.png")
	resp, err = h.command(alice, "stats", nil)
	if err != nil || !strings.Contains(resp.Message.Content, "no rated games") {
		t.Fatalf("stats before a game: %v %+v", err, resp.Message)
	}

	id, r := h.finishGame()
	winner, loser := alice, bob
	if r.Winners[0] == 1 {
		winner, loser = bob, alice
	}
	// A newcomer's Glicko-2 lower bound is 1500 − 2·350 = 800: the winner
	// goes above it, the loser below.
	w, err := h.store.Stats("g1", winner.ID, "warpweft")
	if err != nil {
		t.Fatal(err)
	}
	l, _ := h.store.Stats("g1", loser.ID, "warpweft")
	if w.Conservative() <= 800 || l.Conservative() >= 800 || w.Wins != 1 || l.Losses != 1 {
		t.Fatalf("winner %+v (%.1f), loser %+v (%.1f)", w, w.Conservative(), l, l.Conservative())
	}

	for _, game := range []string{"warpweft", "all", ""} {
		resp, err = h.command(carol, "leaderboard", map[string]string{"game": game})
		if err != nil {
			t.Fatal(err)
		}
		e := resp.Message.Embeds[0]
		lines := strings.Split(e.Description, "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "1. <@"+winner.ID+">") || !strings.HasPrefix(lines[1], "2. <@"+loser.ID+">") {
			t.Fatalf("leaderboard %q: %q", game, e.Description)
		}
		if !resp.Message.Ephemeral || e.Image != "leaderboard.png" {
			t.Fatalf("leaderboard message %+v", resp.Message)
		}
		pngOf(t, resp.Message, "leaderboard.png")
	}
	if !strings.Contains(resp.Message.Embeds[0].Title, "All games") {
		t.Fatalf("the default board is %q", resp.Message.Embeds[0].Title)
	}
	// One page: both buttons are there and disabled; a page past the end
	// shows the last one; the ▶ button still answers.
	resp, _ = h.command(alice, "leaderboard", map[string]string{"game": "warpweft", "page": "7"})
	row := resp.Message.Rows[0]
	if len(row.Buttons) != 2 || !row.Buttons[0].Disabled || !row.Buttons[1].Disabled || !strings.Contains(resp.Message.Embeds[0].Footer, "page 1 of 1") {
		t.Fatalf("page buttons %+v, footer %q", row, resp.Message.Embeds[0].Footer)
	}
	next, err := h.click(alice, "lb", button(t, *resp.Message, "▶"))
	if err != nil || !next.Update || !strings.Contains(next.Message.Embeds[0].Footer, "page 1 of 1") {
		t.Fatalf("▶: %v %+v", err, next.Message)
	}
	if _, err := h.command(alice, "leaderboard", map[string]string{"page": "0"}); err == nil {
		t.Fatal("page 0 was accepted")
	}
	if _, err := h.command(alice, "leaderboard", map[string]string{"game": "chess"}); err == nil {
		t.Fatal("an unknown game was accepted")
	}

	// /stats: the winner's own and the loser's, by option.
	resp, err = h.command(winner, "stats", map[string]string{"game": "warpweft"})
	if err != nil {
		t.Fatal(err)
	}
	field := func(m *Message, name string) string {
		for _, f := range m.Embeds[0].Fields {
			if f.Name == name {
				return f.Value
			}
		}
		t.Fatalf("no field %q in %+v", name, m.Embeds[0].Fields)
		return ""
	}
	if field(resp.Message, "Games") != "1" || field(resp.Message, "Win rate") != "100%" ||
		!strings.Contains(field(resp.Message, "Rating"), fmt.Sprintf("**%.0f** — #1 of 2", w.Conservative())) {
		t.Fatalf("winner's stats %+v", resp.Message.Embeds[0].Fields)
	}
	pngOf(t, resp.Message, "stats.png")
	resp, err = h.command(carol, "stats", map[string]string{"user": loser.ID})
	if err != nil || field(resp.Message, "Win rate") != "0%" || !strings.Contains(field(resp.Message, "Rating"), "#2 of 2") ||
		!strings.Contains(field(resp.Message, "By game"), "Warp and Weft") {
		t.Fatalf("loser's overall stats: %v %+v", err, resp.Message)
	}

	// /history lists the game with a link to its result message.
	b, _ := h.store.GetBinding(id)
	resp, err = h.command(carol, "history", nil)
	if err != nil {
		t.Fatal(err)
	}
	desc := resp.Message.Embeds[0].Description
	link := fmt.Sprintf("https://discord.com/channels/g1/c1/%s", b.Message)
	if !strings.Contains(desc, fmt.Sprintf("#%d", id)) || !strings.Contains(desc, link) || !strings.Contains(desc, "1st <@"+winner.ID+">") {
		t.Fatalf("history %q lacks table #%d or %s", desc, id, link)
	}
	if b.Message != h.rec.last("c1").id {
		t.Fatalf("the binding's message %s is not the result %s", b.Message, h.rec.last("c1").id)
	}
	resp, _ = h.command(carol, "history", map[string]string{"user": carol.ID})
	if !strings.Contains(resp.Message.Content, "none finished") {
		t.Fatalf("carol's history: %+v", resp.Message)
	}
	// Another server sees nothing.
	other, _ := h.do(Request{Kind: Command, User: alice, Command: "history", Guild: "g2", Channel: "c9"})
	if !strings.Contains(other.Message.Content, "none finished") {
		t.Fatalf("history of another server: %+v", other.Message)
	}
}

func TestAbandonedGameIsNotRated(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	h.move(alice)
	if _, err := h.command(alice, "game abandon", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.Stats("g1", alice.ID, "warpweft"); err == nil {
		t.Fatal("an abandoned game was rated")
	}
	if recs, _ := h.store.History("g1", "", storage.AllGames, 10); len(recs) != 0 {
		t.Fatalf("an abandoned game is in the history: %+v", recs)
	}
}
