package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/commands/commandstest"
	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

// client drives a sandbox over HTTP as the page does.
type client struct {
	t     *testing.T
	srv   *httptest.Server
	app   *commands.App
	store *storage.Store
}

// tinyPNG is a valid 8x8 PNG; the HTTP tests are about the sandbox, not
// about rendering, and the race detector makes real renders slow.
func tinyPNG(imaging.Kind, any, imaging.Options) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// newApp builds the App on a temp DB with the given games (Warp and Weft
// when none); a nil render uses the real renderer.
func newApp(t *testing.T, render func(imaging.Kind, any, imaging.Options) ([]byte, error), kinds ...games.Kind) *commands.App {
	t.Helper()
	app := commandstest.NewApp(t, kinds...)
	app.Render = render
	return app
}

func newClient(t *testing.T) *client {
	t.Helper()
	app := newApp(t, tinyPNG)
	srv := httptest.NewServer(New(app, zerolog.Nop()))
	t.Cleanup(srv.Close)
	return &client{t: t, srv: srv, app: app, store: app.Store}
}

// do sends one request and decodes the JSON answer into out.
func (c *client) do(method, path string, body, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.srv.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	res, err := c.srv.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			c.t.Fatalf("%s %s: decoding the answer: %v", method, path, err)
		}
	}
	return res.StatusCode
}

func (c *client) state(user, ch string) State {
	c.t.Helper()
	var st State
	if code := c.do("GET", "/api/state?user="+user+"&channel="+ch, nil, &st); code != http.StatusOK {
		c.t.Fatalf("state for %s in %q: HTTP %d", user, ch, code)
	}
	return st
}

func (c *client) command(user, text string) (Reply, int) {
	c.t.Helper()
	var r Reply
	code := c.do("POST", "/api/command", map[string]string{"user": user, "channel": "games", "text": text}, &r)
	return r, code
}

// mustCommand runs a command that must be accepted.
func (c *client) mustCommand(user, text string) MessageView {
	c.t.Helper()
	r, code := c.command(user, text)
	if code != http.StatusOK || r.Message == nil {
		c.t.Fatalf("%s %q: HTTP %d %+v", user, text, code, r)
	}
	return *r.Message
}

func (c *client) click(user string, m MessageView, label string) Reply {
	c.t.Helper()
	var r Reply
	body := map[string]string{"user": user, "message": m.ID, "custom_id": button(c.t, m, label)}
	if code := c.do("POST", "/api/click", body, &r); code != http.StatusOK || r.Message == nil {
		c.t.Fatalf("%s clicking %q: HTTP %d %+v", user, label, code, r)
	}
	return r
}

func (c *client) choose(user string, m MessageView, customID, value string) Reply {
	c.t.Helper()
	var r Reply
	body := map[string]any{"user": user, "message": m.ID, "custom_id": customID, "values": []string{value}}
	if code := c.do("POST", "/api/select", body, &r); code != http.StatusOK || r.Message == nil {
		c.t.Fatalf("%s choosing %q: HTTP %d %+v", user, value, code, r)
	}
	return r
}

func button(t *testing.T, m MessageView, label string) string {
	t.Helper()
	for _, r := range m.Rows {
		for _, b := range r.Buttons {
			if b.Label == label {
				return b.CustomID
			}
		}
	}
	t.Fatalf("message %s has no button %q: %+v", m.ID, label, m.Rows)
	return ""
}

// latest returns the newest message user sees in ch that has a button
// labelled label, or false.
func (c *client) latest(user, ch, label string) (MessageView, bool) {
	c.t.Helper()
	msgs := c.state(user, ch).Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		for _, r := range msgs[i].Rows {
			for _, b := range r.Buttons {
				if b.Label == label {
					return msgs[i], true
				}
			}
		}
	}
	return MessageView{}, false
}

func (c *client) mustLatest(user, ch, label string) MessageView {
	c.t.Helper()
	m, ok := c.latest(user, ch, label)
	if !ok {
		c.t.Fatalf("%s sees no message with a %q button in %s", user, label, ch)
	}
	return m
}

var everyone = []string{"alice", "bob", "carol", "dave"}

