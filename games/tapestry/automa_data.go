package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The solo game's content: data/automa.json (spec §17).

// HexScan is a decision card's hex tiebreaker (spec §17.7): row k is the
// hexes Start + k·NextRow + j·Along.
type HexScan struct {
	Start   [2]int `json:"start"`
	Along   [2]int `json:"along"`
	NextRow [2]int `json:"next_row"`
}

// DecisionCard is one of the 22 Automa decision cards.
type DecisionCard struct {
	Card int `json:"card"`
	// Deck is "start" (cards 1-7) or "progress" (8-22).
	Deck   string `json:"deck"`
	Income bool   `json:"income"`
	Topple bool   `json:"topple"`
	// AutomaTrack and ShadowTrack are the track indicators: "any",
	// "nearest_end" or "nearest_landmark_or_end".
	AutomaTrack string `json:"automa_track"`
	ShadowTrack string `json:"shadow_track"`
	// TrackOrder is the tiebreak list; "favourite" is the bot's favourite.
	TrackOrder []string `json:"track_order"`
	HexScan    HexScan  `json:"hex_scan"`
}

// AutomaCiv is one side of an Automa civilization card.
type AutomaCiv struct {
	Side      string `json:"side"`
	Favourite string `json:"favourite"`
	// Income maps a turn range ("turns_2_and_4", "turns_3_to_5") to the
	// effects of those bot income turns.
	Income map[string][]Effect `json:"income_ability"`
}

// AbilityOn returns the side's effects for bot income turn n, in the
// data's order of ranges.
func (c AutomaCiv) AbilityOn(n int) []Effect {
	keys := make([]string, 0, len(c.Income))
	for k := range c.Income {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []Effect
	for _, k := range keys {
		if turnsInclude(k, n) {
			out = append(out, c.Income[k]...)
		}
	}
	return out
}

// turnsInclude reads "turns_A_and_B" (A and B) or "turns_A_to_B" (A..B).
func turnsInclude(key string, n int) bool {
	parts := strings.Split(strings.TrimPrefix(key, "turns_"), "_")
	if len(parts) != 3 {
		panic(fmt.Sprintf("tapestry: bad Automa turn range %q", key))
	}
	a, _ := strconv.Atoi(parts[0])
	b, _ := strconv.Atoi(parts[2])
	if parts[1] == "and" {
		return n == a || n == b
	}
	return n >= a && n <= b
}

// AutomaVP is one income turn's VP multipliers on an Automa mat side.
type AutomaVP struct {
	TerritoriesLandmarks int `json:"territories_and_landmarks"`
	MilitaryScience      int `json:"military_and_science"`
	ExplorationTech      int `json:"exploration_and_technology"`
}

// AutomaLevel is one difficulty level (spec §17.10, R16).
type AutomaLevel struct {
	Level         int    `json:"level"`
	Name          string `json:"name"`
	MatSide       string `json:"mat_side"`
	TapestryDraw  bool   `json:"tapestry_draw"`
	CivAbility    bool   `json:"civ_ability"`
	IncomeAdvance bool   `json:"income_advance"`
	ExtraProgress int    `json:"extra_progress_cards"`
	SecondCiv     bool   `json:"second_civ"`
	Default       bool   `json:"default,omitempty"`
}

// The decoded solo content.
var (
	// DecisionCards holds the 22 decision cards; DecisionCards[i] is card i+1.
	DecisionCards []DecisionCard
	// AutomaCivs are the four Automa civilization sides.
	AutomaCivs []AutomaCiv
	// AutomaLevels are the difficulty levels 1..6; AutomaLevels[i] is level i+1.
	AutomaLevels []AutomaLevel
	// AutomaMult holds the VP multipliers by side ("normal", "hard") and
	// bot income turn 2..5.
	AutomaMult map[string]map[int]AutomaVP
	// AutomaEraVP is the Automa's first-to-era VP by income turn.
	AutomaEraVP map[int]int
	// SoloRemoved names the tapestry cards taken out of a solo game;
	// SoloTrapsRemoved the number of Traps taken out.
	SoloRemoved      []string
	SoloTrapsRemoved int
	// SoloRemovedCivs names the civilizations taken out of a solo game.
	SoloRemovedCivs []string
)

func init() {
	var a struct {
		Removed struct {
			Cards []string `json:"tapestry_cards"`
			Traps int      `json:"traps_removed"`
			Civs  []string `json:"civilizations"`
		} `json:"removed_components"`
		Cards  []DecisionCard `json:"decision_cards"`
		Civs   []AutomaCiv    `json:"automa_civs"`
		Levels []AutomaLevel  `json:"difficulty_levels"`
		Mult   struct {
			Normal map[string]AutomaVP `json:"normal_side"`
			Hard   map[string]AutomaVP `json:"hard_side"`
		} `json:"vp_multipliers"`
		EraVP map[string]int `json:"first_to_era_vp"`
	}
	load("automa", &a)
	DecisionCards, AutomaCivs, AutomaLevels = a.Cards, a.Civs, a.Levels
	SoloRemoved, SoloTrapsRemoved, SoloRemovedCivs = a.Removed.Cards, a.Removed.Traps, a.Removed.Civs
	atoiMap := func(m map[string]AutomaVP) map[int]AutomaVP {
		out := map[int]AutomaVP{}
		for k, v := range m {
			n, err := strconv.Atoi(k)
			if err != nil {
				panic(fmt.Sprintf("tapestry: bad Automa income turn %q", k))
			}
			out[n] = v
		}
		return out
	}
	AutomaMult = map[string]map[int]AutomaVP{"normal": atoiMap(a.Mult.Normal), "hard": atoiMap(a.Mult.Hard)}
	AutomaEraVP = map[int]int{}
	for k, v := range a.EraVP {
		n, _ := strconv.Atoi(k)
		AutomaEraVP[n] = v
	}
	for i, c := range DecisionCards {
		if c.Card != i+1 {
			panic("tapestry: decision cards out of order")
		}
		for _, t := range c.TrackOrder {
			if t != "favourite" {
				trackOf(t)
			}
		}
	}
	for i, l := range AutomaLevels {
		if l.Level != i+1 {
			panic("tapestry: Automa levels out of order")
		}
	}
	for _, c := range AutomaCivs {
		trackOf(c.Favourite)
	}
}

// automaCivOf returns the Automa civ side whose favourite is t.
func automaCivOf(t Track) int {
	for i, c := range AutomaCivs {
		if trackOf(c.Favourite) == t {
			return i
		}
	}
	return -1
}

// automaCivIndex returns the side named name (case-insensitive), or -1.
func automaCivIndex(name string) int {
	for i, c := range AutomaCivs {
		if strings.EqualFold(c.Side, name) {
			return i
		}
	}
	return -1
}
