package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"spindle/bot/discordtest"
	"spindle/games"
	"spindle/storage"
)

// TestSoloAgainstAIThroughDiscord: one person plays Warp and Weft alone
// through the real discordgo client: "Add AI" in the lobby (a private menu
// of levels), Start, then every move of hers is answered by the AI in the
// background, woken by the bot's own timer loop, with a new board that
// pings her and nobody else. A restart mid-game loses nothing: the AI
// picks up its marker.
func TestSoloAgainstAIThroughDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end game skipped in -short mode")
	}
	e := newE2EWith(t, sampledRender())
	ch := e.fake.DefaultChannel()
	alice := e.fake.AddUser("alice")
	e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	lobby := e.last()
	menu := e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Add AI")))
	sel, ok := menu.Select("l/1/ai")
	if !menu.Ephemeral() || menu.VisibleTo != alice.ID || !ok {
		t.Fatalf("the AI menu is not alice's private menu: %+v", menu)
	}
	e.finalOf(e.fake.Select(alice, menu, sel.CustomID, "add:easy"))
	lobby, _ = e.fake.Message(lobby.ID)
	if !strings.Contains(lobby.Embeds[0].Description, "Spindle AI (easy)") {
		t.Fatalf("the lobby does not show the AI: %q", lobby.Embeds[0].Description)
	}
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))

	b, err := e.store.GetBinding(1)
	if err != nil {
		t.Fatal(err)
	}
	me := games.Seat(slices.Index(b.Users, alice.ID))
	restarted := false
	panelID, opened := "", 0
	for turn := 0; ; turn++ {
		if turn > 40 {
			t.Fatal("no end after 40 of alice's turns")
		}
		// Wait for the game to end or to come back to alice: the AI plays
		// on its own, without anyone pressing anything.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		err := discordtest.WaitFor(ctx, func() bool {
			t, err := e.store.Load(e.cat, 1)
			if err != nil || t.Over() {
				return err == nil
			}
			last, ok := e.fake.Last(ch.ID)
			return ok && slices.Contains(t.ToAct(), me) && slices.Contains(last.Notified, alice.ID)
		})
		cancel()
		if err != nil {
			t.Fatalf("turn %d: the AI did not answer (to act %v)", turn, e.table().ToAct())
		}
		if e.table().Over() {
			break
		}
		tm := e.last()
		if !slices.Equal(tm.Notified, []string{alice.ID}) {
			t.Fatalf("turn %d: the board pings %v, not alice alone: %q", turn, tm.Notified, tm.Content)
		}
		if turn == 4 && !restarted {
			e.restart()
			restarted = true
		}
		// Her panel is opened once; after each AI turn the same panel
		// already shows her moves (edited through the token of her last
		// click on it, which also outlives the restart).
		if panelID == "" {
			panelID = e.panel(alice).ID
			opened++
		} else {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := discordtest.WaitFor(ctx, func() bool {
				m, ok := e.fake.Message(panelID)
				return ok && strings.Contains(m.Content, "**Your move.**")
			})
			cancel()
			if err != nil {
				m, _ := e.fake.Message(panelID)
				t.Fatalf("turn %d: alice's open panel did not follow the game: %q", turn, m.Content)
			}
		}
		current, _ := e.fake.Message(panelID)
		if strings.Contains(current.Content, "⚠️") || strings.Contains(current.Content, "↻") {
			t.Fatalf("turn %d: alice's panel warns: %q", turn, current.Content)
		}
		panel := e.pickGroup(alice, current, turn)
		if cells, ok := panel.Select("s/"); ok {
			e.finalOf(e.fake.Select(alice, panel, cells.CustomID, cells.Options[0].Value))
		} else {
			sel, _ := panel.Select("p/")
			e.finalOf(e.fake.Select(alice, panel, sel.CustomID, sel.Options[0].Value))
		}
	}
	if opened != 1 {
		t.Fatalf("alice opened her panel %d times; once is all it takes", opened)
	}
	// The result is posted after the commit that ended the game.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = discordtest.WaitFor(ctx, func() bool {
		m, ok := e.fake.Last(ch.ID)
		return ok && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "final result")
	})
	final := e.last()
	if len(final.Embeds) == 0 || !strings.Contains(final.Embeds[0].Title, "final result") || !strings.Contains(final.Embeds[0].Fields[0].Value, "Spindle AI (easy)") {
		t.Fatalf("the result does not list the AI: %+v", final.Embeds)
	}
	for _, m := range e.fake.Messages(ch.ID) {
		for _, u := range m.Notified {
			if storage.IsAI(u) {
				t.Fatalf("a message pinged the AI seat %q", u)
			}
		}
	}
	if rec, err := e.store.GameHistory(1); err != nil || rec.Rated {
		t.Fatalf("a game against the AI was rated: %+v %v", rec, err)
	}
}
