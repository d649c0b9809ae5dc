package archravels

import (
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// TestCraftEndsWhenNothingIsAffordable checks that a Craft with crafts
// left ends by itself once the bowl pays for nothing more, so no "stop"
// step stands between the player and the end of the actions.
func TestCraftEndsWhenNothingIsAffordable(t *testing.T) {
	s := tableAt(t, "derrick", "amara") // space 2: Craft 4
	s.Players[0].Bowl = bowl(t, "1 1 0 0 0 0")
	atActions(t, &s, 2)
	evs := mustApply(t, &s, 0, "make:hat@RO")
	if got := logText(evs); !strings.Contains(got, "Nothing more can be paid for, so the Craft ends (3 crafts unused).") {
		t.Fatalf("log %q", got)
	}
	wantSlice(t, "after the last affordable craft", legalKeys(&s, 0), []string{"end"})
	want(t, "label", (Game{}).Label((Game{}).View(&s, 0), Action{Verb: VEnd}), "Done with actions (restock the Bazaar)")
}

// TestStopWhenTheSpaceHasMore checks the general rule behind "stop": in a
// Craft under way on a space with another action still unused, "stop"
// ends the Craft alone (the pass key), and the other action stays open.
// No printed board has such a space (a Craft of two or more shares its
// space with nothing), so the test gives Derrick's space 2 an Exchange.
func TestStopWhenTheSpaceHasMore(t *testing.T) {
	i := slices.IndexFunc(Characters, func(c Character) bool { return c.ID == "derrick" })
	orig := Characters[i].Spaces[1]
	Characters[i].Spaces[1] = []Act{{Kind: "craft", N: 2}, {Kind: "exchange"}}
	t.Cleanup(func() { Characters[i].Spaces[1] = orig })

	s := tableAt(t, "derrick", "amara")
	s.Players[0].Bowl = bowl(t, "2 2 2 2 2 2")
	atActions(t, &s, 2)
	mustApply(t, &s, 0, "make:hat@RO")
	keys := legalKeys(&s, 0)
	if !slices.Contains(keys, "stop") || !slices.Contains(keys, "end") {
		t.Fatalf("crafting with an exchange left: %v", keys)
	}
	if p, ok := (Game{}).Pass(&s, 0); !ok || p.Key() != "stop" {
		t.Fatalf("Pass = %q, %v; want stop", p.Key(), ok)
	}
	mustApply(t, &s, 0, "stop")
	if keys := legalKeys(&s, 0); slices.Contains(keys, "make:hat@RO") || !slices.Contains(keys, "exchange:R@1O") {
		t.Fatalf("after stop: %v", keys)
	}
}

// TestScoreClauses checks the score lines: a finished project and a
// finished favourite request score in their own lines, a concession takes
// back what the seat scored, and the end lines list the other parts so
// that the log adds up to every seat's final score.
func TestScoreClauses(t *testing.T) {
	s := trio(t) // derrick, rebecca, neeha; the List holds the first three projects
	var log []games.Event
	apply := func(seat games.Seat, key string) {
		t.Helper()
		log = append(log, mustApply(t, &s, seat, key)...)
	}
	pr, _ := ProjectOf(s.List[0])
	s.Players[0].Items = pr.Items
	s.Players[0].Items[Hat]++ // one Hat kept to the end
	atStock(&s)
	apply(0, "finish:"+pr.ID)
	if got := games.PointsIn(log[0].Public); got[0] != pr.Points {
		t.Fatalf("project line %q scores %v", log[0].Public, got)
	}
	apply(0, "end")
	chance(t, &s, "project:"+s.ProjectDeck[0])
	// Rebecca finishes her favourite: its points and the bonus.
	s.Players[1].Held = []string{"snugglesaurus", "octopus"}
	s.Players[1].Bowl = bowl(t, "9 0 0 0 0 2")
	mustApply(t, &s, 1, "space:2")
	evs := mustApply(t, &s, 1, "make:snugglesaurus")
	for range 9 {
		evs = mustApply(t, &s, 1, "pay:R")
	}
	log = append(log, evs...)
	if got := games.PointsIn(logText(evs)); got[1] != 13+FavouriteBonus {
		t.Fatalf("request line %q scores %v", logText(evs), got)
	}
	// Neeha finishes a project, then concedes: it no longer counts.
	s.Players[2].Items = pr.Items
	s.Players[2].Projects = []string{s.List[1]}
	evs, err := Game{}.Concede(&s, 2)
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := ProjectOf(s.Players[2].Projects[0])
	if got := games.PointsIn(evs[0].Public); got[2] != -p2.Points {
		t.Fatalf("concession line %q takes back %v, want %d", evs[0].Public, got, -p2.Points)
	}
	log = append(log, evs...)
	// The end: Derrick keeps a Hat and 6 tokens; Rebecca holds Octopus.
	evs = s.finish()
	log = append(log, evs...)
	res, _ := Game{}.Result(&s)
	sum := games.PointsInLog([]games.Step{{Events: log}})
	// Seat 2's project was set by hand, not logged: add it back to the sum.
	sum[2] += p2.Points
	for seat, want := range res.Scores {
		if sum[games.Seat(seat)] != want {
			t.Errorf("seat %d: the log adds up to %d, the result says %d\n%s", seat, sum[games.Seat(seat)], want, logText(log))
		}
	}
	if end := logText(evs); !strings.Contains(end, "{{p1}} −8 points (unfinished request Octopus)") ||
		!strings.Contains(end, "{{p0}} +2 points (items kept: Hat)") {
		t.Fatalf("end lines:\n%s", end)
	}
}

// TestPromptExplainsTheDecision checks the panel's context: the decision,
// the favourite request and why a running score is below zero.
func TestPromptExplainsTheDecision(t *testing.T) {
	g := Game{}
	s := duo(t)
	prompt := func(seat games.Seat) string { return g.Prompt(g.View(&s, seat)) }
	p := prompt(0)
	for _, part := range []string{"Choose an action space for your first turn", "Your favourite request: Prodigy Cowl",
		"Your running score is −6 points as if the game ended now: every yarn token left in your bowl counts −1 (6 tokens)."} {
		if !strings.Contains(p, part) {
			t.Fatalf("prompt %q lacks %q", p, part)
		}
	}
	if strings.Contains(prompt(1), "Choose") {
		t.Fatalf("a seat not to act is asked to choose: %q", prompt(1))
	}
	if g.Prompt(g.View(&s, games.Spectator)) != "" {
		t.Fatal("the spectator has a prompt")
	}
	atActions(t, &s, 2)
	mustApply(t, &s, 0, "make:hat@RO")
	if p := prompt(0); !strings.Contains(p, "Craft: up to 3 more crafts; stopping gives up the rest.") {
		t.Fatalf("crafting prompt %q", p)
	}
	s.Players[0].Bowl = Yarn{}
	if p := prompt(0); strings.Contains(p, "running score") {
		t.Fatalf("no minus to explain, yet %q", p)
	}
}
