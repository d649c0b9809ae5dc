// Package ai chooses moves for a seat of any game through the engine
// contract alone: determinized Monte Carlo tree search over the seat's own
// consecutive decisions, with cut-off playouts judged by the game's
// evaluator.
//
// # Model
//
// Each iteration imagines the table as the seat may know it
// (games.Table.Determinize: the zones hidden from the seat rebuilt at
// random, a fresh random source for future deals) and then:
//
//   - Descends a small tree over the seat's own decisions for as long as
//     the seat alone is to act (a turn of several actions, as in
//     Threadcount's market or ArchRavels' crafting, is one path of the
//     tree, at most maxTreeDepth actions), choosing at each node by UCB1.
//     Arms are action keys; because a chance step within a turn can change
//     what is legal, each arm counts how often it was available
//     (information-set UCB). UCB1's exploration constant (explore, 0.7)
//     suits rewards that are mostly wins and losses; a game whose
//     evaluator gives smooth rewards a few hundredths apart sets its own
//     (games.Info.AIExplore), or the search spends its budget almost
//     evenly and the tree below the root plays nearly at random.
//   - Gives each node's moves priors: every legal move played once on the
//     determinization and judged one ply ahead by the game's evaluator
//     (games.Evaluator, through Table.Evaluate), counted as a few imagined
//     visits; at the root at once, lower down once a node has been
//     visited a few times. A game with a Weigher adds a progressive bias
//     towards the moves it favours, fading with visits, and untried moves
//     are drawn by its weights.
//   - Weighs, wherever the game is a games.Focuser, only the moves its
//     Focus keeps (in the tree, the priors, the playouts and the answer):
//     a sub-decision with an obvious best answer, such as where a
//     building goes, is resolved by the game's own judgement, so the
//     budget goes to the choices that matter (macro-actions).
//   - Plays on past the tree for a round, until the turn has changed
//     hands once per seat and at least cutTurns times (or cutActions
//     actions), each move the best by one-ply evaluation of
//     playoutSample moves drawn at random (a game with a Weigher follows
//     its weighted random policy instead), and takes the evaluator's
//     share for the seat as the reward. In a one-seat game, played
//     against the game itself, each of the seat's moves that the game
//     answered with chance steps counts as a change of hands, and the
//     game may set how many there are (games.Info.AISoloTurns: three for
//     Tapestry). A game without an evaluator is played to the end at
//     random.
//
// A finished game's reward is, from games.Result (Reward), the share of
// the other seats the seat finished ahead of (a tie counting half: 1 for
// a lone first, 0 for a lone last), the measure games.Shares estimates,
// with a small part for its score margin. The answer is the root move
// visited most; the search stops early once no other move could catch up
// within the budget, or once one move has drawn most of the visits, three
// times any other's, after a quarter of it.
//
// # Levels
//
// Easy, Normal and Hard differ in their iteration budget and wall-time
// budget (Think); the arena reports how they fare against random and
// one-ply greedy play (docs/ai.md). A game whose iterations are cheap may
// raise a level's iteration budget for itself (games.Info.AIIterations,
// Level.In: Tapestry's hard), so that the level's wall time, not its
// iterations, bounds most decisions.
//
// # Invariants
//
//   - The search never reads what its seat may not know: it plays,
//     evaluates and weighs moves only on determinized copies, built from
//     the seat's knowledge, never on the table itself (tests resample the
//     hidden zones and check the choice does not change). Evaluators may
//     read whole states because they only ever see such copies.
//   - For a fixed seed and an iteration budget, the choice is
//     deterministic; a wall-time budget comes from the caller (Stop,
//     asked between iterations and between priors), so the package reads
//     no clock.
//   - It never changes the table it is given.
package ai
