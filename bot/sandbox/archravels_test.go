package sandbox

import (
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"spindle/games"
	"spindle/games/archravels"
)

// TestArchravelsThreePlayersOverHTTP plays a whole three-player ArchRavels
// game in the sandbox exactly as people do on the page: alice opens the
// lobby and lets the players choose their characters, bob and carol join,
// and then whoever the newest table message mentions opens their panel
// and picks from its buttons and menus (groups and pages included) until
// the result is posted. Every panel must be private to its owner.
func TestArchravelsThreePlayersOverHTTP(t *testing.T) {
	app := newApp(t, tinyPNG, games.Bind(archravels.Game{}))
	srv := httptest.NewServer(New(app, zerolog.Nop()))
	t.Cleanup(srv.Close)
	c := &client{t: t, srv: srv, app: app, store: app.Store}
	names := map[string]string{}
	for _, u := range c.state("alice", "").Users {
		names[u.ID] = u.Name
	}

	c.mustCommand("alice", "/game new game:archravels")
	lobby := c.mustLatest("alice", "games", "Join")
	// More options than a lobby has rows: the host changes one through the
	// private option picker.
	picker := c.choose("alice", lobby, optionSelect(t, lobby, "pick"), "characters").Message
	c.choose("alice", *picker, optionSelect(t, *picker, "opt/characters"), archravels.CharsChosen)
	if l := c.mustLatest("bob", "games", "Join"); len(l.Embeds[0].Fields) == 0 || !strings.Contains(l.Embeds[0].Fields[0].Value, "**Characters**: chosen") ||
		!strings.Contains(l.Embeds[0].Fields[0].Value, "**Seating**: chosen") {
		t.Fatalf("the lobby does not show chosen characters in join order: %+v", l.Embeds[0])
	}
	for _, u := range []string{"bob", "carol"} {
		c.click(u, c.mustLatest(u, "games", "Join"), "Join")
	}
	c.click("alice", c.mustLatest("alice", "games", "Start"), "Start")

	c.playToResult(names, rand.New(rand.NewPCG(3, 8)), archravels.LabelWeight, nil)
}

// playToResult plays until the result is posted, as people do on the
// page: whoever the newest table message mentions opens their panel and
// picks from its buttons and menus (groups and pages included), weighted
// by weight of the choice's label. When the table mentions nobody (AI
// players are to act), idle runs; without idle that is a failure.
func (c *client) playToResult(names map[string]string, rng *rand.Rand, weight func(string) int, idle func()) {
	t := c.t
	t.Helper()
	for moves := 0; ; moves++ {
		if moves > 4000 {
			t.Fatalf("no result after %d moves", moves)
		}
		st := c.state("dave", "games")
		last := st.Messages[len(st.Messages)-1]
		if len(last.Embeds) > 0 && strings.Contains(last.Embeds[0].Title, "final result") {
			t.Logf("finished after %d moves: %s", moves, last.Embeds[0].Description)
			return
		}
		table := c.mustLatest("dave", "games", "My hand & moves")
		if len(table.Mentions) == 0 {
			if idle == nil {
				t.Fatalf("move %d: the table message mentions nobody: %q", moves, table.Content)
			}
			idle()
			continue
		}
		actor := names[table.Mentions[0]]
		panel := *c.click(actor, table, "My hand & moves").Message
		if moves%97 == 0 {
			c.checkPrivate(actor, panel)
		}
		for step := 0; ; step++ {
			if step > 20 {
				t.Fatalf("move %d: %s is lost in the menus: %+v", moves, actor, panel.Rows)
			}
			var ids, values, labels []string
			for _, r := range panel.Rows {
				for _, b := range r.Buttons {
					if strings.HasPrefix(b.CustomID, "t/") {
						ids, values, labels = append(ids, b.CustomID), append(values, ""), append(labels, b.Label)
					}
				}
				if s := r.Select; s != nil && (strings.HasPrefix(s.CustomID, "s/") || strings.HasPrefix(s.CustomID, "p/")) {
					for _, o := range s.Options {
						ids, values, labels = append(ids, s.CustomID), append(values, o.Value), append(labels, o.Label)
					}
				}
			}
			if len(ids) == 0 {
				t.Fatalf("move %d: %s's panel offers nothing: %q %+v", moves, actor, panel.Content, panel.Rows)
			}
			w := make([]int, len(labels))
			for i, l := range labels {
				w[i] = weight(l)
			}
			i := games.PickWeighted(w, len(ids), rng.IntN)
			if values[i] == "" {
				var r Reply
				c.do("POST", "/api/click", map[string]string{"user": actor, "message": panel.ID, "custom_id": ids[i]}, &r)
				break
			}
			r := c.choose(actor, panel, ids[i], values[i])
			if strings.HasPrefix(ids[i], "p/") && !strings.HasPrefix(values[i], "play:") {
				panel = *r.Message // a step through the menus, not a move
				continue
			}
			if strings.Contains(r.Message.Content, "⚠️") {
				t.Fatalf("move %d: %s's choice %q was refused: %q", moves, actor, labels[i], r.Message.Content)
			}
			break
		}
	}
}

// optionSelect is the custom_id of a lobby option's select menu.
func optionSelect(t *testing.T, m MessageView, key string) string {
	t.Helper()
	for _, r := range m.Rows {
		if r.Select != nil && strings.HasSuffix(r.Select.CustomID, "/"+key) {
			return r.Select.CustomID
		}
	}
	t.Fatalf("the lobby has no %s select: %+v", key, m.Rows)
	return ""
}
