package threadcount

import (
	"slices"

	"spindle/games"
)

// Evaluate estimates each seat's share of a game in progress
// (games.Evaluator) from the score each outfit is heading for. An outfit
// whose last turn is over counts as it is arranged; one still in play
// counts as its owner's best arrangement of the cards owned (cards can be
// moved during one's own turn), plus, while turns remain, part of what the
// unpaired cards would add once paired and a little for silk and dye in
// hand. It reads the favourite colours and the Empress's pattern, which on
// a determinized copy are the searcher's guesses.
func (Game) Evaluate(s *State) []float64 {
	return games.SharesBy(s.N, len(s.Players) == s.N, s.outlook, 5)
}

// outlook is seat x's expected final score.
func (s *State) outlook(x int) float64 {
	p := s.Players[x]
	if p.Conceded {
		return -100
	}
	if p.Turns >= Weeks {
		return float64(Score(p, s.Favs, s.Empress).Total)
	}
	now := bestOutfit(p.Colours, p.Patterns, s.Favs, s.Empress, false)
	left := float64(Weeks - p.Turns)
	later := bestOutfit(p.Colours, p.Patterns, s.Favs, s.Empress, true)
	res := float64(p.Silk) + float64(p.Dye[0]+p.Dye[1]+p.Dye[2])/2
	return float64(now) + min(1, left/4)*(0.6*float64(later-now)+0.8*res) + 0.5*min(left, 3)
}

// bestOutfit is the best score of an outfit made of the given cards,
// however they are arranged. With pad, missing cards are imagined: a
// plain colour card for every unpaired pattern card and a single
// non-favourite pattern for every unpaired colour card.
func bestOutfit(colours, patterns []string, favs []string, empress string, pad bool) int {
	var dyes []int
	for _, code := range colours {
		cc, _ := Colour(code)
		d := 0
		for _, w := range cc.Words {
			if slices.Contains(favs, w) {
				d += 2
			}
		}
		dyes = append(dyes, d)
	}
	slices.Sort(dyes)
	slices.Reverse(dyes)
	var have [NumPatterns]int
	for _, code := range patterns {
		if i := patternIndex(code); i >= 0 {
			have[i]++
		}
	}
	nc, np := len(colours), len(patterns)
	extra := 0 // imagined single patterns, scored 4 each
	if pad {
		if nc < np {
			for range min(np, 4) - nc {
				dyes = append(dyes, 0)
			}
			nc = len(dyes)
		}
		if np < nc {
			extra = min(nc, 4) - np
		}
	}
	best := 0
	for k := 0; k <= min(4, nc); k++ {
		real := min(k, np)
		pat := bestPatterns(have, real, empress)
		if real+extra < k {
			continue
		}
		sc := 2*k + pat + 4*(k-real)
		for _, d := range dyes[:k] {
			sc += d
		}
		best = max(best, sc)
	}
	return best
}

// bestPatterns is the most that k of the owned pattern cards (counts by
// pattern) score on complete pieces.
func bestPatterns(have [NumPatterns]int, k int, empress string) int {
	if k <= 0 {
		return 0
	}
	best := -1
	for i, n := range have {
		for take := 1; take <= min(n, k); take++ {
			rest := have
			rest[i] = 0 // a pattern is taken in one go: splitting never helps
			sub := bestPatterns(rest, k-take, empress)
			if sub < 0 {
				continue
			}
			best = max(best, PatternValue(take, Patterns[i].Code == empress)+sub)
		}
	}
	return best
}
