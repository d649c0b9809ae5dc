package archravels

import (
	"fmt"
	"image/color"
	"slices"
	"spindle/games/archravels"
	"spindle/imaging"
)

// Layout metrics of the ArchRavels pictures, in pixels. Every picture is
// arW wide, and the smallest text is arSmall: arW/50, so it reads 7 px
// tall on a phone (350 px wide) and 10 px on a desktop (520 px).
const (
	arW       = 900.0 // picture width (table, panel and score sheet)
	arSmall   = 18.0  // smallest text
	arMargin  = 24.0  // outer margin
	arHeadH   = 140.0 // header band
	arCardGap = 12.0  // gap between Bazaar cards
	arPileW   = 104.0 // the Yarn Deck and the discard pile
	arTopCH   = 398.0 // the Bazaar, decks and Project List band
	arRowH    = 194.0 // one player's board on the table, with its gap
	arTCardH  = 104.0 // a Bazaar card
	arProjH   = 150.0 // a Project List card
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

// Pictures are the game's pictures, for the pictures package to dispatch
// to by the view's type.
var Pictures = imaging.Set[archravels.View]{Table: Table, Panel: Panel, Scoring: Scoring}
