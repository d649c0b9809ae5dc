package tapestry

import (
	"fmt"
	"strconv"
	"strings"
)

// Effects are written in two registers, both plain English in our own
// words: Describe is short, for button labels and the log (one choice of
// a "choose one" or an "in any order" list fits a Discord button), and
// Explain is fuller, for the look-up (/rules lookup). Both write a list in
// order ("…, then …") and an item repeated back to back once, with its
// count ("twice: …").

// Describe writes an effect list in a few words, for labels and the log.
func Describe(effs []Effect) string { return list(effs, false) }

// Explain writes an effect list in fuller words, for the look-up.
func Explain(effs []Effect) string { return list(effs, true) }

func list(effs []Effect, long bool) string {
	parts := make([]string, 0, len(effs))
	for i := 0; i < len(effs); {
		d := words(effs[i], long)
		n := 1
		for i+n < len(effs) && words(effs[i+n], long) == d {
			n++
		}
		parts = append(parts, times(n)+d)
		i += n
	}
	return strings.Join(parts, ", then ")
}

// times is the prefix of an item repeated n times.
func times(n int) string {
	switch n {
	case 1:
		return ""
	case 2:
		return "twice: "
	}
	return strconv.Itoa(n) + " times: "
}

// describe writes one effect in the short register.
func describe(e Effect) string { return words(e, false) }

// words writes one effect; an effect the vocabulary does not know falls
// back to its primitive's name (describe_test.go fails on that).
func words(e Effect, long bool) string {
	if s, ok := phrase(e, long); ok {
		return s
	}
	return strings.ReplaceAll(e.Do, "_", " ")
}

