package stitchcraft

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"spindle/games"
	"spindle/games/stitchcraft"
	"spindle/imaging"
)

// Layout of the Stitchcraft pictures, in pixels.
const (
	stW       = 1040.0 // picture width: stSmall text reads 7 px at 350 wide
	stMargin  = 24.0   // outer margin
	stHeadH   = 118.0  // header band
	stRowH    = 150.0  // one player's row on the table
	stStackH  = 124.0  // the Stack strip, when not empty
	stPileH   = 86.0   // the Removed strip
	stBackW   = 40.0   // a face-down Display card on the table
	stMaxBack = 6      // face-down cards drawn before "+n"
	stNameW   = 204.0  // the name column of a row: "Spindle AI (normal)" whole
	stSmall   = 21.0   // smallest text on the pictures
)

// stColours are the Tapestry colours as drawn, in slot order.
var stColours = [stitchcraft.NumColours]color.RGBA{
	imaging.RGB(0x2F, 0x6F, 0xD0), // Blue
	imaging.RGB(0x1B, 0x1B, 0x1F), // Black
	imaging.RGB(0xC8, 0x32, 0x2B), // Red
	imaging.RGB(0x2E, 0x8B, 0x3D), // Green
	imaging.RGB(0xF5, 0xF1, 0xE6), // White
	imaging.RGB(0xE8, 0x86, 0x2A), // Orange
	imaging.RGB(0xF2, 0xCF, 0x2E), // Yellow
	imaging.RGB(0x7D, 0x3F, 0xA8), // Purple
}

// stTeamColours tint team A and team B.
var stTeamColours = [2]color.RGBA{imaging.RGB(0x2D, 0x5F, 0xA8), imaging.RGB(0xA8, 0x4A, 0x1C)}

// stFill is the drawn colour of a Tapestry colour.
func stFill(c stitchcraft.Colour) color.RGBA {
	if c < stitchcraft.NumColours {
		return stColours[c]
	}
	return imaging.BackColor
}

// stInk is legible text on a Tapestry colour.
func stInk(c stitchcraft.Colour) color.RGBA {
	switch c {
	case stitchcraft.White, stitchcraft.Yellow, stitchcraft.Orange:
		return imaging.Ink
	}
	return imaging.Light
}

// stCheck rejects views the pictures cannot draw.
func stCheck(v stitchcraft.View) error {
	if len(v.Players) < 1 || len(v.Players) > 6 {
		return fmt.Errorf("imaging: stitchcraft view with %d players", len(v.Players))
	}
	if _, ok := stPatternTitle[v.Pattern]; !ok {
		return fmt.Errorf("imaging: unknown stitchcraft pattern %q", v.Pattern)
	}
	return nil
}

var stPatternTitle = map[stitchcraft.Pattern]string{
	stitchcraft.Loom: "Loom", stitchcraft.Attrition: "Attrition", stitchcraft.Racketeering: "Racketeering",
}

var stModeTitle = map[stitchcraft.Mode]string{
	stitchcraft.Duel: "Duel", stitchcraft.FFA: "Free For All", stitchcraft.LeanLeft: "Lean Left",
	stitchcraft.LeanRight: "Lean Right", stitchcraft.Crowd: "Crowd Favorite", stitchcraft.Apprentice: "Apprentice",
	stitchcraft.Spymaster: "Spymaster", stitchcraft.Guilds: "Guilds", stitchcraft.Monopoly: "Monopoly",
	stitchcraft.Consortium: "Consortium",
}

// stTitle is "Stitchcraft · Loom · Duel".
func stTitle(v stitchcraft.View) string {
	t := "Stitchcraft · " + stPatternTitle[v.Pattern] + " · " + stModeTitle[v.Mode]
	if v.Hard {
		t += " (hard)"
	}
	return t
}

