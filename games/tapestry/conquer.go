package tapestry

import (
	"strconv"
)

// conquerTargets lists the territories seat may conquer (§7.4.2 step 1).
func (s *State) conquerTargets(seat int, anywhere bool) []Hex {
	var out []Hex
	for i := range s.Map {
		t := &s.Map[i]
		if !t.Explored() || t.Items() > 1 || s.Controls(seat, t) {
			continue
		}
		if c := t.Controller(); c >= 0 && s.allied(seat, c) {
			continue
		}
		if anywhere || s.nextToControlled(seat, t.Hex) {
			out = append(out, t.Hex)
		}
	}
	return out
}

// allied reports whether an Alliance joins a and b now.
func (s *State) allied(a, b int) bool {
	pa, pb := &s.Players[a], &s.Players[b]
	return pa.Partner == int8(b) && s.rule(a, "no_conquest_between_allies", -1) ||
		pb.Partner == int8(a) && s.rule(b, "no_conquest_between_allies", -1)
}

// conquerAsk asks the target of a conquer (void without outposts or a
// target).
func (s *State) conquerAsk(t Task) {
	seat := int(t.Seat)
	if s.Players[seat].Outposts <= 0 {
		return
	}
	hs := s.conquerTargets(seat, t.Flag)
	if len(hs) == 0 {
		return
	}
	opts := make([]string, 0, len(hs))
	for _, h := range hs {
		opts = append(opts, "hex:"+strconv.Itoa(int(h.A))+"@"+strconv.Itoa(int(h.B)))
	}
	s.ask("conquer_hex", seat, opts, t)
}

// conquerTarget starts the conquer of h: the trap window, or the outcome.
func (s *State) conquerTarget(t Task, h Hex, ev *events) {
	if s.conquerCivs(&t, h) {
		return
	}
	seat := int(t.Seat)
	tr := s.Terr(h)
	def := tr.Controller()
	t.Hex = &h
	t.Tok = -1
	if def >= 0 && def != seat {
		t.Tok = int8(def)
		t.M = 1 // the target was opponent-controlled
		if s.automaTrapCheck(t, ev) {
			return // solo: the Automa's trap stock answers (§17.8)
		}
		d := &s.Players[def]
		if !d.Done && len(d.Hand) > 0 && !s.rule(seat, "no_traps_against_you", -1) {
			opts := []string{"notrap"}
			if containsCard(d.Hand, TrapCard) {
				opts = append(opts, "trap")
			}
			s.Ask = &Ask{Kind: "trap", Seat: int8(def), Opts: opts, Task: t, Window: true}
			ev.say("%s attacks %s's territory %s.", who(seat), who(def), h)
			return
		}
	}
	s.conquerResolve(t, false, ev)
}

func containsCard(hand []int8, c int) bool {
	for _, h := range hand {
		if int(h) == c {
			return true
		}
	}
	return false
}

// conquerResolve places the outpost (toppled when trapped), topples the
// defender's, checks achievements and rolls the dice.
func (s *State) conquerResolve(t Task, trapped bool, ev *events) {
	seat := int(t.Seat)
	h := *t.Hex
	tr := s.Terr(h)
	def := int(t.Tok)
	s.supplyOutpost(seat, conquerRow(t))
	toppled := false
	if trapped {
		tr.Outposts = append(tr.Outposts, Outpost{Seat: int8(seat), Down: true})
		s.Players[def].Hand = removeOne(s.Players[def].Hand, int8(TrapCard))
		s.TapDiscard = append(s.TapDiscard, int8(TrapCard))
		ev.say("%s plays a Trap: %s's outpost on %s falls.", who(def), who(seat), h)
	} else {
		for i := range tr.Outposts {
			if int(tr.Outposts[i].Seat) != seat && !tr.Outposts[i].Down {
				tr.Outposts[i].Down = true
				toppled = true
			}
		}
		tr.Outposts = append(tr.Outposts, Outpost{Seat: int8(seat)})
		if toppled {
			ev.say("%s conquers %s, toppling %s's outpost.", who(seat), h, who(def))
		} else {
			ev.say("%s conquers %s.", who(seat), h)
		}
	}
	var ts []Task
	if trapped && !s.bot(def) { // the Automa gains nothing for its Trap
		ts = append(ts, Task{Op: "gain_any", Seat: int8(def), N: 1})
	}
	ts = append(ts, Task{Op: "achieve"})
	controls := s.Controls(seat, tr)
	if tr.Middle && controls {
		s.achieve(seat, 2, ev)
	}
	if controls {
		for _, x := range s.fireTasks(seat, "conquer_complete", "") {
			hh := h
			x.Hex = &hh
			ts = append(ts, x)
		}
	}
	both := t.Str == "always" || t.Str == "if_opponent_controlled" && t.M == 1 ||
		toppled && s.rule(seat, "both_dice_when_toppling", -1)
	d := t
	d.Op = "conquer_dice"
	d.Flag = both
	if !s.bot(seat) { // the Automa rolls no dice (§17.8)
		ts = append(ts, d)
	}
	s.push(ts...)
}

func diceOpts() []string {
	opts := make([]string, 0, 36)
	for r := range 6 {
		for b := range 6 {
			opts = append(opts, "dice:"+strconv.Itoa(r)+","+strconv.Itoa(b))
		}
	}
	return opts
}

// conquerRolled takes the conquer roll: both dice, or the attacker picks.
func (s *State) conquerRolled(t Task, red, black int, ev *events) {
	s.Red, s.Black = int8(red), int8(black)
	ev.say("The conquer dice show %s and %s.", dieText(RedDie[red]), dieText(BlackDie[black]))
	t.N, t.M = red, black
	if t.Flag {
		s.dieGain(t, "red")
		s.dieGain(t, "black")
		return
	}
	s.ask("die", int(t.Seat), []string{"die:black", "die:red"}, t)
}

// dieGain queues one die's result for the attacker.
func (s *State) dieGain(t Task, which string) {
	face := RedDie[t.N]
	if which == "black" {
		face = BlackDie[t.M]
	}
	s.pushEffects(int(t.Seat), face, t.Hex, which+" die")
}

func dieText(face []Effect) string {
	if len(face) == 0 {
		return "nothing"
	}
	e := face[0]
	switch e.Do {
	case "vp":
		return strconv.Itoa(e.N) + " VP"
	case "vp_per":
		return "1 VP per territory"
	case "gain":
		return resText(*e.Res)
	case "territory_benefit":
		return "the territory's benefit"
	}
	return e.Do
}
