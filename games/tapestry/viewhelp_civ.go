package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
)

// Read-only helpers for what players see and read of the civilizations:
// their texts for the look-up and the pictures, the button labels of
// their decisions, and counts the pictures show. Nothing here changes a
// state.

// MysticsCategories name Mystics' four prediction categories, in the order
// of CivState.Pred.
var MysticsCategories = [4]string{"tech cards", "complete districts", "controlled territories", "completed tracks"}

// civShouting are the data's capitalised words, in plain case.
var civShouting = strings.NewReplacer("EMPTY", "empty", "LEFT", "left", "WHEN PLAYED", "when played", "EQUALS", "equals",
	" (spec §14)", "", "civ deck", "civilization deck", " -> ", " → ", "1 extra any resource", "1 extra resource of your choice",
	"1 any resource", "1 resource of your choice", "(setup)", "(at set-up)", "at setup", "at set-up", "of setup", "of set-up")

// CivAbility is civilization i's ability as players read it: the data's
// text in our own words, its shorthand spelled out ("each listed income
// turn" names the turns). It is "" for an unknown civilization.
func CivAbility(i int) string {
	if i < 0 || i >= len(Civs) {
		return ""
	}
	c := Civs[i]
	s := civShouting.Replace(c.Ability)
	s = strings.ReplaceAll(s, "each listed income turn", "each of your income turns "+turnRange(c.IncomeTurns))
	return s
}

// turnRange writes income turns as "2 to 5", "5" or "1, 3".
func turnRange(ts []int) string {
	switch {
	case len(ts) == 0:
		return ""
	case len(ts) == 1:
		return strconv.Itoa(ts[0])
	}
	run := true
	for k := 1; k < len(ts); k++ {
		run = run && ts[k] == ts[k-1]+1
	}
	if run {
		return fmt.Sprintf("%d to %d", ts[0], ts[len(ts)-1])
	}
	parts := make([]string, len(ts))
	for k, t := range ts {
		parts[k] = strconv.Itoa(t)
	}
	return andList(parts)
}

// civWhen says when each civilization acts, by routine; %s is its income
// turns.
var civWhen = map[string]string{
	"alchemists_push_luck": "step 1 of income turns %s, if you wish",
	"architects":           "always (passive): district completions and capital scorings",
	"craftsmen_statue":     "always (passive): every income building you gain",
	"entertainers_path":    "step 1 of income turns %s, every time",
	"futurists_jump":       "once, at set-up",
	"heralds":              "the end of income turn 1 (starting civilization only), then step 1 of income turns %s, if you wish",
	"historians":           "step 1 of income turns %s, if you wish; passive when an opponent holding a token claims a landmark",
	"inventors":            "step 1 of income turns %s, if you wish; passive when a card with a token reaches an opponent's top row",
	"isolationists":        "passive on every conquest; scores in step 1 of income turn 5",
	"leaders":              "step 1 of income turns %s, if you wish",
	"merrymakers":          "step 1 of income turns %s, every time",
	"militants":            "step 1 of income turns %s; passive on every conquest",
	"mystics":              "predictions at set-up; passive as the counts grow; scores in step 1 of income turn 5",
	"nomads":               "always (passive): every income building or landmark you gain",
	"the_chosen":           "step 1 of income turns %s, every time",
	"traders":              "step 1 of income turns %s, if you wish; passive when an opponent conquers a territory holding a token",
}

// CivTiming says in a few words when civilization i acts: in step 1 of
// which income turns, at set-up or always (passive).
func CivTiming(i int) string {
	if i < 0 || i >= len(Civs) {
		return ""
	}
	c := Civs[i]
	s, ok := civWhen[c.Bespoke]
	if !ok {
		return ""
	}
	if strings.Contains(s, "%s") {
		s = fmt.Sprintf(s, turnRange(c.IncomeTurns))
	}
	return s
}

// CivAdjustment is civilization i's starting adjustment in a few words
// ("gain 1 resource of your choice"), or "" when it has none.
func CivAdjustment(i int) string {
	if i < 0 || i >= len(Civs) || len(Civs[i].Adjustment) == 0 {
		return ""
	}
	return Describe(Civs[i].Adjustment)
}

