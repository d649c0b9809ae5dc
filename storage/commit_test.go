package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle/games"
)

// hold queues a write that keeps the committer busy until n more requests
// are queued behind it (or a second passed), so that they form one batch.
// It returns once the hold is running.
// On PostgreSQL, where writes do not queue (each commits from its
// caller), there is nothing to hold: it returns at once.
func hold(t *testing.T, s *Store, n int) <-chan error {
	t.Helper()
	running := make(chan struct{})
	done := make(chan error, 1)
	if s.pg != nil {
		done <- nil
		return done
	}
	go func() {
		first := true
		done <- s.write(func(kvTx) error {
			if first {
				first = false
				close(running)
			}
			deadline := time.Now().Add(time.Second)
			for len(s.c.reqs) < n && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			return nil
		})
	}()
	<-running
	return done
}

// tables creates n toy tables and returns their ids and first moves.
func tables(t *testing.T, s *Store, cat *games.Catalog, n int) ([]uint64, []games.Table) {
	t.Helper()
	ids, tabs := make([]uint64, n), make([]games.Table, n)
	for i := range n {
		id, tab, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0})
		if err != nil {
			t.Fatal(err)
		}
		ids[i], tabs[i] = id, tab
	}
	return ids, tabs
}

func TestGroupCommitSharesCommits(t *testing.T) {
	boltOnly(t, "PostgreSQL commits each write on its own connection and groups the WAL flushes itself")
	for _, n := range []int{2, 16} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cat := catalog(t)
			s, _ := open(t)
			ids, tabs := tables(t, s, cat, n)
			before := s.c.commits.Load()
			held := hold(t, s, n)
			var wg sync.WaitGroup
			errs := make([]error, n)
			for i := range n {
				wg.Go(func() {
					seat, key := next(t, tabs[i])
					_, _, errs[i] = s.Play(cat, ids[i], seat, tabs[i].Version(), key, meta(100+i))
				})
			}
			wg.Wait()
			if err := <-held; err != nil {
				t.Fatal(err)
			}
			for i, err := range errs {
				if err != nil {
					t.Fatalf("play on table %d: %v", ids[i], err)
				}
			}
			// The hold's commit, then one batch with every move.
			if got := s.c.commits.Load() - before; got != 2 {
				t.Fatalf("%d moves took %d commits besides the hold's; want one", n, got-1)
			}
			for i, id := range ids {
				tab, err := s.Load(cat, id)
				if err != nil || tab.Version() != tabs[i].Version()+1 {
					t.Fatalf("table %d after the batch: %v, %v", id, tab, err)
				}
			}
		})
	}
}

func TestGroupCommitManyMovesSomeBatched(t *testing.T) {
	cat := catalog(t)
	s, _ := openAt(t, newPath(t, "s.db"), Options{}), ""
	const n = 16
	ids, _ := tables(t, s, cat, n)
	before := s.c.commits.Load()
	var wg sync.WaitGroup
	moves := make([]int, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			tab, err := s.Load(cat, ids[i])
			for k := 0; err == nil && !tab.Over() && k < 6; k++ {
				seat, key := next(t, tab)
				tab, _, err = s.Play(cat, ids[i], seat, tab.Version(), key, Meta{Interaction: fmt.Sprintf("m%d-%d", i, k)})
				moves[i]++
			}
			errs[i] = err
		})
	}
	wg.Wait()
	total := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		total += moves[i]
	}
	if got := s.c.commits.Load() - before; got > uint64(total) {
		t.Fatalf("%d moves took %d commits", total, got)
	}
}

