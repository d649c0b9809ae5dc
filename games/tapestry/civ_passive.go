package tapestry

import (
	"fmt"
	"slices"
)

// Passive civilization abilities (spec §14): Historians' squares on an
// opponent's landmark, Inventors' cards, Mystics' first hits.

// historiansClaim runs after seat claims a landmark: every Historians
// player whose token seat holds gains all the uncovered squares once
// (R29: a finished Historians player the VP squares only).
func (s *State) historiansClaim(seat int, ev *events) {
	for h := range s.Players {
		if h == seat {
			continue
		}
		cs := s.civOf(h, "historians")
		if cs == nil || !slices.Contains(cs.Given, int8(seat)) {
			continue
		}
		var effs []Effect
		for k, g := range cs.Given {
			if g >= 0 && k < len(HistorianSquares) {
				effs = append(effs, HistorianSquares[k]...)
			}
		}
		if len(effs) == 0 {
			continue
		}
		ev.say("%s's Historians record the landmark of %s.", who(h), who(seat))
		if s.Players[h].Done {
			for _, e := range effs {
				if e.Do == "vp" {
					s.passiveVP(h, e.N, "Historians", ev)
				}
			}
			continue
		}
		s.push(effTasks(h, effs, "Historians")...)
	}
}

// inventorsCard reports whether tech card c carries an Inventors token
// (it then ignores the top-row prerequisite).
func (s *State) inventorsCard(c int) bool {
	for seat := range s.Players {
		if cs := s.civOf(seat, "inventors"); cs != nil && slices.Contains(cs.Cards, c) {
			return true
		}
	}
	return false
}

// inventorsTake queues, after the benefit of seat's card c reaching the
// top row, its move to the bottom row of the Inventors player whose token
// it carries (when that is an opponent).
func (s *State) inventorsTake(seat, c int) []Task {
	for o := range s.Players {
		if o == seat {
			continue
		}
		if cs := s.civOf(o, "inventors"); cs != nil && slices.Contains(cs.Cards, c) {
			return []Task{{Op: "civ_inv_take", Seat: int8(o), N: c, M: seat}}
		}
	}
	return nil
}

// inventorsDiscarded takes the Inventors tokens off tech card c as it is
// discarded (they leave the game with it).
func (s *State) inventorsDiscarded(c int) {
	for seat := range s.Players {
		if cs := s.civOf(seat, "inventors"); cs != nil {
			cs.Cards = slices.DeleteFunc(cs.Cards, func(x int) bool { return x == c })
		}
	}
}

// civExec runs the civilization tasks that live outside effects.go.
func (s *State) civExec(t Task, ev *events) error {
	switch t.Op {
	case "civ_inv_take":
		inv, owner, c := int(t.Seat), t.M, t.N
		// R29: a finished Inventors player gains nothing; the card stays.
		if s.Players[inv].Done || s.techRow(owner, c) != 2 {
			return nil
		}
		q := &s.Players[owner]
		q.Tech[2] = removeOne(q.Tech[2], c)
		s.Players[inv].Tech[0] = append(s.Players[inv].Tech[0], c)
		ev.say("%s's Inventors take %s from %s.", who(inv), TechCards[c].Name, who(owner))
		return nil
	}
	return fmt.Errorf("tapestry: unknown task %q", t.Op)
}

// mysticsWatch gives each Mystics player 1 any resource the first time a
// count equals its prediction (once per category). It runs between the
// steps of the drive loop, so every change is seen.
func (s *State) mysticsWatch() {
	for seat := range s.Players {
		p := &s.Players[seat]
		for k := range p.Civs {
			cs := &p.Civs[k]
			if Civs[cs.Civ].Bespoke != "mystics" {
				continue
			}
			for c := range 4 {
				if cs.Hit[c] || cs.Pred[c] == 0 || s.mysticCount(seat, c) != int(cs.Pred[c]) {
					continue
				}
				cs.Hit[c] = true
				if !p.Done {
					s.push(Task{Op: "gain_any", Seat: int8(seat), N: 1})
				}
			}
		}
	}
}
