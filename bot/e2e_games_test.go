package bot

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"spindle/bot/discordtest"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/gametest"
	"spindle/imaging"
	"spindle/imaging/pictures"
)

// playRandomly plays one whole game of gameID with the given number of
// players through the fake Discord: lobby, start, then every mentioned
// player opens their panel and makes random choices through the menus
// (groups, pages, selects, buttons) until the result is posted. It is game
// agnostic: it only reads what a player would see.
func playRandomly(t *testing.T, e *e2e, gameID string, players int, seed uint64) discordtest.Message {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	ch := e.fake.DefaultChannel()
	users := make([]discordtest.User, players)
	byID := map[string]discordtest.User{}
	for i := range users {
		users[i] = e.fake.AddUser(fmt.Sprintf("%s-p%d", gameID, i+1))
		byID[users[i].ID] = users[i]
	}
	e.finalOf(e.fake.SlashCommand(users[0], ch.ID, "game", discordtest.Sub("new", discordtest.String("game", gameID))))
	lobby := e.last()
	for k, v := range optionsFor(gameID, players) {
		e.setOption(users[0], lobby, k, v)
		lobby, _ = e.fake.Message(lobby.ID)
	}
	for _, u := range users[1:] {
		e.finalOf(e.fake.Click(u, lobby, e.button(lobby, "Join")))
		lobby, _ = e.fake.Message(lobby.ID)
	}
	e.finalOf(e.fake.Click(users[0], lobby, e.button(lobby, "Start")))
	for moves := 0; ; moves++ {
		if moves > 5000 {
			t.Fatalf("%s: no result after %d moves", gameID, moves)
		}
		tm := e.last()
		if _, ok := tm.Attachment("scoring.png"); ok {
			return tm
		}
		var mover discordtest.User
		for _, id := range tm.Mentions {
			if u, ok := byID[id]; ok {
				mover = u
				break
			}
		}
		if mover.ID == "" {
			t.Fatalf("%s: the table message mentions nobody to move: %q", gameID, tm.Content)
		}
		panel := e.finalOf(e.fake.Click(mover, tm, e.button(tm, "My hand & moves")))
		// Walk the menus until a move is made: a move's custom_id starts
		// with t/ (a button) or s/ (a select); a p/ select opens a group.
		for step := 0; ; step++ {
			if step > 50 {
				t.Fatalf("%s: lost in the menus: %q", gameID, panel.Content)
			}
			var cands []menuChoice
			for _, c := range panel.AllComponents() {
				switch {
				case strings.HasPrefix(c.CustomID, "t/"):
					cands = append(cands, menuChoice{id: c.CustomID, label: c.Label})
				case strings.HasPrefix(c.CustomID, "s/") || strings.HasPrefix(c.CustomID, "p/") && len(c.Options) > 0:
					for _, o := range c.Options {
						cands = append(cands, menuChoice{id: c.CustomID, value: o.Value, label: o.Label,
							group: strings.HasPrefix(c.CustomID, "p/") && !strings.HasPrefix(o.Value, "play:")})
					}
				}
			}
			if len(cands) == 0 {
				t.Fatalf("%s: %s's panel offers no move: %q %v", gameID, mover.Name, panel.Content, panel.CustomIDs())
			}
			c := pickChoice(rng, gameID, cands)
			switch {
			case c.value == "":
				e.finalOf(e.fake.Click(mover, panel, c.id))
			case c.group:
				panel = e.finalOf(e.fake.Select(mover, panel, c.id, c.value))
				continue
			default:
				e.finalOf(e.fake.Select(mover, panel, c.id, c.value))
			}
			break
		}
	}
}

// menuChoice is one thing a player can click or select on a panel.
type menuChoice struct {
	id, value, label string
	group            bool // a p/ select option: opens a group of moves
}

// pickChoice picks a menu choice at random. ArchRavels games end only
// when players finish projects, so for it the pick leans by label the way
// a sensible player would (archravels.LabelWeight).
func pickChoice(rng *rand.Rand, gameID string, cands []menuChoice) menuChoice {
	if gameID != "archravels" {
		return cands[rng.IntN(len(cands))]
	}
	ws := make([]int, len(cands))
	for i, c := range cands {
		ws[i] = archravels.LabelWeight(c.label)
	}
	return cands[games.PickWeighted(ws, len(cands), rng.IntN)]
}

// optionsFor are the lobby choices a seat count needs (Stitchcraft's
// default mode is the two-player duel) or that cover a flow (ArchRavels
// players choose their characters).
func optionsFor(game string, seats int) map[string]string {
	switch {
	case game == "stitchcraft" && seats == 4:
		return map[string]string{"mode": "consortium"}
	case game == "stitchcraft" && seats > 2:
		return map[string]string{"mode": "ffa"}
	case game == "archravels":
		return map[string]string{"characters": "chosen"}
	}
	return nil
}

// seatsFor are the seat counts played: the fewest and one more, for
// Stitchcraft the two-player duel and the four-player Consortium, and for
// ArchRavels and Tapestry the three-player game their issues ask for.
func seatsFor(info games.Info) []int {
	switch info.ID {
	case "stitchcraft":
		return []int{2, 4}
	case "archravels", "tapestry":
		return []int{3}
	}
	return []int{info.MinSeats, min(info.MinSeats+1, info.MaxSeats)}
}

