package tapestry

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
)

// exec runs one task.
func (s *State) exec(t Task, ev *events) error {
	seat := int(t.Seat)
	switch t.Op {
	case "eff":
		if s.Players[seat].Done {
			return nil // R29: a finished player gains nothing
		}
		return s.effect(seat, *t.E, t.Hex, t.Why, ev)
	case "income":
		s.incomeTurn(seat, t.Flag, ev)
	case "inc_play":
		s.incomePlay(seat, ev)
	case "inc_upgrade":
		s.upgradeAsk(seat, true, t)
	case "inc_vp":
		s.incomeVP(seat, ev)
	case "inc_income":
		s.incomeIncome(seat, ev)
	case "inc_end":
		s.incomeEnd(seat, ev)
	case "end_turn":
		s.endTurn(seat)
	case "advance_turn":
		s.advanceTurn(t, ev)
	case "move":
		s.moveOne(t, ev)
	case "regress":
		s.regressOne(t, ev)
	case "space_benefit":
		s.spaceBenefit(seat, Track(t.Track), t.N, t.Str, t.Flag, t.M == 1)
	case "bonus":
		s.bonusAsk(seat, Track(t.Track), t.N, t.Str == "free")
	case "claim":
		s.claimLandmark(seat, t.N, ev)
	case "place_lm":
		s.placeLandmarkAsk(seat, t.N)
	case "building":
		s.takeBuilding(seat, Building(t.N), ev)
	case "place_bld":
		s.placeBuildingAsk(seat, Building(t.N))
	case "draw":
		s.drawAsk(seat, t.Str, t)
	case "explore":
		s.exploreStart(t, ev)
	case "explore_go":
		s.exploreTileAsk(t)
	case "explore_done":
		s.exploreFinish(t, ev)
	case "conquer":
		s.conquerAsk(t)
	case "conquer_dice":
		s.askChance("conquer_roll", diceOpts(), nil, t)
	case "research":
		s.researchRoll(t)
	case "invent":
		s.inventAsk(t)
	case "upgrade":
		s.upgradeAsk(seat, false, t)
	case "refill":
		s.refillTech(t)
	case "achieve":
		s.checkTopple(ev)
	case "gain_any":
		s.gainAnyAsk(seat, t.N, t.Str)
	case "bespoke":
		return s.bespoke(t, ev)
	case "play_card":
		s.playCardAsk(seat, t.Flag, t)
	case "mats":
		s.matsAsk()
	case "setup_end":
		s.Setup = false
		s.push(Task{Op: "refill"})
	case "civ_choose":
		s.civChooseAsk(seat)
	case "civ_reveal":
		s.civReveal(ev)
	case "civ_setup":
		s.civSetup(seat, ev)
	case "civ_predict":
		s.predictAsk(t)
	case "inc_civ":
		s.civIncomeStep(t)
	case "civ_act":
		return s.civStep(t, ev)
	case "civ_midgame":
		s.civMidgame(t, ev)
	case "civ_heralds_fire":
		s.heraldsFireAsk(seat)
	case "civ_alch_next":
		s.alchemistsAdvance(t)
	case "civ_inv_copy":
		if !s.Players[seat].Done {
			s.ask("c:inventors_copy", seat, []string{"invcopy:copy", "invcopy:skip"}, t)
		}
	case "explore_place":
		if s.rule(seat, "explore_may_double_tile_benefit_instead_of_vp", -1) {
			s.ask("exploit", seat, []string{"double", "vp"}, t)
		} else {
			s.explorePlace(t, false, ev)
		}
	case "upgrade_card":
		s.upgradeCard(seat, t.N, ev)
	default:
		if ok, err := s.civTask(t, ev); ok {
			return err
		}
		if strings.HasPrefix(t.Op, "civ_") {
			return s.civExec(t, ev)
		}
		if strings.HasPrefix(t.Op, "solo_") {
			return s.soloExec(t, ev)
		}
		return fmt.Errorf("tapestry: unknown task %q", t.Op)
	}
	return nil
}

