package imaging

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"spindle/games"
)

// benchmarkPNG measures what the bot pays for one picture: RenderPNG, the
// render and the encoding through the render pool, with the PNG size and
// the 99th percentile of the time per picture reported as metrics.
func benchmarkPNG(b *testing.B, k Kind, v any, opt Options) {
	b.ReportAllocs()
	var n int
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		p, err := RenderPNG(k, v, opt)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		n = len(p)
	}
	b.ReportMetric(float64(n), "png-bytes")
	b.ReportMetric(p99(times).Seconds()*1000, "p99-ms")
}

// p99 is the 99th percentile of the durations (the largest of fewer than
// a hundred).
func p99(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)*99+99)/100-1]
}

func BenchmarkWarpWeftTable(b *testing.B)   { benchmarkPNG(b, Table, ex8(), Options{}) }
func BenchmarkWarpWeftPanel(b *testing.B)   { benchmarkPNG(b, Panel, ex8Panel(), Options{}) }
func BenchmarkWarpWeftScoring(b *testing.B) { benchmarkPNG(b, Scoring, ex8(), Options{}) }

func BenchmarkStitchcraftTable(b *testing.B)     { benchmarkPNG(b, Table, scCrowd(), Options{}) }
func BenchmarkStitchcraftPanel(b *testing.B)     { benchmarkPNG(b, Panel, scPanel(), Options{}) }
func BenchmarkStitchcraftReference(b *testing.B) { benchmarkPNG(b, Scoring, scCrowd(), Options{}) }

func BenchmarkThreadcountTable(b *testing.B) {
	benchmarkPNG(b, Table, rtView(rtMidGame(), games.Spectator), rtNames)
}

func BenchmarkThreadcountPanel(b *testing.B) {
	benchmarkPNG(b, Panel, rtView(rtMidGame(), 2), rtNames)
}

func BenchmarkThreadcountScoring(b *testing.B) {
	benchmarkPNG(b, Scoring, rtView(rtEnd(), games.Spectator), rtNames)
}

func BenchmarkArchravelsTable(b *testing.B) { benchmarkPNG(b, Table, arFour(b), arNamesOpt) }

func BenchmarkArchravelsPanel(b *testing.B) {
	v := arFour(b)
	v.Viewer = 1
	benchmarkPNG(b, Panel, v, arNamesOpt)
}

func BenchmarkArchravelsScoring(b *testing.B) { benchmarkPNG(b, Scoring, arEnd(b), arNamesOpt) }

func BenchmarkTapestryTable(b *testing.B)      { benchmarkPNG(b, Table, tpFive(b), tpNamesOpt) }
func BenchmarkTapestryTableSmall(b *testing.B) { benchmarkPNG(b, Table, tpMid(b), tpNamesOpt) }
func BenchmarkTapestryPlayers(b *testing.B)    { benchmarkPNG(b, Players, tpFive(b), tpNamesOpt) }
func BenchmarkTapestryPanel(b *testing.B)      { benchmarkPNG(b, Panel, tpRotPanel(b), tpNamesOpt) }
func BenchmarkTapestryPanelHexes(b *testing.B) { benchmarkPNG(b, Panel, tpHexPanel(b), tpNamesOpt) }
func BenchmarkTapestryPanelPlots(b *testing.B) { benchmarkPNG(b, Panel, tpBuildPanel(b), tpNamesOpt) }
func BenchmarkTapestryScoring(b *testing.B)    { benchmarkPNG(b, Scoring, tpEnd(b), tpNamesOpt) }

// BenchmarkEncode measures the PNG encoding alone, on the densest table
// picture, against the standard library's encoder at its best speed.
func BenchmarkEncode(b *testing.B) {
	img, err := RenderWith(Table, arFour(b), arNamesOpt)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for b.Loop() {
			p, err := PNG(img)
			if err != nil {
				b.Fatal(err)
			}
			n = len(p)
		}
		b.ReportMetric(float64(n), "png-bytes")
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := pngEncoder.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(buf.Len()), "png-bytes")
	})
}
