package tapestry

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

//go:embed rules.md
var manual string

// Game is Tapestry. It implements games.Game[State, Action, View],
// games.Resampler, games.Passer, games.Windower, games.Evaluator (eval.go)
// and games.Weigher (weights.go).
type Game struct{}

var (
	_ games.Game[State, Action, View] = Game{}
	_ games.Resampler[State]          = Game{}
	_ games.Passer[State, Action]     = Game{}
	_ games.Windower[State]           = Game{}
	_ games.Evaluator[State]          = Game{}
	_ games.Cloner[State]             = (*State)(nil)
)

// Action is one decision, identified by its key.
type Action struct{ K string }

// Key returns the action's key.
func (a Action) Key() string { return a.K }

const keyGrammar = `income | adv:<track>[:<token>]     your turn: an income turn or an advance
pay:<letters>                       a payment (c coin, w worker, f food, u culture)
gain:<letters> lose:<letters>       "any" resources gained or lost
bonus:<payment> | nobonus           a space's bonus
track:<track>[:<token>] | skip      an advance or regress effect
tile:<id> hex:<a>@<b> rot:<0-5>     explore: tile, hex, rotation
hex:<a>@<b> trap | notrap die:<red|black>   conquer, the defender's trap, the die kept
at:<row>@<col> lm:<row>,<col>@<rot> place a building or a landmark in your capital
invent:<card|deck> up:<card> noupgrade play:<card>   tech and tapestry cards
opt:<i> first:<i> research:<track> noresearch keep:<track> repeat:<track>:<space> tok:<token>
side:<civ side>                     solo, level 6: the Automa's second civilization
chance: setup:<mats>:<first> card:<design> id:<tile/card> face:<0-11> dice:<red>,<black>
  solo: dc:<decision card> rot:<0-5> (first 0 you, 1 the bots)`

// Info describes the game.
func (Game) Info() games.Info {
	return games.Info{
		ID:         "tapestry",
		Title:      "Tapestry",
		MinSeats:   1,
		MaxSeats:   5,
		Rules:      1,
		MaxActions: 6000,
		Options: []games.OptionSpec{
			{Key: "civilizations", Label: "Civilizations", Values: []string{"standard", "none"}, Default: "standard",
				Help: "standard: each player is dealt two civilizations and keeps one in secret; none: nobody has one.",
				ValueHelp: map[string]string{"standard": "Each player keeps one of two civilizations dealt",
					"none": "Everyone plays without a civilization"}},
			{Key: "civ_adjustments", Label: "Civilization adjustments", Values: []string{"on", "off"}, Default: "on",
				Help: "The publisher's starting adjustments for some civilizations, applied after a first income turn.",
				ValueHelp: map[string]string{"on": "Apply the official starting adjustments",
					"off": "Play the civilizations as printed"}},
			automaOption(),
		},
		KeyGrammar: keyGrammar,
		Manual:     manual,
		// A hard decision's 2 500 iterations took 0.5–1.3 s of its 2 s
		// (0.2–0.4 ms each on the 2-core machine): hard may run up to
		// 8 000, so that its clock (a stop at 1.8 s) rather than its
		// iterations ends most decisions.
		AIIterations: map[string]int{"hard": tapestryHardIterations},
		// In solo the look-ahead plays three of the seat's turns (each
		// answered by the Automa) before the evaluator judges, not two:
		// over 48 level-3 games of ai:normal (seeds 1-48) the margin over
		// the Automa was 5 VP better (standard error 7) and the wins 12.5
		// against 8; one turn was worse, five no better (docs/ai.md).
		// Retried with the focused tree (round 10): two turns worse,
		// four and six about 8 VP better for normal (one standard error)
		// but no better for hard, whose clock they cost iterations.
		AISoloTurns: 3,
		// The evaluator's rewards differ by a few hundredths from move to
		// move (their spread within one move is 0.015-0.03), so UCB1's
		// default constant, 0.7, spread hard's 8 000 iterations almost
		// evenly over the moves and played the tree below the root nearly
		// at random. With 0.15, hard at level 3 won 9 of 19 games where
		// the default won 4 (seeds 185-203), 15.9 VP more a game (standard
		// error 5.9), but 5 of 13 where it won 8 on seeds 166-181 (VP
		// equal): over the 32 seeds about 10 VP more a game (docs/ai.md,
		// round 9).
		AIExplore: tapestryExplore,
	}
}

