package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// civStepTurn reports whether civilization cs acts in step 1 of income
// turn era: its listed turns, and the final scorings of Isolationists and
// Mystics on the fifth (spec §5.2).
func civStepTurn(cs CivState, era int) bool {
	c := Civs[cs.Civ]
	if slices.Contains(c.IncomeTurns, era) {
		return true
	}
	return era == 5 && (c.Bespoke == "isolationists" || c.Bespoke == "mystics")
}

// civStep runs civilization k's step-1 ability for seat.
func (s *State) civStep(t Task, ev *events) error {
	seat := int(t.Seat)
	p := &s.Players[seat]
	if p.Done || t.N >= len(p.Civs) {
		return nil
	}
	cs := &p.Civs[t.N]
	id := Civs[cs.Civ].Bespoke
	ctx := Task{Op: "civ", Seat: t.Seat, N: t.N}
	switch id {
	case "alchemists_push_luck":
		cs.Marks = [4]bool{}
		s.ask("c:alchemists", seat, []string{"alch:roll", "alch:skip"}, ctx)
	case "entertainers_path":
		var opts []string
		for _, l := range Civs[cs.Civ].Graph[cs.Pos].Links {
			opts = append(opts, "ent:"+l)
		}
		if len(opts) > 0 {
			s.ask("c:entertainers", seat, keyList(opts), ctx)
		}
	case "heralds":
		opts := s.heraldTargets()
		if cs.Left > 0 && len(opts) > 0 {
			s.ask("c:heralds", seat, keyList(append(opts, "herald:skip")), ctx)
		}
	case "traders":
		s.tradersStep(seat, ctx)
	case "historians":
		if len(p.Tiles) == 0 {
			return nil
		}
		var opts []string
		for k, g := range cs.Given {
			if g >= 0 {
				continue
			}
			for _, o := range s.Opponents(seat) {
				opts = append(opts, "hist:"+strconv.Itoa(k)+"@"+strconv.Itoa(o))
			}
		}
		if len(opts) > 0 {
			s.ask("c:historians", seat, keyList(append(opts, "hist:skip")), ctx)
		}
	case "inventors":
		if cs.Left <= 0 {
			return nil
		}
		var opts []string
		for o := range s.Players {
			for row := range 2 {
				for _, c := range s.Players[o].Tech[row] {
					opts = append(opts, "inv:"+strconv.Itoa(o)+"@"+strconv.Itoa(c))
				}
			}
		}
		if len(opts) > 0 {
			s.ask("c:inventors", seat, keyList(append(opts, "inv:skip")), ctx)
		}
	case "leaders":
		var opts []string
		for tr := range Track(NumTracks) {
			// A square whose advance is impossible (complete or forbidden
			// track) is not offered: covering it would waste it.
			if !cs.Used[tr] && s.pieceToMove(seat, tr, true) >= 0 {
				opts = append(opts, "lead:"+tr.String())
			}
		}
		if len(opts) > 0 {
			s.ask("c:leaders", seat, keyList(append(opts, "lead:skip")), ctx)
		}
	case "merrymakers":
		var opts []string
		for k, col := range []string{"A", "B", "C"} {
			if int(cs.Steps[k]) < len(Civs[cs.Civ].Columns[col]) {
				opts = append(opts, "merry:"+strings.ToLower(col))
			}
		}
		if len(opts) > 0 {
			s.ask("c:merrymakers", seat, opts, ctx)
		}
	case "militants":
		var ts []Task
		for r, row := range []string{"top", "bottom"} {
			spaces := Civs[cs.Civ].Rows[row]
			for i := 0; i < int(cs.Rows[r]) && i < len(spaces); i++ {
				ts = append(ts, effTasks(seat, spaces[i], Civs[cs.Civ].Name)...)
			}
		}
		s.push(ts...)
	case "the_chosen":
		n := 0
		for tr := range Track(NumTracks) {
			if p.Position(tr) >= 12 || s.noneAhead(seat, tr) {
				n++
			}
		}
		ev.say("%s's Chosen take their due.", who(seat))
		s.vp(seat, n*len(s.Opponents(seat)), "The Chosen, tracks led", ev)
		ach := 0
		for _, a := range p.Achieved {
			if a {
				ach++
			}
		}
		if p.Era == 5 {
			s.vp(seat, 5*ach, "The Chosen, achievements", ev)
		} else if ach > 0 {
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: ach})
		}
	case "mystics":
		if p.Era == 5 {
			n := 0
			for k := range 4 {
				if s.mysticCount(seat, k) == int(cs.Pred[k]) {
					n++
				}
			}
			ev.say("%s's Mystics foresaw %s right.", who(seat), count(n, "count"))
			s.vp(seat, 10*n, "Mystics", ev)
		}
	case "isolationists":
		if p.Era == 5 {
			size := s.landmass(seat)
			vp := Civs[cs.Civ].Landmass[strconv.Itoa(min(size, 6))]
			ev.say("%s's largest landmass has %s.", who(seat), count(size, "territory"))
			s.vp(seat, vp, "Isolationists", ev)
		}
	default:
		return fmt.Errorf("tapestry: civilization routine %q has no income ability", id)
	}
	return nil
}

