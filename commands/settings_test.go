package commands

import (
	"slices"
	"strings"
	"testing"
	"time"

	"spindle/games"
)

func (h *harness) manage(cmd string, opts map[string]string) (Response, error) {
	return h.do(Request{Kind: Command, User: carol, Command: cmd, Options: opts, CanManage: true})
}

func TestSettings(t *testing.T) {
	h := newHarness(t)
	if resp, _ := h.command(bob, "settings clock", map[string]string{"value": "async-24h:auto"}); !strings.Contains(resp.Message.Content, "Manage Server") {
		t.Fatalf("a member changed settings: %+v", resp.Message)
	}
	if resp, _ := h.manage("settings clock", map[string]string{"value": "async-25h:auto"}); !strings.Contains(resp.Message.Content, "isn't a clock") {
		t.Fatalf("a bad clock was accepted: %+v", resp.Message)
	}
	resp, err := h.manage("settings clock", map[string]string{"value": "async-24h:forfeit"})
	if err != nil || !strings.Contains(resp.Message.Embeds[0].Description, "**Default turn clock:** async-24h:forfeit") {
		t.Fatalf("settings clock: %v %+v", err, resp.Message)
	}
	h.manage("settings away-max", map[string]string{"duration": "1d"})
	if resp, _ := h.manage("settings away-max", map[string]string{"duration": "1000d"}); !strings.Contains(resp.Message.Content, "between 1h and 90d") {
		t.Fatalf("away-max 1000d: %+v", resp.Message)
	}
	// New lobbies take the server's default clock.
	h.command(alice, "game new", map[string]string{"game": "warpweft"})
	b, _ := h.store.GetBinding(1)
	if b.Options[optClock] != "async-24h:forfeit" {
		t.Fatalf("lobby clock = %q", b.Options[optClock])
	}
	// Allowed channels and threads by default.
	h.manage("settings channel", map[string]string{"channel": "c2"})
	if resp, err := h.do(Request{Kind: Command, User: bob, Command: "game new", Channel: "c3", Options: map[string]string{"game": "warpweft"}}); err == nil || !strings.Contains(resp.Message.Content, "can't be started in this channel") {
		t.Fatalf("a game started in a channel not allowed: %v %+v", err, resp.Message)
	}
	h.manage("settings threads", map[string]string{"on": "true"})
	if _, err := h.do(Request{Kind: Command, User: bob, Command: "game new", Channel: "c2", Options: map[string]string{"game": "warpweft"}}); err != nil || len(h.rec.threads) != 1 {
		t.Fatalf("threads by default: %v, threads %v", err, h.rec.threads)
	}
	resp, _ = h.command(bob, "settings show", nil)
	if d := resp.Message.Embeds[0].Description; !strings.Contains(d, "**Longest /away:** 24h0m0s") || !strings.Contains(d, "<#c2>") || !strings.Contains(d, "thread:** on") {
		t.Fatalf("settings show: %q", d)
	}
}

