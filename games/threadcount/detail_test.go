package threadcount

import (
	"strings"
	"testing"

	"spindle/games"
)

// TestZeroAndFreeSayWhatTheyGive checks the detail lines of the two roll
// choices that had none: where a 0 points says what it harvests (exactly
// when it is the last 0, at best when another is still to point), and the
// complimentary silk says what board it leaves.
func TestZeroAndFreeSayWhatTheyGive(t *testing.T) {
	g := Game{}
	for _, tc := range []struct {
		board     []int
		cells     [3]int
		die, cell int
		want      string
	}{
		// 3, 5 and 9 are filled: the row 1-2-3 and the diagonal 1-5-9.
		{[]int{1, 2}, [3]int{5, 0, 9}, 2, 3, "Harvests 5 silk"},
		// 4, 5 and 9 are filled: the diagonal 1-5-9 only.
		{[]int{1, 2}, [3]int{5, 0, 9}, 2, 4, "Harvests 3 silk"},
		// Nothing completes a line; the doubled cell 5 is cleared.
		{[]int{1}, [3]int{5, 0, 8}, 2, 5, "Harvests 1 silk"},
		// Die 2 still shows 0: at best it completes 1-2-3 or 1-4-7.
		{[]int{1}, [3]int{0, 0, 7}, 1, 2, "Harvests up to 3 silk once the other 0 is pointed"},
		{[]int{}, [3]int{0, 0, 0}, 1, 5, "Harvests up to 3 silk once the other 0s are pointed"},
	} {
		v := View{Board: tc.board, Roll: &Roll{Cells: tc.cells}}
		label := g.Label(v, Action{Op: Zero, Die: tc.die, Cell: tc.cell})
		_, detail := games.SplitDetail(label)
		if detail != tc.want {
			t.Errorf("board %v, dice %v, die %d → %d: detail %q, want %q", tc.board, tc.cells, tc.die, tc.cell, detail, tc.want)
		}
	}
	label := g.Label(View{Board: nil}, Action{Op: Free, Cell: 5})
	head, detail := games.SplitDetail(label)
	if head != "Free silk on cell 5" || !strings.HasPrefix(detail, "Board then 5; the roll then harvests ") || !strings.HasSuffix(detail, " silk on average") {
		t.Errorf("free silk: %q / %q", head, detail)
	}
}
