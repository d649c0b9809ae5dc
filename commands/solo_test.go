package commands

import (
	"math/rand/v2"
	"strings"
	"testing"

	"spindle/games"
)

// TestTapestrySoloGame: one person starts a Tapestry lobby alone with the
// Automa at level 3: the game has one seat, the bots' turns run inside
// the engine (every table message waits for alice), and the finished
// game is in her history, with the Automa's score, and rates nobody.
func TestTapestrySoloGame(t *testing.T) {
	h := everyGameHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "tapestry"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "automa_level", "3")
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	id, err := h.store.Active("c1")
	if err != nil {
		t.Fatal(err)
	}
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
