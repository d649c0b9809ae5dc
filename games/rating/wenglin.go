package rating

import (
	"fmt"
	"math"
	"slices"
)

// Weng–Lin defaults, as in OpenSkill.
const (
	// DefaultMu is the mean skill of a newcomer.
	DefaultMu = 25.0
	// DefaultSigma is the skill uncertainty of a newcomer, DefaultMu/3.
	DefaultSigma = DefaultMu / 3
	// DefaultBeta is the performance noise β, DefaultSigma/2.
	DefaultBeta = DefaultSigma / 2
	// DefaultKappa is κ, the floor on the factor by which one game may
	// shrink σ².
	DefaultKappa = 0.0001
	// DefaultEpsilon is the draw margin ε of the Thurstone–Mosteller model.
	DefaultEpsilon = 0.1
	// OpenSkillTau is the additive dynamics τ = DefaultMu/300 that
	// OpenSkill's rate function applies by default. Options leave τ at 0
	// unless it is set.
	OpenSkillTau = DefaultMu / 300
	// DefaultOrdinalK is the number of standard deviations subtracted by
	// the conservative leaderboard value μ − kσ.
	DefaultOrdinalK = 3.0
)

// Skill is one player's Weng–Lin rating: the mean Mu and the standard
// deviation Sigma of the belief about the player's skill.
type Skill struct {
	Mu    float64
	Sigma float64
}

// DefaultSkill returns the rating of a newcomer: μ = 25, σ = 25/3.
func DefaultSkill() Skill {
	return Skill{Mu: DefaultMu, Sigma: DefaultSigma}
}

// Ordinal returns the conservative value μ − k·σ; with k = DefaultOrdinalK
// (3) it is the leaderboard value.
func (s Skill) Ordinal(k float64) float64 {
	return s.Mu - k*s.Sigma
}

// Options are the parameters of a Weng–Lin update. A zero field selects its
// default, so Options{} is the OpenSkill model without additive dynamics.
type Options struct {
	// Beta is the performance noise β; 0 selects DefaultBeta.
	Beta float64
	// Kappa is κ, the floor on 1 − (σ_j²/σ_i²)·Δ_i; 0 selects
	// DefaultKappa.
	Kappa float64
	// Epsilon is the draw margin of the Thurstone–Mosteller model; 0
	// selects DefaultEpsilon. The Plackett–Luce model ignores it.
	Epsilon float64
	// Tau is the additive dynamics τ: every σ becomes sqrt(σ² + τ²)
	// before the game is rated, so that σ never freezes. 0 disables it;
	// OpenSkillTau reproduces OpenSkill's rate function.
	Tau float64
	// LimitSigma, when set, keeps every new σ at most the σ the player
	// had before the game, undoing any growth caused by Tau.
	LimitSigma bool
}

// DefaultOptions returns the Options with every default filled in.
func DefaultOptions() Options {
	return Options{Beta: DefaultBeta, Kappa: DefaultKappa, Epsilon: DefaultEpsilon}
}

func (o Options) withDefaults() Options {
	if !(o.Beta > 0) {
		o.Beta = DefaultBeta
	}
	if !(o.Kappa > 0) {
		o.Kappa = DefaultKappa
	}
	if !(o.Epsilon > 0) {
		o.Epsilon = DefaultEpsilon
	}
	if !(o.Tau > 0) {
		o.Tau = 0
	}
	return o
}

// RanksFromScores converts final scores (higher is better) to the ranks
// RatePL and RateTM take: 1 for the best score, equal scores sharing a rank.
func RanksFromScores(scores []float64) []int {
	ranks := make([]int, len(scores))
	for i, s := range scores {
		ranks[i] = 1
		for _, o := range scores {
			if o > s {
				ranks[i]++
			}
		}
	}
	return ranks
}

// team is the aggregate of one team in a game: the sum of its members' μ,
// the sum of their σ² and its finishing rank.
type team struct {
	mu, sigma2 float64
	rank       int
}

// game prepares a Weng–Lin update: it applies the additive dynamics to a
// copy of the players and aggregates every team.
type game struct {
	opts    Options
	players [][]Skill
	teams   []team
}

func newGame(teams [][]Skill, ranks []int, opts Options) game {
	if ranks != nil && len(ranks) != len(teams) {
		panic(fmt.Sprintf("rating: %d ranks for %d teams", len(ranks), len(teams)))
	}
	g := game{opts: opts.withDefaults()}
	tau2 := g.opts.Tau * g.opts.Tau
	g.players = make([][]Skill, len(teams))
	g.teams = make([]team, len(teams))
	for i, members := range teams {
		if len(members) == 0 {
			panic(fmt.Sprintf("rating: team %d has no players", i))
		}
		g.players[i] = make([]Skill, len(members))
		for j, s := range members {
			if tau2 > 0 {
				s.Sigma = math.Sqrt(s.Sigma*s.Sigma + tau2)
			}
			g.players[i][j] = s
			g.teams[i].mu += s.Mu
			g.teams[i].sigma2 += s.Sigma * s.Sigma
		}
		g.teams[i].rank = i + 1
		if ranks != nil {
			g.teams[i].rank = ranks[i]
		}
	}
	return g
}