// setOption sets a lobby option as the host would: through its own select
// menu, or through the option picker when the lobby has more options than
// rows.
func (e *e2e) setOption(host discordtest.User, lobby discordtest.Message, key, value string) {
	e.t.Helper()
	find := func(m discordtest.Message, suffix string) string {
		for _, c := range m.AllComponents() {
			if strings.HasSuffix(c.CustomID, suffix) {
				return c.CustomID
			}
		}
		return ""
	}
	if id := find(lobby, "/opt/"+key); id != "" {
		e.finalOf(e.fake.Select(host, lobby, id, value))
		return
	}
	pick := find(lobby, "/pick")
	if pick == "" {
		e.t.Fatalf("the lobby has no way to set %s", key)
	}
	picker := e.finalOf(e.fake.Select(host, lobby, pick, key))
	e.finalOf(e.fake.Select(host, picker, find(picker, "/opt/"+key), value))
}

// sampledRender draws every result picture and every fourth other picture
// with the real renderer, and a one-pixel PNG for the rest, so the games
// still show real pictures through discordgo (first boards, panels and
// results included) while a whole game costs seconds, not minutes. With
// SPINDLE_SOAK=1 every picture is real.
func sampledRender() func(imaging.Kind, any, imaging.Options) ([]byte, error) {
	if gametest.Soak() {
		return nil
	}
	var (
		mu sync.Mutex
		n  int
	)
	return func(k imaging.Kind, v any, opt imaging.Options) ([]byte, error) {
		mu.Lock()
		n++
		real := k == imaging.Scoring || n%4 == 1
		mu.Unlock()
		if real {
			return pictures.RenderPNG(k, v, opt)
		}
		return onePixelPNG, nil
	}
}

// onePixelPNG is a valid one-pixel PNG, the stand-in picture.
var onePixelPNG = func() []byte {
	var buf bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Pix[3] = 0xff
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}()

// TestEveryGameThroughDiscord plays each game of the catalog to the end
// through the real discordgo client, with random legal choices.
func TestEveryGameThroughDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end games skipped in -short mode")
	}
	e := newE2EWith(t, sampledRender())
	for _, info := range e.cat.Games() {
		// Enough to cover two-player and multiplayer flows without making
		// CI slow (a 5-seat Threadcount game alone takes minutes with real
		// rendering).
		for _, seats := range seatsFor(info) {
			t.Run(fmt.Sprintf("%s/%d", info.ID, seats), func(t *testing.T) {
				res := playRandomly(t, e, info.ID, seats, uint64(seats))
				if len(res.Embeds) == 0 || !strings.Contains(res.Embeds[0].Title, "final result") {
					t.Fatalf("no result embed: %+v", res)
				}
			})
			if info.MinSeats == info.MaxSeats {
				break
			}
		}
	}
	if v := e.fake.Violations(); len(v) > 0 {
		t.Fatalf("Discord limits violated: %v", v)
	}
}

// TestNotificationsThroughDiscord: a turn is announced by a mention in a
// NEW message, and by DM only to the player who opted in.
func TestNotificationsThroughDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	ch := e.fake.DefaultChannel()
	alice, bob := e.fake.AddUser("alice"), e.fake.AddUser("bob")
	on := e.finalOf(e.fake.SlashCommand(bob, ch.ID, "notify", discordtest.Sub("dm", discordtest.Bool("on", true))))
	if !on.Ephemeral() || !strings.Contains(on.Content, "**on**") {
		t.Fatalf("/notify dm answered %q", on.Content)
	}
	e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	lobby := e.last()
	e.setOption(alice, lobby, "roles", "chosen")
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(bob, lobby, e.button(lobby, "Join")))
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))
	if tm := e.last(); !tm.Mentioned(alice.ID) || len(e.fake.Notifications(alice.ID)) == 0 {
		t.Fatalf("alice was not pinged by a new message: %q", tm.Content)
	}
	if got := e.fake.Messages(e.fake.DMChannel(alice.ID).ID); len(got) != 0 {
		t.Fatalf("alice got DMs without opting in: %+v", got)
	}
	// alice moves; bob, who opted in, is pinged and gets a DM. (If the
	// opening board already had bob to act, he had a DM for it then: count
	// only the one this move sends.)
	before := len(e.fake.Messages(e.fake.DMChannel(bob.ID).ID))
	panel := e.pickGroup(alice, e.panel(alice), 0)
	sel := e.cellSelect(panel)
	e.finalOf(e.fake.Select(alice, panel, sel.CustomID, sel.Options[0].Value))
	dms := e.fake.Messages(e.fake.DMChannel(bob.ID).ID)
	if len(dms) != before+1 || !strings.Contains(dms[len(dms)-1].Content, "It's your move in **Warp and Weft** #1") || !e.last().Mentioned(bob.ID) {
		t.Fatalf("bob's DMs (%d before alice's move): %+v", before, dms)
	}
}
