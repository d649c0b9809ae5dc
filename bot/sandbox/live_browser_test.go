package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
	"spindle/imaging"
)

// allGames is every game of the catalog the bot serves.
func allGames() []games.Kind {
	return []games.Kind{games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}), games.Bind(tapestry.Game{})}
}

// liveRig is a sandbox with the live table, a headless Chromium, and the
// tabs open on the live table.
type liveRig struct {
	t    *testing.T
	app  *commands.App
	sbx  *Server
	srv  *httptest.Server
	bctx context.Context
}

// newLiveRig starts the sandbox (its timer loop too, for AI seats) and
// Chromium, or skips when Chromium is not installed.
func newLiveRig(t *testing.T, render func(imaging.Kind, any, imaging.Options) ([]byte, error)) *liveRig {
	t.Helper()
	path, ok := chromium()
	if !ok {
		t.Skip("chromium not installed: apt-get install chromium (the Debian package .ci/run installs) to run the browser test")
	}
	app := newApp(t, render, allGames()...)
	app.PlainAI = true
	app.LiveTable = true
	sbx := New(app, zerolog.Nop())
	srv := httptest.NewServer(sbx)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go app.RunTimers(ctx, sbx.world, 20*time.Millisecond)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return &liveRig{t: t, app: app, sbx: sbx, srv: srv, bctx: bctx}
}

// command types a slash command in #games as user, through the sandbox.
func (r *liveRig) command(user, text string) {
	r.t.Helper()
	body, _ := json.Marshal(map[string]string{"user": user, "channel": "games", "text": text})
	res, err := http.Post(r.srv.URL+"/api/command", "application/json", strings.NewReader(string(body)))
	if err != nil {
		r.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		r.t.Fatalf("%s: %s: status %d", user, text, res.StatusCode)
	}
}

// start opens a game of id in #games with the players (the first hosts)
// and ais easy AI players, and starts it.
func (r *liveRig) start(id string, players []string, ais int) uint64 {
	r.t.Helper()
	r.command(players[0], "/game new game:"+id)
	table, err := r.app.Store.Active(gamesID)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, p := range players[1:] {
		r.command(p, "/game join")
	}
	for range ais {
		_, err := r.app.Handle(context.Background(), commands.Request{ID: fmt.Sprintf("ai-%d-%d", table, time.Now().UnixNano()),
			Kind: commands.Component, Guild: guildID, Channel: gamesID, User: commands.User{ID: userID(players[0]), Name: players[0]},
			CustomID: commands.CustomID{Route: 'l', Table: table, Arg: "ai"}.MustEncode(), Values: []string{"add:easy"}}, r.sbx.world)
		if err != nil {
			r.t.Fatal(err)
		}
	}
	r.command(players[0], "/game start")
	return table
}

// tab opens the live table in a new tab, signed in as user, and waits
// until it shows the table.
func (r *liveRig) tab(user string) context.Context {
	r.t.Helper()
	ctx, cancel := chromedp.NewContext(r.bctx)
	r.t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // open the tab without a deadline: one would close it
		r.t.Fatalf("opening a tab: %v", err)
	}
	u := r.srv.URL + "/activity/?guild_id=" + guildID + "&channel_id=" + gamesID + "&mock_code=" + url.QueryEscape(user)
	r.do(ctx, "opening the live table as "+user, chromedp.Navigate(u),
		r.wait("the table", `document.body.dataset.ready === "yes"`))
	return ctx
}

