package archravels

import (
	"maps"
	"slices"

	"spindle/games"
)

// Phase is where the game stands.
type Phase string

// The phases. Setup phases are chance nodes except PhChoose.
const (
	PhChars    Phase = "chars"    // chance: characters (random)
	PhChoose   Phase = "choose"   // a seat picks its character (chosen)
	PhTiles    Phase = "tiles"    // chance: one tile type per node
	PhRequests Phase = "requests" // chance: the random requests
	PhBazaar   Phase = "bazaar"   // chance: the opening Bazaar draws
	PhProjects Phase = "projects" // chance: the Project Deck's contents
	PhList     Phase = "list"     // chance: the opening Project List draws
	PhFirst    Phase = "first"    // chance: the first player
	PhSpace    Phase = "space"    // P1: choose an action space
	PhActions  Phase = "actions"  // P2: player actions
	PhRestock  Phase = "restock"  // P3: chance draws into empty positions
	PhResolve  Phase = "resolve"  // P3: events and requests revealed
	PhStock    Phase = "stock"    // P4: restock actions
	PhRefill   Phase = "refill"   // P5: chance draws into the Project List
	PhFinal    Phase = "final"    // the final craft
	PhOver     Phase = "over"
)

// Tile slot indices of a board (Bear, Mittens, Scarf).
func slotOf(item int) int { return item - Bear }

// BoardTile is a tile on a player's board.
type BoardTile struct {
	Code    string `json:"code"`
	Learned bool   `json:"learned,omitempty"`
}

// Player is one seat's public holdings.
type Player struct {
	Char   string        `json:"char,omitempty"`
	Marker int           `json:"marker,omitempty"` // the space used last, 0 before the first turn
	Tiles  [3]BoardTile  `json:"tiles"`
	Bowl   Yarn          `json:"bowl"`
	Items  [NumItems]int `json:"items"`
	// Held are requests held unfinished; Done the finished ones and
	// Projects the finished projects, each in the order gained.
	Held     []string `json:"held,omitempty"`
	Done     []string `json:"done,omitempty"`
	Projects []string `json:"projects,omitempty"`
	// Tangled blocks every craft during the player's next turn.
	Tangled bool `json:"tangled,omitempty"`
	Out     bool `json:"out,omitempty"`
}

// Character is the player's character.
func (p *Player) Character() Character { c, _ := CharacterOf(p.Char); return c }

// Pay is a payment entered token by token.
type Pay struct {
	What string `json:"what"` // item or request id
	Need int    `json:"need"`
	// To lists the recipients of Friendship Bracelets, two tokens each.
	To   []games.Seat `json:"to,omitempty"`
	Paid []Colour     `json:"paid,omitempty"`
	// Any marks the Colorist's any-colour craft.
	Any bool `json:"any,omitempty"`
}

// Paid is the payment so far as counts.
func (p *Pay) yarn() Yarn {
	var y Yarn
	for _, c := range p.Paid {
		y[c]++
	}
	return y
}

// State is the whole game.
type State struct {
	// LegacyCraft keeps the Craft of rules version 1 for a game begun
	// under it (Migrate sets it): a Craft never ends by itself, and "stop"
	// is always offered beside "end". Its log replays only so.
	LegacyCraft bool   `json:"legacy_craft,omitempty"`
	YarnDeckOpt string `json:"yarn_deck_opt"`
	CharsOpt    string `json:"chars_opt"`
	FirstOpt    string `json:"first_opt"`
	N           int    `json:"n"`
	Phase       Phase  `json:"phase"`
	// TileStep is the tile type dealt next in PhTiles (Bear..Scarf); Seat
	// the seat choosing in PhChoose.
	TileStep int        `json:"tile_step,omitempty"`
	Chooser  games.Seat `json:"chooser"`
	Players  []Player   `json:"players"`
	Active   games.Seat `json:"active"`
	// YarnDeck is the Yarn Deck's hidden contents, card id -> copies.
	YarnDeck map[string]int `json:"yarn_deck"`
	// Discard is the face-up discard pile, oldest first.
	Discard []string `json:"discard,omitempty"`
	// Bazaar holds positions 1-6; "" is empty. A revealed event or
	// request stays on its position until resolved.
	Bazaar   [6]string `json:"bazaar"`
	SetAside []string  `json:"set_aside,omitempty"`
	// Known lists the requests shown face up in the opening fill and put
	// back: everyone knows they are in the Yarn Deck (Resample keeps them).
	Known []string `json:"known,omitempty"`
	// ProjectDeck is the Project Deck's hidden contents, sorted.
	ProjectDeck []string `json:"project_deck,omitempty"`
	List        []string `json:"list,omitempty"`

	// The turn in progress.
	Space     int      `json:"space,omitempty"`
	Used      []string `json:"used,omitempty"` // action kinds of the space used up
	ShopLeft  int      `json:"shop_left,omitempty"`
	Picked    []int    `json:"picked,omitempty"`
	CraftLeft int      `json:"craft_left,omitempty"`
	CraftKind string   `json:"craft_kind,omitempty"` // craft or craft_any_colours, while in progress
	Pay       *Pay     `json:"pay,omitempty"`
	// Fresh lists the positions (1-6) of cards revealed in this restock
	// still to resolve, ascending; Queue the seats still to decide on the
	// current card (Friendly Clerk, Craft Circle) or in the final craft.
	Fresh    []int        `json:"fresh,omitempty"`
	Queue    []games.Seat `json:"queue,omitempty"`
	SaleLeft int          `json:"sale_left,omitempty"`
	Started  bool         `json:"started,omitempty"` // the current card's resolution began
	Finished int          `json:"finished,omitempty"`
	Reason   string       `json:"reason,omitempty"`
}

