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
	tpBotH = 118.0 // a bot's block on the players picture
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

// tpDecisionCard draws decision card n (1-22) with its title above, its
// text at least tpBS tall.
func tpDecisionCard(c *imaging.Canvas, title string, n int, x, y, w, h float64) {
	c.Text(title, x+w/2, y+11, 0.5, imaging.Bold, tpBS, imaging.Light)
	y += 26
	h -= 26
	if n < 1 || n > len(tapestry.DecisionCards) {
		c.Box(x, y, w, h, 8, imaging.Frame, imaging.LightSoft, 1.5)
		c.Text("none out", x+w/2, y+h/2, 0.5, imaging.Regular, tpBS, imaging.LightSoft)
		return
	}
	d := tapestry.DecisionCards[n-1]
	c.Box(x, y, w, h, 8, imaging.Paper, imaging.Ink, 2)
	c.Text(strconv.Itoa(n), x+12, y+18, 0, imaging.Bold, 26, imaging.Ink)
	var icons []string
	if d.Income {
		icons = append(icons, "income")
	}
	if d.Topple {
		icons = append(icons, "topple")
	}
	if len(icons) > 0 {
		c.Pill(strings.Join(icons, " · "), x+w-8, y+18, 1, imaging.Bold, tpBS, imaging.Ink, imaging.Highlight)
	}
	c.FitText("Automa: "+tpIndicator(d.AutomaTrack), x+10, y+46, 0, w-20, imaging.Regular, tpBS, tpBS, imaging.Ink)
	c.FitText("Shadow: "+tpIndicator(d.ShadowTrack), x+10, y+72, 0, w-20, imaging.Regular, tpBS, tpBS, imaging.Ink)
	var order []string
	for _, t := range d.TrackOrder {
		if t == "favourite" {
			order = append(order, "fav")
		} else {
			order = append(order, t[:3])
		}
	}
	c.FitText(strings.Join(order, " › "), x+10, y+98, 0, w-20, imaging.Regular, tpBS, tpBS, imaging.InkSoft)
}

// tpSoloBox draws the board's Automa box under the Automa's bar: its
// favourite, era cards and landmarks, the Shadow Empire's, the decks and
// the trap stock, and the decision pair face up.
func tpSoloBox(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w, h float64) {
	so := v.Solo
	c.Box(x, y, w, h, 12, imaging.Frame, imaging.Ink, 2)
	const cardW = 262.0
	tx := x + 16
	tw := w - 2*cardW - 56
	a, sh := v.Players[tapestry.Automa], v.Players[tapestry.Shadow]
	var lms []string
	for _, i := range tpLandmarksOf(v, tapestry.Automa) {
		lms = append(lms, tapestry.Landmarks[i].Name)
	}
	lines := []string{
		fmt.Sprintf("%s · trap stock %d", tpCount(tpSlotCount(a), "era card", "era cards"), so.Stock),
		fmt.Sprintf("%s · %s · %d outposts", opt.Name(tapestry.Shadow), tpFav(v, tapestry.Shadow), sh.Outposts),
		fmt.Sprintf("Decks: decision %d · progress %d", so.Deck, so.Progress),
		"Discard: " + tpCards(so.Discard),
	}
	for i, l := range lines {
		ly := y + 22 + float64(i)*30
		lx := tx
		if i == 1 { // the Shadow Empire has no strip: its colour here
			tpSwatch(c, tapestry.Shadow, tx+11, ly, 11)
			lx += 28
		}
		c.FitText(l, lx, ly, 0, tw-(lx-tx), imaging.Regular, tpBS, tpBS, imaging.Light)
	}
	c.TextBlock("Landmarks: "+tpList(lms), tx, y+22+3.5*30, tw, 2*tpBS*imaging.LineGap, 0, imaging.Regular, tpBS, tpBS, 2, imaging.Light)
	cx := x + w - 2*cardW - 28
	tie := int(so.Pair[1])
	if tie == 0 {
		tie = int(so.Tie)
	}
	tpDecisionCard(c, "Track card", int(so.Pair[0]), cx, y+8, cardW, h-16)
	tpDecisionCard(c, "Tiebreaker", tie, cx+cardW+12, y+8, cardW, h-16)
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
