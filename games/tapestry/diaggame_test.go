package tapestry

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
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
	return diagGameWith(t, level, seed, stream, nil, choose, seen)
}

// diagGameWith is diagGame with prepare, when not nil, called before each
// decision: it may return another table (the same game with its state
// changed) to go on with, or nil to go on with the same.
func diagGameWith(t *testing.T, level string, seed, stream uint64,
	prepare func(tbl games.Table, s games.Seat, st *State) games.Table,
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
		if prepare != nil {
			if next := prepare(tbl, s, &st); next != nil {
				tbl, st = next, decodeState(t, next)
			}
		}
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

// diagSpec reads a harness's environment variable, "level,n,seed,ai"
// (e.g. "3,12,1,normal"): the Automa's level, the games, the first seed
// and the AI level. The test is skipped when the variable is not set.
func diagSpec(t *testing.T, env string) (level string, n int, seed uint64, lvl ai.Level) {
	t.Helper()
	spec := os.Getenv(env)
	if spec == "" {
		t.Skip(env + " not set")
	}
	return parseDiagSpec(t, env, spec)
}

// parseDiagSpec reads spec, "level,n,seed,ai", as diagSpec does; env
// names it in errors.
func parseDiagSpec(t *testing.T, env, spec string) (level string, n int, seed uint64, lvl ai.Level) {
	t.Helper()
	f := strings.Split(spec, ",")
	if len(f) != 4 {
		t.Fatalf("%s=%q, want level,n,seed,ai", env, spec)
	}
	lvl, ok := ai.ByName(f[3])
	if !ok {
		t.Fatalf("%s: no AI level %q", env, f[3])
	}
	return f[0], atoi(f[1]), uint64(atoi(f[2])), lvl
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
