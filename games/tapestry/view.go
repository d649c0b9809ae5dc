package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"spindle/games"
)

// PlayerView is a player as others may see it: the hand's size instead of
// its cards, and face-down slot cards as -1.
type PlayerView struct {
	Player
	HandSize int `json:"hand_size"`
}

// AskView is the pending decision as the viewer may see it: its kind,
// who answers and its public context; Opts only for the seat that answers.
type AskView struct {
	Kind  string   `json:"kind"`
	Seat  int      `json:"seat"`
	Track int      `json:"track"`
	N     int      `json:"n"`
	Tile  int      `json:"tile,omitempty"`
	Hex   *Hex     `json:"hex,omitempty"`
	Opts  []string `json:"opts,omitempty"`
	// Effect is the effect being resolved (choose, any_order).
	Effect *Effect `json:"effect,omitempty"`
	// Income is the income turn the seat asked is taking (0 when the
	// decision is not part of one); Forced says it could not advance.
	Income int  `json:"income,omitempty"`
	Forced bool `json:"forced,omitempty"`
}

// View is everything one seat (or a spectator) may know.
type View struct {
	Viewer      games.Seat   `json:"viewer"`
	Seats       int          `json:"seats"`
	Large       bool         `json:"large"`
	Setup       bool         `json:"setup"`
	Map         []Territory  `json:"map"`
	LandOwner   []int8       `json:"land_owner"`
	Claims      [3][]int8    `json:"claims"`
	TechRow     []int        `json:"tech_row"`
	TechDeck    int          `json:"tech_deck"`
	TechDiscard int          `json:"tech_discard"`
	TapDeck     int          `json:"tap_deck"`
	CivDeck     int          `json:"civ_deck"`
	TapDiscard  []int8       `json:"tap_discard,omitempty"`
	TerrStack   int          `json:"terr_stack"`
	TerrDiscard int          `json:"terr_discard"`
	SpaceStack  int          `json:"space_stack"`
	Players     []PlayerView `json:"players"`
	// Hand is the viewer's own tapestry cards.
	Hand    []int8   `json:"hand,omitempty"`
	Turn    int      `json:"turn"`
	Ask     *AskView `json:"ask,omitempty"`
	Science int      `json:"science"`
	Red     int      `json:"red"`
	Black   int      `json:"black"`
	Over    bool     `json:"over,omitempty"`
	// Solo is the bots' public state in a solo game (Players[1] is the
	// Automa, Players[2] the Shadow Empire).
	Solo *SoloView `json:"solo,omitempty"`
}

// View returns what viewer may know (spec §18).
func (Game) View(s *State, viewer games.Seat) View {
	c := s.Clone()
	v := View{Viewer: viewer, Seats: c.Seats, Large: c.Large, Setup: c.Setup, Map: c.Map, LandOwner: c.LandOwner,
		Claims: c.Claims, TechRow: c.TechRow, TechDeck: len(c.TechDeck), TechDiscard: len(c.TechDiscard),
		TapDeck: len(c.TapDeck), CivDeck: len(c.CivDeck) + len(c.CivBottom), TapDiscard: c.TapDiscard, TerrStack: len(c.TerrStack), TerrDiscard: len(c.TerrDiscard),
		SpaceStack: len(c.SpaceStack), Turn: int(c.Turn), Science: int(c.Science), Red: int(c.Red), Black: int(c.Black), Over: c.Over}
	slices.Sort(v.TapDiscard)
	for i := range c.Players {
		p := c.Players[i]
		pv := PlayerView{Player: p, HandSize: len(p.Hand)}
		if games.Seat(i) == viewer {
			v.Hand = p.Hand
			slices.Sort(v.Hand)
		}
		pv.Hand = nil
		if games.Seat(i) != viewer {
			// The civilizations dealt and the secret choice stay with their
			// owner until the reveal; the unchosen one is never shown (§18).
			pv.Dealt = nil
			if pv.Chosen >= 0 {
				pv.Chosen = 99
			}
		}
		for k := range pv.Slots {
			for j := range pv.Slots[k] {
				if pv.Slots[k][j].Down {
					pv.Slots[k][j].Card = -1
				}
			}
		}
		if pv.Mat == 0 && games.Seat(i) != viewer {
			pv.Pair = [2]int8{}
		}
		v.Players = append(v.Players, pv)
	}
	v.Solo = c.soloView()
	if a := c.Ask; a != nil && a.Seat >= 0 {
		av := &AskView{Kind: a.Kind, Seat: int(a.Seat), Track: int(a.Task.Track), N: a.Task.N, Tile: a.Task.Tile, Hex: a.Task.Hex, Effect: a.Task.E}
		if games.Seat(a.Seat) == viewer {
			av.Opts = a.Opts
		}
		for _, t := range c.Tasks {
			if t.Op == "inc_end" && t.Seat == a.Seat {
				av.Income, av.Forced = int(c.Players[a.Seat].Era), t.Flag
			}
		}
		v.Ask = av
	}
	return v
}

