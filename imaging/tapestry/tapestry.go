package tapestry

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

// Layout metrics of the Tapestry pictures, in pixels. Every picture is
// tpW wide, so its smallest text, tpSmall, reads 9 px when Discord shows
// it 520 wide.
const (
	tpW      = 1040.0 // picture width
	tpM      = 24.0   // outer margin
	tpSmall  = 18.0   // smallest text
	tpHeadH  = 116.0  // header band with a detail line
	tpHeadH2 = 84.0   // header band without one

	tpMapW  = 528.0 // the table's map box
	tpMapH  = 640.0 // the table's map box and track box
	tpBandH = 176.0 // achievements and tech row band
	tpRowH  = 40.0  // one row of the players table

	tpBlockH = 236.0 // one player's block on the players picture
	tpCell   = 21.0  // a capital plot on the players picture
)

// Terrain colours, by corner letter: S sea, D desert, F forest, G
// grassland, M mountain.
var tpTerrain = map[byte]color.RGBA{
	'S': imaging.RGB(0x4F, 0x8F, 0xC9),
	'D': imaging.RGB(0xE8, 0xC8, 0x72),
	'F': imaging.RGB(0x2E, 0x74, 0x38),
	'G': imaging.RGB(0x9F, 0xCB, 0x5B),
	'M': imaging.RGB(0x92, 0x8C, 0x86),
}

// The seat colours: far apart from each other and from the terrains, each
// token drawn outlined with the seat's number inside, so they stay apart
// for colour-blind readers too.
var tpSeatCol = [5]color.RGBA{
	imaging.RGB(0xD4, 0x36, 0x2C), // red
	imaging.RGB(0xF5, 0xB8, 0x22), // amber
	imaging.RGB(0x7A, 0x48, 0xC6), // violet
	imaging.RGB(0xF7, 0xF4, 0xEC), // white
	imaging.RGB(0x26, 0x22, 0x20), // black
}

// The track colours, by tapestry.Track.
var tpTrackCol = [tapestry.NumTracks]color.RGBA{
	imaging.RGB(0x2C, 0x6A, 0xA6), // exploration
	imaging.RGB(0x2D, 0x86, 0x4C), // science
	imaging.RGB(0xB3, 0x5A, 0x1F), // technology
	imaging.RGB(0x9A, 0x2A, 0x2C), // military
}

// The income building colours, by tapestry.Building (f h m a).
var tpBuildingCol = [tapestry.NumBuildings]color.RGBA{
	imaging.RGB(0xD9, 0xB2, 0x3A), // farm
	imaging.RGB(0xC2, 0x62, 0x3F), // house
	imaging.RGB(0x3E, 0x86, 0xC4), // market
	imaging.RGB(0x6E, 0x50, 0x8E), // armory
}

// The resource colours, by resource index (coin, worker, food, culture).
var tpResCol = [tapestry.NumRes]color.RGBA{
	imaging.RGB(0xE9, 0xB8, 0x24), // coin
	imaging.RGB(0x8A, 0x5A, 0x36), // worker
	imaging.RGB(0xC9, 0x4E, 0x2E), // food
	imaging.RGB(0x8E, 0x44, 0xAD), // culture
}

// Other Tapestry colours.
var (
	tpUnexplored = imaging.RGB(0xC4, 0xA8, 0x84) // an unexplored hex
	tpUnexpLine  = imaging.RGB(0x86, 0x67, 0x48) // its outline
	tpImpassable = imaging.RGB(0x4B, 0x40, 0x37) // an impassable capital plot
	tpLandmark   = imaging.RGB(0xA9, 0xB6, 0xC4) // a landmark in a capital
	tpActive     = imaging.RGB(0xFF, 0xF0, 0xC0) // the player to act
	tpSea        = imaging.RGB(0x7C, 0x60, 0x44) // the map's surround
)

// tpSeat is the colour of seat s.
func tpSeat(s int) color.RGBA {
	if s < 0 || s >= len(tpSeatCol) {
		return imaging.InkSoft
	}
	return tpSeatCol[s]
}

// tpSeatInk is legible text and outline on seat s's colour.
func tpSeatInk(s int) color.RGBA {
	if s == 1 || s == 3 {
		return imaging.Ink
	}
	return imaging.Light
}

// tpSeatEdge is the outline of seat s's tokens: ink, or light on black.
func tpSeatEdge(s int) color.RGBA {
	if s == 4 {
		return imaging.Light
	}
	return imaging.Ink
}

// mix returns a blended t of the way from a to b.
func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xFF}
}

// ---- checks ----

// tpCheck refuses views this layout cannot draw.
func tpCheck(v tapestry.View) error {
	if len(v.Players) < 1 || len(v.Players) > len(tpSeatCol) {
		return fmt.Errorf("imaging: tapestry view with %d players", len(v.Players))
	}
	for _, t := range v.Map {
		if t.Tile < 0 || t.Tile > len(tapestry.Territories) {
			return fmt.Errorf("imaging: unknown tapestry territory tile %d at %s", t.Tile, t.Hex)
		}
		if c := t.Corners(); c != "" && !tpTerrainOK(c) {
			return fmt.Errorf("imaging: tapestry hex %s with corners %q", t.Hex, c)
		}
		for _, o := range t.Outposts {
			if int(o.Seat) < 0 || int(o.Seat) >= len(v.Players) {
				return fmt.Errorf("imaging: tapestry outpost of seat %d at %s", o.Seat, t.Hex)
			}
		}
	}
	if len(v.LandOwner) > len(tapestry.Landmarks) {
		return fmt.Errorf("imaging: %d tapestry landmarks", len(v.LandOwner))
	}
	for _, id := range v.TechRow {
		if id < 0 || id >= len(tapestry.TechCards) {
			return fmt.Errorf("imaging: unknown tapestry tech card %d", id)
		}
	}
	for _, id := range v.Hand {
		if int(id) < 0 || int(id) >= len(tapestry.TapCards) {
			return fmt.Errorf("imaging: unknown tapestry card %d in hand", id)
		}
	}
	for i, p := range v.Players {
		if err := tpCheckPlayer(i, p); err != nil {
			return err
		}
	}
	return tpCheckCivs(v)
}

// tpTerrainOK reports whether corners are six known terrains.
func tpTerrainOK(corners string) bool {
	if len(corners) != 6 {
		return false
	}
	for i := range 6 {
		if _, ok := tpTerrain[corners[i]]; !ok {
			return false
		}
	}
	return true
}

// tpCheckPlayer refuses a player with unknown content.
func tpCheckPlayer(seat int, p tapestry.PlayerView) error {
	if p.Mat < 0 || int(p.Mat) > len(tapestry.Mats) {
		return fmt.Errorf("imaging: unknown tapestry capital %d of seat %d", p.Mat, seat)
	}
	if len(p.Cover) != tapestry.CitySize*tapestry.CitySize {
		return fmt.Errorf("imaging: tapestry capital of seat %d with %d plots", seat, len(p.Cover))
	}
	for _, b := range []byte(p.Cover + p.Beside) {
		if b != '.' && tpCoverName(b) == "" {
			return fmt.Errorf("imaging: unknown tapestry building %q in the capital of seat %d", b, seat)
		}
	}
	for _, row := range p.Tech {
		for _, id := range row {
			if id < 0 || id >= len(tapestry.TechCards) {
				return fmt.Errorf("imaging: unknown tapestry tech card %d of seat %d", id, seat)
			}
		}
	}
	for _, slot := range p.Slots {
		for _, sc := range slot {
			if sc.Card < -1 || int(sc.Card) >= len(tapestry.TapCards) {
				return fmt.Errorf("imaging: unknown tapestry card %d on a slot of seat %d", sc.Card, seat)
			}
		}
	}
	for _, id := range p.Tiles {
		if id < 1 || id > len(tapestry.Territories) {
			return fmt.Errorf("imaging: unknown tapestry territory tile %d of seat %d", id, seat)
		}
	}
	for _, id := range p.Space {
		if id < 1 || id > len(tapestry.SpaceTiles) {
			return fmt.Errorf("imaging: unknown tapestry space tile %d of seat %d", id, seat)
		}
	}
	return nil
}

// ---- words ----

// tpCoverName names a capital cover code: an income building's or a
// landmark's name, or "" for an unknown code.
func tpCoverName(b byte) string {
	if i := strings.IndexByte(tapestry.BuildingLetters, b); i >= 0 {
		return tapestry.BuildingNames[i]
	}
	if i := int(b) - 'A'; i >= 0 && i < len(tapestry.Landmarks) {
		return tapestry.Landmarks[i].Name
	}
	return ""
}

// tpTrackName is a track's name, capitalised.
func tpTrackName(t int) string { return capitalise(tapestry.TrackNames[t]) }

// capitalise returns s with its first letter upper case.
func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tpRoman is era or slot n (1-4) in Roman numerals.
func tpRoman(n int) string {
	if n >= 1 && n <= 5 {
		return [...]string{"I", "II", "III", "IV", "V"}[n-1]
	}
	return strconv.Itoa(n)
}

