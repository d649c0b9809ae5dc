package tapestry

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
)

// The game's content lives in data/*.yaml, copied from the spec's data
// folder with its source notes. games/... imports only the standard
// library, so the engine embeds data/*.json, the same content generated
// from the YAML and kept equal to it by cmd/spindle
// TestGameContentJSONMatchesYAML. It is decoded once, at package
// initialisation; a malformed file is a programming error and panics.
//
//go:embed data/*.json
var dataFS embed.FS

// Track is one of the four advancement tracks, in the spec's order.
type Track int8

// The four tracks.
const (
	Exploration Track = iota
	Science
	Technology
	Military
	NumTracks = 4
)

// TrackNames are the tracks' data names, by Track.
var TrackNames = [NumTracks]string{"exploration", "science", "technology", "military"}

// String returns the track's name.
func (t Track) String() string {
	if t < 0 || t >= NumTracks {
		return "?"
	}
	return TrackNames[t]
}

func trackOf(name string) Track {
	i := slices.Index(TrackNames[:], name)
	if i < 0 {
		panic(fmt.Sprintf("tapestry: unknown track %q in data", name))
	}
	return Track(i)
}

// Resource indexes: coin, worker, food, culture.
const (
	Coin = iota
	Worker
	Food
	Culture
	NumRes = 4
)

// ResNames are the resources' data names.
var ResNames = [NumRes]string{"coin", "worker", "food", "culture"}

// ResCap is the most of one resource a player may hold.
const ResCap = 8

// Res is a count per resource.
type Res [NumRes]int

// Total is the number of resources.
func (r Res) Total() int { return r[0] + r[1] + r[2] + r[3] }

// UnmarshalJSON reads a {coin: n, ...} map; "any" is refused here (costs
// carry it apart).
func (r *Res) UnmarshalJSON(b []byte) error {
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*r = Res{}
	for k, n := range m {
		i := slices.Index(ResNames[:], k)
		if i < 0 {
			return fmt.Errorf("tapestry: unknown resource %q", k)
		}
		r[i] = n
	}
	return nil
}

// MarshalJSON writes the non-zero entries as a map.
func (r Res) MarshalJSON() ([]byte, error) {
	m := map[string]int{}
	for i, n := range r {
		if n != 0 {
			m[ResNames[i]] = n
		}
	}
	return json.Marshal(m)
}

// Effect is one item of an effect list (spec §13): a primitive and its
// parameters, as the data files write it.
type Effect struct {
	Do          string     `json:"do"`
	Res         *Res       `json:"res,omitempty"`
	N           int        `json:"n,omitempty"`
	Per         string     `json:"per,omitempty"`
	Each        int        `json:"each,omitempty"`
	Track       string     `json:"track,omitempty"`
	Tracks      []string   `json:"tracks,omitempty"`
	Benefit     bool       `json:"benefit,omitempty"`
	Bonus       string     `json:"bonus,omitempty"`
	Optional    bool       `json:"optional,omitempty"`
	MaxoutVP    int        `json:"maxout_vp,omitempty"`
	Anywhere    bool       `json:"anywhere,omitempty"`
	BothDice    string     `json:"both_dice,omitempty"`
	Full        bool       `json:"full,omitempty"`
	Source      string     `json:"source,omitempty"`
	ThenUpgrade bool       `json:"then_upgrade,omitempty"`
	Type        string     `json:"type,omitempty"`
	Types       []string   `json:"types,omitempty"`
	Name        string     `json:"name,omitempty"`
	ID          string     `json:"id,omitempty"`
	Limit       string     `json:"limit,omitempty"`
	Options     [][]Effect `json:"options,omitempty"`
	Effects     []Effect   `json:"effects,omitempty"`
}

// Cost is what an advance into a space or a bonus costs.
type Cost struct {
	Res      Res `json:"-"`
	Any      int `json:"any,omitempty"`
	Tiles    int `json:"discard_territory_tiles,omitempty"`
	Cards    int `json:"discard_tapestry_cards,omitempty"`
	TechCard int `json:"discard_tech_cards,omitempty"`
}

// UnmarshalJSON reads a cost map with resource keys and the special keys.
func (c *Cost) UnmarshalJSON(b []byte) error {
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = Cost{}
	for k, n := range m {
		switch k {
		case "any":
			c.Any = n
		case "discard_territory_tiles":
			c.Tiles = n
		case "discard_tapestry_cards":
			c.Cards = n
		case "discard_tech_cards":
			c.TechCard = n
		default:
			i := slices.Index(ResNames[:], k)
			if i < 0 {
				return fmt.Errorf("tapestry: unknown cost key %q", k)
			}
			c.Res[i] = n
		}
	}
	return nil
}

// Bonus is a space's optional paid extra.
type Bonus struct {
	Cost    Cost     `json:"cost"`
	Effects []Effect `json:"effects"`
}

