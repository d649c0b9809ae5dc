package tapestry

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games/tapestry"
	"spindle/imaging"
)

// The solo game's bots on the Tapestry pictures: the Automa (seat 1) and
// the Shadow Empire (seat 2) have no capital and no resources; the table
// shows the decision pair face up and the Automa's decks and trap stock.

const (
	tpSoloH = 140.0 // the table's Automa box
	tpBotH  = 118.0 // a bot's block on the players picture
)

// tpSoloOpts names the bots in a solo game's pictures.
func tpSoloOpts(v tapestry.View, opt imaging.Options) imaging.Options {
	if v.Solo == nil {
		return opt
	}
	names := make([]string, len(v.Players))
	copy(names, opt.Names)
	names[tapestry.Automa] = "Automa"
	names[tapestry.Shadow] = "Shadow Empire"
	opt.Names = names
	return opt
}

// tpBot reports whether seat is a solo bot.
func tpBot(v tapestry.View, seat int) bool { return v.Solo != nil && seat >= tapestry.Automa }

// tpShadow reports whether seat is the Shadow Empire.
func tpShadow(v tapestry.View, seat int) bool { return v.Solo != nil && seat == tapestry.Shadow }

// tpFav names a bot's favourite track.
func tpFav(v tapestry.View, seat int) string {
	if f := v.Solo.Fav[seat-1]; f >= 0 {
		return tapestry.TrackNames[f]
	}
	return "not rolled yet"
}

// tpBotRole is a bot's line in its name bar.
func tpBotRole(v tapestry.View, seat int) string {
	if seat == tapestry.Shadow {
		s := "favourite " + tpFav(v, seat) + " · scores nothing"
		if v.Players[seat].Achieved[0] {
			s += " · took a complete-a-track slot"
		}
		return s
	}
	civ := "no civilization yet"
	if len(v.Solo.Civ) > 0 {
		civ = strings.Join(v.Solo.Civ, " and ")
	}
	return fmt.Sprintf("level %d · %s · favourite %s", v.Solo.Level, civ, tpFav(v, seat))
}

// tpIndicator words a decision card's track indicator.
func tpIndicator(s string) string {
	switch s {
	case "nearest_end":
		return "nearest the end"
	case "nearest_landmark_or_end":
		return "landmark or end"
	}
	return "any track"
}