// tapestryHardIterations is ai:hard's iteration budget in Tapestry
// (games.Info.AIIterations).
const tapestryHardIterations = 8000

// tapestryExplore is the search's exploration constant in Tapestry
// (games.Info.AIExplore).
const tapestryExplore = 0.15

// New returns a game waiting for the set-up deal.
func (Game) New(opts games.Options, seats int) (State, error) {
	if seats < 1 || seats > 5 {
		return State{}, fmt.Errorf("tapestry: %d seats (1 to 5): %w", seats, games.ErrBadOption)
	}
	s := State{Seats: seats, Large: seats >= 4, Setup: true, Science: -1, Red: -1, Black: -1,
		CivMode: opts["civilizations"], Adjust: opts["civ_adjustments"] != "off"}
	if s.civsOn() {
		for i := range Civs {
			s.CivDeck = append(s.CivDeck, int8(i))
		}
	}
	for i := range TapCards {
		n := TapCards[i].Count
		if seats == 1 { // §17.1: the solo deck
			n = soloCount(i)
		}
		for range n {
			s.TapDeck = append(s.TapDeck, int8(i))
		}
	}
	for i := range TechCards {
		s.TechDeck = append(s.TechDeck, i)
	}
	for i := range Territories {
		s.TerrStack = append(s.TerrStack, i+1)
	}
	for i := range SpaceTiles {
		s.SpaceStack = append(s.SpaceStack, i+1)
	}
	hexes := MapsSmall
	if s.Large {
		hexes = MapsLarge
	}
	for _, h := range hexes {
		s.Map = append(s.Map, Territory{Hex: Hex{int8(h.At[0]), int8(h.At[1])}, Printed: h.Printed, Island: h.Island, Middle: h.Middle})
	}
	s.LandOwner = make([]int8, len(Landmarks))
	for i := range s.LandOwner {
		s.LandOwner[i] = -1
	}
	s.Players = make([]Player, seats)
	for i := range s.Players {
		p := &s.Players[i]
		for t := range p.Tokens {
			p.Tokens[t] = []int8{0}
		}
		p.Cover = strings.Repeat(".", 81)
		p.Outposts = 8
		p.Partner, p.PartnerTrack, p.Copy, p.Forbid, p.Chosen = -1, -1, -1, -1, -1
	}
	if seats == 1 {
		if err := s.newSolo(opts); err != nil {
			return State{}, err
		}
		// §3.3: four civilizations leave a solo game.
		s.CivDeck = slices.DeleteFunc(s.CivDeck, func(c int8) bool {
			return slices.Contains(SoloRemovedCivs, Civs[c].Name)
		})
	}
	s.Ask = &Ask{Kind: "setup", Seat: int8(games.Chance)}
	return s, nil
}

// setup applies the deal "m1.m2...:first": a mat per player (4-5) or the
// first mat of each player's pair (1-3), and the first player.
func (s *State) setup(arg string, ev *events) error {
	mats, first, ok := strings.Cut(arg, ":")
	parts := strings.Split(mats, ".")
	f, err := strconv.Atoi(first)
	if !ok || err != nil || len(parts) != s.Seats || f < 0 || f >= s.turnRing() {
		return fmt.Errorf("tapestry: bad deal %q: %w", arg, games.ErrIllegal)
	}
	seen := map[int]bool{}
	for i, m := range parts {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 || n > 6 || seen[n] || !s.Large && Mats[n-1].Partner < n {
			return fmt.Errorf("tapestry: bad deal %q: %w", arg, games.ErrIllegal)
		}
		seen[n] = true
		if s.Large {
			s.Players[i].Mat = int8(n)
			s.placeStart(i)
		} else {
			s.Players[i].Pair = [2]int8{int8(n), int8(Mats[n-1].Partner)}
		}
	}
	s.First, s.Turn = int8(f), int8(f)
	ev.say("The capitals are dealt; %s goes first.", who(f))
	s.push(append(s.soloSetupTasks(), Task{Op: "mats"})...)
	return nil
}

// matsAsk asks the next player still holding a pair which mat to keep;
// then the tech row is revealed and play begins.
func (s *State) matsAsk() {
	for i := range s.Seats { // the solo bots have no capital
		p := &s.Players[i]
		if p.Mat == 0 {
			opts := []string{"mat:" + strconv.Itoa(int(p.Pair[0])), "mat:" + strconv.Itoa(int(p.Pair[1]))}
			s.ask("mat", i, keyList(opts), Task{Seat: int8(i)})
			return
		}
	}
	if s.civsOn() {
		s.push(append(s.civDeal(), Task{Op: "setup_end"})...)
		return
	}
	s.push(Task{Op: "setup_end"})
}

