package tapestry

import (
	"fmt"
	"image"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- achievements, tech row, landmarks ----

// tpAchievements draws the three achievements with their VP slots, taken
// slots filled in the claimant's colour, free ones dashed.
func tpAchievements(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Achievements", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	rowH := (h - 44) / 3
	for i := range min(3, len(tapestry.Achievements)) {
		cy := y + 40 + rowH*float64(i) + rowH/2
		slots := tpAchVP(v, i)
		r := 17.0
		sx := x + w - 14 - r - float64(len(slots)-1)*(2*r+8)
		c.FitText(tpAchName(i), x+14, cy, 0, sx-r-x-24, imaging.Regular, 20, tpSmall, imaging.Ink)
		for k, vp := range slots {
			px := sx + float64(k)*(2*r+8)
			if k >= len(v.Claims[i]) {
				// A free slot: dashed, its VP faint.
				c.DrawCircle(px, cy, r)
				c.SetColor(imaging.InkSoft)
				c.SetLineWidth(1.5)
				c.SetDash(4, 3)
				c.Stroke()
				c.SetDash()
				c.Text(strconv.Itoa(vp), px, cy, 0.5, imaging.Regular, tpSmall, imaging.InkSoft)
				continue
			}
			s := int(v.Claims[i][k])
			c.DrawCircle(px, cy, r)
			c.SetColor(tpSeat(s))
			c.FillPreserve()
			c.SetColor(imaging.Ink)
			c.SetLineWidth(2.5)
			c.Stroke()
			c.Text(strconv.Itoa(vp), px, cy, 0.5, imaging.Bold, tpSmall, tpSeatInk(s))
		}
	}
}

// tpTechRow draws the face-up tech row and the tech deck's counts.
func tpTechRow(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Tech row", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	c.Text(fmt.Sprintf("deck %d · discard %d", v.TechDeck, v.TechDiscard), x+w-14, y+22, 1, imaging.Regular, tpSmall, imaging.InkSoft)
	n := 3
	gap := 10.0
	cw := (w - 28 - float64(n-1)*gap) / float64(n)
	ch := h - 56
	for i := range n {
		cx := x + 14 + float64(i)*(cw+gap)
		if i >= len(v.TechRow) {
			c.DashedOutline(cx, y+44, cw, ch, 8, imaging.InkSoft, 1.5, 6)
			continue
		}
		c.Box(cx, y+44, cw, ch, 8, imaging.FaceColor, imaging.Ink, 1.5)
		c.Box(cx, y+44, cw, 8, 4, tpTrackCol[tapestry.Technology], tpTrackCol[tapestry.Technology], 0)
		c.TextBlock(tapestry.TechCards[v.TechRow[i]].Name, cx+8, y+52, cw-16, ch-10, 0.5, imaging.Bold, 20, tpSmall, 3, imaging.Ink)
	}
}

// tpLandmarksLeft draws the unclaimed landmarks by name.
func tpLandmarksLeft(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	var track, tech []string
	for i, l := range tapestry.Landmarks {
		if i < len(v.LandOwner) && v.LandOwner[i] >= 0 {
			continue
		}
		if l.Source.Kind == "track" {
			track = append(track, l.Name)
		} else {
			tech = append(tech, l.Name)
		}
	}
	text := "on the tracks: " + tpList(track) + "; from tech cards: " + tpList(tech)
	c.Text("Landmarks left", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	c.TextBlock(capitalise(text), x+14, y+38, w-28, h-44, 0, imaging.Regular, tpSmall, tpSmall, 2, imaging.Ink)
}

// tpList joins names with commas, "none" for none.
func tpList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// ---- the players table ----

// tpPlayerCols are the columns of the table's players table.
func tpPlayerCols(w float64) []imaging.Column {
	cols := []imaging.Column{
		{Title: "Player", Width: 0, Align: 0}, {Title: "VP", Width: 70, Align: 0.5}, {Title: "Era", Width: 96, Align: 0.5},
		{Title: "Coin", Width: 66, Align: 0.5}, {Title: "Worker", Width: 78, Align: 0.5}, {Title: "Food", Width: 62, Align: 0.5}, {Title: "Culture", Width: 82, Align: 0.5},
		{Title: "Hand", Width: 62, Align: 0.5}, {Title: "Tiles", Width: 60, Align: 0.5}, {Title: "Tech", Width: 58, Align: 0.5}, {Title: "Outposts", Width: 94, Align: 0.5},
	}
	rest := w
	for _, col := range cols[1:] {
		rest -= col.Width
	}
	cols[0].Width = rest
	return cols
}

// tpSwatch draws seat's colour as an outpost with its number.
func tpSwatch(c *imaging.Canvas, seat int, cx, cy, r float64) { tpOutpost(c, seat, false, cx, cy, r) }

// tpPlayersTable draws a row per player: VP, era, resources, hand size,
// tiles in supply, tech cards and outposts left.
func tpPlayersTable(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64) {
	t := imaging.RowTable{X: x, Y: y, HeadH: 36, RowH: tpRowH, Cols: tpPlayerCols(w)}
	rows := len(v.Players)
	if v.Solo != nil {
		rows--
	}
	c.Box(x, y, w, t.Height(rows)+4, 12, imaging.Paper, imaging.Ink, 2)
	for ci, col := range t.Cols {
		cx, cy, cw, ch := t.Cell(-1, ci)
		ink := imaging.Ink
		if ci >= 3 && ci <= 6 {
			ink = mix(tpResCol[ci-3], imaging.Ink, 0.35)
		}
		c.Text(col.Title, t.Anchor(ci, cx, cw, 12), cy+ch/2+2, col.Align, imaging.Bold, tpSmall, ink)
	}
	for s, p := range v.Players {
		if tpShadow(v, s) {
			continue // shown in the Automa box
		}
		rx, ry, _, rh := t.Cell(s, 0)
		if v.Ask != nil && v.Ask.Seat == s && !v.Over {
			c.DrawRectangle(x+2, ry, w-4, rh)
			c.SetColor(tpActive)
			c.Fill()
		} else if s%2 == 0 {
			c.DrawRectangle(x+2, ry, w-4, rh)
			c.SetColor(imaging.PaperAlt)
			c.Fill()
		}
		tpSwatch(c, s, rx+24, ry+rh/2, 12)
		_, _, nw, _ := t.Cell(s, 0)
		c.FitText(opt.Name(games.Seat(s)), rx+44, ry+rh/2, 0, nw-52, imaging.Bold, 20, tpSmall, imaging.Ink)
		vals := []string{
			strconv.Itoa(p.VP), tpEraText(p),
			strconv.Itoa(p.Res[0]), strconv.Itoa(p.Res[1]), strconv.Itoa(p.Res[2]), strconv.Itoa(p.Res[3]),
			strconv.Itoa(p.HandSize), strconv.Itoa(len(p.Tiles) + len(p.Space)), strconv.Itoa(p.TechCount()), strconv.Itoa(int(p.Outposts)),
		}
		if tpBot(v, s) { // no resources, hand, tiles or tech
			for k := 2; k < len(vals)-1; k++ {
				vals[k] = "–"
			}
		}
		for k, val := range vals {
			cx, cy, cw, ch := t.Cell(s, k+1)
			f, size := imaging.Regular, tpSmall
			if k == 0 {
				f, size = imaging.Bold, 22
			}
			c.FitText(val, t.Anchor(k+1, cx, cw, 6), cy+ch/2, t.Cols[k+1].Align, cw-8, f, size, tpSmall, imaging.Ink)
		}
	}
}

// ---- table ----

// Table draws the public table: a header with whose turn it is and
// what the table waits for, the map (terrain by corner, tiles, outposts
// standing and toppled, civilizations' tokens), the four tracks with every token and the track
// landmarks, the achievements with their claimants, the tech row, the
// landmarks left and a line per player.
func Table(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	n := float64(len(v.Players))
	if v.Solo != nil {
		n-- // the Shadow Empire is in the Automa box
	}
	const lmH = 96.0
	playersH := 36 + n*tpRowH + 4
	h := tpHeadH + tpM + tpMapH + 16 + tpBandH + 16 + lmH + 16 + playersH + tpM
	if v.Solo != nil {
		h += tpSoloH + 16
	}
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	tpHeader(c, v, opt, "Tapestry", tpNote(v, opt), tpDecks(v))
	m := tpM
	y := tpHeadH + m
	tpMapBox(c, v, m, y, tpMapW, tpMapH)
	tpTracks(c, v, m+tpMapW+16, y, tpW-2*m-tpMapW-16, tpMapH)
	y += tpMapH + 16
	half := (tpW - 2*m - 16) / 2
	tpAchievements(c, v, m, y, half, tpBandH)
	tpTechRow(c, v, m+half+16, y, half, tpBandH)
	y += tpBandH + 16
	tpLandmarksLeft(c, v, m, y, tpW-2*m, lmH)
	y += lmH + 16
	tpPlayersTable(c, v, opt, m, y, tpW-2*m)
	if v.Solo != nil {
		tpSoloBox(c, v, opt, m, y+playersH+16, tpW-2*m, tpSoloH)
	}
	return c.Image(), nil
}
