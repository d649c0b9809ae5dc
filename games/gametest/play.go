package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"spindle/games"
	"spindle/games/internal/dice"
)

// Seeds of the three independent random streams of a playout. The table's
// stream feeds chance (as in production), the choice stream picks actions
// and the check stream drives the checks, so adding a check never changes
// which game a seed plays (nor a playthrough golden).
const (
	tableSalt  = 0x7370696e646c65 // "spindle"
	choiceSalt = 0x63686f696365   // "choice"
	checkSalt  = 0x636865636b     // "check"
)

// maxLabel is Discord's limit on a button label, in characters.
const maxLabel = 80

// maxDetail bounds a label's detail line (games.DetailSep): a select
// option's description holds 100 characters.
const maxDetail = 100

// mode says how a playout picks its actions and how thorough it is.
type mode struct {
	// choices are consumed first, one byte per pick (fuzzing); byte 255
	// concedes when the game allows it.
	choices []byte
	fuzz    bool
	// concede plans one random concession (games.Conceder only).
	concede bool
	// heavy runs the log and seeded replays at checkpoints during the game,
	// not only at the end, and applies every action twice for determinism.
	heavy bool
	// resamples is the number of Resample draws per viewer and node.
	resamples int
}

// runMode is Run's mode: every check, a concession in one seed of five.
func runMode(seed uint64) mode { return mode{concede: seed%5 == 4, heavy: true, resamples: 3} }

// fuzzMode is Fuzz's mode: choices from the fuzzer, cheaper checks.
func fuzzMode(choices []byte) mode { return mode{choices: choices, fuzz: true, resamples: 1} }

// failure is one broken invariant; check names the invariant (the negative
// tests match on it).
type failure struct {
	check string
	msg   string
}

func (f *failure) Error() string { return f.check + ": " + f.msg }

func fail(check, format string, args ...any) error {
	return &failure{check: check, msg: fmt.Sprintf(format, args...)}
}

// checkOf returns the name of the check err comes from, or "".
func checkOf(err error) string {
	var f *failure
	if errors.As(err, &f) {
		return f.check
	}
	return ""
}

// runner is one playout: the game played directly on a typed state s, and
// in lockstep through the driver (tab) as the bot plays it.
type runner[S any, A games.Action, V any] struct {
	g     games.Game[S, A, V]
	info  games.Info
	kind  games.Kind
	cat   *games.Catalog
	opts  games.Options
	seats int
	seed  uint64
	tseed [2]uint64
	m     mode

	choice *dice.Dice
	check  *dice.Dice
	tr     *tracer

	tab      games.Table
	s        S
	log      []games.Step
	nodes    int
	pool     []string // every key seen so far, for illegal attempts
	poolSet  map[string]bool
	conceded []games.Seat
}

// play runs one playout; the error names the broken check, the seed and the
// actions that led there. A panic in the game is reported the same way.
func play[S any, A games.Action, V any](g games.Game[S, A, V], opts games.Options, seats int, seed uint64, m mode, tr *tracer) (err error) {
	info := g.Info()
	kind := games.Bind(g)
	cat, err := games.NewCatalog(kind)
	if err != nil {
		return err
	}
	r := &runner[S, A, V]{g: g, info: info, kind: kind, cat: cat, opts: opts, seats: seats, seed: seed,
		tseed: [2]uint64{seed, tableSalt}, m: m, tr: tr, poolSet: map[string]bool{},
		choice: dice.Seeded(seed, choiceSalt), check: dice.Seeded(seed, checkSalt)}
	defer func() {
		if p := recover(); p != nil {
			err = fail("panic", "%v\n%s", p, debug.Stack())
		}
		if err != nil {
			err = fmt.Errorf("%s, %s, %d seats, seed %d, after %d actions %s:\n%w",
				info.ID, optionsName(opts), seats, seed, len(r.log), r.prefix(), err)
		}
	}()
	return r.run()
}

// prefix lists the actions taken so far as seat=key ("c" for chance).
func (r *runner[S, A, V]) prefix() string {
	parts := make([]string, len(r.log))
	for i, st := range r.log {
		who := "c"
		if st.Seat != games.Chance {
			who = fmt.Sprint(int(st.Seat))
		}
		parts[i] = who + "=" + st.Key
	}
	s := "[" + strings.Join(parts, " ") + "]"
	if len(s) > 3000 {
		s = "[..." + s[len(s)-3000:]
	}
	return s
}

func (r *runner[S, A, V]) run() error {
	tab, err := r.kind.Open(r.opts, r.seats, r.tseed)
	if err != nil {
		return fail("new", "Open: %v", err)
	}
	r.tab = tab
	s, err := r.g.New(r.opts, r.seats)
	if err != nil {
		return fail("new", "New: %v", err)
	}
	r.s = s
	if err := r.sameAsTable("New"); err != nil {
		return err
	}
	conceder, canConcede := any(r.g).(games.Conceder[S])
	for {
		if len(r.log) > r.info.MaxActions {
			return fail("length", "the game is still going after %d actions, Info().MaxActions is %d", len(r.log), r.info.MaxActions)
		}
		toAct, err := r.checkNode(true)
		if err != nil {
			return err
		}
		if len(toAct) == 0 {
			return r.finish()
		}
		if toAct[0] == games.Chance {
			if err := r.resolve(); err != nil {
				return err
			}
			continue
		}
		if canConcede && r.wantConcede() {
			seat := games.Seat(r.choice.IntN(r.seats))
			if err := r.concede(conceder, seat); err != nil {
				return err
			}
			continue
		}
		seat := toAct[0]
		if len(toAct) > 1 {
			seat = toAct[r.pick(len(toAct))]
		}
		legal := r.g.Legal(&r.s, seat)
		if err := r.act(seat, legal[r.pickAction(seat, legal)]); err != nil {
			return err
		}
	}
}