// TestPostgresWritesRunSideBySide checks that on PostgreSQL a write does
// not wait for another one still in its transaction: a move commits while
// a slower write holds its connection, and both are stored.
func TestPostgresWritesRunSideBySide(t *testing.T) {
	pgOnly(t, "writes that commit from their callers")
	cat := catalog(t)
	s, _ := open(t)
	ids, tabs := tables(t, s, cat, 1)
	inside, release := make(chan struct{}), make(chan struct{})
	slow := make(chan error, 1)
	go func() {
		first := true
		slow <- s.write(func(tx kvTx) error {
			if first {
				first = false
				close(inside)
				<-release
			}
			return tx.Bucket(bucketGuilds).Put([]byte("slow"), []byte("{}"))
		})
	}()
	<-inside
	seat, key := next(t, tabs[0])
	played := make(chan error, 1)
	go func() {
		_, _, err := s.Play(cat, ids[0], seat, tabs[0].Version(), key, meta(1))
		played <- err
	}()
	select {
	case err := <-played:
		if err != nil {
			t.Fatalf("move beside a write in progress: %v", err)
		}
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the move waited for another caller's write")
	}
	close(release)
	if err := <-slow; err != nil {
		t.Fatalf("the slow write: %v", err)
	}
	var g map[string]any
	if err := s.GetGuild("slow", &g); err != nil {
		t.Fatalf("the slow write was not stored: %v", err)
	}
	if tab, err := s.Load(cat, ids[0]); err != nil || tab.Version() != tabs[0].Version()+1 {
		t.Fatalf("table after the move: %v, %v", tab, err)
	}
}

func TestBatchFailureIsolated(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	const n = 8
	ids, tabs := tables(t, s, cat, n)
	boom := errors.New("boom")
	refused := errors.New("refused")
	held := hold(t, s, n+2)
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			seat, key := next(t, tabs[i])
			_, _, errs[i] = s.Play(cat, ids[i], seat, tabs[i].Version(), key, meta(200+i))
		})
	}
	var dirty, cleanErr error
	wg.Go(func() {
		// Fails after writing: the batch rolls back and is rerun alone.
		dirty = s.write(func(tx kvTx) error {
			if err := tx.Bucket(bucketGuilds).Put([]byte("ghost"), []byte("{}")); err != nil {
				return err
			}
			return boom
		})
	})
	wg.Go(func() {
		// Fails before writing: the batch goes on.
		cleanErr = s.write(func(kvTx) error { return clean(refused) })
	})
	wg.Wait()
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if !errors.Is(dirty, boom) || !errors.Is(cleanErr, refused) {
		t.Fatalf("failing writes = %v, %v", dirty, cleanErr)
	}
	if isClean(cleanErr) {
		t.Fatal("the clean marker leaked to the caller")
	}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("play %d next to failing writes: %v", i, err)
		}
	}
	var g map[string]any
	if err := s.GetGuild("ghost", &g); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the failed write's put survived: %v", err)
	}
}

func TestConcurrentSameMove(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sameID   bool
		wantFail error
	}{
		{"duplicate interaction", true, ErrDuplicate},
		{"stale version", false, games.ErrStale},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := catalog(t)
			s, _ := open(t)
			id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
			if err != nil {
				t.Fatal(err)
			}
			seat, key := next(t, tab)
			const n = 8
			errs := make([]error, n)
			outs := make([]games.Table, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					m := meta(10 + i)
					if tc.sameID {
						m = meta(10)
					}
					outs[i], _, errs[i] = s.Play(cat, id, seat, tab.Version(), key, m)
				})
			}
			wg.Wait()
			ok := 0
			for i, err := range errs {
				switch {
				case err == nil:
					ok++
				case errors.Is(err, tc.wantFail):
					if outs[i] == nil || outs[i].Version() != tab.Version()+1 {
						t.Errorf("refused play returned table %v, want the current one", outs[i])
					}
				default:
					t.Errorf("play %d: %v", i, err)
				}
			}
			if ok != 1 {
				t.Fatalf("%d plays succeeded, want 1: %v", ok, errs)
			}
			if log, _ := s.Log(id); uint64(len(log)) != tab.Version()+1 {
				t.Fatalf("log has %d entries after one move", len(log))
			}
		})
	}
}

