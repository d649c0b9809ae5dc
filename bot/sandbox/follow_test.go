package sandbox

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// TestPanelFollowsTheGame: in every game alice plays against the AI and
// opens her panel ONCE. Through several rounds she only ever clicks the
// moves her one panel offers: whenever the AI has moved and the turn is
// hers again, that same panel already shows her moves (no Refresh, no
// warning). Meanwhile the channel gets one board post per change of turn
// (edited in place during her own multi-step turn), and a board pings
// her only when it brings her turn.
func TestPanelFollowsTheGame(t *testing.T) {
	for _, c := range []struct {
		game   string
		levels []string
	}{
		{"warpweft", []string{"easy"}},
		{"stitchcraft", []string{"easy"}},
		{"threadcount", []string{"easy"}},
		{"archravels", []string{"easy"}},
		{"tapestry", []string{"easy", "easy"}},
	} {
		t.Run(c.game, func(t *testing.T) {
			app := newApp(t, tinyPNG, games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}),
				games.Bind(stitchcraft.Game{}), games.Bind(archravels.Game{}), games.Bind(tapestry.Game{}))
			app.PlainAI = true
			s := New(app, zerolog.Nop())
			srv := httptest.NewServer(s)
			t.Cleanup(srv.Close)
			cl := &client{t: t, srv: srv, app: app, store: app.Store}
			aliceID := ""
			for _, u := range cl.state("alice", "").Users {
				if u.Name == "alice" {
					aliceID = u.ID
				}
			}
			cl.mustCommand("alice", "/game new game:"+c.game)
			for _, lvl := range c.levels {
				menu := *cl.click("alice", cl.mustLatest("alice", "games", "Add AI"), "Add AI").Message
				cl.choose("alice", menu, menu.Rows[0].Select.CustomID, "add:"+lvl)
			}
			cl.click("alice", cl.mustLatest("alice", "games", "Start"), "Start")
			id, err := cl.store.Active(gamesID)
			if err != nil {
				t.Fatal(err)
			}
			seat := func() games.Seat {
				b, _ := cl.store.GetBinding(id)
				return games.Seat(slices.Index(b.Users, aliceID))
			}()
			// board is the live board's id and turn, as the store has them.
			board := func() (string, string) {
				b, err := cl.store.GetBinding(id)
				if err != nil {
					t.Fatal(err)
				}
				return b.Message, b.BoardTurn
			}
			over := func() bool {
				tb, err := cl.store.Load(app.Catalog, id)
				return err != nil || tb.Over()
			}
			aliceToAct := func() bool {
				tb, _ := cl.store.Load(app.Catalog, id)
				return slices.Contains(tb.ToAct(), seat)
			}
			posts, turnChanges, pings := 0, 0, 0
			lastBoard, lastTurn := board()
			// trace is what every step left, told when a check fails.
			var trace []string
			// watch counts what one step did to the channel's board.
			watch := func(what string) {
				t.Helper()
				msg, turn := board()
				tb, err := cl.store.Load(app.Catalog, id)
				if err != nil {
					t.Fatal(err)
				}
				trace = append(trace, fmt.Sprintf("%s: board %s asks %q; version %d, to act %v", what, msg, turn, tb.Version(), tb.ToAct()))
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf(format+"\nalice is seat %d; the steps so far:\n%s", append(args, seat, strings.Join(trace, "\n"))...)
				}
				if msg == "" || tb.Over() {
					lastBoard, lastTurn = msg, turn
					return
				}
				if key := commands.TurnKey(tb); turn != key {
					// The step was answered (the click, or WaitAI) only
					// once its board was up, so the board must be current.
					fail("%s: the board asks %q while the table has %q to act", what, turn, key)
				}
				if turn != lastTurn {
					turnChanges++
				}
				if msg != lastBoard {
					posts++
					if turn == lastTurn {
						fail("%s: a new board was posted although the turn (%s) did not change", what, turn)
					}
					live := cl.mustLatest("dave", "games", "My hand & moves")
					if live.ID != msg {
						fail("%s: the live board %s is not the newest board %s", what, msg, live.ID)
					}
					if slices.Contains(live.Mentions, aliceID) {
						pings++
						if !aliceToAct() {
							fail("%s: the board pings alice while she is not to act", what)
						}
					} else if aliceToAct() {
						fail("%s: a new turn of alice's came without a ping: %q", what, live.Content)
					}
				} else if turn != lastTurn {
					fail("%s: the turn changed (%s -> %s) but the board was edited, not posted", what, lastTurn, turn)
				}
				lastBoard, lastTurn = msg, turn
			}
			idle := func() {
				if _, err := app.FireDue(context.Background(), time.Now(), s.world); err != nil {
					t.Fatal(err)
				}
				app.WaitAI()
				watch("the AI's turn")
			}
			for i := 0; !aliceToAct() && i < 10; i++ {
				idle()
			}
			if !aliceToAct() {
				t.Fatal("alice never got a turn")
			}
			panelID := cl.click("alice", cl.mustLatest("alice", "games", "My hand & moves"), "My hand & moves").Message.ID
			current := func() MessageView {
				for _, m := range cl.state("alice", "games").Messages {
					if m.ID == panelID {
						return m
					}
				}
				t.Fatal("alice's panel is gone")
				return MessageView{}
			}
			rng := rand.New(rand.NewPCG(uint64(len(c.game)), 26))
			weight := func(string) int { return 1 }
			if c.game == "archravels" {
				weight = archravels.LabelWeight
			}
			aliceTurns, clicks := 0, 0
			for step := 0; aliceTurns < 4 && !over(); step++ {
				if step > 400 {
					t.Fatalf("no progress after %d steps", step)
				}
				panel := current()
				if strings.Contains(panel.Content, "⚠️") || strings.Contains(panel.Content, "↻") {
					t.Fatalf("alice's panel warns: %q", panel.Content)
				}
				if !aliceToAct() {
					idle()
					if over() {
						break
					}
					if aliceToAct() {
						aliceTurns++
						if now := current(); !strings.Contains(now.Content, "**Your move.**") {
							t.Fatalf("the turn came back to alice but her open panel says %q", now.Content)
						}
					}
					continue
				}
				ids, values, labels := moveComponents(panel)
				if len(ids) == 0 {
					t.Fatalf("alice is to act but her panel offers nothing: %q", panel.Content)
				}
				w := make([]int, len(labels))
				for i, l := range labels {
					w[i] = weight(l)
				}
				i := games.PickWeighted(w, len(ids), rng.IntN)
				clicks++
				var r Reply
				if values[i] == "" {
					cl.do("POST", "/api/click", map[string]string{"user": "alice", "message": panel.ID, "custom_id": ids[i]}, &r)
				} else {
					r = cl.choose("alice", panel, ids[i], values[i])
				}
				if r.Message == nil || r.Message.ID != panelID {
					t.Fatalf("alice's click did not update her panel in place: %+v", r)
				}
				watch("alice's choice " + labels[i])
			}
			if aliceTurns == 0 && !over() {
				t.Fatal("the turn never came back to alice")
			}
			if posts > turnChanges || pings > posts {
				t.Fatalf("%d board posts and %d pings for %d changes of turn", posts, pings, turnChanges)
			}
			t.Logf("%s: %d turns of alice's, %d clicks on her panel (opened once), %d turn changes, %d board posts, %d pings",
				c.game, aliceTurns, clicks, turnChanges, posts, pings)
		})
	}
}

// moveComponents lists a panel's move and menu components: custom ids,
// select values ("" for a button) and labels.
func moveComponents(panel MessageView) (ids, values, labels []string) {
	for _, r := range panel.Rows {
		for _, b := range r.Buttons {
			if strings.HasPrefix(b.CustomID, "t/") || strings.HasPrefix(b.CustomID, "p/") && b.Label != "Refresh" &&
				b.Label != "Concede" && b.Label != "Undo" {
				ids, values, labels = append(ids, b.CustomID), append(values, ""), append(labels, b.Label)
			}
		}
		if s := r.Select; s != nil && (strings.HasPrefix(s.CustomID, "s/") || strings.HasPrefix(s.CustomID, "p/")) {
			for _, o := range s.Options {
				ids, values, labels = append(ids, s.CustomID), append(values, o.Value), append(labels, o.Label)
			}
		}
	}
	return ids, values, labels
}
