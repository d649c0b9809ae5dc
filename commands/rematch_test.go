package commands

import (
	"slices"
	"strings"
	"testing"
)

// TestRematch: the result offers Rematch; a player's press opens a new
// lobby here with the same seats and options, hosted by them, pinging the
// others; nobody else may press it, and a second press finds the channel
// taken.
func TestRematch(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.playOn(id, 0)
	result := h.rec.last("c1")
	old, _ := h.store.GetBinding(id)
	if _, err := h.click(carol, result.id, button(t, result.msg, "Rematch")); err == nil {
		t.Fatal("carol, who did not play, started a rematch")
	}
	if _, err := h.click(bob, result.id, button(t, result.msg, "Rematch")); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	next, err := h.store.Active("c1")
	if err != nil || next == id {
		t.Fatalf("no new lobby in the channel: %v", err)
	}
	b, _ := h.store.GetBinding(next)
	if b.Status != statusLobby || b.Host != bob.ID || !slices.Equal(b.Users, old.Users) || b.Options["roles"] != old.Options["roles"] {
		t.Fatalf("the rematch lobby: %+v (was %+v)", b, old)
	}
	if !slices.Equal(lobby.msg.Mentions, []string{alice.ID}) || !strings.Contains(lobby.msg.Content, "rematch") {
		t.Fatalf("the rematch lobby pings %v: %q", lobby.msg.Mentions, lobby.msg.Content)
	}
	if _, err := h.click(alice, result.id, button(t, result.msg, "Rematch")); err == nil {
		t.Fatal("a second rematch opened while the first lobby holds the channel")
	}
	if _, err := h.click(bob, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	if b, _ = h.store.GetBinding(next); b.Status != statusActive {
		t.Fatalf("the rematch did not start: %q", b.Status)
	}
}

// TestChallenge: /game new opponent:@bob pings bob, whose lobby button
// reads Accept until he takes his seat.
func TestChallenge(t *testing.T) {
	h := newHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft", "opponent": alice.ID}); err == nil {
		t.Fatal("alice challenged herself")
	}
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft", "opponent": bob.ID}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	if !slices.Equal(lobby.msg.Mentions, []string{bob.ID}) || !strings.Contains(lobby.msg.Content, "<@"+bob.ID+">") {
		t.Fatalf("the challenge does not ping bob: %q %v", lobby.msg.Content, lobby.msg.Mentions)
	}
	resp, err := h.click(bob, lobby.id, button(t, lobby.msg, "Accept"))
	if err != nil {
		t.Fatal(err)
	}
	if hasButton(resp.Message, "Accept") || !hasButton(resp.Message, "Join") {
		t.Fatalf("the lobby still asks for an answer after bob accepted: %+v", resp.Message.Rows)
	}
	if b, _ := h.store.GetBinding(1); !slices.Contains(b.Users, bob.ID) {
		t.Fatalf("bob is not seated: %v", b.Users)
	}
}
