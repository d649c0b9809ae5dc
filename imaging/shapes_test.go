package imaging

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"
)

// TestFillRoundedFastMatchesRasterizer checks that the fast fill (the
// cross of whole pixels set directly, the rest rasterized) paints what
// gg's own fill of the rounded rectangle paints, on boxes at fractional
// places and sizes, from pills and thin bars to wide frames.
func TestFillRoundedFastMatchesRasterizer(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bg, fill := color.RGBA{20, 60, 40, 255}, color.RGBA{230, 200, 90, 255}
	fast := 0
	for i := range 400 {
		x, y := rng.Float64()*40, rng.Float64()*40
		w, h := 1+rng.Float64()*150, 1+rng.Float64()*90
		var r float64
		switch i % 4 {
		case 0:
			r = 0
		case 1:
			r = h / 2 // a pill
		default:
			r = rng.Float64() * 30
		}
		c, err := NewCanvas(200, 140, bg)
		if err != nil {
			t.Fatal(err)
		}
		if c.fillRoundedFast(x, y, w, h, r, fill) {
			fast++
		} else {
			c.DrawRoundedRectangle(x, y, w, h, min(r, min(w, h)/2))
			c.SetColor(fill)
			c.Fill()
		}
		want := gg.NewContext(200, 140)
		want.SetColor(bg)
		want.Clear()
		want.DrawRoundedRectangle(x, y, w, h, min(r, min(w, h)/2))
		want.SetColor(fill)
		want.Fill()
		got := c.Image().(*image.RGBA)
		wi := want.Image().(*image.RGBA)
		for p := 0; p < len(got.Pix); p++ {
			if d := int(got.Pix[p]) - int(wi.Pix[p]); d > 1 || d < -1 {
				px := p / 4
				t.Fatalf("box %d (%.2f, %.2f, %.2f×%.2f, r %.2f): pixel (%d, %d) channel %d is %d, rasterizer %d",
					i, x, y, w, h, r, px%200, px/200, p%4, got.Pix[p], wi.Pix[p])
			}
		}
		Release(c.Image())
	}
	if fast < 300 {
		t.Errorf("the fast path drew %d of 400 boxes; want most", fast)
	}
}
