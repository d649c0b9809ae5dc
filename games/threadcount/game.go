package threadcount

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

//go:embed rules.md
var manual string

// Game is Royal Threadcount. It implements games.Game[State, Action, View],
// games.Conceder[State], games.Resampler[State], games.Passer[State,
// Action] and games.Prompter[View].
type Game struct{}

var (
	_ games.Game[State, Action, View] = Game{}
	_ games.Conceder[State]           = Game{}
	_ games.Resampler[State]          = Game{}
	_ games.Passer[State, Action]     = Game{}
	_ games.Prompter[View]            = Game{}
)

// keyGrammar documents the action keys (Info.KeyGrammar).
const keyGrammar = `sow:<cell>          sow one of your silk on an empty cell 1-9 (phase A)
roll                end sowing and roll
free:<cell>         the complimentary silk on an empty board (phase B)
zero:<die>:<cell>   point d10 number <die> (1-3) that shows 0 at a cell
white:<R|Y|B>       the dye a White TriChrome face gives
buy:<colour>        buy a colour card: R Y B O G V RO YO YG BG BV RV
take:<slot>         buy the pattern card in market slot 1-3
refresh             pay 1 silk to deal three new market cards
<card>@<target>     arrange: card c<i> (colour) or p<i> (pattern), i = purchase
                    index from 0; target kimono, hakama, obi, sensu or spare
end                 end your turn
place:<cell>        the roll-off 10's silk on a cell
seating:<seats>     chance: the clockwise seating, e.g. seating:201
empress:<pattern>   chance: the Empress's Favourite Pattern (hidden)
favs:<colours>      chance: Favourite Colours by seat, letters from ROYGBV (hidden)
draw:<pattern>      chance: the card dealt to the next market slot
rolloff:<faces>     chance: one d10 face per rolling seat, in seat order
roll:<d><d><d><f>   chance: three d10 faces and the TriChrome face R, Y, B or W`

// Info describes the game, its options and its keys.
func (Game) Info() games.Info {
	return games.Info{
		ID:         "threadcount",
		Title:      "Royal Threadcount",
		MinSeats:   2,
		MaxSeats:   5,
		Rules:      1,
		MaxActions: 6000,
		Options: []games.OptionSpec{
			{Key: "seating", Label: "Seating", Values: []string{SeatingJoin, SeatingRandom}, Default: SeatingRandom,
				Help:      "join: the clockwise order is the lobby order; random: the seats are shuffled. A roll-off still picks who starts.",
				ValueHelp: map[string]string{SeatingJoin: "Clockwise in the order players joined", SeatingRandom: "Seats are shuffled"},
			},
		},
		KeyGrammar: keyGrammar,
		Manual:     manual,
	}
}

// New returns the state before any chance step.
func (g Game) New(opts games.Options, seats int) (State, error) {
	info := g.Info()
	if seats < info.MinSeats || seats > info.MaxSeats {
		return State{}, fmt.Errorf("threadcount: needs 2 to 5 seats, not %d: %w", seats, games.ErrSeats)
	}
	o, err := info.Normalize(opts)
	if err != nil {
		return State{}, fmt.Errorf("threadcount: %w", err)
	}
	s := State{Seating: o["seating"], N: seats, Phase: PhSeating, Ten: games.Spectator}
	for i := range s.Deck {
		s.Deck[i] = Copies
	}
	for range seats {
		s.Players = append(s.Players, emptyPlayer())
	}
	if s.Seating == SeatingJoin {
		for i := range seats {
			s.Circle = append(s.Circle, games.Seat(i))
		}
		s.Phase = PhEmpress
	}
	return s, nil
}

// ToAct is [Chance] at the chance steps, the deciding seat otherwise and
// nil once the game is over.
func (Game) ToAct(s *State) []games.Seat {
	switch s.Phase {
	case PhOver:
		return nil
	case PhSeating, PhEmpress, PhFavourites, PhDeal, PhRollOff, PhRoll, PhRefill:
		return []games.Seat{games.Chance}
	case PhTen:
		return []games.Seat{s.Ten}
	}
	if a := s.Active(); a >= 0 {
		return []games.Seat{a}
	}
	return nil
}

