package tapestry

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// The projection of a seat's final VP (projected) is its VP plus a
// linear model: a weight times each of the features below. The weights
// are fitted offline (spindle train, cmd/spindle/train.go) by least
// squares of the VP a seat went on to score on the features it held,
// shrunk towards hand-set defaults (defaultWeights), and embedded from
// evalweights.json.

// Feature indexes of the projection.
const (
	// fScore is the scorings left times the VP one scoring of the mat
	// pays as it stands; fGrowth that times the scorings left less one
	// (the mat's yield grows as the game goes on).
	fScore = iota
	fGrowth
	// fLine is the scorings left times the capital scoring icons times
	// the capital's rows and columns short of one plot (half for two).
	fLine
	// fRes0..fRes4 are the resources held and to come from income, less
	// a chosen advance's cost, by the income turns taken (one of the five
	// is nonzero): a resource is worth less as the game runs out.
	fRes0
	fRes1
	fRes2
	fRes3
	fRes4
	// fIncome is the resources the income turns left will pay.
	fIncome
	// fTile is the territory tiles held and to come, times the share of
	// the game left.
	fTile
	// fCard is the tapestry cards that will be played on an income turn;
	// fCardExtra those beyond, times the share of the game left.
	fCard
	fCardExtra
	// fTech0 and fTech1 are the tech cards in the bottom and middle rows,
	// times the share of the game left.
	fTech0
	fTech1
	// fPos0..fPos3 are the track spaces reached in tiers I..IV, times the
	// share of the game left.
	fPos0
	fPos1
	fPos2
	fPos3
	// fOutpost is the outposts left in supply, times the share of the
	// game left.
	fOutpost
	// fPending is the worth (the weigher's estimate) of the space of an
	// advance chosen but not paid yet.
	fPending
	// fBuildings is the income buildings taken, times the share of the
	// game left.
	fBuildings
	// fTerr is the territories controlled, times the scorings left.
	fTerr
	// fLandmarks is the landmarks held, times the share of the game left.
	fLandmarks
	numFeatures
)

// FeatureNames names the features, in order, for the weights file.
var FeatureNames = [numFeatures]string{
	"score", "growth", "line", "res0", "res1", "res2", "res3", "res4", "income",
	"tile", "card", "card_extra", "tech0", "tech1", "pos1", "pos2", "pos3", "pos4",
	"outpost", "pending", "buildings", "territories", "landmarks",
}

// defaultWeights are the hand-set weights the fit shrinks towards.
var defaultWeights = [numFeatures]float64{
	fScore: 1, fGrowth: 0.15, fLine: 0.4,
	fRes0: 1.6, fRes1: 1.6, fRes2: 1.5, fRes3: 1.2, fRes4: 0.4,
	fTile: 2.0, fCard: 4.0, fCardExtra: 1.0, fTech0: 3.0, fTech1: 2.0,
	fPos0: 0.8, fPos1: 1.0, fPos2: 1.2, fPos3: 1.5,
	fOutpost: 0.5, fPending: 1,
}

// DefaultWeights returns the hand-set weights.
func DefaultWeights() []float64 { return defaultWeights[:] }

// WeightsFile is the embedded weights file's content.
type WeightsFile struct {
	// How records the command that wrote the file.
	How     string             `json:"how"`
	Samples int                `json:"samples"`
	Weights map[string]float64 `json:"weights"`
}

//go:embed evalweights.json
var weightsJSON []byte

// evalW are the projection's weights in use.
var evalW = mustWeights(weightsJSON)

func mustWeights(b []byte) [numFeatures]float64 {
	w, err := ParseWeights(b)
	if err != nil {
		panic(err)
	}
	return w
}

// SetWeights makes w (numFeatures weights, or nil for the hand-set
// defaults) the projection's weights for the whole process and returns
// the previous ones. It is for the training command, which plays its
// games with the weights of an earlier round; it must not be called while
// any game is being evaluated.
func SetWeights(w []float64) ([]float64, error) {
	old := append([]float64(nil), evalW[:]...)
	switch {
	case w == nil:
		evalW = defaultWeights
	case len(w) == numFeatures:
		copy(evalW[:], w)
	default:
		return nil, fmt.Errorf("tapestry: weights: %d weights for %d features", len(w), numFeatures)
	}
	return old, nil
}

