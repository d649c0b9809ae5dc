package tapestry

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"spindle/games"
	"spindle/games/ai"
)

// diagGame plays a solo game against the Automa at level, dealt from
// seed, for the diagnostic harnesses. At each decision choose picks the
// key, given the table, the seat to act, the state decoded and the
// game's random source (drawn from seed and stream); seen is called with
// every step played. It returns the final state and the result.
func diagGame(t *testing.T, level string, seed, stream uint64,
	choose func(tbl games.Table, s games.Seat, st *State, rng *rand.Rand) string,
	seen func(games.Step)) (State, games.Result) {
	t.Helper()
	tbl, _, err := games.Bind(Game{}).New(games.Options{"automa_level": level}, 1, [2]uint64{seed, 17})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, stream))
	for !tbl.Over() {
		s, ok, err := ai.Mover(tbl, rng)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		st := decodeState(t, tbl)
		steps, err := tbl.Play(s, tbl.Version(), choose(tbl, s, &st, rng))
		if err != nil {
			t.Fatal(err)
		}
		for _, stp := range steps {
			seen(stp)
		}
	}
	r, _ := tbl.Result()
	return decodeState(t, tbl), r
}

// decodeState is a table's state.
func decodeState(t *testing.T, tbl games.Table) State {
	t.Helper()
	var st State
	raw, err := tbl.StateJSON()
	if err == nil {
		err = json.Unmarshal(raw, &st)
	}
	if err != nil {
		t.Fatal(err)
	}
	return st
}
