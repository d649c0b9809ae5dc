package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/games"
	"spindle/games/gametest/toy"
	"spindle/games/warpweft"
	"spindle/imaging"
	"spindle/storage"
)

// recorder is a Poster that keeps every channel message in memory.
type recorder struct {
	mu      sync.Mutex
	next    int
	posts   map[string][]posted // channel -> messages in order
	threads []string
	dms     []posted // id = the user
	deleted []string // ids of deleted messages
	replies []posted // edits of interaction replies; id = the token
	// refuseReplies, when set, is the error every EditReply returns (an
	// expired token, Discord down).
	refuseReplies error
	// refuse, when set, is the error every Post returns (Discord saying no).
	refuse error
	// gate, when set, holds every Post until it is closed (a slow Discord).
	gate chan struct{}
}

// setRefuse makes Posts fail with err (nil: succeed again).
func (r *recorder) setRefuse(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.refuse = err
}

type posted struct {
	id  string
	msg Message
}

func newRecorder() *recorder { return &recorder{posts: map[string][]posted{}} }

func (r *recorder) Post(_ context.Context, ch string, m Message) (string, error) {
	r.mu.Lock()
	gate := r.gate
	r.mu.Unlock()
	if gate != nil {
		<-gate
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refuse != nil {
		return "", r.refuse
	}
	r.next++
	id := fmt.Sprintf("m%d", r.next)
	r.posts[ch] = append(r.posts[ch], posted{id: id, msg: m})
	return id, nil
}

func (r *recorder) Edit(_ context.Context, ch, id string, m Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refuse != nil {
		return r.refuse
	}
	for i, p := range r.posts[ch] {
		if p.id == id && !r.isDeleted(id) {
			r.posts[ch][i].msg = m
			return nil
		}
	}
	return fmt.Errorf("recorder: no message %s in %s", id, ch)
}

// Delete removes a message from the channel: posts keeps it (the
// channel's history, in order), deleted marks it gone.
func (r *recorder) Delete(_ context.Context, ch, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.posts[ch] {
		if p.id == id && !r.isDeleted(id) {
			r.deleted = append(r.deleted, id)
			return nil
		}
	}
	return fmt.Errorf("recorder: no message %s in %s", id, ch)
}

// isDeleted reports whether message id was deleted. The caller holds mu.
func (r *recorder) isDeleted(id string) bool { return slices.Contains(r.deleted, id) }

// live returns the messages still in ch, oldest first.
func (r *recorder) live(ch string) []posted {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []posted
	for _, p := range r.posts[ch] {
		if !r.isDeleted(p.id) {
			out = append(out, p)
		}
	}
	return out
}

func (r *recorder) Thread(_ context.Context, ch, name string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.next++
	id := fmt.Sprintf("th%d", r.next)
	r.threads = append(r.threads, id)
	return id, nil
}

func (r *recorder) DM(_ context.Context, user string, m Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dms = append(r.dms, posted{id: user, msg: m})
	return nil
}

// EditReply records an edit of an interaction's reply (a panel that
// follows the game).
func (r *recorder) EditReply(_ context.Context, token string, m Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refuseReplies != nil {
		return r.refuseReplies
	}
	r.replies = append(r.replies, posted{id: token, msg: m})
	return nil
}

func (r *recorder) last(ch string) posted {
	r.mu.Lock()
	defer r.mu.Unlock()
	ps := r.posts[ch]
	for i := len(ps) - 1; i > 0; i-- {
		if !r.isDeleted(ps[i].id) {
			return ps[i]
		}
	}
	return ps[0]
}

// harness wires an App to a temp DB and a recorder.
type harness struct {
	t     *testing.T
	app   *App
	rec   *recorder
	store *storage.Store
	path  string
	n     int
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	store, err := storage.Open(path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	// The toy's Rebet variant gives a seat several actions in one turn,
	// which Warp and Weft never does, for the undo tests.
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(toy.Rebet{}), games.Bind(manyOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	// A stand-in image keeps these tests about behaviour, not rendering.
	render := func(imaging.Kind, any, imaging.Options) ([]byte, error) { return []byte("png"), nil }
	return &harness{t: t, rec: newRecorder(), store: store, path: path,
		app: &App{Store: store, Catalog: cat, Log: zerolog.Nop(), Render: render}}
}

var (
	alice = User{ID: "100", Name: "alice"}
	bob   = User{ID: "200", Name: "bob"}
	carol = User{ID: "300", Name: "carol"}
)

// uniqueIDs fails when a message repeats a custom_id (Discord rejects it)
// or breaks a component limit.
func uniqueIDs(t *testing.T, m Message) {
	t.Helper()
	noTokens(t, m)
	checkLimits(t, m.Rows[:max(0, len(m.Rows)-1)])
	if len(m.Rows) > MaxRows {
		t.Fatalf("%d rows", len(m.Rows))
	}
	seen := map[string]bool{}
	for _, r := range m.Rows {
		var ids []string
		if r.Select != nil {
			ids = append(ids, r.Select.CustomID)
		}
		for _, b := range r.Buttons {
			ids = append(ids, b.CustomID)
		}
		for _, id := range ids {
			if seen[id] {
				t.Fatalf("custom_id %q twice in %+v", id, m.Rows)
			}
			seen[id] = true
		}
	}
}

// noTokens fails when an engine's name token (games.Name) reaches a
// message unfilled: in its text, embeds, labels or menu options.
func noTokens(t *testing.T, m Message) {
	t.Helper()
	texts := []string{m.Content}
	for _, e := range m.Embeds {
		texts = append(texts, e.Title, e.Description, e.Footer)
		for _, f := range e.Fields {
			texts = append(texts, f.Name, f.Value)
		}
	}
	for _, r := range m.Rows {
		for _, b := range r.Buttons {
			texts = append(texts, b.Label)
		}
		if r.Select != nil {
			for _, o := range r.Select.Options {
				texts = append(texts, o.Label, o.Description)
			}
		}
	}
	for _, s := range texts {
		if strings.Contains(s, "{{p") {
			t.Fatalf("an unfilled name token reached Discord: %q", s)
		}
	}
}

func (h *harness) do(req Request) (Response, error) {
	h.n++
	req.ID = fmt.Sprintf("i%d", h.n)
	if req.Guild == "" {
		req.Guild = "g1"
	}
	if req.Channel == "" {
		req.Channel = "c1"
	}
	req.At = time.Unix(1700000000, 0)
	req.Token = "tok-" + req.ID
	resp, err := h.app.Handle(context.Background(), req, h.rec)
	h.app.Delivered(context.Background(), req, resp, h.rec)
	if resp.Message != nil {
		uniqueIDs(h.t, *resp.Message)
	}
	h.rec.mu.Lock()
	for _, ps := range h.rec.posts {
		for _, p := range ps {
			uniqueIDs(h.t, p.msg)
		}
	}
	h.rec.mu.Unlock()
	return resp, err
}

func (h *harness) command(u User, cmd string, opts map[string]string) (Response, error) {
	return h.do(Request{Kind: Command, User: u, Command: cmd, Options: opts})
}

func (h *harness) click(u User, msg, customID string, values ...string) (Response, error) {
	return h.do(Request{Kind: Component, User: u, CustomID: customID, Values: values, Message: msg})
}

// button finds a button by label in a message.
func button(t *testing.T, m Message, label string) string {
	t.Helper()
	for _, r := range m.Rows {
		for _, b := range r.Buttons {
			if b.Label == label {
				return b.CustomID
			}
		}
	}
	t.Fatalf("no button %q in %+v", label, m.Rows)
	return ""
}

// selectID finds a select menu whose custom_id ends with suffix.
func selectID(t *testing.T, m Message, suffix string) string {
	t.Helper()
	for _, r := range m.Rows {
		if r.Select != nil && strings.HasSuffix(r.Select.CustomID, suffix) {
			return r.Select.CustomID
		}
	}
	t.Fatalf("no select ending %q", suffix)
	return ""
}

// optionID is the custom_id that sets a lobby option to the value chosen
// (the host's private menu of its values carries it).
func optionID(t *testing.T, lobby Message, key string) string {
	t.Helper()
	c, err := ParseCustomID(selectID(t, lobby, "/pick"))
	if err != nil {
		t.Fatal(err)
	}
	return CustomID{Route: 'l', Table: c.Table, Arg: "opt/" + key}.MustEncode()
}

// startGame opens a lobby, seats bob and starts; it returns the table id.
func (h *harness) startGame() uint64 {
	t := h.t
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	// Seat order is join order; with chosen roles alice (seat 0) is Warp and
	// moves first.
	h.setLobbyOption(alice, lobby, "roles", "chosen")
	if _, err := h.click(bob, lobby.id, button(t, lobby.msg, "Join")); err != nil {
		t.Fatal(err)
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	id, err := h.store.Active("c1")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// move opens u's panel from the latest table message and plays the first
// legal move through the two-step menus; it returns the panel response.
func (h *harness) move(u User) Response {
	t := h.t
	table := h.lastTable()
	resp, err := h.click(u, table.id, button(t, table.msg, "My hand & moves"))
	if err != nil {
		t.Fatalf("panel for %s: %v", u.Name, err)
	}
	if !resp.Message.Ephemeral {
		t.Fatal("the panel is not ephemeral")
	}
	sel := resp.Message.Rows[0].Select
	if sel == nil {
		t.Fatalf("panel has no select: %+v", resp.Message)
	}
	if strings.HasPrefix(sel.CustomID, "p/") { // two steps: group first
		resp, err = h.click(u, "panel", sel.CustomID, sel.Options[0].Value)
		if err != nil {
			t.Fatal(err)
		}
		sel = resp.Message.Rows[0].Select
	}
	resp, err = h.click(u, "panel", sel.CustomID, sel.Options[0].Value)
	if err != nil {
		t.Fatalf("%s's move: %v", u.Name, err)
	}
	return resp
}

// lastTable is the latest table message in c1 (notices posted since, a
// replaced player's say, are passed over).
func (h *harness) lastTable() posted {
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	ps := h.rec.posts["c1"]
	for i := len(ps) - 1; i >= 0; i-- {
		if !h.rec.isDeleted(ps[i].id) && hasButton(&ps[i].msg, "My hand & moves") {
			return ps[i]
		}
	}
	h.t.Fatal("no table message in c1")
	return posted{}
}

func TestWholeGameThroughHandlers(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	players := []User{alice, bob}
	for turn := range 24 {
		u := players[turn%2]
		table := h.rec.last("c1")
		if !strings.Contains(table.msg.Content, "<@"+u.ID+">") || len(table.msg.Mentions) != 1 || table.msg.Mentions[0] != u.ID {
			t.Fatalf("turn %d: the new table message does not mention %s: %q", turn, u.Name, table.msg.Content)
		}
		h.move(u)
	}
	final := h.rec.last("c1")
	tbl, err := h.store.Load(h.app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := tbl.Result()
	if !ok {
		t.Fatal("the game is not over after 24 placements")
	}
	want := fmt.Sprintf("<@%s>: %d", alice.ID, r.Scores[0])
	if !strings.Contains(final.msg.Embeds[0].Fields[0].Value, want) || final.msg.Files[0].Name != "scoring.png" {
		t.Fatalf("result message %+v does not show %q", final.msg, want)
	}
	if _, err := h.store.Active("c1"); err == nil {
		t.Fatal("the channel still has an active game after the end")
	}
}

func TestStaleWrongPlayerAndDoubleClick(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	table := h.rec.last("c1")
	// carol is not seated.
	if resp, _ := h.click(carol, table.id, button(t, table.msg, "My hand & moves")); !strings.Contains(resp.Message.Content, "not playing") {
		t.Fatalf("carol's panel: %+v", resp.Message)
	}
	// bob's panel while it is alice's turn shows no moves.
	resp, err := h.click(bob, table.id, button(t, table.msg, "My hand & moves"))
	if err != nil || !strings.Contains(resp.Message.Content, "Waiting for <@100>") {
		t.Fatalf("bob's panel: %v %+v", err, resp.Message)
	}
	// alice opens her panel and picks a group; bob forges her move key.
	panel, _ := h.click(alice, table.id, button(t, table.msg, "My hand & moves"))
	group, _ := h.click(alice, "panel", panel.Message.Rows[0].Select.CustomID, panel.Message.Rows[0].Select.Options[0].Value)
	sel := group.Message.Rows[0].Select
	forged, err := h.click(bob, "panel", sel.CustomID, sel.Options[0].Value)
	if err == nil || !strings.Contains(forged.Message.Content, "isn't your turn") {
		t.Fatalf("forged move by bob: %v %+v", err, forged.Message)
	}
	// alice's move, then the same select again (a double click).
	if _, err := h.click(alice, "panel", sel.CustomID, sel.Options[0].Value); err != nil {
		t.Fatal(err)
	}
	again, err := h.click(alice, "panel", sel.CustomID, sel.Options[1].Value)
	// Her own move overtook the second click, and the notice says so.
	if err == nil || !strings.Contains(again.Message.Content, "That click came after your previous choice") || !again.Update {
		t.Fatalf("double click: %v %+v", err, again.Message)
	}
	tbl, _ := h.store.Load(h.app.Catalog, 1)
	if tbl.Version() == 0 || len(tbl.ToAct()) != 1 || tbl.ToAct()[0] != 1 {
		t.Fatalf("after one move and a double click, to act = %v", tbl.ToAct())
	}
}

func TestConcurrentClicksApplyOnce(t *testing.T) {
	h := newHarness(t)
	h.startGame()
	table := h.rec.last("c1")
	panel, _ := h.click(alice, table.id, button(t, table.msg, "My hand & moves"))
	group, _ := h.click(alice, "panel", panel.Message.Rows[0].Select.CustomID, panel.Message.Rows[0].Select.Options[0].Value)
	sel := group.Message.Rows[0].Select
	before, _ := h.store.Load(h.app.Catalog, 1)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := Request{Kind: Component, User: alice, CustomID: sel.CustomID, Values: []string{sel.Options[i%len(sel.Options)].Value},
				Message: "panel", ID: fmt.Sprintf("c%d", i), Guild: "g1", Channel: "c1", At: time.Now()}
			_, errs[i] = h.app.Handle(context.Background(), req, h.rec)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		}
	}
	after, _ := h.store.Load(h.app.Catalog, 1)
	if ok != 1 || after.Version() != before.Version()+1 {
		t.Fatalf("%d of 8 concurrent clicks applied; version %d -> %d", ok, before.Version(), after.Version())
	}
}

func TestLobbyRules(t *testing.T) {
	h := newHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "warpweft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	// A second game in the same channel is refused.
	if resp, err := h.command(bob, "game new", map[string]string{"game": "warpweft"}); err == nil || !strings.Contains(resp.Message.Content, "already has a game") {
		t.Fatalf("second lobby: %v %+v", err, resp.Message)
	}
	// Only the host starts; one player is not enough.
	if resp, _ := h.click(bob, lobby.id, button(t, lobby.msg, "Start")); !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob started: %+v", resp.Message)
	}
	if resp, _ := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); !strings.Contains(resp.Message.Content, "needs at least 2") {
		t.Fatalf("alice started alone: %+v", resp.Message)
	}
	// Options are set by the host through the selects.
	optID := optionID(t, lobby.msg, "extended")
	resp, err := h.click(alice, lobby.id, optID, "courts")
	if err != nil || !resp.Update || !strings.Contains(resp.Message.Embeds[0].Fields[0].Value, "courts") {
		t.Fatalf("option change: %v %+v", err, resp.Message)
	}
	if resp, _ := h.click(bob, lobby.id, optID, "pawns"); !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob changed options: %+v", resp.Message)
	}
	// Leave before start; a thread game does not block the channel.
	if _, err := h.click(bob, lobby.id, button(t, lobby.msg, "Join")); err != nil {
		t.Fatal(err)
	}
	if resp, _ := h.command(bob, "game leave", nil); !strings.Contains(resp.Message.Content, "You left") {
		t.Fatalf("leave: %+v", resp.Message)
	}
	if _, err := h.command(bob, "game new", map[string]string{"game": "warpweft", "thread": "true"}); err != nil || len(h.rec.threads) != 1 {
		t.Fatalf("thread lobby: %v, threads %v", err, h.rec.threads)
	}
	// Abandon by a non-host without Manage Server is refused; with it, done.
	if resp, _ := h.command(bob, "game abandon", nil); !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob abandoned: %+v", resp.Message)
	}
	if _, err := h.do(Request{Kind: Command, User: bob, Command: "game abandon", CanManage: true}); err != nil {
		t.Fatal(err)
	}
	b, _ := h.store.GetBinding(1)
	if b.Status != statusCancelled {
		t.Fatalf("status after abandon of a lobby = %q", b.Status)
	}
}