// phrase is one effect in words, short or long, and whether the
// vocabulary (spec §13.2 and the bespoke routines of §13.4) knows it.
func phrase(e Effect, long bool) (string, bool) {
	// more adds a long-register detail.
	more := func(s, detail string) string {
		if long {
			return s + detail
		}
		return s
	}
	switch e.Do {
	case "gain":
		if e.Res == nil {
			return "", false
		}
		return "gain " + resWords(*e.Res), true
	case "gain_any":
		return "gain " + count(e.N, "resource") + " of your choice", true
	case "lose":
		if e.Res == nil {
			return "", false
		}
		return "lose " + resWords(*e.Res), true
	case "lose_any":
		return "lose " + count(e.N, "resource") + " of your choice", true
	case "vp":
		return fmt.Sprintf("score %d VP", e.N), true
	case "vp_per":
		per, ok := perWords(e, long)
		if !ok {
			return "", false
		}
		return fmt.Sprintf("score %d VP per %s", e.Each, per), true
	case "score_capital":
		return more("score your capital city", " (1 VP per complete row and per complete column)"), true
	case "territory_tiles":
		return "draw " + count(e.N, "territory tile"), true
	case "space_tiles":
		return "draw " + count(e.N, "space tile"), true
	case "tapestry_cards":
		return "draw " + count(e.N, "tapestry card"), true
	case "building":
		if e.Type == "" {
			return "", false
		}
		return "gain " + article(e.Type), true
	case "building_choice":
		if len(e.Types) == 0 {
			return "", false
		}
		if len(e.Types) == NumBuildings {
			return "gain an income building of your choice", true
		}
		return "gain " + article(orList(e.Types)) + " (your choice)", true
	case "landmark":
		if e.Name == "" {
			return "", false
		}
		return "build the " + e.Name + " landmark" + more("", " if nobody has it yet"), true
	case "landmark_any_track":
		return "claim any landmark still unclaimed on the tracks", true
	case "explore":
		if e.Anywhere {
			return more("explore anywhere", " (a territory tile on any unexplored hex)"), true
		}
		return more("explore", " (a territory tile next to a territory you control)"), true
	case "explore_space":
		return more("explore space", " (play a space tile from your supply)"), true
	case "conquer":
		s := more("conquer", " a territory next to one you control")
		if e.Anywhere {
			s = more("conquer anywhere", " (any territory on the map)")
		}
		switch e.BothDice {
		case "":
		case "always":
			s += ", keeping both dice"
		case "if_opponent_controlled":
			s += ", keeping both dice if an opponent held it"
		default:
			return "", false
		}
		return s, true
	case "territory_benefit":
		return "gain the benefit printed on that territory's tile", true
	case "research":
		s := "research (no benefit)"
		if e.Full {
			s = "research (with the benefit)"
		}
		if long {
			s = "research (roll the science die; you may advance on that track, no benefit)"
			if e.Full {
				s = "research (roll the science die; you may advance on that track and gain the benefit)"
			}
		}
		if e.MaxoutVP > 0 {
			s += fmt.Sprintf("; %d VP instead if your token there is on 12", e.MaxoutVP)
		}
		return s, true
	case "invent":
		var s string
		switch e.Source {
		case "":
			s = "invent a tech card"
		case "face_up":
			s = "invent a face-up tech card"
		case "deck":
			s = "invent the top card of the tech deck"
		default:
			return "", false
		}
		if e.ThenUpgrade {
			s += " and upgrade it to the middle row at once"
		}
		return s, true
	case "refresh_tech":
		s := "swap the three face-up tech cards for three new ones"
		if e.Optional {
			s = "you may " + s
		}
		return s, true
	case "upgrade":
		return "upgrade one of your tech cards", true
	case "tech_circle":
		return "gain the middle benefit of one of your middle-row tech cards", true
	case "tech_square":
		return "gain the top benefit of one of your top-row tech cards", true
	case "advance", "regress":
		return moveWords(e, long)
	case "repeat_position":
		s := "gain again the benefit of a space where one of your tokens stands"
		if e.Bonus == "pay" {
			s += more("", " (you may pay for its bonus)")
		}
		switch e.Limit {
		case "":
		case "once_per_turn":
			s += ", once per turn"
		default:
			return "", false
		}
		return s, true
	case "overplay_tapestry":
		return "play a tapestry card from your hand on top of your current era's card", true
	case "gain_civilization":
		if long {
			return "gain a civilization: draw the top one of the civilization deck, which works for you from then on (nothing in a game without civilizations)", true
		}
		return "gain a civilization", true
	case "choose":
		if len(e.Options) == 0 {
			return "", false
		}
		opts := make([]string, len(e.Options))
		for i, o := range e.Options {
			opts[i] = list(o, long)
		}
		return "choose one: " + strings.Join(opts, "; or "), true
	case "any_order":
		if len(e.Effects) == 0 {
			return "", false
		}
		if s, ok := sameMoves(e.Effects, long); ok {
			return s, true
		}
		items := make([]string, len(e.Effects))
		for i, x := range e.Effects {
			items[i] = words(x, long)
		}
		return "in the order you like: " + strings.Join(items, "; "), true
	case "bespoke":
		s, ok := bespokeText[e.ID]
		if short, has := bespokeShort[e.ID]; has && !long {
			s = short
		}
		return s, ok
	}
	return "", false
}

// moveWords writes an advance or a regress effect.
func moveWords(e Effect, long bool) (string, bool) {
	tracks := e.Tracks
	if e.Track != "" {
		tracks = append([]string{e.Track}, tracks...)
	}
	if len(tracks) == 0 {
		return "", false
	}
	s := "advance once on " + orList(tracks)
	if e.Do == "regress" {
		s = "move back one space on " + orList(tracks)
	}
	if e.Optional {
		s = "you may " + s
	}
	tail, ok := benefitWords(e.Benefit, e.Bonus, long)
	if !ok {
		return "", false
	}
	if e.Do == "regress" && long {
		tail = strings.Replace(tail, " the benefit", " the benefit of the space you land on", 1)
	}
	s += tail
	if e.MaxoutVP > 0 {
		s += fmt.Sprintf("; %d VP instead if your token there is on 12", e.MaxoutVP)
	}
	return s, true
}

