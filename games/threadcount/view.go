package threadcount

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
)

// View is everything one viewer may know (spec §5). Favourite is the
// viewer's own Favourite Colour; the others' colours (Favourites), the
// Empress's Favourite Pattern (Empress) and the scores appear only once
// the game is over. The deck shows only its size and its composition,
// which public information already tells.
type View struct {
	Viewer  games.Seat `json:"viewer"`
	Seats   int        `json:"seats"`
	Seating string     `json:"seating"`
	Phase   Phase      `json:"phase"`
	// ToAct is the seat to decide, games.Chance at a chance step and
	// games.Spectator once the game is over.
	ToAct games.Seat `json:"to_act"`
	// Active is the seat whose turn it is (games.Spectator outside turns).
	Active    games.Seat   `json:"active"`
	Week      int          `json:"week"`
	Circle    []games.Seat `json:"circle,omitempty"`
	Order     []games.Seat `json:"order,omitempty"`
	OffRounds []OffRound   `json:"off_rounds,omitempty"`
	// Board lists the cells holding silk.
	Board    []int            `json:"board"`
	Market   [Slots]string    `json:"market"`
	Buried   []string         `json:"buried,omitempty"`
	DeckSize int              `json:"deck_size"`
	DeckLeft [NumPatterns]int `json:"deck_left"`
	// Roll is the active turn's roll, or the last resolved one.
	Roll    *Roll    `json:"roll,omitempty"`
	Players []Player `json:"players"`
	// Arranged are the cards the active player has arranged this turn.
	Arranged  []string `json:"arranged,omitempty"`
	Favourite string   `json:"favourite,omitempty"`
	// CanBuy and CanTake are the colour cards and market slots the viewer
	// can pay for with what it holds now.
	CanBuy  []string `json:"can_buy,omitempty"`
	CanTake []int    `json:"can_take,omitempty"`
	Over    bool     `json:"over"`
	// The end-of-game reveal (nil and empty before).
	Empress    string       `json:"empress,omitempty"`
	Favourites []string     `json:"favourites,omitempty"`
	Scores     []*Breakdown `json:"scores,omitempty"`
	Ranks      []int        `json:"ranks,omitempty"`
	Winners    []games.Seat `json:"winners,omitempty"`
	// Decider is the index in Criteria that settled the win, -1 for a
	// shared win or before the end.
	Decider int    `json:"decider"`
	Reason  string `json:"reason,omitempty"`
}

// View returns what viewer may know of s.
func (g Game) View(s *State, viewer games.Seat) View {
	t := s.clone()
	v := View{
		Viewer: viewer, Seats: s.N, Seating: s.Seating, Phase: s.Phase,
		Active: s.Active(), Week: s.Week, Circle: t.Circle, Order: t.Order, OffRounds: t.OffRounds,
		Board: Cells(s.Board), Market: s.Market, Buried: t.Buried, DeckSize: s.deckSize(), DeckLeft: s.Deck,
		Roll: t.Roll, Players: t.Players, Arranged: t.Arranged, Over: s.Phase == PhOver, Decider: -1,
	}
	switch ta := g.ToAct(s); {
	case len(ta) == 0:
		v.ToAct = games.Spectator
	default:
		v.ToAct = ta[0]
	}
	if viewer >= 0 && int(viewer) < s.N {
		if int(viewer) < len(s.Favs) {
			v.Favourite = s.Favs[viewer]
		}
		p := s.Players[viewer]
		v.CanBuy = Buyable(p)
		v.CanTake = Takeable(s, p)
	}
	if v.Over {
		v.Active = games.Spectator
		v.Empress = s.Empress
		v.Favourites = t.Favs
		if r, ok := g.Result(s); ok {
			v.Ranks, v.Winners, v.Reason = r.Ranks, r.Winners, r.Reason
		}
		if s.scored() {
			v.Scores = s.Breakdowns()
			var top []Breakdown
			best := -1
			for _, b := range v.Scores {
				if b != nil && b.Total > best {
					best = b.Total
				}
			}
			for _, b := range v.Scores {
				if b != nil && b.Total == best {
					top = append(top, *b)
				}
			}
			v.Decider = Decider(top)
		}
	}
	return v
}

