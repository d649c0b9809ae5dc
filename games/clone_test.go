package games_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
	"spindle/games/internal/dice"
)

// clones counts calls of cloned.Clone.
var clones int

// cloned is the toy state with a games.Cloner.
type cloned struct{ toy.State }

func (s *cloned) Clone() cloned {
	clones++
	return cloned{s.State.Copy()}
}

// clonedToy plays the toy game on cloned states; with halfRoll set, a roll
// changes the state and then panics, as a corrupt chance step might.
type clonedToy struct {
	toy.Game
	halfRoll bool
}

func (g clonedToy) New(o games.Options, n int) (cloned, error) {
	s, err := g.Game.New(o, n)
	return cloned{s}, err
}
func (g clonedToy) ToAct(s *cloned) []games.Seat { return g.Game.ToAct(&s.State) }
func (g clonedToy) Legal(s *cloned, seat games.Seat) []toy.Action {
	return g.Game.Legal(&s.State, seat)
}
func (g clonedToy) Sample(s *cloned, d *dice.Dice) toy.Action { return g.Game.Sample(&s.State, d) }
func (g clonedToy) Apply(s *cloned, seat games.Seat, a toy.Action) ([]games.Event, error) {
	if g.halfRoll && a.Kind == "roll" {
		s.Round += 100
		s.Bonus[0] += 100
		s.Played[0] = append(s.Played[0], 99)
		panic("half a roll")
	}
	return g.Game.Apply(&s.State, seat, a)
}
func (g clonedToy) View(s *cloned, v games.Seat) toy.View      { return g.Game.View(&s.State, v) }
func (g clonedToy) Result(s *cloned) (games.Result, bool)      { return g.Game.Result(&s.State) }
func (g clonedToy) ParseAction(key string) (toy.Action, error) { return g.Game.ParseAction(key) }

// TestPlayClonesOnce checks that Play copies a Cloner state once, with the
// chance steps after the action applied to that copy, and that a chance
// step failing half-way through leaves the table exactly as before.
func TestPlayClonesOnce(t *testing.T) {
	tb, _, err := games.Bind(clonedToy{}).New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	clones = 0
	play(t, tb, 0, "bet:0")
	if clones != 1 {
		t.Fatalf("Play cloned %d times, want 1", clones)
	}
	play(t, tb, 1, "bet:0")
	play(t, tb, 0, fmt.Sprintf("play:%d", hand(tb, 0)[0]))
	clones = 0
	steps := play(t, tb, 1, fmt.Sprintf("play:%d", hand(tb, 1)[0]))
	if len(steps) < 2 || clones != 1 {
		t.Fatalf("Play with %d steps cloned %d times, want one step and chance after it, and 1 clone", len(steps), clones)
	}

	half, _, err := games.Bind(clonedToy{halfRoll: true}).New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	play(t, half, 0, "bet:0")
	play(t, half, 1, "bet:0")
	play(t, half, 0, fmt.Sprintf("play:%d", hand(half, 0)[0]))
	before := snapshot(t, half)
	_, err = half.Play(1, half.Version(), fmt.Sprintf("play:%d", hand(half, 1)[0]))
	if !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("a play followed by a roll that panics half-way: %v", err)
	}
	if after := snapshot(t, half); !bytes.Equal(after, before) {
		t.Fatalf("Play failed half-way through a chance step but left the table changed:\n%s\n%s", before, after)
	}
}

// shallowToy is clonedToy with a Resampler that hides nothing and shares
// the live table's memory, as a Resampler may.
type shallowToy struct{ clonedToy }

func (shallowToy) Resample(s *cloned, _ games.Seat, _ *dice.Dice) cloned { return *s }

// TestSearchCopiesPlayInPlace checks the search copies: a determinization
// clones once, at its first change, and then plays in place; a Fork of it
// clones once and plays in place too; its Legal carries no labels; and
// however far a copy plays, the live table is untouched, even when the
// Resampler shares its memory.
func TestSearchCopiesPlayInPlace(t *testing.T) {
	tb, _, err := games.Bind(shallowToy{}).New(nil, 2, seed)
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, tb)
	if l := tb.Legal(0); len(l) == 0 || l[0].Label == "" {
		t.Fatalf("the live table's legal moves lack labels: %+v", l)
	}
	clones = 0
	d, err := tb.Determinize(0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if clones != 0 {
		t.Fatalf("Determinize with a Resampler cloned %d times, want 0 until the first change", clones)
	}
	if l := d.Legal(0); len(l) == 0 || l[0].Label != "" {
		t.Fatalf("a search copy's legal moves carry labels: %+v", l)
	}
	f, err := d.Fork()
	if err != nil {
		t.Fatal(err)
	}
	toEnd(t, d)
	if clones != 2 {
		t.Fatalf("a fork and a whole game on the search copy cloned %d times, want 2", clones)
	}
	toEnd(t, f)
	if clones != 2 {
		t.Fatalf("a whole game on a fork of the search copy cloned %d more times, want 0", clones-2)
	}
	if !bytes.Equal(snapshot(t, tb), before) {
		t.Fatal("playing on the search copies changed the live table")
	}
	clones = 0
	toEnd(t, tb)
	if clones == 0 {
		t.Fatal("the live table played without cloning")
	}
}
