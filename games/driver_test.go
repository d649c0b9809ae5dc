package games_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
	"spindle/games/internal/dice"
)

var seed = [2]uint64{1, 2}

// newToy creates a dealt toy table of n seats and checks the deal's log.
func newToy(t *testing.T, n int) games.Table {
	t.Helper()
	tb, steps, err := games.Bind(toy.Game{}).New(nil, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 1 || steps[0].Seat != games.Chance || steps[0].Version != 1 || !strings.HasPrefix(steps[0].Key, "deal:") {
		t.Fatalf("New logged %+v, want one chance deal at version 1", steps)
	}
	return tb
}

// snapshot is a table's whole stored record, RNG included.
func snapshot(t *testing.T, tb games.Table) []byte {
	t.Helper()
	env, err := tb.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	b, err := env.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// play plays an action that must be accepted.
func play(t *testing.T, tb games.Table, seat games.Seat, key string) []games.Step {
	t.Helper()
	steps, err := tb.Play(seat, tb.Version(), key)
	if err != nil {
		t.Fatalf("%s %q at version %d: %v", seat, key, tb.Version(), err)
	}
	return steps
}

// hand is seat's hand as its view shows it.
func hand(tb games.Table, seat games.Seat) []int {
	return tb.View(seat).(toy.View).Hand
}

// toEnd plays a dealt table's first legal action until the end and returns
// the steps logged.
func toEnd(t *testing.T, tb games.Table) []games.Step {
	t.Helper()
	var log []games.Step
	for !tb.Over() {
		seat := tb.ToAct()[0]
		log = append(log, play(t, tb, seat, tb.Legal(seat)[0].Key)...)
	}
	return log
}

func TestPlayRejectsBadInput(t *testing.T) {
	tb := newToy(t, 2)
	cases := []struct {
		name string
		seat games.Seat
		at   uint64
		key  string
		want error
	}{
		{"older version", 0, 0, "bet:0", games.ErrStale},
		{"newer version", 0, 2, "bet:0", games.ErrStale},
		{"spectator", games.Spectator, 1, "bet:0", games.ErrNotYourTurn},
		{"chance", games.Chance, 1, "bet:0", games.ErrNotYourTurn},
		{"seat out of range", 5, 1, "bet:0", games.ErrNotYourTurn},
		{"card not held", 0, 1, "play:99", games.ErrIllegal},
		{"chance outcome", 0, 1, "roll:3", games.ErrIllegal},
		{"malformed", 0, 1, "nonsense", games.ErrBadKey},
		{"not canonical", 0, 1, "bet:01", games.ErrBadKey},
		{"empty", 0, 1, "", games.ErrBadKey},
	}
	before := snapshot(t, tb)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := tb.Play(c.seat, c.at, c.key)
			if !errors.Is(err, c.want) {
				t.Fatalf("Play(%s, %d, %q) = %v, want %v", c.seat, c.at, c.key, err, c.want)
			}
			if !bytes.Equal(snapshot(t, tb), before) {
				t.Fatal("a refused Play changed the table")
			}
		})
	}
	play(t, tb, 0, "bet:0")
	play(t, tb, 1, "bet:1")
	if _, err := tb.Play(1, tb.Version(), "play:"+fmt.Sprint(hand(tb, 1)[0])); !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("seat 1 playing in seat 0's turn: %v", err)
	}
	toEnd(t, tb)
	if _, err := tb.Play(0, tb.Version(), "bet:0"); !errors.Is(err, games.ErrGameOver) {
		t.Fatalf("Play after the end: %v", err)
	}
	if tb.Legal(0) != nil || tb.ToAct() != nil {
		t.Fatalf("a finished table lists ToAct %v and Legal %v", tb.ToAct(), tb.Legal(0))
	}
}

