package archravels

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/imaging"
)

// Layout metrics of the ArchRavels pictures, in pixels.
const (
	arW       = 1500.0 // picture width
	arMargin  = 24.0   // outer margin
	arHeadH   = 150.0  // header band
	arTopH    = 326.0  // Bazaar, decks and Project List band (panel)
	arCardW   = 140.0  // a Bazaar card
	arCardH   = 124.0  // a Bazaar card
	arCardGap = 12.0   // gap between Bazaar cards
	arPileW   = 104.0  // the Yarn Deck and the discard pile

	// The table picture is narrower and more compact, so Discord shows
	// its text large enough: patterns are left to the panel.
	arTableW = 1040.0 // table picture width
	arSmall  = 18.0   // smallest text on the table (9 px at 520 wide)
	arTopCH  = 424.0  // the compact Bazaar and Project List band
	arRowH   = 200.0  // one player's compact board, with its gap
	arRowSpW = 196.0  // an action space on a compact board
	arTCardH = 110.0  // a Bazaar card on the compact table
	arProjH  = 166.0  // a Project List card on the compact table
)

// The six yarn colours in canonical order (R O Y G B P): saturated hues
// far apart from each other, each drawn outlined in ink with its letter,
// so they stay apart on paper, on the felt and for colour-blind readers.
var arYarn = [archravels.NumColours]color.RGBA{
	imaging.RGB(0xD7, 0x26, 0x2E), // red
	imaging.RGB(0xF3, 0x8A, 0x1C), // orange
	imaging.RGB(0xF8, 0xD5, 0x2E), // yellow
	imaging.RGB(0x2C, 0x9A, 0x47), // green
	imaging.RGB(0x25, 0x6B, 0xD6), // blue
	imaging.RGB(0x88, 0x3F, 0xB4), // purple
}

// Other ArchRavels colours.
var (
	arWool     = imaging.RGB(0xD2, 0xC6, 0xB4) // item icons
	arHeart    = imaging.RGB(0xD9, 0x2B, 0x5A) // the favourite-request heart
	arEvent    = imaging.RGB(0x2D, 0x5F, 0xA8) // the banner of an event card
	arRequest  = imaging.RGB(0x9C, 0x2F, 0x6E) // the banner of a request card
	arActive   = imaging.RGB(0xFF, 0xF0, 0xC0) // the board of the player to act
	arDoneTint = imaging.RGB(0xDC, 0xF0, 0xDA) // a finished request
	arHeldTint = imaging.RGB(0xF8, 0xDC, 0xD6) // a request held unfinished
	arProjTint = imaging.RGB(0xE4, 0xE6, 0xF6) // a finished project
)

// arInkOn is legible text on a yarn colour.
func arInkOn(col int) color.RGBA {
	if col == 1 || col == 2 {
		return imaging.Ink
	}
	return imaging.Light
}

// arCheck refuses views this layout cannot draw.
func arCheck(v archravels.View) error {
	if len(v.Players) < 1 || len(v.Players) > 4 {
		return fmt.Errorf("imaging: archravels view with %d players", len(v.Players))
	}
	for pos, id := range v.Bazaar {
		if id != "" && archravels.CardKind(id) == "" {
			return fmt.Errorf("imaging: unknown archravels card %q at position %d", id, pos+1)
		}
	}
	if v.DiscardTop != "" && archravels.CardKind(v.DiscardTop) == "" {
		return fmt.Errorf("imaging: unknown archravels card %q on the discard pile", v.DiscardTop)
	}
	for _, id := range v.List {
		if _, ok := archravels.ProjectOf(id); !ok {
			return fmt.Errorf("imaging: unknown archravels project %q", id)
		}
	}
	for _, p := range v.Players {
		if err := arCheckPlayer(p); err != nil {
			return err
		}
	}
	return nil
}

// arCheckPlayer refuses a board with unknown content.
func arCheckPlayer(p archravels.PlayerView) error {
	if p.Char != "" {
		if _, ok := archravels.CharacterOf(p.Char); !ok {
			return fmt.Errorf("imaging: unknown archravels character %q", p.Char)
		}
	}
	for _, id := range slices.Concat(p.Held, p.Done) {
		if _, ok := archravels.RequestOf(id); !ok {
			return fmt.Errorf("imaging: unknown archravels request %q", id)
		}
	}
	for _, id := range p.Projects {
		if _, ok := archravels.ProjectOf(id); !ok {
			return fmt.Errorf("imaging: unknown archravels project %q", id)
		}
	}
	for slot, t := range p.Tiles {
		if _, ok := archravels.TileOf(archravels.Bear+slot, t.Code); t.Code != "" && !ok {
			return fmt.Errorf("imaging: unknown archravels %s tile %q", archravels.Items[archravels.Bear+slot].ID, t.Code)
		}
	}
	return nil
}

// ---- names and words ----

// arName is "Name (Character)" when a display name is given, else the
// character's name, else the seat's.
func arName(v archravels.View, opt imaging.Options, s games.Seat) string {
	if s < 0 || int(s) >= len(v.Players) {
		return opt.Name(s)
	}
	p := v.Players[s]
	given := int(s) < len(opt.Names) && opt.Names[s] != ""
	switch {
	case p.Char == "":
		return opt.Name(s)
	case given:
		return opt.Names[s] + " (" + p.Name + ")"
	}
	return p.Name
}

// arShort is a seat's display name alone, for running text.
func arShort(v archravels.View, opt imaging.Options, s games.Seat) string {
	if int(s) < len(opt.Names) && s >= 0 && opt.Names[s] != "" {
		return opt.Names[s]
	}
	if s >= 0 && int(s) < len(v.Players) && v.Players[s].Char != "" {
		return v.Players[s].Name
	}
	return opt.Name(s)
}

// arNames joins seats' short names with commas.
func arNames(v archravels.View, opt imaging.Options, seats []games.Seat) string {
	var out []string
	for _, s := range seats {
		out = append(out, arShort(v, opt, s))
	}
	return strings.Join(out, ", ")
}

// arDecider is the seat deciding now, or the active player.
func arDecider(v archravels.View) games.Seat {
	if len(v.ToAct) > 0 && v.ToAct[0] >= 0 {
		return v.ToAct[0]
	}
	return v.Active
}

// arSetup reports whether the view is still in the setup phases.
func arSetup(ph archravels.Phase) bool {
	switch ph {
	case archravels.PhChars, archravels.PhChoose, archravels.PhTiles, archravels.PhRequests,
		archravels.PhBazaar, archravels.PhProjects, archravels.PhList, archravels.PhFirst:
		return true
	}
	return false
}

// arStatus is the header pill: the step of the turn, the setup or the end.
func arStatus(v archravels.View) string {
	switch v.Phase {
	case archravels.PhOver:
		return "Game over"
	case archravels.PhSpace:
		return "1 · Choose a space"
	case archravels.PhActions:
		return "2 · Actions"
	case archravels.PhRestock, archravels.PhResolve:
		return "3 · Restock"
	case archravels.PhStock:
		return "4 · Restock actions"
	case archravels.PhRefill:
		return "5 · End of turn"
	case archravels.PhFinal:
		return "Final craft"
	}
	return "Setting up"
}

// arEventNote says in a few words what an event does.
var arEventNote = map[string]string{
	"tangled_cat":    "a player may not craft next turn",
	"yarn_sale":      "take 3 tokens, any colours",
	"donate":         "give 1 token to a player",
	"friendly_clerk": "everyone takes 1 token",
	"craft_circle":   "everyone may craft 1 item",
}

