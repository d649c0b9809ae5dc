package threadcount

import (
	"slices"

	"spindle/games"
)

// Sizes fixed by the rules (spec §1, §2).
const (
	// Weeks is the number of turns every player takes.
	Weeks = 10
	// SilkLimit is the most silk a player keeps at the end of a turn (T7).
	SilkLimit = 7
	// Slots is the number of pattern market slots.
	Slots = 3
	// Copies is the number of cards of each pattern in the deck (T9).
	Copies = 4
	// NumPatterns is the number of distinct patterns.
	NumPatterns = 6
)

// Option values of the seating option (spec §8).
const (
	SeatingJoin   = "join"
	SeatingRandom = "random"
)

// Dyes are the three dye colours, in the order of State dye counts.
var Dyes = [3]string{"R", "Y", "B"}

// DyeName is the display name of a dye code.
func DyeName(code string) string {
	switch code {
	case "R":
		return "Red"
	case "Y":
		return "Yellow"
	case "B":
		return "Blue"
	case "W":
		return "White"
	}
	return code
}

// dyeIndex is the index of a dye code in Dyes, or -1.
func dyeIndex(code string) int { return slices.Index(Dyes[:], code) }

// Basic colours, the six colour words and the Favourite Colour cards
// (T13, T25, T34), in the order Red, Orange, Yellow, Green, Blue, Violet.
var Basics = [6]string{"R", "O", "Y", "G", "B", "V"}

// BasicName is the display name of a colour word code.
func BasicName(code string) string {
	switch code {
	case "R":
		return "Red"
	case "O":
		return "Orange"
	case "Y":
		return "Yellow"
	case "G":
		return "Green"
	case "B":
		return "Blue"
	case "V":
		return "Violet"
	}
	return code
}

// ColourCard is one of the twelve colour card types (spec §2.4): its code,
// display name, colour words, dye cost by Dyes index and silk cost.
type ColourCard struct {
	Code     string
	Name     string
	Tertiary bool
	Words    []string
	Dye      [3]int
	Silk     int
}

// ColourCards is the recipe table (T6), basic cards first.
var ColourCards = []ColourCard{
	{"R", "Red", false, []string{"R"}, [3]int{2, 0, 0}, 1},
	{"Y", "Yellow", false, []string{"Y"}, [3]int{0, 2, 0}, 1},
	{"B", "Blue", false, []string{"B"}, [3]int{0, 0, 2}, 1},
	{"O", "Orange", false, []string{"O"}, [3]int{1, 1, 0}, 1},
	{"G", "Green", false, []string{"G"}, [3]int{0, 1, 1}, 1},
	{"V", "Violet", false, []string{"V"}, [3]int{1, 0, 1}, 1},
	{"RO", "Red-Orange", true, []string{"R", "O"}, [3]int{2, 1, 0}, 3},
	{"YO", "Yellow-Orange", true, []string{"Y", "O"}, [3]int{1, 2, 0}, 3},
	{"YG", "Yellow-Green", true, []string{"Y", "G"}, [3]int{0, 2, 1}, 3},
	{"BG", "Blue-Green", true, []string{"B", "G"}, [3]int{0, 1, 2}, 3},
	{"BV", "Blue-Violet", true, []string{"B", "V"}, [3]int{1, 0, 2}, 3},
	{"RV", "Red-Violet", true, []string{"R", "V"}, [3]int{2, 0, 1}, 3},
}

// Colour returns the colour card type with the given code.
func Colour(code string) (ColourCard, bool) {
	for _, c := range ColourCards {
		if c.Code == code {
			return c, true
		}
	}
	return ColourCard{}, false
}

// Pattern is one of the six patterns (spec §2.5) with its placeholder silk
// cost (T9).
type Pattern struct {
	Code    string
	Name    string
	Meaning string
	Silk    int
}

// Patterns is the pattern table; the index is the pattern's index in
// State.Deck.
var Patterns = [NumPatterns]Pattern{
	{"ichimatsu", "Ichimatsu", "checkered squares", 1},
	{"asanoha", "Asanoha", "hemp leaves", 1},
	{"uroko", "Uroko", "scales", 2},
	{"kikko", "Kikko", "tortoise shell", 2},
	{"seigaiha", "Seigaiha", "ocean waves", 3},
	{"karakusa", "Karakusa", "winding plants", 3},
}

