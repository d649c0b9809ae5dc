package commands

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestOpenPanelFollowsTheTurn: alice's panel, answered to her click,
// follows the game: when bob's move gives her the turn, the App edits that
// reply to her moves; when the turn leaves her, a waiting panel is left
// alone; a panel answered while the game had already moved on (the answer
// was on its way) is brought up to date as soon as it is delivered.
func TestOpenPanelFollowsTheTurn(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	board := h.rec.last("c1")
	// alice opens her panel from the board and moves: her click's answer
	// is her panel, now waiting for bob.
	opened, err := h.click(alice, board.id, button(t, board.msg, "My hand & moves"))
	if err != nil || !strings.Contains(opened.Message.Content, "Your move") {
		t.Fatalf("alice's panel: %v %+v", err, opened.Message)
	}
	h.move(alice)
	edits := len(h.rec.replies)
	// bob moves: the turn is alice's again, and her open panel shows it.
	h.move(bob)
	if len(h.rec.replies) != edits+1 {
		t.Fatalf("bob's move made %d edits of open panels, want 1", len(h.rec.replies)-edits)
	}
	got := h.rec.replies[len(h.rec.replies)-1]
	if !strings.HasPrefix(got.id, "tok-") || !strings.Contains(got.msg.Content, "**Your move.**") || got.msg.panel == nil || got.msg.panel.seat != 0 {
		t.Fatalf("the followed panel is %q through %q", got.msg.Content, got.id)
	}
	if strings.Contains(got.msg.Content, "⚠️") || strings.Contains(got.msg.Content, "↻") {
		t.Fatalf("the followed panel warns: %q", got.msg.Content)
	}
	// The same state again edits nothing.
	b, _ := h.store.GetBinding(1)
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	h.app.followPanels(context.Background(), h.rec, b, tbl, -1)
	if len(h.rec.replies) != edits+1 {
		t.Fatal("a panel already current was edited again")
	}
	// A panel answered at an older state is caught up on delivery.
	stale := Response{Message: &Message{Ephemeral: true, panel: &panelMark{table: 1, seat: 1, state: "act:1"}}, Update: true}
	h.app.Delivered(context.Background(), Request{Kind: Component, User: bob, Token: "tok-late", At: time.Unix(1700000000, 0)}, stale, h.rec)
	last := h.rec.replies[len(h.rec.replies)-1]
	if last.id != "tok-late" || !strings.Contains(last.msg.Content, "Waiting for") {
		t.Fatalf("a late panel was not caught up: %q through %q", last.msg.Content, last.id)
	}
}

// TestRefusedPanelEditLeavesTheGameGoing: when Discord refuses the edit of
// an open panel (an expired token, an outage), the move is still committed
// and announced, the board pings alice as usual, and the App stops trying
// that token; alice's next panel is remembered afresh.
func TestRefusedPanelEditLeavesTheGameGoing(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	h.move(alice)
	h.rec.mu.Lock()
	h.rec.refuseReplies = errors.New("discord: 401 Invalid Webhook Token")
	h.rec.mu.Unlock()
	before, _ := h.store.Load(h.app.Catalog, 1)
	h.move(bob)
	after, _ := h.store.Load(h.app.Catalog, 1)
	if after.Version() <= before.Version() {
		t.Fatal("bob's move was not committed")
	}
	if board := h.lastTable().msg; !slices.Contains(board.Mentions, alice.ID) {
		t.Fatalf("the board after bob's move does not ping alice: %q", board.Content)
	}
	if _, ok := h.app.panels.get(panelKey{1, 0}); ok {
		t.Fatal("a refused token is still remembered")
	}
	h.rec.mu.Lock()
	h.rec.refuseReplies = nil
	h.rec.mu.Unlock()
	h.move(alice) // opens a new panel from the board, as the player would
	if _, ok := h.app.panels.get(panelKey{1, 0}); !ok {
		t.Fatal("alice's new panel is not remembered")
	}
}