// Label is the button text of an action from the viewer's view.
func (Game) Label(v View, a Action) string {
	switch a.Op {
	case Seating:
		return "Seating " + seatList(seatsOf(a.Digits))
	case Empress:
		return "Empress favours " + patternName(a.Code)
	case Favourites:
		return "Deal the Favourite Colours"
	case Draw:
		return "Deal " + patternName(a.Code)
	case RollOff:
		return "Roll-off " + digits(a.Digits)
	case Place:
		return fmt.Sprintf("Put the 10's silk on cell %d", a.Cell)
	case Sow:
		return games.WithDetail(fmt.Sprintf("Sow a silk on cell %d", a.Cell), sowDetail(v, a.Cell))
	case RollNow:
		// The pass key's label stays one line: the panel shows it as a
		// button of its own.
		if len(v.Board) == 0 {
			return "Roll (board empty: free silk first)"
		}
		return "Stop sowing and roll"
	case Free:
		return games.WithDetail(fmt.Sprintf("Free silk on cell %d", a.Cell), freeDetail(v, a.Cell))
	case Dice:
		return fmt.Sprintf("Roll %s and %s", digits(a.Digits), DyeName(a.D4))
	case Zero:
		return games.WithDetail(fmt.Sprintf("Die %d (a 0) points at cell %d", a.Die, a.Cell), zeroDetail(v, a.Die, a.Cell))
	case White:
		return "White: take a " + DyeName(a.Code) + " dye"
	case Buy:
		cc, _ := Colour(a.Code)
		return games.WithDetail(fmt.Sprintf("Buy %s (%s, %d silk)", cc.Name, dyeCost(cc.Dye), cc.Silk), buyDetail(v, cc))
	case Take:
		pt, _ := PatternOf(v.Market[a.Slot-1])
		return games.WithDetail(fmt.Sprintf("Buy %s from slot %d (%d silk)", pt.Name, a.Slot, pt.Silk), takeDetail(v, pt))
	case Refresh:
		return games.WithDetail("Refresh the market (1 silk)",
			fmt.Sprintf("Buries the cards shown and deals three new ones (%s in the deck)", plural(v.DeckSize, "1 card", fmt.Sprintf("%d cards", v.DeckSize))))
	case Arrange:
		return arrangeHead(v, a.Card) + " → " + cap1(GarmentName(a.Target))
	case End:
		if p := viewerPlayer(v); p != nil && p.Silk > SilkLimit {
			return fmt.Sprintf("End turn (return %d silk over %d)", p.Silk-SilkLimit, SilkLimit)
		}
		return "End turn"
	}
	return a.Key()
}

// sowDetail says what sowing on cell leaves: the board and the silk kept.
func sowDetail(v View, cell int) string {
	d := "Board then " + cellList(Cells(MaskOf(v.Board...)|bit(cell)))
	if p := viewerPlayer(v); p != nil {
		d += fmt.Sprintf("; you keep %d silk", p.Silk-1)
	}
	return d
}

// freeDetail says what the complimentary silk on cell leaves: the board,
// and the silk the coming roll harvests on average over the dice that show
// 1-9 (a 0 is the roller's to point, so it is left out).
func freeDetail(v View, cell int) string {
	board := MaskOf(v.Board...) | bit(cell)
	total := 0
	for a := 1; a <= 9; a++ {
		for b := 1; b <= 9; b++ {
			for c := 1; c <= 9; c++ {
				_, out := Resolve(board, [3]int{a, b, c})
				total += out.Harvest
			}
		}
	}
	return fmt.Sprintf("Board then %s; the roll then harvests %.1f silk on average", cellList(Cells(board)), float64(total)/729)
}

// zeroDetail says what pointing die at cell harvests: exactly, when it is
// the last 0 to point, else the most the dice still showing 0 can make of
// it.
func zeroDetail(v View, die, cell int) string {
	if v.Roll == nil || die < 1 || die > len(v.Roll.Cells) {
		return ""
	}
	cells := v.Roll.Cells
	cells[die-1] = cell
	best, open := bestHarvest(MaskOf(v.Board...), cells, 0)
	if open == 0 {
		return "Harvests " + plural(best, "1 silk", fmt.Sprintf("%d silk", best))
	}
	return fmt.Sprintf("Harvests up to %d silk once %s pointed", best, plural(open, "the other 0 is", "the other 0s are"))
}

