package stitchcraft

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Colour is one of the eight Tapestry colours, in slot order (spec §2.1,
// ruling S1). NoColour stands for a face-down card in a view.
type Colour uint8

// The eight colours in slot order A1..B4, and the marker of an unknown colour.
const (
	Blue Colour = iota
	Black
	Red
	Green
	White
	Orange
	Yellow
	Purple
	// NoColour is a face-down card whose colour the viewer may not know.
	NoColour Colour = 255
)

// NumColours is the number of Tapestry colours.
const NumColours = 8

// Colours lists the eight colours in slot order.
var Colours = [NumColours]Colour{Blue, Black, Red, Green, White, Orange, Yellow, Purple}

// colourCodes are the three-letter codes used in keys and views; colourLetters
// the one-letter codes used for ordered piles in the state and deal keys.
var (
	colourCodes   = [NumColours]string{"BLU", "BLK", "RED", "GRN", "WHT", "ORG", "YEL", "PUR"}
	colourLetters = "BKRGWOYP"
	colourNames   = [NumColours]string{"Blue", "Black", "Red", "Green", "White", "Orange", "Yellow", "Purple"}
	colourSlots   = [NumColours]string{"A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"}
)

// Code is the colour's three-letter code ("BLU"), or "?" for NoColour.
func (c Colour) Code() string {
	if c < NumColours {
		return colourCodes[c]
	}
	return "?"
}

// String is the colour's English name, or "face down" for NoColour.
func (c Colour) String() string {
	if c < NumColours {
		return colourNames[c]
	}
	return "face down"
}

// Slot is the colour's slot on the Pattern reference (A1..B4).
func (c Colour) Slot() string {
	if c < NumColours {
		return colourSlots[c]
	}
	return "?"
}

// Letter is the colour's one-letter code used in piles and deal keys.
func (c Colour) Letter() byte {
	if c < NumColours {
		return colourLetters[c]
	}
	return '?'
}

// MarshalText encodes a colour as its three-letter code.
func (c Colour) MarshalText() ([]byte, error) { return []byte(c.Code()), nil }

// UnmarshalText decodes a three-letter code or "?".
func (c *Colour) UnmarshalText(b []byte) error {
	if string(b) == "?" {
		*c = NoColour
		return nil
	}
	col, ok := ColourByCode(string(b))
	if !ok {
		return fmt.Errorf("stitchcraft: unknown colour %q", b)
	}
	*c = col
	return nil
}

// ColourByCode looks up a three-letter code.
func ColourByCode(code string) (Colour, bool) {
	for i, c := range colourCodes {
		if c == code {
			return Colour(i), true
		}
	}
	return 0, false
}

// colourByLetter looks up a one-letter code.
func colourByLetter(b byte) (Colour, bool) {
	i := strings.IndexByte(colourLetters, b)
	if i < 0 {
		return 0, false
	}
	return Colour(i), true
}

// Pattern names the set of powers used for a whole match.
type Pattern string

// The three Patterns (spec §4.7–4.9).
const (
	Loom         Pattern = "loom"
	Attrition    Pattern = "attrition"
	Racketeering Pattern = "racketeering"
)

// Patterns lists the Patterns in their table order.
var Patterns = []Pattern{Loom, Attrition, Racketeering}

// Mode is the lobby's choice of how many play and how they win (spec §8).
type Mode string

// The ten modes.
const (
	Duel       Mode = "duel"
	FFA        Mode = "ffa"
	LeanLeft   Mode = "leanleft"
	LeanRight  Mode = "leanright"
	Crowd      Mode = "crowd"
	Apprentice Mode = "apprentice"
	Spymaster  Mode = "spymaster"
	Guilds     Mode = "guilds"
	Monopoly   Mode = "monopoly"
	Consortium Mode = "consortium"
)

// Modes lists every mode in lobby order.
var Modes = []Mode{Duel, FFA, LeanLeft, LeanRight, Crowd, Apprentice, Spymaster, Guilds, Monopoly, Consortium}

// Teams reports whether the mode is one of the four-player team modes.
func (m Mode) Teams() bool {
	switch m {
	case Apprentice, Spymaster, Guilds, Monopoly, Consortium:
		return true
	}
	return false
}

// Roles reports whether the mode has Master and Apprentice roles.
func (m Mode) Roles() bool { return m == Apprentice || m == Spymaster }

// seatRange is the allowed seat counts of a mode.
func (m Mode) seatRange() (lo, hi int) {
	switch {
	case m == Duel:
		return 2, 2
	case m.Teams():
		return 4, 4
	}
	return 3, 6
}

// Sizes fixed by the rules.
const (
	// DeckSize is the number of Tapestries in each player's deck.
	DeckSize = 40
	// OpeningHand is the number of cards each player takes at setup.
	OpeningHand = 3
	// ActionsPerTurn is the number of actions in a turn.
	ActionsPerTurn = 2
	// CapPerSeat is the safety cap: turns per seat before a draw (S30).
	CapPerSeat = 100
	// FavorWin and FavorOut are the Crowd Favor thresholds (S24).
	FavorWin = 20
	FavorOut = -10
)

// Card is a face-up Tapestry in a mixed zone (Showcase, Removed): its colour
// and its owner's seat.
type Card struct {
	Colour Colour `json:"c"`
	Owner  int    `json:"o"`
}

// MarshalText encodes a card compactly as "<COL>@<owner>", e.g. "BLU@0".
func (c Card) MarshalText() ([]byte, error) {
	return []byte(c.Colour.Code() + "@" + strconv.Itoa(c.Owner)), nil
}

// UnmarshalText decodes "<COL>@<owner>".
func (c *Card) UnmarshalText(b []byte) error {
	code, owner, ok := strings.Cut(string(b), "@")
	n, err := strconv.Atoi(owner)
	if !ok || err != nil || c.Colour.UnmarshalText([]byte(code)) != nil {
		return fmt.Errorf("stitchcraft: bad card %q", b)
	}
	c.Owner = n
	return nil
}

// MarshalText encodes a Display card compactly as "D<n>:<COL>".
func (f Face) MarshalText() ([]byte, error) {
	return []byte("D" + strconv.Itoa(f.Label) + ":" + f.Colour.Code()), nil
}

// UnmarshalText decodes "D<n>:<COL>".
func (f *Face) UnmarshalText(b []byte) error {
	l, code, ok := strings.Cut(string(b), ":")
	n, okl := label(l)
	if !ok || !okl || f.Colour.UnmarshalText([]byte(code)) != nil {
		return fmt.Errorf("stitchcraft: bad display card %q", b)
	}
	f.Label = n
	return nil
}

// Face is a Tapestry in a Display: its label number (D<n>) and colour.
type Face struct {
	Label  int    `json:"l"`
	Colour Colour `json:"c"`
}

// Player is one seat's zones. Chest and Scrap are strings of colour letters
// (Chest top first, Scrap in arrival order); both only ever hold the
// player's own cards, as do Hand (counts by colour) and Display.
type Player struct {
	Chest   string          `json:"chest"`
	Hand    [NumColours]int `json:"hand"`
	Display []Face          `json:"display"`
	Next    int             `json:"next"` // the next Display label number
	Show    []Card          `json:"show"` // Consortium: the team's shared Showcase sits at the team's first seat
	Scrap   string          `json:"scrap"`
	Favor   int             `json:"favor"`
	Out     bool            `json:"out"` // eliminated (or conceded)
	Look    *Look           `json:"look,omitempty"`
}

// Look is the latest private look of a player: whose Chest, and the cards
// seen, top first.
type Look struct {
	Of    int      `json:"of"`
	Cards []Colour `json:"cards"`
	Power string   `json:"power"`
}

// Entry is one revealed Tapestry on the Stack (spec §4.3).
type Entry struct {
	ID        int   `json:"id"`
	Card      Card  `json:"card"`
	Label     int   `json:"label"`
	By        int   `json:"by"`
	Reaction  bool  `json:"reaction,omitempty"`
	Target    int   `json:"target,omitempty"` // the ID of the entry a reaction aims at
	Cancelled bool  `json:"cancelled,omitempty"`
	Asked     uint8 `json:"asked"` // bit x: seat x was asked (E5)
}

// Pending is a power in the middle of its steps, waiting for its
// controller's choice.
type Pending struct {
	Colour  Colour   `json:"colour"`
	Ctrl    int      `json:"ctrl"`
	Step    int      `json:"step"`
	Target  int      `json:"target"`           // the chosen player, -1 if none
	Looked  []Colour `json:"looked,omitempty"` // cards being looked at, taken off the top of LookOf's Chest
	LookOf  int      `json:"look_of"`
	Count   int      `json:"count"`   // Plunder removals, Treadle discards still due
	Touched uint8    `json:"touched"` // seats targeted in this resolution (Crowd Favor)
}

// State is the full state of one game, hidden zones included.
type State struct {
	Pattern Pattern `json:"pattern"`
	Mode    Mode    `json:"mode"`
	Hard    bool    `json:"hard,omitempty"`
	Roles   string  `json:"roles"`
	Timeout string  `json:"timeout"`
	Seats   int     `json:"seats"`

	Players []Player `json:"players"`
	Removed []Card   `json:"removed"`
	Stack   []Entry  `json:"stack"`
	NextID  int      `json:"next_id"`
	Pend    *Pending `json:"pending,omitempty"`

	Dealt   int   `json:"dealt"`   // players whose Chest has been shuffled
	Masters []int `json:"masters"` // per team (A, B) the Master's seat, -1 until chosen

	Active  int  `json:"active"`
	Actions int  `json:"actions"`
	Started bool `json:"started"` // the first turn has begun (only it skips the draw)
	Turns   int  `json:"turns"`   // turns finished
	Window  int  `json:"window"`  // the seat whose reaction window is open, -1 if none

	Over     bool   `json:"over"`
	Winners  []int  `json:"winners,omitempty"`
	Draw     bool   `json:"draw,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Revealed bool   `json:"roles_revealed,omitempty"` // Spymaster: every role is public

	evs []games.Event
}

// Clone returns a deep copy of the state (games.Cloner): the driver uses it
// instead of a JSON round trip.
func (s *State) Clone() State {
	out := *s
	if s.Players != nil {
		out.Players = make([]Player, len(s.Players))
		for i, p := range s.Players {
			p.Display = slices.Clone(p.Display)
			p.Show = slices.Clone(p.Show)
			if p.Look != nil {
				l := *p.Look
				l.Cards = slices.Clone(l.Cards)
				p.Look = &l
			}
			out.Players[i] = p
		}
	}
	out.Removed = slices.Clone(s.Removed)
	out.Stack = slices.Clone(s.Stack)
	if s.Pend != nil {
		p := *s.Pend
		p.Looked = slices.Clone(p.Looked)
		out.Pend = &p
	}
	out.Masters = slices.Clone(s.Masters)
	out.Winners = slices.Clone(s.Winners)
	if s.evs != nil {
		out.evs = make([]games.Event, len(s.evs))
		for i, e := range s.evs {
			e.Private = maps.Clone(e.Private)
			out.evs[i] = e
		}
	}
	return out
}