// sortActions returns the actions sorted by key (keys are unique in a legal
// list). Each key is written once, all into one buffer, and the sort compares
// those bytes: the comparator allocates nothing, and the order is exactly
// that of comparing the Key strings.
func sortActions(out []Action) []Action {
	if len(out) < 2 {
		return out
	}
	type keyed struct {
		key []byte
		i   int
	}
	ks := make([]keyed, len(out))
	buf := make([]byte, 0, 12*len(out)) // a key that outgrows it keeps its old array
	for i, a := range out {
		from := len(buf)
		buf = a.appendKey(buf)
		ks[i] = keyed{key: buf[from:len(buf):len(buf)], i: i}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return bytes.Compare(a.key, b.key) })
	// Permute out in place, cycle by cycle: position i takes the action
	// at ks[i].i, and a done position is marked with -1.
	for i := range ks {
		if ks[i].i < 0 {
			continue
		}
		tmp := out[i]
		j := i
		for {
			k := ks[j].i
			ks[j].i = -1
			if k == i {
				out[j] = tmp
				break
			}
			out[j] = out[k]
			j = k
		}
	}
	return out
}

// Legal lists the seat's legal actions, sorted by key. For Chance it lists
// the Empress's patterns and the patterns a market draw can show, and is
// nil for the other chance steps, whose outcomes Apply validates.
func (g Game) Legal(s *State, seat games.Seat) []Action {
	if !slices.Contains(g.ToAct(s), seat) {
		return nil
	}
	var out []Action
	if seat == games.Chance {
		switch s.Phase {
		case PhEmpress:
			for _, p := range Patterns {
				out = append(out, Action{Op: Empress, Code: p.Code})
			}
		case PhDeal, PhRefill:
			for i, n := range s.Deck {
				if n > 0 {
					out = append(out, Action{Op: Draw, Code: Patterns[i].Code})
				}
			}
		default:
			return nil
		}
		return sortActions(out)
	}
	p := s.Players[seat]
	switch s.Phase {
	case PhTen:
		for _, c := range Placeable(s.Board) {
			out = append(out, Action{Op: Place, Cell: c})
		}
		return sortActions(out)
	case PhSow:
		if p.Silk > 0 {
			for _, c := range Placeable(s.Board) {
				out = append(out, Action{Op: Sow, Cell: c})
			}
		}
		out = append(out, Action{Op: RollNow})
	case PhFree:
		for c := 1; c <= 9; c++ {
			out = append(out, Action{Op: Free, Cell: c})
		}
	case PhZero:
		die := slices.Index(s.Roll.Cells[:], 0)
		for c := 1; c <= 9; c++ {
			out = append(out, Action{Op: Zero, Die: die + 1, Cell: c})
		}
	case PhWhite:
		for _, d := range Dyes {
			out = append(out, Action{Op: White, Code: d})
		}
	case PhMarket:
		for _, cc := range Buyable(p) {
			out = append(out, Action{Op: Buy, Code: cc})
		}
		for _, slot := range Takeable(s, p) {
			out = append(out, Action{Op: Take, Slot: slot})
		}
		if p.Silk >= 1 && (s.deckSize() > 0 || len(s.Buried) > 0) {
			out = append(out, Action{Op: Refresh})
		}
		out = append(out, Action{Op: End})
	}
	out = appendArrange(out, s, seat)
	return sortActions(out)
}

// Buyable lists the colour cards p can pay for now, in table order.
func Buyable(p Player) []string {
	var out []string
	for _, cc := range ColourCards {
		if p.Silk >= cc.Silk && p.Dye[0] >= cc.Dye[0] && p.Dye[1] >= cc.Dye[1] && p.Dye[2] >= cc.Dye[2] {
			out = append(out, cc.Code)
		}
	}
	return out
}

// Takeable lists the market slots (1-3) whose card p can pay for now.
func Takeable(s *State, p Player) []int {
	var out []int
	for i, code := range s.Market {
		if pt, ok := PatternOf(code); ok && p.Silk >= pt.Silk {
			out = append(out, i+1)
		}
	}
	return out
}

// where is the garment index holding card ref of p, or -1 for spare.
func where(p Player, ref string) int {
	idx, _ := strconv.Atoi(ref[1:])
	for g, pc := range p.Outfit {
		if (ref[0] == 'c' && pc.Colour == idx) || (ref[0] == 'p' && pc.Pattern == idx) {
			return g
		}
	}
	return -1
}

// cardRefs are the first card references "c0".."c31" and "p0".."p31", so
// listing Arrange moves does not build the same short strings every time.
var cardRefs = func() [2][32]string {
	var out [2][32]string
	for i := range 32 {
		out[0][i] = "c" + strconv.Itoa(i)
		out[1][i] = "p" + strconv.Itoa(i)
	}
	return out
}()