// benefitWords says what a free move gives besides moving.
func benefitWords(benefit bool, bonus string, long bool) (string, bool) {
	if bonus == "none" {
		bonus = ""
	}
	if bonus != "" && bonus != "pay" && bonus != "free" {
		return "", false
	}
	if !long {
		b := map[string]string{"": "", "pay": "; may pay bonus", "free": "; free bonus"}[bonus]
		if benefit {
			return " (with benefit" + b + ")", true
		}
		return " (no benefit" + b + ")", true
	}
	switch {
	case benefit && bonus == "":
		return " and gain the benefit", true
	case benefit && bonus == "pay":
		return " and gain the benefit (you may pay for the bonus)", true
	case benefit:
		return " and gain the benefit, and the bonus for free if you want it", true
	case bonus == "":
		return " (no benefit)", true
	case bonus == "pay":
		return " with no benefit, but you may pay for the bonus", true
	}
	return " with no benefit, but the bonus for free if you want it", true
}

// sameMoves writes an any_order list of single-track advances that differ
// only by their track (Renaissance) as one sentence.
func sameMoves(effs []Effect, long bool) (string, bool) {
	if len(effs) < 2 {
		return "", false
	}
	first := effs[0]
	var tracks []string
	for _, x := range effs {
		if x.Do != "advance" || x.Track == "" || len(x.Tracks) > 0 || x.Benefit != first.Benefit ||
			x.Bonus != first.Bonus || x.Optional != first.Optional || x.MaxoutVP != first.MaxoutVP {
			return "", false
		}
		tracks = append(tracks, x.Track)
	}
	tail, ok := benefitWords(first.Benefit, first.Bonus, long)
	if !ok {
		return "", false
	}
	tail = strings.NewReplacer(" the benefit", " each benefit", " the bonus", " each bonus").Replace(tail)
	s := "advance once on each of " + andList(tracks) + ", in the order you like," + tail
	if !long {
		s = "advance once on each of " + andList(tracks) + " in any order" + tail
	}
	if first.Optional {
		s = "you may " + s
	}
	return s, true
}

// perWords is the counter of a vp_per effect.
func perWords(e Effect, long bool) (string, bool) {
	switch e.Per {
	case "tech_cards":
		return "tech card you own", true
	case "controlled_territories":
		return "territory you control", true
	case "farms", "houses", "markets", "armories":
		return buildingOfRow[e.Per] + " you own", true
	case "territory_tiles_in_supply":
		return "territory tile in your supply", true
	case "tapestry_cards_total":
		if long {
			return "tapestry card you have (hand and income mat)", true
		}
		return "tapestry card you have", true
	case "landmarks":
		return "landmark you own", true
	case "track_position":
		if e.Track == "" {
			return "", false
		}
		return "space your " + e.Track + " token has reached", true
	}
	return "", false
}

// buildingOfRow names the building counted by a vp_per counter.
var buildingOfRow = map[string]string{"farms": "farm", "houses": "house", "markets": "market", "armories": "armory"}

// HookText writes, in the long register, one "this era" item of a tapestry card (spec §13.3): a
// trigger with its effects, or a standing rule.
func HookText(h Hook) string {
	if s, ok := hookPhrase(h); ok {
		return s
	}
	return strings.ReplaceAll(h.When+h.Rule, "_", " ")
}

