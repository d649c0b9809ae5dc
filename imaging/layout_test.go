package imaging

import (
	"slices"
	"strings"
	"testing"
)

func TestExtent(t *testing.T) {
	tests := []struct {
		name       string
		cells      [][2]int
		grow       int
		want       Extent
		cols, rows int
	}{
		{"empty", nil, 0, Extent{}, 0, 0},
		{"empty grown stays empty", nil, 1, Extent{}, 0, 0},
		{"start card", [][2]int{{0, 0}}, 0, Extent{0, 0, 0, 0, true}, 1, 1},
		{"start card with ring", [][2]int{{0, 0}}, 1, Extent{-1, -1, 1, 1, true}, 3, 3},
		{"negative", [][2]int{{0, 0}, {-3, -2}, {3, 2}}, 0, Extent{-3, -2, 3, 2, true}, 7, 5},
		{"all negative", [][2]int{{-5, -1}, {-2, -4}}, 0, Extent{-5, -4, -2, -1, true}, 4, 4},
		{"a line of 25", [][2]int{{-12, 0}, {12, 0}}, 0, Extent{-12, 0, 12, 0, true}, 25, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e Extent
			for _, c := range tc.cells {
				e = e.Add(c[0], c[1])
			}
			e = e.Grow(tc.grow)
			if e != tc.want || e.Cols() != tc.cols || e.Rows() != tc.rows {
				t.Errorf("got %+v (%d×%d), want %+v (%d×%d)", e, e.Cols(), e.Rows(), tc.want, tc.cols, tc.rows)
			}
		})
	}
}

func TestFitCard(t *testing.T) {
	tests := []struct {
		name         string
		cols, rows   int
		availW, avlH float64
		want         float64
	}{
		{"one card capped", 1, 1, 1000, 1000, 170},
		{"wide line bound by width", 25, 1, 1400, 900, 49},    // 1400 / (25*1.14 - 0.14)
		{"tall column bound by height", 1, 13, 1400, 900, 50}, // 900 / (13*1.39 - 0.14)
		{"ex8 extent", 7, 5, 1400, 900, 132},                  // 900 / (5*1.39 - 0.14)
		{"nothing", 0, 3, 100, 100, 0},
		{"no room", 3, 3, 0, 100, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := FitCard(tc.cols, tc.rows, tc.availW, tc.avlH, 1.25, 0.14, 170)
			if got != tc.want {
				t.Errorf("FitCard = %v, want %v", got, tc.want)
			}
			if got > 0 {
				w := float64(tc.cols)*got*1.14 - 0.14*got
				h := float64(tc.rows)*got*1.39 - 0.14*got
				if w > tc.availW+0.5 || h > tc.avlH+0.5 {
					t.Errorf("fit %v gives %v×%v, beyond %v×%v", got, w, h, tc.availW, tc.avlH)
				}
			}
		})
	}
}

func TestGridCell(t *testing.T) {
	var e Extent
	e = e.Add(-3, -2).Add(3, 2)
	g := NewGrid(e, 10, 20, 100, 1.25, 0.1)
	tests := []struct {
		x, y   int
		px, py float64
	}{
		{-3, -2, 10, 20},
		{-2, -2, 120, 20},
		{0, 0, 340, 20 + 2*135},
		{3, 2, 10 + 6*110, 20 + 4*135},
	}
	for _, tc := range tests {
		px, py := g.Cell(tc.x, tc.y)
		if px != tc.px || py != tc.py {
			t.Errorf("Cell(%d, %d) = (%v, %v), want (%v, %v)", tc.x, tc.y, px, py, tc.px, tc.py)
		}
	}
	if g.Width() != 7*100+6*10 || g.Height() != 5*125+4*10 {
		t.Errorf("size %v×%v", g.Width(), g.Height())
	}
	if cx, cy := g.Center(-3, -2); cx != 60 || cy != 20+62.5 {
		t.Errorf("Center = (%v, %v)", cx, cy)
	}
}

