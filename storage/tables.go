package storage

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"spindle/games"
)

// Meta is what the bot knows about a move beyond the engine: when, who (the
// Discord user id) and through which interaction. An empty Interaction
// disables the idempotency check (moves made by the AI or the turn clock).
type Meta struct {
	At          time.Time
	User        string
	Interaction string
}

// normalize stamps a zero time with the clock and stores times in UTC.
func (m Meta) normalize() Meta {
	if m.At.IsZero() {
		m.At = time.Now()
	}
	m.At = m.At.UTC()
	return m
}

// Entry is one log record: the engine's Step plus the bot's metadata. The
// chance steps a move triggers carry the meta of that move.
type Entry struct {
	games.Step
	At          time.Time `json:"at"`
	User        string    `json:"user,omitempty"`
	Interaction string    `json:"interaction,omitempty"`
}

// interaction is the idempotency record of one applied interaction.
type interaction struct {
	Table   uint64    `json:"table"`
	Version uint64    `json:"version"`
	At      time.Time `json:"at"`
}

// decodeEntry decodes a log record stored under an 8-byte version key and
// checks that the key and the record agree.
func decodeEntry(k, v []byte) (Entry, error) {
	if len(k) != 8 {
		return Entry{}, fmt.Errorf("storage: log key of %d bytes: %w", len(k), games.ErrCorrupt)
	}
	var e Entry
	if err := json.Unmarshal(v, &e); err != nil {
		return Entry{}, fmt.Errorf("storage: log entry %d: %w", btoi(k), errors.Join(games.ErrCorrupt, err))
	}
	if e.Version != btoi(k) {
		return Entry{}, fmt.Errorf("storage: log entry under key %d has version %d: %w", btoi(k), e.Version, games.ErrCorrupt)
	}
	return e, nil
}

// decodeInteraction decodes an idempotency record.
func decodeInteraction(v []byte) (interaction, error) {
	var r interaction
	if err := json.Unmarshal(v, &r); err != nil {
		return interaction{}, fmt.Errorf("storage: interaction record: %w", errors.Join(games.ErrCorrupt, err))
	}
	return r, nil
}

// newSeed draws a table's secret seed from the operating system.
func newSeed() ([2]uint64, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return [2]uint64{}, fmt.Errorf("storage: seed: %w", err)
	}
	return [2]uint64{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}, nil
}

// Create creates a table of game under a new id, resolves the opening chance
// steps with a fresh secret seed and stores the envelope and the log in one
// transaction. A repeated m.Interaction returns the table it created, with
// an error wrapping ErrDuplicate.
func (s *Store) Create(cat *games.Catalog, game string, opts games.Options, seats int, m Meta) (uint64, games.Table, []games.Step, error) {
	m = m.normalize()
	var (
		id    uint64
		out   games.Table
		steps []games.Step
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		if prev, err := duplicate(tx, m); err != nil {
			id = prev.Table
			out, _ = loadTx(tx, cat, prev.Table)
			return err
		}
		seq, err := tx.Bucket(bucketTables).NextSequence()
		if err != nil {
			return fmt.Errorf("storage: table id: %w", err)
		}
		t, st, err := s.createTx(tx, cat, seq, game, opts, seats, m)
		if err != nil {
			return err
		}
		id, out, steps = seq, t, st
		return nil
	})
	if err != nil {
		return id, out, nil, err
	}
	return id, out, steps, nil
}

// CreateAt creates a table like Create under an id reserved earlier by
// CreateLobby. The id must have been reserved and hold no table yet
// (ErrExists). A lobby binding under the id becomes "active" in the same
// transaction.
func (s *Store) CreateAt(cat *games.Catalog, id uint64, game string, opts games.Options, seats int, m Meta) (games.Table, []games.Step, error) {
	m = m.normalize()
	var (
		out   games.Table
		steps []games.Step
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		if prev, err := duplicate(tx, m); err != nil {
			out, _ = loadTx(tx, cat, prev.Table)
			return err
		}
		tables := tx.Bucket(bucketTables)
		if id == 0 || id > tables.Sequence() {
			return fmt.Errorf("storage: table id %d was never reserved: %w", id, ErrNotFound)
		}
		if tables.Get(itob(id)) != nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrExists)
		}
		t, st, err := s.createTx(tx, cat, id, game, opts, seats, m)
		if err != nil {
			return err
		}
		out, steps = t, st
		return nil
	})
	if err != nil {
		return out, nil, err
	}
	return out, steps, nil
}

