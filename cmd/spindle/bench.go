package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"time"

	"spindle/games"
	"spindle/storage"
)

// runBench measures, on the disk that holds the database, the latency of a
// whole durable move (load, play, commit with fsync) and of a raw
// write+fsync, and prints their ratio: the cost of the engine and bbolt
// above the disk's own floor.
func runBench(cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", filepath.Dir(cfg.Data.DB), "directory on the disk to measure")
	n := fs.Int("n", 300, "number of samples of each kind")
	game := fs.String("game", "warpweft", "game whose moves are measured")
	seats := fs.Int("players", 2, "players at the measured tables")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return errUsage
	}
	work, err := os.MkdirTemp(*dir, ".spindle-bench-*")
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer os.RemoveAll(work)
	fsync, err := benchFsync(work, *n)
	if err != nil {
		return err
	}
	moves, err := benchMoves(work, *game, *seats, *n)
	if err != nil {
		return err
	}
	p := func(d []time.Duration, q float64) time.Duration { return d[int(q*float64(len(d)-1))] }
	fmt.Fprintf(stdout, "disk: %s (%d samples each; %s, %d players)\n", *dir, *n, *game, *seats)
	fmt.Fprintf(stdout, "raw write+fsync:     p50 %8.3f ms   p99 %8.3f ms\n", ms(p(fsync, .5)), ms(p(fsync, .99)))
	fmt.Fprintf(stdout, "durable move:        p50 %8.3f ms   p99 %8.3f ms\n", ms(p(moves, .5)), ms(p(moves, .99)))
	fmt.Fprintf(stdout, "ratio move/fsync:    p50 %8.2f      p99 %8.2f\n",
		float64(p(moves, .5))/float64(p(fsync, .5)), float64(p(moves, .99))/float64(p(fsync, .99)))
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// benchFsync times n writes of 4 KiB each followed by fsync.
func benchFsync(dir string, n int) ([]time.Duration, error) {
	f, err := os.Create(filepath.Join(dir, "fsync"))
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	out := make([]time.Duration, 0, n)
	for i := range n {
		buf[0] = byte(i)
		start := time.Now()
		if _, err := f.WriteAt(buf, int64(i%64)*4096); err != nil {
			return nil, fmt.Errorf("bench: %w", err)
		}
		if err := f.Sync(); err != nil {
			return nil, fmt.Errorf("bench: %w", err)
		}
		out = append(out, time.Since(start))
	}
	slices.Sort(out)
	return out, nil
}

// benchMoves times n durable moves of the game through storage.Play,
// starting a new table whenever a game ends.
func benchMoves(dir, game string, seats, n int) ([]time.Duration, error) {
	cat, err := buildCatalog(nil)
	if err != nil {
		return nil, err
	}
	store, err := storage.Open(filepath.Join(dir, "bench.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		return nil, err
	}
	defer store.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	var id uint64
	var t games.Table
	out := make([]time.Duration, 0, n)
	for len(out) < n {
		if t == nil || t.Over() {
			id, t, _, err = store.Create(cat, game, nil, seats, storage.Meta{At: time.Now()})
			if err != nil {
				return nil, err
			}
		}
		seat := t.ToAct()[0]
		legal := t.Legal(seat)
		key := legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key
		start := time.Now()
		t, _, err = store.Play(cat, id, seat, t.Version(), key, storage.Meta{At: start})
		if err != nil {
			return nil, err
		}
		out = append(out, time.Since(start))
	}
	slices.Sort(out)
	return out, nil
}
