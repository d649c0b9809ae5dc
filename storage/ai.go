package storage

import (
	"slices"
	"strings"

	"spindle/games/rating"
)

// AIPrefix begins the user id of a seat the AI plays: "ai:<level>:<n>",
// n telling apart two AI seats of one table. Discord user ids are numbers,
// so no person ever has such an id.
const AIPrefix = "ai:"

// IsAI reports whether user is an AI seat's id.
func IsAI(user string) bool { return strings.HasPrefix(user, AIPrefix) }

// AILevel returns the level of an AI seat's id ("hard" of "ai:hard:2"),
// or "" for a person.
func AILevel(user string) string {
	rest, ok := strings.CutPrefix(user, AIPrefix)
	if !ok {
		return ""
	}
	level, _, _ := strings.Cut(rest, ":")
	return level
}

// aiStrength is the fixed rating an AI level brings to a game rated with
// AI seats: it rates the people at the table and never changes itself.
var aiStrength = map[string]struct {
	glicko float64
	mu     float64
}{
	"easy":   {glicko: 1300, mu: 19},
	"normal": {glicko: 1500, mu: 25},
	"hard":   {glicko: 1700, mu: 31},
}

// aiRating is the rating of an AI seat on a board, in the board's system:
// its level's strength with a small, fixed uncertainty.
func aiRating(guild, game, user, system string) Rating {
	st, ok := aiStrength[AILevel(user)]
	if !ok {
		st = aiStrength["normal"]
	}
	r := Rating{Guild: guild, Game: game, User: user, System: system}
	if system == SystemGlicko2 {
		g := rating.DefaultGlicko2()
		g.Rating, g.RD = st.glicko, 60
		r.Glicko2 = &g
	} else {
		s := rating.Skill{Mu: st.mu, Sigma: 2}
		r.Skill = &s
	}
	return r
}

// Seated lists the people a table concerns: its seats' users and the
// people whose seats the AI plays for now (who may take them back), so
// their "my games" index follows the table to its end.
func (b Binding) Seated() []string {
	out := slices.Clone(b.Users)
	for _, x := range b.Benched {
		out = append(out, x.User)
	}
	return out
}

// Hand returns how often seat changed hands (Handed), zero for a seat that
// never did.
func (b Binding) Hand(seat int) uint64 {
	if seat < 0 || seat >= len(b.Hands) {
		return 0
	}
	return b.Hands[seat]
}

// Handed records that seat changed hands, so a move chosen for its former
// holder (an AI turn that began before) is told apart from its new
// holder's by Hand. A negative seat is ignored.
func (b *Binding) Handed(seat int) {
	if seat < 0 {
		return
	}
	if seat >= len(b.Hands) {
		b.Hands = append(b.Hands, make([]uint64, seat+1-len(b.Hands))...)
	}
	b.Hands[seat]++
}
