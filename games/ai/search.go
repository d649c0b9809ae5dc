package ai

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"spindle/games"
)

// Level is a search budget.
type Level struct {
	// Name is shown on the seat: "Spindle AI (hard)".
	Name string
	// Iterations bounds the playouts per decision.
	Iterations int
	// Think bounds the wall time of a decision; callers turn it into
	// Options.Stop (the package reads no clock).
	Think time.Duration
}

// The levels players choose from.
var (
	Easy   = Level{Name: "easy", Iterations: 48, Think: 100 * time.Millisecond}
	Normal = Level{Name: "normal", Iterations: 400, Think: 500 * time.Millisecond}
	Hard   = Level{Name: "hard", Iterations: 2500, Think: 2 * time.Second}
)

// Levels lists the levels from the weakest.
var Levels = []Level{Easy, Normal, Hard}

// ByName returns the level called name ("easy", "normal", "hard").
func ByName(name string) (Level, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// Title is the seat name of an AI of this level: "Spindle AI (hard)".
func (l Level) Title() string { return "Spindle AI (" + l.Name + ")" }

// StopAfter returns an Options.Stop that answers true once nine tenths of
// the level's Think have passed since the call (never, when Think is
// zero): the last tenth is the margin for the iteration under way, so a
// decision stays within Think.
func (l Level) StopAfter() func() bool {
	if l.Think <= 0 {
		return nil
	}
	deadline := time.Now().Add(l.Think * 9 / 10)
	return func() bool { return time.Now().After(deadline) }
}

// In returns the level as a game plays it: with the game's own iteration
// budget for the level (games.Info.AIIterations), when it sets one. Think
// is unchanged.
func (l Level) In(info games.Info) Level {
	if n, ok := info.AIIterations[l.Name]; ok && n > 0 {
		l.Iterations = n
	}
	return l
}

// maxPlayoutActions bounds a playout; one that does not end by then
// counts as a draw.
const maxPlayoutActions = 4000

// Search parameters.
const (
	// explore is UCB1's exploration constant, unless the game sets its
	// own (games.Info.AIExplore).
	explore = 0.7
	// priorVisits is how many imagined visits a move's prior (its one-ply
	// evaluation) is worth before real visits outweigh it.
	priorVisits = 3
	// childPriorAfter is how many visits a node below the root needs
	// before its moves get priors (the root gets them at once).
	childPriorAfter = 6
	// maxTreeDepth bounds the tree over the seat's own consecutive
	// actions.
	maxTreeDepth = 12
	// cutTurns is the fewest turn changes a playout runs past the tree
	// before the game's evaluator judges it (when it has one); with more
	// seats it runs a whole round (one change per seat), so every
	// opponent has moved once: with four seats, two changes left half the
	// table unplayed, and the search gained nothing on a random field.
	cutTurns = 2
	// weightBias is the progressive bias of the move the game's Weigher
	// favours most, divided by one more than the move's visits.
	weightBias = 0.3
	// playoutSample is how many moves a cut-off playout weighs against
	// each other at each step.
	playoutSample = 4
	// cutActions bounds a cut-off playout in actions, whatever the turns.
	cutActions = 60
)

// ErrNoMove: the seat has no legal move now.
var ErrNoMove = errors.New("ai: the seat has no move")

// Options tune one decision.
type Options struct {
	// Seed makes the search reproducible.
	Seed uint64
	// Stop, when set, is asked before each iteration after the first and
	// between the priors of the root's moves; a true answer ends the
	// search (the caller's wall-time budget).
	Stop func() bool
	// CutTurns, when positive, is the fewest turn changes a cut-off
	// playout runs before the evaluator judges, in place of the game's
	// (playoutTurns): for experiments with the search.
	CutTurns int
	// Explore, when positive, is UCB1's exploration constant in place of
	// the game's (exploration): for experiments with the search.
	Explore float64
}

// node is one decision of the seat in the tree over its own consecutive
// actions. Arms are the moves seen there, by key, in first-seen order;
// since a chance step inside a turn can change what is legal, each arm
// counts how often it was available (information-set UCB).
type node struct {
	index  map[string]int
	keys   []string
	visits []float64 // real visits
	wins   []float64 // reward sums of the real visits
	avail  []float64 // visits of the node when the arm was legal
	prior  []float64 // one-ply evaluation, -1 while unknown
	kids   []*node
	n      float64
	primed bool
}

func newNode() *node { return &node{index: map[string]int{}} }

// arm returns the index of key, adding it.
func (nd *node) arm(key string) int {
	if k, ok := nd.index[key]; ok {
		return k
	}
	k := len(nd.keys)
	nd.index[key] = k
	nd.keys = append(nd.keys, key)
	nd.visits = append(nd.visits, 0)
	nd.wins = append(nd.wins, 0)
	nd.avail = append(nd.avail, 0)
	nd.prior = append(nd.prior, -1)
	nd.kids = append(nd.kids, nil)
	return k
}

// pick returns the arm to play among the legal choices: by UCB1 (with
// exploration constant expl) over the arms' real visits plus their prior
// counted as priorVisits visits, with a progressive bias towards the
// moves the game's Weigher favours (weights, in legal's order, or nil)
// that fades with visits. An arm with neither visits nor prior is tried
// first, drawn by the weights.
func (nd *node) pick(legal []games.Choice, weights []int, rng *rand.Rand, expl float64) int {
	arms := make([]int, len(legal))
	for i, c := range legal {
		k := nd.arm(c.Key)
		nd.avail[k]++
		arms[i] = k
	}
	nd.n++
	var fresh []int
	var freshW []int
	for i, k := range arms {
		if nd.visits[k] == 0 && nd.prior[k] < 0 {
			fresh = append(fresh, k)
			if weights != nil {
				freshW = append(freshW, weights[i])
			}
		}
	}
	if len(fresh) > 0 {
		return fresh[games.PickWeighted(freshW, len(fresh), rng.IntN)]
	}
	top := 0
	for _, w := range weights {
		top = max(top, w)
	}
	best, bestV := arms[0], math.Inf(-1)
	for i, k := range arms {
		v, w := nd.visits[k], nd.wins[k]
		if nd.prior[k] >= 0 {
			v += priorVisits
			w += priorVisits * nd.prior[k]
		}
		u := w/v + expl*math.Sqrt(math.Log(nd.avail[k]+1)/v)
		if top > 0 {
			u += weightBias * float64(max(weights[i], 1)) / float64(top) / (nd.visits[k] + 1)
		}
		if u > bestV || (u == bestV && rng.IntN(2) == 0) {
			best, bestV = k, u
		}
	}
	return best
}

// prime gives the node's legal moves their priors: each played once on a
// copy of d (a determinization) and judged by the evaluator, or by the
// result when it ends the game. It reports false when the game has no
// evaluator. When stop answers true it leaves the moves not yet judged
// without a prior.
func (nd *node) prime(d games.Table, seat games.Seat, legal []games.Choice, stop func() bool) (bool, error) {
	nd.primed = true
	for i, c := range legal {
		if i > 0 && stop != nil && stop() {
			return true, nil // the moves left without a prior are tried first
		}
		k := nd.arm(c.Key)
		v, ok, err := oneply(d, seat, c.Key)
		if err != nil {
			return false, err
		}
		if !ok {
			return false, nil
		}
		nd.prior[k] = v
	}
	return true, nil
}

// OnePly plays key for seat on a fork of d and returns seat's share of
// the outcome: its reward when the game ends, else the game's evaluation.
// It reports false when the game has no evaluator and does not end. d is
// unchanged; call it on a determinization, never on a live table, since
// the evaluator reads hidden zones.
func OnePly(d games.Table, seat games.Seat, key string) (float64, bool, error) {
	return oneply(d, seat, key)
}

func oneply(d games.Table, seat games.Seat, key string) (float64, bool, error) {
	f, err := d.Fork()
	if err != nil {
		return 0, false, fmt.Errorf("ai: %w", err)
	}
	if _, err := f.Play(seat, f.Version(), key); err != nil {
		return 0, true, nil // see trial: an engine that disagrees makes the move worthless
	}
	if r, over := f.Result(); over {
		return Reward(r, seat, f.Seats()), true, nil
	}
	ev, ok := f.Evaluate()
	if !ok || int(seat) >= len(ev) {
		return 0, false, nil
	}
	return ev[seat], true, nil
}

// Choose returns the key of the move the search prefers for seat at t,
// within lvl's iterations as t's game sets them (Level.In) and o.Stop.
func Choose(t games.Table, seat games.Seat, lvl Level, o Options) (string, error) {
	lvl = lvl.In(t.Info())
	legal, _ := choices(t, seat)
	switch len(legal) {
	case 0:
		return "", ErrNoMove
	case 1:
		return legal[0].Key, nil
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0xa1))
	root := newNode()
	for _, c := range legal {
		root.arm(c.Key)
	}
	iters := max(1, lvl.Iterations)
	cut := playoutTurns(t, o)
	expl := exploration(t, o)
	for i := range iters {
		if i > 0 && o.Stop != nil && o.Stop() {
			break
		}
		if err := iterate(t, seat, root, rng, o.Stop, cut, expl); err != nil {
			return "", err
		}
		if settled(root.visits[:len(legal)], iters-i-1) || (i+1 >= iters/4 && dominant(root.visits[:len(legal)])) {
			break
		}
	}
	best := 0
	for k := range legal {
		vk, vb := root.visits[k], root.visits[best]
		if vk > vb || (vk == vb && mean(root, k) > mean(root, best)) {
			best = k
		}
	}
	return root.keys[best], nil
}

