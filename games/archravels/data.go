package archravels

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The game's content lives in data/*.yaml, copied from the spec's data
// folder (shared/specs/archravels-data) with its source notes. games/...
// imports only the standard library, so the engine embeds data/*.json,
// the same content generated from the YAML and kept equal to it by a test
// (cmd/spindle TestGameContentJSONMatchesYAML). It is decoded once, at
// package initialisation, into the tables below; a malformed file is a
// programming error and panics at start-up (and in every test).
//
//go:embed data/*.json
var dataFS embed.FS

// Colour is a yarn colour, 0..5 in the canonical order R O Y G B P.
type Colour int

// NumColours is the number of yarn colours.
const NumColours = 6

// ColourLetters are the colour codes in canonical order.
const ColourLetters = "ROYGBP"

// ColourNames are the colour names in canonical order.
var ColourNames = [NumColours]string{"red", "orange", "yellow", "green", "blue", "purple"}

// Yarn is a count of tokens per colour, in canonical order.
type Yarn [NumColours]int

// Total is the number of tokens.
func (y Yarn) Total() int {
	n := 0
	for _, c := range y {
		n += c
	}
	return n
}

// Covers reports whether y holds at least the tokens of z.
func (y Yarn) Covers(z Yarn) bool {
	for i := range y {
		if y[i] < z[i] {
			return false
		}
	}
	return true
}

// Add returns y + z.
func (y Yarn) Add(z Yarn) Yarn {
	for i := range y {
		y[i] += z[i]
	}
	return y
}

// Sub returns y - z.
func (y Yarn) Sub(z Yarn) Yarn {
	for i := range y {
		y[i] -= z[i]
	}
	return y
}

// Colours is the number of distinct colours in y.
func (y Yarn) Colours() int {
	n := 0
	for _, c := range y {
		if c > 0 {
			n++
		}
	}
	return n
}

// Code is the canonical letter string of y, e.g. "RROY".
func (y Yarn) Code() string {
	var b strings.Builder
	for i, c := range y {
		for range c {
			b.WriteByte(ColourLetters[i])
		}
	}
	return b.String()
}