func TestPlayResolvesChance(t *testing.T) {
	tb := newToy(t, 2)
	if got := tb.ToAct(); !slices.Equal(got, []games.Seat{0, 1}) {
		t.Fatalf("after the deal ToAct = %v, want both seats betting", got)
	}
	if steps := play(t, tb, 1, "bet:1"); len(steps) != 1 || steps[0].Version != 2 || steps[0].Seat != 1 {
		t.Fatalf("a bet logged %+v", steps)
	}
	play(t, tb, 0, "bet:0")
	play(t, tb, 0, fmt.Sprintf("play:%d", hand(tb, 0)[0]))
	steps := play(t, tb, 1, fmt.Sprintf("play:%d", hand(tb, 1)[0]))
	if len(steps) != 2 {
		t.Fatalf("closing a round logged %+v, want the play and the roll", steps)
	}
	if steps[0].Seat != 1 || steps[0].Version != 5 || steps[1].Seat != games.Chance || steps[1].Version != 6 || !strings.HasPrefix(steps[1].Key, "roll:") {
		t.Fatalf("closing a round logged %+v", steps)
	}
	if tb.Version() != 6 {
		t.Fatalf("version %d after six actions", tb.Version())
	}
	if len(steps[1].Events) != 1 || !strings.HasPrefix(steps[1].Events[0].Public, "Rolled") {
		t.Fatalf("the roll's events: %+v", steps[1].Events)
	}
}

// badRoll samples a roll its own Legal does not list.
type badRoll struct{ toy.Game }

func (g badRoll) Sample(s *toy.State, d *dice.Dice) toy.Action {
	if s.Dealt {
		return toy.Action{Kind: "roll", N: 7}
	}
	return g.Game.Sample(s, d)
}

func TestPlayIsAtomic(t *testing.T) {
	tb, _, err := games.Bind(badRoll{}).New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	play(t, tb, 0, "bet:0")
	play(t, tb, 1, "bet:0")
	play(t, tb, 0, fmt.Sprintf("play:%d", hand(tb, 0)[0]))
	before := snapshot(t, tb)
	_, err = tb.Play(1, tb.Version(), fmt.Sprintf("play:%d", hand(tb, 1)[0]))
	if err == nil || !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("a play followed by a bad sampled roll: %v", err)
	}
	if !bytes.Equal(snapshot(t, tb), before) {
		t.Fatal("Play failed in chance resolution but left the table changed")
	}
	if tb.Version() != 4 {
		t.Fatalf("version %d after a failed Play, want 4", tb.Version())
	}
}

func TestStepScriptsChance(t *testing.T) {
	tb, err := games.Bind(toy.Game{}).Open(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Version() != 0 || !slices.Equal(tb.ToAct(), []games.Seat{games.Chance}) {
		t.Fatalf("Open: version %d, ToAct %v; want 0 and the chance deal", tb.Version(), tb.ToAct())
	}
	before := snapshot(t, tb)
	for _, key := range []string{"deal:000000000000", "deal:0123", "deal:0123456789abc", "bet:x"} {
		if _, err := tb.Step(games.Chance, 0, key); !errors.Is(err, games.ErrIllegal) && !errors.Is(err, games.ErrBadKey) {
			t.Errorf("scripted chance %q: %v", key, err)
		}
		if !bytes.Equal(snapshot(t, tb), before) {
			t.Fatalf("a refused chance %q changed the table", key)
		}
	}
	if _, err := tb.Step(0, 0, "bet:0"); !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("a seat at the deal: %v", err)
	}
	st, err := tb.Step(games.Chance, 0, "deal:0123456789ab")
	if err != nil {
		t.Fatal(err)
	}
	if st.Seat != games.Chance || st.Version != 1 || !st.Barrier() {
		t.Fatalf("scripted deal logged %+v", st)
	}
	if !slices.Equal(hand(tb, 0), []int{1, 2}) || !slices.Equal(hand(tb, 1), []int{3, 4}) {
		t.Fatalf("scripted deal gave hands %v and %v", hand(tb, 0), hand(tb, 1))
	}
	for _, k := range []string{"bet:1", "bet:0", "play:1", "play:3"} {
		seat := games.Seat(0)
		if (k == "bet:0") || k == "play:3" {
			seat = 1
		}
		if _, err := tb.Step(seat, tb.Version(), k); err != nil {
			t.Fatalf("%s %q: %v", seat, k, err)
		}
	}
	if !slices.Equal(tb.ToAct(), []games.Seat{games.Chance}) {
		t.Fatalf("Step resolved chance by itself: ToAct %v", tb.ToAct())
	}
	if _, err := tb.Step(games.Chance, tb.Version(), "roll:7"); !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("a roll of 7: %v", err)
	}
	if _, err := tb.Step(games.Chance, tb.Version(), "roll:6"); err != nil {
		t.Fatal(err)
	}
	if got := tb.View(games.Spectator).(toy.View).Bonus; !slices.Equal(got, []int{0, 6}) {
		t.Fatalf("after a scripted 6 for the highest card, bonuses are %v", got)
	}
}

