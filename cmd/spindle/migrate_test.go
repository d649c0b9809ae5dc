package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spindle/storage"
	"spindle/storage/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// TestMigrateBothWays: spindle migrate copies a bbolt file with real
// games into PostgreSQL and back into a new file, checking each copy by
// replay; the copy in the new file equals the first.
func TestMigrateBothWays(t *testing.T) {
	url := pgtest.Database(t)
	dir := t.TempDir()
	first := filepath.Join(dir, "first.db")
	cat, err := buildCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := storage.Open(first, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, info := range cat.Games() {
		id, tab, _, err := s.Create(cat, info.ID, nil, info.MinSeats, storage.Meta{At: at})
		if err != nil {
			t.Fatal(err)
		}
		// A few first legal moves each.
		for n := 0; n < 5+i && !tab.Over(); n++ {
			to := tab.ToAct()
			legal := tab.Legal(to[0])
			if len(legal) == 0 {
				break
			}
			if tab, _, err = s.Play(cat, id, to[0], tab.Version(), legal[0].Key, storage.Meta{At: at}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "second.db")
	for _, args := range [][]string{
		{"migrate", "--from", "bolt:" + first, "--to", "postgres:" + url},
		{"migrate", "--from", "postgres:" + url, "--to", "bolt:" + second},
	} {
		var out, errb bytes.Buffer
		if err := run(t.Context(), args, &out, &errb); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		if !strings.Contains(out.String(), "checked:") || !strings.Contains(out.String(), "tables replay identically") {
			t.Fatalf("%v printed %q", args, out.String())
		}
		t.Log(strings.TrimSpace(out.String()))
	}
	a, err := storage.Open(first, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := storage.Open(second, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if c, err := storage.Compare(cat, a, b); err != nil || c.Tables != len(cat.Games()) {
		t.Fatalf("the round trip: %+v, %v", c, err)
	}
	var errb bytes.Buffer
	if err := run(t.Context(), []string{"migrate", "--from", "bolt:" + first, "--to", "bolt:" + second}, &bytes.Buffer{}, &errb); err == nil {
		t.Fatal("migrate over an existing file succeeded")
	}
}
