package tapestry

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- panel: the decision ----

// tpAskKeys are the option keys of the pending decision with the given
// verb, parsed: the numbers before "@" and the one after.
func tpAskKeys(a *tapestry.AskView, verb string) (xs [][]int, ys []int) {
	for _, k := range a.Opts {
		if vb, x, y, ok := tpOpt(k); ok && vb == verb {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	return xs, ys
}

// tpAskHexes are the hexes of the pending decision's "hex:<a>@<b>"
// options.
func tpAskHexes(a *tapestry.AskView) []tapestry.Hex {
	xs, ys := tpAskKeys(a, "hex")
	tx, ty := tpAskKeys(a, "trader") // Traders' token (tapestry_civ.go)
	xs, ys = append(xs, tx...), append(ys, ty...)
	var out []tapestry.Hex
	for i, x := range xs {
		if len(x) == 1 {
			out = append(out, tapestry.Hex{A: int8(x[0]), B: int8(ys[i])})
		}
	}
	return out
}

// tpAskTiles are the tiles of the pending decision's "tile:<id>" options.
func tpAskTiles(a *tapestry.AskView) []int {
	var out []int
	for _, k := range a.Opts {
		if id, ok := strings.CutPrefix(k, "tile:"); ok {
			if n, err := strconv.Atoi(id); err == nil && n >= 1 && n <= len(tapestry.Territories) {
				out = append(out, n)
			}
		}
	}
	return out
}

// tpPreview is how the panel shows a decision: the layout and the
// height it needs.
type tpPreview int

// The decision previews.
const (
	tpPrevList     tpPreview = iota // the choices as a list
	tpPrevRotation                  // a tile's six rotations on its hex
	tpPrevHexes                     // the map with the hexes to choose from
	tpPrevTiles                     // the tiles to choose from
	tpPrevPlots                     // the capital with the plots to build on
	tpPrevMats                      // the two capitals to choose from
)

// tpPreviewOf picks the preview of the viewer's pending decision.
func tpPreviewOf(v tapestry.View) tpPreview {
	if pv, ok := tpCivPreviewOf(v); ok {
		return pv
	}
	a := v.Ask
	me := v.Players[v.Viewer]
	switch a.Kind {
	case "explore_rot":
		if a.Hex != nil && a.Tile >= 1 && a.Tile <= len(tapestry.Territories) {
			return tpPrevRotation
		}
	case "explore_hex", "conquer_hex":
		if len(tpAskHexes(a)) > 0 {
			return tpPrevHexes
		}
	case "explore_tile":
		if len(tpAskTiles(a)) > 0 {
			return tpPrevTiles
		}
	case "place_building", "place_landmark":
		if me.Mat > 0 {
			return tpPrevPlots
		}
	case "mat":
		ok := func(m int8) bool { return m >= 1 && int(m) <= len(tapestry.Mats) }
		if ok(me.Pair[0]) && ok(me.Pair[1]) {
			return tpPrevMats
		}
	}
	return tpPrevList
}

// tpListMax is the most choices the list preview shows.
const tpListMax = 12

// tpDecisionH is the height of the decision box.
func tpDecisionH(v tapestry.View, pv tpPreview) float64 {
	if h, ok := tpCivDecisionH(v, pv); ok {
		return h
	}
	switch pv {
	case tpPrevRotation:
		return 290
	case tpPrevHexes:
		return 500
	case tpPrevTiles:
		return 250
	case tpPrevPlots:
		return 390
	case tpPrevMats:
		return 330
	}
	n := min(len(v.Ask.Opts), tpListMax+1)
	if v.Ask.Kind == "turn" {
		return 60 + float64(n)*30
	}
	return 60 + float64((n+1)/2)*30
}

// tpDecision draws the viewer's pending decision: what it is about and a
// preview of its choices.
func tpDecision(c *imaging.Canvas, v tapestry.View, opt imaging.Options, pv tpPreview, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Highlight, 4)
	c.FitText(tpPreviewTitle(v, pv), x+16, y+26, 0, w-32, imaging.Bold, 22, tpSmall, imaging.Ink)
	bx, by, bw, bh := x+16, y+50, w-32, h-62
	switch pv {
	case tpPrevRotation:
		tpRotations(c, v, bx, by, bw, bh)
	case tpPrevHexes:
		tpHexChoice(c, v, bx, by, bw, bh)
	case tpPrevTiles:
		tpTileChoice(c, v, bx, by, bw, bh)
	case tpPrevPlots:
		tpPlotChoice(c, v, bx, by, bw, bh)
	case tpPrevMats:
		tpMatChoice(c, v, bx, by, bw, bh)
	case tpPrevCivChoice, tpPrevCiv, tpPrevCivSwap, tpPrevCivPath:
		tpCivDecision(c, v, opt, pv, bx, by, bw, bh)
	default:
		tpChoiceList(c, v, opt, bx, by, bw)
	}
}

// tpPreviewTitle is the title of the decision box.
func tpPreviewTitle(v tapestry.View, pv tpPreview) string {
	if s, ok := tpCivPreviewTitle(v, pv); ok {
		return s
	}
	a := v.Ask
	switch pv {
	case tpPrevRotation:
		return fmt.Sprintf("Tile %d turned each way: a green side matches its neighbour for 1 VP", a.Tile)
	case tpPrevHexes:
		if a.Kind == "conquer_hex" {
			return "The territories you may conquer, named as on the buttons"
		}
		return fmt.Sprintf("Where tile %d may go: the hexes named as on the buttons", a.Tile)
	case tpPrevTiles:
		return "The tiles you may explore with"
	case tpPrevPlots:
		return "Your capital: where it may go"
	case tpPrevMats:
		return "The two capitals of your pair"
	}
	return "Your choices: " + tpAskText(v, a)
}

// tpChoiceList lists the decision's choices by their button labels. A
// turn's choices get a line each, with what an advance costs and gives;
// others go two to a line.
func tpChoiceList(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64) {
	per := 2
	if v.Ask.Kind == "turn" {
		per = 1
	}
	tpOptionList(c, v, opt, x, y, w, per, func(k string) string { return tpAdvanceText(v, k) })
}

// tpOptionList lists the pending decision's choices by their button
// labels, per to a line, each with detail(key) after it when there is
// room, and "… and N more" past tpListMax.
func tpOptionList(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64, per int, detail func(string) string) {
	opts := v.Ask.Opts
	more := 0
	if len(opts) > tpListMax+1 {
		opts, more = opts[:tpListMax], len(opts)-tpListMax
	}
	colW := (w - 16*float64(per-1)) / float64(per)
	for i, k := range opts {
		cx := x + float64(i%per)*(colW+16)
		cy := y + 14 + float64(i/per)*30
		c.DrawCircle(cx+5, cy, 4)
		c.SetColor(imaging.InkSoft)
		c.Fill()
		label := games.FillPlain(tpLabel(v, k), opt.Names)
		c.FitText(label, cx+16, cy, 0, colW-16, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
		if d := detail(k); d != "" {
			dx := cx + 16 + math.Min(c.Measure(label, imaging.Regular, tpSmall), colW-16) + 12
			if dx < cx+colW-80 {
				c.FitText(d, dx, cy, 0, cx+colW-dx, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
			}
		}
	}
	if more > 0 {
		i := len(opts)
		c.Text(fmt.Sprintf("… and %d more", more), x+float64(i%per)*(colW+16)+16, y+14+float64(i/per)*30, 0, imaging.Regular, tpSmall, imaging.InkSoft)
	}
}

// tpLabel is the button label of option key k, as the engine writes it;
// the key itself should the engine fail on a view it did not make.
func tpLabel(v tapestry.View, k string) (label string) {
	defer func() {
		if recover() != nil {
			label = k
		}
	}()
	label = tapestry.Game{}.Label(v, tapestry.Action{K: k})
	if label == k {
		if l, ok := tapestry.CivLabel(v, k); ok {
			return l
		}
	}
	return label
}

// tpAdvanceText says what an advance option "adv:<track>[:<token>]" of
// the viewer costs and gives: "pay 1 food · explore · bonus: …", or ""
// for other options.
func tpAdvanceText(v tapestry.View, key string) string {
	arg, ok := strings.CutPrefix(key, "adv:")
	if !ok || v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return ""
	}
	name, tok, _ := strings.Cut(arg, ":")
	t := slices.Index(tapestry.TrackNames[:], name)
	k, _ := strconv.Atoi(tok)
	toks := v.Players[v.Viewer].Tokens
	if t < 0 || k < 0 || k >= len(toks[t]) {
		return ""
	}
	pos := int(toks[t][k])
	if pos < 0 || pos >= 12 {
		return ""
	}
	sp := tapestry.Spaces[t][pos]
	parts := []string{"pay " + tpCostText(sp.Cost), tpEffects(sp.Benefit)}
	if sp.Landmark != "" {
		parts = append(parts, "landmark: "+sp.Landmark)
	}
	if sp.Bonus != nil {
		parts = append(parts, "bonus: pay "+tpCostText(sp.Bonus.Cost)+" to "+tpEffects(sp.Bonus.Effects))
	}
	return strings.Join(parts, " · ")
}

// tpCostText writes a cost in words: "1 food, 1 any", "nothing".
func tpCostText(c tapestry.Cost) string {
	var parts []string
	for i, n := range c.Res {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, tapestry.ResNames[i]))
		}
	}
	if c.Any > 0 {
		parts = append(parts, fmt.Sprintf("%d any", c.Any))
	}
	if c.Tiles > 0 {
		parts = append(parts, tpCount(c.Tiles, "territory tile", "territory tiles"))
	}
	if c.Cards > 0 {
		parts = append(parts, tpCount(c.Cards, "tapestry card", "tapestry cards"))
	}
	if c.TechCard > 0 {
		parts = append(parts, tpCount(c.TechCard, "tech card", "tech cards"))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// tpAligned reports which sides of a hex with corners cs match the
// neighbour across them (nb holds "" for none): a side scores when either
// of its two corner pairs shows one terrain (spec §7.1).
func tpAligned(cs string, nb [6]string) [6]bool {
	var out [6]bool
	for k, n := range nb {
		if len(n) == 6 && len(cs) == 6 {
			out[k] = cs[k] == n[(k+4)%6] || cs[(k+1)%6] == n[(k+3)%6]
		}
	}
	return out
}

// tpRotations draws the tile of an explore on its hex in each of its six
// rotations, with the hex's neighbours around it, the sides that align
// marked and the VP each rotation scores; the best are outlined.
func tpRotations(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	hex := *a.Hex
	var nb [6]string
	var around [6]*tapestry.Territory
	for k := range 6 {
		if t := v.Terr(hex.Neighbour(k)); t != nil {
			around[k] = t
			if t.Explored() {
				nb[k] = t.Corners()
			}
		}
	}
	allowed := map[int]bool{}
	for _, k := range a.Opts {
		if r, ok := strings.CutPrefix(k, "rot:"); ok {
			if n, err := strconv.Atoi(r); err == nil {
				allowed[n] = true
			}
		}
	}
	vps := make([]int, 6)
	best := -1
	for r := range 6 {
		vps[r] = v.ExploreVP(hex, a.Tile, r)
		if allowed[r] {
			best = max(best, vps[r])
		}
	}
	pw := w / 6
	s := math.Floor(math.Min((pw-8)/5, (h-40)/5.2))
	for r := range 6 {
		cx, cy := x+pw*(float64(r)+0.5), y+(h-40)/2
		if allowed[r] && vps[r] == best {
			c.Box(x+pw*float64(r)+3, y, pw-6, h, 10, tpActive, imaging.Highlight, 3)
		}
		g := tpGeom{X: cx - 1.5*s*float64(hex.B-hex.A), Y: cy - 0.866*s*float64(hex.A+hex.B), S: s}
		for k := range 6 {
			if t := around[k]; t != nil {
				nx, ny := g.centre(t.Hex)
				tpTerritory(c, t, nx, ny, s, 0)
			}
		}
		tile := tapestry.Territory{Hex: hex, Tile: a.Tile, Rot: int8(r)}
		cs := tile.Corners()
		tpTerrainHex(c, cs, cx, cy, s)
		if land := tpIslandOf(&tile); land != "" {
			tpIsland(c, land, false, cx, cy, s*0.2)
		}
		tpHexPath(c, cx, cy, s)
		c.SetColor(imaging.Highlight)
		c.SetLineWidth(3)
		c.Stroke()
		for k, ok := range tpAligned(cs, nb) {
			if !ok {
				continue
			}
			x0, y0 := tpCorner(cx, cy, s, k)
			x1, y1 := tpCorner(cx, cy, s, (k+1)%6)
			c.SetColor(imaging.Good)
			c.SetLineWidth(6)
			c.SetLineCapRound()
			c.DrawLine(x0+(x1-x0)*0.2, y0+(y1-y0)*0.2, x1-(x1-x0)*0.2, y1-(y1-y0)*0.2)
			c.Stroke()
			c.SetLineCapButt()
		}
		label := fmt.Sprintf("%d°: %s", r*60, tpCount(vps[r], "VP", "VP"))
		ink := imaging.Ink
		if !allowed[r] {
			ink = imaging.InkSoft
		}
		c.FitText(label, cx, y+h-18, 0.5, pw-12, imaging.Bold, 21, tpSmall, ink)
	}
}

// tpHexChoice draws the map around the hexes to choose from, zoomed in,
// with those hexes outlined and labelled as their buttons are, and for an
// explore the tile to place.
func tpHexChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	mapX, mapW := x, w
	if a.Kind == "explore_hex" && a.Tile >= 1 && a.Tile <= len(tapestry.Territories) {
		const tw = 260.0
		tpTileCard(c, a.Tile, x, y, tw, 64)
		mapX, mapW = x+tw+16, w-tw-16
	}
	c.Box(mapX, y, mapW, h, 10, tpSea, imaging.Ink, 1.5)
	cands := tpAskHexes(a)
	g := tpFit(tpNear(v, cands, 2), mapX+6, y+6, mapW-12, h-12, 56)
	// Only the hexes wholly inside the box: clipping the rest would send
	// every fill and glyph through a picture-sized mask.
	for i := range v.Map {
		t := &v.Map[i]
		cx, cy := g.centre(t.Hex)
		if cx-g.S >= mapX+2 && cx+g.S <= mapX+mapW-2 && cy-0.866*g.S >= y+2 && cy+0.866*g.S <= y+h-2 {
			tpTerritory(c, t, cx, cy, g.S, tpSmall)
		}
	}
	for _, hx := range cands {
		cx, cy := g.centre(hx)
		tpHexPath(c, cx, cy, g.S-2)
		c.SetColor(imaging.Highlight)
		c.SetLineWidth(4)
		c.Stroke()
	}
	for _, hx := range cands {
		cx, cy := g.centre(hx)
		c.Pill(fmt.Sprintf("%d,%d", hx.A, hx.B), cx, cy-g.S*0.42, 0.5, imaging.Bold, tpSmall, imaging.Ink, imaging.Highlight)
	}
}

