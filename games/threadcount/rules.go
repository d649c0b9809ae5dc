package threadcount

import (
	"slices"

	"spindle/games"
)

// patternValues is the Model B table (T14): value by the number of complete
// pieces with one pattern (1-4), for a normal and for the Empress's
// Favourite Pattern.
var patternValues = [2][5]int{
	{0, 4, 12, 20, 28},
	{0, 5, 20, 35, 50},
}

// PatternValue is the score of n complete pieces sharing one pattern
// (spec §7.1); n above 4 cannot happen with four garments and counts as 4.
func PatternValue(n int, favourite bool) int {
	n = min(max(n, 0), 4)
	if favourite {
		return patternValues[1][n]
	}
	return patternValues[0][n]
}

// WordScore is one colour word of a complete piece and whether it is one
// of the Empress's favourite colours.
type WordScore struct {
	Word  string `json:"word"`
	Match bool   `json:"match"`
}

// PieceScore is one garment in the breakdown: its cards (codes, "" for
// none), whether it is complete and, if so, its colour words and dye points.
type PieceScore struct {
	Garment  string      `json:"garment"`
	Colour   string      `json:"colour,omitempty"`
	Pattern  string      `json:"pattern,omitempty"`
	Complete bool        `json:"complete"`
	Words    []WordScore `json:"words,omitempty"`
	Dyes     int         `json:"dyes"`
}

// PatternScore is one distinct pattern among the complete pieces.
type PatternScore struct {
	Pattern   string `json:"pattern"`
	Count     int    `json:"count"`
	Favourite bool   `json:"favourite"`
	Points    int    `json:"points"`
}

// Breakdown is one player's final score (spec §7.1, §7.3) with the
// tie-break values of §7.2.
type Breakdown struct {
	Pieces        [4]PieceScore  `json:"pieces"`
	Garments      int            `json:"garments"`
	Dyes          int            `json:"dyes"`
	Patterns      []PatternScore `json:"patterns"`
	PatternPoints int            `json:"pattern_points"`
	Total         int            `json:"total"`
	// Tertiary is TB1: tertiary colour cards on complete pieces.
	Tertiary int `json:"tertiary"`
	// FavPieces is TB2a: complete pieces with the Empress's pattern.
	FavPieces int `json:"fav_pieces"`
	// PatternSilk is TB2b: silk cost of the patterns on complete pieces.
	PatternSilk int `json:"pattern_silk"`
	// ReadyEarly is TB3 (T30).
	ReadyEarly bool `json:"ready_early"`
}

// Score scores a player's outfit (spec §7.1): only complete pieces count
// (T29). favs are the Empress's favourite colours (every player's
// Favourite Colour, T13) and empress her Favourite Pattern.
func Score(p Player, favs []string, empress string) Breakdown {
	var b Breakdown
	counts := map[string]int{}
	var order []string
	for g, pc := range p.Outfit {
		ps := PieceScore{Garment: Garments[g]}
		if pc.Colour >= 0 && pc.Colour < len(p.Colours) {
			ps.Colour = p.Colours[pc.Colour]
		}
		if pc.Pattern >= 0 && pc.Pattern < len(p.Patterns) {
			ps.Pattern = p.Patterns[pc.Pattern]
		}
		if ps.Colour != "" && ps.Pattern != "" {
			ps.Complete = true
			b.Garments += 2
			cc, _ := Colour(ps.Colour)
			for _, w := range cc.Words {
				m := slices.Contains(favs, w)
				ps.Words = append(ps.Words, WordScore{w, m})
				if m {
					ps.Dyes += 2
				}
			}
			b.Dyes += ps.Dyes
			if cc.Tertiary {
				b.Tertiary++
			}
			if ps.Pattern == empress {
				b.FavPieces++
			}
			pt, _ := PatternOf(ps.Pattern)
			b.PatternSilk += pt.Silk
			if counts[ps.Pattern] == 0 {
				order = append(order, ps.Pattern)
			}
			counts[ps.Pattern]++
		}
		b.Pieces[g] = ps
	}
	b.Patterns = []PatternScore{}
	for _, pt := range order {
		fav := pt == empress
		v := PatternValue(counts[pt], fav)
		b.Patterns = append(b.Patterns, PatternScore{pt, counts[pt], fav, v})
		b.PatternPoints += v
	}
	b.ReadyEarly = p.ReadyEarly
	b.Total = b.Garments + b.Dyes + b.PatternPoints
	return b
}

// Criteria names the ranking criteria in order: the total and the
// tie-breaks of spec §7.2.
var Criteria = [5]string{"total", "TB1 tertiary colours", "TB2a Empress's pattern pieces", "TB2b pattern silk", "TB3 ready early"}

// keyOf is a breakdown's ranking vector, higher is better.
func keyOf(b Breakdown) [5]int {
	r := 0
	if b.ReadyEarly {
		r = 1
	}
	return [5]int{b.Total, b.Tertiary, b.FavPieces, b.PatternSilk, r}
}

// Compare orders two breakdowns by the total and then the tie-breaks (T15):
// negative when a ranks below b, 0 when they are fully tied.
func Compare(a, b Breakdown) int {
	ka, kb := keyOf(a), keyOf(b)
	return slices.Compare(ka[:], kb[:])
}

// Decider returns the index in Criteria of the first criterion that leaves
// one player among those tied on the best total, following the cascade of
// §7.2, or -1 when they stay tied to the end (a shared win).
func Decider(bs []Breakdown) int {
	if len(bs) == 0 {
		return -1
	}
	in := slices.Clone(bs)
	for c := range Criteria {
		best := in[0]
		for _, b := range in {
			if keyOf(b)[c] > keyOf(best)[c] {
				best = b
			}
		}
		in = slices.DeleteFunc(in, func(b Breakdown) bool { return keyOf(b)[c] < keyOf(best)[c] })
		if len(in) == 1 {
			return c
		}
	}
	return -1
}

// Ranks ranks the seats (spec §7.2, §7.4): scored seats by Compare, equal
// vectors sharing a rank, then the conceded seats below all of them, the
// earliest to concede lowest. scored holds nil for a conceded seat.
func Ranks(scored []*Breakdown, conceded []games.Seat) []int {
	n := len(scored)
	ranks := make([]int, n)
	var in []int
	for i, b := range scored {
		if b != nil {
			in = append(in, i)
		}
	}
	for _, i := range in {
		r := 1
		for _, j := range in {
			if Compare(*scored[j], *scored[i]) > 0 {
				r++
			}
		}
		ranks[i] = r
	}
	next := len(in) + 1
	for k := len(conceded) - 1; k >= 0; k-- {
		if s := conceded[k]; int(s) < n && scored[s] == nil {
			ranks[s] = next
			next++
		}
	}
	return ranks
}
