package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// flushDelay bounds how long a lazily recorded message id (SetMessage)
// waits in memory when nothing else commits.
const flushDelay = 250 * time.Millisecond

// errClosed is returned by writes after Close.
var errClosed = errors.New("storage: store is closed")

// errReadOnly is returned by writes on a store opened with Options.ReadOnly.
var errReadOnly = errors.New("storage: store is read-only")

// cleanError marks an error returned by a write function before it wrote
// anything: the transaction it ran in is still good for the other requests
// of the batch.
type cleanError struct{ err error }

func (e cleanError) Error() string { return e.err.Error() }
func (e cleanError) Unwrap() error { return e.err }

// clean marks err as returned before any write; nil stays nil.
func clean(err error) error {
	if err == nil {
		return nil
	}
	return cleanError{err}
}

// isClean reports whether err was marked by clean.
func isClean(err error) bool {
	var c cleanError
	return errors.As(err, &c)
}

// unclean strips the clean marker so callers see the plain error.
func unclean(err error) error {
	if c, ok := err.(cleanError); ok {
		return c.err
	}
	return err
}

// writeReq is one caller's write: fn runs inside a batch transaction and
// done receives the outcome once the batch committed (or failed).
type writeReq struct {
	fn   func(kvTx) error
	done chan error
}

// pendingMessage is a board message id recorded by SetMessage and not yet
// written.
type pendingMessage struct {
	message string
	version uint64 // the table version the message shows; 0 if unknown
	turn    string // who the message asks to act (Binding.BoardTurn)
	updated time.Time
	// shown says message, version and updated were recorded (SetMessage);
	// an entry may hold only a log (SetLog).
	shown bool
	// log is the running log message recorded by SetLog, if any.
	log *BoardLog
}

// merge returns p with the fields recorded in q laid over it.
func (p pendingMessage) merge(q pendingMessage) pendingMessage {
	if q.shown {
		p.message, p.version, p.updated, p.shown = q.message, max(p.version, q.version), q.updated, true
		p.turn = q.turn
	}
	if q.log != nil {
		p.log = q.log
	}
	return p
}

// committer is the state of the group-commit goroutine.
type committer struct {
	reqs    chan writeReq
	kick    chan struct{}
	quit    chan struct{}
	stopped chan struct{}

	// mu guards closed: writes hold it shared while they wait, Close holds
	// it exclusively, so no write is in flight once the committer stops.
	mu     sync.RWMutex
	closed bool

	msgMu sync.Mutex
	msgs  map[uint64]pendingMessage
	// flight holds the message ids a commit took from msgs and is writing
	// now. Until that commit is done, GetBinding still sees them here (the
	// stored binding is older), and no other commit takes message ids:
	// on PostgreSQL, two flushes side by side could land out of order and
	// leave an older board id stored over a newer one.
	flight map[uint64]pendingMessage
	// landings counts the flights that ended (stored, or put back after a
	// rollback), so that a reader can tell whether one ended while it read
	// the stored binding (GetBinding).
	landings uint64

	// commits counts the transactions the committer committed (tests).
	commits atomic.Uint64
}

func newCommitter() *committer {
	return &committer{
		reqs:    make(chan writeReq, 256),
		kick:    make(chan struct{}, 1),
		quit:    make(chan struct{}),
		stopped: make(chan struct{}),
		msgs:    map[uint64]pendingMessage{},
	}
}

// write runs fn in the next group commit (on PostgreSQL: in a transaction
// of its own, committed from the caller's goroutine) and returns once that
// commit is durable (or failed). fn may run more than once (a batch that fails is
// rerun request by request), so it must not keep state across runs other
// than its results. An error fn returns before writing anything must be
// marked with clean, so that the other requests of its batch go on.
func (s *Store) write(fn func(kvTx) error) error {
	c, release, err := s.open()
	if err != nil {
		return err
	}
	defer release()
	done := make(chan error, 1)
	if s.pg != nil {
		// PostgreSQL runs concurrent transactions side by side, each on
		// a connection of its own, and groups their commits at its WAL
		// flush itself. So a write commits from its caller's goroutine,
		// alone (with the message ids recorded meanwhile, as a batch
		// would carry them): no hand-over to the committer and back,
		// and no wait behind another caller's transaction.
		s.commit([]writeReq{{fn: fn, done: done}})
		return unclean(<-done)
	}
	c.reqs <- writeReq{fn: fn, done: done}
	return unclean(<-done)
}

