// Package warpweft draws Warp and Weft's pictures on the shared kit in
// imaging: the public table (table.go), a seat's private panel with its
// hand and the dashed cells it may play (panel.go) and the score sheet
// (scoring.go). Both table and panel show the tableau (tableau.go): the
// card grid fitted to the picture, inside bands carrying the coordinates
// and the provisional line scores; header.go draws the roles, turn, hand
// sizes and scores above it.
//
// # Invariants
//
//   - Every picture is drawn from a View alone: another seat's hand is
//     drawn as backs with a count, never as faces.
//   - The tableau is fitted to the extent of the cards, shrinking the cards
//     and then leaving out their titles, so any position fits; card titles
//     show only where they read on a phone.
//   - Text reads at least 7 px tall on a phone (350 px wide), and each kind
//     of picture has one width whatever the position.
package warpweft
