package imaging

import (
	"bytes"
	"testing"

	"spindle/games"
)

// benchmarkPNG measures what the bot pays for one picture: RenderPNG, the
// render and the encoding through the render pool, with the PNG size
// reported as a metric.
func benchmarkPNG(b *testing.B, k Kind, v any, opt Options) {
	b.ReportAllocs()
	var n int
	for b.Loop() {
		p, err := RenderPNG(k, v, opt)
		if err != nil {
			b.Fatal(err)
		}
		n = len(p)
	}
	b.ReportMetric(float64(n), "png-bytes")
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
