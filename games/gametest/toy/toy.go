// Package toy is a deliberately small game that exercises every shape of the
// engine contract: a chance deal at the start, a chance roll in the middle of
// play, hidden hands, a simultaneous choice by several seats, reveals and
// concession. The harness and the storage tests use it so they need no real
// game; it is never put in the production catalog.
//
// Rules: 2 to 4 seats; 12 cards numbered 1..12 are shuffled and each seat is
// dealt 2 (the rest stay hidden). First every seat secretly bets 0 or 1 (all
// at once). Then seats play one card each in turn order, twice round; after
// each round a d6 is rolled and added to the score of the seat that played
// the highest card that round. Score = cards played + bonuses + bet. Keys:
// "deal:<12 hex digits>", "bet:0|1", "play:<n>", "roll:<1-6>".
package toy

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

const cards = 12

// Game is the toy game.
type Game struct{}

// State is the full state.
type State struct {
	Seats    int          `json:"seats"`
	Dealt    bool         `json:"dealt"`
	Hands    [][]int      `json:"hands"`
	Undealt  []int        `json:"undealt"`
	Bets     []int        `json:"bets"` // -1 until chosen
	Played   [][]int      `json:"played"`
	Bonus    []int        `json:"bonus"`
	Turn     games.Seat   `json:"turn"`
	Rolling  bool         `json:"rolling"`
	Round    int          `json:"round"`
	Conceded games.Seat   `json:"conceded"`
	Trick    []games.Seat `json:"trick"` // seats in the order they played this round
}

// Copy returns a deep copy of s, sharing no slice with it (for tests
// that give the toy a games.Cloner; the toy itself has none, so the
// driver's JSON round trip stays covered).
func (s State) Copy() State {
	t := s
	rows := func(x [][]int) [][]int {
		if x == nil {
			return nil
		}
		out := make([][]int, len(x))
		for i, r := range x {
			out[i] = slices.Clone(r)
		}
		return out
	}
	t.Hands, t.Played = rows(s.Hands), rows(s.Played)
	t.Undealt, t.Bets, t.Bonus, t.Trick = slices.Clone(s.Undealt), slices.Clone(s.Bets), slices.Clone(s.Bonus), slices.Clone(s.Trick)
	return t
}

// Action is one toy action.
type Action struct {
	Kind string // deal, bet, play, roll
	N    int
	Perm []int
}

// Key returns the canonical key.
func (a Action) Key() string {
	if a.Kind == "deal" {
		var b strings.Builder
		b.WriteString("deal:")
		for _, c := range a.Perm {
			b.WriteString(strconv.FormatInt(int64(c-1), 16))
		}
		return b.String()
	}
	return a.Kind + ":" + strconv.Itoa(a.N)
}

// View is what a seat may know.
type View struct {
	Viewer   games.Seat `json:"viewer"`
	Hand     []int      `json:"hand,omitempty"`
	HandSize []int      `json:"hand_size"`
	Played   [][]int    `json:"played"`
	Bonus    []int      `json:"bonus"`
	BetMade  []bool     `json:"bet_made"`
	MyBet    int        `json:"my_bet"`
	Turn     games.Seat `json:"turn"`
	Undealt  int        `json:"undealt"`
}

// Info describes the toy game.
func (Game) Info() games.Info {
	return games.Info{ID: "toy", Title: "Toy", MinSeats: 2, MaxSeats: 4, Rules: 1, MaxActions: 40,
		Options: []games.OptionSpec{{Key: "pace", Label: "Pace", Values: []string{"calm", "fast"}, Default: "calm"}}}
}

// New returns the undealt state.
func (Game) New(_ games.Options, seats int) (State, error) {
	s := State{Seats: seats, Conceded: games.Spectator, Hands: make([][]int, seats), Played: make([][]int, seats),
		Bonus: make([]int, seats), Bets: make([]int, seats)}
	for i := range s.Bets {
		s.Bets[i] = -1
		s.Hands[i] = []int{}
		s.Played[i] = []int{}
	}
	return s, nil
}

func (Game) over(s *State) bool {
	if s.Conceded != games.Spectator {
		return true
	}
	if !s.Dealt || s.Rolling {
		return false
	}
	for _, h := range s.Hands {
		if len(h) > 0 {
			return false
		}
	}
	return true
}