// tpCount writes n and the noun, plural unless n is 1.
func tpCount(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// tpEraText is where a player is in the game: "era 3", "finished".
func tpEraText(p tapestry.PlayerView) string {
	switch {
	case p.Done:
		return "finished"
	case p.Era == 0:
		return "not started"
	}
	return "era " + tpRoman(int(p.Era))
}

// tpResText writes resources in words: "3 coin, 1 worker, 0 food, 2
// culture".
func tpResText(r tapestry.Res) string {
	parts := make([]string, tapestry.NumRes)
	for i := range r {
		parts[i] = fmt.Sprintf("%d %s", r[i], tapestry.ResNames[i])
	}
	return strings.Join(parts, ", ")
}

// tpWords turns a data identifier into words: "gain_tech_card" → "gain
// tech card".
func tpWords(id string) string { return strings.ReplaceAll(id, "_", " ") }

// tpBespoke words the bespoke effects of the tapestry cards that have no
// text of their own (spec §13.4).
var tpBespoke = map[string]string{
	"age_of_sail_gift":              "you may give a tile to an opponent for 3 VP",
	"alliance_choose_partner":       "choose an ally",
	"alliance_copy_upgrade_benefit": "gain the same benefit",
	"capitalism_vp":                 "2 VP per coin of income",
	"discard_tapestry_for_vp":       "discard cards from hand for 2 VP each",
	"diplomacy_all_gain_any":        "everyone gains 1 resource",
	"marriage_choose":               "choose an opponent and a track",
	"marriage_copy_benefit":         "gain the same benefit",
	"mercantilism_convert":          "turn food income into other resources, 2 VP each",
	"militarism_outpost":            "you may put an outpost on the new territory",
	"revolution_flip":               "stand up to 3 of your toppled outposts, toppling theirs",
	"steam_tycoon_neighbours":       "your neighbours gain a tech card",
	"tyranny_play_on_top":           "you may play it on Tyranny (first time 5 VP)",
}

// tpDoWords words the effects Describe leaves as their data names.
var tpDoWords = map[string]string{
	"landmark_any_track": "claim a landmark of any track",
	"building_choice":    "gain an income building of your choice",
	"overplay_tapestry":  "play a tapestry card on top of your current one",
	"score_capital":      "score your capital city",
	"territory_benefit":  "gain the territory's benefit",
}

// tpEffects describes an effect list in a few words.
func tpEffects(effs []tapestry.Effect) string {
	parts := make([]string, 0, len(effs))
	for _, e := range effs {
		parts = append(parts, tpEffect(e))
	}
	return strings.Join(parts, ", then ")
}

// tpEffect describes one effect, the options of a choice and the
// effects of an any-order list each in turn.
func tpEffect(e tapestry.Effect) string {
	switch {
	case e.Do == "bespoke" && tpBespoke[e.ID] != "":
		return tpBespoke[e.ID]
	case e.Do == "bespoke":
		return tpWords(e.ID)
	case tpDoWords[e.Do] != "":
		return tpDoWords[e.Do]
	case e.Do == "choose":
		opts := make([]string, len(e.Options))
		for i, o := range e.Options {
			opts[i] = tpEffects(o)
		}
		return "one of: " + strings.Join(opts, " or ")
	case e.Do == "any_order":
		return tpEffects(e.Effects) + " (any order)"
	}
	return tapestry.Describe([]tapestry.Effect{e})
}

// tpTriggers words the hooks' triggers (spec §13.3).
var tpTriggers = map[string]string{
	"gain_tech_card":                   "each tech card you gain",
	"gain_tapestry_card":               "each tapestry card you draw",
	"advance":                          "each advance",
	"opponent_advances":                "each opponent's advance",
	"enter_new_tier":                   "each new tier you enter",
	"upgrade":                          "each upgrade",
	"income_step":                      "at your income",
	"gain_building":                    "each building you gain",
	"place_income_building_in_capital": "each income building you place",
	"place_building_on_impassable":     "each placement on impassable plots",
	"gain_track_landmark":              "each track landmark you claim",
	"enter_claimed_landmark_space":     "entering a claimed landmark space",
	"explore_start":                    "each explore",
	"explore_before_place":             "each explore",
	"explore_after_place":              "after each explore",
	"conquer_complete":                 "after each conquer",
	"ally_upgrades_tech_card":          "when your ally upgrades",
	"partner_gains_track_benefit":      "when your partner gains a benefit",
}

// tpRules words the hooks' modifiers (spec §13.3).
var tpRules = map[string]string{
	"forbid_advance":                                "you may not advance",
	"science_die_roll_twice_keep_one":               "roll the science die twice, keep one",
	"explore_may_double_tile_benefit_instead_of_vp": "explore for twice the tile's benefit instead of VP",
	"ignore_tech_prerequisites":                     "ignore tech prerequisites",
	"invent_also_gains_middle_benefit":              "inventing also gains the middle benefit",
	"both_dice_when_toppling":                       "both dice when you topple",
	"no_traps_against_you":                          "no Traps against you",
	"may_build_on_impassable":                       "build on impassable plots",
	"any_resource_bonuses_free":                     "bonuses costing any resources are free",
	"no_conquest_between_allies":                    "no conquest between allies",
}

// tpHookText describes one this-era hook briefly.
func tpHookText(h tapestry.Hook) string {
	if h.Rule != "" {
		s, ok := tpRules[h.Rule]
		if !ok {
			s = tpWords(h.Rule)
		}
		if h.Track != "" {
			s += " on " + h.Track
		}
		return s
	}
	when, ok := tpTriggers[h.When]
	if !ok {
		when = tpWords(h.When)
	}
	switch {
	case h.Track != "":
		when += " on " + h.Track
	case h.Building != "":
		when = strings.Replace(when, "building", h.Building, 1)
	}
	return when + ": " + tpEffects(h.Effects)
}

// tpCardType names a tapestry card's type.
func tpCardType(c tapestry.TapCard) string {
	switch c.Type {
	case "when_played":
		return "when played"
	case "this_era":
		return "this era"
	case "trap":
		return "trap"
	}
	return tpWords(c.Type)
}

// tpCardText says what a tapestry card does in a few words.
func tpCardText(c tapestry.TapCard) string {
	switch {
	case c.Type == "trap":
		return "Discard it when an opponent conquers your territory: their outpost falls, you gain 1 resource."
	case c.Text != "":
		return c.Text
	case c.Type == "this_era":
		var parts []string
		if len(c.Effects) > 0 {
			parts = append(parts, "now "+tpEffects(c.Effects))
		}
		for _, h := range c.Era {
			parts = append(parts, tpHookText(h))
		}
		return capitalise(strings.Join(parts, "; ")) + "."
	}
	return capitalise(tpEffects(c.Effects)) + "."
}

// tpAskText is what a pending decision is about, as an instruction.
func tpAskText(v tapestry.View, a *tapestry.AskView) string {
	if a == nil {
		return ""
	}
	switch a.Kind {
	case "solo_civ":
		return "choose the Automa's second civilization"
	case "turn":
		return "take an income turn or advance on a track"
	case "pay":
		if a.Track >= 0 && a.Track < tapestry.NumTracks {
			return "choose how to pay for the advance on " + tapestry.TrackNames[a.Track]
		}
		return "choose how to pay"
	case "bonus":
		if a.Track >= 0 && a.Track < tapestry.NumTracks && a.N >= 1 && a.N <= 12 {
			if sp := tapestry.Spaces[a.Track][a.N-1]; sp.Bonus != nil {
				return fmt.Sprintf("pay %s for the bonus of %s (%s) or not", tpCostText(sp.Bonus.Cost), sp.Name, tpEffects(sp.Bonus.Effects))
			}
		}
		return "take the space's bonus or not"
	case "building_choice":
		return "choose an income building"
	case "choose":
		if e := a.Effect; e != nil && len(e.Options) > 0 {
			return tpEffect(*e)
		}
		return "choose one of the benefits"
	case "any_order":
		if e := a.Effect; e != nil && len(e.Effects) > 0 {
			return "choose what comes first: " + strings.ReplaceAll(tpEffects(e.Effects), ", then ", "; ")
		}
		return "choose the order of the benefits"
	case "conquer_hex":
		return "choose a territory to conquer"
	case "trap":
		return "play a Trap against the conquest or not"
	case "die":
		return "keep the red or the black die"
	case "explore_tile":
		return "choose a territory tile to explore with"
	case "explore_hex":
		return fmt.Sprintf("choose the hex for territory tile %d", a.Tile)
	case "explore_rot":
		if a.Hex != nil {
			return fmt.Sprintf("turn territory tile %d on hex %s", a.Tile, a.Hex)
		}
		return fmt.Sprintf("turn territory tile %d", a.Tile)
	case "explore_space":
		return "choose a space tile"
	case "gain_any":
		return "choose the resources to gain"
	case "invent":
		return "invent: choose a tech card"
	case "upgrade":
		return "choose a tech card to upgrade"
	case "play":
		return "play a tapestry card"
	case "refresh":
		return "refresh the tech row or keep it"
	case "research":
		return "research: advance on the track or not"
	case "keep_roll":
		return "keep the roll or roll again"
	case "landmark_choice":
		return "choose a landmark"
	case "mat":
		return "choose your capital city"
	case "place_building":
		if a.N >= 0 && a.N < tapestry.NumBuildings {
			return "place the " + tapestry.BuildingNames[a.N] + " in the capital"
		}
		return "place the building in the capital"
	case "place_landmark":
		if a.N >= 0 && a.N < len(tapestry.Landmarks) {
			return "place the " + tapestry.Landmarks[a.N].Name + " in the capital"
		}
		return "place the landmark in the capital"
	case "repeat":
		return "choose a benefit to repeat"
	}
	if id, ok := strings.CutPrefix(a.Kind, "b:"); ok {
		return "decide for " + tpWords(id)
	}
	if s, ok := tpCivAskText(v, a); ok {
		return s
	}
	return tpWords(a.Kind)
}

// tpStatus is the header's pill: whose turn it is, or the game's end.
func tpStatus(v tapestry.View, opt imaging.Options) string {
	switch {
	case v.Over:
		return "Game over"
	case v.Setup:
		return "Setting up"
	}
	return opt.Name(games.Seat(v.Turn)) + "'s turn"
}

// tpNote is the header's note: what the table waits for, or who won.
func tpNote(v tapestry.View, opt imaging.Options) string {
	if v.Over {
		order := tpRanking(v)
		var best []string
		for _, s := range order {
			if tpRank(v, s) == 1 {
				best = append(best, opt.Name(games.Seat(s)))
			}
		}
		top := v.Players[order[0]]
		verb := " wins"
		if len(best) > 1 {
			verb = " tie"
		}
		return fmt.Sprintf("%s%s with %d VP", strings.Join(best, " and "), verb, top.VP)
	}
	if v.Ask == nil || v.Ask.Seat < 0 {
		return "Waiting for the next turn"
	}
	return opt.Name(games.Seat(v.Ask.Seat)) + " to act: " + tpAskText(v, v.Ask)
}

// tpDecks is the header's detail line: the decks and piles.
func tpDecks(v tapestry.View) string {
	return fmt.Sprintf("Tapestry deck %d (%d discarded) · territory tiles %d (%d discarded) · space tiles %d",
		v.TapDeck, len(v.TapDiscard), v.TerrStack, v.TerrDiscard, v.SpaceStack)
}

// ---- ranks and counts ----

// tpRanking orders the seats best first: most VP, then most resources
// left, then seat order.
func tpRanking(v tapestry.View) []int {
	var order []int
	for i := range v.Players {
		if !tpShadow(v, i) { // the Shadow Empire never ranks
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := v.Players[a], v.Players[b]
		if pa.VP != pb.VP {
			return pb.VP - pa.VP
		}
		return pb.Res.Total() - pa.Res.Total()
	})
	return order
}

// tpRank is seat's rank, 1 for the best; players equal in VP and
// resources share a rank.
func tpRank(v tapestry.View, seat int) int {
	p := v.Players[seat]
	r := 1
	for i, q := range v.Players {
		if tpShadow(v, i) {
			continue
		}
		if q.VP > p.VP || q.VP == p.VP && q.Res.Total() > p.Res.Total() {
			r++
		}
	}
	return r
}

// tpControlled counts the territories seat controls.
func tpControlled(v tapestry.View, seat int) int {
	n := 0
	for i := range v.Map {
		if t := &v.Map[i]; t.Explored() && t.Controller() == seat {
			n++
		}
	}
	return n
}

// tpLandmarksOf lists the landmarks seat owns.
func tpLandmarksOf(v tapestry.View, seat int) []int {
	var out []int
	for i, o := range v.LandOwner {
		if int(o) == seat {
			out = append(out, i)
		}
	}
	return out
}

// tpBase is the capital grid of mat (1-6) as 81 plots, 'X' impassable; an
// unchosen mat (0) is all open.
func tpBase(mat int) string {
	if mat < 1 || mat > len(tapestry.Mats) {
		return strings.Repeat(".", tapestry.CitySize*tapestry.CitySize)
	}
	return strings.Join(tapestry.Mats[mat-1].Grid, "")
}

// tpLines counts a capital's complete rows, columns and districts (every
// plot impassable or covered).
func tpLines(mat int, cover string) (rows, cols, districts int) {
	base := tpBase(mat)
	n := tapestry.CitySize
	filled := func(r, c int) bool { return base[r*n+c] == 'X' || cover[r*n+c] != '.' }
	for i := range n {
		row, col := true, true
		for j := range n {
			row = row && filled(i, j)
			col = col && filled(j, i)
		}
		rows += btoi(row)
		cols += btoi(col)
	}
	for d := range 9 {
		all := true
		for r := 3 * (d / 3); r < 3*(d/3)+3; r++ {
			for c := 3 * (d % 3); c < 3*(d%3)+3; c++ {
				all = all && filled(r, c)
			}
		}
		districts += btoi(all)
	}
	return rows, cols, districts
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tpAchVP are the VP slots of achievement i at this player count.
func tpAchVP(v tapestry.View, i int) []int {
	a := tapestry.Achievements[i]
	switch {
	case len(a.Order.Any) > 0:
		return a.Order.Any
	case v.Seats >= 4:
		return a.Order.Large
	}
	return a.Order.Small
}

// tpAchShort are the achievements' short names, in data order.
var tpAchShort = []string{"Complete a track", "Topple two outposts", "Conquer the middle island"}

// tpAchName is achievement i's short name.
func tpAchName(i int) string {
	if i < len(tpAchShort) {
		return tpAchShort[i]
	}
	return tapestry.Achievements[i].Name
}

// tpAchieved lists a player's achievements with the VP each gave.
func tpAchieved(v tapestry.View, seat int) []string {
	var out []string
	for i := range v.Claims {
		if i >= len(tapestry.Achievements) {
			break
		}
		if k := slices.Index(v.Claims[i], int8(seat)); k >= 0 {
			vp := 0
			if slots := tpAchVP(v, i); k < len(slots) {
				vp = slots[k]
			}
			out = append(out, fmt.Sprintf("%s (%d)", strings.ToLower(tpAchName(i)), vp))
		}
	}
	return out
}

// tpTrackLandmark is the landmark index on space (4, 7 or 10) of track t,
// or -1.
func tpTrackLandmark(t, space int) int {
	for i, l := range tapestry.Landmarks {
		if l.Source.Kind == "track" && l.Source.Track == tapestry.TrackNames[t] && l.Source.Space == space {
			return i
		}
	}
	return -1
}

// tpSlotCards are the cards on a player's tapestry slot n (1-4), bottom
// first: slot 1 is the printed Maker of Fire's, with any overplays.
func tpSlotCards(p tapestry.PlayerView, n int) []tapestry.SlotCard {
	if n == 1 {
		return slices.Concat(p.Slots[0], p.Slots[1])
	}
	return p.Slots[n]
}

// tpSlotText names what lies on top of slot n (1-4): a card, "face down",
// the printed "Maker of Fire", or "" for nothing yet.
func tpSlotText(p tapestry.PlayerView, n int) string {
	cards := tpSlotCards(p, n)
	if len(cards) == 0 {
		if n == 1 {
			return "Maker of Fire"
		}
		return ""
	}
	top := cards[len(cards)-1]
	s := "face down"
	if !top.Down && top.Card >= 0 {
		s = tapestry.TapCards[top.Card].Name
	}
	if under := len(cards) - 1 + btoi(n == 1); under > 0 {
		s += fmt.Sprintf(" (+%d under)", under)
	}
	return s + tpHeraldMark(cards)
}

// tpPlural is the plural of a building's name.
func tpPlural(name string) string {
	if strings.HasSuffix(name, "y") {
		return strings.TrimSuffix(name, "y") + "ies"
	}
	return name + "s"
}

// tpTechNames joins tech card names.
func tpTechNames(ids []int) string {
	if len(ids) == 0 {
		return "none"
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = tapestry.TechCards[id].Name
	}
	return strings.Join(names, ", ")
}

// tpOpt parses an option key "verb:<x>@<y>" into its verb and the two
// numbers (x may itself be "<r>,<c>", whose parts come back in xs).
func tpOpt(key string) (verb string, xs []int, y int, ok bool) {
	verb, arg, found := strings.Cut(key, ":")
	if !found {
		return verb, nil, 0, false
	}
	x, ys, found := strings.Cut(arg, "@")
	if !found {
		return verb, nil, 0, false
	}
	yi, err := strconv.Atoi(ys)
	if err != nil {
		return verb, nil, 0, false
	}
	for _, f := range strings.Split(x, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			return verb, nil, 0, false
		}
		xs = append(xs, n)
	}
	return verb, xs, yi, true
}

// ---- the map ----

// tpGeom places map hexes (maps.yaml): hex [a, b] has its centre at
// (X + 1.5·S·(b−a), Y + 0.866·S·(a+b)), S being the radius of a
// flat-topped hex (centre to corner).
type tpGeom struct{ X, Y, S float64 }

// centre is the pixel centre of hex h.
func (g tpGeom) centre(h tapestry.Hex) (float64, float64) {
	return g.X + 1.5*g.S*float64(h.B-h.A), g.Y + 0.866*g.S*float64(h.A+h.B)
}

// tpFit returns the geometry that fits the hexes into the box (x, y, w, h),
// centred in it, with a radius of at most maxS (whole pixels).
func tpFit(hexes []tapestry.Hex, x, y, w, h, maxS float64) tpGeom {
	if len(hexes) == 0 {
		return tpGeom{X: x + w/2, Y: y + h/2, S: maxS}
	}
	minU, maxU := math.Inf(1), math.Inf(-1)
	minV, maxV := math.Inf(1), math.Inf(-1)
	for _, hx := range hexes {
		u, v := 1.5*float64(hx.B-hx.A), 0.866*float64(hx.A+hx.B)
		minU, maxU = math.Min(minU, u-1), math.Max(maxU, u+1)
		minV, maxV = math.Min(minV, v-0.866), math.Max(maxV, v+0.866)
	}
	s := math.Floor(math.Min(maxS, math.Min(w/(maxU-minU), h/(maxV-minV))))
	return tpGeom{X: x + w/2 - s*(minU+maxU)/2, Y: y + h/2 - s*(minV+maxV)/2, S: s}
}

// tpCorner is corner k (0 TL, 1 TR, 2 R, 3 BR, 4 BL, 5 L) of the
// flat-topped hex of radius s centred at (cx, cy).
func tpCorner(cx, cy, s float64, k int) (float64, float64) {
	a := float64(240+60*k) * math.Pi / 180
	return cx + s*math.Cos(a), cy + s*math.Sin(a)
}

// tpHexPath starts a path around the flat-topped hex.
func tpHexPath(c *imaging.Canvas, cx, cy, s float64) {
	c.NewSubPath()
	for k := range 6 {
		x, y := tpCorner(cx, cy, s, k)
		c.LineTo(x, y)
	}
	c.ClosePath()
}

// tpMajority is the terrain most corners show (the first on a tie).
func tpMajority(corners string) byte {
	best, n := corners[0], 0
	for i := range len(corners) {
		if k := strings.Count(corners, corners[i:i+1]); k > n {
			best, n = corners[i], k
		}
	}
	return best
}

// tpTerrainHex draws a territory's six corner terrains: the wedge at
// corner k (between the midpoints of its two sides) in corner k's terrain,
// outlined.
func tpTerrainHex(c *imaging.Canvas, corners string, cx, cy, s float64) {
	base := tpMajority(corners)
	tpHexPath(c, cx, cy, s)
	c.SetColor(tpTerrain[base])
	c.Fill()
	for k := range 6 {
		if corners[k] == base {
			continue
		}
		px, py := tpCorner(cx, cy, s, (k+5)%6)
		kx, ky := tpCorner(cx, cy, s, k)
		nx, ny := tpCorner(cx, cy, s, (k+1)%6)
		c.NewSubPath()
		c.MoveTo(cx, cy)
		c.LineTo((px+kx)/2, (py+ky)/2)
		c.LineTo(kx, ky)
		c.LineTo((nx+kx)/2, (ny+ky)/2)
		c.ClosePath()
		c.SetColor(tpTerrain[corners[k]])
		c.Fill()
	}
	tpHexPath(c, cx, cy, s)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, s*0.045))
	c.Stroke()
}

