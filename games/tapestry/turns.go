package tapestry

import (
	"fmt"
	"strconv"
)

// nextTurn starts the next unfinished seat's turn, or ends the game.
func (s *State) nextTurn(ev *events) {
	if s.Setup {
		return
	}
	all := true
	for i := range s.Players {
		if !s.Players[i].Done {
			all = false
		}
	}
	if all {
		s.Over = true
		ev.say("Every player has finished their fifth income turn: the game is over.")
		return
	}
	for s.Players[s.Turn].Done {
		s.Turn = int8((int(s.Turn) + 1) % s.turnRing())
	}
	if s.bot(int(s.Turn)) {
		s.push(Task{Op: "solo_turn", Seat: s.Turn}) // the bots' turn (§17.3)
		return
	}
	s.turnAsk()
}

// turnAsk offers the player to act the income turn or the legal advances.
func (s *State) turnAsk() {
	seat := int(s.Turn)
	p := &s.Players[seat]
	opts := []string{"income"}
	if p.Era > 0 {
		for t := range Track(NumTracks) {
			for k := range p.Tokens[t] {
				if s.canAdvanceTurn(seat, t, k) {
					key := "adv:" + t.String()
					if len(p.Tokens[t]) > 1 {
						key += ":" + strconv.Itoa(k)
					}
					opts = append(opts, key)
				}
			}
		}
	}
	s.ask("turn", seat, keyList(opts), Task{Seat: int8(seat)})
}

// canAdvanceTurn reports whether token k may take an advance turn on t.
func (s *State) canAdvanceTurn(seat int, t Track, k int) bool {
	p := &s.Players[seat]
	from := int(p.Tokens[t][k])
	if from >= 12 || s.forbidden(seat, t) {
		return false
	}
	return len(s.payOptions(p.Res, Spaces[t][from].Cost, t)) > 0
}

// payOptions lists the full payments of a cost (the "any" part in every
// mix the player can afford).
func (s *State) payOptions(have Res, c Cost, t Track) []Res {
	fixed := c.Res
	if !fits(have, fixed) {
		return nil
	}
	left := have
	for i := range left {
		left[i] -= fixed[i]
	}
	var out []Res
	for _, r := range resCombos(c.Any, func(r Res) bool { return fits(left, r) }) {
		for i := range r {
			r[i] += fixed[i]
		}
		out = append(out, r)
	}
	return out
}

// endTurn closes a turn and passes play on.
func (s *State) endTurn(seat int) {
	p := &s.Players[seat]
	p.BatteryUsed = false
	if p.ForbidTurns > 0 {
		p.ForbidTurns--
	}
	s.Moves++
	s.Turn = int8((seat + 1) % s.turnRing())
}

// incomeTurn starts an income turn: the era changes, the previous this-era
// card stops at once (§8.2), and the steps are queued. forced says the
// player could not advance; the log tells it, and the turn's last task
// keeps it for the view (View.Income).
func (s *State) incomeTurn(seat int, forced bool, ev *events) {
	p := &s.Players[seat]
	p.Era++
	p.Copy = -1
	p.Partner, p.PartnerTrack = -1, -1
	if forced {
		ev.say("%s cannot advance on any track: income turn %d.", who(seat), p.Era)
	} else {
		ev.say("%s takes income turn %d.", who(seat), p.Era)
	}
	ts := []Task{{Op: "inc_civ", Seat: int8(seat)}}
	if p.Era >= 2 && p.Era <= 4 {
		ts = append(ts, Task{Op: "inc_play", Seat: int8(seat)})
	}
	if p.Era >= 2 {
		ts = append(ts, Task{Op: "inc_upgrade", Seat: int8(seat)}, Task{Op: "inc_vp", Seat: int8(seat)})
	}
	if p.Era <= 4 {
		ts = append(ts, Task{Op: "inc_income", Seat: int8(seat)})
	}
	ts = append(ts, Task{Op: "inc_end", Seat: int8(seat), Flag: forced}, Task{Op: "end_turn", Seat: int8(seat)})
	s.push(ts...)
}

