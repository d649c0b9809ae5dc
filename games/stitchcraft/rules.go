package stitchcraft

import (
	"fmt"
	"slices"
	"strconv"

	"spindle/games"
)

// ---- log ----

// say adds a public log line.
func (s *State) say(format string, args ...any) {
	s.evs = append(s.evs, games.Event{Public: fmt.Sprintf(format, args...)})
}

// tellPrivately adds a public line with private lines for seats, marked as a
// reveal of hidden information.
func (s *State) tellPrivately(public string, private map[int]string) {
	ev := games.Event{Public: public, Private: map[games.Seat]string{}, Reveal: true}
	for seat, line := range private {
		ev.Private[games.Seat(seat)] = line
	}
	s.evs = append(s.evs, ev)
}

// name is the token of seat's player name (games.Name).
func (s *State) name(seat int) string { return games.Name(games.Seat(seat)) }

// possessive is "<name>'s", or "their own" when seat is self.
func (s *State) possessive(seat, self int) string {
	if seat == self {
		return "their own"
	}
	return s.name(seat) + "'s"
}

// sharers are the seats that see what seat sees: itself, and its teammate
// in Consortium (S27).
func (s *State) sharers(seat int) []int {
	if s.Mode == Consortium {
		return []int{seat, s.teammate(seat)}
	}
	return []int{seat}
}

// peek tells the controller (and a Consortium teammate) privately which
// cards of a Chest they see, and everyone that they look. What they go on
// knowing afterwards is kept by the Chest functions (chest.go).
func (s *State) peek(p *Pending, cards []Colour, what string) {
	name := Power(s.Pattern, p.Colour).Name
	if len(cards) == 0 {
		s.say("%s looks at %s: it is empty.", s.name(p.Ctrl), what)
		return
	}
	priv := map[int]string{}
	for _, x := range s.sharers(p.Ctrl) {
		priv[x] = fmt.Sprintf("%s: %s sees %s (top first).", name, s.name(p.Ctrl), colourList(cards))
	}
	s.tellPrivately(fmt.Sprintf("%s looks at %s.", s.name(p.Ctrl), what), priv)
}

// tellLook sends the controller (and a Consortium teammate) a private note
// about where a looked-at card went.
func (s *State) tellLook(p *Pending, note string) {
	if len(s.evs) == 0 {
		return
	}
	ev := &s.evs[len(s.evs)-1]
	ev.Private = map[games.Seat]string{}
	for _, x := range s.sharers(p.Ctrl) {
		ev.Private[games.Seat(x)] = note
	}
}

func colourList(cs []Colour) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += ", "
		}
		out += c.String()
	}
	return out
}

// ---- seats, teams and targets ----

func (s *State) teammate(seat int) int { return (seat + 2) % 4 }

// team is 0 (A: seats 0, 2) or 1 (B: seats 1, 3) in team modes.
func (s *State) team(seat int) int { return seat % 2 }

// opponent reports whether a and b are opponents.
func (s *State) opponent(a, b int) bool {
	if a == b {
		return false
	}
	return !s.Mode.Teams() || s.team(a) != s.team(b)
}

// showOf is the seat holding seat's Showcase: the team's first seat in
// Consortium, else seat itself.
func (s *State) showOf(seat int) int {
	if s.Mode == Consortium {
		return seat % 2
	}
	return seat
}

// left is the next seat in turn order still in the game; right the previous.
func (s *State) left(seat int) int {
	for i := 1; i < s.Seats; i++ {
		if x := (seat + i) % s.Seats; !s.Players[x].Out {
			return x
		}
	}
	return seat
}

func (s *State) right(seat int) int {
	for i := 1; i < s.Seats; i++ {
		if x := (seat - i + s.Seats) % s.Seats; !s.Players[x].Out {
			return x
		}
	}
	return seat
}

// targetable reports whether the controller may target seat x (§8.3).
func (s *State) targetable(ctrl, x int) bool {
	if x < 0 || x >= s.Seats || s.Players[x].Out {
		return false
	}
	switch s.Mode {
	case LeanLeft:
		return x == ctrl || x == s.left(ctrl)
	case LeanRight:
		return x == ctrl || x == s.right(ctrl)
	}
	return true
}

