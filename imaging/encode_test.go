package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestFastPNGRoundTrip decodes what PNG writes with the standard decoder
// and compares every pixel, on pictures that exercise each row filter:
// flat rows (Up), gradients along a row (Sub), noise (None) and a real
// table picture; a translucent picture must go through the fallback.
func TestFastPNGRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	flat := image.NewRGBA(image.Rect(0, 0, 37, 23))
	ramp := image.NewRGBA(image.Rect(0, 0, 64, 9))
	noise := image.NewRGBA(image.Rect(0, 0, 31, 17))
	glass := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for y := range 23 {
		for x := range 37 {
			flat.Set(x, y, color.RGBA{200, 180, 40, 255})
		}
	}
	for y := range 9 {
		for x := range 64 {
			ramp.Set(x, y, color.RGBA{uint8(4 * x), uint8(y * 20), uint8(255 - 3*x), 255})
		}
	}
	for y := range 17 {
		for x := range 31 {
			noise.Set(x, y, color.RGBA{uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), 255})
		}
	}
	for y := range 8 {
		for x := range 8 {
			glass.Set(x, y, color.NRGBA{10, 20, 30, uint8(30 * x)})
		}
	}
	sub := noise.SubImage(image.Rect(3, 2, 20, 11)).(*image.RGBA)
	table, err := RenderBoard(Board{Title: "A leaderboard", Rows: []BoardRow{{Rank: 1, Name: "alice", Rating: 1612.4, Games: 41, Wins: 30}}})
	if err != nil {
		t.Fatal(err)
	}
	for name, img := range map[string]*image.RGBA{"flat": flat, "ramp": ramp, "noise": noise, "translucent": glass,
		"sub-image": sub, "table": table.(*image.RGBA)} {
		t.Run(name, func(t *testing.T) {
			b, err := PNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if name == "translucent" { // the standard encoder's own output
				var want bytes.Buffer
				if err := pngEncoder.Encode(&want, img); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b, want.Bytes()) {
					t.Fatal("a translucent picture did not go through the standard encoder")
				}
				return
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			r := img.Bounds()
			if got.Bounds().Dx() != r.Dx() || got.Bounds().Dy() != r.Dy() {
				t.Fatalf("size %v, want %v", got.Bounds(), r)
			}
			for y := 0; y < r.Dy(); y++ {
				for x := 0; x < r.Dx(); x++ {
					w0, w1, w2, w3 := img.At(r.Min.X+x, r.Min.Y+y).RGBA()
					g0, g1, g2, g3 := got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y).RGBA()
					if w0 != g0 || w1 != g1 || w2 != g2 || w3 != g3 {
						t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, got.At(x, y), img.At(r.Min.X+x, r.Min.Y+y))
					}
				}
			}
		})
	}
}

// TestCrowdedPictureIsPaletted: a picture whose RGB encoding would pass
// MaxPNGBytes is written paletted, within the limit, with its frequent
// colours exact and every other pixel at its nearest kept colour.
func TestCrowdedPictureIsPaletted(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	img := image.NewRGBA(image.Rect(0, 0, 600, 600))
	for y := range 600 {
		for x := range 600 {
			c := color.RGBA{200, 180, 40, 255} // a flat field...
			if x > 300 {                       // ...beside noise
				c = color.RGBA{uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), 255}
			}
			img.Set(x, y, c)
		}
	}
	b, err := PNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > MaxPNGBytes {
		t.Fatalf("%d bytes, over %d", len(b), MaxPNGBytes)
	}
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.(*image.Paletted); !ok {
		t.Fatalf("decoded as %T, want paletted", got)
	}
	if r, g, bl, _ := got.At(5, 5).RGBA(); r>>8 != 200 || g>>8 != 180 || bl>>8 != 40 {
		t.Fatalf("the flat field changed colour: %v", got.At(5, 5))
	}
}
