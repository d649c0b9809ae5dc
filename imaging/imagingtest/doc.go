// Package imagingtest holds what the picture packages' tests share: golden
// pictures compared by decoded pixels (rewritten with -update), the
// readability, size and width checks every game's pictures pass, and the
// benchmark of one picture as the bot pays for it.
//
// # Invariants
//
//   - A golden is compared by decoded pixels with a small tolerance, never
//     by bytes, so a different encoder or platform rounding does not fail
//     it; a mismatch writes <name>.got.png beside the golden.
//   - The checks measure what a render really drew (the smallest text on
//     every canvas it made), not a declared size.
//   - It is imported by tests only, and never imports a game's picture
//     package (that would be a cycle for the package's own tests).
package imagingtest