// hookPhrase is a hook in words, and whether the vocabulary knows it.
func hookPhrase(h Hook) (string, bool) {
	if h.Rule != "" {
		switch h.Rule {
		case "forbid_advance":
			if h.Track == "" {
				return "", false
			}
			return "you may not advance on " + h.Track + ".", true
		case "science_die_roll_twice_keep_one":
			return "whenever you roll the science die, roll it twice and keep the result you prefer.", true
		case "explore_may_double_tile_benefit_instead_of_vp":
			return "when you explore you may give up the alignment VP to gain the tile's benefit twice.", true
		case "ignore_tech_prerequisites":
			return "your tech card upgrades ignore prerequisites.", true
		case "invent_also_gains_middle_benefit":
			return "each tech card you invent also gives its middle benefit at once, staying in the bottom row.", true
		case "both_dice_when_toppling":
			return "when your conquest topples an opponent's outpost, keep both dice.", true
		case "no_traps_against_you":
			return "nobody may play a Trap against your conquests.", true
		case "may_build_on_impassable":
			return "you may build on impassable plots of your capital.", true
		case "any_resource_bonuses_free":
			return "bonuses priced in any resources cost you nothing.", true
		case "no_conquest_between_allies":
			return "you and your ally may not conquer each other's territories.", true
		}
		return "", false
	}
	var when string
	switch h.When {
	case "gain_tech_card":
		when = "each time you gain a tech card"
	case "gain_tapestry_card":
		when = "each time you gain a tapestry card"
	case "advance":
		if h.Track == "" {
			return "", false
		}
		when = "each time you advance on " + h.Track
	case "opponent_advances":
		if h.Track == "" {
			return "", false
		}
		when = "each time an opponent advances on " + h.Track
	case "enter_new_tier":
		when = "each time one of your tokens enters a new tier"
	case "upgrade":
		when = "each time you upgrade a tech card"
	case "income_step":
		when = "in the income step of your income turn"
	case "gain_building":
		if h.Building == "" {
			return "", false
		}
		when = "each time you gain " + article(h.Building)
	case "place_income_building_in_capital":
		when = "each time you place an income building in your capital"
	case "place_building_on_impassable":
		when = "each time a building you place covers an impassable plot"
	case "gain_track_landmark":
		when = "each time you claim a landmark from a track"
	case "enter_claimed_landmark_space":
		when = "each time your token reaches a landmark space whose landmark is already taken"
	case "explore_start":
		when = "each time you explore, first"
	case "explore_before_place":
		when = "each time you explore, before placing the tile"
	case "explore_after_place":
		when = "each time you explore, after placing the tile"
	case "conquer_complete":
		when = "each time you conquer a territory and control it"
	case "ally_upgrades_tech_card":
		when = "each time your ally upgrades a tech card"
	case "partner_gains_track_benefit":
		when = "each time your partner gains a benefit on the chosen track"
	default:
		return "", false
	}
	if len(h.Effects) == 0 {
		return "", false
	}
	for _, e := range h.Effects {
		if !known(e) {
			return "", false
		}
	}
	return when + ": " + Explain(h.Effects) + ".", true
}

// known reports whether the vocabulary knows e and everything nested in it.
func known(e Effect) bool {
	if _, ok := phrase(e, true); !ok {
		return false
	}
	for _, o := range e.Options {
		for _, x := range o {
			if !known(x) {
				return false
			}
		}
	}
	for _, x := range e.Effects {
		if !known(x) {
			return false
		}
	}
	return true
}