// incomePlay is step 2: the first-of-neighbours bonus, then a card.
func (s *State) incomePlay(seat int, ev *events) {
	p := &s.Players[seat]
	first := true
	for _, n := range s.Neighbours(seat) {
		if s.Players[n].Era >= p.Era {
			first = false
		}
	}
	var ts []Task
	// §5.3: the bonus of era N is printed under slot N (1, 2, 3 any for
	// eras 2, 3, 4); NeighbourBonus is indexed by slot, not era-1.
	if first && NeighbourBonus[p.Era] > 0 {
		ev.say("%s is the first of their neighbours into era %d.", who(seat), p.Era)
		ts = append(ts, Task{Op: "gain_any", Seat: int8(seat), N: NeighbourBonus[p.Era]})
	}
	ts = append(ts, Task{Op: "play_card", Seat: int8(seat)})
	s.push(ts...)
}

// incomeVP is step 3's scoring of the uncovered VP icons.
func (s *State) incomeVP(seat int, ev *events) {
	p := &s.Players[seat]
	n := 0
	for sp := range p.Uncovered() {
		for _, e := range sp.VP {
			switch e.Do {
			case "vp":
				n += e.N
			case "vp_per":
				n += e.Each * s.count(seat, e.Per, e.Track)
			case "score_capital":
				n += s.capitalScore(seat)
			}
		}
	}
	lead := ""
	if n == 0 {
		lead = who(seat) + " scores nothing from their income mat."
	}
	s.addVP(seat, n, "income turn "+strconv.Itoa(int(p.Era)), ev, lead)
}

// incomeIncome is step 4: resources, then tiles and cards, then hooks.
func (s *State) incomeIncome(seat int, ev *events) {
	p := &s.Players[seat]
	var got Res
	tiles, cards, coins, food := 0, 0, 0, 0
	for sp := range p.Uncovered() {
		for _, e := range sp.Income {
			switch e.Do {
			case "gain":
				for k, n := range e.Res {
					got[k] += n
				}
				coins += e.Res[Coin]
				food += e.Res[Food]
			case "territory_tiles":
				tiles += e.N
			case "tapestry_cards":
				cards += e.N
			}
		}
	}
	s.gain(seat, got)
	ev.say("%s collects income: %s.", who(seat), resText(got))
	var ts []Task
	for range tiles {
		ts = append(ts, Task{Op: "draw", Seat: int8(seat), Str: "terr"})
	}
	for range cards {
		ts = append(ts, Task{Op: "draw", Seat: int8(seat), Str: "tap"})
	}
	for _, h := range s.hooks(seat) {
		if h.When == "income_step" {
			for _, e := range h.Effects {
				t := Task{Op: "bespoke", Seat: int8(seat), Str: e.ID, N: coins}
				if e.ID == "mercantilism_convert" {
					t.N = food
				}
				ts = append(ts, t)
			}
		}
	}
	s.push(ts...)
}

// incomeEnd closes an income turn (the fifth finishes the player).
func (s *State) incomeEnd(seat int, ev *events) {
	p := &s.Players[seat]
	if p.Era == 1 {
		s.civEndOfFirstIncome(seat)
	}
	if p.Era == 5 {
		p.Done = true
		ev.say("%s has finished, with %d VP.", who(seat), p.VP)
	}
}

// advanceTurn pays for and makes an advance turn's move.
func (s *State) advanceTurn(t Task, ev *events) {
	seat, tr, k := int(t.Seat), Track(t.Track), int(t.Tok)
	p := &s.Players[seat]
	from := int(p.Tokens[tr][k])
	var opts []string
	for _, r := range s.payOptions(p.Res, Spaces[tr][from].Cost, tr) {
		opts = append(opts, "pay:"+resKey(r))
	}
	s.ask("pay", seat, keyList(opts), t)
}