// arPhaseText says what the table is waiting for.
func arPhaseText(v archravels.View, opt imaging.Options) string {
	who := arShort(v, opt, v.Active)
	dec := arShort(v, opt, arDecider(v))
	switch v.Phase {
	case archravels.PhChars:
		return "Dealing the characters"
	case archravels.PhChoose:
		return dec + " chooses a character"
	case archravels.PhTiles:
		return "Dealing the pattern tiles"
	case archravels.PhRequests:
		return "Shuffling the special requests into the Yarn Deck"
	case archravels.PhBazaar:
		return "Filling the Yarn Bazaar"
	case archravels.PhProjects, archravels.PhList:
		return "Dealing the Project List"
	case archravels.PhFirst:
		return "Drawing the first player"
	case archravels.PhSpace:
		if m := arMarker(v, v.Active); m > 0 {
			return fmt.Sprintf("%s chooses an action space (not space %d, used last turn)", who, m)
		}
		return who + " chooses an action space"
	case archravels.PhActions:
		return fmt.Sprintf("%s works space %d: %s", who, v.Turn.Space, arSpaceText(v, v.Active, v.Turn.Space))
	case archravels.PhRestock:
		return "Restocking the Yarn Bazaar"
	case archravels.PhResolve:
		return arResolveText(v, opt)
	case archravels.PhStock:
		return who + " may finish projects, learn patterns and frog items"
	case archravels.PhRefill:
		return "Refilling the Project List"
	case archravels.PhFinal:
		return "Final craft: " + dec + " may craft one item or request, or pass"
	case archravels.PhOver:
		return arResultText(v, opt)
	}
	return ""
}

// arResolveText says which revealed card is being resolved and by whom.
func arResolveText(v archravels.View, opt imaging.Options) string {
	who := arShort(v, opt, v.Active)
	dec := arShort(v, opt, arDecider(v))
	card := v.Turn.Card
	switch card {
	case "":
		return "Resolving the revealed cards"
	case "tangled_cat":
		return "Tangled Cat: " + who + " names a player who may not craft next turn"
	case "yarn_sale":
		return fmt.Sprintf("Yarn Sale: %s takes 3 tokens of any colours (%d to go)", who, v.Turn.SaleLeft)
	case "donate":
		return "Donate: " + who + " gives 1 token to another player"
	case "friendly_clerk":
		return "Friendly Clerk: " + dec + " takes 1 token of a colour"
	case "craft_circle":
		return "Craft Circle: " + dec + " may craft 1 item, or pass"
	}
	return fmt.Sprintf("%s keeps the special request %s or gives it to another player", who, archravels.CardName(card))
}

// arResultText names the winners.
func arResultText(v archravels.View, opt imaging.Options) string {
	var win []games.Seat
	for i, r := range v.Ranks {
		if r == 1 {
			win = append(win, games.Seat(i))
		}
	}
	if len(win) == 0 {
		return "The game is over"
	}
	names := arNames(v, opt, win)
	if v.Reason == "conceded" {
		return names + " wins: everyone else conceded"
	}
	total := v.Players[win[0]].Score.Total
	if len(win) > 1 {
		return fmt.Sprintf("%s share the win with %d points", strings.ReplaceAll(names, ", ", " and "), total) + arTieNote(v)
	}
	return fmt.Sprintf("%s wins with %d points", names, total) + arTieNote(v)
}

// arDetail is the header's second line: the progress of the turn.
func arDetail(v archravels.View, opt imaging.Options) string {
	t := v.Turn
	var parts []string
	switch v.Phase {
	case archravels.PhActions:
		if t.ShopLeft > 0 {
			parts = append(parts, fmt.Sprintf("Shop: %d %s left", t.ShopLeft, arPlural(t.ShopLeft, "pick", "picks")))
		}
		if t.CraftLeft > 0 {
			any := ""
			if t.CraftAny {
				any = " in any colours"
			}
			parts = append(parts, fmt.Sprintf("Craft%s: %d left", any, t.CraftLeft))
		}
		if len(t.Used) > 0 {
			parts = append(parts, "used: "+arUsedText(t.Used))
		}
	case archravels.PhResolve:
		if t.Pos > 0 {
			parts = append(parts, fmt.Sprintf("card at position %d", t.Pos))
		}
		if len(t.Fresh) > 1 {
			var ps []string
			for _, p := range t.Fresh[1:] {
				ps = append(ps, strconv.Itoa(p))
			}
			parts = append(parts, "then position "+strings.Join(ps, ", "))
		}
		if len(t.Queue) > 1 {
			parts = append(parts, "after them: "+arNames(v, opt, t.Queue[1:]))
		}
	case archravels.PhFinal:
		if len(t.Queue) > 1 {
			parts = append(parts, "after them: "+arNames(v, opt, t.Queue[1:]))
		}
		parts = append(parts, arShort(v, opt, v.Active)+" ended the game and does not craft")
	case archravels.PhOver:
		parts = append(parts, fmt.Sprintf("%d projects finished", v.Finished))
		if v.Reason == "scored" {
			parts = append(parts, "ties go to more cards finished, then fewer tokens left")
		}
	}
	if p := t.Pay; p != nil {
		parts = append(parts, arPayText(v, opt, p))
	}
	return strings.Join(parts, " · ")
}

// arPayText describes a payment entered token by token; the paid tokens
// are drawn after it.
func arPayText(v archravels.View, opt imaging.Options, p *archravels.Pay) string {
	what := arWhatName(p.What)
	if len(p.To) > 0 {
		return fmt.Sprintf("%s: giving 2 tokens each to %s, %d of %d given", what, arNames(v, opt, p.To), len(p.Paid), p.Need)
	}
	any := ""
	if p.Any {
		any = " (any colours count)"
	}
	return fmt.Sprintf("Paying for %s%s: %d of %d", what, any, len(p.Paid), p.Need)
}

// arWhatName names an item or request id.
func arWhatName(id string) string {
	if r, ok := archravels.RequestOf(id); ok {
		return r.Name
	}
	if it := archravels.ItemIndex(id); it >= 0 {
		return archravels.Items[it].Name
	}
	return id
}

// arUsedText lists the used action kinds as words.
func arUsedText(used []string) string {
	words := map[string]string{"shop": "Shop", "craft": "Craft", "craft_any_colours": "Craft in any colours",
		"take_one_colour": "Take 3", "exchange": "Exchange"}
	var out []string
	for _, u := range used {
		if w, ok := words[u]; ok {
			out = append(out, w)
		} else {
			out = append(out, u)
		}
	}
	return strings.Join(out, ", ")
}

func arPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// arMarker is a seat's marker space, 0 when none.
func arMarker(v archravels.View, s games.Seat) int {
	if s < 0 || int(s) >= len(v.Players) {
		return 0
	}
	return v.Players[s].Marker
}

// arSpaceText is the text of a seat's action space k (1-4).
func arSpaceText(v archravels.View, s games.Seat, k int) string {
	if s < 0 || int(s) >= len(v.Players) || k < 1 || k > 4 || v.Players[s].Spaces[k-1] == "" {
		return "–"
	}
	return v.Players[s].Spaces[k-1]
}

// arOthers is the number of players other than s still in the game.
func arOthers(v archravels.View, s games.Seat) int {
	n := 0
	for i, p := range v.Players {
		if games.Seat(i) != s && !p.Out {
			n++
		}
	}
	return n
}

