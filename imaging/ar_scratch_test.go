package imaging

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"spindle/games"
	"spindle/games/archravels"
)

func TestARScratch(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
	tb, _, err := games.Bind(archravels.Game{}).New(nil, 3, [2]uint64{seed, 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 2))
	n := 0
	phases := map[archravels.Phase]int{}
	for !tb.Over() {
		seat := tb.ToAct()[0]
		v := tb.View(seat).(archravels.View)
		phases[v.Phase]++
		if v.Turn.Card != "" && seed == 1 && phases[v.Phase] < 3 {
			b, _ := json.Marshal(v)
			fmt.Println(n, string(b))
		}
		legal := tb.Legal(seat)
		i := games.PickWeighted(tb.Weights(seat), len(legal), r.IntN)
		if _, err := tb.Play(seat, tb.Version(), legal[i].Key); err != nil {
			t.Fatal(err)
		}
		n++
	}
	v := tb.View(0).(archravels.View)
	b, _ := json.Marshal(v)
	fmt.Println("seed", seed, "moves", n, phases)
	if seed == 1 { fmt.Println(string(b)) }
	}
}