// tpIsland draws a small island in the middle of a hex, split among its
// land terrains; the middle island is ringed.
func tpIsland(c *imaging.Canvas, land string, middle bool, cx, cy, r float64) {
	if middle {
		c.DrawCircle(cx, cy, r+r*0.35)
		c.SetColor(imaging.Highlight)
		c.Fill()
	}
	n := len(land)
	for i := range n {
		a0 := -math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		a1 := a0 + 2*math.Pi/float64(n)
		c.NewSubPath()
		if n > 1 {
			c.MoveTo(cx, cy)
		}
		c.DrawArc(cx, cy, r, a0, a1)
		c.ClosePath()
		col, ok := tpTerrain[land[i]]
		if !ok {
			col = tpTerrain['D']
		}
		c.SetColor(col)
		c.Fill()
	}
	c.DrawCircle(cx, cy, r)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(math.Max(1, r*0.14))
	c.Stroke()
}

// tpOutpost draws one outpost of seat centred at (cx, cy) in a box of
// radius r: upright as a small hexagon with the seat's number, toppled
// lying on its side, darker and crossed out.
func tpOutpost(c *imaging.Canvas, seat int, down bool, cx, cy, r float64) {
	col, edge := tpSeat(seat), tpSeatEdge(seat)
	lw := math.Max(1.2, r*0.16)
	if down {
		w, h := r*1.05, r*0.55
		c.NewSubPath()
		c.MoveTo(cx-w, cy)
		c.LineTo(cx-w*0.55, cy-h)
		c.LineTo(cx+w*0.55, cy-h)
		c.LineTo(cx+w, cy)
		c.LineTo(cx+w*0.55, cy+h)
		c.LineTo(cx-w*0.55, cy+h)
		c.ClosePath()
		c.SetColor(mix(col, imaging.Ink, 0.45))
		c.FillPreserve()
		c.SetColor(edge)
		c.SetLineWidth(lw)
		c.Stroke()
		c.Cross(cx, cy, h*0.8, imaging.Light, lw*1.3)
		c.SetLineCapButt()
		return
	}
	c.NewSubPath()
	for k := range 6 {
		a := float64(60*k-90) * math.Pi / 180
		c.LineTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	c.ClosePath()
	c.SetColor(col)
	c.FillPreserve()
	c.SetColor(edge)
	c.SetLineWidth(lw)
	c.Stroke()
	c.MarkText(strconv.Itoa(seat+1), cx, cy, 0.5, imaging.Bold, r*1.1, tpSeatInk(seat))
}

// tpOutposts draws a hex's outposts side by side centred at (cx, cy).
func tpOutposts(c *imaging.Canvas, os []tapestry.Outpost, cx, cy, r float64) {
	step := r * 2.25
	x := cx - step*float64(len(os)-1)/2
	for _, o := range os {
		tpOutpost(c, int(o.Seat), o.Down, x, cy, r)
		x += step
	}
}

// tpIslandOf is the land of the island in the middle of a territory (""
// for none): a printed hex's own, or its tile's.
func tpIslandOf(t *tapestry.Territory) string {
	if t.Tile > 0 {
		return tapestry.Territories[t.Tile-1].Island
	}
	return t.Island
}

// tpTerritory draws one map hex at (cx, cy): unexplored, or its terrain
// (a tile's as turned), island, tile number (when ids is set and there is
// room) and its outposts.
func tpTerritory(c *imaging.Canvas, t *tapestry.Territory, cx, cy, s float64, ids bool) {
	if !t.Explored() {
		tpHexPath(c, cx, cy, s*0.96)
		c.SetColor(tpUnexplored)
		c.FillPreserve()
		c.SetColor(tpUnexpLine)
		c.SetLineWidth(math.Max(1, s*0.04))
		c.Stroke()
	} else {
		tpTerrainHex(c, t.Corners(), cx, cy, s)
	}
	if land := tpIslandOf(t); land != "" {
		tpIsland(c, land, t.Middle, cx, cy, s*0.2)
	}
	if t.Tile > 0 {
		if ids && s >= 30 {
			id := strconv.Itoa(t.Tile)
			w := c.Measure(id, imaging.Bold, tpSmall) + 8
			c.Box(cx-w/2, cy-s*0.56-11, w, 22, 5, imaging.FaceColor, imaging.Ink, 1)
			c.Text(id, cx, cy-s*0.56, 0.5, imaging.Bold, tpSmall, imaging.Ink)
		}
	}
	if len(t.Outposts) > 0 || len(t.Tokens) > 0 {
		tpItems(c, t, cx, cy+s*0.45, math.Max(5, s*0.24))
	}
}

// tpMap draws every hex of the map with geometry g.
func tpMap(c *imaging.Canvas, v tapestry.View, g tpGeom, ids bool) {
	for i := range v.Map {
		t := &v.Map[i]
		cx, cy := g.centre(t.Hex)
		tpTerritory(c, t, cx, cy, g.S, ids)
	}
}

// tpHexes lists the map's hexes.
func tpHexes(v tapestry.View) []tapestry.Hex {
	out := make([]tapestry.Hex, len(v.Map))
	for i, t := range v.Map {
		out[i] = t.Hex
	}
	return out
}

// tpMapBox draws the map in a box with a legend line under it.
func tpMapBox(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, tpSea, imaging.Ink, 2)
	legendH := 34.0
	g := tpFit(tpHexes(v), x+8, y+8, w-16, h-16-legendH, 64)
	tpMap(c, v, g, true)
	c.FitText(tpMapLegend(v),
		x+w/2, y+h-legendH/2-4, 0.5, w-20, imaging.Regular, tpSmall, tpSmall, imaging.Light)
}

// ---- header ----

// tpHeader draws the header band: a title, the status pill, the note
// (what the table waits for) and, when given, a detail line. It returns
// the band's height.
func tpHeader(c *imaging.Canvas, v tapestry.View, opt imaging.Options, title, note, detail string) float64 {
	w := float64(c.Width())
	h := tpHeadH2
	if detail != "" {
		h = tpHeadH
	}
	c.DrawRectangle(0, 0, w, h)
	c.SetColor(imaging.Frame)
	c.Fill()
	y := tpM + 12
	pw := c.Pill(tpStatus(v, opt), w-tpM, y, 1, imaging.Bold, 22, imaging.Ink, imaging.Highlight)
	c.FitText(title, tpM, y, 0, w-2*tpM-pw-20, imaging.Bold, 34, 22, imaging.Light)
	c.FitText(note, tpM, y+38, 0, w-2*tpM, imaging.Bold, 22, tpSmall, imaging.Highlight)
	if detail != "" {
		c.FitText(detail, tpM, y+70, 0, w-2*tpM, imaging.Regular, tpSmall, tpSmall, imaging.LightSoft)
	}
	return h
}

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

// tpTower draws a landmark on a track space: white while unclaimed, in its
// owner's colour once claimed.
func tpTower(c *imaging.Canvas, owner int, cx, cy, w float64) {
	h := w * 1.3
	c.NewSubPath()
	c.MoveTo(cx-w/2, cy+h/2)
	c.LineTo(cx-w/2, cy-h/6)
	c.LineTo(cx, cy-h/2)
	c.LineTo(cx+w/2, cy-h/6)
	c.LineTo(cx+w/2, cy+h/2)
	c.ClosePath()
	if owner < 0 {
		c.SetColor(imaging.InkSoft)
		c.SetLineWidth(1.5)
		c.SetDash(3, 2)
		c.Stroke()
		c.SetDash()
		return
	}
	c.SetColor(tpSeat(owner))
	c.FillPreserve()
	c.SetColor(imaging.Ink)
	c.SetLineWidth(1.5)
	c.Stroke()
	{
		c.MarkText(strconv.Itoa(owner+1), cx, cy+h/8, 0.5, imaging.Bold, w*0.75, tpSeatInk(owner))
	}
}

