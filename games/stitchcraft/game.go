package stitchcraft

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

//go:embed rules.md
var manual string

// Game is Stitchcraft. It implements games.Game[State, Action, View],
// games.Conceder[State] and games.Resampler[State].
type Game struct{}

var (
	_ games.Game[State, Action, View] = Game{}
	_ games.Conceder[State]           = Game{}
	_ games.Resampler[State]          = Game{}
)

// Option values.
const (
	RolesRandom = "random"
	RolesChosen = "chosen"
	RolesTeam   = "team"
)

// timeouts are the offered reaction timeouts (S10: 1 minute to 24 hours).
var timeouts = []string{"1m", "5m", "15m", "1h", "6h", "24h"}

// timeoutHelp describes each reaction timeout in the lobby.
var timeoutHelp = map[string]string{
	"1m": "Wait a minute for a reaction, then pass", "5m": "Wait 5 minutes for a reaction, then pass",
	"15m": "Wait 15 minutes for a reaction, then pass", "1h": "Wait an hour for a reaction, then pass",
	"6h": "Wait 6 hours for a reaction, then pass", "24h": "Wait a day for a reaction, then pass",
}

// KeyGrammar documents the action keys.
const KeyGrammar = "play:<COL>          play a hand Tapestry face down (COL = BLU BLK RED GRN WHT ORG YEL PUR)\n" +
	"reveal:D<n>         reveal your Display Tapestry labelled D<n> (an action)\n" +
	"react | pass        answer a reaction window (react uses your lowest-labelled face-down Purple)\n" +
	"<seat>@D<n>         power choice: a face-down Display Tapestry of seat (0-based)\n" +
	"<seat>@show.<COL>   power choice: a Showcase Tapestry owned by seat\n" +
	"<seat>@scrap.<COL>  power choice: a Tapestry in seat's Scrap Pile\n" +
	"seat:<n> | skip     power choice: a player, or nobody where optional\n" +
	"done                stop an up-to choice (Plunder)\n" +
	"top:<COL> bottom:<COL> drop:<COL>  where a looked-at Tapestry goes (drop = Scrap)\n" +
	"discard:<COL>       scrap a hand Tapestry (Treadle)\n" +
	"deal:<seat>:<40 letters>  chance: a shuffled Chest, top first (letters BKRGWOYP)\n" +
	"master:<seat>       that seat is its team's Master: a chance coin (roles=random) or a team's choice (roles=team)"

// Info describes the game, its options and its keys.
func (Game) Info() games.Info {
	modes := make([]string, len(Modes))
	for i, m := range Modes {
		modes[i] = string(m)
	}
	return games.Info{
		ID:         "stitchcraft",
		Title:      "Stitchcraft",
		MinSeats:   2,
		MaxSeats:   6,
		Rules:      1,
		MaxActions: 60000,
		Options: []games.OptionSpec{
			{Key: "pattern", Label: "Pattern", Values: []string{string(Loom), string(Attrition), string(Racketeering)}, Default: string(Loom),
				Help:      "Which set of powers the colours have; Loom is the gentlest.",
				ValueHelp: map[string]string{string(Loom): "The gentlest powers: best for a first game", string(Attrition): "Harsher powers: cards leave the game", string(Racketeering): "Sly powers: undercuts give actions back"},
			},
			{Key: "mode", Label: "Mode", Values: modes, Default: string(Duel),
				Help:      "duel (2); ffa, leanleft, leanright, crowd (3-6); apprentice, spymaster, guilds, monopoly, consortium (4, teams of seats 1+3 and 2+4).",
				ValueHelp: map[string]string{string(Duel): "2 players: the base game", "ffa": "3–6 players, each for themselves", "leanleft": "3–6 players; you may target only your left neighbour", "leanright": "3–6 players; you may target only your right neighbour", "crowd": "3–6 players; targeting earns and costs Crowd Favor", "apprentice": "4 players in two teams; only each team's Master can win", "spymaster": "4 players in two teams; Masters are secret", "guilds": "4 players in two teams; either teammate's Showcase wins", "monopoly": "4 players in two teams; both Showcases must win at once", "consortium": "4 players in two teams sharing one Showcase"},
			},
			{Key: "hard", Label: "Consortium hard mode", Values: []string{"off", "on"}, Default: "off",
				Help:      "Consortium only: a team needs 5 of one colour or all 8 colours.",
				ValueHelp: map[string]string{"off": "A team needs 4 of one colour or 7 colours", "on": "A team needs 5 of one colour or all 8 colours"},
			},
			{Key: "roles", Label: "Masters", Values: []string{RolesRandom, RolesTeam, RolesChosen}, Default: RolesRandom,
				Help:      "Apprentice and Spymaster: random; team: each team picks its Master before play (in secret in Spymaster); chosen: the seating decides, the first seat of each team is Master.",
				ValueHelp: map[string]string{RolesRandom: "A random teammate is each team's Master", RolesTeam: "Each team picks its Master before play", RolesChosen: "The first seat of each team is Master"},
			},
			{Key: "timeout", Label: "Reaction timeout", Values: timeouts, Default: "15m",
				Help:      "How long the bot waits for an answer in a reaction window before passing for you.",
				ValueHelp: timeoutHelp,
			},
		},
		KeyGrammar: KeyGrammar,
		Manual:     manual,
	}
}

