package commands

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
	"spindle/storage"
)

// everyGameHarness is a harness whose catalog holds every game.
func everyGameHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}),
		games.Bind(stitchcraft.Game{}), games.Bind(archravels.Game{}), games.Bind(tapestry.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	h.app.Catalog = cat
	return h
}

// addAI adds an AI player of level through the lobby's "Add AI" button
// and the host's private menu.
func (h *harness) addAI(u User, lobby posted, level string) (Response, error) {
	h.t.Helper()
	menu, err := h.click(u, lobby.id, button(h.t, lobby.msg, "Add AI"))
	if err != nil || menu.Message == nil || len(menu.Message.Rows) == 0 {
		return menu, err
	}
	if !menu.Message.Ephemeral {
		h.t.Fatal("the AI menu is not private")
	}
	return h.click(u, "ai-menu", menu.Message.Rows[0].Select.CustomID, "add:"+level)
}

// runAI fires the due timers and waits for the AI turns they started.
func (h *harness) runAI() {
	h.t.Helper()
	if _, err := h.app.FireDue(context.Background(), h.app.now(), h.rec); err != nil {
		h.t.Fatal(err)
	}
	h.app.WaitAI()
}

// aiMarkers lists the "ai" timers of table id.
func aiMarkers(t *testing.T, h *harness, id uint64) []storage.Timer {
	t.Helper()
	due, err := h.store.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(due, func(tm storage.Timer) bool { return tm.Table != id || tm.Kind != "ai" })
}

// TestSoloGameAgainstAI: in every game one person (alice) fills the table
// with AI players from the lobby and plays a whole game alone. Her moves
// never run the AI inside the interaction: each leaves a durable marker
// for every AI seat to act, and the AI plays in the background, posting
// its moves like a person's. Nobody can press an AI seat's buttons, and
// no message mentions an AI.
func TestSoloGameAgainstAI(t *testing.T) {
	for _, c := range []struct {
		game   string
		levels []string
		plain  bool // weighted random AI moves: long games stay quick
	}{
		{"warpweft", []string{"easy"}, false},
		{"stitchcraft", []string{"normal"}, true},
		{"threadcount", []string{"easy", "hard"}, true},
		{"archravels", []string{"hard", "normal"}, true},
		// "Add AI" seats an ordinary Tapestry player, not the Automa.
		{"tapestry", []string{"easy"}, true},
	} {
		t.Run(c.game, func(t *testing.T) {
			h := everyGameHarness(t)
			h.app.PlainAI = c.plain
			if _, err := h.command(alice, "game new", map[string]string{"game": c.game}); err != nil {
				t.Fatal(err)
			}
			lobby := h.rec.last("c1")
			for _, lvl := range c.levels {
				if _, err := h.addAI(alice, lobby, lvl); err != nil {
					t.Fatal(err)
				}
			}
			b, err := h.store.GetBinding(1)
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Users) != 1+len(c.levels) || !strings.Contains(b.Names[1], "Spindle AI (") {
				t.Fatalf("seats after adding AI players: %v %v", b.Users, b.Names)
			}
			if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
				t.Fatal(err)
			}
			id, err := h.store.Active("c1")
			if err != nil {
				t.Fatal(err)
			}
			if b, err = h.store.GetBinding(id); err != nil || b.Status != statusActive {
				t.Fatalf("the game did not start: %+v %v", b, err)
			}
			me := games.Seat(slices.Index(b.Users, alice.ID))
			rng := rand.New(rand.NewPCG(uint64(len(c.game)), 9))
			aiTurns, refused := 0, false
			for step := 0; ; step++ {
				tbl, err := h.store.Load(h.app.Catalog, id)
				if err != nil {
					t.Fatal(err)
				}
				if tbl.Over() {
					break
				}
				if step > 5000 {
					t.Fatalf("no end after %d steps (version %d)", step, tbl.Version())
				}
				if !slices.Contains(tbl.ToAct(), me) {
					// Only AI seats are to act: each has its marker.
					markers := aiMarkers(t, h, id)
					for _, s := range tbl.ToAct() {
						if s >= 0 && !slices.ContainsFunc(markers, func(tm storage.Timer) bool { return tm.Seat == s }) {
							t.Fatalf("the AI seat %d is to act at version %d without a marker", s, tbl.Version())
						}
					}
					if !refused {
						// alice presses a button of the AI seat's move.
						s := tbl.ToAct()[0]
						forged := CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: tbl.Legal(s)[0].Key}.MustEncode()
						if _, err := h.click(alice, "panel", forged); err == nil {
							t.Fatal("alice played for an AI seat")
						}
						if after, _ := h.store.Load(h.app.Catalog, id); after.Version() != tbl.Version() {
							t.Fatal("a press on an AI seat's move changed the table")
						}
						refused = true
					}
					board := h.lastTable().id
					h.runAI()
					if after, _ := h.store.Load(h.app.Catalog, id); after.Version() == tbl.Version() {
						t.Fatalf("the AI did not move at version %d: to act %v, markers %+v, users %v", tbl.Version(), tbl.ToAct(), aiMarkers(t, h, id), b.Users)
					}
					if after, _ := h.store.Load(h.app.Catalog, id); !after.Over() && h.lastTable().id == board {
						t.Fatal("the AI's turn was not posted")
					}
					aiTurns++
					continue
				}
				legal := tbl.Legal(me)
				key := legal[games.PickWeighted(tbl.Weights(me), len(legal), rng.IntN)].Key
				custom := CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: key}.MustEncode()
				if _, err := h.click(alice, "panel", custom); err != nil {
					t.Fatalf("alice's move %q: %v", key, err)
				}
			}
			if aiTurns == 0 {
				t.Fatal("the AI never played")
			}
			if len(aiMarkers(t, h, id)) != 0 {
				t.Fatal("AI markers outlived the game")
			}
			for _, p := range h.rec.posts["c1"] {
				for _, u := range p.msg.Mentions {
					if isAI(u) {
						t.Fatalf("a message mentions the AI seat %q: %q", u, p.msg.Content)
					}
				}
				if strings.Contains(p.msg.Content, "<@ai:") {
					t.Fatalf("a message names an AI as a user: %q", p.msg.Content)
				}
			}
			final := h.rec.last("c1")
			if len(final.msg.Embeds) == 0 || !strings.Contains(final.msg.Embeds[0].Fields[0].Value, "Spindle AI (") {
				t.Fatalf("the result does not show the AI players: %+v", final.msg.Embeds)
			}
			// The game is in alice's record against the AI, and rates nobody.
			resp, err := h.command(alice, "stats", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(resp.Message.Content, "Against Spindle AI:") || !strings.Contains(resp.Message.Content, c.levels[0]+": ") {
				t.Fatalf("/stats after a game against the AI: %q", resp.Message.Content)
			}
		})
	}
}

