package tapestry

import (
	"fmt"
	"math"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// The civilizations in the Tapestry pictures (spec §14, §18): each
// player's civilizations with the state of their mats on the players
// picture, Isolationists' and Traders' tokens on the map, Herald tokens on
// slot cards, and the civilization decisions on the panel (the set-up
// choice between the two dealt, and every civilization's own decisions,
// with a preview where a placement is involved). The other files call in
// here from a few hooks; everything civilization-specific lives in this
// file (the players picture and map) and civ_panel.go (the panel).

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
		lw := c.Measure(ln.name, imaging.Bold, tpPS) + 16
		c.Box(x, cy-11.5, lw, 23, 6, tpCivCol, tpCivCol, 0)
		c.Text(ln.name, x+8, cy, 0, imaging.Bold, tpPS, imaging.Light)
		c.FitText(ln.text, x+lw+10, cy, 0, w-lw-10, imaging.Regular, tpPS, tpPS, imaging.Ink)
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
		return "ring: middle · crossed: toppled · T, I: tokens"
	}
	return "ringed: middle island · crossed: toppled"
}