// New returns the state before the shuffles.
func (g Game) New(opts games.Options, seats int) (State, error) {
	o, err := g.Info().Normalize(opts)
	if err != nil {
		return State{}, fmt.Errorf("stitchcraft: %w", err)
	}
	m := Mode(o["mode"])
	if lo, hi := m.seatRange(); seats < lo || seats > hi {
		return State{}, fmt.Errorf("stitchcraft: %s takes %d to %d seats, not %d: %w", m, lo, hi, seats, games.ErrSeats)
	}
	s := State{Pattern: Pattern(o["pattern"]), Mode: m, Hard: m == Consortium && o["hard"] == "on",
		Roles: o["roles"], Timeout: o["timeout"], Seats: seats, Window: -1,
		Players: make([]Player, seats), Removed: []Card{}, Stack: []Entry{}, Masters: []int{-1, -1}}
	for i := range s.Players {
		s.Players[i].Display = []Face{}
		s.Players[i].Show = []Card{}
	}
	if m.Roles() && s.Roles == RolesChosen {
		s.Masters = []int{0, 1}
	}
	return s, nil
}

// setupDue reports whether a step of setup is still to come: a shuffle, a
// Master coin or a team's choice of its Master.
func (s *State) setupDue() bool {
	return s.Dealt < s.Seats || (s.Mode.Roles() && (s.Masters[0] < 0 || s.Masters[1] < 0))
}

// choosing reports whether the teams are choosing their Masters (roles=team,
// after the shuffles): then the seats of a team without a Master act.
func (s *State) choosing() bool {
	return s.Dealt == s.Seats && s.Roles == RolesTeam && s.setupDue()
}

// choosers are the seats that may name their team's Master now: both
// seats of every team that has none yet, in seat order.
func (s *State) choosers() []games.Seat {
	var out []games.Seat
	for x := range s.Seats {
		if s.Masters[s.team(x)] < 0 {
			out = append(out, games.Seat(x))
		}
	}
	return out
}

// ToAct is [Chance] during setup, or the seats of the teams still choosing
// their Masters (roles=team: either seat of a team may name it), then the
// seat of the open window, the controller of a pending power, or the
// active player; nil once over.
func (Game) ToAct(s *State) []games.Seat {
	switch {
	case s.Over:
		return nil
	case s.choosing():
		return s.choosers()
	case s.setupDue():
		return []games.Seat{games.Chance}
	case s.Window >= 0:
		return []games.Seat{games.Seat(s.Window)}
	case s.Pend != nil:
		return []games.Seat{games.Seat(s.Pend.Ctrl)}
	}
	return []games.Seat{games.Seat(s.Active)}
}

