package tapestry_test

import (
	"math/rand/v2"
	"testing"

	"spindle/games"
	"spindle/games/ai"
	"spindle/games/tapestry"
)

// BenchmarkSoloChoose measures one ai:normal decision (its iteration
// budget, no clock) at solo positions reached by random play.
func BenchmarkSoloChoose(b *testing.B) {
	kind := games.Bind(tapestry.Game{})
	var tables []games.Table
	for seed := uint64(1); len(tables) < 20; seed++ {
		tbl, _, err := kind.New(games.Options{"automa_level": "3"}, 1, [2]uint64{seed, 7})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for i := 0; i < 40+int(seed%5)*20 && !tbl.Over(); i++ {
			legal := tbl.Legal(0)
			if _, err := tbl.Play(0, tbl.Version(), legal[rng.IntN(len(legal))].Key); err != nil {
				b.Fatal(err)
			}
		}
		if !tbl.Over() && len(tbl.Legal(0)) > 1 {
			tables = append(tables, tbl)
		}
	}
	lvl, _ := ai.ByName("normal")
	for i := 0; b.Loop(); i++ {
		if _, err := ai.Choose(tables[i%len(tables)], 0, lvl, ai.Options{Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSoloGameNormal plays whole level-3 solo games with ai:normal
// making every decision (its iteration budget, no clock), as the arena
// does.
func BenchmarkSoloGameNormal(b *testing.B) {
	kind := games.Bind(tapestry.Game{})
	lvl, _ := ai.ByName("normal")
	for i := 0; b.Loop(); i++ {
		tbl, _, err := kind.New(games.Options{"automa_level": "3"}, 1, [2]uint64{uint64(i), 7})
		if err != nil {
			b.Fatal(err)
		}
		for n := 0; !tbl.Over(); n++ {
			k, err := ai.Choose(tbl, 0, lvl, ai.Options{Seed: uint64(n)})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := tbl.Play(0, tbl.Version(), k); err != nil {
				b.Fatal(err)
			}
		}
	}
}
