package ai

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// soloGame is a one-seat game against the game itself: the seat plays
// "quiet" (the turn goes on) or "end" (the game answers with a chance
// step, as Tapestry's Automa does with its turn), a hundred moves in all.
type soloGame struct{}

type soloState struct {
	Moves  []string `json:"moves"`
	Chance bool     `json:"chance"`
}

type soloAction struct{ K string }

func (a soloAction) Key() string { return a.K }

func (soloGame) Info() games.Info {
	return games.Info{ID: "solo", Title: "Solo", MinSeats: 1, MaxSeats: 1, Rules: 1, MaxActions: 300}
}

func (soloGame) New(games.Options, int) (soloState, error) { return soloState{}, nil }

func (soloGame) ToAct(s *soloState) []games.Seat {
	switch {
	case len(s.Moves) >= 100:
		return nil
	case s.Chance:
		return []games.Seat{games.Chance}
	}
	return []games.Seat{0}
}

func (g soloGame) Legal(s *soloState, seat games.Seat) []soloAction {
	to := g.ToAct(s)
	switch {
	case len(to) == 0 || to[0] != seat:
		return nil
	case seat == games.Chance:
		return []soloAction{{"roll"}}
	}
	return []soloAction{{"end"}, {"quiet"}}
}

func (soloGame) Sample(*soloState, *dice.Dice) soloAction { return soloAction{"roll"} }

func (soloGame) Apply(s *soloState, seat games.Seat, a soloAction) ([]games.Event, error) {
	if seat == games.Chance {
		s.Chance = false
		return nil, nil
	}
	s.Moves = append(slices.Clone(s.Moves), a.K)
	s.Chance = a.K == "end"
	return nil, nil
}

func (soloGame) View(s *soloState, _ games.Seat) soloState { return *s }

func (g soloGame) Result(s *soloState) (games.Result, bool) {
	if len(g.ToAct(s)) > 0 {
		return games.Result{}, false
	}
	return games.Result{Reason: "scored", Scores: []int{0}, Ranks: []int{1}, Winners: []games.Seat{0}}, true
}

func (soloGame) ParseAction(key string) (soloAction, error) { return soloAction{key}, nil }

func (soloGame) Label(_ soloState, a soloAction) string { return a.K }

func (soloGame) Evaluate(*soloState) []float64 { return []float64{0.5} }

// TestSoloCutOff: in a one-seat game the cut-off playout counts each move
// the game answered with chance as a change of hands, and stops after the
// turns it is given instead of running to cutActions.
func TestSoloCutOff(t *testing.T) {
	for _, cut := range []int{1, cutTurns, 3, 5} {
		for seed := range uint64(20) {
			tbl, _, err := games.Bind[soloState, soloAction, soloState](soloGame{}).New(nil, 1, [2]uint64{seed, 1})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cutPlayout(tbl, 0, rand.New(rand.NewPCG(seed, 2)), cut); err != nil {
				t.Fatal(err)
			}
			var s soloState
			if err := jsonState(tbl, &s); err != nil {
				t.Fatal(err)
			}
			ends := 0
			for _, m := range s.Moves {
				if m == "end" {
					ends++
				}
			}
			if len(s.Moves) < 100 && (ends != cut || s.Moves[len(s.Moves)-1] != "end") {
				t.Fatalf("cut %d, seed %d: the playout stopped after %v", cut, seed, s.Moves)
			}
		}
	}
}

// soloTurnsGame is soloGame with its own look-ahead in solo
// (games.Info.AISoloTurns), for one seat or two.
type soloTurnsGame struct {
	soloGame
	turns int
}

func (g soloTurnsGame) Info() games.Info {
	i := g.soloGame.Info()
	i.MaxSeats, i.AISoloTurns = 2, g.turns
	return i
}

// TestPlayoutTurns: a game's own solo look-ahead applies to its one-seat
// tables only, and Options.CutTurns overrides both.
func TestPlayoutTurns(t *testing.T) {
	for _, c := range []struct {
		turns, seats, cut, want int
	}{
		{0, 1, 0, cutTurns},
		{3, 1, 0, 3},
		{3, 2, 0, cutTurns},
		{3, 1, 5, 5},
		{0, 2, 1, 1},
	} {
		tbl, _, err := games.Bind[soloState, soloAction, soloState](soloTurnsGame{turns: c.turns}).New(nil, c.seats, [2]uint64{1, 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := playoutTurns(tbl, Options{CutTurns: c.cut}); got != c.want {
			t.Errorf("AISoloTurns %d, %d seats, CutTurns %d: %d turns, want %d", c.turns, c.seats, c.cut, got, c.want)
		}
	}
}

// jsonState decodes a table's full state.
func jsonState(tbl games.Table, s any) error {
	b, err := tbl.StateJSON()
	if err != nil {
		return err
	}
	return json.Unmarshal(b, s)
}
