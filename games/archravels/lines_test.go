package archravels

import (
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
	return gametest.RandomGames(t, games.Bind(Game{}), games.Options{}, n, true, 300, check)
}

// TestScoreLinesAddUp plays random games (weighted as the harness plays
// them) over every seat count and checks that the score clauses of each
// log add up to the result's scores: finished projects and requests score
// as they are finished, the end lines list the other four parts, and a
// seat that concedes has its points taken back (a conceded seat scores 0).
// A game ended by concessions scores nobody (Scores is nil): its clauses
// are not checked against anything.
func TestScoreLinesAddUp(t *testing.T) {
	n := gametest.Scale(5, 70, 500)
	games0 := randomGames(t, n, func(seats int, seed uint64, g played) {
		got := games.PointsInLog(g.Steps)
		if g.Result.Scores == nil {
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
	"card": "cards", "point": "points", "token": "tokens", "item": "items", "project": "projects",
	"request": "requests", "turn": "turns", "player": "players", "position": "positions", "craft": "crafts",
	"tile": "tiles", "hat": "hats", "bear": "bears", "scarf": "scarves", "blanket": "blankets",
	"space": "spaces", "event": "events", "colour": "colours", "copy": "copies", "seat": "seats",
	"action": "actions", "pattern": "patterns", "side": "sides", "character": "characters", "board": "boards",
}

// words is the game's number-agreement sweep (gametest.Words).
var words = gametest.Words{Nouns: nouns, Between: "more|new|different|yarn|event|pattern|special|random|unused|double|single|three-colour|two-colour|Any|Colour|other|face-up|exact-colour|action", MaxBetween: 2}

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
	for _, bad := range []string{"2 card", "1 cards", "card(s)", "one points", "3 token", "1 yarn tokens", "2 Scarf", "0 card"} {
		if len(wordProblems(bad)) == 0 {
			t.Errorf("wordProblems(%q) finds nothing", bad)
		}
	}
	for _, ok := range []string{"1 card", "2 cards", "3 red", "space 2", "2 Scarves", "1 yarn token", "6 Hats"} {
		if p := wordProblems(ok); len(p) > 0 {
			t.Errorf("wordProblems(%q) = %v", ok, p)
		}
	}
	seen := map[string]bool{}
	randomGames(t, gametest.Scale(2, 6, 100), func(_ int, _ uint64, g played) { words.Sweep(t, g, seen) })
}
