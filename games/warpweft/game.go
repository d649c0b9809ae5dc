package warpweft

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/decktet"
	"spindle/games/internal/dice"
)

//go:embed rules.md
var manual string

// Game is Warp and Weft. It implements games.Game[State, Action, View],
// games.Conceder[State], games.Resampler[State] and games.Prompter[View].
type Game struct{}

var (
	_ games.Game[State, Action, View] = Game{}
	_ games.Conceder[State]           = Game{}
	_ games.Resampler[State]          = Game{}
	_ games.Prompter[View]            = Game{}
)

// Info describes the game, its options and its keys.
func (Game) Info() games.Info {
	return games.Info{
		ID:         "warpweft",
		Title:      "Warp and Weft",
		MinSeats:   2,
		MaxSeats:   2,
		Rules:      1,
		MaxActions: 40,
		Options: []games.OptionSpec{
			{Key: "extended", Label: "Extra cards", Values: []string{ExtendedNone, ExtendedPawns, ExtendedCourts}, Default: ExtendedNone,
				Help:      "Shuffle in the four Pawns or the four Courts (three suits each, worth nothing), or neither.",
				ValueHelp: map[string]string{ExtendedNone: "The standard 36 cards", ExtendedPawns: "Add the four Pawns (three suits each)", ExtendedCourts: "Add the four Courts (three suits each)"},
			},
			{Key: "excuse", Label: "The Excuse", Values: []string{"off", "on"}, Default: "off",
				Help:      "Add the suitless Excuse; the line holding it skips whichever suit helps its owner most.",
				ValueHelp: map[string]string{"off": "No Excuse", "on": "Add the suitless Excuse: its line skips the suit that helps its owner most"},
			},
			{Key: "roles", Label: "Roles", Values: []string{RolesChosen, RolesRandom}, Default: RolesRandom,
				Help:      "chosen: the first player in the lobby is Warp; random: a coin decides. Warp scores columns and starts.",
				ValueHelp: map[string]string{RolesChosen: "The first player in the lobby is Warp and starts", RolesRandom: "A coin decides who is Warp"},
			},
		},
		KeyGrammar: "<card>@<x>,<y>   place a hand card, e.g. 9LK@1,-2 (x = column, y = row, y grows downward)\n" +
			"warp:<seat>      chance: the role coin names the Warp seat (roles=random)\n" +
			"deal:<c>.<c>...  chance: the whole shuffled deck, top card first",
		Manual: manual,
	}
}

// New returns the state before any chance step. With roles=chosen seat 0 is
// Warp; with roles=random the coin is still to be tossed.
func (g Game) New(opts games.Options, seats int) (State, error) {
	if seats != 2 {
		return State{}, fmt.Errorf("warpweft: needs exactly 2 seats, not %d: %w", seats, games.ErrSeats)
	}
	o, err := g.Info().Normalize(opts)
	if err != nil {
		return State{}, fmt.Errorf("warpweft: %w", err)
	}
	s := State{Extended: o["extended"], Excuse: o["excuse"] == "on", Roles: o["roles"],
		WarpSeat: games.Chance, Conceded: games.Spectator}
	if s.Roles == RolesChosen {
		s.WarpSeat = 0
	}
	return s, nil
}

// ToAct is [Chance] until roles and the deal are settled, then the seat to
// place, and nil once the game is over.
func (Game) ToAct(s *State) []games.Seat {
	switch {
	case s.Over():
		return nil
	case s.WarpSeat == games.Chance || !s.Dealt:
		return []games.Seat{games.Chance}
	}
	return []games.Seat{s.Mover()}
}

// Legal lists every hand card on every open cell for the seat to place,
// sorted by key. For Chance it lists the two coin outcomes, and nil for the
// deal, whose outcome space is too large to list.
func (g Game) Legal(s *State, seat games.Seat) []Action {
	if !slices.Contains(g.ToAct(s), seat) {
		return nil
	}
	if seat == games.Chance {
		if s.WarpSeat == games.Chance {
			return []Action{{Op: Coin, Warp: 0}, {Op: Coin, Warp: 1}}
		}
		return nil
	}
	open := OpenCells(s.Grid)
	return placements(s.Hands[seat], open)
}

