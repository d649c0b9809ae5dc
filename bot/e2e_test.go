package bot

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/discordtest"
	"spindle/commands"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
	"spindle/imaging"
	"spindle/storage"
)

// e2e runs the real bot (discordgo client, commands, bbolt, imaging) against
// the fake Discord. restart closes everything but the fake and the DB file
// and starts again, as a process restart would.
type e2e struct {
	t      *testing.T
	fake   *discordtest.Fake
	path   string
	cat    *games.Catalog
	render func(imaging.Kind, any, imaging.Options) ([]byte, error)
	live   bool // boards carry the "Live table" button (App.LiveTable)
	app    *commands.App
	bot    *Bot
	store  *storage.Store
	cancel context.CancelFunc
	done   chan error

	mu    sync.Mutex
	ack   []time.Duration
	final []time.Duration
}

func newE2E(t *testing.T) *e2e { return newE2EWith(t, nil) }

// newE2EWith is newE2E with the App's renderer replaced (nil: the real
// one).
func newE2EWith(t *testing.T, render func(imaging.Kind, any, imaging.Options) ([]byte, error)) *e2e {
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}), games.Bind(archravels.Game{}),
		games.Bind(tapestry.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	e := &e2e{t: t, fake: discordtest.New(t), path: filepath.Join(t.TempDir(), "spindle.db"), cat: cat, render: render}
	e.start()
	t.Cleanup(e.stop)
	return e
}

func (e *e2e) start() {
	t := e.t
	store, err := storage.Open(e.path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	s, err := e.fake.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Identify.Intents = Intents
	// A short grace makes a refused board show up again within a tick.
	app := &commands.App{Store: store, Catalog: e.cat, Log: zerolog.Nop(), Render: e.render, AnnounceGrace: 50 * time.Millisecond,
		LiveTable: e.live}
	e.app = app
	b := &Bot{Session: s, App: app, Log: zerolog.Nop()}
	e.bot = b
	ctx, cancel := context.WithCancel(context.Background())
	e.store, e.cancel, e.done = store, cancel, make(chan error, 1)
	go func() { e.done <- b.Run(ctx) }()
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := e.fake.WaitReady(wctx); err != nil {
		t.Fatal(err)
	}
	// discordgo starts heartbeating after Open returns; closing before the
	// first heartbeat makes it reconnect by itself, so wait for one.
	if err := discordtest.WaitFor(wctx, func() bool { return e.fake.GatewayStats().Heartbeats >= 1 }); err != nil {
		t.Fatal(err)
	}
}

func (e *e2e) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	if err := <-e.done; err != nil {
		e.t.Errorf("bot stopped with %v", err)
	}
	e.store.Close()
	e.cancel = nil
}

func (e *e2e) restart() {
	e.stop()
	e.start()
}