// effect resolves one effect of the vocabulary (spec §13.2); why names
// its source, the cause of the VP it gives.
func (s *State) effect(seat int, e Effect, hex *Hex, why string, ev *events) error {
	p := &s.Players[seat]
	switch e.Do {
	case "gain":
		if e.Res != nil {
			s.gain(seat, *e.Res)
		}
	case "gain_any":
		s.push(Task{Op: "gain_any", Seat: int8(seat), N: e.N})
	case "lose":
		if e.Res != nil {
			for i, n := range e.Res {
				p.Res[i] = max(0, p.Res[i]-n)
			}
		}
	case "lose_any":
		n := min(e.N, p.Res.Total())
		if n > 0 {
			s.push(Task{Op: "gain_any", Seat: int8(seat), N: n, Str: "lose"})
		}
	case "vp":
		s.vp(seat, e.N, why, ev)
	case "vp_per":
		s.vp(seat, e.Each*s.count(seat, e.Per, e.Track), why, ev)
	case "score_capital":
		s.vp(seat, s.capitalScore(seat), why, ev)
	case "territory_tiles":
		s.pushDraws(seat, "terr", e.N)
	case "space_tiles":
		s.pushDraws(seat, "space", e.N)
	case "tapestry_cards":
		s.pushDraws(seat, "tap", e.N)
	case "building":
		s.push(Task{Op: "building", Seat: int8(seat), N: int(buildingOf(e.Type))})
	case "building_choice":
		var opts []string
		for _, ty := range e.Types {
			if p.Taken[buildingOf(ty)] < 5 {
				opts = append(opts, "build:"+ty)
			}
		}
		if len(opts) > 0 {
			s.ask("building_choice", seat, keyList(opts), Task{Op: "building", Seat: int8(seat)})
		}
	case "landmark":
		if i := LandmarkIndex(e.Name); i >= 0 && s.LandOwner[i] < 0 {
			s.push(Task{Op: "claim", Seat: int8(seat), N: i})
		}
	case "landmark_any_track":
		var opts []string
		for i, l := range Landmarks {
			if l.Board && s.LandOwner[i] < 0 {
				opts = append(opts, "lmk:"+strconv.Itoa(i))
			}
		}
		if len(opts) > 0 {
			s.ask("landmark_choice", seat, keyList(opts), Task{Op: "claim", Seat: int8(seat)})
		}
	case "explore":
		s.push(Task{Op: "explore", Seat: int8(seat), Flag: e.Anywhere})
	case "explore_space":
		if len(p.Space) > 0 {
			var opts []string
			for _, id := range p.Space {
				opts = append(opts, "space:"+strconv.Itoa(id))
			}
			s.ask("explore_space", seat, keyList(opts), Task{Op: "explore_space", Seat: int8(seat)})
		}
	case "conquer":
		s.push(Task{Op: "conquer", Seat: int8(seat), Flag: e.Anywhere, Str: e.BothDice})
	case "territory_benefit":
		if hex != nil {
			if tr := s.Terr(*hex); tr != nil && tr.Tile != 0 {
				s.pushEffects(seat, Territories[tr.Tile-1].Benefit, hex, "territory benefit")
			}
		}
	case "research":
		s.push(Task{Op: "research", Seat: int8(seat), Flag: e.Full, N: e.MaxoutVP, Why: why})
	case "invent":
		s.push(Task{Op: "invent", Seat: int8(seat), Str: e.Source, Flag: e.ThenUpgrade})
	case "refresh_tech":
		if e.Optional {
			s.ask("refresh", seat, []string{"norefresh", "refresh"}, Task{Op: "refresh", Seat: int8(seat)})
		} else {
			s.refreshTech(ev)
		}
	case "upgrade":
		s.push(Task{Op: "upgrade", Seat: int8(seat)})
	case "tech_circle", "tech_square":
		row := 1
		if e.Do == "tech_square" {
			row = 2
		}
		var opts []string
		for _, c := range p.Tech[row] {
			if row == 2 && TechCards[c].Name == "Lithium-Ion Battery" && p.BatteryUsed {
				continue
			}
			opts = append(opts, "card:"+strconv.Itoa(c))
		}
		if len(opts) > 0 {
			s.ask(e.Do, seat, keyList(opts), Task{Op: e.Do, Seat: int8(seat), N: row})
		}
	case "advance", "regress":
		s.trackEffectAsk(seat, e, why, ev)
	case "repeat_position":
		s.repeatAsk(seat, e)
	case "overplay_tapestry":
		if len(p.Hand) > 0 && p.Era < 5 {
			s.push(Task{Op: "play_card", Seat: int8(seat), Flag: true})
		}
	case "gain_civilization":
		// Void when the game has no civilizations or the deck is empty.
		if s.civsOn() {
			s.push(Task{Op: "draw", Seat: int8(seat), Str: "civ"})
		}
	case "choose":
		var opts []string
		for i, o := range e.Options {
			if s.possible(seat, o) {
				opts = append(opts, "opt:"+strconv.Itoa(i))
			}
		}
		if len(opts) > 0 {
			s.ask("choose", seat, opts, Task{Op: "choose", Seat: int8(seat), E: &e, Hex: hex, Why: why})
		}
	case "any_order":
		switch len(e.Effects) {
		case 0:
		case 1:
			s.pushEffects(seat, e.Effects, hex, why)
		default:
			var opts []string
			for i := range e.Effects {
				opts = append(opts, "first:"+strconv.Itoa(i))
			}
			s.ask("any_order", seat, opts, Task{Op: "any_order", Seat: int8(seat), E: &e, Hex: hex, Why: why})
		}
	case "bespoke":
		s.push(Task{Op: "bespoke", Seat: int8(seat), Str: e.ID, Hex: hex})
	default:
		return fmt.Errorf("tapestry: unknown effect %q", e.Do)
	}
	return nil
}

