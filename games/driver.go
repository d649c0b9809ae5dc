package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"spindle/games/internal/dice"
)

// KeyConcede is the driver's key for a seat conceding; it is logged like any
// other action and replayed through the game's Conceder.
const KeyConcede = "!concede"

// Choice is one legal action of a seat: its key and its button label.
type Choice struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Step is one applied action as the driver logs it: the table version after
// the action, who acted, the key and the events it produced.
type Step struct {
	Version uint64  `json:"version"`
	Seat    Seat    `json:"seat"`
	Key     string  `json:"key"`
	Events  []Event `json:"events,omitempty"`
}

// Barrier reports whether undo may never cross this step: chance outcomes
// and reveals of hidden information.
func (s Step) Barrier() bool {
	if s.Seat == Chance {
		return true
	}
	for _, e := range s.Events {
		if e.Reveal {
			return true
		}
	}
	return false
}

// Kind is a game erased of its type parameters; the catalog holds Kinds.
type Kind interface {
	Info() Info
	// New creates a table with the given seed and resolves the opening
	// chance steps (the deal), returning them for the log.
	New(opts Options, seats int, seed [2]uint64) (Table, []Step, error)
	// Open creates a table at its very first node without resolving chance,
	// so a script or test can supply the opening chance outcomes itself.
	Open(opts Options, seats int, seed [2]uint64) (Table, error)
	// Decode restores a table from a stored envelope (already schema-checked).
	Decode(env Envelope) (Table, error)
	// Replay rebuilds a table from the envelope's header (options, seats,
	// seed) and a log, with no randomness: chance steps are applied as
	// logged. The RNG state is taken from env.RNG when present. A game that
	// is a Replayer first takes the modes its log does not record from the
	// envelope's state.
	Replay(env Envelope, log []Step) (Table, error)
	// Glossary lists the game's look-up entries when the game implements
	// Glossary, or nil.
	Glossary() []Entry
}

// Table is one game in progress, erased of its types. Its only mutators are
// Play, Step, Resolve and Concede; each bumps the version once per action
// applied and leaves the table unchanged when it fails.
type Table interface {
	Info() Info
	Options() Options
	Seats() int
	// Version counts the actions applied since New.
	Version() uint64
	// ToAct lists the seats to act; nil when the game is over.
	ToAct() []Seat
	// Over reports whether the game has ended.
	Over() bool
	// Legal lists seat's legal actions with labels; nil for a seat not to act.
	Legal(seat Seat) []Choice
	// Weights are the random-playout weights of Legal(seat), in order, or
	// nil (uniform) for a game without a Weigher.
	Weights(seat Seat) []int
	// Weighed is what a search needs of seat's moves besides Legal, from
	// one listing of them: the random-playout weights of Legal(seat), as
	// Weights gives them, and the indexes in Legal(seat), ascending, of the
	// moves a search should weigh (a Focuser), or nil for all of them.
	Weighed(seat Seat) (weights, focus []int)
	// Evaluate is the game's estimate of each seat's share of a game in
	// progress (an Evaluator), in [0, 1] by seat; false when the game has
	// none or is over. It reads the whole state: only search calls it, and
	// only on determinized copies.
	Evaluate() ([]float64, bool)
	// Play applies seat's action chosen at version at, then samples and
	// applies chance steps up to the next decision. It returns every step
	// applied, in order.
	Play(seat Seat, at uint64, key string) ([]Step, error)
	// Step applies exactly one action (a chance seat may act with a scripted
	// outcome) without resolving chance afterwards.
	Step(seat Seat, at uint64, key string) (Step, error)
	// Resolve samples and applies chance steps until a decision or the end.
	Resolve() ([]Step, error)
	// Concede lets a seat concede when the game allows it.
	Concede(seat Seat, at uint64) ([]Step, error)
	// View is the game's view type for viewer, as any.
	View(viewer Seat) any
	// Result reports the outcome once the game is over.
	Result() (Result, bool)
	// Envelope snapshots the table for storage.
	Envelope() (Envelope, error)
	// StateJSON is the encoded full state (tests and the replay check only).
	StateJSON() ([]byte, error)
	// Fork returns an independent copy of the table (state, RNG, version):
	// moves played on one never show in the other. It uses the game's
	// Cloner when it has one.
	Fork() (Table, error)
	// Determinize returns a copy of the table as viewer might imagine it:
	// every zone hidden from viewer rebuilt at random (the game's
	// Resampler; a game without one hides nothing), and a fresh random
	// source seeded by seed in place of the table's secret one, so future
	// deals are as unknown to the copy as to viewer. Search (the AI)
	// plays on such copies only. A search copy, and a Fork of it, plays
	// in place once it owns its state (one clone, at its first change):
	// a Play that fails leaves it spoiled, to be discarded, and its Legal
	// gives keys without labels.
	Determinize(viewer Seat, seed uint64) (Table, error)
	// Pass returns the key that passes for seat now, when the game has a
	// Passer and allows it; the key is always in seat's legal list.
	Pass(seat Seat) (string, bool)
	// InWindow reports whether seat is answering a window rather than
	// taking its turn (false for games without a Windower).
	InWindow(seat Seat) bool
	// WindowTimeout is how long a window stays open, when the game sets it
	// (a WindowTimer).
	WindowTimeout() (time.Duration, bool)
	// AutoRespond is the game's automatic answer for seat in a window (an
	// AutoResponder), from the seat's own view; always a legal key.
	AutoRespond(seat Seat) (string, bool)
	// Prompt is the game's context line for seat's panel (a Prompter),
	// from the seat's own view, or "" when the game has none.
	Prompt(seat Seat) string
	// Commitment is the table's public commitment to its secret seed
	// (Commitment(seed, table), table being the stored table id), safe to
	// show at any time.
	Commitment(table uint64) string
	// RevealSeed returns the secret seed once the game is over, for the
	// result and its verification; before the end it returns false and no
	// seed.
	RevealSeed() ([2]uint64, bool)
}

