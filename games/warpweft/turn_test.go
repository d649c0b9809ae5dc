package warpweft

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"spindle/games"
)

// randomGame plays one game of uniformly random placements from seed and
// returns the table and its whole log, the opening chance steps included.
// Every label of every seat's legal list is handed to label.
func randomGame(t *testing.T, opts games.Options, seed uint64, label func(string)) (games.Table, []games.Step) {
	t.Helper()
	tb, log, err := games.Bind(Game{}).New(opts, 2, [2]uint64{seed, seed + 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for !tb.Over() {
		seat := tb.ToAct()[0]
		legal := tb.Legal(seat)
		for _, c := range legal {
			label(c.Label)
		}
		steps, err := tb.Play(seat, tb.Version(), legal[r.IntN(len(legal))].Key)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, steps...)
	}
	return tb, log
}

// deckOptions are the deck options the random games cycle through.
var deckOptions = []games.Options{
	{}, {"excuse": "on"}, {"extended": "pawns"}, {"extended": "courts", "excuse": "on"}, {"roles": "chosen"},
}

// TestScoreLinesAddUp: in random games under every deck option, the score
// clauses of the log (the start card's and every placement's) add up to
// each seat's final score. A conceded game has no scores (R12), so only
// games played to the end are checked; Warp and Weft always has two seats.
func TestScoreLinesAddUp(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for i := range n {
		tb, log := randomGame(t, deckOptions[i%len(deckOptions)], uint64(i), func(string) {})
		r, ok := tb.Result()
		if !ok || len(r.Scores) != 2 {
			t.Fatalf("game %d: result %+v", i, r)
		}
		got := games.PointsInLog(log)
		for seat, want := range r.Scores {
			if got[games.Seat(seat)] != want {
				t.Fatalf("game %d: the log gives %s %d points, the result %d", i, games.Seat(seat), got[games.Seat(seat)], want)
			}
		}
	}
}

// badWords are the slips of grammar no log line or label may make: "(s)"
// plurals, a number with the wrong form of its noun, a doubled article.
var badWords = regexp.MustCompile(`\(s\)|\b1 (cards|points|placements|turns)\b|\b([02-9]|\d\d+) (card|point|placement|turn)\b|\b[Tt]he [Tt]he\b`)

// TestWords sweeps the log lines and labels of random games for badWords.
func TestWords(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 5
	}
	seen := map[string]bool{}
	check := func(where, text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		if m := badWords.FindString(text); m != "" {
			t.Errorf("%s %q says %q", where, text, m)
		}
	}
	for i := range n {
		_, log := randomGame(t, deckOptions[i%len(deckOptions)], uint64(1000+i), func(l string) { check("label", l) })
		for _, st := range log {
			for _, e := range st.Events {
				check("public line", e.Public)
				for _, p := range e.Private {
					check("private line", p)
				}
			}
		}
	}
	for _, s := range []string{"1 cards", "2 point", "the The", "card(s)"} {
		if !badWords.MatchString(s) {
			t.Errorf("badWords misses %q", s)
		}
	}
}

// TestPrompt: the panel's context names the seat's role and the score so
// far, and on its turn how to read the placement menu; spectators and a
// finished game get nothing.
func TestPrompt(t *testing.T) {
	tb := openTable(t, games.Options{"roles": "chosen"})
	step(t, tb, games.Chance, orderedDeal(games.Options{}, 0))
	step(t, tb, 0, "3LY@1,0")
	g := Game{}
	weft := g.Prompt(view(tb, 1))
	want := "You are Weft: you score the rows, Warp scores the columns.\nAfter turn 1 of 24: you 11, Warp 11.\n" +
		"Your turn: pick one of your 12 cards, then a cell; each cell says how it changes both scores."
	if weft != want {
		t.Errorf("Weft's prompt %q", weft)
	}
	if warp := g.Prompt(view(tb, 0)); warp != "You are Warp: you score the columns, Weft scores the rows.\nAfter turn 1 of 24: you 11, Weft 11." {
		t.Errorf("Warp's prompt %q", warp)
	}
	if p := g.Prompt(view(tb, games.Spectator)); p != "" {
		t.Errorf("spectator's prompt %q", p)
	}
	if _, err := tb.Concede(0, tb.Version()); err != nil {
		t.Fatal(err)
	}
	if p := g.Prompt(view(tb, 1)); p != "" {
		t.Errorf("prompt after the end %q", p)
	}
}
