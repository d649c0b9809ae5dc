package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle/games"
	"spindle/games/gametest/toy"
)

func TestCreateStoresEnvelopeAndOpeningSteps(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, steps, err := s.Create(cat, "toy", games.Options{"pace": "fast"}, 3, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if id != 1 || tab.Version() != 1 || len(steps) != 1 || steps[0].Seat != games.Chance {
		t.Fatalf("Create = id %d, version %d, steps %+v; want id 1 after one deal", id, tab.Version(), steps)
	}
	stored, err := s.Envelope(id)
	if err != nil {
		t.Fatal(err)
	}
	env, err := tab.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := env.Marshal()
	if !bytes.Equal(stored, want) {
		t.Errorf("stored envelope differs from Envelope().Marshal()")
	}
	if env.Seed == [2]uint64{} || env.Opts["pace"] != "fast" {
		t.Errorf("envelope seed %v opts %v", env.Seed, env.Opts)
	}
	log, err := s.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 1 || log[0].Step.Key != steps[0].Key || !log[0].At.Equal(meta(1).At) || log[0].Interaction != "i1" {
		t.Fatalf("log = %+v", log)
	}
	// The seed never reaches the log.
	r := dump(t, s, id)
	for _, part := range [][]byte{[]byte(`"seed"`), []byte(`"rng"`)} {
		if bytes.Contains(bytes.Join(r.log, nil), part) {
			t.Errorf("log holds %s", part)
		}
	}
	// Seeds differ between tables.
	id2, tab2, _, err := s.Create(cat, "toy", nil, 2, meta(2))
	if err != nil || id2 != 2 {
		t.Fatalf("second Create = %d, %v", id2, err)
	}
	if env2, _ := tab2.Envelope(); env2.Seed == env.Seed {
		t.Errorf("two tables share seed %v", env.Seed)
	}
	// Bad arguments store nothing and consume no id.
	if _, _, _, err := s.Create(cat, "toy", nil, 9, meta(3)); !errors.Is(err, games.ErrSeats) {
		t.Errorf("Create with 9 seats: %v", err)
	}
	if _, _, _, err := s.Create(cat, "nope", nil, 2, meta(4)); !errors.Is(err, games.ErrUnknownGame) {
		t.Errorf("Create of an unknown game: %v", err)
	}
	if id3, _, _, err := s.Create(cat, "toy", nil, 2, meta(5)); err != nil || id3 != 3 {
		t.Errorf("Create after failures = %d, %v; want id 3", id3, err)
	}
}

func TestCreateDuplicateInteraction(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	id2, tab, steps, err := s.Create(cat, "toy", nil, 2, meta(1))
	if !errors.Is(err, ErrDuplicate) || id2 != id || tab == nil || steps != nil {
		t.Fatalf("repeated Create = %d, %v, %v, %v; want table %d with ErrDuplicate", id2, tab, steps, err, id)
	}
	if _, err := s.Load(cat, 2); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a second table was stored: %v", err)
	}
}

func TestPlayRefusalsLeaveStoreUnchanged(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Play(cat, id, 0, 1, "bet:1", meta(2)); err != nil {
		t.Fatal(err)
	}
	before, nInter := dump(t, s, id), countInteractions(t, s)
	cases := []struct {
		name string
		seat games.Seat
		at   uint64
		key  string
		want error
	}{
		{"stale", 1, 1, "bet:0", games.ErrStale},
		{"wrong seat", 0, 2, "bet:0", games.ErrNotYourTurn},
		{"chance seat", games.Chance, 2, "roll:3", games.ErrNotYourTurn},
		{"illegal", 1, 2, "play:99", games.ErrIllegal},
		{"malformed", 1, 2, "zzz", games.ErrBadKey},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, steps, err := s.Play(cat, id, c.seat, c.at, c.key, meta(10+i))
			if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "storage: ") {
				t.Fatalf("Play = %v, want %v", err, c.want)
			}
			if got == nil || got.Version() != 2 || steps != nil {
				t.Fatalf("Play returned table %v, steps %v; want the unchanged table", got, steps)
			}
			if !dump(t, s, id).equal(before) || countInteractions(t, s) != nInter {
				t.Fatal("a refused move changed the store")
			}
		})
	}
	if _, _, err := s.Play(cat, 42, 0, 0, "bet:0", meta(30)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Play on a missing table: %v", err)
	}
}

