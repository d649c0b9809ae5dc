package tapestry

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/tapestry"
	"spindle/imaging"
)

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
