package tapestry

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCivWorthNamesCivs: every civilization civWorth rates exists, and
// the ratings of the solo civilizations average to zero (they are
// measured against their mean).
func TestCivWorthNamesCivs(t *testing.T) {
	if len(civWorth) == 0 {
		t.Fatal("no civilization is rated")
	}
	sum, n := 0.0, 0
	for name, w := range civWorth {
		i := CivIndex(name)
		if i < 0 {
			t.Errorf("civWorth rates %q, which is no civilization", name)
			continue
		}
		if !Civs[i].AutomaAllowed {
			t.Errorf("civWorth rates %s, which solo leaves out", name)
		}
		sum += w
		n++
	}
	if mean := sum / float64(n); math.Abs(mean) > 1 {
		t.Errorf("the ratings average %.2f, want about 0", mean)
	}
}

// TestCivTermInProjection: the projection of a seat counts its
// civilization's worth times the share of the game left, a civilization
// chosen in secret as much as one revealed, and nothing once the seat is
// done.
func TestCivTermInProjection(t *testing.T) {
	best, worst := "", ""
	for name, w := range civWorth {
		if best == "" || w > civWorth[best] {
			best = name
		}
		if worst == "" || w < civWorth[worst] {
			worst = name
		}
	}
	gap := civWorth[best] - civWorth[worst]
	if gap <= 0 {
		t.Fatal("the ratings do not tell civilizations apart")
	}
	s := soloInto(t, "3", 60)
	p := &s.Players[0]
	if len(p.Civs) != 1 || p.Done {
		t.Fatalf("the seat holds %d civilizations (done %v), want one, in play", len(p.Civs), p.Done)
	}
	for _, era := range []int8{0, 1, 3} {
		p.Era = era
		p.Civs[0].Civ = int8(CivIndex(best))
		hi := s.projected(0)
		p.Civs[0].Civ = int8(CivIndex(worst))
		lo := s.projected(0)
		want := gap * float64(5-era) / 5
		if math.Abs(hi-lo-want) > 1e-9 {
			t.Errorf("era %d: %s projects %.2f above %s, want %.2f", era, best, hi-lo, worst, want)
		}
	}
	p.Era = 1
	civs := p.Civs
	p.Civs = nil
	p.Chosen = int8(CivIndex(best))
	if got, want := s.civTerm(0), civWorth[best]*4/5; math.Abs(got-want) > 1e-9 {
		t.Errorf("a civilization chosen in secret counts %.2f, want %.2f", got, want)
	}
	p.Chosen, p.Civs = -1, civs
	p.Done = true
	if got := s.civTerm(0); got != 0 {
		t.Errorf("a finished seat's civilizations count %.2f, want 0", got)
	}
}

// civGame is one line of TestCivStats' output: the civilization chosen,
// the final VP less the adjustment's VP.
type civGame struct {
	civ string
	vp  float64
}

// civGameRE reads a line of TestCivStats' output.
var civGameRE = regexp.MustCompile(`^seed \d+ civ "([^"]+)" vp (\d+) adjustment (\d+) automa \d+ win [01]$`)

// fitCivWorth rates each civilization by its games: its mean VP less the
// mean of all games, shrunk towards zero by how much of the spread
// between civilizations' means their games' own spread explains
// (empirical Bayes, with the within-civilization variance pooled), then
// centred so that the ratings average zero, to a tenth of a VP.
func fitCivWorth(played []civGame) map[string]float64 {
	by := map[string][]float64{}
	all := 0.0
	for _, g := range played {
		by[g.civ] = append(by[g.civ], g.vp)
		all += g.vp
	}
	all /= float64(len(played))
	mean := func(v []float64) float64 {
		s := 0.0
		for _, x := range v {
			s += x
		}
		return s / float64(len(v))
	}
	ss, df := 0.0, 0
	rel := map[string]float64{}
	for c, v := range by {
		m := mean(v)
		for _, x := range v {
			ss += (x - m) * (x - m)
		}
		df += len(v) - 1
		rel[c] = m - all
	}
	within := ss / float64(df)
	var between, noise float64
	relMean := 0.0
	for _, r := range rel {
		relMean += r / float64(len(rel))
	}
	for c, r := range rel {
		between += (r - relMean) * (r - relMean) / float64(len(rel))
		noise += within / float64(len(by[c])) / float64(len(rel))
	}
	tau2 := max(between-noise, 0)
	out := map[string]float64{}
	centre := 0.0
	for c, r := range rel {
		k := 0.0
		if tau2 > 0 {
			k = tau2 / (tau2 + within/float64(len(by[c])))
		}
		out[c] = r * k
		centre += out[c] / float64(len(rel))
	}
	for c := range out {
		out[c] = math.Round((out[c]-centre)*10) / 10
	}
	return out
}

// TestCivWorthIsFitted: the embedded ratings are the fit of the games in
// testdata/civstats.txt, which TestCivStats reproduces from the seeds
// its header names.
func TestCivWorthIsFitted(t *testing.T) {
	b, err := os.ReadFile("testdata/civstats.txt")
	if err != nil {
		t.Fatal(err)
	}
	var played []civGame
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := civGameRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("unreadable line %q", line)
		}
		vp, _ := strconv.Atoi(m[2])
		adj, _ := strconv.Atoi(m[3])
		played = append(played, civGame{civ: m[1], vp: float64(vp - adj)})
	}
	got := fitCivWorth(played)
	if len(got) != len(civWorth) {
		t.Errorf("the fit rates %d civilizations, the table %d", len(got), len(civWorth))
	}
	for c, w := range got {
		if math.Abs(civWorth[c]-w) > 0.05 {
			t.Errorf("%s: the table says %.1f, the fit %.1f", c, civWorth[c], w)
		}
	}
}