// TestAIMarkerSurvivesARestart: a person's move leaves the AI to act; the
// bot stops before the AI plays. A new App on the same database finds the
// marker and the AI plays.
func TestAIMarkerSurvivesARestart(t *testing.T) {
	h := newHarness(t)
	h.app.PlainAI = true
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "roles", "chosen")
	if _, err := h.addAI(alice, lobby, "normal"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	h.move(alice)
	id, _ := h.store.Active("c1")
	before, _ := h.store.Load(h.app.Catalog, id)
	if len(aiMarkers(t, h, id)) != 1 {
		t.Fatalf("markers after alice's move: %+v", aiMarkers(t, h, id))
	}
	if content := h.rec.last("c1").msg.Content; !strings.Contains(content, "Spindle AI (normal)** is thinking") {
		t.Fatalf("the board does not say the AI is to play: %q", content)
	}
	restarted := &App{Store: h.store, Catalog: h.app.Catalog, Log: h.app.Log, Render: h.app.Render, PlainAI: true}
	h.app = restarted
	h.runAI()
	after, _ := h.store.Load(h.app.Catalog, id)
	if after.Version() <= before.Version() || !slices.Contains(after.ToAct(), 0) {
		t.Fatalf("after the restart the AI did not play: version %d -> %d, to act %v", before.Version(), after.Version(), after.ToAct())
	}
	if len(aiMarkers(t, h, id)) != 0 {
		t.Fatal("the marker stayed after the AI played")
	}
	if !strings.Contains(h.rec.last("c1").msg.Content, "<@"+alice.ID+">") {
		t.Fatal("the AI's move was not announced with alice's turn")
	}
}

