package stitchcraft

import (
	"fmt"
	"slices"
	"strings"
)

// PowerInfo is one colour's power under one Pattern: its name, whether it
// is the reaction, and a one-line summary in our own words.
type PowerInfo struct {
	Name     string `json:"name"`
	Reaction bool   `json:"reaction,omitempty"`
	Text     string `json:"text"`
}

// powerTable is the colour → power mapping of spec §2.1 (ruling S1), kept as
// data so it can be corrected in one place.
var powerTable = map[Pattern][NumColours]PowerInfo{
	Loom: {
		{Name: "Shuttle", Text: "Take a Tapestry from your Scrap Pile into your hand."},
		{Name: "Unravel", Text: "Send a Tapestry from an opponent's Display or Showcase to its owner's Scrap Pile."},
		{Name: "Reed", Text: "Peek at an opponent's top two Chest cards; put one of them on the bottom."},
		{Name: "Heddles", Text: "Peek at your top three Chest cards; keep one on top, the rest go under in your order."},
		{Name: "Weft", Text: "Draw from the bottom of your Chest, then peek at an opponent's top Chest card."},
		{Name: "Warp", Text: "Draw from the top of your Chest, then peek at an opponent's top Chest card."},
		{Name: "Treadle", Text: "Draw two from the top, then scrap any two cards from your hand."},
		{Name: "Moths", Reaction: true, Text: "Reaction: cancel an opponent's reveal; both cards go to their owners' Scrap Piles."},
	},
	Attrition: {
		{Name: "Salvage", Text: "Scrap your top Chest card, then take a Tapestry from your Scrap Pile into your hand."},
		{Name: "Excise", Text: "Remove a Tapestry in an opponent's Display or Showcase from the game."},
		{Name: "Pilfer", Text: "Peek at an opponent's top two Chest cards; scrap one of them."},
		{Name: "Cull", Text: "Peek at your top three: one back on top, one to the bottom, the last leaves the game."},
		{Name: "Sabotage", Text: "Draw from your Chest's bottom, then scrap the top Chest card of any player."},
		{Name: "Restock", Text: "Draw from your Chest's top, then scrap the bottom Chest card of any player."},
		{Name: "Plunder", Text: "Remove up to two Tapestries from any Scrap Piles; if you removed two, draw one."},
		{Name: "Vanish", Reaction: true, Text: "Reaction: cancel an opponent's reveal; both cards leave the game."},
	},
	Racketeering: {
		{Name: "Reciprocate", Text: "Take a card from your Scrap Pile; put one from an opponent's Scrap on top of its Chest."},
		{Name: "Engorge", Text: "Remove a card from an opponent's Scrap Pile; scrap one from an opponent's Display or Showcase."},
		{Name: "Divest", Text: "Peek at an opponent's top two Chest cards; scrap one, the other goes to the bottom."},
		{Name: "Intuit", Text: "Peek at your top three: one back on top, one to the bottom, the last to your Scrap Pile."},
		{Name: "Fence", Text: "Draw from your Chest's bottom; you may scrap the top Chest card of any player."},
		{Name: "Augment", Text: "Draw from your Chest's bottom; you may put a card from a player's Scrap on top of their Chest."},
		{Name: "Windfall", Text: "Draw from the bottom, then from the top, then scrap your top Chest card."},
		{Name: "Undercut", Reaction: true, Text: "Reaction: cancel an opponent's reveal; it goes under its owner's Chest and a cancelled action is refunded."},
	},
}

// Power returns the power of colour c under Pattern p.
func Power(p Pattern, c Colour) PowerInfo {
	t, ok := powerTable[p]
	if !ok || c >= NumColours {
		return PowerInfo{Name: "none"}
	}
	return t[c]
}

// step is one step of a power. An automatic step has no opts and runs do
// with a zero Action. A choice step lists its options; with none it is
// skipped, with exactly one it is taken at once unless ask is set (the
// options then depend on what only the controller knows, so asking anyway
// keeps the pause from telling anyone else anything).
type step struct {
	opts func(s *State, p *Pending) (opts []Action, ask bool)
	do   func(s *State, p *Pending, a Action)
}

