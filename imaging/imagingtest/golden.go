package imagingtest

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// Golden comparison limits: anti-aliasing may differ a little between
// platforms (fused multiply-add), so a pixel counts as different only past
// pixelTol in some channel, and a render fails past maxDiffFrac of pixels.
const (
	pixelTol    = 16
	maxDiffFrac = 0.001
)

// CheckGolden compares img with testdata/<name>.png by decoded pixels. With
// -update it rewrites the golden; on a mismatch it writes <name>.got.png
// beside it.
func CheckGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	got := filepath.Join("testdata", name+".got.png")
	if *update {
		writePNG(t, path, img)
		os.Remove(got)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open golden (run with -update to create it): %v", err)
	}
	want, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("decode golden %s: %v", path, err)
	}
	if msg := DiffImages(want, img); msg != "" {
		writePNG(t, got, img)
		t.Fatalf("%s differs from golden: %s; wrote %s", name, msg, got)
	}
	os.Remove(got)
}

// DiffImages describes how b differs from a beyond the tolerances, or
// returns "" when they match.
func DiffImages(a, b image.Image) string {
	if a.Bounds().Size() != b.Bounds().Size() {
		return fmt.Sprintf("size %v, want %v", b.Bounds().Size(), a.Bounds().Size())
	}
	ab, bb := a.Bounds(), b.Bounds()
	n, first := 0, image.Point{-1, -1}
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	limit := int(maxDiffFrac * float64(ab.Dx()*ab.Dy()))
	if n > limit {
		return fmt.Sprintf("%d pixels differ (limit %d), first at %v", n, limit, first)
	}
	return ""
}

// far reports whether two 16-bit channel values differ beyond pixelTol
// (in 8-bit steps).
func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > pixelTol || d < -pixelTol
}

// writePNG writes img compactly for the repository.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Golden is one golden picture: its name in testdata and how to draw it.
type Golden struct {
	Name string
	Draw func() (image.Image, error)
}

// MaxW and MaxH are the largest picture a layout may draw, unless a test
// says otherwise.
const (
	MaxW = 1600
	MaxH = 1400
)

// CheckGoldens draws every golden, as a subtest of its name, and checks it
// against its file in testdata (CheckGolden) and against the layout limits:
// at most MaxW wide and maxH(name, width) tall (MaxH when maxH is nil).
func CheckGoldens(t *testing.T, goldens []Golden, maxH func(name string, w int) int) {
	t.Helper()
	for _, g := range goldens {
		t.Run(g.Name, func(t *testing.T) {
			img, err := g.Draw()
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			h := MaxH
			if maxH != nil {
				h = maxH(g.Name, b.Dx())
			}
			if b.Dx() > MaxW || b.Dy() > h {
				t.Errorf("image is %v, larger than the layout limits (%d×%d)", b.Size(), MaxW, h)
			}
			CheckGolden(t, g.Name, img)
		})
	}
}
