package storage

import (
	"errors"
	"testing"
	"time"
)

func TestForgetUser(t *testing.T) {
	s, _ := open(t)
	record(t, s, duel(1, "a", "b", 0, t0), duel(2, "b", "a", 1, t0.Add(time.Hour)), duel(3, "b", "c", 0, t0.Add(2*time.Hour)))
	if err := s.PutUser("a", map[string]string{"zone": "Europe/Paris"}); err != nil {
		t.Fatal(err)
	}
	bBefore, _ := s.Stats("g", "b", "duel")
	if err := s.SetPlaying(9, []string{"a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ForgetUser("a"); !errors.Is(err, ErrStillPlaying) {
		t.Fatalf("forgetting a player of a running game: %v", err)
	}
	if err := s.DonePlaying(9, []string{"a"}); err != nil {
		t.Fatal(err)
	}
	n, err := s.ForgetUser("a")
	if err != nil || n != 2 {
		t.Fatalf("ForgetUser: %d games, %v", n, err)
	}
	var prefs map[string]string
	if err := s.GetUser("a", &prefs); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a's preferences survived: %v %v", prefs, err)
	}
	for _, game := range []string{"duel", AllGames} {
		if _, err := s.Stats("g", "a", game); !errors.Is(err, ErrNotFound) {
			t.Errorf("a still has a rating on %s: %v", game, err)
		}
		for _, u := range rankKeys(t, s, "g", game) {
			if u == "a" {
				t.Errorf("a is still on the %s board", game)
			}
		}
		if pts, _ := s.RatingHistory("g", game, "a", 100); len(pts) != 0 {
			t.Errorf("a's rating history on %s survived: %d points", game, len(pts))
		}
	}
	if bAfter, _ := s.Stats("g", "b", "duel"); bAfter.Glicko2.Rating != bBefore.Glicko2.Rating || bAfter.Games != bBefore.Games {
		t.Fatalf("b's rating changed: %+v -> %+v", bBefore.Glicko2, bAfter.Glicko2)
	}
	if recs, _ := s.History("g", "a", AllGames, 10); len(recs) != 0 {
		t.Fatalf("a's history survived: %d games", len(recs))
	}
	recs, _ := s.History("g", "b", AllGames, 10)
	if len(recs) != 3 {
		t.Fatalf("b's history lost games: %d", len(recs))
	}
	for _, rec := range recs {
		for i, u := range rec.Users {
			if u == "a" || rec.Names[i] == "Na" {
				t.Fatalf("table %d still names a: %v %v", rec.Table, rec.Users, rec.Names)
			}
		}
	}
	rec, _ := s.GameHistory(1)
	if rec.Users[0] != FormerPrefix+"0" || rec.Names[0] != FormerName || !rec.Rated || rec.Ranks[0] != 1 {
		t.Fatalf("the anonymised record: %+v", rec)
	}
}
