package tapestry

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the passive abilities of the civilizations that live on
// the map (spec §14, §7.4): Militants (the mat rows as the outpost
// supply), Isolationists (a token on an empty conquered territory), Nomads
// (buildings and landmarks on the map) and Traders (the die the attacker
// did not keep).

// errNoAnswer is the error of an answer a routine does not know.
func errNoAnswer(kind, key string) error {
	return fmt.Errorf("tapestry: no answer %q for %q", key, kind)
}

// passiveVP gives VP from a civilization's passive trigger. R29: these are
// the only gains a finished player still receives, so the finished check
// of vp does not apply.
func (s *State) passiveVP(seat, n int, cause string, ev *events) {
	if n > 0 {
		s.addVP(seat, n, cause, ev, "")
	}
}

// civIndex is the index of seat's civilization with routine id (0 when it
// has none: the civilization answers only need a valid index).
func (s *State) civIndex(seat int, id string) int {
	for k, cs := range s.Players[seat].Civs {
		if Civs[cs.Civ].Bespoke == id {
			return k
		}
	}
	return 0
}

// civTask runs the tasks of this file; it reports whether it knew t.
func (s *State) civTask(t Task, ev *events) (bool, error) {
	switch t.Op {
	case "civ_conquer":
		s.conquerTarget(t, *t.Hex, ev)
	case "civ_trade_die":
		s.tradersDieAsk(t)
	default:
		return false, nil
	}
	return true, nil
}

// civMapAnswer continues the passive routines of this file.
func (s *State) civMapAnswer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(t.Seat)
	_, arg, _ := strings.Cut(key, ":")
	switch a.Kind {
	case "c:militants_take":
		row := 0
		if arg == "bottom" {
			row = 1
		}
		if t.Op == "conquer" {
			// Chosen with the target (§7.4.2 step 2): taken when placed.
			t.List = []int{conqStage(t) | conqTop<<row}
			s.conquerTarget(t, *t.Hex, ev)
			return nil
		}
		if cs := s.civOf(seat, "militants"); cs != nil && cs.Rows[row] < militantsRow {
			cs.Rows[row]++
		}
	case "c:isolationists":
		if arg != "place" {
			s.conquerTarget(t, *t.Hex, ev)
			return nil
		}
		cs := s.civOf(seat, "isolationists")
		tr := s.Terr(*t.Hex)
		tr.Tokens = append(tr.Tokens, Token{Seat: t.Seat, Kind: "iso"})
		cs.Left--
		ev.say("%s's Isolationists settle %s.", who(seat), *t.Hex)
		next := t
		next.Op = "civ_conquer"
		s.push(Task{Op: "gain_any", Seat: t.Seat, N: 1}, next)
	case "c:traders_die":
		if key != "tradedie" {
			return nil
		}
		face := tradeFace(t)
		ev.say("%s's Traders take the %s die too.", who(seat), dieName(t))
		if s.Players[seat].Done {
			// R29: a finished player gains only the VP.
			s.passiveVP(seat, faceVP(s, seat, face), "Traders, "+dieName(t)+" die", ev)
			return nil
		}
		s.pushEffects(seat, face, t.Hex, "Traders, "+dieName(t)+" die")
	default:
		return errNoAnswer(a.Kind, key)
	}
	return nil
}

// --- Militants --------------------------------------------------------

// militantsRow is the number of outposts in each row of the Militants mat.
const militantsRow = 4

// militantsLeft reports which Militants rows still hold an outpost.
func militantsLeft(cs *CivState) [2]bool {
	return [2]bool{cs.Rows[0] < militantsRow, cs.Rows[1] < militantsRow}
}

// supplyOutpost takes one outpost from seat's supply for a placement (a
// conquer, Militarism). The Militants' supply is their mat: the outpost
// comes from the left end of row (0 top, 1 bottom); with row -1 the player
// chooses when both rows hold some (asked now; nothing happens between the
// placement and the choice).
func (s *State) supplyOutpost(seat, row int) {
	s.Players[seat].Outposts--
	cs := s.civOf(seat, "militants")
	if cs == nil {
		return
	}
	left := militantsLeft(cs)
	if row < 0 || row > 1 || !left[row] {
		switch {
		case left[0] && left[1]:
			s.ask("c:militants_take", seat, []string{"miltake:bottom", "miltake:top"},
				Task{Op: "civ_miltake", Seat: int8(seat), N: s.civIndex(seat, "militants")})
			return
		case left[0]:
			row = 0
		case left[1]:
			row = 1
		default:
			return
		}
	}
	cs.Rows[row]++
}

