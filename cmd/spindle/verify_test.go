package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spindle/games"
	"spindle/storage"
)

// finishedGames stores one random game of each of the five games, played
// to the end through storage as the bot plays them, and one game still in
// play; it returns the database, the finished tables by game and the
// unfinished table.
func finishedGames(t *testing.T) (string, map[string]uint64, uint64) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "games.db")
	st, err := storage.Open(db, storage.Options{Timeout: time.Second, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cat, err := buildCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]uint64{}
	for n, info := range cat.Games() {
		id, tab, _, err := st.Create(cat, info.ID, nil, max(2, info.MinSeats), storage.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(n), 3))
		for moves := 0; !tab.Over(); moves++ {
			if moves > 20000 {
				t.Fatalf("%s does not end", info.ID)
			}
			to := tab.ToAct()
			seat := to[rng.IntN(len(to))]
			legal := tab.Legal(seat)
			key := legal[games.PickWeighted(tab.Weights(seat), len(legal), rng.IntN)].Key
			if tab, _, err = st.Play(cat, id, seat, tab.Version(), key, storage.Meta{}); err != nil {
				t.Fatal(err)
			}
		}
		ids[info.ID] = id
	}
	open, _, _, err := st.Create(cat, "warpweft", nil, 2, storage.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	return db, ids, open
}

// TestVerifyCLI: `spindle verify` verifies a finished game of each game
// from the database and from the JSON record, checks the commitment a
// player saw, refuses a game in play, and names the step of a tampered
// chance outcome.
func TestVerifyCLI(t *testing.T) {
	db, ids, open := finishedGames(t)
	st, err := storage.Open(db, storage.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	recs := map[string]games.Record{}
	for game, id := range ids {
		if recs[game], err = st.Record(id); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	for game, id := range ids {
		rec := recs[game]
		chance := 0
		for _, m := range rec.Log {
			if m.Seat == games.Chance {
				chance++
			}
		}
		want := fmt.Sprintf("verified: %d chance outcomes match, commitment matches", chance)
		out, _, err := runCLI(t, "verify", "--db", db, "--table", fmt.Sprint(id), "--commitment", rec.Commitment[:games.CommitmentShort])
		if err != nil || !strings.Contains(out, want) || !strings.Contains(out, rec.Seed) || !strings.Contains(out, rec.Commitment) {
			t.Fatalf("%s from the database: %v\n%s", game, err, out)
		}
		b, _ := json.Marshal(rec)
		out, _, err = runCLI(t, "verify", "--json", writeFile(t, "rec.json", string(b)))
		if err != nil || !strings.Contains(out, want) {
			t.Fatalf("%s from JSON: %v\n%s", game, err, out)
		}
	}

	rec := recs["warpweft"]
	if _, _, err := runCLI(t, "verify", "--db", db, "--table", fmt.Sprint(ids["warpweft"]), "--commitment", games.Commitment([2]uint64{1, 2}, 1)[:16]); err == nil ||
		!strings.Contains(err.Error(), "does not start with") {
		t.Fatalf("another commitment: %v", err)
	}
	if _, _, err := runCLI(t, "verify", "--db", db, "--table", fmt.Sprint(open)); err == nil || !strings.Contains(err.Error(), "still in play") {
		t.Fatalf("a game in play: %v", err)
	}
	// The first chance outcome (the deal) swapped for the last one.
	last := 0
	for i, m := range rec.Log {
		if m.Seat == games.Chance {
			last = i
		}
	}
	if rec.Log[0].Seat != games.Chance || rec.Log[last].Key == rec.Log[0].Key {
		t.Fatalf("warpweft's log does not open with a chance outcome: %+v", rec.Log[:1])
	}
	rec.Log[0].Key = rec.Log[last].Key
	b, _ := json.Marshal(rec)
	_, _, err = runCLI(t, "verify", "--json", writeFile(t, "bad.json", string(b)))
	if err == nil || !strings.Contains(err.Error(), "does not verify") || !strings.Contains(err.Error(), "step 1:") {
		t.Fatalf("a tampered deal: %v", err)
	}
	if _, _, err := runCLI(t, "verify"); err == nil {
		t.Fatal("verify without a table or record")
	}
}