// Legal lists seat's legal actions sorted by key. For Chance it lists the
// Master coin and nil for a shuffle.
func (g Game) Legal(s *State, seat games.Seat) []Action {
	if !slices.Contains(g.ToAct(s), seat) {
		return nil
	}
	var out []Action
	switch {
	case seat == games.Chance:
		if s.Dealt < s.Seats {
			return nil
		}
		t := 0
		if s.Masters[0] >= 0 {
			t = 1
		}
		out = []Action{{Op: Master, Seat: t}, {Op: Master, Seat: t + 2}}
	case s.choosing():
		t := s.team(int(seat))
		out = []Action{{Op: Master, Seat: t}, {Op: Master, Seat: t + 2}}
	case s.Window >= 0:
		out = []Action{{Op: Pass}}
		if s.lowestPurple(s.Window) > 0 {
			out = append(out, Action{Op: React})
		}
	case s.Pend != nil:
		prog := program(s.Pattern, s.Pend.Colour)
		if s.Pend.Step < len(prog) && prog[s.Pend.Step].opts != nil {
			out, _ = prog[s.Pend.Step].opts(s, s.Pend)
		}
	default:
		pl := &s.Players[s.Active]
		for _, c := range Colours {
			if pl.Hand[c] > 0 {
				out = append(out, Action{Op: Play, Colour: c})
			}
		}
		for _, f := range pl.Display {
			out = append(out, Action{Op: Reveal, Label: f.Label})
		}
	}
	slices.SortFunc(out, func(a, b Action) int { return strings.Compare(a.Key(), b.Key()) })
	return out
}

// Sample shuffles the next Chest or tosses the next team's Master coin.
func (Game) Sample(s *State, d *dice.Dice) Action {
	if s.Dealt < s.Seats {
		deck := []byte(strings.Repeat(colourLetters, DeckSize/NumColours))
		d.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		return Action{Op: Deal, Seat: s.Dealt, Deck: string(deck)}
	}
	t := 0
	if s.Masters[0] >= 0 {
		t = 1
	}
	return Action{Op: Master, Seat: t + 2*d.IntN(2)}
}

// Apply applies a legal action and runs the automatic steps that follow.
// It checks the action against Legal first, so on error s is unchanged.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if s.Over {
		return nil, fmt.Errorf("stitchcraft: %w", games.ErrGameOver)
	}
	if !slices.Contains(g.ToAct(s), seat) {
		return nil, fmt.Errorf("stitchcraft: %s may not act now", seat)
	}
	if seat == games.Chance {
		if err := s.checkChance(a); err != nil {
			return nil, err
		}
	} else if !slices.ContainsFunc(g.Legal(s, seat), func(l Action) bool { return l.Key() == a.Key() }) {
		return nil, fmt.Errorf("stitchcraft: %q is not a legal choice now", a.Key())
	}
	s.evs = nil
	switch a.Op {
	case Deal:
		s.applyDeal(a)
	case Master:
		s.Masters[s.team(a.Seat)] = a.Seat
		by := ""
		switch {
		case seat == games.Seat(a.Seat):
			by = ", by their own choice"
		case seat != games.Chance:
			by = ", chosen by " + s.name(int(seat))
		}
		if s.Mode == Spymaster {
			priv := map[int]string{}
			for _, x := range s.teamSeats(a.Seat) {
				priv[x] = fmt.Sprintf("%s is your team's Master%s.", s.name(a.Seat), by)
			}
			s.tellPrivately(fmt.Sprintf("Team %s's Master is chosen in secret.", "AB"[s.team(a.Seat):s.team(a.Seat)+1]), priv)
		} else {
			s.say("%s is %s's Master%s.", s.name(a.Seat), s.teamName(a.Seat), by)
		}
	case Play:
		pl := &s.Players[s.Active]
		pl.Hand[a.Colour]--
		pl.Next++
		pl.Display = append(pl.Display, Face{Label: pl.Next, Colour: a.Colour})
		s.Actions--
		s.say("%s plays a Tapestry face down as D%d.", s.name(s.Active), pl.Next)
	case Reveal:
		c := s.takeDisplay(s.Active, a.Label)
		s.Actions--
		s.push(s.Active, a.Label, c, false, 0)
		s.evs = append(s.evs, games.Event{Public: fmt.Sprintf("%s reveals D%d: %s (%s).", s.name(s.Active), a.Label, c, Power(s.Pattern, c).Name), Reveal: true})
	case React, Pass:
		s.answer(a.Op == React)
	default:
		st := program(s.Pattern, s.Pend.Colour)[s.Pend.Step]
		st.do(s, s.Pend, a)
		s.Pend.Step++
	}
	if !s.setupDue() && !s.Started && !s.Over {
		first := 0
		if s.Players[0].Out {
			first = s.left(0)
		}
		s.startTurn(first)
	}
	s.advance()
	evs := s.evs
	s.evs = nil
	return evs, nil
}