// CivTables writes the spaces of civilization i's mat that its ability
// leaves out (Craftsmen's statue, Entertainers' path, Historians'
// squares, Merrymakers' columns, Militants' rows), or "".
func CivTables(i int) string {
	if i < 0 || i >= len(Civs) {
		return ""
	}
	return civTables(Civs[i])
}

// MysticsCount is seat's count in Mystics' category k (MysticsCategories)
// as the view shows it; -1 for an unknown seat or category.
func (v *View) MysticsCount(seat, k int) int {
	if seat < 0 || seat >= len(v.Players) || k < 0 || k > 3 {
		return -1
	}
	p := &v.Players[seat]
	switch k {
	case 0:
		return p.TechCount()
	case 1:
		if p.Mat < 1 || int(p.Mat) > len(Mats) || len(p.Cover) != CitySize*CitySize {
			return 0
		}
		n := 0
		for _, d := range cityDistricts(Mats[p.Mat-1].base, p.Cover) {
			if d {
				n++
			}
		}
		return n
	case 2:
		n := 0
		for i := range v.Map {
			if v.Map[i].Explored() && v.Map[i].Controller() == seat {
				n++
			}
		}
		return n
	}
	return p.Completed()
}

// Landmass is the size of seat's largest group of controlled territories
// joined through one land terrain, as Isolationists score it (R22).
func (v *View) Landmass(seat int) int {
	s := State{Seats: v.Seats, Map: v.Map}
	return s.landmass(seat)
}

// LandmassVP is what Isolationists score for a landmass of size n.
func LandmassVP(n int) int {
	i := CivIndex("Isolationists")
	if i < 0 {
		return 0
	}
	return Civs[i].Landmass[strconv.Itoa(min(max(n, 0), 6))]
}

// civAsked is the civilization state the pending decision is about (the
// asked seat's civilization AskView.N), or nil.
func (v *View) civAsked() (*CivState, int) {
	if v.Ask == nil || v.Ask.Seat < 0 || v.Ask.Seat >= len(v.Players) {
		return nil, -1
	}
	p := &v.Players[v.Ask.Seat]
	if v.Ask.N < 0 || v.Ask.N >= len(p.Civs) {
		return nil, v.Ask.Seat
	}
	return &p.Civs[v.Ask.N], v.Ask.Seat
}

