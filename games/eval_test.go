package games_test

import (
	"math"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
)

// TestShares: equal values share evenly, a higher value gets more, two
// seats' shares add up to one, and a wider scale pulls shares to the middle.
func TestShares(t *testing.T) {
	cases := []struct {
		name   string
		values []float64
		scale  float64
		check  func(s []float64) bool
	}{
		{"one seat", []float64{3}, 1, func(s []float64) bool { return s[0] == 0.5 }},
		{"even", []float64{2, 2, 2}, 1, func(s []float64) bool { return s[0] == 0.5 && s[1] == 0.5 && s[2] == 0.5 }},
		{"two seats add up to one", []float64{5, 1}, 2, func(s []float64) bool { return math.Abs(s[0]+s[1]-1) < 1e-12 && s[0] > 0.5 }},
		{"ordered like the values", []float64{1, 9, 4}, 3, func(s []float64) bool { return s[1] > s[2] && s[2] > s[0] }},
		{"a zero scale counts as one", []float64{1, 0}, 0, func(s []float64) bool { return math.Abs(s[0]-1/(1+math.Exp(-1))) < 1e-12 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := games.Shares(c.values, c.scale)
			if len(s) != len(c.values) || !c.check(s) {
				t.Fatalf("Shares(%v, %v) = %v", c.values, c.scale, s)
			}
		})
	}
	near, far := games.Shares([]float64{4, 0}, 1), games.Shares([]float64{4, 0}, 10)
	if far[0] >= near[0] {
		t.Fatalf("a wider scale gave the leader %.3f, not less than %.3f", far[0], near[0])
	}
}

// evalToy is the toy game with a games.Evaluator that returns fixed
// values, to check what the driver makes of them.
type evalToy struct {
	toy.Game
	values []float64
}

func (g evalToy) Evaluate(*toy.State) []float64 { return g.values }

// TestTableEvaluate: the driver forwards a game's evaluation, clamped to
// [0, 1] with NaN read as 0.5; it reports false for a game without an
// evaluator, for a finished game and for an answer of the wrong length.
func TestTableEvaluate(t *testing.T) {
	open := func(g games.Game[toy.State, toy.Action, toy.View]) games.Table {
		tb, _, err := games.Bind(g).New(nil, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	if v, ok := open(toy.Game{}).Evaluate(); ok {
		t.Fatalf("the plain toy evaluated to %v", v)
	}
	v, ok := open(evalToy{values: []float64{1.5, math.NaN()}}).Evaluate()
	if !ok || len(v) != 2 || v[0] != 1 || v[1] != 0.5 {
		t.Fatalf("Evaluate = %v, %v; want [1 0.5], true", v, ok)
	}
	if v, ok := open(evalToy{values: []float64{0.2}}).Evaluate(); ok {
		t.Fatalf("one value for two seats was passed on: %v", v)
	}
	tb := open(evalToy{values: []float64{0.3, 0.7}})
	if _, err := tb.Concede(0, tb.Version()); err != nil {
		t.Fatal(err)
	}
	if v, ok := tb.Evaluate(); ok || !tb.Over() {
		t.Fatalf("a finished game evaluated to %v (over %v)", v, tb.Over())
	}
}