// gain adds resources up to the cap; the excess is lost (R19).
func (s *State) gain(seat int, r Res) {
	p := &s.Players[seat]
	if p.Done {
		return
	}
	for i, n := range r {
		p.Res[i] = min(ResCap, p.Res[i]+n)
	}
}

// vp gives seat n VP (none to a finished player, R29) for cause, told in
// a line of its own.
func (s *State) vp(seat, n int, cause string, ev *events) {
	if n <= 0 || s.Players[seat].Done {
		return
	}
	s.addVP(seat, n, cause, ev, "")
}

// addVP is the one place a seat's VP change: it adds n (a loss when
// negative) and tells the table with a score clause (games.Points) for
// cause, after lead when lead is not empty ("{{p0}} keeps the red die.
// {{p0}} +7 VP (red die)."). A change of 0 tells lead alone.
func (s *State) addVP(seat, n int, cause string, ev *events, lead string) {
	s.Players[seat].VP += n
	line := lead
	if n != 0 {
		if line != "" {
			line += " "
		}
		line += games.Points(games.Seat(seat), n, "VP", cause) + "."
	}
	if line != "" && ev != nil {
		ev.list = append(ev.list, games.Event{Public: line})
	}
}

// count reads a vp_per counter (spec §13.2).
func (s *State) count(seat int, per, track string) int {
	p := &s.Players[seat]
	switch per {
	case "tech_cards":
		return p.TechCount()
	case "controlled_territories":
		return s.Controlled(seat)
	case "farms":
		return int(p.Taken[Farm])
	case "houses":
		return int(p.Taken[House])
	case "markets":
		return int(p.Taken[Market])
	case "armories":
		return int(p.Taken[Armory])
	case "territory_tiles_in_supply":
		return len(p.Tiles)
	case "tapestry_cards_total":
		n := len(p.Hand)
		for _, sl := range p.Slots {
			n += len(sl)
		}
		return n
	case "landmarks":
		n := 0
		for _, o := range s.LandOwner {
			if int(o) == seat {
				n++
			}
		}
		return n
	case "track_position":
		return p.Position(trackOf(track))
	}
	return 0
}

// gainAnyAsk asks which resources n "any" units are (or, with mode
// "lose", which are lost).
func (s *State) gainAnyAsk(seat, n int, mode string) {
	p := &s.Players[seat]
	if p.Done || n <= 0 {
		return
	}
	var opts []string
	if mode == "lose" {
		for _, r := range resCombos(n, func(r Res) bool { return fits(p.Res, r) }) {
			opts = append(opts, "lose:"+resKey(r))
		}
	} else {
		room := Res{}
		free := 0
		for i := range room {
			room[i] = ResCap - p.Res[i]
			if mode == "nofood" && i == Food {
				room[i] = 0
			}
			free += room[i]
		}
		k := min(n, free)
		if k == 0 {
			return
		}
		for _, r := range resCombos(k, func(r Res) bool { return fits(room, r) }) {
			opts = append(opts, "gain:"+resKey(r))
		}
	}
	s.ask("gain_any", seat, keyList(opts), Task{Op: "gain_any", Seat: int8(seat), N: n, Str: mode})
}

// fits reports whether r is within have, resource by resource.
func fits(have, r Res) bool {
	for i := range r {
		if r[i] > have[i] {
			return false
		}
	}
	return true
}

// pushDraws queues n draws of kind "tap", "terr", "space" or "tech".
func (s *State) pushDraws(seat int, kind string, n int) {
	for range n {
		s.push(Task{Op: "draw", Seat: int8(seat), Str: kind})
	}
}

