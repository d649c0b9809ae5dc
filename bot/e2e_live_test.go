package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/activity"
	"spindle/bot/discordtest"
)

// TestEndToEndLiveTable runs the live table beside the real bot and the
// fake Discord: the board's "Live table" button answers with
// LAUNCH_ACTIVITY (callback 12); a player signs in with the code of
// Discord's authorize step (exchanged at the fake's POST /oauth2/token),
// moves from the live table, and the channel gets the next board through
// the bot's own poster.
func TestEndToEndLiveTable(t *testing.T) {
	e := newE2EWith(t, sampledRender())
	e.stop()
	e.live = true
	e.start()
	ch := e.fake.DefaultChannel()
	alice, bob := e.fake.AddUser("alice"), e.fake.AddUser("bob")
	e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	lobby := e.last()
	e.finalOf(e.fake.Click(bob, lobby, e.button(lobby, "Join")))
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))

	board := e.last()
	in := e.fake.Click(bob, board, e.button(board, "Live table"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cb, err := in.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if cb.Type != InteractionResponseLaunchActivity {
		t.Fatalf("the Live table button answered with callback type %d, want 12 (LAUNCH_ACTIVITY)", cb.Type)
	}

	if cb.ActivityInstance == "" {
		t.Fatal("LAUNCH_ACTIVITY started no Activity instance")
	}
	api := e.fake.URL() + "/api/v10"
	liveCfg := activity.Config{App: e.app, Poster: e.bot.Poster(), ClientID: e.fake.AppID(), Log: zerolog.Nop(),
		Auth:       activity.DiscordOAuth{ClientID: e.fake.AppID(), ClientSecret: e.fake.ClientSecret(), API: api},
		Locator:    activity.DiscordInstances{AppID: e.fake.AppID(), BotToken: "test-token", API: api},
		SessionKey: activity.SessionKey(e.fake.ClientSecret())}
	srv := httptest.NewServer(WithActivity(http.NotFoundHandler(), activity.New(liveCfg)))
	defer srv.Close()
	// A second process of the same application, as behind a load
	// balancer: it accepts the first one's sign-ins.
	other := httptest.NewServer(WithActivity(http.NotFoundHandler(), activity.New(liveCfg)))
	defer other.Close()
	base := srv.URL
	try := func(method, path, session string, body, out any) int {
		t.Helper()
		var rd *bytes.Reader
		if body != nil {
			raw, _ := json.Marshal(body)
			rd = bytes.NewReader(raw)
		} else {
			rd = bytes.NewReader(nil)
		}
		req, _ := http.NewRequest(method, base+"/activity"+path, rd)
		req.Header.Set("Content-Type", "application/json")
		if session != "" {
			req.Header.Set("Authorization", "Bearer "+session)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode == http.StatusOK && out != nil {
			if err := json.NewDecoder(res.Body).Decode(out); err != nil {
				t.Fatal(err)
			}
		}
		return res.StatusCode
	}
	call := func(method, path, session string, body, out any) {
		t.Helper()
		if code := try(method, path, session, body, out); code != http.StatusOK {
			t.Fatalf("%s %s: status %d", method, path, code)
		}
	}
	actor := alice
	if e.table().ToAct()[0] == 1 {
		actor = bob
	}
	var signed, stranger struct{ Session string }
	call("POST", "/api/token", "", map[string]string{"code": e.fake.AuthorizeCode(actor.ID)}, &signed)
	carol := e.fake.AddUser("carol")
	call("POST", "/api/token", "", map[string]string{"code": e.fake.AuthorizeCode(carol.ID)}, &stranger)
	// The table comes from the instance Discord describes, to its users only.
	here := "/api/table?instance=" + cb.ActivityInstance
	if actor.ID != bob.ID {
		if code := try("GET", here, signed.Session, nil, nil); code != http.StatusForbidden {
			t.Fatalf("%s, not yet in the Activity: status %d, want 403", actor.Name, code)
		}
		e.fake.JoinActivity(cb.ActivityInstance, actor.ID)
	}
	for _, path := range []string{here, "/api/table?instance=forged", "/api/table?table=1",
		"/api/table?guild=" + e.fake.Guild().ID + "&channel=" + ch.ID} {
		if code := try("GET", path, stranger.Session, nil, nil); code != http.StatusForbidden {
			t.Errorf("carol, not in the Activity, GET %s: status %d, want 403", path, code)
		}
	}
	var st activity.State
	call("GET", here, signed.Session, nil, &st)
	if st.Panel == nil {
		t.Fatalf("%s has no panel on the live table", actor.Name)
	}
	// Found through the instance, the table comes with a session that
	// names it, which the page uses from then on; the first one does not.
	if st.Session == "" {
		t.Fatal("the table found through the instance came without a session naming it")
	}
	byID := fmt.Sprintf("/api/table?table=%d", st.Table)
	if code := try("GET", byID, signed.Session, nil, nil); code != http.StatusForbidden {
		t.Errorf("GET %s with the sign-in's first session: status %d, want 403", byID, code)
	}
	session := st.Session
	// Every later request goes to the other process.
	base = other.URL
	call("GET", byID, session, nil, nil)
	before := st.Version
	panel := st.Panel
	if code := try("POST", "/api/act", stranger.Session, map[string]any{"table": st.Table,
		"custom_id": panel.Rows[len(panel.Rows)-1].Buttons[0].CustomID}, nil); code != http.StatusForbidden {
		t.Errorf("carol's click on a table she did not find through her Activity: status %d, want 403", code)
	}
	for step := 0; step < 5 && e.table().Version() == before; step++ {
		id, vals := "", []string(nil)
		for _, r := range panel.Rows {
			if r.Select != nil && (strings.HasPrefix(r.Select.CustomID, "s/") || (id == "" && strings.HasPrefix(r.Select.CustomID, "p/"))) {
				id, vals = r.Select.CustomID, []string{r.Select.Options[0].Value}
			}
		}
		var out struct {
			State activity.State
			Panel *activity.View
		}
		call("POST", "/api/act", session, map[string]any{"table": st.Table, "custom_id": id, "values": vals}, &out)
		if out.Panel != nil {
			panel = out.Panel
		}
	}
	after := e.table().Version()
	if after == before {
		t.Fatal("no move from the live table")
	}
	want := fmt.Sprintf("move %d ·", after)
	if err := discordtest.WaitFor(ctx, func() bool {
		m, ok := e.fake.Last(ch.ID)
		return ok && len(m.Embeds) > 0 && m.Embeds[0].Footer != nil && strings.HasPrefix(m.Embeds[0].Footer.Text, want)
	}); err != nil {
		t.Fatalf("the channel's board never showed the live table's move (version %d): %v", after, err)
	}
}
