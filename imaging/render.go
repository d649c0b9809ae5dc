package imaging

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"spindle/games"
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
	// "Seat N" (N counted from 1).
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
	return fmt.Sprintf("Seat %d", int(s)+1)
}

// Render draws the picture of the given kind for a game's view, chosen by
// the view's type, with default options.
func Render(kind Kind, view any) (image.Image, error) {
	return RenderWith(kind, view, Options{})
}

// RenderWith draws the picture of the given kind for a game's view, chosen
// by the view's type.
func RenderWith(kind Kind, view any, opt Options) (image.Image, error) {
	switch v := view.(type) {
	case warpweft.View:
		return renderWarpWeft(kind, v, opt)
	case *warpweft.View:
		if v == nil {
			return nil, fmt.Errorf("imaging: nil %T", view)
		}
		return renderWarpWeft(kind, *v, opt)
	case threadcount.View:
		return renderThreadcount(kind, v, opt)
	case *threadcount.View:
		if v == nil {
			return nil, fmt.Errorf("imaging: nil %T", view)
		}
		return renderThreadcount(kind, *v, opt)
	case stitchcraft.View:
		return renderStitchcraft(kind, v, opt)
	case *stitchcraft.View:
		if v == nil {
			return nil, fmt.Errorf("imaging: nil %T", view)
		}
		return renderStitchcraft(kind, *v, opt)
	}
	return nil, fmt.Errorf("imaging: no pictures for view type %T", view)
}

func renderWarpWeft(kind Kind, v warpweft.View, opt Options) (image.Image, error) {
	switch kind {
	case Table:
		return warpWeftTable(v, opt)
	case Panel:
		return warpWeftPanel(v, opt)
	case Scoring:
		return warpWeftScoring(v, opt)
	}
	return nil, fmt.Errorf("imaging: unknown picture kind %q", kind)
}

// PNG encodes img as PNG, favouring speed over size.
func PNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("imaging: encode png: %w", err)
	}
	return buf.Bytes(), nil
}