// bound creates a toy table with a binding, through a lobby.
func bound(t *testing.T, s *Store, cat *games.Catalog) (uint64, games.Table) {
	t.Helper()
	id, err := s.CreateLobby(Binding{Game: "toy", Guild: "g", Channel: "c", Host: "a", Users: []string{"a", "b"}, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
	tab, _, err := s.CreateAt(cat, id, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	return id, tab
}

func TestEffects(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab := bound(t, s, cat)
	seat, key := next(t, tab)
	due := t0.Add(time.Hour)
	clock := json.RawMessage(`{"deadline":1}`)
	effects := func(b *Binding, after games.Table) ([]Timer, error) {
		if b.Table != id || b.Status != StatusActive || after.Version() != tab.Version()+1 {
			return nil, fmt.Errorf("effects saw %+v at version %d", b, after.Version())
		}
		b.Clock = clock
		return []Timer{{Due: due, Table: id, Seat: 1, Kind: "expire", Deadline: due}}, nil
	}

	// A failing Effects, or a failing commit after it, rolls the move back.
	before := dump(t, s, id)
	boom := errors.New("boom")
	m := meta(2)
	m.Effects = func(*Binding, games.Table) ([]Timer, error) { return nil, boom }
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); !errors.Is(err, boom) {
		t.Fatalf("play with failing effects: %v", err)
	}
	m.Effects = effects
	s.beforeCommit = func() error { return boom }
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); !errors.Is(err, boom) {
		t.Fatalf("play with failing commit: %v", err)
	}
	s.beforeCommit = nil
	if !dump(t, s, id).equal(before) {
		t.Fatal("a rolled-back move changed the table")
	}
	if ts, _ := s.Due(due, 10); len(ts) != 0 {
		t.Fatalf("rolled-back timers: %+v", ts)
	}
	if b, _ := s.GetBinding(id); b.Clock != nil {
		t.Fatalf("rolled-back clock: %s", b.Clock)
	}

	// A move with effects writes them in its transaction.
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); err != nil {
		t.Fatal(err)
	}
	b, err := s.GetBinding(id)
	if err != nil || string(b.Clock) != string(clock) || b.Status != StatusActive {
		t.Fatalf("binding after the move: %+v, %v", b, err)
	}
	ts, err := s.Due(due, 10)
	if err != nil || len(ts) != 1 || ts[0].Table != id || ts[0].Kind != "expire" {
		t.Fatalf("timers after the move: %+v, %v", ts, err)
	}
	// A bad timer is refused like a failing Effects.
	tab, _ = s.Load(cat, id)
	seat, key = next(t, tab)
	m = meta(3)
	m.Effects = func(*Binding, games.Table) ([]Timer, error) { return []Timer{{Table: id}}, nil }
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); err == nil {
		t.Fatal("a timer without due time was accepted")
	}
	// A table without a binding never runs Effects.
	free, ftab, _, err := s.Create(cat, "toy", nil, 2, meta(4))
	if err != nil {
		t.Fatal(err)
	}
	seat, key = next(t, ftab)
	m = meta(5)
	m.Effects = func(*Binding, games.Table) ([]Timer, error) { return nil, boom }
	if _, _, err := s.Play(cat, free, seat, ftab.Version(), key, m); err != nil {
		t.Fatalf("effects ran on an unbound table: %v", err)
	}
}