// programs are the steps of every power (spec §4.7–4.9).
var programs = map[Pattern][NumColours][]step{
	Loom: {
		Blue:   {ownScrapToHand},
		Black:  {oppCardTo(zScrap)},
		Red:    {chooseOpponent, lookAt(2, false), bottomOfTwo, lastLooked(toBottom)},
		Green:  {lookAt(3, true), keepOnTop, lowestOrBottom(true), lastLooked(toBottom)},
		White:  {drawStep(false), chooseOpponent, peekTop},
		Orange: {drawStep(true), chooseOpponent, peekTop},
		Yellow: {drawStep(true), drawStep(true), discardSetup, discardOne, discardOne},
	},
	Attrition: {
		Blue:   {topToOwnScrap, ownScrapToHand},
		Black:  {oppCardTo(zRemoved)},
		Red:    {chooseOpponent, lookAt(2, false), dropOneOfTwo(false), lastLooked(toScrap)},
		Green:  {lookAt(3, true), keepOnTop, lowestOrBottom(false), lastLooked(toRemoved)},
		White:  {drawStep(false), choosePlayer(false), chestEndToScrap(true)},
		Orange: {drawStep(true), choosePlayer(false), chestEndToScrap(false)},
		Yellow: {plunderPick, plunderPick, plunderDraw},
	},
	Racketeering: {
		Blue:   {ownScrapToHand, oppScrapToTop},
		Black:  {oppScrapToRemoved, oppCardTo(zScrap)},
		Red:    {chooseOpponent, lookAt(2, false), dropOneOfTwo(true), lastLooked(toScrap)},
		Green:  {lookAt(3, true), keepOnTop, lowestOrBottom(false), lastLooked(toScrap)},
		White:  {drawStep(false), choosePlayer(true), chestEndToScrap(true)},
		Orange: {drawStep(false), choosePlayer(true), chosenScrapToTop},
		Yellow: {drawStep(false), drawStep(true), topToOwnScrap},
	},
}

// program returns the steps of the pending power.
func program(pat Pattern, c Colour) []step {
	t, ok := programs[pat]
	if !ok || c >= NumColours {
		return nil
	}
	return t[c]
}

// destinations of a moved card.
type dest uint8

const (
	zScrap dest = iota
	zRemoved
	toBottom
	toScrap
	toRemoved
)

// ---- option builders ----

// distinct returns one action per distinct colour in cs, in colour order.
func distinct(cs []Colour, mk func(Colour) Action) []Action {
	var seen [NumColours]bool
	for _, c := range cs {
		if c < NumColours {
			seen[c] = true
		}
	}
	var out []Action
	for _, c := range Colours {
		if seen[c] {
			out = append(out, mk(c))
		}
	}
	return out
}

// pileColours decodes a string of colour letters.
func pileColours(pile string) []Colour {
	out := make([]Colour, 0, len(pile))
	for i := 0; i < len(pile); i++ {
		if c, ok := colourByLetter(pile[i]); ok {
			out = append(out, c)
		}
	}
	return out
}

func scrapPicks(s *State, seat int) []Action {
	return distinct(pileColours(s.Players[seat].Scrap), func(c Colour) Action {
		return Action{Op: Pick, Seat: seat, Zone: InScrap, Colour: c}
	})
}

// oppCards lists the Tapestries in opponents' Displays (by label) and
// Showcases (by owner and colour).
func oppCards(s *State, ctrl int) []Action {
	var out []Action
	for _, o := range s.opponentsOf(ctrl) {
		for _, f := range s.Players[o].Display {
			out = append(out, Action{Op: Pick, Seat: o, Zone: InDisplay, Label: f.Label})
		}
		var cs []Colour
		for _, c := range s.Players[s.showOf(o)].Show {
			if c.Owner == o {
				cs = append(cs, c.Colour)
			}
		}
		out = append(out, distinct(cs, func(c Colour) Action {
			return Action{Op: Pick, Seat: o, Zone: InShowcase, Colour: c}
		})...)
	}
	return out
}

