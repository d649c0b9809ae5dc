package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// bespoke runs the routines of spec §13.4. A routine that needs a choice
// asks with kind "b:<id>" and continues in bespokeAnswer.
func (s *State) bespoke(t Task, ev *events) error {
	seat := int(t.Seat)
	p := &s.Players[seat]
	if p.Done {
		return nil
	}
	switch t.Str {
	case "ai_singularity":
		for _, v := range p.Tokens[Technology] {
			if v == 12 {
				var opts []string
				for tr := range Track(NumTracks) {
					opts = append(opts, "to:"+tr.String())
				}
				s.ask("b:ai_singularity", seat, opts, t)
				return nil
			}
		}
	case "age_of_discovery":
		t.Str = "age_of_discovery_roll"
		t.Op = "research"
		s.researchRoll(t)
	case "age_of_sail_gift":
		if len(p.Tiles) == 0 {
			return nil
		}
		opts := []string{"nogift"}
		for _, id := range p.Tiles {
			for _, o := range s.Opponents(seat) {
				opts = append(opts, "gift:"+strconv.Itoa(id)+"@"+strconv.Itoa(o))
			}
		}
		s.ask("b:age_of_sail_gift", seat, keyList(opts), t)
	case "age_of_wonders":
		mine := s.count(seat, "landmarks", "")
		fewer, more := true, true
		for _, o := range s.Opponents(seat) {
			n := s.count(o, "landmarks", "")
			fewer = fewer && mine < n
			more = more && mine > n
		}
		switch {
		case fewer:
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: 2})
		case more:
			s.vp(seat, 12, "Age of Wonders", ev)
		default:
			s.vp(seat, 6, "Age of Wonders", ev)
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: 1})
		}
	case "alliance_choose_partner", "marriage_choose":
		var opts []string
		for _, o := range s.Opponents(seat) {
			if t.Str == "marriage_choose" {
				for tr := range Track(NumTracks) {
					opts = append(opts, "partner:"+strconv.Itoa(o)+"@"+tr.String())
				}
			} else {
				opts = append(opts, "partner:"+strconv.Itoa(o))
			}
		}
		s.ask("b:"+t.Str, seat, keyList(opts), t)
	case "alliance_copy_upgrade_benefit", "marriage_copy_benefit":
		// Carried out where the partner gains the benefit (tech.go, turns.go).
	case "architects_adjustment":
		if len(s.Players) >= 3 {
			s.vp(seat, 10*len(s.Opponents(seat)), "Architects adjustment", ev)
		}
	case "chosen_adjustment":
		s.vp(seat, 15*len(s.Opponents(seat)), "The Chosen adjustment", ev)
	case "boast_of_superiority":
		n := 0
		for tr := range Track(NumTracks) {
			if s.noneAhead(seat, tr) {
				n++
			}
		}
		s.vp(seat, 4*n, "Boast of Superiority", ev)
	case "capitalism_vp":
		s.vp(seat, 2*t.N, "Capitalism", ev)
	case "coal_baron":
		s.push(Task{Op: "draw", Seat: t.Seat, Str: "terr"}, Task{Op: "bespoke", Seat: t.Seat, Str: "coal_baron_explore", N: len(p.Tiles)})
	case "coal_baron_explore":
		var ts []Task
		if len(p.Tiles) > t.N {
			ts = append(ts, Task{Op: "explore", Seat: t.Seat, Tile: p.Tiles[len(p.Tiles)-1]})
		}
		for _, n := range s.Neighbours(seat) {
			ts = append(ts, Task{Op: "draw", Seat: int8(n), Str: "terr"})
		}
		s.push(ts...)
	case "colonialism":
		var opts []string
		for i := range s.Map {
			tr := &s.Map[i]
			if tr.Tile != 0 && s.Controls(seat, tr) {
				opts = append(opts, "colony:"+strconv.Itoa(int(tr.Hex.A))+"@"+strconv.Itoa(int(tr.Hex.B)))
			}
		}
		if len(opts) > 0 {
			s.ask("b:colonialism", seat, keyList(opts), t)
		}
	case "dark_ages":
		var opts []string
		for tr := range Track(NumTracks) {
			opts = append(opts, "up:"+tr.String())
		}
		s.ask("b:dark_ages", seat, opts, t)
	case "discard_tapestry_for_vp":
		if len(p.Hand) == 0 {
			return nil
		}
		opts := []string{"keep"}
		for _, c := range p.Hand {
			opts = append(opts, "discard:"+strconv.Itoa(int(c)))
		}
		s.ask("b:discard_tapestry_for_vp", seat, keyList(opts), t)
	case "dictatorship":
		var opts []string
		for tr := range Track(NumTracks) {
			if s.pieceToMove(seat, tr, true) >= 0 {
				opts = append(opts, "track:"+tr.String())
			}
		}
		if len(opts) > 0 {
			s.ask("b:dictatorship", seat, opts, t)
		}
	case "diplomacy_all_gain_any":
		var ts []Task
		for i := range s.Seats {
			o := (seat + i) % s.Seats
			ts = append(ts, Task{Op: "gain_any", Seat: int8(o), N: 1})
		}
		s.push(ts...)
	case "espionage":
		var opts []string
		for o := range s.Players {
			for k, sl := range s.Players[o].Slots {
				if len(sl) == 0 {
					continue
				}
				top := sl[len(sl)-1]
				if top.Down || TapCards[top.Card].Name == "Espionage" {
					continue
				}
				opts = append(opts, "spy:"+strconv.Itoa(o)+"@"+strconv.Itoa(k))
			}
		}
		if len(opts) > 0 {
			s.ask("b:espionage", seat, keyList(opts), t)
		}
	case "guilds":
		var opts []string
		for k := 1; k <= 3; k++ {
			if p.VP >= 5*k {
				opts = append(opts, "guild:vp"+strconv.Itoa(k))
			}
			if p.Res.Total() >= k {
				opts = append(opts, "guild:res"+strconv.Itoa(k))
			}
		}
		if len(opts) > 0 {
			s.ask("b:guilds", seat, keyList(opts), t)
		}
	case "mercantilism_convert":
		if t.N > 0 && p.Res[Food] > 0 {
			var opts []string
			for k := 0; k <= min(t.N, p.Res[Food]); k++ {
				opts = append(opts, "convert:"+strconv.Itoa(k))
			}
			s.ask("b:mercantilism_convert", seat, opts, t)
		}
	case "militarism_outpost":
		if p.Outposts > 0 && t.Hex != nil {
			if tr := s.Terr(*t.Hex); tr != nil && len(tr.Outposts) == 0 {
				s.ask("b:militarism_outpost", seat, []string{"nooutpost", "outpost"}, t)
			}
		}
	case "oil_offer":
		if s.pieceToMove(seat, Track(t.Track), true) >= 0 {
			s.Ask = &Ask{Kind: "b:oil_offer", Seat: t.Seat, Opts: []string{"advance", "noadvance"}, Task: t, Window: !t.Flag}
		}
	case "oil_magnate":
		var opts []string
		for tr := range Track(NumTracks) {
			opts = append(opts, "track:"+tr.String())
		}
		s.ask("b:oil_magnate", seat, opts, t)
	case "olympic_host":
		t.List = nil
		t.N = 0 // seats asked so far
		s.olympicNext(t)
	case "plea_for_aid":
		var ts []Task
		for tr := range Track(NumTracks) {
			behind := true
			for _, o := range s.Opponents(seat) {
				if s.Players[o].Position(tr) <= p.Position(tr) {
					behind = false
				}
			}
			if behind {
				s.vp(seat, 2, "Plea for Aid", ev)
				ts = append(ts, Task{Op: "gain_any", Seat: t.Seat, N: 1})
			}
		}
		s.push(ts...)
	case "revolution_flip":
		t.N = 0
		s.revolutionAsk(t)
	case "socialism":
		var opts []string
		// Only tracks where a piece can actually move to a target (not a
		// forbidden track upward, not the AI marker alone).
		for tr := range Track(NumTracks) {
			for _, v := range s.socialismTargets(seat, tr) {
				if s.pieceToMove(seat, tr, v > p.Position(tr)) >= 0 {
					opts = append(opts, "track:"+tr.String())
					break
				}
			}
		}
		if len(opts) > 0 {
			s.ask("b:socialism", seat, opts, t)
		}
	case "steam_tycoon_neighbours":
		var ts []Task
		for _, n := range s.Neighbours(seat) {
			ts = append(ts, Task{Op: "draw", Seat: int8(n), Str: "tech"})
		}
		s.push(ts...)
	case "technocracy":
		first := true
		for _, o := range s.Opponents(seat) {
			if s.Players[o].Era >= p.Era {
				first = false
			}
		}
		if first {
			s.push(Task{Op: "invent", Seat: t.Seat, Flag: true})
		} else {
			s.vp(seat, 3*len(s.Opponents(seat)), "Technocracy", ev)
		}
	case "trade_economy":
		var opts []string
		for _, o := range s.Opponents(seat) {
			for tr := range Track(NumTracks) {
				if v := s.Players[o].Position(tr); v >= 1 {
					opts = append(opts, "trade:"+strconv.Itoa(o)+"@"+tr.String())
				}
			}
		}
		if len(opts) > 0 {
			s.ask("b:trade_economy", seat, keyList(opts), t)
		}
	case "tyranny_play_on_top":
		if len(p.Hand) > 0 && p.Era < 5 && p.Era >= 1 {
			c := p.Hand[len(p.Hand)-1]
			s.ask("b:tyranny_play_on_top", seat, []string{"notyranny", "tyranny:" + strconv.Itoa(int(c))}, t)
		}
	default:
		return fmt.Errorf("tapestry: unknown routine %q", t.Str)
	}
	return nil
}

