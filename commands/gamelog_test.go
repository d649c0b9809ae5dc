package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"spindle/games"
)

// TestChannelKeepsTheStory: after a whole game the channel holds the
// closed lobby, the game log (every public line of every move, in order,
// over as many log messages as it takes) and the result: one board at a
// time while it runs, no stubs of old boards.
func TestChannelKeepsTheStory(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	for turn := 0; ; turn++ {
		tbl, _ := h.store.Load(h.app.Catalog, id)
		if tbl.Over() {
			break
		}
		boards := 0
		for _, p := range h.rec.live("c1") {
			if hasButton(&p.msg, "My hand & moves") {
				boards++
			}
		}
		if boards != 1 {
			t.Fatalf("turn %d: %d live boards in the channel", turn, boards)
		}
		if turn%2 == 0 {
			h.move(alice)
		} else {
			h.move(bob)
		}
	}
	for _, p := range h.rec.live("c1") {
		switch {
		case strings.HasPrefix(p.msg.Content, "📜"):
			t.Fatalf("the log is in the channel, not in its thread: %q", p.msg.Content)
		case strings.Contains(p.msg.Content, "out of date"):
			t.Fatalf("a stub of an old board is left: %q", p.msg.Content)
		case hasButton(&p.msg, "My hand & moves"):
			t.Fatal("a board is left after the result")
		}
	}
	b, _ := h.store.GetBinding(id)
	if len(h.rec.threads) != 1 || b.Log.Channel != h.rec.threads[0] {
		t.Fatalf("the log is not in a thread of its own: threads %v, log in %q", h.rec.threads, b.Log.Channel)
	}
	var logText string
	for _, p := range h.rec.live(b.Log.Channel) {
		if !strings.HasPrefix(p.msg.Content, "📜") || len(p.msg.Content) > MaxContent || len(p.msg.Mentions) != 0 {
			t.Fatalf("a log message of %d characters, mentions %v: %q", len(p.msg.Content), p.msg.Mentions, p.msg.Content)
		}
		_, body, _ := strings.Cut(p.msg.Content, "\n")
		logText += body + "\n"
	}
	entries, err := h.store.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries {
		for _, ev := range e.Events {
			if ev.Public != "" {
				want = append(want, games.FillNames(ev.Public, []string{alice.Name, bob.Name}))
			}
		}
	}
	if got := strings.Split(strings.TrimSuffix(logText, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the channel's log is not the game's public log:\n got %q\nwant %q", got, want)
	}
	last := h.rec.live("c1")
	if final := last[len(last)-1]; len(final.msg.Embeds) == 0 || !strings.Contains(final.msg.Embeds[0].Title, "final result") {
		t.Fatalf("the channel does not end with the result: %+v", final.msg)
	}
}

// noDelete is a recorder whose Delete Discord refuses.
type noDelete struct{ *recorder }

func (noDelete) Delete(context.Context, string, string) error {
	return errors.New("discord: missing access")
}

// TestOldBoardRetiredWhenDiscordWontDelete: when the old board cannot be
// deleted it is edited into a stub without buttons or picture, so no two
// boards are ever live.
func TestOldBoardRetiredWhenDiscordWontDelete(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	first := h.lastTable()
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	custom := CustomID{Route: 't', Table: 1, Version: tbl.Version(), Arg: tbl.Legal(tbl.ToAct()[0])[0].Key}.MustEncode()
	if _, err := h.app.Handle(context.Background(), Request{ID: "x", Kind: Component, Guild: "g1", Channel: "c1",
		User: alice, CustomID: custom, Message: "panel"}, noDelete{h.rec}); err != nil {
		t.Fatal(err)
	}
	for _, p := range h.rec.live("c1") {
		if p.id == first.id && (hasButton(&p.msg, "My hand & moves") || !strings.Contains(p.msg.Content, "out of date") || len(p.msg.Files) != 0) {
			t.Fatalf("the old board was neither deleted nor retired: %+v", p.msg)
		}
	}
}

// TestLogStartsANewMessageWhenFull: lines are appended to the log message
// until it would pass logLimit; then a "continued" log message starts, and
// a log message Discord will not edit any more is replaced by a new one.
func TestLogStartsANewMessageWhenFull(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	b, _ := h.store.GetBinding(id)
	tbl, _ := h.store.Load(h.app.Catalog, id)
	first := b.Log.Message
	line := strings.Repeat("x", 99)
	for i := range 40 {
		h.app.appendLog(context.Background(), h.rec, &b, tbl, []string{fmt.Sprint(i, line)})
		if len(b.Log.Text) > logLimit {
			t.Fatalf("a log message of %d characters", len(b.Log.Text))
		}
	}
	var logs []posted
	for _, p := range h.rec.live(b.Log.Channel) {
		if strings.HasPrefix(p.msg.Content, "📜") {
			logs = append(logs, p)
		}
	}
	if len(logs) < 3 || logs[0].id != first || !strings.Contains(logs[1].msg.Content, "(continued)") {
		t.Fatalf("%d log messages after 4000 characters of lines", len(logs))
	}
	if got, _ := h.store.GetBinding(id); got.Log.Message != logs[len(logs)-1].id {
		t.Fatal("the binding does not name the newest log message")
	}
	// A moderator deletes the log message: the next lines start a new one.
	if err := h.rec.Delete(context.Background(), b.Log.Channel, b.Log.Message); err != nil {
		t.Fatal(err)
	}
	h.app.appendLog(context.Background(), h.rec, &b, tbl, []string{"after the delete"})
	if last := h.rec.last(b.Log.Channel); !strings.HasSuffix(last.msg.Content, "after the delete") || last.id != b.Log.Message {
		t.Fatalf("the lines after a deleted log went nowhere: %q", last.msg.Content)
	}
}

// TestStaleClickFromOwnStep: in a turn of several actions, a click left
// over from before the clicker's own last choice says so; one overtaken
// by someone else's move says that instead.
func TestStaleClickFromOwnStep(t *testing.T) {
	h := newHarness(t)
	h.startRebet()
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	at := tbl.Version()
	first := CustomID{Route: 't', Table: 1, Version: at, Arg: tbl.Legal(0)[0].Key}.MustEncode()
	second := CustomID{Route: 't', Table: 1, Version: at, Arg: tbl.Legal(0)[1].Key}.MustEncode()
	if _, err := h.click(alice, "panel", first); err != nil {
		t.Fatal(err)
	}
	resp, _ := h.click(alice, "panel", second)
	if !strings.Contains(resp.Message.Content, "That click came after your previous choice") {
		t.Fatalf("alice's own stale click answered %q", resp.Message.Content)
	}
	// bob bets: alice's panel from before his bet is overtaken by him.
	now, _ := h.store.Load(h.app.Catalog, 1)
	bobs := CustomID{Route: 't', Table: 1, Version: now.Version(), Arg: now.Legal(1)[0].Key}.MustEncode()
	if _, err := h.click(bob, "panel", bobs); err != nil {
		t.Fatal(err)
	}
	resp, _ = h.click(alice, "panel", second)
	if !strings.Contains(resp.Message.Content, "The game moved on just before your click") {
		t.Fatalf("a click overtaken by bob answered %q", resp.Message.Content)
	}
}

// noThreads is a recorder where Discord refuses to open threads.
type noThreads struct{ *recorder }

func (noThreads) Thread(context.Context, string, string) (string, error) {
	return "", errors.New("discord: missing permissions")
}

// TestLogInTheChannelWithoutThreads: where no thread can be opened, the
// game log goes in the table's channel instead.
func TestLogInTheChannelWithoutThreads(t *testing.T) {
	h := newHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	if _, err := h.app.Handle(context.Background(), Request{ID: "s", Kind: Component, Guild: "g1", Channel: "c1", User: alice,
		CustomID: button(t, lobby.msg, "Start"), Message: lobby.id}, noThreads{h.rec}); err != nil {
		t.Fatal(err)
	}
	b, _ := h.store.GetBinding(1)
	if b.Log.Channel != "c1" || !strings.HasPrefix(h.rec.live("c1")[1].msg.Content, "📜") {
		t.Fatalf("the log without threads: in %q", b.Log.Channel)
	}
}