// mono measures text as 10 pixels per rune.
func mono(s string) float64 { return float64(len([]rune(s))) * 10 }

func TestWrapText(t *testing.T) {
	tests := []struct {
		s     string
		width float64
		want  []string
	}{
		{"", 100, nil},
		{"   ", 100, nil},
		{"the Sea", 100, []string{"the Sea"}},
		{"the Chance Meeting", 100, []string{"the Chance", "Meeting"}},
		{"the Chance Meeting", 60, []string{"the", "Chance", "Meeting"}},
		{"the  Light   Keeper", 200, []string{"the Light Keeper"}},
		{"Extraordinarily long", 50, []string{"Extraordinarily", "long"}},
	}
	for _, tc := range tests {
		got := WrapText(mono, tc.s, tc.width)
		if !slices.Equal(got, tc.want) {
			t.Errorf("WrapText(%q, %v) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
}

func TestFitLines(t *testing.T) {
	at := func(size float64) func(string) float64 {
		return func(s string) float64 { return float64(len([]rune(s))) * size / 2 }
	}
	tests := []struct {
		s        string
		width    float64
		maxLines int
		lines    []string
		size     float64
	}{
		{"the Sea", 100, 2, []string{"the Sea"}, 20},
		{"the Chance Meeting", 100, 2, []string{"the Chance", "Meeting"}, 20},
		{"the Chance Meeting", 100, 1, []string{"the Chance Meeting"}, 11}, // shrinks to one line
		{"the Chance Meeting", 60, 1, []string{"the Chance …"}, 10},        // cut at min size
		{"a b c d e f", 20, 2, []string{"a b", "c d …"}, 10},
	}
	for _, tc := range tests {
		lines, size := fitLines(at, tc.s, tc.width, tc.maxLines, 20, 10)
		if size != tc.size {
			t.Errorf("fitLines(%q) size %v, want %v", tc.s, size, tc.size)
		}
		for _, ln := range lines {
			if at(size)(ln) > tc.width && !strings.HasSuffix(ln, "…") {
				t.Errorf("fitLines(%q): line %q too wide", tc.s, ln)
			}
		}
		if tc.lines != nil && len(lines) != len(tc.lines) {
			t.Errorf("fitLines(%q) = %q, want %q", tc.s, lines, tc.lines)
		}
	}
}

func TestTruncate(t *testing.T) {
	if got := truncate(mono, "the Sea", 100); got != "the Sea" {
		t.Errorf("fits: %q", got)
	}
	if got := truncate(mono, "the Chance Meeting", 60); got != "the C…" {
		t.Errorf("cut: %q", got)
	}
	if got := truncate(mono, "abc", 5); got != "…" {
		t.Errorf("nothing fits: %q", got)
	}
}

func TestRowTable(t *testing.T) {
	rt := RowTable{X: 10, Y: 100, HeadH: 40, RowH: 60, Cols: []Column{{Width: 100}, {Width: 50, Align: 0.5}, {Width: 80, Align: 1}}}
	if rt.Width() != 230 || rt.Height(3) != 220 {
		t.Fatalf("size %v, %v", rt.Width(), rt.Height(3))
	}
	if x, y, w, h := rt.Cell(-1, 1); x != 110 || y != 100 || w != 50 || h != 40 {
		t.Errorf("heading cell = %v %v %v %v", x, y, w, h)
	}
	if x, y, w, h := rt.Cell(2, 2); x != 160 || y != 100+40+120 || w != 80 || h != 60 {
		t.Errorf("cell = %v %v %v %v", x, y, w, h)
	}
	if a := rt.Anchor(2, 160, 80, 10); a != 230 {
		t.Errorf("right anchor = %v", a)
	}
}

func TestSigned(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", -7: "−7", -12: "−12"} {
		if got := Signed(n); got != want {
			t.Errorf("signed(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
