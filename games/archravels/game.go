package archravels

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

//go:embed rules.md
var manual string

// Game is ArchRavels. It implements games.Game[State, Action, View],
// games.Conceder[State], games.Resampler[State], games.Passer,
// games.Windower and games.Weigher.
type Game struct{}

var (
	_ games.Game[State, Action, View] = Game{}
	_ games.Conceder[State]           = Game{}
	_ games.Resampler[State]          = Game{}
	_ games.Passer[State, Action]     = Game{}
	_ games.Windower[State]           = Game{}
	_ games.Weigher[State, Action]    = Game{}
)

// Option values.
const (
	DeckClassic = "classic74"
	DeckRevised = "revised80"
	CharsRandom = "random"
	CharsChosen = "chosen"
	FirstRandom = "random"
)

const keyGrammar = `space:<1-4>              choose your action space
pick:<pos>[@<colours>]   take Bazaar position 1-6 (colours for an empty position or an Any Colour card)
make:<what>[@<colours>]  craft an item (hat bear mittens scarf blanket) or a held request, paying <colours>;
                         without @ the payment follows token by token with pay:<C>
pay:<C>                  the next token of a payment (R O Y G B P)
stop                     stop crafting
take3:<C>                Spinner: take 3 tokens of one colour
exchange:<C>@<k><C>      give k tokens of one colour for k of another
end                      end your actions, or (restock actions) end your turn
tangle:<seat> sale:<C> donate:<C>@<seat> clerk:<C> pass   event choices
keep | give:<seat>       a revealed special request
finish:<project> learn:<item> frog:<item>@<colours>         restock actions
char:<name>              choose your character
chance: chars:<names> tiles:<item>@<codes> requests:<ids> projects:<ids> draw:<card> project:<id> first:<seat>`

// Info describes the game.
func (Game) Info() games.Info {
	return games.Info{
		ID:         "archravels",
		Title:      "ArchRavels",
		MinSeats:   2,
		MaxSeats:   4,
		Rules:      2,
		MaxActions: 8000,
		Options: []games.OptionSpec{
			{Key: "yarn_deck", Label: "Yarn deck", Values: []string{DeckClassic, DeckRevised}, Default: DeckClassic,
				Help:      "classic74 is our reconstruction of the base game's 74 yarn cards (only the total is known); revised80 is the designer's revised 80-card deck from an expansion's deck edit.",
				ValueHelp: map[string]string{DeckClassic: "Our 74-card reconstruction of the base deck", DeckRevised: "The designer's revised 80-card deck"},
			},
			{Key: "characters", Label: "Characters", Values: []string{CharsRandom, CharsChosen}, Default: CharsRandom,
				Help:      "random: each player gets a different board and a random side; chosen: players pick in seat order.",
				ValueHelp: map[string]string{CharsRandom: "Each player gets a random board and side", CharsChosen: "Players pick their character in seat order"},
			},
			{Key: "first_player", Label: "First player", Values: []string{FirstRandom, "1", "2", "3", "4"}, Default: FirstRandom,
				Help:      "random, or the player in the given seat starts.",
				ValueHelp: map[string]string{FirstRandom: "A random player starts", "1": "The player in seat 1 starts", "2": "The player in seat 2 starts", "3": "The player in seat 3 starts", "4": "The player in seat 4 starts"},
			},
		},
		KeyGrammar: keyGrammar,
		// Spec S1: the clockwise order is the join order.
		JoinOrder: true,
		Manual:    manual,
	}
}

// New returns the state before any chance step.
func (g Game) New(opts games.Options, seats int) (State, error) {
	info := g.Info()
	if seats < info.MinSeats || seats > info.MaxSeats {
		return State{}, fmt.Errorf("archravels: needs 2 to 4 seats, not %d: %w", seats, games.ErrSeats)
	}
	o, err := info.Normalize(opts)
	if err != nil {
		return State{}, fmt.Errorf("archravels: %w", err)
	}
	if f := o["first_player"]; f != FirstRandom {
		if n, _ := strconv.Atoi(f); n > seats {
			return State{}, fmt.Errorf("archravels: first player seat %d of %d seats: %w", n, seats, games.ErrBadOption)
		}
	}
	s := State{YarnDeckOpt: o["yarn_deck"], CharsOpt: o["characters"], FirstOpt: o["first_player"], N: seats,
		Phase: PhChars, Chooser: 0, Active: 0, YarnDeck: map[string]int{}, TileStep: Bear}
	s.Players = make([]Player, seats)
	for i := range s.Players {
		for c := range NumColours {
			s.Players[i].Bowl[c] = 1
		}
	}
	if s.CharsOpt == CharsChosen {
		s.Phase = PhChoose
	}
	return s, nil
}