// tpTracks draws the four tracks side by side as columns of spaces 0-12,
// 12 at the top, shaded by tier, with every token and the landmarks on
// spaces 4, 7 and 10.
func tpTracks(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	const headH = 40.0
	pad := 6.0
	cw := (w - 2*pad) / tapestry.NumTracks
	rh := math.Floor((h - headH - 2*pad) / 13)
	top := y + headH + pad
	for t := range tapestry.NumTracks {
		cx := x + pad + float64(t)*cw
		c.Box(cx+2, y+pad, cw-4, headH-pad-2, 6, tpTrackCol[t], tpTrackCol[t], 0)
		name, f := tpTrackName(t), imaging.Bold
		if c.Measure(name, f, tpSmall) > cw-8 {
			f = imaging.Regular
		}
		c.FitText(name, cx+cw/2, y+pad+(headH-pad-2)/2, 0.5, cw-8, f, 20, tpSmall, imaging.Light)
		for i := range 13 {
			sp := 12 - i
			ry := top + float64(i)*rh
			tier := (sp + 2) / 3
			fill := imaging.Paper
			switch {
			case sp == 0:
				fill = mix(imaging.Paper, imaging.Felt, 0.25)
			case tier%2 == 1:
				fill = mix(imaging.Paper, tpTrackCol[t], 0.12)
			}
			c.DrawRectangle(cx+2, ry, cw-4, rh)
			c.SetColor(fill)
			c.Fill()
			c.Rule(cx+2, cx+cw-2, ry+rh, imaging.FeltLine, 1)
			label := strconv.Itoa(sp)
			c.Text(label, cx+8, ry+rh/2, 0, imaging.Bold, tpSmall, imaging.InkSoft)
			right := cx + cw - 6
			if lm := tpTrackLandmark(t, sp); lm >= 0 {
				owner := -1
				if lm < len(v.LandOwner) {
					owner = int(v.LandOwner[lm])
				}
				tpTower(c, owner, right-7, ry+rh/2, 14)
				right -= 18
			}
			tks := tpTokensAt(v, t, sp)
			if len(tks) == 0 {
				continue
			}
			ax := cx + 8 + c.Measure("12", imaging.Bold, tpSmall) + 6
			z, per := tpPack(len(tks), right-ax, rh-6, 16)
			gap := math.Round(z / 5)
			rows := (len(tks) + per - 1) / per
			y0 := ry + rh/2 - (float64(rows)*(z+gap)-gap)/2 + z/2
			for k, tk := range tks {
				tpCube(c, tk, ax+z/2+float64(k%per)*(z+gap), y0+float64(k/per)*(z+gap), z)
			}
		}
		if t > 0 {
			c.SetColor(imaging.Ink)
			c.SetLineWidth(1.5)
			c.DrawLine(cx, top, cx, top+13*rh)
			c.Stroke()
		}
		for _, b := range []int{3, 6, 9} {
			c.Rule(cx+2, cx+cw-2, top+float64(12-b)*rh, imaging.Ink, 2)
		}
	}
}

// ---- achievements, tech row, landmarks ----

// tpAchievements draws the three achievements with their VP slots, taken
// slots filled in the claimant's colour, free ones dashed.
func tpAchievements(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Achievements", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	rowH := (h - 44) / 3
	for i := range min(3, len(tapestry.Achievements)) {
		cy := y + 40 + rowH*float64(i) + rowH/2
		slots := tpAchVP(v, i)
		r := 17.0
		sx := x + w - 14 - r - float64(len(slots)-1)*(2*r+8)
		c.FitText(tpAchName(i), x+14, cy, 0, sx-r-x-24, imaging.Regular, 20, tpSmall, imaging.Ink)
		for k, vp := range slots {
			px := sx + float64(k)*(2*r+8)
			if k >= len(v.Claims[i]) {
				// A free slot: dashed, its VP faint.
				c.DrawCircle(px, cy, r)
				c.SetColor(imaging.InkSoft)
				c.SetLineWidth(1.5)
				c.SetDash(4, 3)
				c.Stroke()
				c.SetDash()
				c.Text(strconv.Itoa(vp), px, cy, 0.5, imaging.Regular, tpSmall, imaging.InkSoft)
				continue
			}
			s := int(v.Claims[i][k])
			c.DrawCircle(px, cy, r)
			c.SetColor(tpSeat(s))
			c.FillPreserve()
			c.SetColor(imaging.Ink)
			c.SetLineWidth(2.5)
			c.Stroke()
			c.Text(strconv.Itoa(vp), px, cy, 0.5, imaging.Bold, tpSmall, tpSeatInk(s))
		}
	}
}

// tpTechRow draws the face-up tech row and the tech deck's counts.
func tpTechRow(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Tech row", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	c.Text(fmt.Sprintf("deck %d · discard %d", v.TechDeck, v.TechDiscard), x+w-14, y+22, 1, imaging.Regular, tpSmall, imaging.InkSoft)
	n := 3
	gap := 10.0
	cw := (w - 28 - float64(n-1)*gap) / float64(n)
	ch := h - 56
	for i := range n {
		cx := x + 14 + float64(i)*(cw+gap)
		if i >= len(v.TechRow) {
			c.DashedOutline(cx, y+44, cw, ch, 8, imaging.InkSoft, 1.5, 6)
			continue
		}
		c.Box(cx, y+44, cw, ch, 8, imaging.FaceColor, imaging.Ink, 1.5)
		c.Box(cx, y+44, cw, 8, 4, tpTrackCol[tapestry.Technology], tpTrackCol[tapestry.Technology], 0)
		c.TextBlock(tapestry.TechCards[v.TechRow[i]].Name, cx+8, y+52, cw-16, ch-10, 0.5, imaging.Bold, 20, tpSmall, 3, imaging.Ink)
	}
}

// tpLandmarksLeft draws the unclaimed landmarks by name.
func tpLandmarksLeft(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	var track, tech []string
	for i, l := range tapestry.Landmarks {
		if i < len(v.LandOwner) && v.LandOwner[i] >= 0 {
			continue
		}
		if l.Source.Kind == "track" {
			track = append(track, l.Name)
		} else {
			tech = append(tech, l.Name)
		}
	}
	text := "on the tracks: " + tpList(track) + "; from tech cards: " + tpList(tech)
	c.Text("Landmarks left", x+14, y+22, 0, imaging.Bold, 21, imaging.Ink)
	c.TextBlock(capitalise(text), x+14, y+38, w-28, h-44, 0, imaging.Regular, tpSmall, tpSmall, 2, imaging.Ink)
}

// tpList joins names with commas, "none" for none.
func tpList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// ---- the players table ----

// tpPlayerCols are the columns of the table's players table.
func tpPlayerCols(w float64) []imaging.Column {
	cols := []imaging.Column{
		{Title: "Player", Width: 0, Align: 0}, {Title: "VP", Width: 70, Align: 0.5}, {Title: "Era", Width: 96, Align: 0.5},
		{Title: "Coin", Width: 66, Align: 0.5}, {Title: "Worker", Width: 78, Align: 0.5}, {Title: "Food", Width: 62, Align: 0.5}, {Title: "Culture", Width: 82, Align: 0.5},
		{Title: "Hand", Width: 62, Align: 0.5}, {Title: "Tiles", Width: 60, Align: 0.5}, {Title: "Tech", Width: 58, Align: 0.5}, {Title: "Outposts", Width: 94, Align: 0.5},
	}
	rest := w
	for _, col := range cols[1:] {
		rest -= col.Width
	}
	cols[0].Width = rest
	return cols
}

// tpSwatch draws seat's colour as an outpost with its number.
func tpSwatch(c *imaging.Canvas, seat int, cx, cy, r float64) { tpOutpost(c, seat, false, cx, cy, r) }

// tpPlayersTable draws a row per player: VP, era, resources, hand size,
// tiles in supply, tech cards and outposts left.
func tpPlayersTable(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64) {
	t := imaging.RowTable{X: x, Y: y, HeadH: 36, RowH: tpRowH, Cols: tpPlayerCols(w)}
	rows := len(v.Players)
	if v.Solo != nil {
		rows--
	}
	c.Box(x, y, w, t.Height(rows)+4, 12, imaging.Paper, imaging.Ink, 2)
	for ci, col := range t.Cols {
		cx, cy, cw, ch := t.Cell(-1, ci)
		ink := imaging.Ink
		if ci >= 3 && ci <= 6 {
			ink = mix(tpResCol[ci-3], imaging.Ink, 0.35)
		}
		c.Text(col.Title, t.Anchor(ci, cx, cw, 12), cy+ch/2+2, col.Align, imaging.Bold, tpSmall, ink)
	}
	for s, p := range v.Players {
		if tpShadow(v, s) {
			continue // shown in the Automa box
		}
		rx, ry, _, rh := t.Cell(s, 0)
		if v.Ask != nil && v.Ask.Seat == s && !v.Over {
			c.DrawRectangle(x+2, ry, w-4, rh)
			c.SetColor(tpActive)
			c.Fill()
		} else if s%2 == 0 {
			c.DrawRectangle(x+2, ry, w-4, rh)
			c.SetColor(imaging.PaperAlt)
			c.Fill()
		}
		tpSwatch(c, s, rx+24, ry+rh/2, 12)
		_, _, nw, _ := t.Cell(s, 0)
		c.FitText(opt.Name(games.Seat(s)), rx+44, ry+rh/2, 0, nw-52, imaging.Bold, 20, tpSmall, imaging.Ink)
		vals := []string{
			strconv.Itoa(p.VP), tpEraText(p),
			strconv.Itoa(p.Res[0]), strconv.Itoa(p.Res[1]), strconv.Itoa(p.Res[2]), strconv.Itoa(p.Res[3]),
			strconv.Itoa(p.HandSize), strconv.Itoa(len(p.Tiles) + len(p.Space)), strconv.Itoa(p.TechCount()), strconv.Itoa(int(p.Outposts)),
		}
		if tpBot(v, s) { // no resources, hand, tiles or tech
			for k := 2; k < len(vals)-1; k++ {
				vals[k] = "–"
			}
		}
		for k, val := range vals {
			cx, cy, cw, ch := t.Cell(s, k+1)
			f, size := imaging.Regular, tpSmall
			if k == 0 {
				f, size = imaging.Bold, 22
			}
			c.FitText(val, t.Anchor(k+1, cx, cw, 6), cy+ch/2, t.Cols[k+1].Align, cw-8, f, size, tpSmall, imaging.Ink)
		}
	}
}

// ---- table ----

// Table draws the public table: a header with whose turn it is and
// what the table waits for, the map (terrain by corner, tiles, outposts
// standing and toppled, civilizations' tokens), the four tracks with every token and the track
// landmarks, the achievements with their claimants, the tech row, the
// landmarks left and a line per player.
func Table(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	n := float64(len(v.Players))
	if v.Solo != nil {
		n-- // the Shadow Empire is in the Automa box
	}
	const lmH = 96.0
	playersH := 36 + n*tpRowH + 4
	h := tpHeadH + tpM + tpMapH + 16 + tpBandH + 16 + lmH + 16 + playersH + tpM
	if v.Solo != nil {
		h += tpSoloH + 16
	}
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	tpHeader(c, v, opt, "Tapestry", tpNote(v, opt), tpDecks(v))
	m := tpM
	y := tpHeadH + m
	tpMapBox(c, v, m, y, tpMapW, tpMapH)
	tpTracks(c, v, m+tpMapW+16, y, tpW-2*m-tpMapW-16, tpMapH)
	y += tpMapH + 16
	half := (tpW - 2*m - 16) / 2
	tpAchievements(c, v, m, y, half, tpBandH)
	tpTechRow(c, v, m+half+16, y, half, tpBandH)
	y += tpBandH + 16
	tpLandmarksLeft(c, v, m, y, tpW-2*m, lmH)
	y += lmH + 16
	tpPlayersTable(c, v, opt, m, y, tpW-2*m)
	if v.Solo != nil {
		tpSoloBox(c, v, opt, m, y+playersH+16, tpW-2*m, tpSoloH)
	}
	return c.Image(), nil
}

// ---- capitals and income mats ----