// noneAhead reports whether no other player's position on tr is higher.
func (s *State) noneAhead(seat int, tr Track) bool {
	mine := s.Players[seat].Position(tr)
	for _, o := range s.Opponents(seat) {
		if s.Players[o].Position(tr) > mine {
			return false
		}
	}
	return true
}

// socialismTargets lists the nearest different opponent positions on tr.
func (s *State) socialismTargets(seat int, tr Track) []int {
	mine := s.Players[seat].Position(tr)
	best := 99
	var out []int
	for _, o := range s.Opponents(seat) {
		v := s.Players[o].Position(tr)
		if v == mine {
			continue
		}
		d := v - mine
		if d < 0 {
			d = -d
		}
		switch {
		case d < best:
			best, out = d, []int{v}
		case d == best && (len(out) == 0 || out[0] != v):
			out = append(out, v)
		}
	}
	return out
}

// olympicNext asks the next player (from the owner, clockwise) whether to
// pay 1 worker for 10 VP; when all were asked, the owner's reward.
func (s *State) olympicNext(t Task) {
	owner := int(t.Seat)
	for t.N < s.Seats {
		o := (owner + t.N) % s.Seats
		t.N++
		if !s.Players[o].Done && s.Players[o].Res[Worker] > 0 {
			t.Tok = int8(o)
			s.Ask = &Ask{Kind: "b:olympic_host", Seat: int8(o), Opts: []string{"nopay", "pay"}, Task: t, Window: o != owner}
			return
		}
	}
	if t.M > 0 {
		var opts []string
		for b := range Building(NumBuildings) {
			if s.Players[owner].Taken[b] < 5 {
				opts = append(opts, "build:"+BuildingNames[b])
			}
		}
		if len(opts) > 0 {
			s.ask("building_choice", owner, opts, Task{Op: "building", Seat: int8(owner)})
		}
		return
	}
	s.gain(owner, Res{Coin: 1})
}

