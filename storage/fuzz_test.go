package storage

import (
	"bytes"
	"encoding/json"
	"testing"

	"spindle/games"
)

func FuzzDecodeEntry(f *testing.F) {
	good, _ := json.Marshal(Entry{Step: games.Step{Version: 3, Seat: 1, Key: "bet:1",
		Events: []games.Event{{Public: "p", Private: map[games.Seat]string{1: "x"}, Reveal: true}}},
		At: t0, User: "u", Interaction: "i"})
	f.Add(itob(3), good)
	f.Add(itob(4), good)
	f.Add([]byte{1}, good)
	f.Add(itob(0), []byte(`{"version":0,"seat":-1,"key":"roll:2","at":"2025-01-01T00:00:00Z"}`))
	f.Add(itob(1), []byte(`{"version":1,"at":"not a time"}`))
	f.Add(itob(1), []byte(`{`))
	f.Fuzz(func(t *testing.T, k, v []byte) {
		e, err := decodeEntry(k, v)
		if err != nil {
			return
		}
		if e.Version != btoi(k) {
			t.Fatalf("decoded version %d under key %d", e.Version, btoi(k))
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		e2, err := decodeEntry(k, b)
		if err != nil {
			t.Fatalf("decode of re-encoded entry: %v", err)
		}
		b2, _ := json.Marshal(e2)
		if !bytes.Equal(b, b2) {
			t.Fatalf("round trip differs:\n%s\n%s", b, b2)
		}
	})
}

func FuzzDecodeInteraction(f *testing.F) {
	good, _ := json.Marshal(interaction{Table: 5, Version: 9, At: t0})
	f.Add(good)
	f.Add([]byte(`{"table":-1}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, v []byte) {
		r, err := decodeInteraction(v)
		if err != nil {
			return
		}
		b, err := json.Marshal(r)
		if err != nil {
			if r.At.Year() < 0 || r.At.Year() > 9999 {
				return // time.Time refuses to encode years outside 0..9999
			}
			t.Fatalf("re-encode: %v", err)
		}
		r2, err := decodeInteraction(b)
		if err != nil || r2.Table != r.Table || r2.Version != r.Version || !r2.At.Equal(r.At) {
			t.Fatalf("round trip: %+v -> %+v, %v", r, r2, err)
		}
	})
}