// tpCity draws a capital city grid with its top-left corner at (x, y):
// the mat's impassable plots dark, income buildings in their colours with
// their letters, landmarks as blocks labelled with their letters (cover
// code 'A' + landmark index). hl tints the given plots.
func tpCity(c *imaging.Canvas, mat int, cover string, x, y, cell float64, hl map[int]color.RGBA) {
	const n = tapestry.CitySize
	base := tpBase(mat)
	size := cell * n
	c.DrawRectangle(x, y, size, size)
	c.SetColor(imaging.Paper)
	c.Fill()
	for i := range n * n {
		px, py := x+float64(i%n)*cell, y+float64(i/n)*cell
		var fill color.RGBA
		switch b := cover[i]; {
		case b >= 'A' && b <= 'Z':
			fill = tpLandmark
		case strings.IndexByte(tapestry.BuildingLetters, b) >= 0:
			fill = tpBuildingCol[strings.IndexByte(tapestry.BuildingLetters, b)]
		case base[i] == 'X':
			fill = tpImpassable
		default:
			continue
		}
		c.DrawRectangle(px, py, cell, cell)
		c.SetColor(fill)
		c.Fill()
	}
	for i, col := range hl {
		if i < 0 || i >= n*n {
			continue
		}
		c.DrawRectangle(x+float64(i%n)*cell, y+float64(i/n)*cell, cell, cell)
		c.SetColor(col)
		c.Fill()
	}
	// Plot lines, thick between districts, none inside a landmark.
	same := func(i, j int) bool {
		b := cover[i]
		return b >= 'A' && b <= 'Z' && cover[j] == b
	}
	for _, thick := range []bool{false, true} {
		for r := range n {
			for k := 1; k < n; k++ {
				if (k%3 == 0) != thick {
					continue
				}
				if !same(r*n+k-1, r*n+k) { // the line left of plot (r, k)
					c.DrawLine(x+float64(k)*cell, y+float64(r)*cell, x+float64(k)*cell, y+float64(r+1)*cell)
				}
				if !same((k-1)*n+r, k*n+r) { // the line above plot (k, r)
					c.DrawLine(x+float64(r)*cell, y+float64(k)*cell, x+float64(r+1)*cell, y+float64(k)*cell)
				}
			}
		}
		if thick {
			c.SetColor(imaging.Ink)
			c.SetLineWidth(math.Max(1.5, cell*0.1))
		} else {
			c.SetColor(mix(imaging.Paper, imaging.Ink, 0.35))
			c.SetLineWidth(1)
		}
		c.Stroke()
	}
	c.DrawRectangle(x, y, size, size)
	c.SetColor(imaging.Ink)
	c.SetLineWidth(2)
	c.Stroke()
	// Letters: one per income building, one per landmark block.
	sum := map[byte][3]float64{}
	for i := range n * n {
		b := cover[i]
		cx, cy := x+(float64(i%n)+0.5)*cell, y+(float64(i/n)+0.5)*cell
		switch {
		case b >= 'A' && b <= 'Z':
			s := sum[b]
			sum[b] = [3]float64{s[0] + cx, s[1] + cy, s[2] + 1}
		case b != '.':
			k := strings.IndexByte(tapestry.BuildingLetters, b)
			ink := imaging.Light
			if k == int(tapestry.Farm) {
				ink = imaging.Ink
			}
			c.MarkText(string(b), cx, cy-cell*0.06, 0.5, imaging.Bold, cell*0.62, ink)
		}
	}
	for b, s := range sum {
		c.MarkText(string(b), s[0]/s[2], s[1]/s[2], 0.5, imaging.Bold, cell*0.72, imaging.Ink)
	}
	if mat == 0 {
		c.DrawRectangle(x, y, size, size)
		c.SetColor(imaging.WithAlpha(imaging.Paper, 0xC0))
		c.Fill()
		c.TextBlock("capital not chosen yet", x+8, y, size-16, size, 0.5, imaging.Bold, tpSmall, tpSmall, 3, imaging.Ink)
	}
}

// tpCovered reports whether space k (0-5) of income row b still holds a
// building: spaces 2-6 start covered and are uncovered left to right.
func tpCovered(p tapestry.PlayerView, b, k int) bool {
	return k >= 1 && k-1 >= int(p.Taken[b])
}

// tpIncomeMat draws the four income rows: each row's building name and
// its six spaces, those still holding a building in its colour, the
// uncovered ones with their numbers.
func tpIncomeMat(c *imaging.Canvas, p tapestry.PlayerView, x, y, w, rowH float64) {
	const labelW = 72.0
	cw := (w - labelW) / 6
	for b := range tapestry.NumBuildings {
		ry := y + float64(b)*(rowH+4)
		c.Text(capitalise(tapestry.BuildingNames[b]), x, ry+rowH/2, 0, imaging.Regular, tpSmall, imaging.Ink)
		for k := range 6 {
			bx := x + labelW + float64(k)*cw
			if tpCovered(p, b, k) {
				c.Box(bx+1, ry, cw-2, rowH, 4, tpBuildingCol[b], imaging.Ink, 1)
				ink := imaging.Light
				if b == int(tapestry.Farm) {
					ink = imaging.Ink
				}
				c.MarkText(tapestry.BuildingLetters[b:b+1], bx+cw/2, ry+rowH/2, 0.5, imaging.Bold, rowH*0.55, ink)
				continue
			}
			c.Box(bx+1, ry, cw-2, rowH, 4, imaging.FaceColor, imaging.InkSoft, 1)
			c.Text(strconv.Itoa(k+1), bx+cw/2, ry+rowH/2, 0.5, imaging.Regular, tpSmall, imaging.InkSoft)
		}
	}
}

// tpLabelled draws a bold label and then text, cut to fit w.
func tpLabelled(c *imaging.Canvas, label, text string, x, cy, w float64) {
	lw := c.Text(label, x, cy, 0, imaging.Bold, tpSmall, imaging.Ink) + 6
	c.FitText(text, x+lw, cy, 0, w-lw, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
}

// tpLandmarkText lists a player's landmarks with their capital letters,
// and what went beside the mat.
func tpLandmarkText(v tapestry.View, seat int) string {
	p := v.Players[seat]
	var in []string
	for _, i := range tpLandmarksOf(v, seat) {
		code := byte('A' + i)
		if strings.IndexByte(p.Cover, code) >= 0 {
			in = append(in, string(code)+" "+tapestry.Landmarks[i].Name)
		}
	}
	s := tpList(in)
	if p.Beside != "" {
		var out []string
		for _, b := range []byte(p.Beside) {
			out = append(out, tpCoverName(b))
		}
		s += "; beside the mat: " + strings.Join(out, ", ")
	}
	return s
}

// tpTilesText lists a player's territory and space tiles in supply.
func tpTilesText(p tapestry.PlayerView) string {
	ids := func(xs []int) string {
		if len(xs) == 0 {
			return "none"
		}
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = strconv.Itoa(x)
		}
		return strings.Join(out, ", ")
	}
	s := ids(p.Tiles)
	if len(p.Space) > 0 {
		s += "; space " + ids(p.Space)
	}
	return s
}

// tpBar draws a player's name bar in the seat's colour: name, capital,
// achievements, VP and era, and a pill when the player is to act.
func tpBar(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	col, ink := tpSeat(seat), tpSeatInk(seat)
	c.Box(x, y, w, h, 8, col, imaging.Ink, 1.5)
	right := x + w - 12
	right -= c.Text(tpEraText(p), right, y+h/2, 1, imaging.Regular, tpSmall, ink) + 16
	right -= c.Text(fmt.Sprintf("%d VP", p.VP), right, y+h/2, 1, imaging.Bold, 22, ink) + 16
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		right -= c.Pill("to act", right, y+h/2, 1, imaging.Bold, tpSmall, imaging.Ink, imaging.Highlight) + 12
	}
	name := opt.Name(games.Seat(seat))
	nw := c.Measure(name, imaging.Bold, 22)
	nw = math.Min(nw, right-x-24)
	c.FitText(name, x+12, y+h/2, 0, nw, imaging.Bold, 22, tpSmall, ink)
	capital := "capital not chosen"
	if p.Mat > 0 {
		capital = tapestry.Mats[p.Mat-1].Name + " capital"
	}
	if tpBot(v, seat) {
		capital = tpBotRole(v, seat)
	}
	if ach := tpAchieved(v, seat); len(ach) > 0 && !tpShadow(v, seat) {
		capital += " · achieved " + strings.Join(ach, ", ")
	}
	if rest := right - (x + 12 + nw + 14); rest > 60 {
		c.FitText(capital, x+12+nw+14, y+h/2, 0, rest, imaging.Regular, tpSmall, tpSmall, ink)
	}
}

