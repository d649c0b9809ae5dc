package tapestry

import (
	"fmt"
	"math"
	"strconv"

	"spindle/games/tapestry"
	"spindle/imaging"
)

// ---- tracks ----

// tpToken is a piece on a track space: a seat's token, or its AI
// Singularity marker.
type tpToken struct {
	seat   int
	marker bool
}

// tpTokensAt lists the pieces on space sp of track t, in seat order.
func tpTokensAt(v tapestry.View, t, sp int) []tpToken {
	var out []tpToken
	for s, p := range v.Players {
		for _, at := range p.Tokens[t] {
			if int(at) == sp {
				out = append(out, tpToken{seat: s})
			}
		}
		if t == int(tapestry.Technology) && sp == 12 && p.Marker {
			out = append(out, tpToken{seat: s, marker: true})
		}
	}
	return out
}

// tpPack returns the size of a token and how many go to a row so that n
// tokens fit in w×h with a gap of a fifth of a token, at most size big.
func tpPack(n int, w, h, size float64) (z float64, perRow int) {
	for z = size; z > 6; z-- {
		gap := math.Round(z / 5)
		perRow = max(1, int((w+gap)/(z+gap)))
		rows := (n + perRow - 1) / perRow
		if float64(rows)*(z+gap)-gap <= h {
			return z, perRow
		}
	}
	return z, max(1, int(w/(z+1)))
}

// tpCube draws a player token (a cube) of seat with its number, or the AI
// Singularity marker as a diamond.
func tpCube(c *imaging.Canvas, tk tpToken, cx, cy, z float64) {
	col, edge := tpSeat(tk.seat), tpSeatEdge(tk.seat)
	if tk.marker {
		r := z * 0.62
		c.NewSubPath()
		c.MoveTo(cx, cy-r)
		c.LineTo(cx+r, cy)
		c.LineTo(cx, cy+r)
		c.LineTo(cx-r, cy)
		c.ClosePath()
	} else {
		c.DrawRoundedRectangle(cx-z/2, cy-z/2, z, z, z*0.18)
	}
	c.SetColor(col)
	c.FillPreserve()
	c.SetColor(edge)
	c.SetLineWidth(math.Max(1, z*0.09))
	c.Stroke()
	c.MarkText(strconv.Itoa(tk.seat+1), cx, cy, 0.5, imaging.Bold, z*0.7, tpSeatInk(tk.seat))
}

// tpTower draws landmark lm as a small tower: white with the landmark's
// letter (its code on the capitals, 'A' + index) while unclaimed, in its
// owner's colour with the owner's number once claimed.
func tpTower(c *imaging.Canvas, lm, owner int, cx, cy, w float64) {
	h := w * 1.3
	c.NewSubPath()
	c.MoveTo(cx-w/2, cy+h/2)
	c.LineTo(cx-w/2, cy-h/6)
	c.LineTo(cx, cy-h/2)
	c.LineTo(cx+w/2, cy-h/6)
	c.LineTo(cx+w/2, cy+h/2)
	c.ClosePath()
	fill, ink, label := imaging.FaceColor, imaging.Ink, string(rune('A'+lm))
	if owner >= 0 {
		fill, ink, label = tpSeat(owner), tpSeatInk(owner), strconv.Itoa(owner+1)
	}
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(tpSeatEdge(max(owner, 0)))
	c.SetLineWidth(math.Max(1.5, w*0.08))
	c.Stroke()
	c.MarkText(label, cx, cy+h/8, 0.5, imaging.Bold, w*0.62, ink)
}

// tpLandOwner is the seat owning landmark lm, or -1.
func tpLandOwner(v tapestry.View, lm int) int {
	if lm >= 0 && lm < len(v.LandOwner) {
		return int(v.LandOwner[lm])
	}
	return -1
}

// tpTrackGeom is where the track box's parts go: the padding, the
// numbers' column, a track's width, a space's height and the top space's
// top.
type tpTrackGeom struct{ pad, numW, cw, rh, top float64 }

// tpTrackGeomOf lays out a track box of w×h at y.
func tpTrackGeomOf(c *imaging.Canvas, y, w, h float64) tpTrackGeom {
	const headH = 40.0
	g := tpTrackGeom{pad: 6, numW: c.Measure("12", imaging.Bold, tpBS) + 12}
	g.cw = (w - 2*g.pad - g.numW) / tapestry.NumTracks
	g.rh = math.Floor((h - headH - 2*g.pad) / 13)
	g.top = y + headH + g.pad
	return g
}

