// Package imaging draws the pictures Spindle posts to Discord: PNG images of
// what one seat may see of a game.
//
// # Model
//
// Imaging renders views only. Each game's layout file (warpweft.go for Warp
// and Weft) takes that game's View type, never its State, so a picture
// cannot show what its viewer may not know. Render dispatches on the view's
// type and a Kind (Table for the channel, Panel for a seat's private hand,
// Scoring for the breakdown); PNG encodes the result in memory. Nothing
// here touches the filesystem or the network. A game may offer more kinds
// than those three, such as Players (Tapestry's capitals and income mats,
// kept off its one-picture board): Has reports whether a view's
// game offers a kind, and rendering a kind a game lacks fails with
// ErrNoPicture.
//
// Layouts sit on game-agnostic primitives on a Canvas (a gg context plus
// font faces): the palette, card faces and backs, a highlight ring, marks
// (vector symbols such as the six Decktet suits, each with a letter as
// fallback), pills, wrapped text blocks, the unbounded-grid layout (Extent,
// FitCard, Grid) and a row table for score sheets (RowTable).
//
// # Invariants
//
//   - Fonts are the Go fonts compiled into the binary (goregular, gobold,
//     gomono), parsed once per process; system fonts are never read, so
//     output is identical on every machine and in the container.
//   - Every picture is opaque, on its own table-coloured background, so it
//     reads the same on Discord's dark and light themes.
//   - Renders are independent: each builds its own Canvas and face cache
//     (freetype faces are not safe for concurrent use), so any number may
//     run at once.
//   - Pictures stay within about 1600×1200 pixels (the private panel up to
//     1400 high): the Warp and Weft grid is auto-fitted to the extent of
//     the cards, shrinking the cards and then leaving out their names.
//   - Layout maths are pure functions with table tests.
//   - Golden images in testdata are compared by decoded pixels with a small
//     tolerance; go test ./imaging/ -update rewrites them, and a mismatch
//     writes <name>.got.png beside the golden for a human to compare.
//   - Errors are returned, never panicked: an unknown card, kind or view
//     type, or a grid too large to draw.
package imaging