// placeStart puts a player's two starting outposts on its territory.
func (s *State) placeStart(seat int) {
	m := Mats[s.Players[seat].Mat-1]
	if s.Solo != nil {
		m = Mats[1] // §3.2: the human always starts on 2/4
	}
	at := m.Small
	if s.Large {
		at = m.Large
	}
	t := s.Terr(Hex{int8(at[0]), int8(at[1])})
	t.Outposts = append(t.Outposts, Outpost{Seat: int8(seat)}, Outpost{Seat: int8(seat)})
}

// ToAct lists who acts now.
func (Game) ToAct(s *State) []games.Seat {
	if s.Over || s.Ask == nil {
		return nil
	}
	return []games.Seat{games.Seat(s.Ask.Seat)}
}

// Legal lists seat's choices.
func (Game) Legal(s *State, seat games.Seat) []Action {
	if s.Over || s.Ask == nil || games.Seat(s.Ask.Seat) != seat || len(s.Ask.Opts) == 0 {
		return nil
	}
	out := make([]Action, len(s.Ask.Opts))
	for i, k := range s.Ask.Opts {
		out[i] = Action{k}
	}
	slices.SortFunc(out, func(a, b Action) int { return strings.Compare(a.K, b.K) })
	return out
}

// Sample draws a chance outcome.
func (Game) Sample(s *State, d *dice.Dice) Action {
	a := s.Ask
	if a.Kind == "setup" {
		var mats []string
		if s.Large {
			perm := d.Perm(6)
			for i := range s.Seats {
				mats = append(mats, strconv.Itoa(perm[i]+1))
			}
		} else {
			perm := d.Perm(3)
			firsts := []int{1, 2, 3}
			for i := range s.Seats {
				mats = append(mats, strconv.Itoa(firsts[perm[i]]))
			}
		}
		return Action{"setup:" + strings.Join(mats, ".") + ":" + strconv.Itoa(d.IntN(s.turnRing()))}
	}
	return Action{a.Opts[games.PickWeighted(a.Weights, len(a.Opts), d.IntN)]}
}

// Apply applies an action.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if s.Over || s.Ask == nil || games.Seat(s.Ask.Seat) != seat {
		return nil, fmt.Errorf("tapestry: %s may not act now: %w", seat, games.ErrNotYourTurn)
	}
	if s.Ask.Kind != "setup" && !slices.Contains(s.Ask.Opts, a.K) {
		return nil, fmt.Errorf("tapestry: %q is not a choice now: %w", a.K, games.ErrIllegal)
	}
	// The driver hands Apply a state of its own (a clone, or a search
	// copy), so a failure may leave s half applied: the driver discards it.
	ev := &events{}
	ask := *s.Ask
	s.Ask = nil
	if err := s.answer(ask, a.K, ev); err != nil {
		return nil, err
	}
	if err := s.run(ev); err != nil {
		return nil, err
	}
	s.soloNames(ev.list)
	return ev.list, nil
}

// Result reports the final ranking: VP, then resources left (§15).
func (Game) Result(s *State) (games.Result, bool) {
	if !s.Over {
		return games.Result{}, false
	}
	if s.Solo != nil {
		return s.soloResult(), true
	}
	n := s.Seats
	r := games.Result{Reason: "scored", Scores: make([]int, n), Ranks: make([]int, n)}
	better := func(a, b int) bool {
		pa, pb := &s.Players[a], &s.Players[b]
		if pa.VP != pb.VP {
			return pa.VP > pb.VP
		}
		return pa.Res.Total() > pb.Res.Total()
	}
	for i := range n {
		r.Scores[i] = s.Players[i].VP
		rank := 1
		for j := range n {
			if better(j, i) {
				rank++
			}
		}
		r.Ranks[i] = rank
		if rank == 1 {
			r.Winners = append(r.Winners, games.Seat(i))
		}
		r.Lines = append(r.Lines, fmt.Sprintf("%s: %d VP, %s left", who(i), s.Players[i].VP, count(s.Players[i].Res.Total(), "resource")))
	}
	return r, true
}