// final waits for an interaction's final response and records latencies.
func (e *e2e) finalOf(in *discordtest.Interaction) discordtest.Message {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	m, err := in.WaitFinal(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	tm := in.Timings()
	e.mu.Lock()
	e.ack = append(e.ack, tm.AckLatency())
	e.final = append(e.final, tm.FinalLatency())
	e.mu.Unlock()
	return m
}

func (e *e2e) last() discordtest.Message {
	e.t.Helper()
	m, ok := e.fake.Last(e.fake.DefaultChannel().ID)
	if !ok {
		e.t.Fatal("the channel is empty")
	}
	return m
}

func (e *e2e) button(m discordtest.Message, label string) string {
	e.t.Helper()
	c, ok := m.Button(label)
	if !ok {
		e.t.Fatalf("message %s has no button %q (content %q)", m.ID, label, m.Content)
	}
	return c.CustomID
}

func (e *e2e) table() games.Table {
	e.t.Helper()
	t, err := e.store.Load(e.cat, 1)
	if err != nil {
		e.t.Fatal(err)
	}
	return t
}

// panel opens u's panel from the latest table message.
func (e *e2e) panel(u discordtest.User) discordtest.Message {
	e.t.Helper()
	tm := e.last()
	m := e.finalOf(e.fake.Click(u, tm, e.button(tm, "My hand & moves")))
	if !m.Ephemeral() || m.VisibleTo != u.ID {
		e.t.Fatalf("panel for %s is not ephemeral to them: %+v", u.Name, m)
	}
	return m
}

// pickGroup chooses the first card in the panel's first step and returns
// the panel with the cell select.
func (e *e2e) pickGroup(u discordtest.User, panel discordtest.Message, i int) discordtest.Message {
	e.t.Helper()
	sel, ok := panel.Select("p/")
	if !ok {
		if _, flat := panel.Select("s/"); flat {
			return panel // few cells a card: one menu of every move
		}
		e.t.Fatalf("panel has no card select: %q", panel.Content)
	}
	for j := range sel.Options {
		// A card with one cell is played from this menu; pick a group.
		if o := sel.Options[(i+j)%len(sel.Options)]; !strings.HasPrefix(o.Value, "play:") {
			return e.finalOf(e.fake.Select(u, panel, sel.CustomID, o.Value))
		}
	}
	return e.finalOf(e.fake.Select(u, panel, sel.CustomID, sel.Options[i%len(sel.Options)].Value))
}

func (e *e2e) cellSelect(panel discordtest.Message) discordtest.Component {
	e.t.Helper()
	sel, ok := panel.Select("s/")
	if !ok {
		e.t.Fatalf("panel has no cell select: %q", panel.Content)
	}
	return sel
}

func pct(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(q*float64(len(s)-1))]
}