// tpDecisionCard draws decision card n (1-22) with its title above.
func tpDecisionCard(c *imaging.Canvas, title string, n int, x, y, w, h float64) {
	c.Text(title, x+w/2, y+10, 0.5, imaging.Bold, tpSmall, imaging.Light)
	y += 24
	h -= 24
	if n < 1 || n > len(tapestry.DecisionCards) {
		c.Box(x, y, w, h, 8, imaging.Frame, imaging.LightSoft, 1.5)
		c.Text("none out", x+w/2, y+h/2, 0.5, imaging.Regular, tpSmall, imaging.LightSoft)
		return
	}
	d := tapestry.DecisionCards[n-1]
	c.Box(x, y, w, h, 8, imaging.Paper, imaging.Ink, 2)
	c.Text(strconv.Itoa(n), x+12, y+16, 0, imaging.Bold, 24, imaging.Ink)
	var icons []string
	if d.Income {
		icons = append(icons, "income")
	}
	if d.Topple {
		icons = append(icons, "topple")
	}
	if len(icons) > 0 {
		c.Pill(strings.Join(icons, " · "), x+w-8, y+16, 1, imaging.Bold, tpSmall, imaging.Ink, imaging.Highlight)
	}
	c.FitText("Automa: "+tpIndicator(d.AutomaTrack), x+10, y+40, 0, w-20, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
	c.FitText("Shadow: "+tpIndicator(d.ShadowTrack), x+10, y+60, 0, w-20, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
	var order []string
	for _, t := range d.TrackOrder {
		if t == "favourite" {
			order = append(order, "fav")
		} else {
			order = append(order, t[:3])
		}
	}
	c.FitText(strings.Join(order, " › "), x+10, y+80, 0, w-20, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
}

// tpSoloBox draws the table's Automa box: the bots' levels, civ sides and
// favourites, the decks, the trap stock and the decision pair face up.
func tpSoloBox(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w, h float64) {
	so := v.Solo
	c.Box(x, y, w, h, 12, imaging.Frame, imaging.Ink, 2)
	const cardW = 220.0
	tx := x + 16
	tw := w - 2*cardW - 64
	c.FitText(opt.Name(tapestry.Automa)+": "+tpBotRole(v, tapestry.Automa), tx, y+20, 0, tw, imaging.Bold, 22, tpSmall, imaging.Light)
	a, sh := v.Players[tapestry.Automa], v.Players[tapestry.Shadow]
	lines := []string{
		fmt.Sprintf("%s: favourite %s · %d outposts", opt.Name(tapestry.Shadow), tpFav(v, tapestry.Shadow), sh.Outposts),
		fmt.Sprintf("Decision deck %d · progress deck %d · trap stock %d face down", so.Deck, so.Progress, so.Stock),
		"Decision discard: " + tpCards(so.Discard),
		fmt.Sprintf("%s · era slots: %d face down", so.LevelName, tpSlotCount(a)),
	}
	for i, l := range lines {
		ly := y + 48 + float64(i)*22
		lx := tx
		if i == 0 { // the Shadow Empire is not in the players table: its colour here
			tpSwatch(c, tapestry.Shadow, tx+9, ly, 9)
			lx += 24
		}
		c.FitText(l, lx, ly, 0, tw-(lx-tx), imaging.Regular, tpSmall, tpSmall, imaging.LightSoft)
	}
	cx := x + w - 2*cardW - 32
	tie := int(so.Pair[1])
	if tie == 0 {
		tie = int(so.Tie)
	}
	tpDecisionCard(c, "Track card", int(so.Pair[0]), cx, y+10, cardW, h-20)
	tpDecisionCard(c, "Tiebreaker", tie, cx+cardW+16, y+10, cardW, h-20)
}

// tpCards lists decision cards by number.
func tpCards(cs []int8) string {
	if len(cs) == 0 {
		return "empty"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = strconv.Itoa(int(c))
	}
	return strings.Join(out, ", ")
}

// tpSlotCount counts the cards on a player's slots.
func tpSlotCount(p tapestry.PlayerView) int {
	n := 0
	for _, s := range p.Slots {
		n += len(s)
	}
	return n
}

// tpBotBlock draws a bot on the players picture: its name bar, its
// tracks, the Automa's landmarks, era slots and trap stock.
func tpBotBlock(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	c.Box(x, y, w, h, 10, imaging.PaperAlt, imaging.Ink, 2)
	tpBar(c, v, opt, seat, x, y, w, 34)
	var pos []string
	for t := range tapestry.Track(tapestry.NumTracks) {
		pos = append(pos, fmt.Sprintf("%s %d", tpTrackName(int(t)), p.Position(t)))
	}
	ly := y + 56
	tpLabelled(c, "Tracks:", strings.Join(pos, " · "), x+12, ly, w-24)
	if seat == tapestry.Shadow {
		tpLabelled(c, "Outposts:", tpCount(int(p.Outposts), "outpost", "outposts")+" left, placed toppled by the Automa", x+12, ly+26, w-24)
		tpLabelled(c, "Landmarks:", "its claims go onto the Automa's mat", x+12, ly+52, w-24)
		return
	}
	var lms []string
	for _, i := range tpLandmarksOf(v, seat) {
		lms = append(lms, tapestry.Landmarks[i].Name)
	}
	tpLabelled(c, "Landmarks:", tpList(lms), x+12, ly+26, w-24)
	tpLabelled(c, "Mat:", fmt.Sprintf("%s face down on its era slots · trap stock %d · %s left · %s",
		tpCount(tpSlotCount(p), "tapestry card", "tapestry cards"), v.Solo.Stock, tpCount(int(p.Outposts), "outpost", "outposts"),
		tpCount(tpControlled(v, seat), "territory", "territories")), x+12, ly+52, w-24)
}
