package tapestry

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"spindle/games"
	"spindle/games/gametest"
	"spindle/games/internal/dice"
)

// logGame is one random game played to its end through the Game API: its
// final state, its steps with their events, and every label shown to a
// player on the way.
type logGame struct {
	s      State
	steps  []games.Step
	labels []string
	// prompts are the Prompt of every seat asked, by the ask's kind.
	prompts map[string][]string
	opts    games.Options
	seats   int
}

// playLogged plays a random game with the playout policy (Weights) for
// every seat, recording the events and, when labels is set, the label of
// every choice offered.
func playLogged(t testing.TB, seats int, o games.Options, seed uint64, labels bool) logGame {
	t.Helper()
	var lg logGame
	var hook func(*State, games.Seat, []Action)
	if labels {
		hook = func(s *State, seat games.Seat, l []Action) {
			g := Game{}
			v := g.View(s, seat)
			for _, x := range l {
				lg.labels = append(lg.labels, g.Label(v, x))
			}
			lg.prompts[s.Ask.Kind] = append(lg.prompts[s.Ask.Kind], g.Prompt(v))
		}
	}
	playHooked(t, seats, o, seed, hook, &lg)
	return lg
}

// playHooked is playLogged with a hook called before each player's
// choice (the state, the seat and its legal actions), the game recorded
// into lg.
func playHooked(t testing.TB, seats int, o games.Options, seed uint64, hook func(*State, games.Seat, []Action), lg *logGame) {
	t.Helper()
	g := Game{}
	s, opts := startGame(t, seats, o)
	*lg = logGame{opts: opts, seats: seats, prompts: map[string][]string{}}
	d := dice.Seeded(seed, 91)
	for step := 0; ; step++ {
		to := g.ToAct(&s)
		if len(to) == 0 {
			lg.s = s
			return
		}
		if step > g.Info().MaxActions {
			t.Fatalf("%d seats %v seed %d: no end after %d actions", seats, opts, seed, step)
		}
		seat := to[0]
		var a Action
		if seat == games.Chance {
			a = g.Sample(&s, d)
		} else {
			l := g.Legal(&s, seat)
			if hook != nil {
				hook(&s, seat, l)
			}
			a = l[games.PickWeighted(g.Weights(&s, seat, l), len(l), d.IntN)]
		}
		evs, err := g.Apply(&s, seat, a)
		if err != nil {
			t.Fatalf("%d seats %v seed %d step %d: %v", seats, opts, seed, step, err)
		}
		lg.steps = append(lg.steps, games.Step{Seat: seat, Key: a.K, Events: evs})
	}
}

