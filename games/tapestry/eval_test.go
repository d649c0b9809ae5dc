package tapestry

import (
	"math"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// TestEvaluateShares: along random games of every seat count and of solo,
// Evaluate gives one share in [0, 1] per seat, and the shares of a
// two-seat game add up to 1.
func TestEvaluateShares(t *testing.T) {
	g := Game{}
	for _, seats := range []int{1, 2, 3, 5} {
		opts, _ := g.Info().Normalize(games.Options{})
		s, err := g.New(opts, seats)
		if err != nil {
			t.Fatal(err)
		}
		d := dice.Seeded(uint64(seats), 3)
		for len(g.ToAct(&s)) > 0 {
			if g.ToAct(&s)[0] != games.Chance {
				ev := g.Evaluate(&s)
				if len(ev) != seats {
					t.Fatalf("%d seats: %d shares", seats, len(ev))
				}
				sum := 0.0
				for _, v := range ev {
					if v < 0 || v > 1 || math.IsNaN(v) {
						t.Fatalf("%d seats: share %v", seats, v)
					}
					sum += v
				}
				if seats == 2 && math.Abs(sum-1) > 1e-9 {
					t.Fatalf("two seats: shares %v", ev)
				}
			}
			stepWeighted(t, &s, d)
		}
	}
}

// TestProjectedIncomeMat: a building that uncovers a VP icon early is
// worth about that icon on every scoring left (the weights are fitted,
// so at least three quarters of it).
func TestProjectedIncomeMat(t *testing.T) {
	f := newTable(t, 2)
	before := f.s.projected(0)
	f.p(0).Taken[Farm] = 2 // uncovers Breeding: 4 VP a scoring, 4 scorings left
	f.p(0).Cover = f.p(0).Cover[:40] + "ff" + f.p(0).Cover[42:]
	if got := f.s.projected(0) - before; got < 12 {
		t.Errorf("two farms add %.1f VP to the projection, want 12 or more", got)
	}
	f.p(0).Era = 4 // one scoring left
	low := f.s.projected(0)
	f.p(0).Taken[Farm] = 0
	if got := low - f.s.projected(0); got < 3 || got > 8 {
		t.Errorf("in era 4 two farms add %.1f VP, want about 4", got)
	}
}

// TestProjectedIncomeTurn: an income turn under way has counted its era
// at once, but its scoring and income are still to come: the projection
// counts them while their tasks are pending.
func TestProjectedIncomeTurn(t *testing.T) {
	f := newTable(t, 2)
	p := f.p(0)
	p.Taken[Farm] = 2 // Breeding: 4 VP a scoring
	p.Hand = []int8{int8(TrapCard), int8(TapIndex("Feudalism"))}
	f.s.incomeTurn(0, false, &events{})
	f.settle()
	if f.s.Ask == nil || f.s.Ask.Seat != 0 {
		t.Fatal("the income turn asks seat 0 nothing")
	}
	pending := f.s.projected(0)
	f.s.Tasks = nil
	if got := pending - f.s.projected(0); got < 4+3 {
		t.Errorf("the pending scoring and income add %.1f VP, want 4 for Breeding and some for the income", got)
	}
}

// TestSoloEvaluateOrder: in solo, more VP for the human raises its share
// and more for the Automa lowers it.
func TestSoloEvaluateOrder(t *testing.T) {
	g := Game{}
	st := soloInto(t, "2", 200) // well into the game
	if st.Over {
		t.Fatal("the game ended too soon for the test")
	}
	base := g.Evaluate(&st)[0]
	st.Players[0].VP += 20
	up := g.Evaluate(&st)[0]
	st.Players[0].VP -= 20
	st.Players[Automa].VP += 20
	down := g.Evaluate(&st)[0]
	if !(up > base && down < base) {
		t.Errorf("share %.3f; %.3f with 20 VP more for the human, %.3f with 20 more for the Automa", base, up, down)
	}
	if up-base < 0.02 {
		t.Errorf("20 VP move the share by %.3f only", up-base)
	}
}

// TestAutomaProjectionDenied: a track landmark the human takes lowers the
// Automa's projection (it would otherwise have raced for it); a landmark
// the Automa holds does not count as denied.
func TestAutomaProjectionDenied(t *testing.T) {
	ids := trackLandmarkIDs()
	if len(ids) != 12 {
		t.Fatalf("%d track landmarks, want 12", len(ids))
	}
	s := soloInto(t, "3", 60) // into the game, the Automa far from done
	if s.Players[Automa].Done {
		t.Fatal("the Automa finished too soon for the test")
	}
	s.LandOwner[ids[0]] = -1
	before := s.automaProjected()
	s.LandOwner[ids[0]] = 0
	after := s.automaProjected()
	if !(after < before) {
		t.Errorf("the Automa's projection with a landmark denied = %.1f, want below %.1f", after, before)
	}
	mine := s.trackLandmarks(0) // with ids[0], and any the game gave
	s.LandOwner[ids[0]] = Automa
	if got := s.trackLandmarks(0); got != mine-1 {
		t.Errorf("with the landmark the Automa's, the human holds %d track landmarks, want %d", got, mine-1)
	}
}

// soloInto is a solo game against the Automa at level, steps weighted
// random actions in (the same dice every time).
func soloInto(t *testing.T, level string, steps int) State {
	t.Helper()
	g := Game{}
	opts, _ := g.Info().Normalize(games.Options{"automa_level": level})
	s, err := g.New(opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.Seeded(4, 4)
	for range steps {
		stepWeighted(t, &s, d)
	}
	return s
}
