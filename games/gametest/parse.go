package gametest

import (
	"errors"
	"testing"

	"spindle/games"
)

// FuzzParseAction fuzzes a game's key decoder from the seed keys: it never
// panics, a failure wraps games.ErrBadKey, a success round-trips to the
// same key, and the key of a player action (player reports which actions
// are; chance keys may be long) stays within games.MaxKeyLen.
func FuzzParseAction[S any, A games.Action, V any](f *testing.F, g games.Game[S, A, V], player func(A) bool, seeds ...string) {
	for _, k := range seeds {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		a, err := g.ParseAction(key)
		if err != nil {
			if !errors.Is(err, games.ErrBadKey) {
				t.Fatalf("%q: error %v does not wrap ErrBadKey", key, err)
			}
			return
		}
		if a.Key() != key {
			t.Fatalf("%q parsed to %+v, whose key is %q", key, a, a.Key())
		}
		if player(a) && len(key) > games.MaxKeyLen {
			t.Fatalf("player key %q is %d bytes", key, len(key))
		}
	})
}