// noConcede is the toy game without the Conceder interface.
type noConcede struct{ g toy.Game }

func (n noConcede) Info() games.Info                              { return n.g.Info() }
func (n noConcede) New(o games.Options, k int) (toy.State, error) { return n.g.New(o, k) }
func (n noConcede) ToAct(s *toy.State) []games.Seat               { return n.g.ToAct(s) }
func (n noConcede) Legal(s *toy.State, seat games.Seat) []toy.Action {
	return n.g.Legal(s, seat)
}
func (n noConcede) Sample(s *toy.State, d *dice.Dice) toy.Action { return n.g.Sample(s, d) }
func (n noConcede) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	return n.g.Apply(s, seat, a)
}
func (n noConcede) View(s *toy.State, v games.Seat) toy.View { return n.g.View(s, v) }
func (n noConcede) Result(s *toy.State) (games.Result, bool) { return n.g.Result(s) }
func (n noConcede) ParseAction(k string) (toy.Action, error) { return n.g.ParseAction(k) }
func (n noConcede) Label(v toy.View, a toy.Action) string    { return n.g.Label(v, a) }

func TestConcede(t *testing.T) {
	tb := newToy(t, 3)
	before := snapshot(t, tb)
	for _, c := range []struct {
		name string
		seat games.Seat
		at   uint64
		want error
	}{
		{"stale", 1, 0, games.ErrStale},
		{"spectator", games.Spectator, 1, games.ErrCannotConcede},
		{"chance", games.Chance, 1, games.ErrCannotConcede},
		{"out of range", 3, 1, games.ErrCannotConcede},
	} {
		if _, err := tb.Concede(c.seat, c.at); !errors.Is(err, c.want) {
			t.Errorf("%s: Concede = %v, want %v", c.name, err, c.want)
		}
	}
	if !bytes.Equal(snapshot(t, tb), before) {
		t.Fatal("a refused concession changed the table")
	}
	// A seat may concede out of turn, through Play's meta key too.
	steps, err := tb.Play(2, tb.Version(), games.KeyConcede)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 1 || steps[0].Seat != 2 || steps[0].Key != games.KeyConcede || steps[0].Version != 2 {
		t.Fatalf("concession logged %+v", steps)
	}
	res, over := tb.Result()
	if !over || !tb.Over() || res.Reason != "conceded" || res.Ranks[2] != 3 {
		t.Fatalf("after a concession: over %v, result %+v", over, res)
	}
	if _, err := tb.Concede(0, tb.Version()); !errors.Is(err, games.ErrGameOver) {
		t.Fatalf("conceding a finished game: %v", err)
	}

	plain, _, err := games.Bind[toy.State, toy.Action, toy.View](noConcede{}).New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.Concede(0, plain.Version()); !errors.Is(err, games.ErrCannotConcede) {
		t.Fatalf("conceding a game without concession: %v", err)
	}
}

