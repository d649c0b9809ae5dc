package threadcount

import (
	"errors"
	"testing"

	"spindle/games"
)

func FuzzParseAction(f *testing.F) {
	for _, k := range []string{"sow:5", "roll", "free:1", "zero:2:3", "white:B", "buy:RV", "take:3", "refresh",
		"c0@kimono", "p12@spare", "end", "place:9", "seating:201", "empress:kikko", "favs:RBG", "draw:uroko",
		"rolloff:3053", "roll:508W", "sow:0", "sow:10", "c01@obi", "x@obi", "zero:4:1", "roll:50W", "favs:RR", ""} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		a, err := Game{}.ParseAction(key)
		if err != nil {
			if !errors.Is(err, games.ErrBadKey) {
				t.Fatalf("%q: error %v does not wrap ErrBadKey", key, err)
			}
			return
		}
		if a.Key() != key {
			t.Fatalf("%q parsed to %+v, whose key is %q", key, a, a.Key())
		}
		if len(key) > games.MaxKeyLen {
			t.Fatalf("key %q is %d bytes", key, len(key))
		}
	})
}
