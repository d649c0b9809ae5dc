package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The bots' turns (spec §17.3-§17.5, §17.9): tasks "solo_*" run by
// soloExec; their chance steps are asks "solo_*" answered in soloAnswer.
// The only player ask among them is the level-6 civ side at set-up.

// soloExec runs one solo task.
func (s *State) soloExec(t Task, ev *events) error {
	so := s.Solo
	if so == nil {
		return fmt.Errorf("tapestry: %s outside a solo game", t.Op)
	}
	switch t.Op {
	case "solo_setup":
		s.askChance("solo_fav", s.Ask2Faces(), nil, t)
	case "solo_turn":
		s.botTurn(ev)
	case "solo_draw":
		if len(so.Deck) > 0 { // always, the deck's size being even
			s.askChance("solo_draw", cardKeys(so.Deck), nil, t)
		}
	case "solo_decide":
		if len(so.Deck) == 0 && so.Pair[0] > 0 && DecisionCards[so.Pair[0]-1].Income {
			s.push(Task{Op: "solo_income"})
			return nil
		}
		s.push(Task{Op: "solo_advance", Seat: Automa}, Task{Op: "solo_advance", Seat: Shadow})
	case "solo_advance":
		s.botAdvance(int(t.Seat), ev)
	case "solo_move":
		s.botMove(t, ev)
	case "solo_regress":
		s.botRegress(t, ev)
	case "solo_benefit":
		s.automaBenefit(t)
	case "solo_research":
		s.askChance("solo_roll", s.Ask2Faces(), nil, t)
	case "solo_roll_tracks":
		var opts []string
		for i, tr := range ScienceDie {
			if slices.Contains(t.List, int(tr)) {
				opts = append(opts, "face:"+strconv.Itoa(i))
			}
		}
		s.askChance("solo_roll", opts, nil, t)
	case "solo_refresh":
		s.refreshTech(ev)
	case "solo_stock", "solo_slot":
		if s.Players[Automa].Done {
			return nil
		}
		s.drawAsk(Automa, "tap", t)
		if s.Ask != nil {
			s.Ask.Kind = t.Op
		}
	case "solo_income":
		s.botIncome(ev)
	case "solo_favourites":
		if !s.needTie(t) {
			s.botFavourites(ev)
		}
	case "solo_civ_eff":
		s.automaCivEffect(*t.E, ev)
	case "solo_income_vp":
		s.automaIncomeVP(ev)
	case "solo_progress":
		if len(so.Progress) > 0 {
			s.askChance("solo_progress", cardKeys(so.Progress), nil, t)
		}
	case "solo_reshuffle":
		so.Deck = append(so.Deck, so.Discard...)
		for _, c := range so.Pair {
			if c > 0 {
				so.Deck = append(so.Deck, c)
			}
		}
		slices.Sort(so.Deck)
		so.Discard, so.Pair = nil, [2]int8{}
		ev.say("The decision discard and the pair are shuffled into a new decision deck of %s.", count(len(so.Deck), "card"))
	case "solo_finish":
		for _, b := range []int{Automa, Shadow} {
			s.Players[b].Done = true
		}
		ev.say("%s has finished, with %d VP.", who(Automa), s.Players[Automa].VP)
	case "solo_conquer":
		s.automaConquer(t, ev)
	case "solo_explore":
		s.automaExplore(t)
	case "solo_tile":
		s.drawAsk(Automa, "terr", t)
		if s.Ask != nil {
			s.Ask.Kind = "solo_tile"
		}
	case "solo_place":
		s.automaPlace(t, ev)
	case "solo_topple_shadow":
		s.automaToppleShadow(t, ev)
	default:
		return fmt.Errorf("tapestry: unknown task %q", t.Op)
	}
	return nil
}

// cardKeys are chance keys "dc:<n>" over a multiset of decision cards.
func cardKeys(cards []int8) []string {
	var out []string
	for _, c := range cards {
		out = append(out, "dc:"+strconv.Itoa(int(c)))
	}
	return keyList(out)
}

