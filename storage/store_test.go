package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestOpenCreatesBucketsAndSchema(t *testing.T) {
	s, _ := open(t)
	err := s.db.View(func(tx kvTx) error {
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				t.Errorf("bucket %s missing", name)
			}
		}
		if v := tx.Bucket(bucketMeta).Get(keySchema); len(v) != 8 || btoi(v) != SchemaVersion {
			t.Errorf("schema record = %x, want %d", v, SchemaVersion)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	s, path := open(t)
	if err := s.db.Update(func(tx kvTx) error {
		return tx.Bucket(bucketMeta).Put(keySchema, itob(SchemaVersion+1))
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, Options{NoSync: true})
	want := fmt.Sprintf("schema %d", SchemaVersion+1)
	if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Open of a newer database: %v, want ErrSchema naming %s", err, want)
	}
	// The refusal released the lock: the file can be opened by the next try.
	if _, err := Open(path, Options{Timeout: 100 * time.Millisecond}); !errors.Is(err, ErrSchema) {
		t.Fatalf("second Open: %v, want ErrSchema again (not ErrInUse)", err)
	}
}

func TestOpenInUseFailsFast(t *testing.T) {
	boltOnly(t, "the file lock")
	_, path := open(t)
	start := time.Now()
	s2, err := Open(path, Options{Timeout: 150 * time.Millisecond})
	if err == nil {
		_ = s2.Close()
		t.Fatal("second Open of a held file succeeded")
	}
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "is in use by another process") {
		t.Fatalf("second Open: %v, want ErrInUse", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("second Open took %v, want about the timeout", d)
	}
}

func TestKeyOrdering(t *testing.T) {
	var want []uint64
	for v := uint64(250); v <= 300; v++ {
		want = append(want, v)
	}
	for v := uint64(65530); v <= 65540; v++ {
		want = append(want, v)
	}
	want = append(want, 1, 2, 1<<24-1, 1<<24, 1<<32, 1<<40+7, math.MaxUint64)
	shuffled := append([]uint64(nil), want...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) {
		shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
	})

	s, _ := open(t)
	const id = 9
	err := s.db.Update(func(tx kvTx) error {
		lb, err := tx.Bucket(bucketLogs).CreateBucket(itob(id))
		if err != nil {
			return err
		}
		for _, v := range shuffled {
			e := Entry{At: t0}
			e.Version, e.Key = v, "bet:0"
			if err := putJSON(lb, itob(v), e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	log, err := s.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != len(want) {
		t.Fatalf("log has %d entries, want %d", len(log), len(want))
	}
	for i := 1; i < len(log); i++ {
		if log[i-1].Version >= log[i].Version {
			t.Fatalf("log out of order at %d: %d then %d", i, log[i-1].Version, log[i].Version)
		}
	}
	for i := uint64(0); i < 1<<17; i += 97 {
		if bytes.Compare(itob(i), itob(i+1)) >= 0 {
			t.Fatalf("itob(%d) does not sort before itob(%d)", i, i+1)
		}
	}
}

func TestBackup(t *testing.T) {
	boltOnly(t, "a bbolt file copy (PostgreSQL: pg_dump)")
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	seat, key := next(t, tab)
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, meta(2)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutBinding(Binding{Table: id, Game: "toy", Guild: "g", Channel: "c", Status: StatusActive}); err != nil {
		t.Fatal(err)
	}

	var buf bytes.Buffer
	n, err := s.Backup(&buf)
	if err != nil || n != int64(buf.Len()) || n == 0 {
		t.Fatalf("Backup = %d, %v; buffer has %d bytes", n, err, buf.Len())
	}
	dir := t.TempDir()
	streamed := filepath.Join(dir, "streamed.db")
	if err := os.WriteFile(streamed, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "backup.db")
	if err := s.BackupFile(file); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".backup.db.tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	orig := dump(t, s, id)
	for _, path := range []string{streamed, file} {
		c := openAt(t, path, Options{NoSync: true})
		if got := dump(t, c, id); !got.equal(orig) {
			t.Errorf("%s: table %d differs from the original", filepath.Base(path), id)
		}
		if _, err := c.Load(cat, id); err != nil {
			t.Errorf("%s: Load: %v", filepath.Base(path), err)
		}
		if b, err := c.GetBinding(id); err != nil || b.Guild != "g" {
			t.Errorf("%s: binding = %+v, %v", filepath.Base(path), b, err)
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBackupFileFailsCleanly(t *testing.T) {
	boltOnly(t, "a bbolt file copy")
	s, _ := open(t)
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "b.db")
	if err := s.BackupFile(missing); err == nil || !strings.HasPrefix(err.Error(), "storage: ") {
		t.Fatalf("BackupFile into a missing directory: %v", err)
	}
}