func TestRulesAndAutocomplete(t *testing.T) {
	h := newHarness(t)
	resp, err := h.command(alice, "rules", map[string]string{"game": "warpweft"})
	if err != nil || !resp.Message.Ephemeral || len(resp.Message.Embeds) != 1 || len(resp.Message.Rows) == 0 {
		t.Fatalf("rules: %v %+v", err, resp.Message)
	}
	choices := h.app.autocomplete(Request{Focused: "topic", Options: map[string]string{"game": "warpweft", "topic": "scor"}})
	if len(choices) == 0 {
		t.Fatal("no rule topic matches \"scor\"")
	}
	resp, err = h.command(alice, "rules", map[string]string{"game": "warpweft", "topic": choices[0].Value})
	if err != nil || !strings.Contains(strings.ToLower(resp.Message.Embeds[0].Title), "scor") {
		t.Fatalf("rules topic: %v %+v", err, resp.Message.Embeds)
	}
	if resp, _ := h.command(alice, "rules", map[string]string{"game": "warpweft", "topic": "nope"}); !strings.Contains(resp.Message.Content, "no rules section") {
		t.Fatalf("unknown topic: %+v", resp.Message)
	}
}

func TestPanicIsRecovered(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.app.Render = func(imaging.Kind, any, imaging.Options) ([]byte, error) { panic("boom") }
	h.app.images().forget(id) // the board drawn at the start is cached
	resp, err := h.command(alice, "game status", nil)
	if err == nil || !strings.Contains(resp.Message.Content, "something went wrong") {
		t.Fatalf("panic not turned into an apology: %v %+v", err, resp.Message)
	}
}

