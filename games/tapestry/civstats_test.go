package tapestry

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/ai"
)

// adjustRE finds the VP a civilization's set-up adjustment scores.
var adjustRE = regexp.MustCompile(`\+(\d+) VP \([^)]*adjustment\)`)

// TestCivStats measures what each civilization is worth to the AI: it
// plays solo games with an AI level, choosing the civilization at random
// from the two dealt, and prints each game (the lines of
// testdata/civstats.txt), then each civilization's games and wins and its
// worth as fitCivWorth rates it (the table civWorth). It runs only with
// TAPESTRY_CIVSTATS set
// ("level,n,seed,ai", e.g. "3,200,1,normal"); the games are bound by
// iterations, so a run is reproducible.
func TestCivStats(t *testing.T) {
	level, n, seed0, lvl := diagSpec(t, "TAPESTRY_CIVSTATS")
	var played []civGame
	count, wins := map[string]int{}, map[string]int{}
	for g := range n {
		seed := seed0 + uint64(g)
		civ, adj := "", 0
		st, r := diagGame(t, level, seed, 29, func(tbl games.Table, s games.Seat, st *State, rng *rand.Rand) string {
			if st.Ask != nil && st.Ask.Kind == "civ" && s == 0 {
				legal := tbl.Legal(s)
				key := legal[rng.IntN(len(legal))].Key
				i, _ := strconv.Atoi(strings.TrimPrefix(key, "civ:"))
				civ = Civs[i].Name
				return key
			}
			key, err := ai.Choose(tbl, s, lvl, ai.Options{Seed: rng.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
			return key
		}, func(stp games.Step) {
			for _, e := range stp.Events {
				if !strings.Contains(e.Public, "{{p0}}") {
					continue
				}
				for _, m := range adjustRE.FindAllStringSubmatch(e.Public, -1) {
					v, _ := strconv.Atoi(m[1])
					adj += v
				}
			}
		})
		win := 0.0
		if r.Ranks[0] == 1 && !r.Draw {
			win = 1
		}
		fmt.Printf("seed %d civ %q vp %d adjustment %d automa %d win %.0f\n", seed, civ, st.Players[0].VP, adj, st.Players[Automa].VP, win)
		played = append(played, civGame{civ: civ, vp: float64(st.Players[0].VP - adj)})
		count[civ]++
		wins[civ] += int(win)
	}
	worth := fitCivWorth(played)
	names := slices.Collect(maps.Keys(worth))
	sort.Slice(names, func(a, b int) bool { return worth[names[a]] > worth[names[b]] })
	for _, c := range names {
		fmt.Printf("\t%q: %.1f, // %d games, %d won\n", c, worth[c], count[c], wins[c])
	}
}
