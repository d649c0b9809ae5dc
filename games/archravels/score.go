package archravels

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Score is one player's six scoring lines (spec §7.2) and tie-breakers.
type Score struct {
	Projects   int `json:"projects"`
	Requests   int `json:"requests"`
	Tiles      int `json:"tiles"`
	Items      int `json:"items"`
	Unfinished int `json:"unfinished"` // subtracted
	Yarn       int `json:"yarn"`       // subtracted
	Total      int `json:"total"`
	// Cards is tie-breaker 1: finished projects plus finished requests.
	Cards int `json:"cards"`
	// Left is tie-breaker 2: tokens left (fewer is better).
	Left int `json:"left"`
}

// ScoreOf scores a player.
func ScoreOf(p *Player) Score {
	var sc Score
	for _, id := range p.Projects {
		pr, _ := ProjectOf(id)
		sc.Projects += pr.Points
	}
	fav := p.Character().Favourite
	for _, id := range p.Done {
		r, _ := RequestOf(id)
		sc.Requests += r.Points
		if id == fav {
			sc.Requests += FavouriteBonus
		}
	}
	for it := Bear; it <= Scarf; it++ {
		if p.Tiles[slotOf(it)].Learned {
			sc.Tiles += Backs[Items[it].ID].FlipPoints
		}
	}
	for it, n := range p.Items {
		sc.Items += n * Items[it].Points
	}
	for _, id := range p.Held {
		r, _ := RequestOf(id)
		sc.Unfinished += r.Points
	}
	sc.Yarn = p.Bowl.Total()
	sc.Total = sc.Projects + sc.Requests + sc.Tiles + sc.Items - sc.Unfinished - sc.Yarn
	sc.Cards = len(p.Projects) + len(p.Done)
	sc.Left = sc.Yarn
	return sc
}

// compare orders two scores: negative when a ranks before b.
func compare(a, b Score) int {
	switch {
	case a.Total != b.Total:
		return b.Total - a.Total
	case a.Cards != b.Cards:
		return b.Cards - a.Cards
	}
	return a.Left - b.Left
}

// Ranks ranks the players (1 best, ties share); conceded players rank
// below everyone, sharing the last places.
func (s *State) Ranks() []int {
	scores := make([]Score, s.N)
	for i := range s.Players {
		scores[i] = ScoreOf(&s.Players[i])
	}
	ranks := make([]int, s.N)
	for i := range s.Players {
		r := 1
		for j := range s.Players {
			if j == i {
				continue
			}
			pi, pj := s.Players[i], s.Players[j]
			switch {
			case pi.Out && !pj.Out:
				r++
			case pi.Out == pj.Out && !pi.Out && compare(scores[j], scores[i]) < 0:
				r++
			}
		}
		ranks[i] = r
	}
	return ranks
}

// Score lines.
//
// Projects and finished requests score when they are finished, and their
// log lines say so; the other four lines of spec §7.2 (learned patterns,
// items kept, unfinished requests, leftover yarn) are scored at the end,
// each as a clause of the player's end line. A player who concedes has
// the points scored so far taken back, since a conceded seat is unscored
// (A34). points writes every clause, so the log of a scored game adds up
// to Result.Scores; the running score of the View (ScoreOf) is what the
// end would give now.

// points is the score clause of seat gaining (or losing) n points for
// cause; every score clause of the game is written here.
func points(seat games.Seat, n int, cause string) string {
	return games.Points(seat, n, "points", cause)
}

// requestPoints is the score of a request p has just finished: its points
// and, for the player's own favourite, the bonus.
func requestPoints(seat games.Seat, p *Player, r Request) string {
	out := points(seat, r.Points, "request "+r.Name)
	if r.ID == p.Character().Favourite {
		out += "; " + points(seat, FavouriteBonus, "their favourite request")
	}
	return out
}

// banked is what p has scored during play: finished projects and requests.
func banked(p *Player) int {
	sc := ScoreOf(p)
	return sc.Projects + sc.Requests
}

// endLine is the end-of-game line of seat: the score lines counted only
// at the end, each a clause, and the total.
func (s *State) endLine(seat games.Seat) string {
	p := &s.Players[seat]
	sc := ScoreOf(p)
	var parts []string
	if sc.Tiles > 0 {
		var tiles []string
		for it := Bear; it <= Scarf; it++ {
			if p.Tiles[slotOf(it)].Learned {
				tiles = append(tiles, Items[it].Name)
			}
		}
		parts = append(parts, points(seat, sc.Tiles, "learned patterns: "+strings.Join(tiles, ", ")))
	}
	if sc.Items > 0 {
		parts = append(parts, points(seat, sc.Items, "items kept: "+itemList(p.Items)))
	}
	for _, id := range p.Held {
		r, _ := RequestOf(id)
		parts = append(parts, points(seat, -r.Points, "unfinished request "+r.Name))
	}
	if sc.Yarn > 0 {
		parts = append(parts, points(seat, -sc.Yarn, countOf(sc.Yarn, "yarn token", "yarn tokens")+" left"))
	}
	total := countOf(sc.Total, "point", "points")
	if len(parts) == 0 {
		return fmt.Sprintf("%s has nothing more to score at the end: %s in all.", s.name(seat), total)
	}
	return fmt.Sprintf("At the end: %s; %s in all.", strings.Join(parts, "; "), total)
}

