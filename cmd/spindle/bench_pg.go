package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/storage"
)

// benchPostgresSection measures the PostgreSQL store at o.store, in a
// schema of its own that it drops at the end: the durable move against
// PostgreSQL's own floor (a one-row commit from this client, sampled in
// turn with the moves), and rendered moves per second through the
// handlers with 1, 2 and 3 processes (stores with their own connections,
// committers and caches) sharing the database, against one bbolt process
// measured with the same loop before and after them.
func benchPostgresSection(r *benchReport, o benchOpts, work string) error {
	if o.store == "" {
		return errors.New("bench: section 6 needs --store postgres:URL")
	}
	target, drop, err := benchSchema(o.store)
	if err != nil {
		return err
	}
	defer drop()
	r.section(fmt.Sprintf("6. PostgreSQL store (%s, %d players, %d samples)", o.game, o.seats, o.n))
	floor, moves, err := benchPGMoves(target, o.game, o.seats, o.n)
	if err != nil {
		return err
	}
	r.info("one-row commit p50 (PostgreSQL's floor)", fmtMS(quantile(floor, .5)))
	r.info("one-row commit p99", fmtMS(quantile(floor, .99)))
	r.info("durable move p50", fmtMS(quantile(moves, .5)))
	r.info("durable move p99", fmtMS(quantile(moves, .99)))
	ratio := float64(quantile(moves, .5)) / float64(quantile(floor, .5))
	r.check("durable move / one-row commit, p50", fmt.Sprintf("%.2f x", ratio), "<= 1.5 x", ratio <= 1.5)
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	// The reference, one bbolt process, is measured with the same loop
	// before and after the PostgreSQL levels, and their mean taken: the
	// machine's load drifts during the section.
	boltCPU := make([]float64, 2)
	bolt := func(run int) (float64, error) {
		store, err := storage.Open(filepath.Join(work, fmt.Sprintf("pgref%d.db", run)), storage.Options{Timeout: time.Second})
		if err != nil {
			return 0, fmt.Errorf("bench: %w", err)
		}
		defer store.Close()
		c0 := cpuTime()
		rate, moves, err := benchRendered(o, cat, []*storage.Store{store}, fmt.Sprintf("b%d", run))
		boltCPU[run] = ms(cpuTime()-c0) / float64(max(moves, 1))
		return rate, err
	}
	// A first run warms what the process keeps between pictures (glyphs,
	// bands): not counted.
	warm := o
	warm.moves = max(o.moves/4, o.workers)
	store, err := storage.Open(filepath.Join(work, "pgwarm.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	_, _, err = benchRendered(warm, cat, []*storage.Store{store}, "w")
	store.Close()
	if err != nil {
		return err
	}
	ref0, err := bolt(0)
	if err != nil {
		return err
	}
	rates := make([]float64, 4)
	clientCPU, serverCPU, reads := make([]float64, 4), make([]float64, 4), make([]float64, 4)
	local := isLoopback(target)
	for procs := 1; procs <= 3; procs++ {
		stores := make([]*storage.Store, procs)
		for p := range stores {
			store, err := storage.Open(target, storage.Options{Timeout: 10 * time.Second})
			if err != nil {
				return fmt.Errorf("bench: %w", err)
			}
			defer store.Close()
			stores[p] = store
		}
		c0, s0 := cpuTime(), postgresCPU()
		r0 := totalReads(stores)
		var moves int
		if rates[procs], moves, err = benchRendered(o, cat, stores, fmt.Sprintf("l%d", procs)); err != nil {
			return err
		}
		reads[procs] = float64(totalReads(stores)-r0) / float64(max(moves, 1))
		clientCPU[procs] = ms(cpuTime()-c0) / float64(max(moves, 1))
		serverCPU[procs] = ms(postgresCPU()-s0) / float64(max(moves, 1))
	}
	ref1, err := bolt(1)
	if err != nil {
		return err
	}
	ref := (ref0 + ref1) / 2
	r.info("1 bbolt process: rendered moves per second (before, after)", fmt.Sprintf("%.1f, %.1f /s", ref0, ref1))
	for procs := 1; procs <= 3; procs++ {
		r.info(fmt.Sprintf("%d process(es): rendered moves per second", procs), fmt.Sprintf("%.1f /s", rates[procs]))
	}
	// Where the CPU goes: on a machine the database shares, every
	// millisecond its server spends on a move is one the renderer lacks.
	r.info("CPU per rendered move, one bbolt process (before, after)", fmt.Sprintf("%.1f, %.1f ms", boltCPU[0], boltCPU[1]))
	for procs := 1; procs <= 3; procs++ {
		server := "n/a (not on this machine)"
		if local {
			server = fmt.Sprintf("%.2f ms", serverCPU[procs])
		}
		r.info(fmt.Sprintf("CPU per rendered move, %d process(es): ours, PostgreSQL's", procs), fmt.Sprintf("%.1f ms, %s", clientCPU[procs], server))
	}
	// Each read outside a move's own transaction is a round trip to the
	// database (table creations included).
	for procs := 1; procs <= 3; procs++ {
		r.info(fmt.Sprintf("store reads per rendered move, %d process(es)", procs), fmt.Sprintf("%.2f", reads[procs]))
	}
	for procs := 1; procs <= 3; procs++ {
		ratio := rates[procs] / ref
		r.check(fmt.Sprintf("%d process(es) / one bbolt process", procs), fmt.Sprintf("%.2f x", ratio), ">= 1.0 x", ratio >= 1)
	}
	return nil
}

// benchRendered plays rendered moves through the handlers with one app
// per store (a process: its own connections, committer and caches), the
// workers shared among them, each at tables of its own, and returns the
// moves per second.
func benchRendered(o benchOpts, cat *games.Catalog, stores []*storage.Store, tag string) (float64, int, error) {
	procs := len(stores)
	apps := make([]*benchApp, procs)
	for p, store := range stores {
		apps[p] = &benchApp{app: &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop()},
			poster: &benchPoster{last: map[string]benchPosted{}}, game: o.game, seats: o.seats,
			prefix: fmt.Sprintf("%sp%d-", tag, p)}
	}
	// The workers are dealt to the processes in turn, so that every
	// level drives as many tables at once as the bbolt reference does.
	total := max(o.workers, procs)
	per := max(o.moves/total, 1)
	errs := make([]error, total)
	counts := make([]int, total)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range total {
		p, w := i%procs, i/procs
		h := apps[p]
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(procs), uint64(i)))
			b, err := h.newTable(fmt.Sprintf("%s-%d-%d-0", tag, p, w))
			if err != nil {
				errs[i] = err
				return
			}
			for next := 1; counts[i] < per; {
				_, done, err := h.move(b, rng)
				if err != nil {
					errs[i] = err
					return
				}
				if done {
					if b, err = h.newTable(fmt.Sprintf("%s-%d-%d-%d", tag, p, w, next)); err != nil {
						errs[i] = err
						return
					}
					next++
					continue
				}
				counts[i]++
			}
		})
	}
	wg.Wait()
	wall := time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return 0, 0, err
	}
	played := 0
	for _, c := range counts {
		played += c
	}
	return float64(played) / wall.Seconds(), played, nil
}