// soloAnswer continues a solo task after its chance step (or the human's
// level-6 civ side).
func (s *State) soloAnswer(a Ask, key string, ev *events) error {
	so := s.Solo
	t := a.Task
	_, arg, _ := strings.Cut(key, ":")
	n, _ := strconv.Atoi(arg)
	switch a.Kind {
	case "solo_fav":
		tr := ScienceDie[n]
		so.Fav[0] = int8(tr)
		so.Civ = []int8{int8(automaCivOf(tr))}
		ev.say("The Automa rolls %s: its favourite track, and it plays the %s.", tr, AutomaCivs[automaCivOf(tr)].Side)
		var opts []string
		for i, f := range ScienceDie {
			if f != tr { // rolled again until it differs (§17.2)
				opts = append(opts, "face:"+strconv.Itoa(i))
			}
		}
		s.askChance("solo_shadow", opts, nil, t)
	case "solo_shadow":
		so.Fav[1] = int8(ScienceDie[n])
		ev.say("The Shadow Empire's favourite track is %s.", ScienceDie[n])
		s.askChance("solo_deck", cardKeys(so.Progress), nil, t)
	case "solo_deck":
		so.Progress = removeOne(so.Progress, int8(n))
		so.Deck = append(so.Deck, int8(n))
		slices.Sort(so.Deck)
		ev.say("The top progress card is shuffled into the decision deck (%s).", count(len(so.Deck), "card"))
		if s.level().SecondCiv {
			var opts []string
			for i, c := range AutomaCivs {
				if i != int(so.Civ[0]) {
					opts = append(opts, "side:"+strings.ToLower(c.Side))
				}
			}
			s.ask("solo_civ", 0, keyList(opts), Task{})
		}
	case "solo_civ":
		so.Civ = append(so.Civ, int8(automaCivIndex(arg)))
		ev.say("%s gives the Automa a second civilization: the %s.", who(0), AutomaCivs[automaCivIndex(arg)].Side)
	case "solo_draw":
		so.Deck = removeOne(so.Deck, int8(n))
		so.Pair[t.Tok] = int8(n)
		if t.Tok == 0 {
			ev.say("The bots draw decision card %d as the track card.", n)
		} else {
			so.Tie = int8(n)
			ev.say("The bots draw decision card %d as the tiebreaker card.", n)
		}
	case "solo_peek":
		so.Tie = int8(n)
		ev.say("The top progress card, decision card %d, breaks the bots' ties for now.", n)
	case "solo_progress":
		so.Progress = removeOne(so.Progress, int8(n))
		so.Discard = append(so.Discard, int8(n))
		ev.say("Progress card %d joins the decision discard.", n)
	case "solo_roll":
		tr := ScienceDie[n]
		s.Science = int8(tr)
		ev.say("%s rolls %s on the science die.", who(int(t.Seat)), tr)
		op := "solo_move"
		if t.Str == "regress" {
			op = "solo_regress"
		}
		s.push(Task{Op: op, Seat: t.Seat, Track: int8(tr), Flag: t.Flag})
	case "solo_stock":
		s.TapDeck = removeOne(s.TapDeck, int8(n))
		so.Stock = append(so.Stock, int8(n))
		ev.say("The Automa puts a tapestry card face down into its trap stock (%d).", len(so.Stock))
	case "solo_slot":
		p := &s.Players[Automa]
		s.TapDeck = removeOne(s.TapDeck, int8(n))
		k := p.slotIndex()
		p.Slots[k] = append(p.Slots[k], SlotCard{Card: int8(n), Down: true})
		ev.say("The top tapestry card goes face down on the Automa's era %d slot.", p.Era)
	case "solo_trap":
		so.Stock = removeOne(so.Stock, int8(n))
		if n == TrapCard {
			s.conquerResolve(t, true, ev) // it discards the Trap
			return nil
		}
		s.TapDiscard = append(s.TapDiscard, int8(n))
		ev.say("The Automa discards %s from its trap stock.", TapCards[n].Name)
		if len(so.Stock) > 0 {
			s.stockAsk(t)
		} else {
			s.conquerResolve(t, false, ev)
		}
	case "solo_tile":
		s.TerrStack = removeOne(s.TerrStack, n)
		t.Tile = n
		opts := make([]string, 6)
		for r := range opts {
			opts[r] = "rot:" + strconv.Itoa(r)
		}
		s.askChance("solo_rot", opts, nil, t)
	case "solo_rot":
		tr := s.Terr(*t.Hex)
		tr.Tile, tr.Rot = t.Tile, int8(n)
		ev.say("The Automa explores %s with territory tile %d (turned %d°).", tr.Hex, t.Tile, 60*n)
	default:
		return fmt.Errorf("tapestry: no answer for %q", a.Kind)
	}
	return nil
}

