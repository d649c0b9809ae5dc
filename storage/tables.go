package storage

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spindle/games"
)

// Meta is what the bot knows about a move beyond the engine: when, who (the
// Discord user id) and through which interaction. An empty Interaction
// disables the idempotency check (moves made by the AI or the turn clock).
type Meta struct {
	At          time.Time
	User        string
	Interaction string
	// Effects, when set, runs inside the move's write transaction when the
	// table has a binding, after the binding's status followed the game.
	// It receives the binding and the table after the move, may edit the
	// binding (its clock, say) and returns timers to schedule; storage
	// writes the binding and the timers in the move's transaction, so they
	// are durable together with the move or not at all. An error rolls the
	// move back and is returned wrapped. Effects may run more than once for
	// one move (a retried transaction): it must depend only on its
	// arguments. It must not call the Store.
	Effects func(b *Binding, t games.Table) ([]Timer, error)
	// Bound, when set, receives the binding as the move's transaction
	// wrote it (after Effects), so that the caller can announce the move
	// without reading the binding back: one round trip fewer on a shared
	// store. It is meaningful only when the call returns no error, and is
	// left as it was when the table has no binding.
	Bound *Binding
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

// interactionKey is the key of an interaction in the interactions_by_time
// index: the time in nanoseconds (8 bytes big-endian), then the id, so the
// index is in time order and pruning is a cursor walk from its start.
func interactionKey(at time.Time, id string) []byte {
	k := make([]byte, 0, 8+len(id))
	k = binary.BigEndian.AppendUint64(k, uint64(at.UnixNano()))
	return append(k, id...)
}

// maxAttempts bounds how often Play and Concede re-read a table that
// changed between their read and their write.
const maxAttempts = 4

// errConflict: the stored table changed after the move read it.
var errConflict = errors.New("storage: table changed while the move was prepared")

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

// newTable builds a fresh table of game with a new secret seed, outside
// any transaction.
func newTable(cat *games.Catalog, game string, opts games.Options, seats int) (games.Table, []games.Step, error) {
	seed, err := newSeed()
	if err != nil {
		return nil, nil, err
	}
	t, steps, err := cat.New(game, opts, seats, seed)
	if err != nil {
		return nil, nil, fmt.Errorf("storage: create %s: %w", game, err)
	}
	return t, steps, nil
}

// Create creates a table of game under a new id, resolves the opening chance
// steps with a fresh secret seed and stores the envelope and the log in one
// transaction. A repeated m.Interaction returns the table it created, with
// an error wrapping ErrDuplicate.
func (s *Store) Create(cat *games.Catalog, game string, opts games.Options, seats int, m Meta) (uint64, games.Table, []games.Step, error) {
	m = m.normalize()
	t, steps, err := newTable(cat, game, opts, seats)
	if err != nil {
		return 0, nil, nil, err
	}
	p, err := prepare(0, t, steps, m)
	if err != nil {
		return 0, nil, nil, err
	}
	var id, prev uint64
	err = s.write(func(tx kvTx) error {
		id = 0
		if r, err := duplicate(tx, m); err != nil {
			prev = r.Table
			return clean(err)
		}
		seq, err := tx.Bucket(bucketTables).NextSequence()
		if err != nil {
			return fmt.Errorf("storage: table id: %w", err)
		}
		if err := s.createTx(tx, seq, p); err != nil {
			return err
		}
		id = seq
		return nil
	})
	if errors.Is(err, ErrDuplicate) {
		out, _ := s.Load(cat, prev)
		return prev, out, nil, err
	}
	if err != nil {
		return 0, nil, nil, err
	}
	return id, t, steps, nil
}

// CreateAt creates a table like Create under an id reserved earlier by
// CreateLobby. The id must have been reserved and hold no table yet
// (ErrExists). A lobby binding under the id becomes "active" in the same
// transaction.
func (s *Store) CreateAt(cat *games.Catalog, id uint64, game string, opts games.Options, seats int, m Meta) (games.Table, []games.Step, error) {
	m = m.normalize()
	t, steps, err := newTable(cat, game, opts, seats)
	if err != nil {
		return nil, nil, err
	}
	p, err := prepare(id, t, steps, m)
	if err != nil {
		return nil, nil, err
	}
	var prev uint64
	err = s.write(func(tx kvTx) error {
		if r, err := duplicate(tx, m); err != nil {
			prev = r.Table
			return clean(err)
		}
		tables := tx.Bucket(bucketTables)
		if id == 0 || id > tables.Sequence() {
			return clean(fmt.Errorf("storage: table id %d was never reserved: %w", id, ErrNotFound))
		}
		if tables.Get(itob(id)) != nil {
			return clean(fmt.Errorf("storage: table %d: %w", id, ErrExists))
		}
		return s.createTx(tx, id, p)
	})
	if errors.Is(err, ErrDuplicate) {
		out, _ := s.Load(cat, prev)
		return out, nil, err
	}
	if err != nil {
		return nil, nil, err
	}
	return t, steps, nil
}

// createTx stores a new table under id: its log bucket, then the move.
func (s *Store) createTx(tx kvTx, id uint64, p *prepared) error {
	plan, err := planBinding(tx, id, p.t, p.m)
	if err != nil {
		return clean(err)
	}
	if _, err := tx.Bucket(bucketLogs).CreateBucket(itob(id)); err != nil {
		return fmt.Errorf("storage: log of table %d: %w", id, err)
	}
	return s.applyMove(tx, id, p, plan)
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

// advance applies a move optimistically: it reads the envelope in a read
// transaction, decodes it, applies the move and encodes everything outside
// the writer, then writes the bytes in a group commit provided the stored
// envelope is still the one it read. When it is not, it starts over, at
// most maxAttempts times, and then refuses with games.ErrStale.
func (s *Store) advance(cat *games.Catalog, id uint64, m Meta, act func(games.Table) ([]games.Step, error)) (games.Table, []games.Step, error) {
	m = m.normalize()
	// The table this process last stored is tried first without reading
	// the store: the write checks the envelope byte for byte, and on a
	// mismatch or a refusal by a stale table the move starts over from a
	// read, so the cache saves the read and never decides an outcome.
	trusted := false
	for attempt := 1; ; attempt++ {
		var (
			raw               []byte
			head              uint64
			dup, headErr, err error
			t                 games.Table
			cached, fromCache bool
		)
		if !trusted {
			raw, t, fromCache = s.tables.latest(id)
			if fromCache {
				head = t.Version()
			}
		}
		if !fromCache {
			raw, head, dup, headErr, err = s.readMove(id, m)
			if err != nil {
				return nil, nil, err
			}
			t, cached = s.tables.fork(id, raw)
			if !cached {
				if t, err = cat.Decode(raw); err != nil {
					return nil, nil, fmt.Errorf("storage: table %d: %w", id, err)
				}
			}
		}
		trusted = true // a second round always reads
		if dup != nil {
			return t, nil, dup
		}
		if headErr != nil {
			return nil, nil, headErr
		}
		ver := t.Version()
		if head != ver {
			return nil, nil, fmt.Errorf("storage: table %d is at version %d but its log ends at %d: %w", id, ver, head, games.ErrCorrupt)
		}
		st, err := act(t)
		if err != nil && fromCache {
			attempt-- // the cached table may be stale: decide on a read
			continue
		}
		if err != nil {
			err = fmt.Errorf("storage: table %d: %w", id, err)
			if isEngineRefusal(err) {
				// The engine refused before changing anything: the table
				// is still the one read, worth showing.
				return t, nil, err
			}
			return nil, nil, err
		}
		p, err := prepare(id, t, st, m)
		if err != nil {
			return nil, nil, err
		}
		if s.afterPrepare != nil {
			s.afterPrepare()
		}
		err = s.write(func(tx kvTx) error {
			prefetch(tx, moveProbes(id, m.Interaction)...)
			v := tx.Bucket(bucketTables).Get(itob(id))
			if v == nil {
				return clean(fmt.Errorf("storage: table %d: %w", id, ErrNotFound))
			}
			if !bytes.Equal(v, raw) {
				return clean(errConflict)
			}
			if err := checkLogHead(tx, id, ver); err != nil {
				return clean(err)
			}
			if _, err := duplicate(tx, m); err != nil {
				return clean(err)
			}
			plan, err := planBinding(tx, id, t, m)
			if err != nil {
				return clean(err)
			}
			return s.applyMove(tx, id, p, plan)
		})
		switch {
		case err == nil:
			s.tables.put(id, p.env, t)
			return t, st, nil
		case errors.Is(err, errConflict) && fromCache:
			attempt-- // only the cache was stale
			continue
		case errors.Is(err, errConflict) && attempt < maxAttempts:
			continue
		case errors.Is(err, errConflict):
			cur, _ := s.Load(cat, id)
			return cur, nil, fmt.Errorf("storage: table %d changed %d times while the move was prepared: %w", id, attempt, games.ErrStale)
		case errors.Is(err, ErrDuplicate):
			cur, _ := s.Load(cat, id)
			return cur, nil, err
		default:
			return nil, nil, err
		}
	}
}

// readMove reads what a move needs in one read transaction: a copy of the
// envelope, the last log key (or why it cannot be read) and, when m's
// interaction was already applied, the ErrDuplicate error to return. err
// is for a missing table or a failed read.
func (s *Store) readMove(id uint64, m Meta) (raw []byte, head uint64, dup, headErr, err error) {
	err = s.db.View(func(tx kvTx) error {
		prefetch(tx, moveProbes(id, m.Interaction)...)
		v := tx.Bucket(bucketTables).Get(itob(id))
		if v == nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
		}
		raw = bytes.Clone(v)
		if _, err := duplicate(tx, m); err != nil {
			if !errors.Is(err, ErrDuplicate) {
				return err
			}
			dup = err
		}
		log := tx.Bucket(bucketLogs).Bucket(itob(id))
		if log == nil {
			headErr = fmt.Errorf("storage: table %d has no log: %w", id, games.ErrCorrupt)
			return nil
		}
		k, _ := log.Cursor().Last()
		if k != nil {
			if len(k) != 8 {
				headErr = fmt.Errorf("storage: table %d: log key of %d bytes: %w", id, len(k), games.ErrCorrupt)
				return nil
			}
			head = btoi(k)
		}
		return nil
	})
	return raw, head, dup, headErr, err
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
	var (
		out   games.Table
		taken []games.Step
	)
	err := s.write(func(tx kvTx) error {
		out, taken = nil, nil
		t, err := openMove(tx, cat, id, m)
		if err != nil {
			if errors.Is(err, ErrDuplicate) {
				out = t
			}
			return clean(err)
		}
		out = t
		if at != t.Version() {
			return clean(fmt.Errorf("storage: table %d: undo at version %d, table is at %d: %w", id, at, t.Version(), games.ErrStale))
		}
		steps, err := readSteps(tx, id)
		if err != nil {
			return clean(err)
		}
		keep, err := games.UndoKeep(steps, t.ToAct(), seat, undoPolicy(cat, t))
		if err != nil {
			return clean(fmt.Errorf("storage: table %d: %w", id, err))
		}
		env, err := t.Envelope()
		if err != nil {
			return clean(fmt.Errorf("storage: table %d: %w", id, err))
		}
		head, err := env.Marshal()
		if err != nil {
			return clean(fmt.Errorf("storage: table %d: %w", id, err))
		}
		back, err := cat.Replay(head, steps[:keep])
		if err != nil {
			return clean(fmt.Errorf("storage: table %d: undo replay: %w", id, err))
		}
		p, err := prepare(id, back, nil, m)
		if err != nil {
			return clean(err)
		}
		plan, err := planBinding(tx, id, back, m)
		if err != nil {
			return clean(err)
		}
		log := tx.Bucket(bucketLogs).Bucket(itob(id))
		for _, st := range steps[keep:] {
			if err := log.Delete(itob(st.Version)); err != nil {
				return fmt.Errorf("storage: table %d: truncate log: %w", id, err)
			}
		}
		if err := s.applyMove(tx, id, p, plan); err != nil {
			return err
		}
		out, taken = back, steps[keep:]
		return nil
	})
	if err != nil {
		if !errors.Is(err, ErrDuplicate) && !isEngineRefusal(err) {
			out = nil
		}
		return out, nil, err
	}
	return out, taken, nil
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

// prepared is a move encoded outside the write transaction: the table
// after the move, its envelope, its log entries and its interaction record.
type prepared struct {
	t       games.Table
	m       Meta
	env     []byte
	steps   []games.Step
	entries [][]byte
	// inter is the interaction record; nil when the move has none or the
	// table id is drawn inside the transaction (Create).
	inter []byte
}

// prepare encodes the writes of a move that left table id (0 when the id
// is not known yet) as t after steps.
func prepare(id uint64, t games.Table, steps []games.Step, m Meta) (*prepared, error) {
	env, err := t.Envelope()
	if err != nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, err)
	}
	b, err := env.Marshal()
	if err != nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, err)
	}
	p := &prepared{t: t, m: m, env: b, steps: steps, entries: make([][]byte, len(steps))}
	for i, st := range steps {
		v, err := json.Marshal(Entry{Step: st, At: m.At, User: m.User, Interaction: m.Interaction})
		if err != nil {
			return nil, fmt.Errorf("storage: table %d: encode log entry: %w", id, err)
		}
		p.entries[i] = v
	}
	if m.Interaction != "" && id != 0 {
		if p.inter, err = encodeInteraction(id, t.Version(), m.At); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func encodeInteraction(id, version uint64, at time.Time) ([]byte, error) {
	v, err := json.Marshal(interaction{Table: id, Version: version, At: at})
	if err != nil {
		return nil, fmt.Errorf("storage: encode interaction: %w", err)
	}
	return v, nil
}

// bindingPlan is what a move does to its table's binding, decided before
// anything is written.
type bindingPlan struct {
	b        Binding
	bound    bool // the table has a binding: its moves are to be shown
	write    bool
	started  bool // the lobby became a running game with this move
	finished bool
	timers   []Timer
}

// planBinding moves a table's binding along with the game (a lobby becomes
// active when its table exists, an active one finished when the game is
// over) and runs m.Effects on it. A table without a binding is left alone.
// It writes nothing.
func planBinding(tx kvTx, id uint64, t games.Table, m Meta) (bindingPlan, error) {
	var plan bindingPlan
	v := tx.Bucket(bucketBindings).Get(itob(id))
	if v == nil {
		return plan, nil
	}
	b, err := decodeBinding(id, v)
	if err != nil {
		return plan, err
	}
	plan.bound = true
	over := t.Over()
	switch {
	case b.Status == StatusLobby:
		b.Status = StatusActive
		if over {
			b.Status = StatusFinished
		}
		plan.write, plan.started = true, true
	case b.Status == StatusActive && over:
		b.Status = StatusFinished
		plan.write = true
	}
	if plan.write {
		b.Updated = m.At
		plan.finished = b.Status == StatusFinished
	}
	if m.Effects != nil {
		ts, err := m.Effects(&b, t)
		if err != nil {
			return plan, fmt.Errorf("storage: table %d: effects: %w", id, err)
		}
		if err := checkTimers(ts); err != nil {
			return plan, err
		}
		b.Table = id
		plan.timers, plan.write = ts, true
	}
	plan.b = b
	return plan, nil
}

// applyMove writes a prepared move of table id and its binding plan: the
// snapshot, the log entries, the interaction record and its time index, the
// binding and the timers, and for a game that ended here its ratings and
// history. It runs the test hook last.
func (s *Store) applyMove(tx kvTx, id uint64, p *prepared, plan bindingPlan) error {
	if err := tx.Bucket(bucketTables).Put(itob(id), p.env); err != nil {
		return fmt.Errorf("storage: table %d: %w", id, err)
	}
	log := tx.Bucket(bucketLogs).Bucket(itob(id))
	if log == nil {
		return fmt.Errorf("storage: table %d has no log: %w", id, games.ErrCorrupt)
	}
	for i, st := range p.steps {
		if err := log.Put(itob(st.Version), p.entries[i]); err != nil {
			return fmt.Errorf("storage: table %d: log: %w", id, err)
		}
	}
	if m := p.m; m.Interaction != "" {
		v := p.inter
		if v == nil {
			var err error
			if v, err = encodeInteraction(id, p.t.Version(), m.At); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketInteractions).Put([]byte(m.Interaction), v); err != nil {
			return fmt.Errorf("storage: interaction: %w", err)
		}
		if err := tx.Bucket(bucketInterByTime).Put(interactionKey(m.At, m.Interaction), nil); err != nil {
			return fmt.Errorf("storage: interaction index: %w", err)
		}
	}
	if plan.write {
		if err := putJSON(tx.Bucket(bucketBindings), itob(id), plan.b); err != nil {
			return err
		}
	}
	if err := scheduleTx(tx, plan.timers); err != nil {
		return err
	}
	if plan.bound && plan.b.Status != StatusLobby {
		to := p.t.Version()
		from := to - min(to, uint64(len(p.steps)))
		if err := noteUnannounced(tx, id, from, to, p.m.At); err != nil {
			return err
		}
	}
	if plan.started && !plan.finished {
		// The players' "my games" index, with the start itself.
		if err := setPlayingTx(tx, id, plan.b.Users, true); err != nil {
			return err
		}
	}
	if plan.finished {
		// A finished table leaves its players' index, its channel and the
		// schedule with the move that ended it.
		if err := setPlayingTx(tx, id, plan.b.Seated(), false); err != nil {
			return err
		}
		if err := clearChannelTx(tx, plan.b.Channel, id); err != nil {
			return err
		}
		if err := unscheduleTableTx(tx, id); err != nil {
			return err
		}
		plan.timers = nil
	}
	if plan.finished {
		// The game ended with this move: rate it and record it in the
		// same transaction, so both exist exactly when the end does.
		done := plan.b
		r, _ := p.t.Result()
		info := p.t.Info()
		if err := recordFinished(tx, finished{Table: id, Guild: done.Guild, Game: done.Game, Channel: done.Channel,
			Message: done.Message, Users: done.Users, Names: done.Names, Result: r,
			Duel: info.MaxSeats == 2, RateAI: done.RateAI, AIPlayed: done.AIPlayed, At: p.m.At}); err != nil {
			return err
		}
	}
	if s.beforeCommit != nil {
		if err := s.beforeCommit(); err != nil {
			return fmt.Errorf("storage: table %d: %w", id, err)
		}
	}
	if p.m.Bound != nil && plan.bound {
		// A retried transaction sets it again; the last one commits.
		*p.m.Bound = plan.b
	}
	return nil
}

// duplicate returns the earlier record and an error wrapping ErrDuplicate
// when m's interaction was already applied.
func duplicate(tx kvTx, m Meta) (interaction, error) {
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

// openMove loads table id inside a move's transaction, refuses an
// interaction already applied (returning the table with ErrDuplicate) and
// checks that the snapshot and the log agree.
func openMove(tx kvTx, cat *games.Catalog, id uint64, m Meta) (games.Table, error) {
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

// checkLogHead refuses to extend a log that does not end at version: the
// snapshot and the log must always agree.
func checkLogHead(tx kvTx, id, version uint64) error {
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

func loadTx(tx kvTx, cat *games.Catalog, id uint64) (games.Table, error) {
	return decodeTable(cat, id, tx.Bucket(bucketTables).Get(itob(id)))
}

// decodeTable decodes table id's stored envelope v (nil: no such table,
// which wraps ErrNotFound) with the catalog, its refusals wrapped with
// the table id.
func decodeTable(cat *games.Catalog, id uint64, v []byte) (games.Table, error) {
	if v == nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
	}
	t, err := cat.Decode(v)
	if err != nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, err)
	}
	return t, nil
}

func readLog(tx kvTx, id uint64) ([]Entry, error) {
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

// readSteps is readLog's steps alone, in order.
func readSteps(tx kvTx, id uint64) ([]games.Step, error) {
	entries, err := readLog(tx, id)
	if err != nil {
		return nil, err
	}
	steps := make([]games.Step, len(entries))
	for i, e := range entries {
		steps[i] = e.Step
	}
	return steps, nil
}

// Load decodes table id through the catalog. A missing table wraps
// ErrNotFound; the catalog's refusals (games.ErrSchema, ErrNewerRules,
// ErrOldRules, ErrUnknownGame, ErrCorrupt) are wrapped with the table id.
func (s *Store) Load(cat *games.Catalog, id uint64) (games.Table, error) {
	v, err := s.readOne(bucketTables, itob(id))
	if err != nil {
		return nil, err
	}
	return decodeTable(cat, id, v)
}

// Envelope returns the stored envelope bytes of table id as written by
// Envelope().Marshal(). They hold the secret seed: never show or log them.
func (s *Store) Envelope(id uint64) ([]byte, error) {
	b, err := s.readOne(bucketTables, itob(id))
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
	}
	return b, nil
}

// Log returns table id's log in version order.
func (s *Store) Log(id uint64) ([]Entry, error) {
	rows, exists, err := s.readNested(bucketLogs, itob(id))
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, fmt.Errorf("storage: log of table %d: %w", id, ErrNotFound)
	}
	var out []Entry
	for _, r := range rows {
		e, err := decodeEntry(r.k, r.v)
		if err != nil {
			return nil, fmt.Errorf("storage: table %d: %w", id, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// LogBack walks table id's log from the newest entry back, calling fn on
// each until fn returns false or the log's start is reached. A board reads
// only the recent part of a long game's log this way. It reads a few
// entries at a time, each read a statement of its own on PostgreSQL (the
// first usually the only one): the entries older than those already read
// never change (a log grows at its end and an undo drops its newest
// entries), so the walk is the log as the first read found it, but for a
// table forgotten meanwhile, whose walk stops where its log vanished.
func (s *Store) LogBack(id uint64, fn func(Entry) bool) error {
	var before []byte
	for n, first := 16, true; ; n, first = min(n*4, 1024), false {
		rows, exists, err := s.readNestedBack(bucketLogs, itob(id), before, n)
		if err != nil {
			return err
		}
		if !exists {
			if first {
				return fmt.Errorf("storage: log of table %d: %w", id, ErrNotFound)
			}
			return nil
		}
		for _, r := range rows {
			e, err := decodeEntry(r.k, r.v)
			if err != nil {
				return fmt.Errorf("storage: table %d: %w", id, err)
			}
			if !fn(e) {
				return nil
			}
		}
		if len(rows) < n {
			return nil
		}
		before = rows[len(rows)-1].k
	}
}

// Replay rebuilds table id from its envelope header and its log alone (the
// strong replay: chance steps are applied as logged). It should equal Load.
func (s *Store) Replay(cat *games.Catalog, id uint64) (games.Table, error) {
	var t games.Table
	err := s.db.View(func(tx kvTx) error {
		v := tx.Bucket(bucketTables).Get(itob(id))
		if v == nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
		}
		steps, err := readSteps(tx, id)
		if err != nil {
			return err
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
// returns how many went. It walks the interactions_by_time index from its
// start up to before, deleting each record and its index entry, and never
// reads the records that stay.
func (s *Store) PruneInteractions(before time.Time) (int, error) {
	end := binary.BigEndian.AppendUint64(nil, uint64(before.UnixNano()))
	n := 0
	err := s.write(func(tx kvTx) error {
		n = 0
		idx := tx.Bucket(bucketInterByTime)
		var old [][]byte
		c := idx.Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if len(k) < 8 || bytes.Compare(k[:8], end) >= 0 {
				break
			}
			old = append(old, bytes.Clone(k))
		}
		recs := tx.Bucket(bucketInteractions)
		for _, k := range old {
			if err := recs.Delete(k[8:]); err != nil {
				return fmt.Errorf("storage: prune interactions: %w", err)
			}
			if err := idx.Delete(k); err != nil {
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

// indexInteractions builds the interactions_by_time index of a database
// written before it existed (schema 1), once, at Open. Records that do not
// decode are removed, as the earlier full-sweep pruning did.
func indexInteractions(tx kvTx) error {
	recs, idx := tx.Bucket(bucketInteractions), tx.Bucket(bucketInterByTime)
	var bad [][]byte
	err := recs.ForEach(func(k, v []byte) error {
		r, err := decodeInteraction(v)
		if err != nil {
			bad = append(bad, bytes.Clone(k))
			return nil
		}
		return idx.Put(interactionKey(r.At, string(k)), nil)
	})
	if err != nil {
		return fmt.Errorf("storage: index interactions: %w", err)
	}
	for _, k := range bad {
		if err := recs.Delete(k); err != nil {
			return fmt.Errorf("storage: index interactions: %w", err)
		}
	}
	return nil
}
