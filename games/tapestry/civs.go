package tapestry

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Civ is one of the 16 civilizations as the data gives it; its routine is
// named by Bespoke (spec §14).
type Civ struct {
	Name          string   `json:"name"`
	AutomaAllowed bool     `json:"automa_allowed"`
	IncomeTurns   []int    `json:"income_turns,omitempty"`
	Adjustment    []Effect `json:"adjustment,omitempty"`
	Ability       string   `json:"ability"`
	Midgame       string   `json:"midgame,omitempty"`
	Bespoke       string   `json:"bespoke"`
	Tokens        int      `json:"tokens,omitempty"`
	// The tables the routines read.
	Statue  map[string][][]Effect `json:"statue,omitempty"`
	Graph   map[string]CivSpace   `json:"graph,omitempty"`
	Squares json.RawMessage       `json:"squares,omitempty"`
	Rows    map[string][][]Effect `json:"rows,omitempty"`
	Columns map[string][][]Effect `json:"columns,omitempty"`
	// Categories are Mystics' prediction ranges; Landmass Isolationists'
	// VP by size.
	Categories map[string][2]int `json:"categories,omitempty"`
	Landmass   map[string]int    `json:"final_scoring_by_size,omitempty"`
}

// CivSpace is a space of Entertainers' path.
type CivSpace struct {
	Effects []Effect `json:"effects"`
	Links   []string `json:"links"`
}

// Civs are the 16 civilizations, by index.
var Civs []Civ

// Per-civilization tables decoded from Civ.Squares and the like.
var (
	// HistorianSquares are the four squares under Historians' tokens.
	HistorianSquares [][]Effect
	// LeaderSquares are Leaders' squares, by Track.
	LeaderSquares [NumTracks][]Effect
)

// CivIndex returns the index of the named civilization, or -1.
func CivIndex(name string) int {
	return slices.IndexFunc(Civs, func(c Civ) bool { return c.Name == name })
}

func init() {
	var civs struct {
		Civs []Civ `json:"civilizations"`
	}
	load("civilizations", &civs)
	Civs = civs.Civs
	for _, c := range Civs {
		switch c.Bespoke {
		case "historians":
			if err := json.Unmarshal(c.Squares, &HistorianSquares); err != nil {
				panic(err)
			}
		case "leaders":
			var m map[string][]Effect
			if err := json.Unmarshal(c.Squares, &m); err != nil {
				panic(err)
			}
			for k, e := range m {
				LeaderSquares[trackOf(k)] = e
			}
		}
	}
}

// CivState is a civilization a player owns, with the state its mat holds.
// Each civilization uses the fields its routine names; the others stay
// zero.
type CivState struct {
	Civ int8 `json:"civ"`
	// Start marks the civilization chosen at setup (adjustments, Heralds'
	// Maker of Fire play).
	Start bool `json:"start,omitempty"`
	// Pos is Entertainers' token space.
	Pos string `json:"pos,omitempty"`
	// Steps are Merrymakers' steps climbed, or Craftsmen's statue spaces
	// filled, per column A, B, C.
	Steps [3]int8 `json:"steps"`
	// Used marks Leaders' squares covered, by Track; Marks Alchemists'
	// tracks marked this turn.
	Used  [4]bool `json:"used"`
	Marks [4]bool `json:"marks"`
	// Rows counts Militants' outposts taken from the top and bottom rows.
	Rows [2]int8 `json:"rows"`
	// Pred and Hit are Mystics' predictions and which were reached.
	Pred [4]int8 `json:"pred"`
	Hit  [4]bool `json:"hit"`
	// Given holds the seat holding each Historians token (-1 on the mat).
	Given []int8 `json:"given,omitempty"`
	// Left counts the tokens still on the mat (Heralds, Inventors,
	// Isolationists, Traders).
	Left int8 `json:"left,omitempty"`
	// Cards are the tech cards carrying an Inventors token (one entry per
	// token).
	Cards []int `json:"cards,omitempty"`
	// Swaps are Architects' mid-game swaps left.
	Swaps int8 `json:"swaps,omitempty"`
}

func (c CivState) clone() CivState {
	c.Given = slices.Clone(c.Given)
	c.Cards = slices.Clone(c.Cards)
	return c
}

// civOf returns seat's state of the civilization with routine id, or nil.
func (s *State) civOf(seat int, id string) *CivState {
	if seat < 0 || seat >= len(s.Players) {
		return nil
	}
	p := &s.Players[seat]
	for i := range p.Civs {
		if Civs[p.Civs[i].Civ].Bespoke == id {
			return &p.Civs[i]
		}
	}
	return nil
}

// civsOn reports whether the game deals civilizations.
func (s *State) civsOn() bool { return s.CivMode != "" && s.CivMode != "none" }

