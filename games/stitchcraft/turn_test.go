package stitchcraft

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// setting is one mode, seat count and Pattern for random games.
type setting struct {
	opts  games.Options
	seats int
}

// settings lists every mode at every seat count it allows, each under one
// of the Patterns in turn.
func settings() []setting {
	var out []setting
	i := 0
	for _, m := range Modes {
		lo, hi := m.seatRange()
		for n := lo; n <= hi; n++ {
			out = append(out, setting{games.Options{"mode": string(m), "pattern": string(Patterns[i%len(Patterns)])}, n})
			i++
		}
	}
	return out
}

// randomGame plays one game of uniformly random choices from seed and
// returns the table and its whole log, the opening chance steps included.
// Every label of every legal list is handed to label when it is not nil.
func randomGame(t *testing.T, st setting, seed uint64, label func(string)) (games.Table, []games.Step) {
	t.Helper()
	tb, log, err := games.Bind(Game{}).New(st.opts, st.seats, [2]uint64{seed, seed + 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	for !tb.Over() {
		ta := tb.ToAct()
		seat := ta[r.IntN(len(ta))]
		legal := tb.Legal(seat)
		if label != nil {
			for _, c := range legal {
				label(c.Label)
			}
		}
		steps, err := tb.Play(seat, tb.Version(), legal[r.IntN(len(legal))].Key)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, steps...)
	}
	return tb, log
}

// TestScoreLinesAddUp: Crowd Favor is Stitchcraft's only score, kept in
// Crowd Favorite; there the score clauses of the log add up to each
// seat's final Favor, Result.Scores. Every other mode is a race to a
// winning Showcase: its Result has no Scores and its log no score clause.
// Random games cover every mode at every seat count.
func TestScoreLinesAddUp(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 50
	}
	sets := settings()
	crowd := 0
	for i := range n {
		st := sets[i%len(sets)]
		tb, log := randomGame(t, st, uint64(i), nil)
		r, _ := tb.Result()
		got := games.PointsInLog(log)
		if st.opts["mode"] != string(Crowd) {
			if r.Scores != nil || len(got) != 0 {
				t.Fatalf("game %d (%v, %d seats): scores %v, log points %v", i, st.opts, st.seats, r.Scores, got)
			}
			continue
		}
		crowd++
		if len(r.Scores) != st.seats {
			t.Fatalf("game %d: Crowd Favorite result without scores: %+v", i, r)
		}
		for seat, want := range r.Scores {
			if got[games.Seat(seat)] != want {
				t.Fatalf("game %d (%d seats): the log gives %s %d points, the result %d", i, st.seats, games.Seat(seat), got[games.Seat(seat)], want)
			}
		}
	}
	if crowd == 0 {
		t.Fatal("no Crowd Favorite game was played")
	}
}

// badWords are the slips of grammar no log line or label may make: "(s)"
// plurals, a number with the wrong form of its noun, a doubled article.
var badWords = regexp.MustCompile(`\(s\)|\b1 (cards|points|actions|Tapestries|players)\b|\b([02-9]|\d\d+) (card|point|action|Tapestry|player)\b|\b[Tt]he [Tt]he\b`)

// TestWords sweeps the log lines, labels and prompts of random games in
// every mode for badWords.
func TestWords(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 15
	}
	seen := map[string]bool{}
	check := func(where, text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		if m := badWords.FindString(text); m != "" {
			t.Errorf("%s %q says %q", where, text, m)
		}
	}
	sets := settings()
	for i := range n {
		tb, log := randomGame(t, sets[i%len(sets)], uint64(500+i), func(l string) { check("label", l) })
		for _, st := range log {
			for _, e := range st.Events {
				check("public line", e.Public)
				for _, p := range e.Private {
					check("private line", p)
				}
			}
		}
		for seat := range tb.Seats() {
			check("prompt", tb.Prompt(games.Seat(seat)))
		}
	}
	for _, s := range []string{"1 cards", "2 action", "the The", "card(s)"} {
		if !badWords.MatchString(s) {
			t.Errorf("badWords misses %q", s)
		}
	}
}

