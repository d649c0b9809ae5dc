package archravels

import (
	"fmt"
	"spindle/games"
	"spindle/games/archravels"
)

// arSpaceText is the text of a seat's action space k (1-4).
func arSpaceText(v archravels.View, s games.Seat, k int) string {
	if s < 0 || int(s) >= len(v.Players) || k < 1 || k > 4 || v.Players[s].Spaces[k-1] == "" {
		return "–"
	}
	return v.Players[s].Spaces[k-1]
}

// arOthers is the number of players other than s still in the game.
func arOthers(v archravels.View, s games.Seat) int {
	n := 0
	for i, p := range v.Players {
		if games.Seat(i) != s && !p.Out {
			n++
		}
	}
	return n
}

// arCost describes a request's cost: exact colours as tokens, or the rule
// in words (then exact is all zero).
func arCost(r archravels.Request, others int) (exact archravels.Yarn, words string) {
	switch r.Rule {
	case archravels.Exact:
		return r.Exact, ""
	case archravels.AnyColours:
		return exact, fmt.Sprintf("%d any", r.N)
	case archravels.OneColour:
		return exact, fmt.Sprintf("%d of one colour", r.N)
	case archravels.AllDifferent:
		return exact, fmt.Sprintf("%d different", r.N)
	case archravels.GiveEach:
		if others > 0 {
			return exact, fmt.Sprintf("give %d to each (%d)", r.N, r.N*others)
		}
		return exact, fmt.Sprintf("give %d to each", r.N)
	}
	return exact, string(r.Rule)
}

// arRuleText is a general pattern's colour rule in words.
func arRuleText(rule archravels.Rule, n int) string {
	switch rule {
	case archravels.AllDifferent:
		return "all different"
	case archravels.OneColour:
		return "one colour"
	case archravels.TwoColours:
		return "2 + 1 colours"
	case archravels.AnyColours:
		return fmt.Sprintf("%d any", n)
	}
	return string(rule)
}

// arPattern is an item's current pattern on a board: exact colours (exact
// true) or a general rule of n tokens, and the points a learned tile
// scores (0 for Hat and Blanket).
type arPattern struct {
	exact   bool
	colours archravels.Yarn
	rule    archravels.Rule
	n       int
	tiled   bool
	learned bool
	dealt   bool
	flip    int
}

// arPatternOf is item's current pattern on p's board.
func arPatternOf(p archravels.PlayerView, item int) arPattern {
	it := archravels.Items[item]
	if !it.Tiled() {
		return arPattern{rule: it.Rule, n: it.Yarn, dealt: true}
	}
	slot := item - archravels.Bear
	t := p.Tiles[slot]
	back := archravels.Backs[it.ID]
	pt := arPattern{tiled: true, learned: t.Learned, flip: back.FlipPoints, rule: back.Rule, n: back.Yarn, dealt: t.Code != ""}
	if !t.Learned {
		if tile, ok := archravels.TileOf(item, t.Code); ok {
			pt.exact, pt.colours, pt.n = true, tile.Exact, tile.Exact.Total()
		}
	}
	return pt
}

// arCanMake reports whether p's bowl pays for item's current pattern now.
func arCanMake(p archravels.PlayerView, item int) bool {
	pt := arPatternOf(p, item)
	if !pt.dealt || p.Out {
		return false
	}
	if pt.exact {
		return p.Bowl.Covers(pt.colours)
	}
	return len(archravels.RulePayments(pt.rule, pt.n, p.Bowl, true)) > 0
}

// arCanFinish reports whether p's bowl pays for the held request id now.
func arCanFinish(p archravels.PlayerView, id string, others int) bool {
	r, ok := archravels.RequestOf(id)
	if !ok || p.Out {
		return false
	}
	pays, stepwise := archravels.RequestPayments(r, p.Bowl)
	if stepwise {
		if r.Rule == archravels.GiveEach && others == 0 {
			return false
		}
		return p.Bowl.Total() >= r.Tokens(others)
	}
	return len(pays) > 0
}

// arHasItems reports whether p holds the items of project id.
func arHasItems(p archravels.PlayerView, id string) bool {
	pr, ok := archravels.ProjectOf(id)
	if !ok || p.Out {
		return false
	}
	for it, n := range pr.Items {
		if p.Items[it] < n {
			return false
		}
	}
	return true
}
