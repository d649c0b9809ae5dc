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

// ---- scoring ----

// tpScoreLine is one line of the score table: its title, a note under it
// and each player's value, with a detail under it.
type tpScoreLine struct {
	title, note string
	value       func(v tapestry.View, seat int) (val, detail string)
}

// tpScoreLines are the score table's lines under the VP.
var tpScoreLines = []tpScoreLine{
	{"Resources left", "the tie-break: more is better", func(v tapestry.View, s int) (string, string) {
		r := v.Players[s].Res
		var parts []string
		for i, n := range r {
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, tapestry.ResNames[i]))
			}
		}
		return strconv.Itoa(r.Total()), strings.Join(parts, ", ")
	}},
	{"Achievements", "with the VP each gave", func(v tapestry.View, s int) (string, string) {
		a := tpAchieved(v, s)
		return strconv.Itoa(len(a)), strings.Join(a, ", ")
	}},
	{"Landmarks", "in the capital or beside it", func(v tapestry.View, s int) (string, string) {
		lm := tpLandmarksOf(v, s)
		names := make([]string, len(lm))
		for i, l := range lm {
			names[i] = tapestry.Landmarks[l].Name
		}
		return strconv.Itoa(len(lm)), strings.Join(names, ", ")
	}},
	{"Territories", "controlled on the map", func(v tapestry.View, s int) (string, string) {
		return strconv.Itoa(tpControlled(v, s)), ""
	}},
	{"Capital", "complete rows + columns", func(v tapestry.View, s int) (string, string) {
		p := v.Players[s]
		rows, cols, d := tpLines(int(p.Mat), p.Cover)
		return fmt.Sprintf("%d + %d", rows, cols), tpCount(d, "district", "districts")
	}},
	{"Income buildings", "taken off the mat", func(v tapestry.View, s int) (string, string) {
		t := v.Players[s].Taken
		var parts []string
		for b, k := range t {
			if k > 0 {
				parts = append(parts, tpCount(int(k), tapestry.BuildingNames[b], tpPlural(tapestry.BuildingNames[b])))
			}
		}
		return strconv.Itoa(int(t[0] + t[1] + t[2] + t[3])), strings.Join(parts, ", ")
	}},
	{"Tech cards", "bottom / middle / top row", func(v tapestry.View, s int) (string, string) {
		p := v.Players[s]
		return strconv.Itoa(p.TechCount()), fmt.Sprintf("%d / %d / %d", len(p.Tech[0]), len(p.Tech[1]), len(p.Tech[2]))
	}},
	{"Track positions", "exploration, science, technology, military", func(v tapestry.View, s int) (string, string) {
		p := v.Players[s]
		pos := make([]string, tapestry.NumTracks)
		sum := 0
		for t := range pos {
			n := p.Position(tapestry.Track(t))
			pos[t] = strconv.Itoa(n)
			sum += n
		}
		return strconv.Itoa(sum), strings.Join(pos, " · ")
	}},
}

// Scoring draws the score table: per player VP, resources left,
// rank, achievements, landmarks, territories controlled and the capital's
// complete lines, final once the game is over.
func Scoring(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	const (
		labelW  = 250.0
		headRow = 104.0
		vpH     = 64.0
		lineH   = 108.0
	)
	n := len(tpRanking(v))
	rows := headRow + vpH + float64(len(tpScoreLines))*lineH
	h := tpHeadH2 + 2*tpM + rows + 40
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	title := "Tapestry: running score"
	note := tpNote(v, opt)
	if v.Over {
		title = "Game over: final score"
	}
	tpHeaderSized(c, v, opt, title, note, "", tpBS)
	m := tpM
	y := tpHeadH2 + m
	colW := (tpW - 2*m - labelW) / float64(n)
	cols := []imaging.Column{{Width: labelW}}
	for range n {
		cols = append(cols, imaging.Column{Width: colW, Align: 0.5})
	}
	t := imaging.RowTable{X: m, Y: y, HeadH: headRow, RowH: lineH, Cols: cols}
	c.Box(m, y, t.Width(), rows, 12, imaging.Paper, imaging.Ink, 2)
	order := tpRanking(v)
	for ci, seat := range order {
		cx, cy, cw, ch := t.Cell(-1, ci+1)
		rank := tpRank(v, seat)
		bar, ink := imaging.Frame, imaging.Light
		if v.Over && rank == 1 {
			bar = imaging.Good
		}
		c.Box(cx+6, cy+8, cw-12, ch-12, 8, bar, bar, 0)
		tpSwatch(c, seat, cx+24, cy+32, 11)
		// The name wraps to two lines rather than being cut.
		c.TextBlock(opt.Name(games.Seat(seat)), cx+40, cy+14, cw-52, 2*22*imaging.LineGap, 0, imaging.Bold, 22, tpBS, 2, ink)
		sub := imaging.Ordinal(rank)
		switch {
		case v.Over && rank == 1:
			sub += " · winner"
		case !v.Over:
			sub += " so far · " + tpEraText(v.Players[seat])
		}
		c.FitText(sub, cx+cw/2, cy+ch-22, 0.5, cw-20, imaging.Regular, tpBS, tpBS, imaging.LightSoft)
	}
	c.Text("Player", m+16, y+headRow/2, 0, imaging.Bold, 22, imaging.Ink)
	vy := y + headRow
	c.FillRect(m+2, vy, t.Width()-4, vpH, tpActive)
	c.Text("Victory points", m+16, vy+vpH/2, 0, imaging.Bold, 24, imaging.Ink)
	for ci, seat := range order {
		cx, _, cw, _ := t.Cell(0, ci+1)
		c.Text(strconv.Itoa(v.Players[seat].VP), cx+cw/2, vy+vpH/2, 0.5, imaging.Bold, 34, imaging.Ink)
	}
	t.Y += vpH
	for li, ln := range tpScoreLines {
		lx, ly, _, lh := t.Cell(li, 0)
		if li%2 == 1 {
			c.FillRect(m+2, ly, t.Width()-4, lh, imaging.PaperAlt)
		}
		c.FitText(ln.title, lx+16, ly+22, 0, labelW-24, imaging.Bold, 21, tpBS, imaging.Ink)
		c.TextBlock(ln.note, lx+16, ly+36, labelW-24, lh-38, 0, imaging.Regular, tpBS, tpBS, 2, imaging.InkSoft)
		for ci, seat := range order {
			cx, cy, cw, _ := t.Cell(li, ci+1)
			val, detail := ln.value(v, seat)
			c.Text(val, cx+cw/2, cy+22, 0.5, imaging.Bold, 24, imaging.Ink)
			if detail != "" {
				c.TextBlock(detail, cx+8, cy+36, cw-16, lh-38, 0.5, imaging.Regular, tpBS, tpBS, 3, imaging.InkSoft)
			}
		}
	}
	c.Rule(m+2, m+t.Width()-2, vy+vpH, imaging.Ink, 2)
	foot := "Most VP wins; a tie goes to the most resources left."
	if !v.Over {
		foot = "The game is not over: VP so far. " + foot
	}
	c.FitText(foot, m, y+rows+22, 0, tpW-2*m, imaging.Regular, tpBS, tpBS, imaging.Ink)
	return c.Image(), nil
}