// Bind erases a game into a Kind for the catalog.
func Bind[S any, A Action, V any](g Game[S, A, V]) Kind { return kind[S, A, V]{g: g} }

type kind[S any, A Action, V any] struct{ g Game[S, A, V] }

type table[S any, A Action, V any] struct {
	g       Game[S, A, V]
	info    Info
	opts    Options
	seats   int
	seed    [2]uint64
	pcg     *rand.PCG
	version uint64
	state   S
	// scratch marks a search copy (Determinize, and Fork of a search
	// copy): its Play applies in place, without a snapshot, once the copy
	// owns its state, and an error spoils the copy. Search discards a copy
	// whose move failed, so only live tables pay for atomic moves.
	scratch bool
	// owned reports that no other table or caller shares the state's
	// memory: set on a scratch copy once it has cloned it.
	owned bool
}

func (k kind[S, A, V]) Info() Info { return k.g.Info() }

func (k kind[S, A, V]) blank(opts Options, seats int, seed [2]uint64) (*table[S, A, V], error) {
	info := k.g.Info()
	if seats < info.MinSeats || seats > info.MaxSeats {
		return nil, fmt.Errorf("games: %s takes %d to %d seats, not %d: %w", info.ID, info.MinSeats, info.MaxSeats, seats, ErrSeats)
	}
	norm, err := info.Normalize(opts)
	if err != nil {
		return nil, err
	}
	s, err := k.g.New(norm, seats)
	if err != nil {
		return nil, fmt.Errorf("games: new %s: %w", info.ID, err)
	}
	return &table[S, A, V]{g: k.g, info: info, opts: norm, seats: seats, seed: seed,
		pcg: rand.NewPCG(seed[0], seed[1]), state: s}, nil
}

func (k kind[S, A, V]) New(opts Options, seats int, seed [2]uint64) (Table, []Step, error) {
	t, err := k.blank(opts, seats, seed)
	if err != nil {
		return nil, nil, err
	}
	steps, err := t.Resolve()
	if err != nil {
		return nil, nil, err
	}
	return t, steps, nil
}

