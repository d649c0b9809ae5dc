package tapestry

import (
	"math"
	"sync"

	"spindle/games"
)

// The evaluator (games.Evaluator) projects each seat's final VP: the VP
// it holds, what its income mat will score on the income turns it has
// left, and a VP-equivalent for what it holds that will turn into VP
// later (resources and income, tiles, cards, tech cards, track progress,
// outposts), a linear model whose weights are fitted (features.go).
// Solo compares the human's projection with the Automa's, whose
// remaining income turns score by its level's multipliers, less what the
// track landmarks the human holds deny it.

// evalParams are the evaluator's constants beside the projection's
// weights (features.go).
type evalParams struct {
	// Scale is the logistic scale (VP) of the seats' shares.
	Scale float64
	// AutomaGrowth is the Automa's growth, per bot income turn to come,
	// of its scoring counts (territories and landmarks, military and
	// science spaces, exploration and technology spaces), without and
	// with the income-turn advance of levels 3 and up (measured over 200
	// random games a level).
	AutomaGrowth [2][3]float64
	// AutomaExtra is the Automa's VP per bot income turn to come beyond
	// its mat (civilization abilities, faster growth late).
	AutomaExtra float64
	// VPWeight is, in solo, the share of the evaluation given to the
	// human's projected VP for its own sake (the rest is the chance of
	// beating the Automa): while far behind, the search still prefers
	// more VP.
	VPWeight float64
	// VPScale is the VP over which that share saturates.
	VPScale float64
	// Denial is the chance that a track landmark the human holds would
	// otherwise have gone to the Automa, which then scores it on each of
	// its income turns left (AutomaGrowth, measured against random play,
	// knows nothing of the race for landmarks).
	Denial float64
}

var evalP = evalParams{
	Scale:        30,
	AutomaGrowth: [2][3]float64{{3.5, 3.0, 2.9}, {4.5, 4.0, 3.8}},
	AutomaExtra:  5,
	VPWeight:     0.5,
	VPScale:      150,
	Denial:       0.9,
}

// income is what one income step of seat's mat pays, and VP one scoring
// step of it scores, as the mat stands.
type matYield struct {
	res                Res
	tiles, cards       int
	fixed              int // fixed VP per scoring
	capital, tech, ter int // icons: capital scoring, per tech card, per territory
}

func (s *State) matYield(seat int) matYield {
	var y matYield
	for sp := range s.Players[seat].Uncovered() {
		for _, e := range sp.Income {
			switch e.Do {
			case "gain":
				for k, n := range e.Res {
					y.res[k] += n
				}
			case "territory_tiles":
				y.tiles += e.N
			case "tapestry_cards":
				y.cards += e.N
			}
		}
		for _, e := range sp.VP {
			switch e.Do {
			case "vp":
				y.fixed += e.N
			case "vp_per":
				switch e.Per {
				case "tech_cards":
					y.tech++
				case "controlled_territories":
					y.ter++
				}
			case "score_capital":
				y.capital++
			}
		}
	}
	return y
}

// nearLines is the capital's rows and columns short of one plot, plus
// half those short of two.
func nearLines(base, cover string) float64 {
	n := 0.0
	open := cityOpenCounts(base, cover)
	for _, m := range open[:2*CitySize] { // the rows, then the columns
		switch m {
		case 1:
			n++
		case 2:
			n += 0.5
		}
	}
	return n
}

// pendingAdvance is the worth (the weigher's estimate) of the space of
// an advance turn seat has chosen but not paid for yet (the pay ask), and
// its cost in resources: every payment leads to it, so the one-ply
// judgement of the turn's choice sees the space it goes to.
func (s *State) pendingAdvance(seat int) (float64, int) {
	a := s.Ask
	if a == nil || int(a.Seat) != seat || a.Kind != "pay" {
		return 0, 0
	}
	p := &s.Players[seat]
	t, k := Track(a.Task.Track), int(a.Task.Tok)
	if t < 0 || t >= NumTracks || k < 0 || k >= len(p.Tokens[t]) || p.Tokens[t][k] >= 12 {
		return 0, 0
	}
	from := int(p.Tokens[t][k])
	c := Spaces[t][from].Cost
	w := weigher{s: s, seat: seat, p: p}
	return w.spaceWorth(t, from+1), c.Any + c.Res.Total()
}