// benchSchema creates a schema of its own in the database at u and
// returns a URL whose connections use it, and a function that drops it.
func benchSchema(u string) (string, func(), error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		return "", nil, fmt.Errorf("bench: %w", err)
	}
	defer conn.Close(ctx)
	schema := fmt.Sprintf("spindle_bench_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, fmt.Errorf("bench: create schema: %w", err)
	}
	parsed, err := url.Parse(u)
	if err != nil {
		return "", nil, fmt.Errorf("bench: %w", err)
	}
	q := parsed.Query()
	q.Set("search_path", schema)
	parsed.RawQuery = q.Encode()
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if conn, err := pgx.Connect(ctx, u); err == nil {
			_, _ = conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
			_ = conn.Close(ctx)
		}
	}
	return parsed.String(), drop, nil
}

// benchPGMoves times n one-row commits (an upsert of 100 bytes, one
// statement in its own transaction: PostgreSQL's floor for a durable write
// from this client) and n durable moves through storage.Play, one of each
// in turn, so that a busy machine's bursts weigh on both alike.
func benchPGMoves(u, game string, seats, n int) (floor, moves []time.Duration, err error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		return nil, nil, fmt.Errorf("bench: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE bench_floor (k INT PRIMARY KEY, v BYTEA)"); err != nil {
		return nil, nil, fmt.Errorf("bench: %w", err)
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return nil, nil, err
	}
	store, err := storage.Open(u, storage.Options{Timeout: 10 * time.Second})
	if err != nil {
		return nil, nil, fmt.Errorf("bench: %w", err)
	}
	defer store.Close()
	p := storePlayer{store: store, cat: cat, game: game, seats: seats, rng: rand.New(rand.NewPCG(1, 2))}
	v := make([]byte, 100)
	for i := range n {
		start := time.Now()
		if _, err := conn.Exec(ctx, "INSERT INTO bench_floor (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v", i%64, v); err != nil {
			return nil, nil, fmt.Errorf("bench: %w", err)
		}
		floor = append(floor, time.Since(start))
		d, err := p.move()
		if err != nil {
			return nil, nil, err
		}
		moves = append(moves, d)
	}
	slices.Sort(floor)
	slices.Sort(moves)
	return floor, moves, nil
}

// totalReads is the single reads the stores have made (Store.Reads).
func totalReads(stores []*storage.Store) uint64 {
	var n uint64
	for _, s := range stores {
		n += s.Reads()
	}
	return n
}