// placements lists every card of hand on every cell of open, sorted by key.
// Each key is written once, all into one buffer, and the sort compares
// those bytes: the comparator allocates nothing, and the order is exactly
// that of comparing the Key strings.
func placements(hand []string, open []Cell) []Action {
	n := len(hand) * len(open)
	if n == 0 {
		return []Action{}
	}
	type keyed struct {
		key  []byte
		card int32
		cell int32
	}
	ks := make([]keyed, 0, n)
	buf := make([]byte, 0, n*16) // a key that outgrows it keeps its old array
	for i, c := range hand {
		for j, cell := range open {
			from := len(buf)
			buf = append(buf, c...)
			buf = append(buf, '@')
			buf = strconv.AppendInt(buf, int64(cell.X), 10)
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(cell.Y), 10)
			ks = append(ks, keyed{key: buf[from:len(buf):len(buf)], card: int32(i), cell: int32(j)})
		}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return bytes.Compare(a.key, b.key) })
	out := make([]Action, n)
	for i, k := range ks {
		out[i] = Action{Op: Place, Card: hand[k.card], Cell: open[k.cell]}
	}
	return out
}

// Sample tosses the role coin or shuffles the deck in use.
func (Game) Sample(s *State, d *dice.Dice) Action {
	if s.WarpSeat == games.Chance {
		return Action{Op: Coin, Warp: games.Seat(d.IntN(2))}
	}
	deck := s.Deck()
	p := d.Perm(len(deck))
	out := make([]string, len(deck))
	for i, j := range p {
		out[i] = deck[j]
	}
	return Action{Op: Deal, Deck: out}
}

// Apply applies a coin, a deal or a placement. It validates everything
// itself, so on error s is unchanged.
func (g Game) Apply(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if s.Over() {
		return nil, fmt.Errorf("warpweft: %w", games.ErrGameOver)
	}
	switch a.Op {
	case Coin:
		return g.applyCoin(s, seat, a)
	case Deal:
		return g.applyDeal(s, seat, a)
	case Place:
		return g.applyPlace(s, seat, a)
	}
	return nil, fmt.Errorf("warpweft: unknown action kind %d", a.Op)
}

func (Game) applyCoin(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if seat != games.Chance || s.WarpSeat != games.Chance {
		return nil, errors.New("warpweft: the role coin is not due")
	}
	if a.Warp != 0 && a.Warp != 1 {
		return nil, fmt.Errorf("warpweft: no seat %d", a.Warp)
	}
	s.WarpSeat = a.Warp
	return []games.Event{{Public: fmt.Sprintf("The coin says %s is Warp (columns, moves first) and %s is Weft (rows).",
		games.Name(a.Warp), games.Name(1-a.Warp))}}, nil
}

func (Game) applyDeal(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if seat != games.Chance || s.WarpSeat == games.Chance || s.Dealt {
		return nil, errors.New("warpweft: the deal is not due")
	}
	deck := s.Deck()
	if len(a.Deck) != len(deck) {
		return nil, fmt.Errorf("warpweft: the deal has %d cards, the deck in use has %d", len(a.Deck), len(deck))
	}
	rest := make(map[string]bool, len(deck))
	for _, c := range deck {
		rest[c] = true
	}
	for _, c := range a.Deck {
		if !rest[c] {
			return nil, errors.New("warpweft: the deal is not a shuffle of the deck in use")
		}
		delete(rest, c)
	}
	// R14: 1-12 to Warp, 13-24 to Weft, the 25th starts the tableau.
	warp, weft := s.WarpSeat, 1-s.WarpSeat
	s.Hands[warp] = slices.Clone(a.Deck[:HandSize])
	s.Hands[weft] = slices.Clone(a.Deck[HandSize:Placements])
	sortHand(s.Hands[warp])
	sortHand(s.Hands[weft])
	start := a.Deck[Placements]
	s.Grid = []Placed{{Card: start, Cell: Cell{0, 0}, By: games.Chance, Turn: 0}}
	s.Undealt = slices.Clone(a.Deck[Placements+1:])
	s.Dealt = true
	ev := games.Event{
		Public: fmt.Sprintf("The %d cards are shuffled and each player gets %d; %s (%s) is turned up at (0,0) to start the tableau, and the other %d stay face down, unseen. The start card opens the scores: %s.",
			len(deck), HandSize, theName(card(start)), start, len(s.Undealt), scoreClauses(nil, start, Cell{0, 0}, warp)),
		Private: map[games.Seat]string{},
		Reveal:  true,
	}
	for seat := range games.Seat(2) {
		ev.Private[seat] = fmt.Sprintf("Your hand as %s: %s.", role(s, seat), handText(s.Hands[seat]))
	}
	return []games.Event{ev}, nil
}

