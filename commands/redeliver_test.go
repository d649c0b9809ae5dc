package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle/games"
	"spindle/storage"
)

// TestRefusedBoardIsDeliveredLater: when the channel refuses the new
// board, the move still succeeds for the player (with a notice), stays in
// the outbox, and the retry loop posts it, with the move's log line, once
// the channel takes messages again.
func TestRefusedBoardIsDeliveredLater(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	before := len(h.rec.posts["c1"])
	h.rec.setRefuse(errors.New("discord: 50013 Missing Permissions"))
	resp := h.move(alice)
	if resp.Message == nil || !strings.Contains(resp.Message.Content, "Your move is saved") {
		t.Fatalf("the mover was not told the move is saved: %+v", resp.Message)
	}
	if v := h.version(); v < 2 {
		t.Fatalf("the move was not committed (version %d)", v)
	}
	if len(h.rec.posts["c1"]) != before {
		t.Fatal("a board was posted while the channel refused")
	}
	if old := h.rec.last("c1").msg; !hasButton(&old, "My hand & moves") {
		t.Fatal("the old board lost its buttons though no new board replaced it")
	}
	recs, err := h.store.Unannounced(0)
	if err != nil || len(recs) != 1 || recs[0].Table != id {
		t.Fatalf("outbox: %+v %v", recs, err)
	}
	// Still refusing: the retry fails and backs off.
	h.rec.setRefuse(errors.New("discord: 503"))
	if n, err := h.app.Redeliver(context.Background(), h.rec, 0); err != nil || n != 0 {
		t.Fatalf("redeliver while refused: %d %v", n, err)
	}
	h.rec.setRefuse(nil)
	// Backing off: a retry right away does nothing.
	if n, _ := h.app.Redeliver(context.Background(), h.rec, 0); n != 0 {
		t.Fatal("no back-off after a failed attempt")
	}
	h.app.Now = func() time.Time { return time.Now().Add(time.Hour) }
	n, err := h.app.Redeliver(context.Background(), h.rec, 0)
	if err != nil || n != 1 {
		t.Fatalf("redeliver: %d %v", n, err)
	}
	board := h.rec.last("c1").msg
	if !strings.Contains(board.Content, "delayed") || !strings.Contains(board.Content, "<@200>") {
		t.Fatalf("the delayed board: %q", board.Content)
	}
	if recs, _ := h.store.Unannounced(0); len(recs) != 0 {
		t.Fatalf("outbox after delivery: %+v", recs)
	}
	if n, _ := h.app.Redeliver(context.Background(), h.rec, 0); n != 0 {
		t.Fatal("a delivered board was posted again")
	}
}

