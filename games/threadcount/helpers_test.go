package threadcount

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// do parses key and applies it for seat, failing the test on any error.
func do(t testing.TB, s *State, seat games.Seat, key string) []games.Event {
	t.Helper()
	a, err := parseAction(key)
	if err != nil {
		t.Fatalf("parse %q: %v", key, err)
	}
	evs, err := Game{}.Apply(s, seat, a)
	if err != nil {
		t.Fatalf("apply %s %q in phase %s: %v", seat, key, s.Phase, err)
	}
	return evs
}

// chance applies chance outcomes in order.
func chance(t testing.TB, s *State, keys ...string) {
	t.Helper()
	for _, k := range keys {
		do(t, s, games.Chance, k)
	}
}

// fresh is a new game with seating in join order.
func fresh(t testing.TB, n int) *State {
	t.Helper()
	s, err := Game{}.New(games.Options{"seating": SeatingJoin}, n)
	if err != nil {
		t.Fatal(err)
	}
	return &s
}

// started is a game past setup: the Empress favours Kikko, the seats'
// favourites are the first n letters of "RBGYO", the market shows Uroko,
// Kikko, Asanoha, seat 0 won the roll-off with a 9 and every other seat
// rolled lower; the board is then emptied so tests can set it. Seat 0 is
// to play week 1.
func started(t testing.TB, n int) *State {
	t.Helper()
	s := fresh(t, n)
	faces := "98765"[:n]
	chance(t, s, "empress:kikko", "favs:"+"RBGYO"[:n], "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:"+faces)
	if s.Phase != PhSow || s.Active() != 0 {
		t.Fatalf("setup ended in phase %s with %s active", s.Phase, s.Active())
	}
	s.Board = 0
	return s
}

// legalKeys are the keys of seat's legal actions.
func legalKeys(s *State, seat games.Seat) []string {
	var out []string
	for _, a := range (Game{}).Legal(s, seat) {
		out = append(out, a.Key())
	}
	return out
}

// withPrefix keeps the keys starting with prefix.
func withPrefix(keys []string, prefix string) []string {
	var out []string
	for _, k := range keys {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

// cellKeys are "<prefix><c>" for each cell.
func cellKeys(prefix string, cells ...int) []string {
	var out []string
	for _, c := range cells {
		out = append(out, prefix+string(rune('0'+c)))
	}
	return out
}

// owning builds a player whose outfit is the given pieces, "colour+pattern"
// each ("" parts for none), in garment order.
func owning(pieces ...string) Player {
	p := emptyPlayer()
	for g, pc := range pieces {
		c, pt, _ := strings.Cut(pc, "+")
		if c != "" {
			p.Colours = append(p.Colours, c)
			p.Outfit[g].Colour = len(p.Colours) - 1
		}
		if pt != "" {
			p.Patterns = append(p.Patterns, pt)
			p.Outfit[g].Pattern = len(p.Patterns) - 1
		}
	}
	return p
}

func sameInts(a, b []int) bool { return slices.Equal(a, b) }
