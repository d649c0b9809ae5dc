package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// answer continues the game with key, the answer to ask a.
func (s *State) answer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(a.Seat)
	if seat >= 0 {
		seat = int(a.Seat)
	}
	verb, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, _ := strconv.Atoi(x)
	yi, _ := strconv.Atoi(y)
	var p *Player
	if seat >= 0 {
		p = &s.Players[seat]
	}
	switch a.Kind {
	case "setup":
		return s.setup(arg, ev)
	case "mat":
		p.Mat = int8(xi)
		p.Pair = [2]int8{}
		ev.say("%s chooses the %s capital.", who(seat), Mats[xi-1].Name)
		s.placeStart(seat)
		s.push(Task{Op: "mats"})
	case "turn":
		if key == "income" {
			// An income turn is forced when no advance was possible (after
			// the first, which every player takes at once).
			forced := len(a.Opts) == 1 && p.Era > 0
			s.push(Task{Op: "income", Seat: int8(seat), Flag: forced})
			return nil
		}
		tr, k := trackToken(arg)
		s.push(Task{Op: "advance_turn", Seat: int8(seat), Track: int8(tr), Tok: int8(k)}, Task{Op: "end_turn", Seat: int8(seat)})
	case "pay":
		r, _ := parseResKey(arg)
		for i := range r {
			p.Res[i] -= r[i]
		}
		s.push(Task{Op: "move", Seat: t.Seat, Track: t.Track, Tok: t.Tok, Flag: true, Str: "pay"})
	case "gain_any":
		r, _ := parseResKey(arg)
		if verb == "lose" {
			for i := range r {
				p.Res[i] -= r[i]
			}
			ev.say("%s pays %s.", who(seat), resText(r))
		} else {
			s.gain(seat, r)
			ev.say("%s gains %s.", who(seat), resText(r))
		}
	case "building_choice":
		s.push(Task{Op: "building", Seat: int8(seat), N: int(buildingOf(arg))})
	case "landmark_choice":
		s.push(Task{Op: "claim", Seat: int8(seat), N: xi})
	case "explore_space":
		p.Space = removeOne(p.Space, xi)
		p.Used = append(p.Used, xi)
		ev.say("%s explores space tile %d.", who(seat), xi)
		s.pushEffects(seat, SpaceTiles[xi-1].Effects, nil, "space tile")
	case "refresh":
		if key == "refresh" {
			s.refreshTech(ev)
		}
	case "tech_circle", "tech_square":
		effs := TechCards[xi].Middle
		if a.Kind == "tech_square" {
			effs = TechCards[xi].Top
		}
		s.push(effTasks(seat, effs, TechCards[xi].Name)...)
	case "advance", "regress":
		if key == "skip" {
			return nil
		}
		tr, k := trackToken(arg)
		op := "move"
		if a.Kind == "regress" {
			op = "regress"
		}
		mode := t.E.Bonus
		if mode == "" {
			mode = "none"
		}
		s.push(Task{Op: op, Seat: int8(seat), Track: int8(tr), Tok: int8(k), Flag: t.E.Benefit, Str: mode})
	case "repeat":
		parts := strings.Split(arg, ":")
		v, _ := strconv.Atoi(parts[1])
		mode := t.Str
		if mode == "" {
			mode = "pay"
		}
		ev.say("%s gains the benefit of %s again.", who(seat), Spaces[trackOf(parts[0])][v-1].Name)
		s.spaceBenefit(seat, trackOf(parts[0]), v, mode, true, false)
	case "choose":
		s.pushEffects(seat, t.E.Options[xi], t.Hex, t.Why)
	case "any_order":
		rest := *t.E
		rest.Effects = append(append([]Effect(nil), t.E.Effects[:xi]...), t.E.Effects[xi+1:]...)
		first := t.E.Effects[xi]
		tasks := []Task{{Op: "eff", Seat: int8(seat), E: &first, Hex: t.Hex, Why: t.Why}, {Op: "eff", Seat: int8(seat), E: &rest, Hex: t.Hex, Why: t.Why}}
		s.push(tasks...)
	case "place_landmark":
		if verb != "lm" {
			return s.civPlaceAnswer(a, key, ev)
		}
		rc := strings.Split(x, ",")
		r, _ := strconv.Atoi(rc[0])
		c, _ := strconv.Atoi(rc[1])
		cells := cityCells(Landmarks[t.N].Footprint, CityPlacement{Row: int8(r), Col: int8(c), Rot: int8(yi)})
		s.placed(seat, cells, byte('A'+t.N), false, ev)
	case "place_building":
		if verb != "at" {
			return s.civPlaceAnswer(a, key, ev)
		}
		s.placed(seat, []int{xi*9 + yi}, BuildingLetters[t.N], true, ev)
	case "explore_tile":
		t.Tile = xi
		s.exploreHexAsk(t)
	case "explore_hex":
		h := Hex{int8(xi), int8(yi)}
		t.Hex = &h
		s.exploreRotAsk(t)
	case "explore_rot":
		t.N = xi
		// The chosen tile leaves the supply now: Age of Sail's gift, before
		// placing, must not give it away as well.
		p.Tiles = removeOne(p.Tiles, t.Tile)
		pl := t
		pl.Op = "explore_place"
		ts := s.fireTasks(seat, "explore_before_place", "")
		s.push(append(ts, pl)...)
	case "exploit":
		s.explorePlace(t, key == "double", ev)
	case "conquer_hex":
		s.conquerTarget(t, Hex{int8(xi), int8(yi)}, ev)
	case "trap":
		s.conquerResolve(t, key == "trap", ev)
	case "die":
		ev.say("%s keeps the %s die.", who(seat), arg)
		s.tradersAfterRoll(t, arg) // runs after the attacker's die
		s.dieGain(t, arg)
	case "token":
		t.Tok = int8(xi)
		s.push(t)
	case "research":
		if key == "noresearch" {
			return nil
		}
		_, k := trackToken(arg)
		mode := "none"
		if t.Flag {
			mode = "pay"
		}
		s.push(Task{Op: "move", Seat: t.Seat, Track: t.Track, Tok: int8(k), Flag: t.Flag, Str: mode})
	case "keep_roll":
		s.rolled(t, trackOf(arg), ev)
	case "invent":
		if arg == "deck" {
			s.drawAsk(seat, "tech", t)
			return nil
		}
		s.TechRow = removeOne(s.TechRow, xi)
		ts := []Task{}
		if t.Flag {
			ts = append(ts, Task{Op: "upgrade_card", Seat: int8(seat), N: xi})
		}
		ts = append(ts, Task{Op: "refill"})
		s.push(ts...)
		s.gainTech(seat, xi, ev)
	case "upgrade":
		if key != "noupgrade" {
			s.upgradeCard(seat, xi, ev)
		}
	case "play":
		s.playCard(seat, xi, ev)
	case "bonus":
		if key == "nobonus" {
			return nil
		}
		s.payCost(seat, arg, ev)
		ev.say("%s takes the bonus of %s.", who(seat), Spaces[t.Track][t.N-1].Name)
		s.pushEffects(seat, Spaces[t.Track][t.N-1].Bonus.Effects, nil, Spaces[t.Track][t.N-1].Name+" bonus")
	case "civ":
		p.Chosen = int8(xi)
		ev.private(seat, who(seat)+" chooses a civilization in secret.", "You chose "+theCiv(xi)+".")
	case "civ_order":
		s.civAct(t, xi)
	case "draw_tap", "draw_terr", "draw_space", "draw_tech", "draw_row", "draw_civ":
		s.drawn(a, key, ev)
		if a.Kind == "draw_tech" && t.Flag {
			c, _ := strconv.Atoi(arg)
			s.push(Task{Op: "upgrade_card", Seat: t.Seat, N: c})
		}
	case "draw_slot":
		s.slotFaceDown(int(t.Seat), xi, ev)
	case "science_roll":
		s.rolled(t, ScienceDie[xi], ev)
	case "conquer_roll":
		// dice:<red>,<black> — the red face is before the comma (it was
		// read as the whole "r,b", always face 0).
		red, _ := strconv.Atoi(x[:strings.IndexByte(x+",", ',')])
		s.conquerRolled(t, red, yiOf(arg), ev)
	default:
		if strings.HasPrefix(a.Kind, "b:") {
			return s.bespokeAnswer(a, key, ev)
		}
		if strings.HasPrefix(a.Kind, "c:") {
			return s.civAnswer(a, key, ev)
		}
		if strings.HasPrefix(a.Kind, "solo_") {
			return s.soloAnswer(a, key, ev)
		}
		return fmt.Errorf("tapestry: no answer for %q", a.Kind)
	}
	return nil
}

