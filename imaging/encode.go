package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"slices"
	"sync"

	"github.com/klauspost/compress/flate"
)

// The pictures are opaque RGBA canvases of flat fills, lines and
// anti-aliased text. The standard encoder spends most of its time trying
// all five PNG row filters (Paeth above all) on every row; on such
// pictures the Up and Sub filters alone find nearly all of the
// redundancy, so fastPNG writes 8-bit RGB rows filtered with whichever of
// None, Sub and Up has the smallest sum of absolute values (the
// standard heuristic, on three filters), deflated at zlib's best speed.
// Anything that is not an opaque *image.RGBA goes to the standard encoder.

// errTranslucent says the picture has a pixel that is not opaque, which
// RGB cannot hold; the caller then uses the standard encoder.
var errTranslucent = errors.New("imaging: png: picture is not opaque")

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// rowFilters are the PNG filter type bytes fastPNG uses.
const (
	filterNone = 0
	filterSub  = 1
	filterUp   = 2
)

// rgbEncoder holds the reusable buffers of one encoding.
type rgbEncoder struct {
	fw    *flate.Writer
	zbuf  bytes.Buffer // one band's compressed bytes
	rows  [][]byte     // one band's rows, RGBA
	idat  bytes.Buffer
	prev  []byte // previous row, raw RGB
	cur   []byte // this row, raw RGB
	sub   []byte // filter byte + Sub-filtered row
	up    []byte // filter byte + Up-filtered row
	none  []byte // filter byte + raw row
	same  []byte // filter byte Up + zeros: a row equal to the one above
	chunk [8]byte
}

var rgbEncoders = sync.Pool{New: func() any { return new(rgbEncoder) }}

// grow returns b resized to n bytes, reusing its storage when it can.
func grow(b []byte, n int) []byte {
	if cap(b) >= n {
		return b[:n]
	}
	return make([]byte, n)
}

// fastPNG appends the PNG encoding of an opaque RGBA picture to out, band
// by band through the band cache (bands.go). It returns errTranslucent,
// having written nothing, when a pixel is not opaque.
func fastPNG(out *bytes.Buffer, img *image.RGBA) error {
	e := rgbEncoders.Get().(*rgbEncoder)
	defer rgbEncoders.Put(e)
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	n := 3 * w
	e.prev, e.cur = grow(e.prev, n), grow(e.cur, n)
	e.sub, e.up, e.none = grow(e.sub, n+1), grow(e.up, n+1), grow(e.none, n+1)
	e.same = grow(e.same, n+1)
	clear(e.same)
	e.same[0] = filterUp
	e.idat.Reset()
	e.idat.Write([]byte{0x78, 0x01}) // zlib header: deflate, 32 KB window, fastest
	sum := uint32(1)
	rows := e.rows[:0]
	var above []byte
	for y0 := 0; y0 < h; y0 += bandRows {
		rows = rows[:0]
		for y := y0; y < min(y0+bandRows, h); y++ {
			off := img.PixOffset(b.Min.X, b.Min.Y+y)
			rows = append(rows, img.Pix[off:off+4*w])
		}
		key := keyOf(w, above, rows)
		bd, ok := bands.Get(key)
		if ok {
			bandHits.Add(1)
		} else {
			bandMisses.Add(1)
			if above == nil {
				clear(e.prev)
			} else {
				_ = rgbRow(e.prev, above, w)
			}
			var opaque bool
			var err error
			bd, opaque, err = e.deflateBand(above, rows, w)
			if err != nil {
				return fmt.Errorf("imaging: png: %w", err)
			}
			if !opaque {
				return errTranslucent
			}
			bands.Put(key, bd)
		}
		e.idat.Write(bd.z)
		sum = adlerCombine(sum, bd.adler, bd.n)
		above = rows[len(rows)-1]
	}
	e.rows = rows[:0]
	e.idat.Write([]byte{0x03, 0x00}) // the final block: empty, fixed Huffman
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum)
	e.idat.Write(tail[:])
	out.WriteString(pngSignature)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8], hdr[9] = 8, 2 // 8-bit truecolour
	e.writeChunk(out, "IHDR", hdr[:])
	e.writeChunk(out, "IDAT", e.idat.Bytes())
	e.writeChunk(out, "IEND", nil)
	return nil
}

