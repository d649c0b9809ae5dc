package archravels

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

// View is what a seat sees. Everything on the table is public (spec §5),
// so every seat's view equals the spectator's except for Viewer; only the
// decks' contents and order are missing.
type View struct {
	Viewer  games.Seat   `json:"viewer"`
	Phase   Phase        `json:"phase"`
	Active  games.Seat   `json:"active"`
	ToAct   []games.Seat `json:"to_act,omitempty"`
	Players []PlayerView `json:"players"`
	// Bazaar holds the card ids of positions 1-6 ("" empty).
	Bazaar      [6]string `json:"bazaar"`
	YarnDeck    int       `json:"yarn_deck"`
	Discard     int       `json:"discard"`
	DiscardTop  string    `json:"discard_top,omitempty"`
	ProjectDeck int       `json:"project_deck"`
	List        []string  `json:"list,omitempty"`
	Finished    int       `json:"finished"`
	Turn        TurnView  `json:"turn"`
	// Ranks and Reason are set once the game is over.
	Ranks  []int  `json:"ranks,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// TurnView is the turn in progress.
type TurnView struct {
	Space     int      `json:"space,omitempty"`
	Used      []string `json:"used,omitempty"`
	ShopLeft  int      `json:"shop_left,omitempty"`
	Picked    []int    `json:"picked,omitempty"`
	CraftLeft int      `json:"craft_left,omitempty"`
	CraftAny  bool     `json:"craft_any,omitempty"`
	Pay       *Pay     `json:"pay,omitempty"`
	// Card is the event or request being resolved, at position Pos.
	Card     string       `json:"card,omitempty"`
	Pos      int          `json:"pos,omitempty"`
	Fresh    []int        `json:"fresh,omitempty"`
	Queue    []games.Seat `json:"queue,omitempty"`
	SaleLeft int          `json:"sale_left,omitempty"`
}

// PlayerView is one player's public board: the whole Player (every part
// of it is public), with its character spelled out and the running score.
type PlayerView struct {
	Seat games.Seat `json:"seat"`
	Player
	// Name is the name of the seat's character, "" until it is chosen.
	Name      string    `json:"name"`
	Type      string    `json:"type,omitempty"`
	TypeName  string    `json:"type_name,omitempty"`
	Side      string    `json:"side,omitempty"`
	Favourite string    `json:"favourite,omitempty"`
	Spaces    [4]string `json:"spaces"`
	// Score is the running score as if the game ended now.
	Score Score `json:"score"`
}

// View returns the public table.
func (g Game) View(s *State, viewer games.Seat) View {
	v := View{Viewer: viewer, Phase: s.Phase, Active: s.Active, ToAct: g.ToAct(s), Bazaar: s.Bazaar,
		YarnDeck: s.yarnDeckSize(), Discard: len(s.Discard), ProjectDeck: len(s.ProjectDeck),
		List: slices.Clone(s.List), Finished: s.Finished, Reason: s.Reason}
	if len(s.Discard) > 0 {
		v.DiscardTop = s.Discard[len(s.Discard)-1]
	}
	if s.Phase == PhBazaar {
		// Cards set aside during the opening fill are public until they
		// go back; they are counted with the deck they return to.
		v.YarnDeck += len(s.SetAside)
	}
	for i := range s.Players {
		p := &s.Players[i]
		own := *p
		own.Held, own.Done, own.Projects = slices.Clone(p.Held), slices.Clone(p.Done), slices.Clone(p.Projects)
		pv := PlayerView{Seat: games.Seat(i), Player: own, Name: s.charName(games.Seat(i)), Score: ScoreOf(p)}
		if p.Char != "" {
			c := p.Character()
			pv.Type, pv.TypeName, pv.Side, pv.Favourite = c.Type, c.TypeName, c.Side, c.Favourite
			for k := range 4 {
				pv.Spaces[k] = SpaceText(c.Spaces[k])
			}
		}
		v.Players = append(v.Players, pv)
	}
	v.Turn = TurnView{Space: s.Space, Used: slices.Clone(s.Used), ShopLeft: s.ShopLeft, Picked: slices.Clone(s.Picked),
		CraftLeft: s.CraftLeft, CraftAny: s.CraftKind == "craft_any_colours", Queue: slices.Clone(s.Queue), SaleLeft: s.SaleLeft,
		Fresh: slices.Clone(s.Fresh)}
	if s.Pay != nil {
		pay := *s.Pay
		pay.To, pay.Paid = slices.Clone(pay.To), slices.Clone(pay.Paid)
		v.Turn.Pay = &pay
	}
	if s.Phase == PhResolve && len(s.Fresh) > 0 {
		v.Turn.Pos = s.Fresh[0]
		v.Turn.Card = s.card()
	}
	if s.Phase == PhOver {
		v.Ranks = s.Ranks()
	}
	return v
}

// Label is the button or menu text of an action. Grouped actions (keys
// with '@') read "<group> → <choice>".
func (Game) Label(v View, a Action) string {
	colour := func(arg string) string { c, _ := ParseColour(arg); return ColourNames[c] }
	yarn := func(code string) string { y, _ := ParseYarn(code); return y.Names() }
	seat := func(arg string) string { s, _ := parseSeat(arg); return games.Name(s) }
	switch a.Verb {
	case VChar:
		c, _ := CharacterOf(a.Arg)
		return fmt.Sprintf("%s (%s, side %s; favourite %s)", c.Name, c.TypeName, c.Side, requestName(c.Favourite))
	case VSpace:
		k, _ := strconv.Atoi(a.Arg)
		text := ""
		if p := v.Players[v.Active]; p.Char != "" {
			text = p.Spaces[k-1]
		}
		return fmt.Sprintf("Space %d: %s", k, text)
	case VPick:
		pos, _ := strconv.Atoi(a.Arg)
		card := v.Bazaar[pos-1]
		what := "empty, 1 of any colour"
		if card != "" {
			what = CardName(card)
		}
		group := fmt.Sprintf("Position %d: %s", pos, what)
		if a.Tail == "" {
			return group
		}
		return group + " → " + yarn(a.Tail)
	case VMake:
		group := "Make " + titleOf(a.Arg)
		detail := makeDetail(v, a.Arg)
		if a.Tail == "" {
			if r, ok := RequestOf(a.Arg); ok && r.Rule == GiveEach {
				return games.WithDetail(group+" (choose the gifts token by token)", detail)
			}
			return games.WithDetail(group+" (choose the yarn token by token)", detail)
		}
		return games.WithDetail(group+" → "+yarn(a.Tail), detail)
	case VPay:
		if p := v.Turn.Pay; p != nil {
			k := len(p.Paid)
			if len(p.To) > 0 {
				per := p.Need / len(p.To)
				return fmt.Sprintf("Give %s to %s (%d of %d)", colour(a.Arg), games.Name(p.To[k/per]), k%per+1, per)
			}
			return fmt.Sprintf("Pay %s (token %d of %d)", colour(a.Arg), k+1, p.Need)
		}
		return "Pay " + colour(a.Arg)
	case VStop:
		return "Stop crafting"
	case VEnd:
		if v.Phase == PhStock {
			return "Done (end the turn)"
		}
		if v.Turn.CraftLeft > 0 {
			return "Stop crafting: done with actions (restock)"
		}
		return "Done with actions (restock the Bazaar)"
	case VTake3:
		return "Take 3 " + colour(a.Arg)
	case VExchange:
		k, to := a.Tail[:len(a.Tail)-1], colour(a.Tail[len(a.Tail)-1:])
		return fmt.Sprintf("Exchange %s → %s %s for %s %s", colour(a.Arg), k, colour(a.Arg), k, to)
	case VTangle:
		return "Tangle " + seat(a.Arg)
	case VSale, VClerk:
		return "Take 1 " + colour(a.Arg)
	case VDonate:
		return fmt.Sprintf("Donate %s → to %s", colour(a.Arg), seat(a.Tail))
	case VPass:
		return "Pass"
	case VKeep:
		r, _ := RequestOf(v.Turn.Card)
		return games.WithDetail("Keep "+r.Name, fmt.Sprintf("Scores %d when you finish it; still held at the end, it costs %d", r.Points, r.Points))
	case VGive:
		r, _ := RequestOf(v.Turn.Card)
		return games.WithDetail(fmt.Sprintf("Give %s to %s", r.Name, seat(a.Arg)),
			fmt.Sprintf("It scores %d for them when finished; still held at the end, it costs them %d", r.Points, r.Points))
	case VFinish:
		p, _ := ProjectOf(a.Arg)
		return games.WithDetail(fmt.Sprintf("Finish %s (%d points)", p.Name, p.Points), "Hands in "+itemList(p.Items))
	case VLearn:
		it := ItemIndex(a.Arg)
		return games.WithDetail(fmt.Sprintf("Learn the %s pattern", Items[it].Name),
			fmt.Sprintf("Hands in %s; the tile flips to the general rule and scores %d at the end", anItem(it), Backs[a.Arg].FlipPoints))
	case VFrog:
		it := ItemIndex(a.Arg)
		y, _ := ParseYarn(a.Tail)
		return games.WithDetail(fmt.Sprintf("Frog %s → %s", anItem(it), yarn(a.Tail)),
			fmt.Sprintf("The item's %d points go; %s come back (−1 each if unspent at the end)", Items[it].Points, countOf(y.Total(), "yarn token", "yarn tokens")))
	}
	return a.Key()
}

// makeDetail says what a make gives: an item's points if kept, a
// request's points (and the favourite's bonus for the viewer).
func makeDetail(v View, id string) string {
	if r, ok := RequestOf(id); ok {
		d := fmt.Sprintf("Scores %d now", r.Points)
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) && v.Players[v.Viewer].Favourite == id {
			d += fmt.Sprintf(", and %d more as your favourite", FavouriteBonus)
		}
		return d
	}
	it := ItemIndex(id)
	return fmt.Sprintf("%s scores %d if kept to the end, or goes towards a project", cap1(anItem(it)), Items[it].Points)
}

// cap1 capitalises the first letter.
func cap1(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func titleOf(id string) string {
	if r, ok := RequestOf(id); ok {
		return r.Name
	}
	return Items[ItemIndex(id)].Name
}

// Pass is the action that passes for seat now: "pass" in a Craft Circle or
// the final craft, "stop" in a Craft under way when the space has another
// action left, and "end" when a turn's actions or restock actions may end
// (during a Craft, "end" stops crafting too).
func (g Game) Pass(s *State, seat games.Seat) (Action, bool) {
	if !slices.Contains(g.ToAct(s), seat) || s.Pay != nil {
		return Action{}, false
	}
	switch s.Phase {
	case PhFinal:
		return Action{Verb: VPass}, true
	case PhResolve:
		if s.card() == "craft_circle" {
			return Action{Verb: VPass}, true
		}
	case PhActions:
		if s.CraftKind != "" && s.otherActsLeft() {
			return Action{Verb: VStop}, true
		}
		if s.ShopLeft == 0 {
			return Action{Verb: VEnd}, true
		}
	case PhStock:
		return Action{Verb: VEnd}, true
	}
	return Action{}, false
}

// InWindow reports whether seat decides outside its own turn: a Friendly
// Clerk or Craft Circle on someone else's turn, or the final craft.
func (g Game) InWindow(s *State, seat games.Seat) bool {
	if !slices.Contains(g.ToAct(s), seat) {
		return false
	}
	return s.Phase == PhFinal || (s.Phase == PhResolve && len(s.Queue) > 0 && seat != s.Active)
}

// Weights steer random playouts towards progress: crafting the items the
// Project List asks for, finishing projects and requests, and ending the
// restock actions weigh far more than frogging or exchanging, so random
// games end in a few hundred actions rather than thousands. Each kind of
// action shares one weight among its keys, and a make of a needed item or
// a request counts twenty times.
func (Game) Weights(s *State, seat games.Seat, legal []Action) []int {
	share := map[string]int{}
	switch s.Phase {
	case PhActions:
		share = map[string]int{VPick: 30, VMake: 60, VTake3: 10, VExchange: 2, VEnd: 3, VStop: 1, VPay: 1}
	case PhStock:
		share = map[string]int{VFinish: 1000, VLearn: 10, VFrog: 1, VEnd: 40}
	case PhFinal, PhResolve:
		share = map[string]int{VMake: 80, VPass: 20}
	}
	need := s.needed(seat)
	useful := false // a needed item or a request can be crafted now
	if s.Phase == PhSpace {
		for _, a := range s.makeOptions(seat, makeNormal) {
			if it := ItemIndex(a.Arg); it < 0 || need[it] > 0 {
				useful = true
			}
		}
	}
	bonus := func(a Action) int {
		if a.Verb == VSpace {
			k, _ := strconv.Atoi(a.Arg)
			w := 1
			for _, act := range s.Players[seat].Character().Spaces[k-1] {
				switch {
				case act.Kind == "shop":
					w += 2
				case strings.HasPrefix(act.Kind, "craft") && useful:
					w += 6
				}
			}
			return w
		}
		if a.Verb != VMake {
			return 1
		}
		if it := ItemIndex(a.Arg); it >= 0 && need[it] <= 0 {
			return 1
		}
		return 20
	}
	count := map[string]int{}
	for _, a := range legal {
		count[a.Verb] += bonus(a)
	}
	out := make([]int, len(legal))
	for i, a := range legal {
		w, ok := share[a.Verb]
		if !ok {
			w = 1
		}
		out[i] = max(1, w*1200*bonus(a)/count[a.Verb])
	}
	return out
}

// needed is, per item type, how many more items seat needs for the
// projects on the List than it holds.
func (s *State) needed(seat games.Seat) [NumItems]int {
	var need [NumItems]int
	if int(seat) < 0 || int(seat) >= s.N {
		return need
	}
	for _, id := range s.List {
		p, _ := ProjectOf(id)
		for it, n := range p.Items {
			need[it] += n
		}
	}
	for it := range need {
		need[it] -= s.Players[seat].Items[it]
	}
	return need
}

// Resample redraws what nobody can see: which non-favourite requests are
// in the Yarn Deck (any request not held, finished or a seated character's
// favourite could be) and which projects make up the Project Deck (any not
// on the List or finished). Counts stay as they are.
func (Game) Resample(s *State, _ games.Seat, d *dice.Dice) State {
	t := s.clone()
	fav := t.favourites()
	seen := map[string]bool{}
	for _, p := range t.Players {
		for _, id := range append(slices.Clone(p.Held), p.Done...) {
			seen[id] = true
		}
	}
	for _, c := range t.Bazaar {
		seen[c] = true
	}
	hidden := 0
	var cands []string
	for _, r := range Requests {
		// Favourites are known to be in the deck, and so are the requests
		// shown in the opening fill and put back (A29).
		if slices.Contains(fav, r.ID) || slices.Contains(t.Known, r.ID) {
			continue
		}
		hidden += t.YarnDeck[r.ID]
		delete(t.YarnDeck, r.ID)
		if !seen[r.ID] {
			cands = append(cands, r.ID)
		}
	}
	if t.Phase == PhBazaar {
		for _, c := range t.SetAside {
			seen[c] = true
		}
	}
	// Requests set aside in the opening fill are public: keep them out.
	cands = slices.DeleteFunc(cands, func(id string) bool { return slices.Contains(t.SetAside, id) })
	perm := d.Perm(len(cands))
	for i := range min(hidden, len(cands)) {
		t.addCard(cands[perm[i]], 1)
	}
	if len(t.ProjectDeck) > 0 {
		var pc []string
		for _, p := range Projects {
			taken := slices.Contains(t.List, p.ID)
			for _, pl := range t.Players {
				taken = taken || slices.Contains(pl.Projects, p.ID)
			}
			if !taken {
				pc = append(pc, p.ID)
			}
		}
		perm := d.Perm(len(pc))
		var deck []string
		for i := range len(t.ProjectDeck) {
			deck = append(deck, pc[perm[i]])
		}
		t.ProjectDeck = inDataOrder(deck, projectIDs())
	}
	return t
}