// checkPrivate asserts that the ephemeral message id (and its images) is
// seen by owner alone.
func (c *client) checkPrivate(owner string, m MessageView) {
	c.t.Helper()
	if !m.Ephemeral {
		c.t.Fatalf("message %s for %s is not ephemeral: %q", m.ID, owner, m.Content)
	}
	for _, u := range everyone {
		st := c.state(u, "games")
		has := slices.ContainsFunc(st.Messages, func(x MessageView) bool { return x.ID == m.ID })
		if has != (u == owner) {
			c.t.Fatalf("%s's ephemeral message %s: in %s's state = %v", owner, m.ID, u, has)
		}
	}
	for _, e := range m.Embeds {
		if e.ImageURL == "" {
			continue
		}
		if code := c.do("GET", e.ImageURL, nil, nil); code != http.StatusOK {
			c.t.Fatalf("%s cannot fetch their own image %s: HTTP %d", owner, e.ImageURL, code)
		}
		other := strings.Replace(e.ImageURL, "user="+userID(owner), "user="+userID("carol"), 1)
		if owner == "carol" {
			other = strings.Replace(e.ImageURL, "user="+userID(owner), "user="+userID("dave"), 1)
		}
		if code := c.do("GET", other, nil, nil); code != http.StatusNotFound {
			c.t.Fatalf("another user fetched %s's private image %s: HTTP %d", owner, other, code)
		}
	}
}

var standing = regexp.MustCompile(`<@(\d+)>: (-?\d+)`)