func (s *Store) createTx(tx *bolt.Tx, cat *games.Catalog, id uint64, game string, opts games.Options, seats int, m Meta) (games.Table, []games.Step, error) {
	seed, err := newSeed()
	if err != nil {
		return nil, nil, err
	}
	t, steps, err := cat.New(game, opts, seats, seed)
	if err != nil {
		return nil, nil, fmt.Errorf("storage: create %s: %w", game, err)
	}
	if _, err := tx.Bucket(bucketLogs).CreateBucket(itob(id)); err != nil {
		return nil, nil, fmt.Errorf("storage: log of table %d: %w", id, err)
	}
	if err := s.commitMove(tx, id, t, steps, m); err != nil {
		return nil, nil, err
	}
	return t, steps, nil
}

// Play applies seat's action key, chosen at version at, to table id and
// stores the new snapshot, the log entries and the interaction record in one
// transaction; nothing is written when any part fails. It returns the table
// after the move and every step applied (the action and the chance steps
// that followed).
//
// A repeated m.Interaction applies nothing and returns the current table
// with an error wrapping ErrDuplicate. A refusal by the engine (games.ErrStale,
// ErrNotYourTurn, ErrIllegal, ...) returns the unchanged current table with
// the wrapped error, so the bot can show a fresh panel.
func (s *Store) Play(cat *games.Catalog, id uint64, seat games.Seat, at uint64, key string, m Meta) (games.Table, []games.Step, error) {
	return s.advance(cat, id, m, func(t games.Table) ([]games.Step, error) { return t.Play(seat, at, key) })
}

// Concede lets seat concede table id, chosen at version at, with the same
// transaction, idempotency and error rules as Play.
func (s *Store) Concede(cat *games.Catalog, id uint64, seat games.Seat, at uint64, m Meta) (games.Table, []games.Step, error) {
	return s.advance(cat, id, m, func(t games.Table) ([]games.Step, error) { return t.Concede(seat, at) })
}

func (s *Store) advance(cat *games.Catalog, id uint64, m Meta, act func(games.Table) ([]games.Step, error)) (games.Table, []games.Step, error) {
	m = m.normalize()
	return s.inMove(cat, id, m, func(tx *bolt.Tx, t games.Table) (games.Table, []games.Step, error) {
		st, err := act(t)
		if err != nil {
			return nil, nil, fmt.Errorf("storage: table %d: %w", id, err)
		}
		if err := s.commitMove(tx, id, t, st, m); err != nil {
			return nil, nil, err
		}
		return t, st, nil
	})
}

// inMove runs fn inside one write transaction on table id, after openMove
// (load, refuse a repeated interaction, check snapshot and log agree); m
// is already normalized by the caller, whose fn commits with it. On
// error the table returned is the current one when the rules refused
// (nothing changed, worth showing) or the interaction was a duplicate, and
// nil when storage failed.
func (s *Store) inMove(cat *games.Catalog, id uint64, m Meta, fn func(*bolt.Tx, games.Table) (games.Table, []games.Step, error)) (games.Table, []games.Step, error) {
	var (
		out   games.Table
		steps []games.Step
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		t, err := openMove(tx, cat, id, m)
		if err != nil {
			if errors.Is(err, ErrDuplicate) {
				out = t
			}
			return err
		}
		out = t
		next, st, err := fn(tx, t)
		if err != nil {
			return err
		}
		out, steps = next, st
		return nil
	})
	if err != nil {
		if !errors.Is(err, ErrDuplicate) && !isEngineRefusal(err) {
			out = nil
		}
		return out, nil, err
	}
	return out, steps, nil
}

