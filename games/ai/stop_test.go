package ai

import "testing"

// TestEarlyStop: the search stops early only when the leading move cannot
// be caught (settled) or has drawn most visits, thrice any other
// (dominant).
func TestEarlyStop(t *testing.T) {
	cases := []struct {
		name      string
		visits    []float64
		remaining int
		settled   bool
		dominant  bool
	}{
		{"no visits yet", []float64{0, 0, 0}, 10, false, false},
		{"a lead the rest could close", []float64{30, 25, 5}, 10, false, false},
		{"a lead beyond the rest", []float64{40, 25, 5}, 10, true, false},
		{"a tie at the top never settles", []float64{40, 40}, 0, false, false},
		{"most visits and thrice the next", []float64{60, 20, 10}, 1000, false, true},
		{"most visits but not thrice the next", []float64{60, 21, 10}, 1000, false, false},
		{"too few visits to judge", []float64{30, 5, 5}, 1000, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := settled(c.visits, c.remaining); got != c.settled {
				t.Errorf("settled = %v, want %v", got, c.settled)
			}
			if got := dominant(c.visits); got != c.dominant {
				t.Errorf("dominant = %v, want %v", got, c.dominant)
			}
		})
	}
}
