package rating

import "math"

// Glicko-2 constants.
const (
	// Glicko2Scale converts between the display scale and the internal
	// scale: μ = (r − Glicko2Base)/Glicko2Scale and φ = RD/Glicko2Scale.
	Glicko2Scale = 173.7178
	// Glicko2Base is the display rating of a newcomer, μ = 0.
	Glicko2Base = 1500.0
	// Glicko2MaxRD is the RD of a newcomer and the cap on every RD.
	Glicko2MaxRD = 350.0
	// Glicko2Vol is the volatility σ of a newcomer.
	Glicko2Vol = 0.06
	// DefaultTau is the system constant τ used when Update is given none.
	DefaultTau = 0.5

	// glicko2Epsilon is the convergence tolerance of the volatility
	// search.
	glicko2Epsilon = 0.000001
	// glicko2MaxIter bounds the volatility root search. The Illinois
	// iteration converges in well under a hundred steps for every finite
	// input; the bound only guards against non-finite data.
	glicko2MaxIter = 200
)

// Glicko2 is one player's Glicko-2 rating on the display scale: Rating is
// the mean (1500 for a newcomer), RD the rating deviation and Vol the
// volatility σ.
type Glicko2 struct {
	Rating float64
	RD     float64
	Vol    float64
}

// Result2 is the outcome of one game against Opponent, as seen by the rated
// player: Score is 1 for a win, 0.5 for a draw and 0 for a loss. Opponent
// is the opponent's rating at the start of the rating period.
type Result2 struct {
	Opponent Glicko2
	Score    float64
}

// DefaultGlicko2 returns the rating of a newcomer: 1500, RD 350 and
// volatility 0.06.
func DefaultGlicko2() Glicko2 {
	return Glicko2{Rating: Glicko2Base, RD: Glicko2MaxRD, Vol: Glicko2Vol}
}

// Lower returns the conservative display value Rating − 2·RD, a value the
// player's true strength exceeds with roughly 97.5% confidence.
func (p Glicko2) Lower() float64 {
	return p.Rating - 2*p.RD
}

// Expected returns the Glicko-2 expected score of p against o: the
// probability that p wins, counting a draw as half a win. Only the
// opponent's RD enters, as in the update formulas.
func (p Glicko2) Expected(o Glicko2) float64 {
	x := glickoG(o.RD/Glicko2Scale) * (p.Rating - o.Rating) / Glicko2Scale
	return logistic(x)
}

// Idle returns the rating after the given number of rating periods without
// games: only the deviation grows, φ′ = sqrt(φ² + n·σ²), capped at
// Glicko2MaxRD. Rating and volatility are unchanged; periods ≤ 0 return p.
func (p Glicko2) Idle(periods int) Glicko2 {
	if periods <= 0 {
		return p
	}
	phi := p.RD / Glicko2Scale
	phi2 := phi*phi + float64(periods)*p.Vol*p.Vol
	p.RD = math.Min(Glicko2Scale*math.Sqrt(phi2), Glicko2MaxRD)
	return p
}

// Update returns the rating after one rating period in which p played the
// given games, following Glickman's step-by-step Glicko-2 algorithm. tau is
// the system constant τ that limits how fast the volatility moves; a
// non-positive or NaN tau selects DefaultTau. With no results Update is
// Idle(1). Every opponent is taken at its rating from the start of the
// period, so all players of a period should be updated from the same
// snapshot. The new RD is capped at Glicko2MaxRD, and the capped value is
// the one that scales the rating change.
func (p Glicko2) Update(results []Result2, tau float64) Glicko2 {
	if len(results) == 0 {
		return p.Idle(1)
	}
	if !(tau > 0) {
		tau = DefaultTau
	}
	st := glicko2Step(p, results, tau)
	return Glicko2{
		Rating: p.Rating + Glicko2Scale*(st.muNew-st.mu),
		RD:     Glicko2Scale * st.phiNew,
		Vol:    st.sigmaNew,
	}
}