// arCost describes a request's cost: exact colours as tokens, or the rule
// in words (then exact is all zero).
func arCost(r archravels.Request, others int) (exact archravels.Yarn, words string) {
	switch r.Rule {
	case archravels.Exact:
		return r.Exact, ""
	case archravels.AnyColours:
		return exact, fmt.Sprintf("%d any", r.N)
	case archravels.OneColour:
		return exact, fmt.Sprintf("%d of one colour", r.N)
	case archravels.AllDifferent:
		return exact, fmt.Sprintf("%d different", r.N)
	case archravels.GiveEach:
		if others > 0 {
			return exact, fmt.Sprintf("give %d to each (%d)", r.N, r.N*others)
		}
		return exact, fmt.Sprintf("give %d to each", r.N)
	}
	return exact, string(r.Rule)
}

// arRuleText is a general pattern's colour rule in words.
func arRuleText(rule archravels.Rule, n int) string {
	switch rule {
	case archravels.AllDifferent:
		return "all different"
	case archravels.OneColour:
		return "one colour"
	case archravels.TwoColours:
		return "2 + 1 colours"
	case archravels.AnyColours:
		return fmt.Sprintf("%d any", n)
	}
	return string(rule)
}

// arPattern is an item's current pattern on a board: exact colours (exact
// true) or a general rule of n tokens, and the points a learned tile
// scores (0 for Hat and Blanket).
type arPattern struct {
	exact   bool
	colours archravels.Yarn
	rule    archravels.Rule
	n       int
	tiled   bool
	learned bool
	dealt   bool
	flip    int
}

// arPatternOf is item's current pattern on p's board.
func arPatternOf(p archravels.PlayerView, item int) arPattern {
	it := archravels.Items[item]
	if !it.Tiled() {
		return arPattern{rule: it.Rule, n: it.Yarn, dealt: true}
	}
	slot := item - archravels.Bear
	t := p.Tiles[slot]
	back := archravels.Backs[it.ID]
	pt := arPattern{tiled: true, learned: t.Learned, flip: back.FlipPoints, rule: back.Rule, n: back.Yarn, dealt: t.Code != ""}
	if !t.Learned {
		if tile, ok := archravels.TileOf(item, t.Code); ok {
			pt.exact, pt.colours, pt.n = true, tile.Exact, tile.Exact.Total()
		}
	}
	return pt
}

// arCanMake reports whether p's bowl pays for item's current pattern now.
func arCanMake(p archravels.PlayerView, item int) bool {
	pt := arPatternOf(p, item)
	if !pt.dealt || p.Out {
		return false
	}
	if pt.exact {
		return p.Bowl.Covers(pt.colours)
	}
	return len(archravels.RulePayments(pt.rule, pt.n, p.Bowl, true)) > 0
}

// arCanFinish reports whether p's bowl pays for the held request id now.
func arCanFinish(p archravels.PlayerView, id string, others int) bool {
	r, ok := archravels.RequestOf(id)
	if !ok || p.Out {
		return false
	}
	pays, stepwise := archravels.RequestPayments(r, p.Bowl)
	if stepwise {
		if r.Rule == archravels.GiveEach && others == 0 {
			return false
		}
		return p.Bowl.Total() >= r.Tokens(others)
	}
	return len(pays) > 0
}

// arHasItems reports whether p holds the items of project id.
func arHasItems(p archravels.PlayerView, id string) bool {
	pr, ok := archravels.ProjectOf(id)
	if !ok || p.Out {
		return false
	}
	for it, n := range pr.Items {
		if p.Items[it] < n {
			return false
		}
	}
	return true
}

// ---- drawn pieces ----

// yarnToken draws one token of yarn colour col: a disc outlined in ink
// with the colour's letter once it is large enough to read.
func yarnToken(c *imaging.Canvas, col int, cx, cy, r float64) {
	c.DrawCircle(cx, cy, r)
	c.SetColor(arYarn[col])
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1.2, r*0.13))
	c.Stroke()
	if r >= 8 {
		c.MarkText(archravels.ColourLetters[col:col+1], cx, cy, 0.5, imaging.Bold, r*1.05, arInkOn(col))
	}
}

// anyToken draws a token of any colour: a disc of the six colours around
// a light centre.
func anyToken(c *imaging.Canvas, cx, cy, r float64) {
	for i := range archravels.NumColours {
		a0 := -math.Pi/2 + float64(i)*math.Pi/3
		c.NewSubPath()
		c.MoveTo(cx, cy)
		c.DrawArc(cx, cy, r, a0, a0+math.Pi/3)
		c.ClosePath()
		c.SetColor(arYarn[i])
		c.Fill()
	}
	c.DrawCircle(cx, cy, r*0.48)
	c.SetColor(imaging.FaceColor)
	c.Fill()
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1.2, r*0.13))
	c.Stroke()
}

// hollowToken draws the place of a token whose colour a rule leaves open.
func hollowToken(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.FaceColor)
	c.FillPreserve()
	c.SetDash(math.Max(2, r*0.35), math.Max(1.5, r*0.25))
	c.SetColor(imaging.InkSoft)
	c.SetLineWidth(math.Max(1.2, r*0.13))
	c.Stroke()
	c.SetDash()
}

// yarnTokens draws y's tokens in canonical order in a row centred at
// (cx, cy), each of radius r and step apart.
func yarnTokens(c *imaging.Canvas, y archravels.Yarn, cx, cy, r, step float64) {
	n := y.Total()
	x := cx - step*float64(n-1)/2
	for col, k := range y {
		for range k {
			yarnToken(c, col, x, cy, r)
			x += step
		}
	}
}

// tokensWidth is the width of a row of n tokens of radius r, step apart.
func tokensWidth(n int, r, step float64) float64 {
	if n <= 0 {
		return 0
	}
	return step*float64(n-1) + 2*r
}

// heart draws the favourite-request heart centred at (cx, cy).
func heart(c *imaging.Canvas, cx, cy, r float64) {
	c.NewSubPath()
	c.MoveTo(cx, cy+r*0.9)
	c.CubicTo(cx-r*1.35, cy-r*0.05, cx-r*0.7, cy-r*1.15, cx, cy-r*0.42)
	c.CubicTo(cx+r*0.7, cy-r*1.15, cx+r*1.35, cy-r*0.05, cx, cy+r*0.9)
	c.ClosePath()
	c.SetColor(arHeart)
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, r*0.12))
	c.SetLineJoinRound()
	c.Stroke()
}

// itemIcon draws item (Hat..Blanket) as a small knitted figure centred at
// (cx, cy) within radius r.
func itemIcon(c *imaging.Canvas, item int, cx, cy, r float64) {
	c.Push()
	defer func() {
		c.Pop()
		c.SetLineCapButt()
		c.SetLineJoinRound()
	}()
	c.SetLineJoinRound()
	switch item {
	case archravels.Hat:
		iconHat(c, cx, cy, r)
	case archravels.Bear:
		iconBear(c, cx, cy, r)
	case archravels.Mittens:
		iconMitten(c, cx, cy, r)
	case archravels.Scarf:
		iconScarf(c, cx, cy, r)
	case archravels.Blanket:
		iconBlanket(c, cx, cy, r)
	}
}

// woolFill fills the current path with the wool colour and outlines it.
func woolFill(c *imaging.Canvas, r float64) { imaging.FillOutlined(c, arWool, r) }

// iconHat is a beanie: a dome on a ribbed band with a pompom.
func iconHat(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy-r*0.62, r*0.24)
	woolFill(c, r)
	c.NewSubPath()
	c.DrawArc(cx, cy+r*0.28, r*0.74, math.Pi, 2*math.Pi)
	c.ClosePath()
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.86, cy+r*0.2, r*1.72, r*0.48, r*0.12)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x90))
	c.SetLineWidth(math.Max(1, r*0.07))
	for i := -3; i <= 3; i++ {
		x := cx + float64(i)*r*0.22
		c.DrawLine(x, cy+r*0.28, x, cy+r*0.6)
	}
	c.Stroke()
}

