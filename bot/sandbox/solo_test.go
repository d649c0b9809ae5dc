package sandbox

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// TestSoloAgainstAIOverHTTP: in every game, alice alone opens a lobby in
// the sandbox, fills it with AI players through "Add AI" and its private
// menu, starts, and plays a whole game through her panel while the AI
// players take their turns in the background (the timer loop's round,
// run here by idle), posting their moves into #games.
func TestSoloAgainstAIOverHTTP(t *testing.T) {
	for _, c := range []struct {
		game   string
		levels []string
		plain  bool
	}{
		{"warpweft", []string{"easy"}, false},
		{"stitchcraft", []string{"easy"}, true},
		{"threadcount", []string{"normal", "easy"}, true},
		// ArchRavels turns are many actions each: the easy AI keeps the
		// soak run's real search within a minute or two.
		{"archravels", []string{"easy"}, true},
		// A three-player Tapestry game: alice and two AI players.
		{"tapestry", []string{"easy", "easy"}, true},
	} {
		t.Run(c.game, func(t *testing.T) {
			app := newApp(t, tinyPNG, games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}),
				games.Bind(stitchcraft.Game{}), games.Bind(archravels.Game{}), games.Bind(tapestry.Game{}))
			// Soak runs (SPINDLE_SOAK=1; gametest's own flag would clash with
			// this package's) let the AI search in every game.
			app.PlainAI = c.plain && os.Getenv("SPINDLE_SOAK") != "1"
			s := New(app, zerolog.Nop())
			srv := httptest.NewServer(s)
			t.Cleanup(srv.Close)
			cl := &client{t: t, srv: srv, app: app, store: app.Store}
			names := map[string]string{}
			for _, u := range cl.state("alice", "").Users {
				names[u.ID] = u.Name
			}
			cl.mustCommand("alice", "/game new game:"+c.game)
			for _, lvl := range c.levels {
				menu := *cl.click("alice", cl.mustLatest("alice", "games", "Add AI"), "Add AI").Message
				cl.checkPrivate("alice", menu)
				cl.choose("alice", menu, menu.Rows[0].Select.CustomID, "add:"+lvl)
			}
			lobby := cl.mustLatest("bob", "games", "Start")
			_, seats, _ := strings.Cut(lobby.Embeds[0].Description, "**Seats")
			if n := strings.Count(seats, "Spindle AI ("); n != len(c.levels) {
				t.Fatalf("the lobby shows %d AI players: %q", n, lobby.Embeds[0].Description)
			}
			cl.click("alice", lobby, "Start")
			aiTurns := 0
			idle := func() {
				aiTurns++
				if _, err := app.FireDue(context.Background(), time.Now(), s.world); err != nil {
					t.Fatal(err)
				}
				app.WaitAI()
			}
			weight := func(string) int { return 1 }
			if c.game == "archravels" {
				weight = archravels.LabelWeight
			}
			cl.playToResult(names, rand.New(rand.NewPCG(uint64(len(c.game)), 4)), weight, idle)
			if aiTurns == 0 {
				t.Fatal("the AI never had a turn")
			}
			st := cl.state("dave", "games")
			final := st.Messages[len(st.Messages)-1]
			if !strings.Contains(final.Embeds[0].Fields[0].Value, "Spindle AI (") {
				t.Fatalf("the result does not list the AI players: %+v", final.Embeds[0])
			}
		})
	}
}

// TestTapestrySoloAgainstTheAutomaOverHTTP: alice alone opens a Tapestry
// lobby, sets the Automa to level 3 and starts: a one-seat game against
// the Automa and the Shadow Empire, whose turns run inside the engine
// (the table always waits for alice). She plays it to the final result,
// which names the Automa's score.
func TestTapestrySoloAgainstTheAutomaOverHTTP(t *testing.T) {
	app := newApp(t, tinyPNG, games.Bind(tapestry.Game{}))
	srv := httptest.NewServer(New(app, zerolog.Nop()))
	t.Cleanup(srv.Close)
	cl := &client{t: t, srv: srv, app: app, store: app.Store}
	names := map[string]string{}
	for _, u := range cl.state("alice", "").Users {
		names[u.ID] = u.Name
	}
	cl.mustCommand("alice", "/game new game:tapestry")
	lobby := cl.mustLatest("alice", "games", "Start")
	cl.setOption("alice", lobby, "automa_level", "3")
	lobby = cl.mustLatest("alice", "games", "Start")
	if !strings.Contains(lobby.Embeds[0].Fields[0].Value, "Automa level (solo)**: 3") {
		t.Fatalf("the lobby does not show level 3: %+v", lobby.Embeds[0])
	}
	cl.click("alice", lobby, "Start")
	cl.playToResult(names, rand.New(rand.NewPCG(19, 3)), func(string) int { return 1 }, nil)
	st := cl.state("dave", "games")
	final := st.Messages[len(st.Messages)-1]
	if !strings.Contains(final.Embeds[0].Description+final.Embeds[0].Fields[0].Value, "Automa") {
		t.Fatalf("the result does not give the Automa's score: %+v", final.Embeds[0])
	}
}

// setOption sets a lobby option as the host would: through its own select,
// or through the private option picker when the lobby has more options
// than rows.
func (c *client) setOption(user string, lobby MessageView, key, value string) {
	c.t.Helper()
	find := func(m MessageView, suffix string) string {
		for _, r := range m.Rows {
			if r.Select != nil && strings.HasSuffix(r.Select.CustomID, suffix) {
				return r.Select.CustomID
			}
		}
		return ""
	}
	if id := find(lobby, "/opt/"+key); id != "" {
		c.choose(user, lobby, id, value)
		return
	}
	pick := find(lobby, "/pick")
	if pick == "" {
		c.t.Fatalf("the lobby has no way to set %s: %+v", key, lobby.Rows)
	}
	picker := *c.choose(user, lobby, pick, key).Message
	c.choose(user, picker, optionSelect(c.t, picker, "opt/"+key), value)
}