// TestCrashBetweenCommitAndPost: a move committed by a process that died
// before posting is announced by the next process at start-up.
func TestCrashBetweenCommitAndPost(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	tbl, err := h.store.Load(h.app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	seat := tbl.ToAct()[0]
	key := tbl.Legal(seat)[0].Key
	// The move commits; the process dies before it can post.
	if _, _, err := h.store.Play(h.app.Catalog, id, seat, tbl.Version(), key, storage.Meta{At: time.Now(), Interaction: "lost"}); err != nil {
		t.Fatal(err)
	}
	h.store.Close()
	st, err := storage.Open(h.path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h.store, h.app.Store = st, st
	before := len(h.rec.posts["c1"])
	if n, err := h.app.Redeliver(context.Background(), h.rec, 0); err != nil || n != 1 {
		t.Fatalf("start-up redelivery: %d %v", n, err)
	}
	if len(h.rec.posts["c1"]) != before+1 || !slices.Contains(h.rec.last("c1").msg.Mentions, bob.ID) {
		t.Fatalf("the lost move's board was not posted with bob's ping: %+v", h.rec.last("c1").msg.Content)
	}
}

// panicPoster panics on every post, as a damaged page read inside a
// background round would.
type panicPoster struct {
	*recorder
	mu    sync.Mutex
	posts int
}

func (p *panicPoster) Post(context.Context, string, Message) (string, error) {
	p.mu.Lock()
	p.posts++
	p.mu.Unlock()
	panic("boom")
}

// TestBackgroundRoundsSurviveAPanic: a panic inside a round of the timer
// loop is logged and the loop goes on with the next round.
func TestBackgroundRoundsSurviveAPanic(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	tbl, _ := h.store.Load(h.app.Catalog, id)
	seat := tbl.ToAct()[0]
	if _, _, err := h.store.Play(h.app.Catalog, id, seat, tbl.Version(), tbl.Legal(seat)[0].Key, storage.Meta{At: time.Now().Add(-time.Hour)}); err != nil {
		t.Fatal(err)
	}
	p := &panicPoster{recorder: h.rec}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.app.RunTimers(ctx, p, time.Millisecond) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		n := p.posts
		p.mu.Unlock()
		if n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the loop stopped after %d rounds", n)
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-done
}

// permanentErr is a refusal that can never pass (an unknown channel).
type permanentErr struct{}

func (permanentErr) Error() string   { return "discord: 10003 Unknown Channel" }
func (permanentErr) Permanent() bool { return true }

// TestRefusedReminderIsRetried: a reminder Discord refuses for now (an
// outage) is tried again later and arrives; one it can never take (the
// channel is gone) is dropped, not retried forever.
func TestRefusedReminderIsRetried(t *testing.T) {
	h, sc, start := startClocked(t, "async-24h:auto")
	posts := func() int { return len(h.rec.posts["c1"]) }
	before := posts()
	h.rec.setRefuse(errors.New("discord: 503 Service Unavailable"))
	h.fireAt(sc, start.Add(12*time.Hour))
	if posts() != before {
		t.Fatal("a refused reminder was posted")
	}
	h.rec.setRefuse(nil)
	h.fireAt(sc, start.Add(12*time.Hour+10*time.Second))
	if posts() != before+1 || !strings.Contains(h.rec.last("c1").msg.Content, "still your move") {
		t.Fatalf("the refused reminder never arrived (%d posts)", posts()-before)
	}
	// The 22h reminder meets a channel that is gone for good.
	h.rec.setRefuse(permanentErr{})
	h.fireAt(sc, start.Add(22*time.Hour))
	h.rec.setRefuse(nil)
	if n := h.fireAt(sc, start.Add(22*time.Hour+time.Hour)); n != 0 || posts() != before+1 {
		t.Fatalf("a reminder refused for good was retried (%d fired)", n)
	}
}

// goneErr is Discord's 10003 Unknown Channel.
type goneErr struct{ permanentErr }

func (goneErr) Gone() bool { return true }

// TestBoardForADeletedChannelEndsTheTable: when the retry loop finds the
// channel gone, the table ends without a result instead of retrying for
// ever.
func TestBoardForADeletedChannelEndsTheTable(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.rec.setRefuse(goneErr{})
	h.move(alice)
	h.app.Now = func() time.Time { return time.Now().Add(time.Hour) }
	if _, err := h.app.Redeliver(context.Background(), h.rec, 0); err != nil {
		t.Fatal(err)
	}
	b, err := h.store.GetBinding(id)
	if err != nil || b.Status != statusAbandoned {
		t.Fatalf("the table of a deleted channel is %q (%v)", b.Status, err)
	}
	if recs, _ := h.store.Unannounced(0); len(recs) != 0 {
		t.Fatalf("the outbox still holds the gone table: %+v", recs)
	}
}

// TestRefusedLobbyIsClosedAgain: when the channel refuses the lobby's
// message, the lobby is closed again (the channel stays free) and the host
// is told.
func TestRefusedLobbyIsClosedAgain(t *testing.T) {
	h := newHarness(t)
	h.rec.setRefuse(errors.New("discord: 503"))
	resp, err := h.command(alice, "game new", map[string]string{"game": "warpweft"})
	if err == nil || !strings.Contains(resp.Message.Content, "couldn't post the lobby") {
		t.Fatalf("a refused lobby answered %v %+v", err, resp.Message)
	}
	if _, err := h.store.Active("c1"); err == nil {
		t.Fatal("the refused lobby still holds the channel")
	}
	h.rec.setRefuse(nil)
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatalf("a new lobby after the refusal: %v", err)
	}
}

// TestSlowDiscordDoesNotHoldTheTable: while Discord is slow to take a
// board, the table is free: the next player's move commits at once, and
// the boards still reach the channel in the order of their moves.
func TestSlowDiscordDoesNotHoldTheTable(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	gate := make(chan struct{})
	h.rec.mu.Lock()
	h.rec.gate = gate
	h.rec.mu.Unlock()
	before := len(h.rec.posts["c1"])
	move := func(u User, n int) <-chan error {
		done := make(chan error, 1)
		tbl, err := h.store.Load(h.app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		seat := tbl.ToAct()[0]
		custom := CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: tbl.Legal(seat)[0].Key}.MustEncode()
		go func() {
			_, err := h.app.Handle(context.Background(), Request{ID: fmt.Sprint("slow-", n), Kind: Component, Guild: "g1",
				Channel: "c1", User: u, CustomID: custom, Message: "panel", At: time.Now()}, h.rec)
			done <- err
		}()
		return done
	}
	waitVersion := func(v uint64) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; {
			tbl, _ := h.store.Load(h.app.Catalog, id)
			if tbl.Version() >= v {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the table stayed at version %d while Discord was slow", tbl.Version())
			}
			time.Sleep(time.Millisecond)
		}
	}
	start, _ := h.store.Load(h.app.Catalog, id)
	first := move(alice, 1)
	waitVersion(start.Version() + 1)
	second := move(bob, 2) // alice's board is still stuck in Discord
	waitVersion(start.Version() + 2)
	close(gate)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	// Alice's board went up first and was deleted once Bob's, which is
	// the current board and pings alice, was up.
	posts := h.rec.posts["c1"][before:]
	if len(posts) != 2 || !slices.Contains(h.rec.deleted, posts[0].id) || !slices.Contains(posts[1].msg.Mentions, alice.ID) {
		for _, p := range posts {
			t.Logf("%q %v", p.msg.Content, p.msg.Mentions)
		}
		t.Fatalf("the boards did not follow the moves: %d posts", len(posts))
	}
}