// Stages of a conquer's civilization choices, kept in List[0] of the
// conquer task.
const (
	conqTop    = 1 // Militants: the outpost comes from the top row
	conqBottom = 2 // Militants: from the bottom row
	conqIso    = 4 // Isolationists: the offer was made
)

func conqStage(t Task) int {
	if len(t.List) > 0 {
		return t.List[0]
	}
	return 0
}

// conquerRow is the Militants row a conquer takes its outpost from, or -1.
func conquerRow(t Task) int {
	switch st := conqStage(t); {
	case st&conqTop != 0:
		return 0
	case st&conqBottom != 0:
		return 1
	}
	return -1
}

// conquerCivs makes the civilization choices of a conquer once its target
// h is chosen (§7.4.2 steps 2-3): the Militants' row, then the
// Isolationists' token when the target holds no item. It reports whether
// it asked; the answer resumes the conquer.
func (s *State) conquerCivs(t *Task, h Hex) bool {
	seat := int(t.Seat)
	st := conqStage(*t)
	hh := h
	t.Hex = &hh
	if cs := s.civOf(seat, "militants"); cs != nil && st&(conqTop|conqBottom) == 0 {
		left := militantsLeft(cs)
		switch {
		case left[0] && left[1]:
			s.ask("c:militants_take", seat, []string{"miltake:bottom", "miltake:top"}, *t)
			return true
		case left[0]:
			st |= conqTop
		case left[1]:
			st |= conqBottom
		}
	}
	if st&conqIso == 0 {
		st |= conqIso
		t.List = []int{st}
		cs := s.civOf(seat, "isolationists")
		if cs != nil && cs.Left > 0 && !s.Players[seat].Done && s.Terr(h).Items() == 0 {
			s.ask("c:isolationists", seat, []string{"iso:place", "iso:skip"}, *t)
			return true
		}
	}
	t.List = []int{st}
	return false
}

// --- Nomads -----------------------------------------------------------

// nomadHexes lists where seat's Nomads may set a building or a landmark on
// the map: (a) a territory they control holding exactly one item, or (b)
// an empty explored territory next to one they control (§14).
func (s *State) nomadHexes(seat int) []Hex {
	if s.civOf(seat, "nomads") == nil {
		return nil
	}
	var out []Hex
	for i := range s.Map {
		t := &s.Map[i]
		if !t.Explored() {
			continue
		}
		switch t.Items() {
		case 1:
			if s.Controls(seat, t) {
				out = append(out, t.Hex)
			}
		case 0:
			for k := range 6 {
				if n := s.Terr(t.Hex.Neighbour(k)); n != nil && s.Controls(seat, n) {
					out = append(out, t.Hex)
					break
				}
			}
		}
	}
	return out
}

// nomadOpts are nomadHexes as placement keys.
func (s *State) nomadOpts(seat int) []string {
	var opts []string
	for _, h := range s.nomadHexes(seat) {
		opts = append(opts, "nomad:"+strconv.Itoa(int(h.A))+"@"+strconv.Itoa(int(h.B)))
	}
	return opts
}

// nomadPlace sets a Nomads building or landmark (cover code) on h: it
// stands as an upright outpost of the player. Beside another item it pays
// one any resource; on an empty territory it gives control (not a
// conquer: no dice, no conquer triggers, no achievement).
func (s *State) nomadPlace(seat int, h Hex, code byte, what string, ev *events) {
	tr := s.Terr(h)
	had := tr.Items()
	tr.Outposts = append(tr.Outposts, Outpost{Seat: int8(seat), Bld: code})
	if had > 0 {
		ev.say("%s's Nomads set the %s on %s, beside their outpost.", who(seat), what, h)
		s.push(Task{Op: "gain_any", Seat: int8(seat), N: 1})
		return
	}
	ev.say("%s's Nomads set the %s on %s and take it.", who(seat), what, h)
}

// --- Traders ----------------------------------------------------------