// startGame starts a game of seats seats with the options o, normalized
// (the set-up still to deal), and returns it with the options it got.
func startGame(t testing.TB, seats int, o games.Options) (State, games.Options) {
	t.Helper()
	g := Game{}
	opts, err := g.Info().Normalize(o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(opts, seats)
	if err != nil {
		t.Fatal(err)
	}
	return s, opts
}

// randomGameOptions is the i-th game of the sweeps: seat counts 1 to 5,
// solo at every Automa level, civilizations on and off, adjustments on
// and off.
func randomGameOptions(i int) (int, games.Options) {
	seats := 1 + i%5
	o := games.Options{}
	if i/5%4 == 3 {
		o["civilizations"] = "none"
	}
	if i/5%2 == 1 {
		o["civ_adjustments"] = "off"
	}
	if seats == 1 {
		o["automa_level"] = fmt.Sprint(1 + i/5%6)
	}
	return seats, o
}

// TestScoresAddUpInTheLog plays random games (200 without -short) over 1
// to 5 seats, solo against the Automa at every level, with and without
// civilizations and their adjustments, and checks that the score clauses
// of the log add up exactly to each player's final score: every VP change
// is told, with its cause.
func TestScoresAddUpInTheLog(t *testing.T) {
	n := gametest.Scale(15, 200, 1000)
	start := time.Now()
	for i := range n {
		seats, o := randomGameOptions(i)
		lg := playLogged(t, seats, o, uint64(i), false)
		r, ok := Game{}.Result(&lg.s)
		if !ok {
			t.Fatalf("game %d: no result", i)
		}
		got := games.PointsInLog(lg.steps)
		for seat, want := range r.Scores {
			if got[games.Seat(seat)] != want {
				t.Errorf("game %d (%d seats, %v): the log adds up to %d VP for seat %d, the result says %d",
					i, seats, lg.opts, got[games.Seat(seat)], seat, want)
			}
		}
		if t.Failed() {
			return
		}
		if seats == 1 {
			// The Automa's VP are told by name.
			automa := 0
			re := regexp.MustCompile(`The Automa (\+|` + games.Minus + `)(\d+) VP`)
			for _, st := range lg.steps {
				for _, e := range st.Events {
					for _, m := range re.FindAllStringSubmatch(e.Public, -1) {
						var k int
						fmt.Sscan(m[2], &k)
						if m[1] == games.Minus {
							k = -k
						}
						automa += k
					}
				}
			}
			if want := lg.s.Players[Automa].VP; automa != want {
				t.Fatalf("game %d (level %s): the log gives the Automa %d VP, it has %d", i, lg.opts["automa_level"], automa, want)
			}
		}
	}
	t.Logf("%d games in %v", n, time.Since(start).Round(time.Millisecond))
}

// badWords are the slips of player text the sweep looks for: "(s)"
// plurals, "the The Chosen", a singular after a number above one and a
// plural after one.
var badWords = []*regexp.Regexp{
	regexp.MustCompile(`\(s\)`),
	regexp.MustCompile(`(?i)\bthe The `),
	regexp.MustCompile(`\b([2-9]|\d\d+) (worker|coin|card|tile|market|house|farm|armory|outpost|landmark|territory|resource|space|achievement|count)\b`),
	regexp.MustCompile(`\b1 (workers|coins|cards|tiles|markets|houses|farms|armories|outposts|landmarks|territories|resources|spaces|achievements|counts|foods|cultures)\b`),
}

// nounBefore lists the words a number's noun may qualify ("3 territory
// tiles", "2 tapestry cards"): a singular before one of them is right.
var nounBefore = regexp.MustCompile(`^ (tiles?|cards?|spaces?|tokens?)\b`)

// badWord returns the first slip of text, or "".
func badWord(text string) string {
	for _, re := range badWords {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if !nounBefore.MatchString(text[m[1]:]) {
				return text[m[0]:m[1]]
			}
		}
	}
	return ""
}

// TestPlayerTextWords sweeps the log lines, labels and look-ups of random
// games, the rules and the result lines for badWords.
func TestPlayerTextWords(t *testing.T) {
	for _, line := range strings.Split(manual, "\n") {
		if m := badWord(line); m != "" {
			t.Errorf("rules.md: %q in %q", m, line)
		}
	}
	for _, e := range (Game{}).Entries() {
		if m := badWord(e.Text); m != "" {
			t.Errorf("look-up %s %q: %q in %q", e.Kind, e.Name, m, e.Text)
		}
	}
	n := gametest.Scale(5, 20, 100)
	seen := map[string]bool{}
	check := func(i int, what, text string) {
		if m := badWord(text); m != "" && !seen[text] {
			seen[text] = true
			t.Errorf("game %d, %s: %q in %q", i, what, m, text)
		}
	}
	for i := range n {
		seats, o := randomGameOptions(i * 3)
		lg := playLogged(t, seats, o, uint64(1000+i), true)
		for _, st := range lg.steps {
			for _, e := range st.Events {
				check(i, "log", e.Public)
				for _, p := range e.Private {
					check(i, "private log", p)
				}
			}
		}
		for _, l := range lg.labels {
			check(i, "label", l)
			text, detail := games.SplitDetail(l)
			if utf8.RuneCountInString(text) > maxLabel || utf8.RuneCountInString(games.FillPlain(detail, nil)) > 100 {
				t.Errorf("game %d: label %q is too long for its button or its detail line", i, l)
			}
		}
		r, _ := Game{}.Result(&lg.s)
		for _, l := range r.Lines {
			check(i, "result", l)
		}
		for _, ps := range lg.prompts {
			for _, p := range ps {
				check(i, "prompt", p)
			}
		}
	}
}

