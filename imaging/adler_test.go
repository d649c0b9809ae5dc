package imaging

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdlerUpdate checks adlerUpdate against hash/adler32 on lengths around
// the word and block sizes, on random bytes and on all-0xff bytes (the
// largest sums), from a fresh sum and from one part way.
func TestAdlerUpdate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 63, 2881, 5552, 5553, adlerBlock - 1, adlerBlock, adlerBlock + 9, 3*adlerBlock + 5} {
		for _, fill := range []string{"random", "ones"} {
			p := make([]byte, n)
			for i := range p {
				if fill == "ones" {
					p[i] = 0xff
				} else {
					p[i] = byte(rng.Uint32())
				}
			}
			if got, want := adlerUpdate(1, p), adler32.Checksum(p); got != want {
				t.Errorf("%s %d bytes: got %08x, want %08x", fill, n, got, want)
			}
			cut := n / 3
			if got, want := adlerUpdate(adlerUpdate(1, p[:cut]), p[cut:]), adler32.Checksum(p); got != want {
				t.Errorf("%s %d bytes in two parts: got %08x, want %08x", fill, n, got, want)
			}
		}
	}
}

// TestAdlerZeros checks the shortcut for runs of zero bytes against
// hash/adler32, after a part of random bytes.
func TestAdlerZeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2880, adlerMod, adlerMod + 3, 3 * adlerBlock} {
		head := make([]byte, 1+rng.IntN(5000))
		for i := range head {
			head[i] = byte(rng.Uint32())
		}
		p := append(head, make([]byte, n)...)
		if got, want := adlerZeros(adlerUpdate(1, head), n), adler32.Checksum(p); got != want {
			t.Errorf("%d zeros after %d bytes: got %08x, want %08x", n, len(head), got, want)
		}
	}
}

// BenchmarkAdler sums one filtered row of a 1 600-pixel picture with
// adlerUpdate and with hash/adler32.
func BenchmarkAdler(b *testing.B) {
	p := make([]byte, 4801)
	for i := range p {
		p[i] = byte(i * 7)
	}
	for name, sum := range map[string]func([]byte) uint32{
		"lanes":  func(p []byte) uint32 { return adlerUpdate(1, p) },
		"stdlib": adler32.Checksum,
	} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for b.Loop() {
				sum(p)
			}
		})
	}
}
