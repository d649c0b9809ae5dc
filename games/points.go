package games

import (
	"regexp"
	"strconv"
	"strings"
)

// Score lines.
//
// Every change to a player's score during play is told in the log, with its
// cause, in one shape that players read and tests add up:
//
//	{{p0}} +7 VP (kept the red die)
//	{{p1}} −2 points (unfinished project)
//
// That is: the player's name token, a space, a sign ("+", or the minus sign
// "−" U+2212), the amount, a space, the game's unit ("VP", "point" or
// "points"), and the cause in brackets. Points builds such a clause and
// PointsIn finds every one of them in a line, so a test can check that the
// log of a whole game adds up exactly to Result.Scores. A line may hold
// several clauses (end scoring lists them), and other text around them.

// Minus is the sign of a lost score in a score line (U+2212), which reads
// better than a hyphen beside a number.
const Minus = "−"

// Points returns the score clause for seat gaining n (or losing -n) of
// unit ("VP" or "points"; "points" becomes "point" for one), for cause.
func Points(seat Seat, n int, unit, cause string) string {
	sign := "+"
	if n < 0 {
		sign, n = Minus, -n
	}
	if unit == "points" && n == 1 {
		unit = "point"
	}
	s := Name(seat) + " " + sign + strconv.Itoa(n) + " " + unit
	if cause != "" {
		s += " (" + cause + ")"
	}
	return s
}

var pointsRE = regexp.MustCompile(`\{\{p(\d+)\}\} (\+|` + Minus + `)(\d+) (VP|points?)\b`)

// PointsIn returns the score changes the score clauses of line state, by
// seat (a seat named twice has its changes added).
func PointsIn(line string) map[Seat]int {
	if !strings.Contains(line, nameClose+" ") {
		return nil
	}
	var out map[Seat]int
	for _, m := range pointsRE.FindAllStringSubmatch(line, -1) {
		seat, err1 := strconv.Atoi(m[1])
		n, err2 := strconv.Atoi(m[3])
		if err1 != nil || err2 != nil {
			continue
		}
		if m[2] == Minus {
			n = -n
		}
		if out == nil {
			out = map[Seat]int{}
		}
		out[Seat(seat)] += n
	}
	return out
}

// PointsInLog adds up the score clauses of every public line of steps, by
// seat.
func PointsInLog(steps []Step) map[Seat]int {
	out := map[Seat]int{}
	for _, st := range steps {
		for _, e := range st.Events {
			for s, n := range PointsIn(e.Public) {
				out[s] += n
			}
		}
	}
	return out
}

// DetailSep separates a choice label's text from its detail: a label
// "Invent Steam Engine\nGain 2 coins; upgraded: +3 VP" shows its text on the
// button or menu entry and its detail under it (a select option's
// description, a line of the panel for a button), so a long effect is
// never cut off mid-word on a button.
const DetailSep = "\n"

// WithDetail joins a label's text and its detail ("" adds nothing).
func WithDetail(text, detail string) string {
	if detail == "" {
		return text
	}
	return text + DetailSep + detail
}

// SplitDetail splits a label into its text and its detail.
func SplitDetail(label string) (text, detail string) {
	text, detail, _ = strings.Cut(label, DetailSep)
	return text, detail
}
