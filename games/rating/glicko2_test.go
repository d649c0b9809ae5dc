package rating

import (
	"math"
	"testing"
)

// near reports whether got is within tol of want.
func near(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol
}

// glickmanExample is the player and the three games of the worked example
// in Glickman's "Example of the Glicko-2 system".
func glickmanExample() (Glicko2, []Result2) {
	p := Glicko2{Rating: 1500, RD: 200, Vol: 0.06}
	rs := []Result2{
		{Opponent: Glicko2{Rating: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Glicko2{Rating: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Glicko2{Rating: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}
	return p, rs
}

// TestGlicko2PaperSteps checks every intermediate value the paper prints,
// to the digits it prints. The paper rounds g and E before computing v and
// Δ, and φ before computing φ*; for those three values the test checks both
// the paper's figure, recomputed from the paper's rounded inputs, and our
// unrounded figure.
func TestGlicko2PaperSteps(t *testing.T) {
	p, rs := glickmanExample()
	st := glicko2Step(p, rs, 0.5)

	checks := []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"μ", st.mu, 0, 0.00005},
		{"φ", st.phi, 1.1513, 0.00005},
		{"g1", st.g[0], 0.9955, 0.00005},
		{"g2", st.g[1], 0.9531, 0.00005},
		{"g3", st.g[2], 0.7242, 0.00005},
		{"E1", st.e[0], 0.639, 0.0005},
		{"E2", st.e[1], 0.432, 0.0005},
		{"E3", st.e[2], 0.303, 0.0005},
		// Unrounded: v = 1.77898 and Δ = −0.48393 (paper: 1.7785, −0.4834).
		{"v", st.v, 1.77898, 0.000005},
		{"Δ", st.delta, -0.48393, 0.000005},
		{"σ′", st.sigmaNew, 0.05999, 0.00001},
		// Unrounded φ* = 1.152855 (paper, from φ = 1.1513: 1.152862).
		{"φ*", st.phiStar, 1.152855, 0.0000005},
		{"φ′", st.phiNew, 0.8722, 0.00005},
		{"μ′", st.muNew, -0.2069, 0.00005},
	}
	for _, c := range checks {
		if !near(c.got, c.want, c.tol) {
			t.Errorf("%s = %.7f, want %v ± %v", c.name, c.got, c.want, c.tol)
		}
	}

	// The paper's own v, Δ and φ* follow from its rounded inputs.
	g := []float64{0.9955, 0.9531, 0.7242}
	e := []float64{0.639, 0.432, 0.303}
	s := []float64{1, 0, 0}
	var inv, sum float64
	for j := range g {
		inv += g[j] * g[j] * e[j] * (1 - e[j])
		sum += g[j] * (s[j] - e[j])
	}
	if v := 1 / inv; !near(v, 1.7785, 0.00005) {
		t.Errorf("v from the paper's rounded g and E = %.5f, want 1.7785", v)
	}
	if d := sum / inv; !near(d, -0.4834, 0.00005) {
		t.Errorf("Δ from the paper's rounded g and E = %.5f, want -0.4834", d)
	}
	if ps := math.Hypot(1.1513, 0.05999); !near(ps, 1.152862, 0.0000005) {
		t.Errorf("φ* from the paper's rounded φ and σ′ = %.7f, want 1.152862", ps)
	}
}

// TestGlicko2PaperResult checks the final numbers of the worked example.
// RD 151.52 and volatility 0.05999 match the paper's printed digits. The
// paper prints the rating as 1464.06 because it rescales its rounded
// μ′ = −0.2069; the unrounded μ′ = −0.206941 gives 1464.0507, so the rating
// is checked against 1464.06 within 0.01 and against 1464.0507 exactly.
func TestGlicko2PaperResult(t *testing.T) {
	p, rs := glickmanExample()
	got := p.Update(rs, 0.5)
	if !near(got.Rating, 1464.06, 0.01) || !near(got.Rating, 1464.0507, 0.00005) {
		t.Errorf("rating = %.5f, want 1464.0507 (paper: 1464.06)", got.Rating)
	}
	if !near(got.RD, 151.52, 0.005) {
		t.Errorf("RD = %.5f, want 151.52", got.RD)
	}
	if !near(got.Vol, 0.05999, 0.00001) {
		t.Errorf("volatility = %.7f, want 0.05999", got.Vol)
	}
	// The paper's rounded μ′ gives its printed rating.
	if r := Glicko2Scale*-0.2069 + Glicko2Base; !near(r, 1464.06, 0.005) {
		t.Errorf("rating from the paper's μ′ = %.4f, want 1464.06", r)
	}
	// The order of the games in a period does not matter.
	rev := []Result2{rs[2], rs[0], rs[1]}
	if again := p.Update(rev, 0.5); !near(again.Rating, got.Rating, 1e-9) ||
		!near(again.RD, got.RD, 1e-9) || !near(again.Vol, got.Vol, 1e-12) {
		t.Errorf("reordered games give %+v, want %+v", again, got)
	}
}

func TestGlicko2Defaults(t *testing.T) {
	d := DefaultGlicko2()
	if d != (Glicko2{Rating: 1500, RD: 350, Vol: 0.06}) {
		t.Fatalf("DefaultGlicko2() = %+v", d)
	}
	if d.Lower() != 800 {
		t.Errorf("Lower() = %v, want 800", d.Lower())
	}
	if got := (Glicko2{Rating: 1700, RD: 60}).Lower(); got != 1580 {
		t.Errorf("Lower() = %v, want 1580", got)
	}
	p, rs := glickmanExample()
	want := p.Update(rs, DefaultTau)
	for _, tau := range []float64{0, -1, math.NaN()} {
		if got := p.Update(rs, tau); got != want {
			t.Errorf("Update(tau=%v) = %+v, want the τ = 0.5 result %+v", tau, got, want)
		}
	}
}

func TestGlicko2Idle(t *testing.T) {
	p := Glicko2{Rating: 1620, RD: 50, Vol: 0.06}
	if got := p.Idle(0); got != p {
		t.Errorf("Idle(0) = %+v, want unchanged", got)
	}
	if got := p.Idle(-3); got != p {
		t.Errorf("Idle(-3) = %+v, want unchanged", got)
	}
	one := p.Idle(1)
	want := Glicko2Scale * math.Sqrt(math.Pow(50/Glicko2Scale, 2)+0.06*0.06)
	if one.Rating != p.Rating || one.Vol != p.Vol || !near(one.RD, want, 1e-9) {
		t.Errorf("Idle(1) = %+v, want RD %.6f and the rest unchanged", one, want)
	}
	if !near(one.RD, 51.0748, 0.0001) {
		t.Errorf("Idle(1).RD = %.5f, want 51.0748", one.RD)
	}
	// n idle periods equal n single idle periods.
	five := p
	for range 5 {
		five = five.Idle(1)
	}
	if got := p.Idle(5); !near(got.RD, five.RD, 1e-9) {
		t.Errorf("Idle(5).RD = %v, five Idle(1) give %v", got.RD, five.RD)
	}
	if got := p.Idle(1_000_000); got.RD != Glicko2MaxRD {
		t.Errorf("Idle(1e6).RD = %v, want the cap %v", got.RD, Glicko2MaxRD)
	}
	if got := p.Update(nil, 0.5); got != one {
		t.Errorf("Update(nil) = %+v, want Idle(1) = %+v", got, one)
	}
}

func TestGlicko2Expected(t *testing.T) {
	a := Glicko2{Rating: 1500, RD: 80, Vol: 0.06}
	if got := a.Expected(a); got != 0.5 {
		t.Errorf("Expected against itself = %v, want 0.5", got)
	}
	b := Glicko2{Rating: 1700, RD: 80, Vol: 0.06}
	if ab, ba := a.Expected(b), b.Expected(a); !near(ab+ba, 1, 1e-12) || ab >= 0.5 {
		t.Errorf("Expected: a vs b %v, b vs a %v", ab, ba)
	}
	// The paper's E for the first game: 0.639.
	p, rs := glickmanExample()
	if got := p.Expected(rs[0].Opponent); !near(got, 0.639, 0.0005) {
		t.Errorf("Expected = %v, want 0.639", got)
	}
}

// TestGlicko2RDCanGrowAfterAGame documents a property of Glicko-2 rather
// than forcing the opposite: every update first widens φ to
// φ* = sqrt(φ² + σ′²) and only then narrows it by the games, so a player
// whose RD is already small (here 30) ends a one-game period with a larger
// RD than before. The games themselves never widen it: φ′ ≤ φ*.
func TestGlicko2RDCanGrowAfterAGame(t *testing.T) {
	p := Glicko2{Rating: 1500, RD: 30, Vol: 0.06}
	got := p.Update([]Result2{{Opponent: p, Score: 1}}, 0.5)
	if !(got.RD > p.RD) {
		t.Errorf("RD after one game = %v, expected growth above %v", got.RD, p.RD)
	}
	if star := math.Hypot(p.RD, Glicko2Scale*got.Vol); got.RD > star {
		t.Errorf("RD %v exceeds the pre-period deviation φ* = %v", got.RD, star)
	}
}