func TestFailureBeforeCommitStoresNothing(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	before, nInter := dump(t, s, id), countInteractions(t, s)
	boom := errors.New("disk on fire")
	s.beforeCommit = func() error { return boom }
	tab, steps, err := s.Play(cat, id, 0, 1, "bet:1", meta(2))
	if !errors.Is(err, boom) || tab != nil || steps != nil {
		t.Fatalf("Play with a failing commit = %v, %v, %v", tab, steps, err)
	}
	if _, _, _, err := s.Create(cat, "toy", nil, 2, meta(3)); !errors.Is(err, boom) {
		t.Fatalf("Create with a failing commit: %v", err)
	}
	if !dump(t, s, id).equal(before) || countInteractions(t, s) != nInter {
		t.Fatal("a rolled-back move changed the store")
	}
	s.beforeCommit = nil
	// The interaction was not recorded, so the retry applies.
	tab, steps, err = s.Play(cat, id, 0, 1, "bet:1", meta(2))
	if err != nil || tab.Version() != 2 || len(steps) != 1 {
		t.Fatalf("retry = %v, %v, %v", tab, steps, err)
	}
	if id2, _, _, err := s.Create(cat, "toy", nil, 2, meta(3)); err != nil || id2 != 2 {
		t.Fatalf("Create after a rolled-back Create = %d, %v; want id 2", id2, err)
	}
}

func TestPlayDuplicateInteraction(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	m := meta(2)
	if _, _, err := s.Play(cat, id, 0, 1, "bet:1", m); err != nil {
		t.Fatal(err)
	}
	after := dump(t, s, id)
	// The same click again, even with another (valid) move, applies nothing.
	tab, steps, err := s.Play(cat, id, 1, 2, "bet:0", m)
	if !errors.Is(err, ErrDuplicate) || tab == nil || tab.Version() != 2 || steps != nil {
		t.Fatalf("repeated Play = %v, %v, %v; want the current table and ErrDuplicate", tab, steps, err)
	}
	if !dump(t, s, id).equal(after) {
		t.Fatal("a duplicate interaction changed the store")
	}
	if _, _, err := s.Concede(cat, id, 1, 2, m); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("Concede with a used interaction: %v", err)
	}
	if _, _, err := s.Undo(cat, id, 0, 2, m); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("Undo with a used interaction: %v", err)
	}
	// Without an interaction id there is no check.
	if _, _, err := s.Play(cat, id, 1, 2, "bet:0", Meta{}); err != nil {
		t.Fatal(err)
	}
	log, _ := s.Log(id)
	if last := log[len(log)-1]; last.Interaction != "" || last.At.IsZero() {
		t.Errorf("entry without meta = %+v; want a clock time and no interaction", last)
	}
}

func TestConcurrentPlaysOneWins(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			_, _, errs[i] = s.Play(cat, id, games.Seat(i), 1, "bet:0", meta(10+i))
		})
	}
	wg.Wait()
	ok, stale := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, games.ErrStale):
			stale++
		}
	}
	if ok != 1 || stale != 1 {
		t.Fatalf("two plays on version 1: %v; want one success and one ErrStale", errs)
	}
}

// playOut plays table id to the end with first legal moves, one interaction
// each, starting at interaction n.
func playOut(t *testing.T, s *Store, cat *games.Catalog, id uint64, n int) games.Table {
	t.Helper()
	tab, err := s.Load(cat, id)
	if err != nil {
		t.Fatal(err)
	}
	for !tab.Over() {
		seat, key := next(t, tab)
		at := tab.Version()
		var steps []games.Step
		tab, steps, err = s.Play(cat, id, seat, at, key, meta(n))
		if err != nil {
			t.Fatalf("Play(%s, %d, %q): %v", seat, at, key, err)
		}
		if len(steps) == 0 || steps[0].Version != at+1 || steps[len(steps)-1].Version != tab.Version() {
			t.Fatalf("steps %+v after version %d", steps, at)
		}
		n++
	}
	return tab
}

