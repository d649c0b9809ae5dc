package stitchcraft

import "slices"

// Chests and what players know of them.
//
// A peek leaves its looker knowing the top cards of a Chest (Player.Look,
// top first), and only for as long as those cards stay where they were
// seen. Every change to a Chest goes through the four functions below,
// which keep the looks true: a card taken from the top (a draw, a scrap, a
// look) leaves every look at that Chest, one taken from the bottom leaves
// the looks that reached down to it, and a card put on top by anyone who
// does not know the rest buries them, so those looks are dropped. A power
// that puts looked-at cards back tells its controller (and a Consortium
// partner) where they went: cards put back on top become the look, and
// cards put under a Chest the look covers whole extend it. Shuffles never
// happen after the deal.

// knowers are the seats that know the cards being put into a Chest, and the
// power that showed them ("" and no seats when nobody does).
type knowers struct {
	seats []int
	power string
}

// knownBy is the knowledge of a pending power's controller and partner.
func (s *State) knownBy(p *Pending) knowers {
	return knowers{seats: s.sharers(p.Ctrl), power: Power(s.Pattern, p.Colour).Name}
}

// looksAt calls f for every player's look at seat's Chest; f returns the
// cards still known, and a look left with none is dropped.
func (s *State) looksAt(seat int, f func(cards []Colour) []Colour) {
	for x := range s.Players {
		l := s.Players[x].Look
		if l == nil || l.Of != seat {
			continue
		}
		if cards := f(l.Cards); len(cards) > 0 {
			l.Cards = cards
		} else {
			s.Players[x].Look = nil
		}
	}
}

// takeTop takes up to n cards off the top of seat's Chest, as letters top
// first.
func (s *State) takeTop(seat, n int) string {
	pl := &s.Players[seat]
	n = min(n, len(pl.Chest))
	out := pl.Chest[:n]
	pl.Chest = pl.Chest[n:]
	s.looksAt(seat, func(cs []Colour) []Colour { return cs[min(n, len(cs)):] })
	return out
}

// takeBottom takes the bottom card of seat's Chest; false when it is empty.
func (s *State) takeBottom(seat int) (Colour, bool) {
	pl := &s.Players[seat]
	n := len(pl.Chest)
	if n == 0 {
		return 0, false
	}
	c, _ := colourByLetter(pl.Chest[n-1])
	pl.Chest = pl.Chest[:n-1]
	s.looksAt(seat, func(cs []Colour) []Colour {
		if len(cs) >= n {
			return cs[:n-1]
		}
		return cs
	})
	return c, true
}

// putTop puts letters on top of seat's Chest, the first one topmost.
func (s *State) putTop(seat int, letters string, k knowers) {
	if letters == "" {
		return
	}
	pl := &s.Players[seat]
	pl.Chest = letters + pl.Chest
	cards := pileColours(letters)
	for x := range s.Players {
		l := s.Players[x].Look
		switch {
		case slices.Contains(k.seats, x):
			known := slices.Clone(cards)
			if l != nil && l.Of == seat {
				known = append(known, l.Cards...)
			}
			s.Players[x].Look = &Look{Of: seat, Cards: known, Power: k.power}
		case l != nil && l.Of == seat:
			s.Players[x].Look = nil
		}
	}
}

// putBottom puts letters under seat's Chest, the first one highest.
func (s *State) putBottom(seat int, letters string, k knowers) {
	if letters == "" {
		return
	}
	pl := &s.Players[seat]
	before := len(pl.Chest)
	pl.Chest += letters
	cards := pileColours(letters)
	for _, x := range k.seats {
		l := s.Players[x].Look
		switch {
		case before == 0:
			s.Players[x].Look = &Look{Of: seat, Cards: slices.Clone(cards), Power: k.power}
		case l != nil && l.Of == seat && len(l.Cards) == before:
			l.Cards = append(slices.Clip(l.Cards), cards...)
		}
	}
}

// sawTop records that the controller of p (and a Consortium partner) saw
// the top card c of seat's Chest without moving it. A longer look at that
// Chest already starts with c and is kept.
func (s *State) sawTop(p *Pending, seat int, c Colour) {
	k := s.knownBy(p)
	for _, x := range k.seats {
		if l := s.Players[x].Look; l != nil && l.Of == seat && len(l.Cards) > 0 {
			l.Power = k.power
			continue
		}
		s.Players[x].Look = &Look{Of: seat, Cards: []Colour{c}, Power: k.power}
	}
}