func yiOf(arg string) int {
	_, b, _ := strings.Cut(arg, ",")
	n, _ := strconv.Atoi(b)
	return n
}

// payCost pays a cost key written by costOptions.
func (s *State) payCost(seat int, arg string, ev *events) {
	p := &s.Players[seat]
	if arg == "" {
		return
	}
	switch arg[0] {
	case 't', 'k', 'x':
		for _, part := range strings.Split(arg, ".") {
			id, _ := strconv.Atoi(part[1:])
			switch part[0] {
			case 't':
				p.Tiles = removeOne(p.Tiles, id)
				s.TerrDiscard = append(s.TerrDiscard, id)
			case 'k':
				p.Hand = removeOne(p.Hand, int8(id))
				s.TapDiscard = append(s.TapDiscard, int8(id))
			case 'x':
				for r := range p.Tech {
					if before := len(p.Tech[r]); before > 0 {
						p.Tech[r] = removeOne(p.Tech[r], id)
						if len(p.Tech[r]) < before {
							break
						}
					}
				}
				s.TechDiscard = append(s.TechDiscard, id)
				s.inventorsDiscarded(id)
			}
		}
	default:
		r, _ := parseResKey(arg)
		for i := range r {
			p.Res[i] -= r[i]
		}
	}
}

// rolled continues a science roll: Empiricism's second roll and choice,
// Age of Discovery, or a research.
func (s *State) rolled(t Task, tr Track, ev *events) {
	seat := int(t.Seat)
	switch t.Tok {
	case 1: // Empiricism: the first of two rolls
		s.Science = int8(tr)
		ev.say("%s rolls %s on the science die.", who(seat), tr)
		t.Tok = 2
		t.M = int(tr)
		s.askChance("science_roll", s.Ask2Faces(), nil, t)
		return
	case 2:
		s.Science = int8(tr)
		ev.say("%s rolls %s on the science die.", who(seat), tr)
		t.Tok = 3
		opts := keyList([]string{"keep:" + Track(t.M).String(), "keep:" + tr.String()})
		s.ask("keep_roll", seat, opts, t)
		return
	case 3:
	default:
		s.Science = int8(tr)
		ev.say("%s rolls %s on the science die.", who(seat), tr)
	}
	if t.Str == "alchemists" {
		s.alchemistsRolled(t, tr, ev)
		return
	}
	if t.Str == "age_of_discovery_roll" {
		var ts []Task
		for i := range s.Players { // bots included (§19.38)
			o := (seat + i) % len(s.Players)
			if s.Players[o].Done {
				continue
			}
			if s.bot(o) {
				ts = append(ts, Task{Op: "solo_move", Seat: int8(o), Track: int8(tr)})
				continue
			}
			// R21: each mover picks its token if it has two (Tok -1).
			mode := "none"
			if o == seat {
				mode = "pay"
			}
			ts = append(ts, Task{Op: "move", Seat: int8(o), Track: int8(tr), Tok: -1, Flag: o == seat, Str: mode})
		}
		s.push(ts...)
		return
	}
	s.researchOn(t, tr, ev)
}

// trackArg reads a "<track>[:<token>]" argument: the track and which of
// the player's tokens on it (0 unless the key names one), and whether the
// track is one.
func trackArg(arg string) (Track, int, bool) {
	name, tok, _ := strings.Cut(arg, ":")
	i := slices.Index(TrackNames[:], name)
	if i < 0 {
		return 0, 0, false
	}
	return Track(i), atoi(tok), true
}

// trackToken is trackArg for an answer, whose key the ask's options have
// already admitted: an unknown track is a corrupt key, and panics as
// trackOf does (the driver turns the panic into an error).
func trackToken(arg string) (Track, int) {
	t, k, ok := trackArg(arg)
	if !ok {
		panic(fmt.Sprintf("tapestry: unknown track in %q", arg))
	}
	return t, k
}