// migrating is the toy game at rules version 2, whose state encoding
// renamed "bonus" to "extra"; it migrates version 1 records.
type migrating struct {
	toy.Game
	calls *[]int
}

func (g migrating) Info() games.Info {
	i := g.Game.Info()
	i.Rules = 2
	return i
}

func (g migrating) Migrate(state []byte, from int) ([]byte, error) {
	*g.calls = append(*g.calls, from)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(state, &m); err != nil {
		return nil, err
	}
	if _, ok := m["bonus"]; !ok {
		return nil, errors.New("no bonus field")
	}
	m["bonus"] = json.RawMessage(`[7,7]`) // shows that the migrated bytes are used
	return json.Marshal(m)
}

// envelopeOf returns the envelope of a dealt two-seat toy table.
func envelopeOf(t *testing.T) games.Envelope {
	t.Helper()
	env, err := newToy(t, 2).Envelope()
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// marshal encodes an envelope, possibly edited.
func marshal(t *testing.T, env games.Envelope) []byte {
	t.Helper()
	b, err := env.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecode(t *testing.T) {
	cat, err := games.NewCatalog(games.Bind(toy.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	good := envelopeOf(t)
	tb, err := cat.Decode(marshal(t, good))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snapshot(t, tb), marshal(t, good)) {
		t.Fatal("a decoded table does not encode back to its envelope")
	}
	edit := func(f func(*games.Envelope)) []byte {
		e := good
		f(&e)
		return marshal(t, e)
	}
	newer := bytes.Replace(marshal(t, good), []byte(`"schema":1`), []byte(`"schema":2`), 1)
	for _, c := range []struct {
		name string
		b    []byte
		want error
	}{
		{"newer schema", newer, games.ErrSchema},
		{"no schema", []byte(`{"game":"toy","state":{}}`), games.ErrSchema},
		{"not json", []byte(`{"schema":`), games.ErrCorrupt},
		{"unknown game", edit(func(e *games.Envelope) { e.Game = "chess" }), games.ErrUnknownGame},
		{"no game", edit(func(e *games.Envelope) { e.Game = "" }), games.ErrCorrupt},
		{"no state", edit(func(e *games.Envelope) { e.State = nil }), games.ErrCorrupt},
		{"newer rules", edit(func(e *games.Envelope) { e.Rules = 2 }), games.ErrNewerRules},
		{"older rules", edit(func(e *games.Envelope) { e.Rules = 0 }), games.ErrOldRules},
		{"bad state", edit(func(e *games.Envelope) { e.State = json.RawMessage(`[1,2]`) }), games.ErrCorrupt},
		{"bad rng", edit(func(e *games.Envelope) { e.RNG = []byte("short") }), games.ErrCorrupt},
		{"bad seats", edit(func(e *games.Envelope) { e.Seats = 9 }), games.ErrCorrupt},
	} {
		if _, err := cat.Decode(c.b); !errors.Is(err, c.want) {
			t.Errorf("%s: Decode = %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := games.Bind(toy.Game{}).Decode(games.Envelope{Schema: 1, Game: "other", State: good.State}); !errors.Is(err, games.ErrUnknownGame) {
		t.Errorf("Kind.Decode of another game's envelope: %v", err)
	}
}

func TestDecodeMigrates(t *testing.T) {
	var calls []int
	k := games.Bind[toy.State, toy.Action, toy.View](migrating{calls: &calls})
	old := envelopeOf(t) // written at rules version 1
	tb, err := k.Decode(old)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(calls, []int{1}) {
		t.Fatalf("Migrate called with %v, want [1]", calls)
	}
	if got := tb.View(games.Spectator).(toy.View).Bonus; !slices.Equal(got, []int{7, 7}) {
		t.Fatalf("the migrated state was not used: bonus %v", got)
	}
	env, err := tb.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	if env.Rules != 2 || env.Version != old.Version {
		t.Fatalf("a migrated table stores rules %d version %d, want 2 and %d", env.Rules, env.Version, old.Version)
	}
	old.State = json.RawMessage(`{"seats":2}`)
	if _, err := k.Decode(old); !errors.Is(err, games.ErrOldRules) {
		t.Fatalf("a failing migration: %v", err)
	}
}

func TestReplay(t *testing.T) {
	k := games.Bind(toy.Game{})
	tb, log, err := k.New(games.Options{"pace": "fast"}, 3, seed)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		seat := tb.ToAct()[0]
		log = append(log, play(t, tb, seat, tb.Legal(seat)[0].Key)...)
	}
	log = append(log, play(t, tb, 1, games.KeyConcede)...)
	want := snapshot(t, tb)
	env, err := tb.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	got, err := k.Replay(env, log)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snapshot(t, got), want) {
		t.Fatal("Replay of the log does not reproduce the table")
	}
	cat, _ := games.NewCatalog(k)
	if got, err := cat.Replay(want, log); err != nil || !bytes.Equal(snapshot(t, got), want) {
		t.Fatalf("Catalog.Replay: %v", err)
	}

	// Without an RNG in the header the replayed table still reaches the
	// same state: chance is applied as logged.
	noRNG := env
	noRNG.RNG = nil
	got, err = k.Replay(noRNG, log)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := got.StateJSON()
	b, _ := tb.StateJSON()
	if !bytes.Equal(a, b) {
		t.Fatal("Replay without RNG reaches another state")
	}

	gap := slices.Clone(log)
	gap[2].Version = 9
	if _, err := k.Replay(env, gap); !errors.Is(err, games.ErrCorrupt) {
		t.Fatalf("a log with a version gap: %v", err)
	}
	bad := slices.Clone(log)
	bad[1].Key = "play:99"
	if _, err := k.Replay(env, bad); !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("a log with an illegal entry: %v", err)
	}
}

// forbid is an undo policy that refuses some keys.
type forbid []string

func (f forbid) Undoable(key string) bool { return !slices.Contains(f, key) }

func TestUndoKeep(t *testing.T) {
	step := func(v uint64, seat games.Seat, key string, reveal bool) games.Step {
		st := games.Step{Version: v, Seat: seat, Key: key}
		if reveal {
			st.Events = []games.Event{{Public: "x", Reveal: true}}
		}
		return st
	}
	deal := step(1, games.Chance, "deal", false)
	cases := []struct {
		name   string
		log    []games.Step
		toAct  []games.Seat
		seat   games.Seat
		policy games.UndoPolicy
		keep   int
		err    error
	}{
		{"own run", []games.Step{deal, step(2, 1, "x", false), step(3, 0, "a", false), step(4, 0, "b", false)}, []games.Seat{0}, 0, nil, 2, nil},
		{"stops at chance", []games.Step{step(1, 0, "a", false), step(2, games.Chance, "roll", false), step(3, 0, "b", false)}, []games.Seat{0}, 0, nil, 2, nil},
		{"chance last", []games.Step{step(1, 0, "a", false), step(2, games.Chance, "roll", false)}, []games.Seat{0}, 0, nil, 0, games.ErrNothingToUndo},
		{"stops at reveal", []games.Step{step(1, 0, "a", false), step(2, 0, "b", true), step(3, 0, "c", false)}, []games.Seat{0}, 0, nil, 2, nil},
		{"reveal last", []games.Step{step(1, 0, "a", true)}, []games.Seat{0}, 0, nil, 0, games.ErrNothingToUndo},
		{"other seat last", []games.Step{step(1, 0, "a", false), step(2, 1, "b", false)}, []games.Seat{0, 1}, 0, nil, 0, games.ErrNothingToUndo},
		{"not to act", []games.Step{step(1, 0, "a", false)}, []games.Seat{1}, 0, nil, 0, games.ErrNothingToUndo},
		{"game over", []games.Step{step(1, 0, "a", false)}, nil, 0, nil, 0, games.ErrNothingToUndo},
		{"empty log", nil, []games.Seat{0}, 0, nil, 0, games.ErrNothingToUndo},
		{"concession", []games.Step{step(1, 0, games.KeyConcede, false)}, []games.Seat{0}, 0, nil, 0, games.ErrNothingToUndo},
		{"policy stops the run", []games.Step{step(1, 0, "a", false), step(2, 0, "b", false)}, []games.Seat{0}, 0, forbid{"a"}, 1, nil},
		{"policy forbids the last", []games.Step{step(1, 0, "a", false), step(2, 0, "b", false)}, []games.Seat{0}, 0, forbid{"b"}, 0, games.ErrNothingToUndo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			keep, err := games.UndoKeep(c.log, c.toAct, c.seat, c.policy)
			if !errors.Is(err, c.err) || (c.err == nil && keep != c.keep) {
				t.Fatalf("UndoKeep = %d, %v; want %d, %v", keep, err, c.keep, c.err)
			}
		})
	}
}

// TestUndoByReplay takes back an action the way the bot does: replay the
// log up to UndoKeep and compare with the table before the action.
func TestUndoByReplay(t *testing.T) {
	k := games.Bind(toy.Game{})
	tb, log, err := k.New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	log = append(log, play(t, tb, 0, "bet:1")...)
	if _, err := games.UndoKeep(log, tb.ToAct(), 0, nil); !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("seat 0 is no longer to act, yet UndoKeep = %v", err)
	}
	before, _ := tb.StateJSON()
	log = append(log, play(t, tb, 1, "bet:0")...)
	keep, err := games.UndoKeep(log, tb.ToAct(), 1, nil)
	if !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("seat 1 is not to act after betting: keep %d, %v", keep, err)
	}
	// Seat 0 is to act after both bets, and the last entry is seat 1's:
	// there is nothing of seat 0's own to take back.
	if _, err := games.UndoKeep(log, tb.ToAct(), 0, nil); !errors.Is(err, games.ErrNothingToUndo) {
		t.Fatalf("undo across another seat's action: %v", err)
	}
	env, _ := tb.Envelope()
	back, err := k.Replay(env, log[:len(log)-1])
	if err != nil {
		t.Fatal(err)
	}
	got, _ := back.StateJSON()
	if !bytes.Equal(got, before) {
		t.Fatal("replaying the log without its last entry does not give the earlier state")
	}
}

