package tapestry

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFitWeightsRecovers: on rows made from known weights, a fit without
// shrinkage finds them, a strong one stays at the defaults, and a
// feature that never varies keeps its default.
func TestFitWeightsRecovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var want [numFeatures]float64
	for j := range want {
		want[j] = float64(j%7) - 2
	}
	var x [][]float64
	var y []float64
	for range 400 {
		r := make([]float64, numFeatures)
		v := 0.0
		for j := range r {
			if j != fLandmarks {
				r[j] = rng.Float64() * 10
			}
			v += want[j] * r[j]
		}
		x = append(x, r)
		y = append(y, v)
	}
	w, err := FitWeights(x, y, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if j == fLandmarks {
			if w[j] != defaultWeights[j] {
				t.Errorf("the constant feature %s got %.3f, want its default %.3f", FeatureNames[j], w[j], defaultWeights[j])
			}
			continue
		}
		if math.Abs(w[j]-want[j]) > 1e-6 {
			t.Errorf("%s: fitted %.6f, want %.6f", FeatureNames[j], w[j], want[j])
		}
	}
	w, err = FitWeights(x, y, 1e9)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(w[j]-defaultWeights[j]) > 1e-3 {
			t.Errorf("%s: strongly shrunk fit %.4f, want the default %.4f", FeatureNames[j], w[j], defaultWeights[j])
		}
	}
	if _, err := FitWeights(nil, nil, 0); err == nil {
		t.Error("a fit of no rows succeeded")
	}
}

// TestWeightsRoundTrip: a weights file written by WeightsJSON parses back
// to its weights, and one missing a weight is refused.
func TestWeightsRoundTrip(t *testing.T) {
	b, err := WeightsJSON(defaultWeights[:], "test", 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights(b)
	if err != nil {
		t.Fatal(err)
	}
	if w != defaultWeights {
		t.Errorf("round trip gives %v, want %v", w, defaultWeights)
	}
	if _, err := ParseWeights([]byte(`{"weights":{"score":1}}`)); err == nil {
		t.Error("a file with one weight parsed")
	}
}
