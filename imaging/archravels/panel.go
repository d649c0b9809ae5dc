package archravels

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
	"strconv"
	"strings"
)

// arPanelSeat is whose board the panel shows: the viewer, or for a
// spectator the active player.
func arPanelSeat(v archravels.View) games.Seat {
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		return v.Viewer
	}
	if v.Active >= 0 && int(v.Active) < len(v.Players) {
		return v.Active
	}
	return 0
}

// arYourTurn is the panel's prompt when its seat decides now.
func arYourTurn(v archravels.View) string {
	switch v.Phase {
	case archravels.PhChoose:
		return "Your turn: choose your character"
	case archravels.PhSpace:
		if m := arMarker(v, v.Active); m > 0 {
			return fmt.Sprintf("Your turn: choose an action space other than %d", m)
		}
		return "Your turn: choose any action space"
	case archravels.PhActions:
		if v.Turn.Pay != nil {
			return "Your turn: choose the next token to pay"
		}
		if v.Turn.ShopLeft > 0 {
			return fmt.Sprintf("Your turn: shop %d more Bazaar %s", v.Turn.ShopLeft, arPlural(v.Turn.ShopLeft, "position", "positions"))
		}
		return fmt.Sprintf("Your turn: use space %d (%s), then end your actions", v.Turn.Space, arSpaceText(v, v.Active, v.Turn.Space))
	case archravels.PhResolve:
		switch v.Turn.Card {
		case "tangled_cat":
			return "Tangled Cat: name a player who may not craft next turn"
		case "yarn_sale":
			return fmt.Sprintf("Yarn Sale: take a token of any colour (%d to go)", v.Turn.SaleLeft)
		case "donate":
			return "Donate: give 1 token from your bowl to another player"
		case "friendly_clerk":
			return "Friendly Clerk: take 1 token of a colour"
		case "craft_circle":
			return "Craft Circle: craft 1 item now, or pass"
		}
		return "A special request: keep it or give it to another player"
	case archravels.PhStock:
		return "Your turn: finish projects, learn patterns, frog items, then end the turn"
	case archravels.PhFinal:
		return "Final craft: craft one item or request, or pass"
	}
	return "Your decision"
}

