package storage

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// fsyncBaseline measures the mean latency of writing a 4 KiB block and
// fsyncing it in dir: the floor of any durable commit.
func fsyncBaseline(b *testing.B, dir string) time.Duration {
	b.Helper()
	f, err := os.Create(filepath.Join(dir, "fsync"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	const n = 200
	start := time.Now()
	for i := range n {
		block[0] = byte(i)
		if _, err := f.WriteAt(block, 0); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) / n
}

// BenchmarkPlayParallel plays durable moves (fsync on) from 1, 16 and 64
// goroutines, each on its own table, so the group commit can share
// commits. It reports the wall time per move (ns/move), the raw
// write+fsync latency measured in the same directory (fsync-ns) and their
// ratio (fsyncs/move: below 1 when moves share commits; a bbolt commit
// syncs twice). A game that ends is replaced by a fresh table, whose
// creation counts in the time.
func BenchmarkPlayParallel(b *testing.B) {
	for _, p := range []int{1, 16, 64} {
		b.Run(strconv.Itoa(p), func(b *testing.B) {
			dir := b.TempDir()
			cat := catalog(b)
			s := openAt(b, filepath.Join(dir, "bench.db"), Options{})
			fsync := fsyncBaseline(b, dir)
			var left atomic.Int64
			left.Store(int64(b.N))
			errs := make(chan error, p)
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for g := range p {
				wg.Go(func() {
					id, tab, _, err := s.Create(cat, "toy", nil, 2, Meta{})
					for i := 0; err == nil && left.Add(-1) >= 0; i++ {
						if tab.Over() {
							if id, tab, _, err = s.Create(cat, "toy", nil, 2, Meta{}); err != nil {
								break
							}
						}
						var seat games.Seat
						var key string
						seat, key = next(b, tab)
						tab, _, err = s.Play(cat, id, seat, tab.Version(), key, Meta{User: "u", Interaction: "bench-" + strconv.Itoa(g) + "-" + strconv.Itoa(i)})
					}
					if err != nil {
						errs <- err
					}
				})
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			close(errs)
			for err := range errs {
				b.Fatal(err)
			}
			perMove := float64(elapsed.Nanoseconds()) / float64(b.N)
			b.ReportMetric(perMove, "ns/move")
			b.ReportMetric(float64(fsync.Nanoseconds()), "fsync-ns")
			b.ReportMetric(perMove/float64(fsync.Nanoseconds()), "fsyncs/move")
		})
	}
}

// BenchmarkOpen100k measures Open (and Close) of a database holding
// 100 000 tables with their logs and bindings: the start-up cost, which
// includes rebuilding the freelist (NoFreelistSync). Skipped with -short.
func BenchmarkOpen100k(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 100 000-table database")
	}
	cat := catalog(b)
	path := filepath.Join(b.TempDir(), "100k.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	const tables, perTx = 100_000, 5_000
	for done := 0; done < tables; done += perTx {
		err := s.db.Update(func(tx kvTx) error {
			for range perTx {
				t, steps, err := newTable(cat, "toy", nil, 2)
				if err != nil {
					return err
				}
				id, err := tx.Bucket(bucketTables).NextSequence()
				if err != nil {
					return err
				}
				p, err := prepare(id, t, steps, Meta{At: t0, Interaction: "open-" + strconv.FormatUint(id, 10)})
				if err != nil {
					return err
				}
				if err := putJSON(tx.Bucket(bucketBindings), itob(id), Binding{Table: id, Game: "toy", Guild: "g",
					Channel: "c", Users: []string{"a", "b"}, Status: StatusActive, Created: t0}); err != nil {
					return err
				}
				if err := s.createTx(tx, id, p); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		s, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
	if fi, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(fi.Size())/(1<<20), "MiB")
	}
}