// iconBear is a teddy bear's head with ears, snout and eyes.
func iconBear(c *imaging.Canvas, cx, cy, r float64) {
	for _, dx := range []float64{-0.56, 0.56} {
		c.DrawCircle(cx+dx*r, cy-r*0.52, r*0.3)
		woolFill(c, r)
	}
	c.DrawCircle(cx, cy+r*0.08, r*0.72)
	woolFill(c, r)
	c.DrawEllipse(cx, cy+r*0.34, r*0.3, r*0.22)
	imaging.FillOutlined(c, imaging.FaceColor, r*0.7)
	c.SetColor(imaging.Ink)
	for _, dx := range []float64{-0.27, 0.27} {
		c.DrawCircle(cx+dx*r, cy-r*0.06, math.Max(1, r*0.09))
	}
	c.DrawCircle(cx, cy+r*0.27, math.Max(1, r*0.09))
	c.Fill()
}

// iconMitten is a mitten with a thumb and a cuff.
func iconMitten(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawEllipse(cx-r*0.46, cy, r*0.2, r*0.36)
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.42, cy-r*0.86, r*0.9, r*1.3, r*0.44)
	woolFill(c, r)
	c.DrawRoundedRectangle(cx-r*0.52, cy+r*0.36, r*1.1, r*0.5, r*0.1)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x90))
	c.SetLineWidth(math.Max(1, r*0.07))
	for i := -2; i <= 2; i++ {
		x := cx + r*0.03 + float64(i)*r*0.2
		c.DrawLine(x, cy+r*0.44, x, cy+r*0.78)
	}
	c.Stroke()
}

// iconScarf is a scarf loop with two fringed ends hanging down.
func iconScarf(c *imaging.Canvas, cx, cy, r float64) {
	c.NewSubPath()
	c.DrawArc(cx, cy-r*0.3, r*0.52, math.Pi*0.95, math.Pi*2.05)
	imaging.StrokeOutlined(c, arWool, r*0.34, r)
	for _, e := range [][2]float64{{-0.42, 0.1}, {0.06, -0.1}} {
		x := cx + e[0]*r
		c.Push()
		c.RotateAbout(e[1], x+r*0.18, cy-r*0.3)
		c.DrawRectangle(x, cy-r*0.32, r*0.36, r*1.0)
		woolFill(c, r)
		c.SetColor(imaging.Ink)
		c.SetLineWidth(math.Max(1, r*0.07))
		for i := range 4 {
			fx := x + r*0.045 + float64(i)*r*0.09
			c.DrawLine(fx, cy+r*0.68, fx, cy+r*0.86)
		}
		c.Stroke()
		c.Pop()
	}
}

// iconBlanket is a folded checked blanket.
func iconBlanket(c *imaging.Canvas, cx, cy, r float64) {
	s := r * 0.8
	c.DrawRoundedRectangle(cx-s, cy-s, 2*s, 2*s, r*0.1)
	woolFill(c, r)
	c.SetColor(imaging.WithAlpha(imaging.Ink, 0x80))
	c.SetLineWidth(math.Max(1, r*0.08))
	for i := 1; i < 4; i++ {
		d := -s + float64(i)*s/2
		c.DrawLine(cx+d, cy-s, cx+d, cy+s)
		c.DrawLine(cx-s, cy+d, cx+s, cy+d)
	}
	c.Stroke()
	c.NewSubPath()
	c.MoveTo(cx+s, cy+s*0.2)
	c.LineTo(cx+s, cy+s)
	c.LineTo(cx+s*0.2, cy+s)
	c.ClosePath()
	imaging.FillOutlined(c, imaging.FaceColor, r)
}

// arHeader draws the header band: a title, the status pill, what the
// table waits for and the turn's progress, with a payment's tokens.
func arHeader(c *imaging.Canvas, v archravels.View, opt imaging.Options, title, note string) {
	arW := float64(c.Width())
	c.DrawRectangle(0, 0, arW, arHeadH)
	c.SetColor(imaging.Frame)
	c.Fill()
	m := arMargin
	y := m + 20
	sw := c.Pill(arStatus(v), arW-m, y, 1, imaging.Bold, 26, imaging.Ink, imaging.Highlight)
	c.FitText(title, m, y, 0, arW-2*m-sw-20, imaging.Bold, 38, 22, imaging.Light)
	c.FitText(note, m, y+52, 0, arW-2*m, imaging.Bold, 27, arSmall, imaging.Highlight)
	detail := arDetail(v, opt)
	var paid []archravels.Colour
	if v.Turn.Pay != nil {
		paid = v.Turn.Pay.Paid
	}
	tw := tokensWidth(len(paid), 11, 25)
	if tw > 0 {
		tw += 12
	}
	size := c.FitText(detail, m, y+90, 0, arW-2*m-tw, imaging.Regular, 23, arSmall, imaging.LightSoft)
	x := m + math.Min(c.Measure(detail, imaging.Regular, size), arW-2*m-tw) + 12 + 11
	for _, col := range paid {
		yarnToken(c, int(col), x, y+90, 11)
		x += 25
	}
}

// ---- the Bazaar, the decks and the Project List ----

// bazaarCard draws Bazaar position pos (1-6) in the box: its card, or an
// empty position, marked when it is being resolved or waits its turn.
func bazaarCard(c *imaging.Canvas, v archravels.View, pos int, x, y, w, h float64) {
	id := v.Bazaar[pos-1]
	if id == "" {
		emptySpace(c, v, pos, x, y, w, h)
	} else {
		cardFace(c, v, id, x, y, w, h)
	}
	posBadge(c, pos, x+14, y+14)
	switch {
	case v.Turn.Pos == pos && v.Turn.Card != "":
		c.CardHighlight(x, y, w, h, imaging.Highlight)
		c.Pill("resolving", x+w/2, y+h+1, 0.5, imaging.Bold, arSmall, imaging.Ink, imaging.Highlight)
	case slices.Contains(v.Turn.Fresh, pos):
		c.Pill("next", x+w/2, y+h+1, 0.5, imaging.Bold, arSmall, imaging.Ink, imaging.Light)
	}
}

// posBadge draws a Bazaar position number in a dark disc.
func posBadge(c *imaging.Canvas, pos int, cx, cy float64) {
	c.DrawCircle(cx, cy, 13)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.Text(strconv.Itoa(pos), cx, cy, 0.5, imaging.Bold, arSmall, imaging.Light)
}

// emptySpace draws an empty Bazaar position: it gives 1 token of any
// colour, unless it was shopped in the Shop under way.
func emptySpace(c *imaging.Canvas, v archravels.View, pos int, x, y, w, h float64) {
	c.Box(x, y, w, h, 10, imaging.WithAlpha(imaging.FeltLine, 0xFF), imaging.FeltLine, 0)
	c.DashedOutline(x, y, w, h, 10, imaging.Ink, 2, 8)
	if slices.Contains(v.Turn.Picked, pos) {
		c.Text("shopped", x+w/2, y+h*0.45, 0.5, imaging.Bold, 19, imaging.Light)
		c.Text("this turn", x+w/2, y+h*0.45+24, 0.5, imaging.Regular, arSmall, imaging.LightSoft)
		return
	}
	c.Text("empty", x+w/2, y+h*0.3, 0.5, imaging.Bold, 19, imaging.Light)
	anyToken(c, x+w/2-22, y+h*0.66, 15)
	c.Text("1 any", x+w/2-2, y+h*0.66, 0, imaging.Bold, arSmall, imaging.Light)
}