// needTie makes sure a tiebreaker card is in force: before the first
// decision pair, the top progress card serves (§17.9: a chance step; the
// progress deck, a multiset, needs no reshuffle after). It reports true
// when it asked: t runs again after the answer.
func (s *State) needTie(t Task) bool {
	so := s.Solo
	if so.Tie > 0 {
		return false
	}
	if len(so.Progress) == 0 {
		so.Tie = 1
		return false
	}
	s.push(t)
	s.askChance("solo_peek", cardKeys(so.Progress), nil, Task{Op: "solo_peek"})
	return true
}

// tie is the tiebreaker card in force.
func (s *State) tie() DecisionCard { return DecisionCards[max(1, s.Solo.Tie)-1] }

// botTurn is a later bot turn (§17.3), or their income turn.
func (s *State) botTurn(ev *events) {
	so := s.Solo
	end := Task{Op: "end_turn", Seat: Automa}
	if s.Players[Automa].Era == 0 || len(so.Deck) == 0 {
		s.push(Task{Op: "solo_income"}, end)
		return
	}
	if so.Pair[0] > 0 {
		so.Discard = append(so.Discard, so.Pair[0], so.Pair[1])
		so.Pair = [2]int8{}
	}
	s.push(Task{Op: "solo_draw", Tok: 0}, Task{Op: "solo_draw", Tok: 1}, Task{Op: "solo_decide"}, end)
}

// botAdvance moves a bot once on the track its indicator on the track
// card and the tiebreaker card choose (§17.4).
func (s *State) botAdvance(seat int, ev *events) {
	so := s.Solo
	if so.Pair[0] == 0 || s.Players[seat].Done {
		return
	}
	c := DecisionCards[so.Pair[0]-1]
	ind := c.AutomaTrack
	if seat == Shadow {
		ind = c.ShadowTrack
	}
	tr, ok := s.botTrack(seat, ind, s.tie())
	if !ok {
		ev.say("%s has no track left to advance on.", who(seat))
		return
	}
	s.push(Task{Op: "solo_move", Seat: int8(seat), Track: int8(tr), Flag: seat == Automa})
}

// botTrack chooses a bot's track for an indicator (§17.4): the valid
// tracks, then the tiebreaker card's order (the Shadow Empire reads it
// backwards). It reports false when every track is complete.
func (s *State) botTrack(seat int, ind string, tie DecisionCard) (Track, bool) {
	p := &s.Players[seat]
	var valid []Track
	for t := range Track(NumTracks) {
		if p.Position(t) < 12 {
			valid = append(valid, t)
		}
	}
	if len(valid) == 0 {
		return 0, false
	}
	var score func(Track) int // higher is better
	switch ind {
	case "nearest_end":
		score = func(t Track) int { return p.Position(t) }
	case "nearest_landmark_or_end":
		score = func(t Track) int { return -s.landmarkDistance(seat, t) }
	}
	if score != nil {
		best := score(valid[0])
		for _, t := range valid {
			best = max(best, score(t))
		}
		valid = slices.DeleteFunc(valid, func(t Track) bool { return score(t) < best })
	}
	if len(valid) == 1 {
		return valid[0], true
	}
	fav := Track(s.Solo.Fav[seat-1])
	order := slices.Clone(tie.TrackOrder)
	if seat == Shadow {
		slices.Reverse(order)
	}
	for _, name := range order {
		t := fav
		if name != "favourite" {
			t = trackOf(name)
		}
		if slices.Contains(valid, t) {
			return t, true
		}
	}
	return fav, true
}

// landmarkDistance is the spaces from seat's token on t to the next
// unclaimed track landmark ahead, or to space 12.
func (s *State) landmarkDistance(seat int, t Track) int {
	pos := s.Players[seat].Position(t)
	for v := pos + 1; v < 12; v++ {
		if lm := spaceLandmark(t, v); lm >= 0 && s.LandOwner[lm] < 0 {
			return v - pos
		}
	}
	return 12 - pos
}