// TestPrompt checks the panel's context line over random games: short,
// the conquer dice's faces told at the die choice, an income turn named
// at its decisions (and a forced one said to be forced), the
// civilization's ability once the seat has one.
func TestPrompt(t *testing.T) {
	n := gametest.Scale(4, 20, 100)
	forced, dice, income := 0, 0, 0
	for i := range n {
		seats, o := randomGameOptions(i*7 + 1)
		lg := playLogged(t, seats, o, uint64(2000+i), true)
		for kind, ps := range lg.prompts {
			for _, p := range ps {
				if utf8.RuneCountInString(p) >= 600 {
					t.Fatalf("game %d, %s: a prompt of %d characters: %q", i, kind, utf8.RuneCountInString(p), p)
				}
				if kind == "die" {
					dice++
					if !strings.Contains(p, "red gives ") || !strings.Contains(p, "black gives ") {
						t.Errorf("game %d: the die choice's prompt %q does not tell the faces", i, p)
					}
				}
				if kind == "play" && strings.Contains(p, "Income turn ") {
					income++
				}
				if strings.Contains(p, "could not advance") {
					forced++
				}
			}
		}
		for _, st := range lg.steps {
			for _, e := range st.Events {
				if strings.Contains(e.Public, "cannot advance on any track: income turn") {
					forced++
				}
			}
		}
	}
	if dice == 0 || income == 0 || forced == 0 {
		t.Errorf("in %d games: %d die choices, %d card plays of an income turn, %d forced income turns", n, dice, income, forced)
	}
}

// TestPromptCivilization: a seat's prompt names its civilization's
// ability; a spectator's is empty.
func TestPromptCivilization(t *testing.T) {
	lg := playLogged(t, 3, games.Options{}, 5, false)
	for seat := range 3 {
		v := Game{}.View(&lg.s, games.Seat(seat))
		c := int(lg.s.Players[seat].Civs[0].Civ)
		if p := (Game{}).Prompt(v); !strings.Contains(p, capital(theCiv(c))+": ") {
			t.Errorf("seat %d with %s: prompt %q", seat, Civs[c].Name, p)
		}
	}
	if p := (Game{}).Prompt(Game{}.View(&lg.s, games.Spectator)); p != "" {
		t.Errorf("a spectator's prompt: %q", p)
	}
	for b, line := range civOneLine {
		if CivIndex(civByBespoke(b)) < 0 || utf8.RuneCountInString(line) > 140 {
			t.Errorf("civilization line %q: %q", b, line)
		}
	}
}

// civByBespoke is the name of the civilization with routine b.
func civByBespoke(b string) string {
	for _, c := range Civs {
		if c.Bespoke == b {
			return c.Name
		}
	}
	return ""
}

// TestFitLabel: a text too long for a button is cut at a word, the rest
// going to the detail line, and no word is cut in two.
func TestFitLabel(t *testing.T) {
	long := "Choose one: gain 1 resource of your choice; or upgrade one of your tech cards and then score 3 VP per landmark you own"
	text, detail := games.SplitDetail(fitLabel(long))
	if utf8.RuneCountInString(text) > maxLabel || utf8.RuneCountInString(detail) > maxDetail {
		t.Fatalf("fitLabel(%q) = %q / %q", long, text, detail)
	}
	words := strings.Fields(long)
	for _, w := range strings.Fields(strings.NewReplacer("…", " ").Replace(text + " " + detail)) {
		if !slices.Contains(words, w) {
			t.Errorf("%q is not a word of %q", w, long)
		}
	}
	if short := "Keep red: 7 VP"; fitLabel(short) != short {
		t.Errorf("fitLabel changed %q", short)
	}
	if got := clip("upgrade one of your tech cards", 18); got != "upgrade one of…" {
		t.Errorf("clip = %q", got)
	}
}
