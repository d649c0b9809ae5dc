package archravels

import (
	"encoding/json"
	"fmt"

	"spindle/games"
)

// Rules versions:
//
//	1: a Craft went on until its player chose "stop" or "end", even when
//	   nothing more could be paid for.
//	2: a Craft ends by itself when nothing more can be paid for, and
//	   "stop" is offered only where the space has another action left.
//
// A game begun under version 1 keeps version 1's Craft to its end
// (State.LegacyCraft), so its log replays (undo, /game replay) as played.

var (
	_ games.Migrator        = Game{}
	_ games.Replayer[State] = Game{}
)

// Migrate brings a stored state of an older rules version up to this one.
func (Game) Migrate(state []byte, from int) ([]byte, error) {
	if from != 1 {
		return nil, fmt.Errorf("archravels: no migration from rules version %d", from)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(state, &m); err != nil {
		return nil, fmt.Errorf("archravels: migrate from rules 1: %w", err)
	}
	m["legacy_craft"] = json.RawMessage("true")
	return json.Marshal(m)
}

// ReplayFrom gives a replay's fresh state the Craft rules of the table it
// replays (games.Replayer).
func (Game) ReplayFrom(current, fresh *State) { fresh.LegacyCraft = current.LegacyCraft }