func (k kind[S, A, V]) Open(opts Options, seats int, seed [2]uint64) (Table, error) {
	t, err := k.blank(opts, seats, seed)
	if err != nil {
		return nil, err
	}
	return t, nil
}

func (k kind[S, A, V]) Decode(env Envelope) (Table, error) {
	info := k.g.Info()
	if env.Game != info.ID {
		return nil, fmt.Errorf("games: envelope of %q decoded as %q: %w", env.Game, info.ID, ErrUnknownGame)
	}
	state := []byte(env.State)
	switch {
	case env.Rules > info.Rules:
		return nil, fmt.Errorf("games: %s table has rules version %d, this build knows up to %d: %w", info.ID, env.Rules, info.Rules, ErrNewerRules)
	case env.Rules < info.Rules:
		m, ok := k.g.(Migrator)
		if !ok {
			return nil, fmt.Errorf("games: %s table has rules version %d, this build needs %d: %w", info.ID, env.Rules, info.Rules, ErrOldRules)
		}
		up, err := m.Migrate(state, env.Rules)
		if err != nil {
			return nil, fmt.Errorf("games: migrate %s from rules %d: %w", info.ID, env.Rules, errors.Join(ErrOldRules, err))
		}
		state = up
	}
	var s S
	if err := json.Unmarshal(state, &s); err != nil {
		return nil, fmt.Errorf("games: decode %s state: %w", info.ID, errors.Join(ErrCorrupt, err))
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(env.RNG); err != nil {
		return nil, fmt.Errorf("games: decode %s rng: %w", info.ID, errors.Join(ErrCorrupt, err))
	}
	if env.Seats < info.MinSeats || env.Seats > info.MaxSeats {
		return nil, fmt.Errorf("games: stored %s table has %d seats: %w", info.ID, env.Seats, ErrCorrupt)
	}
	return &table[S, A, V]{g: k.g, info: info, opts: env.Opts, seats: env.Seats, seed: env.Seed,
		pcg: pcg, version: env.Version, state: s}, nil
}

func (k kind[S, A, V]) Replay(env Envelope, log []Step) (Table, error) {
	t, err := k.blank(env.Opts, env.Seats, env.Seed)
	if err != nil {
		return nil, err
	}
	if r, ok := k.g.(Replayer[S]); ok && len(env.State) > 0 {
		cur, err := k.Decode(env)
		if err != nil {
			return nil, err
		}
		r.ReplayFrom(&cur.(*table[S, A, V]).state, &t.state)
	}
	for i, st := range log {
		if st.Version != t.version+1 {
			return nil, fmt.Errorf("games: replay entry %d has version %d, want %d: %w", i, st.Version, t.version+1, ErrCorrupt)
		}
		if st.Key == KeyConcede {
			if _, err := t.Concede(st.Seat, t.version); err != nil {
				return nil, fmt.Errorf("games: replay entry %d: %w", i, err)
			}
			continue
		}
		if _, err := t.Step(st.Seat, t.version, st.Key); err != nil {
			return nil, fmt.Errorf("games: replay entry %d (%s %q): %w", i, st.Seat, st.Key, err)
		}
	}
	if len(env.RNG) > 0 {
		if err := t.pcg.UnmarshalBinary(env.RNG); err != nil {
			return nil, fmt.Errorf("games: replay rng: %w", errors.Join(ErrCorrupt, err))
		}
	}
	return t, nil
}

func (t *table[S, A, V]) Info() Info { return t.info }
func (t *table[S, A, V]) Seats() int { return t.seats }

func (t *table[S, A, V]) Options() Options {
	out := make(Options, len(t.opts))
	for k, v := range t.opts {
		out[k] = v
	}
	return out
}

func (t *table[S, A, V]) Version() uint64 { return t.version }
func (t *table[S, A, V]) ToAct() []Seat   { return slices.Clone(t.g.ToAct(&t.state)) }
func (t *table[S, A, V]) Over() bool      { return len(t.g.ToAct(&t.state)) == 0 }
func (t *table[S, A, V]) View(v Seat) any { return t.g.View(&t.state, v) }

func (t *table[S, A, V]) Result() (Result, bool) { return t.g.Result(&t.state) }

func (t *table[S, A, V]) Legal(seat Seat) []Choice {
	if seat == Spectator || !slices.Contains(t.g.ToAct(&t.state), seat) {
		return nil
	}
	acts := t.g.Legal(&t.state, seat)
	if len(acts) == 0 {
		return nil
	}
	out := make([]Choice, len(acts))
	if t.scratch {
		// Search reads keys only: a search copy spares the view and the
		// labels.
		for i, a := range acts {
			out[i] = Choice{Key: a.Key()}
		}
		return out
	}
	v := t.g.View(&t.state, seat)
	for i, a := range acts {
		out[i] = Choice{Key: a.Key(), Label: t.g.Label(v, a)}
	}
	return out
}

func (t *table[S, A, V]) Weights(seat Seat) []int {
	w, ok := any(t.g).(Weigher[S, A])
	if !ok || seat == Spectator || !slices.Contains(t.g.ToAct(&t.state), seat) {
		return nil
	}
	return w.Weights(&t.state, seat, t.g.Legal(&t.state, seat))
}

func (t *table[S, A, V]) Weighed(seat Seat) (weights, focus []int) {
	w, weighs := any(t.g).(Weigher[S, A])
	f, focuses := any(t.g).(Focuser[S, A])
	if !weighs && !focuses || seat == Spectator || !slices.Contains(t.g.ToAct(&t.state), seat) {
		return nil, nil
	}
	legal := t.g.Legal(&t.state, seat)
	if weighs {
		weights = w.Weights(&t.state, seat, legal)
	}
	if !focuses {
		return weights, nil
	}
	idx := f.Focus(&t.state, seat, legal, weights)
	for i, k := range idx {
		if k < 0 || k >= len(legal) || (i > 0 && k <= idx[i-1]) {
			return weights, nil // a game's mistake costs the search its focus, never a move
		}
	}
	if len(idx) == 0 {
		return weights, nil
	}
	return weights, idx
}

func (t *table[S, A, V]) Evaluate() ([]float64, bool) {
	e, ok := any(t.g).(Evaluator[S])
	if !ok || len(t.g.ToAct(&t.state)) == 0 {
		return nil, false
	}
	v := e.Evaluate(&t.state)
	if len(v) != t.seats {
		return nil, false
	}
	out := make([]float64, len(v))
	for i, x := range v {
		if math.IsNaN(x) {
			x = 0.5
		}
		out[i] = min(max(x, 0), 1)
	}
	return out, true
}

// clone deep-copies the state, so Apply can never alias or half-mutate the
// committed state: through the state's own Clone when it is a Cloner, else
// through its codec.
func (t *table[S, A, V]) clone() (S, error) {
	if c, ok := any(&t.state).(Cloner[S]); ok {
		return c.Clone(), nil
	}
	var s S
	b, err := json.Marshal(&t.state)
	if err != nil {
		return s, fmt.Errorf("games: encode %s state: %w", t.info.ID, err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("games: decode %s state: %w", t.info.ID, err)
	}
	return s, nil
}

func (t *table[S, A, V]) Fork() (Table, error) {
	s, err := t.clone()
	if err != nil {
		return nil, err
	}
	f := *t
	f.state = s
	f.owned = t.scratch
	pcg := *t.pcg
	f.pcg = &pcg
	return &f, nil
}

func (t *table[S, A, V]) Determinize(viewer Seat, seed uint64) (Table, error) {
	f := *t
	f.scratch, f.owned = true, false
	// A search copy draws from its own source and carries no secret seed.
	f.seed = [2]uint64{}
	f.pcg = rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	if r, ok := any(t.g).(Resampler[S]); ok {
		f.state = r.Resample(&t.state, viewer, dice.New(rand.NewPCG(seed^0x5bd1e995, seed)))
		return &f, nil
	}
	s, err := t.clone()
	if err != nil {
		return nil, err
	}
	f.state, f.owned = s, true
	return &f, nil
}

func (t *table[S, A, V]) Step(seat Seat, at uint64, key string) (Step, error) {
	return t.step(seat, at, key, false)
}

// step applies one action. Unless inPlace, it applies to a clone and commits
// only on success, so a failure leaves the table unchanged. In place, it
// applies to the committed state itself and a failure may leave it half
// applied: only Play and Concede do so, on a state that no one else holds,
// and they restore their snapshot on any error.
func (t *table[S, A, V]) step(seat Seat, at uint64, key string, inPlace bool) (Step, error) {
	if at != t.version {
		return Step{}, fmt.Errorf("games: action at version %d, table is at %d: %w", at, t.version, ErrStale)
	}
	toAct := t.g.ToAct(&t.state)
	if len(toAct) == 0 {
		return Step{}, ErrGameOver
	}
	if !slices.Contains(toAct, seat) {
		return Step{}, fmt.Errorf("games: %s may not act now: %w", seat, ErrNotYourTurn)
	}
	a, err := t.g.ParseAction(key)
	if err != nil {
		return Step{}, fmt.Errorf("games: key %q: %w", key, errors.Join(ErrBadKey, err))
	}
	if a.Key() != key {
		return Step{}, fmt.Errorf("games: key %q is not canonical: %w", key, ErrBadKey)
	}
	if t.scratch && inPlace {
		// A search copy plays keys it has just read from Legal, or that
		// Sample chose: it skips the check (a key that is wrong after all
		// fails in Apply or spoils only the copy).
		return t.applyInPlace(seat, key, a)
	}
	legal := t.g.Legal(&t.state, seat)
	if seat != Chance || legal != nil {
		if !slices.ContainsFunc(legal, func(l A) bool { return l.Key() == key }) {
			return Step{}, fmt.Errorf("games: %s may not play %q now: %w", seat, key, ErrIllegal)
		}
	}
	if inPlace {
		return t.applyInPlace(seat, key, a)
	}
	next, err := t.clone()
	if err != nil {
		return Step{}, err
	}
	evs, err := t.apply(&next, seat, a)
	if err != nil {
		return Step{}, fmt.Errorf("games: apply %q: %w", key, errors.Join(ErrIllegal, err))
	}
	t.state = next
	t.version++
	return Step{Version: t.version, Seat: seat, Key: key, Events: evs}, nil
}

// applyInPlace applies a to the committed state itself (see step).
func (t *table[S, A, V]) applyInPlace(seat Seat, key string, a A) (Step, error) {
	evs, err := t.apply(&t.state, seat, a)
	if err != nil {
		return Step{}, fmt.Errorf("games: apply %q: %w", key, errors.Join(ErrIllegal, err))
	}
	t.version++
	return Step{Version: t.version, Seat: seat, Key: key, Events: evs}, nil
}

// apply calls the game's Apply on a clone and turns a panic (a game that
// trusted a corrupt log or a forged chance key) into an error: the clone is
// discarded, so nothing half-applies and the process survives.
func (t *table[S, A, V]) apply(next *S, seat Seat, a A) (evs []Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("games: %s panicked applying %q: %v", t.info.ID, a.Key(), r)
		}
	}()
	return t.g.Apply(next, seat, a)
}