// civDeal queues the set-up of civilizations: two drawn for each player,
// one chosen in secret by each, the reveal, then each chosen
// civilization's own set-up in seat order (spec §3.3 step 5-6).
func (s *State) civDeal() []Task {
	var ts []Task
	for seat := range s.Players {
		if s.isBot(seat) {
			continue
		}
		ts = append(ts, Task{Op: "draw", Seat: int8(seat), Str: "civ", Flag: true},
			Task{Op: "draw", Seat: int8(seat), Str: "civ", Flag: true})
	}
	for seat := range s.Players {
		if s.isBot(seat) {
			continue
		}
		ts = append(ts, Task{Op: "civ_choose", Seat: int8(seat)})
	}
	ts = append(ts, Task{Op: "civ_reveal"})
	for seat := range s.Players {
		if s.isBot(seat) {
			continue
		}
		ts = append(ts, Task{Op: "civ_setup", Seat: int8(seat)})
	}
	return ts
}

// isBot reports whether seat is driven by the engine (the solo bots).
func (s *State) isBot(seat int) bool { return seat >= s.Seats }

// civChooseAsk asks a player which dealt civilization to keep.
func (s *State) civChooseAsk(seat int) {
	p := &s.Players[seat]
	var opts []string
	for _, c := range p.Dealt {
		opts = append(opts, "civ:"+strconv.Itoa(int(c)))
	}
	if len(opts) == 0 {
		return
	}
	s.ask("civ", seat, keyList(opts), Task{Op: "civ", Seat: int8(seat)})
}

// civReveal turns every secret choice into the player's civilization and
// returns the others to the civ deck.
func (s *State) civReveal(ev *events) {
	for seat := range s.Players {
		p := &s.Players[seat]
		if p.Chosen < 0 {
			continue
		}
		for _, c := range p.Dealt {
			if c != p.Chosen {
				s.CivDeck = append(s.CivDeck, c)
			}
		}
		slices.Sort(s.CivDeck)
		p.Civs = append(p.Civs, newCivState(int(p.Chosen), true))
		ev.say("%s leads %s.", who(seat), theCiv(int(p.Chosen)))
		p.Dealt, p.Chosen = nil, -1
	}
}

// newCivState is a civilization's mat as it starts.
func newCivState(c int, start bool) CivState {
	cs := CivState{Civ: int8(c), Start: start, Left: int8(Civs[c].Tokens)}
	switch Civs[c].Bespoke {
	case "entertainers_path":
		cs.Pos = "start"
	case "historians":
		cs.Given = []int8{-1, -1, -1, -1}
		cs.Left = 0
	}
	return cs
}

// civIncomeStep is income step 1: every civilization with an ability on
// this income turn acts; with several, the owner picks the order (done
// lists those that acted).
func (s *State) civIncomeStep(t Task) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	var opts []string
	for k, cs := range p.Civs {
		if slices.Contains(t.List, k) || !civStepTurn(cs, int(p.Era)) {
			continue
		}
		opts = append(opts, "civfirst:"+strconv.Itoa(k))
	}
	switch len(opts) {
	case 0:
		return
	case 1:
		k := atoi(opts[0][len("civfirst:"):])
		s.civAct(t, k)
	default:
		s.ask("civ_order", seat, opts, t)
	}
}

// civAct runs civilization k's step-1 routine, then the step continues
// with the others.
func (s *State) civAct(t Task, k int) {
	next := t
	next.List = append(slices.Clone(t.List), k)
	s.push(Task{Op: "civ_act", Seat: t.Seat, N: k}, next)
}

// civEndOfFirstIncome runs after income turn 1's income step: Heralds'
// Maker of Fire play, then the starting civilization's adjustment.
func (s *State) civEndOfFirstIncome(seat int) {
	p := &s.Players[seat]
	var ts []Task
	for _, cs := range p.Civs {
		if !cs.Start {
			continue
		}
		if Civs[cs.Civ].Bespoke == "heralds" && len(p.Hand) > 0 {
			ts = append(ts, Task{Op: "civ_heralds_fire", Seat: int8(seat)})
		}
		if s.Adjust {
			ts = append(ts, effTasks(seat, Civs[cs.Civ].Adjustment, Civs[cs.Civ].Name+" adjustment")...)
		}
	}
	s.push(ts...)
}

// gainCiv gives seat civilization c mid-game (spec §14): Futurists and
// Mystics go under the civ deck and another is drawn.
func (s *State) gainCiv(seat, c int, ev *events) {
	switch Civs[c].Bespoke {
	case "futurists_jump", "mystics":
		s.CivBottom = append(s.CivBottom, int8(c))
		ev.say("%s draws %s, sets it under the civilization deck and draws again.", who(seat), theCiv(c))
		s.push(Task{Op: "draw", Seat: int8(seat), Str: "civ"})
		return
	}
	p := &s.Players[seat]
	p.Civs = append(p.Civs, newCivState(c, false))
	ev.say("%s gains %s.", who(seat), theCiv(c))
	s.push(Task{Op: "civ_midgame", Seat: int8(seat), N: len(p.Civs) - 1})
}
