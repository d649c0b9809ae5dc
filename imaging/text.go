package imaging

import (
	"strconv"
	"strings"
)

// WrapText breaks s into lines no wider than width according to measure,
// breaking only at spaces. A single word wider than width gets a line of its
// own; runs of spaces collapse. An empty or blank s gives no lines.
func WrapText(measure func(string) float64, s string, width float64) []string {
	words := strings.Fields(s)
	var lines []string
	cur := ""
	for _, w := range words {
		if cur == "" {
			cur = w
			continue
		}
		if try := cur + " " + w; measure(try) <= width {
			cur = try
			continue
		}
		lines = append(lines, cur)
		cur = w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// fitSize returns the largest whole size from size down to minSize at which
// width(size) <= maxW, or minSize if none fits.
func fitSize(width func(size float64) float64, maxW, size, minSize float64) float64 {
	for ; size > minSize; size-- {
		if width(size) <= maxW {
			return size
		}
	}
	return minSize
}

// fitLines wraps s at the largest whole size from size down to minSize that
// gives at most maxLines lines, each no wider than width. When even minSize
// does not fit, the lines are cut to maxLines and the last (or any too wide)
// line ends in an ellipsis.
func fitLines(measureAt func(size float64) func(string) float64, s string, width float64, maxLines int, size, minSize float64) ([]string, float64) {
	if maxLines < 1 {
		maxLines = 1
	}
	for sz := size; ; sz-- {
		if sz < minSize {
			sz = minSize
		}
		m := measureAt(sz)
		lines := WrapText(m, s, width)
		fits := len(lines) <= maxLines
		for _, ln := range lines {
			if m(ln) > width {
				fits = false
			}
		}
		if fits {
			return lines, sz
		}
		if sz == minSize {
			if len(lines) > maxLines {
				lines = lines[:maxLines]
				lines[maxLines-1] += " …"
			}
			for i, ln := range lines {
				if m(ln) > width {
					lines[i] = truncate(m, ln, width)
				}
			}
			return lines, sz
		}
	}
}

// truncate shortens s rune by rune until s plus an ellipsis fits in width.
func truncate(measure func(string) float64, s string, width float64) string {
	if measure(s) <= width {
		return s
	}
	r := []rune(strings.TrimSuffix(s, " …"))
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ") + "…"
		if measure(t) <= width {
			return t
		}
	}
	return "…"
}

// Ordinal writes n as an English ordinal: 1st, 2nd, 3rd, 4th…
func Ordinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return strconv.Itoa(n) + "th"
	}
	switch n % 10 {
	case 1:
		return strconv.Itoa(n) + "st"
	case 2:
		return strconv.Itoa(n) + "nd"
	case 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}

// Signed formats n with a true minus sign.
func Signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
