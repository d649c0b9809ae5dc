package bot

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/discordtest"
	"spindle/commands"
	"spindle/commands/commandstest"
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
	b := &Bot{Session: s, App: warpWeftApp(t), Log: zerolog.Nop()}
	h := &HTTPEndpoint{Bot: b, Ctx: context.Background()}
	srv := httptest.NewServer(h)
	defer srv.Close()
	h.PublicKey = fake.DeliverOverHTTP(srv.URL)
	// Discord checks the endpoint with a PING before it sends anything.
	if err := fake.PingHTTP(); err != nil {
		t.Fatal(err)
	}

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

// eventLog records what happened, in order, across goroutines.
type eventLog struct {
	mu     sync.Mutex
	events []string
}

func (l *eventLog) add(e string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, e)
}

func (l *eventLog) index(prefix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, e := range l.events {
		if strings.HasPrefix(e, prefix) {
			return i
		}
	}
	return -1
}

// flushLog is an http.ResponseWriter that logs when the response is
// flushed to the client.
type flushLog struct {
	*httptest.ResponseRecorder
	log *eventLog
}

func (f flushLog) Flush() {
	f.ResponseRecorder.Flush()
	f.log.add("flushed")
}

// loggingTransport logs every webhook follow-up the bot sends.
type loggingTransport struct {
	base http.RoundTripper
	log  *eventLog
}

func (t loggingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.Contains(r.URL.Path, "/webhooks/") {
		t.log.add("followup " + r.Method)
	}
	return t.base.RoundTrip(r)
}

// TestHTTPAcknowledgementIsFlushedFirst: over the HTTP endpoint, the
// deferred acknowledgement is written and flushed before the handler sends
// its follow-up: Discord would refuse an edit of a response it has not
// received.
func TestHTTPAcknowledgementIsFlushedFirst(t *testing.T) {
	fake := discordtest.New(t)
	fake.TolerateViolations() // a sink for the follow-up: it knows no such interaction
	s, err := fake.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	log := &eventLog{}
	s.Client = &http.Client{Transport: loggingTransport{base: s.Client.Transport, log: log}}
	h, priv := httpEndpoint(t)
	h.Bot.Session = s
	// Deliveries are simulated here: the interaction comes from this
	// test, signed with the endpoint's key; follow-ups go to the fake.
	body := fmt.Sprintf(`{"id":"99","application_id":%q,"type":2,"token":"tok","guild_id":"g","channel_id":"c",
		"member":{"user":{"id":"42","username":"alice"},"permissions":"0"},
		"data":{"id":"9","name":"game","type":1,"options":[{"name":"status","type":1}]}}`, fake.AppID())
	w := flushLog{ResponseRecorder: httptest.NewRecorder(), log: log}
	h.ServeHTTP(w, signed(t, priv, time.Now(), body))
	deadline := time.Now().Add(5 * time.Second)
	for log.index("followup") < 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	flushed, followup := log.index("flushed"), log.index("followup")
	if flushed < 0 || followup < 0 || followup < flushed {
		t.Fatalf("order of events: %v", log.events)
	}
}

// warpWeftApp is an App playing Warp and Weft on a fresh store.
func warpWeftApp(t *testing.T) *commands.App {
	return commandstest.NewApp(t)
}