// checkChance validates a chance outcome.
func (s *State) checkChance(a Action) error {
	switch {
	case a.Op == Deal && s.Dealt < s.Seats && a.Seat == s.Dealt:
		return checkDeck(a.Deck)
	case a.Op == Master && s.Dealt == s.Seats && s.Mode.Roles() && s.Roles != RolesTeam:
		t := s.team(a.Seat)
		if s.Masters[0] >= 0 {
			if t != 1 || s.Masters[1] >= 0 {
				return errors.New("stitchcraft: that Master coin is not due")
			}
		} else if t != 0 {
			return errors.New("stitchcraft: team A's Master coin comes first")
		}
		if a.Seat > 3 {
			return errors.New("stitchcraft: no such seat")
		}
		return nil
	}
	return errors.New("stitchcraft: that chance outcome is not due")
}

// applyDeal fills a Chest and takes the opening hand.
func (s *State) applyDeal(a Action) {
	pl := &s.Players[a.Seat]
	pl.Chest = a.Deck[OpeningHand:]
	for i := range OpeningHand {
		c, _ := colourByLetter(a.Deck[i])
		pl.Hand[c]++
	}
	s.Dealt++
	priv := map[int]string{}
	for _, x := range s.sharers(a.Seat) {
		priv[x] = fmt.Sprintf("%s's opening hand: %s.", s.name(a.Seat), colourList(handList(pl.Hand)))
	}
	s.tellPrivately(fmt.Sprintf("%s's Chest is shuffled and they take %d Tapestries into their hand.", s.name(a.Seat), OpeningHand), priv)
}

// answer applies React or Pass in the open window.
func (s *State) answer(react bool) {
	p := s.Window
	top := &s.Stack[len(s.Stack)-1]
	top.Asked |= 1 << p
	target := top.ID
	s.Window = -1
	if !react {
		s.say("%s passes.", s.name(p))
		return
	}
	l := s.lowestPurple(p)
	s.takeDisplay(p, l)
	s.push(p, l, Purple, true, target)
	s.evs = append(s.evs, games.Event{Public: fmt.Sprintf("%s reacts: D%d is Purple (%s).", s.name(p), l, Power(s.Pattern, Purple).Name), Reveal: true})
}

// handList lists a hand in colour order.
func handList(h [NumColours]int) []Colour {
	var out []Colour
	for _, c := range Colours {
		for range h[c] {
			out = append(out, c)
		}
	}
	return out
}

