package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSimultaneousNewGamesOpenOneLobby: many /game new at the same
// instant in one channel open exactly one lobby; the others are told the
// channel is busy.
func TestSimultaneousNewGamesOpenOneLobby(t *testing.T) {
	h := newHarness(t)
	const n = 40
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		opened  int
		refused int
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := User{ID: fmt.Sprint(1000 + i), Name: fmt.Sprint("p", i)}
			resp, err := h.app.Handle(context.Background(), Request{ID: fmt.Sprint("new-", i), Kind: Command, Guild: "g1", Channel: "c1",
				User: u, Command: "game new", Options: map[string]string{"game": "warpweft"}, At: time.Unix(1700000000, 0)}, h.rec)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && strings.Contains(resp.Message.Content, "is open"):
				opened++
			case resp.Message != nil && strings.Contains(resp.Message.Content, "already has a game"):
				refused++
			default:
				t.Errorf("request %d: %v %+v", i, err, resp.Message)
			}
		}()
	}
	wg.Wait()
	if opened != 1 || refused != n-1 {
		t.Fatalf("%d lobbies opened, %d refused", opened, refused)
	}
	if got := len(h.rec.posts["c1"]); got != 1 {
		t.Fatalf("%d lobby messages posted", got)
	}
}

// TestForeignCustomIDsAreRefused: a lobby or table button whose custom_id
// names a table of another server or channel is refused, even for a user
// who may manage the server the request comes from.
func TestForeignCustomIDsAreRefused(t *testing.T) {
	h := newHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	for _, where := range []struct{ guild, channel string }{{"g2", "c1"}, {"g1", "c2"}, {"g2", "c9"}} {
		for _, label := range []string{"Join", "Cancel"} {
			id := button(t, lobby.msg, label)
			resp, err := h.do(Request{Kind: Component, User: carol, CustomID: id, Message: lobby.id, Guild: where.guild,
				Channel: where.channel, CanManage: true})
			if err == nil || resp.Message == nil || !strings.Contains(resp.Message.Content, "another channel") {
				t.Fatalf("%s from %s/%s: %v %+v", label, where.guild, where.channel, err, resp.Message)
			}
		}
	}
	b, err := h.store.GetBinding(1)
	if err != nil || len(b.Users) != 1 || b.Status != statusLobby {
		t.Fatalf("the lobby changed: %+v %v", b, err)
	}
}

// TestAwayRespectsTheLimitAndTheServer: repeated /away calls cannot stack
// past the server's limit, and being away in one server leaves the clocks
// of another running.
func TestAwayRespectsTheLimitAndTheServer(t *testing.T) {
	h := newHarness(t)
	h.app.Now = func() time.Time { return time.Unix(1700000000, 0) }
	ok := 0
	for range 50 {
		resp, _ := h.command(alice, "away set", map[string]string{"duration": "1d"})
		if resp.Message != nil && strings.Contains(resp.Message.Content, "is away until") {
			ok++
		}
	}
	if ok != 14 { // the default limit is 14 days
		t.Fatalf("%d one-day /away calls accepted under a 14-day limit", ok)
	}
	pr := h.app.prefs(alice.ID)
	if got := pr.awayUntil("g1").Sub(h.app.now()); got != 14*24*time.Hour {
		t.Fatalf("away for %s in g1", got)
	}
	if !pr.awayUntil("g2").IsZero() {
		t.Fatal("away in g1 made alice away in g2 too")
	}
}

// TestTableCommandsStayInTheirGuild: a table of server g1 lives in channel
// c1; commands that name c1 but come from server g2 (a forged request, a
// direct message) find no game there, even from its host with Manage
// Server, and change nothing. The same holds for a lobby's commands.
func TestTableCommandsStayInTheirGuild(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	before, err := h.store.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	tbl, _ := h.store.Load(h.app.Catalog, id)
	posts := len(h.rec.live("c1"))
	for _, c := range []struct {
		u    User
		cmd  string
		opts map[string]string
	}{
		{alice, "game abandon", nil},
		{alice, "game status", nil},
		{alice, "hand", nil},
		{alice, "game undo", nil},
		{alice, "game policy", map[string]string{"value": "pass"}},
		{alice, "game replace", map[string]string{"player": bob.ID}},
		{bob, "game rejoin", nil},
	} {
		resp, err := h.do(Request{Kind: Command, User: c.u, Command: c.cmd, Options: c.opts, Guild: "g2", Channel: "c1", CanManage: true})
		if err == nil || resp.Message == nil || !strings.Contains(resp.Message.Content, "There's no game running in this channel.") {
			t.Errorf("/%s from another server: %v %+v", c.cmd, err, resp.Message)
		}
	}
	after, err := h.store.GetBinding(id)
	if err != nil || after.Status != statusActive || !slices.Equal(after.Users, before.Users) || len(after.Policies) != 0 || len(after.Benched) != 0 {
		t.Fatalf("commands from another server changed the table: %+v %v", after, err)
	}
	if now, _ := h.store.Load(h.app.Catalog, id); now.Version() != tbl.Version() {
		t.Fatalf("commands from another server moved the table: version %d -> %d", tbl.Version(), now.Version())
	}
	if n := len(h.rec.live("c1")); n != posts {
		t.Fatalf("commands from another server posted in c1: %d messages -> %d", posts, n)
	}
	// A lobby of g1 in c2: join, leave and start from g2 find no lobby.
	if _, err := h.do(Request{Kind: Command, User: alice, Command: "game new", Channel: "c2", Options: map[string]string{"game": "warpweft"}}); err != nil {
		t.Fatal(err)
	}
	lobby, err := h.store.Active("c2")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		u   User
		cmd string
	}{{bob, "game join"}, {alice, "game leave"}, {alice, "game start"}, {alice, "game status"}, {alice, "game abandon"}} {
		resp, err := h.do(Request{Kind: Command, User: c.u, Command: c.cmd, Guild: "g2", Channel: "c2", CanManage: true})
		if err == nil || resp.Message == nil || !strings.Contains(resp.Message.Content, "in this channel") {
			t.Errorf("/%s of a lobby from another server: %v %+v", c.cmd, err, resp.Message)
		}
	}
	if b, err := h.store.GetBinding(lobby); err != nil || b.Status != statusLobby || !slices.Equal(b.Users, []string{alice.ID}) {
		t.Fatalf("lobby commands from another server changed the lobby: %+v %v", b, err)
	}
}