// ParseWeights reads a weights file: every feature must have a weight.
func ParseWeights(b []byte) ([numFeatures]float64, error) {
	var f WeightsFile
	var w [numFeatures]float64
	if err := json.Unmarshal(b, &f); err != nil {
		return w, fmt.Errorf("tapestry: weights: %w", err)
	}
	for i, n := range FeatureNames {
		v, ok := f.Weights[n]
		if !ok {
			return w, fmt.Errorf("tapestry: weights: no weight for %q", n)
		}
		w[i] = v
	}
	if len(f.Weights) != numFeatures {
		return w, fmt.Errorf("tapestry: weights: %d weights for %d features", len(f.Weights), numFeatures)
	}
	return w, nil
}

// features fills f with seat's features; it reports false for a seat
// whose projection is its VP alone (finished, or no mat yet).
func (s *State) features(seat int, f *[numFeatures]float64) bool {
	*f = [numFeatures]float64{}
	p := &s.Players[seat]
	if p.Done || p.Mat == 0 {
		return false
	}
	era := int(p.Era)
	scorings := 5 - max(era, 1) // income turns 2..5 still to take
	incomes := max(0, 4-era)    // income turns 1..4 still to take
	// An income turn under way has counted its era but may not have
	// scored or paid yet.
	for i := range s.Tasks {
		if t := &s.Tasks[i]; int(t.Seat) == seat {
			switch t.Op {
			case "inc_vp":
				scorings++
			case "inc_income":
				incomes++
			}
		}
	}
	plays := max(0, 4-max(era, 1))
	left := float64(5-era) / 5 // share of the game left
	y := s.matYield(seat)
	ter := s.Controlled(seat)
	per := float64(y.fixed + y.capital*s.capitalScore(seat) + y.tech*p.TechCount() + y.ter*ter)
	sc := float64(scorings)
	f[fScore] = sc * per
	f[fGrowth] = sc * float64(max(0, scorings-1)) * per
	if y.capital > 0 && scorings > 0 {
		f[fLine] = float64(scorings*y.capital) * nearLines(Mats[p.Mat-1].base, p.Cover)
	}
	held := 0
	for _, n := range p.Res {
		held += min(n, ResCap)
	}
	income := incomes * y.res.Total()
	pend, cost := s.pendingAdvance(seat)
	f[fRes0+min(era, 4)] = float64(held + income - cost)
	f[fIncome] = float64(income)
	f[fTile] = left * float64(len(p.Tiles)+incomes*y.tiles)
	cards := len(p.Hand) + incomes*y.cards
	f[fCard] = float64(min(cards, plays))
	f[fCardExtra] = left * float64(max(0, cards-plays))
	f[fTech0] = left * float64(len(p.Tech[0]))
	f[fTech1] = left * float64(len(p.Tech[1]))
	for t := range Track(NumTracks) {
		pos := p.Position(t)
		for sp := 1; sp <= pos; sp++ {
			f[fPos0+(sp-1)/3] += left
		}
	}
	f[fOutpost] = left * float64(p.Outposts)
	f[fPending] = pend
	taken := 0
	for _, n := range p.Taken {
		taken += int(n)
	}
	f[fBuildings] = left * float64(taken)
	f[fTerr] = sc * float64(ter)
	f[fLandmarks] = left * float64(s.count(seat, "landmarks", ""))
	return true
}

// projected is seat's estimated final VP.
func (s *State) projected(seat int) float64 {
	v := float64(s.Players[seat].VP) + s.civTerm(seat)
	var f [numFeatures]float64
	if !s.features(seat, &f) {
		return v
	}
	for i, x := range f {
		v += evalW[i] * x
	}
	return v
}

// Features returns seat's features and VP in a state encoded as JSON
// (games.Table.StateJSON), for the weights' fit; ok is false when the
// seat's projection is its VP alone.
func Features(stateJSON []byte, seat int) (f []float64, vp int, ok bool, err error) {
	var s State
	if err := json.Unmarshal(stateJSON, &s); err != nil {
		return nil, 0, false, fmt.Errorf("tapestry: features: %w", err)
	}
	if seat < 0 || seat >= len(s.Players) {
		return nil, 0, false, fmt.Errorf("tapestry: features: no seat %d", seat)
	}
	var a [numFeatures]float64
	ok = s.features(seat, &a)
	return a[:], s.Players[seat].VP, ok, nil
}

// AutomaProjection is, in a solo game, the evaluator's estimate of the
// Automa's final VP from stateJSON (what the human's projection is
// compared with); ok is false in a game without the Automa.
func AutomaProjection(stateJSON []byte) (v float64, ok bool, err error) {
	var s State
	if err := json.Unmarshal(stateJSON, &s); err != nil {
		return 0, false, fmt.Errorf("tapestry: automa projection: %w", err)
	}
	if s.Solo == nil || len(s.Players) <= Automa {
		return 0, false, nil
	}
	return s.automaProjected(), true, nil
}
