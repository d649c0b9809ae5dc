package gametest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Words checks a game's player text (log lines, labels, prompts, rules)
// for the slips a sweep of random games should never find: "(s)" plurals,
// and a number with a noun of the wrong number ("1 cards", "2 card").
type Words struct {
	// Nouns maps the game's countable nouns, singular to plural.
	Nouns map[string]string
	// Between is a regular expression of the words that may stand between
	// a number and its noun ("more|new|other"); "" allows none.
	Between string
	// MaxBetween is how many such words may stand there (at least 1 when
	// Between is set).
	MaxBetween int
}

var smallNumbers = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// Problems lists the wording faults of text, one line each.
func (w Words) Problems(text string) []string {
	var out []string
	if strings.Contains(text, "(s)") {
		out = append(out, "a (s) plural")
	}
	between := ""
	if w.Between != "" {
		between = fmt.Sprintf(`(?:(?:%s)\s+){0,%d}`, w.Between, max(w.MaxBetween, 1))
	}
	re := regexp.MustCompile(`(?i)\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+` + between + `([a-z-]+)\b`)
	plurals := map[string]bool{}
	for _, p := range w.Nouns {
		plurals[p] = true
	}
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = smallNumbers[strings.ToLower(m[1])]
		}
		word := strings.ToLower(m[2])
		plural, isSingular := w.Nouns[word]
		switch {
		case n == 1 && plurals[word] && !isSingular:
			out = append(out, fmt.Sprintf("%q: one with a plural", m[0]))
		case n != 1 && isSingular && plural != word:
			out = append(out, fmt.Sprintf("%q: %d with a singular", m[0], n))
		}
	}
	return out
}

// Sweep checks every text a played game shows players (public and
// private log lines, labels, prompts, result lines) with w, reporting each
// distinct text's faults once through t; seen is shared across the games
// of one sweep. A prompt must also stay under 600 characters.
func (w Words) Sweep(t testing.TB, g Played, seen map[string]bool) {
	t.Helper()
	check := func(where, text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		for _, p := range w.Problems(text) {
			t.Errorf("%s %q: %s", where, text, p)
		}
	}
	for _, st := range g.Steps {
		for _, e := range st.Events {
			check("log line", e.Public)
			for _, p := range e.Private {
				check("private line", p)
			}
		}
	}
	for _, l := range g.Labels {
		check("label", l)
	}
	for _, p := range g.Prompts {
		check("prompt", p)
		if len(p) >= 600 {
			t.Errorf("prompt of %d characters: %q", len(p), p)
		}
	}
	for _, l := range g.Result.Lines {
		check("result line", l)
	}
}
