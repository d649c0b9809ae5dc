package dice

import (
	"slices"
	"testing"
)

func TestIntNRangeAndUniformity(t *testing.T) {
	d := Seeded(1, 2)
	counts := make([]int, 6)
	const n = 60000
	for range n {
		v := d.IntN(6)
		if v < 0 || v >= 6 {
			t.Fatalf("IntN(6) = %d out of range", v)
		}
		counts[v]++
	}
	for i, c := range counts {
		if c < n/6-600 || c > n/6+600 {
			t.Errorf("face %d drawn %d times of %d: not uniform", i, c, n)
		}
	}
}

func TestStreamIsPinned(t *testing.T) {
	// The stream is part of the replay contract: seeded replays and golden
	// files depend on it, so a change here must be deliberate.
	d := Seeded(7, 11)
	got := []int{d.Roll(6), d.Roll(6), d.Roll(10), d.IntN(1000)}
	got = append(got, d.Perm(8)...)
	want := []int{3, 4, 5, 81, 1, 2, 5, 6, 0, 4, 3, 7}
	if !slices.Equal(got, want) {
		t.Fatalf("seed (7,11) gave %v, pinned stream is %v", got, want)
	}
}

func TestPermIsPermutation(t *testing.T) {
	d := Seeded(3, 4)
	for n := range 50 {
		p := d.Perm(n)
		s := slices.Clone(p)
		slices.Sort(s)
		for i, v := range s {
			if v != i {
				t.Fatalf("Perm(%d) = %v is not a permutation", n, p)
			}
		}
	}
}

func TestIntNPanicsOnNonPositive(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("IntN(0) did not panic")
		}
	}()
	Seeded(1, 1).IntN(0)
}