// automaProjected is the Automa's estimated final VP: its VP and what its
// remaining income turns will score.
func (s *State) automaProjected() float64 {
	a := &s.Players[Automa]
	v := float64(a.VP)
	if a.Done {
		return v
	}
	P := &evalP
	tl := float64(s.Controlled(Automa) + s.count(Automa, "landmarks", ""))
	ms := float64(a.Position(Military) + a.Position(Science))
	et := float64(a.Position(Exploration) + a.Position(Technology))
	mult := AutomaMult[s.level().MatSide]
	g := P.AutomaGrowth[0]
	if s.level().IncomeAdvance {
		g = P.AutomaGrowth[1]
	}
	// The share of the bots' era already played: the decision cards
	// drawn since the last reshuffle.
	so := s.Solo
	drawn := len(so.Discard)
	for _, c := range so.Pair {
		if c > 0 {
			drawn++
		}
	}
	done := 0.0
	if total := drawn + len(so.Deck); total > 0 {
		done = float64(drawn) / float64(total)
	}
	for n := int(a.Era) + 1; n <= 5; n++ {
		m, ok := mult[n]
		if !ok {
			continue
		}
		k := float64(n-int(a.Era)) - done
		v += float64(m.TerritoriesLandmarks)*(tl+k*g[0]) +
			float64(m.MilitaryScience)*math.Min(24, ms+k*g[1]) +
			float64(m.ExplorationTech)*math.Min(24, et+k*g[2])
		if s.Players[0].Era < int8(n) {
			v += float64(AutomaEraVP[n]) / 2
		}
		v += P.AutomaExtra
	}
	// The track landmarks the human holds, each of which the Automa
	// would otherwise have scored on its income turns left.
	return v - s.landmarkDenial()*float64(s.trackLandmarks(0))
}

// landmarkDenial is, in solo, what a track landmark the human takes
// denies the Automa (the projection's Denial of its score on each of the
// Automa's income turns left); 0 in a game with several seats.
func (s *State) landmarkDenial() float64 {
	return evalP.Denial * float64(s.automaTLLeft())
}

// automaTLLeft is, in solo, the sum of the Automa's territories-and-
// landmarks multipliers over its income turns left: what one territory or
// landmark more or less changes its score by. It is 0 in a game with
// several seats.
func (s *State) automaTLLeft() int {
	if s.Solo == nil {
		return 0
	}
	a := &s.Players[Automa]
	if a.Done {
		return 0
	}
	mult := AutomaMult[s.level().MatSide]
	sum := 0
	for n := int(a.Era) + 1; n <= 5; n++ {
		sum += mult[n].TerritoriesLandmarks
	}
	return sum
}

// trackLandmarks is the track landmarks seat holds: the ones the Automa
// races it to.
func (s *State) trackLandmarks(seat int) int {
	n := 0
	for _, lm := range trackLandmarkIDs() {
		if lm < len(s.LandOwner) && int(s.LandOwner[lm]) == seat {
			n++
		}
	}
	return n
}

// trackLandmarkIDs are the landmarks on the advancement tracks (read
// once the game data is loaded).
var trackLandmarkIDs = sync.OnceValue(func() []int {
	var ids []int
	for t := range Track(NumTracks) {
		for sp := 1; sp <= 12; sp++ {
			if lm := spaceLandmark(t, sp); lm >= 0 {
				ids = append(ids, lm)
			}
		}
	}
	return ids
})

// evaluate is Evaluate for a game with several seats.
func (s *State) evaluate() []float64 {
	return games.SharesBy(s.Seats, len(s.Players) == s.Seats, s.projected, evalP.Scale)
}

// soloEvaluate is the human's share against the Automa: mostly the chance
// of beating it, from both projections, and a part for the human's
// projected VP itself, so that the search still tells moves apart when
// the Automa is far ahead.
func (s *State) soloEvaluate() []float64 {
	h := s.projected(0)
	win := games.Shares([]float64{h, s.automaProjected()}, evalP.Scale)[0]
	vp := h / (h + evalP.VPScale)
	w := evalP.VPWeight
	return []float64{(1-w)*win + w*vp}
}
