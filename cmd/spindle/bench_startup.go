package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"spindle/games"
	"spindle/storage"
)

// benchStartupSection stores o.startup tables (each a lobby binding
// started into a table with an idempotency record, and a timer), then
// times what the bot does at start-up: storage.Open, the first Due read of
// the scheduler and the pruning of day-old interaction records.
func benchStartupSection(r *benchReport, o benchOpts, work string) error {
	r.section(fmt.Sprintf("5. start-up with %d stored tables (%s)", o.startup, o.game))
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	path := filepath.Join(work, "startup.db")
	// Filling is not what is measured: it skips fsync.
	store, err := storage.Open(path, storage.Options{Timeout: time.Second, NoSync: true})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	now := time.Now()
	fill := time.Now()
	const workers = 8
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 5))
			for i := w; i < o.startup; i += workers {
				if errs[w] = benchStoreTable(store, cat, o, i, now, rng); errs[w] != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(append(errs, store.Close())...); err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	r.info("filled without fsync: time, file size", fmt.Sprintf("%.1f s, %.1f MiB", time.Since(fill).Seconds(), float64(fi.Size())/(1<<20)))

	start := time.Now()
	store, err = storage.Open(path, storage.Options{Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer store.Close()
	open := time.Since(start)
	due, err := store.Due(time.Now(), 100)
	if err != nil {
		return fmt.Errorf("bench: due: %w", err)
	}
	dueAt := time.Since(start)
	pruned, err := store.PruneInteractions(time.Now().Add(-24 * time.Hour))
	if err != nil {
		return fmt.Errorf("bench: prune: %w", err)
	}
	total := time.Since(start)
	r.info("storage.Open", fmtMS(open))
	r.info(fmt.Sprintf("Store.Due (%d due)", len(due)), fmtMS(dueAt-open))
	r.info(fmt.Sprintf("PruneInteractions (%d pruned)", pruned), fmtMS(total-dueAt))
	r.check("start-up: open + due + prune", fmtMS(total), "<= 1000 ms", total <= time.Second)
	return nil
}

// benchStoreTable stores table i the way a game reaches storage: a lobby
// binding, then the started table with the interaction that started it,
// at a time up to 30 hours ago, and a timer due from an hour ago to two
// days ahead.
func benchStoreTable(store *storage.Store, cat *games.Catalog, o benchOpts, i int, now time.Time, rng *rand.Rand) error {
	users := make([]string, o.seats)
	for s := range users {
		users[s] = fmt.Sprint(1000 + (i+s)%5000)
	}
	at := now.Add(-time.Duration(rng.Int64N(int64(30 * time.Hour))))
	id, err := store.CreateLobby(storage.Binding{Game: o.game, Guild: "g1", Channel: fmt.Sprintf("s%d", i),
		Host: users[0], Users: users, Created: at})
	if err != nil {
		return fmt.Errorf("bench: lobby: %w", err)
	}
	if _, _, err := store.CreateAt(cat, id, o.game, nil, o.seats, storage.Meta{At: at, User: users[0], Interaction: fmt.Sprintf("start%d", i)}); err != nil {
		return fmt.Errorf("bench: create: %w", err)
	}
	due := now.Add(-time.Hour + time.Duration(rng.Int64N(int64(49*time.Hour))))
	if err := store.Schedule(storage.Timer{Due: due, Table: id, Kind: "remind", Deadline: due.Add(time.Hour)}); err != nil {
		return fmt.Errorf("bench: schedule: %w", err)
	}
	return nil
}