// moveOne advances token Tok of seat on Track by N spaces (one when N is
// 0): triggers, then landmarks, then (Flag) the benefit, then the bonus
// per Str (§6.2). Tok -1 lets the player pick the token (§6.5, R21).
// A move of several spaces is one advance (Socialism, R24): the advance
// hooks fire once, every tier entered fires, every unclaimed landmark
// passed is claimed, and only the destination counts as "reached".
func (s *State) moveOne(t Task, ev *events) {
	if t.Tok < 0 && !s.pickToken(&t, true) {
		return
	}
	seat, tr, k := int(t.Seat), Track(t.Track), int(t.Tok)
	p := &s.Players[seat]
	if p.Done || k >= len(p.Tokens[tr]) || p.Tokens[tr][k] >= 12 || s.forbidden(seat, tr) {
		return
	}
	from := int(p.Tokens[tr][k])
	to := min(12, from+max(1, t.N))
	p.Tokens[tr][k] = int8(to)
	ev.say("%s advances on %s to %s (%d).", who(seat), tr, Spaces[tr][to-1].Name, to)
	var ts []Task
	ts = append(ts, s.fireTasks(seat, "advance", tr.String())...)
	for _, o := range s.Opponents(seat) {
		ts = append(ts, s.fireTasks(o, "opponent_advances", tr.String())...)
	}
	for v := from + 1; v <= to; v++ {
		if v == 1 || v == 4 || v == 7 || v == 10 {
			ts = append(ts, s.fireTasks(seat, "enter_new_tier", "")...)
		}
		if v == 12 {
			s.achieve(seat, 0, ev)
		}
		if lm := spaceLandmark(tr, v); lm >= 0 {
			if s.LandOwner[lm] < 0 {
				ts = append(ts, Task{Op: "claim", Seat: int8(seat), N: lm})
			} else if v == to {
				ts = append(ts, s.fireTasks(seat, "enter_claimed_landmark_space", "")...)
			}
		}
	}
	if t.Flag {
		ts = append(ts, Task{Op: "space_benefit", Seat: int8(seat), Track: int8(tr), N: to, Str: t.Str, Flag: true, M: 1})
	} else if t.Str == "pay" || t.Str == "free" {
		ts = append(ts, Task{Op: "bonus", Seat: int8(seat), Track: int8(tr), N: to, Str: t.Str})
	}
	s.push(ts...)
}

// pickToken settles which token a move (up) or regress uses when the task
// leaves it to the player: void without one, the only one at once, else
// an ask (the task then continues from the answer).
func (s *State) pickToken(t *Task, up bool) bool {
	seat, tr := int(t.Seat), Track(t.Track)
	p := &s.Players[seat]
	var opts []string
	last := -1
	for k, v := range p.Tokens[tr] {
		if up && v < 12 || !up && v > 0 {
			opts = append(opts, "tok:"+strconv.Itoa(k))
			last = k
		}
	}
	switch {
	case len(opts) == 0 || up && s.forbidden(seat, tr) || p.Done:
		return false
	case len(opts) == 1:
		t.Tok = int8(last)
		return true
	}
	s.ask("token", seat, opts, *t)
	return false
}

// regressOne moves a token down N spaces (one when N is 0; void at 0).
func (s *State) regressOne(t Task, ev *events) {
	if t.Tok < 0 && !s.pickToken(&t, false) {
		return
	}
	seat, tr, k := int(t.Seat), Track(t.Track), int(t.Tok)
	p := &s.Players[seat]
	if p.Done || k >= len(p.Tokens[tr]) || p.Tokens[tr][k] <= 0 {
		return
	}
	to := max(0, int(p.Tokens[tr][k])-max(1, t.N))
	p.Tokens[tr][k] = int8(to)
	ev.say("%s goes back on %s to %d.", who(seat), tr, to)
	var ts []Task
	if lm := spaceLandmark(tr, to); lm >= 0 && s.LandOwner[lm] >= 0 {
		ts = append(ts, s.fireTasks(seat, "enter_claimed_landmark_space", "")...)
	}
	if to > 0 && t.Flag {
		ts = append(ts, Task{Op: "space_benefit", Seat: int8(seat), Track: int8(tr), N: to, Str: t.Str, Flag: true})
	}
	s.push(ts...)
}

func spaceLandmark(t Track, space int) int {
	if space < 1 || space > 12 || Spaces[t][space-1].Landmark == "" {
		return -1
	}
	return LandmarkIndex(Spaces[t][space-1].Landmark)
}