// ---- steps ----

var ownScrapToHand = step{
	opts: func(s *State, p *Pending) ([]Action, bool) { return scrapPicks(s, p.Ctrl), false },
	do: func(s *State, p *Pending, a Action) {
		s.takeScrap(a.Seat, a.Colour)
		s.Players[p.Ctrl].Hand[a.Colour]++
		s.say("%s takes %s from their Scrap Pile into their hand.", s.name(p.Ctrl), a.Colour)
	},
}

func oppCardTo(d dest) step {
	return step{
		opts: func(s *State, p *Pending) ([]Action, bool) { return oppCards(s, p.Ctrl), false },
		do: func(s *State, p *Pending, a Action) {
			p.touch(a.Seat)
			var c Colour
			where := ""
			if a.Zone == InDisplay {
				c = s.takeDisplay(a.Seat, a.Label)
				where = fmt.Sprintf("%s's face-down D%d (it was %s)", s.name(a.Seat), a.Label, c)
			} else {
				c = a.Colour
				s.takeShow(a.Seat, c)
				where = fmt.Sprintf("%s's %s from the Showcase", s.name(a.Seat), c)
			}
			if d == zRemoved {
				s.Removed = append(s.Removed, Card{Colour: c, Owner: a.Seat})
				s.say("%s removes %s from the game.", s.name(p.Ctrl), where)
				return
			}
			s.Players[a.Seat].Scrap += string(c.Letter())
			s.say("%s sends %s to its owner's Scrap Pile.", s.name(p.Ctrl), where)
		},
	}
}

// seatChoices lists Choose actions for seats, plus Skip when optional.
func seatChoices(seats []int, optional bool) []Action {
	var out []Action
	for _, x := range seats {
		out = append(out, Action{Op: Choose, Seat: x})
	}
	if optional && len(out) > 0 {
		out = append(out, Action{Op: Skip})
	}
	return out
}

var chooseOpponent = step{
	opts: func(s *State, p *Pending) ([]Action, bool) { return seatChoices(s.opponentsOf(p.Ctrl), false), false },
	do: func(s *State, p *Pending, a Action) {
		p.Target = a.Seat
		p.touch(a.Seat)
		s.say("%s chooses %s.", s.name(p.Ctrl), s.name(a.Seat))
	},
}

func choosePlayer(optional bool) step {
	return step{
		opts: func(s *State, p *Pending) ([]Action, bool) {
			return seatChoices(s.playersFor(p.Ctrl), optional), false
		},
		do: func(s *State, p *Pending, a Action) {
			if a.Op == Skip {
				s.say("%s chooses nobody.", s.name(p.Ctrl))
				return
			}
			p.Target = a.Seat
			p.touch(a.Seat)
			if a.Seat == p.Ctrl {
				s.say("%s chooses themself.", s.name(p.Ctrl))
				return
			}
			s.say("%s chooses %s.", s.name(p.Ctrl), s.name(a.Seat))
		},
	}
}

// lookAt takes the top k cards of a Chest aside to look at: the
// controller's own when own is set, else the chosen opponent's.
func lookAt(k int, own bool) step {
	return step{do: func(s *State, p *Pending, _ Action) {
		of := p.Target
		if own {
			of = p.Ctrl
		}
		if of < 0 || !s.targetable(p.Ctrl, of) {
			return
		}
		p.LookOf = of
		p.Looked = pileColours(s.takeTop(of, k))
		what := fmt.Sprintf("the top %d cards of %s Chest", len(p.Looked), s.possessive(of, p.Ctrl))
		if len(p.Looked) == 1 {
			what = fmt.Sprintf("the only card of %s Chest", s.possessive(of, p.Ctrl))
		}
		s.peek(p, p.Looked, what)
	}}
}