// opponentsOf lists the seats ctrl may choose as "an opponent".
func (s *State) opponentsOf(ctrl int) []int {
	var out []int
	for x := range s.Seats {
		if s.opponent(ctrl, x) && s.targetable(ctrl, x) {
			out = append(out, x)
		}
	}
	return out
}

// playersFor lists the seats ctrl may choose as "a player", itself included.
func (s *State) playersFor(ctrl int) []int {
	var out []int
	for x := range s.Seats {
		if s.targetable(ctrl, x) {
			out = append(out, x)
		}
	}
	return out
}

// touch records a targeting of seat x in the current resolution.
func (p *Pending) touch(x int) {
	if x >= 0 && x < 8 {
		p.Touched |= 1 << x
	}
}

// ---- zones ----

// draw moves the top or bottom card of seat's Chest to its hand.
func (s *State) draw(seat int, top bool) {
	pl := &s.Players[seat]
	end := "top"
	if !top {
		end = "bottom"
	}
	if pl.Chest == "" {
		s.say("%s would draw from the %s of their Chest, but it is empty.", s.name(seat), end)
		return
	}
	var c Colour
	if top {
		c, _ = colourByLetter(s.takeTop(seat, 1)[0])
	} else {
		c, _ = s.takeBottom(seat)
	}
	pl.Hand[c]++
	priv := map[int]string{}
	for _, x := range s.sharers(seat) {
		if x == seat {
			priv[x] = fmt.Sprintf("You draw %s.", c)
		} else {
			priv[x] = fmt.Sprintf("%s draws %s.", s.name(seat), c)
		}
	}
	s.tellPrivately(fmt.Sprintf("%s draws a Tapestry from the %s of their Chest.", s.name(seat), end), priv)
}

func (s *State) takeScrap(seat int, c Colour) {
	pl := &s.Players[seat]
	if i := lastIndexByte(pl.Scrap, c.Letter()); i >= 0 {
		pl.Scrap = pl.Scrap[:i] + pl.Scrap[i+1:]
	}
}

func lastIndexByte(s string, b byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == b {
			return i
		}
	}
	return -1
}

func (s *State) takeShow(owner int, c Colour) {
	z := &s.Players[s.showOf(owner)]
	for i := len(z.Show) - 1; i >= 0; i-- {
		if z.Show[i] == (Card{Colour: c, Owner: owner}) {
			z.Show = slices.Delete(z.Show, i, i+1)
			return
		}
	}
}

func (s *State) takeDisplay(seat, label int) Colour {
	pl := &s.Players[seat]
	for i, f := range pl.Display {
		if f.Label == label {
			pl.Display = slices.Delete(pl.Display, i, i+1)
			return f.Colour
		}
	}
	return NoColour
}

// lowestPurple is the label of seat's lowest face-down Purple, or 0.
func (s *State) lowestPurple(seat int) int {
	for _, f := range s.Players[seat].Display {
		if f.Colour == Purple {
			return f.Label
		}
	}
	return 0
}

// ---- victory ----

// meets reports whether a Showcase meets a victory condition (§7.1).
func meets(show []Card, hard bool) bool {
	var n [NumColours]int
	kinds := 0
	for _, c := range show {
		if c.Colour >= NumColours {
			continue
		}
		if n[c.Colour] == 0 {
			kinds++
		}
		n[c.Colour]++
	}
	most, needKinds := 4, 7
	if hard {
		most, needKinds = 5, 8
	}
	return slices.Max(n[:]) >= most || kinds >= needKinds
}

// Meets reports whether a Showcase meets a victory condition; hard applies
// Consortium's hard mode.
func Meets(show []Card, hard bool) bool { return meets(show, hard) }

// master is the Master seat of seat's team, or -1 before roles are set.
func (s *State) master(seat int) int {
	if len(s.Masters) < 2 {
		return -1
	}
	return s.Masters[s.team(seat)]
}

