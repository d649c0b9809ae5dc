package imaging

import (
	"fmt"
	"image"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// Kind names which picture of a view to draw.
type Kind string

// The kinds of picture every game offers.
const (
	// Table is the public table, posted in the channel.
	Table Kind = "table"
	// Panel is one seat's private panel: its hand and where it may play.
	Panel Kind = "panel"
	// Scoring is the score breakdown, final once the game is over.
	Scoring Kind = "scoring"
)

// Options adjusts a render without changing what it shows of the view.
type Options struct {
	// Names are display names by seat; a missing or empty name shows as
	// games.DefaultName ("Player N", N counted from 1).
	Names []string
}

// name is the display name of seat.
func (o Options) name(s games.Seat) string {
	if s >= 0 && int(s) < len(o.Names) && o.Names[s] != "" {
		return o.Names[s]
	}
	if s < 0 {
		return "nobody"
	}
	return games.DefaultName(s)
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

// catalog lists every game's pictures; a new game adds one line.
var catalog = []drawer{
	pictures[warpweft.View]{warpWeftTable, warpWeftPanel, warpWeftScoring},
	pictures[threadcount.View]{threadcountTable, threadcountPanel, threadcountScoring},
	pictures[stitchcraft.View]{stitchcraftTable, stitchcraftPanel, stitchcraftReference},
	pictures[archravels.View]{archravelsTable, archravelsPanel, archravelsScoring},
}

// drawer draws a view of its own game's type; ok is false for other views.
type drawer interface {
	draw(kind Kind, view any, opt Options) (img image.Image, ok bool, err error)
}

// pictures are one game's three layouts, for its view type V.
type pictures[V any] struct {
	table, panel, scoring func(V, Options) (image.Image, error)
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
	var layout func(V, Options) (image.Image, error)
	switch kind {
	case Table:
		layout = p.table
	case Panel:
		layout = p.panel
	case Scoring:
		layout = p.scoring
	default:
		return nil, true, fmt.Errorf("imaging: unknown picture kind %q", kind)
	}
	img, err := layout(v, opt)
	return img, true, err
}
