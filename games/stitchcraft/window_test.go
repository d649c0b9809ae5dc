package stitchcraft

import (
	"testing"
	"time"

	"spindle/games"
)

func TestWindowHooks(t *testing.T) {
	var g Game
	s := State{Window: 1, Timeout: "5m"}
	if !g.InWindow(&s, 1) || g.InWindow(&s, 0) {
		t.Fatal("InWindow does not follow the open window")
	}
	if a, ok := g.Pass(&s, 1); !ok || a.Key() != PassKey {
		t.Fatalf("Pass = %v %v", a, ok)
	}
	if _, ok := g.Pass(&s, games.Seat(0)); ok {
		t.Fatal("a seat without a window can pass")
	}
	if g.WindowTimeout(&s) != 5*time.Minute {
		t.Fatalf("WindowTimeout = %v", g.WindowTimeout(&s))
	}
	s.Timeout = "soon"
	if g.WindowTimeout(&s) != 0 {
		t.Fatal("a bad timeout gives a window time")
	}
}