// cardFace draws a Yarn Deck card face: a yarn card's tokens, or an event
// or request with its name.
func cardFace(c *imaging.Canvas, v archravels.View, id string, x, y, w, h float64) {
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 2)
	switch archravels.CardKind(id) {
	case "yarn":
		yarnFace(c, id, x, y, w, h)
	case "event":
		cardBanner(c, "EVENT", arEvent, x, y, w)
		e, _ := archravels.EventOf(id)
		c.TextBlock(e.Name, x+6, y+30, w-12, h*0.36, 0.5, imaging.Bold, math.Max(arSmall, math.Min(22, w*0.15)), arSmall, 2, imaging.Ink)
		// The note needs a tall card: the panel's, not the compact table's.
		if w >= 120 && h >= 120 {
			c.TextBlock(arEventNote[id], x+6, y+30+h*0.36, w-12, h-44-h*0.36, 0.5, imaging.Regular, 16, 12, 2, imaging.InkSoft)
		}
	case "request":
		cardBanner(c, "REQUEST", arRequest, x, y, w)
		r, _ := archravels.RequestOf(id)
		c.FitText(r.Name, x+w/2, y+h*0.38, 0.5, w-12, imaging.Bold, math.Max(arSmall, math.Min(20, w*0.14)), arSmall, imaging.Ink)
		requestCost(c, r, arOthers(v, v.Active), x+w/2, y+h*0.58, w-12, math.Min(9, w*0.065), arSmall, 0.5)
		pts := fmt.Sprintf("%d points", r.Points)
		if owner := arFavouriteOf(v, id); owner >= 0 {
			pts += " · ♥ " + v.Players[owner].Name
		}
		c.FitText(pts, x+w/2, y+h*0.8, 0.5, w-10, imaging.Bold, arSmall, arSmall, imaging.Ink)
	}
}

// arFavouriteOf is the seat whose favourite request id is, or -1.
func arFavouriteOf(v archravels.View, id string) games.Seat {
	for i, p := range v.Players {
		if p.Favourite == id {
			return games.Seat(i)
		}
	}
	return -1
}

// cardBanner draws the coloured strip with the kind across a card's top.
func cardBanner(c *imaging.Canvas, kind string, col color.RGBA, x, y, w float64) {
	c.Box(x+2, y+2, w-4, 26, 8, col, col, 0)
	c.Text(kind, x+w/2+8, y+15, 0.5, imaging.Bold, arSmall, imaging.Light)
}

// yarnFace draws a yarn card: its tokens large, or two any-colour tokens.
func yarnFace(c *imaging.Canvas, id string, x, y, w, h float64) {
	f, _ := archravels.FaceOf(id)
	cx, cy := x+w/2, y+h*0.48
	r := math.Min(18, w*0.13)
	if f.Any > 0 {
		step := 2.5 * r
		for i := range f.Any {
			anyToken(c, cx-step*float64(f.Any-1)/2+step*float64(i), cy, r)
		}
		c.Text("any colours", cx, y+h-18, 0.5, imaging.Bold, arSmall, imaging.Ink)
		return
	}
	yarnTokens(c, f.Gives, cx, cy, r, 2.4*r)
	c.Text(fmt.Sprintf("%d yarn", f.Gives.Total()), cx, y+h-18, 0.5, imaging.Regular, arSmall, imaging.InkSoft)
}

// requestCost draws a request's cost anchored at x (ax 0 left, 0.5
// centre) and returns its width: exact colours as tokens of radius tr, a
// rule in words at size pixels (less when it does not fit in maxW).
func requestCost(c *imaging.Canvas, r archravels.Request, others int, x, cy, maxW, tr, size, ax float64) float64 {
	exact, words := arCost(r, others)
	if words != "" {
		size = c.FitText(words, x, cy, ax, maxW, imaging.Bold, size, math.Min(size, arSmall), imaging.Ink)
		return math.Min(maxW, c.Measure(words, imaging.Bold, size))
	}
	n := exact.Total()
	step := math.Min(tr*2.25, (maxW-2*tr)/math.Max(1, float64(n-1)))
	w := tokensWidth(n, tr, step)
	yarnTokens(c, exact, x-ax*w+w/2, cy, tr, step)
	return w
}

// arPiles draws the Yarn Deck as a card back with its count and the
// discard pile as its top card with its count.
func arPiles(c *imaging.Canvas, v archravels.View, x, y float64) {
	const ph = 96.0
	top := y + 22
	if v.YarnDeck > 0 {
		c.Clipped(x, top, arPileW, ph, imaging.CardRadius(arPileW), func(sub *imaging.Canvas, w, h float64) {
			sub.CardBack(0, 0, w, h)
		})
		c.Outline(x, top, arPileW, ph, imaging.CardRadius(arPileW), imaging.Ink, imaging.CardLine(arPileW))
		c.Pill(strconv.Itoa(v.YarnDeck), x+arPileW/2, top+ph/2, 0.5, imaging.Bold, 22, imaging.Ink, imaging.Light)
	} else {
		c.DashedOutline(x, top, arPileW, ph, 10, imaging.Ink, 2, 8)
		c.Text("empty", x+arPileW/2, top+ph/2, 0.5, imaging.Regular, 18, imaging.Ink)
	}
	c.Text("Yarn Deck", x+arPileW/2, top+ph+16, 0.5, imaging.Bold, 18, imaging.Ink)
	dy := top + ph + 38
	if v.DiscardTop != "" {
		cardFace(c, v, v.DiscardTop, x, dy, arPileW, ph)
	} else {
		c.DashedOutline(x, dy, arPileW, ph, 10, imaging.Ink, 2, 8)
		c.Text("none", x+arPileW/2, dy+ph/2, 0.5, imaging.Regular, 18, imaging.Ink)
	}
	c.Text(fmt.Sprintf("Discard %d", v.Discard), x+arPileW/2, dy+ph+16, 0.5, imaging.Bold, 18, imaging.Ink)
}

// projectList draws the Project List's cards and the Project Deck count.
func projectList(c *imaging.Canvas, v archravels.View, opt imaging.Options, x, y, w, ph float64) {
	c.Text("Project List", x, y, 0, imaging.Bold, 26, imaging.Ink)
	const gap = 14.0
	pw := (w - 2*gap) / 3
	for i := range 3 {
		px := x + float64(i)*(pw+gap)
		if i < len(v.List) {
			projectCard(c, v, opt, v.List[i], px, y+22, pw, ph)
			continue
		}
		c.DashedOutline(px, y+22, pw, ph, 10, imaging.Ink, 2, 8)
		c.Text("no project", px+pw/2, y+22+ph/2, 0.5, imaging.Regular, 20, imaging.Ink)
	}
	deck := fmt.Sprintf("Project Deck: %d left", v.ProjectDeck)
	if v.ProjectDeck == 0 {
		deck = "Project Deck: empty"
	}
	deck += fmt.Sprintf(" · %d finished so far", v.Finished)
	c.FitText(deck, x, y+22+ph+18, 0, w, imaging.Bold, 20, arSmall, imaging.Ink)
}

