package imagingtest

import (
	"image"
	"slices"
	"testing"
	"time"

	"spindle/imaging"
)

// PNGBench measures what the bot pays for one picture: the render and the
// encoding, holding a render slot as the bot does, with the PNG size and
// the 99th percentile of the time per picture reported as metrics.
func PNGBench(b *testing.B, draw func() (image.Image, error)) {
	b.ReportAllocs()
	var n int
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		p, err := imaging.DrawPNG(draw)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		n = len(p)
	}
	b.ReportMetric(float64(n), "png-bytes")
	b.ReportMetric(P99(times).Seconds()*1000, "p99-ms")
}

// P99 is the 99th percentile of the durations (the largest of fewer than
// a hundred).
func P99(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)*99+99)/100-1]
}

// FirstEncode reports whether p, from imaging.PNG, is the first, truecolour
// encoding of its picture, not the paletted one imaging.PNG writes again
// when the first is over imaging.MaxPNGBytes (the colour type in IHDR).
func FirstEncode(p []byte) bool {
	const colourType = 8 + 8 + 9 // signature, chunk length and type, then width, height, depth
	return len(p) > colourType && p[colourType] == 2
}
