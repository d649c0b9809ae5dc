package activity_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/activity"
	"spindle/bot/discordtest"
	"spindle/commands"
	"spindle/games"
	"spindle/games/tapestry"
)

var (
	alice = commands.User{ID: "200000000000000001", Name: "alice"}
	bob   = commands.User{ID: "200000000000000002", Name: "bob"}
	carol = commands.User{ID: "200000000000000003", Name: "carol"}
)

// localAuth signs in the user whose id is the code.
func localAuth(_ context.Context, code string) (activity.Identity, error) {
	for _, u := range []commands.User{alice, bob, carol} {
		if u.ID == code {
			return activity.Identity{User: u}, nil
		}
	}
	return activity.Identity{}, activity.ErrSignIn
}

// liveTable serves a live table for app, posting boards to p.
func liveTable(t testing.TB, app *commands.App, p commands.Poster) (*httptest.Server, *activity.Server) {
	t.Helper()
	s := activity.New(activity.Config{App: app, Poster: p, Auth: activity.ExchangeFunc(localAuth), ClientID: "1", Log: zerolog.Nop()})
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv, s
}

// TestSignInWithDiscord signs in through the fake Discord's OAuth2: the
// SDK's code is exchanged by the server (POST /oauth2/token), the user
// read with the access token (GET /users/@me), and a session issued;
// a code works once, and every table endpoint wants a session.
func TestSignInWithDiscord(t *testing.T) {
	fake := discordtest.New(t)
	dana := fake.AddUser("dana")
	app := newApp(t)
	s := activity.New(activity.Config{App: app, Poster: &board{}, Log: zerolog.Nop(), ClientID: fake.AppID(),
		Auth: activity.DiscordOAuth{ClientID: fake.AppID(), ClientSecret: fake.ClientSecret(), API: fake.URL() + "/api/v10"}})
	srv := httptest.NewServer(s)
	defer srv.Close()

	c := &client{t: t, base: srv.URL}
	code := fake.AuthorizeCode(dana.ID)
	var out struct {
		Session     string `json:"session"`
		AccessToken string `json:"access_token"`
		User        struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"user"`
	}
	if st := c.do("POST", "/api/token", map[string]string{"code": code}, &out); st != http.StatusOK {
		t.Fatalf("sign-in: status %d", st)
	}
	if out.User.ID != dana.ID || out.User.Name != "dana" || out.Session == "" || out.AccessToken == "" {
		t.Fatalf("sign-in answered %+v", out)
	}
	if st := c.do("POST", "/api/token", map[string]string{"code": code}, nil); st != http.StatusUnauthorized {
		t.Errorf("a code used twice: status %d, want 401", st)
	}
	wrong := activity.New(activity.Config{App: app, Poster: &board{}, Log: zerolog.Nop(),
		Auth: activity.DiscordOAuth{ClientID: fake.AppID(), ClientSecret: "not-the-secret", API: fake.URL() + "/api/v10"}})
	ws := httptest.NewServer(wrong)
	defer ws.Close()
	if st := (&client{t: t, base: ws.URL}).do("POST", "/api/token", map[string]string{"code": fake.AuthorizeCode(dana.ID)}, nil); st != http.StatusUnauthorized {
		t.Errorf("a wrong client secret: status %d, want 401", st)
	}
	for _, path := range []string{"/api/table?channel=" + channel, "/api/events?table=1"} {
		if st := c.do("GET", path, nil, nil); st != http.StatusUnauthorized {
			t.Errorf("GET %s without a session: %d, want 401", path, st)
		}
		bad := &client{t: t, base: srv.URL, session: "forged"}
		if st := bad.do("GET", path, nil, nil); st != http.StatusUnauthorized {
			t.Errorf("GET %s with a forged session: %d, want 401", path, st)
		}
	}
	if st := c.do("POST", "/api/act", map[string]any{"table": 1, "custom_id": "t/1/1/x"}, nil); st != http.StatusUnauthorized {
		t.Errorf("POST /api/act without a session: %d, want 401", st)
	}
}

// TestPanelsOnlyForTheirOwners: a player gets their own seat's panel, a
// spectator the public board alone, and the board is the spectator's
// view for everyone.
func TestPanelsOnlyForTheirOwners(t *testing.T) {
	app := newApp(t)
	chat := &board{}
	srv, _ := liveTable(t, app, chat)
	id := startGame(t, app, chat, "warpweft", []commands.User{alice, bob}, 0)
	a, b, c := signIn(t, srv.URL, alice.ID), signIn(t, srv.URL, bob.ID), signIn(t, srv.URL, carol.ID)

	var found activity.State
	if st := c.do("GET", "/api/table?guild="+guild+"&channel="+channel, nil, &found); st != http.StatusOK || found.Table != id {
		t.Fatalf("the channel's table: status %d, table %d, want %d", st, found.Table, id)
	}
	sa, sb, sc := a.state(id), b.state(id), c.state(id)
	if sa.Seat != 0 || sb.Seat != 1 || sc.Seat != -1 {
		t.Errorf("seats %d, %d, %d; want 0, 1, -1", sa.Seat, sb.Seat, sc.Seat)
	}
	if sa.Panel == nil || sb.Panel == nil {
		t.Fatal("a player has no panel")
	}
	if sc.Panel != nil {
		t.Fatalf("the spectator received a panel: %+v", sc.Panel)
	}
	if raw := rawTable(t, c, id); strings.Contains(raw, `"panel"`) || strings.Contains(raw, "your hand") {
		t.Errorf("the spectator's answer mentions a panel: %.300s", raw)
	}
	img := func(v *activity.View) string { return v.Embeds[0].Image }
	if img(&sa.Board) != img(&sc.Board) || img(&sb.Board) != img(&sc.Board) {
		t.Error("the players' boards differ from the spectator's")
	}
	if img(sa.Panel) == img(sb.Panel) || img(sa.Panel) == img(&sc.Board) {
		t.Error("the two panels (or a panel and the board) show the same picture: not each seat's own view")
	}
	if !strings.Contains(sa.Panel.Embeds[0].Title, "your hand") {
		t.Errorf("alice's panel is titled %q", sa.Panel.Embeds[0].Title)
	}
}

func rawTable(t *testing.T, c *client, id uint64) string {
	t.Helper()
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/table?table=%d", c.base, id), nil)
	req.Header.Set("Authorization", "Bearer "+c.session)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var sb strings.Builder
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		sb.WriteString(sc.Text())
	}
	return sb.String()
}

// TestMovesGoThroughTheChatPath plays moves from the live table: each is
// committed (the table's version), announced in the chat (a board), and a
// click replayed at an old version, a spectator's click, another seat's
// click and a button that is not a panel's change nothing.
func TestMovesGoThroughTheChatPath(t *testing.T) {
	app := newApp(t)
	chat := &board{}
	srv, _ := liveTable(t, app, chat)
	id := startGame(t, app, chat, "warpweft", []commands.User{alice, bob}, 0)
	players := map[int]*client{0: signIn(t, srv.URL, alice.ID), 1: signIn(t, srv.URL, bob.ID)}
	spectator := signIn(t, srv.URL, carol.ID)

	version := func() uint64 {
		tb, err := app.Store.Load(app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		return tb.Version()
	}
	var last click
	var lastBy *client
	for range 4 {
		tb, err := app.Store.Load(app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		actor := players[int(tb.ToAct()[0])]
		other := players[1-int(tb.ToAct()[0])]
		before, shown := version(), chat.shown()
		st := actor.state(id)
		cid, vals, _ := choose(st.Panel)
		// The player who is not to act cannot use the actor's click.
		if out, code := other.act(id, cid, vals); code != http.StatusOK || out.State.Version != before {
			t.Fatalf("the other seat's click: status %d, version %d -> %d", code, before, out.State.Version)
		}
		after, played := actor.move(id)
		if after <= before || version() != after {
			t.Fatalf("a move from the live table: version %d -> %d (store %d)", before, after, version())
		}
		if chat.shown() <= shown {
			t.Fatal("the chat did not follow the live table's move")
		}
		last, lastBy = played, actor
	}
	// A double click (the same custom_id again) is stale: refused politely.
	before := version()
	out, code := lastBy.act(id, last.id, last.vals)
	if code != http.StatusOK || version() != before {
		t.Fatalf("a replayed click: status %d, version %d -> %d", code, before, version())
	}
	if out.Panel == nil || !strings.Contains(out.Panel.Content, "↻") {
		t.Errorf("a replayed click's answer: %+v", out.Panel)
	}
	tb, _ := app.Store.Load(app.Catalog, id)
	st := players[int(tb.ToAct()[0])].state(id)
	cid, vals, _ := choose(st.Panel)
	if _, code := spectator.act(id, cid, vals); code != http.StatusForbidden {
		t.Errorf("a spectator's click: status %d, want 403", code)
	}
	for _, forged := range []string{commands.CustomID{Route: 'o', Table: id, Arg: "refresh"}.MustEncode(),
		commands.CustomID{Route: 'l', Table: id, Arg: "start"}.MustEncode(), "not a custom id"} {
		if _, code := players[0].act(id, forged, nil); code != http.StatusBadRequest {
			t.Errorf("a click on %q: status %d, want 400", forged, code)
		}
	}
	if version() != before {
		t.Errorf("refused clicks changed the table: %d -> %d", before, version())
	}
}

// TestEventsFollowTheChat: the event stream gives the current version
// and then each version committed anywhere, here by a click in the chat.
func TestEventsFollowTheChat(t *testing.T) {
	app := newApp(t)
	chat := &board{}
	s := activity.New(activity.Config{App: app, Poster: chat, Auth: activity.ExchangeFunc(localAuth), Log: zerolog.Nop()})
	// Short read and write timeouts, as every Spindle listener has longer
	// ones: the stream must outlive them.
	srv := httptest.NewUnstartedServer(s)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 100*time.Millisecond, 100*time.Millisecond
	srv.Start()
	defer srv.Close()
	id := startGame(t, app, chat, "warpweft", []commands.User{alice, bob}, 0)
	c := signIn(t, srv.URL, carol.ID)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/events?table=%d", srv.URL, id), nil)
	req.Header.Set("Authorization", "Bearer "+c.session)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := bufio.NewScanner(res.Body)
	next := func() string {
		t.Helper()
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "data: ") {
				return strings.TrimPrefix(l, "data: ")
			}
		}
		t.Fatalf("the stream ended: %v", lines.Err())
		return ""
	}
	tb, _ := app.Store.Load(app.Catalog, id)
	if got, want := next(), fmt.Sprintf(`{"table":%d,"version":%d}`, id, tb.Version()); got != want {
		t.Fatalf("first event %s, want %s", got, want)
	}
	for s.Notifier().(*activity.Hub).Watchers(id) == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // past the listener's timeouts
	// The player to act moves in the chat: their panel's first move.
	seat := tb.ToAct()[0]
	user := []commands.User{alice, bob}[seat]
	live, err := app.Live(id, user.ID)
	if err != nil {
		t.Fatal(err)
	}
	view := activity.View{}
	for _, r := range live.Panel.Rows {
		view.Rows = append(view.Rows, activity.Row{Buttons: r.Buttons, Select: r.Select})
	}
	for range 10 {
		cid, vals, ok := choose(&view)
		if !ok {
			t.Fatal("no move in the chat panel")
		}
		resp := handle(t, app, chat, user, commands.Request{Kind: commands.Component, CustomID: cid, Values: vals})
		nt, _ := app.Store.Load(app.Catalog, id)
		if nt.Version() != tb.Version() {
			break
		}
		view = activity.View{}
		for _, r := range resp.Message.Rows {
			view.Rows = append(view.Rows, activity.Row{Buttons: r.Buttons, Select: r.Select})
		}
	}
	nt, _ := app.Store.Load(app.Catalog, id)
	if got, want := next(), fmt.Sprintf(`{"table":%d,"version":%d}`, id, nt.Version()); got != want {
		t.Fatalf("after the chat's move: event %s, want %s", got, want)
	}
}

// TestHubKeepsTheLatest: a slow watcher gets the newest version, a
// cancelled one nothing, and Changed never blocks.
func TestHubKeepsTheLatest(t *testing.T) {
	h := activity.NewHub()
	ch, cancel := h.Subscribe(7)
	other, cancelOther := h.Subscribe(8)
	for v := uint64(1); v <= 5; v++ {
		h.Changed(7, v)
	}
	if v := <-ch; v != 5 {
		t.Errorf("a slow watcher got version %d, want 5", v)
	}
	select {
	case v := <-other:
		t.Errorf("another table's watcher got %d", v)
	default:
	}
	cancel()
	cancel()
	cancelOther()
	h.Changed(7, 6)
	if h.Watchers(7) != 0 || h.Watchers(8) != 0 {
		t.Error("cancelled watchers remain")
	}
}

// TestWholeTapestryGame plays a three-seat Tapestry game to its end from
// the live table: one person, whose every choice is a click here, and two
// AI players answering through the timer loop, as in the chat.
func TestWholeTapestryGame(t *testing.T) {
	app := newApp(t, games.Bind(tapestry.Game{}))
	chat := &board{}
	srv, _ := liveTable(t, app, chat)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go app.RunTimers(ctx, chat, 10*time.Millisecond)
	id := startGame(t, app, chat, "tapestry", []commands.User{alice}, 2)
	a := signIn(t, srv.URL, alice.ID)
	moves := 0
	deadline := time.Now().Add(2 * time.Minute)
	for {
		tb, err := app.Store.Load(app.Catalog, id)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Over() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not over after %d moves of alice's (version %d)", moves, tb.Version())
		}
		if _, _, ok := a.tryMove(id); !ok {
			time.Sleep(5 * time.Millisecond) // an AI is thinking
			continue
		}
		moves++
	}
	st := a.state(id)
	if !st.Over || st.Panel != nil || !strings.Contains(st.Board.Embeds[0].Title, "final result") {
		t.Fatalf("the end as the live table shows it: over %v, panel %v, title %q", st.Over, st.Panel != nil, st.Board.Embeds[0].Title)
	}
	// The last move may be an AI's: its board is announced after its
	// commit, so the chat gets the result a moment after the store has it.
	var last commands.Message
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		chat.mu.Lock()
		last = chat.posts[len(chat.posts)-1]
		chat.mu.Unlock()
		if strings.Contains(last.Embeds[0].Title, "final result") || time.Now().After(end) {
			break
		}
	}
	if !strings.Contains(last.Embeds[0].Title, "final result") {
		t.Errorf("the chat's last board is %q, not the result", last.Embeds[0].Title)
	}
	t.Logf("alice played %d actions from the live table; the game ended at version %d", moves, st.Version)
}