// ToAct lists who acts.
func (g Game) ToAct(s *State) []games.Seat {
	switch {
	case g.over(s):
		return nil
	case !s.Dealt || s.Rolling:
		return []games.Seat{games.Chance}
	}
	var betting []games.Seat
	for i, b := range s.Bets {
		if b < 0 {
			betting = append(betting, games.Seat(i))
		}
	}
	if betting != nil {
		return betting
	}
	return []games.Seat{s.Turn}
}

// Legal lists legal actions sorted by key.
func (g Game) Legal(s *State, seat games.Seat) []Action {
	if !slices.Contains(g.ToAct(s), seat) {
		return nil
	}
	var out []Action
	switch {
	case seat == games.Chance && !s.Dealt:
		return nil
	case seat == games.Chance:
		for n := 1; n <= 6; n++ {
			out = append(out, Action{Kind: "roll", N: n})
		}
	case s.Bets[seat] < 0:
		out = []Action{{Kind: "bet", N: 0}, {Kind: "bet", N: 1}}
	default:
		for _, c := range s.Hands[seat] {
			out = append(out, Action{Kind: "play", N: c})
		}
	}
	slices.SortFunc(out, func(a, b Action) int { return strings.Compare(a.Key(), b.Key()) })
	return out
}

// Sample draws the deal or the roll.
func (Game) Sample(s *State, d *dice.Dice) Action {
	if !s.Dealt {
		p := d.Perm(cards)
		for i := range p {
			p[i]++
		}
		return Action{Kind: "deal", Perm: p}
	}
	return Action{Kind: "roll", N: d.Roll(6)}
}

// Apply applies an action; the driver has checked seat and legality.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	// Refuse actions of the wrong phase even though the driver only passes
	// legal ones: a replayed log may be corrupt.
	if (a.Kind == "deal") == s.Dealt || (a.Kind == "roll") != s.Rolling {
		return nil, fmt.Errorf("toy: %s is not possible now", a.Kind)
	}
	if (a.Kind == "bet" || a.Kind == "play") && (seat < 0 || int(seat) >= s.Seats) {
		return nil, fmt.Errorf("toy: %s cannot %s", seat, a.Kind)
	}
	switch a.Kind {
	case "deal":
		if s.Dealt || len(a.Perm) != cards {
			return nil, errors.New("toy: bad deal")
		}
		seen := map[int]bool{}
		for _, c := range a.Perm {
			if c < 1 || c > cards || seen[c] {
				return nil, errors.New("toy: deal is not a permutation")
			}
			seen[c] = true
		}
		ev := games.Event{Public: "The cards are dealt.", Private: map[games.Seat]string{}, Reveal: true}
		for i := range s.Seats {
			s.Hands[i] = slices.Sorted(slices.Values(a.Perm[2*i : 2*i+2]))
			ev.Private[games.Seat(i)] = fmt.Sprintf("You hold %v.", s.Hands[i])
		}
		s.Undealt = slices.Clone(a.Perm[2*s.Seats:])
		s.Dealt = true
		return []games.Event{ev}, nil
	case "bet":
		s.Bets[seat] = a.N
		return []games.Event{{Public: games.Name(seat) + " placed a secret bet."}}, nil
	case "play":
		i := slices.Index(s.Hands[seat], a.N)
		if i < 0 {
			return nil, errors.New("toy: card not in hand")
		}
		s.Hands[seat] = slices.Delete(s.Hands[seat], i, i+1)
		s.Played[seat] = append(s.Played[seat], a.N)
		s.Trick = append(s.Trick, seat)
		s.Turn = (seat + 1) % games.Seat(s.Seats)
		if len(s.Trick) == s.Seats {
			s.Rolling = true
		}
		return []games.Event{{Public: fmt.Sprintf("%s played %d.", games.Name(seat), a.N), Reveal: true}}, nil
	case "roll":
		if a.N < 1 || a.N > 6 {
			return nil, errors.New("toy: bad roll")
		}
		best := s.Trick[0]
		for _, p := range s.Trick {
			if last(s.Played[p]) > last(s.Played[best]) {
				best = p
			}
		}
		s.Bonus[best] += a.N
		s.Trick, s.Rolling = nil, false
		s.Round++
		return []games.Event{{Public: fmt.Sprintf("Rolled %d for %s.", a.N, games.Name(best))}}, nil
	}
	return nil, fmt.Errorf("toy: unknown action %q", a.Kind)
}

func last(x []int) int { return x[len(x)-1] }

// Concede ends the game with the conceding seat last.
func (Game) Concede(s *State, seat games.Seat) ([]games.Event, error) {
	s.Conceded = seat
	return []games.Event{{Public: games.Name(seat) + " conceded."}}, nil
}

