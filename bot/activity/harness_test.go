package activity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spindle/bot/activity"
	"spindle/commands"
	"spindle/commands/commandstest"
	"spindle/games"
	"spindle/imaging"
)

const (
	guild   = "100000000000000001"
	channel = "100000000000000010"
)

// board is a Poster that keeps the channel's messages: the chat the live
// table's moves must show up in.
type board struct {
	mu    sync.Mutex
	n     int
	posts []commands.Message
	edits int
}

func (b *board) Post(_ context.Context, _ string, m commands.Message) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	b.posts = append(b.posts, m)
	return fmt.Sprint(b.n), nil
}

func (b *board) Edit(context.Context, string, string, commands.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.edits++
	return nil
}
func (b *board) Delete(context.Context, string, string) error { return nil }
func (b *board) Thread(context.Context, string, string) (string, error) {
	return "", fmt.Errorf("board: no threads")
}
func (b *board) DM(context.Context, string, commands.Message) error { return nil }
func (b *board) EditReply(context.Context, string, commands.Message) error {
	return nil
}

// shown is how many boards and edits the chat has had.
func (b *board) shown() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.posts) + b.edits
}

// tinyPNG is a stand-in renderer: a 2x2 picture whose colour says whose
// view it drew (the spectator's or a seat's), so a test can tell them
// apart without drawing real pictures.
func tinyPNG(kind imaging.Kind, view any, _ imaging.Options) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	h := 0
	for _, c := range fmt.Sprintf("%v%#v", kind, view) {
		h = h*31 + int(c)
	}
	img.Set(0, 0, color.RGBA{uint8(h), uint8(h >> 8), uint8(h >> 16), 255})
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

func newApp(t testing.TB, kinds ...games.Kind) *commands.App {
	t.Helper()
	app := commandstest.NewApp(t, kinds...)
	app.Render, app.PlainAI = tinyPNG, true
	return app
}

var clicks atomic.Int64

// handle runs one interaction from user in the test channel.
func handle(t testing.TB, app *commands.App, p commands.Poster, user commands.User, req commands.Request) commands.Response {
	t.Helper()
	req.ID = fmt.Sprintf("test-%d", clicks.Add(1))
	req.Guild, req.Channel, req.User, req.At = guild, channel, user, time.Now()
	resp, err := app.Handle(context.Background(), req, p)
	if err != nil {
		t.Fatalf("%s %s%s: %v", user.Name, req.Command, req.CustomID, err)
	}
	return resp
}

// startGame opens a lobby of game in the test channel, seats players
// (the first hosts) and ais AI players (easy), and starts it.
func startGame(t testing.TB, app *commands.App, p commands.Poster, game string, players []commands.User, ais int) uint64 {
	t.Helper()
	handle(t, app, p, players[0], commands.Request{Kind: commands.Command, Command: "game new", Options: map[string]string{"game": game}})
	id, err := app.Store.Active(channel)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range players[1:] {
		handle(t, app, p, u, commands.Request{Kind: commands.Command, Command: "game join", Options: map[string]string{}})
	}
	for range ais {
		handle(t, app, p, players[0], commands.Request{Kind: commands.Component,
			CustomID: commands.CustomID{Route: 'l', Table: id, Arg: "ai"}.MustEncode(), Values: []string{"add:easy"}})
	}
	handle(t, app, p, players[0], commands.Request{Kind: commands.Command, Command: "game start", Options: map[string]string{}})
	b, err := app.Store.GetBinding(id)
	if err != nil || b.Status != "active" {
		t.Fatalf("table %d did not start: %+v, %v", id, b, err)
	}
	return id
}

// client is one signed-in page.
type client struct {
	t       testing.TB
	base    string
	session string
}

// signIn exchanges code at the server and returns the signed-in client.
func signIn(t testing.TB, base, code string) *client {
	t.Helper()
	c := &client{t: t, base: base}
	var out struct {
		Session string
		User    struct{ ID string }
	}
	if st := c.do("POST", "/api/token", map[string]string{"code": code}, &out); st != http.StatusOK || out.Session == "" {
		t.Fatalf("sign-in with %q: status %d", code, st)
	}
	c.session = out.Session
	return c
}

// do sends a request with the session and decodes the answer into out.
func (c *client) do(method, path string, body, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	if c.session != "" {
		req.Header.Set("Authorization", "Bearer "+c.session)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %v in %.200s", method, path, err, raw)
		}
	}
	return res.StatusCode
}

func (c *client) state(table uint64) activity.State {
	c.t.Helper()
	var st activity.State
	if code := c.do("GET", fmt.Sprintf("/api/table?table=%d", table), nil, &st); code != http.StatusOK {
		c.t.Fatalf("GET table: %d", code)
	}
	return st
}

// actResult is the answer to a click.
type actResult struct {
	State  activity.State `json:"state"`
	Panel  *activity.View `json:"panel"`
	Notice string         `json:"notice"`
}

func (c *client) act(table uint64, customID string, values []string) (actResult, int) {
	c.t.Helper()
	var out actResult
	code := c.do("POST", "/api/act", map[string]any{"table": table, "custom_id": customID, "values": values}, &out)
	return out, code
}

// choose picks what an eager player clicks next on a panel: a move (a
// move menu's first entry, or a move button), else the first entry of a
// group menu. ok is false when the panel offers no move.
func choose(p *activity.View) (customID string, values []string, ok bool) {
	if p == nil {
		return "", nil, false
	}
	for _, r := range p.Rows {
		if s := r.Select; s != nil && strings.HasPrefix(s.CustomID, "s/") && len(s.Options) > 0 {
			return s.CustomID, []string{s.Options[0].Value}, true
		}
	}
	for _, r := range p.Rows {
		for _, b := range r.Buttons {
			if strings.HasPrefix(b.CustomID, "t/") && !b.Disabled {
				return b.CustomID, nil, true
			}
		}
	}
	for _, r := range p.Rows {
		if s := r.Select; s != nil && (strings.HasPrefix(s.CustomID, "p/") || strings.HasPrefix(s.CustomID, "g/")) && len(s.Options) > 0 {
			return s.CustomID, []string{s.Options[0].Value}, true
		}
	}
	return "", nil, false
}

// click is one click of a panel.
type click struct {
	id   string
	vals []string
}

// move plays one action for c's seat from its panel, following the menus,
// and returns the table's new version and the click that played it.
func (c *client) move(table uint64) (uint64, click) {
	c.t.Helper()
	v, cl, ok := c.tryMove(table)
	if !ok {
		c.t.Fatalf("no move on the panel at version %d", v)
	}
	return v, cl
}

// tryMove is move when the panel offers a move; ok is false (and nothing
// clicked) when it offers none.
func (c *client) tryMove(table uint64) (uint64, click, bool) {
	c.t.Helper()
	st := c.state(table)
	panel := st.Panel
	if _, _, ok := choose(panel); !ok {
		return st.Version, click{}, false
	}
	for step := 0; step < 10; step++ {
		id, vals, ok := choose(panel)
		if !ok {
			c.t.Fatalf("no move on the panel at version %d: %+v", st.Version, panel)
		}
		out, code := c.act(table, id, vals)
		if code != http.StatusOK {
			c.t.Fatalf("act %s %v: status %d", id, vals, code)
		}
		if out.State.Version != st.Version {
			return out.State.Version, click{id, vals}, true
		}
		panel = out.Panel
	}
	c.t.Fatal("ten menu steps without a move")
	return 0, click{}, false
}
