package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"spindle/games"
	"spindle/storage"
)

// benchStoreSection measures the latency of a whole durable move (load,
// play, commit with fsync) against a raw write+fsync on the same disk.
func benchStoreSection(r *benchReport, o benchOpts, work string) error {
	r.section(fmt.Sprintf("2. durable move vs raw fsync (%s, %d players, %d samples)", o.game, o.seats, o.n))
	fsync, err := benchFsync(work, o.n)
	if err != nil {
		return err
	}
	r.fsync = quantile(fsync, .5)
	moves, err := benchMoves(filepath.Join(work, "bench.db"), o.game, o.seats, o.n)
	if err != nil {
		return err
	}
	r.info("raw write+fsync p50", fmtMS(quantile(fsync, .5)))
	r.info("raw write+fsync p99", fmtMS(quantile(fsync, .99)))
	r.info("durable move p50", fmtMS(quantile(moves, .5)))
	r.info("durable move p99", fmtMS(quantile(moves, .99)))
	ratio := float64(quantile(moves, .5)) / float64(quantile(fsync, .5))
	r.check("durable move / fsync, p50", fmt.Sprintf("%.2f x", ratio), "<= 2.5 x", ratio <= 2.5)
	r.info("durable move / fsync, p99", fmt.Sprintf("%.2f x", float64(quantile(moves, .99))/float64(quantile(fsync, .99))))
	// bbolt's own floor on this disk: a commit of one small key writes and
	// syncs the pages, then the meta page (two fsyncs), whatever the move.
	floor, err := benchBoltFloor(work, o.n)
	if err != nil {
		return err
	}
	r.info("bbolt one-key commit p50 (the floor)", fmtMS(quantile(floor, .5)))
	r.info("bbolt floor / fsync, p50", fmt.Sprintf("%.2f x", float64(quantile(floor, .5))/float64(quantile(fsync, .5))))
	r.info("durable move / bbolt floor, p50", fmt.Sprintf("%.2f x", float64(quantile(moves, .5))/float64(quantile(floor, .5))))
	return nil
}

// benchBoltFloor times n bbolt commits of one 100-byte key, opened as the
// store opens its file.
func benchBoltFloor(dir string, n int) ([]time.Duration, error) {
	db, err := bolt.Open(filepath.Join(dir, "floor.db"), 0o600, &bolt.Options{Timeout: time.Second,
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType, InitialMmapSize: 64 << 20})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	defer db.Close()
	name := []byte("floor")
	if err := db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucketIfNotExists(name); return err }); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	v := make([]byte, 100)
	out := make([]time.Duration, 0, n)
	for i := range n {
		start := time.Now()
		err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket(name).Put([]byte{byte(i >> 8), byte(i)}, v) })
		if err != nil {
			return nil, fmt.Errorf("bench: %w", err)
		}
		out = append(out, time.Since(start))
	}
	slices.Sort(out)
	return out, nil
}

// fsyncP50 returns the raw write+fsync p50, measuring it when no earlier
// section has.
func (r *benchReport) fsyncP50(o benchOpts, work string) (time.Duration, error) {
	if r.fsync == 0 {
		d, err := benchFsync(work, o.n)
		if err != nil {
			return 0, err
		}
		r.fsync = quantile(d, .5)
		r.info("raw write+fsync p50", fmtMS(r.fsync))
	}
	return r.fsync, nil
}

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

// benchMoves times n durable moves of the game through storage.Play on
// the store at target (a file or a PostgreSQL URL), starting a new table
// whenever a game ends.
func benchMoves(target, game string, seats, n int) ([]time.Duration, error) {
	cat, err := buildCatalog(nil)
	if err != nil {
		return nil, err
	}
	store, err := storage.Open(target, storage.Options{Timeout: 10 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	defer store.Close()
	p := storePlayer{store: store, cat: cat, game: game, seats: seats, rng: rand.New(rand.NewPCG(1, 2))}
	out := make([]time.Duration, 0, n)
	for len(out) < n {
		d, err := p.move()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out, nil
}

// storePlayer plays random moves at one stored table, starting a new
// table whenever a game ends.
type storePlayer struct {
	store   *storage.Store
	cat     *games.Catalog
	game    string
	seats   int
	rng     *rand.Rand
	id      uint64
	t       games.Table
	created int
}

// move plays one weighted random move and returns the time Store.Play took.
func (p *storePlayer) move() (time.Duration, error) {
	if p.t == nil || p.t.Over() {
		id, t, _, err := p.store.Create(p.cat, p.game, nil, p.seats, storage.Meta{At: time.Now()})
		if err != nil {
			return 0, fmt.Errorf("bench: create: %w", err)
		}
		p.id, p.t = id, t
		p.created++
	}
	seat := p.t.ToAct()[0]
	legal := p.t.Legal(seat)
	key := legal[games.PickWeighted(p.t.Weights(seat), len(legal), p.rng.IntN)].Key
	start := time.Now()
	t, _, err := p.store.Play(p.cat, p.id, seat, p.t.Version(), key, storage.Meta{At: start})
	if err != nil {
		return 0, fmt.Errorf("bench: play: %w", err)
	}
	p.t = t
	return time.Since(start), nil
}

// benchConcurrentSection plays random moves at 1, 16 and 64 tables at
// once, one goroutine per table, and reports the wall time per move
// against one raw fsync, and the durable commits per move.
func benchConcurrentSection(r *benchReport, o benchOpts, work string) error {
	r.section(fmt.Sprintf("3. concurrent tables (%s, about %d moves per level, table creations included)", o.game, o.n))
	fsync, err := r.fsyncP50(o, work)
	if err != nil {
		return err
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	store, err := storage.Open(filepath.Join(work, "concurrent.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer store.Close()
	for _, tables := range []int{1, 16, 64} {
		per := max(o.n/tables, 5)
		players := make([]*storePlayer, tables)
		for i := range players {
			players[i] = &storePlayer{store: store, cat: cat, game: o.game, seats: o.seats, rng: rand.New(rand.NewPCG(uint64(tables), uint64(i)))}
		}
		commits := store.Commits()
		errs := make([]error, tables)
		var wg sync.WaitGroup
		start := time.Now()
		for i, p := range players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range per {
					if _, err := p.move(); err != nil {
						errs[i] = err
						return
					}
				}
			}()
		}
		wg.Wait()
		wall := time.Since(start)
		if err := errors.Join(errs...); err != nil {
			return err
		}
		moves := per * tables
		perMove := wall / time.Duration(moves)
		ratio := float64(perMove) / float64(fsync)
		name := fmt.Sprintf("%d tables: wall time per move / fsync", tables)
		value := fmt.Sprintf("%.2f x (%.2f ms)", ratio, ms(perMove))
		if tables == 16 {
			r.check(name, value, "<= 0.5 x", ratio <= 0.5)
		} else {
			r.info(name, value)
		}
		r.info(fmt.Sprintf("%d tables: commits per move", tables), fmt.Sprintf("%.2f", float64(store.Commits()-commits)/float64(moves)))
	}
	return nil
}