// pickAction picks an index into legal: the next fuzz byte, else the seed,
// in proportion to the game's weights when it is a games.Weigher.
func (r *runner[S, A, V]) pickAction(seat games.Seat, legal []A) int {
	w, ok := any(r.g).(games.Weigher[S, A])
	if !ok || len(r.m.choices) > 0 {
		return r.pick(len(legal))
	}
	return games.PickWeighted(w.Weights(&r.s, seat, legal), len(legal), r.choice.IntN)
}

// pick returns an index in [0, n): the next fuzz byte, else the seed.
func (r *runner[S, A, V]) pick(n int) int {
	if len(r.m.choices) > 0 {
		b := r.m.choices[0]
		r.m.choices = r.m.choices[1:]
		return int(b) % n
	}
	return r.choice.IntN(n)
}

// wantConcede decides whether a seat concedes at this decision node.
func (r *runner[S, A, V]) wantConcede() bool {
	if r.m.fuzz {
		if len(r.m.choices) > 0 && r.m.choices[0] == 255 {
			r.m.choices = r.m.choices[1:]
			return true
		}
		return false
	}
	return r.m.concede && len(r.conceded) == 0 && r.choice.IntN(6) == 0
}

// encode is the JSON encoding of the typed state.
func (r *runner[S, A, V]) encode(s *S) ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fail("json", "the state does not encode: %v", err)
	}
	return b, nil
}

// clone deep-copies the typed state through its codec.
func (r *runner[S, A, V]) clone() (S, error) {
	var c S
	b, err := r.encode(&r.s)
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fail("json", "the state does not decode: %v", err)
	}
	return c, nil
}

// unchanged fails when the state no longer encodes to before.
func (r *runner[S, A, V]) unchanged(before []byte, call string) error {
	after, err := r.encode(&r.s)
	if err != nil {
		return err
	}
	if !bytes.Equal(before, after) {
		return fail("mutation", "%s changed the state: %s", call, firstDiff(before, after))
	}
	return nil
}

// sameAsTable fails when the driver's state differs from the typed state.
func (r *runner[S, A, V]) sameAsTable(after string) error {
	mine, err := r.encode(&r.s)
	if err != nil {
		return err
	}
	theirs, err := r.tab.StateJSON()
	if err != nil {
		return fail("json", "table StateJSON: %v", err)
	}
	if !bytes.Equal(mine, theirs) {
		return fail("driver", "after %s the table's state differs from the game's: %s", after, firstDiff(mine, theirs))
	}
	return nil
}

// firstDiff shows where two encodings first differ, with some context.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-40, 0)
	cut := func(x []byte) string { return string(x[from:min(len(x), i+60)]) }
	return fmt.Sprintf("at byte %d: %q vs %q", i, cut(a), cut(b))
}

// viewers are the spectator and every seat, in that order.
func (r *runner[S, A, V]) viewers() []games.Seat {
	out := []games.Seat{games.Spectator}
	for i := range r.seats {
		out = append(out, games.Seat(i))
	}
	return out
}

// node is what checkNode learnt about the current node.
type node[A games.Action, V any] struct {
	toAct    []games.Seat
	views    map[games.Seat]V
	viewJSON map[games.Seat][]byte
	legal    map[games.Seat][]A
}

