package threadcount

import (
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// played is one random game as the driver logged it (gametest.Played).
type played = gametest.Played

// randomGames plays n games for every seat count, one in five with a
// concession, and hands each to check.
func randomGames(t *testing.T, n int, check func(seats int, seed uint64, g played)) int {
	t.Helper()
	return gametest.RandomGames(t, games.Bind(Game{}), games.Options{"seating": SeatingRandom}, n, false, 40, check)
}

// TestScoreLinesAddUp plays random games over every seat count and checks
// that the score clauses of each log add up to the result's scores: the
// end-of-game lines list every part of every score. A game ended by
// concessions scores nobody (Scores is nil) and its log holds no clause;
// a seat that conceded in a scored game scores 0 and has no clause.
func TestScoreLinesAddUp(t *testing.T) {
	n := gametest.Scale(5, 50, 500)
	games0 := randomGames(t, n, func(seats int, seed uint64, g played) {
		got := games.PointsInLog(g.Steps)
		if g.Result.Scores == nil {
			for s, v := range got {
				if v != 0 {
					t.Errorf("%d seats, seed %d: unscored game, yet the log gives %s %d", seats, seed, s, v)
				}
			}
			return
		}
		for s, want := range g.Result.Scores {
			if got[games.Seat(s)] != want {
				t.Errorf("%d seats, seed %d: the log adds up to %d for seat %d, the result says %d", seats, seed, got[games.Seat(s)], s, want)
			}
		}
	})
	t.Logf("%d games", games0)
}

// nouns maps the game's countable nouns, singular to plural, for the
// number-agreement sweep.
var nouns = map[string]string{
	"card": "cards", "point": "points", "garment": "garments", "piece": "pieces", "turn": "turns",
	"week": "weeks", "player": "players", "cell": "cells", "slot": "slots", "die": "dice", "cube": "cubes",
	"pattern": "patterns", "colour": "colours", "line": "lines", "word": "words", "copy": "copies",
	"number": "numbers", "seat": "seats", "tie-break": "tie-breaks",
}

// words is the game's number-agreement sweep (gametest.Words).
var words = gametest.Words{Nouns: nouns, Between: "more|new|complete|buried|other|free|pattern|colour|mixed|basic|face-up|secret|Favourite", MaxBetween: 1}

// wordProblems lists the wording faults of one text.
func wordProblems(text string) []string { return words.Problems(text) }

// TestWords sweeps the rules, and the log lines, labels, prompts and
// result lines of random games, for "(s)" plurals and numbers that
// disagree with their noun.
func TestWords(t *testing.T) {
	for _, p := range wordProblems(manual) {
		t.Errorf("rules.md: %s", p)
	}
	// The sweep itself must catch what it looks for.
	for _, bad := range []string{"2 card", "1 cards", "card(s)", "one points", "3 garment", "4 pattern", "three pattern card"} {
		if len(wordProblems(bad)) == 0 {
			t.Errorf("wordProblems(%q) finds nothing", bad)
		}
	}
	for _, ok := range []string{"1 card", "2 cards", "Harvest 4 silk", "cell 3", "ends turn 1", "Die 2 (a 0)", "three pattern cards", "two dye"} {
		if p := wordProblems(ok); len(p) > 0 {
			t.Errorf("wordProblems(%q) = %v", ok, p)
		}
	}
	seen := map[string]bool{}
	randomGames(t, gametest.Scale(2, 10, 100), func(_ int, _ uint64, g played) { words.Sweep(t, g, seen) })
}

// TestPassRollsAndEnds checks the pass moves: "roll" while sowing, "end"
// in the market, none for the other decisions or for a seat not to act.
func TestPassRollsAndEnds(t *testing.T) {
	g := Game{}
	s := started(t, 2)
	s.Board = MaskOf(1, 5)
	s.Players[0].Silk = 3
	if a, ok := g.Pass(s, 0); !ok || a.Key() != "roll" {
		t.Fatalf("sowing: Pass = %q, %v; want roll", a.Key(), ok)
	}
	if _, ok := g.Pass(s, 1); ok {
		t.Fatal("a seat not to act may pass")
	}
	do(t, s, 0, "roll")
	chance(t, s, "roll:037W")
	if _, ok := g.Pass(s, 0); ok || s.Phase != PhZero {
		t.Fatalf("phase %s: a 0 die may be passed", s.Phase)
	}
	do(t, s, 0, "zero:1:9")
	if _, ok := g.Pass(s, 0); ok || s.Phase != PhWhite {
		t.Fatalf("phase %s: a White face may be passed", s.Phase)
	}
	do(t, s, 0, "white:B")
	if a, ok := g.Pass(s, 0); !ok || a.Key() != "end" || s.Phase != PhMarket {
		t.Fatalf("market: Pass = %q, %v in phase %s; want end", a.Key(), ok, s.Phase)
	}
}

// TestSowLineSaysTheBoard checks that sowing, the free silk and a roll
// spell the board out afterwards.
func TestSowLineSaysTheBoard(t *testing.T) {
	s := started(t, 2)
	s.Board = MaskOf(2, 6)
	s.Players[0].Silk = 2
	evs := do(t, s, 0, "sow:8")
	if got, want := evs[0].Public, "{{p0}} sows a silk on cell 8; board now 2, 6, 8."; got != want {
		t.Fatalf("sow line %q, want %q", got, want)
	}
	s.Board = 0
	do(t, s, 0, "roll")
	evs = do(t, s, 0, "free:5")
	if got, want := evs[0].Public, "{{p0}} puts the complimentary silk on cell 5; board now 5."; got != want {
		t.Fatalf("free silk line %q, want %q", got, want)
	}
	evs = do(t, s, games.Chance, "roll:555R")
	if got := evs[len(evs)-1].Public; !strings.HasSuffix(got, "cell 5 was already full and is cleared. Harvest 1 silk; board now empty.") {
		t.Fatalf("roll line %q", got)
	}
}

// TestViewShowsTheLastRoll checks that the roll just made stays in the
// view after its turn ends, until the next player's dice replace it.
func TestViewShowsTheLastRoll(t *testing.T) {
	g := Game{}
	s := started(t, 2)
	s.Board = MaskOf(1)
	do(t, s, 0, "roll")
	chance(t, s, "roll:234R")
	do(t, s, 0, "end")
	v := g.View(s, 1)
	if v.Phase != PhSow || v.Active != 1 {
		t.Fatalf("phase %s, active %s", v.Phase, v.Active)
	}
	if v.Roll == nil || v.Roll.Seat != 0 || v.Roll.D10 != [3]int{2, 3, 4} || !v.Roll.Resolved {
		t.Fatalf("last roll in the next player's view: %+v", v.Roll)
	}
	do(t, s, 1, "roll")
	chance(t, s, "roll:789Y")
	if v := g.View(s, 0); v.Roll == nil || v.Roll.Seat != 1 || v.Roll.D10 != [3]int{7, 8, 9} {
		t.Fatalf("the new roll is not shown: %+v", v.Roll)
	}
}

// TestPromptSaysTheDecision checks the panel's context line at each kind
// of decision, and that it shows only the viewer's own favourite.
func TestPromptSaysTheDecision(t *testing.T) {
	g := Game{}
	s := started(t, 2)
	s.Board = MaskOf(2, 6)
	s.Players[0].Silk = 2
	want := func(seat games.Seat, parts ...string) {
		t.Helper()
		p := g.Prompt(g.View(s, seat))
		for _, part := range parts {
			if !strings.Contains(p, part) {
				t.Fatalf("phase %s, prompt of %s %q lacks %q", s.Phase, seat, p, part)
			}
		}
		if len(p) >= 600 {
			t.Fatalf("prompt of %d characters", len(p))
		}
	}
	want(0, "Week 1 of 10", "sow your silk (2)", "Board: silk on cells 2, 6.", "Favourite Colour, one the Empress likes: Red")
	want(1, "Favourite Colour, one the Empress likes: Blue")
	if p := g.Prompt(g.View(s, 1)); strings.Contains(p, "Red") || strings.Contains(p, "sow") {
		t.Fatalf("the other seat's prompt %q shows the active seat's decision or favourite", p)
	}
	if p := g.Prompt(g.View(s, games.Spectator)); p != "" {
		t.Fatalf("spectator prompt %q", p)
	}
	do(t, s, 0, "roll")
	chance(t, s, "roll:037W")
	want(0, "Die 1 shows 0")
	do(t, s, 0, "zero:1:9")
	want(0, "White", "0 Red, 0 Yellow and 0 Blue dye")
	do(t, s, 0, "white:B")
	want(0, "Market: you have", "Silk above 7")
}