// cardRef is the reference "<kind><i>" of a player's card, kind 'c' for a
// colour card and 'p' for a pattern card.
func cardRef(kind byte, i int) string {
	if i < len(cardRefs[0]) {
		if kind == 'c' {
			return cardRefs[0][i]
		}
		return cardRefs[1][i]
	}
	return string(kind) + strconv.Itoa(i)
}

// appendArrange appends every move of a card not yet arranged this turn to
// a place other than where it is.
func appendArrange(out []Action, s *State, seat games.Seat) []Action {
	p := &s.Players[seat]
	out = slices.Grow(out, (len(p.Colours)+len(p.Patterns))*len(Garments))
	add := func(kind byte, n int) {
		for i := range n {
			ref := cardRef(kind, i)
			if slices.Contains(s.Arranged, ref) {
				continue
			}
			at := where(*p, ref)
			for g, name := range Garments {
				if g != at {
					out = append(out, Action{Op: Arrange, Card: ref, Target: name})
				}
			}
			if at >= 0 {
				out = append(out, Action{Op: Arrange, Card: ref, Target: Spare})
			}
		}
	}
	add('c', len(p.Colours))
	add('p', len(p.Patterns))
	return out
}

// Sample draws the outcome of the chance step due.
func (Game) Sample(s *State, d *dice.Dice) Action {
	switch s.Phase {
	case PhSeating:
		return Action{Op: Seating, Digits: d.Perm(s.N)}
	case PhEmpress:
		return Action{Op: Empress, Code: Patterns[d.IntN(NumPatterns)].Code}
	case PhFavourites:
		p := d.Perm(len(Basics))
		codes := make([]string, s.N)
		for i := range codes {
			codes[i] = Basics[p[i]]
		}
		return Action{Op: Favourites, Codes: codes}
	case PhDeal, PhRefill:
		k := d.IntN(max(s.deckSize(), 1))
		for i, n := range s.Deck {
			if k < n {
				return Action{Op: Draw, Code: Patterns[i].Code}
			}
			k -= n
		}
		return Action{Op: Draw, Code: Patterns[0].Code}
	case PhRollOff:
		faces := make([]int, len(s.rollers()))
		for i := range faces {
			faces[i] = d.IntN(10)
		}
		return Action{Op: RollOff, Digits: faces}
	}
	faces := []int{d.IntN(10), d.IntN(10), d.IntN(10)}
	return Action{Op: Dice, Digits: faces, D4: [4]string{"R", "Y", "B", "W"}[d.IntN(4)]}
}

// Apply applies an action. It works on a copy, so on error s is unchanged.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if s.Phase == PhOver {
		return nil, fmt.Errorf("threadcount: %w", games.ErrGameOver)
	}
	t := s.clone()
	var evs []games.Event
	var err error
	if seat == games.Chance {
		evs, err = applyChance(&t, a)
	} else {
		evs, err = g.applyPlayer(&t, seat, a)
	}
	if err != nil {
		return nil, err
	}
	evs = append(evs, advance(&t)...)
	*s = t
	return evs, nil
}

