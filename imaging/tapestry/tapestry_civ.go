package tapestry

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// The civilizations in the Tapestry pictures (spec §14, §18): each
// player's civilizations with the state of their mats on the players
// picture, Isolationists' and Traders' tokens on the map, Herald tokens on
// slot cards, and the civilization decisions on the panel (the set-up
// choice between the two dealt, and every civilization's own decisions,
// with a preview where a placement is involved). tapestry.go calls in
// here from a few hooks; everything civilization-specific lives in this
// file.

// tpCivCol is the colour of a civilization's name label.
var tpCivCol = imaging.RGB(0x2F, 0x55, 0x5E)

// tpCivLineH is the pitch of one civilization's line on the players
// picture.
const tpCivLineH = 26.0

// tpCivGame reports whether the game deals civilizations: some are left
// in the deck, dealt or owned.
func tpCivGame(v tapestry.View) bool {
	if v.CivDeck > 0 {
		return true
	}
	for _, p := range v.Players {
		if len(p.Civs) > 0 || len(p.Dealt) > 0 {
			return true
		}
	}
	return false
}

// tpCheckCivs refuses unknown civilizations and Inventors' cards, and
// tokens of unknown seats on the map.
func tpCheckCivs(v tapestry.View) error {
	for _, t := range v.Map {
		for _, tk := range t.Tokens {
			if int(tk.Seat) < 0 || int(tk.Seat) >= len(v.Players) {
				return fmt.Errorf("imaging: tapestry token of seat %d at %s", tk.Seat, t.Hex)
			}
		}
	}
	for seat, p := range v.Players {
		if err := tpCheckCivsOf(seat, p); err != nil {
			return err
		}
	}
	return nil
}

// tpCheckCivsOf refuses a player's unknown civilizations and Inventors'
// cards.
func tpCheckCivsOf(seat int, p tapestry.PlayerView) error {
	for _, cs := range p.Civs {
		if cs.Civ < 0 || int(cs.Civ) >= len(tapestry.Civs) {
			return fmt.Errorf("imaging: unknown tapestry civilization %d of seat %d", cs.Civ, seat)
		}
		for _, id := range cs.Cards {
			if id < 0 || id >= len(tapestry.TechCards) {
				return fmt.Errorf("imaging: unknown tapestry tech card %d under seat %d's Inventors", id, seat)
			}
		}
	}
	for _, c := range p.Dealt {
		if c < 0 || int(c) >= len(tapestry.Civs) {
			return fmt.Errorf("imaging: unknown tapestry civilization %d dealt to seat %d", c, seat)
		}
	}
	return nil
}

// ---- words ----

// tpCivTrackList names the tracks whose flag is set.
func tpCivTrackList(flags [4]bool) []string {
	var out []string
	for t, on := range flags {
		if on {
			out = append(out, tapestry.TrackNames[t])
		}
	}
	return out
}

// tpCivSpaceName names a space of Entertainers' path: "Farm",
// "Technology advance".
func tpCivSpaceName(id string) string {
	if t, ok := strings.CutPrefix(id, "adv_"); ok {
		return capitalise(t) + " advance"
	}
	return capitalise(tpWords(id))
}

// tpCivPathStep is the column of Entertainers' path a space is in (0 the
// start), found by walking the links from the start.
func tpCivPathStep(c tapestry.Civ, id string) int {
	seen := map[string]bool{"start": true}
	next := []string{"start"}
	for step := 0; len(next) > 0; step++ {
		var more []string
		for _, n := range next {
			if n == id {
				return step
			}
			for _, l := range c.Graph[n].Links {
				if !seen[l] {
					seen[l] = true
					more = append(more, l)
				}
			}
		}
		next = more
	}
	return -1
}

// tpCivPathLen is the number of moves along Entertainers' path.
func tpCivPathLen(c tapestry.Civ) int {
	n := 0
	for id := range c.Graph {
		n = max(n, tpCivPathStep(c, id))
	}
	return n
}

// tpCivSteps writes climbed columns: "A 1/3 · B 0/4 · C 2/5".
func tpCivSteps(steps [3]int8, cols map[string][][]tapestry.Effect) string {
	var parts []string
	for k, col := range []string{"A", "B", "C"} {
		parts = append(parts, fmt.Sprintf("%s %d/%d", col, steps[k], len(cols[col])))
	}
	return strings.Join(parts, " · ")
}

// tpCivCount writes "Chiyo ×2".
func tpCivCount(s string, n int) string {
	if n > 1 {
		return fmt.Sprintf("%s ×%d", s, n)
	}
	return s
}

// tpMysticsQuestion asks Mystics' prediction in each category.
var tpMysticsQuestion = [4]string{"how many tech cards you will own", "how many districts of your capital you will complete",
	"how many territories you will control", "how many tracks you will complete"}

