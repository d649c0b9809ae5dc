package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// maxGolden is the size above which a playthrough shows the views only at
// every k-th node (k a power of two), to keep goldens reviewable.
const maxGolden = 400_000

// Playthrough plays one seeded random game with every check of Run and
// compares a readable dump of it with the golden file (a path relative to
// the test's package directory, such as "testdata/basic.golden"). Each node
// shows who is to act, the spectator's and every seat's view as indented
// JSON, and the labelled legal actions of the seats to act; each action
// shows its key, label, public line and private lines; the end shows the
// Result. Run the test with -update to rewrite the golden. When the dump
// would exceed about 400 KB the views are printed only every k nodes (and
// at the last node), as the golden's header says.
func Playthrough[S any, A games.Action, V any](t *testing.T, g games.Game[S, A, V], opts games.Options, seats int, seed uint64, golden string) {
	t.Helper()
	norm, err := g.Info().Normalize(opts)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tracer{}
	if err := play(g, norm, seats, seed, mode{heavy: true, resamples: 3}, tr); err != nil {
		t.Fatal(err)
	}
	got := tr.render(fmt.Sprintf("%s playthrough: %d seats, options %s, seed %d", g.Info().ID, seats, optionsName(norm), seed))
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", golden, len(got))
		return
	}
	if err := compareGolden(golden, got); err != nil {
		t.Error(err)
	}
}

// compareGolden compares got with the golden file and explains a mismatch.
func compareGolden(path string, got []byte) error {
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("golden %s does not exist; run the test with -update to write it", path)
	}
	if err != nil {
		return err
	}
	if bytes.Equal(want, got) {
		return nil
	}
	return fmt.Errorf("%s is out of date (run the test with -update to rewrite it, then review the diff):\n%s",
		path, diffLines(string(want), string(got)))
}

// diffLines shows the first differing region of two texts: the common
// prefix and suffix are cut, and at most 20 lines of each side are shown
// with three lines of context.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	p := 0
	for p < len(w) && p < len(g) && w[p] == g[p] {
		p++
	}
	ew, eg := len(w), len(g)
	for ew > p && eg > p && w[ew-1] == g[eg-1] {
		ew--
		eg--
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (golden has %d lines, got %d)\n", p+1, len(w), len(g))
	for i := max(p-3, 0); i < p; i++ {
		fmt.Fprintf(&b, "  %s\n", w[i])
	}
	side := func(mark string, lines []string) {
		for i, l := range lines {
			if i == 20 {
				fmt.Fprintf(&b, "%s ... %d more lines\n", mark, len(lines)-20)
				break
			}
			fmt.Fprintf(&b, "%s %s\n", mark, l)
		}
	}
	side("-", w[p:ew])
	side("+", g[p:eg])
	for i := ew; i < min(ew+3, len(w)); i++ {
		fmt.Fprintf(&b, "  %s\n", w[i])
	}
	return b.String()
}

// tracer records a playout for a golden: one entry per node, with the
// views kept apart so that they can be thinned out.
type tracer struct {
	nodes []traced
	end   string
}

type traced struct {
	head  string // version and seats to act
	views string // every viewer's view
	rest  string // legal actions and the action taken
}

func (tr *tracer) node(n nodeText) {
	tr.nodes = append(tr.nodes, traced{head: n.head, views: n.views, rest: n.legal})
}

func (tr *tracer) step(st games.Step, label string) {
	var b strings.Builder
	who := st.Seat.String()
	if label != "" {
		fmt.Fprintf(&b, ">> %s plays %s %q\n", who, st.Key, label)
	} else {
		fmt.Fprintf(&b, ">> %s: %s\n", who, st.Key)
	}
	for _, e := range st.Events {
		if e.Public != "" {
			fmt.Fprintf(&b, "   public: %s\n", e.Public)
		}
		for _, s := range slices.Sorted(maps.Keys(e.Private)) {
			fmt.Fprintf(&b, "   private %s: %s\n", s, e.Private[s])
		}
		if e.Reveal {
			b.WriteString("   (reveal)\n")
		}
	}
	last := &tr.nodes[len(tr.nodes)-1]
	last.rest += b.String()
}

func (tr *tracer) result(res games.Result) {
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		b = []byte(err.Error())
	}
	tr.end = "== result\n" + string(b) + "\n"
}

// render lays the playout out, showing views at every k-th node where k is
// the smallest power of two that keeps the text under maxGolden.
func (tr *tracer) render(title string) []byte {
	for k := 1; ; k *= 2 {
		var b bytes.Buffer
		fmt.Fprintf(&b, "# %s\n", title)
		b.WriteString("# Written by gametest.Playthrough; rewrite with go test -update and review the diff.\n")
		if k > 1 {
			fmt.Fprintf(&b, "# Views are shown every %d nodes and at the last one, to keep this file small.\n", k)
		}
		for i, n := range tr.nodes {
			b.WriteString("\n" + n.head)
			if i%k == 0 || i == len(tr.nodes)-1 {
				b.WriteString(n.views)
			}
			b.WriteString(n.rest)
		}
		b.WriteString("\n" + tr.end)
		if b.Len() <= maxGolden || k >= len(tr.nodes) {
			return b.Bytes()
		}
	}
}

// nodeText is one node rendered as text.
type nodeText struct {
	head, views, legal string
}