// drawAsk asks chance for one draw from a deck (each draw is a chance
// step, §16), reshuffling the discard first when the deck is empty. An
// empty deck and discard make the draw void.
func (s *State) drawAsk(seat int, kind string, t Task) {
	if s.Players[seat].Done && kind != "row" {
		return
	}
	var deck *[]int
	switch kind {
	case "tap", "slot":
		if len(s.TapDeck) == 0 {
			s.TapDeck, s.TapDiscard = s.TapDiscard, nil
		}
		if len(s.TapDeck) == 0 {
			return
		}
		opts, w := pileOpts(s.TapDeck, len(TapCards), "card:")
		s.askChance("draw_"+kind, opts, w, t)
		return
	case "civ":
		if len(s.CivDeck) == 0 {
			// Only Futurists and Mystics lie under the deck, and drawing
			// either means setting it under again: once the deck above them
			// runs out, nothing is gained (§14).
			return
		}
		opts, w := pileOpts(s.CivDeck, len(Civs), "id:")
		s.askChance("draw_civ", opts, w, t)
		return
	case "terr":
		if len(s.TerrStack) == 0 {
			s.TerrStack, s.TerrDiscard = s.TerrDiscard, nil
		}
		deck = &s.TerrStack
	case "space":
		deck = &s.SpaceStack
	case "tech", "row":
		if len(s.TechDeck) == 0 {
			s.TechDeck, s.TechDiscard = s.TechDiscard, nil
		}
		deck = &s.TechDeck
	}
	if len(*deck) == 0 {
		return
	}
	opts := make([]string, 0, len(*deck))
	for _, id := range *deck {
		opts = append(opts, "id:"+strconv.Itoa(id))
	}
	s.askChance("draw_"+kind, keyList(opts), nil, t)
}

// drawn applies a chance draw.
func (s *State) drawn(a Ask, key string, ev *events) {
	t := a.Task
	seat := int(t.Seat)
	n, _ := strconv.Atoi(key[strings.IndexByte(key, ':')+1:])
	p := &s.Players[seat]
	switch a.Kind {
	case "draw_tap":
		s.TapDeck = removeOne(s.TapDeck, int8(n))
		p.Hand = append(p.Hand, int8(n))
		ev.private(seat, who(seat)+" draws a tapestry card.", "You drew "+TapCards[n].Name+".")
		s.push(s.fireTasks(seat, "gain_tapestry_card", "")...)
	case "draw_terr":
		s.TerrStack = removeOne(s.TerrStack, n)
		p.Tiles = append(p.Tiles, n)
		ev.say("%s draws territory tile %d.", who(seat), n)
	case "draw_space":
		s.SpaceStack = removeOne(s.SpaceStack, n)
		p.Space = append(p.Space, n)
		ev.say("%s draws space tile %d.", who(seat), n)
	case "draw_tech":
		s.TechDeck = removeOne(s.TechDeck, n)
		s.gainTech(seat, n, ev)
	case "draw_civ":
		s.CivDeck = removeOne(s.CivDeck, int8(n))
		s.civDrawn(seat, n, t, ev)
	case "draw_row":
		s.TechDeck = removeOne(s.TechDeck, n)
		s.TechRow = append(s.TechRow, n)
		ev.say("%s is revealed in the tech row.", TechCards[n].Name)
	}
}

func removeOne[T comparable](xs []T, x T) []T {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

// possible reports whether an effect list can do anything for seat now,
// for `choose` (an option must be possible if any is).
func (s *State) possible(seat int, effs []Effect) bool {
	p := &s.Players[seat]
	for _, e := range effs {
		switch e.Do {
		case "building":
			if p.Taken[buildingOf(e.Type)] < 5 {
				return true
			}
		case "explore":
			if len(p.Tiles) > 0 && len(s.exploreHexes(seat, e.Anywhere)) > 0 {
				return true
			}
		case "conquer":
			if p.Outposts > 0 && len(s.conquerTargets(seat, e.Anywhere)) > 0 {
				return true
			}
		case "upgrade":
			if len(s.upgradable(seat)) > 0 {
				return true
			}
		case "lose", "lose_any":
			if p.Res.Total() > 0 {
				return true
			}
		case "gain_any":
			if p.Res.Total() < NumRes*ResCap {
				return true
			}
		case "bespoke":
			if e.ID != "revolution_flip" || len(s.revolutionTargets(seat)) > 0 {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// civDrawn gives a drawn civilization to seat: dealt in secret at setup
// (Flag), gained otherwise.
func (s *State) civDrawn(seat, c int, t Task, ev *events) {
	if t.Flag {
		p := &s.Players[seat]
		p.Dealt = append(p.Dealt, int8(c))
		ev.private(seat, who(seat)+" is dealt a civilization.", "You are dealt "+theCiv(c)+".")
		return
	}
	s.gainCiv(seat, c, ev)
}

// pileOpts lists a pile's distinct entries as chance keys prefix+<entry>,
// with their multiplicities as weights (drawing from a multiset, §16).
func pileOpts(pile []int8, n int, prefix string) ([]string, []int) {
	counts := make([]int, n)
	for _, c := range pile {
		counts[c]++
	}
	var opts []string
	var w []int
	for c, k := range counts {
		if k > 0 {
			opts = append(opts, prefix+strconv.Itoa(c))
			w = append(w, k)
		}
	}
	return opts, w
}