// CivLabel is the button label of a civilization decision's option key
// (the set-up choice, the order of step-1 abilities and every "c:" ask),
// and whether key is one. Label leaves these keys as they are.
func CivLabel(v View, key string) (string, bool) {
	verb, arg, _ := strings.Cut(key, ":")
	x, y, _ := strings.Cut(arg, "@")
	xi, yi := atoi(x), atoi(y)
	name := func(seat int) string { return games.Name(games.Seat(seat)) }
	cs, seat := v.civAsked()
	civName := func(c int) string {
		if c < 0 || c >= len(Civs) {
			return "civilization"
		}
		return Civs[c].Name
	}
	switch verb {
	case "civ":
		return "Keep the " + civName(xi), true
	case "civfirst":
		if seat >= 0 && xi < len(v.Players[seat].Civs) {
			return "The " + civName(int(v.Players[seat].Civs[xi].Civ)) + " first", true
		}
		return "Civilization " + strconv.Itoa(xi+1) + " first", true
	case "alch":
		switch arg {
		case "roll":
			return "Roll the science die", true
		case "stop":
			return "Stop and advance on the marked tracks", true
		}
		return "Don't roll this turn", true
	case "alchadv":
		if arg == "done" {
			return "Done", true
		}
		if t := slices.Index(TrackNames[:], arg); seat >= 0 && t >= 0 {
			all := true
			for _, pos := range v.Players[seat].Tokens[t] {
				all = all && pos >= 12
			}
			if all {
				return fmt.Sprintf("%s is complete: 5 VP", capital(arg)), true
			}
		}
		return "Advance on " + arg + " (no benefit)", true
	case "ent":
		if cs != nil {
			if sp, ok := Civs[cs.Civ].Graph[arg]; ok {
				return capital(Describe(sp.Effects)), true
			}
		}
		return capital(strings.ReplaceAll(arg, "_", " ")), true
	case "herald":
		if arg == "skip" {
			return "No Herald this turn", true
		}
		if xi >= 0 && xi < len(v.Players) && yi >= 0 && yi < len(v.Players[xi].Slots) {
			if sl := v.Players[xi].Slots[yi]; len(sl) > 0 && sl[len(sl)-1].Card >= 0 && int(sl[len(sl)-1].Card) < len(TapCards) {
				return name(xi) + "'s " + TapCards[sl[len(sl)-1].Card].Name, true
			}
		}
		return name(xi) + "'s card", true
	case "hist":
		if arg == "skip" {
			return "Keep the tokens", true
		}
		s := fmt.Sprintf("Token %d to %s", xi+1, name(yi))
		if xi >= 0 && xi < len(HistorianSquares) {
			s += " (uncovers: " + Describe(HistorianSquares[xi]) + ")"
		}
		return s, true
	case "histtile":
		return fmt.Sprintf("Discard territory tile %d", xi), true
	case "histgive":
		return "To " + name(xi), true
	case "inv":
		if arg == "skip" {
			return "No token this turn", true
		}
		if yi < 0 || yi >= len(TechCards) {
			return name(xi) + "'s card", true
		}
		row := ""
		if xi >= 0 && xi < len(v.Players) {
			for r, ids := range v.Players[xi].Tech {
				for _, id := range ids {
					if id == yi {
						row = []string{" (bottom row)", " (middle row)", " (top row)"}[r]
					}
				}
			}
		}
		return name(xi) + "'s " + TechCards[yi].Name + row, true
	case "invcopy":
		if arg == "copy" {
			return "Gain the same benefit", true
		}
		return "Let it pass", true
	case "lead":
		if arg == "skip" {
			return "Keep the squares", true
		}
		return "Advance on " + arg + " (benefit, no bonus)", true
	case "merry":
		col := strings.ToUpper(arg)
		k := strings.Index("ABC", col)
		if cs != nil && k >= 0 && len(col) == 1 {
			steps := Civs[cs.Civ].Columns[col]
			if n := int(cs.Steps[k]); n < len(steps) {
				return fmt.Sprintf("Column %s, step %d: %s", col, n+1, Describe(steps[n])), true
			}
		}
		return "Column " + col, true
	case "milrow":
		return capital(arg) + " row", true
	case "swap":
		if arg == "done" {
			return "Stop swapping", true
		}
		plot := func(i int) string {
			s := fmt.Sprintf("row %d, column %d", i/CitySize+1, i%CitySize+1)
			if seat >= 0 && i >= 0 && i < len(v.Players[seat].Cover) {
				if b := strings.IndexByte(BuildingLetters, v.Players[seat].Cover[i]); b >= 0 {
					s += " (" + BuildingNames[b] + ")"
				}
			}
			return s
		}
		return "Swap " + plot(xi) + " and " + plot(yi), true
	case "trader":
		if arg == "skip" {
			return "No token this turn", true
		}
		h := Hex{int8(xi), int8(yi)}
		t := v.Terr(h)
		if t == nil || seat < 0 {
			return fmt.Sprintf("Hex %d,%d", xi, yi), true
		}
		if t.Items() > 0 {
			return fmt.Sprintf("Hex %d,%d: the tile's benefit", xi, yi), true
		}
		n := 0
		for k := range 6 {
			if nb := v.Terr(h.Neighbour(k)); nb != nil && nb.Explored() {
				if c := nb.Controller(); c >= 0 && c != seat {
					n++
				}
			}
		}
		return fmt.Sprintf("Hex %d,%d: %d VP", xi, yi, n), true
	case "fire":
		if arg == "skip" {
			return "Keep my cards", true
		}
		if xi >= 0 && xi < len(TapCards) {
			return "Play " + TapCards[xi].Name + " on Maker of Fire", true
		}
		return "Play it on Maker of Fire", true
	case "predict":
		return "Predict " + arg, true
	}
	return "", false
}
