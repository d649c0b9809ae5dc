package tapestry

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- the board: one picture ----

// Board metrics, in pixels. The board's smallest text, tpBS, reads 7 px
// when Discord shows the picture 350 wide on a phone.
const (
	tpBoardTopH  = 526.0 // the map box and the track box
	tpBoardBandH = 134.0 // achievements and tech row
	tpBoardKeyH  = 30.0  // the key line over the player strips
	tpBoardGap   = 14.0  // between the board's parts
	tpStripBarH  = 36.0  // a player strip's name bar
	tpStripLineH = 29.0  // a line of a player strip under its bar
	tpStripGap   = 8.0   // between player strips
	tpBoardSoloH = 184.0 // the Automa box
)

// tpStripH is the height of a player's strip: the bar and three lines.
const tpStripH = tpStripBarH + 3*tpStripLineH + 8

// tpBoardH is the board's height for a view: header, map and tracks,
// the achievements and tech row band, a strip per human (and the Automa's
// bar and box in a solo game).
func tpBoardH(v tapestry.View) float64 {
	h := tpHeadH + tpBoardGap + tpBoardTopH + tpBoardGap + tpBoardBandH + tpBoardGap + tpBoardKeyH + tpM
	for s := range v.Players {
		switch {
		case tpShadow(v, s):
		case tpBot(v, s):
			h += tpStripBarH + 4 + tpBoardSoloH + tpStripGap
		default:
			h += tpStripH + tpStripGap
		}
	}
	return h - tpStripGap
}

// tpAchievements draws the three achievements with their VP slots, taken
// slots filled in the claimant's colour, free ones dashed.
func tpAchievements(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Achievements", x+14, y+20, 0, imaging.Bold, 22, imaging.Ink)
	rowH := (h - 38) / 3
	for i := range min(3, len(tapestry.Achievements)) {
		cy := y + 36 + rowH*float64(i) + rowH/2
		slots := tpAchVP(v, i)
		r := 15.0
		sx := x + w - 12 - r - float64(len(slots)-1)*(2*r+6)
		c.FitText(tpAchName(i), x+14, cy, 0, sx-r-x-22, imaging.Regular, tpBS, tpBS, imaging.Ink)
		for k, vp := range slots {
			px := sx + float64(k)*(2*r+6)
			c.DrawCircle(px, cy, r)
			if k >= len(v.Claims[i]) { // a free slot: a thin ring, its VP faint
				c.SetColor(imaging.InkSoft)
				c.SetLineWidth(1.5)
				c.Stroke()
				c.MarkText(strconv.Itoa(vp), px, cy, 0.5, imaging.Regular, 17, imaging.InkSoft)
				continue
			}
			s := int(v.Claims[i][k])
			c.SetColor(tpSeat(s))
			c.FillPreserve()
			c.SetColor(imaging.Ink)
			c.SetLineWidth(2.5)
			c.Stroke()
			c.MarkText(strconv.Itoa(vp), px, cy, 0.5, imaging.Bold, 17, tpSeatInk(s))
		}
	}
}

// tpCardLandmark is the landmark a tech card gives, or -1.
func tpCardLandmark(card int) int {
	name := tapestry.TechCards[card].Name
	for i, l := range tapestry.Landmarks {
		if l.Source.Kind != "track" && l.Source.Card == name {
			return i
		}
	}
	return -1
}

// tpTechRow draws the face-up tech row and the tech deck's counts; a card
// whose landmark is still unclaimed shows it as a tower with its letter.
func tpTechRow(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Tech row", x+14, y+20, 0, imaging.Bold, 22, imaging.Ink)
	c.Text(fmt.Sprintf("deck %d · discard %d", v.TechDeck, v.TechDiscard), x+w-14, y+20, 1, imaging.Regular, tpBS, imaging.InkSoft)
	n := 3
	gap := 8.0
	cw := (w - 24 - float64(n-1)*gap) / float64(n)
	ch := h - 50
	for i := range n {
		cx := x + 12 + float64(i)*(cw+gap)
		if i >= len(v.TechRow) {
			c.DashedOutline(cx, y+40, cw, ch, 8, imaging.InkSoft, 1.5, 6)
			continue
		}
		id := v.TechRow[i]
		c.Box(cx, y+40, cw, ch, 8, imaging.FaceColor, imaging.Ink, 1.5)
		c.Box(cx, y+40, cw, 8, 4, tpTrackCol[tapestry.Technology], tpTrackCol[tapestry.Technology], 0)
		tw := cw - 12
		if lm := tpCardLandmark(id); lm >= 0 && tpLandOwner(v, lm) < 0 {
			tpTower(c, lm, -1, cx+cw-16, y+40+ch/2+2, 20)
			tw -= 26
		}
		c.TextBlock(tapestry.TechCards[id].Name, cx+6, y+46, tw, ch-8, 0.5, imaging.Bold, 22, tpBS, 2, imaging.Ink)
	}
}