// Names is y as words, e.g. "2 red, orange".
func (y Yarn) Names() string {
	var parts []string
	for i, c := range y {
		switch {
		case c == 1:
			parts = append(parts, ColourNames[i])
		case c > 1:
			parts = append(parts, fmt.Sprintf("%d %s", c, ColourNames[i]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// ParseYarn decodes a canonical letter string ("RROY"); letters must be
// in canonical order.
func ParseYarn(code string) (Yarn, bool) {
	var y Yarn
	last := -1
	for i := range len(code) {
		c := strings.IndexByte(ColourLetters, code[i])
		if c < 0 || c < last {
			return Yarn{}, false
		}
		last = c
		y[c]++
	}
	return y, true
}

// ParseColour decodes one colour letter.
func ParseColour(s string) (Colour, bool) {
	if len(s) != 1 {
		return 0, false
	}
	c := strings.IndexByte(ColourLetters, s[0])
	return Colour(c), c >= 0
}

// Rule is a colour rule of a general pattern or a rule-based request.
type Rule string

// The colour rules (spec §2.2) and the two request-only cost kinds.
const (
	Exact        Rule = "exact"
	AllDifferent Rule = "all_different"
	OneColour    Rule = "one_colour"
	TwoColours   Rule = "two_colours"
	AnyColours   Rule = "any"
	GiveEach     Rule = "give_each_other_player"
)

// Satisfies reports whether a payment y of exactly n tokens satisfies the
// rule.
func (r Rule) Satisfies(y Yarn, n int) bool {
	if y.Total() != n {
		return false
	}
	switch r {
	case AllDifferent:
		return y.Colours() == n
	case OneColour:
		return y.Colours() == 1
	case TwoColours:
		return y.Colours() == 2
	case AnyColours:
		return true
	}
	return false
}

// Item indices in catalogue order.
const (
	Hat = iota
	Bear
	Mittens
	Scarf
	Blanket
	NumItems
)

// Item is one of the five item types.
type Item struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Yarn   int    `json:"yarn"`
	Rule   Rule   `json:"rule"`
	Points int    `json:"points"`
	// Pattern is "tile" for Bear, Mittens and Scarf (a learnable tile) and
	// "general_always" for Hat and Blanket.
	Pattern string `json:"pattern"`
}

// Tiled reports whether the item's pattern is a tile.
func (it Item) Tiled() bool { return it.Pattern == "tile" }

// Tile is one pattern tile's exact front.
type Tile struct {
	ID    string         `json:"id"`
	Item  string         `json:"item"`
	Raw   map[string]int `json:"exact"`
	Exact Yarn           `json:"-"`
	// Code is the tile's colours as printed in its id, upper case ("PBOY");
	// it names the tile in chance keys.
	Code string `json:"-"`
}

// Back is the general back of a tile type.
type Back struct {
	Yarn       int  `json:"yarn"`
	Rule       Rule `json:"rule"`
	FlipPoints int  `json:"flip_points"`
}

// Project is one project card.
type Project struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Raw    map[string]int `json:"items"`
	Points int            `json:"points"`
	Items  [NumItems]int  `json:"-"`
}

// Request is one Special Request.
type Request struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	FavouriteOf string         `json:"favourite_of"`
	RawCost     map[string]any `json:"cost"`
	Points      int            `json:"points"`
	// Rule is the cost kind; N the token count (per other player for
	// GiveEach); Exact the colours of an exact cost.
	Rule  Rule `json:"-"`
	N     int  `json:"-"`
	Exact Yarn `json:"-"`
}

// Tokens is the number of tokens the request costs with others other
// players still in the game.
func (r Request) Tokens(others int) int {
	if r.Rule == GiveEach {
		return r.N * others
	}
	return r.N
}

// Event is one event kind.
type Event struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Copies int    `json:"copies"`
}

// Face is one yarn card face.
type Face struct {
	ID    string         `json:"id"`
	Raw   map[string]int `json:"gives"`
	Gives Yarn           `json:"-"`
	// Any is the number of tokens whose colours the shopper chooses.
	Any int `json:"-"`
}

// Tokens is the number of tokens the face gives.
func (f Face) Tokens() int { return f.Gives.Total() + f.Any }

// DeckSpec is one selectable yarn deck.
type DeckSpec struct {
	Default  bool           `json:"default"`
	Official bool           `json:"official"`
	Cards    int            `json:"cards"`
	Tokens   int            `json:"yarn_tokens"`
	Copies   map[string]int `json:"copies"`
}

// Act is one action of an action space.
type Act struct {
	Kind string // shop, craft, craft_any_colours, take_one_colour, exchange
	N    int
}

// Character is one side of a character board.
type Character struct {
	ID        string // lower-case name, e.g. "rebecca"
	Name      string
	Type      string // board type id, e.g. "thrifty"
	TypeName  string
	Side      string // A or B
	Favourite string // request id
	Power     string
	Spaces    [4][]Act
}

// The decoded content.
var (
	Items      [NumItems]Item
	Tiles      []Tile
	Backs      map[string]Back
	Projects   []Project
	Requests   []Request
	Events     []Event
	Faces      []Face
	Decks      map[string]DeckSpec
	Characters []Character
	// ProjectDeckSize is the Project Deck size by player count.
	ProjectDeckSize map[int]int
	// FavouriteBonus is the bonus for finishing one's own favourite request.
	FavouriteBonus int
)

func init() {
	if err := load(); err != nil {
		panic(err)
	}
}

func read(name string, v any) error {
	b, err := dataFS.ReadFile("data/" + strings.TrimSuffix(name, ".yaml") + ".json")
	if err != nil {
		return fmt.Errorf("archravels: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("archravels: %s: %w", name, err)
	}
	return nil
}

func yarnOf(raw map[string]int) (Yarn, int, error) {
	var y Yarn
	anyN := 0
	for k, n := range raw {
		if k == "any" {
			anyN = n
			continue
		}
		c, ok := ParseColour(k)
		if !ok {
			return y, 0, fmt.Errorf("archravels: bad colour %q", k)
		}
		y[c] = n
	}
	return y, anyN, nil
}

// ItemIndex returns the index of an item id, or -1.
func ItemIndex(id string) int {
	for i, it := range Items {
		if it.ID == id {
			return i
		}
	}
	return -1
}

func load() error {
	var ci struct {
		Items []Item `json:"items"`
	}
	if err := read("colours_items.yaml", &ci); err != nil {
		return err
	}
	if len(ci.Items) != NumItems {
		return fmt.Errorf("archravels: %d items", len(ci.Items))
	}
	copy(Items[:], ci.Items)
	for i, id := range []string{"hat", "bear", "mittens", "scarf", "blanket"} {
		if Items[i].ID != id {
			return fmt.Errorf("archravels: item %d is %q", i, Items[i].ID)
		}
	}

	var pt struct {
		Backs map[string]Back `json:"general_backs"`
		Tiles []Tile          `json:"tiles"`
	}
	if err := read("pattern_tiles.yaml", &pt); err != nil {
		return err
	}
	Backs, Tiles = pt.Backs, pt.Tiles
	for i := range Tiles {
		t := &Tiles[i]
		y, _, err := yarnOf(t.Raw)
		if err != nil {
			return err
		}
		t.Exact = y
		_, code, _ := strings.Cut(t.ID, "_")
		t.Code = strings.ToUpper(code)
		if ItemIndex(t.Item) < 0 || !Items[ItemIndex(t.Item)].Tiled() {
			return fmt.Errorf("archravels: tile %s of %q", t.ID, t.Item)
		}
	}

	var pj struct {
		Sizes    map[int]int `json:"deck_size_by_players"`
		Projects []Project   `json:"projects"`
	}
	if err := read("projects.yaml", &pj); err != nil {
		return err
	}
	ProjectDeckSize, Projects = pj.Sizes, pj.Projects
	for i := range Projects {
		p := &Projects[i]
		for k, n := range p.Raw {
			it := ItemIndex(k)
			if it < 0 {
				return fmt.Errorf("archravels: project %s item %q", p.ID, k)
			}
			p.Items[it] = n
		}
	}

	var sr struct {
		Requests []Request `json:"special_requests"`
		Bonus    int       `json:"favourite_bonus"`
	}
	if err := read("special_requests.yaml", &sr); err != nil {
		return err
	}
	Requests, FavouriteBonus = sr.Requests, sr.Bonus
	for i := range Requests {
		r := &Requests[i]
		if len(r.RawCost) != 1 {
			return fmt.Errorf("archravels: request %s cost", r.ID)
		}
		for k, v := range r.RawCost {
			r.Rule = Rule(k)
			switch x := v.(type) {
			case float64:
				r.N = int(x)
			case map[string]any:
				raw := map[string]int{}
				for c, n := range x {
					nn, ok := n.(float64)
					if !ok {
						return fmt.Errorf("archravels: request %s cost", r.ID)
					}
					raw[c] = int(nn)
				}
				y, _, err := yarnOf(raw)
				if err != nil {
					return err
				}
				r.Exact, r.N = y, y.Total()
			default:
				return fmt.Errorf("archravels: request %s cost %T", r.ID, v)
			}
		}
		switch r.Rule {
		case Exact, AnyColours, OneColour, AllDifferent, GiveEach:
		default:
			return fmt.Errorf("archravels: request %s cost kind %q", r.ID, r.Rule)
		}
	}

	var ev struct {
		Events []Event `json:"events"`
	}
	if err := read("events.yaml", &ev); err != nil {
		return err
	}
	Events = ev.Events

	var yd struct {
		Faces []Face              `json:"faces"`
		Decks map[string]DeckSpec `json:"decks"`
	}
	if err := read("yarn_decks.yaml", &yd); err != nil {
		return err
	}
	Faces, Decks = yd.Faces, yd.Decks
	for i := range Faces {
		y, n, err := yarnOf(Faces[i].Raw)
		if err != nil {
			return err
		}
		Faces[i].Gives, Faces[i].Any = y, n
	}
	for name, d := range Decks {
		cards, tokens := 0, 0
		for id, n := range d.Copies {
			f, ok := FaceOf(id)
			if !ok {
				return fmt.Errorf("archravels: deck %s face %q", name, id)
			}
			cards += n
			tokens += n * f.Tokens()
		}
		if cards != d.Cards || tokens != d.Tokens {
			return fmt.Errorf("archravels: deck %s has %d cards, %d tokens", name, cards, tokens)
		}
	}

	var ch struct {
		Types []struct {
			ID     string `json:"id"`
			Name   string `json:"name"`
			Power  string `json:"power"`
			Spaces []struct {
				Space   int              `json:"space"`
				Actions []map[string]int `json:"actions"`
			} `json:"spaces"`
			Sides []struct {
				Side      string `json:"side"`
				Character string `json:"character"`
				Favourite string `json:"favourite"`
			} `json:"sides"`
		} `json:"types"`
	}
	if err := read("characters.yaml", &ch); err != nil {
		return err
	}
	for _, t := range ch.Types {
		var spaces [4][]Act
		for _, sp := range t.Spaces {
			if sp.Space < 1 || sp.Space > 4 {
				return fmt.Errorf("archravels: %s space %d", t.ID, sp.Space)
			}
			for _, a := range sp.Actions {
				for k, n := range a {
					spaces[sp.Space-1] = append(spaces[sp.Space-1], Act{Kind: k, N: n})
				}
			}
		}
		for _, sd := range t.Sides {
			if _, ok := RequestOf(sd.Favourite); !ok {
				return fmt.Errorf("archravels: favourite %q", sd.Favourite)
			}
			Characters = append(Characters, Character{
				ID: strings.ToLower(sd.Character), Name: sd.Character, Type: t.ID, TypeName: t.Name,
				Side: sd.Side, Favourite: sd.Favourite, Power: t.Power, Spaces: spaces,
			})
		}
	}
	if len(Characters) != 8 || len(Requests) != 10 || len(Projects) != 16 || len(Tiles) != 18 {
		return fmt.Errorf("archravels: content counts %d/%d/%d/%d", len(Characters), len(Requests), len(Projects), len(Tiles))
	}
	return nil
}

// FaceOf returns the yarn face with the id.
func FaceOf(id string) (Face, bool) {
	i := slices.IndexFunc(Faces, func(f Face) bool { return f.ID == id })
	if i < 0 {
		return Face{}, false
	}
	return Faces[i], true
}

// RequestOf returns the request with the id.
func RequestOf(id string) (Request, bool) {
	i := slices.IndexFunc(Requests, func(r Request) bool { return r.ID == id })
	if i < 0 {
		return Request{}, false
	}
	return Requests[i], true
}

// EventOf returns the event with the id.
func EventOf(id string) (Event, bool) {
	i := slices.IndexFunc(Events, func(e Event) bool { return e.ID == id })
	if i < 0 {
		return Event{}, false
	}
	return Events[i], true
}

// ProjectOf returns the project with the id.
func ProjectOf(id string) (Project, bool) {
	i := slices.IndexFunc(Projects, func(p Project) bool { return p.ID == id })
	if i < 0 {
		return Project{}, false
	}
	return Projects[i], true
}

// CharacterOf returns the character with the (lower-case) id.
func CharacterOf(id string) (Character, bool) {
	i := slices.IndexFunc(Characters, func(c Character) bool { return c.ID == id })
	if i < 0 {
		return Character{}, false
	}
	return Characters[i], true
}

// TileOf returns the tile of an item type with the code ("PBOY").
func TileOf(item int, code string) (Tile, bool) {
	i := slices.IndexFunc(Tiles, func(t Tile) bool { return t.Item == Items[item].ID && t.Code == code })
	if i < 0 {
		return Tile{}, false
	}
	return Tiles[i], true
}

// TilesOf lists the tiles of an item type in data order.
func TilesOf(item int) []Tile {
	var out []Tile
	for _, t := range Tiles {
		if t.Item == Items[item].ID {
			out = append(out, t)
		}
	}
	return out
}

// CardName is the display name of a Yarn Deck card id (a yarn face, an
// event or a request).
func CardName(id string) string {
	if f, ok := FaceOf(id); ok {
		if f.Any > 0 {
			return "Any Colour (2 of your choice)"
		}
		return "Yarn " + f.Gives.Names()
	}
	if e, ok := EventOf(id); ok {
		return e.Name
	}
	if r, ok := RequestOf(id); ok {
		return r.Name
	}
	return id
}

// Kind of a Yarn Deck card: "yarn", "event" or "request".
func CardKind(id string) string {
	if _, ok := FaceOf(id); ok {
		return "yarn"
	}
	if _, ok := EventOf(id); ok {
		return "event"
	}
	if _, ok := RequestOf(id); ok {
		return "request"
	}
	return ""
}