func TestNormalize(t *testing.T) {
	info := toy.Game{}.Info()
	got, err := info.Normalize(nil)
	if err != nil || got["pace"] != "calm" || len(got) != 1 {
		t.Fatalf("Normalize(nil) = %v, %v; want the default pace", got, err)
	}
	in := games.Options{"pace": "fast"}
	got, err = info.Normalize(in)
	if err != nil || got["pace"] != "fast" {
		t.Fatalf("Normalize(fast) = %v, %v", got, err)
	}
	got["pace"] = "calm"
	if in["pace"] != "fast" {
		t.Fatal("Normalize returned the caller's map")
	}
	for _, o := range []games.Options{{"speed": "fast"}, {"pace": "slow"}, {"pace": ""}} {
		if _, err := info.Normalize(o); !errors.Is(err, games.ErrBadOption) {
			t.Errorf("Normalize(%v) = %v, want ErrBadOption", o, err)
		}
	}
	k := games.Bind(toy.Game{})
	if _, _, err := k.New(games.Options{"pace": "slow"}, 2, seed); !errors.Is(err, games.ErrBadOption) {
		t.Errorf("New with a bad option: %v", err)
	}
	for _, n := range []int{0, 1, 5} {
		if _, _, err := k.New(nil, n, seed); !errors.Is(err, games.ErrSeats) {
			t.Errorf("New with %d seats: %v", n, err)
		}
	}
}

