// Package warpweft is the rules engine of Warp and Weft, a two-player
// Decktet game: the players take turns adding cards from their hands to one
// shared, unbounded grid, and at the end Warp scores every column and Weft
// every row by suit majorities. The spec is
// shared/specs/warp-and-weft.md; ruling numbers below are its §11.
//
// # Model
//
// State holds the options, the Warp seat, both hands, the undealt pile, the
// grid (start card first, then placements in order) and the turn count.
// Seats are lobby order. A game is at most 26 actions: the role coin
// (chance step C1, only with roles=random), the deal (chance step C2, one
// action carrying the whole shuffled deck) and 24 placements, Warp first,
// alternating. After the 24th placement the game is over and scored;
// scoring needs no decision (the Excuse choice is automatic). A seat may
// concede at any time before the end through games.Conceder.
//
// The provisional score is public, and every change of it (the start
// card's, then each placement's, to Warp's column and Weft's row) is logged
// as a games.Points clause by one function, scoreClauses (score.go), so a
// scored game's log adds up to Result.Scores. Placement labels say the
// same change beforehand, from the mover's side.
//
// Scoring (spec §7) lives in rules.go as pure functions: ScoreLine scores
// one line with an optional ignored suit, BestLine adds the Excuse's
// automatic choice, ScoreTableau scores every column and row.
//
// # Hidden information
//
// Policy per zone, in the vocabulary visible / len / hidden:
//
//   - own hand: visible to its seat (View.Hand);
//   - opponent's hand: len only (View.HandSize);
//   - undealt pile: len only (View.Undealt), never revealed to anyone,
//     also not after the game, in no view, event, label, result or error
//     (R10);
//   - tableau and placement log: visible to all (View.Grid);
//   - roles, options, deck size and the provisional score: visible to all.
//
// The spectator view holds no hand. Hands are stored in the deck's table
// order, so their order tells nothing about the shuffle. The deal's public
// event names only the start card; each seat gets its hand in a private
// line, and the event is marked Reveal. Legal depends only on the seat's
// own hand and the tableau, and Resample reshuffles exactly the hidden
// zones, which the conformance harness uses to check both.
//
// # Action keys
//
//	<card>@<x>,<y>    placement, e.g. 9LK@1,-2 (x column, y row, y grows down)
//	warp:<seat>       chance: the role coin, warp:0 or warp:1
//	deal:<c>.<c>...   chance: the whole shuffled deck, top card first
//
// Card codes are the spec's §2.3 codes. Coordinates are plain decimal
// integers (no sign on positives, no leading zeros, at most 999 away from
// the start card); ParseAction accepts only the canonical form. Legal keys
// are sorted as strings, so the choices of one card come together: the
// Discord layer groups them by the part before '@'.
//
// # Rulings
//
//   - R1 suit order Moons, Suns, Waves, Leaves, Wyrms, Knots: decktet.Suits;
//     Most and Least are listed in it and the Excuse tie-break follows it.
//   - R2 the card list: decktet.All; scoring reads only Value and Suits.
//   - R3 a line is every card with the same x (column) or y (row), gaps and
//     all: ScoreTableau groups by coordinate only.
//   - R4 a card with a Most and a Least suit counts in both sums: ScoreLine
//     tests each sum separately.
//   - R5 Least exists only when its count is below the maximum: ScoreLine.
//   - R6 roles: roles=chosen makes seat 0 Warp; roles=random tosses a fair
//     coin (warp:0 / warp:1). Warp always places first.
//   - R7 the Excuse line's ignored suit is the best for its owner, earliest
//     suit on ties: BestLine, shown as LineScore.Ignored and in the result.
//   - R8 equal totals are a draw: Result.Draw, View.Winner is Spectator.
//   - R9 extended is one of none, pawns, courts and excuse is separate, so
//     Pawns with Courts cannot be asked for: the option schema rejects it.
//   - R10 undealt cards are never shown: only their count is in the view.
//   - R11 any card may start, the Excuse, a Pawn or a Court included: the
//     25th card of the deal is placed whatever it is.
//   - R12 conceding ends the game at once; the other seat wins and nothing
//     is scored (Result.Scores is nil, Reason "conceded").
//   - R13 card codes are the stable IDs used in keys and state.
//   - R14 the deal: cards 1-12 to Warp, 13-24 to Weft, 25 face up at (0,0),
//     the rest undealt.
//   - R15 the worked examples are ours; the tests check every one of them.
package warpweft
