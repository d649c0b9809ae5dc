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
	// As wide as the table; the reveal is the Empress's pattern, each
	// player's favourite colour is in their block.
	const (
		W       = rtTableW
		revealH = 72.0
		blockH  = 230.0
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

	frame(c, m, y, W-2*m, revealH-14, 12, imaging.Paper, imaging.Ink, 2)
	x := m + 16
	mid := y + (revealH-14)/2
	if !v.Over {
		c.FitText("The favourites are revealed when the tenth week ends.", x, mid, 0, W-2*m-32, imaging.Bold, 24, rtSmall, imaging.Ink)
		return c.Image(), nil
	}
	x += c.Text("Empress's pattern:", x, mid, 0, imaging.Bold, 24, imaging.Ink) + 12
	if v.Empress != "" {
		patternChip(c, v.Empress, x, mid-20, 190, 40, 22)
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

// scoreBlock draws one player's breakdown: a bar with rank, name, the
// category sums and the total; the four garments with their matched
// colour words; and a column with the player's favourite colour, the
// pattern groups and, when the total is tied, the tie-break values.
func scoreBlock(c *imaging.Canvas, v threadcount.View, opt imaging.Options, seat int, x, y, w, h float64) {
	s := games.Seat(seat)
	frame(c, x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	rank := ""
	if seat < len(v.Ranks) {
		rank = imaging.Ordinal(v.Ranks[seat])
	}
	winner := indexOf(v.Winners, s) >= 0
	bar := imaging.Frame
	if winner {
		bar = imaging.Good
	}
	frame(c, x, y, w, 44, 12, bar, bar, 0)
	c.FillRect(x, y+30, w, 14, bar)
	label := rank + "  " + opt.Name(s)
	var b *threadcount.Breakdown
	if seat < len(v.Scores) {
		b = v.Scores[seat]
	}
	if b == nil {
		rw := c.Text("conceded, not scored", x+w-16, y+22, 1, imaging.Bold, 24, imaging.Light)
		c.FitText(label, x+16, y+22, 0, w-rw-56, imaging.Bold, 26, rtSmall, imaging.Light)
		return
	}
	rw := c.Text(fmt.Sprintf("Total %d", b.Total), x+w-16, y+22, 1, imaging.Bold, 28, imaging.Highlight)
	rw += c.Text(fmt.Sprintf("Garments %d · Dyes %d · Patterns %d", b.Garments, b.Dyes, b.PatternPoints),
		x+w-16-rw-24, y+22, 1, imaging.Regular, 22, imaging.Light) + 24
	// The name, then the favourite colour revealed.
	favW := 0.0
	fav := ""
	if seat < len(v.Favourites) {
		fav = v.Favourites[seat]
	}
	if fav != "" {
		favW = c.Measure(threadcount.BasicName(fav), imaging.Bold, 22) + 20
	}
	size := c.FitText(label, x+16, y+22, 0, w-rw-56-favW, imaging.Bold, 26, rtSmall, imaging.Light)
	if fav != "" {
		fx := x + 16 + math.Min(c.Measure(label, imaging.Bold, size), w-rw-56-favW) + 14
		frame(c, fx, y+7, favW, 30, 6, rtDye[fav], imaging.Light, 1.5)
		c.Text(threadcount.BasicName(fav), fx+favW/2, y+22, 0.5, imaging.Bold, 22, labelOn(fav))
	}
	// Four garments.
	gw, th := 172.0, h-90
	lh := (th - 34) / 2
	for g, ps := range b.Pieces {
		gx := x + 12 + float64(g)*(gw+8)
		gy := y + 52
		stroke, lw := imaging.InkSoft, 1.5
		if ps.Complete {
			stroke, lw = imaging.Good, 3
		}
		frame(c, gx, gy, gw, th, 8, imaging.FaceColor, stroke, lw)
		c.Text(threadcount.GarmentName(ps.Garment), gx+8, gy+15, 0, imaging.Bold, 22, imaging.Ink)
		// The completion bonus; the frame says complete too.
		if ps.Complete {
			c.Text("+2", gx+gw-8, gy+15, 1, imaging.Bold, 22, imaging.Good)
		} else {
			c.Text("+0", gx+gw-8, gy+15, 1, imaging.Bold, 22, imaging.Bad)
		}
		if ps.Colour != "" {
			colourChip(c, ps.Colour, gx+6, gy+30, gw-12, lh, rtSmall)
		}
		if ps.Pattern != "" {
			patternChip(c, ps.Pattern, gx+6, gy+32+lh, gw-12, lh, rtSmall)
		}
		// The colour words under the garment: a dye cube each, with +2
		// when it matches a favourite and a dash when not.
		wx := gx + 4
		for _, wd := range ps.Words {
			dyeCube(c, wd.Word, wx, gy+th+8, 22)
			wx += 28
			mark, col := "–", imaging.InkSoft
			if wd.Match {
				mark, col = "+2", imaging.Good
			}
			wx += c.Text(mark, wx, gy+th+19, 0, imaging.Bold, 22, col) + 14
		}
	}
	// The pattern groups and, on a tied total, the tie-breaks.
	sx := x + 12 + 4*(gw+8) + 6
	sw := x + w - sx - 12
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
	if !tiedTotal(v, seat) {
		c.TextBlock(strings.Join(pats, ", "), sx, y+52, sw, h-56, 0, imaging.Regular, rtSmall, rtSmall, 6, imaging.Ink)
		return
	}
	c.TextBlock(strings.Join(pats, ", "), sx, y+52, sw, 76, 0, imaging.Regular, rtSmall, rtSmall, 3, imaging.Ink)
	tb := fmt.Sprintf("Tie-breaks: tertiary %d, Empress pieces %d, pattern silk %d", b.Tertiary, b.FavPieces, b.PatternSilk)
	if b.ReadyEarly {
		tb += ", ready early"
	}
	c.TextBlock(tb, sx, y+130, sw, h-132, 0, imaging.Regular, rtSmall, rtSmall, 3, imaging.InkSoft)
}

// tiedTotal reports whether another scored player has seat's total, so
// the tie-breaks matter.
func tiedTotal(v threadcount.View, seat int) bool {
	if seat >= len(v.Scores) || v.Scores[seat] == nil {
		return false
	}
	for i, b := range v.Scores {
		if i != seat && b != nil && b.Total == v.Scores[seat].Total {
			return true
		}
	}
	return false
}