// Undo takes back seat's own last actions within its current turn, chosen
// at version at: the trailing run of the log that games.UndoKeep allows
// (never across chance, a reveal, a concession or another seat's action,
// and never against the game's UndoPolicy when the table or its catalog
// kind implements games.UndoPolicy). The table is rebuilt by replaying the
// kept prefix of the log, keeping the current RNG state, and the log is
// truncated, in one transaction. It returns the table after the undo and
// the steps taken back. Errors and idempotency are as for Play.
func (s *Store) Undo(cat *games.Catalog, id uint64, seat games.Seat, at uint64, m Meta) (games.Table, []games.Step, error) {
	m = m.normalize()
	return s.inMove(cat, id, m, func(tx *bolt.Tx, t games.Table) (games.Table, []games.Step, error) {
		if at != t.Version() {
			return nil, nil, fmt.Errorf("storage: table %d: undo at version %d, table is at %d: %w", id, at, t.Version(), games.ErrStale)
		}
		entries, err := readLog(tx, id)
		if err != nil {
			return nil, nil, err
		}
		steps := make([]games.Step, len(entries))
		for i, e := range entries {
			steps[i] = e.Step
		}
		keep, err := games.UndoKeep(steps, t.ToAct(), seat, undoPolicy(cat, t))
		if err != nil {
			return nil, nil, fmt.Errorf("storage: table %d: %w", id, err)
		}
		env, err := t.Envelope()
		if err != nil {
			return nil, nil, fmt.Errorf("storage: table %d: %w", id, err)
		}
		head, err := env.Marshal()
		if err != nil {
			return nil, nil, fmt.Errorf("storage: table %d: %w", id, err)
		}
		back, err := cat.Replay(head, steps[:keep])
		if err != nil {
			return nil, nil, fmt.Errorf("storage: table %d: undo replay: %w", id, err)
		}
		log := tx.Bucket(bucketLogs).Bucket(itob(id))
		for _, st := range steps[keep:] {
			if err := log.Delete(itob(st.Version)); err != nil {
				return nil, nil, fmt.Errorf("storage: table %d: truncate log: %w", id, err)
			}
		}
		if err := s.commitMove(tx, id, back, nil, m); err != nil {
			return nil, nil, err
		}
		return back, steps[keep:], nil
	})
}

