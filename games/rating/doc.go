// Package rating holds the rating mathematics of Spindle: Glicko-2 for
// two-player games and the Weng–Lin Bayesian approximation for multiplayer
// and team games. Both are implemented here from the published
// definitions; the package imports only the standard library.
//
// # Which system for what
//
// Glicko-2 rates two-player games: each player's period of games is turned
// into one update against the opponents' ratings at the start of the
// period. Weng–Lin rates any game that ends in an order of finish: free for
// alls of up to 16 seats, team games and ties. RatePL (Plackett–Luce) is
// the default multiplayer model; RateTM (Thurstone–Mosteller full pairing)
// is the alternative that compares every pair of teams separately.
//
// Leaderboards show a conservative value, one the player's true strength
// very probably exceeds, so that a newcomer does not top the board after a
// lucky game: Glicko2.Lower, Rating − 2·RD, for Glicko-2, and
// Skill.Ordinal(DefaultOrdinalK), μ − 3σ, for Weng–Lin.
//
// # Glicko-2
//
// Source: Mark E. Glickman, "Example of the Glicko-2 system". A player is
// a rating r, a rating deviation RD (the uncertainty of r) and a
// volatility σ (how erratic the player's results are). A newcomer is
// 1500, 350, 0.06. One update, for a period of games:
//
//   - Rescale: μ = (r − 1500)/173.7178, φ = RD/173.7178, the same for each
//     opponent j.
//   - Each game against j has weight g(φ_j) = 1/sqrt(1 + 3φ_j²/π²) and
//     expected score E_j = 1/(1 + exp(−g(φ_j)(μ − μ_j))).
//   - The estimated variance of the player's strength from the games alone
//     is v = 1/Σ g(φ_j)²E_j(1 − E_j); the estimated improvement is
//     Δ = v·Σ g(φ_j)(s_j − E_j), s_j being the score 1, ½ or 0.
//   - The new volatility σ′ = exp(x/2) solves f(x) = 0 for
//     f(x) = eˣ(Δ² − φ² − v − eˣ)/(2(φ² + v + eˣ)²) − (x − ln σ²)/τ², found
//     by the Illinois variant of regula falsi to ε = 0.000001. The system
//     constant τ (DefaultTau, 0.5) limits how fast σ moves; Glickman
//     suggests values between 0.3 and 1.2.
//   - The deviation first grows by the volatility, φ* = sqrt(φ² + σ′²),
//     then the games narrow it: φ′ = 1/sqrt(1/φ*² + 1/v). The mean moves by
//     μ′ − μ = φ′²·Σ g(φ_j)(s_j − E_j).
//   - Back to the display scale: r′ = r + 173.7178(μ′ − μ),
//     RD′ = 173.7178·φ′.
//
// A player with no games in a period only gets φ′ = sqrt(φ² + σ²)
// (Glicko2.Idle, also what Update does with no results). RD is capped at
// 350 both when idle and after games; in the update the capped φ′ is the
// one that scales the mean shift. The cap never binds in realistic play.
// Because every update widens φ to φ* before the games narrow it, a player
// whose RD is already small can end a short period with a slightly larger
// RD (with σ = 0.06, one game against an equal opponent raises RD 40 to
// about 41 and leaves RD 60 unchanged): Glicko-2 keeps such players at a
// steady-state uncertainty rather than letting RD go to zero. The games
// themselves never widen it: φ′ ≤ φ*.
//
// # Weng–Lin
//
// Source: Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method
// for Online Ranking", JMLR 12 (2011), with the choices of OpenSkill. A
// player is a normal belief N(μ, σ²) about its skill; a newcomer is
// μ = 25, σ = 25/3. A team's μ is the sum of its members' μ and its σ²
// the sum of their σ². The outcome of a game is a rank per team, lower
// being better and equal ranks being ties.
//
// Each team i gets a mean shift Ω_i and a variance factor Δ_i, shared
// among its members in proportion to their share of the team variance:
// μ_j += (σ_j²/σ_i²)·Ω_i and σ_j *= sqrt(max(1 − (σ_j²/σ_i²)·Δ_i, κ)).
// The floor κ (DefaultKappa, 0.0001) keeps σ positive.
//
// Plackett–Luce (Weng and Lin's Algorithm 4): with c² = Σ_q (σ_q² + β²)
// over the teams, team i's strength is exp(μ_i/c) and the chance that i
// places first among a set of teams is its share of their total strength.
// With S_q the total strength of the teams ranked at or below q and A_q
// the number of teams sharing q's rank, team i sums over every team q
// ranked at or above it
//
//	Ω += (1[q = i] − exp(μ_i/c)/S_q)/A_q
//	Δ += (exp(μ_i/c)/S_q)(1 − exp(μ_i/c)/S_q)/A_q
//
// and then Ω_i = (σ_i²/c)·Ω and Δ_i = γ_i·(σ_i²/c²)·Δ.
//
// Thurstone–Mosteller full pairing (Algorithm 3 with Gaussian
// performances): each pair i, q is a separate comparison with
// c_iq² = σ_i² + σ_q² + 2β², x = (μ_i − μ_q)/c_iq and draw margin
// t = ε/c_iq. A win adds (σ_i²/c_iq)·v(x, t) to Ω_i and
// γ·(σ_i²/c_iq²)·w(x, t) to Δ_i, where v(x, t) = φ(x − t)/Φ(x − t) and
// w = v(v + x − t); a loss adds the mirror terms at −x; a draw adds the
// mean shift and variance reduction of a normal truncated to |d| < t.
//
// The factor γ keeps the variance update from overshooting. The paper
// leaves it open; like OpenSkill we use γ_i = σ_i/c for Plackett–Luce and
// γ = σ_i/c_iq for Thurstone–Mosteller, σ_i being the team's standard
// deviation sqrt(σ_i²).
//
// Parameters and defaults (Options; a zero field selects the default):
// β = σ₀/2 = 25/6, the performance noise; κ = 0.0001; ε = 0.1, the draw
// margin of Thurstone–Mosteller; τ = 0, the additive dynamics. With τ > 0
// every σ becomes sqrt(σ² + τ²) before the game, which stops σ freezing
// after many games; OpenSkill's rate function uses τ = 25/300
// (OpenSkillTau). LimitSigma then keeps the new σ at most the old one.
//
// Properties worth knowing: without τ, σ never grows; among players of
// equal σ in equal-size teams the total μ is conserved; a draw between
// equals moves no μ. With ties, Plackett–Luce credits each tied team 1/A
// of a place, so among equal players a team finishing alone just behind a
// large tie group can gain more than the tied teams ahead of it
// (TestPLTieGroupQuirk); Thurstone–Mosteller does not do this.
//
// The test suite reproduces Glickman's worked example and the published
// openskill.js results for both models to 1e-12.
package rating