// glicko2Steps holds the intermediate quantities of one update, named as in
// Glickman's example, so that tests can check each printed step.
type glicko2Steps struct {
	mu, phi  float64
	g, e     []float64
	v, delta float64
	sigmaNew float64
	phiStar  float64
	phiNew   float64
	muNew    float64
}

// glicko2Step runs steps 2 to 7 of the algorithm on the internal scale.
func glicko2Step(p Glicko2, results []Result2, tau float64) glicko2Steps {
	st := glicko2Steps{
		mu:  (p.Rating - Glicko2Base) / Glicko2Scale,
		phi: p.RD / Glicko2Scale,
		g:   make([]float64, len(results)),
		e:   make([]float64, len(results)),
	}
	// Step 3 and 4: the estimated variance v from the game outcomes alone
	// and the estimated improvement Δ = v·Σ g(φ_j)(s_j − E_j).
	var invV, sum float64
	for j, r := range results {
		muJ := (r.Opponent.Rating - Glicko2Base) / Glicko2Scale
		g := glickoG(r.Opponent.RD / Glicko2Scale)
		x := g * (st.mu - muJ)
		e := logistic(x)
		// E(1 − E) and s − E are evaluated without cancellation so that a
		// near-certain result against a distant opponent stays finite.
		invV += g * g * logisticVar(x)
		sum += g * scoreMinusExpected(r.Score, x)
		st.g[j], st.e[j] = g, e
	}
	st.v = 1 / invV
	st.delta = st.v * sum

	// Step 5: the new volatility σ′ by the Illinois root search.
	st.sigmaNew = glicko2Volatility(st.phi, p.Vol, st.v, st.delta, tau)

	// Step 6 and 7: pre-period deviation, new deviation and new mean.
	st.phiStar = math.Sqrt(st.phi*st.phi + st.sigmaNew*st.sigmaNew)
	st.phiNew = 1 / math.Sqrt(1/(st.phiStar*st.phiStar)+invV)
	// Guard, not in the paper: the deviation is capped before it scales the
	// mean shift, so that a pathological upset cannot move the rating by
	// more than the cap allows. The paper's example is far below the cap.
	st.phiNew = math.Min(st.phiNew, Glicko2MaxRD/Glicko2Scale)
	st.muNew = st.mu + st.phiNew*st.phiNew*sum
	return st
}

// glicko2Volatility solves f(x) = 0 for x = ln σ′² with
// f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ², a = ln σ²,
// by the Illinois variant of regula falsi with tolerance ε = 0.000001.
func glicko2Volatility(phi, sigma, v, delta, tau float64) float64 {
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		sigma = Glicko2Vol
	}
	a := math.Log(sigma * sigma)
	d2 := delta * delta
	p2 := phi * phi
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := p2 + v + ex
		return ex*(d2-p2-v-ex)/(2*den*den) - (x-a)/(tau*tau)
	}
	// Bracket the root: A = a, and B from Δ² relative to φ² + v.
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		k := 1.0
		for i := 0; f(a-k*tau) < 0 && i < glicko2MaxIter; i++ {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glicko2Epsilon && i < glicko2MaxIter; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	s := math.Exp(A / 2)
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return sigma
	}
	return s
}

// glickoG is g(φ) = 1/sqrt(1 + 3φ²/π²), which discounts a result by the
// uncertainty of the opponent's rating.
func glickoG(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// logistic is 1/(1 + e^(−x)), evaluated without overflow.
func logistic(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	ex := math.Exp(x)
	return ex / (1 + ex)
}

// logisticVar is logistic(x)·(1 − logistic(x)) = e^(−|x|)/(1 + e^(−|x|))²,
// with a tiny floor so that the reciprocal stays finite.
func logisticVar(x float64) float64 {
	ex := math.Exp(-math.Abs(x))
	return math.Max(ex/((1+ex)*(1+ex)), 1e-300)
}

// scoreMinusExpected returns s − logistic(x), computing the complement
// 1 − logistic(x) = logistic(−x) directly for the frequent s = 1 case.
func scoreMinusExpected(s, x float64) float64 {
	if s == 1 {
		return logistic(-x)
	}
	return s - logistic(x)
}
