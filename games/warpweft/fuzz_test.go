package warpweft

import (
	"encoding/json"
	"testing"

	"spindle/games"
	"spindle/games/gametest"
)

// FuzzParseAction: see gametest.FuzzParseAction.
func FuzzParseAction(f *testing.F) {
	gametest.FuzzParseAction(f, Game{}, func(a Action) bool { return a.Op == Place },
		"9LK@1,-2", "AM@0,0", "X@-1,-1", "warp:0", "warp:1", "deal:AM.AS.CW",
		orderedDeal(games.Options{"extended": "courts", "excuse": "on"}, 7), "9LK@+1,2", "9LK@01,2", "", "@", "deal:")
}

// optionSets are every lobby combination, indexed by a fuzz seed.
var optionSets = func() []games.Options {
	var out []games.Options
	for _, ext := range []string{"none", "pawns", "courts"} {
		for _, exc := range []string{"off", "on"} {
			for _, roles := range []string{"chosen", "random"} {
				out = append(out, games.Options{"extended": ext, "excuse": exc, "roles": roles})
			}
		}
	}
	return out
}()

func FuzzPlay(f *testing.F) {
	f.Add(uint64(0), []byte{})
	f.Add(uint64(1), []byte{0, 1, 2, 3, 250, 17, 99})
	f.Add(uint64(7), []byte{255})
	f.Add(uint64(11), []byte{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 255})
	k := games.Bind(Game{})
	maxActions := Game{}.Info().MaxActions
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		opts := optionSets[seed%uint64(len(optionSets))]
		tb, _, err := k.New(opts, 2, [2]uint64{seed, ^seed})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !tb.Over(); i++ {
			if tb.Version() > uint64(maxActions) {
				t.Fatalf("still going after %d actions", tb.Version())
			}
			seat := tb.ToAct()[0]
			legal := tb.Legal(seat)
			if len(legal) == 0 {
				t.Fatalf("%s has no legal action at version %d", seat, tb.Version())
			}
			pick := 0
			if i < len(choices) {
				if choices[i] == 255 { // a concession, by either seat
					if _, err := tb.Concede(games.Seat(i%2), tb.Version()); err != nil {
						t.Fatal(err)
					}
					break
				}
				pick = int(choices[i]) % len(legal)
			}
			if _, err := tb.Play(seat, tb.Version(), legal[pick].Key); err != nil {
				t.Fatalf("legal %q refused: %v", legal[pick].Key, err)
			}
			for _, v := range []games.Seat{games.Spectator, 0, 1} {
				if _, err := json.Marshal(tb.View(v)); err != nil {
					t.Fatal(err)
				}
			}
		}
		r, ok := tb.Result()
		if !ok || len(r.Ranks) != 2 || (r.Draw == (len(r.Winners) > 0)) {
			t.Fatalf("result %+v", r)
		}
		want := uint64(Placements + 1) // the deal and 24 placements
		if opts["roles"] == RolesRandom {
			want++ // the coin
		}
		if r.Reason == "scored" && tb.Version() != want {
			t.Fatalf("a scored game took %d actions", tb.Version())
		}
	})
}