// patternIndex is the index of a pattern code in Patterns, or -1.
func patternIndex(code string) int {
	for i, p := range Patterns {
		if p.Code == code {
			return i
		}
	}
	return -1
}

// PatternOf returns the pattern with the given code.
func PatternOf(code string) (Pattern, bool) {
	if i := patternIndex(code); i >= 0 {
		return Patterns[i], true
	}
	return Pattern{}, false
}

// Garments are the four garments of every player, in the order of
// automatic placement (T28).
var Garments = [4]string{"kimono", "hakama", "obi", "sensu"}

// GarmentName is the display name of a garment code.
func GarmentName(code string) string {
	switch code {
	case "kimono":
		return "Kimono"
	case "hakama":
		return "Hakama"
	case "obi":
		return "Obi"
	case "sensu":
		return "Sensu"
	case Spare:
		return "spare"
	}
	return code
}

// Spare is the Arrange target that takes a card off its garment.
const Spare = "spare"

// Phase is where a game stands.
type Phase string

// The phases. Seating, Empress, Favourites, Deal, RollOff, Roll and Refill
// are chance nodes; Ten, Sow, Free, Zero, White and Market are decisions of
// one seat; Over is the end.
const (
	PhSeating    Phase = "seating"
	PhEmpress    Phase = "empress"
	PhFavourites Phase = "favourites"
	PhDeal       Phase = "deal"
	PhRollOff    Phase = "rolloff"
	PhTen        Phase = "ten"
	PhSow        Phase = "sow"
	PhFree       Phase = "free"
	PhRoll       Phase = "roll"
	PhZero       Phase = "zero"
	PhWhite      Phase = "white"
	PhMarket     Phase = "market"
	PhRefill     Phase = "refill"
	PhOver       Phase = "over"
)

// Piece is one garment of an outfit: the index of the owned colour card
// and of the owned pattern card on it, -1 for none.
type Piece struct {
	Colour  int `json:"colour"`
	Pattern int `json:"pattern"`
}

// Complete reports whether the piece holds a colour and a pattern card (T10).
func (p Piece) Complete() bool { return p.Colour >= 0 && p.Pattern >= 0 }

// Player is one player's public holdings (T35). Colours and Patterns are
// the owned cards in order of purchase; Outfit points into them by index.
type Player struct {
	Silk     int      `json:"silk"`
	Dye      [3]int   `json:"dye"`
	Colours  []string `json:"colours"`
	Patterns []string `json:"patterns"`
	Outfit   [4]Piece `json:"outfit"`
	// Turns counts the turns this player has finished.
	Turns int `json:"turns"`
	// ReadyEarly is TB3: four colour and four pattern cards owned at the
	// end of the 9th turn (T30).
	ReadyEarly bool `json:"ready_early"`
	// RollOff is the player's final roll-off number (1-10), 0 before.
	RollOff  int  `json:"roll_off"`
	Conceded bool `json:"conceded"`
}

// OffRound is one round of the turn-order roll-off: who rolled and what,
// 0 counting as 10.
type OffRound struct {
	Seats  []games.Seat `json:"seats"`
	Values []int        `json:"values"`
}

// Roll is the current (or last) turn's roll and, once resolved, what the
// silk board procedure did. Cells are 1-9; a die showing 0 has cell 0
// until the roller names one.
type Roll struct {
	Seat     games.Seat `json:"seat"`
	D10      [3]int     `json:"d10"`
	D4       string     `json:"d4"`
	Cells    [3]int     `json:"cells"`
	Dye      string     `json:"dye,omitempty"`
	Resolved bool       `json:"resolved"`
	Outcome  *Outcome   `json:"outcome,omitempty"`
}