func hasButton(m *Message, label string) bool {
	for _, r := range m.Rows {
		for _, b := range r.Buttons {
			if b.Label == label {
				return true
			}
		}
	}
	return false
}

// startRebet starts the toy betting game (several actions a turn) with
// alice in seat 0 and bob in seat 1.
func (h *harness) startRebet() {
	t := h.t
	if _, err := h.command(alice, "game new", map[string]string{"game": "toyundo"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "seating", "chosen")
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	h.click(alice, lobby.id, button(t, lobby.msg, "Start"))
}

func TestUndoThroughHandlers(t *testing.T) {
	h := newHarness(t)
	h.startRebet()
	table := h.lastTable()
	panel, err := h.click(alice, table.id, button(t, table.msg, "My hand & moves"))
	if err != nil || hasButton(panel.Message, "Undo") {
		t.Fatalf("a fresh panel offers Undo: %v %+v", err, panel.Message.Rows)
	}
	if resp, _ := h.command(alice, "game undo", nil); !strings.Contains(resp.Message.Content, "nothing of yours") {
		t.Fatalf("/game undo with nothing to undo: %+v", resp.Message)
	}
	bet, err := h.click(alice, "panel", button(t, *panel.Message, "Bet 1"))
	if err != nil || !hasButton(bet.Message, "Undo") {
		t.Fatalf("after a bet the panel has no Undo: %v %+v", err, bet.Message.Rows)
	}
	before, _ := h.store.Load(h.app.Catalog, 1)
	undone, err := h.click(alice, "panel", button(t, *bet.Message, "Undo"))
	if err != nil || !strings.Contains(undone.Message.Content, "Undone") {
		t.Fatalf("undo: %v %+v", err, undone.Message)
	}
	after, _ := h.store.Load(h.app.Catalog, 1)
	if after.Version() != before.Version()-1 {
		t.Fatalf("undo moved the version %d -> %d", before.Version(), after.Version())
	}
	// The panel from before the undo shows version-current buttons again,
	// but it is refused: the undo stamped newer ones.
	stale, err := h.click(alice, "panel", button(t, *panel.Message, "Bet 0"))
	if err == nil || !strings.Contains(stale.Message.Content, "↻") {
		t.Fatalf("a button from before the undo was accepted: %v %+v", err, stale.Message)
	}
	if now, _ := h.store.Load(h.app.Catalog, 1); now.Version() != after.Version() {
		t.Fatal("the old button moved the table")
	}
	public := h.rec.last("c1").msg.Content
	if !strings.Contains(public, "<@100> took back 1 action") || !strings.Contains(public, "~~alice placed a secret bet.~~") {
		t.Fatalf("the channel was not told what was undone: %q", public)
	}
	// bob's own bet cannot be undone by alice, and the /game undo command
	// takes back the caller's own action.
	if _, err := h.click(bob, "panel2", button(t, *mustPanel(t, h, bob).Message, "Bet 0")); err != nil {
		t.Fatal(err)
	}
	if resp, _ := h.command(alice, "game undo", nil); !strings.Contains(resp.Message.Content, "nothing of yours") {
		t.Fatalf("alice undid bob's bet: %+v", resp.Message)
	}
	if resp, err := h.command(bob, "game undo", nil); err != nil || !strings.Contains(resp.Message.Content, "Undone") || resp.Update {
		t.Fatalf("bob's /game undo: %v %+v", err, resp)
	}
}

func mustPanel(t *testing.T, h *harness, u User) Response {
	t.Helper()
	table := h.rec.last("c1")
	resp, err := h.click(u, table.id, button(t, table.msg, "My hand & moves"))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// manyOptions is the toy game with six options: more than one lobby
// message can hold as selects.
type manyOptions struct{ toy.Game }

func (manyOptions) Info() games.Info {
	i := toy.Game{}.Info()
	i.ID, i.Title = "toymany", "Toy with many options"
	for n := range 6 {
		k := fmt.Sprintf("o%d", n)
		i.Options = append(i.Options, games.OptionSpec{Key: k, Label: "Option " + k, Values: []string{"a", "b"}, Default: "a", Help: "A test option."})
	}
	return i
}

func TestLobbyWithManyOptions(t *testing.T) {
	h := newHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "toymany"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	pick := selectID(t, lobby.msg, "/pick")
	if len(lobby.msg.Rows) != 2 {
		t.Fatalf("lobby rows = %d, want the option picker and the buttons", len(lobby.msg.Rows))
	}
	if resp, _ := h.click(bob, lobby.id, pick, "o3"); !strings.Contains(resp.Message.Content, "Only the host") {
		t.Fatalf("bob opened the picker: %+v", resp.Message)
	}
	picker, err := h.click(alice, lobby.id, pick, "o3")
	if err != nil || !picker.Message.Ephemeral || picker.Update {
		t.Fatalf("picker: %v %+v", err, picker)
	}
	resp, err := h.click(alice, "eph1", selectID(t, *picker.Message, "/opt/o3"), "b")
	if err != nil || !resp.Update || !strings.Contains(resp.Message.Content, "**Option o3**: b") {
		t.Fatalf("choosing a value: %v %+v", err, resp.Message)
	}
	lobby = h.rec.last("c1")
	if !strings.Contains(lobby.msg.Embeds[0].Fields[0].Value, "**Option o3**: b") {
		t.Fatalf("the public lobby does not show the new value: %q", lobby.msg.Embeds[0].Fields[0].Value)
	}
	b, _ := h.store.GetBinding(1)
	if b.Options["o3"] != "b" || b.Options["o5"] != "a" {
		t.Fatalf("stored options = %v", b.Options)
	}
}
