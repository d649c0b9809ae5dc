package imaging

import (
	"math"
	"slices"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   int
		ticks  []float64
	}{
		{0, 10, 5, []float64{0, 2, 4, 6, 8, 10}},
		{1432.7, 1611.2, 6, []float64{1400, 1450, 1500, 1550, 1600, 1650}},
		{-3.2, 7.9, 6, []float64{-4, -2, 0, 2, 4, 6, 8}},
		{0.12, 0.31, 4, []float64{0.1, 0.15, 0.2, 0.25, 0.3, 0.35}},
		{25, 25, 5, []float64{23.5, 24, 24.5, 25, 25.5, 26, 26.5}},
		{0, 0, 4, []float64{-1, -0.5, 0, 0.5, 1}},
		{10, 0, 5, []float64{0, 2, 4, 6, 8, 10}},
	} {
		got := NiceTicks(tc.lo, tc.hi, tc.want)
		if len(got) != len(tc.ticks) {
			t.Errorf("NiceTicks(%v, %v, %d) = %v, want %v", tc.lo, tc.hi, tc.want, got, tc.ticks)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tc.ticks[i]) > 1e-9 {
				t.Errorf("NiceTicks(%v, %v, %d) = %v, want %v", tc.lo, tc.hi, tc.want, got, tc.ticks)
				break
			}
		}
		lo, hi := min(tc.lo, tc.hi), max(tc.lo, tc.hi)
		if got[0] > lo || got[len(got)-1] < hi {
			t.Errorf("NiceTicks(%v, %v) = %v does not span the range", tc.lo, tc.hi, got)
		}
	}
}

func TestXTicks(t *testing.T) {
	for _, tc := range []struct {
		n, limit int
		want     []int
	}{
		{0, 8, nil},
		{1, 8, []int{0}},
		{5, 8, []int{0, 1, 2, 3, 4}},
		{20, 8, []int{0, 3, 6, 9, 12, 15, 19}},
		{100, 8, []int{0, 15, 30, 45, 60, 75, 90, 99}},
		{3, 1, []int{0, 2}},
	} {
		got := XTicks(tc.n, tc.limit)
		if !slices.Equal(got, tc.want) {
			t.Errorf("XTicks(%d, %d) = %v, want %v", tc.n, tc.limit, got, tc.want)
		}
		if len(got) > max(tc.limit, 2) {
			t.Errorf("XTicks(%d, %d) gave %d labels", tc.n, tc.limit, len(got))
		}
	}
}

func TestLineChartRefusesNaN(t *testing.T) {
	if _, err := RenderLineChart(LineChart{Series: []Series{{Values: []float64{1, math.NaN()}}}}); err == nil {
		t.Fatal("a NaN value was drawn")
	}
	img, err := RenderLineChart(LineChart{Title: "nobody"})
	if err != nil || img.Bounds().Dx() != chartW {
		t.Fatalf("an empty chart: %v", err)
	}
}