// projectCard draws a project: its name and points, the items it takes as
// icons with counts, and who holds those items now.
func projectCard(c *imaging.Canvas, v archravels.View, opt imaging.Options, id string, x, y, w, h float64) {
	p, _ := archravels.ProjectOf(id)
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 2)
	c.DrawCircle(x+w-30, y+30, 22)
	c.SetColor(imaging.Highlight)
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	c.Text(strconv.Itoa(p.Points), x+w-30, y+30, 0.5, imaging.Bold, 22, imaging.Ink)
	c.TextBlock(p.Name, x+12, y+10, w-70, 42, 0, imaging.Bold, 23, arSmall, 2, imaging.Ink)
	itemNeeds(c, p.Items, x+8, y+62, w-16, math.Min(84, h-102))
	var ready []games.Seat
	for i, pl := range v.Players {
		if arHasItems(pl, id) {
			ready = append(ready, games.Seat(i))
		}
	}
	c.Rule(x+10, x+w-10, y+h-36, imaging.WithAlpha(imaging.InkSoft, 0x80), 1)
	if len(ready) == 0 {
		c.FitText("nobody has the items yet", x+12, y+h-18, 0, w-24, imaging.Regular, arSmall, arSmall, imaging.InkSoft)
		return
	}
	c.FitText("has the items: "+arNames(v, opt, ready), x+12, y+h-18, 0, w-24, imaging.Bold, arSmall, arSmall, imaging.Good)
}

// itemNeeds draws a row of item icons with their counts and names,
// centred in the box.
func itemNeeds(c *imaging.Canvas, items [archravels.NumItems]int, x, y, w, h float64) {
	var kinds []int
	for it, n := range items {
		if n > 0 {
			kinds = append(kinds, it)
		}
	}
	if len(kinds) == 0 {
		return
	}
	step := math.Min(w/float64(len(kinds)), 84)
	// The names show only when all fit legibly; the icons speak alone
	// otherwise, a little larger.
	names := true
	for _, it := range kinds {
		if c.Measure(archravels.Items[it].Name, imaging.Regular, arSmall) > step-4 {
			names = false
		}
	}
	r := math.Min(math.Min(22, step*0.34), (h-24)/2)
	if !names {
		r = math.Min(math.Min(26, step*0.4), h/2-4)
	}
	x0 := x + w/2 - step*float64(len(kinds))/2
	for i, it := range kinds {
		cx := x0 + step*(float64(i)+0.5)
		cy := y + r + 2
		if !names {
			cy = y + h/2 - 4
		}
		itemIcon(c, it, cx, cy, r)
		if items[it] > 1 {
			c.Pill("×"+strconv.Itoa(items[it]), cx+r*0.9, cy-r*0.45, 0.5, imaging.Bold, arSmall, imaging.Light, imaging.Ink)
		}
		if names {
			c.Text(archravels.Items[it].Name, cx, y+2*r+18, 0.5, imaging.Regular, arSmall, imaging.Ink)
		}
	}
}

// ---- a player's board on the table ----

// boardInfo draws the name block: name and character, board type and
// side, favourite request and tags.
func boardInfo(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat int, x, y, w float64, active, deciding bool) {
	p := v.Players[seat]
	s := games.Seat(seat)
	c.FitText(arName(v, opt, s), x, y+24, 0, w, imaging.Bold, 26, arSmall, imaging.Ink)
	if p.Char == "" {
		c.Text("no character yet", x, y+54, 0, imaging.Regular, 18, imaging.InkSoft)
	} else {
		c.FitText(fmt.Sprintf("%s · side %s", p.TypeName, p.Side), x, y+52, 0, w, imaging.Regular, 19, arSmall, imaging.InkSoft)
		heart(c, x+9, y+80, 8)
		fav := "favourite: " + arWhatName(p.Favourite)
		c.FitText(fav, x+24, y+80, 0, w-24, imaging.Regular, arSmall, arSmall, imaging.Ink)
	}
	tx := x
	tag := func(text string, fg, bg color.Color) {
		tx += c.Pill(text, tx, y+113, 0, imaging.Bold, arSmall, fg, bg) + 6
	}
	switch {
	case p.Out:
	case v.Phase == archravels.PhOver && seat < len(v.Ranks):
		tag(imaging.Ordinal(v.Ranks[seat]), imaging.Ink, imaging.Highlight)
	case deciding && active:
		tag("to play", imaging.Ink, imaging.Highlight)
	case deciding:
		tag("deciding", imaging.Ink, imaging.Highlight)
	case active:
		tag("active", imaging.Ink, imaging.Highlight)
	}
	if p.Tangled && v.Phase != archravels.PhOver {
		tag("Tangled", imaging.Light, imaging.Bad)
	}
}

// boardScore draws the running (or final) score at x with its vertical
// middle at cy and returns the x after it.
func boardScore(c *imaging.Canvas, v archravels.View, p archravels.PlayerView, x, cy float64) float64 {
	label := "Score"
	if v.Phase != archravels.PhOver {
		label = "Running score"
	}
	x += c.Text(label, x, cy, 0, imaging.Regular, 18, imaging.InkSoft) + 8
	return x + c.Text(strconv.Itoa(p.Score.Total), x, cy-2, 0, imaging.Bold, 32, imaging.Ink)
}

// boardSpaces draws the four action spaces as a 2×2 grid of boxes of
// size w×h from (x, y), marking the marker's space and the space worked
// this turn.
func boardSpaces(c *imaging.Canvas, v archravels.View, seat int, x, y, w, h, gap, size float64) {
	p := v.Players[seat]
	now := 0
	if v.Active == games.Seat(seat) && v.Turn.Space > 0 && v.Phase != archravels.PhOver {
		now = v.Turn.Space
	}
	for k := 1; k <= 4; k++ {
		bx := x + float64((k-1)%2)*(w+gap)
		by := y + float64((k-1)/2)*(h+gap)
		spaceBox(c, p.Spaces[k-1], k, bx, by, w, h, size, p.Marker == k, now == k)
	}
}

// spaceBox draws action space k with its text; the marker's space has a
// dark frame and the marker, the space worked now is yellow.
func spaceBox(c *imaging.Canvas, text string, k int, x, y, w, h, size float64, marker, now bool) {
	fill, stroke, lw := imaging.FaceColor, imaging.InkSoft, 1.5
	if marker {
		stroke, lw = imaging.Ink, 3
	}
	if now {
		fill = imaging.Highlight
	}
	c.Box(x, y, w, h, 8, fill, stroke, lw)
	br := size * 0.75
	c.DrawCircle(x+br+6, y+br+6, br)
	c.SetColor(imaging.Frame)
	c.Fill()
	c.Text(strconv.Itoa(k), x+br+6, y+br+6, 0.5, imaging.Bold, size, imaging.Light)
	if text == "" {
		text = "–"
	}
	tx := x + 2*br + 12
	right := 8.0
	if marker {
		right = 2*br + 6
		markerPawn(c, x+w-br-4, y+br+6, br*0.8)
	}
	c.TextBlock(text, tx, y+4, w-(tx-x)-right, h-8, 0, imaging.Regular, size+1, math.Min(size+1, arSmall), 3, imaging.Ink)
}

// markerPawn draws a player's marker: a dark pawn with a light rim.
func markerPawn(c *imaging.Canvas, cx, cy, r float64) {
	c.DrawCircle(cx, cy+r*0.35, r)
	c.SetColor(imaging.Ink)
	c.Fill()
	c.DrawCircle(cx, cy-r*0.45, r*0.6)
	c.SetColor(imaging.Ink)
	c.FillPreserve()
	c.SetColor(imaging.Highlight)
	c.SetLineWidth(math.Max(1, r*0.2))
	c.Stroke()
}