func (Game) applyPlace(s *State, seat games.Seat, a Action) ([]games.Event, error) {
	if !s.Dealt || s.WarpSeat == games.Chance || seat != s.Mover() {
		return nil, fmt.Errorf("warpweft: %s may not place now", seat)
	}
	hand := s.Hands[seat]
	i := slices.Index(hand, a.Card)
	if i < 0 {
		// The same message whether the card is the opponent's, undealt or
		// on the table: an error must not tell where a card is (R10).
		return nil, fmt.Errorf("warpweft: %s is not in your hand", a.Card)
	}
	if !slices.Contains(OpenCells(s.Grid), a.Cell) {
		return nil, fmt.Errorf("warpweft: cell (%d,%d) is taken or touches no card", a.Cell.X, a.Cell.Y)
	}
	scored := scoreClauses(s.Grid, a.Card, a.Cell, s.WarpSeat)
	s.Hands[seat] = slices.Delete(slices.Clone(hand), i, i+1)
	s.Turn++
	s.Grid = append(s.Grid, Placed{Card: a.Card, Cell: a.Cell, By: seat, Turn: s.Turn})
	evs := []games.Event{{Public: fmt.Sprintf("%s placed %s (%s) at %s: %s.",
		roleOrPlayer(s, seat), theName(card(a.Card)), a.Card, cellText(a.Cell), scored)}}
	if s.Turn == Placements {
		sc := ScoreTableau(s.Grid)
		evs = append(evs, games.Event{Public: "All 24 cards are down. " + outcomeText(s, sc)})
	}
	return evs, nil
}

// Concede ends the game at once; the other seat wins and nothing is scored
// (R12).
func (Game) Concede(s *State, seat games.Seat) ([]games.Event, error) {
	if s.Over() {
		return nil, fmt.Errorf("warpweft: %w", games.ErrGameOver)
	}
	if seat != 0 && seat != 1 {
		return nil, fmt.Errorf("warpweft: %s cannot concede", seat)
	}
	s.Conceded = seat
	return []games.Event{{Public: fmt.Sprintf("%s concedes; %s wins.", roleOrPlayer(s, seat), roleOrPlayer(s, 1-seat))}}, nil
}

// View shows the viewer its own hand (a seat only), the tableau, the counts
// of the other zones and the public score of the tableau. Undealt cards are
// never shown, not even after the end (R10).
func (Game) View(s *State, viewer games.Seat) View {
	v := View{
		Viewer:   viewer,
		WarpSeat: s.WarpSeat,
		Turn:     s.Turn,
		Grid:     slices.Clone(s.Grid),
		HandSize: [2]int{len(s.Hands[0]), len(s.Hands[1])},
		Undealt:  len(s.Undealt),
		DeckSize: len(s.Deck()),
		Extended: s.Extended,
		Excuse:   s.Excuse,
		Score:    ScoreTableau(s.Grid),
		Over:     s.Over(),
		Conceded: s.Conceded,
		Winner:   games.Spectator,
	}
	if v.Grid == nil {
		v.Grid = []Placed{}
	}
	if viewer == 0 || viewer == 1 {
		v.Hand = slices.Clone(s.Hands[viewer])
	}
	switch {
	case v.Over:
		v.ToAct = games.Spectator
		v.Winner = winner(s, v.Score)
	case s.WarpSeat == games.Chance || !s.Dealt:
		v.ToAct = games.Chance
	default:
		v.ToAct = s.Mover()
		v.Open = OpenCells(s.Grid)
	}
	return v
}

// winner is the winning seat of a finished game, or games.Spectator for a
// draw (R8).
func winner(s *State, sc Scoring) games.Seat {
	switch {
	case s.Conceded != games.Spectator:
		return 1 - s.Conceded
	case sc.Warp > sc.Weft:
		return s.WarpSeat
	case sc.Weft > sc.Warp:
		return 1 - s.WarpSeat
	}
	return games.Spectator
}

