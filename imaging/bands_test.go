package imaging

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"sync"
	"testing"
)

// idatOf returns the concatenated IDAT data of a PNG.
func idatOf(t *testing.T, p []byte) []byte {
	t.Helper()
	var idat []byte
	p = p[8:]
	for len(p) >= 12 {
		n := binary.BigEndian.Uint32(p[:4])
		if string(p[4:8]) == "IDAT" {
			idat = append(idat, p[8:8+n]...)
		}
		p = p[12+n:]
	}
	return idat
}

// checkEncoding decodes p with the standard decoders, checking the zlib
// stream to its end (the Adler-32 sum included), and compares every pixel
// with img.
func checkEncoding(t *testing.T, p []byte, img *image.RGBA) {
	t.Helper()
	zr, err := zlib.NewReader(bytes.NewReader(idatOf(t, p)))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("the zlib stream does not read to its end: %v", err)
	}
	b := img.Bounds()
	if want := b.Dy() * (1 + 3*b.Dx()); len(raw) != want {
		t.Fatalf("%d filtered bytes, want %d", len(raw), want)
	}
	got, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		t.Fatal(err)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := got.At(x-b.Min.X, y-b.Min.Y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, got.At(x-b.Min.X, y-b.Min.Y), img.At(x, y))
			}
		}
	}
}

// scene draws a picture like a board: flat panels, a gradient, and some
// noise where tokens are.
func scene(w, h int, seed uint64) *image.RGBA {
	rnd := rand.New(rand.NewPCG(seed, 9))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{30, 60, 90, 255}
			if (x/40+y/40)%2 == 0 {
				c = color.RGBA{uint8(x), uint8(y), 120, 255}
			}
			img.Set(x, y, c)
		}
	}
	for range 20 {
		x, y := rnd.IntN(w), rnd.IntN(h)
		for dy := range 6 {
			for dx := range 6 {
				img.Set(min(x+dx, w-1), min(y+dy, h-1), color.RGBA{uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), uint8(rnd.IntN(256)), 255})
			}
		}
	}
	return img
}

// TestBandsReusedAfterASmallChange encodes a picture, changes a few
// pixels and encodes it again: the second encoding must decode exactly
// and take every band but the changed ones from the cache.
func TestBandsReusedAfterASmallChange(t *testing.T) {
	for _, size := range []image.Point{{301, 157}, {64, 1}, {5, bandRows}, {130, 3*bandRows + 1}} {
		img := scene(size.X, size.Y, uint64(size.X))
		var buf bytes.Buffer
		if err := fastPNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		checkEncoding(t, buf.Bytes(), img)
		y := size.Y / 2
		img.Set(size.X/2, y, color.RGBA{1, 2, 3, 255})
		hits, misses := bandHits.Load(), bandMisses.Load()
		buf.Reset()
		if err := fastPNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		checkEncoding(t, buf.Bytes(), img)
		all := (size.Y + bandRows - 1) / bandRows
		// The changed band, and the band below when the change is its
		// row above.
		changed := 1
		if y%bandRows == bandRows-1 && y+1 < size.Y {
			changed = 2
		}
		if got := bandMisses.Load() - misses; got != int64(changed) {
			t.Errorf("%v: %d bands encoded again, want %d", size, got, changed)
		}
		if got := bandHits.Load() - hits; got != int64(all-changed) {
			t.Errorf("%v: %d bands from the cache, want %d", size, got, all-changed)
		}
	}
}

// TestBandsOfASubImage checks a picture that is a window of a larger one
// (rows with a stride wider than the picture).
func TestBandsOfASubImage(t *testing.T) {
	big := scene(200, 90, 4)
	sub := big.SubImage(image.Rect(13, 7, 150, 80)).(*image.RGBA)
	var buf bytes.Buffer
	if err := fastPNG(&buf, sub); err != nil {
		t.Fatal(err)
	}
	checkEncoding(t, buf.Bytes(), sub)
}