// spaceBenefit queues a space's benefit and then its bonus per mode
// ("pay", "free" or "none"). Marriage of State partners copy the benefit.
// arrival says a token of seat has just arrived on the space: only then
// does AI Singularity move it (§7.6: a repeat or a copy of technology 12
// gives the 4 resources only).
func (s *State) spaceBenefit(seat int, tr Track, space int, mode string, copyable, arrival bool) {
	sp := Spaces[tr][space-1]
	var ts []Task
	for i := range sp.Benefit {
		e := sp.Benefit[i]
		if e.Do == "bespoke" && e.ID == "ai_singularity" && !arrival {
			continue
		}
		ts = append(ts, Task{Op: "eff", Seat: int8(seat), E: &e, Track: int8(tr), Why: sp.Name})
	}
	if sp.Bonus != nil && (mode == "pay" || mode == "free") {
		ts = append(ts, Task{Op: "bonus", Seat: int8(seat), Track: int8(tr), N: space, Str: mode})
	}
	if copyable {
		for _, o := range s.Opponents(seat) {
			q := &s.Players[o]
			if q.Partner == int8(seat) && q.PartnerTrack == int8(tr) && s.hasHook(o, "partner_gains_track_benefit") {
				for i := range sp.Benefit {
					e := sp.Benefit[i]
					if e.Do == "bespoke" && e.ID == "ai_singularity" {
						continue
					}
					ts = append(ts, Task{Op: "eff", Seat: int8(o), E: &e, Why: sp.Name})
				}
			}
		}
	}
	s.push(ts...)
}

// hasHook reports whether seat's active card has a trigger.
func (s *State) hasHook(seat int, when string) bool {
	for _, h := range s.hooks(seat) {
		if h.When == when {
			return true
		}
	}
	return false
}

// bonusAsk offers a space's bonus: every way to pay it, or no bonus.
func (s *State) bonusAsk(seat int, tr Track, space int, free bool) {
	p := &s.Players[seat]
	b := Spaces[tr][space-1].Bonus
	if b == nil || p.Done {
		return
	}
	c := b.Cost
	if free || s.rule(seat, "any_resource_bonuses_free", -1) && c.Tiles == 0 && c.Cards == 0 && c.TechCard == 0 {
		c = Cost{}
	}
	opts := s.costOptions(seat, c, "bonus:")
	if len(opts) == 0 {
		return
	}
	opts = append(opts, "nobonus")
	s.ask("bonus", seat, keyList(opts), Task{Op: "bonus", Seat: int8(seat), Track: int8(tr), N: space})
	// §4: a bonus offered out of turn (Trade Economy's opponent) is a
	// reaction window.
	s.Ask.Window = seat != int(s.Turn)
}

// costOptions lists keys for each way seat can pay c: resources as
// letters, tiles as t<id>, cards as k<design>, tech as x<card>, joined by
// '.'.
func (s *State) costOptions(seat int, c Cost, prefix string) []string {
	p := &s.Players[seat]
	var out []string
	switch {
	case c.Tiles > 0:
		for _, set := range combos(p.Tiles, c.Tiles) {
			out = append(out, prefix+joinIDs("t", set))
		}
	case c.Cards > 0:
		hand := make([]int, len(p.Hand))
		for i, h := range p.Hand {
			hand[i] = int(h)
		}
		for _, set := range combos(hand, c.Cards) {
			out = append(out, prefix+joinIDs("k", set))
		}
	case c.TechCard > 0:
		var all []int
		for _, row := range p.Tech {
			all = append(all, row...)
		}
		for _, set := range combos(all, c.TechCard) {
			out = append(out, prefix+joinIDs("x", set))
		}
	default:
		for _, r := range s.payOptions(p.Res, c, 0) {
			out = append(out, prefix+resKey(r))
		}
	}
	return keyList(out)
}

// combos lists the distinct sorted k-subsets (as multisets) of xs.
func combos(xs []int, k int) [][]int {
	if k > len(xs) {
		return nil
	}
	sorted := append([]int(nil), xs...)
	sortInts(sorted)
	var out [][]int
	var cur []int
	var rec func(start int)
	rec = func(start int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := start; i < len(sorted); i++ {
			if i > start && sorted[i] == sorted[i-1] {
				continue
			}
			cur = append(cur, sorted[i])
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

func joinIDs(tag string, ids []int) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += "."
		}
		out += tag + strconv.Itoa(id)
	}
	return out
}