// Result reports the outcome: scores per seat and the line-by-line
// breakdown, or, after a concession, only the winner (R12).
func (Game) Result(s *State) (games.Result, bool) {
	if !s.Over() {
		return games.Result{}, false
	}
	if s.Conceded != games.Spectator {
		w := 1 - s.Conceded
		r := games.Result{Ranks: make([]int, 2), Winners: []games.Seat{w}, Reason: "conceded",
			Lines: []string{fmt.Sprintf("%s conceded, so %s wins; no score was counted.", roleOrPlayer(s, s.Conceded), roleOrPlayer(s, w))}}
		r.Ranks[w], r.Ranks[s.Conceded] = 1, 2
		return r, true
	}
	sc := ScoreTableau(s.Grid)
	warp, weft := s.WarpSeat, 1-s.WarpSeat
	r := games.Result{Scores: make([]int, 2), Ranks: []int{1, 1}, Reason: "scored"}
	r.Scores[warp], r.Scores[weft] = sc.Warp, sc.Weft
	switch w := winner(s, sc); w {
	case games.Spectator:
		r.Draw = true
	default:
		r.Winners = []games.Seat{w}
		r.Ranks[1-w] = 2
	}
	for _, l := range sc.Columns {
		r.Lines = append(r.Lines, "Warp, "+lineText(l))
	}
	for _, l := range sc.Rows {
		r.Lines = append(r.Lines, "Weft, "+lineText(l))
	}
	r.Lines = append(r.Lines,
		fmt.Sprintf("%s total: %s.", games.NameAs(warp, "Warp"), numText(sc.Warp)),
		fmt.Sprintf("%s total: %s.", games.NameAs(weft, "Weft"), numText(sc.Weft)),
		outcomeText(s, sc))
	return r, true
}

// ParseAction decodes a key; only the canonical form is accepted and
// errors wrap games.ErrBadKey.
func (Game) ParseAction(key string) (Action, error) { return parseAction(key) }

// Label is the button text of an action, from the viewer's view. A
// placement reads "<card> → <cell> → <what it does>": the Discord layer
// shows the part before the first arrow when choosing the card (so the
// card's name is the group) and the rest when choosing the cell, e.g.
// "Mill (8WL) → Column 1, row −2 → you +8, Weft −3". The detail line gives
// the two lines' scores before and after.
func (Game) Label(v View, a Action) string {
	switch a.Op {
	case Coin:
		return games.Name(a.Warp) + " is Warp"
	case Deal:
		return "Shuffle and deal"
	}
	c := card(a.Card)
	head := fmt.Sprintf("%s (%s) → Column %s, row %s", strings.TrimPrefix(c.Name, "the "), c.Code, numText(a.Cell.X), numText(a.Cell.Y))
	if v.WarpSeat != 0 && v.WarpSeat != 1 {
		return head
	}
	me := v.ToAct
	if me != 0 && me != 1 {
		me = v.Viewer
	}
	ch := change(v.Grid, a.Card, a.Cell)
	own, ownLine, ownBefore := ch.Warp(), ch.Column, ch.ColumnBefore
	opp, oppLine, oppBefore, oppRole := ch.Weft(), ch.Row, ch.RowBefore, "Weft"
	if me != v.WarpSeat {
		own, ownLine, ownBefore = ch.Weft(), ch.Row, ch.RowBefore
		opp, oppLine, oppBefore, oppRole = ch.Warp(), ch.Column, ch.ColumnBefore, "Warp"
	}
	text := fmt.Sprintf("%s → you %s, %s %s", head, signed(own), oppRole, signed(opp))
	line := func(l, before LineScore) string {
		return fmt.Sprintf("%s %s: %s → %s", l.Axis, numText(l.Index), numText(before.Score), numText(l.Score))
	}
	detail := "Your " + line(ownLine, ownBefore)
	if m := mostText(ownLine); m != "" {
		detail += " (" + m + ")"
	}
	detail += "; " + oppRole + "'s " + line(oppLine, oppBefore)
	return games.WithDetail(text, detail)
}

// Prompt is the context line of a seat's panel (games.Prompter): its role,
// the score so far and, on its turn, how the placement menu reads.
func (Game) Prompt(v View) string {
	if v.Over || (v.Viewer != 0 && v.Viewer != 1) || (v.WarpSeat != 0 && v.WarpSeat != 1) {
		return ""
	}
	mine, theirs, other := v.Score.Warp, v.Score.Weft, "Weft"
	lines := []string{"You are Warp: you score the columns, Weft scores the rows."}
	if v.Viewer != v.WarpSeat {
		mine, theirs, other = v.Score.Weft, v.Score.Warp, "Warp"
		lines[0] = "You are Weft: you score the rows, Warp scores the columns."
	}
	if v.Turn > 0 || len(v.Grid) > 0 {
		lines = append(lines, fmt.Sprintf("After %s: you %s, %s %s.", turnsText(v.Turn), numText(mine), other, numText(theirs)))
	}
	if v.ToAct == v.Viewer {
		n := len(v.Hand)
		lines = append(lines, fmt.Sprintf("Your turn: pick one of your %s, then a cell; each cell says how it changes both scores.", countText(n, "card", "cards")))
	}
	return strings.Join(lines, "\n")
}