// Concede removes seat per §7.3 (S31): in Duel the opponent wins, in the
// free-for-all modes the seat is eliminated, in team modes its team loses.
func (Game) Concede(s *State, seat games.Seat) ([]games.Event, error) {
	if s.Over {
		return nil, fmt.Errorf("stitchcraft: %w", games.ErrGameOver)
	}
	if seat < 0 || int(seat) >= s.Seats || s.Players[seat].Out {
		return nil, fmt.Errorf("stitchcraft: %s is not in the game", seat)
	}
	s.evs = nil
	s.say("%s concedes.", s.name(int(seat)))
	s.lose(int(seat), "conceded")
	s.advance()
	evs := s.evs
	s.evs = nil
	return evs, nil
}

// roleVisible reports whether viewer may know seat's role.
func (s *State) roleVisible(viewer games.Seat, seat int) bool {
	switch {
	case !s.Mode.Roles() || s.Masters[s.team(seat)] < 0:
		return false
	case s.Mode == Apprentice || s.Revealed || s.Over:
		return true
	}
	return viewer >= 0 && s.team(int(viewer)) == s.team(seat)
}

// sees reports whether viewer may see seat's hand, Display and looks.
func (s *State) sees(viewer games.Seat, seat int) bool {
	if viewer < 0 {
		return false
	}
	return int(viewer) == seat || (s.Mode == Consortium && s.teammate(int(viewer)) == seat)
}

// View shows viewer everything it may know (spec §5).
func (g Game) View(s *State, viewer games.Seat) View {
	v := View{Viewer: viewer, Pattern: s.Pattern, Mode: s.Mode, Hard: s.Hard, Timeout: s.Timeout, Seats: s.Seats,
		Setup: s.setupDue(), Removed: slices.Clone(s.Removed), Active: s.Active, Actions: s.Actions,
		Turns: s.Turns, TurnLimit: CapPerSeat * s.Seats, Window: s.Window, Over: s.Over,
		Winners: slices.Clone(s.Winners), Draw: s.Draw, Reason: s.Reason, ToAct: []int{}}
	if p, ok := powerTable[s.Pattern]; ok {
		v.Powers = p
	}
	for _, x := range g.ToAct(s) {
		v.ToAct = append(v.ToAct, int(x))
	}
	v.Stack = append([]Entry{}, s.Stack...)
	for x := range s.Seats {
		pl := &s.Players[x]
		pv := PlayerView{Seat: x, Out: pl.Out, Chest: len(pl.Chest), HandSize: handSize(pl.Hand),
			Show: slices.Clone(pl.Show), Scrap: pileColours(pl.Scrap), Favor: pl.Favor, Display: []Face{}}
		if s.Pend != nil && s.Pend.LookOf == x {
			pv.Chest += len(s.Pend.Looked)
		}
		if s.Mode.Teams() {
			pv.Team = "AB"[s.team(x) : s.team(x)+1]
		}
		if s.roleVisible(viewer, x) {
			pv.Role = "apprentice"
			if s.Masters[s.team(x)] == x {
				pv.Role = "master"
			}
		}
		see := s.sees(viewer, x)
		for _, f := range pl.Display {
			if !see {
				f.Colour = NoColour
			}
			pv.Display = append(pv.Display, f)
		}
		if see {
			pv.Hand = handList(pl.Hand)
			if pl.Look != nil {
				l := *pl.Look
				l.Cards = slices.Clone(l.Cards)
				pv.Look = &l
			}
		}
		v.Players = append(v.Players, pv)
	}
	if p := s.Pend; p != nil {
		pv := &PendingView{Power: Power(s.Pattern, p.Colour).Name, Colour: p.Colour, Ctrl: p.Ctrl, Target: p.Target,
			LookOf: p.LookOf, LookCount: len(p.Looked)}
		if s.sees(viewer, p.Ctrl) {
			pv.Looked = slices.Clone(p.Looked)
		}
		v.Pending = pv
	}
	return v
}

