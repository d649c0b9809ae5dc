package archravels

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// makeMode says which crafts a make list covers.
type makeMode int

const (
	makeNormal makeMode = iota // an action space's Craft: items and held requests
	makeAny                    // the Colorist's any-colour craft
	makeCircle                 // a Craft Circle: items only
	makeFinal                  // the final craft: items and held requests
)

// makeOptions lists the makes seat can pay for now.
func (s *State) makeOptions(seat games.Seat, mode makeMode) []Action {
	p := &s.Players[seat]
	if mode != makeFinal && s.tangledNow(seat) {
		return nil
	}
	var out []Action
	total := p.Bowl.Total()
	others := len(s.others(seat))
	for it := range NumItems {
		id := Items[it].ID
		if mode == makeAny {
			if total >= Items[it].Yarn {
				out = append(out, Action{Verb: VMake, Arg: id})
			}
			continue
		}
		for _, y := range p.ItemPayments(it, p.Bowl, true) {
			out = append(out, Action{Verb: VMake, Arg: id, Tail: y.Code()})
		}
	}
	if mode == makeCircle {
		return out
	}
	for _, id := range slices.Compact(slices.Sorted(slices.Values(p.Held))) {
		r, _ := RequestOf(id)
		need := r.Tokens(others)
		if r.Rule == GiveEach && others == 0 {
			continue
		}
		if mode == makeAny {
			if total >= need {
				out = append(out, Action{Verb: VMake, Arg: id})
			}
			continue
		}
		pays, stepwise := RequestPayments(r, p.Bowl)
		if stepwise {
			if total >= need {
				out = append(out, Action{Verb: VMake, Arg: id})
			}
			continue
		}
		for _, y := range pays {
			out = append(out, Action{Verb: VMake, Arg: id, Tail: y.Code()})
		}
	}
	return out
}

// payer is the seat entering a payment.
func (s *State) payer() games.Seat {
	if s.Phase == PhFinal {
		return s.Queue[0]
	}
	return s.Active
}

func (s *State) payOptions() []Action {
	left := s.Players[s.payer()].Bowl.Sub(s.Pay.yarn())
	var out []Action
	for c := range NumColours {
		if left[c] > 0 {
			out = append(out, Action{Verb: VPay, Arg: ColourLetters[c : c+1]})
		}
	}
	return out
}

// pickOptions lists the picks of a Bazaar position.
func (s *State) pickOptions(pos int) []Action {
	arg := strconv.Itoa(pos)
	card := s.Bazaar[pos-1]
	n := 1
	if card != "" {
		f, _ := FaceOf(card)
		if f.Any == 0 {
			return []Action{{Verb: VPick, Arg: arg}}
		}
		n = f.Any
	}
	var out []Action
	for _, y := range multisets(n, Yarn{}, false) {
		out = append(out, Action{Verb: VPick, Arg: arg, Tail: y.Code()})
	}
	return out
}

func colourActions(verb string) []Action {
	out := make([]Action, NumColours)
	for c := range NumColours {
		out[c] = Action{Verb: verb, Arg: ColourLetters[c : c+1]}
	}
	return out
}

// Legal lists seat's legal actions, sorted by key. Chance outcomes are
// not listed (Apply validates them).
func (g Game) Legal(s *State, seat games.Seat) []Action {
	if seat < 0 || !slices.Contains(g.ToAct(s), seat) {
		return nil
	}
	var out []Action
	p := &s.Players[seat]
	switch s.Phase {
	case PhChoose:
		taken := map[string]bool{}
		for _, q := range s.Players {
			if q.Char != "" {
				taken[q.Character().Type] = true
			}
		}
		for _, c := range Characters {
			if !taken[c.Type] {
				out = append(out, Action{Verb: VChar, Arg: c.ID})
			}
		}
	case PhSpace:
		for k := 1; k <= 4; k++ {
			if k != p.Marker {
				out = append(out, Action{Verb: VSpace, Arg: strconv.Itoa(k)})
			}
		}
	case PhActions:
		out = s.actionOptions()
	case PhResolve:
		out = s.resolveOptions(seat)
	case PhStock:
		out = s.stockOptions()
	case PhFinal:
		if s.Pay != nil {
			out = s.payOptions()
		} else {
			out = append(s.makeOptions(seat, makeFinal), Action{Verb: VPass})
		}
	}
	return sortActions(out)
}