// lookedChoice lists the looked-at colours as actions of op; it asks when
// at least min cards are looked at.
func lookedChoice(op Op, least int) func(s *State, p *Pending) ([]Action, bool) {
	return func(s *State, p *Pending) ([]Action, bool) {
		if len(p.Looked) < least {
			return nil, false
		}
		return distinct(p.Looked, func(c Colour) Action { return Action{Op: op, Colour: c} }), len(p.Looked) >= 2
	}
}

// removeLooked takes one card of colour c out of the looked-at cards.
func removeLooked(p *Pending, c Colour) {
	if i := slices.Index(p.Looked, c); i >= 0 {
		p.Looked = slices.Delete(p.Looked, i, i+1)
	}
}

// bottomOfTwo is Reed's choice: one of two looked-at cards to the bottom,
// the other back on top.
var bottomOfTwo = step{
	opts: lookedChoice(Bottom, 2),
	do: func(s *State, p *Pending, a Action) {
		removeLooked(p, a.Colour)
		s.putTop(p.LookOf, lettersOf(p.Looked), s.knownBy(p))
		s.putBottom(p.LookOf, string(a.Colour.Letter()), s.knownBy(p))
		p.Looked = nil
		s.say("%s puts one of the two cards at the bottom of %s Chest and the other back on top.", s.name(p.Ctrl), s.possessive(p.LookOf, -1))
		s.tellLook(p, fmt.Sprintf("%s went to the bottom.", a.Colour))
	},
}

// dropOneOfTwo is Pilfer's and Divest's choice: one of two looked-at cards
// to its owner's Scrap, the other on top (Pilfer) or to the bottom (Divest).
func dropOneOfTwo(otherToBottom bool) step {
	return step{
		opts: lookedChoice(Drop, 2),
		do: func(s *State, p *Pending, a Action) {
			removeLooked(p, a.Colour)
			pl := &s.Players[p.LookOf]
			pl.Scrap += string(a.Colour.Letter())
			if otherToBottom {
				s.putBottom(p.LookOf, lettersOf(p.Looked), s.knownBy(p))
				s.say("%s scraps %s from %s Chest and puts the other card at the bottom.", s.name(p.Ctrl), a.Colour, s.possessive(p.LookOf, -1))
			} else {
				s.putTop(p.LookOf, lettersOf(p.Looked), s.knownBy(p))
				s.say("%s scraps %s from %s Chest; the other card stays on top.", s.name(p.Ctrl), a.Colour, s.possessive(p.LookOf, -1))
			}
			p.Looked = nil
		},
	}
}

// keepOnTop is the first choice of Heddles, Cull and Intuit.
var keepOnTop = step{
	opts: lookedChoice(Top, 1),
	do: func(s *State, p *Pending, a Action) {
		removeLooked(p, a.Colour)
		s.putTop(p.LookOf, string(a.Colour.Letter()), s.knownBy(p))
		s.say("%s puts one card back on top of their Chest.", s.name(p.Ctrl))
		s.tellLook(p, fmt.Sprintf("%s went back on top.", a.Colour))
	},
}

// lowestOrBottom is the second choice of Heddles (which card is lowest; the
// other goes just above it, when heddles is set) and of Cull and Intuit
// (one card to the bottom, the other stays for the last step).
func lowestOrBottom(heddles bool) step {
	return step{
		opts: lookedChoice(Bottom, 1),
		do: func(s *State, p *Pending, a Action) {
			removeLooked(p, a.Colour)
			if heddles {
				s.putBottom(p.LookOf, lettersOf(p.Looked)+string(a.Colour.Letter()), s.knownBy(p))
				s.say("%s puts %s at the bottom of their Chest in an order they chose.", s.name(p.Ctrl), plural(len(p.Looked)+1, "card", "cards"))
				p.Looked = nil
			} else {
				s.putBottom(p.LookOf, string(a.Colour.Letter()), s.knownBy(p))
				s.say("%s puts one card at the bottom of their Chest.", s.name(p.Ctrl))
			}
			s.tellLook(p, fmt.Sprintf("%s is now the bottom card.", a.Colour))
		},
	}
}

