package imaging

import "encoding/binary"

// adlerMod is Adler-32's modulus, the largest prime below 2^16.
const adlerMod = 65521

// adlerBlock is how many bytes adlerUpdate sums before reducing its 64-bit
// sums (they cannot overflow within it).
const adlerBlock = 1 << 16

// adlerRun is how many 8-byte words adlerUpdate adds up in 16-bit lanes
// before it folds the lanes into its sums: the running total of the
// running totals, the largest lane, stays below 2^16 (510 × 16 × 15 / 2).
const adlerRun = 16

// adlerLanes keeps every other byte of a word, each in a 16-bit lane.
const adlerLanes = 0x00ff00ff00ff00ff

// adlerUpdate returns the Adler-32 sum of the bytes summed by sum followed
// by p, as hash/adler32 computes it, at about a third of the cost: Adler-32
// adds every byte to s1 and every s1 to s2, a chain of two adds per byte;
// here a word's even and odd bytes are added lane by lane into lane sums
// (and those into lane sums of sums), with no carry between lanes, and the
// lanes are folded into s1 and s2 once every adlerRun words, by the
// weights each byte's place in its word gives it.
func adlerUpdate(sum uint32, p []byte) uint32 {
	s1, s2 := uint64(sum&0xffff), uint64(sum>>16)
	for len(p) > 0 {
		blk := p[:min(len(p), adlerBlock)]
		p = p[len(blk):]
		for len(blk) >= 8*adlerRun {
			// se, so: the even and odd bytes of the words so far, by lane;
			// q: for each word, se+so as they stood before it, summed.
			var se, so, q uint64
			for i := 0; i < 8*adlerRun; i += 8 {
				x := binary.LittleEndian.Uint64(blk[i : i+8])
				q += se + so
				se += x & adlerLanes
				so += x >> 8 & adlerLanes
			}
			blk = blk[8*adlerRun:]
			e0, e1, e2, e3 := se&0xffff, se>>16&0xffff, se>>32&0xffff, se>>48
			o0, o1, o2, o3 := so&0xffff, so>>16&0xffff, so>>32&0xffff, so>>48
			qs := q&0xffff + q>>16&0xffff + q>>32&0xffff + q>>48
			// Within a word, bytes 0..7 reach s2 8, 7, ..., 1 times;
			// every byte of an earlier word 8 more times per word after it.
			s2 += 8*adlerRun*s1 + 8*qs +
				8*e0 + 6*e1 + 4*e2 + 2*e3 + 7*o0 + 5*o1 + 3*o2 + o3
			s1 += e0 + e1 + e2 + e3 + o0 + o1 + o2 + o3
		}
		for _, b := range blk {
			s1 += uint64(b)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return uint32(s2<<16 | s1)
}

// adlerZeros returns the Adler-32 sum of the bytes summed by sum followed by
// n zero bytes: s1 does not move and s2 gains s1 n times.
func adlerZeros(sum uint32, n int) uint32 {
	s1, s2 := uint64(sum&0xffff), uint64(sum>>16)
	s2 = (s2 + uint64(n%adlerMod)*s1) % adlerMod
	return uint32(s2<<16 | s1)
}
