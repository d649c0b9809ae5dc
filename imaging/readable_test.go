package imaging

import (
	"strings"
	"testing"
)

// Discord shows a picture about discordW pixels wide on desktop; body text
// must then be at least minTextAt520 pixels tall.
const (
	discordW     = 520
	minTextAt520 = 9.0
	maxPNGBytes  = 300_000
)

// measure is what a test learns of one rendered golden picture.
type measure struct {
	name     string
	w, h     int
	bytes    int
	minText  float64 // smallest text size drawn, in image pixels
	minAt520 float64 // minText as shown discordW pixels wide
	minMark  float64 // smallest letter inside a mark (Canvas.MarkText)
}

// measureGolden renders g and measures it: size, PNG bytes and the
// smallest text drawn on any canvas of the render.
func measureGolden(t *testing.T, g Golden) measure {
	t.Helper()
	var canvases []*Canvas
	canvasHook = func(c *Canvas) { canvases = append(canvases, c) }
	img, err := g.Draw()
	canvasHook = nil
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	defer Release(img)
	m := measure{name: g.Name, w: img.Bounds().Dx(), h: img.Bounds().Dy()}
	for _, c := range canvases {
		if c.minText > 0 && (m.minText == 0 || c.minText < m.minText) {
			m.minText = c.minText
		}
		if c.minMark > 0 && (m.minMark == 0 || c.minMark < m.minMark) {
			m.minMark = c.minMark
		}
	}
	png, err := PNG(img)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	m.bytes = len(png)
	m.minAt520 = m.minText * discordW / float64(m.w)
	return m
}

// allGoldens lists every golden picture of the package.
func allGoldens(t *testing.T) []Golden {
	var all []Golden
	for _, gs := range [][]Golden{wwGoldens(t), scGoldens(t), rtGoldens(t), arGoldens(t), tpGoldens(t), tpCivGoldens(t), chartGoldens(t)} {
		all = append(all, gs...)
	}
	return all
}

// measureAll renders and measures every golden picture, logging a table.
func measureAll(t *testing.T) []measure {
	t.Helper()
	var out []measure
	for _, g := range allGoldens(t) {
		m := measureGolden(t, g)
		t.Logf("%-20s %5d×%-5d %7d B  min text %5.1f px  at 520: %5.2f px  (mark letters %4.1f px)", m.name, m.w, m.h, m.bytes, m.minText, m.minAt520, m.minMark)
		out = append(out, m)
	}
	return out
}

// tooSmallAt520 lists the pictures that still break the readability rule,
// with the smallest text size at 520 px measured when they were listed.
// A picture here is a known gap, not a pass: fix it and take it off.
var tooSmallAt520 = map[string]float64{}

func TestReadableAt520(t *testing.T) {
	for _, m := range measureAll(t) {
		known, listed := tooSmallAt520[m.name]
		switch {
		case m.minText == 0:
			// No text at all.
		case m.minAt520 >= minTextAt520 && listed:
			t.Errorf("%s now reads at %.2f px at 520 wide: take it off tooSmallAt520", m.name, m.minAt520)
		case m.minAt520 < minTextAt520 && !listed:
			t.Errorf("%s: smallest text %.1f px on %d px is %.2f px at 520 wide, want ≥ %.0f", m.name, m.minText, m.w, m.minAt520, minTextAt520)
		case listed && m.minAt520 < known-0.01:
			t.Errorf("%s: smallest text %.2f px at 520 wide, worse than the listed %.2f", m.name, m.minAt520, known)
		}
	}
}

// tooBigPNG lists the pictures whose PNG is still over maxPNGBytes, with
// the size measured when they were listed.
var tooBigPNG = map[string]int{}

func TestPNGSize(t *testing.T) {
	for _, m := range measureAll(t) {
		known, listed := tooBigPNG[m.name]
		switch {
		case m.bytes <= maxPNGBytes && listed:
			t.Errorf("%s: PNG is now %d bytes: take it off tooBigPNG", m.name, m.bytes)
		case m.bytes > maxPNGBytes && !listed:
			t.Errorf("%s: PNG is %d bytes, more than %d", m.name, m.bytes, maxPNGBytes)
		case listed && m.bytes > known+known/20:
			t.Errorf("%s: PNG is %d bytes, worse than the listed %d", m.name, m.bytes, known)
		}
	}
}

// widthVaries lists the pictures whose width still varies.
var widthVaries = map[string]bool{}

// TestTableWidthStable checks that each game's Table (and Scoring) picture
// has one width across the fixtures, so the picture does not jump in size
// from move to move.
func TestTableWidthStable(t *testing.T) {
	widths := map[string]map[int][]string{}
	for _, g := range allGoldens(t) {
		prefix, rest, _ := strings.Cut(g.Name, "_")
		var kind string
		switch {
		case strings.HasSuffix(rest, "_table"):
			kind = "table"
		case strings.HasSuffix(rest, "_scoring"):
			kind = "scoring"
		default:
			continue
		}
		img, err := g.Draw()
		if err != nil {
			t.Fatal(err)
		}
		key := prefix + " " + kind
		if widths[key] == nil {
			widths[key] = map[int][]string{}
		}
		widths[key][img.Bounds().Dx()] = append(widths[key][img.Bounds().Dx()], g.Name)
		Release(img)
	}
	for key, ws := range widths {
		if len(ws) > 1 && !widthVaries[key] {
			t.Errorf("%s pictures vary in width: %v", key, ws)
		}
	}
}
