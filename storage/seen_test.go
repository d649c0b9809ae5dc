package storage

import (
	"strconv"
	"testing"
	"time"
)

// TestFirstSeen: an id is new once within its window, again after it, and
// the ids of passed windows are pruned as new ones arrive.
func TestFirstSeen(t *testing.T) {
	s, _ := open(t)
	keep := 10 * time.Minute
	for i := range 300 {
		if first, err := s.FirstSeen("old"+strconv.Itoa(i), t0, keep); err != nil || !first {
			t.Fatalf("a new id: first %v, %v", first, err)
		}
	}
	if first, err := s.FirstSeen("old7", t0.Add(keep), keep); err != nil || first {
		t.Fatalf("a replay at the end of the window: first %v, %v", first, err)
	}
	later := t0.Add(keep + time.Second)
	if first, err := s.FirstSeen("old7", later, keep); err != nil || !first {
		t.Fatalf("an id past its window: first %v, %v", first, err)
	}
	if first, err := s.FirstSeen("new", later, keep); err != nil || !first {
		t.Fatalf("a new id: first %v, %v", first, err)
	}
	if err := s.db.View(func(tx kvTx) error {
		if ids, idx := tx.Bucket(bucketSeen).KeyN(), tx.Bucket(bucketSeenByTime).KeyN(); ids != 2 || idx != 2 {
			t.Errorf("after the window %d ids and %d index entries are kept, want 2 and 2 (old7 again, new)", ids, idx)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