// trackEffectAsk starts an advance or regress effect: the track (when
// several are listed), then the token. An advance with nowhere to go on
// a completed track may pay its MaxoutVP instead (why is the source).
func (s *State) trackEffectAsk(seat int, e Effect, why string, ev *events) {
	p := &s.Players[seat]
	tracks := e.Tracks
	if e.Track != "" {
		tracks = []string{e.Track}
	}
	var opts []string
	maxout := false
	for _, name := range tracks {
		tr := trackOf(name)
		for k, v := range p.Tokens[tr] {
			ok := false
			if e.Do == "advance" {
				ok = v < 12 && !s.forbidden(seat, tr)
			} else {
				ok = v > 0
			}
			if ok {
				key := "track:" + name
				if len(p.Tokens[tr]) > 1 {
					key += ":" + strconv.Itoa(k)
				}
				opts = append(opts, key)
			}
		}
		if e.Do == "advance" && e.MaxoutVP > 0 && s.allOnTwelve(seat, tr) {
			maxout = true
		}
	}
	if len(opts) == 0 {
		if maxout {
			s.addVP(seat, e.MaxoutVP, why+", track complete", ev, "")
		}
		return
	}
	if e.Optional {
		opts = append(opts, "skip")
	}
	s.ask(e.Do, seat, keyList(opts), Task{Op: e.Do, Seat: int8(seat), E: &e})
}

// allOnTwelve reports whether every piece of seat on t is on 12.
func (s *State) allOnTwelve(seat int, t Track) bool {
	for _, v := range s.Players[seat].Tokens[t] {
		if v < 12 {
			return false
		}
	}
	return true
}

// repeatAsk offers the spaces repeat_position may gain again.
func (s *State) repeatAsk(seat int, e Effect) {
	p := &s.Players[seat]
	if e.Limit == "once_per_turn" {
		if p.BatteryUsed {
			return
		}
		p.BatteryUsed = true
	}
	var opts []string
	for tr := range Track(NumTracks) {
		pos := map[int]bool{}
		for _, v := range p.Tokens[tr] {
			pos[int(v)] = true
		}
		if tr == Technology && p.Marker {
			pos[12] = true
		}
		for v := range pos {
			if v < 1 {
				continue
			}
			if isRepeat(Spaces[tr][v-1].Benefit) {
				continue
			}
			opts = append(opts, "repeat:"+tr.String()+":"+strconv.Itoa(v))
		}
	}
	if len(opts) > 0 {
		s.ask("repeat", seat, keyList(opts), Task{Op: "repeat", Seat: int8(seat), Str: e.Bonus})
	}
}

func isRepeat(effs []Effect) bool {
	for _, e := range effs {
		if e.Do == "repeat_position" {
			return true
		}
	}
	return false
}

// claimLandmark gives landmark i to seat and asks where it goes.
func (s *State) claimLandmark(seat, i int, ev *events) {
	if s.LandOwner[i] >= 0 || s.Players[seat].Done {
		return
	}
	s.LandOwner[i] = int8(seat)
	ev.say("%s claims the %s.", who(seat), Landmarks[i].Name)
	// §13.3 gain_track_landmark: every track landmark claimed, by an
	// advance or otherwise (Dystopia), fires Revisionism.
	if Landmarks[i].Board {
		s.push(s.fireTasks(seat, "gain_track_landmark", "")...)
	}
	s.historiansClaim(seat, ev)
	s.placeLandmarkAsk(seat, i)
}

// placeLandmarkAsk asks where a claimed landmark goes in the capital.
func (s *State) placeLandmarkAsk(seat, i int) {
	p := &s.Players[seat]
	base := Mats[p.Mat-1].base
	pl := cityLandmarkPlacements(base, p.Cover, Landmarks[i].Footprint, s.rule(seat, "may_build_on_impassable", -1))
	extra := s.civPlaceOpts(seat, false, len(pl) > 0)
	if len(pl) == 0 && len(extra) == 0 {
		p.Beside += string(rune('A' + i))
		return
	}
	opts := make([]string, 0, len(pl))
	for _, x := range pl {
		opts = append(opts, "lm:"+strconv.Itoa(int(x.Row))+","+strconv.Itoa(int(x.Col))+"@"+strconv.Itoa(int(x.Rot)))
	}
	opts = append(opts, extra...)
	s.ask("place_landmark", seat, opts, Task{Op: "place_lm", Seat: int8(seat), N: i})
}

// takeBuilding takes the leftmost building of a type off the income mat.
func (s *State) takeBuilding(seat int, b Building, ev *events) {
	p := &s.Players[seat]
	if p.Taken[b] >= 5 || p.Done {
		return
	}
	p.Taken[b]++
	ev.say("%s gains a %s.", who(seat), BuildingNames[b])
	ts := s.fireTasks(seat, "gain_building", BuildingNames[b])
	ts = append(ts, Task{Op: "place_bld", Seat: int8(seat), N: int(b)})
	s.push(ts...)
}