// sortActions sorts by key and drops repeats, computing each key once.
func sortActions(out []Action) []Action {
	type keyed struct {
		key string
		a   Action
	}
	ks := make([]keyed, len(out))
	for i, a := range out {
		ks[i] = keyed{a.Key(), a}
	}
	slices.SortFunc(ks, func(x, y keyed) int { return strings.Compare(x.key, y.key) })
	ks = slices.CompactFunc(ks, func(x, y keyed) bool { return x.key == y.key })
	out = out[:len(ks)]
	for i, k := range ks {
		out[i] = k.a
	}
	return out
}

func (s *State) actionOptions() []Action {
	if s.Pay != nil {
		return s.payOptions()
	}
	var out []Action
	if s.ShopLeft > 0 {
		for pos := 1; pos <= 6; pos++ {
			if !slices.Contains(s.Picked, pos) {
				out = append(out, s.pickOptions(pos)...)
			}
		}
		return out
	}
	if s.CraftKind != "" {
		// A Craft under way: make more, or stop. "end" stops crafting and
		// ends the actions at once; "stop" is listed only when the space
		// has another action still to use, so that stopping is never a
		// step of its own with nothing after it.
		out = append(out, s.makeOptions(s.Active, craftMode(s.CraftKind))...)
		if s.LegacyCraft || s.otherActsLeft() {
			out = append(out, Action{Verb: VStop})
		}
		return append(out, Action{Verb: VEnd})
	}
	if _, ok := s.act("shop"); ok {
		for pos := 1; pos <= 6; pos++ {
			out = append(out, s.pickOptions(pos)...)
		}
	}
	if a, ok := s.craftAct(); ok {
		out = append(out, s.makeOptions(s.Active, craftMode(a.Kind))...)
	}
	if _, ok := s.act("take_one_colour"); ok {
		out = append(out, colourActions(VTake3)...)
	}
	if _, ok := s.act("exchange"); ok {
		bowl := s.Players[s.Active].Bowl
		for from := range NumColours {
			for k := 1; k <= bowl[from]; k++ {
				for to := range NumColours {
					if to != from {
						out = append(out, Action{Verb: VExchange, Arg: ColourLetters[from : from+1], Tail: strconv.Itoa(k) + ColourLetters[to:to+1]})
					}
				}
			}
		}
	}
	return append(out, Action{Verb: VEnd})
}

// otherActsLeft reports whether the active space has an unused action
// other than the Craft under way.
func (s *State) otherActsLeft() bool {
	for _, a := range s.spaceActs() {
		if a.Kind != s.CraftKind && !slices.Contains(s.Used, a.Kind) {
			return true
		}
	}
	return false
}

func craftMode(kind string) makeMode {
	if kind == "craft_any_colours" {
		return makeAny
	}
	return makeNormal
}

func (s *State) resolveOptions(seat games.Seat) []Action {
	var out []Action
	switch id := s.card(); id {
	case "tangled_cat":
		for _, o := range s.others(s.Active) {
			out = append(out, Action{Verb: VTangle, Arg: seatArg(o)})
		}
	case "yarn_sale":
		out = colourActions(VSale)
	case "donate":
		bowl := s.Players[s.Active].Bowl
		for c := range NumColours {
			if bowl[c] > 0 {
				for _, o := range s.others(s.Active) {
					out = append(out, Action{Verb: VDonate, Arg: ColourLetters[c : c+1], Tail: seatArg(o)})
				}
			}
		}
	case "friendly_clerk":
		out = colourActions(VClerk)
	case "craft_circle":
		out = append(s.makeOptions(seat, makeCircle), Action{Verb: VPass})
	default: // a special request
		out = append(out, Action{Verb: VKeep})
		for _, o := range s.others(s.Active) {
			out = append(out, Action{Verb: VGive, Arg: seatArg(o)})
		}
	}
	return out
}