// lastLooked moves the one looked-at card still aside, if any.
func lastLooked(d dest) step {
	return step{do: func(s *State, p *Pending, _ Action) {
		if len(p.Looked) == 0 {
			return
		}
		pl := &s.Players[p.LookOf]
		for _, c := range p.Looked {
			switch d {
			case toBottom:
				s.putBottom(p.LookOf, string(c.Letter()), s.knownBy(p))
				s.say("The card goes to the bottom of %s Chest.", s.possessive(p.LookOf, -1))
			case toScrap:
				pl.Scrap += string(c.Letter())
				s.say("%s goes from %s Chest to the Scrap Pile.", c, s.possessive(p.LookOf, -1))
			case toRemoved:
				s.Removed = append(s.Removed, Card{Colour: c, Owner: p.LookOf})
				s.say("%s from %s Chest is removed from the game.", c, s.possessive(p.LookOf, -1))
			}
		}
		p.Looked = nil
	}}
}

// drawStep draws the controller a card from the top or the bottom.
func drawStep(top bool) step {
	return step{do: func(s *State, p *Pending, _ Action) { s.draw(p.Ctrl, top) }}
}

// peekTop lets the controller look at the chosen opponent's top card.
var peekTop = step{do: func(s *State, p *Pending, _ Action) {
	if p.Target < 0 || !s.targetable(p.Ctrl, p.Target) {
		return
	}
	chest := s.Players[p.Target].Chest
	if chest == "" {
		s.say("%s Chest is empty: nothing to look at.", s.possessive(p.Target, -1))
		return
	}
	top, _ := colourByLetter(chest[0])
	s.peek(p, []Colour{top}, fmt.Sprintf("the top card of %s Chest", s.possessive(p.Target, p.Ctrl)))
	s.sawTop(p, p.Target, top)
}}

// discardSetup works out how many cards Treadle scraps and scraps the whole
// hand when that leaves no choice.
var discardSetup = step{do: func(s *State, p *Pending, _ Action) {
	h := &s.Players[p.Ctrl].Hand
	n := handSize(*h)
	p.Count = min(2, n)
	if n > p.Count {
		return
	}
	var names []string
	for _, c := range Colours {
		for range h[c] {
			s.Players[p.Ctrl].Scrap += string(c.Letter())
			names = append(names, c.String())
		}
		h[c] = 0
	}
	p.Count = 0
	if len(names) > 0 {
		s.say("%s scraps their whole hand: %s.", s.name(p.Ctrl), strings.Join(names, ", "))
	}
}}

var discardOne = step{
	opts: func(s *State, p *Pending) ([]Action, bool) {
		if p.Count == 0 {
			return nil, false
		}
		h := s.Players[p.Ctrl].Hand
		var cs []Colour
		for _, c := range Colours {
			if h[c] > 0 {
				cs = append(cs, c)
			}
		}
		return distinct(cs, func(c Colour) Action { return Action{Op: Discard, Colour: c} }), true
	},
	do: func(s *State, p *Pending, a Action) {
		s.Players[p.Ctrl].Hand[a.Colour]--
		s.Players[p.Ctrl].Scrap += string(a.Colour.Letter())
		p.Count--
		s.say("%s scraps %s from their hand.", s.name(p.Ctrl), a.Colour)
	},
}

var topToOwnScrap = step{do: func(s *State, p *Pending, _ Action) {
	pl := &s.Players[p.Ctrl]
	if pl.Chest == "" {
		return
	}
	c, _ := colourByLetter(s.takeTop(p.Ctrl, 1)[0])
	pl.Scrap += string(c.Letter())
	s.say("%s scraps the top card of their Chest: %s.", s.name(p.Ctrl), c)
}}