// countOf writes n with its noun in the right number: "1 token",
// "3 tokens", "−1 point".
func countOf(n int, one, many string) string {
	num := strconv.Itoa(n)
	if n < 0 {
		num = games.Minus + strconv.Itoa(-n)
	}
	if n == 1 || n == -1 {
		return num + " " + one
	}
	return num + " " + many
}

// finish scores the game and ends it.
func (s *State) finish() []games.Event {
	s.Phase, s.Queue, s.Pay = PhOver, nil, nil
	if s.Reason == "" {
		s.Reason = "scored"
	}
	ranks := s.Ranks()
	var evs []games.Event
	var parts []string
	for i := range s.Players {
		if s.Players[i].Out {
			continue
		}
		evs = append(evs, pub("%s", s.endLine(games.Seat(i))))
		sc := ScoreOf(&s.Players[i])
		parts = append(parts, fmt.Sprintf("%s %d", s.name(games.Seat(i)), sc.Total))
	}
	var win []string
	for i, r := range ranks {
		if r == 1 {
			win = append(win, s.name(games.Seat(i)))
		}
	}
	return append(evs, pub("Final scores: %s. %s %s.", strings.Join(parts, ", "), strings.Join(win, " and "), map[bool]string{true: "win", false: "wins"}[len(win) > 1]))
}

// Result reports the outcome once the game is over.
func (Game) Result(s *State) (games.Result, bool) {
	if s.Phase != PhOver {
		return games.Result{}, false
	}
	res := games.Result{Reason: s.Reason, Ranks: s.Ranks()}
	for i, r := range res.Ranks {
		if r == 1 {
			res.Winners = append(res.Winners, games.Seat(i))
		}
	}
	if s.Reason == "scored" {
		for i := range s.Players {
			sc := ScoreOf(&s.Players[i])
			if s.Players[i].Out {
				res.Scores = append(res.Scores, 0)
				res.Lines = append(res.Lines, fmt.Sprintf("%s conceded and is not scored.", s.name(games.Seat(i))))
				continue
			}
			res.Scores = append(res.Scores, sc.Total)
			res.Lines = append(res.Lines, fmt.Sprintf("%s: projects %d + requests %d + learned patterns %d + items %d − unfinished requests %d − yarn left %d = %d (%s finished).",
				s.name(games.Seat(i)), sc.Projects, sc.Requests, sc.Tiles, sc.Items, sc.Unfinished, sc.Yarn, sc.Total, countOf(sc.Cards, "card", "cards")))
		}
	}
	return res, true
}

// Concede takes seat out of the game (A34): it leaves the turn order and
// every "other player" choice and ranks last; with one player left, that
// player wins at once. When the active player concedes, a card being
// resolved is settled (an event is discarded unresolved, a request goes to
// the next player) and the turn passes on.
func (g Game) Concede(s *State, seat games.Seat) ([]games.Event, error) {
	if s.Phase == PhOver {
		return nil, fmt.Errorf("archravels: %w", games.ErrGameOver)
	}
	if seat < 0 || int(seat) >= s.N || s.Players[seat].Out {
		return nil, fmt.Errorf("archravels: %s cannot concede: %w", seat, games.ErrIllegal)
	}
	t := s.clone()
	t.Players[seat].Out = true
	line := fmt.Sprintf("%s concedes and leaves the game.", t.name(seat))
	if n := banked(&t.Players[seat]); n != 0 {
		line = fmt.Sprintf("%s concedes and leaves the game unscored: %s.", t.name(seat), points(seat, -n, "the points scored so far no longer count"))
	}
	evs := []games.Event{pub("%s", line)}
	if in := t.in(); len(in) == 1 {
		t.Reason = "conceded"
		t.Phase, t.Queue, t.Pay = PhOver, nil, nil
		evs = append(evs, pub("%s is the last player left and wins.", t.name(in[0])))
		*s = t
		return evs, nil
	}
	drop := func(q []games.Seat) []games.Seat {
		return slices.DeleteFunc(q, func(x games.Seat) bool { return x == seat })
	}
	if t.Pay != nil && slices.Contains(t.Pay.To, seat) {
		// Friendship Bracelets under way: the gift starts again for the
		// players still in the game.
		t.Pay.To = drop(t.Pay.To)
		t.Pay.Paid, t.Pay.Need = nil, 2*len(t.Pay.To)
	}
	switch {
	case t.Phase == PhFinal:
		if t.Queue[0] == seat {
			t.Pay = nil
		}
		t.Queue = drop(t.Queue)
	case seat == t.Active && isTurnPhase(t.Phase):
		t.Pay = nil
		if t.Phase == PhRestock {
			// Settle what the restock has revealed so far.
			t.startResolve()
		}
		for t.Phase == PhResolve && len(t.Fresh) > 0 {
			id := t.card()
			if CardKind(id) == "request" {
				to := t.next(seat)
				t.Players[to].Held = append(t.Players[to].Held, id)
				evs = append(evs, pub("The special request %s goes to %s.", requestName(id), t.name(to)))
			}
			t.doneCard()
		}
		if t.Phase != PhRefill {
			t.Phase = PhRefill
		}
	case t.Phase == PhResolve:
		if len(t.Queue) > 0 {
			t.Queue = drop(t.Queue)
			if len(t.Queue) == 0 {
				t.doneCard()
			}
		}
	}
	evs = append(evs, advance(&t)...)
	*s = t
	return evs, nil
}

func isTurnPhase(p Phase) bool {
	switch p {
	case PhSpace, PhActions, PhRestock, PhResolve, PhStock, PhRefill:
		return true
	}
	return false
}
