// Package pictures is the one door to every game's pictures: it finds a
// view's game by the view's type and draws the kind of picture asked for
// (Render, RenderWith), reports which kinds a game offers (Has), and draws
// and encodes a picture holding a render slot, as the bot does (RenderPNG).
//
// # Model
//
// Each game's drawings live in a package of their own under imaging
// (imaging/warpweft, imaging/tapestry, ...), built on the shared drawing kit
// in imaging, and export an imaging.Set of their layouts. The catalog here
// lists those sets; a new game adds one entry.
//
// # Invariants
//
//   - A picture is drawn from a game's View only, never its State, so it
//     cannot show what its viewer may not know.
//   - A kind a game does not offer fails with imaging.ErrNoPicture; an
//     unknown kind, a nil view and a type that is no game's view fail too,
//     and nothing panics.
package pictures