// TestLobbyAIControls: only the host adds AI players; they count toward
// the players a game needs, can be removed, and never become the host.
func TestLobbyAIControls(t *testing.T) {
	h := everyGameHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "threadcount"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	if _, err := h.click(bob, lobby.id, button(t, lobby.msg, "Join")); err != nil {
		t.Fatal(err)
	}
	resp, err := h.click(bob, lobby.id, button(t, lobby.msg, "Add AI"))
	if err != nil || !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob opened the AI menu: %+v %v", resp.Message, err)
	}
	for range 3 {
		if _, err := h.addAI(alice, lobby, "easy"); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := h.store.GetBinding(1)
	if len(b.Users) != 5 || b.Users[2] == b.Users[3] {
		t.Fatalf("seats: %v", b.Users)
	}
	// Full: the menu offers only removals.
	menu, err := h.click(alice, lobby.id, button(t, lobby.msg, "Add AI"))
	if err != nil {
		t.Fatal(err)
	}
	opts := menu.Message.Rows[0].Select.Options
	if len(opts) != 3 || !strings.HasPrefix(opts[0].Value, "drop:") {
		t.Fatalf("the full table's AI menu: %+v", opts)
	}
	if _, err := h.click(alice, "ai-menu", menu.Message.Rows[0].Select.CustomID, opts[1].Value); err != nil {
		t.Fatal(err)
	}
	b, _ = h.store.GetBinding(1)
	if len(b.Users) != 4 || slices.Contains(b.Users, opts[1].Value[len("drop:"):]) {
		t.Fatalf("seats after removing %s: %v", opts[1].Value, b.Users)
	}
	// The host leaves: bob hosts, not an AI; bob leaves: nobody is left.
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Leave")); err != nil {
		t.Fatal(err)
	}
	if b, _ = h.store.GetBinding(1); b.Host != bob.ID {
		t.Fatalf("the host after alice left: %q", b.Host)
	}
	if _, err := h.click(bob, lobby.id, button(t, lobby.msg, "Leave")); err != nil {
		t.Fatal(err)
	}
	if b, _ = h.store.GetBinding(1); b.Status != statusCancelled {
		t.Fatalf("a lobby of AI players alone stayed open: %q", b.Status)
	}
}

