package storage

import (
	"bytes"
	"fmt"
	"testing"
)

// TestKVCursorWalks checks the key-value layer the Store is written over,
// on either backend: walks in both directions across the pages the
// PostgreSQL cursor reads, turning round mid-walk, seeks, nested buckets
// (a nil value in their parent), empty values and sequences.
func TestKVCursorWalks(t *testing.T) {
	s, _ := open(t)
	name := []byte("kvtest")
	const n = 300
	key := func(i int) []byte { return []byte(fmt.Sprintf("k%04d", i)) }
	err := s.db.Update(func(tx kvTx) error {
		b, err := tx.CreateBucketIfNotExists(name)
		if err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if err := b.Put(key(i), []byte{byte(i)}); err != nil {
				return err
			}
		}
		if err := b.Put([]byte("k9999"), nil); err != nil {
			return err
		}
		nb, err := b.CreateBucket([]byte("nest"))
		if err != nil {
			return err
		}
		if _, err := b.CreateBucket([]byte("nest")); err == nil {
			return fmt.Errorf("a second CreateBucket of one name succeeded")
		}
		for i := 1; i <= 3; i++ {
			if seq, err := b.NextSequence(); err != nil || seq != uint64(i) {
				return fmt.Errorf("NextSequence = %d, %v, want %d", seq, err, i)
			}
		}
		return nb.Put([]byte("x"), []byte("y"))
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.db.View(func(tx kvTx) error {
		b := tx.Bucket(name)
		if b == nil || tx.Bucket([]byte("no such bucket")) != nil {
			t.Fatal("Bucket: existence wrong")
		}
		if b.Sequence() != 3 {
			t.Errorf("Sequence = %d, want 3", b.Sequence())
		}
		c := b.Cursor()
		i := 0
		for k, v := c.First(); k != nil; k, v = c.Next() {
			switch {
			case i < n:
				if !bytes.Equal(k, key(i)) || !bytes.Equal(v, []byte{byte(i)}) {
					t.Fatalf("forward %d: %q=%v", i, k, v)
				}
			case i == n:
				if string(k) != "k9999" || v == nil || len(v) != 0 {
					t.Fatalf("empty value: %q=%v (nil %v)", k, v, v == nil)
				}
			case i == n+1:
				if string(k) != "nest" || v != nil {
					t.Fatalf("nested bucket: %q=%v", k, v)
				}
			}
			i++
		}
		if i != n+2 {
			t.Fatalf("forward walk saw %d keys, want %d", i, n+2)
		}
		k, _ := c.Last()
		for i = 0; k != nil; k, _ = c.Prev() {
			i++
		}
		if i != n+2 {
			t.Fatalf("backward walk saw %d keys, want %d", i, n+2)
		}
		// Turn round in the middle of a page and across pages.
		k, _ = c.Seek([]byte("k0100"))
		for range 20 {
			k, _ = c.Next()
		}
		if string(k) != "k0120" {
			t.Fatalf("after Seek and 20 Next: %q", k)
		}
		for range 50 {
			k, _ = c.Prev()
		}
		if string(k) != "k0070" {
			t.Fatalf("after 50 Prev: %q", k)
		}
		if k, _ = c.Next(); string(k) != "k0071" {
			t.Fatalf("Next after Prev: %q", k)
		}
		if k, _ = c.Seek([]byte("k0150x")); string(k) != "k0151" {
			t.Fatalf("Seek between keys: %q", k)
		}
		if k, _ = c.Seek([]byte("z")); k != nil {
			t.Fatalf("Seek past the end: %q", k)
		}
		if k, _ = c.First(); string(k) != "k0000" {
			t.Fatalf("First: %q", k)
		}
		if k, _ = c.Prev(); k != nil {
			t.Fatalf("Prev before the first: %q", k)
		}
		if b.KeyN() < n {
			t.Errorf("KeyN = %d", b.KeyN())
		}
		nb := b.Bucket([]byte("nest"))
		if nb == nil || string(nb.Get([]byte("x"))) != "y" || b.Bucket(key(1)) != nil {
			t.Fatal("nested bucket read wrong")
		}
		if b.Get([]byte("nest")) != nil || b.Get([]byte("absent")) != nil {
			t.Fatal("Get of a nested bucket or an absent key is not nil")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.db.Update(func(tx kvTx) error {
		b := tx.Bucket(name)
		if err := b.DeleteBucket([]byte("nest")); err != nil {
			return err
		}
		if b.Bucket([]byte("nest")) != nil {
			return fmt.Errorf("nested bucket still there")
		}
		if err := b.DeleteBucket([]byte("nest")); err == nil {
			return fmt.Errorf("DeleteBucket of a missing bucket succeeded")
		}
		nb, err := b.CreateBucket([]byte("nest"))
		if err != nil {
			return err
		}
		if nb.Get([]byte("x")) != nil {
			return fmt.Errorf("a recreated bucket kept its old keys")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