// tpMysticsShort are Mystics' categories in a word each.
var tpMysticsShort = [4]string{"tech", "districts", "territories", "tracks"}

// tpCivState writes what a civilization's mat shows: tokens left and where
// the others are, predictions, marks, steps climbed.
func tpCivState(v tapestry.View, opt imaging.Options, seat int, cs tapestry.CivState) string {
	c := tapestry.Civs[cs.Civ]
	p := v.Players[seat]
	left := func(what string) string {
		return fmt.Sprintf("%d of %d %s left", cs.Left, c.Tokens, what)
	}
	switch c.Bespoke {
	case "alchemists_push_luck":
		if m := tpCivTrackList(cs.Marks); len(m) > 0 {
			return "marked this turn: " + strings.Join(m, ", ")
		}
		return "no track marked · rolls on income turns 2 to 5"
	case "architects":
		if cs.Swaps > 0 {
			return tpCount(int(cs.Swaps), "swap", "swaps") + " left"
		}
		return "extra for one-type districts, rows and columns"
	case "craftsmen_statue":
		return "statue " + tpCivSteps(cs.Steps, c.Statue)
	case "entertainers_path":
		if cs.Pos == "" || cs.Pos == "start" {
			return "token on the start · next: " + tpCivNext(c, "start")
		}
		s := fmt.Sprintf("token on %s, step %d of %d", tpCivSpaceName(cs.Pos), tpCivPathStep(c, cs.Pos), tpCivPathLen(c))
		if nx := tpCivNext(c, cs.Pos); nx != "" {
			s += " · next: " + nx
		}
		return s
	case "futurists_jump":
		return "started on space 4 of every track"
	case "heralds":
		s := left("Herald tokens")
		if cs.Start && p.Era <= 1 {
			s += " · may play a card on Maker of Fire after income turn 1"
		}
		return s
	case "historians":
		held := map[int]int{}
		mat := 0
		for _, g := range cs.Given {
			if g < 0 {
				mat++
			} else {
				held[int(g)]++
			}
		}
		if len(held) == 0 {
			return "all 4 tokens on the mat"
		}
		var parts []string
		for s := range v.Players {
			if n := held[s]; n > 0 {
				parts = append(parts, tpCivCount(opt.Name(games.Seat(s)), n))
			}
		}
		return fmt.Sprintf("tokens with %s · %d on the mat", strings.Join(parts, ", "), mat)
	case "inventors":
		s := left("tokens")
		if len(cs.Cards) > 0 {
			n := map[int]int{}
			var order []int
			for _, id := range cs.Cards {
				if n[id] == 0 {
					order = append(order, id)
				}
				n[id]++
			}
			var parts []string
			for _, id := range order {
				parts = append(parts, tpCivCount(tapestry.TechCards[id].Name, n[id]))
			}
			s += " · on " + strings.Join(parts, ", ")
		}
		return s
	case "isolationists":
		size := v.Landmass(seat)
		return fmt.Sprintf("%s (I on the map) · largest landmass %d: %d VP", left("tokens"), size, tapestry.LandmassVP(size))
	case "leaders":
		var free [4]bool
		for t := range free {
			free[t] = !cs.Used[t]
		}
		if l := tpCivTrackList(free); len(l) > 0 {
			return "squares left: " + strings.Join(l, ", ")
		}
		return "all four squares used"
	case "merrymakers":
		return "climbed " + tpCivSteps(cs.Steps, c.Columns)
	case "militants":
		var pays []tapestry.Effect
		for r, row := range []string{"top", "bottom"} {
			for i := 0; i < int(cs.Rows[r]) && i < len(c.Rows[row]); i++ {
				pays = append(pays, c.Rows[row][i]...)
			}
		}
		s := fmt.Sprintf("outposts on the mat: top %d, bottom %d", 4-cs.Rows[0], 4-cs.Rows[1])
		if len(pays) > 0 {
			s += " · each income turn: " + tpEffects(pays)
		}
		return s
	case "mystics":
		var parts []string
		for k := range 4 {
			if cs.Pred[k] == 0 {
				parts = append(parts, tpMysticsShort[k]+" to come")
				continue
			}
			s := fmt.Sprintf("%s %d (now %d", tpMysticsShort[k], cs.Pred[k], v.MysticsCount(seat, k))
			if cs.Hit[k] {
				s += ", reached"
			}
			parts = append(parts, s+")")
		}
		return "predicted " + strings.Join(parts, " · ")
	case "nomads":
		return "buildings and landmarks may go on the map"
	case "the_chosen":
		n := 0
		for t := range tapestry.Track(tapestry.NumTracks) {
			mine, ahead := p.Position(t), false
			for o, q := range v.Players {
				ahead = ahead || o != seat && q.Position(t) > mine
			}
			if mine >= 12 || !ahead {
				n++
			}
		}
		return fmt.Sprintf("ahead or level on %s · %s", tpCount(n, "track", "tracks"), tpCount(len(tpAchieved(v, seat)), "achievement", "achievements"))
	case "traders":
		return left("tokens") + " (T on the map)"
	}
	return ""
}

