package gametest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
)

func TestToy(t *testing.T) {
	Run(t, toy.Game{}, Config{
		Options: []games.Options{nil, {"pace": "fast"}},
		Seeds:   25,
	})
}

func TestToyPlaythrough(t *testing.T) {
	Playthrough(t, toy.Game{}, nil, 3, 1, "testdata/toy.golden")
}

func FuzzToy(f *testing.F) {
	Fuzz(f, toy.Game{}, Config{})
}

// TestRunConcedes makes sure the concession path runs: some Run seed of the
// toy game concedes, and then the game ends with the conceded reason.
func TestRunConcedes(t *testing.T) {
	conceded := 0
	for seed := range uint64(40) {
		tr := &tracer{}
		if err := play(toy.Game{}, games.Options{"pace": "calm"}, 3, seed, runMode(seed), tr); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(tr.end, `"reason": "conceded"`) {
			conceded++
		}
	}
	if conceded == 0 {
		t.Fatal("no Run seed among 40 conceded")
	}
}

// The broken variants below each break one rule of the contract; the
// harness must notice, with the named check.

// leakyView shows a seat the next seat's hand.
type leakyView struct{ toy.Game }

func (g leakyView) View(s *toy.State, viewer games.Seat) toy.View {
	v := g.Game.View(s, viewer)
	if viewer >= 0 {
		v.Hand = append(v.Hand, s.Hands[(int(viewer)+1)%s.Seats]...)
	}
	return v
}

// leakyLegal hides a bet when another seat holds the 12.
type leakyLegal struct{ toy.Game }

func (g leakyLegal) Legal(s *toy.State, seat games.Seat) []toy.Action {
	acts := g.Game.Legal(s, seat)
	for i, h := range s.Hands {
		if i != int(seat) && slices.Contains(h, 12) {
			return slices.DeleteFunc(acts, func(a toy.Action) bool { return a.Key() == "bet:1" })
		}
	}
	return acts
}

// unsorted reverses the legal list.
type unsorted struct{ toy.Game }

func (g unsorted) Legal(s *toy.State, seat games.Seat) []toy.Action {
	acts := g.Game.Legal(s, seat)
	slices.Reverse(acts)
	return acts
}

// dirtyError leaves a mark in the state when it refuses an action.
type dirtyError struct{ toy.Game }

func (g dirtyError) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	evs, err := g.Game.Apply(s, seat, a)
	if err != nil {
		s.Round += 100
	}
	return evs, err
}

// noRoundTrip parses "play:n" as the card n+1.
type noRoundTrip struct{ toy.Game }

func (g noRoundTrip) ParseAction(key string) (toy.Action, error) {
	a, err := g.Game.ParseAction(key)
	if a.Kind == "play" {
		a.N++
	}
	return a, err
}

// spectatorMoves offers the spectator the moves of the seat to act.
type spectatorMoves struct{ toy.Game }

func (g spectatorMoves) Legal(s *toy.State, seat games.Seat) []toy.Action {
	if seat == games.Spectator {
		return g.Game.Legal(s, g.ToAct(s)[0])
	}
	return g.Game.Legal(s, seat)
}

// viewMutates counts views in the state.
type viewMutates struct{ toy.Game }

func (g viewMutates) View(s *toy.State, viewer games.Seat) toy.View {
	s.Round++
	return g.Game.View(s, viewer)
}

// longLabel writes a button label Discord would refuse.
type longLabel struct{ toy.Game }

func (longLabel) Label(_ toy.View, a toy.Action) string {
	return a.Key() + strings.Repeat(" and then some", 10)
}

// seatNumbers names the player by number in its log instead of by name.
type seatNumbers struct{ toy.Game }

func (g seatNumbers) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	evs, err := g.Game.Apply(s, seat, a)
	if err == nil && a.Kind == "play" {
		evs[0].Public = fmt.Sprintf("Seat %d played %d.", seat+1, a.N)
	}
	return evs, err
}

// numberedLabel names a player by number on a button.
type numberedLabel struct{ toy.Game }

func (numberedLabel) Label(v toy.View, a toy.Action) string {
	return fmt.Sprintf("player %d: %s", v.Viewer+1, a.Key())
}

// badToken names a seat that does not exist in its result lines.
type badToken struct{ toy.Game }

func (g badToken) Result(s *toy.State) (games.Result, bool) {
	r, over := g.Game.Result(s)
	if over {
		r.Lines = append(r.Lines, games.Name(games.Seat(s.Seats))+" watched.")
	}
	return r, over
}

// tooShort declares a bound the game cannot keep.
type tooShort struct{ toy.Game }

func (g tooShort) Info() games.Info {
	i := g.Game.Info()
	i.MaxActions = 4
	return i
}

// noWinners reports a finished game without winners or a draw.
type noWinners struct{ toy.Game }

func (g noWinners) Result(s *toy.State) (games.Result, bool) {
	r, over := g.Game.Result(s)
	r.Winners = nil
	return r, over
}

