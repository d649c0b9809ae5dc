package sandbox

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/rs/zerolog"

	"spindle/commands"
)

var update = flag.Bool("update", false, "write the browser test's screenshot to testdata/sandbox.png")

// chromium finds the Debian chromium binary.
func chromium() (string, bool) {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// TestBrowserPlaysByClicking drives the real page in headless Chromium: it
// types /game new, switches user, joins, starts, opens the panel and plays
// two moves by clicking, then takes a screenshot.
func TestBrowserPlaysByClicking(t *testing.T) {
	path, ok := chromium()
	if !ok {
		t.Skip("chromium not installed: apt-get install chromium (the Debian package .ci/run installs) to run the browser test")
	}
	app := newApp(t, nil) // the real renderer: the screenshot shows real images
	srv := httptest.NewServer(New(app, zerolog.Nop()))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1200),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx); err != nil { // start the browser without a deadline
		t.Fatalf("starting chromium: %v", err)
	}
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()

	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			// The page's hint line shows the last error the page met.
			hint, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("hint").textContent`))
			t.Fatalf("%s: %v (page says %q)", what, err, hint)
		}
	}
	wait := func(what, js string) chromedp.Action[chromedp.Void] {
		poll := chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(20*time.Second))
		return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			v, err := poll(ctx, tg)
			if err != nil {
				err = fmt.Errorf("waiting for %s: %w", what, err)
			}
			return v, err
		}
	}
	// pick chooses a value in a <select> as a user does: it sets the value
	// and fires the change event the page listens to.
	pick := func(selector, value string) chromedp.Action[chromedp.Void] {
		js := fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s) throw new Error("no " + %q);
			s.value = %s; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`,
			selector, selector, value)
		return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Evaluate[bool](js)(ctx, tg)
			return chromedp.Void{}, err
		}
	}
	as := func(name string) {
		t.Helper()
		do("switching to "+name,
			pick("#user", strconv.Quote(userID(name))),
			wait(name, fmt.Sprintf(`document.getElementById("me-name").textContent === %q`, name)))
	}
	btn := func(label string) chromedp.CSS {
		return chromedp.CSS(fmt.Sprintf(`button[data-label=%q]:not(:disabled)`, label))
	}

	do("opening the page and typing /game new",
		chromedp.Navigate(srv.URL),
		chromedp.WaitVisible(chromedp.CSS("#cmd")),
		wait("the first state", `document.getElementById("me-name").textContent === "alice"`),
		chromedp.SendKeys(chromedp.CSS("#cmd"), "/ga"),
		wait("suggestions", `document.getElementById("suggest").innerText.includes("/game")`),
		chromedp.SendKeys(chromedp.CSS("#cmd"), kb.Tab),
		wait("completion", `document.getElementById("cmd").value === "/game "`),
		chromedp.SendKeys(chromedp.CSS("#cmd"), "new game:warpweft"),
		chromedp.SendKeys(chromedp.CSS("#cmd"), kb.Enter),
		chromedp.WaitVisible(btn("Join")),
	)
	as("bob")
	do("bob joins", chromedp.Click(btn("Join")),
		wait("joined", `document.body.innerText.includes("@bob joined")`))
	as("alice")
	do("alice starts", chromedp.Click(btn("Start")), chromedp.WaitVisible(btn("My hand & moves")))

	for move := range 2 {
		actor := actorOf(t, srv.URL)
		as(actor)
		before := tableVersion(t, app)
		do(fmt.Sprintf("move %d by %s", move+1, actor),
			chromedp.Click(btn("My hand & moves")),
			wait("panel", `!!document.querySelector('.msg.ephemeral select.menu[data-custom-id^="p/"]')`),
			pick(`.msg.ephemeral select.menu[data-custom-id^="p/"]`,
				`document.querySelector('.msg.ephemeral select.menu[data-custom-id^="p/"]').options[1].value`),
			wait("cells", `!!document.querySelector('.msg.ephemeral select.menu[data-custom-id^="s/"]')`),
			pick(`.msg.ephemeral select.menu[data-custom-id^="s/"]`,
				`document.querySelector('.msg.ephemeral select.menu[data-custom-id^="s/"]').options[1].value`),
			wait("the move", `document.body.innerText.includes("Waiting for")`),
		)
		if after := tableVersion(t, app); after != before+1 {
			t.Fatalf("move %d: table version %d -> %d", move+1, before, after)
		}
	}
	// A button that answers privately is usable again at once, and
	// /game list's jump link scrolls to the live board, as in Discord.
	as(actorOf(t, srv.URL))
	do("the board's button after opening a panel, and a jump from /game list",
		chromedp.Click(btn("My hand & moves")),
		wait("panel", `!!document.querySelector('.msg.ephemeral select.menu[data-custom-id^="p/"]')`),
		wait("the board's button usable again", `[...document.querySelectorAll('button[data-label="My hand & moves"]')].every(b => !b.disabled)`),
		chromedp.SendKeys(chromedp.CSS("#cmd"), "/game list"),
		chromedp.SendKeys(chromedp.CSS("#cmd"), kb.Enter),
		wait("the jump link", `!!document.querySelector('a.jump[data-jump]')`),
		chromedp.Click(chromedp.CSS(`a.jump[data-jump]`)),
		wait("the jumped-to board", `!!document.querySelector('.msg.jumped button[data-label="My hand & moves"]')`),
	)
	// The next player opens their panel for the screenshot.
	as(actorOf(t, srv.URL))
	do("opening the third panel",
		chromedp.Click(btn("My hand & moves")),
		wait("panel", `!!document.querySelector('.msg.ephemeral select.menu[data-custom-id^="p/"]')`),
		wait("images", `[...document.images].length >= 2 && [...document.images].every(i => i.complete && i.naturalWidth > 0)`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("messages").scrollTop = 1e9`),
		chromedp.Sleep(300*time.Millisecond),
	)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	out := filepath.Join(t.TempDir(), "sandbox.png")
	if *update || os.Getenv("SANDBOX_SCREENSHOT") != "" {
		out = filepath.Join("testdata", "sandbox.png")
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", out)
}

// tableVersion is the version of the game in #games.
func tableVersion(t *testing.T, app *commands.App) uint64 {
	t.Helper()
	id, err := app.Store.Active(gamesID)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := app.Store.Load(app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	return tbl.Version()
}

// actorOf asks the API whom the latest table message mentions.
func actorOf(t *testing.T, base string) string {
	t.Helper()
	res, err := http.Get(base + "/api/state?user=dave&channel=games")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var st State
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	for i := len(st.Messages) - 1; i >= 0; i-- {
		if m := st.Messages[i]; len(m.Mentions) == 1 {
			for _, u := range st.Users {
				if u.ID == m.Mentions[0] {
					return u.Name
				}
			}
		}
	}
	t.Fatal("no table message mentions a player")
	return ""
}