func (t *table[S, A, V]) Resolve() ([]Step, error) {
	if t.scratch {
		if err := t.own(); err != nil {
			return nil, err
		}
		return t.resolve(true)
	}
	return t.resolve(false)
}

// own gives a scratch copy a state of its own before its first change.
func (t *table[S, A, V]) own() error {
	if t.owned {
		return nil
	}
	s, err := t.clone()
	if err != nil {
		return err
	}
	t.state, t.owned = s, true
	return nil
}

// resolve samples and applies chance steps, in place when the caller holds a
// snapshot to restore on error (see step).
func (t *table[S, A, V]) resolve(inPlace bool) ([]Step, error) {
	var steps []Step
	for guard := 0; ; guard++ {
		toAct := t.g.ToAct(&t.state)
		if len(toAct) != 1 || toAct[0] != Chance {
			return steps, nil
		}
		if t.info.MaxActions > 0 && guard > t.info.MaxActions {
			return steps, fmt.Errorf("games: %s chance steps do not end", t.info.ID)
		}
		d := dice.New(t.pcg)
		a := t.g.Sample(&t.state, d)
		st, err := t.step(Chance, t.version, a.Key(), inPlace)
		if err != nil {
			return steps, fmt.Errorf("games: %s sampled an outcome it rejects: %w", t.info.ID, err)
		}
		steps = append(steps, st)
	}
}

