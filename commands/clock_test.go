package commands

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/gametest/toy"
	"spindle/storage"
)

// simClock is the simulated time of a clock test.
type simClock struct{ now time.Time }

func (c *simClock) set(t time.Time) { c.now = t }

// startClocked opens a Warp and Weft lobby with the given clock value,
// alice as Warp, and starts it at the simulated start time.
func startClocked(t *testing.T, clock string) (*harness, *simClock, time.Time) {
	t.Helper()
	h := newHarness(t)
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	sc := &simClock{now: start}
	h.app.Now = func() time.Time { return sc.now }
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "roles", "chosen")
	if _, err := h.click(alice, lobby.id, optionID(t, lobby.msg, "clock"), clock); err != nil {
		t.Fatal(err)
	}
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	return h, sc, start
}

// fireAt moves simulated time to at and fires what is due.
func (h *harness) fireAt(sc *simClock, at time.Time) int {
	h.t.Helper()
	sc.set(at)
	n, err := h.app.FireDue(context.Background(), at, h.rec)
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

func (h *harness) version() uint64 {
	h.t.Helper()
	t, err := h.store.Load(h.app.Catalog, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	return t.Version()
}

func TestAsyncClockOverThreeDays(t *testing.T) {
	h, sc, start := startClocked(t, "async-24h:auto")
	table := h.rec.last("c1").msg
	if !strings.Contains(table.Embeds[0].Fields[len(table.Embeds[0].Fields)-1].Value, "async · 24h0m0s a turn · on timeout: auto") {
		t.Fatalf("the table does not show the clock: %+v", table.Embeds[0].Fields)
	}
	posts := func() int { return len(h.rec.posts["c1"]) }
	// Day 1: nothing before half time; reminders at 12h and 22h; the
	// expiry at 24h plays a default move for alice.
	if n := h.fireAt(sc, start.Add(11*time.Hour)); n != 0 {
		t.Fatalf("%d timers fired before half time", n)
	}
	before := posts()
	h.fireAt(sc, start.Add(12*time.Hour))
	if last := h.rec.last("c1").msg; posts() != before+1 || !strings.Contains(last.Content, "<@100>, it's still your move") || last.Mentions[0] != alice.ID {
		t.Fatalf("no half-time reminder for alice: %q", last.Content)
	}
	h.fireAt(sc, start.Add(22*time.Hour))
	if posts() != before+2 {
		t.Fatal("no reminder two hours before the deadline")
	}
	v := h.version()
	h.fireAt(sc, start.Add(24*time.Hour))
	last := h.rec.last("c1").msg
	if h.version() != v+1 || !strings.Contains(last.Content, "<@100> ran out of time; the bot lets the easy AI play for them.") ||
		len(last.Mentions) != 1 || last.Mentions[0] != bob.ID {
		t.Fatalf("expiry: version %d -> %d, message %q", v, h.version(), last.Content)
	}
	// Day 2: bob moves in time; his own timers are left behind and do
	// nothing when they come due.
	sc.set(start.Add(27 * time.Hour))
	h.move(bob)
	v = h.version()
	h.fireAt(sc, start.Add(48*time.Hour))
	if h.version() != v {
		t.Fatal("a timer left behind by bob's move played for him")
	}
	// Day 3: the bot is down while alice's deadline (27h + 24h) passes; on
	// restart the expiry fires once.
	h.store.Close()
	st, err := storage.Open(h.path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	h.store, h.app.Store = st, st
	t.Cleanup(func() { st.Close() })
	h.fireAt(sc, start.Add(60*time.Hour))
	if h.version() != v+1 {
		t.Fatalf("after the restart the missed deadline did not fire once: version %d -> %d", v, h.version())
	}
	if n := h.fireAt(sc, start.Add(61*time.Hour)); n != 0 || h.version() != v+1 {
		t.Fatalf("the missed deadline fired again (%d timers)", n)
	}
}

func TestClockPolicies(t *testing.T) {
	t.Run("forfeit", func(t *testing.T) {
		h, sc, start := startClocked(t, "live-5m:forfeit")
		h.fireAt(sc, start.Add(5*time.Minute))
		tbl, _ := h.store.Load(h.app.Catalog, 1)
		r, over := tbl.Result()
		if !over || r.Reason != "conceded" || len(r.Winners) != 1 || r.Winners[0] != 1 {
			t.Fatalf("forfeit: over %v, %+v", over, r)
		}
		if !strings.Contains(strings.Join(contents(h), "\n"), "ran out of time and forfeits") {
			t.Fatal("the forfeit is not in the channel")
		}
		if due, _ := h.store.Due(start.Add(48*time.Hour), 10); len(due) != 0 {
			t.Fatalf("timers left after the end: %+v", due)
		}
	})
	t.Run("skip falls back to a default move", func(t *testing.T) {
		h, sc, start := startClocked(t, "live-1m:skip")
		v := h.version()
		h.fireAt(sc, start.Add(time.Minute))
		if h.version() != v+1 || !strings.Contains(h.rec.last("c1").msg.Content, "lets the easy AI play for them") {
			t.Fatalf("skip without a pass: version %d -> %d", v, h.version())
		}
	})
	t.Run("live clock has no reminders", func(t *testing.T) {
		h, sc, start := startClocked(t, "live-15m:auto")
		before := len(h.rec.posts["c1"])
		if n := h.fireAt(sc, start.Add(14*time.Minute)); n != 0 || len(h.rec.posts["c1"]) != before {
			t.Fatalf("%d timers fired in a live game before the deadline", n)
		}
	})
}

func TestTimeBank(t *testing.T) {
	h, sc, start := startClocked(t, "bank-10m+30s:auto")
	sc.set(start.Add(3 * time.Minute))
	h.move(alice) // used 3 of 10 minutes, gets 30 s back
	b, _ := h.store.GetBinding(1)
	c, err := readClock(b)
	if err != nil || c.Banks[0] != 7*time.Minute+30*time.Second || c.Banks[1] != 10*time.Minute {
		t.Fatalf("banks = %v, %v", c.Banks, err)
	}
	if !c.Deadlines[1].Equal(start.Add(13*time.Minute)) || !c.Deadlines[0].IsZero() {
		t.Fatalf("deadlines = %v", c.Deadlines)
	}
}

func contents(h *harness) []string {
	var out []string
	for _, p := range h.rec.posts["c1"] {
		out = append(out, p.msg.Content)
	}
	return out
}

func TestMyGamesList(t *testing.T) {
	h, _, _ := startClocked(t, "async-24h:auto")
	resp, err := h.command(alice, "game list", nil)
	if err != nil || !resp.Message.Ephemeral || len(resp.Message.Embeds) != 1 {
		t.Fatalf("/game list: %v %+v", err, resp.Message)
	}
	d := resp.Message.Embeds[0].Description
	if !strings.Contains(d, "Warp and Weft** #1 in <#c1>") || !strings.Contains(d, "**you** (time runs out <t:") ||
		!strings.Contains(d, "https://discord.com/channels/g1/c1/") {
		t.Fatalf("alice's list: %q", d)
	}
	if resp, _ := h.command(bob, "game list", nil); !strings.Contains(resp.Message.Embeds[0].Description, "<@100> (time runs out") {
		t.Fatalf("bob's list: %+v", resp.Message)
	}
	if resp, _ := h.command(carol, "game list", nil); !strings.Contains(resp.Message.Content, "no running games") {
		t.Fatalf("carol's list: %+v", resp.Message)
	}
	h.do(Request{Kind: Command, User: bob, Command: "game abandon", CanManage: true})
	if resp, _ := h.command(alice, "game list", nil); !strings.Contains(resp.Message.Content, "no running games") {
		t.Fatalf("the abandoned game is still listed: %+v", resp.Message)
	}
}

func TestWindowClockAndPass(t *testing.T) {
	c := newClock(map[string]string{optClock: "async-24h:forfeit"}, 2)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	started := c.advance([]games.Seat{0, 1}, now, func(s games.Seat) bool { return s == 1 }, 0)
	if len(started) != 2 || !c.Deadlines[0].Equal(now.Add(24*time.Hour)) || !c.Deadlines[1].Equal(now.Add(6*time.Hour)) {
		t.Fatalf("deadlines %v", c.Deadlines)
	}
	if ts := c.timers(1, 1, now, "async"); len(ts) != 1 || ts[0].Kind != "expire" {
		t.Fatalf("a window has reminders: %+v", ts)
	}
	live := newClock(map[string]string{optClock: "live-1m:auto"}, 2)
	if live.window() != minWindow {
		t.Fatalf("live-1m window = %v", live.window())
	}
}

// windowGame is the toy whose secret bets are a window, betting 0 its pass.
type windowGame struct{ toy.Game }

func (windowGame) Info() games.Info {
	i := toy.Game{}.Info()
	i.ID, i.Title = "toywin", "Toy with windows"
	return i
}

func (windowGame) Pass(s *toy.State, seat games.Seat) (toy.Action, bool) {
	return toy.Action{Kind: "bet", N: 0}, s.Dealt && s.Bets[seat] < 0
}

func (windowGame) InWindow(s *toy.State, seat games.Seat) bool { return s.Dealt && s.Bets[seat] < 0 }

// startWindowGame starts the window game between alice and bob with the
// given turn clock, at a simulated time.
func startWindowGame(t *testing.T, clock string) (*harness, *simClock, time.Time) {
	t.Helper()
	h := newHarness(t)
	cat, _ := games.NewCatalog(games.Bind(windowGame{}))
	h.app.Catalog = cat
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	sc := &simClock{now: start}
	h.app.Now = func() time.Time { return sc.now }
	h.command(alice, "game new", map[string]string{"game": "toywin"})
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "clock", clock)
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	h.click(alice, lobby.id, button(t, lobby.msg, "Start"))
	return h, sc, start
}

func TestExpiredWindowPasses(t *testing.T) {
	h, sc, start := startWindowGame(t, "async-24h:forfeit")
	cat := h.app.Catalog
	v := h.version()
	// The window closes after a quarter of the turn (6h), with a pass for
	// each silent seat, not the table's forfeit.
	h.fireAt(sc, start.Add(6*time.Hour))
	tbl, _ := h.store.Load(cat, 1)
	if tbl.Over() || tbl.Version() != v+2 {
		t.Fatalf("after the window: over %v, version %d -> %d", tbl.Over(), v, tbl.Version())
	}
	log, _ := h.store.Log(1)
	for _, e := range log[len(log)-2:] {
		if e.Key != "bet:0" || e.Interaction == "" || !strings.HasPrefix(e.Interaction, "timer:") {
			t.Fatalf("the window's expiry is not a logged pass: %+v", e)
		}
	}
	if last := h.rec.last("c1").msg.Content; !strings.Contains(last, "ran out of time; the bot passes for them") {
		t.Fatalf("the pass is not announced: %q", last)
	}
}

// timedWindowGame sets its own window timeout, as Stitchcraft's reaction
// timeout option does.
type timedWindowGame struct{ windowGame }

func (timedWindowGame) WindowTimeout(*toy.State) time.Duration { return 10 * time.Minute }

func TestWindowTimeoutWithoutTurnClock(t *testing.T) {
	h := newHarness(t)
	cat, _ := games.NewCatalog(games.Bind(timedWindowGame{}))
	h.app.Catalog = cat
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	sc := &simClock{now: start}
	h.app.Now = func() time.Time { return sc.now }
	h.command(alice, "game new", map[string]string{"game": "toywin"})
	lobby := h.rec.last("c1")
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	h.click(alice, lobby.id, button(t, lobby.msg, "Start")) // no turn clock
	v := h.version()
	h.fireAt(sc, start.Add(9*time.Minute))
	if h.version() != v {
		t.Fatal("the window closed early")
	}
	h.fireAt(sc, start.Add(10*time.Minute))
	if h.version() != v+2 {
		t.Fatalf("the game's window timeout did not pass for both seats: version %d -> %d", v, h.version())
	}
	// After the window, turns have no clock: nothing more is scheduled.
	if due, _ := h.store.Due(start.Add(1000*time.Hour), 10); len(due) != 0 {
		t.Fatalf("timers without a turn clock: %+v", due)
	}
}

func TestStandingPolicies(t *testing.T) {
	h := newHarness(t)
	cat, _ := games.NewCatalog(games.Bind(windowGame{}))
	h.app.Catalog = cat
	h.command(alice, "game new", map[string]string{"game": "toywin"})
	lobby := h.rec.last("c1")
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	h.click(alice, lobby.id, button(t, lobby.msg, "Start"))
	v := h.version()
	posts := len(h.rec.posts["c1"])
	// "ask" changes nothing and posts nothing.
	if resp, err := h.command(alice, "game policy", map[string]string{"value": "ask"}); err != nil || !strings.Contains(resp.Message.Content, "**ask me") {
		t.Fatalf("policy ask: %v %+v", err, resp.Message)
	}
	if h.version() != v || len(h.rec.posts["c1"]) != posts {
		t.Fatal("choosing ask played or posted something")
	}
	// "pass" answers alice's open window at once, flagged auto.
	resp, err := h.command(alice, "game policy", map[string]string{"value": "pass"})
	if err != nil || !strings.Contains(resp.Message.Content, "how fast you answered") || !resp.Message.Ephemeral {
		t.Fatalf("policy pass: %v %+v", err, resp.Message)
	}
	if h.version() != v+1 || !strings.Contains(h.rec.last("c1").msg.Content, "<@100> answered automatically (auto).") {
		t.Fatalf("alice's window was not passed: version %d -> %d, %q", v, h.version(), h.rec.last("c1").msg.Content)
	}
	b, _ := h.store.GetBinding(1)
	if b.Policies[alice.ID] != "pass" {
		t.Fatalf("policies = %v", b.Policies)
	}
	// "auto" without a game answer leaves the choice to the player.
	h.command(bob, "game policy", map[string]string{"value": "auto"})
	if h.version() != v+1 {
		t.Fatal("auto answered for a game with no automatic answer")
	}
	if resp, _ := h.command(bob, "game policy", map[string]string{"value": "sometimes"}); !strings.Contains(resp.Message.Content, "ask, pass or auto") {
		t.Fatalf("a bad policy: %+v", resp.Message)
	}
}

// TestClockedMoveIsOneCommit: with a turn clock on, a move's new
// deadline and the next seat's timers are written in the move's own
// commit, so they are as durable as the move.
func TestClockedMoveIsOneCommit(t *testing.T) {
	h, sc, start := startClocked(t, "async-24h:skip")
	sc.set(start.Add(time.Hour))
	before := h.store.Commits()
	h.move(alice)
	if got := h.store.Commits() - before; got != 1 {
		t.Fatalf("a clocked move cost %d commits, want 1", got)
	}
	due, err := h.store.Due(start.Add(30*24*time.Hour), 100)
	if err != nil {
		t.Fatal(err)
	}
	bobs := 0
	for _, tm := range due {
		if tm.Seat == 1 {
			bobs++
		}
	}
	if bobs == 0 {
		t.Fatalf("bob's clock has no timers after alice's move: %+v", due)
	}
	b, err := h.store.GetBinding(1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := readClock(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Deadlines) < 2 || !c.Deadlines[1].After(start.Add(time.Hour)) {
		t.Fatalf("bob's deadline did not start with alice's move: %+v", c.Deadlines)
	}
}

// TestExpiredWindowAutoAsksTheAI: with the table's clock on "auto", an
// expired window is answered by the AI for the seat (which may react),
// not simply passed.
func TestExpiredWindowAutoAsksTheAI(t *testing.T) {
	h, sc, start := startWindowGame(t, "async-24h:auto")
	v := h.version()
	h.fireAt(sc, start.Add(6*time.Hour))
	if h.version() != v+2 {
		t.Fatalf("the windows were not answered: version %d -> %d", v, h.version())
	}
	if last := h.rec.last("c1").msg.Content; !strings.Contains(last, "ran out of time; the bot lets the easy AI play for them") {
		t.Fatalf("the window was not answered by the AI: %q", last)
	}
}

// TestFailedExpiryKeepsItsTimer: when the move an expiry plays cannot be
// saved (the disk is full), the expiry's timer stays scheduled, a little
// later each time, and once writes succeed again it plays the move exactly
// once; the table is never left waiting without a timer.
func TestFailedExpiryKeepsItsTimer(t *testing.T) {
	h, sc, start := startClocked(t, "live-5m:auto")
	deadline := start.Add(5 * time.Minute)
	v := h.version()
	expiry := func() (storage.Timer, bool) {
		t.Helper()
		due, err := h.store.Due(start.Add(time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range due {
			if tm.Kind == "expire" && tm.Seat == 0 && tm.Deadline.Equal(deadline) {
				return tm, true
			}
		}
		return storage.Timer{}, false
	}
	h.store.FailMovesForTesting(errors.New("no space left on device"))
	at := deadline
	for i := range 3 {
		h.fireAt(sc, at)
		if h.version() != v {
			t.Fatalf("firing %d: a move was played while moves cannot be saved", i)
		}
		tm, ok := expiry()
		if !ok {
			t.Fatalf("firing %d: the expiry's timer is gone although its move failed", i)
		}
		if !tm.Due.After(at) || tm.Tries != i+1 {
			t.Fatalf("firing %d: the expiry is not re-armed later: due %v (fired at %v), tries %d", i, tm.Due, at, tm.Tries)
		}
		at = tm.Due
	}
	h.store.FailMovesForTesting(nil)
	h.fireAt(sc, at)
	if h.version() != v+1 {
		t.Fatalf("once writes succeed, the expiry played %d moves, want 1", h.version()-v)
	}
	if _, ok := expiry(); ok {
		t.Fatal("the expiry's timer is still scheduled after its move")
	}
	h.fireAt(sc, at.Add(time.Minute))
	if h.version() != v+1 || strings.Count(strings.Join(contents(h), "\n"), "ran out of time") != 1 {
		t.Fatalf("the expiry played again: version %d -> %d", v, h.version())
	}
}
