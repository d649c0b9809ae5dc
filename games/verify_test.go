package games_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// TestCommitmentStableAndBoundToTable: the commitment is the documented
// SHA-256 of seed[0], seed[1] and the table id as 8-byte big-endian words,
// its value for a fixed seed never changes, and another table id (or seed)
// gives another commitment.
func TestCommitmentStableAndBoundToTable(t *testing.T) {
	s := [2]uint64{0x0123456789abcdef, 0xfedcba9876543210}
	got := games.Commitment(s, 12)
	raw, _ := hex.DecodeString("0123456789abcdeffedcba9876543210000000000000000c")
	sum := sha256.Sum256(raw)
	if want := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Commitment = %s, want the SHA-256 of the documented bytes %s", got, want)
	}
	// Also: printf %s%016x SEEDHEX 12 | xxd -r -p | sha256sum, the recipe of the doc.
	const golden = "aeebfe2c9f05149da842c58adf288aa6520a4e42574931861832e6f76cd7c8af"
	if got != golden {
		t.Errorf("Commitment changed: %s, was %s", got, golden)
	}
	if games.Commitment(s, 13) == got || games.Commitment([2]uint64{s[0], s[1] + 1}, 12) == got {
		t.Error("the commitment is not bound to the table id and the seed")
	}
	if games.SeedHex(s) != "0123456789abcdeffedcba9876543210" {
		t.Errorf("SeedHex = %s", games.SeedHex(s))
	}
	if back, err := games.ParseSeed(games.SeedHex(s)); err != nil || back != s {
		t.Errorf("ParseSeed(SeedHex) = %v, %v", back, err)
	}
	for _, bad := range []string{"", "xyz", "0123"} {
		if _, err := games.ParseSeed(bad); err == nil {
			t.Errorf("ParseSeed(%q) accepted", bad)
		}
	}
}

// fiveGames is a catalog of the five games.
func fiveGames(t *testing.T) *games.Catalog {
	t.Helper()
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}), games.Bind(threadcount.Game{}), games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}), games.Bind(tapestry.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// playOut plays a random game of id to the end through the catalog, as the
// bot does (New, then Play; concede, when asked, after a few moves), and
// returns the table and its whole log.
func playOut(t *testing.T, cat *games.Catalog, id string, seats int, seed [2]uint64, concede bool) (games.Table, []games.Step) {
	t.Helper()
	tab, log, err := cat.New(id, nil, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed[0], 99))
	for moves := 0; !tab.Over(); moves++ {
		if moves > 20000 {
			t.Fatalf("%s does not end", id)
		}
		if _, ok := tab.RevealSeed(); ok {
			t.Fatalf("%s revealed its seed during the game", id)
		}
		to := tab.ToAct()
		seat := to[rng.IntN(len(to))]
		if concede && moves == 6 {
			if steps, err := tab.Concede(seat, tab.Version()); err == nil {
				log = append(log, steps...)
				continue
			}
		}
		legal := tab.Legal(seat)
		steps, err := tab.Play(seat, tab.Version(), legal[games.PickWeighted(tab.Weights(seat), len(legal), rng.IntN)].Key)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, steps...)
	}
	return tab, log
}

// record is the Record of a finished table played as table id.
func record(t *testing.T, tab games.Table, id uint64, log []games.Step) games.Record {
	t.Helper()
	env, err := tab.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	return games.NewRecord(env, id, log)
}

// TestVerifyFiveGames: a finished random game of each game verifies from
// its revealed seed, every chance outcome re-derived; the revealed seed is
// the one the table was created with.
func TestVerifyFiveGames(t *testing.T) {
	cat := fiveGames(t)
	for _, info := range cat.Games() {
		for _, concede := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/concede=%v", info.ID, concede), func(t *testing.T) {
				s := [2]uint64{uint64(len(info.ID)) * 7919, 42}
				tab, log := playOut(t, cat, info.ID, max(2, info.MinSeats), s, concede)
				if got, ok := tab.RevealSeed(); !ok || got != s {
					t.Fatalf("RevealSeed = %v %v after the end", got, ok)
				}
				rec := record(t, tab, 7, log)
				if rec.Commitment != tab.Commitment(7) || rec.Commitment != games.Commitment(s, 7) {
					t.Fatalf("record commitment %s", rec.Commitment)
				}
				v, err := cat.Verify(rec)
				if err != nil {
					t.Fatal(err)
				}
				chance := 0
				for _, st := range log {
					if st.Seat == games.Chance {
						chance++
					}
				}
				if chance == 0 || v.Chance != chance || v.Actions != len(log) || v.Commitment != rec.Commitment {
					t.Fatalf("%+v for %d chance steps in %d", v, chance, len(log))
				}
				if want := fmt.Sprintf("verified: %d chance outcomes match, commitment matches", chance); v.String() != want {
					t.Fatalf("%q", v.String())
				}
				// The short form a board shows is accepted as the claim.
				rec.Commitment = rec.Commitment[:games.CommitmentShort]
				if _, err := cat.Verify(rec); err != nil {
					t.Fatalf("short commitment: %v", err)
				}
			})
		}
	}
}