// Space is one space 1..12 of a track.
type Space struct {
	Track    string   `json:"track"`
	Index    int      `json:"index"`
	Tier     int      `json:"tier"`
	Name     string   `json:"name"`
	Cost     Cost     `json:"cost"`
	Benefit  []Effect `json:"benefit"`
	Bonus    *Bonus   `json:"bonus,omitempty"`
	Landmark string   `json:"landmark,omitempty"`
}

// IncomeSpace is one space of an income-mat row.
type IncomeSpace struct {
	Space  int      `json:"space"`
	Name   string   `json:"name"`
	Income []Effect `json:"income_step"`
	VP     []Effect `json:"vp_step"`
}

// Prereq is a tech card's top-row prerequisite.
type Prereq struct {
	Track     string `json:"track,omitempty"`
	MinSpace  int    `json:"min_space,omitempty"`
	IncomeRow string `json:"income_row,omitempty"`
	MinLevel  int    `json:"min_level,omitempty"`
}

// TechCard is one of the 33 tech cards.
type TechCard struct {
	Name   string   `json:"name"`
	Middle []Effect `json:"middle"`
	Top    []Effect `json:"top"`
	Prereq Prereq   `json:"prerequisite"`
}

// Hook is an "era" item of a this-era card: a trigger with effects, or a
// rule (modifier).
type Hook struct {
	When     string   `json:"when,omitempty"`
	Rule     string   `json:"rule,omitempty"`
	Track    string   `json:"track,omitempty"`
	Building string   `json:"building,omitempty"`
	Effects  []Effect `json:"effects,omitempty"`
}

// TapCard is a tapestry card design (Trap is one design with count 7).
type TapCard struct {
	Name        string   `json:"name"`
	Count       int      `json:"count"`
	SoloCount   int      `json:"solo_count,omitempty"`
	Type        string   `json:"type"`
	Effects     []Effect `json:"effects,omitempty"`
	Era         []Hook   `json:"era,omitempty"`
	Text        string   `json:"text,omitempty"`
	SoloRemoved bool     `json:"solo_removed,omitempty"`
}

// TerritoryTile is one of the 48 territory tiles.
type TerritoryTile struct {
	ID      int      `json:"id"`
	Corners string   `json:"corners"`
	Island  string   `json:"island"`
	Land    []string `json:"land"`
	Benefit []Effect `json:"benefit"`
}

// SpaceTile is one of the 15 space tiles.
type SpaceTile struct {
	ID      int      `json:"id"`
	Effects []Effect `json:"effects"`
}

// Mat is a capital city mat.
type Mat struct {
	Number  int      `json:"number"`
	Name    string   `json:"name"`
	Partner int      `json:"pair_partner"`
	Large   [2]int   `json:"start_large"`
	Small   [2]int   `json:"start_small"`
	Grid    []string `json:"grid"`
	base    string
}

// Landmark is one of the 18 landmarks.
type Landmark struct {
	Name   string `json:"name"`
	Source struct {
		Kind  string `json:"kind"`
		Track string `json:"track,omitempty"`
		Space int    `json:"space,omitempty"`
		Card  string `json:"card,omitempty"`
	} `json:"source"`
	Board     bool     `json:"on_landmark_board"`
	Plots     int      `json:"plots"`
	Footprint []string `json:"footprint"`
}

// MapHex is one hex of a map as printed.
type MapHex struct {
	At      [2]int `json:"at"`
	Printed string `json:"printed,omitempty"`
	Island  string `json:"island,omitempty"`
	Middle  bool   `json:"middle_island,omitempty"`
	Starts  []int  `json:"start_for_capitals,omitempty"`
}

// Achievement is one of the three achievements.
type Achievement struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Order struct {
		Small []int `json:"players_1_to_3"`
		Large []int `json:"players_4_to_5"`
		Any   []int `json:"any_player_count"`
	} `json:"vp_by_order"`
}

// The decoded content.
var (
	// Spaces holds each track's 12 spaces: Spaces[t][i-1] is space i.
	Spaces [NumTracks][12]Space
	// TrackRes is each track's own resource.
	TrackRes [NumTracks]int
	// IncomeRows are the four building rows, in the order farms, houses,
	// markets, armories (Building order).
	IncomeRows [NumBuildings][6]IncomeSpace
	// NeighbourBonus is the first-of-neighbours bonus by era 1..4.
	NeighbourBonus [5]int
	// TechCards are the 33 tech cards, by index.
	TechCards []TechCard
	// TapCards are the tapestry card designs; TapDeck lists the 50 card
	// indexes into TapCards of a full deck.
	TapCards []TapCard
	// Territories are the 48 tiles; Territories[i] has ID i+1.
	Territories []TerritoryTile
	// SpaceTiles are the 15 space tiles; SpaceTiles[i] has ID i+1.
	SpaceTiles []SpaceTile
	// Mats are the six capital mats; Mats[i] has number i+1.
	Mats []Mat
	// Landmarks are the 18 landmarks.
	Landmarks []Landmark
	// MapsLarge and MapsSmall are the two sides of the board.
	MapsLarge, MapsSmall []MapHex
	// Achievements are the three achievements, in the data's order.
	Achievements []Achievement
	// ScienceDie is the science die's 12 faces.
	ScienceDie [12]Track
	// RedDie and BlackDie are the conquer dice's faces.
	RedDie, BlackDie [6][]Effect
)