func (s *State) stockOptions() []Action {
	p := &s.Players[s.Active]
	var out []Action
	for _, id := range s.List {
		pr, _ := ProjectOf(id)
		ok := true
		for it, n := range pr.Items {
			ok = ok && p.Items[it] >= n
		}
		if ok {
			out = append(out, Action{Verb: VFinish, Arg: id})
		}
	}
	for it := range NumItems {
		if p.Items[it] == 0 {
			continue
		}
		if Items[it].Tiled() && !p.Tiles[slotOf(it)].Learned {
			out = append(out, Action{Verb: VLearn, Arg: Items[it].ID})
		}
		for _, y := range p.ItemPayments(it, Yarn{}, false) {
			out = append(out, Action{Verb: VFrog, Arg: Items[it].ID, Tail: y.Code()})
		}
	}
	return append(out, Action{Verb: VEnd})
}

// applyPlayer applies a legal player action.
func applyPlayer(s *State, seat games.Seat, a Action) []games.Event {
	p := &s.Players[seat]
	me := s.name(seat)
	colour := func(arg string) Colour { c, _ := ParseColour(arg); return c }
	switch a.Verb {
	case VChar:
		p.Char = a.Arg
		c := p.Character()
		s.Chooser++
		if int(s.Chooser) == s.N {
			s.Chooser, s.Phase = 0, PhTiles
		}
		return []games.Event{pub("%s chooses %s (%s, side %s; favourite request %s).", me, c.Name, c.TypeName, c.Side, requestName(c.Favourite))}
	case VSpace:
		k, _ := strconv.Atoi(a.Arg)
		p.Marker, s.Space, s.Phase = k, k, PhActions
		return []games.Event{pub("%s works space %d: %s.", me, k, SpaceText(p.Character().Spaces[k-1]))}
	case VPick:
		if s.ShopLeft == 0 {
			act, _ := s.act("shop")
			s.Used = append(s.Used, "shop")
			s.ShopLeft = act.N
		}
		pos, _ := strconv.Atoi(a.Arg)
		card := s.Bazaar[pos-1]
		extra, _ := ParseYarn(a.Tail)
		var gain Yarn
		what := "an empty position"
		if card != "" {
			f, _ := FaceOf(card)
			gain = f.Gives
			what = CardName(card)
			s.Discard = append(s.Discard, card)
			s.Bazaar[pos-1] = ""
		}
		gain = gain.Add(extra)
		p.Bowl = p.Bowl.Add(gain)
		s.Picked = append(s.Picked, pos)
		s.ShopLeft--
		if s.ShopLeft == 0 {
			s.Picked = nil
		}
		return []games.Event{pub("%s shops position %d (%s) and gains %s.", me, pos, what, gain.Names())}
	case VMake:
		prefix := ""
		switch s.Phase {
		case PhActions:
			if s.CraftKind == "" {
				act, _ := s.craftAct()
				s.Used = append(s.Used, act.Kind)
				s.CraftKind, s.CraftLeft = act.Kind, act.N
			}
			s.CraftLeft--
		case PhResolve:
			prefix = "Craft Circle: "
		case PhFinal:
			prefix = "Final craft: "
		}
		if a.Tail == "" {
			r, isReq := RequestOf(a.Arg)
			need := 0
			if isReq {
				need = r.Tokens(len(s.others(seat)))
			} else {
				need = Items[ItemIndex(a.Arg)].Yarn
			}
			s.Pay = &Pay{What: a.Arg, Need: need, Any: s.Phase == PhActions && s.CraftKind == "craft_any_colours"}
			if isReq && r.Rule == GiveEach {
				s.Pay.To = s.others(seat)
			}
			return []games.Event{pub("%s%s starts crafting %s and chooses the yarn token by token.", prefix, me, whatName(a.Arg))}
		}
		y, _ := ParseYarn(a.Tail)
		ev := s.complete(seat, a.Arg, y, nil)
		ev.Public = prefix + ev.Public
		return []games.Event{ev}
	case VPay:
		s.Pay.Paid = append(s.Pay.Paid, colour(a.Arg))
		if len(s.Pay.Paid) < s.Pay.Need {
			return nil
		}
		pay := s.Pay
		s.Pay = nil
		ev := s.complete(seat, pay.What, pay.yarn(), pay)
		if s.Phase == PhFinal {
			ev.Public = "Final craft: " + ev.Public
		}
		return []games.Event{ev}
	case VStop:
		s.CraftLeft, s.CraftKind = 0, ""
		return []games.Event{pub("%s stops crafting.", me)}
	case VTake3:
		c := colour(a.Arg)
		s.Used = append(s.Used, "take_one_colour")
		p.Bowl[c] += 3
		return []games.Event{pub("%s takes 3 %s.", me, ColourNames[c])}
	case VExchange:
		from := colour(a.Arg)
		k, _ := strconv.Atoi(a.Tail[:len(a.Tail)-1])
		to := colour(a.Tail[len(a.Tail)-1:])
		s.Used = append(s.Used, "exchange")
		p.Bowl[from] -= k
		p.Bowl[to] += k
		return []games.Event{pub("%s exchanges %d %s for %d %s.", me, k, ColourNames[from], k, ColourNames[to])}
	case VEnd:
		if s.Phase == PhActions {
			s.ShopLeft, s.Picked, s.CraftLeft, s.CraftKind = 0, nil, 0, ""
			s.Phase = PhRestock
			return []games.Event{pub("%s is done with actions; the Bazaar is restocked.", me)}
		}
		s.Phase = PhRefill
		return []games.Event{pub("%s ends the turn.", me)}
	case VTangle:
		o, _ := parseSeat(a.Arg)
		s.Players[o].Tangled = true
		s.doneCard()
		return []games.Event{pub("Tangled Cat: %s names %s, who cannot craft during their next turn.", me, s.name(o))}
	case VSale:
		c := colour(a.Arg)
		p.Bowl[c]++
		s.SaleLeft--
		if s.SaleLeft == 0 {
			s.doneCard()
		}
		return []games.Event{pub("Yarn Sale: %s takes 1 %s.", me, ColourNames[c])}
	case VDonate:
		c := colour(a.Arg)
		o, _ := parseSeat(a.Tail)
		p.Bowl[c]--
		s.Players[o].Bowl[c]++
		s.doneCard()
		return []games.Event{pub("Donate: %s gives 1 %s to %s.", me, ColourNames[c], s.name(o))}
	case VClerk:
		c := colour(a.Arg)
		p.Bowl[c]++
		s.Queue = s.Queue[1:]
		if len(s.Queue) == 0 {
			s.doneCard()
		}
		return []games.Event{pub("Friendly Clerk: %s takes 1 %s.", me, ColourNames[c])}
	case VPass:
		s.Queue = s.Queue[1:]
		if s.Phase == PhFinal {
			return []games.Event{pub("Final craft: %s passes.", me)}
		}
		if len(s.Queue) == 0 {
			s.doneCard()
		}
		return []games.Event{pub("Craft Circle: %s passes.", me)}
	case VKeep:
		id := s.card()
		p.Held = append(p.Held, id)
		s.doneCard()
		return []games.Event{pub("%s keeps the special request %s.", me, requestName(id))}
	case VGive:
		id := s.card()
		o, _ := parseSeat(a.Arg)
		s.Players[o].Held = append(s.Players[o].Held, id)
		s.doneCard()
		return []games.Event{pub("%s gives the special request %s to %s.", me, requestName(id), s.name(o))}
	case VFinish:
		pr, _ := ProjectOf(a.Arg)
		for it, n := range pr.Items {
			p.Items[it] -= n
		}
		i := slices.Index(s.List, a.Arg)
		s.List = slices.Delete(s.List, i, i+1)
		p.Projects = append(p.Projects, a.Arg)
		s.Finished++
		return []games.Event{pub("%s finishes the project %s with %s: %s.", me, pr.Name, itemList(pr.Items), points(seat, pr.Points, "project "+pr.Name))}
	case VLearn:
		it := ItemIndex(a.Arg)
		p.Items[it]--
		p.Tiles[slotOf(it)].Learned = true
		return []games.Event{pub("%s turns in %s and learns the pattern: the tile flips to its general side.", me, anItem(it))}
	case VFrog:
		it := ItemIndex(a.Arg)
		y, _ := ParseYarn(a.Tail)
		p.Items[it]--
		p.Bowl = p.Bowl.Add(y)
		return []games.Event{pub("%s frogs %s and gets back %s.", me, anItem(it), y.Names())}
	}
	return nil
}