// open returns the committer held open (Close waits for release), or why
// the store takes no writes.
func (s *Store) open() (*committer, func(), error) {
	c := s.c
	if c == nil {
		return nil, nil, errReadOnly
	}
	c.mu.RLock()
	if c.closed {
		c.mu.RUnlock()
		return nil, nil, errClosed
	}
	return c, c.mu.RUnlock, nil
}

// run is the committer goroutine: it takes every request queued so far,
// commits them in one transaction and answers each caller.
func (s *Store) run() {
	c := s.c
	defer close(c.stopped)
	var (
		batch []writeReq
		timer *time.Timer
		due   <-chan time.Time
	)
	for {
		select {
		case r := <-c.reqs:
			batch = append(batch[:0], r)
		drain:
			for {
				select {
				case r := <-c.reqs:
					batch = append(batch, r)
				default:
					break drain
				}
			}
			s.commit(batch)
			clear(batch)
		case <-c.kick:
			if due == nil {
				if timer == nil {
					timer = time.NewTimer(flushDelay)
				} else {
					timer.Reset(flushDelay)
				}
				due = timer.C
			}
		case <-due:
			due = nil
			s.commit(nil)
		case <-c.quit:
			if timer != nil {
				timer.Stop()
			}
			s.commit(nil)
			return
		}
	}
}

// commit runs batch and the pending message ids in one transaction (the
// committer's on bbolt; on PostgreSQL any goroutine's, several at once). When
// a request fails after it began writing, the transaction is rolled back
// and every request is rerun alone, so only the failing one fails.
func (s *Store) commit(batch []writeReq) {
	c := s.c
	c.msgMu.Lock()
	var msgs map[uint64]pendingMessage // taken over: never the live map
	if len(c.msgs) > 0 && c.flight == nil {
		msgs, c.msgs = c.msgs, map[uint64]pendingMessage{}
		c.flight = msgs
	}
	c.msgMu.Unlock()
	if len(batch) == 0 && len(msgs) == 0 {
		return
	}
	if msgs != nil {
		defer s.landed()
	}
	errs := make([]error, len(batch))
	err := s.db.Update(func(tx kvTx) error {
		if err := writeMessages(tx, msgs); err != nil {
			return err
		}
		for i, r := range batch {
			errs[i] = call(r.fn, tx)
			if errs[i] != nil && !isClean(errs[i]) {
				return errs[i]
			}
		}
		return nil
	})
	if err == nil {
		c.commits.Add(1)
		for i, r := range batch {
			r.done <- errs[i]
		}
		return
	}
	// The batch rolled back. Keep the message ids for the next commit
	// unless a newer one was recorded meanwhile.
	if len(msgs) > 0 {
		c.msgMu.Lock()
		for id, m := range msgs {
			// What was recorded since is newer than what failed.
			c.msgs[id] = m.merge(c.msgs[id])
		}
		c.msgMu.Unlock() // the flight ends in landed, deferred above
	}
	if len(batch) == 1 && len(msgs) == 0 {
		batch[0].done <- err
		return
	}
	for _, r := range batch {
		err := s.db.Update(func(tx kvTx) error { return call(r.fn, tx) })
		if err == nil {
			c.commits.Add(1)
		}
		r.done <- err
	}
}

// landed ends the flight of the message ids commit took over: they are
// stored now (or, after a rollback, back in msgs). Ids recorded while they
// were written are flushed next, by the committer's background flush.
func (s *Store) landed() {
	c := s.c
	c.msgMu.Lock()
	if c.flight != nil {
		c.flight = nil
		c.landings++
	}
	more := len(c.msgs) > 0
	c.msgMu.Unlock()
	if more {
		select {
		case c.kick <- struct{}{}:
		default:
		}
	}
}

// call calls fn, turning a panic (in a caller's Effects hook, say) into an
// error for that request, so the committer and the other callers go on.
func call(fn func(kvTx) error, tx kvTx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("storage: write failed: %v", p)
		}
	}()
	return fn(tx)
}