// snapshot and restore make Play and Concede atomic: on error the table is
// as before.
type snapshot[S any] struct {
	state   S
	version uint64
	rng     []byte
}

// snapshot takes the committed state itself, without copying it. That is
// sound because the caller's next mutation is a step that applies to a
// fresh clone and replaces t.state with it (never mutating the old value),
// and every later in-place step mutates only that clone: the snapshot's
// memory is then reachable from the snapshot alone.
func (t *table[S, A, V]) snapshot() (snapshot[S], error) {
	rng, err := t.pcg.MarshalBinary()
	if err != nil {
		return snapshot[S]{}, fmt.Errorf("games: snapshot rng: %w", err)
	}
	return snapshot[S]{state: t.state, version: t.version, rng: rng}, nil
}

func (t *table[S, A, V]) restore(s snapshot[S]) {
	t.state, t.version = s.state, s.version
	_ = t.pcg.UnmarshalBinary(s.rng) // bytes came from MarshalBinary just before
}

func (t *table[S, A, V]) Play(seat Seat, at uint64, key string) ([]Step, error) {
	if seat == Chance {
		return nil, fmt.Errorf("games: chance outcomes are sampled, not played: %w", ErrNotYourTurn)
	}
	if key == KeyConcede {
		return t.Concede(seat, at)
	}
	if t.scratch {
		return t.playScratch(seat, at, key)
	}
	snap, err := t.snapshot()
	if err != nil {
		return nil, err
	}
	// The first step clones (once per Play); the chance steps after it
	// apply in place to that clone.
	first, err := t.step(seat, at, key, false)
	if err != nil {
		return nil, err
	}
	more, err := t.resolve(true)
	if err != nil {
		t.restore(snap)
		return nil, err
	}
	return append([]Step{first}, more...), nil
}

