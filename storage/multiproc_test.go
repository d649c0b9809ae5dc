package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spindle/games"
)

// twoProcesses opens two stores on one fresh PostgreSQL database: two
// processes sharing it, each with its own committer, caches and lease
// owner. It skips on bbolt, which one process holds.
func twoProcesses(t *testing.T, opts Options) (*Store, *Store) {
	t.Helper()
	if !onPostgres {
		t.Skip("needs a database two processes share: runs in the PostgreSQL run")
	}
	url := newPath(t, "")
	opts.NoSync = true
	return openAt(t, url, opts), openAt(t, url, opts)
}

// TestTwoProcessesNeverMoveTwiceAtOneVersion: two processes prepare a
// move on the same version of a table (each has read the envelope before
// either writes), then both write. The envelope's row lock makes the
// second wait for the first and then see its write: one move commits, the
// other is refused as stale, and the log has one entry per version.
func TestTwoProcessesNeverMoveTwiceAtOneVersion(t *testing.T) {
	a, b := twoProcesses(t, Options{})
	cat := catalog(t)
	id, _, _, err := a.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	for round := range 10 {
		tab, err := b.Load(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Over() {
			break
		}
		seat, key := next(t, tab)
		at := tab.Version()
		// Both have prepared before either writes.
		var ready sync.WaitGroup
		ready.Add(2)
		hook := func() { ready.Done(); ready.Wait() }
		a.afterPrepare, b.afterPrepare = hook, hook
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, s := range []*Store{a, b} {
			wg.Go(func() {
				_, _, errs[i] = s.Play(cat, id, seat, at, key, meta(1000+10*round+i))
			})
		}
		wg.Wait()
		a.afterPrepare, b.afterPrepare = nil, nil
		ok, stale := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, games.ErrStale):
				stale++
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if ok != 1 || stale != 1 {
			t.Fatalf("round %d: two processes playing at version %d: %v; want one move and one ErrStale", round, at, errs)
		}
		log, err := a.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range log {
			if e.Version != uint64(i+1) {
				t.Fatalf("round %d: log entry %d has version %d: a version was written twice or skipped", round, i, e.Version)
			}
		}
	}
}