// checkNode runs the per-node checks on the typed state and, when synced
// (the table is at the same node), through the driver. It returns ToAct.
func (r *runner[S, A, V]) checkNode(synced bool) ([]games.Seat, error) {
	r.nodes++
	before, err := r.encode(&r.s)
	if err != nil {
		return nil, err
	}
	var again S
	if err := json.Unmarshal(before, &again); err != nil {
		return nil, fail("json", "the state does not decode: %v", err)
	}
	if b2, err := r.encode(&again); err != nil {
		return nil, err
	} else if !bytes.Equal(before, b2) {
		return nil, fail("json", "the state does not survive a JSON round trip: %s", firstDiff(before, b2))
	}

	n := node[A, V]{views: map[games.Seat]V{}, viewJSON: map[games.Seat][]byte{}, legal: map[games.Seat][]A{}}
	n.toAct = slices.Clone(r.g.ToAct(&r.s))
	if err := r.unchanged(before, "ToAct"); err != nil {
		return nil, err
	}
	res, over := r.g.Result(&r.s)
	if err := r.unchanged(before, "Result"); err != nil {
		return nil, err
	}
	if err := r.checkToAct(n.toAct, over); err != nil {
		return nil, err
	}
	if err := r.checkEvaluate(before, over); err != nil {
		return nil, err
	}
	if over {
		if err := r.checkResult(res); err != nil {
			return nil, err
		}
	}
	for _, v := range r.viewers() {
		view := r.g.View(&r.s, v)
		if err := r.unchanged(before, fmt.Sprintf("View(%s)", v)); err != nil {
			return nil, err
		}
		b, err := json.Marshal(view)
		if err != nil {
			return nil, fail("view", "View(%s) does not encode: %v", v, err)
		}
		n.views[v], n.viewJSON[v] = view, b
	}
	for _, seat := range append([]games.Seat{games.Chance}, r.viewers()...) {
		acts := r.g.Legal(&r.s, seat)
		if err := r.unchanged(before, fmt.Sprintf("Legal(%s)", seat)); err != nil {
			return nil, err
		}
		to := slices.Contains(n.toAct, seat)
		switch {
		case !to && len(acts) > 0:
			return nil, fail("legal", "%s is not to act (ToAct %v) but Legal lists %d actions, first %q", seat, n.toAct, len(acts), acts[0].Key())
		case to && seat != games.Chance && len(acts) == 0:
			return nil, fail("legal", "%s is to act but Legal is empty", seat)
		}
		if err := r.checkKeys(seat, acts, n.views[seat]); err != nil {
			return nil, err
		}
		n.legal[seat] = acts
		for _, a := range acts {
			if k := a.Key(); !r.poolSet[k] {
				r.poolSet[k] = true
				r.pool = append(r.pool, k)
			}
		}
	}
	if err := r.checkRedaction(before, n); err != nil {
		return nil, err
	}
	if err := r.checkApplyErrors(before, n); err != nil {
		return nil, err
	}
	if err := r.checkClone(before, n); err != nil {
		return nil, err
	}
	if synced {
		if err := r.checkTable(before, n); err != nil {
			return nil, err
		}
	}
	if r.tr != nil {
		r.tr.node(r.nodeText(n))
	}
	return n.toAct, nil
}

// checkEvaluate checks a games.Evaluator at a node of a game in progress:
// one finite value per seat in [0, 1], the state left unchanged.
func (r *runner[S, A, V]) checkEvaluate(before []byte, over bool) error {
	e, ok := any(r.g).(games.Evaluator[S])
	if !ok || over {
		return nil
	}
	v := e.Evaluate(&r.s)
	if err := r.unchanged(before, "Evaluate"); err != nil {
		return err
	}
	if len(v) != r.seats {
		return fail("evaluate", "Evaluate gave %d values for %d seats", len(v), r.seats)
	}
	for i, x := range v {
		if math.IsNaN(x) || x < 0 || x > 1 {
			return fail("evaluate", "Evaluate gave seat %d the value %v, not in [0, 1]", i, x)
		}
	}
	return nil
}

// checkToAct checks the shape of ToAct and its agreement with Result.
func (r *runner[S, A, V]) checkToAct(toAct []games.Seat, over bool) error {
	if over != (len(toAct) == 0) {
		return fail("over", "Result reports over=%v while ToAct is %v", over, toAct)
	}
	for i, s := range toAct {
		switch {
		case s == games.Chance && len(toAct) != 1:
			return fail("toact", "Chance acts together with seats: %v", toAct)
		case s != games.Chance && (s < 0 || int(s) >= r.seats):
			return fail("toact", "ToAct %v has %s out of range", toAct, s)
		case slices.Contains(toAct[:i], s):
			return fail("toact", "ToAct %v repeats %s", toAct, s)
		case slices.Contains(r.conceded, s):
			return fail("concede", "%s conceded but is to act again (ToAct %v)", s, toAct)
		}
	}
	return nil
}

// checkKeys checks one Legal list: sorted unique keys that round-trip, and
// for player actions the custom_id budget and the labels.
func (r *runner[S, A, V]) checkKeys(seat games.Seat, acts []A, view V) error {
	for i, a := range acts {
		k := a.Key()
		if i > 0 && k <= acts[i-1].Key() {
			return fail("keys", "Legal(%s) is not sorted and unique: %q then %q", seat, acts[i-1].Key(), k)
		}
		if err := r.roundTrip(k); err != nil {
			return err
		}
		if seat == games.Chance {
			continue
		}
		if err := playerKey(k); err != nil {
			return err
		}
		label := r.g.Label(view, a)
		text, detail := games.SplitDetail(label)
		filled := games.FillPlain(text, nil)
		switch {
		case strings.TrimSpace(text) == "":
			return fail("label", "%s's action %q has an empty label", seat, k)
		case !utf8.ValidString(label) || utf8.RuneCountInString(filled) > maxLabel:
			return fail("label", "%s's action %q has label %q, not valid text of at most %d characters", seat, k, filled, maxLabel)
		case utf8.RuneCountInString(games.FillPlain(detail, nil)) > maxDetail || strings.Contains(detail, games.DetailSep):
			return fail("label", "%s's action %q has detail %q, not one line of at most %d characters", seat, k, detail, maxDetail)
		}
		if err := r.checkNames(fmt.Sprintf("the label of %s's action %q", seat, k), label); err != nil {
			return err
		}
	}
	return nil
}

