package rating

import "math"

// Standard normal helpers for the Thurstone–Mosteller model. Each is
// written so that arguments far in a tail give finite, accurate values:
// ratios of tiny densities are replaced by their asymptotic series before
// the densities underflow.

// tailCutoff is the point below which Φ(z) and φ(z) are replaced by the
// asymptotic series of the Mills ratio. At z = −35 the omitted series term
// is below 1e-10 relative, and both functions are still far from underflow.
const tailCutoff = -35.0

// normPDF is the standard normal density φ(z).
func normPDF(z float64) float64 {
	return math.Exp(-z*z/2) / math.Sqrt(2*math.Pi)
}

// normCDF is the standard normal distribution function Φ(z), accurate in
// the lower tail.
func normCDF(z float64) float64 {
	return 0.5 * math.Erfc(-z/math.Sqrt2)
}

// millsSeries returns, for u = −z ≥ 35, R = Φ(z)/φ(z) ≈ (1/u)(1 − 1/u² +
// 3/u⁴ − 15/u⁶) and 1 − u·R, the latter without cancellation.
func millsSeries(u float64) (r, oneMinusUR float64) {
	u2 := u * u
	oneMinusUR = 1/u2 - 3/(u2*u2) + 15/(u2*u2*u2)
	return (1 - oneMinusUR) / u, oneMinusUR
}

// vWin is the additive correction v(x, t) = φ(x − t)/Φ(x − t) for a win
// with performance difference x and draw margin t.
func vWin(x, t float64) float64 {
	z := x - t
	if z < tailCutoff {
		r, _ := millsSeries(-z)
		return 1 / r
	}
	return normPDF(z) / normCDF(z)
}

// wWin is the multiplicative correction w(x, t) = v(x, t)·(v(x, t) + x − t)
// for a win; it lies in [0, 1].
func wWin(x, t float64) float64 {
	z := x - t
	var w float64
	if z < tailCutoff {
		r, m := millsSeries(-z)
		w = m / (r * r)
	} else {
		v := normPDF(z) / normCDF(z)
		w = v * (v + z)
	}
	return clamp01(w)
}

// vDraw is the additive correction for a draw,
// (φ(−t − x) − φ(t − x)) / (Φ(t − x) − Φ(−t − x)): the shift of the mean of
// N(x, 1) truncated to [−t, t]. It is odd in x.
func vDraw(x, t float64) float64 {
	a := math.Abs(x)
	den := normCDF(t-a) - normCDF(-t-a)
	var v float64
	if a-t > -tailCutoff || !(den > 0) {
		// The truncated mass sits at the bound nearest to x.
		v = t - a
	} else {
		v = (normPDF(t+a) - normPDF(t-a)) / den
	}
	if x < 0 {
		return -v
	}
	return v
}

// wDraw is the multiplicative correction for a draw, one minus the variance
// of N(x, 1) truncated to [−t, t]:
// v² + ((t − x)φ(t − x) + (t + x)φ(t + x)) / (Φ(t − x) − Φ(−t − x)).
// It is even in x and lies in [0, 1].
func wDraw(x, t float64) float64 {
	a := math.Abs(x)
	den := normCDF(t-a) - normCDF(-t-a)
	if a-t > -tailCutoff || !(den > 0) {
		return 1
	}
	v := (normPDF(t+a) - normPDF(t-a)) / den
	w := v*v + ((t-a)*normPDF(t-a)+(t+a)*normPDF(t+a))/den
	return clamp01(w)
}

// clamp01 limits w to [0, 1], mapping NaN to 0.
func clamp01(w float64) float64 {
	switch {
	case w > 1:
		return 1
	case w > 0:
		return w
	default:
		return 0
	}
}