// patternBox draws an item's current pattern on a board: the item, its
// tokens (exact colours, or open places under a general rule) and
// whether the tile was learned. With canMake, a pattern the bowl can pay
// for now gets a green frame.
func patternBox(c *imaging.Canvas, p archravels.PlayerView, item int, x, y, w, h float64, canMake bool) {
	pt := arPatternOf(p, item)
	stroke, lw := imaging.InkSoft, 1.5
	if pt.learned {
		stroke, lw = imaging.Good, 3
	}
	c.Box(x, y, w, h, 8, imaging.FaceColor, stroke, lw)
	if canMake && arCanMake(p, item) {
		c.Outline(x-3, y-3, w+6, h+6, 10, imaging.Good, 4)
	}
	scale := h / 130
	cx := x + w/2
	itemIcon(c, item, cx, y+20*scale, 14*scale)
	c.FitText(archravels.Items[item].Name, cx, y+45*scale, 0.5, w-6, imaging.Bold, 16*scale, math.Min(16*scale, arSmall), imaging.Ink)
	ty := y + 69*scale
	tr := math.Min(8.5*scale, (w-10)/(2.25*float64(max(pt.n, 1))))
	step := tr * 2.2
	switch {
	case !pt.dealt:
		c.Text("not dealt", cx, ty, 0.5, imaging.Regular, math.Max(14*scale, arSmall), imaging.InkSoft)
	case pt.exact:
		yarnTokens(c, pt.colours, cx, ty, tr, step)
	default:
		x0 := cx - step*float64(pt.n-1)/2
		for i := range pt.n {
			hollowToken(c, x0+float64(i)*step, ty, tr)
		}
	}
	rule := "exact colours"
	if !pt.exact {
		rule = arRuleText(pt.rule, pt.n)
	}
	if pt.dealt {
		c.FitText(rule, cx, y+92*scale, 0.5, w-6, imaging.Regular, math.Max(14*scale, arSmall), arSmall, imaging.Ink)
	}
	switch {
	case pt.learned:
		c.FitText(fmt.Sprintf("learned +%d", pt.flip), cx, y+114*scale, 0.5, w-6, imaging.Bold, math.Max(14*scale, arSmall), arSmall, imaging.Good)
	case pt.tiled:
		c.FitText(fmt.Sprintf("tile · learn +%d", pt.flip), cx, y+114*scale, 0.5, w-6, imaging.Regular, math.Max(13*scale, arSmall), arSmall, imaging.InkSoft)
	default:
		c.FitText("general", cx, y+114*scale, 0.5, w-6, imaging.Regular, math.Max(13*scale, arSmall), arSmall, imaging.InkSoft)
	}
}

// bowlAndItems draws the yarn bowl as six tokens with counts and the item
// tokens as icons with counts, in a column of width w.
func bowlAndItems(c *imaging.Canvas, p archravels.PlayerView, x, y, w float64) {
	c.Text(fmt.Sprintf("Yarn bowl · %d", p.Bowl.Total()), x, y+12, 0, imaging.Bold, 18, imaging.Ink)
	bowlRow(c, p.Bowl, x, y+44, w, 12)
	n := 0
	for _, k := range p.Items {
		n += k
	}
	c.Text(fmt.Sprintf("Items · %d", n), x, y+80, 0, imaging.Bold, 18, imaging.Ink)
	itemRow(c, p.Items, x, y+114, w, 14)
}

// bowlRow draws the six colours' tokens with their counts across w.
func bowlRow(c *imaging.Canvas, y archravels.Yarn, x, cy, w, r float64) {
	step := w / archravels.NumColours
	for col, n := range y {
		tx := x + float64(col)*step + r
		yarnToken(c, col, tx, cy, r)
		ink := imaging.Ink
		if n == 0 {
			ink = imaging.InkSoft
		}
		c.Text(strconv.Itoa(n), tx+r+4, cy, 0, imaging.Bold, r*1.5, ink)
	}
}

// itemRow draws the five item icons with their counts across w.
func itemRow(c *imaging.Canvas, items [archravels.NumItems]int, x, cy, w, r float64) {
	step := w / archravels.NumItems
	for it, n := range items {
		ix := x + float64(it)*step + r
		itemIcon(c, it, ix, cy, r)
		ink := imaging.Ink
		if n == 0 {
			ink = imaging.InkSoft
		}
		c.Text(strconv.Itoa(n), ix+r+4, cy, 0, imaging.Bold, r*1.3, ink)
	}
}

// arChip is one entry of a board's line of cards: a finished project, a
// finished request or a request held unfinished.
type arChip struct {
	text  string
	cost  *archravels.Request // a held request's cost, drawn after text
	tail  string              // points, signed
	heart bool
	fill  color.RGBA
}

// arChips lists a player's finished projects, finished requests and held
// requests in that order.
func arChips(v archravels.View, p archravels.PlayerView) []arChip {
	var out []arChip
	for _, id := range p.Projects {
		pr, _ := archravels.ProjectOf(id)
		out = append(out, arChip{text: pr.Name, tail: fmt.Sprintf("+%d", pr.Points), fill: arProjTint})
	}
	for _, id := range p.Done {
		r, _ := archravels.RequestOf(id)
		ch := arChip{text: r.Name, tail: fmt.Sprintf("+%d", r.Points), fill: arDoneTint}
		if id == p.Favourite {
			ch.heart = true
			ch.tail = fmt.Sprintf("+%d+%d", r.Points, archravels.FavouriteBonus)
		}
		out = append(out, ch)
	}
	for _, id := range p.Held {
		r, _ := archravels.RequestOf(id)
		out = append(out, arChip{text: r.Name, cost: &r, tail: fmt.Sprintf("−%d", r.Points), heart: id == p.Favourite, fill: arHeldTint})
	}
	return out
}

// chip draws (or with draw false only measures) one chip at x with its
// vertical middle at cy, and returns its width.
func chip(c *imaging.Canvas, ch arChip, others int, x, cy, size float64, draw bool) float64 {
	h := size * 1.6
	pad := size * 0.5
	w := pad
	if ch.heart {
		w += size*0.9 + 4
	}
	w += c.Measure(ch.text, imaging.Bold, size) + pad*0.7
	var costW float64
	tr := size * 0.42
	if ch.cost != nil {
		exact, words := arCost(*ch.cost, others)
		if words != "" {
			costW = c.Measure(words, imaging.Bold, size)
		} else {
			costW = tokensWidth(exact.Total(), tr, tr*2.15)
		}
		w += costW + pad*0.7
	}
	w += c.Measure(ch.tail, imaging.Bold, size) + pad
	if !draw {
		return w
	}
	c.Box(x, cy-h/2, w, h, h/2, ch.fill, imaging.Ink, 1.2)
	tx := x + pad
	if ch.heart {
		heart(c, tx+size*0.45, cy, size*0.45)
		tx += size*0.9 + 4
	}
	tx += c.Text(ch.text, tx, cy, 0, imaging.Bold, size, imaging.Ink) + pad*0.7
	if ch.cost != nil {
		requestCost(c, *ch.cost, others, tx, cy, costW+1, tr, size, 0)
		tx += costW + pad*0.7
	}
	col := imaging.Good
	if strings.HasPrefix(ch.tail, "−") {
		col = imaging.Bad
	}
	c.Text(ch.tail, tx, cy, 0, imaging.Bold, size, col)
	return w
}