func TestFullGameThenReplay(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	for seats := 2; seats <= 4; seats++ {
		id, _, _, err := s.Create(cat, "toy", nil, seats, meta(seats*100))
		if err != nil {
			t.Fatal(err)
		}
		final := playOut(t, s, cat, id, seats*100+1)
		if _, ok := final.Result(); !ok {
			t.Fatal("game over without a result")
		}
		log, err := s.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		if uint64(len(log)) != final.Version() {
			t.Fatalf("log has %d entries for version %d", len(log), final.Version())
		}
		rolls := 0
		for i, e := range log {
			if e.Version != uint64(i+1) || e.At.IsZero() || e.Interaction == "" {
				t.Fatalf("entry %d = %+v", i, e)
			}
			if strings.HasPrefix(e.Key, "roll:") {
				rolls++
			}
		}
		if rolls != 2 {
			t.Errorf("%d rolls logged, want 2", rolls)
		}
		loaded, err := s.Load(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := s.Replay(cat, id)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := loaded.StateJSON()
		b, _ := replayed.StateJSON()
		if !bytes.Equal(a, b) || loaded.Version() != replayed.Version() {
			t.Fatalf("replay differs from the snapshot:\n%s v%d\n%s v%d", a, loaded.Version(), b, replayed.Version())
		}
		env, _ := replayed.Envelope()
		eb, _ := env.Marshal()
		if stored, _ := s.Envelope(id); !bytes.Equal(eb, stored) {
			t.Fatal("replayed envelope differs from the stored one")
		}
		if _, _, err := s.Play(cat, id, 0, final.Version(), "play:1", meta(seats*100+99)); !errors.Is(err, games.ErrGameOver) {
			t.Fatalf("Play after the end: %v", err)
		}
	}
}

func TestRestart(t *testing.T) {
	cat := catalog(t)
	s, path := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		seat, key := next(t, tab)
		if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(2+i)); err != nil {
			t.Fatal(err)
		}
	}
	before := dump(t, s, id)
	log1, _ := s.Log(id)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openAt(t, path, Options{})
	if !dump(t, s, id).equal(before) {
		t.Fatal("table changed across a restart")
	}
	log2, _ := s.Log(id)
	j1, _ := json.Marshal(log1)
	j2, _ := json.Marshal(log2)
	if !bytes.Equal(j1, j2) {
		t.Fatalf("log changed across a restart:\n%s\n%s", j1, j2)
	}
	// An interaction applied before the restart is still known.
	if _, _, err := s.Play(cat, id, 0, tab.Version(), "play:1", meta(4)); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("old interaction after restart: %v", err)
	}
	final := playOut(t, s, cat, id, 10)
	if !final.Over() {
		t.Fatal("game did not continue to its end")
	}
}

func TestConcede(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 3, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Concede(cat, id, 5, 1, meta(2)); !errors.Is(err, games.ErrCannotConcede) {
		t.Fatalf("Concede by seat 5: %v", err)
	}
	tab, steps, err := s.Concede(cat, id, 2, 1, meta(3))
	if err != nil {
		t.Fatal(err)
	}
	if !tab.Over() || len(steps) != 1 || steps[0].Key != games.KeyConcede {
		t.Fatalf("Concede = over %v, steps %+v", tab.Over(), steps)
	}
	r, _ := tab.Result()
	if r.Reason != "conceded" {
		t.Errorf("result %+v", r)
	}
	replayed, err := s.Replay(cat, id)
	if err != nil || !replayed.Over() || replayed.Version() != 2 {
		t.Fatalf("Replay after concession = %v, %v", replayed, err)
	}
}

func TestLoadRefusesUnknownEnvelopes(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	env, _ := tab.Envelope()
	put := func(id uint64, b []byte) {
		t.Helper()
		if err := s.db.Update(func(tx kvTx) error {
			return tx.Bucket(bucketTables).Put(itob(id), b)
		}); err != nil {
			t.Fatal(err)
		}
	}
	withRules := func(r int) []byte {
		e := env
		e.Rules = r
		b, _ := e.Marshal()
		return b
	}
	put(70, []byte(`{"schema":99,"game":"toy","rules":1,"state":{}}`))
	put(71, withRules(2))
	put(72, withRules(0))
	put(73, []byte(`{"schema":1,"game":"chess","rules":1,"state":{}}`))
	put(74, []byte(`not json`))
	cases := []struct {
		id   uint64
		want error
		text string
	}{
		{70, games.ErrSchema, "schema 99"},
		{71, games.ErrNewerRules, "rules version 2"},
		{72, games.ErrOldRules, "rules version 0"},
		{73, games.ErrUnknownGame, "chess"},
		{74, games.ErrCorrupt, "envelope"},
	}
	for _, c := range cases {
		_, err := s.Load(cat, c.id)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("Load(%d) = %v; want %v mentioning %q", c.id, err, c.want, c.text)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "storage: table ") {
			t.Errorf("Load(%d) error %q lacks the table prefix", c.id, err)
		}
		if _, _, err := s.Play(cat, c.id, 0, 1, "bet:0", Meta{}); !errors.Is(err, c.want) {
			t.Errorf("Play(%d) = %v; want %v", c.id, err, c.want)
		}
	}
	if strings.Contains(fmtErr(s.Load(cat, 71)), "seed") {
		t.Error("error mentions the seed")
	}
	if _, err := s.Load(cat, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(cat, 99); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load of a missing table: %v", err)
	}
	if _, err := s.Log(99); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Log of a missing table: %v", err)
	}
	if _, err := s.Replay(cat, 99); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Replay of a missing table: %v", err)
	}
}

