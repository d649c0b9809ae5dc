package storage

import (
	"bytes"
	"errors"
	"fmt"
	bolt "go.etcd.io/bbolt"
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
	boltOnly(t, "the checks of the bbolt file")
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

// readEverything reads every key and value of every bucket, nested ones
// included, as a full backup or a curious admin would.
func readEverything(s *Store) error {
	return s.bdb.View(func(tx *bolt.Tx) error {
		var walk func(b *bolt.Bucket) error
		walk = func(b *bolt.Bucket) error {
			c := b.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				_ = bytes.Count(v, []byte{0})
				if v == nil {
					if nb := b.Bucket(k); nb != nil {
						if err := walk(nb); err != nil {
							return err
						}
					}
				}
			}
			return nil
		}
		return tx.ForEach(func(_ []byte, b *bolt.Bucket) error { return walk(b) })
	})
}

// TestDamagedPagesAreRefused: with bytes flipped in any page in use of a
// real database (its header: id, type, count, overflow; its first
// element's offsets, sizes and page number; the middle of its data), Open
// never panics, with the full check on or off: it refuses the file with
// ErrDamaged, naming it and saying to restore a backup, or, when the damage
// happens to be harmless to bbolt, opens it, and then reading every bucket
// does not panic either.
func TestDamagedPagesAreRefused(t *testing.T) {
	boltOnly(t, "the checks of the bbolt file")
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	s := openAt(t, good, Options{NoSync: true})
	cat := catalog(t)
	for i := range 40 {
		id, tab, _, err := s.Create(cat, "toy", nil, 2, Meta{})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 12 && !tab.Over(); k++ {
			seat, key := next(t, tab)
			if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(i*100+k)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := readMeta(whole)
	if !ok {
		t.Fatal("the test database has no readable meta page")
	}
	ps := int(m.pageSize)
	inUse, err := walkPages(bytes.NewReader(whole), m)
	if err != nil {
		t.Fatalf("the page check refuses an intact file: %v", err)
	}
	// A fresh copy for every case that opened (Open commits, so the file
	// changed); a refused file is restored by writing its byte back.
	var path string
	copies := 0
	fresh := func() {
		if path != "" {
			_ = os.Remove(path)
		}
		copies++
		path = filepath.Join(dir, fmt.Sprintf("damaged-%d.db", copies))
		if err := os.WriteFile(path, whole, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	poke := func(at int64, b byte) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt([]byte{b}, at); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	fresh()
	pages, refused, opened := 0, 0, 0
	for pg := 2; pg < len(inUse); pg++ {
		if !inUse[pg] {
			continue
		}
		pages++
		for i, off := range []int{0, 8, 10, 12, 20, 24, 28, ps / 2} {
			at := int64(pg*ps + off)
			poke(at, whole[at]^0xff)
			check := (pg+i)%2 == 1
			var opensErr error
			openedHere := false
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("page %d, byte %d flipped (check %v): panic %v", pg, off, check, p)
					}
				}()
				st, err := Open(path, Options{NoSync: true, Check: check})
				if err != nil {
					opensErr = err
					return
				}
				openedHere = true
				defer st.Close()
				_ = readEverything(st)
			}()
			switch {
			case openedHere:
				opened++
				fresh()
			case !errors.Is(opensErr, ErrDamaged) || !strings.Contains(opensErr.Error(), path) ||
				!strings.Contains(opensErr.Error(), "restore it from a backup (`spindle backup`"):
				t.Fatalf("page %d, byte %d flipped (check %v): the refusal does not name the file and say to restore a backup: %v", pg, off, check, opensErr)
			default:
				refused++
				poke(at, whole[at])
			}
		}
	}
	if pages < 10 || refused == 0 {
		t.Fatalf("%d pages in use, %d damaged copies refused: the test database is too small to mean anything", pages, refused)
	}
	t.Logf("%d pages in use: %d damaged copies refused, %d harmless", pages, refused, opened)
}
