package stitchcraft

import (
	"slices"
	"testing"

	"spindle/games"
)

// winBy reveals seat's D1 Purple onto a Showcase one short of seven colours.
func winBy(t *testing.T, s *State, seat int) {
	t.Helper()
	s.Active, s.Actions = seat, 2
	z := s.showOf(seat)
	s.Players[z].Show = append(s.Players[z].Show, cards(seat, "BKRGWO")...)
	s.Players[seat].Display = faces("P")
	do(t, s, seat, "reveal:D1")
}

// TestModeWins checks each mode's Showcase win.
func TestModeWins(t *testing.T) {
	for _, tc := range []struct {
		m       Mode
		seats   int
		seat    int
		winners []int // nil: no win
	}{
		{Duel, 2, 1, []int{1}},
		{FFA, 4, 2, []int{2}},
		{LeanLeft, 3, 1, []int{1}},
		{LeanRight, 5, 4, []int{4}},
		{Crowd, 6, 5, []int{5}},
		{Apprentice, 4, 1, []int{1, 3}}, // seat 1 is B's Master
		{Apprentice, 4, 3, nil},         // seat 3 is B's Apprentice
		{Spymaster, 4, 0, []int{0, 2}},
		{Guilds, 4, 3, []int{1, 3}},
		{Monopoly, 4, 3, nil}, // the partner has nothing
		{Consortium, 4, 2, []int{0, 2}},
	} {
		s := fixture(t, mode(tc.m, Loom), tc.seats)
		winBy(t, s, tc.seat)
		if tc.winners == nil {
			want(t, string(tc.m)+" no win", s.Over, false)
			continue
		}
		want(t, string(tc.m)+" over", s.Over, true)
		want(t, string(tc.m)+" winners", slices.Equal(s.Winners, tc.winners), true)
		r, ok := Game{}.Result(s)
		want(t, string(tc.m)+" result", ok && len(r.Winners) == len(tc.winners) && r.Reason == "showcase", true)
		want(t, string(tc.m)+" teams", r.Teams != nil, tc.m.Teams())
	}
}

// TestModeChestLoss checks the empty-Chest loss of every mode family.
func TestModeChestLoss(t *testing.T) {
	for _, m := range Modes {
		lo, _ := m.seatRange()
		s := fixture(t, mode(m, Loom), lo)
		s.Players[1].Chest = ""
		s.Actions = 1
		do(t, s, 0, "play:WHT")
		switch {
		case m == Duel:
			want(t, "duel", s.Over && slices.Equal(s.Winners, []int{0}), true)
		case m.Teams():
			want(t, string(m), s.Over && slices.Equal(s.Winners, []int{0, 2}), true)
		default:
			want(t, string(m)+" out", s.Players[1].Out && !s.Over && s.Active == 2, true)
		}
	}
}

// TestCrowdFavorLoss: a controller at −9 targeting someone drops out.
func TestCrowdFavorLoss(t *testing.T) {
	s := fixture(t, mode(Crowd, Attrition), 3)
	s.Players[0].Favor = -9
	s.Players[0].Display = faces("W")
	do(t, s, 0, "reveal:D1")
	do(t, s, 0, "seat:2")
	want(t, "out", s.Players[0].Out, true)
	want(t, "next seat plays", s.Active, 1)
	want(t, "seat 2 favor", s.Players[2].Favor, 2)
}

// TestUndercutOnReactionNoRefund is edge case 12: Undercut cancelling a
// reaction sends it under its owner's Chest and refunds nothing.
func TestUndercutOnReactionNoRefund(t *testing.T) {
	s := fixture(t, mode(Duel, Racketeering), 2)
	s.Players[0].Display = faces("KP")
	s.Players[1].Display = faces("PW")
	do(t, s, 0, "reveal:D1")
	do(t, s, 1, "react")
	do(t, s, 0, "react") // cancels seat 1's Undercut
	do(t, s, 1, "pass")
	want(t, "seat 1's Purple under its Chest", s.Players[1].Chest[len(s.Players[1].Chest)-1:], "P")
	want(t, "no refund", s.Actions, 1)
	want(t, "Black resolved", s.Players[0].Show[0].Colour, Black)
}

// TestCounterReactionKeepsResponders is edge case 10: a cancelled reaction
// leaves the entry it aimed at with its remaining responders.
func TestCounterReactionKeepsResponders(t *testing.T) {
	s := fixture(t, mode(FFA, Loom), 3)
	s.Players[0].Display = faces("KP")
	s.Players[1].Display = faces("P")
	s.Players[2].Display = faces("W")
	do(t, s, 0, "reveal:D1")
	do(t, s, 1, "react")
	want(t, "seat 2 asked about the Moths", s.Window, 2)
	do(t, s, 2, "pass")
	do(t, s, 0, "react")
	want(t, "seat 2 asked about seat 0's Moths", s.Window, 2)
	do(t, s, 2, "pass")
	// Seat 0's Moths resolves and cancels seat 1's; the Black still owes
	// seat 2 its own window.
	want(t, "seat 1's Moths scrapped", s.Players[1].Scrap, "P")
	want(t, "seat 2 asked about the Black", s.Window, 2)
	do(t, s, 2, "pass")
	want(t, "Black resolved", s.Players[0].Show[0].Colour, Black)
}

// TestResampleKeepsWhatTheSeatKnows checks the Resampler on a peek.
func TestResampleKeepsWhatTheSeatKnows(t *testing.T) {
	tb := table(t, opts(Loom), 2, "RWW", "WWW"+"BRGY")
	acts(t, tb, "play:RED", "reveal:D1")
	s := state(t, tb)
	g := Game{}
	for i := range uint64(5) {
		r := g.Resample(s, 0, diceFor(i))
		want(t, "looked kept", slices.Equal(r.Pend.Looked, s.Pend.Looked), true)
		want(t, "own hand kept", r.Players[0].Hand, s.Players[0].Hand)
		want(t, "opponent hand size", handSize(r.Players[1].Hand), handSize(s.Players[1].Hand))
	}
	_ = games.Spectator
}
