package imaging

import "image/color"

// The palette. Every image is drawn on its own opaque background, so it reads
// the same on Discord's dark (#313338) and light (#FFFFFF) themes: a warm
// mid-toned table surface that stands apart from both, framed by a dark
// border, with light card faces carrying dark ink and strong outlines.
var (
	// Felt is the playing surface.
	Felt = RGB(0x9C, 0x7A, 0x58)
	// Frame is the frame and header band around the table.
	Frame = RGB(0x3E, 0x2C, 0x20)
	// FeltLine is the faint grid line and empty-slot colour on the table.
	FeltLine = RGB(0x8A, 0x6A, 0x4B)
	// Paper is the background of text-heavy panels such as score sheets.
	Paper = RGB(0xFB, 0xF4, 0xE6)
	// PaperAlt is the alternate row shade on paper.
	PaperAlt = RGB(0xF1, 0xE6, 0xD0)
	// FaceColor is the face of a card.
	FaceColor = RGB(0xFF, 0xFA, 0xEE)
	// BackColor is the main colour of a card back.
	BackColor = RGB(0x7A, 0x23, 0x2E)
	// BackWeave is the woven pattern on a card back.
	BackWeave = RGB(0xC9, 0x8B, 0x5A)
	// Ink is dark text and outlines on light surfaces.
	Ink = RGB(0x24, 0x1C, 0x16)
	// InkSoft is secondary text on light surfaces.
	InkSoft = RGB(0x6B, 0x5B, 0x4C)
	// Light is text on dark surfaces.
	Light = RGB(0xFF, 0xF6, 0xE4)
	// LightSoft is secondary text on dark surfaces.
	LightSoft = RGB(0xD9, 0xC6, 0xA8)
	// Highlight marks the last move and whose turn it is.
	Highlight = RGB(0xFF, 0xD1, 0x3B)
	// OpenMark marks cells where a card may go.
	OpenMark = RGB(0xFF, 0xF6, 0xE4)
	// Good colours positive scores.
	Good = RGB(0x1E, 0x7A, 0x34)
	// Bad colours negative scores.
	Bad = RGB(0xB0, 0x25, 0x1E)
	// Warp is the accent of the player who scores columns.
	Warp = RGB(0x2D, 0x5F, 0xA8)
	// Weft is the accent of the player who scores rows.
	Weft = RGB(0xA8, 0x4A, 0x1C)
)

func RGB(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xFF} }

// WithAlpha returns c with its alpha set to a (premultiplied).
func WithAlpha(c color.RGBA, a uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8(uint16(v) * uint16(a) / 0xFF) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), a}
}