func TestAwayPausesClocks(t *testing.T) {
	h, sc, start := startClocked(t, "async-24h:auto")
	sc.set(start.Add(time.Hour))
	resp, err := h.command(alice, "away set", map[string]string{"duration": "1d"})
	if err != nil || !strings.Contains(resp.Message.Content, "is away until") || !strings.Contains(resp.Message.Content, "1 game(s)") {
		t.Fatalf("/away: %v %+v", err, resp.Message)
	}
	if last := h.rec.last("c1").msg.Content; !strings.Contains(last, "💤 <@100> is away") {
		t.Fatalf("the channel was not told: %q", last)
	}
	if resp, _ := h.command(alice, "away set", map[string]string{"duration": "20d"}); !strings.Contains(resp.Message.Content, "at most") {
		t.Fatalf("an away longer than the server allows: %+v", resp.Message)
	}
	v := h.version()
	h.fireAt(sc, start.Add(24*time.Hour)) // the old deadline: paused
	if h.version() != v {
		t.Fatal("the clock ran while alice was away")
	}
	h.fireAt(sc, start.Add(48*time.Hour)) // the moved deadline
	if h.version() != v+1 {
		t.Fatalf("the moved deadline did not expire: version %d", h.version())
	}
	// Coming back early gives the unused away time back to the clock.
	h.move(bob)
	sc.set(start.Add(49 * time.Hour))
	h.command(alice, "away set", map[string]string{"duration": "12h"})
	sc.set(start.Add(50 * time.Hour))
	if resp, _ := h.command(alice, "away off", nil); !strings.Contains(resp.Message.Content, "is back") {
		t.Fatalf("/away off: %+v", resp.Message)
	}
	b, _ := h.store.GetBinding(1)
	c, _ := readClock(b)
	// bob moved at 48h: alice's deadline 72h; away 12h from 49h moved it to
	// 84h; back at 50h returns the 11 unused hours: 73h.
	if want := start.Add(73 * time.Hour); !c.Deadlines[0].Equal(want) {
		t.Fatalf("alice's deadline = %v, want %v", c.Deadlines[0], want)
	}
	if resp, _ := h.command(alice, "away off", nil); !strings.Contains(resp.Message.Content, "aren't marked away") {
		t.Fatalf("a second /away off: %+v", resp.Message)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"90m": 90 * time.Minute, "12h": 12 * time.Hour, "3d": 72 * time.Hour, "1d12h": 36 * time.Hour} {
		if got, err := parseDuration(in); err != nil || got != want {
			t.Errorf("parseDuration(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "x", "-1d", "d", "1w"} {
		if got, err := parseDuration(bad); err == nil && got > 0 {
			t.Errorf("parseDuration(%q) = %v", bad, got)
		}
	}
}

func TestLiveRemindersWhenTheServerAsks(t *testing.T) {
	h, sc, start := startClocked(t, "live-1m:auto")
	h.manage("settings reminders", map[string]string{"which": "all"})
	h.move(alice) // bob starts waiting under the new setting
	before := len(h.rec.posts["c1"])
	h.fireAt(sc, start.Add(30*time.Second))
	if last := h.rec.last("c1").msg; len(h.rec.posts["c1"]) != before+1 || !strings.Contains(last.Content, "<@200>, it's still your move") {
		t.Fatalf("no half-time reminder in a live game: %q", last.Content)
	}
	if resp, _ := h.manage("settings reminders", map[string]string{"which": "sometimes"}); !strings.Contains(resp.Message.Content, "off, async or all") {
		t.Fatalf("a bad reminder setting: %+v", resp.Message)
	}
}

func TestRandomSeating(t *testing.T) {
	if isTableOption(games.Info{MaxSeats: 2}, optSeating) {
		t.Fatal("a two-player game offers seating")
	}
	own := games.Info{MaxSeats: 5, Options: []games.OptionSpec{{Key: "seating", Values: []string{"join", "random"}, Default: "join"}}}
	if isTableOption(own, optSeating) {
		t.Fatal("a game with its own seating option gets the bot's too")
	}
	h := newHarness(t)
	dave := User{ID: "400", Name: "dave"}
	h.command(alice, "game new", map[string]string{"game": "toyundo"})
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "seating", "random")
	for _, u := range []User{bob, carol, dave} {
		h.click(u, lobby.id, button(t, lobby.msg, "Join"))
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	b, _ := h.store.GetBinding(1)
	got := slices.Clone(b.Users)
	slices.Sort(got)
	if !slices.Equal(got, []string{"100", "200", "300", "400"}) || b.Host != alice.ID {
		t.Fatalf("seats after a random seating = %v (host %s)", b.Users, b.Host)
	}
	for i, u := range b.Users {
		if want := map[string]string{"100": "alice", "200": "bob", "300": "carol", "400": "dave"}[u]; b.Names[i] != want {
			t.Fatalf("names do not follow the seats: %v %v", b.Users, b.Names)
		}
	}
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	if _, ok := tbl.Options()[optSeating]; ok {
		t.Fatal("the bot's seating option reached the engine")
	}
}

func TestChosenSeating(t *testing.T) {
	h := newHarness(t)
	h.command(alice, "game new", map[string]string{"game": "toyundo"})
	lobby := h.rec.last("c1")
	var joined Response
	for _, u := range []User{bob, carol} {
		joined, _ = h.click(u, lobby.id, button(t, lobby.msg, "Join"))
	}
	// The lobby as updated by the last join carries the seat-order menu.
	order := selectID(t, *joined.Message, "/last")
	if resp, _ := h.click(bob, lobby.id, order, alice.ID); !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob arranged the seats: %+v", resp.Message)
	}
	// alice moves herself, then bob, to the end: carol, alice, bob.
	h.click(alice, lobby.id, order, alice.ID)
	resp, err := h.click(alice, lobby.id, order, bob.ID)
	if err != nil || !strings.Contains(resp.Message.Embeds[0].Description, "1. <@300>\n2. <@100> (host)\n3. <@200>") {
		t.Fatalf("seat order: %v %q", err, resp.Message.Embeds[0].Description)
	}
	h.click(alice, lobby.id, button(t, lobby.msg, "Start"))
	b, _ := h.store.GetBinding(1)
	if !slices.Equal(b.Users, []string{"300", "100", "200"}) || !slices.Equal(b.Names, []string{"carol", "alice", "bob"}) || b.Options[optSeating] != "chosen" {
		t.Fatalf("after start: users %v names %v seating %q", b.Users, b.Names, b.Options[optSeating])
	}
}