// writeMessages stores pending board message ids in their bindings. A
// binding that no longer exists or does not decode is skipped: a message
// id is never worth failing the batch it rides with.
func writeMessages(tx kvTx, msgs map[uint64]pendingMessage) error {
	if len(msgs) == 0 {
		return nil
	}
	bk := tx.Bucket(bucketBindings)
	for id, m := range msgs {
		v := bk.Get(itob(id))
		if v == nil {
			continue
		}
		b, err := decodeBinding(id, v)
		if err != nil {
			// A corrupt binding cannot take the message; it must not
			// block every other write either.
			continue
		}
		m.apply(&b)
		v, err = json.Marshal(b)
		if err != nil {
			continue
		}
		// bbolt refuses a put before changing anything, so a refusal
		// leaves the transaction good for the batch.
		_ = bk.Put(itob(id), v)
		if m.shown && m.version > 0 {
			_ = clearAnnounced(tx, id, m.version)
		}
	}
	return nil
}

// SetMessage records message as the id of table's board message, showing
// the table at version (0 when it shows no particular version); once
// written, it clears the table's Unannounced record up to that version. It costs
// no commit of its own: the id is kept in memory and written with the next
// group commit, or by a background flush at most about 250 ms later, or by
// Close. A crash within that window loses only which message is the
// current board. GetBinding sees the recorded id at once. A table without
// a binding by then is skipped. turn records whom the board asks to act
// (Binding.BoardTurn).
func (s *Store) SetMessage(table uint64, message string, version uint64, turn string, updated time.Time) error {
	if table == 0 {
		return errors.New("storage: set message needs a table id")
	}
	c, release, err := s.open()
	if err != nil {
		return err
	}
	defer release()
	c.msgMu.Lock()
	c.msgs[table] = c.msgs[table].merge(pendingMessage{message: message, version: version, turn: turn, updated: updated, shown: true})
	c.msgMu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return nil
}

// SetLog records l as table's running log message, the same way and with
// the same durability as SetMessage: written with the next group commit.
// A crash within that window loses only the log message's latest state:
// the moves themselves are in the table's log, which replays show.
func (s *Store) SetLog(table uint64, l BoardLog) error {
	if table == 0 {
		return errors.New("storage: set log needs a table id")
	}
	c, release, err := s.open()
	if err != nil {
		return err
	}
	defer release()
	c.msgMu.Lock()
	c.msgs[table] = c.msgs[table].merge(pendingMessage{log: &l})
	c.msgMu.Unlock()
	select {
	case c.kick <- struct{}{}:
	default:
	}
	return nil
}

// apply lays the recorded fields of p over binding b.
func (p pendingMessage) apply(b *Binding) {
	if p.shown {
		b.Message, b.BoardTurn = p.message, p.turn
		if !p.updated.IsZero() {
			b.Updated = p.updated.UTC()
		}
	}
	if p.log != nil {
		b.Log = *p.log
	}
}

// pendingMessageOf returns the message id recorded by SetMessage for table
// and not yet written, if any.
func (s *Store) pendingMessageOf(table uint64) (pendingMessage, bool) {
	if s.c == nil {
		return pendingMessage{}, false
	}
	s.c.msgMu.Lock()
	defer s.c.msgMu.Unlock()
	return s.c.pending(table)
}

// pending is the id recorded for table and not yet stored: in flight,
// with what was recorded since laid over it. The caller holds msgMu.
func (c *committer) pending(table uint64) (pendingMessage, bool) {
	m, inFlight := c.flight[table]
	if n, ok := c.msgs[table]; ok {
		return m.merge(n), true
	}
	return m, inFlight
}

// landingsNow returns how many flights of message ids have ended so far
// (0 for a read-only store).
func (s *Store) landingsNow() uint64 {
	if s.c == nil {
		return 0
	}
	s.c.msgMu.Lock()
	defer s.c.msgMu.Unlock()
	return s.c.landings
}

// pendingSince is pendingMessageOf, and whether no flight of message ids
// ended since landingsNow returned landings: only then does the pending id
// lie over the binding as it was read in between.
func (s *Store) pendingSince(table, landings uint64) (pendingMessage, bool, bool) {
	if s.c == nil {
		return pendingMessage{}, false, true
	}
	s.c.msgMu.Lock()
	defer s.c.msgMu.Unlock()
	m, ok := s.c.pending(table)
	return m, ok, s.c.landings == landings
}

// Commits returns how many write transactions the store has committed
// since it opened: each is one durable group commit, however many writes
// it carried. Zero for a read-only store.
func (s *Store) Commits() uint64 {
	if s.c == nil {
		return 0
	}
	return s.c.commits.Load()
}