// TestTwoProcessesFireEachTimerOnce: two processes run the timer loop on
// one schedule; each timer is claimed, fired and removed by exactly one
// of them.
func TestTwoProcessesFireEachTimerOnce(t *testing.T) {
	a, b := twoProcesses(t, Options{})
	base := time.Unix(1_800_000_000, 0)
	const n = 120
	var ts []Timer
	for i := range n {
		ts = append(ts, Timer{Due: base.Add(time.Duration(i) * time.Millisecond), Table: uint64(i + 1), Kind: "expire", Deadline: base})
	}
	if err := a.Schedule(ts...); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	fired := map[uint64][]string{}
	var wg sync.WaitGroup
	for name, s := range map[string]*Store{"a": a, "b": b} {
		wg.Go(func() {
			for idle := 0; idle < 3; {
				due, err := s.Due(base.Add(time.Hour), 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(due) == 0 {
					idle++
					time.Sleep(10 * time.Millisecond)
					continue
				}
				for _, tm := range due {
					mu.Lock()
					fired[tm.Table] = append(fired[tm.Table], name)
					mu.Unlock()
					if err := s.Unschedule(tm); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	by := map[string]int{}
	for i := range n {
		got := fired[uint64(i+1)]
		if len(got) != 1 {
			t.Fatalf("timer %d fired %d times (%v), want once", i+1, len(got), got)
		}
		by[got[0]]++
	}
	t.Logf("timers fired by process: %v", by)
	if left, _ := a.Due(base.Add(time.Hour), 10); len(left) != 0 {
		t.Fatalf("%d timers left", len(left))
	}
}

// TestDeadProcessLeasesAreTakenOver: a process that claims timers and an
// unshown move and dies (closes without finishing them) holds them until
// its lease runs out; then another process claims them, once.
func TestDeadProcessLeasesAreTakenOver(t *testing.T) {
	const lease = 400 * time.Millisecond
	a, b := twoProcesses(t, Options{Lease: lease})
	base := time.Unix(1_800_000_000, 0)
	ts := []Timer{
		{Due: base, Table: 1, Kind: "expire", Deadline: base},
		{Due: base, Table: 2, Kind: "ai", Deadline: base},
	}
	if err := a.Schedule(ts...); err != nil {
		t.Fatal(err)
	}
	putOutbox(t, a, Unannounced{Table: 7, From: 1, To: 2, Since: base})
	got, err := a.Due(base.Add(time.Minute), 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("a claims: %v, %v", got, err)
	}
	if recs, err := a.Unannounced(0); err != nil || len(recs) != 1 {
		t.Fatalf("a claims the outbox: %v, %v", recs, err)
	}
	claimed := time.Now()
	// a still holds them: b gets nothing, and a renews its own.
	if got, err := b.Due(base.Add(time.Minute), 10); err != nil || len(got) != 0 {
		t.Fatalf("b claimed a's timers: %v, %v", got, err)
	}
	if recs, err := b.Unannounced(0); err != nil || len(recs) != 0 {
		t.Fatalf("b claimed a's unshown move: %v, %v", recs, err)
	}
	if got, err := a.Due(base.Add(time.Minute), 10); err != nil || len(got) != 2 {
		t.Fatalf("a renews its claims: %v, %v", got, err)
	}
	renewed := time.Now()
	// a dies.
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	var took []Timer
	for time.Since(renewed) < 10*lease {
		if took, err = b.Due(base.Add(time.Minute), 10); err != nil {
			t.Fatal(err)
		}
		if len(took) > 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(took) != 2 {
		t.Fatalf("b took over %v, want both timers", took)
	}
	if d := time.Since(renewed); d < lease-50*time.Millisecond {
		t.Fatalf("b took a's timers %v after a renewed them, before the %v lease ran out (claimed %v ago)", d, lease, time.Since(claimed))
	}
	if recs, err := b.Unannounced(0); err != nil || len(recs) != 1 || recs[0].Table != 7 {
		t.Fatalf("b takes over the unshown move: %v, %v", recs, err)
	}
}

// putOutbox writes an outbox record directly, as a move's transaction does.
func putOutbox(t *testing.T, s *Store, rec Unannounced) {
	t.Helper()
	v, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Update(func(tx kvTx) error { return tx.Bucket(bucketOutbox).Put(itob(rec.Table), v) }); err != nil {
		t.Fatal(err)
	}
}

// TestCommitWakesTheOtherProcess: a commit that leaves work (a timer)
// wakes the other process's loops at once (LISTEN/NOTIFY), not the
// committing one's.
func TestCommitWakesTheOtherProcess(t *testing.T) {
	a, b := twoProcesses(t, Options{})
	drain := func(s *Store) {
		for {
			select {
			case <-s.Wake():
			case <-time.After(300 * time.Millisecond):
				return
			}
		}
	}
	drain(a)
	drain(b)
	due := time.Unix(1_800_000_000, 0)
	if err := a.Schedule(Timer{Due: due, Table: 3, Kind: "expire", Deadline: due}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-b.Wake():
	case <-time.After(5 * time.Second):
		t.Fatal("the other process was not woken by a commit with a timer")
	}
	select {
	case <-a.Wake():
		t.Fatal("the committing process woke itself")
	case <-time.After(200 * time.Millisecond):
	}
	// A commit without work wakes nobody.
	if err := a.PutGuild("g", map[string]int{"x": 1}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-b.Wake():
		t.Fatal("a commit without work woke the other process")
	case <-time.After(300 * time.Millisecond):
	}
}

// TestAnnounceReachesTheOtherProcess checks that a table's new version
// announced by one store reaches another store on the same database, and
// not the one that announced it; on bbolt Announce does nothing.
func TestAnnounceReachesTheOtherProcess(t *testing.T) {
	url := newPath(t, "announce.db")
	a := openAt(t, url, Options{})
	if !onPostgres {
		if a.Shared() {
			t.Fatal("a bbolt store says it is shared")
		}
		if err := a.Announce(1, 2); err != nil {
			t.Fatal(err)
		}
		return
	}
	b := openAt(t, url, Options{})
	got := make(chan [2]uint64, 4)
	self := make(chan [2]uint64, 4)
	b.OnAnnounce(func(table, version uint64) { got <- [2]uint64{table, version} })
	a.OnAnnounce(func(table, version uint64) { self <- [2]uint64{table, version} })
	deadline := time.After(10 * time.Second)
	for {
		// The listener may still be connecting: announce until heard.
		if err := a.Announce(7, 42); err != nil {
			t.Fatal(err)
		}
		select {
		case v := <-got:
			if v != [2]uint64{7, 42} {
				t.Fatalf("heard %v, want table 7 at version 42", v)
			}
			select {
			case v := <-self:
				t.Fatalf("the announcing store heard itself: %v", v)
			case <-time.After(200 * time.Millisecond):
			}
			return
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			t.Fatal("the other store never heard the announcement")
		}
	}
}

// TestTwoProcessesClaimOnce has two stores on one database (two processes
// on PostgreSQL; one file on bbolt, where the test still runs) race for
// what only one may get: a retried interaction's first sighting, and the
// lobby of a channel. Each time exactly one wins.
func TestTwoProcessesClaimOnce(t *testing.T) {
	url := newPath(t, "claim.db")
	a := openAt(t, url, Options{})
	b := a
	if onPostgres {
		b = openAt(t, url, Options{})
	}
	now := time.Now()
	for i := range 40 {
		id := fmt.Sprintf("interaction-%d", i)
		var firsts atomic.Int32
		var wg sync.WaitGroup
		for _, s := range []*Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				first, err := s.FirstSeen(id, now, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if first {
					firsts.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := firsts.Load(); n != 1 {
			t.Fatalf("%s: first seen %d times, want once", id, n)
		}
	}
	for i := range 20 {
		ch := fmt.Sprintf("channel-%d", i)
		var won, busy atomic.Int32
		var wg sync.WaitGroup
		for _, s := range []*Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.ClaimLobby(Binding{Game: "toy", Guild: "g1", Channel: ch, Host: "u1", Users: []string{"u1"}})
				switch {
				case err == nil:
					won.Add(1)
				case errors.Is(err, ErrBusy):
					busy.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 || busy.Load() != 1 {
			t.Fatalf("%s: %d lobbies opened and %d refused, want one of each", ch, won.Load(), busy.Load())
		}
	}
}
