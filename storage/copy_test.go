package storage

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"spindle/games"
)

// fill writes a little of everything: lobbies started and finished in
// one guild (bindings, ratings, history, players' games), an unbound
// table, a running one, timers, settings, seen ids and an unshown move.
func fill(t *testing.T, s *Store, cat *games.Catalog) {
	t.Helper()
	for i := range 3 {
		id, err := s.CreateLobby(Binding{Game: "toy", Guild: "g1", Channel: "c" + string(rune('a'+i)), Host: "u1",
			Users: []string{"u1", "u2"}, Created: t0, Updated: t0})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.CreateAt(cat, id, "toy", nil, 2, meta(100*i)); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			playOut(t, s, cat, id, 100*i+1)
		}
	}
	id, _, _, err := s.Create(cat, "toy", nil, 3, meta(900))
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, s, cat, id, 901)
	if err := s.Schedule(Timer{Due: t0, Table: 3, Kind: "expire", Deadline: t0}, Timer{Due: t0.Add(time.Hour), Table: 3, Kind: "remind", Deadline: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutGuild("g1", map[string]string{"lang": "fr"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutUser("u1", map[string]bool{"dm": true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.FirstSeen("sig1", t0, time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlaying(3, []string{"u1", "u2"}); err != nil {
		t.Fatal(err)
	}
}

// TestCopyBothWays copies a store of the backend under test to a bbolt
// file and back into a fresh store of that backend (on PostgreSQL: bolt
// to PostgreSQL and back, what `spindle migrate` does), checks each copy
// with Compare (every bucket byte for byte, every table's replay), and
// plays on in the copy: the table ids go on from the same sequence.
func TestCopyBothWays(t *testing.T) {
	cat := catalog(t)
	src, _ := open(t)
	fill(t, src, cat)
	mid := openAt(t, filepath.Join(t.TempDir(), "mid.db"), Options{NoSync: true})
	st, err := Copy(mid, src)
	if err != nil {
		t.Fatal(err)
	}
	if st.Tables != 4 || st.Records == 0 || st.Buckets == 0 {
		t.Fatalf("copy stats %+v", st)
	}
	c, err := Compare(cat, src, mid)
	if err != nil {
		t.Fatal(err)
	}
	if c.Tables != 4 || c.Records < st.Records {
		t.Fatalf("comparison %+v after copying %+v", c, st)
	}
	dst, _ := open(t)
	if _, err := Copy(dst, mid); err != nil {
		t.Fatal(err)
	}
	if _, err := Compare(cat, mid, dst); err != nil {
		t.Fatal(err)
	}
	if _, err := Copy(dst, mid); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a copy into a store with records: %v, want ErrNotEmpty", err)
	}
	id, _, _, err := dst.Create(cat, "toy", nil, 2, meta(2000))
	if err != nil || id != 5 {
		t.Fatalf("Create in the copy = %d, %v; want the next id, 5", id, err)
	}
	// A difference is found: one more move in the copy.
	playOut(t, dst, cat, 3, 3000)
	if _, err := Compare(cat, mid, dst); err == nil {
		t.Fatal("Compare found no difference after moves in one store")
	}
}