// revolutionAsk offers up to three flips (t.N counts those made).
func (s *State) revolutionAsk(t Task) {
	seat := int(t.Seat)
	if t.N >= 3 {
		return
	}
	var opts []string
	for _, h := range s.revolutionTargets(seat) {
		opts = append(opts, "flip:"+strconv.Itoa(int(h.A))+"@"+strconv.Itoa(int(h.B)))
	}
	if len(opts) == 0 {
		return
	}
	opts = append(opts, "stop")
	s.ask("b:revolution_flip", seat, keyList(opts), t)
}

// revolutionTargets lists the territories holding a toppled outpost of
// seat and an upright outpost of an opponent.
func (s *State) revolutionTargets(seat int) []Hex {
	var out []Hex
	for i := range s.Map {
		tr := &s.Map[i]
		mine, theirs := false, false
		for _, o := range tr.Outposts {
			if int(o.Seat) == seat && o.Down {
				mine = true
			}
			if int(o.Seat) != seat && !o.Down {
				theirs = true
			}
		}
		if mine && theirs {
			out = append(out, tr.Hex)
		}
	}
	return out
}

// bespokeAnswer continues a routine after its choice.
func (s *State) bespokeAnswer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(t.Seat)
	p := &s.Players[seat]
	verb, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, _ := strconv.Atoi(x)
	switch a.Kind {
	case "b:ai_singularity":
		to := trackOf(arg)
		p.Tokens[Technology] = removeOne(p.Tokens[Technology], 12)
		p.Tokens[to] = append(p.Tokens[to], 0)
		p.Marker = true
		ev.say("%s reaches the AI Singularity and restarts a token on %s.", who(seat), to)
	case "b:age_of_sail_gift":
		if verb == "gift" {
			o, _ := strconv.Atoi(y)
			p.Tiles = removeOne(p.Tiles, xi)
			s.Players[o].Tiles = append(s.Players[o].Tiles, xi)
			ev.say("%s gives territory tile %d to %s.", who(seat), xi, who(o))
			s.vp(seat, 3, "Age of Sail", ev)
		}
	case "b:alliance_choose_partner":
		p.Partner = int8(xi)
		ev.say("%s allies with %s for this era.", who(seat), who(xi))
	case "b:marriage_choose":
		p.Partner, p.PartnerTrack = int8(xi), int8(trackOf(y))
		ev.say("%s marries into %s's %s for this era.", who(seat), who(xi), y)
	case "b:colonialism":
		b, _ := strconv.Atoi(y)
		tr := s.Terr(Hex{int8(xi), int8(b)})
		var r Res
		for _, l := range landOf(tr) {
			switch l {
			case 'M':
				r[Worker]++
			case 'G':
				r[Culture]++
			case 'F':
				r[Food]++
			case 'D':
				r[Coin]++
			}
		}
		s.gain(seat, r)
	case "b:dark_ages":
		up := trackOf(arg)
		var ts []Task
		// §6.5: with two tokens on a track the player picks the one that
		// moves (Tok -1); a track that cannot move is simply skipped.
		for tr := range Track(NumTracks) {
			if tr != up {
				ts = append(ts, Task{Op: "regress", Seat: t.Seat, Track: int8(tr), Tok: -1})
			}
		}
		for range 3 {
			ts = append(ts, Task{Op: "move", Seat: t.Seat, Track: int8(up), Tok: -1, Str: "none"})
		}
		s.push(ts...)
	case "b:discard_tapestry_for_vp":
		if verb == "discard" {
			p.Hand = removeOne(p.Hand, int8(xi))
			s.TapDiscard = append(s.TapDiscard, int8(xi))
			ev.say("%s discards a tapestry card.", who(seat))
			s.vp(seat, 2, "Democracy", ev)
			s.push(Task{Op: "bespoke", Seat: t.Seat, Str: "discard_tapestry_for_vp"})
		}
	case "b:dictatorship":
		tr := trackOf(arg)
		p.Forbid, p.ForbidTurns = int8(tr), 2
		ev.say("%s declares a dictatorship over %s.", who(seat), tr)
		s.push(Task{Op: "move", Seat: t.Seat, Track: int8(tr), Tok: -1, Flag: true, Str: "pay"})
	case "b:espionage":
		o, k := xi, 0
		k, _ = strconv.Atoi(y)
		sl := s.Players[o].Slots[k]
		c := int(sl[len(sl)-1].Card)
		ev.say("%s copies %s.", who(seat), TapCards[c].Name)
		if TapCards[c].Type == "this_era" {
			p.Copy = int8(c)
		}
		s.pushEffects(seat, TapCards[c].Effects, nil, TapCards[c].Name)
	case "b:guilds":
		k := int(arg[len(arg)-1] - '0')
		if strings.HasPrefix(arg, "vp") {
			s.addVP(seat, -5*k, "Guilds", ev, "")
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: k})
		} else {
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: k, Str: "lose"}, Task{Op: "eff", Seat: t.Seat, E: &Effect{Do: "vp", N: 5 * k}, Why: "Guilds"})
		}
	case "b:mercantilism_convert":
		if xi > 0 {
			p.Res[Food] -= xi
			s.vp(seat, 2*xi, "Mercantilism", ev)
			s.push(Task{Op: "gain_any", Seat: t.Seat, N: xi, Str: "nofood"})
		}
	case "b:militarism_outpost":
		if key == "outpost" {
			tr := s.Terr(*t.Hex)
			tr.Outposts = append(tr.Outposts, Outpost{Seat: t.Seat})
			s.supplyOutpost(seat, -1)
			ev.say("%s sets an outpost on the new territory.", who(seat))
		}
	case "b:oil_magnate":
		tr := trackOf(arg)
		var ts []Task
		if k := s.pieceToMove(seat, tr, true); k >= 0 {
			ts = append(ts, Task{Op: "bespoke", Seat: t.Seat, Str: "oil_offer", Track: int8(tr), Flag: true})
		}
		// §13.4: the neighbours follow in clockwise order (the left one,
		// seat+1, first; Neighbours lists the right one first).
		for _, n := range s.clockwise(seat, s.Neighbours(seat)) {
			ts = append(ts, Task{Op: "bespoke", Seat: int8(n), Str: "oil_offer", Track: int8(tr)})
		}
		s.push(ts...)
	case "b:oil_offer":
		if key == "advance" {
			mode := "none"
			if t.Flag {
				mode = "pay"
			}
			s.push(Task{Op: "move", Seat: t.Seat, Track: t.Track, Tok: -1, Flag: t.Flag, Str: mode})
		}
	case "b:olympic_host":
		o := int(t.Tok)
		if key == "pay" {
			s.Players[o].Res[Worker]--
			ev.say("%s pays a worker to host the games.", who(o))
			s.vp(o, 10, "Olympic Host", ev)
			if o != seat {
				t.M = 1
			}
		}
		s.olympicNext(t)
	case "b:revolution_flip":
		if verb == "flip" {
			b, _ := strconv.Atoi(y)
			tr := s.Terr(Hex{int8(xi), int8(b)})
			for i := range tr.Outposts {
				tr.Outposts[i].Down = int(tr.Outposts[i].Seat) != seat
			}
			ev.say("%s's revolution takes back %s.", who(seat), tr.Hex)
			t.N++
			s.push(Task{Op: "achieve"})
			s.revolutionAsk(t)
		}
	case "b:socialism":
		tr := trackOf(arg)
		var targets []int
		for _, v := range s.socialismTargets(seat, tr) {
			if s.pieceToMove(seat, tr, v > p.Position(tr)) >= 0 {
				targets = append(targets, v)
			}
		}
		if len(targets) > 1 {
			var opts []string
			for _, v := range targets {
				opts = append(opts, "to:"+strconv.Itoa(v))
			}
			t.Track = int8(tr)
			s.ask("b:socialism_to", seat, keyList(opts), t)
			return nil
		}
		s.socialismMove(seat, tr, targets[0])
	case "b:socialism_to":
		s.socialismMove(seat, Track(t.Track), xi)
	case "b:trade_economy":
		o := xi
		tr := trackOf(y)
		v := s.Players[o].Position(tr)
		sp := Spaces[tr][v-1]
		var ts []Task
		for i := range sp.Benefit {
			e := sp.Benefit[i]
			if e.Do == "bespoke" && e.ID == "ai_singularity" {
				continue
			}
			ts = append(ts, Task{Op: "eff", Seat: t.Seat, E: &e, Why: sp.Name})
		}
		if sp.Bonus != nil {
			ts = append(ts, Task{Op: "bonus", Seat: int8(o), Track: int8(tr), N: v, Str: "free"})
		}
		s.push(ts...)
	case "b:tyranny_play_on_top":
		if verb == "tyranny" {
			if !p.Tyrant {
				p.Tyrant = true
				s.vp(seat, 5, "Tyranny", ev)
			}
			s.playCard(seat, xi, ev)
		}
	default:
		return fmt.Errorf("tapestry: no answer for %q", a.Kind)
	}
	return nil
}

