package archravels

import "spindle/games"

// Evaluate estimates each seat's share of a game in progress
// (games.Evaluator) from each player's score so far plus what their
// holdings promise while the game goes on: yarn in the bowl is worth a
// little (half a point a token with the game young) rather than its
// end-of-game penalty, though less than the items it can become; items
// already made earn part of the bonus of the projects on the List they
// match (more the nearer a project is to done); and a held request
// counts towards its points. The promise fades as the Project Deck runs out. It reads the
// Project Deck's size only, which every seat sees.
func (Game) Evaluate(s *State) []float64 {
	return games.SharesBy(s.N, len(s.Players) == s.N, s.outlook, 6)
}

// outlook is seat x's expected final score.
func (s *State) outlook(x int) float64 {
	p := &s.Players[x]
	if p.Out {
		return -100
	}
	sc := ScoreOf(p)
	total := float64(sc.Total)
	// time is 1 with the game young and falls to 0 as the projects run
	// out (the final craft is one craft, no project).
	time := 0.0
	if s.Phase != PhFinal {
		deck := float64(ProjectDeckSize[s.N])
		if deck > 0 {
			time = min(1, 0.25+float64(len(s.ProjectDeck)+len(s.List))/deck)
		}
	}
	total += float64(sc.Yarn) * (1 + 0.5*time)
	for _, id := range p.Held {
		r, _ := RequestOf(id)
		total += 0.6 * time * float64(r.Points)
	}
	// Items towards the List's projects earn part of a project's bonus
	// over the items' own points, more the nearer it is to done but less
	// than finishing it; the best project counts whole and the others at a
	// third (an item serves one project only).
	best, rest := 0.0, 0.0
	for _, id := range s.List {
		pr, ok := ProjectOf(id)
		if !ok {
			continue
		}
		need, have, itemPts := 0, 0, 0
		for it, n := range pr.Items {
			need += n
			have += min(n, p.Items[it])
			itemPts += n * Items[it].Points
		}
		if need == 0 || have == 0 {
			continue
		}
		f := float64(have) / float64(need)
		v := (0.3 + 0.5*f) * f * float64(pr.Points-itemPts)
		if v > best {
			best, rest = v, rest+best
		} else {
			rest += v
		}
	}
	total += (0.5 + 0.3*time) * (best + rest/3)
	return total
}
