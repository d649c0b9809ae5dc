package tapestry

import (
	"strconv"
	"strings"
)

// civSetup is a chosen civilization's own set-up (spec §3.3 step 6):
// Futurists jump to space 4 everywhere and gain one of each resource;
// Mystics make their four predictions.
func (s *State) civSetup(seat int, ev *events) {
	p := &s.Players[seat]
	for k, cs := range p.Civs {
		switch Civs[cs.Civ].Bespoke {
		case "futurists_jump":
			for tr := range p.Tokens {
				for i := range p.Tokens[tr] {
					p.Tokens[tr][i] = min(12, p.Tokens[tr][i]+4)
				}
			}
			s.gain(seat, Res{1, 1, 1, 1})
			ev.say("%s's Futurists start on space 4 of every track, with one of each resource.", who(seat))
		case "mystics":
			s.push(Task{Op: "civ_predict", Seat: int8(seat), N: k})
		}
	}
}

// mysticCategories are Mystics' four prediction categories, in order.
var mysticCategories = [4]string{"tech_cards", "complete_districts", "controlled_territories", "completed_tracks"}

// predictAsk asks Mystics' prediction for category t.M.
func (s *State) predictAsk(t Task) {
	seat := int(t.Seat)
	cs := &s.Players[seat].Civs[t.N]
	r := Civs[cs.Civ].Categories[mysticCategories[t.M]]
	var opts []string
	for n := r[0]; n <= r[1]; n++ {
		opts = append(opts, "predict:"+strconv.Itoa(n))
	}
	t.Track = int8(t.M) // the category, for the labels
	s.ask("c:mystics_predict", seat, opts, t)
}

// civMidgame applies the rule of a civilization gained mid-game.
func (s *State) civMidgame(t Task, ev *events) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	cs := &p.Civs[t.N]
	ctx := Task{Op: "civ", Seat: t.Seat, N: t.N}
	switch Civs[cs.Civ].Bespoke {
	case "architects":
		cs.Swaps = 3
		s.architectsSwapAsk(ctx)
	case "entertainers_path":
		var opts []string
		for id := range Civs[cs.Civ].Graph {
			if id != "start" {
				opts = append(opts, "ent:"+id)
			}
		}
		s.ask("c:entertainers", seat, keyList(opts), ctx)
	case "historians":
		s.historiansGiveAll(ctx)
	case "militants":
		s.militantsMidgame(ctx, ev)
	}
	// A civilization gained during step 1 of an income turn whose range
	// includes that turn acts in that step too (§5.2): the step's own task
	// re-checks the list after each ability.
}

// historiansGiveAll asks where each Historians token still on the mat
// goes (mid-game gain: all four are given at once).
func (s *State) historiansGiveAll(t Task) {
	seat := int(t.Seat)
	cs := &s.Players[seat].Civs[t.N]
	for k, g := range cs.Given {
		if g >= 0 {
			continue
		}
		var opts []string
		for _, o := range s.Opponents(seat) {
			opts = append(opts, "histgive:"+strconv.Itoa(o))
		}
		t.Tok = int8(k)
		s.ask("c:historians_give", seat, opts, t)
		return
	}
}

// militantsMidgame moves the outposts left in supply onto the Militants
// mat, filling the rows from the right (the player chooses each row).
func (s *State) militantsMidgame(t Task, ev *events) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	cs := &p.Civs[t.N]
	if t.M == 0 {
		// First call: every space starts uncovered.
		cs.Rows = [2]int8{4, 4}
		t.M = 1
		t.Tok = p.Outposts
	}
	if t.Tok <= 0 || cs.Rows == [2]int8{} {
		return
	}
	var opts []string
	if cs.Rows[0] > 0 {
		opts = append(opts, "milrow:top")
	}
	if cs.Rows[1] > 0 {
		opts = append(opts, "milrow:bottom")
	}
	s.ask("c:militants_row", seat, opts, t)
}