// tpCivNext lists the spaces Entertainers' path links to from id.
func tpCivNext(c tapestry.Civ, id string) string {
	var names []string
	for _, l := range c.Graph[id].Links {
		names = append(names, strings.ToLower(tpCivSpaceName(l)))
	}
	return strings.Join(names, ", ")
}

// tpCivLine is one line of a player's civilizations: a name and what its
// mat shows.
type tpCivLine struct{ name, text string }

// tpCivLines are seat's civilization lines: one per civilization, or
// where the set-up choice stands.
func tpCivLines(v tapestry.View, opt imaging.Options, seat int) []tpCivLine {
	p := v.Players[seat]
	var out []tpCivLine
	for _, cs := range p.Civs {
		name := tapestry.Civs[cs.Civ].Name
		if !cs.Start {
			name += " (gained)"
		}
		out = append(out, tpCivLine{name, tpCivState(v, opt, seat, cs)})
	}
	if len(out) > 0 {
		return out
	}
	switch {
	case p.Chosen >= 0 && int(p.Chosen) < len(tapestry.Civs):
		return []tpCivLine{{"Civilization", "you chose the " + tapestry.Civs[p.Chosen].Name + "; revealed once everyone has chosen"}}
	case p.Chosen >= 0:
		return []tpCivLine{{"Civilization", "chosen in secret; revealed once everyone has chosen"}}
	case len(p.Dealt) > 0:
		var names []string
		for _, c := range p.Dealt {
			names = append(names, tapestry.Civs[c].Name)
		}
		return []tpCivLine{{"Civilization", "to choose in secret: the " + strings.Join(names, " or the ")}}
	case v.Setup:
		return []tpCivLine{{"Civilization", "two to be dealt, one kept in secret"}}
	}
	return []tpCivLine{{"Civilization", "none"}}
}

// tpCivNames lists a player's civilizations for the panel's header, after
// a separator ("" for none).
func tpCivNames(p tapestry.PlayerView) string {
	var names []string
	for _, cs := range p.Civs {
		names = append(names, tapestry.Civs[cs.Civ].Name)
	}
	if len(names) == 0 {
		return ""
	}
	return " · " + strings.Join(names, ", ")
}

// ---- the players picture ----

// tpBlockDims are the measures of a player's block on the players picture:
// the capital's plot, an income row, the pitch of the text lines on the
// right and of the resources, the height under the name bar, and the
// height of the civilization lines under it (0 without civilizations).
type tpBlockDims struct {
	cell, matRow, pitch, resPitch, content float64
	civ                                    []float64
}

// tpBlockH is the height of seat's block.
func (d tpBlockDims) tpBlockH(seat int) float64 {
	return 42 + d.content + d.civ[seat] + 2
}

// tpMaxH is the tallest a Tapestry picture may be.
const tpMaxH = 1400.0

// tpPlayersDims fits the blocks of the players picture: as they always
// were without civilizations; with them, a line per civilization under
// each block, and the blocks squeezed so five players still fit in
// tpMaxH.
func tpPlayersDims(v tapestry.View, gap float64) tpBlockDims {
	n := len(v.Players)
	d := tpBlockDims{cell: tpCell, matRow: 23, pitch: 26, resPitch: 24, content: tpBlockH - 42, civ: make([]float64, n)}
	if !tpCivGame(v) {
		return d
	}
	fixed := tpHeadH + 2*tpM + float64(n-1)*gap
	for s := range v.Players {
		d.civ[s] = 4 + tpCivLineH*float64(len(tpCivLines(v, imaging.Options{}, s)))
		fixed += 44 + d.civ[s]
	}
	d.content = math.Min(d.content, math.Floor((tpMaxH-fixed)/float64(n)))
	d.cell = math.Min(tpCell, math.Floor((d.content-4)/9))
	d.matRow = math.Min(23, d.cell+1)
	d.pitch = math.Min(26, math.Floor((d.content-22)/6))
	d.resPitch = math.Min(24, math.Floor((d.content-4*(d.matRow+3)-21)/2))
	return d
}