// stStatus says what the table is waiting for, in public terms.
func stStatus(v stitchcraft.View, opt imaging.Options) string {
	switch {
	case v.Over && v.Draw && len(v.Winners) > 0 && len(v.Winners) < len(v.Players):
		var names []string
		for _, w := range v.Winners {
			names = append(names, opt.Name(games.Seat(w)))
		}
		return "Game over: a draw among " + strings.Join(names, " and ") + " at the turn limit."
	case v.Over && v.Draw:
		return "Game over: a draw at the turn limit."
	case v.Over:
		var names []string
		for _, w := range v.Winners {
			names = append(names, opt.Name(games.Seat(w)))
		}
		return "Game over: " + strings.Join(names, " and ") + " win" + map[bool]string{true: "s", false: ""}[len(names) == 1] + "."
	case v.Setup:
		return "Shuffling the Chests…"
	case v.Window >= 0 && len(v.Stack) > 0:
		top := v.Stack[len(v.Stack)-1]
		return fmt.Sprintf("%s may react to %s's %s, or pass.", opt.Name(games.Seat(v.Window)), opt.Name(games.Seat(top.By)), top.Card.Colour)
	case v.Pending != nil:
		return fmt.Sprintf("%s is choosing for %s.", opt.Name(games.Seat(v.Pending.Ctrl)), v.Pending.Power)
	}
	return fmt.Sprintf("%s's turn: %d action%s left.", opt.Name(games.Seat(v.Active)), v.Actions, map[bool]string{true: "", false: "s"}[v.Actions == 1])
}

// stHeader draws the title band with a status line and the turn counter.
func stHeader(c *imaging.Canvas, v stitchcraft.View, w float64, title, status string) {
	c.DrawRectangle(0, 0, w, stHeadH)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.FitText(title, stMargin, 38, 0, w*0.62, imaging.Bold, 34, 22, imaging.Light)
	c.Text(fmt.Sprintf("Turn %d of at most %d", v.Turns+1, v.TurnLimit), w-stMargin, 38, 1, imaging.Regular, 22, imaging.LightSoft)
	col := imaging.Highlight
	if v.Over {
		col = imaging.Light
	}
	c.FitText(status, stMargin, 86, 0, w-2*stMargin, imaging.Bold, 28, stSmall, col)
}

// stTapestry draws a face-up Tapestry: its colour with the code, and the
// power name below when there is room.
func stTapestry(c *imaging.Canvas, col stitchcraft.Colour, pat stitchcraft.Pattern, x, y, w, h float64, label string) {
	c.Box(x, y, w, h, imaging.CardRadius(w), stFill(col), imaging.Ink, imaging.CardLine(w))
	if col == stitchcraft.Black {
		c.Outline(x+2, y+2, w-4, h-4, imaging.CardRadius(w), imaging.RGB(0x70, 0x70, 0x78), 1)
	}
	ink := stInk(col)
	if label != "" {
		c.Text(label, x+w*0.1, y+h*0.16, 0, imaging.Bold, math.Max(stSmall, w*0.17), ink)
	}
	c.FitText(col.Code(), x+w/2, y+h*0.42, 0.5, w*0.86, imaging.Bold, math.Max(stSmall, w*0.28), stSmall, ink)
	// The power name shows only where it can be legible.
	if w*0.16 >= stSmall {
		c.TextBlock(stitchcraft.Power(pat, col).Name, x+w*0.04, y+h*0.58, w*0.92, h*0.34, 0.5, imaging.Bold, w*0.16, stSmall, 2, ink)
	}
}

// stBack draws a face-down Display card with its label on it, or beneath
// it when the card is too small for a legible label.
func stBack(c *imaging.Canvas, x, y, w, h float64, label string) {
	c.CardBack(x, y, w, h)
	if size := math.Max(stSmall, w*0.2); c.PillWidth(label, imaging.Bold, size) <= w*0.94 {
		c.Pill(label, x+w/2, y+h/2, 0.5, imaging.Bold, size, imaging.Ink, imaging.Light)
		return
	}
	c.Text(label, x+w/2, y+h+14, 0.5, imaging.Bold, stSmall, imaging.Ink)
}

// stChip is a small colour square with a number on it.
func stChip(c *imaging.Canvas, col stitchcraft.Colour, n int, x, y, s float64, strong bool) {
	lw := 1.5
	stroke := imaging.Ink
	if strong {
		lw = 4
		stroke = imaging.Highlight
	}
	c.Box(x, y, s, s, s*0.18, stFill(col), stroke, lw)
	if n > 0 {
		c.Text(fmt.Sprint(n), x+s/2, y+s/2, 0.5, imaging.Bold, math.Max(stSmall, s*0.5), stInk(col))
	}
}

// stCounts counts cards by colour.
func stCounts(cards []stitchcraft.Card) (n [stitchcraft.NumColours]int, kinds, most int) {
	for _, c := range cards {
		if c.Colour < stitchcraft.NumColours {
			if n[c.Colour] == 0 {
				kinds++
			}
			n[c.Colour]++
			most = max(most, n[c.Colour])
		}
	}
	return n, kinds, most
}