// socialismMove moves seat's most advanced piece on tr to space v in one
// move of several spaces (R24: one advance or one regress; landmarks
// passed are claimed, every tier entered counts; no benefit, no bonus).
func (s *State) socialismMove(seat int, tr Track, v int) {
	p := &s.Players[seat]
	k := s.pieceToMove(seat, tr, v > p.Position(tr))
	if k < 0 {
		return
	}
	from := int(p.Tokens[tr][k])
	switch {
	case v > from:
		s.push(Task{Op: "move", Seat: int8(seat), Track: int8(tr), Tok: int8(k), N: v - from, Str: "none"})
	case v < from:
		s.push(Task{Op: "regress", Seat: int8(seat), Track: int8(tr), Tok: int8(k), N: from - v})
	}
}

// clockwise orders seats by turn order starting after seat.
func (s *State) clockwise(seat int, seats []int) []int {
	out := slices.Clone(seats)
	n := len(s.Players)
	slices.SortFunc(out, func(a, b int) int { return (a-seat+n)%n - (b-seat+n)%n })
	return out
}

// pieceToMove picks seat's token on tr that can advance (up) or regress:
// the most advanced one that can, or -1.
func (s *State) pieceToMove(seat int, tr Track, up bool) int {
	p := &s.Players[seat]
	best := -1
	for k, v := range p.Tokens[tr] {
		if up && (v >= 12 || s.forbidden(seat, tr)) || !up && v <= 0 {
			continue
		}
		if best < 0 || v > p.Tokens[tr][best] {
			best = k
		}
	}
	return best
}

// landOf lists the distinct land terrains of a territory tile.
func landOf(t *Territory) []byte {
	seen := map[byte]bool{}
	var out []byte
	add := func(c byte) {
		if c != 'S' && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	c := t.Corners()
	for i := range len(c) {
		add(c[i])
	}
	isl := t.Island
	if t.Tile != 0 {
		isl = Territories[t.Tile-1].Island
	}
	for i := range len(isl) {
		add(isl[i])
	}
	return out
}