// renamed is the toy game under another ID.
type renamed struct{ toy.Game }

func (g renamed) Info() games.Info {
	i := g.Game.Info()
	i.ID = "atoy"
	return i
}

func TestCatalog(t *testing.T) {
	if _, err := games.NewCatalog(games.Bind(toy.Game{}), games.Bind(toy.Game{})); err == nil {
		t.Fatal("NewCatalog accepted one ID twice")
	}
	cat, err := games.NewCatalog(games.Bind(toy.Game{}), games.Bind[toy.State, toy.Action, toy.View](renamed{}))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, i := range cat.Games() {
		ids = append(ids, i.ID)
	}
	if !slices.Equal(ids, []string{"atoy", "toy"}) {
		t.Fatalf("Games() = %v, want sorted IDs", ids)
	}
	if _, err := cat.Get("chess"); !errors.Is(err, games.ErrUnknownGame) {
		t.Fatalf("Get of an unknown game: %v", err)
	}
	if _, _, err := cat.New("chess", nil, 2, seed); !errors.Is(err, games.ErrUnknownGame) {
		t.Fatalf("New of an unknown game: %v", err)
	}
	tb, steps, err := cat.New("atoy", nil, 2, seed)
	if err != nil || len(steps) != 1 || tb.Info().ID != "atoy" {
		t.Fatalf("New(atoy) = %v, %v", steps, err)
	}
}