// roundTrip checks ParseAction(k).Key() == k.
func (r *runner[S, A, V]) roundTrip(k string) error {
	a, err := r.g.ParseAction(k)
	if err != nil {
		return fail("roundtrip", "ParseAction(%q) fails: %v", k, err)
	}
	if a.Key() != k {
		return fail("roundtrip", "ParseAction(%q).Key() is %q", k, a.Key())
	}
	return nil
}

// playerKey checks the custom_id budget of a player-action key: non-empty,
// at most MaxKeyLen bytes of printable ASCII without space or '/', and not
// starting with '!' (reserved for the driver's meta actions).
func playerKey(k string) error {
	if k == "" || len(k) > games.MaxKeyLen {
		return fail("keys", "player key %q has %d bytes, want 1..%d", k, len(k), games.MaxKeyLen)
	}
	for i := range len(k) {
		if c := k[i]; c <= ' ' || c > '~' || c == '/' {
			return fail("keys", "player key %q has byte %q at %d; keys are printable ASCII without space or '/'", k, c, i)
		}
	}
	if k[0] == '!' {
		return fail("keys", "player key %q starts with '!', which is reserved for the driver", k)
	}
	return nil
}

// checkRedaction resamples every zone hidden from each viewer and checks
// that the viewer's view, ToAct and legal keys and labels do not change.
func (r *runner[S, A, V]) checkRedaction(before []byte, n node[A, V]) error {
	rs, ok := any(r.g).(games.Resampler[S])
	if !ok {
		return nil
	}
	for _, v := range r.viewers() {
		for range r.m.resamples {
			alt := rs.Resample(&r.s, v, r.check)
			if err := r.unchanged(before, fmt.Sprintf("Resample(%s)", v)); err != nil {
				return err
			}
			altView := r.g.View(&alt, v)
			b, err := json.Marshal(altView)
			if err != nil {
				return fail("view", "View(%s) of a resampled state does not encode: %v", v, err)
			}
			if !bytes.Equal(b, n.viewJSON[v]) {
				return fail("redaction", "View(%s) changed when the zones hidden from it were resampled: %s", v, firstDiff(n.viewJSON[v], b))
			}
			if got := r.g.ToAct(&alt); !slices.Equal(got, n.toAct) {
				return fail("redaction", "ToAct changed from %v to %v when the zones hidden from %s were resampled", n.toAct, got, v)
			}
			if want, got := r.choices(n.legal[v], n.views[v]), r.choices(r.g.Legal(&alt, v), altView); !slices.Equal(want, got) {
				return fail("redaction", "Legal(%s) changed when the zones hidden from it were resampled: %v vs %v", v, want, got)
			}
		}
	}
	return nil
}

// choices renders a legal list as key and label pairs.
func (r *runner[S, A, V]) choices(acts []A, view V) []games.Choice {
	out := make([]games.Choice, len(acts))
	for i, a := range acts {
		out[i] = games.Choice{Key: a.Key(), Label: r.g.Label(view, a)}
	}
	return out
}

// checkApplyErrors applies illegal actions directly (keys seen elsewhere in
// the game, by seats to act and by seats not to act) and checks that when
// Apply refuses one it leaves the state as it was. Apply may trust the
// driver, so accepting or even panicking on such an action is not a
// failure: the driver never passes it.
func (r *runner[S, A, V]) checkApplyErrors(before []byte, n node[A, V]) error {
	for seat := range games.Seat(r.seats) {
		var cands []string
		if slices.Contains(n.toAct, seat) {
			cands = r.foreign(n.legal[seat])
		} else {
			for _, s := range n.toAct {
				for _, a := range n.legal[s] {
					cands = append(cands, a.Key())
				}
			}
		}
		for _, k := range r.sample(cands, 3) {
			a, err := r.g.ParseAction(k)
			if err != nil {
				continue
			}
			c, err := r.clone()
			if err != nil {
				return err
			}
			if _, err := tryApply(r.g, &c, seat, a); err == nil {
				continue
			}
			after, err := r.encode(&c)
			if err != nil {
				return err
			}
			if !bytes.Equal(before, after) {
				return fail("apply-error", "Apply(%s, %q) returned an error but changed the state: %s", seat, k, firstDiff(before, after))
			}
		}
	}
	return nil
}

// tryApply calls Apply and turns a panic into a nil-error "accepted"
// outcome, so an Apply that trusts the driver is not blamed for it.
func tryApply[S any, A games.Action, V any](g games.Game[S, A, V], s *S, seat games.Seat, a A) (evs []games.Event, err error) {
	defer func() {
		if recover() != nil {
			evs, err = nil, nil
		}
	}()
	return g.Apply(s, seat, a)
}

// foreign returns the keys seen in this game that are not in legal.
func (r *runner[S, A, V]) foreign(legal []A) []string {
	var out []string
	for _, k := range r.pool {
		if !slices.ContainsFunc(legal, func(a A) bool { return a.Key() == k }) {
			out = append(out, k)
		}
	}
	return out
}

