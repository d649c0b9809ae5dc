package tapestry

import (
	"iter"
	"slices"
)

// Outpost is one outpost on a map hex.
type Outpost struct {
	Seat int8 `json:"s"`
	Down bool `json:"d,omitempty"`
	// Bld is the cover code of a Nomads building or landmark standing on
	// the map as an outpost of the player ('f', 'h', 'm', 'a', or 'A' plus
	// the landmark index); 0 for an ordinary outpost.
	Bld byte `json:"b,omitempty"`
}

// Territory is one hex of the map in play.
type Territory struct {
	Hex Hex `json:"h"`
	// Printed holds a pre-printed hex's corners; Tile the territory tile
	// placed here (0 = none) with its rotation Rot.
	Printed  string    `json:"p,omitempty"`
	Island   string    `json:"i,omitempty"`
	Middle   bool      `json:"m,omitempty"`
	Tile     int       `json:"t,omitempty"`
	Rot      int8      `json:"r,omitempty"`
	Outposts []Outpost `json:"o,omitempty"`
	Tokens   []Token   `json:"tk,omitempty"`
}

// Items counts what stands on the territory: outposts (upright or
// toppled, Nomads buildings among them) and tokens (spec §7.4.1).
func (t *Territory) Items() int { return len(t.Outposts) + len(t.Tokens) }

// Explored reports whether the hex is a territory (printed or tiled).
func (t *Territory) Explored() bool { return t.Printed != "" || t.Tile != 0 }

// Corners are the six corner terrains as they lie on the map.
func (t *Territory) Corners() string {
	if t.Tile != 0 {
		return rotateCorners(Territories[t.Tile-1].Corners, int(t.Rot))
	}
	return t.Printed
}

// Controller is the seat controlling the territory, or -1.
func (t *Territory) Controller() int {
	c := -1
	for _, o := range t.Outposts {
		if o.Down {
			continue
		}
		if c >= 0 && c != int(o.Seat) {
			return -1
		}
		c = int(o.Seat)
	}
	return c
}

// SlotCard is a tapestry card on an income-mat slot.
type SlotCard struct {
	Card int8 `json:"c"`
	Down bool `json:"d,omitempty"`
	// Herald marks a Herald token on the card.
	Herald bool `json:"herald,omitempty"`
}

// Token is a civilization's token on a territory: an Isolationists
// ("iso") or Traders ("trade") token. Tokens are items but never give
// control.
type Token struct {
	Seat int8   `json:"s"`
	Kind string `json:"k"`
}

// Player is one seat's holdings.
type Player struct {
	// Pair is the capital pair dealt for 1-3 players (until chosen); Mat is
	// the capital mat number (0 while choosing).
	Pair [2]int8 `json:"pair,omitempty"`
	Mat  int8    `json:"mat"`
	Res  Res     `json:"res"`
	VP   int     `json:"vp"`
	// Tokens holds each track's token spaces (two after AI Singularity);
	// Marker says the AI Singularity marker sits on technology 12.
	Tokens [NumTracks][]int8 `json:"tok"`
	Marker bool              `json:"marker,omitempty"`
	// Era is the number of income turns started; Done is set once the
	// fifth ended.
	Era  int8 `json:"era"`
	Done bool `json:"done,omitempty"`
	// Taken counts the buildings taken off each income row.
	Taken [NumBuildings]int8 `json:"taken"`
	// Hand holds tapestry card designs (secret).
	Hand []int8 `json:"hand,omitempty"`
	// Slots are the tapestry slots 1..4 (index 0 is Maker of Fire's slot,
	// empty unless overplayed); the last card of a slot is on top.
	Slots [5][]SlotCard `json:"slots"`
	Tiles []int         `json:"tiles,omitempty"`
	Space []int         `json:"space,omitempty"`
	Used  []int         `json:"used,omitempty"`
	// Tech holds tech card indexes per row: 0 bottom, 1 middle, 2 top.
	Tech [3][]int `json:"tech"`
	// Cover is the capital's 81 plots (see city.go); Beside counts the
	// buildings set beside the mat, by cover code.
	Cover  string `json:"cover"`
	Beside string `json:"beside,omitempty"`
	// Outposts is the number left in supply.
	Outposts int8 `json:"outposts"`
	// Achieved marks the achievements earned, by Achievements index.
	Achieved [3]bool `json:"ach"`
	// Partner and PartnerTrack belong to Alliance / Marriage of State;
	// Copy is the design Espionage copied this era (-1 none).
	Partner      int8 `json:"partner"`
	PartnerTrack int8 `json:"ptrack"`
	Copy         int8 `json:"copy"`
	// Forbid is a track Dictatorship closes to the others, until the end
	// of this player's next turn (ForbidTurns counts turns left).
	Forbid      int8 `json:"forbid"`
	ForbidTurns int8 `json:"forbid_turns,omitempty"`
	// BatteryUsed marks Lithium-Ion Battery's once-a-turn use.
	BatteryUsed bool `json:"battery,omitempty"`
	// Tyrant marks that Tyranny's first overplay was made.
	Tyrant bool `json:"tyrant,omitempty"`
	// Civs are the civilizations the player owns, the one chosen at setup
	// first. Dealt holds the two dealt at setup and Chosen the secret
	// choice (-1 none) until the reveal.
	Civs   []CivState `json:"civs,omitempty"`
	Dealt  []int8     `json:"dealt,omitempty"`
	Chosen int8       `json:"chosen"`
}

