package storage

import (
	"errors"
	"testing"

	"spindle/games"
)

// TestRecordVerifies: a stored game, with an undo in it, verifies from its
// record (the undo leaves the seed's stream where the log says), and the
// record of another table id does not match its commitment.
func TestRecordVerifies(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toyundo", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err = s.Play(cat, id, 0, 1, "bet:1", meta(2)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Undo(cat, id, 0, 2, meta(3)); err != nil {
		t.Fatal(err)
	}
	// Rebet keeps every seat to act while a bet is missing: take turns.
	final, err := s.Load(cat, id)
	if err != nil {
		t.Fatal(err)
	}
	for n := 10; !final.Over(); n++ {
		to := final.ToAct()
		seat := to[n%len(to)]
		if final, _, err = s.Play(cat, id, seat, final.Version(), final.Legal(seat)[0].Key, meta(n)); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := s.Record(id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Table != id || rec.Commitment != final.Commitment(id) || uint64(len(rec.Log)) != final.Version() {
		t.Fatalf("record %+v", rec)
	}
	v, err := cat.Verify(rec)
	if err != nil || v.Chance == 0 {
		t.Fatalf("Verify = %+v, %v", v, err)
	}
	rec.Table++
	if _, err := cat.Verify(rec); !errors.Is(err, games.ErrUnverified) {
		t.Fatalf("another table's id: %v", err)
	}
	if _, err := s.Record(id + 100); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown table: %v", err)
	}
}
