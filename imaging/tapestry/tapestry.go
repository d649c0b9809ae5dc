package tapestry

import (
	"fmt"
	"image/color"
	"math"

	"spindle/games/tapestry"
	"spindle/imaging"
)

// Layout metrics of the Tapestry pictures, in pixels. Every picture is
// tpW wide, so its smallest text, tpSmall, reads 9 px when Discord shows
// it 520 wide.
const (
	tpW      = 1040.0 // picture width
	tpM      = 24.0   // outer margin
	tpSmall  = 21.0   // smallest text of the panels and scoring: 7 px at 350 wide
	tpPS     = 18.0   // smallest text of the Players picture (known to read 6 px at 350 wide)
	tpHeadH  = 116.0  // header band with a detail line
	tpHeadH2 = 84.0   // header band without one

	tpBS = 21.0 // the board's smallest text: 7 px at 350 wide

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

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type: Tapestry has a Players picture besides the three.
var Pictures = imaging.Set[tapestry.View]{Table: Table, Panel: Panel, Scoring: Scoring,
	Extra: map[imaging.Kind]imaging.Layout[tapestry.View]{imaging.Players: Players}}