// Terr returns the territory at h in the view, or nil.
func (v *View) Terr(h Hex) *Territory {
	for i := range v.Map {
		if v.Map[i].Hex == h {
			return &v.Map[i]
		}
	}
	return nil
}

// ExploreVP is the alignment VP of tile on h at rotation r, as the view
// shows the map.
func (v *View) ExploreVP(h Hex, tile, r int) int {
	var nb [6]string
	for k := range 6 {
		if n := v.Terr(h.Neighbour(k)); n != nil && n.Explored() {
			nb[k] = n.Corners()
		}
	}
	return alignmentVP(rotateCorners(Territories[tile-1].Corners, r), nb)
}

// Label is a choice's button text, with a detail line (games.WithDetail)
// where the choice's worth does not fit on the button: no text is longer
// than maxLabel runes, nor a detail than maxDetail.
func (Game) Label(v View, a Action) string { return fitLabel(label(v, a)) }

// maxLabel and maxDetail bound a label's text (a button) and its detail
// line (a select option's description, names filled in).
const (
	maxLabel  = 80
	maxDetail = 96
)

// fitLabel moves a text too long for a button into the detail line,
// cutting both at a word, never inside one.
func fitLabel(l string) string {
	text, detail := games.SplitDetail(l)
	if utf8.RuneCountInString(text) <= maxLabel {
		return games.WithDetail(text, clip(detail, maxDetail))
	}
	short := clip(text, 48)
	rest := strings.TrimSpace(strings.TrimSuffix(short, "…"))
	rest = "…" + strings.TrimSpace(text[len(rest):])
	if detail != "" {
		rest += " — " + detail
	}
	return games.WithDetail(short, clip(rest, maxDetail))
}

// clip cuts s to at most n runes at a word boundary, marking the cut
// with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	cut := len(r) - 1
	for cut > 0 && r[cut] != ' ' {
		cut--
	}
	if cut <= 0 {
		cut = n - 1
	}
	return strings.TrimRight(string(r[:cut]), " ,;:.—") + "…"
}