// bestHarvest is the largest harvest of board for the pointed cells, over
// every cell the dice still showing 0 (from index i on) may point at, and
// how many such dice there are.
func bestHarvest(board uint16, cells [3]int, i int) (best, open int) {
	for ; i < len(cells); i++ {
		if cells[i] == 0 {
			for c := 1; c <= 9; c++ {
				cells[i] = c
				h, n := bestHarvest(board, cells, i+1)
				best, open = max(best, h), n+1
			}
			return best, open
		}
	}
	_, out := Resolve(board, cells)
	return out.Harvest, 0
}

// buyDetail says what a colour card scores and where it goes.
func buyDetail(v View, cc ColourCard) string {
	words := make([]string, len(cc.Words))
	for i, w := range cc.Words {
		words[i] = BasicName(w)
	}
	d := "Scores 2 if " + words[0] + " is an Empress colour"
	if len(words) > 1 {
		d = "Scores 2 for each of " + strings.Join(words, " and ") + " that is an Empress colour"
	}
	if p := viewerPlayer(v); p != nil {
		d += "; goes " + nextPlace(*p, true)
	}
	return d
}

// takeDetail says what a pattern card scores and where it goes.
func takeDetail(v View, pt Pattern) string {
	d := "1-4 garments wearing it score 4/12/20/28 (the Empress's pattern 5/20/35/50)"
	if p := viewerPlayer(v); p != nil {
		d = "Goes " + nextPlace(*p, false) + "; " + d
	}
	return d
}

// nextPlace is where a newly bought colour (or pattern) card of p goes
// (T28): "onto the Hakama" or "to spare".
func nextPlace(p Player, colour bool) string {
	for g, pc := range p.Outfit {
		if (colour && pc.Colour < 0) || (!colour && pc.Pattern < 0) {
			return "onto the " + GarmentName(Garments[g])
		}
	}
	return "to spare"
}

// viewerPlayer is the active player's holdings in v, or nil.
func viewerPlayer(v View) *Player {
	if v.Active >= 0 && int(v.Active) < len(v.Players) {
		return &v.Players[v.Active]
	}
	return nil
}

// arrangeHead is the label of a card to arrange: its name and where it is.
func arrangeHead(v View, ref string) string {
	p := viewerPlayer(v)
	if p == nil {
		return ref
	}
	at := "spare"
	if g := where(*p, ref); g >= 0 {
		at = "on " + GarmentName(Garments[g])
	}
	i, _ := strconv.Atoi(ref[1:])
	return fmt.Sprintf("%s #%d (%s)", cardName(*p, ref), i+1, at)
}

// cardName is the display name of an owned card reference.
func cardName(p Player, ref string) string {
	i, _ := strconv.Atoi(ref[1:])
	if ref[0] == 'c' && i < len(p.Colours) {
		cc, _ := Colour(p.Colours[i])
		return cc.Name
	}
	if ref[0] == 'p' && i < len(p.Patterns) {
		return patternName(p.Patterns[i])
	}
	return ref
}

func targetText(target string) string {
	if target == Spare {
		return "spare"
	}
	return "the " + GarmentName(target)
}

func seatsOf(d []int) []games.Seat {
	out := make([]games.Seat, len(d))
	for i, v := range d {
		out[i] = games.Seat(v)
	}
	return out
}

// player is the token of seat's player name (games.Name).
func player(seat games.Seat) string { return games.Name(seat) }

// cap1 capitalises the first letter.
func cap1(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func seatList(ss []games.Seat) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = player(s)
	}
	return strings.Join(parts, ", ")
}

func patternName(code string) string {
	if p, ok := PatternOf(code); ok {
		return p.Name
	}
	return code
}

// dyeCost writes a dye cost such as "2 Red + 1 Blue".
func dyeCost(d [3]int) string {
	var parts []string
	for i, n := range d {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, DyeName(Dyes[i])))
		}
	}
	return strings.Join(parts, " + ")
}

func placedText(g int) string {
	if g < 0 {
		return " (spare)"
	}
	return " (onto the " + GarmentName(Garments[g]) + ")"
}

// cellList writes cells as "1, 5, 9" ("none" for no cell).
func cellList(cs []int) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, ", ")
}