// Building is an income building type.
type Building int8

// The four income buildings, in the order of IncomeRows.
const (
	Farm Building = iota
	House
	Market
	Armory
	NumBuildings = 4
)

// BuildingNames are the buildings' data names.
var BuildingNames = [NumBuildings]string{"farm", "house", "market", "armory"}

// BuildingLetters are the cover codes of the buildings in a capital.
const BuildingLetters = "fhma"

func buildingOf(name string) Building {
	i := slices.Index(BuildingNames[:], name)
	if i < 0 {
		panic(fmt.Sprintf("tapestry: unknown building %q in data", name))
	}
	return Building(i)
}

// TrapCard is the index in TapCards of the Trap design.
var TrapCard int

func load(name string, v any) {
	b, err := dataFS.ReadFile("data/" + name + ".json")
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		panic(fmt.Sprintf("tapestry: data/%s.json: %v", name, err))
	}
}

// LandmarkIndex returns the index of the named landmark, or -1.
func LandmarkIndex(name string) int {
	return slices.IndexFunc(Landmarks, func(l Landmark) bool { return l.Name == name })
}

// TechIndex returns the index of the named tech card, or -1.
func TechIndex(name string) int {
	return slices.IndexFunc(TechCards, func(c TechCard) bool { return c.Name == name })
}

// TapIndex returns the index of the named tapestry card design, or -1.
func TapIndex(name string) int {
	return slices.IndexFunc(TapCards, func(c TapCard) bool { return c.Name == name })
}

func init() {
	var tracks struct {
		Spaces   []Space           `json:"spaces"`
		TrackRes map[string]string `json:"track_resources"`
	}
	load("tracks", &tracks)
	for _, s := range tracks.Spaces {
		Spaces[trackOf(s.Track)][s.Index-1] = s
	}
	for k, r := range tracks.TrackRes {
		TrackRes[trackOf(k)] = slices.Index(ResNames[:], r)
	}
	var income struct {
		Rows map[string]struct {
			Building string        `json:"building"`
			Spaces   []IncomeSpace `json:"spaces"`
		} `json:"rows"`
		Slots []struct {
			Slot  int `json:"slot"`
			Bonus int `json:"first_neighbour_bonus"`
		} `json:"tapestry_slots"`
	}
	load("income", &income)
	for _, row := range income.Rows {
		copy(IncomeRows[buildingOf(row.Building)][:], row.Spaces)
	}
	for _, s := range income.Slots {
		NeighbourBonus[s.Slot] = s.Bonus
	}
	var tech struct {
		Cards []TechCard `json:"cards"`
	}
	load("tech_cards", &tech)
	TechCards = tech.Cards
	var tap struct {
		Cards []TapCard `json:"cards"`
	}
	load("tapestry_cards", &tap)
	TapCards = tap.Cards
	TrapCard = TapIndex("Trap")
	var terr struct {
		Tiles []TerritoryTile `json:"tiles"`
	}
	load("territories", &terr)
	Territories = terr.Tiles
	var space struct {
		Tiles []SpaceTile `json:"tiles"`
	}
	load("space_tiles", &space)
	SpaceTiles = space.Tiles
	var caps struct {
		Mats []Mat `json:"mats"`
	}
	load("capitals", &caps)
	Mats = caps.Mats
	for i := range Mats {
		for _, row := range Mats[i].Grid {
			Mats[i].base += row
		}
	}
	var lm struct {
		Landmarks []Landmark `json:"landmarks"`
	}
	load("landmarks", &lm)
	Landmarks = lm.Landmarks
	var maps struct {
		Maps struct {
			Large struct {
				Hexes []MapHex `json:"hexes"`
			} `json:"large"`
			Small struct {
				Hexes []MapHex `json:"hexes"`
			} `json:"small"`
		} `json:"maps"`
	}
	load("maps", &maps)
	MapsLarge, MapsSmall = maps.Maps.Large.Hexes, maps.Maps.Small.Hexes
	var ach struct {
		Achievements []Achievement `json:"achievements"`
	}
	load("achievements", &ach)
	Achievements = ach.Achievements
	var dice struct {
		Science struct {
			Faces []string `json:"faces"`
		} `json:"science_die"`
		Conquer struct {
			Red struct {
				Faces [][]Effect `json:"faces"`
			} `json:"red"`
			Black struct {
				Faces [][]Effect `json:"faces"`
			} `json:"black"`
		} `json:"conquer_dice"`
	}
	load("dice", &dice)
	for i, f := range dice.Science.Faces {
		ScienceDie[i] = trackOf(f)
	}
	copy(RedDie[:], dice.Conquer.Red.Faces)
	copy(BlackDie[:], dice.Conquer.Black.Faces)
}