// botMove advances a bot's token one space (any cause): the others'
// opponent-advance hooks, the complete-a-track achievement, a landmark
// for the Automa, then with Flag the Automa's benefits (§17.5, §17.6).
func (s *State) botMove(t Task, ev *events) {
	seat, tr := int(t.Seat), Track(t.Track)
	p := &s.Players[seat]
	if p.Done || p.Tokens[tr][0] >= 12 {
		return
	}
	to := int(p.Tokens[tr][0]) + 1
	p.Tokens[tr][0] = int8(to)
	ev.say("%s advances on %s to %s (%d).", who(seat), tr, Spaces[tr][to-1].Name, to)
	var ts []Task
	for _, o := range s.Opponents(seat) {
		ts = append(ts, s.fireTasks(o, "opponent_advances", tr.String())...)
	}
	if to == 12 {
		s.achieve(seat, 0, ev)
	}
	if lm := spaceLandmark(tr, to); lm >= 0 && s.LandOwner[lm] < 0 {
		s.LandOwner[lm] = Automa
		if seat == Automa {
			ev.say("%s claims the %s.", who(Automa), Landmarks[lm].Name)
		} else {
			ev.say("%s claims the %s: it goes onto the Automa's mat.", who(seat), Landmarks[lm].Name)
		}
		// Either bot's landmark is the Automa's for every purpose,
		// Historians' tokens included (§17.6).
		s.historiansClaim(Automa, ev)
	}
	if t.Flag && seat == Automa {
		ts = append(ts, Task{Op: "solo_benefit", Seat: Automa, Track: int8(tr), N: to})
	}
	s.push(ts...)
}

// botRegress moves a bot's token one space down (void at 0); with Flag
// the Automa gains the benefits of the space it lands on.
func (s *State) botRegress(t Task, ev *events) {
	seat, tr := int(t.Seat), Track(t.Track)
	p := &s.Players[seat]
	if p.Done || p.Tokens[tr][0] <= 0 {
		return
	}
	to := int(p.Tokens[tr][0]) - 1
	p.Tokens[tr][0] = int8(to)
	ev.say("%s goes back on %s to %d.", who(seat), tr, to)
	if t.Flag && seat == Automa && to > 0 {
		s.push(Task{Op: "solo_benefit", Seat: Automa, Track: int8(tr), N: to})
	}
}

// automaIcons are the parts of a benefit the Automa takes (§17.5), each
// kind once (R35): research, advance or regress, invent or refresh (as
// one), conquer, explore, tapestry card. Of "X or Y" it takes the first
// option; any_order lists are read in order.
func automaIcons(effs []Effect) []Effect {
	var out []Effect
	seen := map[string]bool{}
	var walk func([]Effect)
	walk = func(es []Effect) {
		for _, e := range es {
			kind := e.Do
			switch e.Do {
			case "choose":
				if len(e.Options) > 0 {
					walk(e.Options[0])
				}
				continue
			case "any_order":
				walk(e.Effects)
				continue
			case "invent", "refresh_tech":
				kind = "refresh"
			case "research", "advance", "regress", "conquer", "explore", "tapestry_cards":
			default:
				continue
			}
			if !seen[kind] {
				seen[kind] = true
				out = append(out, e)
			}
		}
	}
	walk(effs)
	return out
}

// automaBenefit queues what the Automa takes from space N of Track.
func (s *State) automaBenefit(t Task) {
	var ts []Task
	for _, e := range automaIcons(Spaces[t.Track][t.N-1].Benefit) {
		switch e.Do {
		case "research":
			ts = append(ts, Task{Op: "solo_research", Seat: Automa, Flag: e.Full})
		case "advance", "regress":
			op := "solo_move"
			if e.Do == "regress" {
				op = "solo_regress"
			}
			if e.Track != "" {
				ts = append(ts, Task{Op: op, Seat: Automa, Track: int8(trackOf(e.Track)), Flag: e.Benefit})
				continue
			}
			// A choice of tracks: roll until one of them shows.
			var list []int
			for _, name := range e.Tracks {
				list = append(list, int(trackOf(name)))
			}
			ts = append(ts, Task{Op: "solo_roll_tracks", Seat: Automa, List: list, Str: e.Do, Flag: e.Benefit})
		case "invent", "refresh_tech":
			ts = append(ts, Task{Op: "solo_refresh"})
		case "conquer":
			ts = append(ts, Task{Op: "solo_conquer", Seat: Automa, Flag: e.Anywhere})
		case "explore":
			ts = append(ts, Task{Op: "solo_explore", Seat: Automa, Flag: e.Anywhere})
		case "tapestry_cards":
			ts = append(ts, Task{Op: "solo_stock"})
		}
	}
	s.push(ts...)
}

