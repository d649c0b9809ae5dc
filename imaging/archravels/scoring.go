package archravels

import (
	"fmt"
	"image"
	"math"
	"sort"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
	"strconv"
	"strings"
)

// arLine is one scoring line of the sheet: its title, its sign and how to
// read it off a player.
type arLine struct {
	title string
	minus bool
	value func(p archravels.PlayerView) int
	items func(p archravels.PlayerView) string
}

// arLines are the six scoring lines of spec §7.2.
var arLines = []arLine{
	{"Finished projects", false, func(p archravels.PlayerView) int { return p.Score.Projects }, arProjectsText},
	{"Finished requests", false, func(p archravels.PlayerView) int { return p.Score.Requests }, arDoneText},
	{"Patterns learned", false, func(p archravels.PlayerView) int { return p.Score.Tiles }, arLearnedText},
	{"Remaining items", false, func(p archravels.PlayerView) int { return p.Score.Items }, arItemsText},
	{"Unfinished requests", true, func(p archravels.PlayerView) int { return p.Score.Unfinished }, arHeldText},
	{"Leftover yarn", true, func(p archravels.PlayerView) int { return p.Score.Yarn }, arYarnText},
}

func arProjectsText(p archravels.PlayerView) string {
	return arPointsList(p.Projects, func(id string) (string, int) { pr, _ := archravels.ProjectOf(id); return pr.Name, pr.Points })
}

// arPointsList writes cards as "Name points, Name points".
func arPointsList(ids []string, look func(string) (string, int)) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		name, points := look(id)
		out[i] = fmt.Sprintf("%s %d", name, points)
	}
	return strings.Join(out, ", ")
}