// sample picks up to n of keys at random with the check stream.
func (r *runner[S, A, V]) sample(keys []string, n int) []string {
	if len(keys) <= n {
		return keys
	}
	out := make([]string, n)
	for i := range out {
		out[i] = keys[r.check.IntN(len(keys))]
	}
	return out
}

// checkTable compares the driver with the typed state and tries every kind
// of bad input through it: it must be refused with the right sentinel and
// leave the table (state, version and RNG) unchanged. It also checks the
// envelope round trip and, at checkpoints, both replays.
func (r *runner[S, A, V]) checkTable(before []byte, n node[A, V]) error {
	if err := r.sameAsTable(fmt.Sprintf("%d actions", len(r.log))); err != nil {
		return err
	}
	if v := r.tab.Version(); v != uint64(len(r.log)) {
		return fail("driver", "table version %d after %d actions", v, len(r.log))
	}
	if got := r.tab.ToAct(); !slices.Equal(got, n.toAct) {
		return fail("driver", "table ToAct %v, game ToAct %v", got, n.toAct)
	}
	if r.tab.Over() != (len(n.toAct) == 0) {
		return fail("driver", "table Over is %v with ToAct %v", r.tab.Over(), n.toAct)
	}
	for _, v := range r.viewers() {
		want := r.choices(n.legal[v], n.views[v])
		if got := r.tab.Legal(v); !slices.Equal(got, want) {
			return fail("driver", "table Legal(%s) is %v, game's %v", v, got, want)
		}
	}
	env, err := r.tab.Envelope()
	if err != nil {
		return fail("envelope", "Envelope: %v", err)
	}
	envB, err := env.Marshal()
	if err != nil {
		return fail("envelope", "Marshal: %v", err)
	}
	t2, err := r.cat.Decode(envB)
	if err != nil {
		return fail("envelope", "Catalog.Decode of a fresh envelope: %v", err)
	}
	if err := sameEnvelope("Catalog.Decode", t2, envB); err != nil {
		return err
	}
	if err := r.rejections(n, envB); err != nil {
		return err
	}
	heavy := r.m.heavy && (r.nodes <= 32 || r.nodes%8 == 0)
	if heavy || len(n.toAct) == 0 {
		if err := r.logReplay(env, envB); err != nil {
			return err
		}
	}
	chance := len(n.toAct) > 0 && n.toAct[0] == games.Chance
	if !chance && len(r.log) > 0 && ((r.m.heavy && r.nodes%16 == 0) || len(n.toAct) == 0) {
		if err := r.seededReplay(envB); err != nil {
			return err
		}
	}
	return nil
}

// sameEnvelope fails when t's envelope does not encode to want.
func sameEnvelope(what string, t games.Table, want []byte) error {
	env, err := t.Envelope()
	if err != nil {
		return fail("envelope", "%s: Envelope: %v", what, err)
	}
	got, err := env.Marshal()
	if err != nil {
		return fail("envelope", "%s: Marshal: %v", what, err)
	}
	if !bytes.Equal(got, want) {
		check := "envelope"
		if strings.Contains(what, "replay") {
			check = "replay"
		}
		return fail(check, "%s gives a different table: %s", what, firstDiff(want, got))
	}
	return nil
}

// logReplay rebuilds the table from the envelope header and the log.
func (r *runner[S, A, V]) logReplay(env games.Envelope, envB []byte) error {
	t, err := r.kind.Replay(env, slices.Clone(r.log))
	if err != nil {
		return fail("replay", "Kind.Replay of the log: %v", err)
	}
	return sameEnvelope("log replay", t, envB)
}

// seededReplay creates the table afresh from the seed and plays the same
// player actions through Play, re-sampling chance.
func (r *runner[S, A, V]) seededReplay(envB []byte) error {
	t, _, err := r.kind.New(r.opts, r.seats, r.tseed)
	if err != nil {
		return fail("replay", "seeded replay: New: %v", err)
	}
	for _, st := range r.log {
		switch {
		case st.Seat == games.Chance:
			continue
		case st.Key == games.KeyConcede:
			_, err = t.Concede(st.Seat, t.Version())
		default:
			_, err = t.Play(st.Seat, t.Version(), st.Key)
		}
		if err != nil {
			return fail("replay", "seeded replay: %s %q at version %d: %v", st.Seat, st.Key, t.Version(), err)
		}
	}
	return sameEnvelope("seeded replay", t, envB)
}

// garbage returns malformed variants of a key.
func garbage(key string) []string {
	return []string{"", "\x00", "~no/such key~", key + " ", " " + key, key + "\x00"}
}

