package imaging

import (
	"fmt"
	"image"

	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// Has reports whether the view's game offers a picture of the given kind:
// every game has Table, Panel and Scoring, and some have more (Players). It
// is false for a view type without pictures and for a nil pointer.
func Has(kind Kind, view any) bool {
	for _, g := range catalog {
		if has, ok := g.has(kind, view); ok {
			return has
		}
	}
	return false
}

// Render draws the picture of the given kind for a game's view, chosen by
// the view's type, with default options.
func Render(kind Kind, view any) (image.Image, error) {
	return RenderWith(kind, view, Options{})
}

// RenderWith draws the picture of the given kind for a game's view, chosen
// by the view's type.
func RenderWith(kind Kind, view any, opt Options) (image.Image, error) {
	for _, g := range catalog {
		if img, ok, err := g.draw(kind, view, opt); ok {
			return img, err
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
var catalog = []drawer{
	pictures[warpweft.View]{table: warpWeftTable, panel: warpWeftPanel, scoring: warpWeftScoring},
	pictures[threadcount.View]{table: threadcountTable, panel: threadcountPanel, scoring: threadcountScoring},
	pictures[stitchcraft.View]{table: stitchcraftTable, panel: stitchcraftPanel, scoring: stitchcraftReference},
	pictures[archravels.View]{table: archravelsTable, panel: archravelsPanel, scoring: archravelsScoring},
	pictures[tapestry.View]{table: tapestryTable, panel: tapestryPanel, scoring: tapestryScoring,
		extra: map[Kind]func(tapestry.View, Options) (image.Image, error){Players: tapestryPlayers}},
}

// drawer draws a view of its own game's type; ok is false for other views.
type drawer interface {
	draw(kind Kind, view any, opt Options) (img image.Image, ok bool, err error)
	// has reports whether the game offers kind for view; ok is false for
	// other views.
	has(kind Kind, view any) (has, ok bool)
}

// pictures are one game's layouts, for its view type V: the three every
// game has and, in extra, the optional kinds it offers besides.
type pictures[V any] struct {
	table, panel, scoring func(V, Options) (image.Image, error)
	extra                 map[Kind]func(V, Options) (image.Image, error)
}

// layout is the game's layout for kind, or nil when it has none.
func (p pictures[V]) layout(kind Kind) func(V, Options) (image.Image, error) {
	switch kind {
	case Table:
		return p.table
	case Panel:
		return p.panel
	case Scoring:
		return p.scoring
	}
	return p.extra[kind]
}

func (p pictures[V]) has(kind Kind, view any) (bool, bool) {
	switch x := view.(type) {
	case V:
	case *V:
		if x == nil {
			return false, true
		}
	default:
		return false, false
	}
	return p.layout(kind) != nil, true
}

func (p pictures[V]) draw(kind Kind, view any, opt Options) (image.Image, bool, error) {
	var v V
	switch x := view.(type) {
	case V:
		v = x
	case *V:
		if x == nil {
			return nil, true, fmt.Errorf("imaging: nil %T", view)
		}
		v = *x
	default:
		return nil, false, nil
	}
	layout := p.layout(kind)
	switch {
	case layout == nil && kind == Players:
		return nil, true, fmt.Errorf("%w: %s for %T", ErrNoPicture, kind, v)
	case layout == nil:
		return nil, true, fmt.Errorf("imaging: unknown picture kind %q", kind)
	}
	img, err := layout(v, opt)
	return img, true, err
}

// RenderPNG draws the picture of the given kind for a view and encodes it,
// waiting for a render slot first. It is what the bot calls: the canvas and
// its faces go back to the pool as soon as the bytes are out.
func RenderPNG(kind Kind, view any, opt Options) ([]byte, error) {
	renderSlots <- struct{}{}
	defer func() { <-renderSlots }()
	img, err := RenderWith(kind, view, opt)
	if err != nil {
		return nil, err
	}
	defer Release(img)
	return PNG(img)
}