// stTargets are the winning thresholds of the view's mode.
func stTargets(v stitchcraft.View) (most, kinds int) {
	if v.Hard {
		return 5, 8
	}
	return 4, 7
}

// stProgress is a Showcase's progress toward each winning condition.
func stProgress(v stitchcraft.View, cards []stitchcraft.Card) string {
	_, kinds, most := stCounts(cards)
	needMost, needKinds := stTargets(v)
	return fmt.Sprintf("best %d/%d · colours %d/%d", most, needMost, kinds, needKinds)
}

// stShowcase draws a Showcase as eight colour columns with counts, the
// colour closest to winning outlined.
func stShowcase(c *imaging.Canvas, v stitchcraft.View, cards []stitchcraft.Card, x, y, w float64) {
	n, _, most := stCounts(cards)
	needMost, _ := stTargets(v)
	s := math.Min(44, (w-7*6)/8)
	for i, col := range stitchcraft.Colours {
		cx := x + float64(i)*(s+6)
		if n[col] == 0 {
			// An empty slot keeps a faint tint of its colour.
			c.Box(cx, y, s, s, s*0.18, imaging.FeltLine, imaging.FeltLine, 0)
			c.Box(cx+3, y+3, s-6, s-6, s*0.14, imaging.WithAlpha(stFill(col), 0x48), imaging.WithAlpha(imaging.Ink, 0x50), 1)
			continue
		}
		stChip(c, col, n[col], cx, y, s, n[col] == most && most >= needMost-1)
	}
}

// stPlayerRow draws one player's row on the table.
func stPlayerRow(c *imaging.Canvas, v stitchcraft.View, opt imaging.Options, p stitchcraft.PlayerView, x, y, w float64) {
	h := stRowH - 10
	bg := imaging.Paper
	if p.Out {
		bg = imaging.PaperAlt
	}
	active := !v.Over && !v.Setup && slices.Contains(v.ToAct, p.Seat)
	c.Box(x, y, w, h, 12, bg, imaging.Ink, 2)
	if active {
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Highlight, 5)
	}
	// Name column.
	nx := x + 16
	if p.Team != "" {
		t := 0
		if p.Team == "B" {
			t = 1
		}
		c.Box(x, y, 10, h, 4, stTeamColours[t], stTeamColours[t], 0)
	}
	c.FitText(opt.Name(games.Seat(p.Seat)), nx, y+26, 0, stNameW, imaging.Bold, 26, stSmall, imaging.Ink)
	px := nx
	pill := func(text string, fg, bg color.Color) {
		px += c.Pill(text, px, y+60, 0, imaging.Bold, stSmall, fg, bg) + 6
	}
	if p.Team != "" {
		t := 0
		if p.Team == "B" {
			t = 1
		}
		pill("Team "+p.Team, imaging.Light, stTeamColours[t])
	}
	if p.Role != "" {
		pill(strings.ToUpper(p.Role[:1])+p.Role[1:], imaging.Ink, imaging.Highlight)
	}
	if p.Out {
		pill("Out", imaging.Light, imaging.Bad)
	}
	if v.Over && slices.Contains(v.Winners, p.Seat) {
		pill("Winner", imaging.Ink, imaging.Highlight)
	}
	c.Text(fmt.Sprintf("Chest %d · Hand %d", p.Chest, p.HandSize), nx, y+94, 0, imaging.Regular, 22, imaging.Ink)
	if v.Mode == stitchcraft.Crowd {
		col := imaging.Good
		if p.Favor < 0 {
			col = imaging.Bad
		}
		c.Pill(fmt.Sprintf("Crowd Favor %s", imaging.Signed(p.Favor)), nx, y+120, 0, imaging.Bold, stSmall, imaging.Light, col)
	}

	// Display: face-down backs, labelled beneath.
	dx := x + 16 + stNameW + 12
	c.Text(fmt.Sprintf("Display (%d face down)", len(p.Display)), dx, y+20, 0, imaging.Bold, stSmall, imaging.InkSoft)
	bw, bh := stBackW, math.Round(stBackW*imaging.CardAspect)
	for i, f := range p.Display {
		if i == stMaxBack {
			c.Text(fmt.Sprintf("+%d", len(p.Display)-stMaxBack), dx+float64(i)*(bw+6)+4, y+38+bh/2, 0, imaging.Bold, 22, imaging.Ink)
			break
		}
		stBack(c, dx+float64(i)*(bw+6), y+38, bw, bh, fmt.Sprintf("D%d", f.Label))
	}

	// Showcase, with the Scrap Pile beneath it.
	sx := x + 584
	sw := w - (sx - x) - 12
	switch {
	case v.Mode == stitchcraft.Consortium && p.Seat >= 2:
		c.Text("Showcase shared with", sx, y+20, 0, imaging.Bold, stSmall, imaging.InkSoft)
		c.FitText(opt.Name(games.Seat(p.Seat-2)), sx, y+54, 0, sw, imaging.Bold, 24, stSmall, imaging.Ink)
	default:
		title := "Showcase"
		if v.Mode == stitchcraft.Consortium {
			title = "Team " + p.Team
		}
		c.FitText(title+": "+stProgress(v, p.Show), sx, y+20, 0, sw, imaging.Bold, stSmall, stSmall, imaging.InkSoft)
		stShowcase(c, v, p.Show, sx, y+36, sw)
	}

	// Scrap Pile.
	lw := c.Text(fmt.Sprintf("Scrap (%d)", len(p.Scrap)), sx, y+108, 0, imaging.Bold, stSmall, imaging.InkSoft) + 10
	var n [stitchcraft.NumColours]int
	for _, col := range p.Scrap {
		n[col]++
	}
	i := 0
	for _, col := range stitchcraft.Colours {
		if n[col] == 0 {
			continue
		}
		stChip(c, col, n[col], sx+lw+float64(i)*48, y+87, 42, false)
		i++
	}
}

