// Package imaging is the shared drawing kit of Spindle's pictures: the PNG
// images of what one seat may see of a game.
//
// # Model
//
// Each game's pictures live in a package of their own under this one
// (imaging/warpweft, imaging/stitchcraft, imaging/threadcount,
// imaging/archravels, imaging/tapestry), one file per picture or part, and
// take that game's View type, never its State, so a picture cannot show
// what its viewer may not know. Each exports its layouts as a Set, keyed by
// Kind (Table for the channel, Panel for a seat's private hand, Scoring for
// the breakdown, and optional kinds such as Tapestry's Players, kept off
// its one-picture board); the imaging/pictures package finds a view's game
// by the view's type and is the one door the bot uses. imaging/imagingtest
// holds what their tests share.
//
// The kit itself knows no game. It offers a Canvas (a gg context plus font
// faces) and primitives on it: the palette, card faces and backs, a
// highlight ring, marks (vector symbols such as the six Decktet suits, each
// with a letter as fallback), pills, fitted and wrapped text, the
// unbounded-grid layout (Extent, FitCard, Grid), a row table for score
// sheets (RowTable), the leaderboard and rating charts, and the encoder and
// render pool (PNG, Release, Slot).
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
//     run at once; Slot bounds how many the bot runs together.
//   - Text a player needs is at least 9 px tall when a picture is shown
//     520 px wide (a desktop) and 7 px at 350 px (a phone), and a PNG stays
//     within MaxPNGBytes; every game's tests check their goldens so
//     (imagingtest.CheckPictures).
//   - Layout maths are pure functions with table tests.
//   - Golden images in each package's testdata are compared by decoded
//     pixels with a small tolerance; go test ./imaging/... -update rewrites
//     them, and a mismatch writes <name>.got.png beside the golden.
//   - The kit imports no game package and no picture package (a test checks
//     it with go list -deps).
//   - Errors are returned, never panicked: an unknown card, kind or view
//     type, or a grid too large to draw.
package imaging
