package tapestry

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"spindle/games/tapestry"
	"spindle/imaging"
)

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
		c.FillRect(cx, y+26, cw, 10, tpCivCol)
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