// chestEndToScrap scraps the top (or bottom) card of the chosen player's Chest.
func chestEndToScrap(top bool) step {
	return step{do: func(s *State, p *Pending, _ Action) {
		if p.Target < 0 || !s.targetable(p.Ctrl, p.Target) {
			return
		}
		pl := &s.Players[p.Target]
		if pl.Chest == "" {
			s.say("%s Chest is empty: nothing is scrapped.", s.possessive(p.Target, -1))
			return
		}
		var c Colour
		end := "top"
		if top {
			c, _ = colourByLetter(s.takeTop(p.Target, 1)[0])
		} else {
			c, _ = s.takeBottom(p.Target)
			end = "bottom"
		}
		pl.Scrap += string(c.Letter())
		s.say("The %s card of %s Chest goes to the Scrap Pile: %s.", end, s.possessive(p.Target, -1), c)
	}}
}

// plunderPick removes one card from any Scrap Pile, or stops.
var plunderPick = step{
	opts: func(s *State, p *Pending) ([]Action, bool) {
		if p.Count < 0 {
			return nil, false
		}
		var out []Action
		for _, x := range s.playersFor(p.Ctrl) {
			out = append(out, scrapPicks(s, x)...)
		}
		if len(out) == 0 {
			return nil, false
		}
		return append(out, Action{Op: Done}), false
	},
	do: func(s *State, p *Pending, a Action) {
		if a.Op == Done {
			p.Count = -p.Count - 1 // stopped: no more picks
			s.say("%s stops plundering.", s.name(p.Ctrl))
			return
		}
		p.touch(a.Seat)
		s.takeScrap(a.Seat, a.Colour)
		s.Removed = append(s.Removed, Card{Colour: a.Colour, Owner: a.Seat})
		p.Count++
		s.say("%s removes %s from %s Scrap Pile.", s.name(p.Ctrl), a.Colour, s.possessive(a.Seat, p.Ctrl))
	},
}

var plunderDraw = step{do: func(s *State, p *Pending, _ Action) {
	if p.Count == 2 {
		s.draw(p.Ctrl, true)
	}
}}

// oppScrapPicks lists the cards in the opponents' Scrap Piles.
func oppScrapPicks(s *State, ctrl int) []Action {
	var out []Action
	for _, o := range s.opponentsOf(ctrl) {
		out = append(out, scrapPicks(s, o)...)
	}
	return out
}

var oppScrapToTop = step{
	opts: func(s *State, p *Pending) ([]Action, bool) { return oppScrapPicks(s, p.Ctrl), false },
	do: func(s *State, p *Pending, a Action) {
		p.touch(a.Seat)
		s.takeScrap(a.Seat, a.Colour)
		s.putTop(a.Seat, string(a.Colour.Letter()), knowers{})
		s.say("%s puts %s from %s Scrap Pile on top of their Chest.", s.name(p.Ctrl), a.Colour, s.possessive(a.Seat, -1))
	},
}

var oppScrapToRemoved = step{
	opts: func(s *State, p *Pending) ([]Action, bool) { return oppScrapPicks(s, p.Ctrl), false },
	do: func(s *State, p *Pending, a Action) {
		p.touch(a.Seat)
		s.takeScrap(a.Seat, a.Colour)
		s.Removed = append(s.Removed, Card{Colour: a.Colour, Owner: a.Seat})
		s.say("%s removes %s from %s Scrap Pile.", s.name(p.Ctrl), a.Colour, s.possessive(a.Seat, -1))
	},
}

var chosenScrapToTop = step{
	opts: func(s *State, p *Pending) ([]Action, bool) {
		if p.Target < 0 || !s.targetable(p.Ctrl, p.Target) {
			return nil, false
		}
		return scrapPicks(s, p.Target), false
	},
	do: func(s *State, p *Pending, a Action) {
		s.takeScrap(a.Seat, a.Colour)
		s.putTop(a.Seat, string(a.Colour.Letter()), knowers{})
		s.say("%s puts %s from %s Scrap Pile on top of that Chest.", s.name(p.Ctrl), a.Colour, s.possessive(a.Seat, p.Ctrl))
	},
}

// lettersOf encodes colours as pile letters.
func lettersOf(cs []Colour) string {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = c.Letter()
	}
	return string(b)
}

func handSize(h [NumColours]int) int {
	n := 0
	for _, k := range h {
		n += k
	}
	return n
}