// Result reports the outcome once the game is over.
func (Game) Result(s *State) (games.Result, bool) {
	if !s.Over {
		return games.Result{}, false
	}
	r := games.Result{Ranks: make([]int, s.Seats), Reason: s.Reason}
	for x := range s.Seats {
		r.Ranks[x] = 2
	}
	for _, w := range s.Winners {
		r.Ranks[w] = 1
	}
	if s.Draw {
		r.Draw = true
	} else {
		for _, w := range s.Winners {
			r.Winners = append(r.Winners, games.Seat(w))
		}
	}
	if s.Mode.Teams() {
		r.Teams = [][]games.Seat{{0, 2}, {1, 3}}
	}
	if s.Mode == Crowd {
		// Crowd Favor is the only score the game keeps; the other modes
		// are races to a winning Showcase and have none.
		r.Scores = make([]int, s.Seats)
		for x := range s.Seats {
			r.Scores[x] = s.Players[x].Favor
		}
	}
	names := make([]string, len(s.Winners))
	for i, w := range s.Winners {
		names[i] = s.name(w)
	}
	why := map[string]string{"showcase": "completed a winning Showcase", "favor": "won the Crowd's Favor",
		"empty chest": "outlasted an empty Chest", "conceded": "remain after a concession",
		"cap": "share a draw at the turn limit"}[s.Reason]
	if why == "" {
		why = s.Reason
	}
	r.Lines = append(r.Lines, fmt.Sprintf("%s: %s.", strings.Join(names, " and "), why))
	if s.Mode.Roles() {
		for t, m := range s.Masters {
			if m >= 0 {
				r.Lines = append(r.Lines, fmt.Sprintf("Team %s's Master was %s.", "AB"[t:t+1], s.name(m)))
			}
		}
	}
	if s.Mode == Crowd {
		for x := range s.Seats {
			r.Lines = append(r.Lines, fmt.Sprintf("%s: Crowd Favor %d.", s.name(x), s.Players[x].Favor))
		}
	}
	return r, true
}

// ParseAction decodes a key; errors wrap games.ErrBadKey.
func (Game) ParseAction(key string) (Action, error) { return parseAction(key) }

// Label is the button text of an action from the viewer's view. Picks use
// "<head> → <tail>" so the Discord layer can group them by seat.
func (Game) Label(v View, a Action) string {
	pw := func(c Colour) string { return c.String() + " (" + Power(v.Pattern, c).Name + ")" }
	seat := func(x int) string {
		if games.Seat(x) == v.Viewer {
			return "Yourself"
		}
		return games.Name(games.Seat(x))
	}
	switch a.Op {
	case Deal:
		return "Shuffle " + games.Name(games.Seat(a.Seat)) + "'s Chest"
	case Master:
		if games.Seat(a.Seat) == v.Viewer {
			return "I will be our Master"
		}
		return games.Name(games.Seat(a.Seat)) + " will be our Master"
	case Play:
		return "Play " + pw(a.Colour) + " face down"
	case Reveal:
		if me, ok := v.Me(); ok {
			for _, f := range me.Display {
				if f.Label == a.Label && f.Colour != NoColour {
					return fmt.Sprintf("Reveal D%d: %s", a.Label, pw(f.Colour))
				}
			}
		}
		return fmt.Sprintf("Reveal D%d", a.Label)
	case React:
		if me, ok := v.Me(); ok {
			for _, f := range me.Display {
				if f.Colour == Purple {
					return fmt.Sprintf("React with %s (D%d)", Power(v.Pattern, Purple).Name, f.Label)
				}
			}
		}
		return "React"
	case Pass:
		return "Pass"
	case Pick:
		switch a.Zone {
		case InDisplay:
			return fmt.Sprintf("%s → Display D%d (face down)", seat(a.Seat), a.Label)
		case InShowcase:
			return fmt.Sprintf("%s → Showcase %s", seat(a.Seat), a.Colour)
		}
		return fmt.Sprintf("%s → Scrap %s", seat(a.Seat), a.Colour)
	case Choose:
		return seat(a.Seat)
	case Skip:
		return "Choose nobody"
	case Done:
		return "Stop here"
	case Top:
		return a.Colour.String() + " back on top"
	case Bottom:
		if v.Pending != nil && v.Pending.Colour == Green && v.Pattern == Loom {
			return a.Colour.String() + " lowest"
		}
		return a.Colour.String() + " to the bottom"
	case Drop:
		return a.Colour.String() + " to the Scrap Pile"
	case Discard:
		return "Scrap " + a.Colour.String() + " from hand"
	}
	return a.Key()
}