// tradersStep offers a Traders token on an empty territory or beside a
// lone upright opponent outpost (spec §14 Traders).
func (s *State) tradersStep(seat int, t Task) {
	cs := &s.Players[seat].Civs[t.N]
	if cs.Left <= 0 {
		return
	}
	var opts []string
	for i := range s.Map {
		tr := &s.Map[i]
		if !tr.Explored() {
			continue
		}
		ok := tr.Items() == 0
		if tr.Items() == 1 && len(tr.Outposts) == 1 && !tr.Outposts[0].Down && int(tr.Outposts[0].Seat) != seat {
			ok = true
		}
		if ok {
			opts = append(opts, "trader:"+strconv.Itoa(int(tr.Hex.A))+"@"+strconv.Itoa(int(tr.Hex.B)))
		}
	}
	if len(opts) > 0 {
		s.ask("c:traders", seat, keyList(append(opts, "trader:skip")), t)
	}
}

// heraldsFireAsk offers Heralds' play onto Maker of Fire at the end of
// income turn 1.
func (s *State) heraldsFireAsk(seat int) {
	p := &s.Players[seat]
	var opts []string
	for _, c := range p.Hand {
		opts = append(opts, "fire:"+strconv.Itoa(int(c)))
	}
	if len(opts) == 0 {
		return
	}
	s.ask("c:heralds_fire", seat, keyList(append(opts, "fire:skip")), Task{Op: "civ", Seat: int8(seat)})
}

// civPassiveAnswer continues the set-up, mid-game and passive routines.
func (s *State) civPassiveAnswer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(t.Seat)
	p := &s.Players[seat]
	_, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, yi := atoi(x), atoi(y)
	var cs *CivState
	if t.N < len(p.Civs) {
		cs = &p.Civs[t.N]
	}
	switch a.Kind {
	case "c:heralds_fire":
		if arg != "skip" {
			s.playCard(seat, xi, ev)
		}
	case "c:mystics_predict":
		cs.Pred[t.M] = int8(xi)
		ev.say("%s's Mystics predict %d %s.", who(seat), xi, strings.ReplaceAll(mysticCategories[t.M], "_", " "))
		if t.M < 3 {
			t.M++
			s.predictAsk(t)
		}
	case "c:historians_give":
		cs.Given[t.Tok] = int8(xi)
		ev.say("%s gives a Historians token to %s.", who(seat), who(xi))
		s.historiansGiveAll(t)
	case "c:militants_row":
		r := 0
		if arg == "bottom" {
			r = 1
		}
		cs.Rows[r]-- // the outpost stays in supply: the mat is the supply
		t.Tok--
		s.militantsMidgame(t, ev)
	case "c:architects_swap":
		if arg == "done" {
			cs.Swaps = 0
			return nil
		}
		c := []byte(p.Cover)
		c[xi], c[yi] = c[yi], c[xi]
		p.Cover = string(c)
		cs.Swaps--
		ev.say("%s's Architects swap two buildings.", who(seat))
		s.architectsSwapAsk(t)
	case "c:traders":
		if arg == "skip" {
			return nil
		}
		h := Hex{int8(xi), int8(yi)}
		tr := s.Terr(h)
		cs.Left--
		if tr.Items() == 0 {
			n := 0
			for k := range 6 {
				if nb := s.Terr(h.Neighbour(k)); nb != nil {
					if c := nb.Controller(); c >= 0 && c != seat && nb.Explored() {
						n++
					}
				}
			}
			ev.say("%s's Traders set up shop on %s.", who(seat), h)
			s.vp(seat, n, "Traders", ev)
		} else {
			ev.say("%s's Traders join the outpost on %s.", who(seat), h)
			s.push(Task{Op: "eff", Seat: t.Seat, E: &Effect{Do: "territory_benefit"}, Hex: &h, Why: "Traders"})
		}
		tr.Tokens = append(tr.Tokens, Token{Seat: t.Seat, Kind: "trade"})
	default:
		return s.civMapAnswer(a, key, ev)
	}
	return nil
}

// architectsSwapAsk offers Architects' mid-game swaps of two income
// buildings of different types in the capital grid (R13: no rewards).
func (s *State) architectsSwapAsk(t Task) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	cs := &p.Civs[t.N]
	if cs.Swaps <= 0 {
		return
	}
	var opts []string
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			a, b := p.Cover[i], p.Cover[j]
			if a != b && strings.IndexByte(BuildingLetters, a) >= 0 && strings.IndexByte(BuildingLetters, b) >= 0 {
				opts = append(opts, "swap:"+strconv.Itoa(i)+"@"+strconv.Itoa(j))
			}
		}
	}
	if len(opts) == 0 {
		return
	}
	s.ask("c:architects_swap", seat, append(opts, "swap:done"), t)
}
