// Package dice owns the random sampling helpers of the game engines.
//
// A Dice wraps a *rand.PCG (math/rand/v2) and offers a uniform integer by
// rejection, a die roll, a Fisher-Yates shuffle and a permutation, all built
// on PCG.Uint64 alone. The PCG algorithm is fixed by its definition, so the
// streams produced here stay identical across Go releases, which keeps seeded
// replays and golden files stable. Only chance sampling (Game.Sample) and the
// test-only Resampler ever see a Dice; Apply, Legal, View and rendering never do.
package dice

import "math/rand/v2"

// Dice is a deterministic source of chance outcomes. It is not safe for
// concurrent use; each table owns one.
type Dice struct {
	src *rand.PCG
}

// New returns a Dice drawing from src.
func New(src *rand.PCG) *Dice { return &Dice{src: src} }

// Seeded returns a Dice over a fresh PCG seeded with the two words.
func Seeded(hi, lo uint64) *Dice { return New(rand.NewPCG(hi, lo)) }

// PCG returns the underlying generator, for marshalling its state.
func (d *Dice) PCG() *rand.PCG { return d.src }

// Uint64 returns the next 64 random bits.
func (d *Dice) Uint64() uint64 { return d.src.Uint64() }

// IntN returns a uniform integer in [0, n). It panics if n <= 0, which is a
// programming error in the caller. Rejection sampling removes modulo bias.
func (d *Dice) IntN(n int) int {
	if n <= 0 {
		panic("dice: IntN with n <= 0")
	}
	un := uint64(n)
	// limit is the largest multiple of n that fits in a uint64 range start.
	limit := -un % un // == (2^64 - n) % n == 2^64 % n
	for {
		v := d.src.Uint64()
		if v >= limit {
			return int(v % un)
		}
	}
}

// Roll returns a uniform result of a die with the given number of sides, 1..sides.
func (d *Dice) Roll(sides int) int { return d.IntN(sides) + 1 }

// Shuffle permutes n elements uniformly with Fisher-Yates, calling swap.
func (d *Dice) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := d.IntN(i + 1)
		swap(i, j)
	}
}

// Perm returns a uniform permutation of 0..n-1.
func (d *Dice) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	d.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