// turnsText is "the start card" before any placement, else "turn N of 24".
func turnsText(turn int) string {
	if turn == 0 {
		return "the start card"
	}
	return fmt.Sprintf("turn %d of %d", turn, Placements)
}

// countText is "1 card" or "7 cards".
func countText(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Resample rebuilds the zones hidden from seat: the opponent's hand and the
// undealt pile are refilled from their shuffled union, keeping their sizes.
// For anyone but a seat both hands and the undealt pile are reshuffled.
func (Game) Resample(s *State, seat games.Seat, d *dice.Dice) State {
	out := *s
	out.Hands = [2][]string{slices.Clone(s.Hands[0]), slices.Clone(s.Hands[1])}
	out.Grid = slices.Clone(s.Grid)
	out.Undealt = slices.Clone(s.Undealt)
	if !s.Dealt {
		return out
	}
	var hidden []games.Seat
	for i := range games.Seat(2) {
		if i != seat {
			hidden = append(hidden, i)
		}
	}
	var pool []string
	for _, h := range hidden {
		pool = append(pool, s.Hands[h]...)
	}
	pool = append(pool, s.Undealt...)
	// Sorted first, so the result depends only on which cards the seat
	// cannot see, never on where they actually are.
	slices.Sort(pool)
	d.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, h := range hidden {
		n := len(s.Hands[h])
		out.Hands[h] = slices.Clone(pool[:n])
		sortHand(out.Hands[h])
		pool = pool[n:]
	}
	out.Undealt = pool
	return out
}

// role is "Warp" or "Weft" for a seat once roles are known.
func role(s *State, seat games.Seat) string {
	if seat == s.WarpSeat {
		return "Warp"
	}
	return "Weft"
}

// roleOrPlayer names a seat's player with its role once roles are known
// ("Alice (Warp)" when filled), else by name alone.
func roleOrPlayer(s *State, seat games.Seat) string {
	if s.WarpSeat == games.Chance {
		return games.Name(seat)
	}
	return games.NameAs(seat, role(s, seat))
}

// numText writes an integer with a true minus sign.
func numText(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

func cellText(c Cell) string { return "(" + numText(c.X) + "," + numText(c.Y) + ")" }

// theName is the card's display name with an article ("the Ace of Moons").
func theName(c decktet.Card) string {
	if strings.HasPrefix(c.Name, "the ") {
		return c.Name
	}
	return "the " + c.Name
}

func handText(hand []string) string {
	parts := make([]string, len(hand))
	for i, code := range hand {
		parts[i] = strings.TrimPrefix(card(code).Name, "the ") + " (" + code + ")"
	}
	return strings.Join(parts, ", ")
}

func suitList(ss []decktet.Suit) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// lineText is one line of the breakdown, e.g. "column −1: Knots most (9)
// minus Moons, Suns least (9) = 0".
func lineText(l LineScore) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", l.Axis, numText(l.Index))
	if l.Ignored != nil {
		fmt.Fprintf(&b, " (auto-ignored: %s)", *l.Ignored)
	}
	b.WriteString(": ")
	switch {
	case len(l.Most) == 0:
		b.WriteString("no suits")
	case len(l.Least) == 0:
		fmt.Fprintf(&b, "%s most (%d), none least", suitList(l.Most), l.MostSum)
	default:
		fmt.Fprintf(&b, "%s most (%d) minus %s least (%d)", suitList(l.Most), l.MostSum, suitList(l.Least), l.LeastSum)
	}
	fmt.Fprintf(&b, " = %s", numText(l.Score))
	return b.String()
}

// outcomeText is the final sentence of a scored game.
func outcomeText(s *State, sc Scoring) string {
	switch {
	case sc.Warp > sc.Weft:
		return fmt.Sprintf("%s wins %s to %s.", games.NameAs(s.WarpSeat, "Warp"), numText(sc.Warp), numText(sc.Weft))
	case sc.Weft > sc.Warp:
		return fmt.Sprintf("%s wins %s to %s.", games.NameAs(1-s.WarpSeat, "Weft"), numText(sc.Weft), numText(sc.Warp))
	}
	return fmt.Sprintf("A draw at %s each.", numText(sc.Warp))
}
