package imaging

import (
	"bytes"
	"slices"
	"testing"
	"time"
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
