package imaging

import (
	"bytes"
	"testing"
)

// BenchmarkEncodeCold measures the encoder on a board-sized picture none
// of whose bands is cached: what a picture whose every band changed costs.
func BenchmarkEncodeCold(b *testing.B) {
	img := scene(960, 1200, 7)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		bands.Clear()
		buf.Reset()
		if err := fastPNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "png-bytes")
}

// BenchmarkEncodeWarm measures the encoder on a picture every band of
// which is cached: a board that did not change.
func BenchmarkEncodeWarm(b *testing.B) {
	img := scene(960, 1200, 7)
	var buf bytes.Buffer
	if err := fastPNG(&buf, img); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := fastPNG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
}
