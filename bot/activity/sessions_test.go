package activity_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot/activity"
	"spindle/commands"
)

// TestSessionsTravelBetweenProcesses: a sign-in made at one process is
// accepted by another that shares the session key (as several processes
// of one application behind a load balancer do), and refused by one with
// another key, and by any process once it has expired.
func TestSessionsTravelBetweenProcesses(t *testing.T) {
	app := newApp(t)
	chat := &board{}
	id := startGame(t, app, chat, "warpweft", []commands.User{alice, bob}, 0)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	serve := func(key []byte) string {
		s := activity.New(activity.Config{App: app, Poster: chat, Auth: activity.ExchangeFunc(localAuth), ClientID: "1",
			Log: zerolog.Nop(), SessionKey: key, SessionLife: time.Hour, Now: func() time.Time { return now }})
		srv := httptest.NewServer(s)
		t.Cleanup(srv.Close)
		return srv.URL
	}
	key := activity.SessionKey("the client secret")
	first, second := serve(key), serve(activity.SessionKey("the client secret"))
	stranger := serve(activity.SessionKey("another application's secret"))
	random := serve(nil)

	a := signIn(t, first, alice.ID)
	path := "/api/table?guild=" + guild + "&channel=" + channel
	var st activity.State
	if code := (&client{t: t, base: second, session: a.session}).do("GET", path, nil, &st); code != http.StatusOK || st.Seat != 0 {
		t.Fatalf("the other process: status %d, seat %d; want 200 and alice's seat 0", code, st.Seat)
	}
	if st.Table != id || st.Panel == nil {
		t.Fatalf("the other process answered table %d (want %d), panel %v", st.Table, id, st.Panel != nil)
	}
	for name, base := range map[string]string{"another key": stranger, "a random key": random} {
		if code := (&client{t: t, base: base, session: a.session}).do("GET", path, nil, nil); code != http.StatusUnauthorized {
			t.Errorf("a process with %s: status %d, want 401", name, code)
		}
	}
	now = now.Add(time.Hour)
	if code := (&client{t: t, base: second, session: a.session}).do("GET", path, nil, nil); code != http.StatusUnauthorized {
		t.Errorf("an expired sign-in: status %d, want 401", code)
	}
}