// tpNear lists the map's hexes within dist steps of any of the given
// hexes (all of them when none is given).
func tpNear(v tapestry.View, hexes []tapestry.Hex, dist int) []tapestry.Hex {
	if len(hexes) == 0 {
		return tpHexes(v)
	}
	var out []tapestry.Hex
	for _, t := range v.Map {
		for _, h := range hexes {
			if tpDistance(t.Hex, h) <= dist {
				out = append(out, t.Hex)
				break
			}
		}
	}
	return out
}

// tpDistance is the number of steps between two hexes of the map's axial
// coordinates (neighbours differ by (±1, 0), (0, ±1) or ±(1, 1)).
func tpDistance(p, q tapestry.Hex) int {
	da, db := int(p.A-q.A), int(p.B-q.B)
	if da*db > 0 {
		return max(abs(da), abs(db))
	}
	return abs(da) + abs(db)
}

// abs is the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// tpTileCard draws a territory tile large, turned 0, with its number and
// benefit, in a box w wide whose hex has radius s.
func tpTileCard(c *imaging.Canvas, id int, x, y, w, s float64) float64 {
	t := tapestry.Territory{Tile: id}
	h := 2*s*0.866 + 80
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 1.5)
	cx, cy := x+w/2, y+10+s*0.866
	tpTerrainHex(c, t.Corners(), cx, cy, s)
	if land := tpIslandOf(&t); land != "" {
		tpIsland(c, land, false, cx, cy, s*0.2)
	}
	tt := tapestry.Territories[id-1]
	c.Text(fmt.Sprintf("Tile %d", id), cx, cy+s*0.866+18, 0.5, imaging.Bold, tpSmall, imaging.Ink)
	c.TextBlock(capitalise(tpEffects(tt.Benefit)), x+8, cy+s*0.866+30, w-16, 44, 0.5, imaging.Regular, tpSmall, tpSmall, 2, imaging.InkSoft)
	return h
}