// tpPlayerBlock draws one player's holdings: the name bar, the capital,
// the income mat with resources, hand and outposts, and the tapestry
// slots, tech cards, landmarks and tiles in supply.
func tpPlayerBlock(c *imaging.Canvas, v tapestry.View, opt imaging.Options, seat int, x, y, w, h float64, d tpBlockDims) {
	p := v.Players[seat]
	fill := imaging.Paper
	if v.Ask != nil && v.Ask.Seat == seat && !v.Over {
		fill = tpActive
	}
	c.Box(x, y, w, h, 10, fill, imaging.Ink, 2)
	tpBar(c, v, opt, seat, x, y, w, 34)
	y0 := y + 42
	tpCity(c, int(p.Mat), p.Cover, x+10, y0, d.cell, nil)
	x1 := x + 10 + 9*tpCell + 16
	const w1 = 300.0
	tpIncomeMat(c, p, x1, y0, w1, d.matRow)
	ly := y0 + 4*(d.matRow+3) + 12
	tpResourceGrid(c, p.Res, x1, ly, w1, d.resPitch)
	c.FitText(fmt.Sprintf("%s in hand · %d outposts left", tpCount(p.HandSize, "card", "cards"), p.Outposts),
		x1, ly+2*d.resPitch, 0, w1, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
	x2 := x1 + w1 + 18
	w2 := x + w - 12 - x2
	half := (w2 - 10) / 2
	pitch := d.pitch
	for n := 1; n <= 4; n++ {
		sx := x2 + float64((n-1)%2)*(half+10)
		sy := y0 + 8 + float64((n-1)/2)*pitch
		txt := tpSlotText(p, n)
		ink := imaging.Ink
		if txt == "" {
			txt, ink = "empty", imaging.InkSoft
		}
		lw := c.Text(tpRoman(n), sx, sy, 0, imaging.Bold, tpSmall, tpTrackCol[0]) + 8
		c.FitText(txt, sx+lw, sy, 0, half-lw, imaging.Regular, tpSmall, tpSmall, ink)
	}
	ty := y0 + 8 + 2*pitch + 4
	for k, row := range []string{"Top", "Middle", "Bottom"} {
		tpLabelled(c, row+":", tpTechNames(p.Tech[2-k]), x2, ty+float64(k)*pitch, w2)
	}
	tpLabelled(c, "Landmarks:", tpLandmarkText(v, seat), x2, ty+3*pitch, w2)
	tpLabelled(c, "Tiles:", tpTilesText(p), x2, ty+4*pitch, w2)
	if d.civ[seat] > 0 {
		tpCivStrip(c, v, opt, seat, x+10, y0+d.content, w-20)
	}
}

// tpResourceGrid draws a player's four resources two to a line, each as a
// coloured dot and its count.
func tpResourceGrid(c *imaging.Canvas, r tapestry.Res, x, y, w, pitch float64) {
	for i := range r {
		cx := x + float64(i%2)*w/2
		cy := y + float64(i/2)*pitch
		c.DrawCircle(cx+7, cy, 7)
		c.SetColor(tpResCol[i])
		c.FillPreserve()
		c.SetColor(imaging.Ink)
		c.SetLineWidth(1)
		c.Stroke()
		c.Text(fmt.Sprintf("%d %s", r[i], tapestry.ResNames[i]), cx+20, cy, 0, imaging.Regular, tpSmall, imaging.Ink)
	}
}

// ---- players ----

// Players draws every player's holdings: the capital city with its
// buildings and landmarks, the income mat, resources, tech cards, tapestry
// slots (with Herald tokens), hand size, the tiles in supply and each of
// the player's civilizations with what its mat shows.
func Players(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	n := float64(len(v.Players))
	const gap = 10.0
	d := tpPlayersDims(v, gap)
	h := tpHeadH + tpM + (n-1)*gap + tpM
	for s := range v.Players {
		if tpBot(v, s) {
			h += tpBotH
			continue
		}
		h += d.tpBlockH(s)
	}
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	tpHeader(c, v, opt, "Tapestry: the players", tpNote(v, opt),
		"Capitals: f farm · h house · m market · a armory · letters: landmarks · dark: impassable")
	y := tpHeadH + tpM
	for s := range v.Players {
		if tpBot(v, s) {
			tpBotBlock(c, v, opt, s, tpM, y, tpW-2*tpM, tpBotH)
			y += tpBotH + gap
			continue
		}
		tpPlayerBlock(c, v, opt, s, tpM, y, tpW-2*tpM, d.tpBlockH(s), d)
		y += d.tpBlockH(s) + gap
	}
	return c.Image(), nil
}

// ---- panel: the decision ----

// tpAskKeys are the option keys of the pending decision with the given
// verb, parsed: the numbers before "@" and the one after.
func tpAskKeys(a *tapestry.AskView, verb string) (xs [][]int, ys []int) {
	for _, k := range a.Opts {
		if vb, x, y, ok := tpOpt(k); ok && vb == verb {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	return xs, ys
}

// tpAskHexes are the hexes of the pending decision's "hex:<a>@<b>"
// options.
func tpAskHexes(a *tapestry.AskView) []tapestry.Hex {
	xs, ys := tpAskKeys(a, "hex")
	tx, ty := tpAskKeys(a, "trader") // Traders' token (tapestry_civ.go)
	xs, ys = append(xs, tx...), append(ys, ty...)
	var out []tapestry.Hex
	for i, x := range xs {
		if len(x) == 1 {
			out = append(out, tapestry.Hex{A: int8(x[0]), B: int8(ys[i])})
		}
	}
	return out
}

// tpAskTiles are the tiles of the pending decision's "tile:<id>" options.
func tpAskTiles(a *tapestry.AskView) []int {
	var out []int
	for _, k := range a.Opts {
		if id, ok := strings.CutPrefix(k, "tile:"); ok {
			if n, err := strconv.Atoi(id); err == nil && n >= 1 && n <= len(tapestry.Territories) {
				out = append(out, n)
			}
		}
	}
	return out
}

// tpPreview is how the panel shows a decision: the layout and the
// height it needs.
type tpPreview int

// The decision previews.
const (
	tpPrevList     tpPreview = iota // the choices as a list
	tpPrevRotation                  // a tile's six rotations on its hex
	tpPrevHexes                     // the map with the hexes to choose from
	tpPrevTiles                     // the tiles to choose from
	tpPrevPlots                     // the capital with the plots to build on
	tpPrevMats                      // the two capitals to choose from
)

// tpPreviewOf picks the preview of the viewer's pending decision.
func tpPreviewOf(v tapestry.View) tpPreview {
	if pv, ok := tpCivPreviewOf(v); ok {
		return pv
	}
	a := v.Ask
	me := v.Players[v.Viewer]
	switch a.Kind {
	case "explore_rot":
		if a.Hex != nil && a.Tile >= 1 && a.Tile <= len(tapestry.Territories) {
			return tpPrevRotation
		}
	case "explore_hex", "conquer_hex":
		if len(tpAskHexes(a)) > 0 {
			return tpPrevHexes
		}
	case "explore_tile":
		if len(tpAskTiles(a)) > 0 {
			return tpPrevTiles
		}
	case "place_building", "place_landmark":
		if me.Mat > 0 {
			return tpPrevPlots
		}
	case "mat":
		ok := func(m int8) bool { return m >= 1 && int(m) <= len(tapestry.Mats) }
		if ok(me.Pair[0]) && ok(me.Pair[1]) {
			return tpPrevMats
		}
	}
	return tpPrevList
}

// tpListMax is the most choices the list preview shows.
const tpListMax = 12

// tpDecisionH is the height of the decision box.
func tpDecisionH(v tapestry.View, pv tpPreview) float64 {
	if h, ok := tpCivDecisionH(v, pv); ok {
		return h
	}
	switch pv {
	case tpPrevRotation:
		return 290
	case tpPrevHexes:
		return 500
	case tpPrevTiles:
		return 250
	case tpPrevPlots:
		return 390
	case tpPrevMats:
		return 330
	}
	n := min(len(v.Ask.Opts), tpListMax+1)
	if v.Ask.Kind == "turn" {
		return 60 + float64(n)*30
	}
	return 60 + float64((n+1)/2)*30
}

// tpDecision draws the viewer's pending decision: what it is about and a
// preview of its choices.
func tpDecision(c *imaging.Canvas, v tapestry.View, opt imaging.Options, pv tpPreview, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Highlight, 4)
	c.FitText(tpPreviewTitle(v, pv), x+16, y+26, 0, w-32, imaging.Bold, 22, tpSmall, imaging.Ink)
	bx, by, bw, bh := x+16, y+50, w-32, h-62
	switch pv {
	case tpPrevRotation:
		tpRotations(c, v, bx, by, bw, bh)
	case tpPrevHexes:
		tpHexChoice(c, v, bx, by, bw, bh)
	case tpPrevTiles:
		tpTileChoice(c, v, bx, by, bw, bh)
	case tpPrevPlots:
		tpPlotChoice(c, v, bx, by, bw, bh)
	case tpPrevMats:
		tpMatChoice(c, v, bx, by, bw, bh)
	case tpPrevCivChoice, tpPrevCiv, tpPrevCivSwap, tpPrevCivPath:
		tpCivDecision(c, v, opt, pv, bx, by, bw, bh)
	default:
		tpChoiceList(c, v, opt, bx, by, bw)
	}
}

// tpPreviewTitle is the title of the decision box.
func tpPreviewTitle(v tapestry.View, pv tpPreview) string {
	if s, ok := tpCivPreviewTitle(v, pv); ok {
		return s
	}
	a := v.Ask
	switch pv {
	case tpPrevRotation:
		return fmt.Sprintf("Tile %d turned each way: a green side matches its neighbour for 1 VP", a.Tile)
	case tpPrevHexes:
		if a.Kind == "conquer_hex" {
			return "The territories you may conquer, named as on the buttons"
		}
		return fmt.Sprintf("Where tile %d may go: the hexes named as on the buttons", a.Tile)
	case tpPrevTiles:
		return "The tiles you may explore with"
	case tpPrevPlots:
		return "Your capital: where it may go"
	case tpPrevMats:
		return "The two capitals of your pair"
	}
	return "Your choices: " + tpAskText(v, a)
}

// tpChoiceList lists the decision's choices by their button labels. A
// turn's choices get a line each, with what an advance costs and gives;
// others go two to a line.
func tpChoiceList(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64) {
	per := 2
	if v.Ask.Kind == "turn" {
		per = 1
	}
	tpOptionList(c, v, opt, x, y, w, per, func(k string) string { return tpAdvanceText(v, k) })
}

// tpOptionList lists the pending decision's choices by their button
// labels, per to a line, each with detail(key) after it when there is
// room, and "… and N more" past tpListMax.
func tpOptionList(c *imaging.Canvas, v tapestry.View, opt imaging.Options, x, y, w float64, per int, detail func(string) string) {
	opts := v.Ask.Opts
	more := 0
	if len(opts) > tpListMax+1 {
		opts, more = opts[:tpListMax], len(opts)-tpListMax
	}
	colW := (w - 16*float64(per-1)) / float64(per)
	for i, k := range opts {
		cx := x + float64(i%per)*(colW+16)
		cy := y + 14 + float64(i/per)*30
		c.DrawCircle(cx+5, cy, 4)
		c.SetColor(imaging.InkSoft)
		c.Fill()
		label := games.FillPlain(tpLabel(v, k), opt.Names)
		c.FitText(label, cx+16, cy, 0, colW-16, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
		if d := detail(k); d != "" {
			dx := cx + 16 + math.Min(c.Measure(label, imaging.Regular, tpSmall), colW-16) + 12
			if dx < cx+colW-80 {
				c.FitText(d, dx, cy, 0, cx+colW-dx, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
			}
		}
	}
	if more > 0 {
		i := len(opts)
		c.Text(fmt.Sprintf("… and %d more", more), x+float64(i%per)*(colW+16)+16, y+14+float64(i/per)*30, 0, imaging.Regular, tpSmall, imaging.InkSoft)
	}
}

// tpLabel is the button label of option key k, as the engine writes it;
// the key itself should the engine fail on a view it did not make.
func tpLabel(v tapestry.View, k string) (label string) {
	defer func() {
		if recover() != nil {
			label = k
		}
	}()
	label = tapestry.Game{}.Label(v, tapestry.Action{K: k})
	if label == k {
		if l, ok := tapestry.CivLabel(v, k); ok {
			return l
		}
	}
	return label
}

// tpAdvanceText says what an advance option "adv:<track>[:<token>]" of
// the viewer costs and gives: "pay 1 food · explore · bonus: …", or ""
// for other options.
func tpAdvanceText(v tapestry.View, key string) string {
	arg, ok := strings.CutPrefix(key, "adv:")
	if !ok || v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return ""
	}
	name, tok, _ := strings.Cut(arg, ":")
	t := slices.Index(tapestry.TrackNames[:], name)
	k, _ := strconv.Atoi(tok)
	toks := v.Players[v.Viewer].Tokens
	if t < 0 || k < 0 || k >= len(toks[t]) {
		return ""
	}
	pos := int(toks[t][k])
	if pos < 0 || pos >= 12 {
		return ""
	}
	sp := tapestry.Spaces[t][pos]
	parts := []string{"pay " + tpCostText(sp.Cost), tpEffects(sp.Benefit)}
	if sp.Landmark != "" {
		parts = append(parts, "landmark: "+sp.Landmark)
	}
	if sp.Bonus != nil {
		parts = append(parts, "bonus: pay "+tpCostText(sp.Bonus.Cost)+" to "+tpEffects(sp.Bonus.Effects))
	}
	return strings.Join(parts, " · ")
}

// tpCostText writes a cost in words: "1 food, 1 any", "nothing".
func tpCostText(c tapestry.Cost) string {
	var parts []string
	for i, n := range c.Res {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, tapestry.ResNames[i]))
		}
	}
	if c.Any > 0 {
		parts = append(parts, fmt.Sprintf("%d any", c.Any))
	}
	if c.Tiles > 0 {
		parts = append(parts, tpCount(c.Tiles, "territory tile", "territory tiles"))
	}
	if c.Cards > 0 {
		parts = append(parts, tpCount(c.Cards, "tapestry card", "tapestry cards"))
	}
	if c.TechCard > 0 {
		parts = append(parts, tpCount(c.TechCard, "tech card", "tech cards"))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// tpAligned reports which sides of a hex with corners cs match the
// neighbour across them (nb holds "" for none): a side scores when either
// of its two corner pairs shows one terrain (spec §7.1).
func tpAligned(cs string, nb [6]string) [6]bool {
	var out [6]bool
	for k, n := range nb {
		if len(n) == 6 && len(cs) == 6 {
			out[k] = cs[k] == n[(k+4)%6] || cs[(k+1)%6] == n[(k+3)%6]
		}
	}
	return out
}

// tpRotations draws the tile of an explore on its hex in each of its six
// rotations, with the hex's neighbours around it, the sides that align
// marked and the VP each rotation scores; the best are outlined.
func tpRotations(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	hex := *a.Hex
	var nb [6]string
	var around [6]*tapestry.Territory
	for k := range 6 {
		if t := v.Terr(hex.Neighbour(k)); t != nil {
			around[k] = t
			if t.Explored() {
				nb[k] = t.Corners()
			}
		}
	}
	allowed := map[int]bool{}
	for _, k := range a.Opts {
		if r, ok := strings.CutPrefix(k, "rot:"); ok {
			if n, err := strconv.Atoi(r); err == nil {
				allowed[n] = true
			}
		}
	}
	vps := make([]int, 6)
	best := -1
	for r := range 6 {
		vps[r] = v.ExploreVP(hex, a.Tile, r)
		if allowed[r] {
			best = max(best, vps[r])
		}
	}
	pw := w / 6
	s := math.Floor(math.Min((pw-8)/5, (h-40)/5.2))
	for r := range 6 {
		cx, cy := x+pw*(float64(r)+0.5), y+(h-40)/2
		if allowed[r] && vps[r] == best {
			c.Box(x+pw*float64(r)+3, y, pw-6, h, 10, tpActive, imaging.Highlight, 3)
		}
		g := tpGeom{X: cx - 1.5*s*float64(hex.B-hex.A), Y: cy - 0.866*s*float64(hex.A+hex.B), S: s}
		for k := range 6 {
			if t := around[k]; t != nil {
				nx, ny := g.centre(t.Hex)
				tpTerritory(c, t, nx, ny, s, false)
			}
		}
		tile := tapestry.Territory{Hex: hex, Tile: a.Tile, Rot: int8(r)}
		cs := tile.Corners()
		tpTerrainHex(c, cs, cx, cy, s)
		if land := tpIslandOf(&tile); land != "" {
			tpIsland(c, land, false, cx, cy, s*0.2)
		}
		tpHexPath(c, cx, cy, s)
		c.SetColor(imaging.Highlight)
		c.SetLineWidth(3)
		c.Stroke()
		for k, ok := range tpAligned(cs, nb) {
			if !ok {
				continue
			}
			x0, y0 := tpCorner(cx, cy, s, k)
			x1, y1 := tpCorner(cx, cy, s, (k+1)%6)
			c.SetColor(imaging.Good)
			c.SetLineWidth(6)
			c.SetLineCapRound()
			c.DrawLine(x0+(x1-x0)*0.2, y0+(y1-y0)*0.2, x1-(x1-x0)*0.2, y1-(y1-y0)*0.2)
			c.Stroke()
			c.SetLineCapButt()
		}
		label := fmt.Sprintf("%d°: %s", r*60, tpCount(vps[r], "VP", "VP"))
		ink := imaging.Ink
		if !allowed[r] {
			ink = imaging.InkSoft
		}
		c.FitText(label, cx, y+h-18, 0.5, pw-12, imaging.Bold, 20, tpSmall, ink)
	}
}

// tpHexChoice draws the map around the hexes to choose from, zoomed in,
// with those hexes outlined and labelled as their buttons are, and for an
// explore the tile to place.
func tpHexChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	mapX, mapW := x, w
	if a.Kind == "explore_hex" && a.Tile >= 1 && a.Tile <= len(tapestry.Territories) {
		const tw = 260.0
		tpTileCard(c, a.Tile, x, y, tw, 64)
		mapX, mapW = x+tw+16, w-tw-16
	}
	c.Box(mapX, y, mapW, h, 10, tpSea, imaging.Ink, 1.5)
	cands := tpAskHexes(a)
	g := tpFit(tpNear(v, cands, 2), mapX+6, y+6, mapW-12, h-12, 56)
	// Only the hexes wholly inside the box: clipping the rest would send
	// every fill and glyph through a picture-sized mask.
	for i := range v.Map {
		t := &v.Map[i]
		cx, cy := g.centre(t.Hex)
		if cx-g.S >= mapX+2 && cx+g.S <= mapX+mapW-2 && cy-0.866*g.S >= y+2 && cy+0.866*g.S <= y+h-2 {
			tpTerritory(c, t, cx, cy, g.S, true)
		}
	}
	for _, hx := range cands {
		cx, cy := g.centre(hx)
		tpHexPath(c, cx, cy, g.S-2)
		c.SetColor(imaging.Highlight)
		c.SetLineWidth(4)
		c.Stroke()
	}
	for _, hx := range cands {
		cx, cy := g.centre(hx)
		c.Pill(fmt.Sprintf("%d,%d", hx.A, hx.B), cx, cy-g.S*0.42, 0.5, imaging.Bold, tpSmall, imaging.Ink, imaging.Highlight)
	}
}

// tpNear lists the map's hexes within dist steps of any of the given
// hexes (all of them when none is given).
func tpNear(v tapestry.View, hexes []tapestry.Hex, dist int) []tapestry.Hex {
	if len(hexes) == 0 {
		return tpHexes(v)
	}
	var out []tapestry.Hex
	for _, t := range v.Map {
		for _, h := range hexes {
			if tpDistance(t.Hex, h) <= dist {
				out = append(out, t.Hex)
				break
			}
		}
	}
	return out
}

// tpDistance is the number of steps between two hexes of the map's axial
// coordinates (neighbours differ by (±1, 0), (0, ±1) or ±(1, 1)).
func tpDistance(p, q tapestry.Hex) int {
	da, db := int(p.A-q.A), int(p.B-q.B)
	if da*db > 0 {
		return max(abs(da), abs(db))
	}
	return abs(da) + abs(db)
}

// abs is the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// tpTileCard draws a territory tile large, turned 0, with its number and
// benefit, in a box w wide whose hex has radius s.
func tpTileCard(c *imaging.Canvas, id int, x, y, w, s float64) float64 {
	t := tapestry.Territory{Tile: id}
	h := 2*s*0.866 + 80
	c.Box(x, y, w, h, 10, imaging.FaceColor, imaging.Ink, 1.5)
	cx, cy := x+w/2, y+10+s*0.866
	tpTerrainHex(c, t.Corners(), cx, cy, s)
	if land := tpIslandOf(&t); land != "" {
		tpIsland(c, land, false, cx, cy, s*0.2)
	}
	tt := tapestry.Territories[id-1]
	c.Text(fmt.Sprintf("Tile %d", id), cx, cy+s*0.866+18, 0.5, imaging.Bold, 20, imaging.Ink)
	c.TextBlock(capitalise(tpEffects(tt.Benefit)), x+8, cy+s*0.866+30, w-16, 44, 0.5, imaging.Regular, tpSmall, tpSmall, 2, imaging.InkSoft)
	return h
}

// tpTileChoice draws the tiles an explore may use, with their benefits.
func tpTileChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	ids := tpAskTiles(v.Ask)
	n := len(ids)
	tw := math.Min(180, (w-float64(n-1)*12)/float64(n))
	s := math.Min(50, math.Min((tw-16)/2, (h-80)/1.9))
	for i, id := range ids {
		tpTileCard(c, id, x+float64(i)*(tw+12), y, tw, s)
	}
}