// clone deep-copies the state (by hand: Apply clones on every action, and
// the JSON codec would dominate the cost).
func (s *State) clone() State {
	t := *s
	t.Players = slices.Clone(s.Players)
	for i := range t.Players {
		p := &t.Players[i]
		p.Held, p.Done, p.Projects = slices.Clone(p.Held), slices.Clone(p.Done), slices.Clone(p.Projects)
	}
	if s.YarnDeck != nil {
		t.YarnDeck = maps.Clone(s.YarnDeck)
	}
	t.Discard, t.SetAside, t.Known = slices.Clone(s.Discard), slices.Clone(s.SetAside), slices.Clone(s.Known)
	t.ProjectDeck, t.List = slices.Clone(s.ProjectDeck), slices.Clone(s.List)
	t.Used, t.Picked, t.Fresh, t.Queue = slices.Clone(s.Used), slices.Clone(s.Picked), slices.Clone(s.Fresh), slices.Clone(s.Queue)
	if s.Pay != nil {
		pay := *s.Pay
		pay.To, pay.Paid = slices.Clone(s.Pay.To), slices.Clone(s.Pay.Paid)
		t.Pay = &pay
	}
	return t
}

// in lists the seats still in the game.
func (s *State) in() []games.Seat {
	var out []games.Seat
	for i, p := range s.Players {
		if !p.Out {
			out = append(out, games.Seat(i))
		}
	}
	return out
}

// others lists the seats still in the game other than seat.
func (s *State) others(seat games.Seat) []games.Seat {
	var out []games.Seat
	for _, o := range s.clockwise(seat) {
		if o != seat {
			out = append(out, o)
		}
	}
	return out
}

// clockwise lists the seats still in the game clockwise from seat,
// starting with seat itself when it is in.
func (s *State) clockwise(seat games.Seat) []games.Seat {
	var out []games.Seat
	for i := range s.N {
		o := games.Seat((int(seat) + i) % s.N)
		if !s.Players[o].Out {
			out = append(out, o)
		}
	}
	return out
}

// next is the next seat still in the game after seat.
func (s *State) next(seat games.Seat) games.Seat {
	for i := 1; i <= s.N; i++ {
		o := games.Seat((int(seat) + i) % s.N)
		if !s.Players[o].Out {
			return o
		}
	}
	return seat
}

// yarnDeckSize is the number of cards in the Yarn Deck.
func (s *State) yarnDeckSize() int {
	n := 0
	for _, c := range s.YarnDeck {
		n += c
	}
	return n
}

func (s *State) addCard(id string, n int) {
	if s.YarnDeck == nil {
		s.YarnDeck = map[string]int{}
	}
	s.YarnDeck[id] += n
	if s.YarnDeck[id] <= 0 {
		delete(s.YarnDeck, id)
	}
}

// space is the active player's current action space.
func (s *State) spaceActs() []Act {
	if s.Space < 1 {
		return nil
	}
	return s.Players[s.Active].Character().Spaces[s.Space-1]
}

// act returns the active space's action of a kind and whether it is
// unused.
func (s *State) act(kind string) (Act, bool) {
	for _, a := range s.spaceActs() {
		if a.Kind == kind {
			return a, !slices.Contains(s.Used, kind)
		}
	}
	return Act{}, false
}

// craftAct returns the space's craft action (craft or craft_any_colours).
func (s *State) craftAct() (Act, bool) {
	if a, ok := s.act("craft"); ok {
		return a, true
	}
	return s.act("craft_any_colours")
}

// tangledNow reports whether seat's Tangled flag blocks crafting now: it
// is the seat's own turn.
func (s *State) tangledNow(seat games.Seat) bool {
	return seat == s.Active && s.Players[seat].Tangled && s.Phase != PhFinal
}

// Clone returns a deep copy of the state (games.Cloner): the driver uses it
// instead of a JSON round trip.
func (s *State) Clone() State { return s.clone() }