// Position is the player's track position (most advanced piece).
func (p *Player) Position(t Track) int {
	best := 0
	for _, v := range p.Tokens[t] {
		best = max(best, int(v))
	}
	if t == Technology && p.Marker {
		best = 12
	}
	return best
}

// Completed counts the tracks the player has completed (position 12).
func (p *Player) Completed() int {
	n := 0
	for t := range Track(NumTracks) {
		if p.Position(t) >= 12 {
			n++
		}
	}
	return n
}

// Level is an income row's level: 1 + buildings taken.
func (p *Player) Level(b Building) int { return int(p.Taken[b]) + 1 }

// Uncovered yields the income-mat spaces the player's buildings have
// uncovered: each building row up to its level. Their icons are what the
// income turns score and pay.
func (p *Player) Uncovered() iter.Seq[*IncomeSpace] {
	return func(yield func(*IncomeSpace) bool) {
		for b := range Building(NumBuildings) {
			for i := 0; i < p.Level(b); i++ {
				if !yield(&IncomeRows[b][i]) {
					return
				}
			}
		}
	}
}

// TechCount is the number of tech cards the player holds.
func (p *Player) TechCount() int { return len(p.Tech[0]) + len(p.Tech[1]) + len(p.Tech[2]) }

// Active is the design of the player's active this-era card, or -1.
func (p *Player) Active() int {
	if p.Done || p.Era < 1 || p.Era > 4 {
		return -1
	}
	slot := p.Slots[p.slotIndex()]
	if len(slot) == 0 {
		return -1
	}
	top := slot[len(slot)-1]
	if top.Down || TapCards[top.Card].Type != "this_era" {
		return -1
	}
	return int(top.Card)
}

// copied is the this-era design Espionage copied, while Espionage is the
// face-up top card of the current era's slot, or -1.
func (p *Player) copied() int {
	if p.Copy < 0 || p.Done || p.Era < 1 || p.Era > 4 {
		return -1
	}
	slot := p.Slots[p.slotIndex()]
	if len(slot) == 0 {
		return -1
	}
	top := slot[len(slot)-1]
	if top.Down || TapCards[top.Card].Name != "Espionage" {
		return -1
	}
	return int(p.Copy)
}