// tpPlotChoice draws the viewer's capital large with the plots a building
// may go on highlighted, or a landmark's first legal placement and every
// plot some placement covers, with the rows and columns numbered as the
// buttons name them.
func tpPlotChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	a := v.Ask
	me := v.Players[v.Viewer]
	const cell = 32.0
	gx, gy := x+30, y+28
	for i := range tapestry.CitySize {
		c.Text(strconv.Itoa(i+1), gx+(float64(i)+0.5)*cell, y+12, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
		c.Text(strconv.Itoa(i+1), x+12, gy+(float64(i)+0.5)*cell, 0.5, imaging.Bold, tpSmall, imaging.InkSoft)
	}
	hl := map[int]color.RGBA{}
	open := imaging.WithAlpha(imaging.Highlight, 0xB0)
	tx := gx + 9*cell + 40
	tw := x + w - tx
	var lines []string
	if a.Kind == "place_building" {
		xs, ys := tpAskKeys(a, "at")
		for i, xx := range xs {
			if len(xx) == 1 {
				hl[xx[0]*tapestry.CitySize+ys[i]] = open
			}
		}
		name := "building"
		if a.N >= 0 && a.N < tapestry.NumBuildings {
			name = tapestry.BuildingNames[a.N]
		}
		if a.N >= 0 && a.N < tapestry.NumBuildings {
			tpBuildingChip(c, a.N, tx, y, 30)
		}
		lines = append(lines, "",
			fmt.Sprintf("Your %s may go on any of the %d highlighted plots.", name, len(hl)),
			"The buttons name a plot by its row, then its column.",
			"A district (3×3) filled gains you 1 resource of your choice.")
		tpCity(c, int(me.Mat), me.Cover, gx, gy, cell, hl)
	} else {
		xs, ys := tpAskKeys(a, "lm")
		ex := tpExample(a.N, xs, ys)
		var first [][2]int
		for i, xx := range xs {
			if len(xx) != 2 {
				continue
			}
			for _, d := range tapestry.LandmarkShape(a.N, ys[i]) {
				r, col := xx[0]+int(d[0]), xx[1]+int(d[1])
				if i == ex {
					first = append(first, [2]int{r, col})
				}
				if r >= 0 && r < tapestry.CitySize && col >= 0 && col < tapestry.CitySize {
					if _, ok := hl[r*tapestry.CitySize+col]; !ok {
						hl[r*tapestry.CitySize+col] = imaging.WithAlpha(imaging.Highlight, 0x60)
					}
				}
			}
		}
		for _, p := range first {
			if p[0] >= 0 && p[0] < tapestry.CitySize && p[1] >= 0 && p[1] < tapestry.CitySize {
				hl[p[0]*tapestry.CitySize+p[1]] = imaging.WithAlpha(imaging.Good, 0xD0)
			}
		}
		tpCity(c, int(me.Mat), me.Cover, gx, gy, cell, hl)
		for _, p := range first {
			px, py := gx+float64(p[1])*cell, gy+float64(p[0])*cell
			if p[0] < 0 || p[0] >= tapestry.CitySize || p[1] < 0 || p[1] >= tapestry.CitySize {
				if px >= x && px+cell <= tx-8 && py >= y && py+cell <= y+h {
					c.DashedOutline(px+2, py+2, cell-4, cell-4, 3, imaging.Good, 2, 4)
				}
			}
		}
		name := "landmark"
		if a.N >= 0 && a.N < len(tapestry.Landmarks) {
			lm := tapestry.Landmarks[a.N]
			name = lm.Name
			tpFootprint(c, a.N, tx, y+190, 22)
		}
		if ex >= 0 {
			lines = append(lines, fmt.Sprintf("%s: %d ways to place it; the buttons name the row and column of its top-left corner and its turn.",
				name, len(xs)),
				fmt.Sprintf("Green: one of them, row %d, column %d, turned %d°.", xs[ex][0]+1, xs[ex][1]+1, ys[ex]*90))
		}
		lines = append(lines, "Yellow: every plot some placement covers. Plots off the grid are allowed.")
	}
	ly := y + 12 // the middle of the first line
	for _, ln := range lines {
		if ln == "" {
			ly += 36
			continue
		}
		ly = tpParagraph(c, ln, tx, ly, tw) + 10
	}
}

// tpParagraph draws s word-wrapped to width w at the smallest size, its
// first line's middle at y, and returns the middle of the line after it.
func tpParagraph(c *imaging.Canvas, s string, x, y, w float64) float64 {
	lh := tpSmall * imaging.LineGap
	for _, ln := range imaging.WrapText(func(t string) float64 { return c.Measure(t, imaging.Regular, tpSmall) }, s, w) {
		c.Text(ln, x, y, 0, imaging.Regular, tpSmall, imaging.Ink)
		y += lh
	}
	return y
}

// tpExample picks the landmark placement to show among the options (xs
// the rows and columns, ys the turns): the first wholly inside the grid,
// else the first; -1 for none.
func tpExample(lm int, xs [][]int, ys []int) int {
	ex := -1
	for i, xx := range xs {
		if len(xx) != 2 {
			continue
		}
		if ex < 0 {
			ex = i
		}
		inside := true
		for _, d := range tapestry.LandmarkShape(lm, ys[i]) {
			r, col := xx[0]+int(d[0]), xx[1]+int(d[1])
			inside = inside && r >= 0 && r < tapestry.CitySize && col >= 0 && col < tapestry.CitySize
		}
		if inside {
			return i
		}
	}
	return ex
}

// tpBuildingChip draws income building b as a capital plot of size z with
// its name beside it.
func tpBuildingChip(c *imaging.Canvas, b int, x, y, z float64) {
	c.Box(x, y, z, z, 4, tpBuildingCol[b], imaging.Ink, 1.5)
	ink := imaging.Light
	if b == int(tapestry.Farm) {
		ink = imaging.Ink
	}
	c.MarkText(tapestry.BuildingLetters[b:b+1], x+z/2, y+z/2, 0.5, imaging.Bold, z*0.6, ink)
	c.Text(capitalise(tapestry.BuildingNames[b]), x+z+10, y+z/2, 0, imaging.Bold, 22, imaging.Ink)
}

// tpFootprint draws landmark i's footprint, unturned, from (x, y).
func tpFootprint(c *imaging.Canvas, i int, x, y, cell float64) {
	c.Text("Footprint:", x, y, 0, imaging.Bold, tpSmall, imaging.Ink)
	for _, d := range tapestry.LandmarkShape(i, 0) {
		c.Box(x+float64(d[1])*cell, y+16+float64(d[0])*cell, cell-2, cell-2, 3, tpLandmark, imaging.Ink, 1.5)
	}
}

// tpMatChoice draws the two capitals of the viewer's pair side by side.
func tpMatChoice(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	me := v.Players[v.Viewer]
	const cell = 26.0
	for i, m := range me.Pair {
		gx := x + float64(i)*(9*cell+60)
		c.Text(fmt.Sprintf("%d · %s", m, tapestry.Mats[m-1].Name), gx, y+10, 0, imaging.Bold, 20, imaging.Ink)
		tpCity(c, int(m), strings.Repeat(".", 81), gx, y+30, cell, nil)
	}
}

// ---- panel: hand and supply ----

// tpCardCol is the banner colour of a tapestry card type.
func tpCardCol(c tapestry.TapCard) color.RGBA {
	switch c.Type {
	case "this_era":
		return imaging.RGB(0x6A, 0x3F, 0x8F)
	case "trap":
		return imaging.Bad
	}
	return imaging.RGB(0x1F, 0x6E, 0x6A)
}

// tpHandCard draws a tapestry card: its name, type and what it does;
// outlined when it may be played now.
func tpHandCard(c *imaging.Canvas, id int, x, y, w, h float64, playable bool) {
	card := tapestry.TapCards[id]
	col := tpCardCol(card)
	c.Box(x, y, w, h, 8, imaging.FaceColor, imaging.Ink, 1.5)
	c.Box(x, y, w, 34, 8, col, col, 0)
	c.DrawRectangle(x, y+24, w, 10)
	c.SetColor(col)
	c.Fill()
	kind := tpCardType(card)
	kw := c.Measure(kind, imaging.Regular, tpSmall)
	c.Text(kind, x+w-10, y+17, 1, imaging.Regular, tpSmall, imaging.LightSoft)
	c.FitText(card.Name, x+10, y+17, 0, w-kw-30, imaging.Bold, 20, tpSmall, imaging.Light)
	c.TextBlock(tpCardText(card), x+10, y+38, w-20, h-42, 0, imaging.Regular, tpSmall, tpSmall, 3, imaging.Ink)
	if playable {
		c.Outline(x-3, y-3, w+6, h+6, 10, imaging.Highlight, 4)
	}
}

