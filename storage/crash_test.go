package storage

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/gametest/toy"
)

// The crash harness: three worker processes (this test binary, started
// with SPINDLE_CRASH_WORKER) share one PostgreSQL database, each playing
// moves at shared tables and firing the shared schedule's timers, while
// the test kills one of them with SIGKILL at random moments and starts it
// again, crashKills times. Then every move a worker was told had committed
// must be in its table's log (none lost), every table's log must replay to
// its envelope with each interaction once (none doubled), and every timer
// must have fired exactly once (each firing is counted in the transaction
// that removes the timer, so a timer fired by two processes counts two).

const crashFired = "crash_fired" // bucket: timer key -> firings (8 bytes)

// TestMultiProcessCrashes runs the harness: 10 kills, 50 with SPINDLE_SOAK=1.
func TestMultiProcessCrashes(t *testing.T) {
	if !onPostgres {
		t.Skip("needs a database processes share: runs in the PostgreSQL run")
	}
	kills := 10
	if os.Getenv("SPINDLE_SOAK") == "1" {
		kills = 50
	}
	url := newPath(t, "")
	s := openAt(t, url, Options{NoSync: true})
	cat := testCatalog(t)
	var ids []string
	for i := range 6 {
		id, _, _, err := s.Create(cat, "toy", nil, 2+i%3, Meta{})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, strconv.FormatUint(id, 10))
	}
	if err := s.db.Update(func(tx kvTx) error { _, err := tx.CreateBucketIfNotExists([]byte(crashFired)); return err }); err != nil {
		t.Fatal(err)
	}
	// Timers come due over the run, a few at a time.
	start := time.Now()
	span := time.Duration(kills) * 250 * time.Millisecond
	var timers []Timer
	for i := range 150 {
		due := start.Add(span * time.Duration(i) / 150)
		timers = append(timers, Timer{Due: due, Table: uint64(1000 + i), Kind: "expire", Deadline: due})
	}
	if err := s.Schedule(timers...); err != nil {
		t.Fatal(err)
	}

	var (
		mu    sync.Mutex
		acked = map[string][2]uint64{} // interaction -> table, version
	)
	type worker struct {
		cmd  *exec.Cmd
		done chan struct{}
	}
	startWorker := func(n, gen int) *worker {
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "SPINDLE_CRASH_WORKER="+fmt.Sprintf("%d-%d", n, gen), "SPINDLE_CRASH_URL="+url,
			"SPINDLE_CRASH_TABLES="+strings.Join(ids, ","))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w := &worker{cmd: cmd, done: make(chan struct{})}
		go func() {
			defer close(w.done)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				if len(f) == 4 && f[0] == "ACK" {
					tb, _ := strconv.ParseUint(f[2], 10, 64)
					v, _ := strconv.ParseUint(f[3], 10, 64)
					mu.Lock()
					acked[f[1]] = [2]uint64{tb, v}
					mu.Unlock()
				}
			}
			_ = cmd.Wait()
		}()
		return w
	}
	kill := func(w *worker) {
		_ = w.cmd.Process.Signal(syscall.SIGKILL)
		<-w.done
	}
	ws := make([]*worker, 3)
	for i := range ws {
		ws[i] = startWorker(i, 0)
	}
	defer func() {
		for _, w := range ws {
			kill(w)
		}
	}()
	r := rand.New(rand.NewPCG(9, 9))
	for k := range kills {
		time.Sleep(time.Duration(100+r.IntN(300)) * time.Millisecond)
		i := r.IntN(len(ws))
		kill(ws[i])
		ws[i] = startWorker(i, k+1)
	}
	// Let the survivors fire what is left (a killed worker's claims pass
	// on when their lease runs out).
	deadline := time.Now().Add(2 * time.Minute)
	for {
		n := 0
		if err := s.db.View(func(tx kvTx) error { n = tx.Bucket(bucketSchedule).KeyN(); return nil }); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d timers never fired", n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, w := range ws {
		kill(w)
	}
	ws = nil

	// Timers: each fired exactly once.
	err := s.db.View(func(tx kvTx) error {
		fired := tx.Bucket([]byte(crashFired))
		for _, tm := range timers {
			v := fired.Get(tm.key())
			if len(v) != 8 || btoi(v) != 1 {
				n := uint64(0)
				if len(v) == 8 {
					n = btoi(v)
				}
				t.Errorf("timer of table %d fired %d times, want once", tm.Table, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Moves: none lost, none doubled.
	seen := map[string]uint64{}
	var tables []uint64
	if err := s.db.View(func(tx kvTx) error {
		return tx.Bucket(bucketTables).ForEach(func(k, _ []byte) error { tables = append(tables, btoi(k)); return nil })
	}); err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, id := range tables {
		log, err := s.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		prev := ""
		for i, e := range log {
			if e.Version != uint64(i+1) {
				t.Fatalf("table %d: log entry %d has version %d", id, i, e.Version)
			}
			// A move's steps (the chance it triggered) carry its
			// interaction too: a run of them is one move.
			if e.Interaction == "" || e.Interaction == prev {
				prev = e.Interaction
				continue
			}
			prev = e.Interaction
			if _, dup := seen[e.Interaction]; dup {
				t.Errorf("interaction %s applied twice", e.Interaction)
			}
			seen[e.Interaction] = id<<20 | e.Version
			moves++
		}
		loaded, err := s.Load(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := s.Replay(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		if loaded.Version() != replayed.Version() || loaded.Version() != uint64(len(log)) {
			t.Errorf("table %d: stored version %d, replayed %d, log %d", id, loaded.Version(), replayed.Version(), len(log))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for inter, tv := range acked {
		got, ok := seen[inter]
		if !ok {
			t.Errorf("acknowledged move %s (table %d version %d) is lost", inter, tv[0], tv[1])
		} else if got != tv[0]<<20|tv[1] {
			t.Errorf("acknowledged move %s is at table %d version %d, acknowledged at %d/%d", inter, got>>20, got&(1<<20-1), tv[0], tv[1])
		}
	}
	t.Logf("%d kills: %d moves acknowledged, %d in the logs of %d tables, %d timers fired once each", kills, len(acked), moves, len(tables), len(timers))
	if len(acked) == 0 {
		t.Fatal("no move was acknowledged: the workers did not work")
	}
}

// testCatalog is catalog without a testing.TB's failure.
func testCatalog(t testing.TB) *games.Catalog {
	if t != nil {
		return catalog(t)
	}
	cat, err := games.NewCatalog(games.Bind(toy.Game{}), games.Bind(undoGame{}), policyKind{games.Bind(policyGame{})})
	if err != nil {
		panic(err)
	}
	return cat
}

// crashWorker is a worker process of the harness: it plays moves at the
// tables and fires due timers until it is killed.
func crashWorker(name string) {
	s, err := OpenPostgres(os.Getenv("SPINDLE_CRASH_URL"), Options{NoSync: true, Lease: 2 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, "crash worker:", err)
		os.Exit(2)
	}
	cat := testCatalog(nil)
	var tables []uint64
	for _, f := range strings.Split(os.Getenv("SPINDLE_CRASH_TABLES"), ",") {
		id, _ := strconv.ParseUint(f, 10, 64)
		tables = append(tables, id)
	}
	out := bufio.NewWriter(os.Stdout)
	var outMu sync.Mutex
	ctx := context.Background()
	go func() {
		for ctx.Err() == nil {
			due, err := s.Due(time.Now(), 10)
			if err != nil {
				fmt.Fprintln(os.Stderr, "crash worker: due:", err)
			}
			for _, tm := range due {
				err := s.write(func(tx kvTx) error {
					if err := unscheduleTx(tx, tm); err != nil {
						return err
					}
					fired := tx.Bucket([]byte(crashFired))
					n := uint64(0)
					if v := fired.Get(tm.key()); len(v) == 8 {
						n = btoi(v)
					}
					return fired.Put(tm.key(), itob(n+1))
				})
				if err != nil {
					fmt.Fprintln(os.Stderr, "crash worker: fire:", err)
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for n := 0; ; n++ {
		i := r.IntN(len(tables))
		tab, err := s.Load(cat, tables[i])
		if err != nil {
			fmt.Fprintln(os.Stderr, "crash worker: load:", err)
			continue
		}
		if tab.Over() {
			id, _, _, err := s.Create(cat, "toy", nil, 2, Meta{})
			if err == nil {
				tables[i] = id
			}
			continue
		}
		to := tab.ToAct()
		legal := tab.Legal(to[0])
		inter := fmt.Sprintf("w%s-%d", name, n)
		after, _, err := s.Play(cat, tables[i], to[0], tab.Version(), legal[r.IntN(len(legal))].Key, Meta{Interaction: inter})
		if err != nil {
			continue // stale: another worker moved first
		}
		// The move committed: only now is it acknowledged. Its own version
		// is the first step's: chance steps may follow it.
		log, err := s.Log(tables[i])
		if err != nil {
			continue
		}
		for _, e := range log[tab.Version():after.Version()] {
			if e.Interaction == inter {
				outMu.Lock()
				fmt.Fprintf(out, "ACK %s %d %d\n", inter, tables[i], e.Version)
				_ = out.Flush()
				outMu.Unlock()
				break
			}
		}
	}
}