func applyChance(s *State, a Action) ([]games.Event, error) {
	wrong := func() ([]games.Event, error) {
		return nil, fmt.Errorf("threadcount: chance outcome %q is not due in phase %s", a.Key(), s.Phase)
	}
	switch a.Op {
	case Seating:
		if s.Phase != PhSeating || len(a.Digits) != s.N {
			return wrong()
		}
		s.Circle = nil
		for _, d := range a.Digits {
			s.Circle = append(s.Circle, games.Seat(d))
		}
		s.Phase = PhEmpress
		return []games.Event{{Public: "Seats are drawn. Clockwise: " + seatList(s.Circle) + "."}}, nil
	case Empress:
		if s.Phase != PhEmpress {
			return wrong()
		}
		s.Empress = a.Code
		s.Phase = PhFavourites
		return []games.Event{{Public: "The Empress's Favourite Pattern is drawn and kept face down until the end."}}, nil
	case Favourites:
		if s.Phase != PhFavourites || len(a.Codes) != s.N {
			return wrong()
		}
		s.Favs = slices.Clone(a.Codes)
		s.Phase, s.Queue = PhDeal, []int{1, 2, 3}
		ev := games.Event{Public: "Every player is dealt a secret Favourite Colour.", Private: map[games.Seat]string{}, Reveal: true}
		for i, c := range s.Favs {
			ev.Private[games.Seat(i)] = "Your Favourite Colour (one of the Empress's favourites) is " + BasicName(c) + "."
		}
		return []games.Event{ev}, nil
	case Draw:
		if (s.Phase != PhDeal && s.Phase != PhRefill) || len(s.Queue) == 0 {
			return wrong()
		}
		i := patternIndex(a.Code)
		if s.Deck[i] == 0 {
			return nil, fmt.Errorf("threadcount: no %s left in the deck", Patterns[i].Name)
		}
		slot := s.Queue[0]
		s.Queue = s.Queue[1:]
		s.Deck[i]--
		msg := fmt.Sprintf("Market slot %d shows %s (%d silk).", slot, Patterns[i].Name, Patterns[i].Silk)
		if old := s.Market[slot-1]; old != "" {
			s.Buried = append(s.Buried, old)
			msg = fmt.Sprintf("Market slot %d: %s is buried under %s (%d silk).", slot, patternName(old), Patterns[i].Name, Patterns[i].Silk)
		}
		s.Market[slot-1] = a.Code
		return []games.Event{{Public: msg, Reveal: true}}, nil
	case RollOff:
		rollers := s.rollers()
		if s.Phase != PhRollOff || len(a.Digits) != len(rollers) {
			return wrong()
		}
		round := OffRound{Seats: rollers}
		var parts []string
		for i, seat := range rollers {
			v := a.Digits[i]
			if v == 0 {
				v = 10
			}
			s.Players[seat].RollOff = v
			round.Values = append(round.Values, v)
			parts = append(parts, fmt.Sprintf("%s %d", player(seat), v))
		}
		s.OffRounds = append(s.OffRounds, round)
		word := "Roll-off"
		if len(s.OffRounds) > 1 {
			word = "Re-roll of the tied"
		}
		return []games.Event{{Public: word + ": " + strings.Join(parts, ", ") + "."}}, nil
	case Dice:
		if s.Phase != PhRoll || len(a.Digits) != 3 {
			return wrong()
		}
		r := &Roll{Seat: s.Active(), D4: a.D4}
		copy(r.D10[:], a.Digits)
		r.Cells = r.D10
		if a.D4 != "W" {
			r.Dye = a.D4
		}
		s.Roll = r
		ev := games.Event{Public: fmt.Sprintf("%s rolls %d, %d, %d and %s.", player(r.Seat), r.D10[0], r.D10[1], r.D10[2], DyeName(a.D4))}
		return append([]games.Event{ev}, nextRollStep(s)...), nil
	}
	return nil, fmt.Errorf("threadcount: %q is not a chance outcome", a.Key())
}

func (g Game) applyPlayer(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if !slices.ContainsFunc(g.Legal(s, seat), func(l Action) bool { return l.Key() == a.Key() }) {
		return nil, fmt.Errorf("threadcount: %s may not play %q now", seat, a.Key())
	}
	p := &s.Players[seat]
	who := player(seat)
	switch a.Op {
	case Place:
		s.Board |= bit(a.Cell)
		ev := games.Event{Public: fmt.Sprintf("%s places the roll-off 10's silk on cell %d; %s.", who, a.Cell, boardNow(s.Board))}
		return append([]games.Event{ev}, startGame(s)...), nil
	case Sow:
		p.Silk--
		s.Board |= bit(a.Cell)
		return []games.Event{{Public: fmt.Sprintf("%s sows a silk on cell %d; %s.", who, a.Cell, boardNow(s.Board))}}, nil
	case RollNow:
		if s.Board == 0 {
			s.Phase = PhFree
			return []games.Event{{Public: fmt.Sprintf("The board is empty: %s places a complimentary silk first.", player(seat))}}, nil
		}
		s.Phase = PhRoll
		return nil, nil
	case Free:
		s.Board |= bit(a.Cell)
		s.Phase = PhRoll
		return []games.Event{{Public: fmt.Sprintf("%s puts the complimentary silk on cell %d; %s.", who, a.Cell, boardNow(s.Board))}}, nil
	case Zero:
		s.Roll.Cells[a.Die-1] = a.Cell
		ev := games.Event{Public: fmt.Sprintf("%s points die %d (a 0) at cell %d.", who, a.Die, a.Cell)}
		return append([]games.Event{ev}, nextRollStep(s)...), nil
	case White:
		s.Roll.Dye = a.Code
		ev := games.Event{Public: fmt.Sprintf("%s takes %s for the White face.", who, DyeName(a.Code))}
		return append([]games.Event{ev}, nextRollStep(s)...), nil
	case Buy:
		cc, _ := Colour(a.Code)
		for i := range p.Dye {
			p.Dye[i] -= cc.Dye[i]
		}
		p.Silk -= cc.Silk
		p.Colours = append(p.Colours, cc.Code)
		g := autoPlace(p, true)
		return []games.Event{{Public: fmt.Sprintf("%s buys %s for %s and %d silk%s.", who, cc.Name, dyeCost(cc.Dye), cc.Silk, placedText(g))}}, nil
	case Take:
		code := s.Market[a.Slot-1]
		pt, _ := PatternOf(code)
		p.Silk -= pt.Silk
		p.Patterns = append(p.Patterns, code)
		g := autoPlace(p, false)
		s.Market[a.Slot-1] = ""
		evs := []games.Event{{Public: fmt.Sprintf("%s buys %s from slot %d for %d silk%s.", who, pt.Name, a.Slot, pt.Silk, placedText(g))}}
		if s.Market == [Slots]string{} {
			s.Phase, s.Queue = PhRefill, []int{1, 2, 3}
			evs = append(evs, games.Event{Public: "The market is sold out: three new cards are dealt for free."})
		}
		return evs, nil
	case Refresh:
		p.Silk--
		s.Phase, s.Queue = PhRefill, []int{1, 2, 3}
		return []games.Event{{Public: fmt.Sprintf("%s pays 1 silk to refresh the market.", who)}}, nil
	case Arrange:
		arrange(p, a.Card, a.Target)
		s.Arranged = append(s.Arranged, a.Card)
		return []games.Event{{Public: fmt.Sprintf("%s moves %s to %s.", who, cardName(*p, a.Card), targetText(a.Target))}}, nil
	case End:
		var evs []games.Event
		msg := fmt.Sprintf("%s ends turn %d", who, p.Turns+1)
		if p.Silk > SilkLimit {
			msg += fmt.Sprintf(" and returns %d silk above the limit of %d", p.Silk-SilkLimit, SilkLimit)
			p.Silk = SilkLimit
		}
		evs = append(evs, games.Event{Public: msg + "."})
		p.Turns++
		if p.Turns == Weeks-1 {
			p.ReadyEarly = len(p.Colours) >= 4 && len(p.Patterns) >= 4
		}
		return append(evs, nextTurn(s)...), nil
	}
	return nil, fmt.Errorf("threadcount: %q is not a player action", a.Key())
}

