package commands

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"spindle/games"
)

func TestFriendlyAndExpected(t *testing.T) {
	for _, r := range refusals {
		wrapped := fmt.Errorf("storage: table 7: %w", r.err)
		if Friendly(wrapped) != r.text || !Expected(wrapped) {
			t.Errorf("%v: Friendly = %q, Expected = %v", r.err, Friendly(wrapped), Expected(wrapped))
		}
	}
	for _, f := range faults {
		if !strings.Contains(Friendly(f), "different version") || Expected(f) {
			t.Errorf("%v: Friendly = %q, Expected = %v", f, Friendly(f), Expected(f))
		}
	}
	if got := Friendly(sorry("Pick a card first.")); got != "Pick a card first." {
		t.Errorf("a user error shows %q", got)
	}
	secret := errors.New("storage: seed 12345 leaked")
	if got := Friendly(secret); strings.Contains(got, "12345") || Expected(secret) {
		t.Errorf("an internal error shows %q", got)
	}
	if Friendly(fmt.Errorf("x: %w", games.ErrStale)) == Friendly(games.ErrNotYourTurn) {
		t.Error("stale and not-your-turn read the same")
	}
}

func TestEngineReason(t *testing.T) {
	err := fmt.Errorf("storage: table 3: %w", fmt.Errorf("games: new stitchcraft: %w",
		fmt.Errorf("stitchcraft: duel takes 2 to 2 seats, not 3: %w", games.ErrSeats)))
	if got := engineReason(err, "stitchcraft"); got != "duel takes 2 to 2 seats, not 3" {
		t.Fatalf("engineReason = %q", got)
	}
	if got := engineReason(errors.New("storage: broken"), "stitchcraft"); got != "the game refused them" {
		t.Fatalf("engineReason of a foreign error = %q", got)
	}
}