// State is the whole game.
type State struct {
	Seats  int  `json:"seats"`
	Adjust bool `json:"adjust"`
	Large  bool `json:"large"`
	// Setup is true until every player has a capital mat.
	Setup bool `json:"setup"`
	// CivMode is the civilizations option ("none" or "standard").
	CivMode string `json:"civ_mode,omitempty"`
	// CivDeck holds the civilizations left to draw (a multiset; each draw
	// is a chance step); CivBottom those set under it, drawn in order once
	// the deck is empty.
	CivDeck   []int8 `json:"civ_deck,omitempty"`
	CivBottom []int8 `json:"civ_bottom,omitempty"`
	// Decks hold counts per design/card (their order is never stored: each
	// draw is a chance step).
	TapDeck     []int8 `json:"tap_deck"`
	TapDiscard  []int8 `json:"tap_discard,omitempty"`
	TechDeck    []int  `json:"tech_deck"`
	TechDiscard []int  `json:"tech_discard,omitempty"`
	TechRow     []int  `json:"tech_row"`
	TerrStack   []int  `json:"terr_stack"`
	TerrDiscard []int  `json:"terr_discard,omitempty"`
	SpaceStack  []int  `json:"space_stack"`
	// Map lists every hex of the board in play.
	Map []Territory `json:"map"`
	// Landmarks holds each landmark's owner (-1 unclaimed) and where it
	// went ("" capital; "beside").
	LandOwner []int8 `json:"land_owner"`
	// Claims lists, per achievement, the seats in the order they earned it.
	Claims  [3][]int8 `json:"claims"`
	Players []Player  `json:"players"`
	// Turn is the seat whose turn it is; First the first player.
	Turn  int8 `json:"turn"`
	First int8 `json:"first"`
	// Tasks is the stack of work still to do (last runs next); Ask the
	// decision the game waits for.
	Tasks []Task `json:"tasks,omitempty"`
	Ask   *Ask   `json:"ask,omitempty"`
	// Science, Red and Black are the last dice results (-1 none).
	Science int8 `json:"science"`
	Red     int8 `json:"red"`
	Black   int8 `json:"black"`
	Over    bool `json:"over,omitempty"`
	// Moves counts turns taken, for the log's length bound.
	Moves int `json:"moves"`
	// Solo holds the bots of a one-seat game (automa.go); nil otherwise.
	Solo *Solo `json:"solo,omitempty"`
}

// Terr returns the territory at h, or nil.
func (s *State) Terr(h Hex) *Territory {
	for i := range s.Map {
		if s.Map[i].Hex == h {
			return &s.Map[i]
		}
	}
	return nil
}

// Controls reports whether seat controls the territory.
func (s *State) Controls(seat int, t *Territory) bool { return t.Explored() && t.Controller() == seat }

// Controlled counts the territories seat controls.
func (s *State) Controlled(seat int) int { return controlledOn(s.Map, seat) }

// controlledOn counts the territories of m that seat controls (the
// state's map or a view's).
func controlledOn(m []Territory, seat int) int {
	n := 0
	for i := range m {
		if m[i].Explored() && m[i].Controller() == seat {
			n++
		}
	}
	return n
}

// toppledHeldOn counts the territories of m that seat controls and that
// hold another seat's toppled outpost (the topple achievement wants two);
// firstSeatOnly counts seat 0's outposts alone, as the Automa does.
func toppledHeldOn(m []Territory, seat int, firstSeatOnly bool) int {
	n := 0
	for i := range m {
		t := &m[i]
		if !t.Explored() || t.Controller() != seat {
			continue
		}
		for _, o := range t.Outposts {
			if o.Down && int(o.Seat) != seat && (!firstSeatOnly || o.Seat == 0) {
				n++
				break
			}
		}
	}
	return n
}

// Neighbours are seat's neighbours, distinct, right then left (the solo
// bots included: the three seats form a ring).
func (s *State) Neighbours(seat int) []int {
	n := len(s.Players)
	if n < 2 {
		return nil
	}
	right, left := (seat+n-1)%n, (seat+1)%n
	if right == left {
		return []int{left}
	}
	return []int{right, left}
}

// Opponents are every other seat, the solo bots included.
func (s *State) Opponents(seat int) []int {
	var out []int
	for i := range s.Players {
		if i != seat {
			out = append(out, i)
		}
	}
	return out
}

