package archravels

import (
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// TestLegacyCraftGameReplays: a game begun under rules version 1 (the
// Craft that never ended by itself) keeps that Craft after migration, and
// its log, full of version 1's "stop" steps, replays (undo, /game replay)
// from the stored envelope; replayed under version 2's Craft it would not.
func TestLegacyCraftGameReplays(t *testing.T) {
	kind := games.Bind(Game{})
	fresh, deal, err := kind.New(games.Options{}, 2, [2]uint64{41, 7})
	if err != nil {
		t.Fatal(err)
	}
	env, err := fresh.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	env.Rules = 1 // stored by a build of rules version 1
	tab, err := kind.Decode(env)
	if err != nil {
		t.Fatalf("a rules-1 table does not load: %v", err)
	}
	if js, _ := tab.StateJSON(); !strings.Contains(string(js), `"legacy_craft":true`) {
		t.Fatal("the migrated table does not keep version 1's Craft")
	}
	log := append([]games.Step(nil), deal...)
	d := dice.Seeded(41, 9)
	stops := 0
	for n := 0; !tab.Over() && n < 3000; n++ {
		seat := tab.ToAct()[0]
		legal := tab.Legal(seat)
		pick := legal[games.PickWeighted(tab.Weights(seat), len(legal), d.IntN)].Key
		for _, c := range legal {
			if c.Key == "stop" && d.IntN(2) == 0 {
				pick = "stop"
			}
		}
		if pick == "stop" {
			stops++
		}
		st, err := tab.Play(seat, tab.Version(), pick)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, st...)
	}
	if stops == 0 {
		t.Fatal("the game never used version 1's stop; the test proves nothing")
	}
	final, err := tab.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	back, err := kind.Replay(final, log)
	if err != nil {
		t.Fatalf("the legacy game's log does not replay: %v", err)
	}
	a, _ := back.StateJSON()
	b, _ := tab.StateJSON()
	if string(a) != string(b) {
		t.Fatal("the replay differs from the table")
	}
	// The same log under version 2's Craft (no stored state to take the
	// mode from) does not replay: the mode is what makes it work.
	bare := final
	bare.State = nil
	if _, err := kind.Replay(bare, log); err == nil {
		t.Fatal("the log replays without the legacy Craft too; the test proves nothing")
	}
}