// TestPromptWindow: a reaction window says what was revealed, what it
// does, and what reacting would do, or that only passing is possible.
func TestPromptWindow(t *testing.T) {
	s := fixture(t, opts(Loom), 2)
	s.Players[0].Display = faces("R")
	s.Players[1].Display = faces("KP")
	do(t, s, 0, "reveal:D1")
	got := Game{}.Prompt(Game{}.View(s, 1))
	want := "{{p0}} reveals D1, Red (Reed): Peek at an opponent's top two Chest cards; put one of them on the bottom. " +
		"React with your Purple D2 (Moths) to cancel it (both cards go to their owners' Scrap Piles), or pass."
	if got != want {
		t.Errorf("window prompt\n got %q\nwant %q", got, want)
	}
	if p := (Game{}).Prompt(Game{}.View(s, 0)); p != "" {
		t.Errorf("the revealer, waiting, is prompted %q", p)
	}
	s = fixture(t, opts(Attrition), 2)
	s.Players[0].Display = faces("R")
	s.Players[1].Display = faces("K")
	do(t, s, 0, "reveal:D1")
	if p := (Game{}).Prompt(Game{}.View(s, 1)); !strings.HasSuffix(p, "You hold no face-down Purple, so you can only pass.") || !strings.Contains(p, "Pilfer") {
		t.Errorf("prompt without a Purple %q", p)
	}
	// A reaction to a reaction names both.
	s = fixture(t, opts(Loom), 2)
	s.Players[0].Display = faces("RP")
	s.Players[1].Display = faces("P")
	do(t, s, 0, "reveal:D1")
	do(t, s, 1, "react")
	if p := (Game{}).Prompt(Game{}.View(s, 0)); !strings.HasPrefix(p, "{{p1}} reacts with D1, Purple (Moths), to cancel {{p0}}'s Red. React with your Purple D2") {
		t.Errorf("prompt against a reaction %q", p)
	}
}

// TestPromptTurnAndModes: the turn, a power's choice and the standing
// facts of the modes.
func TestPromptTurnAndModes(t *testing.T) {
	s := fixture(t, opts(Loom), 2)
	if p := (Game{}).Prompt(Game{}.View(s, 0)); p != "Your turn: 2 actions left. Play a hand card face down, or reveal one of your Display." {
		t.Errorf("turn prompt %q", p)
	}
	s.Players[0].Display = faces("G")
	s.Players[0].Chest = "RBY" + s.Players[0].Chest
	do(t, s, 0, "reveal:D1")
	if p := (Game{}).Prompt(Game{}.View(s, 0)); !strings.HasPrefix(p, "You are resolving Heddles (Green): Peek at your top three") {
		t.Errorf("power prompt %q", p)
	}
	if p := (Game{}).Prompt(Game{}.View(s, games.Spectator)); p != "" {
		t.Errorf("spectator prompt %q", p)
	}
	s = fixture(t, games.Options{"mode": "crowd"}, 3)
	s.Players[1].Favor = 4
	if p := (Game{}).Prompt(Game{}.View(s, 1)); p != "Crowd Favor: you have 4 (20 wins, −10 puts you out)." {
		t.Errorf("crowd prompt %q", p)
	}
	s = fixture(t, games.Options{"mode": "leanleft"}, 4)
	if p := (Game{}).Prompt(Game{}.View(s, 2)); p != "Lean Left: your powers may target only yourself and {{p3}}, and only {{p1}} may react to you." {
		t.Errorf("lean prompt %q", p)
	}
	s = fixture(t, games.Options{"mode": "apprentice"}, 4)
	if p := (Game{}).Prompt(Game{}.View(s, 2)); p != "You are your team's Apprentice: only your Master's Showcase can win for the team." {
		t.Errorf("apprentice prompt %q", p)
	}
	for _, m := range Modes {
		lo, _ := m.seatRange()
		s := fixture(t, games.Options{"mode": string(m), "hard": "on"}, lo)
		for x := range lo {
			if p := (Game{}).Prompt(Game{}.View(s, games.Seat(x))); len(p) > 600 {
				t.Errorf("%s: prompt of %d characters", m, len(p))
			}
		}
	}
}