// stStack draws the Stack strip: as many entries as fit, the newest
// on the right, reactions naming what they cancel. Each entry has the
// card, the player's name whole on a line of its own, and what it does.
func stStack(c *imaging.Canvas, v stitchcraft.View, opt imaging.Options, x, y, w float64) {
	cw, ch := 64.0, 64.0
	tw := stNameW
	pitch := cw + 8 + tw + 14
	fit := max(1, int((w+14)/pitch))
	entries := v.Stack
	title := "The Stack (newest on the right)"
	if len(entries) > fit {
		title = fmt.Sprintf("The Stack (newest on the right; %d older not shown)", len(entries)-fit)
		entries = entries[len(entries)-fit:]
	}
	c.Text(title, x, y+14, 0, imaging.Bold, 22, imaging.Light)
	cx := x
	for _, e := range entries {
		stTapestry(c, e.Card.Colour, v.Pattern, cx, y+34, cw, ch, "")
		what := "reveals " + stitchcraft.Power(v.Pattern, e.Card.Colour).Name
		if e.Reaction {
			what = "reacts: " + stitchcraft.Power(v.Pattern, e.Card.Colour).Name
			for _, t := range v.Stack {
				if t.ID == e.Target {
					what += " on " + t.Card.Colour.String()
				}
			}
		}
		c.FitText(opt.Name(games.Seat(e.By)), cx+cw+8, y+48, 0, tw, imaging.Bold, stSmall, stSmall, imaging.Light)
		c.TextBlock(what, cx+cw+8, y+62, tw, 50, 0, imaging.Regular, stSmall, stSmall, 2, imaging.LightSoft)
		if e.Cancelled {
			c.Cross(cx+cw/2, y+34+ch/2, cw*0.4, imaging.Bad, 6)
		}
		cx += pitch
	}
}

// stRemoved draws the Removed pile grouped by colour.
func stRemoved(c *imaging.Canvas, v stitchcraft.View, x, y float64) {
	c.Text(fmt.Sprintf("Removed from the game (%d)", len(v.Removed)), x, y+14, 0, imaging.Bold, 22, imaging.Light)
	n, _, _ := stCounts(v.Removed)
	i := 0
	for _, col := range stitchcraft.Colours {
		if n[col] == 0 {
			continue
		}
		stChip(c, col, n[col], x+float64(i)*54, y+30, 46, false)
		i++
	}
	if i == 0 {
		c.Text("nothing yet", x, y+52, 0, imaging.Regular, stSmall, imaging.LightSoft)
	}
}

