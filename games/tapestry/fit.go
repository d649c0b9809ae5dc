package tapestry

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// FitWeights fits the projection's weights by ridge regression: the
// weights w minimising Σ (y − x·w)² + λ·n·Σ σⱼ² (wⱼ − dⱼ)², where the
// rows x are features (Features), y the VP the seat went on to score
// beyond the VP it held, n the number of rows, σⱼ feature j's standard
// deviation and d the hand-set defaults. λ = 0 is plain least squares;
// a larger λ keeps the weights nearer the defaults, and a feature that
// never varies keeps its default. The result depends on the rows alone,
// in order.
func FitWeights(x [][]float64, y []float64, lambda float64) ([]float64, error) {
	if len(x) != len(y) || len(x) == 0 {
		return nil, errors.New("tapestry: fit: no samples, or rows and targets differ")
	}
	const m = numFeatures
	n := float64(len(x))
	var mean, vr [m]float64
	for _, r := range x {
		if len(r) != m {
			return nil, fmt.Errorf("tapestry: fit: a row of %d features, want %d", len(r), m)
		}
		for j, v := range r {
			mean[j] += v / n
		}
	}
	for _, r := range x {
		for j, v := range r {
			vr[j] += (v - mean[j]) * (v - mean[j]) / n
		}
	}
	// The normal equations, augmented: A w = b.
	var a [m][m + 1]float64
	for i, r := range x {
		for j := range m {
			for k := range m {
				a[j][k] += r[j] * r[k]
			}
			a[j][m] += r[j] * y[i]
		}
	}
	for j := range m {
		pen := lambda * n * vr[j]
		if vr[j] == 0 {
			pen = 1 // a constant feature: keep the default
		}
		a[j][j] += pen
		a[j][m] += pen * defaultWeights[j]
	}
	// Gaussian elimination with partial pivoting.
	for c := range m {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, errors.New("tapestry: fit: singular system")
		}
		a[c], a[p] = a[p], a[c]
		for r := range m {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k <= m; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	w := make([]float64, m)
	for j := range m {
		w[j] = a[j][m] / a[j][j]
	}
	return w, nil
}

// WeightsJSON encodes w as a weights file (ParseWeights), recording how
// it was made.
func WeightsJSON(w []float64, how string, samples int) ([]byte, error) {
	if len(w) != numFeatures {
		return nil, fmt.Errorf("tapestry: weights: %d weights for %d features", len(w), numFeatures)
	}
	f := WeightsFile{How: how, Samples: samples, Weights: map[string]float64{}}
	for i, n := range FeatureNames {
		f.Weights[n] = math.Round(w[i]*1e4) / 1e4
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("tapestry: weights: %w", err)
	}
	return append(b, '\n'), nil
}