// tpList joins names with commas, "none" for none.
func tpList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// tpSwatch draws seat's colour as an outpost with its number.
func tpSwatch(c *imaging.Canvas, seat int, cx, cy, r float64) { tpOutpost(c, seat, false, cx, cy, r) }

// tpStripBar draws a player's name bar on the board: the seat's outpost
// and name (never cut: the rest of the bar gives way), the capital or
// civilizations, "to act", the era and the VP.
func tpStripBar(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	col, ink := tpSeat(seat), tpSeatInk(seat)
	c.Box(x, y, w, h, 8, col, imaging.Ink, 1.5)
	cy := y + h/2
	right := x + w - 12
	right -= c.Text(fmt.Sprintf("%d VP", p.VP), right, cy, 1, imaging.Bold, 24, ink) + 16
	right -= c.Text(tpEraText(p), right, cy, 1, imaging.Regular, tpBS, ink) + 14
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		right -= c.Pill("to act", right, cy, 1, imaging.Bold, tpBS, imaging.Ink, imaging.Highlight) + 12
	}
	tpSwatch(c, seat, x+18, cy, 12)
	lx := x + 36
	name := opt.Name(games.Seat(seat))
	nw := c.FitText(name, lx, cy, 0, right-lx, imaging.Bold, 24, tpBS, ink)
	lx += c.Measure(name, imaging.Bold, nw) + 14
	about := "capital not chosen"
	switch {
	case tpBot(v, seat):
		about = tpBotRole(v, seat)
	case len(p.Civs) > 0:
		about = strings.TrimPrefix(tpCivNames(p), " · ")
	case p.Mat > 0:
		about = tapestry.Mats[p.Mat-1].Name + " capital"
	}
	if ach := tpAchieved(v, seat); len(ach) > 0 && !tpShadow(v, seat) {
		about += " · achieved " + strings.Join(ach, ", ")
	}
	if right-lx > 80 {
		c.FitText(about, lx, cy, 0, right-lx, imaging.Regular, tpBS, tpBS, ink)
	}
}

// tpBuilt counts the income buildings of kind b a player has taken off
// the income mat into the capital.
func tpBuilt(p tapestry.PlayerView, b int) int { return int(p.Taken[b]) }

// tpChip draws a small square of colour col with letter s at (x, cy) and
// returns its width.
func tpChip(c *imaging.Canvas, s string, col, ink color.RGBA, x, cy, z float64) float64 {
	c.Box(x, cy-z/2, z, z, 4, col, imaging.Ink, 1)
	c.MarkText(s, x+z/2, cy, 0.5, imaging.Bold, z*0.66, ink)
	return z
}

// tpResChip draws resource i's colour as a small square at (x, cy): flat
// squares keep the strips' PNG small where circles' edges would not.
func tpResChip(c *imaging.Canvas, i int, x, cy float64) {
	c.FillRect(x, cy-10, 20, 20, imaging.Ink)
	c.FillRect(x+1, cy-9, 18, 18, tpResCol[i])
}

// tpStripKey draws the key of the strips' icons once above them: the
// resources by colour and the income buildings by letter (the words are
// not repeated on every strip, which keeps the picture small).
func tpStripKey(c *imaging.Canvas, x, y, w float64) {
	cy := y + tpBoardKeyH/2 - 2
	lx := x + 4
	for i := range tapestry.NumRes {
		tpResChip(c, i, lx, cy)
		lx += 26
		lx += c.Text(tapestry.ResNames[i], lx, cy, 0, imaging.Regular, tpBS, imaging.Light) + 16
	}
	lx += 8
	for b := range tapestry.NumBuildings {
		ink := imaging.Light
		if b == int(tapestry.Farm) {
			ink = imaging.Ink
		}
		lx += tpChip(c, tapestry.BuildingLetters[b:b+1], tpBuildingCol[b], ink, lx, cy, 20) + 4
	}
	c.FitText("income buildings built", lx+6, cy, 0, x+w-lx-6, imaging.Regular, tpBS, tpBS, imaging.Light)
}

