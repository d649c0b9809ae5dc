package imaging

import (
	"image"
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

func sampleBoard() Board {
	return Board{Title: "Warp and Weft leaderboard", Subtitle: "Page 1 of 2 · 7 players · rating = Glicko-2 rating − 2·RD",
		Rows: []BoardRow{
			{Rank: 1, Name: "alice", Rating: 1612.4, Games: 41, Wins: 30},
			{Rank: 2, Name: "bob the very patient weaver of long names", Rating: 1540, Games: 38, Wins: 21},
			{Rank: 3, Name: "carol", Rating: 1488.9, Games: 12, Wins: 7, Mark: true},
			{Rank: 4, Name: "dmitri", Rating: 1201, Games: 3, Wins: 1},
			{Rank: 5, Name: "eve", Rating: -14, Games: 1, Wins: 0},
		}}
}

func sampleChart() LineChart {
	cons := []float64{800, 905, 980, 1050, 1010, 1120, 1180, 1160, 1230, 1275, 1262, 1310}
	mean := make([]float64, len(cons))
	for i, v := range cons {
		mean[i] = v + 700 - 35*float64(i)
	}
	return LineChart{Title: "alice — Warp and Weft", Subtitle: "12 games · 8 wins · rating 1310 (1537 ± 113)",
		XLabel: "game", Series: []Series{{Label: "Rating − 2·RD", Values: cons}, {Label: "Rating", Values: mean, Thin: true}}}
}

func chartGoldens(t *testing.T) []Golden {
	long := sampleChart()
	long.Series[0].Values = nil
	for i := range 150 {
		long.Series[0].Values = append(long.Series[0].Values, 20*math.Sin(float64(i)/9)+float64(i)*0.1)
	}
	long.Series = long.Series[:1]
	return []Golden{
		{"chart_board", func() (image.Image, error) { return RenderBoard(sampleBoard()) }},
		{"chart_board_empty", func() (image.Image, error) { return RenderBoard(Board{Title: "All games leaderboard"}) }},
		{"chart_line", func() (image.Image, error) { return RenderLineChart(sampleChart()) }},
		{"chart_line_long", func() (image.Image, error) { return RenderLineChart(long) }},
		{"chart_line_one", func() (image.Image, error) {
			return RenderLineChart(LineChart{Title: "bob — all games", Series: []Series{{Label: "μ − 3σ", Values: []float64{1.3}}}})
		}},
	}
}

func TestGoldenCharts(t *testing.T) {
	for _, tc := range chartGoldens(t) {
		t.Run(tc.Name, func(t *testing.T) {
			img, err := tc.Draw()
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() > 1600 || b.Dy() > 1400 {
				t.Errorf("image is %v, larger than the layout limits", b.Size())
			}
			CheckGolden(t, tc.Name, img)
		})
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
