package tapestry

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/ai"
)

// TestDiagCiv plays solo games in which the AI leads one civilization,
// to see how it plays it: at the set-up choice the civilization replaces
// the first of the two dealt (the replaced one goes back to the civ
// deck), and the AI keeps it. It prints, by game, both sides' VP, the VP
// the civilization scored (the log's clauses naming it) and the AI's
// answers to the civilization's own asks, then the means. It runs only
// with TAPESTRY_CIVDIAG set ("civ,level,n,seed,ai", e.g.
// "Historians,3,12,1,normal"); the games are dealt as TestDiagSolo's and
// bound by iterations.
func TestDiagCiv(t *testing.T) {
	spec := os.Getenv("TAPESTRY_CIVDIAG")
	if spec == "" {
		t.Skip("TAPESTRY_CIVDIAG not set")
	}
	name, rest, ok := strings.Cut(spec, ",")
	if !ok {
		t.Fatalf("TAPESTRY_CIVDIAG=%q, want civ,level,n,seed,ai", spec)
	}
	level, n, seed0, lvl := parseDiagSpec(t, "TAPESTRY_CIVDIAG", rest)
	ci := civIdx(t, name)
	vpSum, wins, civSum := 0.0, 0.0, 0.0
	for g := range n {
		seed := seed0 + uint64(g)
		var asks []string
		civVP := 0
		deal := func(tbl games.Table, s games.Seat, st *State) games.Table {
			if st.Ask != nil && st.Ask.Kind == "civ" && s == 0 {
				return dealCiv(t, tbl, st, ci)
			}
			return nil
		}
		st, r := diagGameWith(t, level, seed, 23, deal, func(tbl games.Table, s games.Seat, st *State, rng *rand.Rand) string {
			if st.Ask != nil && st.Ask.Kind == "civ" && s == 0 {
				return "civ:" + strconv.Itoa(ci)
			}
			key, err := ai.Choose(tbl, s, lvl, ai.Options{Seed: rng.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
			if st.Ask != nil && strings.HasPrefix(st.Ask.Kind, "c:") && s == 0 {
				asks = append(asks, fmt.Sprintf("era %d %s %v: %s", st.Players[0].Era, st.Ask.Kind, st.Ask.Opts, key))
			}
			return key
		}, func(stp games.Step) {
			for _, e := range stp.Events {
				for _, m := range causeRE.FindAllStringSubmatch(e.Public, -1) {
					if m[1] == "0" && strings.Contains(m[4], name) {
						v, _ := strconv.Atoi(m[3])
						civVP += v
					}
				}
			}
		})
		if r.Ranks[0] == 1 && !r.Draw {
			wins++
		}
		vpSum += float64(st.Players[0].VP)
		civSum += float64(civVP)
		fmt.Printf("seed %d: ai %d automa %d %s VP %d\n", seed, st.Players[0].VP, st.Players[Automa].VP, name, civVP)
		for _, a := range asks {
			fmt.Println("  ", a)
		}
	}
	fmt.Printf("wins %.0f/%d, ai mean %.1f VP, %s %.1f VP a game\n", wins, n, vpSum/float64(n), name, civSum/float64(n))
}

// dealCiv returns the table with civilization ci the first of seat 0's
// two dealt (the civ deck keeps its multiset: ci leaves it, the replaced
// one returns) and the pending choice asked again over them, so that it
// may keep ci.
func dealCiv(t *testing.T, tbl games.Table, st *State, ci int) games.Table {
	t.Helper()
	p := &st.Players[0]
	if !slices.Contains(p.Dealt, int8(ci)) {
		old := p.Dealt[0]
		p.Dealt[0] = int8(ci)
		if i := slices.Index(st.CivDeck, int8(ci)); i >= 0 {
			st.CivDeck[i] = old
		}
		st.civChooseAsk(0) // the choice asked again, as the engine asks it
	}
	env, err := tbl.Envelope()
	if err != nil {
		t.Fatal(err)
	}
	if env.State, err = json.Marshal(st); err != nil {
		t.Fatal(err)
	}
	fresh, err := games.Bind(Game{}).Decode(env)
	if err != nil {
		t.Fatal(err)
	}
	return fresh
}