// tpTileChoice draws the tiles an explore may use, with their benefits.
func tpTileChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	ids := tpAskTiles(v.Ask)
	n := len(ids)
	tw := math.Min(180, (w-float64(n-1)*12)/float64(n))
	s := math.Min(50, math.Min((tw-16)/2, (h-80)/1.9))
	for i, id := range ids {
		tpTileCard(c, id, x+float64(i)*(tw+12), y, tw, s)
	}
}

// tpPlotChoice draws the viewer's capital large with the plots a building
// may go on highlighted, or a landmark's first legal placement and every
// plot some placement covers, with the rows and columns numbered as the
// buttons name them.
func tpPlotChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	me := v.Players[v.Viewer]
	const cell = 32.0
	gx, gy := x+30, y+28
	for i := range tapestry.CitySize {
		c.Text(strconv.Itoa(i+1), gx+(float64(i)+0.5)*cell, y+12, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
		c.Text(strconv.Itoa(i+1), x+12, gy+(float64(i)+0.5)*cell, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
	}
	hl := map[int]color.RGBA{}
	open := imaging.WithAlpha(imaging.Highlight, 0xB0)
	tx := gx + 9*cell + 40
	tw := x + w - tx
	var lines []string
	if a.Kind == "place_building" {
		xs, ys := tpAskKeys(a, "at")
		for i, xx := range xs {
			if len(xx) == 1 {
				hl[xx[0]*tapestry.CitySize+ys[i]] = open
			}
		}
		name := "building"
		if a.N >= 0 && a.N < tapestry.NumBuildings {
			name = tapestry.BuildingNames[a.N]
		}
		if a.N >= 0 && a.N < tapestry.NumBuildings {
			tpBuildingChip(c, a.N, tx, y, 30)
		}
		lines = append(lines, "",
			fmt.Sprintf("Your %s may go on any of the %d highlighted plots.", name, len(hl)),
			"The buttons name a plot by its row, then its column.",
			"A district (3×3) filled gains you 1 resource of your choice.")
		tpCity(c, int(me.Mat), me.Cover, gx, gy, cell, hl)
	} else {
		xs, ys := tpAskKeys(a, "lm")
		ex := tpExample(a.N, xs, ys)
		var first [][2]int
		for i, xx := range xs {
			if len(xx) != 2 {
				continue
			}
			for _, d := range tapestry.LandmarkShape(a.N, ys[i]) {
				r, col := xx[0]+int(d[0]), xx[1]+int(d[1])
				if i == ex {
					first = append(first, [2]int{r, col})
				}
				if r >= 0 && r < tapestry.CitySize && col >= 0 && col < tapestry.CitySize {
					if _, ok := hl[r*tapestry.CitySize+col]; !ok {
						hl[r*tapestry.CitySize+col] = imaging.WithAlpha(imaging.Highlight, 0x60)
					}
				}
			}
		}
		for _, p := range first {
			if p[0] >= 0 && p[0] < tapestry.CitySize && p[1] >= 0 && p[1] < tapestry.CitySize {
				hl[p[0]*tapestry.CitySize+p[1]] = imaging.WithAlpha(imaging.Good, 0xD0)
			}
		}
		tpCity(c, int(me.Mat), me.Cover, gx, gy, cell, hl)
		for _, p := range first {
			px, py := gx+float64(p[1])*cell, gy+float64(p[0])*cell
			if p[0] < 0 || p[0] >= tapestry.CitySize || p[1] < 0 || p[1] >= tapestry.CitySize {
				if px >= x && px+cell <= tx-8 && py >= y && py+cell <= y+h {
					c.DashedOutline(px+2, py+2, cell-4, cell-4, 3, imaging.Good, 2, 4)
				}
			}
		}
		name := "landmark"
		if a.N >= 0 && a.N < len(tapestry.Landmarks) {
			lm := tapestry.Landmarks[a.N]
			name = lm.Name
			tpFootprint(c, a.N, tx, y+190, 22)
		}
		if ex >= 0 {
			lines = append(lines, fmt.Sprintf("%s: %d ways to place it; the buttons name the row and column of its top-left corner and its turn.",
				name, len(xs)),
				fmt.Sprintf("Green: one of them, row %d, column %d, turned %d°.", xs[ex][0]+1, xs[ex][1]+1, ys[ex]*90))
		}
		lines = append(lines, "Yellow: every plot some placement covers. Plots off the grid are allowed.")
	}
	ly := y + 12 // the middle of the first line
	for _, ln := range lines {
		if ln == "" {
			ly += 36
			continue
		}
		ly = tpParagraph(c, ln, tx, ly, tw) + 10
	}
}

// tpParagraph draws s word-wrapped to width w at the smallest size, its
// first line's middle at y, and returns the middle of the line after it.
func tpParagraph(c *imaging.Canvas, s string, x, y, w float64) float64 {
	lh := tpSmall * imaging.LineGap
	for _, ln := range imaging.WrapText(func(t string) float64 { return c.Measure(t, imaging.Regular, tpSmall) }, s, w) {
		c.Text(ln, x, y, 0, imaging.Regular, tpSmall, imaging.Ink)
		y += lh
	}
	return y
}

// tpExample picks the landmark placement to show among the options (xs
// the rows and columns, ys the turns): the first wholly inside the grid,
// else the first; -1 for none.
func tpExample(lm int, xs [][]int, ys []int) int {
	ex := -1
	for i, xx := range xs {
		if len(xx) != 2 {
			continue
		}
		if ex < 0 {
			ex = i
		}
		inside := true
		for _, d := range tapestry.LandmarkShape(lm, ys[i]) {
			r, col := xx[0]+int(d[0]), xx[1]+int(d[1])
			inside = inside && r >= 0 && r < tapestry.CitySize && col >= 0 && col < tapestry.CitySize
		}
		if inside {
			return i
		}
	}
	return ex
}

// tpBuildingChip draws income building b as a capital plot of size z with
// its name beside it.
func tpBuildingChip(c *imaging.Canvas, b int, x, y, z float64) {
	c.Box(x, y, z, z, 4, tpBuildingCol[b], imaging.Ink, 1.5)
	ink := imaging.Light
	if b == int(tapestry.Farm) {
		ink = imaging.Ink
	}
	c.MarkText(tapestry.BuildingLetters[b:b+1], x+z/2, y+z/2, 0.5, imaging.Bold, z*0.6, ink)
	c.Text(capitalise(tapestry.BuildingNames[b]), x+z+10, y+z/2, 0, imaging.Bold, 22, imaging.Ink)
}

// tpFootprint draws landmark i's footprint, unturned, from (x, y).
func tpFootprint(c *imaging.Canvas, i int, x, y, cell float64) {
	c.Text("Footprint:", x, y, 0, imaging.Bold, tpSmall, imaging.Ink)
	for _, d := range tapestry.LandmarkShape(i, 0) {
		c.Box(x+float64(d[1])*cell, y+16+float64(d[0])*cell, cell-2, cell-2, 3, tpLandmark, imaging.Ink, 1.5)
	}
}

// tpMatChoice draws the two capitals of the viewer's pair side by side.
func tpMatChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	me := v.Players[v.Viewer]
	const cell = 26.0
	for i, m := range me.Pair {
		gx := x + float64(i)*(9*cell+60)
		c.Text(fmt.Sprintf("%d · %s", m, tapestry.Mats[m-1].Name), gx, y+10, 0, imaging.Bold, 20, imaging.Ink)
		tpCity(c, int(m), strings.Repeat(".", 81), gx, y+30, cell, nil)
	}
}