// TestRefusedBoardsLinesReachTheLog: a move whose board Discord refused,
// followed by the next player's move before the retry loop came round,
// still has its lines in the game log: the next board's log entry tells
// every move since the last one logged, not only its own.
func TestRefusedBoardsLinesReachTheLog(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	b, err := h.store.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	logged := b.Log.Version
	h.rec.setRefuse(errors.New("discord: 50013 Missing Permissions"))
	h.move(alice)
	h.rec.setRefuse(nil)
	h.move(bob)
	if err := h.store.Close(); err != nil { // writes the lazily kept log state
		t.Fatal(err)
	}
	st, err := storage.Open(h.path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	b, err = st.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	log, err := st.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range log {
		if e.Version > logged {
			want = append(want, fillLines(publicLines([]games.Step{e.Step}), b.Names)...)
		}
	}
	if len(want) < 2 {
		t.Fatalf("the two moves told %d lines", len(want))
	}
	for _, line := range want {
		if !strings.Contains(b.Log.Text, line) {
			t.Errorf("the game log lacks %q:\n%s", line, b.Log.Text)
		}
	}
	if b.Log.Version != log[len(log)-1].Version {
		t.Errorf("the game log is at version %d, the table at %d", b.Log.Version, log[len(log)-1].Version)
	}
}

// TestAMoveReadsTheStoreThrice: a click that plays a move reads the store
// three times, each a round trip on a shared store: the binding, to check
// the click's channel (then used for the seat, the status and, as the
// move's transaction wrote it, the announcement), the log's recent part
// for the board's story, and the binding again where the board is posted
// (an earlier board may have changed it). Whether the mover may undo is
// told by the step the move committed, not read back.
func TestAMoveReadsTheStoreThrice(t *testing.T) {
	h := newHarness(t)
	h.startRebet() // several actions a turn: after a bet, alice may undo it
	table := h.lastTable()
	panel, err := h.click(alice, table.id, button(t, table.msg, "My hand & moves"))
	if err != nil {
		t.Fatal(err)
	}
	before := h.store.Reads()
	bet, err := h.click(alice, "panel", button(t, *panel.Message, "Bet 1"))
	if err != nil {
		t.Fatal(err)
	}
	if reads := h.store.Reads() - before; reads != 3 {
		t.Errorf("the move read the store %d times, want 3", reads)
	}
	// The Undo button the remembered step gave is the one the log gives.
	const id = 1 // the harness's first table
	b, err := h.store.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := h.store.Load(h.app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	h.app.lastSteps.Clear()
	fresh, err := h.app.waitingPanel(b, tab, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if !hasButton(bet.Message, "Undo") || !hasButton(&fresh, "Undo") {
		t.Errorf("Undo after the bet: %v; read from the log: %v", hasButton(bet.Message, "Undo"), hasButton(&fresh, "Undo"))
	}
}
