package tapestry

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
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
// from the two dealt, and prints each civilization's mean final VP less
// its adjustment's VP, with its standard error. The table civWorth is
// fitted from its output. It runs only with TAPESTRY_CIVSTATS set
// ("level,n,seed,ai", e.g. "3,200,1,normal"); the games are bound by
// iterations, so a run is reproducible.
func TestCivStats(t *testing.T) {
	level, n, seed0, lvl := diagSpec(t, "TAPESTRY_CIVSTATS")
	type stat struct{ n, sum, sq, wins float64 }
	by := map[string]*stat{}
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
		vp := float64(st.Players[0].VP - adj)
		fmt.Printf("seed %d civ %q vp %d adjustment %d automa %d win %.0f\n", seed, civ, st.Players[0].VP, adj, st.Players[Automa].VP, win)
		c := by[civ]
		if c == nil {
			c = &stat{}
			by[civ] = c
		}
		c.n++
		c.sum += vp
		c.sq += vp * vp
		c.wins += win
	}
	var names []string
	all := 0.0
	for k, c := range by {
		names = append(names, k)
		all += c.sum
	}
	all /= float64(n)
	sort.Slice(names, func(a, b int) bool { return by[names[a]].sum/by[names[a]].n > by[names[b]].sum/by[names[b]].n })
	fmt.Printf("all: mean VP less adjustments %.1f over %d games\n", all, n)
	for _, k := range names {
		c := by[k]
		m := c.sum / c.n
		se := 0.0
		if c.n > 1 {
			se = math.Sqrt(max(0, (c.sq-c.n*m*m)/(c.n-1)) / c.n)
		}
		fmt.Printf("civ %-14s n %3.0f mean %6.1f (%+6.1f) se %4.1f wins %2.0f\n", k, c.n, m, m-all, se, c.wins)
	}
}