// TestBandsConcurrently encodes pictures sharing bands from many
// goroutines at once (run with -race).
func TestBandsConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			img := scene(120, 70, uint64(i%3))
			for range 5 {
				p, err := PNG(img)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := png.Decode(bytes.NewReader(p))
				if err != nil || got.Bounds().Dx() != 120 {
					t.Errorf("decode: %v", err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestCacheStaysBounded fills a cache past its budget and checks that it
// keeps at most the budget, the newest entries and not the oldest.
func TestCacheStaysBounded(t *testing.T) {
	const budget = 64 << 20
	c := NewCache[bandKey, band](budget, func(b band) int { return len(b.z) })
	z := make([]byte, 1<<20)
	for i := range 3 * budget >> 20 {
		c.Put(bandKey{uint64(i), 1}, band{z: z})
	}
	if n := c.Len(); n > budget>>20 {
		t.Fatalf("the cache holds %d MB, over its %d", n, budget>>20)
	}
	last := bandKey{uint64(3*budget>>20 - 1), 1}
	if _, ok := c.Get(last); !ok {
		t.Fatal("the newest entry was dropped")
	}
	if _, ok := c.Get(bandKey{0, 1}); ok {
		t.Fatal("the oldest entry was kept")
	}
	c.Clear()
	if c.Len() != 0 {
		t.Fatal("Clear kept entries")
	}
}

func TestAdlerCombine(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, n := range [][2]int{{0, 0}, {1, 0}, {0, 7}, {100, 200}, {70000, 90000}, {65521, 65521}} {
		a, b := make([]byte, n[0]), make([]byte, n[1])
		for i := range a {
			a[i] = byte(rnd.IntN(256))
		}
		for i := range b {
			b[i] = byte(rnd.IntN(256))
		}
		want := adler32.Checksum(append(append([]byte(nil), a...), b...))
		if got := adlerCombine(adler32.Checksum(a), adler32.Checksum(b), len(b)); got != want {
			t.Errorf("%v: combined %08x, want %08x", n, got, want)
		}
	}
}

// TestRGBRow checks the row conversion against the plain one, pixel by
// pixel, at every width around its four-pixel step, and its alpha report.
func TestRGBRow(t *testing.T) {
	rnd := rand.New(rand.NewPCG(8, 9))
	for w := range 19 {
		row := make([]byte, 4*w)
		for i := range row {
			row[i] = byte(rnd.IntN(256))
		}
		for i := 3; i < len(row); i += 4 {
			row[i] = 0xff
		}
		dst := make([]byte, 3*w)
		if a := rgbRow(dst, row, w); a != 0xff {
			t.Errorf("width %d: alpha %#x for an opaque row", w, a)
		}
		for x := range w {
			if dst[3*x] != row[4*x] || dst[3*x+1] != row[4*x+1] || dst[3*x+2] != row[4*x+2] {
				t.Fatalf("width %d: pixel %d is %v, want %v", w, x, dst[3*x:3*x+3], row[4*x:4*x+3])
			}
		}
		if w > 0 {
			row[4*(w-1)+3] = 0x80
			if a := rgbRow(dst, row, w); a == 0xff {
				t.Errorf("width %d: a translucent last pixel was not reported", w)
			}
			row[4*(w-1)+3] = 0xff
			row[3] = 0x7f
			if a := rgbRow(dst, row, w); a == 0xff {
				t.Errorf("width %d: a translucent first pixel was not reported", w)
			}
		}
	}
}

// TestSubBytes checks the eight-at-a-time byte subtraction against the
// plain one on random bytes at every length around its step.
func TestSubBytes(t *testing.T) {
	rnd := rand.New(rand.NewPCG(10, 11))
	for n := range 40 {
		a, b, got := make([]byte, n), make([]byte, n), make([]byte, n)
		for i := range n {
			a[i], b[i] = byte(rnd.IntN(256)), byte(rnd.IntN(256))
		}
		if n > 2 {
			a[0], b[0], a[1], b[1] = 0, 255, 255, 0 // both borrows
		}
		subBytes(got, a, b)
		for i := range n {
			if got[i] != a[i]-b[i] {
				t.Fatalf("length %d, byte %d: %d - %d = %d, want %d", n, i, a[i], b[i], got[i], a[i]-b[i])
			}
		}
	}
}
