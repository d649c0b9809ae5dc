// Package tapestry draws Tapestry's pictures from a tapestry.View: the
// board (Table: map, tracks with their landmarks, achievements, tech row
// and a strip per player with everything a player reads at a glance), the
// Players picture (capitals and income mats, shown on demand), the private
// Panel (the decision with its previews, hand and supply) and the final
// Scoring.
//
// A newcomer finds a picture by its file: board.go (Table and its player
// strips), board_map.go (the map and the header), board_tracks.go (the
// tracks), board_layers.go (the board's prepared layers), capital.go (capitals and income mats), players.go (Players),
// panel.go and panel_decision.go (Panel), scoring.go (Scoring), solo.go
// (the Automa and Shadow Empire), civ.go and civ_panel.go
// (civilizations), words.go and counts.go (texts and tallies shared by
// all).
//
// # Invariants
//
//   - Pictures are drawn from a view only, so hidden information cannot
//     leak; a view that breaks the game's shape is refused, not drawn.
//   - Every picture is tpW wide; the board is one picture no taller than
//     1.5 times its width at one to five seats, and its smallest text reads
//     at least 7 px on a phone (350 px wide).
//   - Nothing is cached between renders but the board's prepared layers
//     (the track grid, the map's terrain): each keyed by everything drawn
//     on it, at most tpLayerBytes kept, never written once kept, so renders
//     are safe to run concurrently and a stale layer is never shown.
package tapestry