// Clone deep-copies the state. The many small slices of the copy share a
// few backing arrays, one per element type, each cut to its own length
// and capacity (an append reallocates it): a copy is a handful of
// allocations rather than a hundred, and search makes one per action.
func (s *State) Clone() State {
	c := *s
	var n8, nInt, nOut, nTok, nSlot int
	n8 += len(s.CivDeck) + len(s.CivBottom) + len(s.TapDeck) + len(s.TapDiscard) + len(s.LandOwner)
	nInt += len(s.TechDeck) + len(s.TechDiscard) + len(s.TechRow) + len(s.TerrStack) + len(s.TerrDiscard) + len(s.SpaceStack)
	for i := range s.Claims {
		n8 += len(s.Claims[i])
	}
	for i := range s.Map {
		nOut += len(s.Map[i].Outposts)
		nTok += len(s.Map[i].Tokens)
	}
	for i := range s.Players {
		q := &s.Players[i]
		for t := range q.Tokens {
			n8 += len(q.Tokens[t])
		}
		n8 += len(q.Hand) + len(q.Dealt)
		for k := range q.Slots {
			nSlot += len(q.Slots[k])
		}
		nInt += len(q.Tiles) + len(q.Space) + len(q.Used)
		for k := range q.Tech {
			nInt += len(q.Tech[k])
		}
	}
	b8 := pool[int8](make([]int8, 0, n8))
	bInt := pool[int](make([]int, 0, nInt))
	bOut := pool[Outpost](make([]Outpost, 0, nOut))
	bTok := pool[Token](make([]Token, 0, nTok))
	bSlot := pool[SlotCard](make([]SlotCard, 0, nSlot))
	c.CivDeck = b8.take(s.CivDeck)
	c.CivBottom = b8.take(s.CivBottom)
	c.TapDeck = b8.take(s.TapDeck)
	c.TapDiscard = b8.take(s.TapDiscard)
	c.TechDeck = bInt.take(s.TechDeck)
	c.TechDiscard = bInt.take(s.TechDiscard)
	c.TechRow = bInt.take(s.TechRow)
	c.TerrStack = bInt.take(s.TerrStack)
	c.TerrDiscard = bInt.take(s.TerrDiscard)
	c.SpaceStack = bInt.take(s.SpaceStack)
	c.Map = slices.Clone(s.Map)
	for i := range c.Map {
		c.Map[i].Outposts = bOut.take(s.Map[i].Outposts)
		c.Map[i].Tokens = bTok.take(s.Map[i].Tokens)
	}
	c.LandOwner = b8.take(s.LandOwner)
	for i := range c.Claims {
		c.Claims[i] = b8.take(s.Claims[i])
	}
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		p, q := &c.Players[i], &s.Players[i]
		for t := range p.Tokens {
			p.Tokens[t] = b8.take(q.Tokens[t])
		}
		p.Hand = b8.take(q.Hand)
		for k := range p.Slots {
			p.Slots[k] = bSlot.take(q.Slots[k])
		}
		p.Tiles = bInt.take(q.Tiles)
		p.Dealt = b8.take(q.Dealt)
		p.Civs = slices.Clone(q.Civs)
		for k := range p.Civs {
			p.Civs[k] = q.Civs[k].clone()
		}
		p.Space = bInt.take(q.Space)
		p.Used = bInt.take(q.Used)
		for k := range p.Tech {
			p.Tech[k] = bInt.take(q.Tech[k])
		}
	}
	c.Tasks = slices.Clone(s.Tasks)
	for i := range c.Tasks {
		c.Tasks[i] = s.Tasks[i].clone()
	}
	if s.Ask != nil {
		a := s.Ask.clone()
		c.Ask = &a
	}
	if s.Solo != nil {
		so := s.Solo.clone()
		c.Solo = &so
	}
	return c
}

// pool hands out copies of slices from one backing array (Clone).
type pool[T any] []T

// take returns a copy of xs cut from the pool, nil for nil, with its
// capacity equal to its length so that appending to it never writes into
// the pool.
func (b *pool[T]) take(xs []T) []T {
	if xs == nil {
		return nil
	}
	n := len(*b)
	*b = append(*b, xs...)
	return (*b)[n:len(*b):len(*b)]
}