// checkShowcase runs the victory check after a Tapestry of owner entered a
// Showcase (§7.2).
func (s *State) checkShowcase(owner int) {
	show := func(x int) bool { return meets(s.Players[x].Show, false) }
	switch s.Mode {
	case Apprentice, Spymaster:
		if s.master(owner) == owner && show(owner) {
			s.win(s.teamSeats(owner), "showcase")
		}
	case Guilds:
		if show(owner) {
			s.win(s.teamSeats(owner), "showcase")
		}
	case Monopoly:
		if show(owner) && show(s.teammate(owner)) {
			s.win(s.teamSeats(owner), "showcase")
		}
	case Consortium:
		if meets(s.Players[s.showOf(owner)].Show, s.Hard) {
			s.win(s.teamSeats(owner), "showcase")
		}
	default:
		if show(owner) {
			s.win([]int{owner}, "showcase")
		}
	}
}

// teamSeats is seat's team (team modes) or seat alone.
func (s *State) teamSeats(seat int) []int {
	if s.Mode.Teams() {
		return []int{seat % 2, seat%2 + 2}
	}
	return []int{seat}
}

func (s *State) teamName(seat int) string {
	if s.team(seat) == 0 {
		return "Team A"
	}
	return "Team B"
}

// win ends the game with the given winners.
func (s *State) win(seats []int, reason string) {
	s.Over, s.Winners, s.Reason = true, slices.Clone(seats), reason
	s.Window, s.Pend = -1, nil
	if s.Mode == Spymaster {
		s.Revealed = true
	}
	switch {
	case s.Mode.Teams():
		who := s.teamName(seats[0])
		if s.Mode.Roles() && s.master(seats[0]) >= 0 {
			who += fmt.Sprintf(" (Master: %s)", s.name(s.master(seats[0])))
		}
		s.say("%s wins.", who)
	default:
		s.say("%s wins.", s.name(seats[0]))
	}
}

// lose applies a player's loss (empty Chest or concession, §7.3).
func (s *State) lose(seat int, reason string) {
	switch {
	case s.Mode == Duel:
		s.win([]int{1 - seat}, reason)
	case s.Mode.Teams():
		s.say("%s loses for %s.", s.name(seat), s.teamName(seat))
		s.win(s.teamSeats(seat+1), reason)
	default:
		s.eliminate(seat, reason)
	}
}

// remaining lists the seats still in the game.
func (s *State) remaining() []int {
	var out []int
	for x := range s.Seats {
		if !s.Players[x].Out {
			out = append(out, x)
		}
	}
	return out
}

// eliminate takes seat out of the game (§7.3, S15, S37).
func (s *State) eliminate(seat int, reason string) {
	pl := &s.Players[seat]
	if pl.Out {
		return
	}
	pl.Out = true
	s.say("%s is out of the game.", s.name(seat))
	// Their Stack entries leave without effect; the cards go face up to
	// their owner's Showcase, unchecked.
	kept := s.Stack[:0]
	for _, e := range s.Stack {
		if e.By == seat {
			z := &s.Players[s.showOf(e.Card.Owner)]
			z.Show = append(z.Show, e.Card)
			continue
		}
		kept = append(kept, e)
	}
	s.Stack = kept
	s.Window = -1 // advance reopens the window still due, if any
	if p := s.Pend; p != nil {
		if p.LookOf == seat && len(p.Looked) > 0 {
			s.putTop(seat, lettersOf(p.Looked), knowers{})
			p.Looked = nil
		}
		if p.Ctrl == seat {
			if len(p.Looked) > 0 {
				s.putTop(p.LookOf, lettersOf(p.Looked), knowers{})
			}
			s.Pend = nil
		}
	}
	if seat == s.Active {
		s.Actions = 0
	}
	if left := s.remaining(); len(left) == 1 {
		s.win(left, reason)
	}
}

// ---- Crowd Favor ----

// addFavor is the one place Crowd Favor changes: seat gains n (or loses
// -n), and the log says so in a score clause (games.Points), so the log
// adds up to the final Favor, which is the game's score in Crowd Favorite.
func (s *State) addFavor(seat, n int, cause string) {
	s.Players[seat].Favor += n
	s.say("Crowd Favor: %s.", games.Points(games.Seat(seat), n, "points", cause+", now "+minus(s.Players[seat].Favor)))
}

