package imaging

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// Between two moves most of a picture is unchanged: the same background,
// frames, map and rows of players, with a few tokens moved. fastPNG
// therefore deflates a picture in bands of bandRows rows, each band on its
// own (a fresh dictionary, ended by a sync flush so the bands concatenate
// into one valid deflate stream), and keeps the compressed bands in a
// bounded cache addressed by their content. A band met again, in the next
// board of the same table or in another picture with the same pixels, is
// copied instead of filtered and compressed; only the bands that changed
// cost the encoder anything but a hash.
//
// A band's key is a 96-bit hash (a process-seeded 64-bit maphash sum and a
// CRC-32C) of the picture's width, the band's rows and the row above it
// (which the Up filter reads), so a stale band is never used by accident: a
// wrong hit would need both sums to collide at once. The zlib checksum of the whole
// stream is combined from the bands' own Adler-32 sums.

// bandRows is the height of a band. Sixteen rows of a 1 500-pixel picture
// are 72 KB of filtered bytes, past deflate's 32 KB window, so a band
// starting with an empty dictionary costs little size.
const bandRows = 16

// bandCacheBytes bounds the compressed bands kept, about 150 boards' worth.
const bandCacheBytes = 48 << 20

// band is one band deflated: its compressed bytes (sync-flushed, not
// final), and the Adler-32 sum and length of the filtered bytes they hold.
type band struct {
	z     []byte
	adler uint32
	n     int
}

// bandKey addresses a band by its content.
type bandKey [2]uint64

// bands are the compressed bands kept, by content.
var bands = NewCache[bandKey, band](bandCacheBytes, func(b band) int { return len(b.z) })

// bandSeed seeds the maphash half of a band's key.
var bandSeed = maphash.MakeSeed()

// castagnoli is the CRC-32C table, the other half of a band's key.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// bandHits and bandMisses count cache lookups, for tests and benchmarks.
var bandHits, bandMisses atomic.Int64

// keyOf hashes rows (each a slice of the picture's RGBA bytes) with the
// picture's width into a band key: a seeded maphash sum and a CRC-32C (both
// run at memory speed, the CRC on the processor's own instruction).
func keyOf(w int, above []byte, rows [][]byte) bandKey {
	var hdr [16]byte
	binary.LittleEndian.PutUint64(hdr[:8], uint64(w))
	binary.LittleEndian.PutUint64(hdr[8:], uint64(len(rows)))
	var h maphash.Hash
	h.SetSeed(bandSeed)
	h.Write(hdr[:])
	crc := crc32.Update(0, castagnoli, hdr[:])
	if above != nil {
		h.Write(above)
		crc = crc32.Update(crc, castagnoli, above)
	} else {
		h.WriteByte(0xAA) // the first band has no row above
		crc = crc32.Update(crc, castagnoli, []byte{0xAA})
	}
	for _, r := range rows {
		h.Write(r)
		crc = crc32.Update(crc, castagnoli, r)
	}
	return bandKey{h.Sum64(), uint64(crc)}
}

// deflateBand filters and compresses one band with the encoder's
// buffers. above is the RGBA row above the band (nil for the first band)
// and e.prev must hold it as raw RGB (zeros for the first band). It reports
// whether every pixel was opaque. A row equal to the one above it (a run
// of background, the inside of a frame) is the Up filter's row of zeros,
// written without converting or filtering it.
func (e *rgbEncoder) deflateBand(above []byte, rows [][]byte, w int) (band, bool, error) {
	e.zbuf.Reset()
	if e.fw == nil {
		fw, err := flate.NewWriter(&e.zbuf, flate.BestSpeed)
		if err != nil {
			return band{}, false, err
		}
		e.fw = fw
	} else {
		e.fw.Reset(&e.zbuf)
	}
	sum := uint32(1)
	n := 0
	alpha := byte(0xff)
	for _, row := range rows {
		var f []byte
		if above != nil && bytes.Equal(row, above) {
			// Same pixels as the row above, whose alpha is checked already
			// (in this band, or when its own band was first encoded).
			f = e.same
			sum = adlerZeros(adlerUpdate(sum, f[:1]), len(f)-1)
		} else {
			alpha &= rgbRow(e.cur, row, w)
			f = e.pick(e.cur)
			sum = adlerUpdate(sum, f)
			e.prev, e.cur = e.cur, e.prev
		}
		n += len(f)
		if _, err := e.fw.Write(f); err != nil {
			return band{}, false, err
		}
		above = row
	}
	if err := e.fw.Flush(); err != nil {
		return band{}, false, err
	}
	return band{z: append([]byte(nil), e.zbuf.Bytes()...), adler: sum, n: n}, alpha == 0xff, nil
}

// rgbRow converts one RGBA row of w pixels to raw RGB in dst and returns
// the AND of its alpha bytes (0xff when every pixel is opaque). Four pixels
// at a time are read as four 32-bit words and written as three; the rest
// one by one, on re-sliced pixels so the compiler drops bounds checks.
func rgbRow(dst, row []byte, w int) byte {
	alpha := uint32(0xff000000)
	row, dst = row[:4*w], dst[:3*w]
	for len(row) >= 16 && len(dst) >= 12 {
		p0 := binary.LittleEndian.Uint32(row[0:4])
		p1 := binary.LittleEndian.Uint32(row[4:8])
		p2 := binary.LittleEndian.Uint32(row[8:12])
		p3 := binary.LittleEndian.Uint32(row[12:16])
		alpha &= p0 & p1 & p2 & p3
		binary.LittleEndian.PutUint32(dst[0:4], p0&0xffffff|p1<<24)
		binary.LittleEndian.PutUint32(dst[4:8], p1>>8&0xffff|p2<<16)
		binary.LittleEndian.PutUint32(dst[8:12], p2>>16&0xff|p3<<8)
		row, dst = row[16:], dst[12:]
	}
	a := byte(alpha >> 24)
	for len(row) >= 4 && len(dst) >= 3 {
		dst[0], dst[1], dst[2] = row[0], row[1], row[2]
		a &= row[3]
		row, dst = row[4:], dst[3:]
	}
	return a
}

// adlerCombine is the Adler-32 sum of two byte strings joined, from the
// sums of each and the length of the second (zlib's adler32_combine).
func adlerCombine(a1, a2 uint32, len2 int) uint32 {
	const base = 65521
	rem := uint64(len2 % base)
	s1 := uint64(a1 & 0xffff)
	s2 := (rem * s1) % base
	s1 += uint64(a2&0xffff) + base - 1
	s2 += uint64(a1>>16) + uint64(a2>>16) + base - rem
	if s1 >= base {
		s1 -= base
	}
	if s1 >= base {
		s1 -= base
	}
	if s2 >= base<<1 {
		s2 -= base << 1
	}
	if s2 >= base {
		s2 -= base
	}
	return uint32(s1 | s2<<16)
}

// BandStats reports how many bands the encoder has taken from its cache
// and how many it has compressed, since the process started.
func BandStats() (reused, encoded int64) {
	return bandHits.Load(), bandMisses.Load()
}