// Table draws the public table: header with whose decision it
// is, the Stack, one row per player (Display backs, Showcase by colour with
// progress, counts, Scrap Pile, Crowd Favor, team and role) and the Removed
// pile. Face-down colours are never drawn, even when the view knows them.
func Table(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	h := stHeadH + stMargin + float64(len(v.Players))*stRowH + stPileH + stMargin
	if len(v.Stack) > 0 {
		h += stStackH
	}
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	stHeader(c, v, stW, stTitle(v), stStatus(v, opt))
	y := stHeadH + stMargin
	if len(v.Stack) > 0 {
		stStack(c, v, opt, stMargin, y, stW-2*stMargin)
		y += stStackH
	}
	for _, p := range v.Players {
		stPlayerRow(c, v, opt, p, stMargin, y, stW-2*stMargin)
		y += stRowH
	}
	stRemoved(c, v, stMargin, y)
	return c.Image(), nil
}

// stPrompt is the panel's line about the viewer's own decision.
func stPrompt(v stitchcraft.View) string {
	me := int(v.Viewer)
	switch {
	case v.Over || v.Setup || !slices.Contains(v.ToAct, me):
		return "Nothing to decide right now."
	case v.Window == me:
		return "Your reaction window: React with a face-down Purple, or Pass."
	case v.Pending != nil:
		return "Your choice for " + v.Pending.Power + "."
	}
	return fmt.Sprintf("Your turn: %d action%s left. Play a card face down or reveal one.", v.Actions, map[bool]string{true: "", false: "s"}[v.Actions == 1])
}

// Panel draws a seat's private panel: its hand and Display with
// faces and powers (and its partner's in Consortium), its latest peek and
// the cards a pending power of its is looking at, with the prompt of its
// current decision.
func Panel(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	me, ok := v.Me()
	if !ok {
		return nil, fmt.Errorf("imaging: a stitchcraft panel needs a seat's view, not %s", v.Viewer)
	}
	// Cards large enough for a legible power name, as many to a row as fit.
	cw, ch := 140.0, 172.0
	perRow := int((stW - 2*stMargin + 12) / (cw + 12))
	rows := func(n int) float64 { return math.Max(1, math.Ceil(float64(n)/float64(perRow))) }
	secH := 40.0
	handH := secH + rows(len(me.Hand))*(ch+12) + 10
	dispH := secH + rows(len(me.Display))*(ch+12) + 10
	var partners []stitchcraft.PlayerView
	for _, p := range v.Players {
		if p.Seat != me.Seat && p.Hand != nil {
			partners = append(partners, p)
			dispH += 2*secH + rows(len(p.Hand))*(ch+12) + rows(len(p.Display))*(ch+12) + 20
		}
	}
	peekH := 0.0
	if me.Look != nil {
		peekH = secH + ch + 22
	}
	pendH := 0.0
	if v.Pending != nil && len(v.Pending.Looked) > 0 {
		pendH = secH + ch + 22
	}
	h := stHeadH + stMargin + 56 + handH + dispH + peekH + pendH + stMargin
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	// The name first, so a long title loses the mode, never the name.
	stHeader(c, v, stW, opt.Name(v.Viewer)+"'s hand · "+stTitle(v), stStatus(v, opt))
	y := stHeadH + stMargin
	c.FitText(stPrompt(v), stMargin, y+18, 0, stW-2*stMargin, imaging.Bold, 26, stSmall, imaging.Light)
	y += 56
	row := func(title string, cols []stitchcraft.Colour, labels []string) {
		c.Text(title, stMargin, y+14, 0, imaging.Bold, 22, imaging.Light)
		y += secH
		if len(cols) == 0 {
			c.Text("empty", stMargin, y+20, 0, imaging.Regular, 22, imaging.LightSoft)
		}
		for i, col := range cols {
			x := stMargin + float64(i%perRow)*(cw+12)
			yy := y + float64(i/perRow)*(ch+12)
			l := ""
			if labels != nil {
				l = labels[i]
			}
			if col == stitchcraft.NoColour {
				stBack(c, x, yy, cw, ch, l)
				continue
			}
			stTapestry(c, col, v.Pattern, x, yy, cw, ch, l)
		}
		y += rows(len(cols))*(ch+12) + 10
	}
	row(fmt.Sprintf("Your hand (%d)", len(me.Hand)), me.Hand, nil)
	var dc []stitchcraft.Colour
	var dl []string
	for _, f := range me.Display {
		dc = append(dc, f.Colour)
		dl = append(dl, fmt.Sprintf("D%d", f.Label))
	}
	row(fmt.Sprintf("Your Display, face down to the others (%d)", len(me.Display)), dc, dl)
	for _, p := range partners {
		row(fmt.Sprintf("Your partner %s's hand (%d)", opt.Name(games.Seat(p.Seat)), len(p.Hand)), p.Hand, nil)
		dc, dl = nil, nil
		for _, f := range p.Display {
			dc = append(dc, f.Colour)
			dl = append(dl, fmt.Sprintf("D%d", f.Label))
		}
		row(fmt.Sprintf("Your partner %s's Display (%d)", opt.Name(games.Seat(p.Seat)), len(p.Display)), dc, dl)
	}
	if me.Look != nil {
		whose := opt.Name(games.Seat(me.Look.Of)) + "'s"
		if me.Look.Of == int(v.Viewer) {
			whose = "your own"
		}
		c.Text(fmt.Sprintf("Your last peek (%s): %s Chest, top first", me.Look.Power, whose), stMargin, y+14, 0, imaging.Bold, 22, imaging.Light)
		y += secH
		for i, col := range me.Look.Cards {
			stTapestry(c, col, v.Pattern, stMargin+float64(i)*(cw+12), y, cw, ch, "")
		}
		y += ch + 22
	}
	if v.Pending != nil && len(v.Pending.Looked) > 0 {
		c.Text(fmt.Sprintf("Cards %s is looking at now (%s), top first", opt.Name(games.Seat(v.Pending.Ctrl)), v.Pending.Power), stMargin, y+14, 0, imaging.Bold, 22, imaging.Highlight)
		y += secH
		for i, col := range v.Pending.Looked {
			stTapestry(c, col, v.Pattern, stMargin+float64(i)*(cw+12), y, cw, ch, "")
		}
	}
	return c.Image(), nil
}