// isEngineRefusal reports whether a move or an undo failed on the rules
// (the stored table is unchanged and worth showing) rather than on storage.
func isEngineRefusal(err error) bool {
	for _, e := range []error{games.ErrStale, games.ErrNotYourTurn, games.ErrIllegal, games.ErrBadKey,
		games.ErrGameOver, games.ErrCannotConcede, games.ErrNothingToUndo} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// undoPolicy finds the game's optional undo policy: on its catalog kind
// when the kind carries one, else on the bound table, which forwards the
// game's games.UndoPolicy.
func undoPolicy(cat *games.Catalog, t games.Table) games.UndoPolicy {
	// A kind that carries its own policy wins; otherwise the bound table
	// forwards its game's policy (and allows everything when it has none).
	if k, err := cat.Get(t.Info().ID); err == nil {
		if p, ok := k.(games.UndoPolicy); ok {
			return p
		}
	}
	if p, ok := t.(games.UndoPolicy); ok {
		return p
	}
	return nil
}

// commitMove writes the snapshot of t, appends steps to the log, records
// the interaction and finishes an active binding whose game ended. It runs
// the test hook last.
func (s *Store) commitMove(tx *bolt.Tx, id uint64, t games.Table, steps []games.Step, m Meta) error {
	env, err := t.Envelope()
	if err != nil {
		return fmt.Errorf("storage: table %d: %w", id, err)
	}
	b, err := env.Marshal()
	if err != nil {
		return fmt.Errorf("storage: table %d: %w", id, err)
	}
	if err := tx.Bucket(bucketTables).Put(itob(id), b); err != nil {
		return fmt.Errorf("storage: table %d: %w", id, err)
	}
	log := tx.Bucket(bucketLogs).Bucket(itob(id))
	if log == nil {
		return fmt.Errorf("storage: table %d has no log: %w", id, games.ErrCorrupt)
	}
	for _, st := range steps {
		v, err := json.Marshal(Entry{Step: st, At: m.At, User: m.User, Interaction: m.Interaction})
		if err != nil {
			return fmt.Errorf("storage: table %d: encode log entry: %w", id, err)
		}
		if err := log.Put(itob(st.Version), v); err != nil {
			return fmt.Errorf("storage: table %d: log: %w", id, err)
		}
	}
	if m.Interaction != "" {
		v, err := json.Marshal(interaction{Table: id, Version: t.Version(), At: m.At})
		if err != nil {
			return fmt.Errorf("storage: encode interaction: %w", err)
		}
		if err := tx.Bucket(bucketInteractions).Put([]byte(m.Interaction), v); err != nil {
			return fmt.Errorf("storage: interaction: %w", err)
		}
	}
	done, err := advanceBinding(tx, id, t.Over(), m.At)
	if err != nil {
		return err
	}
	if done != nil {
		// The game ended with this move: rate it and record it in the
		// same transaction, so both exist exactly when the end does.
		r, _ := t.Result()
		info := t.Info()
		if err := recordFinished(tx, finished{Table: id, Guild: done.Guild, Game: done.Game, Channel: done.Channel,
			Message: done.Message, Users: done.Users, Names: done.Names, Result: r,
			Duel: info.MaxSeats == 2, At: m.At}); err != nil {
			return err
		}
	}
	if s.beforeCommit != nil {
		if err := s.beforeCommit(); err != nil {
			return fmt.Errorf("storage: table %d: %w", id, err)
		}
	}
	return nil
}

// advanceBinding moves a table's binding along with the game: a lobby
// becomes active when its table exists, an active one finished when the
// game is over. A table without a binding is left alone. It returns the
// binding when this call finished it, nil otherwise.
func advanceBinding(tx *bolt.Tx, id uint64, over bool, at time.Time) (*Binding, error) {
	bk := tx.Bucket(bucketBindings)
	v := bk.Get(itob(id))
	if v == nil {
		return nil, nil
	}
	var b Binding
	if err := json.Unmarshal(v, &b); err != nil {
		return nil, fmt.Errorf("storage: binding %d: %w", id, errors.Join(games.ErrCorrupt, err))
	}
	switch {
	case b.Status == StatusLobby:
		b.Status = StatusActive
		if over {
			b.Status = StatusFinished
		}
	case b.Status == StatusActive && over:
		b.Status = StatusFinished
	default:
		return nil, nil
	}
	b.Updated = at
	if err := putJSON(bk, itob(id), b); err != nil {
		return nil, err
	}
	if b.Status == StatusFinished {
		return &b, nil
	}
	return nil, nil
}

// duplicate returns the earlier record and an error wrapping ErrDuplicate
// when m's interaction was already applied.
func duplicate(tx *bolt.Tx, m Meta) (interaction, error) {
	if m.Interaction == "" {
		return interaction{}, nil
	}
	v := tx.Bucket(bucketInteractions).Get([]byte(m.Interaction))
	if v == nil {
		return interaction{}, nil
	}
	r, err := decodeInteraction(v)
	if err != nil {
		return interaction{}, err
	}
	return r, fmt.Errorf("storage: interaction %s was already applied to table %d at version %d: %w", m.Interaction, r.Table, r.Version, ErrDuplicate)
}

// checkLogHead refuses to extend a log that does not end at version: the
// snapshot and the log must always agree.
// openMove loads table id inside a move's transaction, refuses an
// interaction already applied (returning the table with ErrDuplicate) and
// checks that the snapshot and the log agree.
func openMove(tx *bolt.Tx, cat *games.Catalog, id uint64, m Meta) (games.Table, error) {
	t, err := loadTx(tx, cat, id)
	if err != nil {
		return nil, err
	}
	if _, err := duplicate(tx, m); err != nil {
		return t, err
	}
	if err := checkLogHead(tx, id, t.Version()); err != nil {
		return nil, err
	}
	return t, nil
}

func checkLogHead(tx *bolt.Tx, id, version uint64) error {
	log := tx.Bucket(bucketLogs).Bucket(itob(id))
	if log == nil {
		return fmt.Errorf("storage: table %d has no log: %w", id, games.ErrCorrupt)
	}
	k, _ := log.Cursor().Last()
	var last uint64
	if k != nil {
		if len(k) != 8 {
			return fmt.Errorf("storage: table %d: log key of %d bytes: %w", id, len(k), games.ErrCorrupt)
		}
		last = btoi(k)
	}
	if last != version {
		return fmt.Errorf("storage: table %d is at version %d but its log ends at %d: %w", id, version, last, games.ErrCorrupt)
	}
	return nil
}

func loadTx(tx *bolt.Tx, cat *games.Catalog, id uint64) (games.Table, error) {
	v := tx.Bucket(bucketTables).Get(itob(id))
	if v == nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
	}
	t, err := cat.Decode(v)
	if err != nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, err)
	}
	return t, nil
}

