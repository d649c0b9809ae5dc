// Package tapestry is the engine of Tapestry for 1 to 5 players: the
// standard game for 2-5 seats with the sixteen civilizations, and the solo
// game against the Automa and the Shadow Empire. It implements the rules of
// the project's specification (players read them in rules.md, in our own words),
// with the game's content carried as data (data/*.yaml, embedded as JSON).
//
// Model. A State holds the whole game: the map's territories with their
// outposts and tokens, each player's tracks, income mat, capital (an
// 81-plot string over the mat's grid, city.go), tech rows, tapestry slots,
// hand, tiles and civilizations, the decks and the achievements. Play is a
// task machine (machine.go): State.Tasks is a stack of small operations,
// the last running next, so an effect that causes others finishes its
// chain before the next item of the list that caused it (spec §13.1).
// When the game needs a decision it sets State.Ask: who answers (a seat,
// or chance for every shuffle, draw and roll), the option keys, and the
// task the answer continues. An ask with one option is answered at once,
// except a window (a reaction out of turn, such as the defender's Trap):
// it is always asked, so that nobody learns anything from its absence.
// The solo bots are seats driven by the engine itself; they never ask.
//
// For the AI (games/ai) the game is a Weigher (weights.go, weights_mat.go:
// the playout policy, each move drawn in proportion to the cube of its
// weight), an Evaluator (eval.go, features.go: a projection of
// final VP with fitted weights; civworth.go: what a seat's
// civilization is worth) and a Focuser (focus.go: a building's
// plot, a tile's hex and turn, a payment and a gained resource are cut to
// the weigher's best few, so the search weighs whole turns).
//
// Invariants.
//   - Every deck and stack is a multiset: its order is never stored, each
//     draw is a chance step, and a reshuffle only moves the discard back.
//     So hidden order can never leak and Resample only redeals hands, the
//     civilizations dealt in secret, face-down slot cards and the Automa's
//     stock.
//   - Views are the only way out of a state: a View holds a hand only for
//     its owner, never a face-down card, never another player's civilization
//     choice before the reveal nor an unchosen one, and the options of an
//     ask only for the seat that answers it.
//   - Apply works on a copy and replaces the state only when the action
//     and everything it set off went through: nothing half-applies.
//   - Every option key is lower case ASCII within games.MaxKeyLen, and
//     every one has a label (view.go, civ_labels.go, viewhelp_civ.go).
package tapestry