// TestReplaceAndRejoin: the host hands a player's seat to the AI, which
// plays it at once; only the host or a manager may; the player takes the
// seat back with /game rejoin and plays on. The game with an AI seat in
// it is not rated.
func TestReplaceAndRejoin(t *testing.T) {
	h := newHarness(t)
	h.app.PlainAI = true
	id := h.startGame()
	h.move(alice) // bob is to act
	if _, err := h.command(carol, "game replace", map[string]string{"player": bob.ID}); err == nil {
		t.Fatal("a player who isn't the host replaced bob")
	}
	if _, err := h.command(alice, "game replace", map[string]string{"player": carol.ID}); err == nil {
		t.Fatal("carol, who has no seat, was replaced")
	}
	if _, err := h.command(alice, "game replace", map[string]string{"player": bob.ID, "level": "easy"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.rec.last("c1").msg.Content, "/game rejoin") {
		t.Fatalf("no log line for the replacement: %q", h.rec.last("c1").msg.Content)
	}
	b, _ := h.store.GetBinding(id)
	if b.Users[1] == bob.ID || len(b.Benched) != 1 || len(aiMarkers(t, h, id)) != 1 {
		t.Fatalf("after the replacement: users %v benched %+v markers %v", b.Users, b.Benched, aiMarkers(t, h, id))
	}
	// bob's old buttons no longer play.
	tbl, _ := h.store.Load(h.app.Catalog, id)
	forged := CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: tbl.Legal(1)[0].Key}.MustEncode()
	if _, err := h.click(bob, "panel", forged); err == nil {
		t.Fatal("bob still played after his seat went to the AI")
	}
	h.runAI()
	tbl, _ = h.store.Load(h.app.Catalog, id)
	if !slices.Contains(tbl.ToAct(), 0) {
		t.Fatalf("the AI did not play bob's turn: to act %v", tbl.ToAct())
	}
	if _, err := h.command(carol, "game rejoin", nil); err == nil {
		t.Fatal("carol rejoined a seat she never had")
	}
	h.move(alice)
	if _, err := h.command(bob, "game rejoin", nil); err != nil {
		t.Fatal(err)
	}
	if b, _ = h.store.GetBinding(id); b.Users[1] != bob.ID || len(b.Benched) != 0 || b.Names[1] != bob.Name {
		t.Fatalf("after rejoining: %v %v %+v", b.Users, b.Names, b.Benched)
	}
	h.runAI() // the marker left from before the rejoin does nothing now
	if after, _ := h.store.Load(h.app.Catalog, id); !slices.Contains(after.ToAct(), 1) {
		t.Fatal("the AI played after bob took his seat back")
	}
	h.move(bob)
	// Play to the end: the game had an AI seat, so it rates nobody.
	for range 30 {
		tbl, _ := h.store.Load(h.app.Catalog, id)
		if tbl.Over() {
			break
		}
		if slices.Contains(tbl.ToAct(), 0) {
			h.move(alice)
		} else {
			h.move(bob)
		}
	}
	rec, err := h.store.GameHistory(id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Rated {
		t.Fatal("a game in which the AI played a seat for a while was rated")
	}
}

// TestRatedAIGamesWhenTheServerAsks: with /settings rate-ai on, a game
// against the AI rates its person, and the AI stays off the leaderboard.
func TestRatedAIGamesWhenTheServerAsks(t *testing.T) {
	h := newHarness(t)
	h.app.PlainAI = true
	if _, err := h.do(Request{Kind: Command, User: alice, Command: "settings rate-ai", Options: map[string]string{"on": "true"}, CanManage: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	if _, err := h.addAI(alice, lobby, "hard"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	id, _ := h.store.Active("c1")
	for range 60 {
		tbl, _ := h.store.Load(h.app.Catalog, id)
		if tbl.Over() {
			break
		}
		if b, _ := h.store.GetBinding(id); slices.Contains(tbl.ToAct(), games.Seat(slices.Index(b.Users, alice.ID))) {
			h.move(alice)
		} else {
			h.runAI()
		}
	}
	rec, err := h.store.GameHistory(id)
	if err != nil || !rec.Rated {
		t.Fatalf("the game against the AI was not rated with rate-ai on: %+v %v", rec, err)
	}
	resp, err := h.command(alice, "leaderboard", nil)
	if err != nil {
		t.Fatal(err)
	}
	board := resp.Message.Embeds[0].Description
	if !strings.Contains(board, alice.ID) || strings.Contains(board, "ai:") || strings.Contains(board, "Spindle AI") {
		t.Fatalf("the leaderboard: %q", board)
	}
}

func TestAINames(t *testing.T) {
	for user, want := range map[string]string{"ai:easy:1": "Spindle AI (easy)", "ai:easy:2": "Spindle AI (easy) 2", "ai:hard:3": "Spindle AI (hard) 3"} {
		if got := aiName(user); got != want {
			t.Errorf("aiName(%q) = %q, want %q", user, got, want)
		}
	}
}

// TestShutdownStopsAnAITurn: when the bot stops while an AI thinks, the
// timer loop returns once the AI has stopped (the store outlives it), the
// half-thought move is not played, and the marker stays for the next
// start.
func TestShutdownStopsAnAITurn(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.move(alice)
	if _, err := h.command(alice, "game replace", map[string]string{"player": bob.ID, "level": "hard"}); err != nil {
		t.Fatal(err)
	}
	before, _ := h.store.Load(h.app.Catalog, id)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.app.RunTimers(ctx, h.rec, time.Hour)
	}()
	time.Sleep(50 * time.Millisecond) // the hard AI thinks for up to two seconds
	cancel()
	<-done
	after, _ := h.store.Load(h.app.Catalog, id)
	if after.Version() != before.Version() || len(aiMarkers(t, h, id)) != 1 {
		t.Fatalf("after a shutdown mid-thought: version %d -> %d, markers %v", before.Version(), after.Version(), aiMarkers(t, h, id))
	}
}

// TestAITurnWhileDiscordRefuses: Discord refuses every post while the AI
// plays: its move is committed all the same, its marker is cleared, and
// the outbox shows the board, pinging alice, once Discord takes posts again.
func TestAITurnWhileDiscordRefuses(t *testing.T) {
	h := newHarness(t)
	h.app.PlainAI = true
	id := h.startGame()
	h.move(alice)
	if _, err := h.command(alice, "game replace", map[string]string{"player": bob.ID, "level": "easy"}); err != nil {
		t.Fatal(err)
	}
	before, _ := h.store.Load(h.app.Catalog, id)
	h.rec.setRefuse(errors.New("discord: 503 service unavailable"))
	h.runAI()
	after, _ := h.store.Load(h.app.Catalog, id)
	if after.Version() <= before.Version() || len(aiMarkers(t, h, id)) != 0 {
		t.Fatalf("while Discord refused: version %d -> %d, markers %v", before.Version(), after.Version(), aiMarkers(t, h, id))
	}
	if recs, _ := h.store.Unannounced(0); len(recs) != 1 {
		t.Fatalf("the AI's move is not in the outbox: %+v", recs)
	}
	h.rec.setRefuse(nil)
	h.app.Now = func() time.Time { return time.Now().Add(time.Hour) } // past the failed attempt's back-off
	if n, err := h.app.Redeliver(context.Background(), h.rec, 0); err != nil || n != 1 {
		t.Fatalf("redelivery: %d %v", n, err)
	}
	if !slices.Contains(h.lastTable().msg.Mentions, alice.ID) {
		t.Fatal("the redelivered board does not ping alice")
	}
}

// TestRejoinWhileTheAIThinks: bob takes his seat back with /game rejoin
// while the AI's background turn for it has chosen its move but not yet
// committed it. The AI drops the move: the table stays where it was, the
// log holds no move of the AI's on bob's seat, nothing announces a
// dropped move, and bob plays his turn.
func TestRejoinWhileTheAIThinks(t *testing.T) {
	h := newHarness(t)
	h.app.PlainAI = true
	id := h.startGame()
	h.move(alice) // bob is to act
	if _, err := h.command(alice, "game replace", map[string]string{"player": bob.ID, "level": "easy"}); err != nil {
		t.Fatal(err)
	}
	chose, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	aiChose = func(table uint64, seat games.Seat) {
		once.Do(func() { close(chose) })
		<-release
	}
	t.Cleanup(func() { aiChose = func(uint64, games.Seat) {} })
	before, _ := h.store.Load(h.app.Catalog, id)
	if _, err := h.app.FireDue(context.Background(), h.app.now(), h.rec); err != nil {
		t.Fatal(err)
	}
	select {
	case <-chose:
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the AI did not choose a move")
	}
	if _, err := h.command(bob, "game rejoin", nil); err != nil {
		close(release)
		t.Fatal(err)
	}
	posts := len(h.rec.live("c1"))
	close(release)
	h.app.WaitAI()
	after, _ := h.store.Load(h.app.Catalog, id)
	if after.Version() != before.Version() || !slices.Contains(after.ToAct(), 1) {
		t.Fatalf("the AI's move was played on bob's seat after he rejoined: version %d -> %d, to act %v", before.Version(), after.Version(), after.ToAct())
	}
	log, err := h.store.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range log {
		if e.Seat == 1 && e.Version > before.Version() {
			t.Fatalf("the log has a move on bob's seat after he rejoined: %+v", e)
		}
	}
	if n := len(h.rec.live("c1")); n != posts {
		t.Fatalf("the dropped move was announced: %d messages -> %d", posts, n)
	}
	if m := aiMarkers(t, h, id); len(m) != 0 {
		t.Fatalf("AI markers stayed after bob took his seat back: %+v", m)
	}
	h.move(bob)
	if next, _ := h.store.Load(h.app.Catalog, id); next.Version() <= before.Version() {
		t.Fatal("bob could not move after rejoining")
	}
	if log, _ = h.store.Log(id); log[len(log)-1].User != bob.ID {
		t.Fatalf("bob's move is logged as %q's", log[len(log)-1].User)
	}
}