// pick filters the raw row cur against e.prev with whichever of None, Sub
// and Up gives the smallest sum of absolute values (bytes read as
// signed), estimated on a sample of the row, and returns the filtered row
// with its filter byte.
func (e *rgbEncoder) pick(cur []byte) []byte {
	prev := e.prev
	none, sub, up := e.none, e.sub, e.up
	none[0], sub[0], up[0] = filterNone, filterSub, filterUp
	var sn, ss, su int
	for i, c := range cur[:3] {
		sn += abs8(c)
		ss += abs8(c)
		su += abs8(c - prev[i])
	}
	prev = prev[:len(cur)]
	for i := 3; i < len(cur); i += sampleStride {
		c := cur[i]
		sn += abs8(c)
		ss += abs8(c - cur[i-3])
		su += abs8(c - prev[i])
	}
	switch {
	case su <= ss && su <= sn:
		subBytes(up[1:len(cur)+1], cur, prev)
		return up
	case ss <= sn:
		copy(sub[1:4], cur[:3])
		subBytes(sub[4:len(cur)+1], cur[3:], cur[:len(cur)-3])
		return sub
	default:
		copy(none[1:], cur)
		return none
	}
}

// subBytes sets dst[i] = a[i] - b[i] (mod 256) for every byte of dst,
// eight bytes at a time: the high bit of each byte is set in a and cleared
// in b so no borrow crosses into the next byte, then put back by xor.
func subBytes(dst, a, b []byte) {
	const high = 0x8080808080808080
	a, b = a[:len(dst)], b[:len(dst)]
	for len(dst) >= 8 {
		x := binary.LittleEndian.Uint64(a)
		y := binary.LittleEndian.Uint64(b)
		binary.LittleEndian.PutUint64(dst, ((x|high)-(y&^high))^((x^^y)&high))
		dst, a, b = dst[8:], a[8:], b[8:]
	}
	for i := range dst {
		dst[i] = a[i] - b[i]
	}
}

// sampleStride is how far apart pick samples a row: every thirteenth byte
// (a stride prime to 3, so all three channels are sampled) estimates the
// filters' sums at a thirteenth of the cost; over the Warp and Weft
// pictures of twenty random games it chose filters as well as every
// seventh byte did (the PNGs came out 0.003 % smaller).
const sampleStride = 13

// abs8 is the absolute value of b read as a signed byte.
func abs8(b byte) int {
	v := int(int8(b))
	m := v >> 63
	return (v ^ m) - m
}

// writeChunk writes one PNG chunk: length, type, data and CRC.
func (e *rgbEncoder) writeChunk(out *bytes.Buffer, typ string, data []byte) {
	binary.BigEndian.PutUint32(e.chunk[:4], uint32(len(data)))
	copy(e.chunk[4:], typ)
	out.Write(e.chunk[:8])
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(e.chunk[4:8])
	crc.Write(data)
	binary.BigEndian.PutUint32(e.chunk[:4], crc.Sum32())
	out.Write(e.chunk[:4])
}

// MaxPNGBytes is the size a picture's PNG should stay within. The layouts
// keep nearly every picture well below it; a crowded position that goes
// over is written again as a paletted PNG (quantize), which keeps every
// flat colour exact and moves only rare anti-aliasing shades to their
// nearest kept colour.
const MaxPNGBytes = 300_000

// quantize returns img as a paletted picture: the 256 most frequent
// colours exactly, and every other colour mapped to its nearest one.
func quantize(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	counts := make(map[uint32]int32, 4096)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for i := 0; i < 4*b.Dx(); i += 4 {
			counts[uint32(row[i])<<16|uint32(row[i+1])<<8|uint32(row[i+2])]++
		}
	}
	type entry struct {
		c uint32
		n int32
	}
	all := make([]entry, 0, len(counts))
	for c, n := range counts {
		all = append(all, entry{c, n})
	}
	slices.SortFunc(all, func(a, b entry) int {
		if a.n != b.n {
			return int(b.n - a.n)
		}
		return int(a.c) - int(b.c)
	})
	keep := all[:min(len(all), 256)]
	pal := make(color.Palette, len(keep))
	index := make(map[uint32]uint8, len(all))
	for i, e := range keep {
		pal[i] = color.RGBA{uint8(e.c >> 16), uint8(e.c >> 8), uint8(e.c), 0xff}
		index[e.c] = uint8(i)
	}
	kept := make([]uint32, len(keep))
	for i, e := range keep {
		kept[i] = e.c
	}
	for _, e := range all[len(keep):] {
		index[e.c] = nearest(kept, e.c)
	}
	out := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := out.Pix[(y-b.Min.Y)*out.Stride:]
		for x := 0; x < b.Dx(); x++ {
			i := 4 * x
			dst[x] = index[uint32(row[i])<<16|uint32(row[i+1])<<8|uint32(row[i+2])]
		}
	}
	return out
}

// nearest returns the index of the colour in set (0xRRGGBB) closest to c
// in squared RGB distance.
func nearest(set []uint32, c uint32) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	r, g, bl := int(c>>16&0xff), int(c>>8&0xff), int(c&0xff)
	for i, p := range set {
		dr, dg, db := r-int(p>>16&0xff), g-int(p>>8&0xff), bl-int(p&0xff)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