// heraldTargets lists the face-up when-played cards on top of a slot
// without a Herald token (R14).
func (s *State) heraldTargets() []string {
	var opts []string
	for o := range s.Players {
		for k, sl := range s.Players[o].Slots {
			if len(sl) == 0 {
				continue
			}
			top := sl[len(sl)-1]
			ty := TapCards[top.Card].Type
			if top.Down || top.Herald || ty != "when_played" && ty != "trap" {
				continue
			}
			opts = append(opts, "herald:"+strconv.Itoa(o)+"@"+strconv.Itoa(k))
		}
	}
	return opts
}

// mysticCount is the count of Mystics' category k for seat: tech cards,
// complete districts, controlled territories, completed tracks.
func (s *State) mysticCount(seat, k int) int {
	p := &s.Players[seat]
	switch k {
	case 0:
		return p.TechCount()
	case 1:
		n := 0
		for _, d := range cityDistricts(Mats[p.Mat-1].base, p.Cover) {
			if d {
				n++
			}
		}
		return n
	case 2:
		return s.Controlled(seat)
	}
	return p.Completed()
}

// landmass is the size of seat's largest group of controlled territories
// joined through one land terrain (R22).
func (s *State) landmass(seat int) int {
	var mine []*Territory
	for i := range s.Map {
		if s.Controls(seat, &s.Map[i]) {
			mine = append(mine, &s.Map[i])
		}
	}
	best := 0
	for _, land := range []byte("DFGM") {
		seen := map[Hex]bool{}
		for _, start := range mine {
			if seen[start.Hex] || !strings.ContainsRune(start.Corners(), rune(land)) {
				continue
			}
			size := 0
			stack := []*Territory{start}
			seen[start.Hex] = true
			for len(stack) > 0 {
				t := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for k := range 6 {
					n := s.Terr(t.Hex.Neighbour(k))
					if n == nil || seen[n.Hex] || !slices.Contains(mine, n) {
						continue
					}
					c, m := t.Corners(), n.Corners()
					if c[k] == land && m[(k+4)%6] == land || c[(k+1)%6] == land && m[(k+3)%6] == land {
						seen[n.Hex] = true
						stack = append(stack, n)
					}
				}
			}
			best = max(best, size)
		}
	}
	return best
}