// tpCivStrip draws seat's civilization lines across the foot of its block
// (x, y the top left of the lines).
func tpCivStrip(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w float64) {
	c.Rule(x, x+w, y, imaging.WithAlpha(imaging.InkSoft, 0x80), 1)
	for i, ln := range tpCivLines(v, opt, seat) {
		cy := y + 2 + tpCivLineH/2 + float64(i)*tpCivLineH
		lw := c.Measure(ln.name, imaging.Bold, tpSmall) + 16
		c.Box(x, cy-11.5, lw, 23, 6, tpCivCol, tpCivCol, 0)
		c.Text(ln.name, x+8, cy, 0, imaging.Bold, tpSmall, imaging.Light)
		c.FitText(ln.text, x+lw+10, cy, 0, w-lw-10, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
	}
}

// tpHeraldMark is what a slot's text adds for Herald tokens on its cards.
func tpHeraldMark(cards []tapestry.SlotCard) string {
	n := 0
	for _, sc := range cards {
		n += btoi(sc.Herald)
	}
	switch {
	case n == 0:
		return ""
	case len(cards) > 0 && cards[len(cards)-1].Herald && n == 1:
		return " + Herald"
	}
	return fmt.Sprintf(" + %d Heralds", n)
}

// ---- the map ----

// tpItems draws a territory's items side by side centred at (cx, cy): its
// outposts, then Isolationists' (I) and Traders' (T) tokens as discs in
// their owner's colour.
func tpItems(c *imaging.Canvas, t *tapestry.Territory, cx, cy, r float64) {
	step := r * 2.25
	no := len(t.Outposts)
	x := cx - step*float64(no+len(t.Tokens)-1)/2
	if no > 0 {
		tpOutposts(c, t.Outposts, x+step*float64(no-1)/2, cy, r)
		x += step * float64(no)
	}
	for _, tk := range t.Tokens {
		tpCivToken(c, int(tk.Seat), tk.Kind, x, cy, r)
		x += step
	}
}

// tpCivToken draws a civilization's token on the map: a disc in seat's
// colour with the civilization's letter.
func tpCivToken(c *imaging.Canvas, seat int, kind string, cx, cy, r float64) {
	c.DrawCircle(cx, cy, r*0.92)
	c.SetColor(tpSeat(seat))
	c.FillPreserve()
	c.SetColor(tpSeatEdge(seat))
	c.SetLineWidth(math.Max(1.2, r*0.16))
	c.Stroke()
	letter := "T"
	if kind == "iso" {
		letter = "I"
	}
	c.MarkText(letter, cx, cy, 0.5, imaging.Bold, r*1.1, tpSeatInk(seat))
}

// tpMapTokens reports whether any territory holds a civilization's token.
func tpMapTokens(v tapestry.View) bool {
	for _, t := range v.Map {
		if len(t.Tokens) > 0 {
			return true
		}
	}
	return false
}

// tpMapLegend is the map's legend line, naming the tokens when there are
// some.
func tpMapLegend(v tapestry.View) string {
	if tpMapTokens(v) {
		return "Number: tile · ring: middle island · cross: toppled · T, I: tokens"
	}
	return "Number: territory tile · ringed: middle island · crossed: toppled"
}

// ---- the panel ----

// The civilization previews of the panel's decision box.
const (
	tpPrevCivChoice tpPreview = iota + 100 // the two civilizations dealt
	tpPrevCiv                              // a civilization's mat and choices
	tpPrevCivSwap                          // Architects' capital, to swap in
	tpPrevCivPath                          // Entertainers' path
)

// tpCivAsk is what a civilization decision asks, by ask kind: the
// civilization's name and the decision in a few words.
var tpCivAsk = map[string][2]string{
	"civ":               {"", "choose your civilization in secret"},
	"civ_order":         {"", "choose which of your civilizations acts first"},
	"c:alchemists":      {"Alchemists", "roll the science die or stop"},
	"c:alchemists_adv":  {"Alchemists", "advance on the marked tracks, one at a time"},
	"c:entertainers":    {"Entertainers", "move the token to a linked space and gain it"},
	"c:heralds":         {"Heralds", "put a Herald token on a card to repeat it, or not"},
	"c:heralds_fire":    {"Heralds", "play a card onto Maker of Fire, or not"},
	"c:historians":      {"Historians", "give a token to an opponent, or not"},
	"c:historians_tile": {"Historians", "discard a territory tile to give the token"},
	"c:historians_give": {"Historians", "give a token to an opponent"},
	"c:inventors":       {"Inventors", "put a token on a tech card to upgrade it, or not"},
	"c:inventors_copy":  {"Inventors", "gain the same benefit, or not"},
	"c:leaders":         {"Leaders", "cover a square to advance on its track, or not"},
	"c:merrymakers":     {"Merrymakers", "climb one column and gain its step"},
	"c:militants_row":   {"Militants", "choose the row each outpost goes onto"},
	"c:architects_swap": {"Architects", "swap two income buildings, or stop"},
	"c:traders":         {"Traders", "put a token on a territory, or not"},
	"c:mystics_predict": {"Mystics", "predict your count"},
}

// tpCivAskParts are the civilization and the decision of a civilization
// ask, and whether it is one: the kinds above, and for an unknown "c:"
// kind the civilization its name starts with.
func tpCivAskParts(v tapestry.View, a *tapestry.AskView) (civ, what string, ok bool) {
	if p, ok := tpCivAsk[a.Kind]; ok {
		civ, what = p[0], p[1]
		if a.Kind == "c:mystics_predict" {
			if k, lo, hi := tpMysticsAsked(v, a); k >= 0 {
				what = fmt.Sprintf("predict %s (%d to %d)", tpMysticsQuestion[k], lo, hi)
			}
		}
		return civ, what, true
	}
	id, found := strings.CutPrefix(a.Kind, "c:")
	if !found {
		return "", "", false
	}
	for _, c := range tapestry.Civs {
		key := strings.ReplaceAll(strings.ToLower(c.Name), " ", "_")
		if strings.HasPrefix(id, key) || strings.HasPrefix(id, strings.TrimPrefix(key, "the_")) {
			return c.Name, "decide", true
		}
	}
	return capitalise(tpWords(id)), "decide", true
}

// tpCivAskText is a civilization decision as the header's note says it,
// and whether the ask is one: "Merrymakers — climb one column and gain
// its step".
func tpCivAskText(v tapestry.View, a *tapestry.AskView) (string, bool) {
	civ, what, ok := tpCivAskParts(v, a)
	if !ok {
		return "", false
	}
	if civ != "" {
		what = civ + " — " + what
	}
	return what, true
}

// tpMysticsAsked is the category of a pending Mystics prediction (the
// first not yet made) and its range, or -1.
func tpMysticsAsked(v tapestry.View, a *tapestry.AskView) (k, lo, hi int) {
	if a.Seat < 0 || a.Seat >= len(v.Players) || a.N < 0 || a.N >= len(v.Players[a.Seat].Civs) {
		return -1, 0, 0
	}
	cs := v.Players[a.Seat].Civs[a.N]
	k = slices.Index(cs.Pred[:], 0)
	if k < 0 {
		return -1, 0, 0
	}
	r := tapestry.Civs[cs.Civ].Categories[strings.ReplaceAll(tapestry.MysticsCategories[k], " ", "_")]
	return k, r[0], r[1]
}

// tpCivAsked is the civilization state a civilization decision is about,
// or nil.
func tpCivAsked(v tapestry.View) *tapestry.CivState {
	a := v.Ask
	if a == nil || a.Seat < 0 || a.Seat >= len(v.Players) || a.N < 0 || a.N >= len(v.Players[a.Seat].Civs) {
		return nil
	}
	return &v.Players[a.Seat].Civs[a.N]
}

// tpCivPreviewOf picks the preview of a civilization decision, and
// whether the decision is one.
func tpCivPreviewOf(v tapestry.View) (tpPreview, bool) {
	a := v.Ask
	switch {
	case a.Kind == "civ":
		if len(v.Players[v.Viewer].Dealt) > 0 {
			return tpPrevCivChoice, true
		}
		return tpPrevList, true
	case a.Kind == "c:traders":
		if len(tpAskHexes(a)) > 0 {
			return tpPrevHexes, true
		}
	case a.Kind == "c:architects_swap":
		if v.Players[v.Viewer].Mat > 0 {
			return tpPrevCivSwap, true
		}
	case a.Kind == "c:entertainers":
		if cs := tpCivAsked(v); cs != nil && len(tpCivPathCols(tapestry.Civs[cs.Civ])) > 1 {
			return tpPrevCivPath, true
		}
	}
	if _, _, ok := tpCivAskParts(v, a); ok {
		return tpPrevCiv, true
	}
	return tpPrevList, false
}

// tpCivCard is the text of a dealt civilization's card on the panel.
type tpCivCard struct {
	name                   string
	when, ability, details []string
	adjust                 []string
}

// tpCivCardTexts lays out the cards of the dealt civilizations for cards
// of width w, wrapping with measure (regular text at the smallest size).
func tpCivCardTexts(dealt []int8, w float64, measure func(string) float64) []tpCivCard {
	var out []tpCivCard
	for _, c := range dealt {
		i := int(c)
		card := tpCivCard{name: tapestry.Civs[i].Name,
			when:    imaging.WrapText(measure, "When: "+tapestry.CivTiming(i)+".", w),
			ability: imaging.WrapText(measure, tapestry.CivAbility(i), w),
			details: imaging.WrapText(measure, tapestry.CivTables(i), w)}
		if adj := tapestry.CivAdjustment(i); adj != "" {
			card.adjust = imaging.WrapText(measure, "Starting adjustment (if the option is on): "+adj+".", w)
		}
		out = append(out, card)
	}
	return out
}

// tpCivCardW is the width of the text on a dealt civilization's card.
const tpCivCardW = (tpW-2*tpM-32-16)/2 - 24

// tpCivCardH is the height of a card holding t.
func tpCivCardH(t tpCivCard) float64 {
	lh := tpSmall * imaging.LineGap
	return 44 + float64(len(t.when)+len(t.ability)+len(t.details)+len(t.adjust))*lh + 3*10 + 8
}

// tpCivChoiceH is the height of the preview of the dealt civilizations.
func tpCivChoiceH(v tapestry.View) float64 {
	fc, err := imaging.TakeFaces()
	if err != nil {
		return 420
	}
	defer imaging.GiveFaces(fc)
	face := fc.Face(imaging.Regular, tpSmall)
	measure := func(s string) float64 { return float64(font.MeasureString(face, s)) / 64 }
	h := 0.0
	for _, t := range tpCivCardTexts(v.Players[v.Viewer].Dealt, tpCivCardW, measure) {
		h = math.Max(h, tpCivCardH(t))
	}
	return h
}

// tpCivDecisionH is the height of the decision box of a civilization
// preview, and whether pv is one.
func tpCivDecisionH(v tapestry.View, pv tpPreview) (float64, bool) {
	switch pv {
	case tpPrevCivChoice:
		return 62 + tpCivChoiceH(v) + 8, true
	case tpPrevCivSwap:
		return 390, true
	case tpPrevCiv, tpPrevCivPath:
		per, n := tpCivPer(v)
		rows := (min(n, tpListMax+1) + per - 1) / per
		h := 60 + float64(len(tpCivMatLines(v, imaging.Options{})))*28 + float64(rows)*30 + 4
		if pv == tpPrevCivPath {
			h += tpCivPathH(v) + 12
		}
		return h, true
	}
	return 0, false
}

// tpCivPreviewTitle is the title of a civilization decision box, and
// whether pv is one of them.
func tpCivPreviewTitle(v tapestry.View, pv tpPreview) (string, bool) {
	a := v.Ask
	switch {
	case pv == tpPrevCivChoice:
		return "The two civilizations dealt to you: keep one, in secret until everyone has chosen", true
	case a.Kind == "c:traders" && pv == tpPrevHexes:
		return "Traders: the territories a token may go on, named as on the buttons", true
	case pv == tpPrevCivSwap:
		return "Architects: swap two income buildings of your capital", true
	case pv == tpPrevCiv || pv == tpPrevCivPath:
		civ, what, _ := tpCivAskParts(v, a)
		if civ == "" {
			return capitalise(what), true
		}
		return civ + ": " + what, true
	}
	return "", false
}

// tpCivDecision draws the body of a civilization decision box.
func tpCivDecision(c *imaging.Canvas, v tapestry.View, opt imaging.Options, pv tpPreview, x, y, w, h float64) {
	switch pv {
	case tpPrevCivChoice:
		tpCivChoice(c, v, x, y, w, h)
	case tpPrevCivSwap:
		tpCivSwap(c, v, x, y, w, h)
	default:
		for _, ln := range tpCivMatLines(v, opt) {
			c.FitText(ln, x, y+12, 0, w, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
			y += 28
		}
		if pv == tpPrevCivPath {
			tpCivPath(c, v, x, y, w)
			y += tpCivPathH(v) + 12
		}
		tpCivChoiceList(c, v, opt, x, y, w)
	}
}

// tpCivMatLines are the lines above a civilization decision's choices:
// what the civilization's mat shows now.
func tpCivMatLines(v tapestry.View, opt imaging.Options) []string {
	cs := tpCivAsked(v)
	a := v.Ask
	if cs == nil || !strings.HasPrefix(a.Kind, "c:") {
		if a.Kind == "civ_order" {
			return []string{"Each acts in turn; the first acts before the others."}
		}
		return nil
	}
	s := tpCivState(v, opt, a.Seat, *cs)
	if s == "" {
		return nil
	}
	lines := []string{"Your " + tapestry.Civs[cs.Civ].Name + ": " + s}
	switch a.Kind {
	case "c:mystics_predict":
		lines = append(lines, "A count equal to its prediction at your fifth income turn scores 10 VP; reaching it first gives 1 resource.")
	case "c:alchemists":
		lines = append(lines, "Rolling a marked track again busts: the marks clear and you gain 1 resource instead.")
	}
	return lines
}

// tpCivPer is how many choices a civilization decision lists to a line,
// and how many there are: short ones four to a line, those with a detail
// one to a line, the rest two.
func tpCivPer(v tapestry.View) (per, n int) {
	opts := v.Ask.Opts
	short, detail := true, false
	for _, k := range opts {
		short = short && len(tpLabel(v, k)) <= 14
		detail = detail || tpCivDetail(v, k) != ""
	}
	switch {
	case detail:
		return 1, len(opts)
	case short:
		return 4, len(opts)
	}
	return 2, len(opts)
}

// tpCivDetail is what a civilization choice gives besides its label: a
// Herald's card text, the benefit an Inventors upgrade gives, the space
// a Leaders advance reaches.
func tpCivDetail(v tapestry.View, key string) string {
	verb, xs, y, ok := tpOpt(key)
	if !ok || len(xs) != 1 {
		if t, found := strings.CutPrefix(key, "lead:"); found && v.Ask.Seat >= 0 {
			i := slices.Index(tapestry.TrackNames[:], t)
			if i >= 0 {
				if pos := v.Players[v.Ask.Seat].Position(tapestry.Track(i)); pos < 12 {
					sp := tapestry.Spaces[i][pos]
					return sp.Name + ": " + tpEffects(sp.Benefit)
				}
			}
		}
		return ""
	}
	x := xs[0]
	switch verb {
	case "herald":
		if x >= 0 && x < len(v.Players) && y >= 0 && y < len(v.Players[x].Slots) {
			if sl := v.Players[x].Slots[y]; len(sl) > 0 && sl[len(sl)-1].Card >= 0 && int(sl[len(sl)-1].Card) < len(tapestry.TapCards) {
				return tpCardText(tapestry.TapCards[sl[len(sl)-1].Card])
			}
		}
	case "inv":
		if y >= 0 && y < len(tapestry.TechCards) && x >= 0 && x < len(v.Players) {
			tc := tapestry.TechCards[y]
			if slices.Contains(v.Players[x].Tech[1], y) {
				return "to the top: " + tpEffects(tc.Top)
			}
			return "to the middle: " + tpEffects(tc.Middle)
		}
	}
	return ""
}

// tpCivChoiceList lists a civilization decision's choices by their
// button labels, with a detail where one helps.
func tpCivChoiceList(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64) {
	per, _ := tpCivPer(v)
	tpOptionList(c, v, opt, x, y, w, per, func(k string) string { return tpCivDetail(v, k) })
}

// tpCivChoice draws the two civilizations dealt to the viewer side by
// side: name, when it acts, what it does and its starting adjustment.
func tpCivChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	measure := func(s string) float64 { return c.Measure(s, imaging.Regular, tpSmall) }
	cards := tpCivCardTexts(v.Players[v.Viewer].Dealt, tpCivCardW, measure)
	cw := (w - 16) / 2
	lh := tpSmall * imaging.LineGap
	for i, t := range cards {
		cx := x + float64(i)*(cw+16)
		c.Box(cx, y, cw, h, 8, imaging.FaceColor, imaging.Ink, 1.5)
		c.Box(cx, y, cw, 36, 8, tpCivCol, tpCivCol, 0)
		c.DrawRectangle(cx, y+26, cw, 10)
		c.SetColor(tpCivCol)
		c.Fill()
		c.FitText(t.name, cx+12, y+18, 0, cw-24, imaging.Bold, 22, tpSmall, imaging.Light)
		ly := y + 44 + lh/2
		for _, ln := range t.when {
			c.Text(ln, cx+12, ly, 0, imaging.Regular, tpSmall, imaging.InkSoft)
			ly += lh
		}
		ly += 10
		for _, ln := range t.ability {
			c.Text(ln, cx+12, ly, 0, imaging.Regular, tpSmall, imaging.Ink)
			ly += lh
		}
		if len(t.details) > 0 {
			ly += 10
		}
		for _, ln := range t.details {
			c.Text(ln, cx+12, ly, 0, imaging.Regular, tpSmall, imaging.Ink)
			ly += lh
		}
		ly += 10
		for _, ln := range t.adjust {
			c.Text(ln, cx+12, ly, 0, imaging.Regular, tpSmall, imaging.InkSoft)
			ly += lh
		}
	}
}

// tpCivSwap draws the viewer's capital large with the income buildings
// Architects may swap highlighted and the plots numbered as the buttons
// name them.
func tpCivSwap(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	me := v.Players[v.Viewer]
	const cell = 32.0
	gx, gy := x+30, y+28
	for i := range tapestry.CitySize {
		c.Text(strconv.Itoa(i+1), gx+(float64(i)+0.5)*cell, y+12, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
		c.Text(strconv.Itoa(i+1), x+12, gy+(float64(i)+0.5)*cell, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
	}
	hl := map[int]color.RGBA{}
	xs, ys := tpAskKeys(v.Ask, "swap")
	for i, xx := range xs {
		if len(xx) == 1 {
			hl[xx[0]] = imaging.WithAlpha(imaging.Highlight, 0xB0)
			hl[ys[i]] = imaging.WithAlpha(imaging.Highlight, 0xB0)
		}
	}
	tpCity(c, int(me.Mat), me.Cover, gx, gy, cell, hl)
	tx := gx + 9*cell + 40
	swaps := 0
	if cs := tpCivAsked(v); cs != nil {
		swaps = int(cs.Swaps)
	}
	ly := y + 12
	for _, ln := range []string{
		fmt.Sprintf("%s left. Highlighted: the income buildings you may swap, two of different kinds at a time.", tpCount(swaps, "swap", "swaps")),
		"The buttons name both plots by row, then column.",
		"A swap completes no district, row or column.",
	} {
		ly = tpParagraph(c, ln, tx, ly, x+w-tx) + 10
	}
}

// tpCivPathCols are the columns of Entertainers' path, the start first,
// each space in the order the links reach it.
func tpCivPathCols(c tapestry.Civ) [][]string {
	if _, ok := c.Graph["start"]; !ok {
		return nil
	}
	cols := [][]string{{"start"}}
	seen := map[string]bool{"start": true}
	for {
		var next []string
		for _, id := range cols[len(cols)-1] {
			for _, l := range c.Graph[id].Links {
				if !seen[l] {
					seen[l] = true
					next = append(next, l)
				}
			}
		}
		if len(next) == 0 {
			return cols
		}
		cols = append(cols, next)
	}
}

// tpCivPathHeads head the columns of Entertainers' path (the data's
// five columns), "" where the path has another shape.
var tpCivPathHeads = []string{"", "Gain 1", "Gain a building", "Action", "Advance on"}

// tpCivPathNode names a space of Entertainers' path in a word.
func tpCivPathNode(id string) string {
	return capitalise(strings.TrimPrefix(tpWords(id), "adv "))
}

// tpCivPathRowH is the pitch of the spaces in a column of the path.
const tpCivPathRowH = 36.0

// tpCivPathH is the height of Entertainers' path preview.
func tpCivPathH(v tapestry.View) float64 {
	cs := tpCivAsked(v)
	if cs == nil {
		return 0
	}
	n := 0
	for _, col := range tpCivPathCols(tapestry.Civs[cs.Civ]) {
		n = max(n, len(col))
	}
	return 26 + float64(n)*tpCivPathRowH
}

// tpCivPath draws Entertainers' path: a column per step, the links
// between the spaces, the token's space filled and the spaces it may move
// to outlined, their links drawn bold.
func tpCivPath(c *imaging.Canvas, v tapestry.View, x, y, w float64) {
	cs := tpCivAsked(v)
	if cs == nil {
		return
	}
	civ := tapestry.Civs[cs.Civ]
	cols := tpCivPathCols(civ)
	pos := cs.Pos
	if pos == "" {
		pos = "start"
	}
	can := map[string]bool{}
	for _, k := range v.Ask.Opts {
		if id, ok := strings.CutPrefix(k, "ent:"); ok {
			can[id] = true
		}
	}
	const gap = 36.0
	colW := (w - gap*float64(len(cols)-1)) / float64(len(cols))
	rows := 0
	for _, col := range cols {
		rows = max(rows, len(col))
	}
	top := y + 26
	at := map[string][2]float64{} // each space's left edge and middle
	for k, col := range cols {
		cx := x + float64(k)*(colW+gap)
		if len(cols) == len(tpCivPathHeads) && tpCivPathHeads[k] != "" {
			c.Text(tpCivPathHeads[k], cx+colW/2, y+10, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
		}
		off := float64(rows-len(col)) * tpCivPathRowH / 2
		for i, id := range col {
			at[id] = [2]float64{cx, top + off + float64(i)*tpCivPathRowH + tpCivPathRowH/2}
		}
	}
	for _, col := range cols {
		for _, id := range col {
			from := at[id]
			for _, l := range civ.Graph[id].Links {
				to := at[l]
				col, lw := imaging.WithAlpha(imaging.InkSoft, 0x90), 1.5
				if id == pos && can[l] {
					col, lw = imaging.Ink, 3.5
				}
				c.SetColor(col)
				c.SetLineWidth(lw)
				c.DrawLine(from[0]+colW, from[1], to[0], to[1])
				c.Stroke()
			}
		}
	}
	for _, col := range cols {
		for _, id := range col {
			p := at[id]
			fill, ink, edge := imaging.FaceColor, imaging.Ink, imaging.InkSoft
			switch {
			case id == pos:
				fill, ink, edge = tpCivCol, imaging.Light, tpCivCol
			case can[id]:
				fill, edge = mix(imaging.Highlight, imaging.FaceColor, 0.45), imaging.Ink
			}
			c.Box(p[0], p[1]-14, colW, 28, 6, fill, edge, 1.5)
			c.FitText(tpCivPathNode(id), p[0]+colW/2, p[1], 0.5, colW-12, imaging.Bold, tpSmall, tpSmall, ink)
			if can[id] {
				c.Outline(p[0]-3, p[1]-17, colW+6, 34, 8, imaging.Highlight, 3)
			}
		}
	}
}