// placeBuildingAsk asks which plot an income building goes on.
func (s *State) placeBuildingAsk(seat int, b Building) {
	p := &s.Players[seat]
	plots := cityOpenPlots(Mats[p.Mat-1].base, p.Cover, s.rule(seat, "may_build_on_impassable", -1))
	extra := s.civPlaceOpts(seat, true, len(plots) > 0)
	if len(plots) == 0 && len(extra) == 0 {
		p.Beside += string(BuildingLetters[b])
		s.push(s.fireTasks(seat, "place_income_building_in_capital", "")...)
		return
	}
	opts := make([]string, 0, len(plots))
	for _, i := range plots {
		opts = append(opts, "at:"+strconv.Itoa(i/9)+"@"+strconv.Itoa(i%9))
	}
	opts = append(opts, extra...)
	s.ask("place_building", seat, opts, Task{Op: "place_bld", Seat: int8(seat), N: int(b)})
}

// placed finishes a placement in the capital: new districts pay one any
// resource each, Terraforming and Monarchy hooks fire.
func (s *State) placed(seat int, cells []int, code byte, income bool, ev *events) {
	p := &s.Players[seat]
	base := Mats[p.Mat-1].base
	before := p.Cover
	p.Cover = cityPlace(p.Cover, cells, code)
	var ts []Task
	if nd := cityNewDistricts(base, before, p.Cover); len(nd) > 0 {
		ev.say("%s completes %s of their capital.", who(seat), count(len(nd), "district"))
		ts = append(ts, Task{Op: "gain_any", Seat: int8(seat), N: len(nd) + s.architectsDistricts(seat, nd)})
	}
	if cityCoversImpassable(base, cells) {
		ts = append(ts, s.fireTasks(seat, "place_building_on_impassable", "")...)
	}
	if income {
		ts = append(ts, s.fireTasks(seat, "place_income_building_in_capital", "")...)
	}
	s.push(ts...)
}

// fireTasks returns the tasks of seat's hooks on a trigger.
func (s *State) fireTasks(seat int, trigger, match string) []Task {
	if s.Players[seat].Done {
		return nil
	}
	var ts []Task
	why := s.hookSource(seat)
	for _, h := range s.hooks(seat) {
		if h.When != trigger {
			continue
		}
		if h.Track != "" && h.Track != match || h.Building != "" && h.Building != match {
			continue
		}
		for i := range h.Effects {
			e := h.Effects[i]
			ts = append(ts, Task{Op: "eff", Seat: int8(seat), E: &e, Why: why})
		}
	}
	return ts
}

// achieve gives seat achievement i if it has not earned it and a slot is
// left.
func (s *State) achieve(seat, i int, ev *events) {
	p := &s.Players[seat]
	if p.Achieved[i] || p.Done { // R29: a finished player gains nothing
		return
	}
	p.Achieved[i] = true
	slots := achievementSlots(i, s.Seats)
	n := len(s.Claims[i])
	if n >= len(slots) {
		return
	}
	s.Claims[i] = append(s.Claims[i], int8(seat))
	if s.shadow(seat) { // §17.6: the Shadow Empire takes the slot, not its VP
		ev.say("%s completes a track and takes an achievement slot.", who(seat))
		return
	}
	s.addVP(seat, slots[n], "achievement", ev, fmt.Sprintf("%s earns the achievement \"%s\".", who(seat), Achievements[i].Name))
}

// achievementSlots are the VP of achievement i's slots, in the order they
// are claimed, at a table of seats seats.
func achievementSlots(i, seats int) []int {
	slots := Achievements[i].Order.Any
	if len(slots) == 0 {
		slots = Achievements[i].Order.Small
		if seats >= 4 {
			slots = Achievements[i].Order.Large
		}
	}
	return slots
}

// checkTopple gives topple-two to every seat controlling two territories
// with an opponent's toppled outpost.
func (s *State) checkTopple(ev *events) {
	for seat := range s.Players {
		if s.shadow(seat) {
			continue // §17.6: the Shadow Empire only completes tracks
		}
		// The Automa counts the human's toppled outposts only.
		if toppledHeldOn(s.Map, seat, s.bot(seat)) >= 2 {
			s.achieve(seat, 1, ev)
		}
	}
}

func resText(r Res) string {
	out := ""
	for i, n := range r {
		if n == 0 {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += resAmount(n, i)
	}
	if out == "" {
		return "nothing"
	}
	return out
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