// View redacts other hands, bets and the undealt cards.
func (Game) View(s *State, viewer games.Seat) View {
	v := View{Viewer: viewer, Turn: s.Turn, Undealt: len(s.Undealt), MyBet: -1,
		HandSize: make([]int, s.Seats), Played: make([][]int, s.Seats), Bonus: slices.Clone(s.Bonus), BetMade: make([]bool, s.Seats)}
	for i := range s.Seats {
		v.HandSize[i] = len(s.Hands[i])
		v.Played[i] = slices.Clone(s.Played[i])
		v.BetMade[i] = s.Bets[i] >= 0
	}
	if viewer >= 0 && int(viewer) < s.Seats {
		v.Hand = slices.Clone(s.Hands[viewer])
		v.MyBet = s.Bets[viewer]
	}
	return v
}

// Result scores a finished game.
func (g Game) Result(s *State) (games.Result, bool) {
	if !g.over(s) {
		return games.Result{}, false
	}
	r := games.Result{Scores: make([]int, s.Seats), Ranks: make([]int, s.Seats), Reason: "scored"}
	for i := range s.Seats {
		r.Scores[i] = s.Bonus[i] + max(s.Bets[i], 0)
		for _, c := range s.Played[i] {
			r.Scores[i] += c
		}
	}
	if s.Conceded != games.Spectator {
		r.Reason = "conceded"
		r.Scores[s.Conceded] = -1
	}
	for i := range s.Seats {
		r.Ranks[i] = 1
		for j := range s.Seats {
			if r.Scores[j] > r.Scores[i] {
				r.Ranks[i]++
			}
		}
		if r.Ranks[i] == 1 {
			r.Winners = append(r.Winners, games.Seat(i))
		}
		r.Lines = append(r.Lines, fmt.Sprintf("%s scored %d.", games.Name(games.Seat(i)), r.Scores[i]))
	}
	return r, true
}

// ParseAction decodes a key.
func (Game) ParseAction(key string) (Action, error) {
	kind, arg, ok := strings.Cut(key, ":")
	if !ok {
		return Action{}, fmt.Errorf("toy: key %q: %w", key, games.ErrBadKey)
	}
	if kind == "deal" {
		if len(arg) != cards {
			return Action{}, fmt.Errorf("toy: deal key %q: %w", key, games.ErrBadKey)
		}
		a := Action{Kind: "deal"}
		for _, r := range arg {
			n, err := strconv.ParseInt(string(r), 16, 8)
			if err != nil || strings.ToLower(string(r)) != string(r) {
				return Action{}, fmt.Errorf("toy: deal key %q: %w", key, games.ErrBadKey)
			}
			a.Perm = append(a.Perm, int(n)+1)
		}
		return a, nil
	}
	n, err := strconv.Atoi(arg)
	if err != nil || strconv.Itoa(n) != arg || (kind != "bet" && kind != "play" && kind != "roll") {
		return Action{}, fmt.Errorf("toy: key %q: %w", key, games.ErrBadKey)
	}
	return Action{Kind: kind, N: n}, nil
}

// Label is the button text.
func (Game) Label(_ View, a Action) string {
	switch a.Kind {
	case "bet":
		return fmt.Sprintf("Bet %d", a.N)
	case "play":
		return fmt.Sprintf("Play %d", a.N)
	}
	return a.Key()
}

// Resample reshuffles every card hidden from seat (other hands and the
// undealt cards), keeping sizes, and hides other seats' unknown bets.
func (Game) Resample(s *State, seat games.Seat, d *dice.Dice) State {
	out := *s
	out.Hands = make([][]int, s.Seats)
	var pool []int
	for i := range s.Seats {
		out.Hands[i] = slices.Clone(s.Hands[i])
		if games.Seat(i) != seat {
			pool = append(pool, s.Hands[i]...)
		}
	}
	pool = append(pool, s.Undealt...)
	d.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range s.Seats {
		if games.Seat(i) == seat {
			continue
		}
		n := len(s.Hands[i])
		out.Hands[i] = slices.Sorted(slices.Values(pool[:n]))
		pool = pool[n:]
	}
	out.Undealt = pool
	out.Bets = slices.Clone(s.Bets)
	for i := range out.Bets {
		if games.Seat(i) != seat && out.Bets[i] >= 0 {
			out.Bets[i] = d.IntN(2)
		}
	}
	return out
}