func fmtErr(_ games.Table, err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestSnapshotAndLogMustAgree(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Update(func(tx kvTx) error {
		return tx.Bucket(bucketLogs).Bucket(itob(id)).Delete(itob(1))
	}); err != nil {
		t.Fatal(err)
	}
	before := dump(t, s, id)
	if _, _, err := s.Play(cat, id, 0, 1, "bet:0", meta(2)); !errors.Is(err, games.ErrCorrupt) {
		t.Fatalf("Play on a table whose log lags: %v", err)
	}
	if !dump(t, s, id).equal(before) {
		t.Fatal("refused move changed the store")
	}
}

func TestUndo(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toyundo", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Undo(cat, id, 0, 1, meta(2)); !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("Undo across the deal: %v", err)
	}
	if _, _, err = s.Play(cat, id, 0, 1, "bet:1", meta(3)); err != nil {
		t.Fatal(err)
	}
	tab, _, err := s.Play(cat, id, 0, 2, "bet:0", meta(4))
	if err != nil {
		t.Fatal(err)
	}
	before := dump(t, s, id)
	refusals := []struct {
		name string
		seat games.Seat
		at   uint64
		want error
	}{
		{"another seat's action", 1, 3, games.ErrNothingToUndo},
		{"stale", 0, 2, games.ErrStale},
		{"spectator", games.Spectator, 3, games.ErrNothingToUndo},
	}
	for i, c := range refusals {
		got, steps, err := s.Undo(cat, id, c.seat, c.at, meta(10+i))
		if !errors.Is(err, c.want) || got == nil || got.Version() != 3 || steps != nil {
			t.Fatalf("%s: Undo = %v, %v, %v; want %v with the current table", c.name, got, steps, err, c.want)
		}
		if !dump(t, s, id).equal(before) {
			t.Fatalf("%s: refused undo changed the store", c.name)
		}
	}

	tab, undone, err := s.Undo(cat, id, 0, tab.Version(), meta(20))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Version() != 1 || len(undone) != 2 || undone[0].Key != "bet:1" || undone[1].Key != "bet:0" {
		t.Fatalf("Undo = version %d, undone %+v", tab.Version(), undone)
	}
	if v := tab.View(0).(toy.View); v.MyBet != -1 {
		t.Fatalf("bet after undo = %d, want none", v.MyBet)
	}
	log, _ := s.Log(id)
	if len(log) != 1 {
		t.Fatalf("log after undo has %d entries, want 1", len(log))
	}
	loaded, _ := s.Load(cat, id)
	replayed, err := s.Replay(cat, id)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := loaded.StateJSON()
	b, _ := replayed.StateJSON()
	if !bytes.Equal(a, b) || loaded.Version() != 1 {
		t.Fatal("replay after undo differs from the snapshot")
	}
	ea, _ := loaded.Envelope()
	eb, _ := replayed.Envelope()
	if !bytes.Equal(ea.RNG, eb.RNG) {
		t.Fatal("undo lost the RNG state")
	}

	// Play resumes at the old version; a reveal is an undo barrier.
	if _, _, err = s.Play(cat, id, 0, 1, "bet:0", meta(21)); err != nil {
		t.Fatal(err)
	}
	if tab, _, err = s.Play(cat, id, 1, 2, "bet:1", meta(22)); err != nil {
		t.Fatal(err)
	}
	seat, key := next(t, tab)
	if tab, _, err = s.Play(cat, id, seat, 3, key, meta(23)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Undo(cat, id, seat, tab.Version(), meta(24)); !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("Undo of a revealed card: %v", err)
	}
	if !playOut(t, s, cat, id, 30).Over() {
		t.Fatal("game did not finish after an undo")
	}
}