// Panel draws one seat's board large (the active player's for a
// spectator) with what can be crafted now, under the Bazaar and the
// Project List, and a line per other player.
func Panel(v archravels.View, opt imaging.Options) (image.Image, error) {
	if err := arCheck(v); err != nil {
		return nil, err
	}
	// As wide as the table and with its top band; the other players'
	// bowls and items are on the table, so they get one line.
	const boardH = 578.0
	seat := arPanelSeat(v)
	n := len(v.Players)
	othersH := 40 + float64(n-1)*44
	h := arHeadH + arTopCH + boardH + othersH + arMargin + 10
	c, err := imaging.NewCanvas(int(arW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	note := arPhaseText(v, opt)
	if v.Phase != archravels.PhOver && v.Viewer == seat && slices.Contains(v.ToAct, seat) {
		note = arYourTurn(v)
	}
	title := "ArchRavels: " + arShort(v, opt, seat) + "'s panel"
	if v.Viewer < 0 {
		title = "ArchRavels: " + arShort(v, opt, seat) + "'s board"
	}
	arHeader(c, v, opt, title, note)
	arTopCompact(c, v, opt)
	m := arMargin
	y := arHeadH + arTopCH
	bigBoard(c, v, opt, int(seat), m, y, arW-2*m, boardH-14)
	y += boardH
	othersTable(c, v, opt, seat, m, y, arW-2*m)
	return c.Image(), nil
}

// bigBoard draws one player's board large: a name bar, the action spaces
// in a row, the patterns with what the bowl can pay for now, the bowl and
// items, and the requests and projects as cards.
func bigBoard(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	s := games.Seat(seat)
	deciding := slices.Contains(v.ToAct, s) && v.Phase != archravels.PhOver
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	if deciding {
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Highlight, 5)
	}
	// Name bar, two lines: name, board and score; then the favourite
	// request and the flags.
	const barH = 78.0
	c.Box(x, y, w, barH, 12, imaging.Frame, imaging.Frame, 0)
	c.FillRect(x, y+barH-14, w, 14, imaging.Frame)
	score := fmt.Sprintf("Running score %d", p.Score.Total)
	if v.Phase == archravels.PhOver {
		score = fmt.Sprintf("Score %d", p.Score.Total)
	}
	rx := x + w - 16
	rx -= c.Pill(score, rx, y+24, 1, imaging.Bold, 22, imaging.Ink, imaging.Highlight) + 12
	nx := x + 16
	nx += math.Min(c.Measure(arName(v, opt, s), imaging.Bold, 28), rx-nx) + 18
	c.FitText(arName(v, opt, s), x+16, y+24, 0, rx-x-16, imaging.Bold, 28, arSmall, imaging.Light)
	if p.Char != "" && nx < rx {
		c.FitText(fmt.Sprintf("%s · side %s", p.TypeName, p.Side), nx, y+24, 0, rx-nx, imaging.Regular, 21, arSmall, imaging.LightSoft)
	}
	ly := y + 56
	lx := x + 16
	if p.Char != "" {
		heart(c, lx+9, ly, 10)
		lx += 26
		fav, _ := archravels.RequestOf(p.Favourite)
		lx += c.Text(fav.Name, lx, ly, 0, imaging.Bold, 21, imaging.Light) + 10
		lx += c.Text(fmt.Sprintf("%d +%d points", fav.Points, archravels.FavouriteBonus), lx, ly, 0, imaging.Regular, 19, imaging.LightSoft) + 10
		c.Box(lx, ly-15, costWidth(c, fav, arOthers(v, s), 10, arSmall)+16, 30, 15, imaging.FaceColor, imaging.FaceColor, 0)
		requestCost(c, fav, arOthers(v, s), lx+8, ly, 300, 10, arSmall, 0)
	}
	rx = x + w - 16
	if p.Tangled && v.Phase != archravels.PhOver {
		when := "next turn"
		if v.Active == s && !arSetup(v.Phase) && v.Phase != archravels.PhFinal {
			when = "this turn"
		}
		rx -= c.Pill("Tangled: no crafting "+when, rx, ly, 1, imaging.Bold, arSmall, imaging.Light, imaging.Bad) + 8
	}
	if p.Out {
		c.Pill("conceded", rx, ly, 1, imaging.Bold, arSmall, imaging.Light, imaging.InkSoft)
	}

	// Action spaces in a row.
	iy := y + barH + 22
	c.Text("Action spaces", x+16, iy, 0, imaging.Bold, 21, imaging.Ink)
	markerPawn(c, x+w-300, iy, 8)
	c.Text("marker: last space used", x+w-286, iy, 0, imaging.Regular, arSmall, imaging.InkSoft)
	c.Box(x+w-70, iy-10, 20, 20, 4, imaging.Highlight, imaging.Ink, 1)
	c.Text("now", x+w-44, iy, 0, imaging.Regular, arSmall, imaging.InkSoft)
	now := 0
	if v.Active == s && v.Turn.Space > 0 && v.Phase != archravels.PhOver {
		now = v.Turn.Space
	}
	sw := (w - 32 - 3*12) / 4
	for k := 1; k <= 4; k++ {
		spaceBox(c, p.Spaces[k-1], k, x+16+float64(k-1)*(sw+12), iy+16, sw, 60, 20, p.Marker == k, now == k)
	}

	// Patterns, with the bowl and items in a column beside them.
	py := iy + 104
	c.Text("Patterns", x+16, py, 0, imaging.Bold, 21, imaging.Ink)
	c.Text("green frame: your bowl pays for it now", x+120, py, 0, imaging.Regular, arSmall, imaging.InkSoft)
	const pw, ph = 116.0, 180.0
	for i := range archravels.NumItems {
		patternBox(c, p, i, x+16+float64(i)*(pw+10), py+16, pw, ph, true)
	}
	bx := x + 16 + 5*(pw+10) + 8
	n := 0
	for _, k := range p.Items {
		n += k
	}
	c.Text(fmt.Sprintf("Yarn bowl · %d", p.Bowl.Total()), bx, py, 0, imaging.Bold, 21, imaging.Ink)
	countGrid(c, p.Bowl[:], bx, py+34, yarnToken)
	c.Text(fmt.Sprintf("Items · %d", n), bx, py+110, 0, imaging.Bold, 21, imaging.Ink)
	countGrid(c, p.Items[:], bx, py+144, itemIcon)

	// Requests and projects.
	ry := py + 16 + ph + 28
	c.Text("Special requests and projects", x+16, ry, 0, imaging.Bold, 21, imaging.Ink)
	c.FitText("green frame: your bowl pays for it now", x+350, ry, 0, w-366, imaging.Regular, arSmall, arSmall, imaging.InkSoft)
	requestCards(c, v, p, x+16, ry+16, w-32, y+h-14-(ry+16))
}

// costWidth is the width requestCost draws r's cost at token radius tr
// and text size.
func costWidth(c *imaging.Canvas, r archravels.Request, others int, tr, size float64) float64 {
	exact, words := arCost(r, others)
	if words != "" {
		return c.Measure(words, imaging.Bold, size)
	}
	return tokensWidth(exact.Total(), tr, tr*2.25)
}

// requestCards draws a player's held requests (with their cost and
// whether the bowl pays for them), finished requests and finished
// projects as small cards in a row of width w and height h.
func requestCards(c *imaging.Canvas, v archravels.View, p archravels.PlayerView, x, y, w, h float64) {
	others := arOthers(v, p.Seat)
	type entry struct {
		title, sub, pts string
		req             *archravels.Request
		fill            color.RGBA
		heart, can      bool
	}
	var es []entry
	for _, id := range p.Held {
		r, _ := archravels.RequestOf(id)
		es = append(es, entry{title: r.Name, sub: "held, unfinished", pts: fmt.Sprintf("−%d if unfinished", r.Points),
			req: &r, fill: arHeldTint, heart: id == p.Favourite, can: arCanFinish(p, id, others)})
	}
	for _, id := range p.Done {
		r, _ := archravels.RequestOf(id)
		pts := fmt.Sprintf("+%d", r.Points)
		if id == p.Favourite {
			pts += fmt.Sprintf(" +%d favourite", archravels.FavouriteBonus)
		}
		es = append(es, entry{title: r.Name, sub: "finished request", pts: pts, fill: arDoneTint, heart: id == p.Favourite})
	}
	for _, id := range p.Projects {
		pr, _ := archravels.ProjectOf(id)
		es = append(es, entry{title: pr.Name, sub: "finished project", pts: fmt.Sprintf("+%d", pr.Points), fill: arProjTint})
	}
	if len(es) == 0 {
		c.Text("none yet", x, y+20, 0, imaging.Regular, 20, imaging.InkSoft)
		return
	}
	const gap = 10.0
	cw := math.Min(220, (w-gap*float64(len(es)-1))/float64(len(es)))
	for i, e := range es {
		cx := x + float64(i)*(cw+gap)
		c.Box(cx, y, cw, h, 8, e.fill, imaging.Ink, 1.5)
		if e.can {
			c.Outline(cx-3, y-3, cw+6, h+6, 10, imaging.Good, 4)
		}
		tx := cx + 8
		if e.heart {
			heart(c, cx+16, y+18, 8)
			tx += 20
		}
		c.FitText(e.title, tx, y+18, 0, cx+cw-8-tx, imaging.Bold, 19, arSmall, imaging.Ink)
		c.FitText(e.sub, cx+8, y+42, 0, cw-16, imaging.Regular, arSmall, arSmall, imaging.InkSoft)
		if e.req != nil {
			requestCost(c, *e.req, others, cx+8, y+68, cw-16, math.Min(10, cw/20), arSmall, 0)
		}
		col := imaging.Good
		if e.req != nil {
			col = imaging.Bad
		}
		c.FitText(e.pts, cx+8, y+h-14, 0, cw-16, imaging.Bold, arSmall, arSmall, col)
	}
}

// arItemCount is how many item tokens p holds.
func arItemCount(p archravels.PlayerView) int {
	n := 0
	for _, k := range p.Items {
		n += k
	}
	return n
}

// othersTable draws a line per other player: name, running score, how
// many tokens in the bowl and items (the table shows which), requests
// held and finished, projects and the Tangled flag.
func othersTable(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat games.Seat, x, y, w float64) {
	if len(v.Players) < 2 {
		return
	}
	c.Text("Other players", x, y+8, 0, imaging.Bold, 22, imaging.Ink)
	row := y + 28
	for i, p := range v.Players {
		s := games.Seat(i)
		if s == seat {
			continue
		}
		fill := imaging.PaperAlt
		if slices.Contains(v.ToAct, s) {
			fill = arActive
		}
		c.Box(x, row, w, 38, 8, fill, imaging.Ink, 1.5)
		cy := row + 19
		// The name in full first; the counts take what is left.
		name := arName(v, opt, s)
		size := c.FitText(name, x+12, cy, 0, 340, imaging.Bold, 19, arSmall, imaging.Ink)
		bx := x + 12 + math.Min(340, c.Measure(name, imaging.Bold, size)) + 18
		bx += c.Text(fmt.Sprintf("score %d", p.Score.Total), bx, cy, 0, imaging.Bold, 20, imaging.Ink) + 18
		bits := []string{fmt.Sprintf("bowl %d", p.Bowl.Total()), fmt.Sprintf("items %d", arItemCount(p))}
		bits = append(bits, fmt.Sprintf("held %d", len(p.Held)), fmt.Sprintf("done %d", len(p.Done)),
			fmt.Sprintf("projects %d", len(p.Projects)))
		if p.Tangled {
			bits = append(bits, "Tangled")
		}
		if p.Out {
			bits = []string{"conceded"}
		}
		c.FitText(strings.Join(bits, " · "), bx, cy, 0, x+w-10-bx, imaging.Regular, arSmall, arSmall, imaging.Ink)
		row += 44
	}
}

// countGrid draws counts three to a row from (x, y): each one's symbol
// (drawn by mark at its centre) and the number beside it, faint at zero.
func countGrid(c *imaging.Canvas, counts []int, x, y float64, mark func(c *imaging.Canvas, i int, cx, cy, r float64)) {
	for i, k := range counts {
		cx := x + 16 + float64(i%3)*64
		cy := y + float64(i/3)*38
		mark(c, i, cx, cy, 15)
		ink := imaging.Ink
		if k == 0 {
			ink = imaging.InkSoft
		}
		c.Text(strconv.Itoa(k), cx+20, cy, 0, imaging.Bold, 20, ink)
	}
}
