// Package stitchcraft is the rules engine of Stitchcraft, a card game for
// two to six players: each owns an identical 40-card deck of Tapestries in
// eight colours, plays them face down into a Display and reveals them into a
// Showcase, which fires the colour's power under the match's Pattern (Loom,
// Attrition or Racketeering). Four of a colour or seven colours in a
// Showcase wins. The spec is shared/specs/stitchcraft.md; ruling numbers
// below are its §11.
//
// # Model
//
// State holds every seat's zones (Chest and Scrap as colour-letter strings,
// top first and in arrival order; the hand as counts; the Display as
// labelled faces; the Showcase as owned cards), the Removed pile, the Stack
// of revealed entries, the pending power (Pend), the open reaction window,
// and the turn. Setup is chance: one shuffle per seat (C3, deal:<seat>:...)
// and in Apprentice and Spymaster with roles=random one Master coin per team
// (C2, master:<seat>). With roles=team the teams choose instead: after the
// shuffles ToAct lists the seats of every team without a Master, either
// seat of a team plays master:<seat> for its own team, publicly in
// Apprentice and with private lines to the team only in Spymaster. With
// roles=chosen the seating decides (seats 0 and 1 are Masters); it stays
// for the tables stored with it. Seating follows lobby order: the lobby
// shuffles players beforehand when seating is random (C1 is not an engine
// step).
//
// The reveal procedure of spec §4.3 runs in advance: a cancelled top entry
// is popped, else the next eligible responder gets a window (ToAct is that
// one seat, as spec §4.4 and S11 require: windows open one at a time in
// turn order after the revealer), else the top entry resolves. An action
// entry enters the Showcase, the victory check runs (S16), and its power
// starts as a Pending whose steps are data (powers.go: programs, with the
// colour → power table powerTable, S1). Automatic steps run at once; a
// choice step with several options, or whose options depend on what only
// the controller knows (peeked cards, the hand), waits for the controller.
// A choice with one public option is taken automatically.
//
// # Hidden information
//
//   - Chests: contents hidden from everyone; sizes public.
//   - Hands and Display colours: their owner (and the Consortium partner,
//     S27); everyone else sees counts and labels only.
//   - Peeks: Player.Look and Pending.Looked go to the looker (and the
//     Consortium partner) only, and Event.Private lines carry them, marked
//     Reveal. Looked-at cards wait outside the Chest while a choice is
//     pending; the view still counts them in the Chest size.
//   - Spymaster roles: own team only until that team wins or the game ends.
//   - Showcase, Scrap Piles, Removed and the Stack are public (S28).
//
// Legal for a window seat is Pass, plus React when it holds a face-down
// Purple; the window itself opens for every eligible seat with a face-down
// card (S8), so ToAct leaks nothing. Resample reshuffles each owner's
// hidden cards among the owner's hidden places.
//
// The standing reaction policy (§4.5) and the reaction timeout are bot
// features: AutoReaction gives the answer of "react automatically", and the
// bot submits PassKey for "always pass" and when the table's Timeout option
// runs out.
//
// # Action keys
//
//	play:<COL>             play a hand card face down (COL: BLU BLK RED GRN WHT ORG YEL PUR)
//	reveal:D<n>            reveal Display card D<n>
//	react | pass           answer a reaction window
//	<seat>@D<n>            power choice: seat's face-down Display card
//	<seat>@show.<COL>      power choice: a Showcase card owned by seat
//	<seat>@scrap.<COL>     power choice: a card in seat's Scrap Pile
//	seat:<n> | skip        power choice: a player, or nobody where optional
//	done                   stop Plunder early
//	top:<COL> | bottom:<COL> | drop:<COL>   where a looked-at card goes
//	discard:<COL>          Treadle: scrap a hand card
//	deal:<seat>:<letters>  chance: a shuffled Chest (40 letters of BKRGWOYP)
//	master:<seat>          a team's Master: chance (roles=random) or the team's choice (roles=team)
//
// Seats in keys count from 0. Picks use the grouping convention
// <head>@<tail>: the label reads "<seat> → <card>" so the Discord layer can
// offer the seat first and the card second.
//
// # Rulings
//
// Every ruling S1–S40 has a subtest in TestRulings; the worked examples of
// spec §10 are TestEx1 to TestEx13, and every power has a TestPower test.
// Our own decisions beyond the spec: a seat eliminated during its turn
// leaves the other seats' Stack entries to resolve normally; a draw at the
// safety cap with some seats out is a Result.Draw among the remaining seats
// (ranked 1, the seats out ranked 2, no Winners; the view's Winners list
// the seats sharing the draw); and a peek stays on the looker's view
// only while the cards seen stay on top of that Chest (chest.go keeps
// what each player knows as cards are drawn, scrapped and put back).
//
// # Score lines
//
// Stitchcraft is a race to a winning Showcase, with no score, except for
// Crowd Favorite's Crowd Favor: there Result.Scores is each seat's final
// Favor, and every change of it is logged as a games.Points clause by one
// function (addFavor), so the log adds up to the result. Result.Scores is
// nil in every other mode.
package stitchcraft