// complete finishes a make: the yarn is paid (to the supply, or for
// Friendship Bracelets to the recipients in pay.To, two tokens each in
// payment order) and the item or request is gained. It also closes the
// make in its context (a craft's count, a Craft Circle or final-craft
// queue).
func (s *State) complete(seat games.Seat, what string, y Yarn, pay *Pay) games.Event {
	p := &s.Players[seat]
	me := s.name(seat)
	var ev games.Event
	if r, ok := RequestOf(what); ok {
		i := slices.Index(p.Held, what)
		p.Held = slices.Delete(p.Held, i, i+1)
		p.Done = append(p.Done, what)
		if r.Rule == GiveEach && pay != nil {
			per := r.N
			var gifts []string
			for k, to := range pay.To {
				var g Yarn
				for _, c := range pay.Paid[k*per : (k+1)*per] {
					g[c]++
				}
				p.Bowl = p.Bowl.Sub(g)
				s.Players[to].Bowl = s.Players[to].Bowl.Add(g)
				gifts = append(gifts, fmt.Sprintf("%s to %s", g.Names(), s.name(to)))
			}
			ev = pub("%s finishes the special request %s, giving %s: %s.", me, r.Name, strings.Join(gifts, " and "), requestPoints(seat, p, r))
		} else {
			p.Bowl = p.Bowl.Sub(y)
			ev = pub("%s finishes the special request %s with %s: %s.", me, r.Name, y.Names(), requestPoints(seat, p, r))
		}
	} else {
		it := ItemIndex(what)
		p.Bowl = p.Bowl.Sub(y)
		p.Items[it]++
		ev = pub("%s crafts %s with %s.", me, anItem(it), y.Names())
	}
	switch s.Phase {
	case PhActions:
		switch {
		case s.CraftLeft == 0:
			s.CraftKind = ""
		case !s.LegacyCraft && len(s.makeOptions(seat, craftMode(s.CraftKind))) == 0:
			// Nothing more can be paid for: the Craft ends by itself.
			ev.Public += fmt.Sprintf(" Nothing more can be paid for, so the Craft ends (%s unused).", countOf(s.CraftLeft, "craft", "crafts"))
			s.CraftLeft, s.CraftKind = 0, ""
		}
	case PhResolve:
		s.Queue = s.Queue[1:]
		if len(s.Queue) == 0 {
			s.doneCard()
		}
	case PhFinal:
		s.Queue = s.Queue[1:]
	}
	return ev
}

// anItem is an item with its article: "a Hat", "a pair of Mittens".
func anItem(it int) string {
	if Items[it].ID == "mittens" {
		return "a pair of " + Items[it].Name
	}
	return "a " + Items[it].Name
}

func requestName(id string) string {
	r, _ := RequestOf(id)
	return r.Name
}

func whatName(id string) string {
	if r, ok := RequestOf(id); ok {
		return "the special request " + r.Name
	}
	return anItem(ItemIndex(id))
}

// SpaceText describes an action space, e.g. "Shop 2 + Craft 1".
func SpaceText(acts []Act) string {
	var parts []string
	for _, a := range acts {
		switch a.Kind {
		case "shop":
			parts = append(parts, fmt.Sprintf("Shop %d", a.N))
		case "craft":
			parts = append(parts, fmt.Sprintf("Craft %d", a.N))
		case "craft_any_colours":
			parts = append(parts, fmt.Sprintf("Craft %d in any colours", a.N))
		case "take_one_colour":
			parts = append(parts, fmt.Sprintf("Take %d of one colour", a.N))
		case "exchange":
			parts = append(parts, "Exchange")
		}
	}
	return strings.Join(parts, " + ")
}