// lookOf is seat's look as "<of>:<letters>", or "" without one.
func lookOf(s *State, seat int) string {
	l := s.Players[seat].Look
	if l == nil {
		return ""
	}
	return string(rune('0'+l.Of)) + ":" + lettersOf(l.Cards)
}

// TestPeeksFollowTheCards: a peek shows the cards still where they were
// seen, and goes once they have all moved.
func TestPeeksFollowTheCards(t *testing.T) {
	t.Run("Reed: the card put back on top stays known until drawn", func(t *testing.T) {
		s := fixture(t, opts(Loom), 2)
		s.Players[0].Display = faces("R")
		s.Players[1].Chest = "BK" + s.Players[1].Chest
		do(t, s, 0, "reveal:D1")
		do(t, s, 0, "bottom:BLK")
		want(t, "look", lookOf(s, 0), "1:B")
		want(t, "power", s.Players[0].Look.Power, "Reed")
		do(t, s, 0, "play:WHT") // the turn ends; seat 1 draws the Blue
		want(t, "look after the draw", lookOf(s, 0), "")
	})
	t.Run("Heddles: a whole short Chest stays known in order", func(t *testing.T) {
		s := fixture(t, opts(Loom), 2)
		s.Players[0].Display = faces("G")
		s.Players[0].Chest = "RBY"
		do(t, s, 0, "reveal:D1")
		do(t, s, 0, "top:YEL")
		want(t, "look after keeping Yellow on top", lookOf(s, 0), "0:Y")
		do(t, s, 0, "bottom:BLU")
		want(t, "chest", s.Players[0].Chest, "YRB")
		want(t, "look", lookOf(s, 0), "0:YRB")
		if v := (Game{}).View(s, 1); v.Players[0].Look != nil {
			t.Error("the opponent sees the look")
		}
	})
	t.Run("Divest: the other card goes under a long Chest", func(t *testing.T) {
		s := fixture(t, opts(Racketeering), 2)
		s.Players[0].Display = faces("R")
		s.Players[1].Chest = "BK" + s.Players[1].Chest
		do(t, s, 0, "reveal:D1")
		do(t, s, 0, "drop:BLK")
		want(t, "look", lookOf(s, 0), "")
	})
	t.Run("a card put on top by a power buries the peek", func(t *testing.T) {
		s := fixture(t, opts(Racketeering), 2)
		s.Players[0].Look = &Look{Of: 1, Cards: []Colour{White}, Power: "Fence"}
		s.Players[0].Display = faces("B")
		s.Players[1].Scrap = "R"
		do(t, s, 0, "reveal:D1") // Reciprocate: the Red goes on top of seat 1's Chest
		want(t, "chest top", s.Players[1].Chest[:2], "RW")
		want(t, "look", lookOf(s, 0), "")
	})
	t.Run("a bottom card taken from a short Chest leaves the peek", func(t *testing.T) {
		s := fixture(t, opts(Attrition), 2)
		s.Players[1].Chest = "GK"
		s.Players[0].Look = &Look{Of: 1, Cards: []Colour{Green, Black}, Power: "Cull"}
		s.Players[0].Display = faces("O")
		do(t, s, 0, "reveal:D1") // Restock: draw, then scrap a player's bottom card
		do(t, s, 0, "seat:1")
		want(t, "chest", s.Players[1].Chest, "G")
		want(t, "look", lookOf(s, 0), "1:G")
	})
	t.Run("a determinized copy keeps the known top", func(t *testing.T) {
		s := fixture(t, opts(Loom), 2)
		s.Players[1].Chest = "BK" + strings.Repeat("W", 10) + "RRGG"
		s.Players[0].Look = &Look{Of: 1, Cards: []Colour{Blue, Black}, Power: "Reed"}
		s.Players[1].Look = &Look{Of: 0, Cards: []Colour{White}, Power: "Warp"}
		for seed := range uint64(5) {
			r := Game{}.Resample(s, 0, diceFor(seed))
			want(t, "known top", r.Players[1].Chest[:2], "BK")
			if r.Players[1].Look != nil {
				t.Error("the opponent's look survived the resample")
			}
			if !slices.Equal(s.Players[0].Look.Cards, r.Players[0].Look.Cards) {
				t.Error("own look changed")
			}
		}
	})
}
