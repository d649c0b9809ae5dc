package toy

import (
	"slices"

	"spindle/games"
)

// Rebet is the toy game with a betting round in which every seat stays to
// act, and may change its bet, until all seats have bet. A seat therefore
// has several actions of its own in one turn, which is what undo needs.
type Rebet struct{ Game }

// Info names the variant "toyundo".
func (Rebet) Info() games.Info {
	i := Game{}.Info()
	i.ID, i.Title = "toyundo", "Toy with undo"
	return i
}

func betting(s *State) bool {
	if !s.Dealt || s.Rolling || s.Conceded != games.Spectator {
		return false
	}
	return slices.ContainsFunc(s.Bets, func(b int) bool { return b < 0 })
}

// ToAct keeps every seat to act while any bet is missing.
func (g Rebet) ToAct(s *State) []games.Seat {
	if betting(s) {
		out := make([]games.Seat, s.Seats)
		for i := range out {
			out[i] = games.Seat(i)
		}
		return out
	}
	return g.Game.ToAct(s)
}

// Legal offers both bets to every seat during betting.
func (g Rebet) Legal(s *State, seat games.Seat) []Action {
	if betting(s) && seat >= 0 && int(seat) < s.Seats {
		return []Action{{Kind: "bet", N: 0}, {Kind: "bet", N: 1}}
	}
	return g.Game.Legal(s, seat)
}
