package imagingtest

import (
	"image"
	"strings"
	"testing"

	"spindle/imaging"
)

// Discord shows a picture about DesktopW pixels wide on a desktop and about
// PhoneW on a phone; body text must then be at least MinAtDesktop and
// MinAtPhone pixels tall, and a PNG at most MaxPNGBytes.
const (
	DesktopW     = 520
	PhoneW       = 350
	MinAtDesktop = 9.0
	MinAtPhone   = 7.0
	MaxPNGBytes  = 300_000
)

// Measurement is what a test learns of one rendered golden picture.
type Measurement struct {
	Name    string
	W, H    int
	Bytes   int
	MinText float64 // the smallest text drawn, in image pixels
	MinMark float64 // the smallest letter inside a mark (Canvas.MarkText)
}

// At is the smallest text as shown width pixels wide.
func (m Measurement) At(width float64) float64 {
	return m.MinText * width / float64(m.W)
}

// Measure renders g and measures it: size, PNG bytes and the smallest text
// drawn on any canvas of the render.
func Measure(t testing.TB, g Golden) Measurement {
	t.Helper()
	var canvases []*imaging.Canvas
	stop := imaging.WatchCanvases(func(c *imaging.Canvas) { canvases = append(canvases, c) })
	img, err := g.Draw()
	stop()
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	defer imaging.Release(img)
	m := Measurement{Name: g.Name, W: img.Bounds().Dx(), H: img.Bounds().Dy()}
	for _, c := range canvases {
		text, mark := c.SmallestText()
		if text > 0 && (m.MinText == 0 || text < m.MinText) {
			m.MinText = text
		}
		if mark > 0 && (m.MinMark == 0 || mark < m.MinMark) {
			m.MinMark = mark
		}
	}
	png, err := imaging.PNG(img)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	m.Bytes = len(png)
	return m
}

// Known lists a package's pictures that still break a rule, with what was
// measured when they were listed. A picture here is a known gap, not a
// pass: a check fails when it gets worse, and when it is fixed but still
// listed (take it off).
type Known struct {
	// SmallAtPhone is the smallest text, at PhoneW wide, of pictures under
	// MinAtPhone.
	SmallAtPhone map[string]float64
	// BigPNG is the size of pictures over MaxPNGBytes.
	BigPNG map[string]int
}

// CheckPictures measures every golden and checks the house rules of a
// picture: text readable on a desktop (no exceptions) and on a phone, a
// PNG within MaxPNGBytes, and one width for every Table picture and every
// Scoring picture of the game (named <game>_<fixture>_table or _scoring),
// so the picture does not jump in size from move to move.
func CheckPictures(t *testing.T, goldens []Golden, known Known) {
	t.Helper()
	widths := map[string]map[int][]string{}
	for _, g := range goldens {
		m := Measure(t, g)
		t.Logf("%-22s %5d×%-5d %7d B  min text %5.1f px  at %d: %5.2f px  at %d: %5.2f px  (mark letters %4.1f px)",
			m.Name, m.W, m.H, m.Bytes, m.MinText, DesktopW, m.At(DesktopW), PhoneW, m.At(PhoneW), m.MinMark)
		if m.MinText > 0 && m.At(DesktopW) < MinAtDesktop {
			t.Errorf("%s: smallest text %.1f px on %d px is %.2f px at %d wide, want ≥ %.0f", m.Name, m.MinText, m.W, m.At(DesktopW), DesktopW, MinAtDesktop)
		}
		small, listed := known.SmallAtPhone[m.Name]
		phone := m.At(PhoneW)
		switch {
		case m.MinText == 0:
		case phone >= MinAtPhone && listed:
			t.Errorf("%s now reads at %.2f px at %d wide: take it off SmallAtPhone", m.Name, phone, PhoneW)
		case phone < MinAtPhone && !listed:
			t.Errorf("%s: smallest text %.1f px on %d px is %.2f px at %d wide, want ≥ %.0f", m.Name, m.MinText, m.W, phone, PhoneW, MinAtPhone)
		case listed && phone < small-0.01:
			t.Errorf("%s: smallest text %.2f px at %d wide, worse than the listed %.2f", m.Name, phone, PhoneW, small)
		}
		big, listed := known.BigPNG[m.Name]
		switch {
		case m.Bytes <= MaxPNGBytes && listed:
			t.Errorf("%s: PNG is now %d bytes: take it off BigPNG", m.Name, m.Bytes)
		case m.Bytes > MaxPNGBytes && !listed:
			t.Errorf("%s: PNG is %d bytes, more than %d", m.Name, m.Bytes, MaxPNGBytes)
		case listed && m.Bytes > big+big/20:
			t.Errorf("%s: PNG is %d bytes, worse than the listed %d", m.Name, m.Bytes, big)
		}
		prefix, rest, _ := strings.Cut(g.Name, "_")
		for _, kind := range []string{"table", "scoring"} {
			if strings.HasSuffix(rest, "_"+kind) {
				key := prefix + " " + kind
				if widths[key] == nil {
					widths[key] = map[int][]string{}
				}
				widths[key][m.W] = append(widths[key][m.W], g.Name)
			}
		}
	}
	for key, ws := range widths {
		if len(ws) > 1 {
			t.Errorf("%s pictures vary in width: %v", key, ws)
		}
	}
}

// Drawn wraps a layout and its arguments as a Golden's Draw.
func Drawn[V any](layout func(V, imaging.Options) (image.Image, error), v V, opt imaging.Options) func() (image.Image, error) {
	return func() (image.Image, error) { return layout(v, opt) }
}

// AINames are display names as long as the bot's own players get ("Spindle
// AI (normal)"), one per seat, for CheckNamesWhole.
var AINames = []string{"Spindle AI (normal)", "Spindle AI (hard)", "Spindle AI (easy)", "Spindle AI (normal)", "Spindle AI (hard)", "Spindle AI (easy)"}

// CheckNamesWhole renders every golden and fails for each text cut short
// with an ellipsis (Canvas.CutTexts) that loses one of names: a player's
// name must always show whole.
func CheckNamesWhole(t *testing.T, goldens []Golden, names []string) {
	t.Helper()
	for _, g := range goldens {
		var canvases []*imaging.Canvas
		stop := imaging.WatchCanvases(func(c *imaging.Canvas) { canvases = append(canvases, c) })
		img, err := g.Draw()
		stop()
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		imaging.Release(img)
		for _, c := range canvases {
			for _, s := range c.CutTexts() {
				for _, n := range names {
					if strings.Contains(s.Whole, n) && !strings.Contains(s.Shown, n) {
						t.Errorf("%s: %q is cut to %q, losing the name %q", g.Name, s.Whole, s.Shown, n)
						break
					}
				}
			}
		}
	}
}