// botIncome is the bots' income turn (§17.9).
func (s *State) botIncome(ev *events) {
	so := s.Solo
	a := &s.Players[Automa]
	a.Era++
	s.Players[Shadow].Era = a.Era
	n := int(a.Era)
	lv := s.level()
	ev.say("The bots take income turn %d.", n)
	var ts []Task
	if n == 1 {
		if lv.TapestryDraw {
			ts = append(ts, Task{Op: "solo_stock"})
		}
		s.push(ts...) // R16: nothing else
		return
	}
	ts = append(ts, Task{Op: "solo_favourites"})
	if lv.IncomeAdvance { // R17: both bots
		ts = append(ts, Task{Op: "solo_advance", Seat: Automa}, Task{Op: "solo_advance", Seat: Shadow})
	}
	if lv.CivAbility {
		for _, c := range so.Civ {
			for _, e := range AutomaCivs[c].AbilityOn(n) {
				ts = append(ts, Task{Op: "solo_civ_eff", Seat: Automa, E: &e})
			}
		}
	}
	ts = append(ts, Task{Op: "solo_income_vp"})
	if n <= 4 {
		k := 2
		if n >= 3 {
			k += lv.ExtraProgress
		}
		for range k {
			ts = append(ts, Task{Op: "solo_progress"})
		}
		ts = append(ts, Task{Op: "solo_slot"})
		if lv.TapestryDraw {
			ts = append(ts, Task{Op: "solo_stock"})
		}
		ts = append(ts, Task{Op: "solo_reshuffle"})
	} else {
		ts = append(ts, Task{Op: "solo_finish"})
	}
	s.push(ts...)
}

// botFavourites is income step 1: a bot whose favourite track is complete
// or led by another player takes a new favourite (§17.9).
func (s *State) botFavourites(ev *events) {
	for _, seat := range []int{Automa, Shadow} {
		fav := Track(s.Solo.Fav[seat-1])
		mine := s.Players[seat].Position(fav)
		ahead := mine >= 12
		for o := range s.Players {
			if o != seat && s.Players[o].Position(fav) > mine {
				ahead = true
			}
		}
		if !ahead {
			continue
		}
		if t, ok := s.botTrack(seat, "nearest_landmark_or_end", s.tie()); ok && t != fav {
			s.Solo.Fav[seat-1] = int8(t)
			ev.say("%s's favourite track becomes %s.", who(seat), t)
		}
	}
}

// automaCivEffect resolves one item of an Automa civ ability.
func (s *State) automaCivEffect(e Effect, ev *events) {
	a := &s.Players[Automa]
	switch e.Do {
	case "explore":
		s.push(Task{Op: "solo_explore", Seat: Automa, Flag: e.Anywhere})
	case "conquer":
		s.push(Task{Op: "solo_conquer", Seat: Automa, Flag: e.Anywhere})
	case "research":
		s.push(Task{Op: "solo_research", Seat: Automa, Flag: e.Full})
	case "vp_per":
		n := e.Each * s.count(Automa, e.Per, e.Track)
		s.addVP(Automa, n, strings.ReplaceAll(e.Per, "_", " "), ev, "")
	case "bespoke":
		switch e.ID {
		case "automa_conquer_if_fewer_territories_than_turn":
			if s.Controlled(Automa) < int(a.Era) {
				s.push(Task{Op: "solo_conquer", Seat: Automa})
			}
		case "automa_topple_shadow_if_more_than_two_single_token":
			s.push(Task{Op: "solo_topple_shadow", Seat: Automa})
		}
	}
}

// automaIncomeVP is the Automa's VP step (§17.9 step 4).
func (s *State) automaIncomeVP(ev *events) {
	a := &s.Players[Automa]
	n := int(a.Era)
	m := AutomaMult[s.level().MatSide][n]
	vp := m.TerritoriesLandmarks*(s.Controlled(Automa)+s.count(Automa, "landmarks", "")) +
		m.MilitaryScience*(a.Position(Military)+a.Position(Science)) +
		m.ExplorationTech*(a.Position(Exploration)+a.Position(Technology))
	s.addVP(Automa, vp, "income turn", ev, "")
	if bonus := AutomaEraVP[n]; bonus > 0 && s.Players[0].Era < int8(n) {
		s.addVP(Automa, bonus, "first into era "+strconv.Itoa(n), ev, "")
	}
}
