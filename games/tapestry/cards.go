package tapestry

import (
	"strconv"
)

// playCardAsk asks which card of the hand to play: onto this era's slot
// on an income turn, or on top of the current era's card (overplay). An
// income turn with an empty hand places the deck's top card face down.
func (s *State) playCardAsk(seat int, overplay bool, t Task) {
	p := &s.Players[seat]
	if len(p.Hand) == 0 {
		if !overplay {
			s.drawAsk(seat, "slot", t)
			if s.Ask == nil {
				// Empty deck and discard: the slot stays empty (§19.24).
				return
			}
			s.Ask.Kind = "draw_slot"
		}
		return
	}
	var opts []string
	for _, c := range p.Hand {
		opts = append(opts, "play:"+strconv.Itoa(int(c)))
	}
	t.Flag = overplay
	s.ask("play", seat, keyList(opts), t)
}

// slotIndex is where a card played now goes: the era's slot, Maker of
// Fire's in era 1.
func (p *Player) slotIndex() int {
	if p.Era <= 1 {
		return 0
	}
	return int(min(p.Era, 4))
}

// playCard puts design c from seat's hand on its slot and resolves it.
func (s *State) playCard(seat, c int, ev *events) {
	p := &s.Players[seat]
	p.Hand = removeOne(p.Hand, int8(c))
	k := p.slotIndex()
	p.Slots[k] = append(p.Slots[k], SlotCard{Card: int8(c)})
	p.Copy = -1
	card := TapCards[c]
	ev.say("%s plays %s.", who(seat), card.Name)
	s.pushEffects(seat, card.Effects, nil, card.Name)
}

// slotFaceDown puts a card from the deck face down on seat's era slot.
func (s *State) slotFaceDown(seat, c int, ev *events) {
	p := &s.Players[seat]
	s.TapDeck = removeOne(s.TapDeck, int8(c))
	k := p.slotIndex()
	p.Slots[k] = append(p.Slots[k], SlotCard{Card: int8(c), Down: true})
	ev.say("%s has no tapestry card to play: the top card of the deck goes face down.", who(seat))
}
