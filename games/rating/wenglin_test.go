package rating

import (
	"fmt"
	"math"
	"testing"
)

type rateFunc func([][]Skill, []int, Options) [][]Skill

// sameSkills reports the first difference between got and want larger
// than tol, or "" when there is none.
func sameSkills(got, want [][]Skill, tol float64) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			return fmt.Sprintf("team %d has %d players, want %d", i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if !near(g.Mu, w.Mu, tol) || !near(g.Sigma, w.Sigma, tol) {
				return fmt.Sprintf("team %d player %d = {%.15g %.15g}, want {%.15g %.15g}",
					i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
			}
		}
	}
	return ""
}

// TestOpenSkillPublished reproduces the values in OpenSkill's
// (openskill.js) test suite. The "model" cases call a model directly,
// without additive dynamics (Options{}); the "rate" cases go through
// OpenSkill's rate function, whose default τ is 25/300 (OpenSkillTau).
// All agree to 1e-12.
func TestOpenSkillPublished(t *testing.T) {
	d := DefaultSkill()
	a1 := Skill{29.182, 4.782}
	b1 := Skill{27.174, 4.922}
	c1 := Skill{16.672, 6.217}
	w1, x1, y1, z1 := Skill{15, 25.0 / 3}, Skill{20, 25.0 / 3}, Skill{25, 25.0 / 3}, Skill{30, 25.0 / 3}
	rate := Options{Tau: OpenSkillTau}
	one := func(s ...Skill) [][]Skill {
		out := make([][]Skill, len(s))
		for i := range s {
			out[i] = []Skill{s[i]}
		}
		return out
	}
	cases := []struct {
		name  string
		model rateFunc
		teams [][]Skill
		ranks []int
		opts  Options
		want  [][]Skill
	}{
		{"PL model 2p FFA", RatePL, one(d, d), nil, Options{}, one(
			Skill{27.63523138347365, 8.065506316323548},
			Skill{22.36476861652635, 8.065506316323548})},
		{"PL model 3p FFA", RatePL, one(d, d, d), nil, Options{}, one(
			Skill{27.868876552746237, 8.204837030780652},
			Skill{25.717219138186557, 8.057829747583874},
			Skill{21.413904309067206, 8.057829747583874})},
		{"PL model 4p FFA", RatePL, one(d, d, d, d), nil, Options{}, one(
			Skill{27.795084971874736, 8.263160757613477},
			Skill{26.552824984374855, 8.179213704945203},
			Skill{24.68943500312503, 8.083731307186588},
			Skill{20.96265504062538, 8.083731307186588})},
		{"PL model 5p FFA", RatePL, one(d, d, d, d, d), nil, Options{}, one(
			Skill{27.666666666666668, 8.290556877154474},
			Skill{26.833333333333332, 8.240145629781066},
			Skill{25.72222222222222, 8.179996679645559},
			Skill{24.055555555555557, 8.111796013701358},
			Skill{20.72222222222222, 8.111796013701358})},
		{"PL model 3 teams of 3, 1, 2", RatePL, [][]Skill{{d, d, d}, {d}, {d, d}}, nil, Options{}, [][]Skill{
			{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}},
			{{27.21366020491262, 8.274321317985242}},
			{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}}}},

		{"PL rate 4p mixed", RatePL, one(a1, b1, c1, d), nil, rate, one(
			Skill{30.210227447000438, 4.765617924939384},
			Skill{27.644725221915632, 4.883479590134575},
			Skill{17.4036218889969, 6.101259408259549},
			Skill{19.21460876538932, 7.854669920480409})},
		{"PL rate 4p mixed τ 0.01", RatePL, one(a1, b1, c1, d), nil, Options{Tau: 0.01}, one(
			Skill{30.20997558824299, 4.764909330988368},
			Skill{27.64461002009721, 4.882799245921361},
			Skill{17.403587237635527, 6.100731158882956},
			Skill{19.21478808745494, 7.854267281042293})},
		{"PL rate τ 0.01 limit σ", RatePL, one(Skill{6.672, 0.0001}, a1), nil, Options{Tau: 0.01, LimitSigma: true}, one(
			Skill{6.672012533190158, 0.0001},
			Skill{26.316243774876106, 4.7540633621019})},
		{"PL rate 2v2", RatePL, [][]Skill{{a1, b1}, {c1, d}}, nil, rate, [][]Skill{
			{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
			{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}}}},
		{"PL rate 2v2 τ 0.01", RatePL, [][]Skill{{a1, b1}, {c1, d}}, nil, Options{Tau: 0.01}, [][]Skill{
			{{29.60722003260825, 4.754607604502581}, {27.624482251695827, 4.892124276331747}},
			{{15.953286947567106, 6.1253654293947335}, {23.708689129525133, 8.111303923213725}}}},
		{"PL rate 2v2 τ 0.01 limit σ", RatePL, [][]Skill{{{9.182, 0.0001}, b1}, {c1, d}}, nil, Options{Tau: 0.01, LimitSigma: true}, [][]Skill{
			{{9.182004653636957, 0.0001}, {28.301285923165363, 4.889318394468611}},
			{{14.87349383521136, 6.076727029758966}, {21.768626152890867, 7.992333183226455}}}},
		{"PL rate reversed ranks", RatePL, one(d, d), []int{2, 1}, rate, one(
			Skill{22.364610506859503, 8.06590141354368},
			Skill{27.635389493140497, 8.06590141354368})},
		{"PL rate misordered ranks", RatePL, one(d, d, d, d), []int{2, 1, 4, 3}, rate, one(
			Skill{26.55291815138952, 8.17961798837266},
			Skill{27.795252672501135, 8.263571791259416},
			Skill{20.962412806387245, 8.084127880168786},
			Skill{24.689416369722096, 8.084127880168786})},
		{"PL rate ordering", RatePL, one(w1, x1, y1, z1), []int{1, 3, 4, 2}, rate, one(
			Skill{18.131120980297805, 8.283536573151807},
			Skill{20.405169039419135, 8.107860440531121},
			Skill{20.65583040714804, 8.082574596348321},
			Skill{30.80787957313502, 8.155100416275928})},
		{"PL rate three 2-player teams", RatePL, [][]Skill{{a1, d}, {b1, d}, {c1, d}}, []int{3, 1, 2}, rate, [][]Skill{
			{{27.857622571955794, 4.744504197327133}, {20.97892943330433, 8.129851804000902}},
			{{27.990904891666695, 4.901705733959291}, {27.341233554297506, 8.2314516336455}},
			{{17.607030910762578, 6.141282638892306}, {26.67983701239816, 8.149157818911323}}}},
		{"PL rate tie for second", RatePL, one(Skill{10, 8}, Skill{5, 10}, Skill{0, 12}), []int{1, 2, 2}, rate, one(
			Skill{11.942996666741225, 7.926888197620324},
			Skill{2.9381178546315034, 9.653804487570165},
			Skill{-1.4024317012198733, 11.323641575516767})},
		{"PL rate four-way tie", RatePL, one(d, d, d, d), []int{1, 1, 1, 1}, rate, one(
			Skill{25, 8.263571791259416}, Skill{25, 8.263571791259416},
			Skill{25, 8.263571791259416}, Skill{25, 8.263571791259416})},
		{"PL rate three-way tie", RatePL, one(d, d, d), RanksFromScores([]float64{1, 1, 1}), rate, one(
			Skill{25, 8.205243377397993}, Skill{25, 8.205243377397993}, Skill{25, 8.205243377397993})},
		{"PL rate ties out of order", RatePL, one(w1, x1, y1, z1), []int{2, 4, 2, 1}, rate, one(
			Skill{15.340043358359136, 8.213141619804967},
			Skill{18.007678675484204, 8.189033933813437},
			Skill{24.25801928251219, 8.166918055585525},
			Skill{32.39425868364447, 8.247687230833794})},
		{"PL rate τ 0.3", RatePL, one(Skill{25, 3}, Skill{25, 3}), nil, Options{Tau: 0.3}, one(
			Skill{25.624880438870754, 2.9879993738476953},
			Skill{24.375119561129246, 2.9879993738476953})},
		{"PL rate τ 0.3 limit σ", RatePL, one(Skill{40, 3}, Skill{-20, 3}), nil, Options{Tau: 0.3, LimitSigma: true}, one(
			Skill{40.00032667136128, 3},
			Skill{-20.000326671361275, 3})},

		{"TM model 2p FFA", RateTM, one(d, d), nil, Options{}, one(
			Skill{29.230718708993216, 7.630934718709003},
			Skill{20.769281291006784, 7.630934718709003})},
		{"TM model 3p FFA", RateTM, one(d, d, d), nil, Options{}, one(
			Skill{33.46143741798643, 6.856958868037088},
			Skill{25, 6.856958868037088},
			Skill{16.53856258201357, 6.856958868037088})},
		{"TM model 4p FFA", RateTM, one(d, d, d, d), nil, Options{}, one(
			Skill{37.69215612697965, 5.983694941648218},
			Skill{29.230718708993216, 5.983694941648218},
			Skill{20.769281291006784, 5.983694941648218},
			Skill{12.307843873020353, 5.983694941648218})},
		{"TM model 5p FFA", RateTM, one(d, d, d, d, d), nil, Options{}, one(
			Skill{41.92287483597286, 4.958964145006544},
			Skill{33.46143741798643, 4.958964145006544},
			Skill{25, 4.958964145006544},
			Skill{16.53856258201357, 4.958964145006544},
			Skill{8.077125164027137, 4.958964145006544})},
		{"TM model 3 teams of 3, 1, 2", RateTM, [][]Skill{{d, d, d}, {d}, {d, d}}, nil, Options{}, [][]Skill{
			{{25.729796801442728, 8.153169236399172}, {25.729796801442728, 8.153169236399172}, {25.729796801442728, 8.153169236399172}},
			{{34.02513843037207, 7.757460494129447}},
			{{15.245064768185204, 7.372121080126496}, {15.245064768185204, 7.372121080126496}}}},
		{"TM model tie for second", RateTM, one(d, d, d, d, d), []int{1, 2, 2, 4, 5}, Options{}, one(
			Skill{41.92287483597286, 4.958964145006544},
			Skill{29.230718708993216, 4.270448833386869},
			Skill{29.230718708993216, 4.270448833386869},
			Skill{16.53856258201357, 4.958964145006544},
			Skill{8.077125164027137, 4.958964145006544})},
		{"TM rate tie for first by score", RateTM, one(d, d, d, d), RanksFromScores([]float64{100, 84, 100, 72}), rate, one(
			Skill{33.46194304822656, 5.426947616252378},
			Skill{20.76902847588672, 5.9839100819896975},
			Skill{33.46194304822656, 5.426947616252378},
			Skill{12.307085427660162, 5.9839100819896975})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := sameSkills(c.model(c.teams, c.ranks, c.opts), c.want, 1e-12); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// TestPLClosedForm checks the 1v1 between newcomers against the formulas
// worked by hand: c² = 2(σ² + β²), the winner's Ω = σ²/(2c) and
// Δ = (σ/c)·σ²/(4c²).
func TestPLClosedForm(t *testing.T) {
	d := DefaultSkill()
	s2 := d.Sigma * d.Sigma
	c := math.Sqrt(2 * (s2 + DefaultBeta*DefaultBeta))
	omega := s2 / (2 * c)
	delta := (d.Sigma / c) * s2 / (4 * c * c)
	sigma := d.Sigma * math.Sqrt(1-delta)
	got := RatePL([][]Skill{{d}, {d}}, nil, Options{})
	want := [][]Skill{{{25 + omega, sigma}}, {{25 - omega, sigma}}}
	if diff := sameSkills(got, want, 1e-12); diff != "" {
		t.Error(diff)
	}
	// The brief's rounded figures.
	if !near(got[0][0].Mu, 27.635, 0.0005) || !near(got[0][0].Sigma, 8.066, 0.0005) ||
		!near(got[1][0].Mu, 22.365, 0.0005) {
		t.Errorf("1v1 = %v", got)
	}
}

func TestWengLinBasics(t *testing.T) {
	d := DefaultSkill()
	if d != (Skill{25, 25.0 / 3}) {
		t.Errorf("DefaultSkill() = %+v", d)
	}
	if got := d.Ordinal(DefaultOrdinalK); !near(got, 0, 1e-12) {
		t.Errorf("Ordinal(3) of a newcomer = %v, want 0", got)
	}
	if got := (Skill{30, 2}).Ordinal(3); got != 24 {
		t.Errorf("Ordinal = %v, want 24", got)
	}
	if o := DefaultOptions(); o.Beta != 25.0/6 || o.Kappa != 0.0001 || o.Epsilon != 0.1 || o.Tau != 0 {
		t.Errorf("DefaultOptions() = %+v", o)
	}
	teams := [][]Skill{{{28, 7}, {22, 5}}, {{25, 8}}, {{19, 3}}}
	ranks := []int{2, 1, 3}
	for _, rate := range []rateFunc{RatePL, RateTM} {
		zero := rate(teams, ranks, Options{})
		full := rate(teams, ranks, DefaultOptions())
		if diff := sameSkills(zero, full, 0); diff != "" {
			t.Errorf("Options{} and DefaultOptions() differ: %s", diff)
		}
		// The result never aliases the input.
		zero[0][0].Mu = -1
		if teams[0][0].Mu != 28 {
			t.Fatal("the result aliases the input")
		}
		// One team alone changes nothing.
		solo := rate(teams[:1], nil, Options{Tau: 1})
		if diff := sameSkills(solo, teams[:1], 0); diff != "" {
			t.Errorf("solo game: %s", diff)
		}
	}
}

func TestRanksFromScores(t *testing.T) {
	got := RanksFromScores([]float64{100, 84, 100, 72, 84})
	want := []int{1, 3, 1, 5, 3}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RanksFromScores = %v, want %v", got, want)
	}
}