// ToAct lists who decides now.
func (Game) ToAct(s *State) []games.Seat {
	switch s.Phase {
	case PhOver:
		return nil
	case PhChars, PhTiles, PhRequests, PhBazaar, PhProjects, PhList, PhFirst, PhRestock, PhRefill:
		return []games.Seat{games.Chance}
	case PhChoose:
		return []games.Seat{s.Chooser}
	case PhFinal:
		return []games.Seat{s.Queue[0]}
	case PhResolve:
		if len(s.Queue) > 0 {
			return []games.Seat{s.Queue[0]}
		}
	}
	return []games.Seat{s.Active}
}

// Sample draws the chance outcome due.
func (Game) Sample(s *State, d *dice.Dice) Action {
	switch s.Phase {
	case PhChars:
		types := d.Perm(4)
		var ids []string
		for i := range s.N {
			var sides []Character
			for _, c := range Characters {
				if c.Type == Characters[2*types[i]].Type {
					sides = append(sides, c)
				}
			}
			ids = append(ids, sides[d.IntN(len(sides))].ID)
		}
		return Action{Verb: VChars, Arg: strings.Join(ids, ",")}
	case PhTiles:
		tiles := TilesOf(s.TileStep)
		perm := d.Perm(len(tiles))
		var codes []string
		for i := range s.N {
			codes = append(codes, tiles[perm[i]].Code)
		}
		return Action{Verb: VTiles, Arg: Items[s.TileStep].ID, Tail: strings.Join(codes, ".")}
	case PhRequests:
		cands := s.requestCandidates()
		perm := d.Perm(len(cands))
		var pick []string
		for i := range s.N {
			pick = append(pick, cands[perm[i]])
		}
		return Action{Verb: VRequests, Arg: strings.Join(inDataOrder(pick, requestIDs()), ",")}
	case PhProjects:
		perm := d.Perm(len(Projects))
		var pick []string
		for i := range ProjectDeckSize[s.N] {
			pick = append(pick, Projects[perm[i]].ID)
		}
		return Action{Verb: VProjects, Arg: strings.Join(inDataOrder(pick, projectIDs()), ",")}
	case PhBazaar, PhRestock:
		keys := make([]string, 0, len(s.YarnDeck))
		for k := range s.YarnDeck {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		k := d.IntN(max(s.yarnDeckSize(), 1))
		for _, id := range keys {
			if k < s.YarnDeck[id] {
				return Action{Verb: VDraw, Arg: id}
			}
			k -= s.YarnDeck[id]
		}
		return Action{Verb: VDraw, Arg: Faces[0].ID}
	case PhList, PhRefill:
		if len(s.ProjectDeck) == 0 {
			return Action{Verb: VProject, Arg: Projects[0].ID}
		}
		return Action{Verb: VProject, Arg: s.ProjectDeck[d.IntN(len(s.ProjectDeck))]}
	}
	return Action{Verb: VFirst, Arg: seatArg(games.Seat(d.IntN(s.N)))}
}

func requestIDs() []string {
	out := make([]string, len(Requests))
	for i, r := range Requests {
		out[i] = r.ID
	}
	return out
}

func projectIDs() []string {
	out := make([]string, len(Projects))
	for i, p := range Projects {
		out[i] = p.ID
	}
	return out
}

// inDataOrder sorts ids by their position in order.
func inDataOrder(ids, order []string) []string {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	return out
}

// favourites lists the favourite requests of the seated characters.
func (s *State) favourites() []string {
	var out []string
	for _, p := range s.Players {
		if p.Char != "" {
			out = append(out, p.Character().Favourite)
		}
	}
	return out
}

// requestCandidates are the requests that may be the random ones: not a
// seated character's favourite, in data order.
func (s *State) requestCandidates() []string {
	fav := s.favourites()
	var out []string
	for _, r := range Requests {
		if !slices.Contains(fav, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

// Apply applies an action on a copy; on error s is unchanged.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if s.Phase == PhOver {
		return nil, fmt.Errorf("archravels: %w", games.ErrGameOver)
	}
	t := s.clone()
	var evs []games.Event
	var err error
	if seat == games.Chance {
		if !slices.Contains(g.ToAct(s), games.Chance) {
			return nil, fmt.Errorf("archravels: no chance step is due: %w", games.ErrIllegal)
		}
		evs, err = applyChance(&t, a)
	} else {
		if !slices.Contains(g.ToAct(s), seat) {
			return nil, fmt.Errorf("archravels: %s is not to act: %w", seat, games.ErrNotYourTurn)
		}
		if !slices.ContainsFunc(g.Legal(s, seat), func(b Action) bool { return b == a }) {
			return nil, fmt.Errorf("archravels: %q is not legal now: %w", clipKey(a.Key()), games.ErrIllegal)
		}
		evs = applyPlayer(&t, seat, a)
	}
	if err != nil {
		return nil, err
	}
	evs = append(evs, advance(&t)...)
	*s = t
	return evs, nil
}

func pub(format string, args ...any) games.Event {
	return games.Event{Public: fmt.Sprintf(format, args...)}
}

func applyChance(s *State, a Action) ([]games.Event, error) {
	wrong := func() ([]games.Event, error) {
		return nil, fmt.Errorf("archravels: chance outcome %q is not due in phase %s: %w", clipKey(a.Key()), s.Phase, games.ErrIllegal)
	}
	switch {
	case a.Verb == VChars && s.Phase == PhChars:
		ids := strings.Split(a.Arg, ",")
		if len(ids) != s.N {
			return wrong()
		}
		types := map[string]bool{}
		for _, id := range ids {
			c, _ := CharacterOf(id)
			if types[c.Type] {
				return wrong()
			}
			types[c.Type] = true
		}
		var names []string
		for i, id := range ids {
			s.Players[i].Char = id
			names = append(names, describeChar(games.Seat(i), id))
		}
		s.Phase = PhTiles
		return []games.Event{pub("Characters are dealt: %s.", strings.Join(names, "; "))}, nil
	case a.Verb == VTiles && s.Phase == PhTiles:
		item := ItemIndex(a.Arg)
		codes := strings.Split(a.Tail, ".")
		if item != s.TileStep || len(codes) != s.N || len(slices.Compact(slices.Sorted(slices.Values(codes)))) != s.N {
			return wrong()
		}
		var parts []string
		for i, c := range codes {
			s.Players[i].Tiles[slotOf(item)] = BoardTile{Code: c}
			parts = append(parts, fmt.Sprintf("%s %s", s.name(games.Seat(i)), c))
		}
		s.TileStep++
		if s.TileStep > Scarf {
			s.TileStep, s.Phase = 0, PhRequests
		}
		return []games.Event{pub("%s pattern tiles: %s.", Items[item].Name, strings.Join(parts, ", "))}, nil
	case a.Verb == VRequests && s.Phase == PhRequests:
		ids := strings.Split(a.Arg, ",")
		cands := s.requestCandidates()
		if a.Arg == "" || len(ids) != s.N || len(slices.Compact(slices.Sorted(slices.Values(ids)))) != s.N {
			return wrong()
		}
		for _, id := range ids {
			if !slices.Contains(cands, id) {
				return wrong()
			}
		}
		for id, n := range Decks[s.YarnDeckOpt].Copies {
			s.addCard(id, n)
		}
		for _, e := range Events {
			s.addCard(e.ID, e.Copies)
		}
		var favs []string
		for _, f := range s.favourites() {
			s.addCard(f, 1)
			r, _ := RequestOf(f)
			favs = append(favs, r.Name)
		}
		for _, id := range ids {
			s.addCard(id, 1)
		}
		s.Phase = PhBazaar
		return []games.Event{pub("The Yarn Deck is shuffled: %d cards, with every favourite request (%s) and %d more requests nobody knows.",
			s.yarnDeckSize(), strings.Join(favs, ", "), s.N)}, nil
	case a.Verb == VProjects && s.Phase == PhProjects:
		ids := strings.Split(a.Arg, ",")
		k := ProjectDeckSize[s.N]
		if a.Arg == "" || len(ids) != k || len(slices.Compact(slices.Sorted(slices.Values(ids)))) != k {
			return wrong()
		}
		s.ProjectDeck = inDataOrder(ids, projectIDs())
		s.Phase = PhList
		return []games.Event{pub("The Project Deck is %d projects drawn at random from the 16; the rest stay in the box unseen.", k)}, nil
	case a.Verb == VDraw && (s.Phase == PhBazaar || s.Phase == PhRestock):
		if s.YarnDeck[a.Arg] <= 0 {
			return wrong()
		}
		return drawYarn(s, a.Arg), nil
	case a.Verb == VProject && (s.Phase == PhList || s.Phase == PhRefill):
		i := slices.Index(s.ProjectDeck, a.Arg)
		if i < 0 || len(s.List) >= 3 {
			return wrong()
		}
		s.ProjectDeck = slices.Delete(s.ProjectDeck, i, i+1)
		s.List = append(s.List, a.Arg)
		p, _ := ProjectOf(a.Arg)
		ev := pub("New project on the List: %s (%s, %d points). %d left in the Project Deck.", p.Name, itemList(p.Items), p.Points, len(s.ProjectDeck))
		if s.Phase == PhList && (len(s.List) == 3 || len(s.ProjectDeck) == 0) {
			s.Phase = PhFirst
		}
		return []games.Event{ev}, nil
	case a.Verb == VFirst && s.Phase == PhFirst:
		seat, _ := parseSeat(a.Arg)
		if int(seat) >= s.N {
			return wrong()
		}
		s.Active, s.Phase = seat, PhSpace
		return []games.Event{pub("%s is drawn to go first.", s.name(seat))}, nil
	}
	return wrong()
}

func describeChar(seat games.Seat, id string) string {
	c, _ := CharacterOf(id)
	return fmt.Sprintf("%s is %s (%s, side %s)", games.Name(seat), c.Name, c.TypeName, c.Side)
}

// drawYarn places a drawn Yarn Deck card.
func drawYarn(s *State, id string) []games.Event {
	s.addCard(id, -1)
	pos := slices.Index(s.Bazaar[:], "")
	if s.Phase == PhBazaar && CardKind(id) != "yarn" {
		s.SetAside = append(s.SetAside, id)
		return []games.Event{pub("%s is drawn and set aside.", CardName(id))}
	}
	s.Bazaar[pos] = id
	ev := pub("Bazaar position %d: %s.", pos+1, CardName(id))
	if s.Phase == PhBazaar && !slices.Contains(s.Bazaar[:], "") {
		for _, c := range s.SetAside {
			s.addCard(c, 1)
			if CardKind(c) == "request" {
				s.Known = append(s.Known, c)
			}
		}
		s.SetAside = nil
		s.Phase = PhProjects
		ev.Public += " The cards set aside go back into the Yarn Deck."
	}
	return []games.Event{ev}
}

// name is the token of seat's player name (games.Name) for game text.
func (s *State) name(seat games.Seat) string { return games.Name(seat) }

// charName is the name of seat's character, or "" before it is chosen.
func (s *State) charName(seat games.Seat) string {
	if int(seat) >= 0 && int(seat) < len(s.Players) && s.Players[seat].Char != "" {
		return s.Players[seat].Character().Name
	}
	return ""
}

// advance runs the automatic steps up to the next decision.
func advance(s *State) []games.Event {
	var evs []games.Event
	for {
		switch s.Phase {
		case PhFirst:
			if s.FirstOpt == FirstRandom {
				return evs
			}
			n, _ := strconv.Atoi(s.FirstOpt)
			s.Active, s.Phase = games.Seat(n-1), PhSpace
			evs = append(evs, pub("%s goes first, as the host chose.", s.name(s.Active)))
			continue
		case PhChoose:
			if !s.Players[s.Chooser].Out {
				return evs
			}
			// A seat that conceded during the choice still gets a board, so
			// the table stays whole.
			evs = append(evs, applyPlayer(s, s.Chooser, Game{}.Legal(s, s.Chooser)[0])...)
			continue
		case PhSpace:
			if s.Players[s.Active].Out {
				s.Active = s.next(s.Active)
			}
			return evs
		case PhRestock:
			if !slices.Contains(s.Bazaar[:], "") {
				s.startResolve()
				continue
			}
			if s.yarnDeckSize() > 0 {
				return evs
			}
			if len(s.Discard) > 0 {
				for _, c := range s.Discard {
					s.addCard(c, 1)
				}
				evs = append(evs, pub("The Yarn Deck is empty: the discard pile (%s) is shuffled into a new deck.", countOf(len(s.Discard), "card", "cards")))
				s.Discard = nil
				return evs
			}
			evs = append(evs, pub("The Yarn Deck and the discard pile are both empty: the empty Bazaar positions stay empty."))
			s.startResolve()
			continue
		case PhResolve:
			if len(s.Fresh) == 0 {
				s.Phase = PhStock
				return evs
			}
			more, e := s.prepareCard()
			evs = append(evs, e...)
			if !more {
				return evs
			}
			continue
		case PhRefill:
			if len(s.List) < 3 && len(s.ProjectDeck) > 0 {
				return evs
			}
			if len(s.ProjectDeck) == 0 && len(s.List) < 3 {
				evs = append(evs, pub("The Project Deck is empty and the List is not full: the game ends. Everyone but %s may make one final craft.", s.name(s.Active)))
				s.Phase = PhFinal
				s.Queue = s.others(s.Active)
				continue
			}
			if s.Players[s.Active].Tangled {
				s.Players[s.Active].Tangled = false
			}
			s.Active = s.next(s.Active)
			s.resetTurn()
			s.Phase = PhSpace
			return evs
		case PhFinal:
			for len(s.Queue) > 0 && s.Pay == nil && len(s.makeOptions(s.Queue[0], makeFinal)) == 0 {
				evs = append(evs, pub("%s has nothing to craft and passes the final craft.", s.name(s.Queue[0])))
				s.Queue = s.Queue[1:]
			}
			if len(s.Queue) == 0 {
				evs = append(evs, s.finish()...)
			}
			return evs
		}
		return evs
	}
}

func (s *State) resetTurn() {
	s.Space, s.Used, s.ShopLeft, s.Picked, s.CraftLeft, s.CraftKind, s.Pay = 0, nil, 0, nil, 0, "", nil
	s.Fresh, s.Queue, s.SaleLeft, s.Started = nil, nil, 0, false
}

// startResolve ends the fill: every event or request now on the Bazaar
// was revealed in this restock and is resolved in position order.
func (s *State) startResolve() {
	s.Fresh = nil
	for i, c := range s.Bazaar {
		if c != "" && CardKind(c) != "yarn" {
			s.Fresh = append(s.Fresh, i+1)
		}
	}
	s.Phase, s.Started, s.Queue = PhResolve, false, nil
}

// card is the card being resolved.
func (s *State) card() string { return s.Bazaar[s.Fresh[0]-1] }

// prepareCard starts the resolution of the current card; it reports
// whether the card resolved without a decision (so advance goes on).
func (s *State) prepareCard() (bool, []games.Event) {
	id := s.card()
	if !s.Started {
		s.Started = true
		switch id {
		case "yarn_sale":
			s.SaleLeft = 3
		case "friendly_clerk":
			s.Queue = s.clockwise(s.Active)
		case "craft_circle":
			s.Queue = s.clockwise(s.Active)
		case "donate":
			if s.Players[s.Active].Bowl.Total() == 0 {
				e := pub("Donate: %s has no yarn to give, so nothing happens.", s.name(s.Active))
				s.doneCard()
				return true, []games.Event{e}
			}
		case "tangled_cat":
			if len(s.others(s.Active)) == 0 {
				s.doneCard()
				return true, nil
			}
		}
	}
	var evs []games.Event
	if id == "craft_circle" {
		for len(s.Queue) > 0 && len(s.makeOptions(s.Queue[0], makeCircle)) == 0 {
			evs = append(evs, pub("Craft Circle: %s cannot craft anything and passes.", s.name(s.Queue[0])))
			s.Queue = s.Queue[1:]
		}
		if len(s.Queue) == 0 {
			s.doneCard()
			return true, evs
		}
	}
	if id == "friendly_clerk" && len(s.Queue) == 0 {
		s.doneCard()
		return true, evs
	}
	return false, evs
}

// doneCard finishes the current card: an event goes to the discard pile;
// its position (and a request's) is left empty.
func (s *State) doneCard() {
	pos := s.Fresh[0]
	id := s.Bazaar[pos-1]
	if CardKind(id) == "event" {
		s.Discard = append(s.Discard, id)
	}
	s.Bazaar[pos-1] = ""
	s.Fresh = s.Fresh[1:]
	s.Started, s.Queue, s.SaleLeft = false, nil, 0
}

func itemList(items [NumItems]int) string {
	var parts []string
	for i, n := range items {
		switch {
		case n == 1:
			parts = append(parts, Items[i].Name)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, plural(Items[i].Name)))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

func plural(name string) string {
	switch name {
	case "Mittens":
		return "Mittens"
	case "Scarf":
		return "Scarves"
	}
	return name + "s"
}
