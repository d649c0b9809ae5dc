package commands

import (
	"strings"
	"testing"
)

func TestHelpAndPrivacy(t *testing.T) {
	h := newHarness(t)
	resp, err := h.command(alice, "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	text := m.Embeds[0].Description
	for _, f := range m.Embeds[0].Fields {
		text += f.Value
	}
	for _, info := range h.app.Catalog.Games() {
		if !strings.Contains(text, "`"+info.ID+"`") {
			t.Errorf("/help does not list %s", info.ID)
		}
	}
	if !m.Ephemeral || !strings.Contains(text, "/game new") || !strings.Contains(text, "Add AI") || !strings.Contains(text, "/rules") {
		t.Fatalf("/help: %+v", m)
	}
	resp, err = h.command(alice, "privacy", nil)
	if err != nil || !resp.Message.Ephemeral || !strings.Contains(resp.Message.Embeds[0].Fields[0].Value, "user id") {
		t.Fatalf("/privacy: %+v %v", resp.Message, err)
	}
}

// TestStandingsPrivateUnlessShared: /leaderboard, /stats and /history
// answer privately, and for the channel with public:true, never pinging.
func TestStandingsPrivateUnlessShared(t *testing.T) {
	h := newHarness(t)
	for _, cmd := range []string{"leaderboard", "stats", "history"} {
		private, err := h.command(alice, cmd, nil)
		if err != nil || !private.Message.Ephemeral {
			t.Fatalf("/%s without public: %+v %v", cmd, private.Message, err)
		}
		shared, err := h.command(alice, cmd, map[string]string{"public": "true"})
		if err != nil || shared.Message.Ephemeral || len(shared.Message.Mentions) != 0 {
			t.Fatalf("/%s public:true: %+v %v", cmd, shared.Message, err)
		}
	}
}

// TestForgetMe: /forget-me explains first and acts only with confirm; a
// player at a running table is refused; afterwards the finished game names
// a former player, its moves carry no user, and its replay still works.
func TestForgetMe(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.move(alice)
	if resp, err := h.command(alice, "forget-me", map[string]string{"confirm": "true"}); err == nil {
		t.Fatalf("forgot a player in the middle of a game: %+v", resp.Message)
	}
	h.playOn(id, 1)
	resp, err := h.command(alice, "forget-me", nil)
	if err != nil || !strings.Contains(resp.Message.Content, "confirm:True") {
		t.Fatalf("/forget-me without confirm: %+v %v", resp.Message, err)
	}
	if log, _ := h.store.Log(id); log[1].User != alice.ID && log[2].User != alice.ID {
		t.Fatal("the test's game has no move by alice")
	}
	if _, err := h.command(alice, "forget-me", map[string]string{"confirm": "true"}); err != nil {
		t.Fatal(err)
	}
	log, _ := h.store.Log(id)
	for _, e := range log {
		if e.User == alice.ID {
			t.Fatalf("move %d still names alice", e.Version)
		}
	}
	hist, err := h.command(bob, "history", nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := hist.Message.Embeds[0].Description; strings.Contains(d, alice.ID) || !strings.Contains(d, "a former player") {
		t.Fatalf("/history after alice was forgotten: %q", d)
	}
	if resp, err := h.command(bob, "game replay", map[string]string{"id": "1"}); err != nil || resp.Message == nil {
		t.Fatalf("the replay broke: %v", err)
	}
}