func TestRatePanics(t *testing.T) {
	d := DefaultSkill()
	for name, f := range map[string]func(){
		"ranks length": func() { RatePL([][]Skill{{d}, {d}}, []int{1}, Options{}) },
		"empty team":   func() { RateTM([][]Skill{{d}, {}}, nil, Options{}) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

// TestNormalTails checks the tail formulas against their neighbours on the
// direct side of the cutoff and against known limits.
func TestNormalTails(t *testing.T) {
	for _, z := range []float64{-34.999, -35.001} {
		if v := vWin(z, 0); !near(v, -z+1/(-z), 0.001) {
			t.Errorf("vWin(%v) = %v", z, v)
		}
	}
	if a, b := wWin(-34.9999, 0), wWin(-35.0001, 0); !near(a, b, 1e-6) || a <= 0.99 {
		t.Errorf("wWin across the cutoff: %v, %v", a, b)
	}
	if w := wWin(50, 0); w != 0 {
		t.Errorf("wWin(50) = %v, want 0", w)
	}
	if v := vDraw(0, 0.01); v != 0 {
		t.Errorf("vDraw(0) = %v, want 0", v)
	}
	if a, b := vDraw(3, 0.01), vDraw(-3, 0.01); a != -b || a >= 0 {
		t.Errorf("vDraw is not odd: %v, %v", a, b)
	}
	if w := wDraw(0, 0.0001); !near(w, 1, 1e-6) {
		t.Errorf("wDraw(0, small) = %v, want ≈ 1", w)
	}
	for _, x := range []float64{-1e6, -40, 40, 1e6} {
		for _, f := range []func(float64, float64) float64{vWin, wWin, vDraw, wDraw} {
			if y := f(x, 0.05); math.IsNaN(y) || math.IsInf(y, 0) {
				t.Errorf("non-finite value at x = %v", x)
			}
		}
	}
}
