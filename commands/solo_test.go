package commands

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"spindle/games"
)

// startTapestryAlone opens a Tapestry lobby for alice alone, sets the
// Automa's level unless level is empty (the default, 2), starts the solo
// game and returns its table id.
func (h *harness) startTapestryAlone(level string) uint64 {
	t := h.t
	if _, err := h.command(alice, "game new", map[string]string{"game": "tapestry"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	if level != "" {
		h.setLobbyOption(alice, lobby, "automa_level", level)
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	id, err := h.store.Active("c1")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestTapestrySoloGame: one person starts a Tapestry lobby alone with the
// Automa at level 3: the game has one seat, the bots' turns run inside
// the engine (every table message waits for alice), and the finished
// game is in her history, with the Automa's score, and rates nobody.
func TestTapestrySoloGame(t *testing.T) {
	h := everyGameHarness(t)
	id := h.startTapestryAlone("3")
	rng := rand.New(rand.NewPCG(5, 6))
	for step := 0; ; step++ {
		tbl, err := h.store.Load(h.app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		if tbl.Seats() != 1 || tbl.Options()["automa_level"] != "3" {
			t.Fatalf("%d seats, options %v", tbl.Seats(), tbl.Options())
		}
		if tbl.Over() {
			break
		}
		if step > 3000 {
			t.Fatal("no end")
		}
		if to := tbl.ToAct(); len(to) != 1 || to[0] != 0 {
			t.Fatalf("to act: %v", to)
		}
		legal := tbl.Legal(0)
		key := legal[games.PickWeighted(tbl.Weights(0), len(legal), rng.IntN)].Key
		if _, err := h.click(alice, "panel", CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: key}.MustEncode()); err != nil {
			t.Fatalf("alice's move %q: %v", key, err)
		}
	}
	final := h.rec.last("c1")
	if len(final.msg.Embeds) == 0 || !strings.Contains(final.msg.Embeds[0].Description+final.msg.Embeds[0].Fields[0].Value, "The Automa (level 3") {
		t.Fatalf("the result does not show the Automa: %+v", final.msg.Embeds)
	}
	rec, err := h.store.GameHistory(id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Rated || len(rec.Ranks) != 1 || rec.Ranks[0] < 1 || rec.Ranks[0] > 2 {
		t.Fatalf("history %+v", rec)
	}
}

// TestTapestryBoardRefusedThenDelivered: Tapestry's board carries two
// pictures (the table and the players). When the channel refuses it, the
// move is still committed and waits in the outbox; once Discord takes
// messages again the retry posts the whole board, both pictures with
// their embeds, and the table is not stuck: alice plays on.
func TestTapestryBoardRefusedThenDelivered(t *testing.T) {
	h := everyGameHarness(t)
	id := h.startTapestryAlone("")
	play := func() {
		t.Helper()
		tbl, err := h.store.Load(h.app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		key := tbl.Legal(0)[0].Key
		if _, err := h.click(alice, "panel", CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: key}.MustEncode()); err != nil {
			t.Fatalf("alice's move %q: %v", key, err)
		}
	}
	before := len(h.rec.posts["c1"])
	h.rec.setRefuse(errors.New("discord: 50013 Missing Permissions"))
	play()
	if len(h.rec.posts["c1"]) != before {
		t.Fatal("a board was posted while the channel refused")
	}
	if recs, err := h.store.Unannounced(0); err != nil || len(recs) != 1 || recs[0].Table != id {
		t.Fatalf("outbox: %+v %v", recs, err)
	}
	h.rec.setRefuse(nil)
	h.app.Now = func() time.Time { return time.Now().Add(time.Hour) }
	if n, err := h.app.Redeliver(context.Background(), h.rec, 0); err != nil || n != 1 {
		t.Fatalf("redeliver: %d %v", n, err)
	}
	board := h.rec.last("c1").msg
	var files []string
	for _, f := range board.Files {
		files = append(files, f.Name)
	}
	// One picture: the board holds what the players read at a glance.
	if !slices.Equal(files, []string{"table.png"}) || len(board.Embeds) != 1 || board.Embeds[0].Image != "table.png" {
		t.Fatalf("the delivered board: files %v, %d embeds", files, len(board.Embeds))
	}
	if recs, _ := h.store.Unannounced(0); len(recs) != 0 {
		t.Fatalf("still in the outbox: %+v", recs)
	}
	play() // the table is not stuck
}

// TestPlayersCitiesButton: a Tapestry board, one picture, offers everyone
// the players' cities on demand (the Players picture, drawn from the
// spectator's view) in a private answer, deferred first; a Warp and Weft
// board, whose game draws no such picture, has no such button.
func TestPlayersCitiesButton(t *testing.T) {
	h := everyGameHarness(t)
	h.startTapestryAlone("")
	board := h.rec.last("c1")
	id := button(t, board.msg, "Players' cities")
	if d := h.app.DeferFor(Request{Kind: Component, CustomID: id}); d != DeferEphemeral {
		t.Errorf("the button is deferred as %v, want ephemeral", d)
	}
	for _, u := range []User{alice, bob} { // the player and a passer-by
		resp, err := h.click(u, board.id, id)
		if err != nil {
			t.Fatal(err)
		}
		m := resp.Message
		if m == nil || !m.Ephemeral || len(m.Files) != 1 || m.Files[0].Name != "players.png" || len(m.Files[0].Data) == 0 {
			t.Fatalf("%s: answer %+v, want a private players.png", u.Name, m)
		}
	}
	if len(board.msg.Files) != 1 {
		t.Errorf("the board carries %d pictures, want one", len(board.msg.Files))
	}

	w := newHarness(t)
	w.startGame()
	for _, r := range w.rec.last("c1").msg.Rows {
		for _, b := range r.Buttons {
			if b.Label == "Players' cities" {
				t.Error("a Warp and Weft board offers the players' cities")
			}
		}
	}
}