// tpTracks draws the four tracks side by side as columns of spaces 0-12,
// 12 at the top, shaded by tier, the space numbers once in a column on
// the left, with every token and the landmarks on spaces 4, 7 and 10. The
// grid is a prepared layer (tpLayers) on a board at whole pixels.
func tpTracks(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	const m = 2 // the box's outline spills this far
	ix, iy, iw, ih := int(x), int(y), int(w), int(h)
	if float64(ix) != x || float64(iy) != y || float64(iw) != w || float64(ih) != h ||
		tpLayers.paste(c, fmt.Sprintf("tracks %d×%d", iw, ih), ix-m, iy-m, iw+2*m, ih+2*m, func(l *imaging.Canvas) {
			tpTrackGrid(l, m, m, w, h)
		}) != nil {
		tpTrackGrid(c, x, y, w, h)
	}
	tpTrackPieces(c, v, x, y, w, h)
}

// tpTrackGrid draws what never changes on the track box: the box, the
// tracks' names, the spaces shaded by tier, their numbers and the rules.
func tpTrackGrid(c *imaging.Canvas, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	const headH = 40.0
	g := tpTrackGeomOf(c, y, w, h)
	for i := range 13 {
		c.Text(strconv.Itoa(12-i), x+g.pad+g.numW-6, g.top+float64(i)*g.rh+g.rh/2, 1, imaging.Bold, tpBS, imaging.InkSoft)
	}
	for t := range tapestry.NumTracks {
		cx := x + g.pad + g.numW + float64(t)*g.cw
		c.Box(cx+2, y+g.pad, g.cw-4, headH-g.pad-2, 6, tpTrackCol[t], tpTrackCol[t], 0)
		name := tpTrackName(t)
		if c.Measure(name, imaging.Bold, tpBS) > g.cw-8 {
			name = name[:4] + "."
		}
		c.FitText(name, cx+g.cw/2, y+g.pad+(headH-g.pad-2)/2, 0.5, g.cw-8, imaging.Bold, 22, tpBS, imaging.Light)
		for i := range 13 {
			sp := 12 - i
			ry := g.top + float64(i)*g.rh
			tier := (sp + 2) / 3
			fill := imaging.Paper
			switch {
			case sp == 0:
				fill = mix(imaging.Paper, imaging.Felt, 0.25)
			case tier%2 == 1:
				fill = mix(imaging.Paper, tpTrackCol[t], 0.12)
			}
			c.FillRect(cx+2, ry, g.cw-4, g.rh, fill)
			c.Rule(cx+2, cx+g.cw-2, ry+g.rh, imaging.FeltLine, 1)
		}
		c.SetColor(imaging.Ink)
		c.SetLineWidth(1.5)
		c.DrawLine(cx, g.top, cx, g.top+13*g.rh)
		c.Stroke()
		for _, b := range []int{3, 6, 9} {
			c.Rule(cx+2, cx+g.cw-2, g.top+float64(12-b)*g.rh, imaging.Ink, 2)
		}
	}
}

// tpTrackPieces draws what moves on the track box: the landmarks (white
// until claimed) and every token.
func tpTrackPieces(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	g := tpTrackGeomOf(c, y, w, h)
	for t := range tapestry.NumTracks {
		cx := x + g.pad + g.numW + float64(t)*g.cw
		for i := range 13 {
			sp := 12 - i
			ry := g.top + float64(i)*g.rh
			right := cx + g.cw - 5
			if lm := tpTrackLandmark(t, sp); lm >= 0 {
				tpTower(c, lm, tpLandOwner(v, lm), right-11, ry+g.rh/2, 22)
				right -= 26
			}
			tks := tpTokensAt(v, t, sp)
			if len(tks) == 0 {
				continue
			}
			ax := cx + 6
			z, per := tpPack(len(tks), right-ax, g.rh-4, 28)
			gap := math.Round(z / 5)
			rows := (len(tks) + per - 1) / per
			y0 := ry + g.rh/2 - (float64(rows)*(z+gap)-gap)/2 + z/2
			for k, tk := range tks {
				tpCube(c, tk, ax+z/2+float64(k%per)*(z+gap), y0+float64(k/per)*(z+gap), z)
			}
		}
	}
}