// civAnswer continues a civilization routine after its choice.
func (s *State) civAnswer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(t.Seat)
	p := &s.Players[seat]
	if t.N >= len(p.Civs) {
		return nil
	}
	cs := &p.Civs[t.N]
	_, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, yi := atoi(x), atoi(y)
	switch a.Kind {
	case "c:alchemists":
		switch arg {
		case "roll":
			s.researchRoll(Task{Op: "research", Seat: t.Seat, N: t.N, Str: "alchemists"})
		case "stop":
			s.alchemistsAdvance(t)
		}
	case "c:alchemists_adv":
		if arg == "done" {
			cs.Marks = [4]bool{}
			return nil
		}
		tr := trackOf(arg)
		cs.Marks[tr] = false
		next := Task{Op: "civ_alch_next", Seat: t.Seat, N: t.N}
		if s.allOnTwelve(seat, tr) {
			s.vp(seat, 5, "Alchemists, track complete", ev)
			s.push(next)
		} else if k := s.pieceToMove(seat, tr, true); k >= 0 {
			s.push(Task{Op: "move", Seat: t.Seat, Track: int8(tr), Tok: int8(k), Str: "none"}, next)
		} else {
			s.push(next)
		}
	case "c:entertainers":
		cs.Pos = arg
		ev.say("%s's Entertainers move on.", who(seat))
		s.pushEffects(seat, Civs[cs.Civ].Graph[arg].Effects, nil, Civs[cs.Civ].Name)
	case "c:heralds":
		if arg == "skip" {
			return nil
		}
		sl := s.Players[xi].Slots[yi]
		sl[len(sl)-1].Herald = true
		cs.Left--
		c := sl[len(sl)-1].Card
		ev.say("%s's Herald repeats %s's %s.", who(seat), who(xi), TapCards[c].Name)
		s.pushEffects(seat, TapCards[c].Effects, nil, "Heralds, "+TapCards[c].Name)
	case "c:historians":
		if arg == "skip" {
			return nil
		}
		t.Tok, t.M = int8(xi), yi
		var opts []string
		for _, id := range p.Tiles {
			opts = append(opts, "histtile:"+strconv.Itoa(id))
		}
		s.ask("c:historians_tile", seat, keyList(opts), t)
	case "c:historians_tile":
		p.Tiles = removeOne(p.Tiles, xi)
		s.TerrDiscard = append(s.TerrDiscard, xi)
		cs.Given[t.Tok] = int8(t.M)
		ev.say("%s gives a Historians token to %s.", who(seat), who(t.M))
	case "c:inventors":
		if arg == "skip" {
			return nil
		}
		cs.Left--
		cs.Cards = append(cs.Cards, yi)
		ev.say("%s's Inventors take an interest in %s.", who(seat), TechCards[yi].Name)
		if xi != seat {
			// The Inventors player may gain the same benefit once the owner's
			// has resolved: the offer waits under the owner's upgrade.
			s.push(Task{Op: "civ_inv_copy", Seat: t.Seat, N: t.N, Tile: yi, M: s.techRow(xi, yi) + 1})
		}
		s.upgradeCard(xi, yi, ev)
	case "c:inventors_copy":
		if arg == "copy" {
			effs := TechCards[t.Tile].Middle
			if t.M == 2 {
				effs = TechCards[t.Tile].Top
			}
			s.push(effTasks(seat, effs, TechCards[t.Tile].Name)...)
		}
	case "c:leaders":
		if arg == "skip" {
			return nil
		}
		tr := trackOf(arg)
		cs.Used[tr] = true
		ev.say("%s's Leaders advance on %s.", who(seat), tr)
		s.pushEffects(seat, LeaderSquares[tr], nil, "Leaders")
	case "c:merrymakers":
		col := strings.ToUpper(arg)
		k := strings.Index("ABC", col)
		step := Civs[cs.Civ].Columns[col][cs.Steps[k]]
		cs.Steps[k]++
		ev.say("%s's Merrymakers climb column %s.", who(seat), col)
		s.pushEffects(seat, step, nil, Civs[cs.Civ].Name)
	default:
		return s.civPassiveAnswer(a, key, ev)
	}
	return nil
}

// alchemistsAdvance offers each marked track's advance in the owner's
// order.
func (s *State) alchemistsAdvance(t Task) {
	seat := int(t.Seat)
	cs := &s.Players[seat].Civs[t.N]
	var opts []string
	for tr := range Track(NumTracks) {
		if cs.Marks[tr] && !s.forbidden(seat, tr) {
			opts = append(opts, "alchadv:"+tr.String())
		}
	}
	if len(opts) == 0 {
		cs.Marks = [4]bool{}
		return
	}
	s.ask("c:alchemists_adv", seat, keyList(append(opts, "alchadv:done")), t)
}

// alchemistsRolled marks the rolled track or busts.
func (s *State) alchemistsRolled(t Task, tr Track, ev *events) {
	seat := int(t.Seat)
	cs := &s.Players[seat].Civs[t.N]
	s.Science = int8(tr)
	if cs.Marks[tr] {
		cs.Marks = [4]bool{}
		ev.say("%s's Alchemists roll %s again and bust.", who(seat), tr)
		s.push(Task{Op: "gain_any", Seat: t.Seat, N: 1})
		return
	}
	cs.Marks[tr] = true
	ev.say("%s's Alchemists roll %s.", who(seat), tr)
	s.ask("c:alchemists", seat, []string{"alch:roll", "alch:stop"}, Task{Op: "civ", Seat: t.Seat, N: t.N})
}

// techRow is the row holding seat's card c, or -1.
func (s *State) techRow(seat, c int) int {
	for r, row := range s.Players[seat].Tech {
		if slices.Contains(row, c) {
			return r
		}
	}
	return -1
}