// stReferenceText is the reference's header status line and, once the game
// is over, its result banner. The result is said once, in the banner: the
// header then names the mode instead.
func stReferenceText(v stitchcraft.View, opt imaging.Options) (status, banner string) {
	if !v.Over {
		return stStatus(v, opt), ""
	}
	return "Stitchcraft · " + stModeTitle[v.Mode] + " · final result", stStatus(v, opt)
}

// Reference draws the Pattern reference: the eight colours with
// their slot, power name and what the power does, and, once the game is
// over, the result. It is the Scoring picture of a Stitchcraft view.
func Reference(v stitchcraft.View, opt imaging.Options) (image.Image, error) {
	if err := stCheck(v); err != nil {
		return nil, err
	}
	rowH := 96.0
	resultH := 0.0
	if v.Over {
		resultH = 70
	}
	h := stHeadH + stMargin + resultH + 8*rowH + 60 + stMargin
	c, err := imaging.NewCanvas(int(stW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	status, banner := stReferenceText(v, opt)
	stHeader(c, v, stW, "Pattern reference · "+stPatternTitle[v.Pattern], status)
	y := stHeadH + stMargin
	if v.Over {
		c.Box(stMargin, y, stW-2*stMargin, resultH-14, 12, imaging.Frame, imaging.Frame, 0)
		c.FitText(banner, stW/2, y+(resultH-14)/2, 0.5, stW-4*stMargin, imaging.Bold, 28, stSmall, imaging.Highlight)
		y += resultH
	}
	most, kinds := stTargets(v)
	c.FitText(fmt.Sprintf("Win with %d Tapestries of one colour or %d different colours in a Showcase. Purple is always the reaction.", most, kinds),
		stMargin, y+16, 0, stW-2*stMargin, imaging.Bold, 21, stSmall, imaging.Light)
	y += 44
	for i, col := range stitchcraft.Colours {
		pw := v.Powers[col]
		bg := imaging.Paper
		if i%2 == 1 {
			bg = imaging.PaperAlt
		}
		c.Box(stMargin, y, stW-2*stMargin, rowH-8, 10, bg, imaging.Ink, 1.5)
		stTapestry(c, col, v.Pattern, stMargin+10, y+6, 64, rowH-20, "")
		c.Text(col.Slot(), stMargin+94, y+26, 0, imaging.Bold, stSmall, imaging.InkSoft)
		c.Text(col.String(), stMargin+140, y+26, 0, imaging.Bold, 22, imaging.Ink)
		name := pw.Name
		if pw.Reaction {
			name += " (reaction)"
		}
		c.Text(name, stMargin+94, y+60, 0, imaging.Bold, 24, imaging.Ink)
		c.TextBlock(pw.Text, stMargin+390, y+4, stW-2*stMargin-400, rowH-16, 0, imaging.Regular, 22, stSmall, 3, imaging.Ink)
		y += rowH
	}
	return c.Image(), nil
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[stitchcraft.View]{Table: Table, Panel: Panel, Scoring: Reference}