// autoPlace puts the player's newest colour (or pattern) card on the first
// garment without one (T28) and returns that garment, or -1 for spare.
func autoPlace(p *Player, colour bool) int {
	for g := range p.Outfit {
		pc := &p.Outfit[g]
		if colour && pc.Colour < 0 {
			pc.Colour = len(p.Colours) - 1
			return g
		}
		if !colour && pc.Pattern < 0 {
			pc.Pattern = len(p.Patterns) - 1
			return g
		}
	}
	return -1
}

// arrange moves card ref of p to target (§4.6): onto a garment, where a
// card of the same type becomes spare, or off its garment.
func arrange(p *Player, ref, target string) {
	idx, _ := strconv.Atoi(ref[1:])
	if at := where(*p, ref); at >= 0 {
		if ref[0] == 'c' {
			p.Outfit[at].Colour = -1
		} else {
			p.Outfit[at].Pattern = -1
		}
	}
	g := slices.Index(Garments[:], target)
	if g < 0 {
		return
	}
	if ref[0] == 'c' {
		p.Outfit[g].Colour = idx
	} else {
		p.Outfit[g].Pattern = idx
	}
}

// nextRollStep moves a roll on: a 0 still to name, then a White face, then
// the resolution (phase E) and the market.
func nextRollStep(s *State) []games.Event {
	r := s.Roll
	switch {
	case slices.Contains(r.Cells[:], 0):
		s.Phase = PhZero
		return nil
	case r.Dye == "":
		s.Phase = PhWhite
		return nil
	}
	p := &s.Players[r.Seat]
	p.Dye[dyeIndex(r.Dye)]++
	board, out := Resolve(s.Board, r.Cells)
	s.Board = board
	p.Silk += out.Harvest
	r.Outcome, r.Resolved = &out, true
	s.Phase = PhMarket
	return []games.Event{{Public: fmt.Sprintf("%s gains a %s dye; %s", player(r.Seat), DyeName(r.Dye), outcomeText(r.Cells, out))}}
}

// rollers lists, in seat order, the seats still in the game that roll in
// the next roll-off round: everyone who has not rolled yet, else everyone
// whose number another player shares (T17).
func (s *State) rollers() []games.Seat {
	var fresh, tied []games.Seat
	for i, p := range s.Players {
		if p.Conceded {
			continue
		}
		if p.RollOff == 0 {
			fresh = append(fresh, games.Seat(i))
			continue
		}
		for j, q := range s.Players {
			if j != i && !q.Conceded && q.RollOff == p.RollOff {
				tied = append(tied, games.Seat(i))
				break
			}
		}
	}
	if len(fresh) > 0 {
		return fresh
	}
	return tied
}