// flaky adds a bonus point every few Apply calls, a hidden dependency.
type flaky struct {
	toy.Game
	n *int
}

func (g flaky) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	*g.n++
	evs, err := g.Game.Apply(s, seat, a)
	if err == nil && *g.n%5 == 0 {
		s.Bonus[0]++
	}
	return evs, err
}

// panicky panics on the second round's roll.
type panicky struct{ toy.Game }

func (g panicky) Apply(s *toy.State, seat games.Seat, a toy.Action) ([]games.Event, error) {
	if a.Kind == "roll" && s.Round == 1 {
		panic("boom")
	}
	return g.Game.Apply(s, seat, a)
}

// neverOver keeps the game going by reporting no result.
type neverOver struct{ toy.Game }

func (neverOver) Result(*toy.State) (games.Result, bool) { return games.Result{}, false }

// badEval evaluates outside [0, 1].
type badEval struct{ toy.Game }

func (badEval) Evaluate(s *toy.State) []float64 {
	out := make([]float64, s.Seats)
	out[0] = 1.5
	return out
}

// evalMutates evaluates by changing the state.
type evalMutates struct{ toy.Game }

func (evalMutates) Evaluate(s *toy.State) []float64 {
	s.Round++
	return make([]float64, s.Seats)
}

// firstFailure plays Run-mode playouts until one fails.
func firstFailure[S any, A games.Action, V any](g games.Game[S, A, V]) error {
	info := g.Info()
	for seed := range uint64(10) {
		for seats := info.MinSeats; seats <= info.MaxSeats; seats++ {
			opts, _ := info.Normalize(nil)
			if err := play(g, opts, seats, seed, runMode(seed), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestHarnessCatchesBrokenGames(t *testing.T) {
	cases := []struct {
		name  string
		check string
		err   error
	}{
		// A hidden dependency shows first in whichever check applies
		// Apply twice; for this one it is the log replay of the deal.
		{"view leaks a hand", "redaction", firstFailure(leakyView{})},
		{"legal depends on hidden cards", "redaction", firstFailure(leakyLegal{})},
		{"legal unsorted", "keys", firstFailure(unsorted{})},
		{"apply mutates on error", "apply-error", firstFailure(dirtyError{})},
		{"key does not round-trip", "roundtrip", firstFailure(noRoundTrip{})},
		{"spectator has moves", "legal", firstFailure(spectatorMoves{})},
		{"view mutates the state", "mutation", firstFailure(viewMutates{})},
		{"label too long", "label", firstFailure(longLabel{})},
		{"log line names a seat by number", "names", firstFailure(seatNumbers{})},
		{"label names a player by number", "names", firstFailure(numberedLabel{})},
		{"result names a seat out of range", "names", firstFailure(badToken{})},
		{"game longer than MaxActions", "length", firstFailure(tooShort{})},
		{"winners missing", "result", firstFailure(noWinners{})},
		{"apply not deterministic", "replay", firstFailure(flaky{n: new(int)})},
		// The driver turns the panic into an error on the chance step that
		// triggers it, so the harness reports that step.
		{"apply panics", "chance", firstFailure(panicky{})},
		{"result never over", "over", firstFailure(neverOver{})},
		{"evaluation out of range", "evaluate", firstFailure(badEval{})},
		{"evaluate mutates the state", "mutation", firstFailure(evalMutates{})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil {
				t.Fatalf("the harness passed a game whose %s is broken", c.name)
			}
			if got := checkOf(c.err); got != c.check {
				t.Fatalf("failed check %q, want %q:\n%v", got, c.check, c.err)
			}
			msg := c.err.Error()
			if !strings.Contains(msg, "seed ") || !strings.Contains(msg, "after ") {
				t.Errorf("the failure does not say how to reproduce it:\n%s", msg)
			}
		})
	}
}

func TestFuzzModeCatchesBrokenGames(t *testing.T) {
	opts, _ := toy.Game{}.Info().Normalize(nil)
	err := play(leakyView{}, opts, 2, 3, fuzzMode([]byte{0, 1, 0, 1}), nil)
	if checkOf(err) != "redaction" {
		t.Fatalf("fuzz mode missed a leaking view: %v", err)
	}
	if err := play(toy.Game{}, opts, 2, 3, fuzzMode([]byte{0, 1, 255}), nil); err != nil {
		t.Fatalf("fuzz mode with a concession: %v", err)
	}
}

func TestCheckInfo(t *testing.T) {
	good := toy.Game{}.Info()
	if err := checkInfo(good); err != nil {
		t.Fatal(err)
	}
	for name, mut := range map[string]func(*games.Info){
		"empty id":         func(i *games.Info) { i.ID = "" },
		"upper-case id":    func(i *games.Info) { i.ID = "Toy" },
		"no title":         func(i *games.Info) { i.Title = "" },
		"seats reversed":   func(i *games.Info) { i.MinSeats, i.MaxSeats = 4, 2 },
		"no rules version": func(i *games.Info) { i.Rules = 0 },
		"no max actions":   func(i *games.Info) { i.MaxActions = 0 },
		"bad default": func(i *games.Info) {
			i.Options = []games.OptionSpec{{Key: "pace", Values: []string{"calm"}, Default: "fast"}}
		},
		"repeated value": func(i *games.Info) {
			i.Options = []games.OptionSpec{{Key: "pace", Values: []string{"calm", "calm"}, Default: "calm"}}
		},
	} {
		i := good
		mut(&i)
		if checkInfo(i) == nil {
			t.Errorf("%s: checkInfo accepted %+v", name, i)
		}
	}
}

func TestPlan(t *testing.T) {
	info := toy.Game{}.Info()
	sets, seats, seeds, err := plan(info, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 1 || sets[0].name != "pace=calm" || !slices.Equal(seats, []int{2, 3, 4}) || seeds != 20 {
		t.Fatalf("plan of the defaults: %+v %v %d", sets, seats, seeds)
	}
	if _, _, _, err := plan(info, Config{Seats: []int{5}}); err == nil {
		t.Error("plan accepted 5 seats for a 2-4 seat game")
	}
	if _, _, _, err := plan(info, Config{Options: []games.Options{{"pace": "slow"}}}); !errors.Is(err, games.ErrBadOption) {
		t.Errorf("plan of a bad option: %v", err)
	}
}

func TestRunPattern(t *testing.T) {
	got := runPattern("TestToy/pace=calm/seats=2/seed=7")
	if want := "^TestToy$/^pace=calm$/^seats=2$/^seed=7$"; got != want {
		t.Fatalf("runPattern = %q, want %q", got, want)
	}
}

func TestPlayerKey(t *testing.T) {
	for _, k := range []string{"play:LK7@1,-2", "bet:0", strings.Repeat("x", games.MaxKeyLen)} {
		if err := playerKey(k); err != nil {
			t.Errorf("playerKey(%q): %v", k, err)
		}
	}
	for _, k := range []string{"", "a b", "a/b", "!concede", "caf\u00e9", strings.Repeat("x", games.MaxKeyLen+1), "tab\t"} {
		if playerKey(k) == nil {
			t.Errorf("playerKey(%q) accepted a key outside the custom_id budget", k)
		}
	}
}

func TestGoldenMismatchShowsDiff(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	if err := compareGolden(path, []byte("a\n")); err == nil || !strings.Contains(err.Error(), "-update") {
		t.Fatalf("missing golden: %v", err)
	}
	if err := os.WriteFile(path, []byte("one\ntwo\nthree\nfour\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compareGolden(path, []byte("one\ntwo\nthree\nfour\n")); err != nil {
		t.Fatalf("equal golden: %v", err)
	}
	err := compareGolden(path, []byte("one\nTWO\nthree\nfour\n"))
	if err == nil {
		t.Fatal("a changed line passed")
	}
	for _, want := range []string{"line 2", "- two", "+ TWO", "  one", "  three"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("diff lacks %q:\n%v", want, err)
		}
	}
}

func TestRenderThinsLargeGoldens(t *testing.T) {
	tr := &tracer{end: "== result\n"}
	for range 100 {
		tr.nodes = append(tr.nodes, traced{head: "== node\n", views: strings.Repeat("v", 10_000) + "\n", rest: ">> act\n"})
	}
	out := string(tr.render("big"))
	if len(out) > maxGolden {
		t.Fatalf("rendered %d bytes, over %d", len(out), maxGolden)
	}
	if !strings.Contains(out, "Views are shown every 4 nodes") || strings.Count(out, ">> act") != 100 {
		t.Fatalf("thinning lost actions or did not say so:\n%.300s", out)
	}
}

func TestLeaks(t *testing.T) {
	if n := Leaks(t, toy.Game{}, Config{Seats: []int{2, 3}}, 20); n != 40 {
		t.Fatalf("Leaks played %d games, want 40", n)
	}
	// A view that shows another seat's hand must be caught.
	opts, _ := toy.Game{}.Info().Normalize(nil)
	caught := false
	for seed := range uint64(20) {
		if _, err := leakGame[toy.State, toy.Action, toy.View](leakyView{}, leakyView{}, opts, 3, seed); err != nil {
			caught = true
			break
		}
	}
	if !caught {
		t.Fatal("Leaks did not catch a view that shows another seat's hand")
	}
}

func TestScale(t *testing.T) {
	t.Setenv(SoakEnv, "1")
	if !Soak() || Scale(1, 2, 3) != 3 {
		t.Fatal("soak size not chosen with SPINDLE_SOAK=1")
	}
	t.Setenv(SoakEnv, "")
	want := 2
	if testing.Short() {
		want = 1
	}
	if Soak() || Scale(1, 2, 3) != want {
		t.Fatalf("Scale = %d, want %d", Scale(1, 2, 3), want)
	}
}
