package sandbox

import (
	"net/http"
	"strings"
	"testing"
)

// TestLiveTableButtonInTheSandbox: with the live table on, the board's
// "Live table" button (Discord's LAUNCH_ACTIVITY) answers in the sandbox
// with a private pointer to its own copy of the Activity, which serves
// the same page, signs in the acting member and shows their seat.
func TestLiveTableButtonInTheSandbox(t *testing.T) {
	c := newClient(t)
	c.app.LiveTable = true
	c.mustCommand("alice", "/game new game:warpweft")
	c.mustCommand("bob", "/game join")
	c.mustCommand("alice", "/game start")
	board := c.mustLatest("carol", "games", "Live table")
	r := c.click("carol", board, "Live table")
	if !r.Message.Ephemeral || !strings.Contains(r.Message.Content, "Open live table") {
		t.Fatalf("the Live table button answered %+v", r.Message)
	}
	c.checkPrivate("carol", *r.Message)

	res, err := http.Get(c.srv.URL + "/activity/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors") {
		t.Fatalf("GET /activity/: %d, CSP %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	var signed struct {
		Session string
		User    struct{ ID, Name string }
	}
	if code := c.do("POST", "/activity/api/token", map[string]string{"code": "bob"}, &signed); code != http.StatusOK || signed.User.ID != userID("bob") {
		t.Fatalf("signing in as bob: %d %+v", code, signed.User)
	}
	if code := c.do("POST", "/activity/api/token", map[string]string{"code": "nobody"}, nil); code != http.StatusUnauthorized {
		t.Errorf("signing in as no member: %d, want 401", code)
	}
}