// tpHandH is the height of the hand box for n cards.
func tpHandH(n int) float64 {
	if n == 0 {
		return 90
	}
	rows := min(3, max(1, (n+2)/3))
	return 48 + float64(rows)*(tpCardH+10)
}

// tpCardH is the height of a tapestry card in the hand.
const tpCardH = 112.0

// tpHand draws the viewer's hand three to a row (at most nine shown).
func tpHand(c *imaging.Canvas, v tapestry.View, x, y, w, h float64) {
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	own := v.Viewer >= 0 && int(v.Viewer) < len(v.Players)
	p := v.Players[tpPanelSeat(v)]
	title := "Your hand: " + tpCount(len(v.Hand), "card", "cards")
	if !own {
		title = "Hand: " + tpCount(p.HandSize, "card", "cards") + ", hidden"
	}
	c.Text(title, x+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
	playable := map[int]bool{}
	if own && v.Ask != nil && v.Ask.Seat == int(v.Viewer) {
		for _, k := range v.Ask.Opts {
			verb, id, _ := strings.Cut(k, ":")
			if n, err := strconv.Atoi(id); err == nil && (verb == "play" || verb == "tyranny" || verb == "discard") {
				playable[n] = true
			}
		}
		if len(playable) > 0 {
			c.Text("outlined: may be played now", x+w-16, y+24, 1, imaging.Regular, tpSmall, imaging.InkSoft)
		}
	}
	if !own {
		return
	}
	if len(v.Hand) == 0 {
		c.Text("No tapestry cards in hand.", x+16, y+64, 0, imaging.Regular, tpSmall, imaging.InkSoft)
		return
	}
	cw := (w - 32 - 2*12) / 3
	shown := v.Hand
	if len(shown) > 9 {
		shown = shown[:8]
	}
	for i, id := range shown {
		cx := x + 16 + float64(i%3)*(cw+12)
		cy := y + 44 + float64(i/3)*(tpCardH+10)
		tpHandCard(c, int(id), cx, cy, cw, tpCardH, playable[int(id)])
	}
	if len(shown) < len(v.Hand) {
		cx, cy := x+16+2*(cw+12), y+44+2*(tpCardH+10)
		c.DashedOutline(cx, cy, cw, tpCardH, 8, imaging.InkSoft, 1.5, 6)
		c.Text(fmt.Sprintf("+%d more", len(v.Hand)-len(shown)), cx+cw/2, cy+tpCardH/2, 0.5, imaging.Bold, 22, imaging.InkSoft)
	}
}

// tpSupplyList is the most territory tiles the supply lists with their
// benefits; more are drawn as hexes alone.
const tpSupplyList = 9

// tpSupplyGeom is the supply's layout for n territory tiles in width w:
// tiles to a row, the pitch across and the height of a row.
func tpSupplyGeom(n int, w float64) (per int, pitch, rowH float64) {
	if n <= tpSupplyList {
		per = max(1, int((w-32)/236))
		return per, (w - 32) / float64(per), 64
	}
	return max(1, int((w-24)/72)), 72, 2*30*0.866 + 30
}

// tpSupplyH is the height the supply box needs.
func tpSupplyH(p tapestry.PlayerView, w float64) float64 {
	h := 44.0 + 12
	if n := len(p.Tiles); n > 0 {
		per, _, rowH := tpSupplyGeom(n, w)
		h += float64((n+per-1)/per) * rowH
	} else {
		h += 30
	}
	return h + float64(len(p.Space))*26
}

// tpSupply draws a player's territory tiles as small hexes with their
// numbers (and their benefits when there are few), and the space tiles
// with what they give.
func tpSupply(c *imaging.Canvas, v tapestry.View, seat int, x, y, w, h float64) {
	p := v.Players[seat]
	c.Box(x, y, w, h, 12, imaging.Paper, imaging.Ink, 2)
	c.Text("Tiles in supply", x+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
	ty := y + 44
	n := len(p.Tiles)
	if n == 0 {
		c.Text("No territory tiles.", x+16, ty+12, 0, imaging.Regular, tpSmall, imaging.InkSoft)
		ty += 30
	}
	per, pitch, rowH := tpSupplyGeom(n, w)
	for i, id := range p.Tiles {
		t := tapestry.Territory{Tile: id}
		col, row := float64(i%per), float64(i/per)
		s, cx, cy := 30.0, x+16+pitch/2+col*pitch, ty+30*0.866+row*rowH
		if n <= tpSupplyList {
			s, cx, cy = 26.0, x+16+col*pitch+28, ty+rowH/2-2+row*rowH
		}
		tpTerrainHex(c, t.Corners(), cx, cy, s)
		if land := tpIslandOf(&t); land != "" {
			tpIsland(c, land, false, cx, cy, s*0.2)
		}
		if v.Ask != nil && v.Ask.Seat == seat && v.Ask.Tile == id && strings.HasPrefix(v.Ask.Kind, "explore") {
			tpHexPath(c, cx, cy, s+3)
			c.SetColor(imaging.Highlight)
			c.SetLineWidth(4)
			c.Stroke()
		}
		if n > tpSupplyList {
			c.Text(strconv.Itoa(id), cx, cy+s*0.866+13, 0.5, imaging.Bold, tpSmall, imaging.Ink)
			continue
		}
		tx := cx + s + 10
		tw := x + 16 + (col+1)*pitch - 10 - tx
		c.Text(fmt.Sprintf("Tile %d", id), tx, cy-12, 0, imaging.Bold, tpSmall, imaging.Ink)
		c.FitText(tpEffects(tapestry.Territories[id-1].Benefit), tx, cy+12, 0, tw, imaging.Regular, tpSmall, tpSmall, imaging.InkSoft)
	}
	if n > 0 {
		ty += float64((n+per-1)/per) * rowH
	}
	for _, id := range p.Space {
		c.FitText(fmt.Sprintf("Space tile %d: %s", id, tpEffects(tapestry.SpaceTiles[id-1].Effects)), x+16, ty+10, 0, w-32, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
		ty += 26
	}
}

// tpPanelSeat is whose panel it is: the viewer, or for a spectator the
// player whose turn it is.
func tpPanelSeat(v tapestry.View) int {
	if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		return int(v.Viewer)
	}
	if v.Turn >= 0 && v.Turn < len(v.Players) {
		return v.Turn
	}
	return 0
}

// ---- panel ----

// Panel draws one seat's private panel: what its pending decision
// is about (with a preview of a tile's rotations, the hexes it may go on
// or the plots of the capital a building may go on; for a civilization's
// decision its mat, and the two civilizations dealt at set-up), its hand
// with what each card does, its tiles in supply and its capital.
func Panel(v tapestry.View, opt imaging.Options) (image.Image, error) {
	if err := tpCheck(v); err != nil {
		return nil, err
	}
	opt = tpSoloOpts(v, opt)
	seat := tpPanelSeat(v)
	p := v.Players[seat]
	own := int(v.Viewer) == seat
	pv, deciding := tpPrevList, own && v.Ask != nil && v.Ask.Seat == seat && !v.Over
	decH := 0.0
	if deciding {
		pv = tpPreviewOf(v)
		decH = tpDecisionH(v, pv) + 16
	}
	m := tpM
	inner := tpW - 2*m
	handH := tpHandH(len(v.Hand))
	if !own {
		handH = 48
	}
	// The capital, unless the decision shows it large already.
	const cityCell = 22.0
	cityW := 9*cityCell + 32
	if pv == tpPrevPlots {
		cityW = -16
	}
	supW := inner - cityW - 16
	bandH := tpSupplyH(p, supW)
	if cityW > 0 {
		bandH = math.Max(9*cityCell+60, bandH)
	}
	h := tpHeadH + m + decH + handH + 16 + bandH + m
	c, err := imaging.NewCanvas(int(tpW), int(h), imaging.Felt)
	if err != nil {
		return nil, err
	}
	name := opt.Name(games.Seat(seat))
	title := "Tapestry: " + name + "'s panel"
	note := tpNote(v, opt)
	if !own {
		title = "Tapestry: " + name + "'s board"
	}
	if deciding {
		note = "Your decision: " + tpAskText(v, v.Ask)
	}
	detail := fmt.Sprintf("%d VP · %s · %s · %d outposts left", p.VP, tpEraText(p), tpResText(p.Res), p.Outposts) + tpCivNames(p)
	tpHeader(c, v, opt, title, note, detail)
	y := tpHeadH + m
	if deciding {
		tpDecision(c, v, opt, pv, m, y, inner, decH-16)
		y += decH
	}
	tpHand(c, v, m, y, inner, handH)
	y += handH + 16
	if cityW > 0 {
		c.Box(m, y, cityW, bandH, 12, imaging.Paper, imaging.Ink, 2)
		c.Text("Capital", m+16, y+24, 0, imaging.Bold, 21, imaging.Ink)
		tpCity(c, int(p.Mat), p.Cover, m+16, y+44, cityCell, nil)
	}
	tpSupply(c, v, seat, m+cityW+16, y, supW, bandH)
	return c.Image(), nil
}

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
		headRow = 76.0
		vpH     = 64.0
		lineH   = 78.0
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
	tpHeader(c, v, opt, title, note, "")
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
		tpSwatch(c, seat, cx+24, cy+30, 11)
		c.FitText(opt.Name(games.Seat(seat)), cx+40, cy+30, 0, cw-52, imaging.Bold, 22, tpSmall, ink)
		sub := imaging.Ordinal(rank)
		switch {
		case v.Over && rank == 1:
			sub += " · winner"
		case !v.Over:
			sub += " so far · " + tpEraText(v.Players[seat])
		}
		c.FitText(sub, cx+cw/2, cy+54, 0.5, cw-20, imaging.Regular, tpSmall, tpSmall, imaging.LightSoft)
	}
	c.Text("Player", m+16, y+headRow/2, 0, imaging.Bold, 22, imaging.Ink)
	vy := y + headRow
	c.DrawRectangle(m+2, vy, t.Width()-4, vpH)
	c.SetColor(tpActive)
	c.Fill()
	c.Text("Victory points", m+16, vy+vpH/2, 0, imaging.Bold, 24, imaging.Ink)
	for ci, seat := range order {
		cx, _, cw, _ := t.Cell(0, ci+1)
		c.Text(strconv.Itoa(v.Players[seat].VP), cx+cw/2, vy+vpH/2, 0.5, imaging.Bold, 34, imaging.Ink)
	}
	t.Y += vpH
	for li, ln := range tpScoreLines {
		lx, ly, _, lh := t.Cell(li, 0)
		if li%2 == 1 {
			c.DrawRectangle(m+2, ly, t.Width()-4, lh)
			c.SetColor(imaging.PaperAlt)
			c.Fill()
		}
		c.FitText(ln.title, lx+16, ly+22, 0, labelW-24, imaging.Bold, 21, tpSmall, imaging.Ink)
		c.TextBlock(ln.note, lx+16, ly+34, labelW-24, lh-36, 0, imaging.Regular, tpSmall, tpSmall, 2, imaging.InkSoft)
		for ci, seat := range order {
			cx, cy, cw, _ := t.Cell(li, ci+1)
			val, detail := ln.value(v, seat)
			c.Text(val, cx+cw/2, cy+22, 0.5, imaging.Bold, 24, imaging.Ink)
			if detail != "" {
				c.TextBlock(detail, cx+8, cy+36, cw-16, lh-38, 0.5, imaging.Regular, tpSmall, tpSmall, 2, imaging.InkSoft)
			}
		}
	}
	c.Rule(m+2, m+t.Width()-2, vy+vpH, imaging.Ink, 2)
	foot := "Most VP wins; a tie goes to the most resources left."
	if !v.Over {
		foot = "The game is not over: VP so far. " + foot
	}
	c.FitText(foot, m, y+rows+22, 0, tpW-2*m, imaging.Regular, tpSmall, tpSmall, imaging.Ink)
	return c.Image(), nil
}

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type: Tapestry has a Players picture besides the three.
var Pictures = imaging.Set[tapestry.View]{Table: Table, Panel: Panel, Scoring: Scoring,
	Extra: map[imaging.Kind]imaging.Layout[tapestry.View]{imaging.Players: Players}}