// label is a choice's text, with its detail, before fitLabel.
func label(v View, a Action) string {
	verb, arg, _ := strings.Cut(a.K, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, _ := strconv.Atoi(x)
	yi, _ := strconv.Atoi(y)
	switch verb {
	case "income":
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
			return fmt.Sprintf("Income turn %d", v.Players[v.Viewer].Era+1)
		}
		return "Income turn"
	case "adv":
		parts := strings.Split(arg, ":")
		t := trackOf(parts[0])
		pos := 0
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
			k := 0
			if len(parts) > 1 {
				k, _ = strconv.Atoi(parts[1])
			}
			pos = int(v.Players[v.Viewer].Tokens[t][k])
		}
		if pos < 12 {
			return fmt.Sprintf("Advance %s → %s", t, Spaces[t][pos].Name)
		}
		return "Advance " + t.String()
	case "pay", "gain", "lose":
		r, _ := parseResKey(arg)
		return strings.ToUpper(verb[:1]) + verb[1:] + " " + resText(r)
	case "bonus":
		gain := ""
		if v.Ask != nil && v.Ask.Kind == "bonus" && v.Ask.Track >= 0 && v.Ask.Track < NumTracks && v.Ask.N >= 1 && v.Ask.N <= 12 {
			if b := Spaces[v.Ask.Track][v.Ask.N-1].Bonus; b != nil {
				gain = " → " + Describe(b.Effects)
			}
		}
		if arg == "" {
			return "Take the bonus for free" + gain
		}
		return "Take the bonus: pay " + costText(arg) + gain
	case "nobonus":
		return "No bonus"
	case "build":
		return "Gain a " + arg
	case "lmk":
		return "Claim the " + Landmarks[xi].Name
	case "space":
		return fmt.Sprintf("Space tile %d", xi)
	case "refresh":
		return "Refresh the tech row"
	case "norefresh":
		return "Keep the tech row"
	case "card":
		if v.Ask != nil && v.Ask.Kind == "tech_square" {
			return games.WithDetail(TechCards[xi].Name, capital(Describe(TechCards[xi].Top)))
		}
		return games.WithDetail(TechCards[xi].Name, capital(Describe(TechCards[xi].Middle)))
	case "track", "research":
		parts := strings.Split(arg, ":")
		l := strings.ToUpper(parts[0][:1]) + parts[0][1:]
		if len(parts) > 1 {
			l += " (token " + strconv.Itoa(atoi(parts[1])+1) + ")"
		}
		if verb == "research" {
			return "Advance on " + l
		}
		return l
	case "tok":
		if v.Ask != nil && v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
			if toks := v.Players[v.Viewer].Tokens[v.Ask.Track]; xi < len(toks) {
				return fmt.Sprintf("Move the token on %s %d", Track(v.Ask.Track), toks[xi])
			}
		}
		return "Token " + strconv.Itoa(xi+1)
	case "noresearch":
		return "Don't advance"
	case "skip":
		return "Skip"
	case "repeat":
		parts := strings.Split(arg, ":")
		return Spaces[trackOf(parts[0])][atoi(parts[1])-1].Name + " again"
	case "opt", "first":
		return optionText(v, a.K)
	case "lm":
		return "Row " + strconv.Itoa(atoi(strings.Split(x, ",")[0])+1) + ", column " + strconv.Itoa(atoi(strings.Split(x, ",")[1])+1) + " → turned " + strconv.Itoa(yi*90) + "°"
	case "at":
		return "Row " + strconv.Itoa(xi+1) + " → column " + strconv.Itoa(yi+1)
	case "tile":
		return fmt.Sprintf("Territory tile %d", xi)
	case "hex":
		return hexLabel(v, Hex{int8(xi), int8(yi)})
	case "rot":
		if v.Ask != nil && v.Ask.Hex != nil && v.Ask.Tile > 0 {
			return fmt.Sprintf("Turn %d° → %d VP", xi*60, v.ExploreVP(*v.Ask.Hex, v.Ask.Tile, xi))
		}
		return fmt.Sprintf("Turn %d°", xi*60)
	case "double":
		return "Double the tile's benefit (no VP)"
	case "vp":
		return "Score alignment VP"
	case "trap":
		return "Play a Trap"
	case "notrap":
		return "No Trap"
	case "die":
		if arg == "red" && v.Red >= 0 && v.Red < len(RedDie) {
			return "Keep red: " + v.faceText(RedDie[v.Red])
		}
		if arg == "black" && v.Black >= 0 && v.Black < len(BlackDie) {
			return "Keep black: " + v.faceText(BlackDie[v.Black])
		}
		return "Keep the " + arg + " die"
	case "keep":
		if arg == "" {
			return "Stop"
		}
		return "Keep " + arg
	case "invent":
		if arg == "deck" {
			return games.WithDetail("Invent the top card of the tech deck", "A card unseen until you draw it")
		}
		return games.WithDetail("Invent "+TechCards[xi].Name, techDetail(TechCards[xi]))
	case "up":
		row := 0
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) && slices.Contains(v.Players[v.Viewer].Tech[1], xi) {
			row = 1
		}
		if row == 1 {
			return games.WithDetail("Upgrade "+TechCards[xi].Name+" to the top row", capital(Describe(TechCards[xi].Top)))
		}
		return games.WithDetail("Upgrade "+TechCards[xi].Name+" to the middle row", capital(Describe(TechCards[xi].Middle)))
	case "noupgrade":
		return "No upgrade"
	case "play", "tyranny":
		return games.WithDetail("Play "+TapCards[xi].Name, tapDetail(TapCards[xi]))
	case "notyranny":
		return "Keep it in hand"
	case "mat":
		return "The " + Mats[xi-1].Name + " capital"
	case "to":
		if _, err := strconv.Atoi(arg); err == nil {
			return "To space " + arg
		}
		return "Restart on " + arg
	case "gift":
		return fmt.Sprintf("Give tile %d → to %s", xi, games.Name(games.Seat(yi)))
	case "nogift":
		return "Keep my tiles"
	case "partner":
		if y != "" {
			return games.Name(games.Seat(xi)) + " → " + y
		}
		return games.Name(games.Seat(xi))
	case "colony", "flip":
		return fmt.Sprintf("Hex %d,%d", xi, yi)
	case "stop":
		return "Stop"
	case "discard":
		return "Discard " + TapCards[xi].Name
	case "spy":
		sl := v.Players[xi].Slots[yi]
		return games.Name(games.Seat(xi)) + "'s " + TapCards[sl[len(sl)-1].Card].Name
	case "guild":
		k := atoi(arg[len(arg)-1:])
		if strings.HasPrefix(arg, "vp") {
			return fmt.Sprintf("Pay %d VP for %s of your choice", 5*k, count(k, "resource"))
		}
		return fmt.Sprintf("Pay %s for %d VP", count(k, "resource"), 5*k)
	case "convert":
		return fmt.Sprintf("Convert %d food", xi)
	case "outpost":
		return "Place an outpost"
	case "nooutpost":
		return "No outpost"
	case "advance":
		return "Advance"
	case "noadvance":
		return "Don't advance"
	case "pay_worker":
		return "Pay 1 worker for 10 VP"
	case "nopay":
		return "Don't pay"
	case "trade":
		return games.Name(games.Seat(xi)) + " → " + y
	case "side":
		if i := automaCivIndex(arg); i >= 0 {
			return "Second Automa civilization: " + AutomaCivs[i].Side
		}
	}
	if a.K == "pay" {
		return "Pay 1 worker for 10 VP"
	}
	if l := civMapLabel(v, a.K); l != "" {
		return l
	}
	if l, ok := civLabel(v, a.K); ok {
		return l
	}
	if l, ok := CivLabel(v, a.K); ok {
		return l
	}
	return a.K
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// faceText is a conquer die face for the seat choosing: the benefit of
// the conquered territory spelt out.
func (v *View) faceText(face []Effect) string {
	if len(face) == 0 || face[0].Do != "territory_benefit" || v.Ask == nil || v.Ask.Hex == nil {
		return dieText(face)
	}
	if t := v.Terr(*v.Ask.Hex); t != nil && t.Tile != 0 && len(Territories[t.Tile-1].Benefit) > 0 {
		return "the territory's benefit, " + Describe(Territories[t.Tile-1].Benefit)
	}
	return "the territory's benefit (it has none)"
}

