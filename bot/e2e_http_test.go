package bot

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/discordtest"
	"spindle/commands"
	"spindle/games"
	"spindle/games/warpweft"
	"spindle/storage"
)

// TestHTTPInteractionsEndToEnd: the fake Discord delivers interactions to
// the HTTP endpoint, as Discord does in that mode: signed, with the
// acknowledgement in the HTTP response. Commands and clicks that defer
// get their final answer by a follow-up once the acknowledgement is back.
func TestHTTPInteractionsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	fake := discordtest.New(t)
	s, err := fake.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(filepath.Join(t.TempDir(), "h.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{Session: s, App: &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop()}, Log: zerolog.Nop()}
	h := &HTTPEndpoint{Bot: b, Ctx: context.Background()}
	srv := httptest.NewServer(h)
	defer srv.Close()
	h.PublicKey = fake.DeliverOverHTTP(srv.URL)

	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	ch := fake.DefaultChannel()
	alice, bob := fake.AddUser("alice"), fake.AddUser("bob")
	final := func(in *discordtest.Interaction) discordtest.Message {
		t.Helper()
		m, err := in.WaitFinal(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	rules := final(fake.SlashCommand(alice, ch.ID, "rules", discordtest.String("game", "warpweft")))
	if len(rules.Embeds) == 0 || !strings.Contains(rules.Embeds[0].Title, "Warp and Weft") {
		t.Fatalf("rules over HTTP: %+v", rules)
	}
	// A lobby, a start and a move: deferred answers finished by follow-ups.
	final(fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	lobby, _ := fake.Last(ch.ID)
	join, _ := lobby.Button("Join")
	final(fake.Click(bob, lobby, join.CustomID))
	lobby, _ = fake.Message(lobby.ID)
	start, _ := lobby.Button("Start")
	final(fake.Click(alice, lobby, start.CustomID))
	board, _ := fake.Last(ch.ID)
	var mover discordtest.User
	for _, u := range []discordtest.User{alice, bob} {
		if board.Mentioned(u.ID) {
			mover = u
		}
	}
	hand, _ := board.Button("My hand & moves")
	panel := final(fake.Click(mover, board, hand.CustomID))
	if len(panel.CustomIDs()) == 0 {
		t.Fatalf("the panel over HTTP has no moves: %q", panel.Content)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Fatalf("Discord would refuse: %v", v)
	}
}