// playoutTurns is the fewest turn changes a cut-off playout on t runs:
// o.CutTurns when set, else in a one-seat game the game's own
// (games.Info.AISoloTurns) when it sets one, else cutTurns.
func playoutTurns(t games.Table, o Options) int {
	if o.CutTurns > 0 {
		return o.CutTurns
	}
	if n := t.Info().AISoloTurns; n > 0 && t.Seats() == 1 {
		return n
	}
	return cutTurns
}

// exploration is UCB1's exploration constant for a search on t:
// o.Explore when set, else the game's (games.Info.AIExplore) when it sets
// one, else explore.
func exploration(t games.Table, o Options) float64 {
	if o.Explore > 0 {
		return o.Explore
	}
	if c := t.Info().AIExplore; c > 0 {
		return c
	}
	return explore
}

// settled reports whether the arm with the most visits keeps the lead
// whatever the remaining iterations do, so that running them would not
// change the choice.
func settled(visits []float64, remaining int) bool {
	first, second := 0.0, 0.0
	for _, v := range visits {
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return first > second+float64(remaining)
}

// dominant reports whether one arm has drawn most of the visits so far,
// and three times as many as any other: after a quarter of the budget
// the search then stops, the rest being unlikely to change its mind.
func dominant(visits []float64) bool {
	first, second, total := 0.0, 0.0, 0.0
	for _, v := range visits {
		total += v
		switch {
		case v > first:
			first, second = v, first
		case v > second:
			second = v
		}
	}
	return total >= 50 && first >= total/2 && first >= 3*second
}

// mean is an arm's mean reward, its prior before any visit.
func mean(nd *node, k int) float64 {
	if nd.visits[k] == 0 {
		return nd.prior[k]
	}
	return nd.wins[k] / nd.visits[k]
}

// step is one arm taken in one node.
type step struct {
	nd *node
	k  int
}

// iterate runs one iteration: a fresh determinization of t, a descent of
// the tree over seat's own actions (UCB1 with exploration constant expl,
// growing the tree along the way) while seat alone is to act, then a
// cut-off playout, and the reward backed up along the path.
func iterate(t games.Table, seat games.Seat, root *node, rng *rand.Rand, stop func() bool, cut int, expl float64) error {
	d, err := t.Determinize(seat, rng.Uint64())
	if err != nil {
		return fmt.Errorf("ai: %w", err)
	}
	var path []step
	nd := root
	reward := -1.0
	for depth := 0; ; depth++ {
		legal, weights := choices(d, seat)
		if len(legal) == 0 {
			break
		}
		if !nd.primed && (nd == root || nd.n >= childPriorAfter) {
			if _, err := nd.prime(d, seat, legal, stop); err != nil {
				return err
			}
		}
		k := nd.pick(legal, weights, rng, expl)
		path = append(path, step{nd, k})
		if _, err := d.Play(seat, d.Version(), nd.keys[k]); err != nil {
			// The move is legal for seat whatever the hidden zones hold
			// (legal moves depend only on what seat knows); an engine that
			// disagrees makes the move worthless rather than the search fail.
			reward = 0
			break
		}
		if depth+1 >= maxTreeDepth || !onlyMover(d, seat) {
			break
		}
		if nd.kids[k] == nil {
			nd.kids[k] = newNode()
		}
		nd = nd.kids[k]
	}
	if reward < 0 {
		if reward, err = cutPlayout(d, seat, rng, cut); err != nil {
			return err
		}
	}
	for _, st := range path {
		st.nd.visits[st.k]++
		st.nd.wins[st.k] += reward
	}
	return nil
}

// onlyMover reports whether seat alone is to act on d.
func onlyMover(d games.Table, seat games.Seat) bool {
	to := d.ToAct()
	return len(to) == 1 && to[0] == seat
}

// cutPlayout plays on d (which it changes) with random moves weighted by
// the game's Weigher until the game ends, or, for a game with an
// evaluator, until the turn has changed hands cut times and once per
// seat (or cutActions actions): the evaluator then judges the position.
// It returns seat's reward. In a one-seat game (solo against the game
// itself) the seat never hands the turn to another seat: the game answers
// its moves with chance steps instead (Tapestry's Automa), so each move
// that chance answered counts as a change of hands; otherwise every
// playout would run to cutActions.
func cutPlayout(d games.Table, seat games.Seat, rng *rand.Rand, cut int) (float64, error) {
	if _, ok := d.Evaluate(); !ok {
		return Playout(d, seat, rng)
	}
	last, changes := games.Spectator, 0
	solo := d.Seats() == 1
	for range cutActions {
		if r, over := d.Result(); over {
			return Reward(r, seat, d.Seats()), nil
		}
		s, ok, err := Mover(d, rng)
		if err != nil {
			return 0, err
		}
		if !ok {
			continue
		}
		if s != last {
			if last != games.Spectator {
				changes++
			}
			last = s
		}
		if changes >= max(cut, d.Seats()) {
			break
		}
		at := d.Version()
		if err := playSampled(d, s, rng); err != nil {
			return 0, err
		}
		if solo && d.Version() > at+1 {
			// A one-seat game plays the other side itself: the chance
			// steps that answered the move (Play resolves them) stand for
			// the other seats' turns.
			changes++
		}
	}
	if r, over := d.Result(); over {
		return Reward(r, seat, d.Seats()), nil
	}
	ev, ok := d.Evaluate()
	if !ok || int(seat) >= len(ev) {
		return 0.5, nil
	}
	return ev[seat], nil
}

// Mover resolves chance on d if it is to act and returns a seat to act,
// at random among several; false after resolving chance. Playouts and the
// arena step games with it.
func Mover(d games.Table, rng *rand.Rand) (games.Seat, bool, error) {
	var movers []games.Seat
	for _, s := range d.ToAct() {
		if s >= 0 {
			movers = append(movers, s)
		}
	}
	if len(movers) == 0 {
		if _, err := d.Resolve(); err != nil {
			return 0, false, fmt.Errorf("ai: playout: %w", err)
		}
		return 0, false, nil
	}
	return movers[rng.IntN(len(movers))], true, nil
}

// playSampled plays, for s on d, the best by one-ply evaluation of a few
// moves drawn at random: a cheap model of a player who looks where they
// put their feet. A game with a Weigher has its own playout policy, which
// it follows instead (a weighted random move).
func playSampled(d games.Table, s games.Seat, rng *rand.Rand) error {
	legal, w := choices(d, s)
	if len(legal) == 0 {
		return fmt.Errorf("ai: playout: %s to act without a legal move", s)
	}
	if playoutSample <= 1 || w != nil {
		return playOne(d, s, legal, w, rng)
	}
	key, bestV := "", math.Inf(-1)
	for range min(playoutSample, len(legal)) {
		c := legal[games.PickWeighted(w, len(legal), rng.IntN)].Key
		v, ok, err := oneply(d, s, c)
		if err != nil {
			return err
		}
		if !ok {
			key = c
			break
		}
		if v > bestV {
			key, bestV = c, v
		}
	}
	if _, err := d.Play(s, d.Version(), key); err != nil {
		return fmt.Errorf("ai: playout: %w", err)
	}
	return nil
}

// playOne plays for s on d one of legal drawn by weights (nil: uniform).
func playOne(d games.Table, s games.Seat, legal []games.Choice, weights []int, rng *rand.Rand) error {
	key := legal[games.PickWeighted(weights, len(legal), rng.IntN)].Key
	if _, err := d.Play(s, d.Version(), key); err != nil {
		return fmt.Errorf("ai: playout: %w", err)
	}
	return nil
}

// Playout finishes the game on d (which it changes) with random moves
// weighted by the game's Weigher, and returns seat's reward.
func Playout(d games.Table, seat games.Seat, rng *rand.Rand) (float64, error) {
	for range maxPlayoutActions {
		if r, over := d.Result(); over {
			return Reward(r, seat, d.Seats()), nil
		}
		s, ok, err := Mover(d, rng)
		if err != nil {
			return 0, err
		}
		if !ok {
			continue
		}
		legal, weights := choices(d, s)
		if len(legal) == 0 {
			return 0.5, nil
		}
		key := legal[games.PickWeighted(weights, len(legal), rng.IntN)].Key
		if _, err := d.Play(s, d.Version(), key); err != nil {
			return 0, fmt.Errorf("ai: playout: %w", err)
		}
	}
	return 0.5, nil
}

// Reward is seat's share of a finished game in [0, 1]: nine tenths for
// its rank, as the share of the other seats it finished ahead of (a seat
// tied with it counting half, so 1 for a lone first and 0 for a lone
// last, the same measure as games.Shares), and a tenth for the score
// margin over the best other seat.
func Reward(r games.Result, seat games.Seat, seats int) float64 {
	// A draw needs no case of its own: the seats that share it share rank
	// 1 (all seats in a full draw, the survivors when a free-for-all hits
	// its turn cap), and those ranked below them lost.
	if int(seat) >= len(r.Ranks) {
		return 0.5
	}
	rank := 1.0
	if seats > 1 {
		ahead := 0.0
		for s, rk := range r.Ranks {
			switch {
			case s == int(seat):
			case rk > r.Ranks[seat]:
				ahead++
			case rk == r.Ranks[seat]:
				ahead += 0.5
			}
		}
		rank = ahead / float64(seats-1)
	} else {
		// A solo game, against the game itself: rank 1 won, rank 2 lost,
		// a draw is a shared win.
		switch {
		case r.Draw:
			rank = 0.5
		case r.Ranks[seat] > 1:
			rank = 0
		}
	}
	margin := 0.5
	if int(seat) < len(r.Scores) && len(r.Scores) > 1 {
		mine, other := float64(r.Scores[seat]), math.Inf(-1)
		for s, v := range r.Scores {
			if s != int(seat) {
				other = math.Max(other, float64(v))
			}
		}
		margin = 0.5 + 0.5*math.Tanh((mine-other)/10)
	}
	return 0.9*math.Max(0, math.Min(1, rank)) + 0.1*margin
}

// choices returns the moves of seat on d that the search weighs, with
// their Weigher weights (nil for uniform): every legal move, or those the
// game's Focuser picks out (games.Focuser), the others resolved by the
// game's own judgement.
func choices(d games.Table, seat games.Seat) ([]games.Choice, []int) {
	legal := d.Legal(seat)
	if len(legal) < 2 {
		return legal, nil
	}
	weights, focus := d.Weighed(seat)
	if len(focus) == 0 || len(focus) == len(legal) {
		return legal, weights
	}
	fl := make([]games.Choice, len(focus))
	var fw []int
	if weights != nil {
		fw = make([]int, len(focus))
	}
	for i, k := range focus {
		fl[i] = legal[k]
		if fw != nil {
			fw[i] = weights[k]
		}
	}
	return fl, fw
}