// playScratch is Play on a search copy: the first move clones the state
// the copy was made from (a Resampler's state may share memory with the
// live table's), and from then on every step applies in place. An error
// leaves the copy half applied; search then discards it.
func (t *table[S, A, V]) playScratch(seat Seat, at uint64, key string) ([]Step, error) {
	if err := t.own(); err != nil {
		return nil, err
	}
	first, err := t.step(seat, at, key, true)
	if err != nil {
		return nil, err
	}
	more, err := t.resolve(true)
	if err != nil {
		return nil, err
	}
	return append([]Step{first}, more...), nil
}

func (t *table[S, A, V]) Concede(seat Seat, at uint64) ([]Step, error) {
	if at != t.version {
		return nil, fmt.Errorf("games: concede at version %d, table is at %d: %w", at, t.version, ErrStale)
	}
	if seat < 0 || int(seat) >= t.seats {
		return nil, fmt.Errorf("games: %s cannot concede: %w", seat, ErrCannotConcede)
	}
	if len(t.g.ToAct(&t.state)) == 0 {
		return nil, ErrGameOver
	}
	c, ok := t.g.(Conceder[S])
	if !ok {
		return nil, fmt.Errorf("games: %s has no concession: %w", t.info.ID, ErrCannotConcede)
	}
	snap, err := t.snapshot()
	if err != nil {
		return nil, err
	}
	next, err := t.clone()
	if err != nil {
		return nil, err
	}
	evs, err := c.Concede(&next, seat)
	if err != nil {
		return nil, fmt.Errorf("games: concede: %w", errors.Join(ErrCannotConcede, err))
	}
	t.state = next
	t.version++
	steps := []Step{{Version: t.version, Seat: seat, Key: KeyConcede, Events: evs}}
	more, err := t.resolve(true)
	if err != nil {
		t.restore(snap)
		return nil, err
	}
	return append(steps, more...), nil
}

