package storage

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"spindle/games"
)

// pgOnly skips a test of the PostgreSQL backend itself on bbolt.
func pgOnly(t testing.TB, why string) {
	t.Helper()
	if !onPostgres {
		t.Skip("PostgreSQL only (SPINDLE_TEST_STORE=postgres): " + why)
	}
}

// TestPostgresMoveIsOneRoundTrip counts the batches a move sends: once the
// process stored the table last, a move (its checks, its envelope, log,
// interaction, binding with a clock, timers and outbox record) is one
// round trip, as a bare one-row commit is. Before that it reads first.
func TestPostgresMoveIsOneRoundTrip(t *testing.T) {
	pgOnly(t, "round trips to the server")
	cat := catalog(t)
	s, _ := open(t)
	plain, ptab, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0})
	if err != nil {
		t.Fatal(err)
	}
	boundID, btab := bound(t, s, cat)
	effects := func(b *Binding, after games.Table) ([]Timer, error) {
		due := t0.Add(time.Duration(after.Version()) * time.Minute)
		b.Clock = []byte(fmt.Sprintf(`{"v":%d}`, after.Version()))
		return []Timer{{Due: due, Table: b.Table, Seat: 1, Kind: "expire", Deadline: due}}, nil
	}
	for _, tc := range []struct {
		name string
		id   uint64
		tab  games.Table
		m    func(i int) Meta
	}{
		{"plain", plain, ptab, func(i int) Meta { return Meta{At: t0} }},
		{"bound, clock, timers, interaction", boundID, btab, func(i int) Meta {
			m := meta(100 + i)
			m.Effects = effects
			return m
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, checked := tc.tab, 0
			for i := 0; i < 6 && !tab.Over(); i++ {
				seat, key := next(t, tab)
				before := s.pg.trips.Load()
				tab, _, err = s.Play(cat, tc.id, seat, tab.Version(), key, tc.m(i))
				if err != nil {
					t.Fatal(err)
				}
				// The first move reads; the last one (ratings, history)
				// may.
				if trips := s.pg.trips.Load() - before; i > 0 && !tab.Over() {
					if trips != 1 {
						t.Fatalf("move %d took %d round trips, want 1", i+1, trips)
					}
					checked++
				}
			}
			if checked < 2 {
				t.Fatalf("%d moves checked, want at least 2", checked)
			}
			if _, err := s.Replay(cat, tc.id); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestPostgresRememberedRowsAreConfirmed checks that a row a process
// remembers is used only as the server confirms it: another process
// changes a value, a bucket's last key and an absent key the first
// remembers, and the first's transactions read what is stored, not what
// it remembers.
func TestPostgresRememberedRowsAreConfirmed(t *testing.T) {
	pgOnly(t, "the memory of a PostgreSQL process")
	url := newPath(t, "")
	a := openAt(t, url, Options{NoSync: true})
	b := openAt(t, url, Options{NoSync: true})
	name := []byte("occ")
	put := func(s *Store, k, v string) {
		t.Helper()
		if err := s.db.Update(func(tx kvTx) error {
			bk, err := tx.CreateBucketIfNotExists(name)
			if err != nil {
				return err
			}
			return bk.Put([]byte(k), []byte(v))
		}); err != nil {
			t.Fatal(err)
		}
	}
	// a stores and reads its rows (under lock), so it remembers them.
	put(a, "k", "1")
	put(a, "log\x00", "x")
	read := func(s *Store) (v, last, absent []byte) {
		t.Helper()
		if err := s.db.Update(func(tx kvTx) error {
			bk := tx.Bucket(name)
			prefetch(tx, kvProbe{path: [][]byte{name}, key: []byte("k")},
				kvProbe{path: [][]byte{name}, last: true},
				kvProbe{path: [][]byte{name}, key: []byte("new"), absent: true})
			v = bytes.Clone(bk.Get([]byte("k")))
			last, _ = bk.Cursor().Last()
			last = bytes.Clone(last)
			absent = bytes.Clone(bk.Get([]byte("new")))
			return bk.Put([]byte("seen"), append([]byte("saw "), v...))
		}); err != nil {
			t.Fatal(err)
		}
		return v, last, absent
	}
	if v, last, absent := read(a); string(v) != "1" || string(last) != "log\x00" || absent != nil {
		t.Fatalf("a read %q, last %q, %q", v, last, absent)
	}
	before := a.pg.trips.Load()
	if v, _, _ := read(a); string(v) != "1" {
		t.Fatalf("a read %q", v)
	}
	if trips := a.pg.trips.Load() - before; trips != 1 {
		t.Fatalf("a remembered read took %d round trips, want 1", trips)
	}
	// b changes all three behind a's back.
	put(b, "k", "2")
	put(b, "zz", "after")
	put(b, "new", "here")
	v, last, absent := read(a)
	if string(v) != "2" || string(last) != "zz" || string(absent) != "here" {
		t.Fatalf("after b's writes a read %q, last %q, %q; want the stored 2, zz, here", v, last, absent)
	}
	var seen []byte
	if err := b.db.View(func(tx kvTx) error {
		seen = bytes.Clone(tx.Bucket(name).Get([]byte("seen")))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if string(seen) != "saw 2" {
		t.Fatalf("a wrote %q from what it remembered; want %q", seen, "saw 2")
	}
}

// TestPostgresStaleMemoryMoves plays a table from two processes in turn:
// each move finds the table moved by the other since it last stored it,
// so what it remembers (its decoded table and its rows) is stale, and the
// move must still be applied exactly once at the right version.
func TestPostgresStaleMemoryMoves(t *testing.T) {
	pgOnly(t, "the memory of a PostgreSQL process")
	cat := catalog(t)
	url := newPath(t, "")
	a := openAt(t, url, Options{NoSync: true})
	b := openAt(t, url, Options{NoSync: true})
	id, tab, _, err := a.Create(cat, "toy", nil, 2, Meta{At: t0})
	if err != nil {
		t.Fatal(err)
	}
	stores := []*Store{a, b}
	for i := 0; !tab.Over() && i < 8; i++ {
		s := stores[i%2]
		seat, key := next(t, tab)
		tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(200+i))
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
		// The same interaction again, from the other process: a
		// duplicate, whatever either remembers.
		if _, _, err := stores[(i+1)%2].Play(cat, id, seat, tab.Version()-1, key, meta(200+i)); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("move %d replayed: %v, want ErrDuplicate", i+1, err)
		}
	}
	log, err := a.Log(id)
	if err != nil || uint64(len(log)) != tab.Version() {
		t.Fatalf("log of %d entries at version %d: %v", len(log), tab.Version(), err)
	}
	if _, err := b.Replay(cat, id); err != nil {
		t.Fatal(err)
	}
}

// TestPgRowsForgetDroppedBuckets checks the process's memory: a dropped
// bucket's rows and those of the buckets nested in it are forgotten, and
// nothing else, whatever bytes the paths and keys hold (a nested bucket's
// path holds zero bytes).
func TestPgRowsForgetDroppedBuckets(t *testing.T) {
	var r pgRows
	id := string(itob(256)) // 0 0 0 0 0 0 1 0
	child := pathOf("timers", []byte(id))
	keep := []string{
		pgCacheKey('g', "timers", []byte(id+"x")),
		pgCacheKey('g', "timersx", []byte("k")),
		pgCacheKey('l', pathOf("timers", itob(257)), nil),
	}
	drop := []string{
		pgCacheKey('g', child, []byte("k")),
		pgCacheKey('l', child, nil),
		pgCacheKey('b', child, []byte("n")),
		pgCacheKey('g', pathOf(child, []byte("n")), []byte("k")),
	}
	known := map[string]*pgCached{}
	for _, ck := range append(append([]string{}, keep...), drop...) {
		known[ck] = &pgCached{found: true, v: []byte("v")}
	}
	if len(known) != len(keep)+len(drop) {
		t.Fatalf("%d names for %d probes: two probes share a name", len(known), len(keep)+len(drop))
	}
	r.learn(known, nil)
	r.learn(nil, []string{child})
	for _, ck := range keep {
		if _, ok := r.get(ck); !ok {
			t.Errorf("%q forgotten", ck)
		}
	}
	for _, ck := range drop {
		if _, ok := r.get(ck); ok {
			t.Errorf("%q remembered after its bucket was dropped", ck)
		}
	}
	if pgCacheKey('g', "a\x00\x00b", []byte("c")) == pgCacheKey('g', "a", []byte("b\x00\x00c")) {
		t.Error("two probes share a name")
	}
}

// TestPostgresGuardsInArrays runs the tests of the remembered rows again
// with every guard statement in the array form, which transactions too big
// for the statement written for their guards (kv_pg_guard1.go) use.
func TestPostgresGuardsInArrays(t *testing.T) {
	pgOnly(t, "the guard statements of a PostgreSQL process")
	pgArrayGuards = true
	defer func() { pgArrayGuards = false }()
	t.Run("one round trip", TestPostgresMoveIsOneRoundTrip)
	t.Run("remembered rows confirmed", TestPostgresRememberedRowsAreConfirmed)
	t.Run("stale memory", TestPostgresStaleMemoryMoves)
}

// TestPgScalarGuards checks the statement written for a transaction's
// guards: a remembered row it also writes is compared and set by its
// update, another is locked and compared, and a transaction too big for
// it, or reading one row twice with two answers, is left to the array form.
func TestPgScalarGuards(t *testing.T) {
	env := pgGuard{kind: 'g', path: "tables", key: "k1", c: pgCached{found: true, v: []byte("old")}}
	other := pgGuard{kind: 'g', path: "bindings", key: "k1", c: pgCached{found: true, v: []byte("b")}}
	marker := pgGuard{kind: 'b', path: "logs", key: "k1", c: pgCached{found: true}}
	last := pgGuard{kind: 'l', path: "logs\x00k1", c: pgCached{found: true, k: []byte("v1"), v: []byte("e1")}}
	absent := pgGuard{kind: 'g', path: "interactions", key: "i1"}
	puts := [][3][]byte{{[]byte("tables"), []byte("k1"), []byte("new")}, {[]byte("logs\x00k1"), []byte("v2"), []byte("e2")}}
	sql, args, ok := pgScalarGuards([]pgGuard{env, marker, last, absent, other, env}, puts)
	if !ok {
		t.Fatal("a move's guards were left to the array form")
	}
	for _, want := range []string{
		"c0 AS (UPDATE spindle_kv SET value = $1 WHERE bucket = $2 AND key = $3 AND value = $4 RETURNING 1)",
		"EXISTS (SELECT 1 FROM c0)",
		"value IS NULL FOR UPDATE",
		"ORDER BY key DESC LIMIT 1",
		"NOT EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = $",
		"AND value = $", // the binding, locked and compared
		"w AS (INSERT INTO spindle_kv (bucket, key, value) VALUES ($",
	} {
		if !strings.Contains(sql, want) {
			t.Errorf("statement lacks %q:\n%s", want, sql)
		}
	}
	if n := strings.Count(sql, "UPDATE spindle_kv SET"); n != 1 {
		t.Errorf("%d compare-and-set updates, want 1 (the envelope, read twice):\n%s", n, sql)
	}
	if n := strings.Count(sql, "FOR UPDATE"); n != 2 {
		t.Errorf("%d locked lookups, want 2 (the log's marker, the binding):\n%s", n, sql)
	}
	if got := string(args[0].([]byte)); got != "new" {
		t.Errorf("first argument %q, want the envelope's new value", got)
	}
	twice := env
	twice.c.v = []byte("other")
	if _, _, ok := pgScalarGuards([]pgGuard{env, twice}, puts); ok {
		t.Error("a row read twice with two answers was written as one guard")
	}
	many := make([]pgGuard, pgScalarMax+1)
	for i := range many {
		many[i] = pgGuard{kind: 'g', path: "p", key: fmt.Sprint(i)}
	}
	if _, _, ok := pgScalarGuards(many, nil); ok {
		t.Error("a transaction over the limit was not left to the array form")
	}
}