// State is the full state of one game, hidden zones included: the
// Empress's Favourite Pattern and every Favourite Colour. The pattern deck
// is a multiset (counts by pattern): every draw is uniform over the cards
// left, so the deck has no hidden order at all.
type State struct {
	Seating string `json:"seating"`
	N       int    `json:"n"`
	Phase   Phase  `json:"phase"`
	// Circle is the clockwise seating, nil until decided.
	Circle []games.Seat `json:"circle,omitempty"`
	// Empress is the Empress's Favourite Pattern (hidden until the end).
	Empress string `json:"empress,omitempty"`
	// Favs are the Favourite Colours by seat (each hidden from the others
	// until the end).
	Favs   []string         `json:"favs,omitempty"`
	Deck   [NumPatterns]int `json:"deck"`
	Market [Slots]string    `json:"market"`
	Buried []string         `json:"buried,omitempty"`
	// Queue lists the market slots (1-3) still to be dealt to.
	Queue []int `json:"queue,omitempty"`
	// Board has bit c-1 set when cell c holds silk.
	Board     uint16       `json:"board"`
	OffRounds []OffRound   `json:"off_rounds,omitempty"`
	Ten       games.Seat   `json:"ten"`
	Order     []games.Seat `json:"order,omitempty"`
	Week      int          `json:"week"`
	Pos       int          `json:"pos"`
	Players   []Player     `json:"players"`
	Roll      *Roll        `json:"roll,omitempty"`
	// Arranged lists the cards ("c<i>", "p<i>") the active player has
	// arranged this turn; each may be arranged once per turn.
	Arranged []string     `json:"arranged,omitempty"`
	Conceded []games.Seat `json:"conceded,omitempty"`
}

// Active returns the seat whose turn it is, or games.Spectator outside the
// turns.
func (s *State) Active() games.Seat {
	if s.Week < 1 || s.Phase == PhOver || s.Pos >= len(s.Order) {
		return games.Spectator
	}
	return s.Order[s.Pos]
}

// remaining counts the players still in the game.
func (s *State) remaining() int {
	n := 0
	for _, p := range s.Players {
		if !p.Conceded {
			n++
		}
	}
	return n
}

// deckSize is the number of cards in the pattern deck.
func (s *State) deckSize() int {
	n := 0
	for _, c := range s.Deck {
		n += c
	}
	return n
}

// Empty returns a player with no cards and an empty outfit.
func emptyPlayer() Player {
	p := Player{Colours: []string{}, Patterns: []string{}}
	for i := range p.Outfit {
		p.Outfit[i] = Piece{-1, -1}
	}
	return p
}

// clonePlayer deep-copies a player.
func clonePlayer(p Player) Player {
	p.Colours = slices.Clone(p.Colours)
	p.Patterns = slices.Clone(p.Patterns)
	if p.Colours == nil {
		p.Colours = []string{}
	}
	if p.Patterns == nil {
		p.Patterns = []string{}
	}
	return p
}

// clone deep-copies a state.
func (s *State) clone() State {
	out := *s
	out.Circle = slices.Clone(s.Circle)
	out.Favs = slices.Clone(s.Favs)
	out.Buried = slices.Clone(s.Buried)
	out.Queue = slices.Clone(s.Queue)
	out.OffRounds = make([]OffRound, len(s.OffRounds))
	for i, r := range s.OffRounds {
		out.OffRounds[i] = OffRound{slices.Clone(r.Seats), slices.Clone(r.Values)}
	}
	if s.OffRounds == nil {
		out.OffRounds = nil
	}
	out.Order = slices.Clone(s.Order)
	out.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		out.Players[i] = clonePlayer(p)
	}
	if s.Roll != nil {
		r := *s.Roll
		if r.Outcome != nil {
			o := r.Outcome.clone()
			r.Outcome = &o
		}
		out.Roll = &r
	}
	out.Arranged = slices.Clone(s.Arranged)
	out.Conceded = slices.Clone(s.Conceded)
	return out
}

// Clone returns a deep copy of the state (games.Cloner): the driver uses it
// instead of a JSON round trip. Unlike clone it keeps nil and empty slices
// apart, so the copy is deeply equal to the original.
func (s *State) Clone() State {
	out := s.clone()
	if s.Players == nil {
		out.Players = nil
	}
	for i, p := range s.Players {
		if p.Colours == nil {
			out.Players[i].Colours = nil
		}
		if p.Patterns == nil {
			out.Players[i].Patterns = nil
		}
	}
	return out
}