// finishRollOff sets the turn order and places the roll-off silk (§3.1).
func finishRollOff(s *State) []games.Event {
	first := games.Spectator
	for i, p := range s.Players {
		if !p.Conceded && (first < 0 || p.RollOff > s.Players[first].RollOff) {
			first = games.Seat(i)
		}
	}
	at := slices.Index(s.Circle, first)
	s.Order = append(slices.Clone(s.Circle[at:]), s.Circle[:at]...)
	type numbered struct {
		seat games.Seat
		n    int
	}
	var nums []numbered
	for i, p := range s.Players {
		if !p.Conceded {
			nums = append(nums, numbered{games.Seat(i), p.RollOff})
		}
	}
	slices.SortFunc(nums, func(a, b numbered) int { return b.n - a.n })
	var placed, skipped []string
	ten := games.Spectator
	for _, x := range nums {
		switch {
		case x.n == 10:
			ten = x.seat
		case s.Board&bit(x.n) == 0 && !Completes(s.Board, x.n):
			s.Board |= bit(x.n)
			placed = append(placed, strconv.Itoa(x.n))
		default:
			skipped = append(skipped, strconv.Itoa(x.n))
		}
	}
	msg := fmt.Sprintf("Turn order: %s. ", seatList(s.Order))
	if len(placed) > 0 {
		msg += fmt.Sprintf("Roll-off silk goes on %s %s; %s.", plural(len(placed), "cell", "cells"), strings.Join(placed, ", "), boardNow(s.Board))
	} else {
		msg += "No roll-off silk goes on the board."
	}
	if len(skipped) > 0 {
		if len(skipped) == 1 {
			msg += " Cell " + skipped[0] + " would complete a line and stays empty."
		} else {
			msg += " Cells " + strings.Join(skipped, ", ") + " would each complete a line and stay empty."
		}
	}
	evs := []games.Event{{Public: msg}}
	if ten >= 0 && len(Placeable(s.Board)) > 0 {
		s.Phase, s.Ten = PhTen, ten
		evs = append(evs, games.Event{Public: fmt.Sprintf("%s rolled the 10 and chooses a cell for its silk.", player(ten))})
		return evs
	}
	if ten >= 0 {
		evs = append(evs, games.Event{Public: "The 10's silk has no cell that completes no line, so it is not placed."})
	}
	return append(evs, startGame(s)...)
}

// startGame opens week 1 with the first player still in the game.
func startGame(s *State) []games.Event {
	s.Ten = games.Spectator
	s.Week, s.Pos = 1, 0
	for s.Pos < len(s.Order) && s.Players[s.Order[s.Pos]].Conceded {
		s.Pos++
	}
	startTurn(s)
	return []games.Event{{Public: fmt.Sprintf("Week 1 begins; %s starts.", player(s.Active()))}}
}

// startTurn opens a turn at the sowing phase. The last turn's roll stays
// in s.Roll (resolved) until this turn's dice replace it, so that the
// board and the view can show the roll just made.
func startTurn(s *State) {
	s.Arranged, s.Phase = nil, PhSow
}

// nextTurn passes the turn clockwise, moving the calendar at each new
// round and ending the game after week 10 (§4.7).
func nextTurn(s *State) []games.Event {
	for guard := 0; guard <= len(s.Order)*(Weeks+1); guard++ {
		s.Pos++
		if s.Pos >= len(s.Order) {
			s.Pos = 0
			s.Week++
			if s.Week > Weeks {
				s.Week = Weeks
				return finish(s)
			}
		}
		if !s.Players[s.Order[s.Pos]].Conceded {
			startTurn(s)
			if s.Pos == 0 || s.firstActivePos() == s.Pos {
				return []games.Event{{Public: fmt.Sprintf("Week %d begins; %s to play.", s.Week, player(s.Active()))}}
			}
			return nil
		}
	}
	return finish(s)
}

// firstActivePos is the position in Order of the first player still in.
func (s *State) firstActivePos() int {
	for i, seat := range s.Order {
		if !s.Players[seat].Conceded {
			return i
		}
	}
	return 0
}

