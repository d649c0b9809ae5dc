package threadcount

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strings"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
)

// Scoring draws the end-of-game reveal: the Empress's pattern
// and colours, and per player each garment, the colour words that matched,
// the pattern groups, the totals, the tie-break values and the ranks.
func Scoring(v threadcount.View, opt imaging.Options) (image.Image, error) {
	if err := rtCheck(v); err != nil {
		return nil, err
	}
	// As wide as the table; the reveal takes two lines.
	const (
		W       = rtTableW
		revealH = 132.0
		blockH  = 214.0
	)
	n := len(v.Players)
	h := rtHeadH + revealH + float64(n)*blockH + 2*rtMargin
	c, err := imaging.NewCanvas(int(W), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	title := "Royal Threadcount: final score"
	if !v.Over {
		title = "Royal Threadcount: scoring at the end"
	}
	rtHeader(c, v, title, rtPhaseText(v, opt)+rtDeciderNote(v), W)
	m := rtMargin
	y := rtHeadH + m

	// The reveal: the Empress's pattern, then the favourite colours.
	c.Box(m, y, W-2*m, revealH-14, 12, imaging.Paper, imaging.Ink, 2)
	x := m + 16
	mid := y + 34.0
	if !v.Over {
		c.FitText("The favourites are revealed when the tenth week ends.", x, mid, 0, W-2*m-32, imaging.Bold, 24, rtSmall, imaging.Ink)
		return c.Image(), nil
	}
	x += c.Text("Empress's pattern:", x, mid, 0, imaging.Bold, 24, imaging.Ink) + 10
	if v.Empress != "" {
		patternChip(c, v.Empress, x, mid-22, 170, 44, 20)
	}
	x = m + 16
	mid += 50
	x += c.Text("Favourites:", x, mid, 0, imaging.Bold, 24, imaging.Ink) + 12
	fw := math.Min(160, (W-m-16-x)/float64(max(len(v.Favourites), 1))-8)
	for i, f := range v.Favourites {
		c.Box(x, mid-19, fw, 38, 8, rtDye[f], imaging.Ink, 2)
		c.FitText(opt.Name(games.Seat(i))+": "+threadcount.BasicName(f), x+fw/2, mid, 0.5, fw-10, imaging.Bold, 19, rtSmall, labelOn(f))
		x += fw + 8
	}
	y += revealH

	for _, seat := range rankOrder(v) {
		scoreBlock(c, v, opt, seat, m, y, W-2*m, blockH-14)
		y += blockH
	}
	return c.Image(), nil
}

// rankOrder lists the seats best rank first, seat order among equals.
func rankOrder(v threadcount.View) []int {
	out := make([]int, len(v.Players))
	for i := range out {
		out[i] = i
	}
	if len(v.Ranks) == len(out) {
		sort.SliceStable(out, func(a, b int) bool { return v.Ranks[out[a]] < v.Ranks[out[b]] })
	}
	return out
}

// rtDeciderNote names what settled a tie, if anything did.
func rtDeciderNote(v threadcount.View) string {
	if !v.Over || v.Scores == nil {
		return ""
	}
	best, tied := -1, 0
	for _, b := range v.Scores {
		if b != nil && b.Total > best {
			best, tied = b.Total, 0
		}
		if b != nil && b.Total == best {
			tied++
		}
	}
	switch {
	case tied <= 1:
		return ""
	case v.Decider < 0:
		return fmt.Sprintf(" (tied on %d and on every tie-break)", best)
	}
	return fmt.Sprintf(" (tied on %d; %s decides)", best, threadcount.Criteria[v.Decider])
}

// scoreBlock draws one player's breakdown: a bar with rank, name and
// total, the four garments with their matched colour words, and a column
// with the category sums, the pattern groups and the tie-break values.
func scoreBlock(c *imaging.Canvas, v threadcount.View, opt imaging.Options, seat int, x, y, w, h float64) {
	s := games.Seat(seat)
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	rank := ""
	if seat < len(v.Ranks) {
		rank = imaging.Ordinal(v.Ranks[seat])
	}
	winner := indexOf(v.Winners, s) >= 0
	bar := imaging.Frame
	if winner {
		bar = imaging.Good
	}
	c.Box(x, y, w, 44, 12, bar, bar, 0)
	c.DrawRectangle(x, y+30, w, 14)
	c.SetColor(bar)
	c.Fill()
	label := rank + "  " + opt.Name(s)
	if winner {
		label += "  ·  winner"
	}
	c.FitText(label, x+16, y+22, 0, w-300, imaging.Bold, 26, rtSmall, imaging.Light)
	var b *threadcount.Breakdown
	if seat < len(v.Scores) {
		b = v.Scores[seat]
	}
	if b == nil {
		c.Text("conceded, not scored", x+w-16, y+22, 1, imaging.Bold, 24, imaging.Light)
		return
	}
	c.Text(fmt.Sprintf("Total %d", b.Total), x+w-16, y+22, 1, imaging.Bold, 28, imaging.Highlight)
	// Four garments.
	gw, th := 150.0, h-90
	lh := (th - 34) / 2
	for g, ps := range b.Pieces {
		gx := x + 12 + float64(g)*(gw+8)
		gy := y + 52
		stroke, lw := imaging.InkSoft, 1.5
		if ps.Complete {
			stroke, lw = imaging.Good, 3
		}
		c.Box(gx, gy, gw, th, 8, imaging.FaceColor, stroke, lw)
		c.Text(threadcount.GarmentName(ps.Garment), gx+8, gy+14, 0, imaging.Bold, 18, imaging.Ink)
		// The completion bonus; the frame says complete too.
		if ps.Complete {
			c.Text("+2", gx+gw-8, gy+14, 1, imaging.Bold, rtSmall, imaging.Good)
		} else {
			c.Text("+0", gx+gw-8, gy+14, 1, imaging.Bold, rtSmall, imaging.Bad)
		}
		if ps.Colour != "" {
			colourChip(c, ps.Colour, gx+6, gy+28, gw-12, lh, rtSmall)
		}
		if ps.Pattern != "" {
			patternChip(c, ps.Pattern, gx+6, gy+30+lh, gw-12, lh, rtSmall)
		}
		// The colour words under the garment: a dye cube each, with +2
		// when it matches a favourite and a dash when not.
		wx := gx + 4
		for _, wd := range ps.Words {
			dyeCube(c, wd.Word, wx, gy+th+8, 20)
			wx += 26
			mark, col := "–", imaging.InkSoft
			if wd.Match {
				mark, col = "+2", imaging.Good
			}
			wx += c.Text(mark, wx, gy+th+18, 0, imaging.Bold, rtSmall, col) + 14
		}
	}
	// Sums, patterns and tie-breaks.
	sx := x + 12 + 4*(gw+8) + 10
	sw := x + w - sx - 14
	c.FitText(fmt.Sprintf("Garments %d · Dyes %d · Patterns %d", b.Garments, b.Dyes, b.PatternPoints),
		sx, y+66, 0, sw, imaging.Bold, 22, rtSmall, imaging.Ink)
	var pats []string
	for _, ps := range b.Patterns {
		fav := ""
		if ps.Favourite {
			fav = " (Empress)"
		}
		pats = append(pats, fmt.Sprintf("%s%s ×%d = %d", patternTitle(ps.Pattern), fav, ps.Count, ps.Points))
	}
	if len(pats) == 0 {
		pats = []string{"no complete piece"}
	}
	c.TextBlock(strings.Join(pats, ", "), sx, y+82, sw, 52, 0, imaging.Regular, 19, rtSmall, 2, imaging.Ink)
	tb := fmt.Sprintf("Tie-breaks: tertiary %d · Empress pieces %d · pattern silk %d · ready early %s",
		b.Tertiary, b.FavPieces, b.PatternSilk, map[bool]string{true: "yes", false: "no"}[b.ReadyEarly])
	c.TextBlock(tb, sx, y+136, sw, h-140, 0, imaging.Regular, rtSmall, rtSmall, 3, imaging.InkSoft)
}
