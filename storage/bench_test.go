package storage

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"spindle/games"
)

// benchMoves plays durable moves through Store.Play (load, play, commit),
// each with its own interaction record, starting a fresh table whenever a
// game ends.
func benchMoves(b *testing.B, opts Options) {
	cat := catalog(b)
	s := openAt(b, filepath.Join(b.TempDir(), "bench.db"), opts)
	fresh := func() (uint64, games.Table) {
		id, tab, _, err := s.Create(cat, "toy", nil, 2, Meta{})
		if err != nil {
			b.Fatal(err)
		}
		return id, tab
	}
	id, tab := fresh()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if tab.Over() {
			b.StopTimer()
			id, tab = fresh()
			b.StartTimer()
		}
		seat, key := next(b, tab)
		var err error
		tab, _, err = s.Play(cat, id, seat, tab.Version(), key, Meta{User: "u", Interaction: "bench-" + strconv.Itoa(i)})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMove is one durable move with fsync on commit.
func BenchmarkMove(b *testing.B) { benchMoves(b, Options{}) }

// BenchmarkMoveNoSync is the same move without fsync: the CPU and bbolt cost.
func BenchmarkMoveNoSync(b *testing.B) { benchMoves(b, Options{NoSync: true}) }

// BenchmarkFsync is the raw latency of writing a small block and fsyncing
// it in the same kind of directory, the floor under BenchmarkMove (a bbolt
// commit syncs at least twice: the data pages, then the meta page).
func BenchmarkFsync(b *testing.B) {
	f, err := os.Create(filepath.Join(b.TempDir(), "fsync"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	b.ResetTimer()
	for i := range b.N {
		block[0] = byte(i)
		if _, err := f.WriteAt(block, 0); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}