// techDetail is a tech card in a label's detail line: what each upgrade
// gives, and what the top row needs when that fits.
func techDetail(c TechCard) string {
	d := "Middle: " + Describe(c.Middle) + ". Top: " + Describe(c.Top)
	if need := " (needs " + prereqShort(c.Prereq) + ")"; utf8.RuneCountInString(d+need) <= maxDetail {
		d += need
	}
	return d
}

// prereqShort is a tech card's top-row prerequisite in a few words.
func prereqShort(p Prereq) string {
	if p.Track != "" {
		return fmt.Sprintf("%s %d", p.Track, p.MinSpace)
	}
	return count(p.MinLevel-1, buildingOfRow[p.IncomeRow])
}

// tapDetail is a tapestry card in a label's detail line: its effect when
// played, or what it does while it is this era's card.
func tapDetail(c TapCard) string {
	if len(c.Effects) > 0 {
		return capital(Describe(c.Effects))
	}
	var parts []string
	for _, h := range c.Era {
		parts = append(parts, strings.TrimSuffix(HookText(h), "."))
	}
	return capital(strings.Join(parts, "; "))
}

// costText describes a cost key of costOptions.
func costText(arg string) string {
	if arg == "" {
		return "nothing"
	}
	switch arg[0] {
	case 't', 'k', 'x':
		var parts []string
		for _, p := range strings.Split(arg, ".") {
			id := atoi(p[1:])
			switch p[0] {
			case 't':
				parts = append(parts, fmt.Sprintf("tile %d", id))
			case 'k':
				parts = append(parts, TapCards[id].Name)
			case 'x':
				parts = append(parts, TechCards[id].Name)
			}
		}
		return strings.Join(parts, ", ")
	}
	r, _ := parseResKey(arg)
	return resText(r)
}

// optionText describes the effects behind a choose/any_order option.
func optionText(v View, key string) string {
	verb, arg, _ := strings.Cut(key, ":")
	i := atoi(arg)
	var e *Effect
	if v.Ask != nil {
		e = v.Ask.Effect
	}
	if verb == "first" {
		if e != nil && i < len(e.Effects) {
			return capital(describe(e.Effects[i])) + " first"
		}
		return fmt.Sprintf("Option %d first", i+1)
	}
	if e != nil && i < len(e.Options) {
		return capital(Describe(e.Options[i]))
	}
	return fmt.Sprintf("Option %d", i+1)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
