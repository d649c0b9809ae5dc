package gametest

import (
	"reflect"
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
	"spindle/games/internal/dice"
)

// cloneFlaw selects the bug of clonable.Clone: "" for none, "shares" to
// share the played piles with the original and "drops" to lose the bonus.
var cloneFlaw string

// clonable is the toy state with a games.Cloner.
type clonable struct{ toy.State }

func (s *clonable) Clone() clonable {
	t := s.State.Copy()
	switch cloneFlaw {
	case "shares":
		t.Played = slices.Clone(s.Played) // the rows stay shared
	case "drops":
		t.Bonus = nil
	}
	return clonable{t}
}

// clonableGame plays the toy game on clonable states.
type clonableGame struct{ toy.Game }

func (g clonableGame) New(o games.Options, n int) (clonable, error) {
	s, err := g.Game.New(o, n)
	return clonable{s}, err
}
func (g clonableGame) ToAct(s *clonable) []games.Seat { return g.Game.ToAct(&s.State) }
func (g clonableGame) Legal(s *clonable, seat games.Seat) []toy.Action {
	return g.Game.Legal(&s.State, seat)
}
func (g clonableGame) Sample(s *clonable, d *dice.Dice) toy.Action {
	return g.Game.Sample(&s.State, d)
}
func (g clonableGame) Apply(s *clonable, seat games.Seat, a toy.Action) ([]games.Event, error) {
	return g.Game.Apply(&s.State, seat, a)
}
func (g clonableGame) View(s *clonable, v games.Seat) toy.View { return g.Game.View(&s.State, v) }
func (g clonableGame) Result(s *clonable) (games.Result, bool) {
	return g.Game.Result(&s.State)
}
func (g clonableGame) Concede(s *clonable, seat games.Seat) ([]games.Event, error) {
	return g.Game.Concede(&s.State, seat)
}
func (g clonableGame) Resample(s *clonable, seat games.Seat, d *dice.Dice) clonable {
	return clonable{g.Game.Resample(&s.State, seat, d)}
}

// TestCloneCheck runs the harness on a game whose state clones itself: a
// faithful Clone passes, and a Clone that shares memory with the original
// or differs from it fails the clone check.
func TestCloneCheck(t *testing.T) {
	defer func() { cloneFlaw = "" }()
	cloneFlaw = ""
	Run(t, clonableGame{}, Config{Seeds: 5})
	for _, flaw := range []string{"shares", "drops"} {
		cloneFlaw = flaw
		if err := firstFailure(clonableGame{}); checkOf(err) != "clone" {
			t.Errorf("a Clone that %s: failed check %q, want \"clone\":\n%v", flaw, checkOf(err), err)
		}
	}
}

// TestShares checks the aliasing walk on its own.
func TestShares(t *testing.T) {
	type inner struct{ P *int }
	type state struct {
		S []int
		M map[string][]int
		A [2]inner
		I any
		s string
	}
	one, two := 1, 2
	a := state{S: make([]int, 2, 4), M: map[string][]int{"k": {1}}, A: [2]inner{{&one}, {nil}}, I: []int{1}, s: "x"}
	deep := func() state {
		return state{S: slices.Clone(a.S), M: map[string][]int{"k": {1}}, A: [2]inner{{&two}, {nil}}, I: []int{1}, s: a.s}
	}
	v := func(s *state) reflect.Value { return reflect.ValueOf(s).Elem() }
	b := deep()
	if p, ok := shares(v(&a), v(&b), "s"); ok {
		t.Fatalf("a deep copy shares %s", p)
	}
	for name, mut := range map[string]func(*state){
		"slice tail": func(b *state) { b.S = a.S[1:2] },
		"map":        func(b *state) { b.M = a.M },
		"map value":  func(b *state) { b.M = map[string][]int{"k": a.M["k"]} },
		"pointer":    func(b *state) { b.A[0].P = a.A[0].P },
		"interface":  func(b *state) { b.I = a.I },
	} {
		b := deep()
		mut(&b)
		if _, ok := shares(v(&a), v(&b), "s"); !ok {
			t.Errorf("%s: sharing not found", name)
		}
	}
}
