package storage

import (
	"errors"
	"testing"
	"time"
)

func TestAIIds(t *testing.T) {
	for _, c := range []struct {
		user, level string
		ai          bool
	}{
		{"ai:hard:2", "hard", true},
		{"ai:easy", "easy", true},
		{"123456789012345678", "", false},
		{"", "", false},
	} {
		if IsAI(c.user) != c.ai || AILevel(c.user) != c.level {
			t.Errorf("%q: IsAI %v AILevel %q, want %v %q", c.user, IsAI(c.user), AILevel(c.user), c.ai, c.level)
		}
	}
}

// A game with an AI seat changes no rating unless the server asked for
// it; then only the person's rating moves, and the AI never reaches a
// board.
func TestAISeatsAndRatings(t *testing.T) {
	s, _ := open(t)
	record(t, s, duel(1, "a", "ai:hard:1", 0, t0))
	if _, err := s.Stats("g", "a", "duel"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a game against the AI rated without the setting: %v", err)
	}
	rec, err := s.GameHistory(1)
	if err != nil || rec.Rated {
		t.Fatalf("history of the unrated game: %+v, %v", rec, err)
	}

	rated := duel(2, "a", "ai:hard:1", 0, t0.Add(time.Hour))
	rated.RateAI = true
	record(t, s, rated)
	a, err := s.Stats("g", "a", "duel")
	if err != nil || a.Games != 1 || a.Wins != 1 || a.Glicko2.Rating <= 1500 {
		t.Fatalf("a after beating the hard AI in a rated game: %+v, %v", a, err)
	}
	// Beating a stronger fixed opponent gains more than beating a weaker.
	easy := duel(3, "b", "ai:easy:1", 0, t0.Add(time.Hour))
	easy.RateAI = true
	record(t, s, easy)
	b, _ := s.Stats("g", "b", "duel")
	if b.Glicko2.Rating >= a.Glicko2.Rating {
		t.Fatalf("a win over easy (%v) gained as much as one over hard (%v)", b.Glicko2.Rating, a.Glicko2.Rating)
	}
	for _, game := range []string{"duel", AllGames} {
		if _, err := s.Stats("g", "ai:hard:1", game); !errors.Is(err, ErrNotFound) {
			t.Errorf("the AI has a rating on %s: %v", game, err)
		}
		for _, u := range rankKeys(t, s, "g", game) {
			if IsAI(u) {
				t.Errorf("the AI %s is on the %s board", u, game)
			}
		}
	}
	// A game of AI seats alone is never rated.
	bots := duel(4, "ai:easy:1", "ai:hard:2", 0, t0)
	bots.RateAI = true
	record(t, s, bots)
	if rec, _ := s.GameHistory(4); rec.Rated {
		t.Fatal("a game of AI seats alone was rated")
	}
}
