// Package stitchcraft draws Stitchcraft's pictures on the shared kit in
// imaging: the public table (table.go), a seat's private panel (panel.go)
// and the Pattern reference, its Scoring picture (reference.go). The parts
// they share are apart (parts.go): face-up Tapestries and backs, colour
// chips, a player's row with its Display, Showcase and counts, the Stack
// and the Removed pile; stitchcraft.go holds the metrics, colours, checks
// and the header.
//
// # Invariants
//
//   - Every picture is drawn from a View alone: the table draws a
//     face-down card as a back even when the view knows its colour, so a
//     picture never shows more than its viewer may see.
//   - Text is at least stSmall pixels on a picture stW wide, so it reads at
//     least 7 px tall on a phone (350 px wide); names are never cut.
//   - Each kind of picture has one width whatever the position.
package stitchcraft
