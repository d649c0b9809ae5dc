package tapestry

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

var (
	heldRE   = regexp.MustCompile(`you control (\d+), then (\d+)`)
	upToRE   = regexp.MustCompile(`: up to (\d+) VP$`)
	rotVPRE  = regexp.MustCompile(`→ (\d+) VP$`)
	achVPRE  = regexp.MustCompile(`\((\d+) VP\)`)
	plusVPRE = regexp.MustCompile(`, \+(\d+) VP$`)
)

// TestHexLabelsSayWhatTheyGive plays random games (solo and with two to
// four seats) and, at every conquest and exploration a player is asked
// to place, checks each hex's label against what choosing it does: a
// conquest names the outpost it topples (and only then), its prompt counts
// the territories held before and after, and it names the middle's achievement
// while it pays; an exploration's "up to N VP" is the best of the
// rotations asked next.
func TestHexLabelsSayWhatTheyGive(t *testing.T) {
	g := Game{}
	n := gametest.Scale(6, 24, 60)
	conquests, explorations := 0, 0
	check := func(s *State, seat games.Seat, l []Action) {
		switch s.Ask.Kind {
		case "conquer_hex":
			conquests++
			checkConquerLabels(t, g, s, seat, l)
		case "explore_hex":
			explorations++
			checkExploreLabels(t, g, s, seat, l)
		}
	}
	for i := range n {
		seats := 1 + i%4
		o := games.Options{}
		if seats == 1 {
			o["automa_level"] = strconv.Itoa(1 + i%6)
		}
		var lg logGame
		playHooked(t, seats, o, uint64(i), check, &lg)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d conquests and %d explorations checked", conquests, explorations)
	if conquests == 0 || explorations == 0 {
		t.Fatalf("the games asked %d conquests and %d explorations: nothing checked", conquests, explorations)
	}
}

// checkConquerLabels checks a conquest's hex labels against the map.
func checkConquerLabels(t *testing.T, g Game, s *State, seat games.Seat, l []Action) {
	t.Helper()
	v := g.View(s, seat)
	held := s.Controlled(int(seat))
	if m := heldRE.FindStringSubmatch(g.Prompt(v)); m == nil || m[1] != strconv.Itoa(held) || m[2] != strconv.Itoa(held+1) {
		t.Errorf("the prompt %q, but the seat holds %d territories", g.Prompt(v), held)
	}
	for _, a := range l {
		lab := g.Label(v, a)
		text, detail := games.SplitDetail(lab)
		h := hexOf(t, a.K)
		tr := s.Terr(h)
		def := tr.Controller()
		if topples := def >= 0 && def != int(seat); topples != strings.Contains(text, "topple") {
			t.Errorf("%s: %q, but the hex is held by seat %d", a.K, lab, def)
		}
		if !strings.HasPrefix(text, fmt.Sprintf("Hex %d,%d: ", h.A, h.B)) {
			t.Errorf("%s: %q does not name the hex", a.K, lab)
		}
		if strings.Contains(lab, "…") {
			t.Errorf("%s: %q is cut", a.K, lab)
		}
		sum := 0
		for _, m := range achVPRE.FindAllStringSubmatch(detail, -1) {
			n, _ := strconv.Atoi(m[1])
			sum += n
		}
		if m := plusVPRE.FindStringSubmatch(text); (m == nil) != (sum == 0) || m != nil && m[1] != strconv.Itoa(sum) {
			t.Errorf("%s: %q does not add up its achievements", a.K, lab)
		}
		if strings.Contains(detail, "Trap") && !strings.Contains(text, "topple") {
			t.Errorf("%s: %q warns of a Trap where nothing is attacked", a.K, lab)
		}
		pays := tr.Middle && !s.Players[seat].Achieved[2]
		if pays != strings.Contains(detail, "the middle island") && len(s.Claims[2]) < 3 {
			t.Errorf("%s: %q (middle %v, achieved %v)", a.K, lab, tr.Middle, s.Players[seat].Achieved[2])
		}
	}
}

// checkExploreLabels checks that each hex's "up to N VP" is the best
// rotation the next ask offers there.
func checkExploreLabels(t *testing.T, g Game, s *State, seat games.Seat, l []Action) {
	t.Helper()
	v := g.View(s, seat)
	for _, a := range l {
		text, _ := games.SplitDetail(g.Label(v, a))
		want := 0
		if m := upToRE.FindStringSubmatch(text); m != nil {
			want, _ = strconv.Atoi(m[1])
		} else if !strings.HasSuffix(text, ": no VP") {
			t.Errorf("%s: %q gives no VP figure", a.K, text)
			continue
		}
		c := s.Clone()
		if _, err := g.Apply(&c, seat, a); err != nil {
			t.Fatal(err)
		}
		if c.Ask == nil || int(c.Ask.Seat) != int(seat) || !strings.HasPrefix(c.Ask.Opts[0], "rot:") {
			continue // a single rotation is played at once
		}
		cv := g.View(&c, seat)
		best := -1
		for _, k := range c.Ask.Opts {
			rt, _ := games.SplitDetail(g.Label(cv, Action{k}))
			if m := rotVPRE.FindStringSubmatch(rt); m != nil {
				n, _ := strconv.Atoi(m[1])
				best = max(best, n)
			}
		}
		if best != want {
			t.Errorf("%s: %q, but the best rotation scores %d", a.K, text, best)
		}
	}
}

// hexOf reads the hex of a "hex:a@b" key.
func hexOf(t *testing.T, k string) Hex {
	t.Helper()
	x, y, ok := strings.Cut(strings.TrimPrefix(k, "hex:"), "@")
	xi, err1 := strconv.Atoi(x)
	yi, err2 := strconv.Atoi(y)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("%q is not a hex key", k)
	}
	return Hex{int8(xi), int8(yi)}
}
