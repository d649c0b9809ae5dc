package tapestry

import "sync"

// What a civilization is worth to the AI. The projection (features.go)
// knows a seat's VP, mat, tracks and holdings, but not its civilization:
// each civilization scores in its own way (Craftsmen's statues, Leaders'
// squares, Isolationists' landmass), so at the choice between the two
// dealt the search saw only the set-up adjustments (The Chosen's 30 VP in
// solo, Alchemists' 10), which were published to make up for weak
// civilizations, and so it preferred the weak ones. civWorth is, for each
// civilization, the mean final VP of the AI's games with it, less its
// adjustment, less the mean over all civilizations: measured by
// TestCivStats, which plays solo games with the civilization chosen at
// random (command and figures in docs/ai.md). A civilization it has not
// measured (the four left out of solo) is worth 0, and so is Historians:
// its games were played before a landmark either solo bot claimed paid
// its tokens (§17.6), so they are void in the data file.
//
// The projection adds, for each civilization a seat holds or has chosen,
// its worth times the share of the game left: the worth accrues over the
// game, and what has accrued is in the seat's VP and holdings. Terms for
// what a civilization's own mat will still pay (the Historians' squares,
// the Militants' spaces) were tried and dropped (docs/ai.md, round 7):
// the worth already counts what the mat pays on average, so the search
// counted it twice and chose those civilizations, or their moves, too
// often.
var civWorth = map[string]float64{
	"Merrymakers":   3.9,
	"Alchemists":    3.7,
	"Isolationists": 2.2,
	"Entertainers":  2.0,
	"Craftsmen":     1.4,
	"Leaders":       1.1,
	"Militants":     -1.3,
	"Nomads":        -2.5,
	"Mystics":       -2.7,
	"The Chosen":    -2.9,
	"Architects":    -4.9,
}

// civWorthByIndex is civWorth by civilization index.
var civWorthByIndex = sync.OnceValue(func() []float64 {
	w := make([]float64, len(Civs))
	for i, c := range Civs {
		w[i] = civWorth[c.Name]
	}
	return w
})

// civTerm is the worth of seat's civilizations still to come.
func (s *State) civTerm(seat int) float64 {
	p := &s.Players[seat]
	if p.Done {
		return 0
	}
	w := civWorthByIndex()
	v := 0.0
	for _, c := range p.Civs {
		if int(c.Civ) < len(w) {
			v += w[c.Civ]
		}
	}
	if p.Chosen >= 0 && int(p.Chosen) < len(w) {
		v += w[p.Chosen] // chosen in secret, not yet revealed
	}
	return v * float64(5-int(p.Era)) / 5
}