// favor applies the targeting events of one resolution (§4.10) and the
// Crowd Favor checks (§7.2).
func (s *State) favor(ctrl int, touched uint8) {
	if s.Mode != Crowd || s.Over {
		return
	}
	n := 0
	for x := range s.Seats {
		if touched&(1<<x) == 0 || x == ctrl || s.Players[x].Out {
			continue
		}
		s.addFavor(x, 2, "targeted by "+s.name(ctrl))
		n++
	}
	if n == 0 {
		return
	}
	if !s.Players[ctrl].Out {
		who := "a player"
		if n > 1 {
			who = strconv.Itoa(n) + " players"
		}
		s.addFavor(ctrl, -n, "targeted "+who)
	}
	for i := range s.Seats {
		x := (s.Active + i) % s.Seats
		if !s.Players[x].Out && s.Players[x].Favor >= FavorWin {
			s.win([]int{x}, "favor")
			return
		}
	}
	for i := range s.Seats {
		x := (s.Active + i) % s.Seats
		if !s.Players[x].Out && s.Players[x].Favor <= FavorOut {
			s.eliminate(x, "favor")
			if s.Over {
				return
			}
		}
	}
}

// ---- the Stack ----

// faceDown is the number of face-down Tapestries in seat's Display.
func (s *State) faceDown(seat int) int { return len(s.Players[seat].Display) }

// eligible reports whether p gets a window for entry e (§4.4).
func (s *State) eligible(p int, e *Entry) bool {
	if s.Over || s.Players[p].Out || !s.opponent(p, e.By) || s.faceDown(p) == 0 || e.Asked&(1<<p) != 0 {
		return false
	}
	switch s.Mode {
	case LeanLeft:
		return s.left(p) == e.By
	case LeanRight:
		return s.right(p) == e.By
	}
	return true
}

// nextResponder finds the next seat to ask about e, or -1 (P3).
func (s *State) nextResponder(e *Entry) int {
	for i := 1; i < s.Seats; i++ {
		if p := (e.By + i) % s.Seats; s.eligible(p, e) {
			return p
		}
	}
	return -1
}

// push puts a newly revealed Tapestry on the Stack (P1).
func (s *State) push(seat, label int, c Colour, reaction bool, target int) {
	s.NextID++
	s.Stack = append(s.Stack, Entry{ID: s.NextID, Card: Card{Colour: c, Owner: seat}, Label: label, By: seat,
		Reaction: reaction, Target: target})
}

// entryIndex finds an entry on the Stack by ID.
func (s *State) entryIndex(id int) int {
	return slices.IndexFunc(s.Stack, func(e Entry) bool { return e.ID == id })
}

// resolve resolves an entry already popped from the Stack (P4).
func (s *State) resolve(e Entry) {
	if e.Reaction {
		s.resolveReaction(e)
		return
	}
	z := &s.Players[s.showOf(e.Card.Owner)]
	z.Show = append(z.Show, e.Card)
	pw := Power(s.Pattern, e.Card.Colour)
	s.say("%s's %s enters the Showcase.", s.name(e.By), e.Card.Colour)
	s.checkShowcase(e.Card.Owner)
	if s.Over {
		return
	}
	if pw.Reaction {
		s.say("Purple has no power when revealed as an action.")
		return
	}
	s.say("%s resolves %s.", s.name(e.By), pw.Name)
	s.Pend = &Pending{Colour: e.Card.Colour, Ctrl: e.By, Target: -1, LookOf: -1}
}

// resolveReaction cancels the reaction's target and moves both cards.
func (s *State) resolveReaction(e Entry) {
	pw := Power(s.Pattern, Purple)
	i := s.entryIndex(e.Target)
	if i < 0 {
		s.say("%s's %s has nothing left to cancel.", s.name(e.By), pw.Name)
		s.moveReactor(e)
		return
	}
	t := &s.Stack[i]
	t.Cancelled = true
	tc, victim, wasAction := t.Card, t.By, !t.Reaction
	s.say("%s's %s cancels %s's %s.", s.name(e.By), pw.Name, s.name(victim), tc.Colour)
	switch s.Pattern {
	case Loom:
		s.Players[tc.Owner].Scrap += string(tc.Colour.Letter())
		s.say("The cancelled %s goes to its owner's Scrap Pile.", tc.Colour)
	case Attrition:
		s.Removed = append(s.Removed, tc)
		s.say("The cancelled %s is removed from the game.", tc.Colour)
	case Racketeering:
		s.putBottom(tc.Owner, string(tc.Colour.Letter()), knowers{})
		s.say("The cancelled %s goes to the bottom of %s Chest.", tc.Colour, s.possessive(tc.Owner, -1))
		if wasAction && victim == s.Active {
			s.Actions++
			s.say("%s gets the action back.", s.name(victim))
		}
	}
	s.moveReactor(e)
	s.favor(e.By, 1<<victim)
}