func arDoneText(p archravels.PlayerView) string {
	var out []string
	for _, id := range p.Done {
		r, _ := archravels.RequestOf(id)
		s := fmt.Sprintf("%s %d", r.Name, r.Points)
		if id == p.Favourite {
			s += fmt.Sprintf(" ♥+%d", archravels.FavouriteBonus)
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

func arLearnedText(p archravels.PlayerView) string {
	var out []string
	for slot, t := range p.Tiles {
		if t.Learned {
			it := archravels.Items[archravels.Bear+slot]
			out = append(out, fmt.Sprintf("%s %d", it.Name, archravels.Backs[it.ID].FlipPoints))
		}
	}
	return strings.Join(out, ", ")
}

func arItemsText(p archravels.PlayerView) string {
	var out []string
	for it, n := range p.Items {
		if n > 0 {
			out = append(out, fmt.Sprintf("%d %s ×%d", n, archravels.Items[it].Name, archravels.Items[it].Points))
		}
	}
	return strings.Join(out, ", ")
}

func arHeldText(p archravels.PlayerView) string {
	return arPointsList(p.Held, func(id string) (string, int) { r, _ := archravels.RequestOf(id); return r.Name, r.Points })
}

func arYarnText(p archravels.PlayerView) string {
	var out []string
	for col, n := range p.Bowl {
		if n > 0 {
			out = append(out, fmt.Sprintf("%d %s", n, archravels.ColourNames[col]))
		}
	}
	return strings.Join(out, ", ")
}

// arOrder lists the seats best rank first once ranked, seat order among
// equals and before the end.
func arOrder(v archravels.View) []int {
	out := make([]int, len(v.Players))
	for i := range out {
		out[i] = i
	}
	if len(v.Ranks) == len(out) {
		sort.SliceStable(out, func(a, b int) bool { return v.Ranks[out[a]] < v.Ranks[out[b]] })
	}
	return out
}

// arTieBreak says what settled the lead once the game is scored: 0 when
// one player has the best total alone, 1 or 2 for the tie-break that
// decided among those tied, 3 when they stay tied (a shared win). best is
// the best total.
func arTieBreak(v archravels.View) (best, decider int) {
	if v.Phase != archravels.PhOver || v.Reason != "scored" {
		return 0, 0
	}
	var top []archravels.Score
	for _, p := range v.Players {
		switch {
		case p.Out:
		case len(top) == 0 || p.Score.Total > top[0].Total:
			top = []archravels.Score{p.Score}
		case p.Score.Total == top[0].Total:
			top = append(top, p.Score)
		}
	}
	if len(top) < 2 {
		return 0, 0
	}
	best = top[0].Total
	most, fewest := 0, math.MaxInt
	for _, sc := range top {
		most = max(most, sc.Cards)
	}
	var still []archravels.Score
	for _, sc := range top {
		if sc.Cards == most {
			still = append(still, sc)
			fewest = min(fewest, sc.Left)
		}
	}
	if len(still) == 1 {
		return best, 1
	}
	n := 0
	for _, sc := range still {
		if sc.Left == fewest {
			n++
		}
	}
	if n == 1 {
		return best, 2
	}
	return best, 3
}

// arTieNote says what settled a tie for the lead, if there was one.
func arTieNote(v archravels.View) string {
	best, decider := arTieBreak(v)
	switch decider {
	case 1:
		return fmt.Sprintf(" (tied on %d: more cards finished decides)", best)
	case 2:
		return fmt.Sprintf(" (tied on %d and on cards finished: fewer tokens left decides)", best)
	case 3:
		return fmt.Sprintf(" (tied on %d and on both tie-breaks)", best)
	}
	return ""
}

// Scoring draws the score sheet: the six scoring lines per
// player with what makes them up, the totals, the tie-break values and,
// once the game is over, the ranks.
func Scoring(v archravels.View, opt imaging.Options) (image.Image, error) {
	if err := arCheck(v); err != nil {
		return nil, err
	}
	// As wide as the table, with the same smallest text.
	const (
		headRow = 84.0
		lineH   = 104.0
		totalH  = 60.0
		tieH    = 56.0
		rankH   = 52.0
		labelW  = 226.0
	)
	n := len(v.Players)
	over := v.Phase == archravels.PhOver
	rows := headRow + float64(len(arLines))*lineH + totalH + 2*tieH
	if over {
		rows += rankH
	}
	h := arHeadH + 2*arMargin + rows + 40
	c, err := imaging.NewCanvas(int(arW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	title := "ArchRavels: final score"
	note := arPhaseText(v, opt)
	if !over {
		title = "ArchRavels: running score"
		note = "As if the game ended now · " + note
	}
	arHeader(c, v, opt, title, note)
	m := arMargin
	y := arHeadH + m
	colW := (arW - 2*m - labelW) / float64(n)
	cols := []imaging.Column{{Title: "", Width: labelW, Align: 0}}
	for range n {
		cols = append(cols, imaging.Column{Width: colW, Align: 0.5})
	}
	t := imaging.RowTable{X: m, Y: y, HeadH: headRow, RowH: lineH, Cols: cols}
	c.Box(m, y, t.Width(), rows, 12, imaging.Paper, imaging.Ink, 2)
	order := arOrder(v)
	winner := func(seat int) bool { return over && seat < len(v.Ranks) && v.Ranks[seat] == 1 && !v.Players[seat].Out }

	// Heading: the players, best first once ranked.
	for ci, seat := range order {
		cx, cy, cw, ch := t.Cell(-1, ci+1)
		bar := imaging.Frame
		if winner(seat) {
			bar = imaging.Good
		}
		c.Box(cx+6, cy+8, cw-12, ch-12, 8, bar, bar, 0)
		p := v.Players[seat]
		name := arShort(v, opt, games.Seat(seat))
		// The name in full, on two lines when it must.
		c.TextBlock(name, cx+12, cy+12, cw-24, 42, 0.5, imaging.Bold, 22, arSmall, 2, imaging.Light)
		sub := p.Name
		switch {
		case p.Out:
			sub = p.Name + " · conceded"
		case p.Char != "":
			sub = fmt.Sprintf("%s · %s", p.Name, p.TypeName)
		}
		c.FitText(sub, cx+cw/2, cy+66, 0.5, cw-24, imaging.Regular, arSmall, arSmall, imaging.LightSoft)
	}
	c.Text("Scoring line", m+16, y+headRow/2, 0, imaging.Bold, 22, imaging.Ink)

	// The six lines.
	for li, ln := range arLines {
		lx, ly, _, lh := t.Cell(li, 0)
		if li%2 == 1 {
			c.FillRect(m+2, ly, t.Width()-4, lh, imaging.PaperAlt)
		}
		sign := "+"
		if ln.minus {
			sign = "−"
		}
		c.FitText(fmt.Sprintf("%d %s", li+1, ln.title), lx+12, ly+24, 0, labelW-18, imaging.Bold, 20, arSmall, imaging.Ink)
		c.TextBlock(sign+" "+arLineRule(li), lx+12, ly+40, labelW-18, lh-44, 0, imaging.Regular, arSmall, arSmall, 2, imaging.InkSoft)
		for ci, seat := range order {
			p := v.Players[seat]
			cx, cy, cw, ch := t.Cell(li, ci+1)
			val := ln.value(p)
			txt := strconv.Itoa(val)
			col := imaging.Ink
			switch {
			case ln.minus && val > 0:
				txt, col = "−"+txt, imaging.Bad
			case !ln.minus && val > 0:
				txt, col = "+"+txt, imaging.Good
			}
			c.Text(txt, cx+cw/2, cy+22, 0.5, imaging.Bold, 26, col)
			detail := ln.items(p)
			if detail == "" {
				detail = "none"
			}
			c.TextBlock(detail, cx+8, cy+38, cw-16, ch-40, 0.5, imaging.Regular, arSmall, arSmall, 3, imaging.InkSoft)
		}
	}

	// Totals, tie-breaks and ranks.
	ty := y + headRow + float64(len(arLines))*lineH
	c.Rule(m+2, m+t.Width()-2, ty, imaging.Ink, 2)
	c.Text("Total", m+16, ty+totalH/2, 0, imaging.Bold, 26, imaging.Ink)
	for ci, seat := range order {
		cx, _, cw, _ := t.Cell(0, ci+1)
		c.Text(strconv.Itoa(v.Players[seat].Score.Total), cx+cw/2, ty+totalH/2, 0.5, imaging.Bold, 34, imaging.Ink)
	}
	ty += totalH
	tie := []struct {
		title string
		value func(p archravels.PlayerView) int
	}{
		{"Tie-break 1: cards finished (more)", func(p archravels.PlayerView) int { return p.Score.Cards }},
		{"Tie-break 2: tokens left (fewer)", func(p archravels.PlayerView) int { return p.Score.Left }},
	}
	_, decider := arTieBreak(v)
	for i, tb := range tie {
		c.DrawRectangle(m+2, ty, t.Width()-4, tieH)
		c.SetColor(imaging.PaperAlt)
		if decider == i+1 {
			c.SetColor(arActive)
		}
		c.Fill()
		c.TextBlock(tb.title, m+16, ty+2, labelW-24, tieH-4, 0, imaging.Regular, arSmall, arSmall, 2, imaging.Ink)
		for ci, seat := range order {
			cx, _, cw, _ := t.Cell(0, ci+1)
			c.Text(strconv.Itoa(tb.value(v.Players[seat])), cx+cw/2, ty+tieH/2, 0.5, imaging.Bold, 22, imaging.Ink)
		}
		ty += tieH
	}
	if over {
		c.Text("Rank", m+16, ty+rankH/2, 0, imaging.Bold, 24, imaging.Ink)
		for ci, seat := range order {
			cx, _, cw, _ := t.Cell(0, ci+1)
			label := ""
			if seat < len(v.Ranks) {
				label = imaging.Ordinal(v.Ranks[seat])
			}
			fg, bg := imaging.Ink, imaging.Highlight
			switch {
			case v.Players[seat].Out:
				label, fg, bg = "conceded", imaging.Light, imaging.InkSoft
			case winner(seat):
				label += " · winner"
				fg, bg = imaging.Light, imaging.Good
			case seat < len(v.Ranks) && v.Ranks[seat] > 1:
				bg = imaging.PaperAlt
			}
			c.Pill(label, cx+cw/2, ty+rankH/2, 0.5, imaging.Bold, 22, fg, bg)
		}
	}
	for ci, seat := range order {
		if v.Players[seat].Out {
			cx, cy, cw, _ := t.Cell(-1, ci+1)
			c.Box(cx+2, cy+headRow, cw-4, rows-headRow-2, 0, imaging.WithAlpha(imaging.Felt, 0x60), nil, 0)
		}
	}
	foot := "Total = lines 1 + 2 + 3 + 4 − 5 − 6. A finished favourite request (♥) scores 5 more."
	c.FitText(foot, m, y+rows+22, 0, arW-2*m, imaging.Regular, 19, arSmall, imaging.Ink)
	return c.Image(), nil
}

// arLineRule is the short rule under a scoring line's title.
func arLineRule(line int) string {
	return [...]string{
		"points of each finished project",
		"points of each, ♥ +5 for your own",
		"Bear 3, Mittens 3, Scarf 4 flipped",
		"each item token's points, 2 to 5",
		"points of each request still held",
		"1 per token in the bowl",
	}[line]
}
