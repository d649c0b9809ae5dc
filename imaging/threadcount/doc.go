// Package threadcount draws Royal Threadcount's pictures on the shared kit
// in imaging: the public table (table.go), a seat's private panel
// (panel.go) and the scoring reveal (scoring.go). The pieces they share
// are apart: a player's row with its outfit of four garments (players.go)
// and the cubes, colour cards and pattern cards (cards.go).
//
// # Invariants
//
//   - Every picture is drawn from a View alone, so it shows only what that
//     seat may see.
//   - Every text is at least rtSmall pixels on a picture rtTableW wide, so
//     it reads at least 7 px tall on a phone (350 px wide).
//   - Each kind of picture has one width whatever the position, and the
//     pictures are drawn in flat fills so the densest position still fits
//     imaging.MaxPNGBytes on the first encoding.
package threadcount
