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
// The tables are bound to channels, so every move leaves an Unannounced
// record until a board at or past it is recorded: the workers "post" a
// board after each move (the range the record names, printed, then
// SetMessage) and retry the records a dead worker left (claimed with a
// lease, as the bot's retry loop does), and every committed move must be
// in a posted range. The survivors must take over within 10 s: no timer
// fires, and no move is posted, more than 10 s after it was due.

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
		id, err := crashTable(s, cat, fmt.Sprintf("p%d", i), 2+i%3)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, strconv.FormatUint(id, 10))
	}
	if err := s.db.Update(func(tx kvTx) error { _, err := tx.CreateBucketIfNotExists([]byte(crashFired)); return err }); err != nil {
		t.Fatal(err)
	}
	// Timers come due over the run, a few at a time. Their tables are
	// none of the real ones, whose end drops their timers.
	start := time.Now()
	span := time.Duration(kills) * 250 * time.Millisecond
	var timers []Timer
	for i := range 150 {
		due := start.Add(span * time.Duration(i) / 150)
		timers = append(timers, Timer{Due: due, Table: 1<<40 + uint64(i), Kind: "expire", Deadline: due})
	}
	if err := s.Schedule(timers...); err != nil {
		t.Fatal(err)
	}

	// The workers stop moving once this file exists; they go on firing
	// timers and posting what is unshown.
	stop := t.TempDir() + "/stop"
	var (
		mu     sync.Mutex
		acked  = map[string][2]uint64{} // interaction -> table, version
		posted [][4]int64               // table, from, to, when (Unix ns)
	)
	type worker struct {
		cmd  *exec.Cmd
		done chan struct{}
	}
	startWorker := func(n, gen int) *worker {
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "SPINDLE_CRASH_WORKER="+fmt.Sprintf("%d-%d", n, gen), "SPINDLE_CRASH_URL="+url,
			"SPINDLE_CRASH_TABLES="+strings.Join(ids, ","), "SPINDLE_CRASH_STOP="+stop)
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
				if len(f) == 5 && f[0] == "POST" {
					var p [4]int64
					for i := range p {
						p[i], _ = strconv.ParseInt(f[i+1], 10, 64)
					}
					mu.Lock()
					posted = append(posted, p)
					mu.Unlock()
				}
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
	// Let the survivors fire what is left and post what is unshown (a
	// killed worker's claims pass on when their lease runs out).
	if err := os.WriteFile(stop, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		n, unshown := 0, 0
		if err := s.db.View(func(tx kvTx) error {
			n, unshown = tx.Bucket(bucketSchedule).KeyN(), tx.Bucket(bucketOutbox).KeyN()
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if n == 0 && unshown == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d timers never fired, %d tables' moves never shown", n, unshown)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, w := range ws {
		kill(w)
	}
	ws = nil

	// Timers: each fired exactly once, and in time.
	var lateness time.Duration
	err := s.db.View(func(tx kvTx) error {
		fired := tx.Bucket([]byte(crashFired))
		for _, tm := range timers {
			v := fired.Get(tm.key())
			if len(v) != 16 || btoi(v[:8]) != 1 {
				n := uint64(0)
				if len(v) == 16 {
					n = btoi(v[:8])
				}
				t.Errorf("timer of table %d fired %d times, want once", tm.Table, n)
				continue
			}
			at := time.Unix(0, int64(btoi(v[8:])))
			if late := at.Sub(tm.Due); late > crashTakeover {
				t.Errorf("timer of table %d fired %v after it was due", tm.Table, late.Round(time.Millisecond))
			}
			lateness = max(lateness, at.Sub(tm.Due))
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
	// Every move is in a posted range, posted within crashTakeover of
	// its commit.
	var slowest time.Duration
	byTable := map[uint64][][4]int64{}
	for _, p := range posted {
		byTable[uint64(p[0])] = append(byTable[uint64(p[0])], p)
	}
	for _, id := range tables {
		log, err := s.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range log {
			if e.Interaction == "" {
				continue
			}
			first := int64(-1)
			for _, p := range byTable[id] {
				if uint64(p[1]) < e.Version && e.Version <= uint64(p[2]) && (first < 0 || p[3] < first) {
					first = p[3]
				}
			}
			if first < 0 {
				t.Errorf("table %d version %d (%s) was never posted", id, e.Version, e.Interaction)
				continue
			}
			delay := time.Unix(0, first).Sub(e.At)
			slowest = max(slowest, delay)
			if delay > crashTakeover {
				t.Errorf("table %d version %d was posted %v after its commit", id, e.Version, delay.Round(time.Millisecond))
			}
		}
	}
	for inter, tv := range acked {
		got, ok := seen[inter]
		if !ok {
			t.Errorf("acknowledged move %s (table %d version %d) is lost", inter, tv[0], tv[1])
		} else if got != tv[0]<<20|tv[1] {
			t.Errorf("acknowledged move %s is at table %d version %d, acknowledged at %d/%d", inter, got>>20, got&(1<<20-1), tv[0], tv[1])
		}
	}
	t.Logf("%d kills: %d moves acknowledged, %d in the logs of %d tables, each posted, at most %v after its commit; %d timers fired once each, at most %v late",
		kills, len(acked), moves, len(tables), slowest.Round(time.Millisecond), len(timers), lateness.Round(time.Millisecond))
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
	// post shows a table's unshown moves: the range is printed (the
	// post) before the board is recorded, as the bot posts to Discord
	// before SetMessage.
	post := func(rec Unannounced) {
		outMu.Lock()
		fmt.Fprintf(out, "POST %d %d %d %d\n", rec.Table, rec.From, rec.To, time.Now().UnixNano())
		_ = out.Flush()
		outMu.Unlock()
		if err := s.SetMessage(rec.Table, "board-"+name, rec.To, "", time.Now()); err != nil {
			fmt.Fprintln(os.Stderr, "crash worker: set message:", err)
		}
	}
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
					n, at := uint64(0), uint64(time.Now().UnixNano())
					if v := fired.Get(tm.key()); len(v) == 16 {
						n, at = btoi(v[:8]), btoi(v[8:])
					}
					return fired.Put(tm.key(), append(itob(n+1), itob(at)...))
				})
				if err != nil {
					fmt.Fprintln(os.Stderr, "crash worker: fire:", err)
				}
			}
			// The retry loop: moves a dead worker left unposted.
			recs, err := s.Unannounced(10)
			if err != nil {
				fmt.Fprintln(os.Stderr, "crash worker: unannounced:", err)
			}
			for _, rec := range recs {
				if time.Since(rec.Since) > crashGrace {
					post(rec)
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for n := 0; ; n++ {
		if _, err := os.Stat(os.Getenv("SPINDLE_CRASH_STOP")); err == nil {
			time.Sleep(20 * time.Millisecond) // no more moves: the loop above finishes the work
			continue
		}
		i := r.IntN(len(tables))
		tab, err := s.Load(cat, tables[i])
		if err != nil {
			fmt.Fprintln(os.Stderr, "crash worker: load:", err)
			continue
		}
		if tab.Over() {
			id, err := crashTable(s, cat, fmt.Sprintf("w%s-%d", name, n), 2)
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
		// Its board: what is unshown now (other workers' moves too).
		if rec, ok, err := s.UnannouncedOf(tables[i]); err == nil && ok {
			post(rec)
		}
	}
}

// crashGrace is how long a worker leaves a move's board to the worker
// that made it before its retry loop posts it; crashTakeover is how late
// a timer may fire, or a move be posted, when the worker that should have
// done it died (the lease, 2 s, the grace and the loops' ticks, with room
// for a loaded machine).
const (
	crashGrace    = 300 * time.Millisecond
	crashTakeover = 10 * time.Second
)

// crashTable creates a table of seats seats bound to a channel of its own,
// so its moves are to be shown.
func crashTable(s *Store, cat *games.Catalog, channel string, seats int) (uint64, error) {
	users := make([]string, seats)
	for i := range users {
		users[i] = fmt.Sprintf("u%d", i)
	}
	id, err := s.CreateLobby(Binding{Game: "toy", Guild: "g", Channel: channel, Host: users[0], Users: users, Created: time.Now()})
	if err != nil {
		return 0, err
	}
	if _, _, err := s.CreateAt(cat, id, "toy", nil, seats, Meta{}); err != nil {
		return 0, err
	}
	return id, nil
}