// apply shares team i's mean shift Ω and variance factor Δ among its
// members in proportion to their σ²: μ_j += (σ_j²/σ_i²)·Ω and
// σ_j *= sqrt(max(1 − (σ_j²/σ_i²)·Δ, κ)).
func (g game) apply(orig [][]Skill, i int, omega, delta float64) []Skill {
	out := make([]Skill, len(g.players[i]))
	for j, s := range g.players[i] {
		share := 0.0
		if g.teams[i].sigma2 > 0 {
			share = s.Sigma * s.Sigma / g.teams[i].sigma2
		}
		s.Mu += share * omega
		s.Sigma *= math.Sqrt(math.Max(1-share*delta, g.opts.Kappa))
		if g.opts.LimitSigma {
			s.Sigma = math.Min(s.Sigma, orig[i][j].Sigma)
		}
		out[j] = s
	}
	return out
}

// unchanged returns a copy of teams, the result of a game with fewer than
// two teams.
func unchanged(teams [][]Skill) [][]Skill {
	out := make([][]Skill, len(teams))
	for i, t := range teams {
		out[i] = slices.Clone(t)
	}
	return out
}

// RatePL rates one game under the Plackett–Luce model of Weng and Lin
// (their Algorithm 4, with OpenSkill's choices): teams[i] are the players of
// team i and ranks[i] its finishing place, where a lower rank is better and
// equal ranks are ties. A nil ranks means the teams are listed from first to
// last. The result has the shape of teams and never aliases it. A game of
// fewer than two teams changes nothing. RatePL panics if ranks has the wrong
// length or a team is empty.
//
// With c² = Σ_q (σ_q² + β²) over teams and e_q = exp(μ_q/c), the model
// gives team i the probability e_i/S_q of winning among the teams ranked
// at or below q, S_q = Σ_{s: r_s ≥ r_q} e_s. Team i's update sums, over
// every q ranked at or above it, (1[q = i] − e_i/S_q)/A_q into Ω and
// (e_i/S_q)(1 − e_i/S_q)/A_q into Δ, where A_q is the number of teams tied
// with q. Then Ω_i = σ_i²/c · Ω and Δ_i = γ_i · σ_i²/c² · Δ with
// γ_i = σ_i/c.
func RatePL(teams [][]Skill, ranks []int, opts Options) [][]Skill {
	if len(teams) < 2 {
		return unchanged(teams)
	}
	g := newGame(teams, ranks, opts)
	ts := g.teams
	beta2 := g.opts.Beta * g.opts.Beta
	var c2 float64
	for _, t := range ts {
		c2 += t.sigma2 + beta2
	}
	c := math.Sqrt(c2)
	// S_q is kept relative to the largest μ among the teams it sums, so
	// that every exp(μ/c) the update divides is finite and the divisor
	// is at least 1: only the ratios e_i/S_q enter the update.
	top := make([]float64, len(ts))
	sumQ := make([]float64, len(ts))
	tied := make([]float64, len(ts))
	for q, tq := range ts {
		top[q] = math.Inf(-1)
		for _, t := range ts {
			if t.rank >= tq.rank {
				top[q] = math.Max(top[q], t.mu)
			}
			if t.rank == tq.rank {
				tied[q]++
			}
		}
		for _, t := range ts {
			if t.rank >= tq.rank {
				sumQ[q] += math.Exp((t.mu - top[q]) / c)
			}
		}
	}
	out := make([][]Skill, len(ts))
	for i, ti := range ts {
		var omega, delta float64
		for q, tq := range ts {
			if tq.rank > ti.rank {
				continue
			}
			p := math.Exp((ti.mu-top[q])/c) / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		gamma := math.Sqrt(ti.sigma2) / c
		out[i] = g.apply(teams, i, omega*ti.sigma2/c, gamma*delta*ti.sigma2/c2)
	}
	return out
}

// RateTM rates one game under the Thurstone–Mosteller model with full
// pairing (Weng and Lin's Algorithm 3 with a Gaussian performance model):
// every pair of teams is compared as a separate win, loss or draw. Arguments,
// result and panics are as for RatePL.
//
// For teams i and q, c_iq² = σ_i² + σ_q² + 2β², x = (μ_i − μ_q)/c_iq and
// t = ε/c_iq. A win of i adds σ_i²/c_iq · v(x, t) to Ω_i and
// γ·σ_i²/c_iq² · w(x, t) to Δ_i, a loss the mirror terms with −x, and a draw
// the truncated-normal terms for |performance difference| < t. Here
// γ = σ_i/c_iq.
func RateTM(teams [][]Skill, ranks []int, opts Options) [][]Skill {
	if len(teams) < 2 {
		return unchanged(teams)
	}
	g := newGame(teams, ranks, opts)
	ts := g.teams
	twoBeta2 := 2 * g.opts.Beta * g.opts.Beta
	out := make([][]Skill, len(ts))
	for i, ti := range ts {
		var omega, delta float64
		for q, tq := range ts {
			if q == i {
				continue
			}
			ciq := math.Sqrt(ti.sigma2 + tq.sigma2 + twoBeta2)
			x := (ti.mu - tq.mu) / ciq
			t := g.opts.Epsilon / ciq
			gamma := math.Sqrt(ti.sigma2) / ciq
			switch {
			case tq.rank == ti.rank:
				omega += ti.sigma2 / ciq * vDraw(x, t)
				delta += gamma * ti.sigma2 / (ciq * ciq) * wDraw(x, t)
			case tq.rank > ti.rank:
				omega += ti.sigma2 / ciq * vWin(x, t)
				delta += gamma * ti.sigma2 / (ciq * ciq) * wWin(x, t)
			default:
				omega -= ti.sigma2 / ciq * vWin(-x, t)
				delta += gamma * ti.sigma2 / (ciq * ciq) * wWin(-x, t)
			}
		}
		out[i] = g.apply(teams, i, omega, delta)
	}
	return out
}