// tpStrip draws a player's strip on the board: the name bar; the
// resources, the income buildings built, hand, tiles and outposts left;
// the tapestry cards by era; the tech cards by row and the landmarks built.
func tpStrip(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w float64) {
	p := v.Players[seat]
	fill := imaging.Paper
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		fill = tpActive
	}
	c.Box(x, y, w, tpStripH, 10, fill, imaging.Ink, 2)
	tpStripBar(c, v, opt, seat, x, y, w, tpStripBarH)
	lx, right := x+14, x+w-14
	cy := y + tpStripBarH + 4 + tpStripLineH/2
	// Line 1: resources, buildings, hand, tiles, outposts.
	for i := range p.Res {
		tpResChip(c, i, lx, cy)
		lx += 26
		lx += c.Text(strconv.Itoa(p.Res[i]), lx, cy, 0, imaging.Bold, 22, imaging.Ink) + 18
	}
	lx += 8
	for b := range tapestry.NumBuildings {
		ink := imaging.Light
		if b == int(tapestry.Farm) {
			ink = imaging.Ink
		}
		lx += tpChip(c, tapestry.BuildingLetters[b:b+1], tpBuildingCol[b], ink, lx, cy, 22) + 4
		lx += c.Text(strconv.Itoa(tpBuilt(p, b)), lx, cy, 0, imaging.Bold, 22, imaging.Ink) + 12
	}
	rest := fmt.Sprintf("hand %d · tiles %d · %s", p.HandSize, len(p.Tiles)+len(p.Space), tpCount(int(p.Outposts), "outpost", "outposts"))
	c.FitText(rest, right, cy, 1, right-lx, imaging.Regular, tpBS, tpBS, imaging.Ink)
	// Line 2: the tapestry cards by era.
	cy += tpStripLineH
	lx = x + 14
	for n := 1; n <= 4 && right-lx > 60; n++ {
		txt, ink := tpSlotText(p, n), imaging.Ink
		if n == 1 && txt == "Maker of Fire" && tpSlotText(p, 2) != "" {
			continue // printed on every mat: shown only until era II's card
		}
		if txt == "" {
			txt, ink = "–", imaging.InkSoft
		}
		lx += c.Text(tpRoman(n), lx, cy, 0, imaging.Bold, tpBS, tpTrackCol[0]) + 6
		size := c.FitText(txt, lx, cy, 0, right-lx, imaging.Regular, tpBS, tpBS, ink)
		lx += c.Measure(txt, imaging.Regular, size) + 18
	}
	// Line 3: the tech cards by row, then the landmarks built.
	cy += tpStripLineH
	lx = x + 14
	lms := tpLandmarksOf(v, seat)
	lmW := 0.0
	for _, lm := range lms {
		lmW += 28 + c.Measure(tapestry.Landmarks[lm].Name, imaging.Regular, tpBS) + 12
	}
	techRight := right - math.Min(lmW, w*0.45)
	lx += c.Text("Tech", lx, cy, 0, imaging.Bold, tpBS, tpTrackCol[tapestry.Technology]) + 8
	var rows []string
	for k, row := range []string{"top", "mid", "bottom"} {
		if ids := p.Tech[2-k]; len(ids) > 0 {
			rows = append(rows, row+" "+tpTechNames(ids))
		}
	}
	tech := strings.Join(rows, " · ")
	if tech == "" {
		tech = "none"
	}
	c.FitText(tech, lx, cy, 0, techRight-lx-12, imaging.Regular, tpBS, tpBS, imaging.Ink)
	lx = right - math.Min(lmW, w*0.45)
	for _, lm := range lms {
		if right-lx < 60 {
			break
		}
		tpTower(c, lm, seat, lx+10, cy, 20)
		lx += 26
		size := c.FitText(tapestry.Landmarks[lm].Name, lx, cy, 0, right-lx, imaging.Regular, tpBS, tpBS, imaging.Ink)
		lx += c.Measure(tapestry.Landmarks[lm].Name, imaging.Regular, size) + 14
	}
}

// ---- table ----

// Table draws the board as one picture: a header with whose turn it is
// and what the table waits for; the map (terrain by corner, tiles,
// outposts standing and toppled, civilizations' tokens) beside the four
// tracks with every token and the track landmarks as towers; the
// achievements with their claimants and the tech row (a card's landmark
// as a tower while unclaimed); and a strip per player with everything read
// at a glance (resources, buildings built, hand, tiles, outposts, tapestry
// and tech cards, landmarks), the Automa's box in a solo game. The
// capitals are on the Players picture.
func Table(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	c, err := imaging.NewCanvas(int(tpW), int(tpBoardH(v)), imaging.Felt)
	if err != nil {
		return nil, err
	}
	tpHeaderSized(c, v, opt, "Tapestry", tpNote(v, opt), tpDecks(v), tpBS)
	m := tpM
	y := tpHeadH + tpBoardGap
	const mapW = 500.0
	tpMapBox(c, v, m, y, mapW, tpBoardTopH)
	tpTracks(c, v, m+mapW+12, y, tpW-2*m-mapW-12, tpBoardTopH)
	y += tpBoardTopH + tpBoardGap
	achW := 430.0
	tpAchievements(c, v, m, y, achW, tpBoardBandH)
	tpTechRow(c, v, m+achW+12, y, tpW-2*m-achW-12, tpBoardBandH)
	y += tpBoardBandH + tpBoardGap
	tpStripKey(c, m, y, tpW-2*m)
	y += tpBoardKeyH
	for s := range v.Players {
		switch {
		case tpShadow(v, s):
		case tpBot(v, s):
			tpStripBar(c, v, opt, s, m, y, tpW-2*m, tpStripBarH)
			y += tpStripBarH + 4
			tpSoloBox(c, v, opt, m, y, tpW-2*m, tpBoardSoloH)
			y += tpBoardSoloH + tpStripGap
		default:
			tpStrip(c, v, opt, s, m, y, tpW-2*m)
			y += tpStripH + tpStripGap
		}
	}
	return c.Image(), nil
}