// TestVerifyTampered: one chance outcome changed to another outcome the
// game would accept, a commitment of another table, a wrong seed, or a
// truncated log each fail, naming the step.
func TestVerifyTampered(t *testing.T) {
	cat := fiveGames(t)
	for _, info := range cat.Games() {
		t.Run(info.ID, func(t *testing.T) {
			s := [2]uint64{uint64(len(info.ID)) * 104729, 5}
			tab, log := playOut(t, cat, info.ID, max(2, info.MinSeats), s, false)
			rec := record(t, tab, 3, log)
			// The last chance outcome, swapped for the key of another
			// chance outcome of the same log.
			at := -1
			for i, m := range rec.Log {
				if m.Seat == games.Chance {
					at = i
				}
			}
			other := ""
			for _, m := range rec.Log {
				if m.Seat == games.Chance && m.Key != rec.Log[at].Key {
					other = m.Key
				}
			}
			if other == "" {
				other = rec.Log[at].Key + "x"
			}
			bad := rec
			bad.Log = append([]games.Move(nil), rec.Log...)
			bad.Log[at].Key = other
			_, err := cat.Verify(bad)
			var ve *games.VerifyError
			if !errors.As(err, &ve) || !errors.Is(err, games.ErrUnverified) || ve.Step != rec.Log[at].Version ||
				!strings.Contains(err.Error(), fmt.Sprintf("step %d:", rec.Log[at].Version)) || !strings.Contains(err.Error(), fmt.Sprintf("%q", other)) {
				t.Fatalf("tampered step %d: %v", rec.Log[at].Version, err)
			}
			// A commitment shown for another table.
			bad = rec
			bad.Commitment = games.Commitment(s, 4)
			if _, err := cat.Verify(bad); !errors.As(err, &ve) || ve.Step != 0 || !strings.Contains(err.Error(), "commitment differs") {
				t.Fatalf("another table's commitment: %v", err)
			}
			// Another seed draws other outcomes from the first chance step.
			bad = rec
			bad.Seed = games.SeedHex([2]uint64{s[0] + 1, s[1]})
			bad.Commitment = ""
			if _, err := cat.Verify(bad); !errors.As(err, &ve) || ve.Step != 1 {
				t.Fatalf("another seed: %v", err)
			}
			// A log cut short.
			bad = rec
			bad.Log = rec.Log[:len(rec.Log)-1]
			if _, err := cat.Verify(bad); !errors.As(err, &ve) || ve.Step != uint64(len(rec.Log)) || !strings.Contains(err.Error(), "ends before") {
				t.Fatalf("truncated: %v", err)
			}
		})
	}
}

// TestRevealSeedOnlyAtTheEnd: a table in play gives no seed, and a search
// copy carries none.
func TestRevealSeedOnlyAtTheEnd(t *testing.T) {
	cat := fiveGames(t)
	tab, _, err := cat.New("warpweft", nil, 2, [2]uint64{9, 9})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := tab.RevealSeed(); ok || s != ([2]uint64{}) {
		t.Fatalf("RevealSeed during play = %v %v", s, ok)
	}
	if tab.Commitment(1) != games.Commitment([2]uint64{9, 9}, 1) {
		t.Fatal("Table.Commitment differs from Commitment")
	}
	d, err := tab.Determinize(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if d.Commitment(1) == tab.Commitment(1) {
		t.Fatal("a search copy carries the table's secret seed")
	}
}