func TestSeatString(t *testing.T) {
	for s, want := range map[games.Seat]string{games.Chance: "chance", games.Spectator: "spectator", 0: "seat 0", 3: "seat 3"} {
		if got := s.String(); got != want {
			t.Errorf("Seat(%d).String() = %q, want %q", int(s), got, want)
		}
	}
}

func FuzzDecodeEnvelope(f *testing.F) {
	env, err := games.Bind(toy.Game{}).Open(nil, 2, seed)
	if err != nil {
		f.Fatal(err)
	}
	e, _ := env.Envelope()
	good, _ := e.Marshal()
	f.Add(good)
	f.Add([]byte(`{"schema":1,"game":"toy","state":{"seats":2},"rng":null,"opts":null}`))
	f.Add([]byte(`{"schema":1,"game":"toy","state":  [ 1 , 2 ] ,"seed":[1,2],"rng":""}`))
	f.Add([]byte(`{"schema":2}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"schema":1,"game":"toy","state":"\u00ff","opts":{"a":"b"},"version":18446744073709551615}`))
	cat, err := games.NewCatalog(games.Bind(toy.Game{}))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := games.ParseEnvelope(b)
		_, _ = cat.Decode(b) // must not panic, whatever it returns
		if err != nil {
			return
		}
		b2, err := e.Marshal()
		if err != nil {
			t.Fatalf("a parsed envelope does not marshal: %v", err)
		}
		e2, err := games.ParseEnvelope(b2)
		if err != nil {
			t.Fatalf("a re-marshalled envelope does not parse: %v\n%s", err, b2)
		}
		b3, err := e2.Marshal()
		if err != nil || !bytes.Equal(b2, b3) {
			t.Fatalf("the envelope does not settle after one round trip:\n%s\n%s", b2, b3)
		}
		if e2.Schema != e.Schema || e2.Game != e.Game || e2.Rules != e.Rules || e2.Version != e.Version ||
			e2.Seats != e.Seats || e2.Seed != e.Seed || !bytes.Equal(e2.RNG, e.RNG) {
			t.Fatalf("the round trip changed the header: %+v vs %+v", e, e2)
		}
	})
}

// panicky is a toy whose Apply panics on every player action.
type panicky struct{ toy.Game }

func (panicky) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	if seat != games.Chance {
		panic("corrupt")
	}
	return toy.Game{}.Apply(s, seat, a)
}