func TestEndToEndWarpAndWeft(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game skipped in -short mode")
	}
	e := newE2E(t)
	ch := e.fake.DefaultChannel()
	alice, bob, carol := e.fake.AddUser("alice"), e.fake.AddUser("bob"), e.fake.AddUser("carol")

	// Lobby: alice opens, sets chosen roles (she is Warp and moves first),
	// bob joins, alice starts.
	open := e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	if !open.Ephemeral() || !strings.Contains(open.Content, "is open") {
		t.Fatalf("/game new answered %q", open.Content)
	}
	lobby := e.last()
	e.setOption(alice, lobby, "roles", "chosen")
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(bob, lobby, e.button(lobby, "Join")))
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))

	players := []discordtest.User{alice, bob}
	for turn := 0; !e.table().Over(); turn++ {
		u, other := players[turn%2], players[(turn+1)%2]
		tm := e.last()
		if !tm.Mentioned(u.ID) || !slices.Contains(tm.Notified, u.ID) || slices.Contains(tm.Notified, other.ID) {
			t.Fatalf("turn %d: the new table message does not ping exactly %s: %q notified %v", turn, u.Name, tm.Content, tm.Notified)
		}
		if _, ok := tm.Attachment("table.png"); !ok {
			t.Fatalf("turn %d: the table message has no table.png", turn)
		}
		switch turn {
		case 3: // a user who is not playing presses the panel button
			m := e.finalOf(e.fake.Click(carol, tm, e.button(tm, "My hand & moves")))
			if !m.Ephemeral() || !strings.Contains(m.Content, "not playing") {
				t.Fatalf("carol's click answered %q", m.Content)
			}
		case 5: // the player not to move forges a move of the one to move
			panel := e.pickGroup(u, e.panel(u), turn)
			sel := e.cellSelect(panel)
			forged := e.finalOf(e.fake.Select(other, panel, sel.CustomID, sel.Options[0].Value))
			if !strings.Contains(forged.Content, "isn't your turn") && !strings.Contains(forged.Content, "not your") {
				t.Fatalf("a forged move by %s answered %q", other.Name, forged.Content)
			}
		case 10: // a restart of the bot mid-game loses nothing
			before := e.table()
			log, _ := e.store.Log(1)
			e.restart()
			after := e.table()
			log2, _ := e.store.Log(1)
			b1, _ := before.StateJSON()
			b2, _ := after.StateJSON()
			if string(b1) != string(b2) || len(log) != len(log2) || after.Version() != before.Version() {
				t.Fatalf("restart changed the table: version %d -> %d, log %d -> %d", before.Version(), after.Version(), len(log), len(log2))
			}
		}
		panel := e.pickGroup(u, e.panel(u), turn)
		sel := e.cellSelect(panel)
		v := e.table().Version()
		switch turn {
		case 7: // a double click: the same choice dispatched twice at once
			in1 := e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value)
			in2 := e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value)
			m1, m2 := e.finalOf(in1), e.finalOf(in2)
			if got := e.table().Version(); got != v+1 {
				t.Fatalf("a double click moved the table from version %d to %d", v, got)
			}
			if both := m1.Content + m2.Content; !strings.Contains(both, "That click came after your previous choice") && !strings.Contains(both, "already handled") {
				t.Fatalf("neither answer of the double click says it was refused: %q / %q", m1.Content, m2.Content)
			}
		case 9: // two users click at once: the mover and the other player's panel
			tm := e.last()
			var wg sync.WaitGroup
			var mv, pv discordtest.Message
			in1 := e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value)
			in2 := e.fake.Click(other, tm, e.button(tm, "My hand & moves"))
			wg.Add(2)
			go func() { defer wg.Done(); mv = e.finalOf(in1) }()
			go func() { defer wg.Done(); pv = e.finalOf(in2) }()
			wg.Wait()
			if got := e.table().Version(); got != v+1 || !pv.Ephemeral() || mv.Ephemeral() != true {
				t.Fatalf("concurrent clicks: version %d -> %d", v, got)
			}
		default:
			old := panel
			e.finalOf(e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value))
			if turn == 1 { // the same, now stale, menu used again
				stale := e.finalOf(e.fake.Select(u, old, sel.CustomID, sel.Options[len(sel.Options)-1].Value))
				if !strings.Contains(stale.Content, "That click came after your previous choice") {
					t.Fatalf("a stale menu answered %q", stale.Content)
				}
				if got := e.table().Version(); got != v+1 {
					t.Fatalf("a stale menu moved the table from version %d to %d", v, got)
				}
			}
		}
		if turn > 40 {
			t.Fatal("the game does not end")
		}
	}
	// The result: a new message with the scoring image and both scores.
	res := e.last()
	r, _ := e.table().Result()
	if _, ok := res.Attachment("scoring.png"); !ok || len(res.Embeds) == 0 {
		t.Fatalf("no result message with scoring.png: %+v", res)
	}
	fields := ""
	for _, f := range res.Embeds[0].Fields {
		fields += f.Value
	}
	for i, u := range players {
		if want := fmt.Sprintf("<@%s>: %d", u.ID, r.Scores[i]); !strings.Contains(fields, want) {
			t.Errorf("result does not show %q: %q", want, fields)
		}
	}
	// The finished game moved both players on /leaderboard and /stats.
	board := e.finalOf(e.fake.SlashCommand(carol, ch.ID, "leaderboard", discordtest.String("game", "warpweft")))
	desc := ""
	for _, em := range board.Embeds {
		desc += em.Description
	}
	if !strings.Contains(desc, "<@"+alice.ID+">") || !strings.Contains(desc, "<@"+bob.ID+">") {
		t.Fatalf("/leaderboard does not list both players: %q", desc)
	}
	if !r.Draw {
		winner, loser := players[r.Winners[0]], players[1-r.Winners[0]]
		if strings.Index(desc, "<@"+winner.ID+">") > strings.Index(desc, "<@"+loser.ID+">") {
			t.Fatalf("the winner is below the loser: %q", desc)
		}
	}
	for _, u := range players {
		st := e.finalOf(e.fake.SlashCommand(u, ch.ID, "stats", discordtest.String("game", "warpweft")))
		if len(st.Embeds) == 0 || len(st.Attachments) == 0 {
			t.Fatalf("/stats for %s has no embed or chart: %+v", u.Name, st)
		}
	}
	if v := e.fake.Violations(); len(v) > 0 {
		t.Fatalf("Discord limits violated: %v", v)
	}
	t.Logf("interactions: %d; acknowledgement p50 %v p99 %v; final response p50 %v p99 %v",
		len(e.ack), pct(e.ack, .5), pct(e.ack, .99), pct(e.final, .5), pct(e.final, .99))
}