// rejections tries bad input through the driver.
func (r *runner[S, A, V]) rejections(n node[A, V], envB []byte) error {
	ver := r.tab.Version()
	expect := func(what string, err, want error) error {
		if !errors.Is(err, want) {
			return fail("reject", "%s: got error %v, want %v", what, err, want)
		}
		return sameEnvelope(what+" (refused)", r.tab, envB)
	}
	_, canConcede := any(r.g).(games.Conceder[S])
	if len(n.toAct) == 0 {
		_, err := r.tab.Play(0, ver, "x")
		if err := expect("Play after the end", err, games.ErrGameOver); err != nil {
			return err
		}
		_, err = r.tab.Concede(0, ver)
		return expect("Concede after the end", err, games.ErrGameOver)
	}
	_, err := r.tab.Concede(0, ver+1)
	if err := expect("Concede at a stale version", err, games.ErrStale); err != nil {
		return err
	}
	_, err = r.tab.Concede(games.Spectator, ver)
	if err := expect("Concede by the spectator", err, games.ErrCannotConcede); err != nil {
		return err
	}
	if !canConcede {
		_, err = r.tab.Concede(0, ver)
		if err := expect("Concede in a game without concession", err, games.ErrCannotConcede); err != nil {
			return err
		}
	}
	if n.toAct[0] == games.Chance {
		_, err := r.tab.Play(0, ver+1, "x")
		if err := expect("Play at a stale version", err, games.ErrStale); err != nil {
			return err
		}
		for seat := range games.Seat(r.seats) {
			_, err := r.tab.Play(seat, ver, "x")
			if err := expect(fmt.Sprintf("Play by %s at a chance node", seat), err, games.ErrNotYourTurn); err != nil {
				return err
			}
		}
		for _, k := range garbage("x") {
			_, err := r.tab.Step(games.Chance, ver, k)
			if err := expect(fmt.Sprintf("chance Step with key %q", k), err, games.ErrBadKey); err != nil {
				return err
			}
		}
		if n.legal[games.Chance] != nil {
			for _, k := range r.sample(r.foreign(n.legal[games.Chance]), 2) {
				_, err := r.tab.Step(games.Chance, ver, k)
				if err := expect(fmt.Sprintf("chance Step with key %q not in Legal(chance)", k), err, games.ErrIllegal); err != nil {
					return err
				}
			}
		}
		return nil
	}
	actor := n.toAct[r.check.IntN(len(n.toAct))]
	key := n.legal[actor][r.check.IntN(len(n.legal[actor]))].Key()
	_, err = r.tab.Play(actor, ver+1, key)
	if err := expect("Play at a newer version", err, games.ErrStale); err != nil {
		return err
	}
	if ver > 0 {
		_, err = r.tab.Play(actor, ver-1, key)
		if err := expect("Play at an older version", err, games.ErrStale); err != nil {
			return err
		}
	}
	for _, seat := range append([]games.Seat{games.Spectator, games.Chance}, r.viewers()[1:]...) {
		if slices.Contains(n.toAct, seat) {
			continue
		}
		_, err := r.tab.Play(seat, ver, key)
		if err := expect(fmt.Sprintf("Play of %s's %q by %s", actor, key, seat), err, games.ErrNotYourTurn); err != nil {
			return err
		}
	}
	_, err = r.tab.Step(games.Chance, ver, key)
	if err := expect(fmt.Sprintf("chance Step of %q at a decision node", key), err, games.ErrNotYourTurn); err != nil {
		return err
	}
	for _, k := range garbage(key) {
		_, err := r.tab.Play(actor, ver, k)
		if err := expect(fmt.Sprintf("Play by %s of malformed key %q", actor, k), err, games.ErrBadKey); err != nil {
			return err
		}
	}
	for _, k := range r.sample(r.foreign(n.legal[actor]), 3) {
		_, err := r.tab.Play(actor, ver, k)
		if err := expect(fmt.Sprintf("Play by %s of %q, not in its Legal", actor, k), err, games.ErrIllegal); err != nil {
			return err
		}
	}
	return nil
}

// act applies a player's legal action to the typed state and through the
// driver, and checks that both agree.
func (r *runner[S, A, V]) act(seat games.Seat, a A) error {
	key := a.Key()
	label := r.g.Label(r.g.View(&r.s, seat), a)
	next, err := r.clone()
	if err != nil {
		return err
	}
	evs, err := r.g.Apply(&next, seat, a)
	if err != nil {
		return fail("apply", "Apply refuses %s's legal action %q: %v", seat, key, err)
	}
	if r.m.heavy {
		if err := r.deterministic(seat, a, next, evs); err != nil {
			return err
		}
	}
	st, err := r.tab.Step(seat, r.tab.Version(), key)
	if err != nil {
		return fail("driver", "the table refuses %s's legal action %q: %v", seat, key, err)
	}
	return r.record(st, seat, key, label, next, evs, true)
}

// deterministic applies a again to a fresh clone and compares.
func (r *runner[S, A, V]) deterministic(seat games.Seat, a A, next S, evs []games.Event) error {
	again, err := r.clone()
	if err != nil {
		return err
	}
	evs2, err := r.g.Apply(&again, seat, a)
	if err != nil {
		return fail("determinism", "Apply of %q succeeded once and then failed: %v", a.Key(), err)
	}
	b1, err := r.encode(&next)
	if err != nil {
		return err
	}
	b2, err := r.encode(&again)
	if err != nil {
		return err
	}
	if !bytes.Equal(b1, b2) {
		return fail("determinism", "applying %q twice to equal states gives different states: %s", a.Key(), firstDiff(b1, b2))
	}
	e1, _ := json.Marshal(evs)
	e2, _ := json.Marshal(evs2)
	if !bytes.Equal(e1, e2) {
		return fail("determinism", "applying %q twice gives different events: %s vs %s", a.Key(), e1, e2)
	}
	return nil
}