// ParseAction decodes a key.
func (Game) ParseAction(key string) (Action, error) {
	if key == "" || len(key) > 400 {
		return Action{}, fmt.Errorf("tapestry: bad key: %w", games.ErrBadKey)
	}
	for i := range len(key) {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte(":@,._-", c) >= 0) {
			return Action{}, fmt.Errorf("tapestry: bad key %q: %w", key, games.ErrBadKey)
		}
	}
	return Action{key}, nil
}

// Pass declines a window (no Trap, no optional advance, no payment).
func (Game) Pass(s *State, seat games.Seat) (Action, bool) {
	if s.Ask == nil || games.Seat(s.Ask.Seat) != seat {
		return Action{}, false
	}
	for _, k := range []string{"notrap", "noadvance", "nopay", "nobonus", "noupgrade", "noresearch", "skip", "stop", "keep", "nogift", "notyranny", "nooutpost", "norefresh"} {
		if slices.Contains(s.Ask.Opts, k) {
			return Action{k}, true
		}
	}
	return Action{}, false
}

// InWindow reports whether seat is answering a reaction out of its turn.
func (Game) InWindow(s *State, seat games.Seat) bool {
	return s.Ask != nil && s.Ask.Window && games.Seat(s.Ask.Seat) == seat
}

// Evaluate estimates each seat's share from its projected final VP
// (eval.go), in solo against the Automa's (games.Evaluator).
func (Game) Evaluate(s *State) []float64 {
	if s.Solo != nil {
		return s.soloEvaluate()
	}
	return s.evaluate()
}

// Resample redeals every hand hidden from seat (the decks are multisets:
// their order is never stored).
func (Game) Resample(s *State, seat games.Seat, d *dice.Dice) State {
	c := s.Clone()
	var pool []int8
	for i := range c.Players {
		if games.Seat(i) != seat {
			pool = append(pool, c.Players[i].Hand...)
		}
	}
	pool = append(pool, c.TapDeck...)
	if c.Solo != nil {
		pool = append(pool, c.Solo.Stock...) // the Automa's face-down trap stock
		c.Solo.resample(d)
	}
	for i := range c.Players {
		for k := range c.Players[i].Slots {
			for j, sc := range c.Players[i].Slots[k] {
				if sc.Down {
					pool = append(pool, sc.Card)
					c.Players[i].Slots[k][j].Card = -1
				}
			}
		}
	}
	s.resampleCivs(&c, seat, d)
	perm := d.Perm(len(pool))
	next := 0
	take := func() int8 { v := pool[perm[next]]; next++; return v }
	for i := range c.Players {
		if games.Seat(i) != seat {
			for j := range c.Players[i].Hand {
				c.Players[i].Hand[j] = take()
			}
		}
		for k := range c.Players[i].Slots {
			for j := range c.Players[i].Slots[k] {
				if c.Players[i].Slots[k][j].Card == -1 {
					c.Players[i].Slots[k][j].Card = take()
				}
			}
		}
	}
	if c.Solo != nil {
		for j := range c.Solo.Stock {
			c.Solo.Stock[j] = take()
		}
	}
	c.TapDeck = c.TapDeck[:0]
	for next < len(pool) {
		c.TapDeck = append(c.TapDeck, take())
	}
	slices.Sort(c.TapDeck)
	return c
}

// resampleCivs redeals the civilizations hidden from seat: the others'
// dealt pairs (and secret choices) and the deck, a multiset.
func (s *State) resampleCivs(c *State, seat games.Seat, d *dice.Dice) {
	pool := slices.Clone(c.CivDeck)
	for i := range c.Players {
		if games.Seat(i) != seat {
			pool = append(pool, c.Players[i].Dealt...)
		}
	}
	if len(pool) == 0 {
		return
	}
	perm := d.Perm(len(pool))
	next := 0
	for i := range c.Players {
		p := &c.Players[i]
		if games.Seat(i) == seat || len(p.Dealt) == 0 {
			continue
		}
		for j := range p.Dealt {
			p.Dealt[j] = pool[perm[next]]
			next++
		}
		if p.Chosen >= 0 {
			p.Chosen = p.Dealt[0]
		}
	}
	c.CivDeck = c.CivDeck[:0]
	for ; next < len(pool); next++ {
		c.CivDeck = append(c.CivDeck, pool[perm[next]])
	}
	slices.Sort(c.CivDeck)
}