func TestWholeGameOverHTTP(t *testing.T) {
	c := newClient(t)
	ids := map[string]string{}
	for _, u := range c.state("alice", "").Users {
		ids[u.ID] = u.Name
	}
	open := c.mustCommand("alice", "/game new game:warpweft")
	if !strings.Contains(open.Content, "table #1") || open.Interaction == nil || !strings.Contains(open.Interaction.Text, "used /game new game:warpweft") {
		t.Fatalf("reply to /game new: %+v", open)
	}
	c.checkPrivate("alice", open)
	lobby := c.mustLatest("bob", "games", "Join")
	// Wrong users: bob may not start, carol may not cancel.
	if r := c.click("bob", lobby, "Start"); !strings.Contains(r.Message.Content, "Only the host") || r.Updated {
		t.Fatalf("bob started alice's lobby: %+v", r)
	}
	if r := c.click("carol", lobby, "Cancel"); !strings.Contains(r.Message.Content, "Only the host") {
		t.Fatalf("carol cancelled alice's lobby: %+v", r)
	}
	if r := c.click("bob", lobby, "Join"); !r.Updated || !strings.Contains(r.Message.Embeds[0].Description, "<@"+userID("bob")+"> joined") {
		t.Fatalf("bob's join did not update the lobby: %+v", r)
	}
	if r := c.click("alice", lobby, "Start"); !r.Updated || !strings.Contains(r.Message.Embeds[0].Description, "has started") {
		t.Fatalf("alice's start did not close the lobby: %+v", r)
	}
	id, err := c.store.Active(gamesID)
	if err != nil {
		t.Fatal(err)
	}

	// carol is not seated; whoever waits sees a panel without moves.
	table := c.mustLatest("carol", "games", "My hand & moves")
	if r := c.click("carol", table, "My hand & moves"); !strings.Contains(r.Message.Content, "not playing") {
		t.Fatalf("carol's panel: %+v", r.Message)
	}
	actor := ids[table.Mentions[0]]
	waiter := map[string]string{"alice": "bob", "bob": "alice"}[actor]
	if r := c.click(waiter, table, "My hand & moves"); !strings.Contains(r.Message.Content, "Waiting for <@"+userID(actor)+">") {
		t.Fatalf("%s's panel while %s acts: %+v", waiter, actor, r.Message)
	}

	private := map[string][]string{} // user -> ephemeral message ids seen by them
	moves := 0
	for turn := 0; ; turn++ {
		if turn > 30 {
			t.Fatal("no result after 30 turns")
		}
		st := c.state("dave", "games")
		last := st.Messages[len(st.Messages)-1]
		if len(last.Embeds) > 0 && strings.Contains(last.Embeds[0].Title, "final result") {
			break
		}
		table := c.mustLatest("dave", "games", "My hand & moves")
		if len(table.Mentions) != 1 || table.Mentioned {
			t.Fatalf("turn %d: table message mentions %v", turn, table.Mentions)
		}
		actor := ids[table.Mentions[0]]
		seen := c.state(actor, "games").Messages
		if i := slices.IndexFunc(seen, func(m MessageView) bool { return m.ID == table.ID }); i < 0 || !seen[i].Mentioned {
			t.Fatalf("turn %d: the table message is not highlighted for %s", turn, actor)
		}
		panel := c.click(actor, table, "My hand & moves").Message
		c.checkPrivate(actor, *panel)
		private[actor] = append(private[actor], panel.ID)
		if turn == 2 {
			c.staleSelect(actor, table, *panel)
			moves++
			continue
		}
		c.play(actor, *panel)
		moves++
	}
	if moves != 24 {
		t.Fatalf("the game ended after %d moves, want 24", moves)
	}

	// The result message shows the stored result.
	tbl, err := c.store.Load(c.app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	res, ok := tbl.Result()
	if !ok {
		t.Fatal("the stored table is not over")
	}
	st := c.state("carol", "games")
	final := st.Messages[len(st.Messages)-1]
	shown := standing.FindAllStringSubmatch(final.Embeds[0].Fields[0].Value, -1)
	seatOf := map[string]int{userID("alice"): 0, userID("bob"): 1}
	if len(shown) != 2 {
		t.Fatalf("standings %q", final.Embeds[0].Fields[0].Value)
	}
	for _, m := range shown {
		if want := fmt.Sprint(res.Scores[seatOf[m[1]]]); m[2] != want {
			t.Fatalf("%s's score is shown as %s, stored %s", ids[m[1]], m[2], want)
		}
	}
	if final.Embeds[0].ImageURL == "" || final.Mentioned {
		t.Fatalf("result message %+v", final)
	}
	// No ephemeral message ever reaches another user's state.
	for _, u := range everyone {
		for _, m := range c.state(u, "games").Messages {
			if !m.Ephemeral {
				continue
			}
			for owner, list := range private {
				if owner != u && slices.Contains(list, m.ID) {
					t.Fatalf("%s sees %s's panel %s", u, owner, m.ID)
				}
			}
		}
	}
	if _, err := c.store.Active(gamesID); err == nil {
		t.Fatal("#games still has an active game after the result")
	}
}

// play makes one move through the panel: the card from the group select,
// then the cell from the second select.
func (c *client) play(actor string, panel MessageView) {
	c.t.Helper()
	sel := panel.Rows[0].Select
	if sel == nil || !strings.HasPrefix(sel.CustomID, "p/") {
		c.t.Fatalf("%s's panel has no group select: %+v", actor, panel.Rows)
	}
	r := c.choose(actor, panel, sel.CustomID, sel.Options[0].Value)
	if !r.Updated || r.Message.ID != panel.ID {
		c.t.Fatalf("picking a card did not update the panel: %+v %+v", r, r.Message)
	}
	cells := r.Message.Rows[0].Select
	if cells == nil || !strings.HasPrefix(cells.CustomID, "s/") {
		c.t.Fatalf("no cell select after picking a card: %+v", r.Message.Rows)
	}
	r = c.choose(actor, *r.Message, cells.CustomID, cells.Options[0].Value)
	if !r.Updated || strings.Contains(r.Message.Content, "⚠️") {
		c.t.Fatalf("%s's move was refused: %+v", actor, r.Message)
	}
	c.checkPrivate(actor, *r.Message)
}

// staleSelect opens a second panel, plays from it, and then uses the first
// panel's cell select: the move is refused, and the notice says the
// player's own move overtook it.
func (c *client) staleSelect(actor string, table, first MessageView) {
	c.t.Helper()
	sel := first.Rows[0].Select
	old := c.choose(actor, first, sel.CustomID, sel.Options[0].Value).Message
	second := c.click(actor, table, "My hand & moves").Message
	if second.ID == first.ID {
		c.t.Fatal("the second panel replaced the first")
	}
	id, _ := c.store.Active(gamesID)
	before, err := c.store.Load(c.app.Catalog, id)
	if err != nil {
		c.t.Fatal(err)
	}
	c.play(actor, *second)
	cells := old.Rows[0].Select
	r := c.choose(actor, *old, cells.CustomID, cells.Options[len(cells.Options)-1].Value)
	if !r.Updated || r.Message.ID != first.ID || !strings.Contains(r.Message.Content, "That click came after your previous choice") {
		c.t.Fatalf("the stale select was not refused politely: %+v", r)
	}
	after, err := c.store.Load(c.app.Catalog, id)
	if err != nil {
		c.t.Fatal(err)
	}
	if after.Version() <= before.Version() || after.Version() > before.Version()+2 {
		c.t.Fatalf("version %d -> %d after one move and a stale select", before.Version(), after.Version())
	}
	// Another user cannot even reach the old panel, nor press a component
	// a message does not carry.
	other := map[string]string{"alice": "bob", "bob": "alice"}[actor]
	body := map[string]any{"user": other, "message": first.ID, "custom_id": cells.CustomID, "values": []string{cells.Options[0].Value}}
	var r2 Reply
	if code := c.do("POST", "/api/select", body, &r2); code != http.StatusNotFound {
		c.t.Fatalf("%s used %s's panel: HTTP %d %+v", other, actor, code, r2)
	}
	// (The board the panels came from is gone: the move replaced it.)
	board := c.mustLatest(actor, "games", "My hand & moves")
	if board.ID == table.ID {
		c.t.Fatal("the old board is still in the channel after the move")
	}
	body = map[string]any{"user": actor, "message": board.ID, "custom_id": "o/1/forged"}
	if code := c.do("POST", "/api/click", body, &r2); code != http.StatusBadRequest || !strings.Contains(r2.Error, "isn't on this message any more") || strings.Contains(r2.Error, "o/1/") {
		c.t.Fatalf("a forged custom_id was accepted: HTTP %d %+v", code, r2)
	}
}

func TestCommandsRefusedLikeDiscord(t *testing.T) {
	c := newClient(t)
	cases := []struct{ text, want string }{
		{"/nope", "there is no command /nope"},
		{"/game", "/game needs a subcommand"},
		{"/game play", `no subcommand "play"`},
		{"/game new", "needs game"},
		{"/game new game:chess", "must be one of warpweft"},
		{"/game new game:warpweft colour:red", `no option "colour"`},
		{"/game new game:warpweft thread:maybe", "True or False"},
		{"/game new game:warpweft game:warpweft", "given twice"},
		{"/hand now", "unexpected"},
		{"/hand x:1", "takes no options"},
		{`/rules game:warpweft topic:"unclosed`, "not closed"},
	}
	for _, tc := range cases {
		r, code := c.command("bob", tc.text)
		if code != http.StatusBadRequest || !strings.Contains(r.Error, tc.want) || !strings.HasPrefix(r.Error, "sandbox: ") {
			t.Errorf("%q: HTTP %d %q, want 400 with %q", tc.text, code, r.Error, tc.want)
			continue
		}
		if r.Message == nil || !r.Message.Ephemeral || r.Message.Author.Name != "Sandbox" {
			t.Errorf("%q: no private notice: %+v", tc.text, r.Message)
		}
	}
	if n := len(c.state("alice", "games").Messages); n != 0 {
		t.Fatalf("alice sees %d of bob's notices", n)
	}
	if n := len(c.state("bob", "games").Messages); n != len(cases) {
		t.Fatalf("bob sees %d notices, want %d", n, len(cases))
	}
	// Nothing reached the handlers.
	if _, err := c.store.Active(gamesID); err == nil {
		t.Fatal("a refused command opened a game")
	}
	// Bad API calls.
	if code := c.do("GET", "/api/state?user=zed", nil, nil); code != http.StatusBadRequest {
		t.Fatalf("unknown user: HTTP %d", code)
	}
	if code := c.do("GET", "/api/state?user=bob&channel=nowhere", nil, nil); code != http.StatusNotFound {
		t.Fatalf("unknown channel: HTTP %d", code)
	}
	if code := c.do("POST", "/api/command", map[string]any{"user": "bob", "txt": "/hand"}, nil); code != http.StatusBadRequest {
		t.Fatalf("malformed body: HTTP %d", code)
	}
	if code := c.do("POST", "/api/click", map[string]any{"user": "bob", "message": "42", "custom_id": "x"}, nil); code != http.StatusNotFound {
		t.Fatalf("unknown message: HTTP %d", code)
	}
}

func TestParseCommand(t *testing.T) {
	app := newApp(t, tinyPNG)
	defs := commands.Definitions(app.Catalog)
	member := func(s string) (string, bool) { return "id-" + s, s == "bob" }
	cases := []struct {
		text, path, out string
		opts            map[string]string
	}{
		{"/game new game:warpweft", "game new", "/game new game:warpweft", map[string]string{"game": "warpweft"}},
		{"  /GAME New game:Warp and Weft thread:True ", "game new", "/game new game:warpweft thread:true",
			map[string]string{"game": "warpweft", "thread": "true"}},
		{`/rules game:warpweft topic:"Scoring a line"`, "rules", `/rules game:warpweft topic:"Scoring a line"`,
			map[string]string{"game": "warpweft", "topic": "Scoring a line"}},
		{"/rules topic:Scoring a line game:warpweft", "rules", `/rules game:warpweft topic:"Scoring a line"`,
			map[string]string{"game": "warpweft", "topic": "Scoring a line"}},
		{`/rules game:warpweft topic:"say \"hi\""`, "rules", `/rules game:warpweft topic:"say \"hi\""`,
			map[string]string{"game": "warpweft", "topic": `say "hi"`}},
		{"/hand", "hand", "/hand", map[string]string{}},
	}
	for _, tc := range cases {
		inv, err := parseCommand(defs, tc.text, member)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if inv.Path != tc.path || inv.Text != tc.out || fmt.Sprint(inv.Options) != fmt.Sprint(tc.opts) {
			t.Errorf("%q: got %q %q %v, want %q %q %v", tc.text, inv.Path, inv.Text, inv.Options, tc.path, tc.out, tc.opts)
		}
		// The echoed text parses back to the same invocation.
		again, err := parseCommand(defs, inv.Text, member)
		if err != nil || again.Text != inv.Text {
			t.Errorf("%q does not round-trip: %q %v", inv.Text, again.Text, err)
		}
	}
	if _, err := parseCommand(defs, "game new", member); err == nil {
		t.Error("text without a slash was parsed as a command")
	}
}

func TestAutocomplete(t *testing.T) {
	c := newClient(t)
	ask := func(text string) []Suggestion {
		t.Helper()
		var r struct{ Suggestions []Suggestion }
		if code := c.do("GET", "/api/autocomplete?user=alice&channel=games&text="+url.QueryEscape(text), nil, &r); code != http.StatusOK {
			t.Fatalf("autocomplete %q: HTTP %d", text, code)
		}
		return r.Suggestions
	}
	texts := func(ss []Suggestion) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.Text)
		}
		return out
	}
	// The command and subcommand lists come from the definitions, so a new
	// command needs no change here.
	var top, gameSubs []string
	for _, d := range commands.Definitions(c.app.Catalog) {
		top = append(top, "/"+d.Name+" ")
		if d.Name == "game" {
			for _, o := range d.Options {
				gameSubs = append(gameSubs, "/game "+o.Name+" ")
			}
		}
	}
	cases := []struct {
		text string
		want []string
	}{
		{"/", top},
		{"/ga", []string{"/game "}},
		{"/game ", gameSubs},
		{"/game n", []string{"/game new "}},
		{"/game new ", []string{"/game new game:", "/game new thread:", "/game new opponent:"}},
		{"/game new t", []string{"/game new thread:"}},
		{"/game new game:", []string{"/game new game:warpweft "}},
		{"/game new game:weft", []string{"/game new game:warpweft "}},
		{"/game new game:warpweft ", []string{"/game new game:warpweft thread:", "/game new game:warpweft opponent:"}},
		{"/game new game:warpweft thread:", []string{"/game new game:warpweft thread:true ", "/game new game:warpweft thread:false "}},
		{"/rules game:warpweft topic:scor", []string{"/rules game:warpweft topic:scoring-a-line "}},
		{"/game new game:warpweft thread:true ", []string{"/game new game:warpweft thread:true opponent:"}},
		{"/game new game:warpweft thread:true opponent:bob ", nil},
		{"hello", nil},
	}
	for _, tc := range cases {
		if got := texts(ask(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
	// Every topic the handlers offer is a rules section.
	if n := len(ask("/rules game:warpweft topic:")); n < 5 {
		t.Fatalf("only %d rule topics suggested", n)
	}
}

func TestThreadsMembersAndManage(t *testing.T) {
	c := newClient(t)
	r := c.mustCommand("bob", "/game new game:warpweft thread:true")
	st := c.state("bob", "games")
	if len(st.Channels) != 2 || st.Channels[1].Parent != gamesID {
		t.Fatalf("channels after a thread game: %+v", st.Channels)
	}
	th := st.Channels[1]
	if !strings.Contains(r.Content, "<#"+th.ID+">") || !strings.Contains(th.Name, "Warp and Weft") {
		t.Fatalf("reply %q does not link thread %+v", r.Content, th)
	}
	if st.Messages[0].Author.Name != "Sandbox" || !strings.Contains(st.Messages[0].Content, "started a thread") {
		t.Fatalf("no thread notice in #games: %+v", st.Messages[0])
	}
	if st.Channels[1].Unread != 1 {
		t.Fatalf("the new thread shows %d unread", st.Channels[1].Unread)
	}
	lobby := c.mustLatest("carol", th.ID, "Join")
	c.state("bob", th.ID)
	if c.state("bob", "games").Channels[1].Unread != 0 {
		t.Fatal("reading a thread did not clear its unread count")
	}
	// A new member joins, a non-host without Manage Server cannot cancel,
	// with it they can.
	var erin member
	if code := c.do("POST", "/api/users", map[string]string{"name": "erin"}, &erin); code != http.StatusOK || erin.ID != userID("erin") {
		t.Fatalf("adding erin: HTTP %d %+v", code, erin)
	}
	if code := c.do("POST", "/api/users", map[string]string{"name": "two words"}, nil); code != http.StatusBadRequest {
		t.Fatalf("a name with a space: HTTP %d", code)
	}
	var ok Reply
	body := map[string]string{"user": "erin", "channel": th.ID, "message": lobby.ID, "custom_id": button(t, lobby, "Cancel")}
	if c.do("POST", "/api/click", body, &ok); !strings.Contains(ok.Message.Content, "Only the host") {
		t.Fatalf("erin cancelled without Manage Server: %+v", ok.Message)
	}
	if code := c.do("POST", "/api/manage", map[string]any{"user": "erin", "manage": true}, nil); code != http.StatusOK {
		t.Fatalf("manage toggle: HTTP %d", code)
	}
	if c.do("POST", "/api/click", body, &ok); !ok.Updated || !strings.Contains(ok.Message.Embeds[0].Description, "Cancelled by <@"+erin.ID+">") {
		t.Fatalf("erin could not cancel with Manage Server: %+v", ok)
	}
}

func TestChatDismissAndFiles(t *testing.T) {
	c := newClient(t)
	chat := c.mustCommand("dave", "hello <@"+userID("alice")+">")
	if chat.Author.Name != "dave" || chat.Ephemeral || chat.Interaction != nil {
		t.Fatalf("chat message %+v", chat)
	}
	rules := c.mustCommand("alice", "/rules game:warpweft")
	if !rules.Ephemeral || len(rules.Embeds) != 1 || len(rules.Rows) == 0 {
		t.Fatalf("rules reply %+v", rules)
	}
	// A rules button flips the page in place.
	r := c.click("alice", rules, "Scoring a line")
	if !r.Updated || r.Message.ID != rules.ID || !strings.Contains(r.Message.Embeds[0].Title, "Scoring") {
		t.Fatalf("rules page: %+v", r)
	}
	body := map[string]string{"user": "bob", "message": rules.ID}
	if code := c.do("POST", "/api/dismiss", body, nil); code != http.StatusNotFound {
		t.Fatalf("bob dismissed alice's message: HTTP %d", code)
	}
	body = map[string]string{"user": "alice", "message": chat.ID}
	if code := c.do("POST", "/api/dismiss", body, nil); code != http.StatusNotFound {
		t.Fatalf("alice dismissed a public message: HTTP %d", code)
	}
	body["message"] = rules.ID
	if code := c.do("POST", "/api/dismiss", body, nil); code != http.StatusOK {
		t.Fatalf("alice could not dismiss her rules: HTTP %d", code)
	}
	if msgs := c.state("alice", "games").Messages; len(msgs) != 1 || msgs[0].ID != chat.ID {
		t.Fatalf("after dismissing alice sees %+v", msgs)
	}
	if code := c.do("GET", "/files/nope?user=alice", nil, nil); code != http.StatusNotFound {
		t.Fatalf("unknown file: HTTP %d", code)
	}
}

func TestPosterFollowsDiscord(t *testing.T) {
	w := newWorld(time.Now)
	ctx := context.Background()
	if _, err := w.Post(ctx, "nowhere", commands.Message{Content: "x"}); err == nil {
		t.Fatal("posted to an unknown channel")
	}
	if _, err := w.Post(ctx, gamesID, commands.Message{Content: "x", Ephemeral: true}); err == nil {
		t.Fatal("posted an ephemeral channel message")
	}
	png := commands.File{Name: "table.png", Type: "image/png", Data: []byte("png")}
	id, err := w.Post(ctx, gamesID, commands.Message{Embeds: []commands.Embed{{Title: "t", Image: "table.png"}}, Files: []commands.File{png}})
	if err != nil {
		t.Fatal(err)
	}
	// An edit without files keeps the attachment; ClearFiles drops it.
	if err := w.Edit(ctx, gamesID, id, commands.Message{Content: "edited", Embeds: []commands.Embed{{Title: "t", Image: "table.png"}}}); err != nil {
		t.Fatal(err)
	}
	if len(w.msgs[id].Files) != 1 || !w.msgs[id].Edited {
		t.Fatalf("edit lost the attachment: %+v", w.msgs[id])
	}
	if err := w.Edit(ctx, gamesID, id, commands.Message{Content: "old board", ClearFiles: true}); err != nil {
		t.Fatal(err)
	}
	if len(w.msgs[id].Files) != 0 || len(w.files) != 0 {
		t.Fatalf("ClearFiles kept %d files", len(w.files))
	}
	if err := w.Edit(ctx, gamesID, "123", commands.Message{Content: "x"}); err == nil {
		t.Fatal("edited an unknown message")
	}
	bad := []commands.Message{
		{},
		{Content: strings.Repeat("x", commands.MaxContent+1)},
		{Content: "x", Embeds: []commands.Embed{{Image: "missing.png"}}},
		{Content: "x", Rows: make([]commands.Row, 6)},
		{Content: "x", Rows: []commands.Row{{Buttons: []commands.Button{{Label: "a", CustomID: "same"}, {Label: "b", CustomID: "same"}}}}},
		{Content: "x", Rows: []commands.Row{{Select: &commands.Select{CustomID: "s"}}}},
		{Content: "x", Rows: []commands.Row{{Buttons: []commands.Button{{Label: "a", CustomID: strings.Repeat("c", 101)}}}}},
	}
	for i, m := range bad {
		if _, err := w.Post(ctx, gamesID, m); err == nil || !strings.Contains(err.Error(), "discord would reject") {
			t.Errorf("bad message %d was posted: %v", i, err)
		}
	}
	th, err := w.Thread(ctx, gamesID, "a thread")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Thread(ctx, th, "nested"); err == nil {
		t.Fatal("opened a thread inside a thread")
	}
}

func TestServeAndPage(t *testing.T) {
	app := newApp(t, tinyPNG)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, New(app, zerolog.Nop()), zerolog.Nop()) }()
	base := "http://" + ln.Addr().String()
	for _, path := range []string{"/", "/app.js", "/app.css"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(b) < 500 {
			t.Fatalf("GET %s: HTTP %d, %d bytes", path, res.StatusCode, len(b))
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after cancel: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop after its context was cancelled")
	}
	if err := Serve(context.Background(), "256.0.0.1:1", app, zerolog.Nop()); err == nil || !strings.HasPrefix(err.Error(), "sandbox: ") {
		t.Fatalf("Serve on a bad address: %v", err)
	}
	// The page loads nothing from outside.
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	err = fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(path)
		if err != nil {
			return err
		}
		if m := external.Find(b); m != nil {
			t.Errorf("%s refers to %s", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