// record checks a step logged by the driver against the typed application
// (next, evs) and makes next the current state.
func (r *runner[S, A, V]) record(st games.Step, seat games.Seat, key, label string, next S, evs []games.Event, synced bool) error {
	if st.Version != uint64(len(r.log))+1 || st.Seat != seat || st.Key != key {
		return fail("driver", "logged step %+v, want version %d, %s, %q", st, len(r.log)+1, seat, key)
	}
	e1, err := json.Marshal(evs)
	if err != nil {
		return fail("event", "events do not encode: %v", err)
	}
	e2, _ := json.Marshal(st.Events)
	if !bytes.Equal(e1, e2) {
		return fail("driver", "the driver logged events %s, the game returned %s", e2, e1)
	}
	for _, e := range evs {
		if err := r.checkNames(fmt.Sprintf("the public line of %q", key), e.Public); err != nil {
			return err
		}
		for s, line := range e.Private {
			if s < 0 || int(s) >= r.seats {
				return fail("event", "%q gives a private line to %s, out of range", key, s)
			}
			if err := r.checkNames(fmt.Sprintf("the private line of %q for %s", key, s), line); err != nil {
				return err
			}
		}
	}
	r.s = next
	r.log = append(r.log, st)
	if !r.poolSet[key] && key != games.KeyConcede {
		r.poolSet[key] = true
		r.pool = append(r.pool, key)
	}
	if r.tr != nil {
		r.tr.step(st, label)
	}
	if synced {
		return r.sameAsTable(fmt.Sprintf("%s %q", seat, key))
	}
	return nil
}

