// Package commandstest builds what tests of the layers around commands
// share: an App on a fresh store in the test's temporary directory.
//
// # Invariants
//
//   - Every App it builds has a store of its own, closed when the test
//     ends, so tests never share state.
//   - It is imported by tests only.
package commandstest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/games/warpweft"
	"spindle/storage"
)

// NewApp returns an App playing the given games (Warp and Weft when none)
// on a fresh bbolt store, with logs discarded. The caller sets what else
// the test needs (Render, PlainAI, ...).
func NewApp(t testing.TB, kinds ...games.Kind) *commands.App {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "app.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if len(kinds) == 0 {
		kinds = []games.Kind{games.Bind(warpweft.Game{})}
	}
	cat, err := games.NewCatalog(kinds...)
	if err != nil {
		t.Fatal(err)
	}
	return &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop()}
}
