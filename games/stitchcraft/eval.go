package stitchcraft

import "spindle/games"

// Evaluate estimates each seat's share of a game in progress
// (games.Evaluator). A seat's worth is its progress towards a winning
// Showcase (four of a colour or seven colours, whichever is nearer),
// counted on the Showcase itself and, at a discount, on the cards it could
// still show (Display, then hand); a face-down Purple adds a little for the
// reactions it allows, a Chest about to run dry takes away, Crowd Favor
// counts towards its own win, and a seat out of the game is worth nothing.
// Team modes give both partners their team's worth: the Master's in
// Apprentice and Spymaster, the weaker partner's in Monopoly, the better
// one's in Guilds, and the shared Showcase in Consortium.
func (Game) Evaluate(s *State) []float64 {
	if len(s.Players) != s.Seats || s.Over {
		return games.Shares(make([]float64, s.Seats), 1)
	}
	v := make([]float64, s.Seats)
	for x := range s.Players {
		v[x] = s.worth(x)
	}
	if s.Mode.Teams() && s.Seats == 4 {
		for t := range 2 {
			a, b := v[t], v[t+2]
			var w float64
			switch s.Mode {
			case Apprentice, Spymaster:
				w = max(a, b)
				if m := s.master(t); m >= 0 {
					w = v[m]
				}
			case Monopoly:
				w = min(a, b)
			default:
				w = max(a, b)
			}
			v[t], v[t+2] = w, w
		}
	}
	return games.Shares(v, 2.5)
}

// worth is seat x's estimated strength on a scale of about 0 to 12.
func (s *State) worth(x int) float64 {
	p := &s.Players[x]
	if p.Out {
		return -10
	}
	var shown, could [NumColours]float64
	for _, c := range s.Players[s.showOf(x)].Show {
		if c.Colour < NumColours {
			shown[c.Colour]++
			could[c.Colour]++
		}
	}
	mates := []int{x}
	if s.Mode == Consortium {
		mates = s.teamSeats(x)
	}
	purple := 0.0
	for _, m := range mates {
		q := &s.Players[m]
		for _, f := range q.Display {
			if f.Colour < NumColours {
				could[f.Colour] += 0.5
				if f.Colour == Purple {
					purple = 1
				}
			}
		}
		for c, n := range q.Hand {
			could[c] += 0.2 * float64(n)
		}
	}
	hard := s.Mode == Consortium && s.Hard
	w := 8*progress(shown, hard) + 4*progress(could, hard) + 0.6*purple
	if n := len(p.Chest); n < 4 {
		w -= float64(4-n) * 1.5
	}
	if s.Mode == Crowd {
		w += 10 * float64(p.Favor) / FavorWin
	}
	return w
}

// progress is how near counts (by colour) are to a winning Showcase, in
// [0, 1]: the better of the largest colour towards four (five in hard
// mode) and the colours present towards seven (eight).
func progress(counts [NumColours]float64, hard bool) float64 {
	most, kinds := 4.0, 7.0
	if hard {
		most, kinds = 5, 8
	}
	best, seen := 0.0, 0.0
	for _, n := range counts {
		best = max(best, min(n, most)/most)
		seen += min(n, 1)
	}
	return max(best, seen/kinds)
}
