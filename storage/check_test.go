package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDamagedFilesAreRefused: an empty file, a truncated one and one with
// both meta pages broken are refused at Open with ErrDamaged and a message
// that says to restore a backup, never opened as an empty database nor
// left to crash; a file with one broken meta page still opens from the
// other; a missing file is a new database.
func TestDamagedFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s := openAt(t, good, Options{})
	cat := catalog(t)
	for range 30 {
		if _, _, _, err := s.Create(cat, "toy", nil, 2, Meta{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	ps := 4096
	m, ok := readMeta(whole)
	if !ok {
		t.Fatal("the test database has no readable meta page")
	}
	used := int(m.highMark) * ps // bbolt may grow the file past what it uses
	metaPage := func(b []byte, i int) []byte { return b[i*ps : (i+1)*ps] }
	for _, tc := range []struct {
		name  string
		bytes func() []byte
		ok    bool
	}{
		{"empty", func() []byte { return nil }, false},
		{"truncated", func() []byte { return whole[:used/2] }, false},
		{"both metas broken", func() []byte {
			b := append([]byte(nil), whole...)
			metaPage(b, 0)[40] ^= 0xff
			metaPage(b, 1)[40] ^= 0xff
			return b
		}, false},
		{"one meta broken", func() []byte {
			b := append([]byte(nil), whole...)
			metaPage(b, 0)[20] ^= 0xff
			return b
		}, true},
		{"whole", func() []byte { return whole }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".db")
			if err := os.WriteFile(path, tc.bytes(), 0o600); err != nil {
				t.Fatal(err)
			}
			st, err := Open(path, Options{Check: true})
			if tc.ok {
				if err != nil {
					t.Fatalf("a usable file was refused: %v", err)
				}
				st.Close()
				return
			}
			if err == nil {
				st.Close()
				t.Fatal("a damaged file opened")
			}
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "backup") {
				t.Fatalf("refusal does not say what to do: %v", err)
			}
			if fi, _ := os.Stat(path); fi.Size() != int64(len(tc.bytes())) {
				t.Fatal("the refused file was changed")
			}
		})
	}
	st, err := Open(filepath.Join(dir, "new.db"), Options{})
	if err != nil {
		t.Fatalf("a missing file is a new database: %v", err)
	}
	st.Close()
}