// tradersAfterRoll queues, under the attacker's die, the offer of the die
// the attacker did not keep to the owner of a Traders token on the
// conquered territory (§7.4.2 step 7).
func (s *State) tradersAfterRoll(t Task, kept string) {
	if t.Hex == nil {
		return
	}
	tr := s.Terr(*t.Hex)
	if tr == nil {
		return
	}
	for _, tk := range tr.Tokens {
		o := int(tk.Seat)
		if tk.Kind != "trade" || o == int(t.Seat) {
			continue
		}
		x := Task{Op: "civ_trade_die", Seat: tk.Seat, N: s.civIndex(o, "traders"), Tok: t.Seat, Hex: t.Hex}
		if kept == "red" {
			x.Track, x.M = 1, t.M
		} else {
			x.Track, x.M = 0, t.N
		}
		s.push(x)
	}
}

// tradeFace is the face of the die offered to the Traders (Track 0 red, 1
// black; M the face).
func tradeFace(t Task) []Effect {
	if t.Track == 1 {
		return BlackDie[t.M]
	}
	return RedDie[t.M]
}

func dieName(t Task) string {
	if t.Track == 1 {
		return "black"
	}
	return "red"
}

// faceVP is the VP a die face pays seat now.
func faceVP(s *State, seat int, face []Effect) int {
	n := 0
	for _, e := range face {
		switch e.Do {
		case "vp":
			n += e.N
		case "vp_per":
			n += e.Each * s.count(seat, e.Per, e.Track)
		}
	}
	return n
}

// tradersDieAsk offers the Traders player the other die (a reaction out of
// their turn), when it can give them something: a tile face on a printed
// hex gives nothing, and a finished player gains only VP (R29).
func (s *State) tradersDieAsk(t Task) {
	seat := int(t.Seat)
	face := tradeFace(t)
	if s.Players[seat].Done {
		if faceVP(s, seat, face) == 0 {
			return
		}
	} else if len(face) == 0 || face[0].Do == "territory_benefit" && s.Terr(*t.Hex).Tile == 0 {
		return
	}
	s.Ask = &Ask{Kind: "c:traders_die", Seat: t.Seat, Opts: []string{"skip", "tradedie"}, Task: t, Window: true}
}

// --- Labels -----------------------------------------------------------

// civMapLabel labels the keys of this file and civ_capital.go, and the
// set-up, step-1 and mid-game keys of these civilizations ("" when it
// does not know the key).
func civMapLabel(v View, key string) string {
	verb, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, yi := atoi(x), atoi(y)
	h := Hex{int8(xi), int8(yi)}
	switch verb {
	case "beside":
		return "Beside the capital"
	case "statue":
		return statueLabel(v, arg)
	case "nomad":
		if t := v.Terr(h); t != nil && t.Items() > 0 {
			return "Map: hex " + h.String() + " → 1 any resource"
		}
		return "Map: hex " + h.String() + " → take control"
	case "miltake":
		return "Outpost from the " + arg + " row"
	case "milrow":
		return "Outpost onto the " + arg + " row"
	case "iso":
		if arg == "place" {
			return "Place an Isolationists token → 1 any"
		}
		return "No Isolationists token"
	case "tradedie":
		if v.Ask != nil {
			if v.Ask.Track == 1 && v.Black >= 0 {
				return "Take the black die: " + dieText(BlackDie[v.Black])
			}
			if v.Ask.Track == 0 && v.Red >= 0 {
				return "Take the red die: " + dieText(RedDie[v.Red])
			}
		}
		return "Take the other die"
	case "trader":
		if arg == "skip" {
			return "No Traders token"
		}
		if t := v.Terr(h); t != nil && t.Items() > 0 {
			return "Traders on hex " + h.String() + " → its tile's benefit"
		}
		n := 0
		for k := range 6 {
			if nb := v.Terr(h.Neighbour(k)); nb != nil && nb.Explored() {
				if c := nb.Controller(); c >= 0 && c != int(v.Viewer) {
					n++
				}
			}
		}
		return fmt.Sprintf("Traders on hex %s → %d VP", h, n)
	case "swap":
		if arg == "done" {
			return "No more swaps"
		}
		return swapLabel(v, xi, yi)
	}
	return ""
}
