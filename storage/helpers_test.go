package storage

import (
	"bytes"
	"path/filepath"
	"slices"
	"spindle/storage/pgtest"
	"strconv"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/gametest/toy"
)

// undoGame is the toy game's Rebet variant, in which a seat has several
// actions of its own in one turn.
type undoGame = toy.Rebet

// policyGame is undoGame under another id; its kind forbids undoing "bet:1".
type policyGame struct{ undoGame }

func (policyGame) Info() games.Info {
	i := undoGame{}.Info()
	i.ID = "toypolicy"
	return i
}

type policyKind struct{ games.Kind }

func (policyKind) Undoable(key string) bool { return key != "bet:1" }

func catalog(t testing.TB) *games.Catalog {
	t.Helper()
	cat, err := games.NewCatalog(games.Bind(toy.Game{}), games.Bind(undoGame{}), policyKind{games.Bind(policyGame{})})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func openAt(t testing.TB, path string, opts Options) *Store {
	t.Helper()
	s, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func open(t testing.TB) (*Store, string) {
	t.Helper()
	path := newPath(t, "spindle.db")
	return openAt(t, path, Options{NoSync: true}), path
}

// onPostgres says the suite runs against PostgreSQL
// (SPINDLE_TEST_STORE=postgres; TestPostgresConformance sets it).
// It is read in TestMain, so that go test's cache tells the two runs apart.
var onPostgres bool

// newPath returns where a test's fresh store lives: a file named name in
// a temporary directory, or on PostgreSQL the URL of a fresh database.
func newPath(t testing.TB, name string) string {
	t.Helper()
	if onPostgres {
		return pgtest.Database(t)
	}
	return filepath.Join(t.TempDir(), name)
}

// boltOnly skips a test of the bbolt file itself on PostgreSQL.
func boltOnly(t testing.TB, why string) {
	t.Helper()
	if onPostgres {
		t.Skip("bbolt only: " + why)
	}
}

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// meta returns a Meta with interaction id "i<n>" at t0 + n seconds.
func meta(n int) Meta {
	return Meta{At: t0.Add(time.Duration(n) * time.Second), User: "u" + strconv.Itoa(n%3), Interaction: "i" + strconv.Itoa(n)}
}

// next picks the first seat to act and its first legal key.
func next(t testing.TB, tab games.Table) (games.Seat, string) {
	t.Helper()
	to := tab.ToAct()
	if len(to) == 0 {
		t.Fatal("game is over")
	}
	legal := tab.Legal(to[0])
	if len(legal) == 0 {
		t.Fatalf("%s has no legal action", to[0])
	}
	return to[0], legal[0].Key
}

// raw is a table's stored bytes: the envelope and each log value in order.
type raw struct {
	env []byte
	log [][]byte
}

func dump(t testing.TB, s *Store, id uint64) raw {
	t.Helper()
	var r raw
	err := s.db.View(func(tx kvTx) error {
		r.env = bytes.Clone(tx.Bucket(bucketTables).Get(itob(id)))
		if lb := tx.Bucket(bucketLogs).Bucket(itob(id)); lb != nil {
			return lb.ForEach(func(_, v []byte) error {
				r.log = append(r.log, bytes.Clone(v))
				return nil
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (r raw) equal(o raw) bool {
	return bytes.Equal(r.env, o.env) && slices.EqualFunc(r.log, o.log, bytes.Equal)
}

func countInteractions(t testing.TB, s *Store) int {
	t.Helper()
	n := 0
	if err := s.db.View(func(tx kvTx) error {
		n = tx.Bucket(bucketInteractions).KeyN()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return n
}
