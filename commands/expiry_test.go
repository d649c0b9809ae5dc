package commands

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"spindle/games"
	"spindle/storage"
)

// startAbsent opens a lobby of game with the given clock value and seats
// players (alice, bob, carol in join order), and starts it at the
// simulated time; nobody ever moves after that.
func startAbsent(t *testing.T, game string, players int, clock string) (*harness, *simClock, time.Time) {
	t.Helper()
	h := everyGameHarness(t)
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	sc := &simClock{now: start}
	h.app.Now = func() time.Time { return sc.now }
	if _, err := h.command(alice, "game new", map[string]string{"game": game}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	h.setLobbyOption(alice, lobby, "clock", clock)
	if game == "stitchcraft" && players > 2 {
		h.setLobbyOption(alice, lobby, "mode", "ffa")
	}
	for _, u := range []User{bob, carol}[:players-1] {
		if _, err := h.click(u, lobby.id, button(t, lobby.msg, "Join")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.click(alice, lobby.id, button(t, lobby.msg, "Start")); err != nil {
		t.Fatal(err)
	}
	return h, sc, start
}

// setLobbyOption sets a lobby option through its own menu, or through the
// option picker when the lobby has more options than rows.
func (h *harness) setLobbyOption(u User, lobby posted, key, value string) {
	h.t.Helper()
	find := func(m Message, suffix string) string {
		for _, r := range m.Rows {
			if r.Select != nil && strings.HasSuffix(r.Select.CustomID, suffix) {
				return r.Select.CustomID
			}
		}
		return ""
	}
	if id := find(lobby.msg, "/opt/"+key); id != "" {
		if _, err := h.click(u, lobby.id, id, value); err != nil {
			h.t.Fatal(err)
		}
		return
	}
	pick := find(lobby.msg, "/pick")
	if pick == "" {
		h.t.Fatalf("the lobby has no way to set %s", key)
	}
	picker, err := h.click(u, lobby.id, pick, key)
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.click(u, lobby.id, find(*picker.Message, "/opt/"+key), value); err != nil {
		h.t.Fatal(err)
	}
}

// TestAbsentPlayerGameReachesTheEnd: in every game, with every timeout
// policy, a seat whose player never answers (alice) does not stall the
// table: the clock plays or passes the whole of her turns (or forfeits
// her), the others play on through the buttons, and the game reaches its
// end. Whenever anyone is to act, each seat to act has an armed expiry
// timer for the deadline its clock shows.
func TestAbsentPlayerGameReachesTheEnd(t *testing.T) {
	users := []User{alice, bob, carol}
	for _, game := range []string{"warpweft", "threadcount", "stitchcraft", "archravels"} {
		for _, policy := range clockPolicies {
			players := 2
			if game == "threadcount" || game == "archravels" {
				players = 3
			}
			t.Run(game+"/"+policy, func(t *testing.T) {
				h, sc, _ := startAbsent(t, game, players, "live-1m:"+policy)
				id, err := h.store.Active("c1")
				if err != nil {
					t.Fatal(err)
				}
				b, err := h.store.GetBinding(id)
				if err != nil {
					t.Fatal(err)
				}
				// Seating may be shuffled at the start: find who sits where.
				seatOf := map[string]User{}
				for _, u := range users {
					seatOf[u.ID] = u
				}
				absent := games.Seat(slices.Index(b.Users, alice.ID))
				rng := rand.New(rand.NewPCG(uint64(len(game)), uint64(len(policy))))
				expiries := 0
				for step := 0; ; step++ {
					tbl, err := h.store.Load(h.app.Catalog, id)
					if err != nil {
						t.Fatal(err)
					}
					if tbl.Over() {
						if expiries == 0 && policy != "forfeit" {
							t.Fatal("the game ended without alice's clock ever running out")
						}
						return
					}
					if step > 20000 {
						t.Fatalf("no end after %d steps, %d expiries (version %d)", step, expiries, tbl.Version())
					}
					checkArmed(t, h, id, tbl)
					present := slices.DeleteFunc(slices.Clone(tbl.ToAct()), func(s games.Seat) bool { return s < 0 || s == absent })
					if len(present) == 0 { // only alice is to act: wait for her clock
						next, ok, err := h.store.Next()
						if err != nil || !ok {
							t.Fatalf("alice is to act with no timer at all (%v)", err)
						}
						h.fireAt(sc, next)
						expiries++
						continue
					}
					s := present[rng.IntN(len(present))]
					legal := tbl.Legal(s)
					key := legal[games.PickWeighted(tbl.Weights(s), len(legal), rng.IntN)].Key
					custom := CustomID{Route: 't', Table: id, Version: tbl.Version(), Arg: key}.MustEncode()
					u := seatOf[b.Users[s]]
					if _, err := h.click(u, "panel", custom); err != nil {
						t.Fatalf("%s's move %q: %v", u.Name, key, err)
					}
				}
			})
		}
	}
}

// checkArmed fails unless every seat to act has an expiry timer for the
// deadline its clock shows.
func checkArmed(t *testing.T, h *harness, id uint64, tbl games.Table) {
	t.Helper()
	b, err := h.store.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := readClock(b)
	if err != nil {
		t.Fatal(err)
	}
	due, err := h.store.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tbl.ToAct() {
		if s < 0 {
			continue
		}
		if int(s) >= len(c.Deadlines) || c.Deadlines[s].IsZero() {
			t.Fatalf("seat %d is to act at version %d with no deadline", s, tbl.Version())
		}
		if !slices.ContainsFunc(due, func(tm storage.Timer) bool {
			return tm.Table == id && tm.Seat == s && tm.Kind == "expire" && tm.Deadline.Equal(c.Deadlines[s])
		}) {
			t.Fatalf("seat %d is to act at version %d with no expiry timer for its deadline %v", s, tbl.Version(), c.Deadlines[s])
		}
	}
}