// bespokeText is one short sentence per bespoke routine (spec §13.4), in
// our own words.
var bespokeText = map[string]string{
	"ai_singularity":                "send that token back to the start of any track you like (a marker keeps your place on 12)",
	"age_of_discovery":              "roll the science die: starting with you, every player advances once on that track, but only you gain the benefit and may pay for the bonus",
	"age_of_sail_gift":              "you may give 1 territory tile from your supply to an opponent for 3 VP",
	"age_of_wonders":                "count landmarks: fewer than every opponent gives 2 resources of your choice, more than every opponent 12 VP, anything else 1 resource of your choice and 6 VP",
	"alliance_choose_partner":       "choose an opponent as your ally for this era",
	"alliance_copy_upgrade_benefit": "gain the same benefit your ally just gained",
	"boast_of_superiority":          "score 4 VP for each track where nobody is further ahead than you (ties count)",
	"capitalism_vp":                 "score 2 VP per coin icon that paid out",
	"coal_baron":                    "draw a territory tile and explore with it, then each neighbour draws a territory tile",
	"colonialism":                   "choose a territory tile you control and gain a resource per land terrain on it: mountain a worker, grassland a culture, forest a food, desert a coin",
	"dark_ages":                     "move back one space on three different tracks, then three spaces up the fourth, with no benefits or bonuses",
	"discard_tapestry_for_vp":       "discard any number of tapestry cards from your hand for 2 VP each",
	"dictatorship":                  "advance once on a track of your choice and gain the benefit (you may pay for the bonus); nobody else may advance there until your next turn ends",
	"diplomacy_all_gain_any":        "every player, you included, gains 1 resource of their choice",
	"espionage":                     "copy a face-up card lying on top of any income mat slot, as if you had just played it",
	"guilds":                        "either pay 5, 10 or 15 VP for 1, 2 or 3 resources of your choice, or pay 1, 2 or 3 resources for 5, 10 or 15 VP",
	"marriage_choose":               "choose an opponent as your partner and a track for this era",
	"marriage_copy_benefit":         "gain the same space benefit yourself (no bonus)",
	"mercantilism_convert":          "you may trade food from this income one for one for other resources, scoring 2 VP per food traded",
	"militarism_outpost":            "you may put an outpost from your supply on the new territory to control it",
	"oil_magnate":                   "choose a track: you may advance once on it with the benefit (and may pay for the bonus), then each neighbour may advance once on it without",
	"olympic_host":                  "starting with you, each player may pay 1 worker for 10 VP; if an opponent paid you gain an income building of your choice, otherwise 1 coin",
	"plea_for_aid":                  "for each track where every other player is ahead of you, score 2 VP and gain 1 resource of your choice",
	"revolution_flip":               "on up to 3 territories holding your toppled outpost and an opponent's upright one, stand yours up and topple theirs",
	"socialism":                     "choose a track and move your token to the nearest space an opponent holds, up or down, with no benefit or bonus",
	"steam_tycoon_neighbours":       "each neighbour takes the top card of the tech deck",
	"technocracy":                   "if nobody else has begun this era, invent a tech card and upgrade it to the middle row at once; otherwise score 3 VP per opponent",
	"trade_economy":                 "choose an opponent's space on any track: you gain its benefit and they gain its bonus for free",
	"tyranny_play_on_top":           "you may play that card on top of Tyranny at once, scoring 5 VP the first time",
	"architects_adjustment":         "with three or more players, score 10 VP per opponent",
	"chosen_adjustment":             "score 15 VP per opponent",
	"automa_conquer_if_fewer_territories_than_turn":      "the Automa conquers if it controls fewer territories than its income turn number",
	"automa_topple_shadow_if_more_than_two_single_token": "if more than two of the Automa's territories hold a single piece, a toppled Shadow Empire outpost joins one of them",
}

// bespokeShort is the short register of a bespoke sentence too long for a
// button, where one can be a choice of its own.
var bespokeShort = map[string]string{
	"revolution_flip": "flip up to 3 territories holding your toppled outpost",
}

// resWords writes resources as "1 coin and 2 food"; one of each reads
// "1 of each resource".
func resWords(r Res) string {
	if r == (Res{1, 1, 1, 1}) {
		return "1 of each resource"
	}
	var parts []string
	for i, n := range r {
		if n != 0 {
			parts = append(parts, resAmount(n, i))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return andList(parts)
}

// resAmount writes n of resource i: "1 coin", "2 workers", "2 food".
func resAmount(n, i int) string {
	name := ResNames[i]
	if n != 1 && (i == Coin || i == Worker) {
		name += "s"
	}
	return strconv.Itoa(n) + " " + name
}

// count writes "1 thing" or "n things" ("2 territories" for a word in a
// consonant and "y").
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	if k := len(thing); k > 1 && thing[k-1] == 'y' && !strings.ContainsRune("aeiou", rune(thing[k-2])) {
		return strconv.Itoa(n) + " " + thing[:k-1] + "ies"
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

func andList(xs []string) string { return joinList(xs, "and") }
func orList(xs []string) string  { return joinList(xs, "or") }

// joinList writes "a", "a or b", "a, b or c".
func joinList(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}