func readLog(tx *bolt.Tx, id uint64) ([]Entry, error) {
	log := tx.Bucket(bucketLogs).Bucket(itob(id))
	if log == nil {
		return nil, fmt.Errorf("storage: log of table %d: %w", id, ErrNotFound)
	}
	var out []Entry
	err := log.ForEach(func(k, v []byte) error {
		e, err := decodeEntry(k, v)
		if err != nil {
			return fmt.Errorf("storage: table %d: %w", id, err)
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

// Load decodes table id through the catalog. A missing table wraps
// ErrNotFound; the catalog's refusals (games.ErrSchema, ErrNewerRules,
// ErrOldRules, ErrUnknownGame, ErrCorrupt) are wrapped with the table id.
func (s *Store) Load(cat *games.Catalog, id uint64) (games.Table, error) {
	var t games.Table
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		t, err = loadTx(tx, cat, id)
		return err
	})
	return t, err
}

// Envelope returns the stored envelope bytes of table id as written by
// Envelope().Marshal(). They hold the secret seed: never show or log them.
func (s *Store) Envelope(id uint64) ([]byte, error) {
	var b []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketTables).Get(itob(id))
		if v == nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
		}
		b = bytes.Clone(v)
		return nil
	})
	return b, err
}

// Log returns table id's log in version order.
func (s *Store) Log(id uint64) ([]Entry, error) {
	var out []Entry
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		out, err = readLog(tx, id)
		return err
	})
	return out, err
}

// Replay rebuilds table id from its envelope header and its log alone (the
// strong replay: chance steps are applied as logged). It should equal Load.
func (s *Store) Replay(cat *games.Catalog, id uint64) (games.Table, error) {
	var t games.Table
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketTables).Get(itob(id))
		if v == nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
		}
		entries, err := readLog(tx, id)
		if err != nil {
			return err
		}
		steps := make([]games.Step, len(entries))
		for i, e := range entries {
			steps[i] = e.Step
		}
		t, err = cat.Replay(v, steps)
		if err != nil {
			return fmt.Errorf("storage: table %d: replay: %w", id, err)
		}
		return nil
	})
	return t, err
}

// PruneInteractions removes the idempotency records older than before and
// returns how many went. Records that do not decode are removed too.
func (s *Store) PruneInteractions(before time.Time) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketInteractions)
		var old [][]byte
		err := bk.ForEach(func(k, v []byte) error {
			r, err := decodeInteraction(v)
			if err != nil || r.At.Before(before) {
				old = append(old, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range old {
			if err := bk.Delete(k); err != nil {
				return fmt.Errorf("storage: prune interactions: %w", err)
			}
		}
		n = len(old)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}
