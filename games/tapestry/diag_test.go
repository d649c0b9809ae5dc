package tapestry

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/ai"
)

// causeRE finds a score clause (games.Points) of the seat ({{p0}}) or of
// the Automa, which solo names in full.
var causeRE = regexp.MustCompile(`(?:\{\{p(\d+)\}\}|The (Automa)) \+(\d+) VP(?: \(([^)]*)\))?`)

// TestDiagSolo plays solo games with an AI level and prints where each
// side's VP came from and when the AI took its income turns. It runs only
// with TAPESTRY_DIAG set ("level,n,seed,ai", e.g. "2,10,1,normal").
// TAPESTRY_CUT, when set to a positive number, is the AI's look-ahead in
// turns past its tree (ai.Options.CutTurns) in place of the game's
// (games.Info.AISoloTurns). TAPESTRY_EXPLORE, when set to a positive
// number, is the search's exploration constant (ai.Options.Explore) in
// place of the game's (games.Info.AIExplore).
func TestDiagSolo(t *testing.T) {
	level, n, seed0, lvl := diagSpec(t, "TAPESTRY_DIAG")
	if wf := os.Getenv("TAPESTRY_WEIGHTS"); wf != "" {
		b, err := os.ReadFile(wf)
		if err != nil {
			t.Fatal(err)
		}
		saved := evalW
		defer func() { evalW = saved }()
		if evalW, err = ParseWeights(b); err != nil {
			t.Fatal(err)
		}
	}
	if ps := os.Getenv("TAPESTRY_EVALP"); ps != "" {
		saved := evalP
		defer func() { evalP = saved }()
		if err := setEvalParams(&evalP, ps); err != nil {
			t.Fatal(err)
		}
	}
	cut, _ := strconv.Atoi(os.Getenv("TAPESTRY_CUT"))
	explore, _ := strconv.ParseFloat(os.Getenv("TAPESTRY_EXPLORE"), 64)
	causes := [2]map[string]float64{{}, {}}
	wins, vp, avp := 0.0, 0.0, 0.0
	var hlm, alm, hter, ater float64 // mean landmarks and territories at the end
	var aerr, acnt [6]float64        // the Automa's projection less its final VP, by the AI's era
	var margins []float64            // the AI's VP less the Automa's, by game
	for g := range n {
		seed := seed0 + uint64(g)
		var turns []string
		var aproj [][2]float64
		dec := 0
		st, r := diagGame(t, level, seed, 23, func(tbl games.Table, s games.Seat, st *State, rng *rand.Rand) string {
			aproj = append(aproj, [2]float64{float64(st.Players[0].Era), st.automaProjected()})
			key, err := ai.Choose(tbl, s, lvl, ai.Options{Seed: rng.Uint64(), CutTurns: cut, Explore: explore})
			if err != nil {
				t.Fatal(err)
			}
			dec++
			if st.Ask != nil && st.Ask.Kind == "turn" {
				p := &st.Players[0]
				if key == "income" {
					turns = append(turns, fmt.Sprintf("I%d(r%d)", p.Era+1, p.Res.Total()))
				} else {
					k, _, _ := strings.Cut(strings.TrimPrefix(key, "adv:"), ".")
					turns = append(turns, k[:1])
				}
			}
			return key
		}, func(stp games.Step) {
			for _, e := range stp.Events {
				for _, m := range causeRE.FindAllStringSubmatch(e.Public, -1) {
					p, _ := strconv.Atoi(m[1])
					if m[2] != "" {
						p = Automa
					}
					v, _ := strconv.Atoi(m[3])
					c := m[4]
					if i := strings.IndexAny(c, "0123456789"); i > 0 {
						c = strings.TrimSpace(c[:i])
					}
					if p < 2 {
						causes[p][c] += float64(v) / float64(n)
					}
				}
			}
		})
		if r.Ranks[0] == 1 {
			if r.Draw {
				wins += 0.5
			} else {
				wins++
			}
		}
		for _, a := range aproj {
			e := int(a[0])
			aerr[e] += a[1] - float64(st.Players[Automa].VP)
			acnt[e]++
		}
		p := &st.Players[0]
		margins = append(margins, float64(p.VP-st.Players[Automa].VP))
		vp += float64(p.VP) / float64(n)
		avp += float64(st.Players[Automa].VP) / float64(n)
		pos := []int{}
		for tr := range Track(NumTracks) {
			pos = append(pos, p.Position(tr))
		}
		fmt.Printf("seed %d: ai %d automa %d dec %d pos %v lm %d ach %v tech %d ter %d taken %v civ %v\n  %s\n",
			seed, p.VP, st.Players[Automa].VP, dec, pos, st.count(0, "landmarks", ""), p.Achieved, p.TechCount(), st.Controlled(0), p.Taken, diagCivs(p), strings.Join(turns, " "))
		a := &st.Players[Automa]
		apos := []int{}
		for tr := range Track(NumTracks) {
			apos = append(apos, a.Position(tr))
		}
		fmt.Printf("  automa: pos %v lm %d ter %d\n", apos, st.count(Automa, "landmarks", ""), st.Controlled(Automa))
		alm += float64(st.count(Automa, "landmarks", "")) / float64(n)
		ater += float64(st.Controlled(Automa)) / float64(n)
		hlm += float64(st.count(0, "landmarks", "")) / float64(n)
		hter += float64(st.Controlled(0)) / float64(n)
	}
	fmt.Printf("landmarks: ai %.2f automa %.2f; territories: ai %.2f automa %.2f\n", hlm, alm, hter, ater)
	fmt.Printf("wins %.1f/%d ai mean %.1f automa mean %.1f\n", wins, n, vp, avp)
	m, se := meanSE(margins)
	fmt.Printf("margin %.1f ± %.1f (standard error) by seed %v\n", m, se, margins)
	for e := range aerr {
		if acnt[e] > 0 {
			fmt.Printf("era %d: automa projection bias %+.1f over %.0f decisions\n", e, aerr[e]/acnt[e], acnt[e])
		}
	}
	for i, m := range causes {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Slice(ks, func(a, b int) bool { return m[ks[a]] > m[ks[b]] })
		fmt.Printf("seat %d VP by cause:", i)
		for _, k := range ks {
			fmt.Printf(" %s=%.1f", k, m[k])
		}
		fmt.Println()
	}
}

func diagCivs(p *Player) []string {
	var out []string
	for _, c := range p.Civs {
		out = append(out, Civs[c.Civ].Name)
	}
	return out
}

// meanSE is the mean of xs and its standard error.
func meanSE(xs []float64) (float64, float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	mean := sum / n
	if n < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// setEvalParams sets the evaluator constants named in spec, a list of
// name=value pairs ("VPWeight=0.3,Scale=40"), for diagnostic runs that try
// other values (TAPESTRY_EVALP).
func setEvalParams(p *evalParams, spec string) error {
	for kv := range strings.SplitSeq(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		f, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return fmt.Errorf("tapestry: %q is not name=number", kv)
		}
		switch k {
		case "Scale":
			p.Scale = f
		case "VPWeight":
			p.VPWeight = f
		case "VPScale":
			p.VPScale = f
		case "Denial":
			p.Denial = f
		case "AutomaExtra":
			p.AutomaExtra = f
		default:
			return fmt.Errorf("tapestry: no evaluator constant %q", k)
		}
	}
	return nil
}
