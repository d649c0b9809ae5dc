package tapestry

import (
	"strconv"
)

// researchRoll rolls the science die for a research (twice with
// Empiricism: the owner keeps one).
func (s *State) researchRoll(t Task) {
	opts := make([]string, 0, 12)
	for i := range 12 {
		opts = append(opts, "face:"+strconv.Itoa(i))
	}
	if s.rule(int(t.Seat), "science_die_roll_twice_keep_one", -1) && t.Tok == 0 {
		t.Tok = 1 // first of two rolls
	}
	s.askChance("science_roll", opts, nil, t)
}

// Ask2Faces lists the science die's faces as chance keys.
func (s *State) Ask2Faces() []string {
	opts := make([]string, 0, 12)
	for i := range 12 {
		opts = append(opts, "face:"+strconv.Itoa(i))
	}
	return opts
}

// researchOn offers the research advance on track tr.
func (s *State) researchOn(t Task, tr Track, ev *events) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	if s.forbidden(seat, tr) {
		return
	}
	var opts []string
	for k, v := range p.Tokens[tr] {
		if v < 12 {
			key := "research:" + tr.String()
			if len(p.Tokens[tr]) > 1 {
				key += ":" + strconv.Itoa(k)
			}
			opts = append(opts, key)
		}
	}
	if len(opts) == 0 {
		if t.N > 0 && s.allOnTwelve(seat, tr) {
			s.addVP(seat, t.N, t.Why+", track complete", ev, "")
		}
		return
	}
	opts = append(opts, "noresearch")
	t.Track = int8(tr)
	s.ask("research", seat, keyList(opts), t)
}

// inventAsk offers the face-up tech cards and (unless face_up only) the
// top of the deck.
func (s *State) inventAsk(t Task) {
	seat := int(t.Seat)
	var opts []string
	for _, c := range s.TechRow {
		if t.Str != "deck" { // §13.2 invent source: deck — the top card only
			opts = append(opts, "invent:"+strconv.Itoa(c))
		}
	}
	if t.Str != "face_up" && len(s.TechDeck)+len(s.TechDiscard) > 0 {
		opts = append(opts, "invent:deck")
	}
	if len(opts) == 0 {
		return
	}
	s.ask("invent", seat, keyList(opts), t)
}

// gainTech puts card c in seat's bottom row and fires the hooks.
func (s *State) gainTech(seat, c int, ev *events) {
	p := &s.Players[seat]
	p.Tech[0] = append(p.Tech[0], c)
	ev.say("%s invents %s.", who(seat), TechCards[c].Name)
	ts := s.fireTasks(seat, "gain_tech_card", "")
	if s.rule(seat, "invent_also_gains_middle_benefit", -1) {
		ts = append(ts, effTasks(seat, TechCards[c].Middle, TechCards[c].Name)...)
	}
	s.push(ts...)
}

// effTasks returns the tasks of an effect list for seat; why names their
// source, the cause of any VP they give.
func effTasks(seat int, effs []Effect, why string) []Task {
	ts := make([]Task, 0, len(effs))
	for i := range effs {
		e := effs[i]
		ts = append(ts, Task{Op: "eff", Seat: int8(seat), E: &e, Why: why})
	}
	return ts
}

// refillTech refills the tech row up to three cards, one chance draw at a
// time.
func (s *State) refillTech(t Task) {
	if len(s.TechRow) < 3 && len(s.TechDeck)+len(s.TechDiscard) > 0 {
		s.push(Task{Op: "refill"})
		s.drawAsk(0, "row", Task{Op: "refill"})
	}
}

// refreshTech discards the face-up tech cards and reveals three new.
func (s *State) refreshTech(ev *events) {
	s.TechDiscard = append(s.TechDiscard, s.TechRow...)
	s.TechRow = nil
	ev.say("The tech row is refreshed.")
	s.push(Task{Op: "refill"})
}

// prereqMet reports whether seat meets card c's top-row prerequisite.
func (s *State) prereqMet(seat, c int) bool {
	q := TechCards[c].Prereq
	p := &s.Players[seat]
	if q.Track != "" {
		return p.Position(trackOf(q.Track)) >= q.MinSpace
	}
	if q.IncomeRow != "" {
		b := map[string]Building{"farms": Farm, "houses": House, "markets": Market, "armories": Armory}[q.IncomeRow]
		return p.Level(b) >= q.MinLevel
	}
	return true
}

// upgradable lists seat's cards that may move up now, as "row:card".
func (s *State) upgradable(seat int) []string {
	p := &s.Players[seat]
	var out []string
	for _, c := range p.Tech[0] {
		out = append(out, "up:"+strconv.Itoa(c))
	}
	free := s.rule(seat, "ignore_tech_prerequisites", -1)
	for _, c := range p.Tech[1] {
		ok := free || s.prereqMet(seat, c) || s.inventorsCard(c)
		for _, n := range s.Neighbours(seat) {
			ok = ok || s.prereqMet(n, c)
		}
		if ok {
			out = append(out, "up:"+strconv.Itoa(c))
		}
	}
	return out
}

// upgradeAsk asks which card to upgrade; on an income turn it may be
// declined.
func (s *State) upgradeAsk(seat int, optional bool, t Task) {
	opts := s.upgradable(seat)
	if len(opts) == 0 {
		return
	}
	if optional {
		opts = append(opts, "noupgrade")
	}
	s.ask("upgrade", seat, keyList(opts), t)
}

// upgradeCard moves card c up one row and queues its benefit.
func (s *State) upgradeCard(seat, c int, ev *events) {
	p := &s.Players[seat]
	row := 0
	for r := range 2 {
		for _, x := range p.Tech[r] {
			if x == c {
				row = r
			}
		}
	}
	p.Tech[row] = removeOne(p.Tech[row], c)
	p.Tech[row+1] = append(p.Tech[row+1], c)
	effs := TechCards[c].Middle
	if row == 1 {
		effs = TechCards[c].Top
		ev.say("%s upgrades %s to the top row.", who(seat), TechCards[c].Name)
	} else {
		ev.say("%s upgrades %s to the middle row.", who(seat), TechCards[c].Name)
	}
	ts := effTasks(seat, effs, TechCards[c].Name)
	ts = append(ts, s.fireTasks(seat, "upgrade", "")...)
	for _, o := range s.Opponents(seat) {
		if s.Players[o].Partner == int8(seat) && s.hasHook(o, "ally_upgrades_tech_card") {
			ts = append(ts, effTasks(o, effs, TechCards[c].Name)...)
		}
	}
	if row == 1 {
		ts = append(ts, s.inventorsTake(seat, c)...)
	}
	s.push(ts...)
}
