package imaging_test

import (
	"image"
	"math"
	"testing"

	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

func sampleBoard() imaging.Board {
	return imaging.Board{Title: "Warp and Weft leaderboard", Subtitle: "Page 1 of 2 · 7 players · rating = Glicko-2 rating − 2·RD",
		Rows: []imaging.BoardRow{
			{Rank: 1, Name: "alice", Rating: 1612.4, Games: 41, Wins: 30},
			{Rank: 2, Name: "bob the very patient weaver of long names", Rating: 1540, Games: 38, Wins: 21},
			{Rank: 3, Name: "carol", Rating: 1488.9, Games: 12, Wins: 7, Mark: true},
			{Rank: 4, Name: "dmitri", Rating: 1201, Games: 3, Wins: 1},
			{Rank: 5, Name: "eve", Rating: -14, Games: 1, Wins: 0},
		}}
}

func sampleChart() imaging.LineChart {
	cons := []float64{800, 905, 980, 1050, 1010, 1120, 1180, 1160, 1230, 1275, 1262, 1310}
	mean := make([]float64, len(cons))
	for i, v := range cons {
		mean[i] = v + 700 - 35*float64(i)
	}
	return imaging.LineChart{Title: "alice — Warp and Weft", Subtitle: "12 games · 8 wins · rating 1310 (1537 ± 113)",
		XLabel: "game", Series: []imaging.Series{{Label: "Rating − 2·RD", Values: cons}, {Label: "Rating", Values: mean, Thin: true}}}
}

func chartGoldens(t *testing.T) []imagingtest.Golden {
	long := sampleChart()
	long.Series[0].Values = nil
	for i := range 150 {
		long.Series[0].Values = append(long.Series[0].Values, 20*math.Sin(float64(i)/9)+float64(i)*0.1)
	}
	long.Series = long.Series[:1]
	return []imagingtest.Golden{
		{Name: "chart_board", Draw: func() (image.Image, error) { return imaging.RenderBoard(sampleBoard()) }},
		{Name: "chart_board_empty", Draw: func() (image.Image, error) { return imaging.RenderBoard(imaging.Board{Title: "All games leaderboard"}) }},
		{Name: "chart_line", Draw: func() (image.Image, error) { return imaging.RenderLineChart(sampleChart()) }},
		{Name: "chart_line_long", Draw: func() (image.Image, error) { return imaging.RenderLineChart(long) }},
		{Name: "chart_line_one", Draw: func() (image.Image, error) {
			return imaging.RenderLineChart(imaging.LineChart{Title: "bob — all games", Series: []imaging.Series{{Label: "μ − 3σ", Values: []float64{1.3}}}})
		}},
	}
}

func TestGoldenCharts(t *testing.T) {
	imagingtest.CheckGoldens(t, chartGoldens(t), nil)
}

// TestChartsReadable holds the charts to the house rules of a picture.
func TestChartsReadable(t *testing.T) {
	imagingtest.CheckPictures(t, chartGoldens(t), imagingtest.Known{})
}