// finish ends a game that ran its ten weeks and reveals every secret.
func finish(s *State) []games.Event {
	s.Phase, s.Queue, s.Ten = PhOver, nil, games.Spectator
	var favs []string
	for i, c := range s.Favs {
		favs = append(favs, fmt.Sprintf("%s %s", player(games.Seat(i)), BasicName(c)))
	}
	msg := fmt.Sprintf("Week %d is over. The Empress's Favourite Pattern is %s; the Favourite Colours were %s.",
		Weeks, patternName(s.Empress), strings.Join(favs, ", "))
	evs := []games.Event{{Public: msg, Reveal: true}}
	for i, b := range s.Breakdowns() {
		if b != nil {
			evs = append(evs, games.Event{Public: scoreLine(games.Seat(i), *b)})
		}
	}
	res, _ := Game{}.Result(s)
	return append(evs, games.Event{Public: resultSentence(res)})
}

// scoreLine is the end-of-game log line of one player's score: every part
// of it as a score clause (games.Points), so that the log of a game adds up
// to Result.Scores. It is the only place the game writes score clauses: the
// score exists only at the end (spec §7.1), computed by Score.
func scoreLine(seat games.Seat, b Breakdown) string {
	var parts []string
	complete := 0
	var dyes []string
	for _, ps := range b.Pieces {
		if !ps.Complete {
			continue
		}
		complete++
		if ps.Dyes > 0 {
			var words []string
			for _, w := range ps.Words {
				if w.Match {
					words = append(words, BasicName(w.Word))
				}
			}
			dyes = append(dyes, fmt.Sprintf("%s on the %s", strings.Join(words, " and "), GarmentName(ps.Garment)))
		}
	}
	if b.Garments > 0 {
		parts = append(parts, games.Points(seat, b.Garments, "points", plural(complete, "1 complete garment", fmt.Sprintf("%d complete garments", complete))))
	}
	if b.Dyes > 0 {
		parts = append(parts, games.Points(seat, b.Dyes, "points", "Empress's colours: "+strings.Join(dyes, ", ")))
	}
	for _, p := range b.Patterns {
		cause := fmt.Sprintf("%s on %s", patternName(p.Pattern), plural(p.Count, "1 garment", fmt.Sprintf("%d garments", p.Count)))
		if p.Favourite {
			cause += ", the Empress's favourite"
		}
		parts = append(parts, games.Points(seat, p.Points, "points", cause))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("%s scores nothing: no garment has both a colour and a pattern card.", player(seat))
	}
	return fmt.Sprintf("%s: %s in all.", strings.Join(parts, "; "), plural(b.Total, "1 point", fmt.Sprintf("%d points", b.Total)))
}

// plural picks one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// advance runs the automatic steps up to the next decision or chance step.
func advance(s *State) []games.Event {
	var evs []games.Event
	for guard := 0; guard < 100; guard++ {
		if s.Phase == PhOver {
			return evs
		}
		if s.remaining() <= 1 {
			s.Phase, s.Queue = PhOver, nil
			w := s.survivor()
			return append(evs, games.Event{Public: fmt.Sprintf("Only %s is left in the game and wins.", player(w))})
		}
		switch s.Phase {
		case PhDeal, PhRefill:
			evs = append(evs, fillQueue(s)...)
			if len(s.Queue) > 0 {
				return evs
			}
			if s.Phase == PhDeal {
				s.Phase = PhRollOff
			} else {
				s.Phase = PhMarket
			}
		case PhRollOff:
			if len(s.rollers()) > 0 {
				return evs
			}
			evs = append(evs, finishRollOff(s)...)
		case PhTen:
			if !s.Players[s.Ten].Conceded {
				return evs
			}
			evs = append(evs, startGame(s)...)
		case PhSow, PhFree, PhRoll, PhZero, PhWhite, PhMarket:
			if !s.Players[s.Active()].Conceded {
				return evs
			}
			evs = append(evs, nextTurn(s)...)
		default:
			return evs
		}
	}
	return evs
}

// survivor is the one seat still in the game.
func (s *State) survivor() games.Seat {
	for i, p := range s.Players {
		if !p.Conceded {
			return games.Seat(i)
		}
	}
	return games.Spectator
}

// fillQueue skips the slots that cannot be dealt to, shuffling the Buried
// pile into a new deck when the deck is empty (C6), until a draw is due.
func fillQueue(s *State) []games.Event {
	var evs []games.Event
	for len(s.Queue) > 0 {
		if s.deckSize() == 0 && len(s.Buried) > 0 {
			for _, code := range s.Buried {
				s.Deck[patternIndex(code)]++
			}
			evs = append(evs, games.Event{Public: fmt.Sprintf("The deck is empty: the buried %s shuffled into a new deck.",
				plural(len(s.Buried), "card is", fmt.Sprintf("%d cards are", len(s.Buried))))})
			s.Buried = nil
		}
		if s.deckSize() > 0 {
			return evs
		}
		evs = append(evs, games.Event{Public: fmt.Sprintf("No card is left to deal to slot %d.", s.Queue[0])})
		s.Queue = s.Queue[1:]
	}
	return evs
}