// cellsText writes cells as "cell 4" or "cells 1, 5, 9".
func cellsText(cs []int) string {
	if len(cs) == 1 {
		return "cell " + strconv.Itoa(cs[0])
	}
	return "cells " + cellList(cs)
}

// boardNow says which cells of a board hold silk: "board now 1, 3, 6" or
// "board now empty".
func boardNow(board uint16) string {
	if board == 0 {
		return "board now empty"
	}
	return "board now " + cellList(Cells(board))
}

// outcomeText describes a board resolution in one sentence.
func outcomeText(cells [3]int, o Outcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dice at cells %d, %d, %d", cells[0], cells[1], cells[2])
	if len(o.Lines) > 0 {
		fmt.Fprintf(&b, "; completed lines clear %s", cellsText(o.Lines))
	}
	if len(o.Refill) > 0 {
		fmt.Fprintf(&b, "; %s %s", cellsText(o.Refill), plural(len(o.Refill), "is refilled", "are refilled"))
	}
	if len(o.Doubles) > 0 {
		fmt.Fprintf(&b, "; %s %s", cellsText(o.Doubles), plural(len(o.Doubles), "was already full and is cleared", "were already full and are cleared"))
	}
	fmt.Fprintf(&b, ". Harvest %d silk; %s.", o.Harvest, boardNow(MaskOf(o.After...)))
	return b.String()
}

// breakdownLines is one player's score breakdown (§7.3).
func breakdownLines(seat games.Seat, b Breakdown, ties bool) []string {
	var pieces []string
	for _, ps := range b.Pieces {
		switch {
		case ps.Complete:
			var words []string
			for _, w := range ps.Words {
				mark := "no match"
				if w.Match {
					mark = "+2"
				}
				words = append(words, BasicName(w.Word)+" "+mark)
			}
			pieces = append(pieces, fmt.Sprintf("%s %s+%s (%s)", GarmentName(ps.Garment), colourName(ps.Colour),
				patternName(ps.Pattern), strings.Join(words, ", ")))
		case ps.Colour != "" || ps.Pattern != "":
			pieces = append(pieces, fmt.Sprintf("%s incomplete", GarmentName(ps.Garment)))
		}
	}
	var pats []string
	for _, p := range b.Patterns {
		fav := ""
		if p.Favourite {
			fav = " Empress's favourite"
		}
		pats = append(pats, fmt.Sprintf("%s×%d%s %d", patternName(p.Pattern), p.Count, fav, p.Points))
	}
	if len(pieces) == 0 {
		pieces = []string{"no complete piece"}
	}
	if len(pats) == 0 {
		pats = []string{"none"}
	}
	line := fmt.Sprintf("%s: %s. Garments %d + dyes %d + patterns %d (%s) = %d.", player(seat),
		strings.Join(pieces, "; "), b.Garments, b.Dyes, b.PatternPoints, strings.Join(pats, ", "), b.Total)
	if ties {
		line += fmt.Sprintf(" Tie-breaks: tertiary %d, Empress's pattern pieces %d, pattern silk %d, ready early %s.",
			b.Tertiary, b.FavPieces, b.PatternSilk, yesNo(b.ReadyEarly))
	}
	return []string{line}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func colourName(code string) string {
	if cc, ok := Colour(code); ok {
		return cc.Name
	}
	return code
}

// deciderText says what settled the win.
func deciderText(d, tied int) string {
	switch {
	case tied <= 1:
		return "The highest total wins outright."
	case d < 0:
		return fmt.Sprintf("%d players tie on the highest total and on every tie-break: a shared win.", tied)
	}
	return fmt.Sprintf("%d players tie on the highest total; %s decides.", tied, Criteria[d])
}

// resultSentence names the winners of a result.
func resultSentence(r games.Result) string {
	if len(r.Winners) == 0 {
		return "Nobody wins."
	}
	names := seatList(r.Winners)
	if r.Scores == nil {
		return names + " wins."
	}
	if len(r.Winners) > 1 {
		return fmt.Sprintf("%s share the win with %d each.", names, r.Scores[r.Winners[0]])
	}
	return fmt.Sprintf("%s wins with %d.", names, r.Scores[r.Winners[0]])
}