func (t *table[S, A, V]) Pass(seat Seat) (string, bool) {
	p, ok := t.g.(Passer[S, A])
	if !ok || !slices.Contains(t.g.ToAct(&t.state), seat) {
		return "", false
	}
	a, ok := p.Pass(&t.state, seat)
	if !ok {
		return "", false
	}
	key := a.Key()
	if !slices.ContainsFunc(t.g.Legal(&t.state, seat), func(l A) bool { return l.Key() == key }) {
		return "", false
	}
	return key, true
}

func (t *table[S, A, V]) InWindow(seat Seat) bool {
	w, ok := t.g.(Windower[S])
	return ok && slices.Contains(t.g.ToAct(&t.state), seat) && w.InWindow(&t.state, seat)
}

func (t *table[S, A, V]) Prompt(seat Seat) string {
	p, ok := t.g.(Prompter[V])
	if !ok || seat < 0 || int(seat) >= t.seats {
		return ""
	}
	return p.Prompt(t.g.View(&t.state, seat))
}

func (t *table[S, A, V]) AutoRespond(seat Seat) (string, bool) {
	r, ok := t.g.(AutoResponder[V])
	if !ok || !t.InWindow(seat) {
		return "", false
	}
	key, ok := r.AutoRespond(t.g.View(&t.state, seat))
	if !ok || !slices.ContainsFunc(t.g.Legal(&t.state, seat), func(l A) bool { return l.Key() == key }) {
		return "", false
	}
	return key, true
}

func (t *table[S, A, V]) WindowTimeout() (time.Duration, bool) {
	w, ok := t.g.(WindowTimer[S])
	if !ok {
		return 0, false
	}
	d := w.WindowTimeout(&t.state)
	return d, d > 0
}

// Undoable forwards the game's UndoPolicy, if it has one, so storage can
// pass the table itself as the policy to UndoKeep.
func (t *table[S, A, V]) Undoable(key string) bool {
	if p, ok := t.g.(UndoPolicy); ok {
		return p.Undoable(key)
	}
	return true
}

func (t *table[S, A, V]) Commitment(table uint64) string { return Commitment(t.seed, table) }

func (t *table[S, A, V]) RevealSeed() ([2]uint64, bool) {
	if !t.Over() {
		return [2]uint64{}, false
	}
	return t.seed, true
}

func (t *table[S, A, V]) StateJSON() ([]byte, error) {
	b, err := json.Marshal(&t.state)
	if err != nil {
		return nil, fmt.Errorf("games: encode %s state: %w", t.info.ID, err)
	}
	return b, nil
}

func (t *table[S, A, V]) Envelope() (Envelope, error) {
	state, err := t.StateJSON()
	if err != nil {
		return Envelope{}, err
	}
	rng, err := t.pcg.MarshalBinary()
	if err != nil {
		return Envelope{}, fmt.Errorf("games: encode rng: %w", err)
	}
	return Envelope{Schema: Schema, Game: t.info.ID, Rules: t.info.Rules, Version: t.version,
		Seats: t.seats, Opts: t.Options(), Seed: t.seed, RNG: rng, State: state, marshaled: true}, nil
}

// UndoKeep returns how many log entries to keep to take back seat's own last
// actions within its current turn: the trailing run of entries by seat that
// are neither chance nor reveals, and that policy (may be nil) allows. It
// returns ErrNothingToUndo when that run is empty or seat is not to act.
func UndoKeep(log []Step, toAct []Seat, seat Seat, policy UndoPolicy) (int, error) {
	if !slices.Contains(toAct, seat) {
		return 0, ErrNothingToUndo
	}
	keep := len(log)
	for keep > 0 {
		st := log[keep-1]
		if st.Seat != seat || st.Barrier() || st.Key == KeyConcede {
			break
		}
		if policy != nil && !policy.Undoable(st.Key) {
			break
		}
		keep--
	}
	if keep == len(log) {
		return 0, ErrNothingToUndo
	}
	return keep, nil
}