// resolve lets the driver sample and apply the chance steps up to the next
// decision and replays each on the typed state, checking every intermediate
// chance node on the typed state.
func (r *runner[S, A, V]) resolve() error {
	env, err := r.tab.Envelope()
	if err != nil {
		return fail("envelope", "Envelope: %v", err)
	}
	before, err := r.encode(&r.s)
	if err != nil {
		return err
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(env.RNG); err != nil {
		return fail("envelope", "the table's RNG does not decode: %v", err)
	}
	sampled := r.g.Sample(&r.s, dice.New(pcg)).Key()
	if err := r.unchanged(before, "Sample"); err != nil {
		return err
	}
	if err := r.roundTrip(sampled); err != nil {
		return err
	}
	steps, err := r.tab.Resolve()
	if err != nil {
		return fail("chance", "Resolve: %v", err)
	}
	if len(steps) == 0 {
		return fail("chance", "Resolve applied nothing at a chance node")
	}
	if steps[0].Key != sampled {
		return fail("chance", "Sample gave %q from a copy of the table's RNG but the driver drew %q", sampled, steps[0].Key)
	}
	return r.follow(steps, 0)
}

// follow replays driver steps[from:] (chance outcomes) on the typed state.
func (r *runner[S, A, V]) follow(steps []games.Step, from int) error {
	for i := from; i < len(steps); i++ {
		st := steps[i]
		if i > from {
			if len(r.log) > r.info.MaxActions {
				return fail("length", "the game is still going after %d actions, Info().MaxActions is %d", len(r.log), r.info.MaxActions)
			}
			if _, err := r.checkNode(false); err != nil {
				return err
			}
		}
		if st.Seat != games.Chance {
			return fail("driver", "Resolve logged a step by %s", st.Seat)
		}
		a, err := r.g.ParseAction(st.Key)
		if err != nil {
			return fail("roundtrip", "the driver logged chance key %q that does not parse: %v", st.Key, err)
		}
		next, err := r.clone()
		if err != nil {
			return err
		}
		evs, err := r.g.Apply(&next, games.Chance, a)
		if err != nil {
			return fail("apply", "Apply refuses sampled outcome %q: %v", st.Key, err)
		}
		if err := r.record(st, games.Chance, st.Key, "", next, evs, i == len(steps)-1); err != nil {
			return err
		}
	}
	return nil
}

// concede lets seat concede through the driver and follows on the typed
// state. A game may refuse (ErrCannotConcede), and then nothing changes.
func (r *runner[S, A, V]) concede(c games.Conceder[S], seat games.Seat) error {
	env, err := r.tab.Envelope()
	if err != nil {
		return fail("envelope", "Envelope: %v", err)
	}
	envB, err := env.Marshal()
	if err != nil {
		return fail("envelope", "Marshal: %v", err)
	}
	steps, err := r.tab.Concede(seat, r.tab.Version())
	if errors.Is(err, games.ErrCannotConcede) {
		return sameEnvelope("a refused concession", r.tab, envB)
	}
	if err != nil {
		return fail("concede", "Concede(%s): %v", seat, err)
	}
	next, err := r.clone()
	if err != nil {
		return err
	}
	evs, err := c.Concede(&next, seat)
	if err != nil {
		return fail("concede", "the driver accepted %s's concession but the game refuses it: %v", seat, err)
	}
	if err := r.record(steps[0], seat, games.KeyConcede, "concede", next, evs, len(steps) == 1); err != nil {
		return err
	}
	r.conceded = append(r.conceded, seat)
	if err := r.follow(steps, 1); err != nil {
		return err
	}
	if r.seats == 2 && len(r.g.ToAct(&r.s)) > 0 {
		return fail("concede", "a two-seat game goes on after %s conceded", seat)
	}
	return nil
}

// finish checks the end of the game.
func (r *runner[S, A, V]) finish() error {
	res, _ := r.g.Result(&r.s)
	if len(r.conceded) > 0 && res.Reason == "" {
		return fail("result", "the game ended by concession with no Reason")
	}
	if r.tr != nil {
		r.tr.result(res)
	}
	return nil
}

// checkResult checks a finished game's Result against the seat count.
func (r *runner[S, A, V]) checkResult(res games.Result) error {
	if len(res.Ranks) != r.seats {
		return fail("result", "Ranks %v has %d entries for %d seats", res.Ranks, len(res.Ranks), r.seats)
	}
	if res.Scores != nil && len(res.Scores) != r.seats {
		return fail("result", "Scores %v has %d entries for %d seats", res.Scores, len(res.Scores), r.seats)
	}
	if res.Reason == "" {
		return fail("result", "Result.Reason is empty")
	}
	var first []games.Seat
	// A one-seat game is played against the game: rank 2 is a loss.
	worst := r.seats
	if r.seats == 1 {
		worst = 2
	}
	for i, rank := range res.Ranks {
		if rank < 1 || rank > worst {
			return fail("result", "Ranks %v: rank %d out of 1..%d", res.Ranks, rank, worst)
		}
		if rank == 1 {
			first = append(first, games.Seat(i))
		}
	}
	if len(first) == 0 && r.seats > 1 {
		return fail("result", "Ranks %v: nobody is ranked 1", res.Ranks)
	}
	winners := slices.Sorted(slices.Values(res.Winners))
	switch {
	case res.Draw && len(res.Winners) > 0:
		return fail("result", "a draw with Winners %v", res.Winners)
	case res.Draw && r.seats == 1 && len(first) != 1:
		return fail("result", "a one-seat draw with the seat ranked %v", res.Ranks)
	case res.Draw && len(first) < 2 && r.seats > 1:
		return fail("result", "a draw with a single seat ranked 1 in %v", res.Ranks)
	case !res.Draw && !slices.Equal(winners, first):
		return fail("result", "Winners %v are not the seats ranked 1 in %v", res.Winners, res.Ranks)
	}
	for _, line := range res.Lines {
		if err := r.checkNames("the result line", line); err != nil {
			return err
		}
	}
	for _, team := range res.Teams {
		for _, s := range team {
			if s < 0 || int(s) >= r.seats {
				return fail("result", "Teams %v has %s out of range", res.Teams, s)
			}
		}
	}
	return nil
}

// seatWording matches text that names a player by number ("Seat 1",
// "player 2") instead of through games.Name.
var seatWording = regexp.MustCompile(`(?i)\b(seat|player) \d`)

// checkNames fails when player-visible text names a player by number
// rather than with games.Name, or holds a malformed name token or one for
// a seat out of range.
func (r *runner[S, A, V]) checkNames(what, text string) error {
	if m := seatWording.FindString(text); m != "" {
		return fail("names", "%s names a player as %q, not with games.Name: %q", what, m, text)
	}
	seats, ok := games.Tokens(text)
	if !ok {
		return fail("names", "%s holds a malformed name token: %q", what, text)
	}
	for _, s := range seats {
		if s < 0 || int(s) >= r.seats {
			return fail("names", "%s names %s, out of range: %q", what, s, text)
		}
	}
	return nil
}

// nodeText renders a node for a playthrough golden.
func (r *runner[S, A, V]) nodeText(n node[A, V]) nodeText {
	var t nodeText
	who := "nobody (over)"
	if len(n.toAct) > 0 {
		names := make([]string, len(n.toAct))
		for i, s := range n.toAct {
			names[i] = s.String()
		}
		who = strings.Join(names, ", ")
	}
	t.head = fmt.Sprintf("== version %d, to act: %s\n", len(r.log), who)
	var b strings.Builder
	for _, v := range r.viewers() {
		var ind bytes.Buffer
		if err := json.Indent(&ind, n.viewJSON[v], "  ", "  "); err != nil {
			ind.WriteString(err.Error())
		}
		fmt.Fprintf(&b, "-- view %s\n  %s\n", v, ind.String())
	}
	t.views = b.String()
	b.Reset()
	for _, s := range n.toAct {
		acts := n.legal[s]
		if s == games.Chance {
			if acts == nil {
				b.WriteString("-- chance: outcomes checked by Apply\n")
				continue
			}
			keys := make([]string, len(acts))
			for i, a := range acts {
				keys[i] = a.Key()
			}
			fmt.Fprintf(&b, "-- chance outcomes: %s\n", strings.Join(keys, " "))
			continue
		}
		fmt.Fprintf(&b, "-- legal %s\n", s)
		for _, c := range r.choices(acts, n.views[s]) {
			fmt.Fprintf(&b, "  %-20s %q\n", c.Key, c.Label)
		}
	}
	t.legal = b.String()
	return t
}