func (r *liveRig) do(ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	r.t.Helper()
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		hint, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("hint").textContent + " " + document.getElementById("notice").textContent`))
		r.t.Fatalf("%s: %v (page says %q)", what, err, hint)
	}
}

func (r *liveRig) wait(what, js string) chromedp.Action[chromedp.Void] {
	poll := chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(30*time.Second))
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		v, err := poll(ctx, tg)
		if err != nil {
			err = fmt.Errorf("waiting for %s: %w", what, err)
		}
		return v, err
	}
}

func (r *liveRig) eval(ctx context.Context, js string) string {
	r.t.Helper()
	ectx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	s, err := chromedp.Run(ectx, chromedp.Evaluate[string](js))
	if err != nil {
		r.t.Fatalf("evaluating in the page: %v", err)
	}
	return s
}

// autoStep is what an eager player clicks on the panel, as the page shows
// it: a move menu's first entry, a move button, or a group menu's first
// entry; "" when nothing is there (or a click is on its way).
const autoStep = `(() => {
  if (document.body.dataset.busy !== "no" || document.body.dataset.ready !== "yes") return "";
  // Tapestry's eager player heads for exploration, so its map hexes come
  // up to be clicked.
  const explore = (o) => /explor/i.test(o.textContent) && !/don't|skip/i.test(o.textContent);
  const pick = (s) => { const o = [...s.options].find((o) => o.value && explore(o)) || [...s.options].find((o) => o.value);
    if (!o) return ""; s.value = o.value; s.dispatchEvent(new Event("change")); return "chose " + o.textContent; };
  const cell = document.querySelector('#panel .cells button.cell:not(:disabled), #panel .hexes button.hex:not(:disabled)');
  if (cell) { cell.click(); return "clicked the place " + cell.dataset.value; }
  let s = document.querySelector('#panel select[data-custom-id^="s/"]:not(:disabled)');
  if (s) return pick(s);
  const buttons = [...document.querySelectorAll('#panel button[data-custom-id^="t/"]:not(:disabled)')];
  const b = buttons.find(explore) || buttons[0];
  if (b) { b.click(); return "clicked " + b.textContent; }
  s = document.querySelector('#panel select[data-custom-id^="p/"]:not(:disabled), #panel select[data-custom-id^="g/"]:not(:disabled)');
  if (s) return pick(s);
  return "";
})()`

func (r *liveRig) version(table uint64) (uint64, []games.Seat, bool) {
	r.t.Helper()
	tb, err := r.app.Store.Load(r.app.Catalog, table)
	if err != nil {
		r.t.Fatal(err)
	}
	return tb.Version(), tb.ToAct(), tb.Over()
}

// actor is the name of the (first) person to act at table: seats follow
// the game's seating, not the order of joining.
func (r *liveRig) actor(table uint64) string {
	r.t.Helper()
	b, err := r.app.Store.GetBinding(table)
	if err != nil {
		r.t.Fatal(err)
	}
	_, toAct, _ := r.version(table)
	for _, s := range toAct {
		if s >= 0 && int(s) < len(b.Users) {
			for _, name := range defaultUsers {
				if userID(name) == b.Users[s] {
					return name
				}
			}
		}
	}
	return ""
}

// move clicks in tab until the table's version moves on.
func (r *liveRig) move(tab context.Context, table uint64) uint64 {
	r.t.Helper()
	before, _, _ := r.version(table)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if v, _, _ := r.version(table); v != before {
			return v
		}
		if r.eval(tab, autoStep) == "" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		r.do(tab, "the click's answer", r.wait("the answer", `document.body.dataset.busy === "no"`))
	}
	_, toAct, _ := r.version(table)
	r.t.Fatalf("no move from the live table in 30 s (version %d, to act %v; page says %q; panel %q)", before, toAct,
		r.eval(tab, `document.getElementById("notice").textContent + " " + document.getElementById("hint").textContent`),
		r.eval(tab, `document.body.dataset.version + " " + document.getElementById("panel").innerText.slice(0, 600) + " " +
			[...document.querySelectorAll("#panel [data-custom-id]")].map((e) => e.dataset.customId).join(" ")`))
	return 0
}

// shows waits until tab shows version v.
func (r *liveRig) shows(tab context.Context, who string, v uint64) {
	r.t.Helper()
	r.do(tab, fmt.Sprintf("%s's page showing move %d", who, v),
		r.wait("the live update", fmt.Sprintf(`document.body.dataset.version === "%d" && document.body.dataset.busy === "no"`, v)))
}

// chatShows waits until the #games board in the sandbox shows version v
// (its footer) or, once over, the result.
func (r *liveRig) chatShows(v uint64, over bool) {
	r.t.Helper()
	want := fmt.Sprintf("move %d ·", v)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		st, err := r.sbx.state("dave", "games")
		if err != nil {
			r.t.Fatal(err)
		}
		for _, m := range st.Messages {
			for _, e := range m.Embeds {
				if (!over && strings.HasPrefix(e.Footer, want)) || (over && strings.Contains(e.Title, "final result")) {
					return
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.t.Fatalf("the chat's board never showed move %d (over %v)", v, over)
}

// spectatorClean checks that a watching tab never received a panel.
func (r *liveRig) spectatorClean(tab context.Context) {
	r.t.Helper()
	got := r.eval(tab, `JSON.stringify({seen: spindle.states.length, panels: spindle.states.filter((s) => s.panel || s.seat !== -1).length,
		shown: !document.getElementById("panel").hidden, buttons: document.querySelectorAll("#panel button, #panel select").length})`)
	var v struct{ Seen, Panels, Buttons int }
	var shown bool
	var raw map[string]any
	_ = json.Unmarshal([]byte(got), &raw)
	_ = json.Unmarshal([]byte(got), &v)
	shown, _ = raw["shown"].(bool)
	if v.Seen == 0 || v.Panels != 0 || shown || v.Buttons != 0 {
		r.t.Fatalf("the spectator's page: %s", got)
	}
}

func (r *liveRig) screenshot(tab context.Context, name string) {
	r.t.Helper()
	shot, err := chromedp.Run(tab, chromedp.FullScreenshot(80))
	if err != nil {
		r.t.Fatalf("screenshot: %v", err)
	}
	dir := os.Getenv("SPINDLE_SHOTS")
	if dir == "" {
		dir = r.t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.t.Fatal(err)
	}
	out := filepath.Join(dir, name+".jpg")
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		r.t.Fatal(err)
	}
	r.t.Logf("screenshot: %s", out)
}

// TestLiveTableEveryGame drives the live table page in Chromium with the
// SDK's DiscordSDKMock: for every game, two players sign in in their own
// tabs and a third member watches; each move is made by clicking the
// player's panel, arrives live in the other player's and the spectator's
// pages, and shows in the chat's board; the spectator never receives a
// panel. Set SPINDLE_SHOTS=dir to keep a screenshot of each game.
func TestLiveTableEveryGame(t *testing.T) {
	r := newLiveRig(t, nil) // the real renderer: the screenshots show real pictures
	ids := []string{"warpweft", "threadcount", "stitchcraft", "archravels", "tapestry"}
	for _, id := range ids {
		table := r.start(id, []string{"alice", "bob"}, 0)
		tabs := map[string]context.Context{"alice": r.tab("alice"), "bob": r.tab("bob")}
		watcher := r.tab("carol")
		for range 3 {
			actor := r.actor(table)
			other := "bob"
			if actor == "bob" {
				other = "alice"
			}
			v := r.move(tabs[actor], table)
			r.shows(tabs[other], other, v)
			r.shows(watcher, "the spectator", v)
			r.chatShows(v, false)
		}
		r.spectatorClean(watcher)
		if id == "warpweft" {
			// Warp and Weft's cells are clicked on the grid, not chosen in a menu.
			n := r.eval(tabs["alice"], `String(spindle.cellClicks)`) + r.eval(tabs["bob"], `String(spindle.cellClicks)`)
			if n == "00" {
				t.Error("no Warp and Weft move was played by clicking a cell")
			}
			// The next player picks a card: its cells show, to be clicked.
			tab := tabs[r.actor(table)]
			r.eval(tab, `(() => { const s = document.querySelector('#panel select[data-custom-id^="p/"]');
				s.value = [...s.options].find((o) => o.value).value; s.dispatchEvent(new Event("change")); return "" })()`)
			r.do(tab, "the cells of a card", r.wait("cells", `document.querySelectorAll("#panel .cells button.cell").length > 1 && document.body.dataset.busy === "no"`))
			r.screenshot(tab, "warpweft-cells")
		}
		r.screenshot(tabs["alice"], id)
		r.screenshot(watcher, id+"-spectator")
		r.command("alice", "/game abandon")
		for _, c := range append(slices.Collect(mapValues(tabs)), watcher) {
			_ = chromedp.Do(c, chromedp.Navigate("about:blank"))
		}
	}
}

func mapValues[K comparable, V any](m map[K]V) func(func(V) bool) {
	return func(yield func(V) bool) {
		for _, v := range m {
			if !yield(v) {
				return
			}
		}
	}
}

// TestLiveTableWholeTapestry plays a three-seat Tapestry game from start
// to end in the live table page: alice clicks every one of her choices in
// Chromium, two AI players answer through the timer loop, and the chat's
// board follows to the result.
func TestLiveTableWholeTapestry(t *testing.T) {
	r := newLiveRig(t, nil)
	table := r.start("tapestry", []string{"alice"}, 2)
	tab := r.tab("alice")
	moves, hexShot := 0, false
	deadline := time.Now().Add(3 * time.Minute)
	for {
		v, _, over := r.version(table)
		if over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not over after %d of alice's moves (version %d)", moves, v)
		}
		if r.actor(table) != "alice" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if !hexShot && r.eval(tab, `String(document.querySelectorAll("#panel .hexes button.hex").length > 1)`) == "true" {
			r.screenshot(tab, "tapestry-hexes")
			hexShot = true
		}
		r.move(tab, table)
		moves++
	}
	r.do(tab, "the end on the live table", r.wait("game over", `document.body.dataset.over === "yes"`))
	r.chatShows(0, true)
	if got := r.eval(tab, `document.getElementById("board").innerText`); !strings.Contains(got, "final result") {
		t.Errorf("the live table's last board: %.200q", got)
	}
	r.screenshot(tab, "tapestry-3-seats-final")
	// A menu of places is drawn as a map only when it is a select (enough
	// choices); whether the game offers alice one depends on the deal.
	// Every map drawn must have been clicked on: she heads for them.
	hexes, cells := r.eval(tab, `String(spindle.hexClicks)`), r.eval(tab, `String(spindle.cellClicks)`)
	hexMenus, cellMenus := r.eval(tab, `String(spindle.hexMenus)`), r.eval(tab, `String(spindle.cellMenus)`)
	if (hexMenus != "0" && hexes == "0") || (cellMenus != "0" && cells == "0") {
		t.Errorf("alice clicked %s map hexes (of %s hex maps drawn) and %s capital plots (of %s plot grids): Tapestry's places are to be clicked, not only chosen in menus",
			hexes, hexMenus, cells, cellMenus)
	}
	if hexMenus == "0" && cellMenus == "0" {
		t.Errorf("no map of places was drawn in a whole game of %d actions", moves)
	}
	t.Logf("alice played %d actions by clicking in the live table (%s on map hexes of %s maps drawn, %s on capital plots of %s grids)", moves, hexes, hexMenus, cells, cellMenus)
}
