package warpweft_test

import (
	"fmt"
	"strings"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/warpweft"
)

// ExampleGame deals a scripted deck (the basic deck in table order), plays
// two placements through the driver, prints the log with the players'
// names filled in and then the spectator's view.
func ExampleGame() {
	tb, err := games.Bind(warpweft.Game{}).Open(games.Options{"roles": "chosen"}, 2, [2]uint64{1, 2})
	if err != nil {
		panic(err)
	}
	deal := "deal:" + strings.Join(decktet.Deck(decktet.Basic), ".")
	for _, st := range []struct {
		seat games.Seat
		key  string
	}{{games.Chance, deal}, {0, "3LY@1,0"}, {1, "7ML@0,-1"}} {
		step, err := tb.Step(st.seat, tb.Version(), st.key)
		if err != nil {
			panic(err)
		}
		fmt.Println(games.FillNames(step.Events[0].Public, []string{"Ada", "Bea"}))
	}
	v := tb.View(games.Spectator).(warpweft.View)
	for _, p := range v.Grid {
		fmt.Printf("turn %d: %s at (%d,%d)\n", p.Turn, p.Card, p.Cell.X, p.Cell.Y)
	}
	fmt.Printf("hands %v, undealt %d, next %s, %d open cells\n", v.HandSize, v.Undealt, v.ToAct, len(v.Open))
	fmt.Printf("so far: Warp %d, Weft %d\n", v.Score.Warp, v.Score.Weft)
	// Output:
	// The 36 cards are shuffled and each player gets 12; the Diplomat (8MS) is turned up at (0,0) to start the tableau, and the other 11 stay face down, unseen. The start card opens the scores: Ada +8 points (column 0 now 8), Bea +8 points (row 0 now 8).
	// Ada (Warp) placed the Savage (3LY) at (1,0): Ada +3 points (column 1 now 3), Bea +3 points (row 0 now 11).
	// Bea (Weft) placed the Chance Meeting (7ML) at (0,−1): Ada −8 points (column 0 now 0), Bea +7 points (row −1 now 7).
	// turn 0: 8MS at (0,0)
	// turn 1: 3LY at (1,0)
	// turn 2: 7ML at (0,-1)
	// hands [11 11], undealt 11, next seat 0, 7 open cells
	// so far: Warp 3, Weft 18
}