// Concede removes a seat from the game (§7.4): it takes no more turns and
// is not scored; when one player is left, that player wins at once.
func (Game) Concede(s *State, seat games.Seat) ([]games.Event, error) {
	if s.Phase == PhOver {
		return nil, fmt.Errorf("threadcount: %w", games.ErrGameOver)
	}
	if seat < 0 || int(seat) >= s.N || s.Players[seat].Conceded {
		return nil, errors.New("threadcount: that seat cannot concede")
	}
	s.Players[seat].Conceded = true
	s.Conceded = append(s.Conceded, seat)
	evs := []games.Event{{Public: fmt.Sprintf("%s concedes and leaves the game.", player(seat))}}
	return append(evs, advance(s)...), nil
}

// Resample rebuilds what seat cannot know: the Empress's Favourite Pattern
// and the other players' Favourite Colours (drawn again from the colours
// other than seat's own). The deck has no order to resample. After the
// end everything is public and nothing changes.
func (Game) Resample(s *State, seat games.Seat, d *dice.Dice) State {
	out := s.clone()
	if s.Phase == PhOver {
		return out
	}
	if out.Empress != "" {
		out.Empress = Patterns[d.IntN(NumPatterns)].Code
	}
	if len(out.Favs) == 0 {
		return out
	}
	var pool []string
	for _, c := range Basics {
		if seat < 0 || int(seat) >= len(out.Favs) || c != out.Favs[seat] {
			pool = append(pool, c)
		}
	}
	d.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range out.Favs {
		if games.Seat(i) != seat {
			out.Favs[i], pool = pool[0], pool[1:]
		}
	}
	return out
}

// Result reports the outcome (spec §7): the scores, the ranks by total and
// tie-breaks with conceded seats last, and the breakdown lines.
func (Game) Result(s *State) (games.Result, bool) {
	if s.Phase != PhOver {
		return games.Result{}, false
	}
	if !s.scored() {
		w := s.survivor()
		r := games.Result{Ranks: make([]int, s.N), Reason: "conceded"}
		r.Ranks = Ranks(make([]*Breakdown, s.N), s.Conceded)
		if w >= 0 {
			for i := range r.Ranks {
				if games.Seat(i) != w {
					r.Ranks[i]++
				}
			}
			r.Ranks[w] = 1
			r.Winners = []games.Seat{w}
			r.Lines = []string{fmt.Sprintf("Everyone else conceded, so %s wins; nothing was scored.", player(w))}
		}
		return r, true
	}
	bs := s.Breakdowns()
	r := games.Result{Scores: make([]int, s.N), Ranks: Ranks(bs, s.Conceded), Reason: "scored"}
	var top []Breakdown
	for i, b := range bs {
		if b != nil {
			r.Scores[i] = b.Total
		}
		if r.Ranks[i] == 1 {
			r.Winners = append(r.Winners, games.Seat(i))
		}
	}
	best := -1
	for _, b := range bs {
		if b != nil && b.Total > best {
			best = b.Total
		}
	}
	for _, b := range bs {
		if b != nil && b.Total == best {
			top = append(top, *b)
		}
	}
	for i, b := range bs {
		if b == nil {
			r.Lines = append(r.Lines, fmt.Sprintf("%s conceded and is not scored.", player(games.Seat(i))))
			continue
		}
		r.Lines = append(r.Lines, breakdownLines(games.Seat(i), *b, len(top) > 1)...)
	}
	r.Lines = append(r.Lines, deciderText(Decider(top), len(top)), resultSentence(r))
	return r, true
}

// scored reports whether a finished game ran its ten weeks.
func (s *State) scored() bool { return s.remaining() > 1 }

// Breakdowns scores every seat still in the game; conceded seats are nil.
func (s *State) Breakdowns() []*Breakdown {
	out := make([]*Breakdown, s.N)
	for i, p := range s.Players {
		if !p.Conceded {
			b := Score(p, s.Favs, s.Empress)
			out[i] = &b
		}
	}
	return out
}

// ParseAction decodes a key; only the canonical form is accepted and
// errors wrap games.ErrBadKey.
func (Game) ParseAction(key string) (Action, error) { return parseAction(key) }