// moveReactor moves a resolved reaction's own Purple.
func (s *State) moveReactor(e Entry) {
	if s.Pattern == Attrition {
		s.Removed = append(s.Removed, e.Card)
		return
	}
	s.Players[e.Card.Owner].Scrap += string(e.Card.Colour.Letter())
}

// ---- turns ----

// canAct reports whether seat has a legal action (a hand card or a
// face-down Display Tapestry).
func (s *State) canAct(seat int) bool {
	return handSize(s.Players[seat].Hand) > 0 || len(s.Players[seat].Display) > 0
}

// endTurn passes the turn to the next seat still in the game.
func (s *State) endTurn() {
	s.Turns++
	s.Actions = 0
	s.startTurn(s.left(s.Active))
}

// startTurn runs T1–T3 for seat and the seats after it as needed.
func (s *State) startTurn(seat int) {
	for !s.Over {
		if s.Turns >= CapPerSeat*s.Seats {
			s.capDraw()
			return
		}
		s.Active = seat
		pl := &s.Players[seat]
		if pl.Chest == "" {
			s.say("%s starts their turn with an empty Chest.", s.name(seat))
			s.lose(seat, "empty chest")
			if s.Over {
				return
			}
			seat = s.left(seat)
			continue
		}
		s.say("%s's turn.", s.name(seat))
		if s.Started {
			s.draw(seat, true)
		}
		s.Started = true
		s.Actions = ActionsPerTurn
		return
	}
}

// capDraw ends the game at the safety cap (S30, §7.5): a draw shared by
// the players still in it, kept in Winners; eliminated players lost.
func (s *State) capDraw() {
	s.Over, s.Winners, s.Reason = true, s.remaining(), "cap"
	s.Draw = true
	s.Window, s.Pend = -1, nil
	if s.Mode == Spymaster {
		s.Revealed = true
	}
	s.say("The turn limit is reached: the game is a draw among the players still in it.")
}

// runPending runs the pending power's steps until a choice is needed
// (true) or the power is over (false).
func (s *State) runPending() bool {
	p := s.Pend
	prog := program(s.Pattern, p.Colour)
	for p.Step < len(prog) {
		st := prog[p.Step]
		if st.opts == nil {
			st.do(s, p, Action{})
			p.Step++
		} else {
			opts, ask := st.opts(s, p)
			switch {
			case len(opts) == 0:
				p.Step++
			case len(opts) == 1 && !ask:
				st.do(s, p, opts[0])
				p.Step++
			default:
				return true
			}
		}
		if s.Over || s.Pend != p {
			return false
		}
	}
	s.Pend = nil
	if len(p.Looked) > 0 { // never left aside; a safety net for odd states
		s.putTop(p.LookOf, lettersOf(p.Looked), knowers{})
	}
	s.favor(p.Ctrl, p.Touched)
	return false
}

// advance runs automatic steps until a decision is due or the game ends.
func (s *State) advance() {
	for !s.Over {
		if s.Window >= 0 {
			return
		}
		if s.Pend != nil {
			if s.runPending() {
				return
			}
			continue
		}
		if n := len(s.Stack); n > 0 {
			t := &s.Stack[n-1]
			if t.Cancelled {
				s.Stack = s.Stack[:n-1]
				continue
			}
			if r := s.nextResponder(t); r >= 0 {
				s.Window = r
				return
			}
			e := s.Stack[n-1]
			s.Stack = s.Stack[:n-1]
			s.resolve(e)
			continue
		}
		if !s.Started {
			return
		}
		if s.Actions > 0 && !s.Players[s.Active].Out && s.canAct(s.Active) {
			return
		}
		s.endTurn()
	}
}