func TestSetMessage(t *testing.T) {
	cat := catalog(t)
	path := newPath(t, "s.db")
	s := openAt(t, path, Options{NoSync: true})
	id, _ := bound(t, s, cat)
	if err := s.SetMessage(0, "m", 0, "", t0); err == nil {
		t.Fatal("SetMessage without a table id was accepted")
	}
	stored := func() string {
		var b Binding
		if err := s.db.View(func(tx kvTx) error {
			return getJSON(tx.Bucket(bucketBindings), itob(id), &b, "binding")
		}); err != nil {
			t.Fatal(err)
		}
		return b.Message
	}

	// Seen at once, written by the background flush without another commit.
	if err := s.SetMessage(id, "m1", 0, "", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.GetBinding(id); b.Message != "m1" || !b.Updated.Equal(t0.Add(time.Minute)) {
		t.Fatalf("GetBinding before the flush: %+v", b)
	}
	deadline := time.Now().Add(2 * time.Second)
	for stored() != "m1" {
		if time.Now().After(deadline) {
			t.Fatal("the message id was never flushed")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// Carried by the next commit; a later PutBinding wins over an earlier
	// SetMessage.
	if err := s.SetMessage(id, "m2", 0, "", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetActive("c", id); err != nil {
		t.Fatal(err)
	}
	if got := stored(); got != "m2" {
		t.Fatalf("stored message after the next commit = %q", got)
	}
	if err := s.SetMessage(id, "m3", 0, "", time.Time{}); err != nil {
		t.Fatal(err)
	}
	b, err := s.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	b.Message = "m4"
	if err := s.PutBinding(b); err != nil {
		t.Fatal(err)
	}
	if got := stored(); got != "m4" {
		t.Fatalf("PutBinding after SetMessage left %q", got)
	}

	// Durable after Close and reopen.
	if err := s.SetMessage(id, "m5", 0, "", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMessage(id, "m6", 0, "", time.Time{}); err == nil {
		t.Fatal("SetMessage after Close was accepted")
	}
	if err := s.PutGuild("g", map[string]int{}); err == nil {
		t.Fatal("a write after Close was accepted")
	}
	s2 := openAt(t, path, Options{NoSync: true})
	if b, err := s2.GetBinding(id); err != nil || b.Message != "m5" {
		t.Fatalf("message after reopening: %+v, %v", b, err)
	}
}

// TestSetMessageSeenWhileWritten: while the commit that writes a recorded
// board id is under way (taken from the pending ids, not yet stored),
// GetBinding still sees that id and the turn with it, not the older
// stored ones. (A reader in that gap once saw the previous board, and a
// board was posted anew where it should have been edited.)
func TestSetMessageSeenWhileWritten(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _ := bound(t, s, cat)
	checked := false
	for try := 0; try < 20 && !checked; try++ {
		msg := fmt.Sprintf("m%d", try)
		if err := s.SetMessage(id, msg, 0, "1", time.Time{}); err != nil {
			t.Fatal(err)
		}
		inside, release := make(chan bool), make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- s.write(func(kvTx) error {
				s.c.msgMu.Lock()
				_, flying := s.c.flight[id]
				s.c.msgMu.Unlock()
				inside <- flying
				<-release
				return nil
			})
		}()
		if !<-inside {
			// The background flush wrote the id before this commit
			// began: nothing to see in the gap this time.
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := s.GetBinding(id)
		close(release)
		if err != nil {
			t.Fatal(err)
		}
		if b.Message != msg || b.BoardTurn != "1" {
			t.Fatalf("while %q is being written, GetBinding sees message %q, turn %q", msg, b.Message, b.BoardTurn)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if b, _ := s.GetBinding(id); b.Message != msg {
			t.Fatalf("after the commit, GetBinding sees %q, not %q", b.Message, msg)
		}
		checked = true
	}
	if !checked {
		t.Fatal("the background flush always came first; the gap was never looked at")
	}
}

func TestPruneInteractionsByRange(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0, Interaction: "i0"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5 && !tab.Over(); i++ {
		seat, key := next(t, tab)
		tab, _, err = s.Play(cat, id, seat, tab.Version(), key, Meta{At: t0.Add(time.Duration(i) * time.Hour), Interaction: fmt.Sprint("i", i)})
		if err != nil {
			t.Fatal(err)
		}
	}
	indexed := func() int {
		n := 0
		_ = s.db.View(func(tx kvTx) error {
			n = tx.Bucket(bucketInterByTime).KeyN()
			return nil
		})
		return n
	}
	total := countInteractions(t, s)
	if indexed() != total {
		t.Fatalf("%d index entries for %d records", indexed(), total)
	}
	for _, tc := range []struct {
		before time.Time
		want   int
	}{
		{t0, 0},
		{t0.Add(time.Nanosecond), 1},
		{t0.Add(150 * time.Minute), 2},
		{t0.Add(150 * time.Minute), 0},
		{t0.Add(100 * time.Hour), total - 3},
	} {
		n, err := s.PruneInteractions(tc.before)
		if err != nil || n != tc.want {
			t.Fatalf("PruneInteractions(%v) = %d, %v; want %d", tc.before, n, err, tc.want)
		}
	}
	if countInteractions(t, s) != 0 || indexed() != 0 {
		t.Fatal("records left after pruning everything")
	}
}

func TestOpenIndexesOldInteractions(t *testing.T) {
	cat := catalog(t)
	path := newPath(t, "s.db")
	s := openAt(t, path, Options{NoSync: true})
	if _, _, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0, Interaction: "old"}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0.Add(2 * time.Hour), Interaction: "new"}); err != nil {
		t.Fatal(err)
	}
	// Turn the file into a schema 1 database: no index, and a junk record.
	if err := s.db.Update(func(tx kvTx) error {
		if err := tx.DeleteBucket(bucketInterByTime); err != nil {
			return err
		}
		if err := tx.Bucket(bucketInteractions).Put([]byte("junk"), []byte("{")); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keySchema, itob(1))
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openAt(t, path, Options{NoSync: true})
	if got := countInteractions(t, s); got != 2 {
		t.Fatalf("%d records after the migration, want 2 (junk dropped)", got)
	}
	if err := s.db.View(func(tx kvTx) error {
		if v := tx.Bucket(bucketMeta).Get(keySchema); btoi(v) != SchemaVersion {
			t.Errorf("schema after the migration = %d", btoi(v))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.PruneInteractions(t0.Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("prune after the migration = %d, %v", n, err)
	}
}

func TestReadOnlyRefusesWrites(t *testing.T) {
	_, path := open(t)
	ro, err := Open(path, Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		// The writer holds the lock; a read-only open needs it shared.
		if !errors.Is(err, ErrInUse) {
			t.Fatal(err)
		}
		return
	}
	defer ro.Close()
	if err := ro.PutGuild("g", 1); err == nil {
		t.Fatal("a read-only store accepted a write")
	}
}

func TestPanickingEffectsFailsOnlyItsMove(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab := bound(t, s, cat)
	seat, key := next(t, tab)
	m := meta(2)
	m.Effects = func(*Binding, games.Table) ([]Timer, error) { panic("bad hook") }
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); err == nil {
		t.Fatal("a panicking hook did not fail its move")
	}
	m.Effects = nil
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); err != nil {
		t.Fatalf("the store after a panicking hook: %v", err)
	}
}

func TestPlayRereadsAChangedTable(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	seat, key := next(t, tab)
	calls := 0
	s.afterPrepare = func() {
		calls++
		if calls == 1 {
			// Another click lands between the read and the write.
			if _, _, err := s.Play(cat, id, seat, tab.Version(), key, meta(3)); err != nil {
				t.Error(err)
			}
		}
	}
	out, steps, err := s.Play(cat, id, seat, tab.Version(), key, meta(2))
	s.afterPrepare = nil
	if !errors.Is(err, games.ErrStale) || steps != nil {
		t.Fatalf("play overtaken by another = %v, %v", steps, err)
	}
	if out == nil || out.Version() != tab.Version()+1 {
		t.Fatalf("overtaken play returned %v, want the current table", out)
	}
	// The write saw the change and the move started over: the engine
	// refused the re-read table (no third prepare), rather than the retry
	// limit.
	if calls != 2 || strings.Contains(err.Error(), "while the move was prepared") {
		t.Fatalf("afterPrepare ran %d times, error %v; want 2 and the engine's refusal", calls, err)
	}
	if log, _ := s.Log(id); uint64(len(log)) != tab.Version()+1 {
		t.Fatalf("log has %d entries after one move", len(log))
	}
}

func TestPlayGivesUpAfterRepeatedChanges(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	seat, key := next(t, tab)
	calls := 0
	s.afterPrepare = func() {
		calls++
		// Rewrite the envelope in another, equivalent spelling: same
		// table, other bytes.
		if err := s.db.Update(func(tx kvTx) error {
			bk := tx.Bucket(bucketTables)
			var buf bytes.Buffer
			if calls%2 == 1 {
				if err := json.Indent(&buf, bk.Get(itob(id)), "", " "); err != nil {
					return err
				}
			} else if err := json.Compact(&buf, bk.Get(itob(id))); err != nil {
				return err
			}
			return bk.Put(itob(id), buf.Bytes())
		}); err != nil {
			t.Error(err)
		}
	}
	out, _, err := s.Play(cat, id, seat, tab.Version(), key, meta(2))
	s.afterPrepare = nil
	if !errors.Is(err, games.ErrStale) || calls != maxAttempts {
		t.Fatalf("play on a table that keeps changing = %v after %d tries", err, calls)
	}
	if out == nil || out.Version() != tab.Version() {
		t.Fatalf("the refusal returned %v, want the current table", out)
	}
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, meta(2)); err != nil {
		t.Fatalf("the same play once the table is quiet: %v", err)
	}
}

// TestStartAndEndBookkeeping: the move that starts a game puts it in its
// players' index, and the move that ends it takes it out, frees the
// channel and drops its timers, each in that move's own commit.
func TestStartAndEndBookkeeping(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, err := s.CreateLobby(Binding{Game: "toy", Guild: "g", Channel: "c", Host: "a", Users: []string{"a", "b"}, Created: t0})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetActive("c", id); err != nil {
		t.Fatal(err)
	}
	before := s.Commits()
	tab, _, err := s.CreateAt(cat, id, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Commits() - before; got != 1 {
		t.Fatalf("the start cost %d commits", got)
	}
	for _, u := range []string{"a", "b"} {
		if ids, err := s.Playing(u); err != nil || !slices.Contains(ids, id) {
			t.Fatalf("%s's games after the start: %v %v", u, ids, err)
		}
	}
	due := t0.Add(time.Hour)
	if err := s.Schedule(Timer{Due: due, Table: id, Seat: 0, Kind: "expire", Deadline: due}); err != nil {
		t.Fatal(err)
	}
	for n := 2; !tab.Over(); n++ {
		seat, key := next(t, tab)
		if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(n)); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range []string{"a", "b"} {
		if ids, _ := s.Playing(u); slices.Contains(ids, id) {
			t.Fatalf("%s still plays the finished table", u)
		}
	}
	if active, err := s.Active("c"); err == nil && active == id {
		t.Fatal("the channel still names the finished table")
	}
	if ts, _ := s.Due(due, 10); len(ts) != 0 {
		t.Fatalf("the finished table kept its timers: %+v", ts)
	}
	if b, _ := s.GetBinding(id); b.Status != StatusFinished {
		t.Fatalf("binding status %q", b.Status)
	}
}

// TestCachedTablesMatchTheStore: moves played from the decoded-table
// cache give exactly the table the stored envelope decodes to, move after
// move, and a table changed behind the cache (an undo) is decoded afresh.
func TestCachedTablesMatchTheStore(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(0))
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; !tab.Over(); n++ {
		seat, key := next(t, tab)
		if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(n)); err != nil {
			t.Fatal(err)
		}
		stored, err := s.Load(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := tab.StateJSON()
		b, _ := stored.StateJSON()
		if string(a) != string(b) || tab.Version() != stored.Version() {
			t.Fatalf("move %d: the played table and the stored one differ", n)
		}
		if n == 1 {
			if _, ok := s.tables.fork(id, mustEnvelope(t, s, id)); !ok {
				t.Fatal("the cache does not hold the table just moved")
			}
		}
	}
}

// TestBoundIsTheBindingWritten: Meta.Bound receives the binding as the
// move's transaction wrote it, its effects included, so that the caller
// need not read it back; a move that fails leaves it as it was, and a
// table without a binding never sets it.
func TestBoundIsTheBindingWritten(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab := bound(t, s, cat)
	seat, key := next(t, tab)
	var got Binding
	m := meta(2)
	m.Bound = &got
	m.Effects = func(b *Binding, _ games.Table) ([]Timer, error) {
		b.Clock = json.RawMessage(`{"deadline":2}`)
		return nil, nil
	}
	s.beforeCommit = func() error { return errors.New("boom") }
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, m); err == nil {
		t.Fatal("the failing commit was accepted")
	}
	s.beforeCommit = nil
	after, _, err := s.Play(cat, id, seat, tab.Version(), key, m)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := s.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, stored) || string(got.Clock) != `{"deadline":2}` {
		t.Fatalf("Bound = %+v, stored %+v", got, stored)
	}
	// The binding changed between the moves: Bound carries the change (it
	// is the binding the move's transaction read and wrote, not the one the
	// last move left).
	if err := s.PutBinding(func() Binding { b := stored; b.Names = []string{"renamed", "too"}; return b }()); err != nil {
		t.Fatal(err)
	}
	seat, key = next(t, after)
	m = meta(3)
	m.Bound = &got
	if _, _, err := s.Play(cat, id, seat, after.Version(), key, m); err != nil {
		t.Fatal(err)
	}
	if stored, _ = s.GetBinding(id); !reflect.DeepEqual(got, stored) || got.Names[0] != "renamed" {
		t.Fatalf("after a rename, Bound = %+v, stored %+v", got, stored)
	}
	// A table without a binding leaves Bound alone.
	free, ftab, _, err := s.Create(cat, "toy", nil, 2, meta(4))
	if err != nil {
		t.Fatal(err)
	}
	seat, key = next(t, ftab)
	untouched := Binding{Table: 99}
	m = meta(5)
	m.Bound = &untouched
	if _, _, err := s.Play(cat, free, seat, ftab.Version(), key, m); err != nil {
		t.Fatal(err)
	}
	if untouched.Table != 99 || untouched.Game != "" {
		t.Fatalf("an unbound table set Bound: %+v", untouched)
	}
}
