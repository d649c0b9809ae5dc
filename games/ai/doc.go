// Package ai chooses moves for a seat of any game through the engine
// contract alone: determinized Monte Carlo search.
//
// # Model
//
// Each iteration imagines the table as the seat may know it
// (games.Table.Determinize: the zones hidden from the seat rebuilt at
// random, a fresh random source for future deals), plays one of the
// seat's legal moves there, and finishes the game with random playouts
// weighted by the game's Weigher. The moves are chosen at the root by
// UCB1; the answer is the move tried most. A playout's reward is the
// seat's rank (1 for first, 0 for last, ties shared) with a small part
// for its score margin, from games.Result.
//
// # Invariants
//
//   - The search never reads what its seat may not know: it plays only
//     on determinized copies, built from the seat's knowledge, never on
//     the table itself (tests resample the hidden zones and check the
//     choice does not change).
//   - For a fixed seed and an iteration budget, the choice is
//     deterministic; a wall-time budget comes from the caller (Stop), so
//     the package reads no clock.
//   - It never changes the table it is given.
package ai