func TestApplyPanicBecomesError(t *testing.T) {
	tbl, _, err := games.Bind[toy.State, toy.Action, toy.View](panicky{}).New(nil, 2, [2]uint64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := tbl.StateJSON()
	_, err = tbl.Play(0, tbl.Version(), tbl.Legal(0)[0].Key)
	after, _ := tbl.StateJSON()
	if !errors.Is(err, games.ErrIllegal) || string(before) != string(after) {
		t.Fatalf("a panicking Apply gave %v and changed the state: %v", err, string(before) != string(after))
	}
}

// windowy is the toy whose betting round is a window and where betting 0
// is the pass.
type windowy struct{ toy.Game }

func (windowy) Pass(s *toy.State, seat games.Seat) (toy.Action, bool) {
	return toy.Action{Kind: "bet", N: 0}, s.Dealt && s.Bets[seat] < 0
}

func (windowy) InWindow(s *toy.State, seat games.Seat) bool { return s.Dealt && s.Bets[seat] < 0 }

func TestPassAndWindow(t *testing.T) {
	tbl, _, err := games.Bind[toy.State, toy.Action, toy.View](windowy{}).New(nil, 2, [2]uint64{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if key, ok := tbl.Pass(0); !ok || key != "bet:0" || !tbl.InWindow(1) {
		t.Fatalf("Pass(0) = %q %v, InWindow(1) = %v", key, ok, tbl.InWindow(1))
	}
	if _, err := tbl.Play(0, tbl.Version(), "bet:1"); err != nil {
		t.Fatal(err)
	}
	if _, ok := tbl.Pass(0); ok || tbl.InWindow(0) {
		t.Fatal("a seat not to act can pass or is in a window")
	}
	plain, _, _ := games.Bind[toy.State, toy.Action, toy.View](toy.Game{}).New(nil, 2, [2]uint64{3, 4})
	if _, ok := plain.Pass(0); ok || plain.InWindow(0) {
		t.Fatal("a game without Passer or Windower passes or has windows")
	}
}

// autoWindowy answers its window with bet:1, or with an illegal key when
// the seat holds card 12 (which the driver must refuse).
type autoWindowy struct{ windowy }

func (autoWindowy) AutoRespond(v toy.View) (string, bool) {
	if slices.Contains(v.Hand, 12) {
		return "play:12", true
	}
	return "bet:1", true
}

func TestAutoRespond(t *testing.T) {
	for seed := range uint64(12) {
		tbl, _, err := games.Bind[toy.State, toy.Action, toy.View](autoWindowy{}).New(nil, 2, [2]uint64{seed, 9})
		if err != nil {
			t.Fatal(err)
		}
		view := tbl.View(0).(toy.View)
		key, ok := tbl.AutoRespond(0)
		if slices.Contains(view.Hand, 12) {
			if ok {
				t.Fatalf("an illegal automatic answer %q was offered", key)
			}
			continue
		}
		if !ok || key != "bet:1" {
			t.Fatalf("AutoRespond = %q %v", key, ok)
		}
		tbl.Play(0, tbl.Version(), key)
		if _, ok := tbl.AutoRespond(0); ok {
			t.Fatal("an automatic answer outside a window")
		}
	}
}

// TestForkIsIndependent: moves played on a fork leave the original's
// state, version and RNG untouched, and the fork plays on from the same
// position exactly as the original would.
func TestForkIsIndependent(t *testing.T) {
	cat, err := games.NewCatalog(games.Bind(toy.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	tab, _, err := cat.New("toy", nil, 2, [2]uint64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := tab.StateJSON()
	f, err := tab.Fork()
	if err != nil {
		t.Fatal(err)
	}
	seat := f.ToAct()[0]
	fst, err := f.Play(seat, f.Version(), f.Legal(seat)[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := tab.StateJSON(); string(after) != string(before) || tab.Version() == f.Version() {
		t.Fatal("playing on the fork changed the original")
	}
	ost, err := tab.Play(seat, tab.Version(), tab.Legal(seat)[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tab.StateJSON()
	b, _ := f.StateJSON()
	if string(a) != string(b) || len(ost) != len(fst) {
		t.Fatal("the fork and the original diverged on the same move (RNG not copied)")
	}
}