// boardChips draws a board's finished projects and requests and its held
// requests in one line of width w, shrinking them to fit and summing up
// what still does not fit.
func boardChips(c *imaging.Canvas, v archravels.View, p archravels.PlayerView, x, cy, w float64) {
	chips := arChips(v, p)
	if len(chips) == 0 {
		c.Text("No projects or special requests yet", x, cy, 0, imaging.Regular, arSmall, imaging.InkSoft)
		return
	}
	others := arOthers(v, p.Seat)
	const gap = 8.0
	size := arSmall
	cx := x
	for i, ch := range chips {
		cw := chip(c, ch, others, 0, 0, size, false)
		room := x + w - cx
		if i == len(chips)-1 && cw <= room {
			chip(c, ch, others, cx, cy, size, true)
			return
		}
		after := c.PillWidth(fmt.Sprintf("+%d more", len(chips)-i-1), imaging.Bold, size)
		if cw+gap+after > room {
			c.Pill(fmt.Sprintf("+%d more", len(chips)-i), cx, cy, 0, imaging.Bold, size, imaging.Light, imaging.InkSoft)
			return
		}
		chip(c, ch, others, cx, cy, size, true)
		cx += cw + gap
	}
}

// ---- table ----

// Table draws the public table: a header with whose turn it is
// and what is being resolved, the Yarn Bazaar as its six positions, the
// Yarn Deck and discard pile, the Project List with the Project Deck, and
// one board per player with character, action spaces and marker, patterns,
// yarn bowl, items, requests, projects and running score.
func Table(v archravels.View, opt imaging.Options) (image.Image, error) {
	if err := arCheck(v); err != nil {
		return nil, err
	}
	h := arHeadH + arTopCH + float64(len(v.Players))*arRowH + arMargin
	c, err := imaging.NewCanvas(int(arTableW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	arHeader(c, v, opt, "ArchRavels", arPhaseText(v, opt))
	arTopCompact(c, v, opt)
	y := arHeadH + arTopCH
	for i := range v.Players {
		arRow(c, v, opt, i, arMargin, y, arTableW-2*arMargin, arRowH-10)
		y += arRowH
	}
	return c.Image(), nil
}

// arTopCompact draws the table's band under the header: the Bazaar in one
// row with the Yarn Deck and discard pile at the right, and the Project
// List beneath the Bazaar.
func arTopCompact(c *imaging.Canvas, v archravels.View, opt imaging.Options) {
	w := float64(c.Width())
	m := arMargin
	y := arHeadH + m
	pileX := w - m - arPileW
	avail := pileX - 24 - m
	c.Text("Yarn Bazaar", m, y, 0, imaging.Bold, 26, imaging.Ink)
	cw := math.Floor((avail - 5*arCardGap) / 6)
	for pos := 1; pos <= 6; pos++ {
		bazaarCard(c, v, pos, m+float64(pos-1)*(cw+arCardGap), y+22, cw, arTCardH)
	}
	arPiles(c, v, pileX, y)
	projectList(c, v, opt, m, y+22+arTCardH+36, avail, arProjH)
}

// arRow draws one player's compact board across the table: name block,
// action spaces with the marker, yarn bowl and items, and a line of
// finished projects and requests. The patterns are on the panel.
func arRow(c *imaging.Canvas, v archravels.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	s := games.Seat(seat)
	active := !arSetup(v.Phase) && v.Phase != archravels.PhOver && v.Active == s
	deciding := slices.Contains(v.ToAct, s) && v.Phase != archravels.PhOver
	fill := imaging.PaperAlt
	if active {
		fill = arActive
	}
	c.Box(x, y, w, h, 12, fill, imaging.Ink, 2)
	switch {
	case deciding:
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Highlight, 5)
	case v.Phase == archravels.PhOver && seat < len(v.Ranks) && v.Ranks[seat] == 1 && !p.Out:
		c.Outline(x-3, y-3, w+6, h+6, 14, imaging.Good, 5)
	}
	const infoW = 236.0
	boardInfo(c, v, opt, seat, x+14, y, infoW-24, active, deciding)
	sx := x + infoW
	boardSpaces(c, v, seat, sx, y+10, arRowSpW, 66, 6, arSmall)
	bx := sx + 2*arRowSpW + 6 + 20
	bowlAndItems(c, p, bx, y+10, x+w-14-bx)
	cx := boardScore(c, v, p, x+14, y+h-24)
	boardChips(c, v, p, cx+18, y+h-24, x+w-14-cx-18)
	if p.Out {
		c.Box(x, y, w, h, 12, imaging.WithAlpha(imaging.Felt, 0x90), nil, 0)
		c.Pill("conceded", x+w/2, y+h/2, 0.5, imaging.Bold, 26, imaging.Light, imaging.Frame)
	}
}

// ---- panel ----

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
	// As wide as the table and with its compact top band; the other
	// players' bowls and items are on the table, so they get one line.
	const (
		arW    = arTableW
		boardH = 578.0
	)
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
	c.DrawRectangle(x, y+barH-14, w, 14)
	c.SetColor(imaging.Frame)
	c.Fill()
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
	const pw, ph = 140.0, 180.0
	for i := range archravels.NumItems {
		patternBox(c, p, i, x+16+float64(i)*(pw+10), py+16, pw, ph, true)
	}
	bx := x + 16 + 5*(pw+10) + 16
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
		c.FitText(arName(v, opt, s), x+12, cy, 0, 280, imaging.Bold, 19, arSmall, imaging.Ink)
		c.Text(fmt.Sprintf("score %d", p.Score.Total), x+310, cy, 0, imaging.Bold, 20, imaging.Ink)
		bits := []string{fmt.Sprintf("bowl %d", p.Bowl.Total()), fmt.Sprintf("items %d", arItemCount(p))}
		bits = append(bits, fmt.Sprintf("held %d", len(p.Held)), fmt.Sprintf("requests %d", len(p.Done)),
			fmt.Sprintf("projects %d", len(p.Projects)))
		if p.Tangled {
			bits = append(bits, "Tangled")
		}
		if p.Out {
			bits = []string{"conceded"}
		}
		c.FitText(strings.Join(bits, " · "), x+430, cy, 0, w-440, imaging.Regular, arSmall, arSmall, imaging.Ink)
		row += 44
	}
}

// ---- scoring ----

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
	// As wide as the table, with 18 px the smallest text.
	const (
		arW     = arTableW
		headRow = 70.0
		lineH   = 104.0
		totalH  = 60.0
		tieH    = 56.0
		rankH   = 52.0
		labelW  = 250.0
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
		c.FitText(name, cx+cw/2, cy+27, 0.5, cw-24, imaging.Bold, 24, arSmall, imaging.Light)
		sub := p.Name
		switch {
		case p.Out:
			sub = p.Name + " · conceded"
		case p.Char != "":
			sub = fmt.Sprintf("%s · %s", p.Name, p.TypeName)
		}
		c.FitText(sub, cx+cw/2, cy+51, 0.5, cw-24, imaging.Regular, arSmall, arSmall, imaging.LightSoft)
	}
	c.Text("Scoring line", m+16, y+headRow/2, 0, imaging.Bold, 22, imaging.Ink)

	// The six lines.
	for li, ln := range arLines {
		lx, ly, _, lh := t.Cell(li, 0)
		if li%2 == 1 {
			c.DrawRectangle(m+2, ly, t.Width()-4, lh)
			c.SetColor(imaging.PaperAlt)
			c.Fill()
		}
		sign := "+"
		if ln.minus {
			sign = "−"
		}
		c.FitText(fmt.Sprintf("%d  %s", li+1, ln.title), lx+16, ly+24, 0, labelW-24, imaging.Bold, 21, arSmall, imaging.Ink)
		c.TextBlock(sign+" "+arLineRule(li), lx+16, ly+40, labelW-24, lh-44, 0, imaging.Regular, arSmall, arSmall, 2, imaging.InkSoft)
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

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[archravels.View]{Table: Table, Panel: Panel, Scoring: Scoring}