// knownTop is the top of x's Chest that seat knows from a look (its own, or
// its Consortium partner's), as letters; "" when it knows none.
func (s *State) knownTop(seat games.Seat, x int) string {
	known := ""
	for y := range s.Players {
		if l := s.Players[y].Look; l != nil && l.Of == x && s.sees(seat, y) && len(l.Cards) > len(known) {
			known = lettersOf(l.Cards)
		}
	}
	if !strings.HasPrefix(s.Players[x].Chest, known) || s.Players[x].Out {
		return ""
	}
	return known
}

// Resample rebuilds every zone hidden from seat: each Chest (hidden from
// everyone, but for the top cards the seat knows from a peek), and the
// hands, Display colours and looked-at cards the seat may not see, by
// reshuffling each owner's hidden cards among that owner's hidden places
// with their sizes kept; Spymaster roles hidden from seat are tossed again.
// Looks the seat may not see are dropped.
func (Game) Resample(s *State, seat games.Seat, d *dice.Dice) State {
	out := *s
	out.Players = slices.Clone(s.Players)
	out.Masters = slices.Clone(s.Masters)
	if s.Pend != nil {
		p := *s.Pend
		p.Looked = slices.Clone(p.Looked)
		out.Pend = &p
	}
	for x := range out.Players {
		pl := &out.Players[x]
		pl.Display = slices.Clone(pl.Display)
		see := s.sees(seat, x)
		var pool []byte
		pool = append(pool, pl.Chest...)
		if !see {
			pool = append(pool, lettersOf(handList(pl.Hand))...)
			for _, f := range pl.Display {
				pool = append(pool, f.Colour.Letter())
			}
		}
		lookHidden := out.Pend != nil && out.Pend.LookOf == x && !s.sees(seat, out.Pend.Ctrl)
		if lookHidden {
			pool = append(pool, lettersOf(out.Pend.Looked)...)
		}
		// The top cards the seat knows from a peek stay where they are.
		known := s.knownTop(seat, x)
		for i := 0; i < len(known); i++ {
			if j := slices.Index(pool, known[i]); j >= 0 {
				pool = slices.Delete(pool, j, j+1)
			}
		}
		// Sorted first, so the result depends only on which colours the
		// seat cannot see, never on where they actually are.
		slices.Sort(pool)
		d.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		take := func(n int) string {
			t := string(pool[:n])
			pool = pool[n:]
			return t
		}
		pl.Chest = known + take(len(pl.Chest)-len(known))
		if !see {
			pl.Look = nil // another player's look, which the new Chests would belie
		}
		if !see {
			h := take(handSize(pl.Hand))
			pl.Hand = [NumColours]int{}
			for _, c := range pileColours(h) {
				pl.Hand[c]++
			}
			for i := range pl.Display {
				c, _ := colourByLetter(take(1)[0])
				pl.Display[i].Colour = c
			}
		}
		if lookHidden {
			out.Pend.Looked = pileColours(take(len(out.Pend.Looked)))
		}
	}
	if s.Mode == Spymaster && !s.Revealed && !s.Over {
		for t := range 2 {
			if s.Masters[t] >= 0 && (seat < 0 || s.team(int(seat)) != t) {
				out.Masters[t] = t + 2*d.IntN(2)
			}
		}
	}
	return out
}
