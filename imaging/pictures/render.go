package pictures

import (
	"fmt"
	"image"

	"spindle/games/warpweft"
	"spindle/imaging"
	arpic "spindle/imaging/archravels"
	scpic "spindle/imaging/stitchcraft"
	tppic "spindle/imaging/tapestry"
	rtpic "spindle/imaging/threadcount"
	wwpic "spindle/imaging/warpweft"
)

// Has reports whether the view's game offers a picture of the given kind:
// every game has Table, Panel and Scoring, and some have more (Players). It
// is false for a view type without pictures and for a nil pointer.
func Has(kind imaging.Kind, view any) bool {
	for _, g := range catalog {
		if g.Offers(view) {
			return g.Has(kind, view)
		}
	}
	return false
}

// Render draws the picture of the given kind for a game's view, chosen by
// the view's type, with default options.
func Render(kind imaging.Kind, view any) (image.Image, error) {
	return RenderWith(kind, view, imaging.Options{})
}

// RenderWith draws the picture of the given kind for a game's view, chosen
// by the view's type.
func RenderWith(kind imaging.Kind, view any, opt imaging.Options) (image.Image, error) {
	for _, g := range catalog {
		if g.Offers(view) {
			return g.Render(kind, view, opt)
		}
	}
	return nil, fmt.Errorf("imaging: no pictures for view type %T", view)
}

// Focuses reports whether the view's game marks Options.Focus on its
// panel, so a caller draws one panel per focus only where it shows.
func Focuses(view any) bool {
	_, ok := view.(warpweft.View)
	return ok
}

// catalog lists every game's pictures; a new game adds one line.
var catalog = []set{wwpic.Pictures, rtpic.Pictures, scpic.Pictures, arpic.Pictures, tppic.Pictures}

// set is one game's imaging.Set, whatever its view type.
type set interface {
	Offers(view any) bool
	Has(kind imaging.Kind, view any) bool
	Render(kind imaging.Kind, view any, opt imaging.Options) (image.Image, error)
}

// RenderPNG draws the picture of the given kind for a view and encodes it,
// waiting for a render slot first. It is what the bot calls: the canvas and
// its faces go back to the pool as soon as the bytes are out.
func RenderPNG(kind imaging.Kind, view any, opt imaging.Options) ([]byte, error) {
	return imaging.DrawPNG(func() (image.Image, error) { return RenderWith(kind, view, opt) })
}