func TestUndoPolicy(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toypolicy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err = s.Play(cat, id, 0, 1, "bet:1", meta(2)); err != nil {
		t.Fatal(err)
	}
	if _, _, err = s.Play(cat, id, 0, 2, "bet:0", meta(3)); err != nil {
		t.Fatal(err)
	}
	tab, undone, err := s.Undo(cat, id, 0, 3, meta(4))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Version() != 2 || len(undone) != 1 || undone[0].Key != "bet:0" {
		t.Fatalf("Undo under policy = version %d, undone %+v; want only bet:0 undone", tab.Version(), undone)
	}
	if _, _, err := s.Undo(cat, id, 0, 2, meta(5)); !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("Undo of a bet the policy forbids: %v", err)
	}
}

func TestPruneInteractions(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, _, _, err := s.Create(cat, "toy", nil, 2, Meta{At: t0, Interaction: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Play(cat, id, 0, 1, "bet:0", Meta{At: t0.Add(time.Hour), Interaction: "b"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Play(cat, id, 1, 2, "bet:0", Meta{At: t0.Add(2 * time.Hour), Interaction: "c"}); err != nil {
		t.Fatal(err)
	}
	n, err := s.PruneInteractions(t0.Add(90 * time.Minute))
	if err != nil || n != 2 {
		t.Fatalf("PruneInteractions = %d, %v; want 2", n, err)
	}
	if got := countInteractions(t, s); got != 1 {
		t.Fatalf("%d records left, want 1", got)
	}
	tab, _ := s.Load(cat, id)
	seat, key := next(t, tab)
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, Meta{Interaction: "c"}); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("recent interaction after pruning: %v", err)
	}
	if n, err := s.PruneInteractions(t0); err != nil || n != 0 {
		t.Fatalf("second prune = %d, %v", n, err)
	}
}

func TestLogBack(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	id, tab, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		seat, key := next(t, tab)
		if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, meta(2+i)); err != nil {
			t.Fatal(err)
		}
	}
	full, err := s.Log(id)
	if err != nil || len(full) < 2 {
		t.Fatalf("log: %d entries, %v", len(full), err)
	}
	var back []uint64
	if err := s.LogBack(id, func(e Entry) bool { back = append(back, e.Version); return len(back) < 2 }); err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back[0] != full[len(full)-1].Version || back[1] != full[len(full)-2].Version {
		t.Fatalf("LogBack gave versions %v; the log ends %v, %v", back, full[len(full)-2].Version, full[len(full)-1].Version)
	}
	if err := s.LogBack(999999, func(Entry) bool { return true }); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LogBack of a missing table: %v", err)
	}
}

// TestLogBackPages walks a long log back across the reads it is made of
// (16 entries, then 64, ...), whole and stopping at a page's edge, and
// reads it whole (Log), on either backend.
func TestLogBackPages(t *testing.T) {
	s, _ := open(t)
	const id, n = 77, 300
	err := s.db.Update(func(tx kvTx) error {
		log, err := tx.Bucket(bucketLogs).CreateBucket(itob(id))
		if err != nil {
			return err
		}
		for v := uint64(1); v <= n; v++ {
			if err := putJSON(log, itob(v), Entry{Step: games.Step{Version: v}, At: t0}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, stop := range []int{n + 1, 16, 17, 80, 81} {
		var back []uint64
		if err := s.LogBack(id, func(e Entry) bool { back = append(back, e.Version); return len(back) < stop }); err != nil {
			t.Fatal(err)
		}
		if len(back) != min(stop, n) {
			t.Fatalf("walk stopping at %d read %d entries", stop, len(back))
		}
		for i, v := range back {
			if v != n-uint64(i) {
				t.Fatalf("walk stopping at %d: entry %d is version %d, want %d", stop, i, v, n-i)
			}
		}
	}
	log, err := s.Log(id)
	if err != nil || len(log) != n {
		t.Fatalf("Log: %d entries, %v", len(log), err)
	}
	for i, e := range log {
		if e.Version != uint64(i+1) {
			t.Fatalf("Log entry %d is version %d", i, e.Version)
		}
	}
}
