// Package threadcount is the rules engine of Royal Threadcount, a game for
// two to five players who dress four garments each for the Empress over
// ten weeks. Silk comes from a shared 3×3 board driven by three d10s, dye
// from a TriChrome d4; both buy colour and pattern cards; secret favourite
// colours and the Empress's secret favourite pattern decide much of the
// score. The spec is shared/specs/royal-threadcount.md; ruling numbers
// (T#) below are its §11.
//
// # Model
//
// State holds the options, the seating circle, the hidden favourites, the
// pattern deck as counts by pattern, the three market slots, the Buried
// pile, the board as a 9-bit mask, the roll-off rounds, the turn order,
// the calendar week, every player's public holdings and the current roll
// (kept, resolved, until the next player's dice replace it).
// The game runs through phases (Phase): the setup chance steps (seating
// with seating=random, the Empress's pattern, the favourite colours, the
// three opening market draws, roll-off rounds until all numbers differ),
// the roll-off 10's silk, and then per turn Sow (phase A, ending with
// "roll"), Free (B, only when the board is empty), Roll (C, one chance
// action for all four dice), Zero and White (D, one decision per 0 in die
// order, then the White face), Market (F) and the automatic end of turn
// (G). A market refill (a paid refresh or the free deal after a sell-out)
// is one chance action per slot. Every decision is one small action and a
// multi-step turn keeps ToAct on the active seat.
//
// The silk board procedure B1-B6 is the pure function Resolve; scoring
// (Score, PatternValue) and the tie-break cascade (Compare, Decider,
// Ranks) live in rules.go.
//
// # Hidden information
//
//   - a Favourite Colour: visible to its owner only (View.Favourite),
//     every one revealed at the end (View.Favourites);
//   - the Empress's Favourite Pattern: hidden from everyone until the end
//     (View.Empress);
//   - the pattern deck: its size and its composition by pattern are
//     public, because the market, the Buried pile and every owned card are;
//     it has no order to hide: each draw is uniform over the cards left
//     (C3), so the Buried pile simply rejoins the counts when the deck runs
//     out (C6 needs no separate shuffle step);
//   - everything else (board, dice, silk, dye, cards, outfits, market,
//     Buried pile, roll-off, calendar) is public (T35).
//
// Legal never reads a hidden zone. Resample redraws the Empress's pattern
// and the favourite colours the seat cannot see. The chance keys of the
// Empress's pattern and the favourites carry the hidden values (like a
// dealt deck); their events show only "drawn" publicly and each seat its
// own colour privately.
//
// # Action keys
//
//	sow:<cell>          sow one silk on cell 1-9
//	roll                stop sowing and roll
//	free:<cell>         the complimentary silk on an empty board
//	zero:<die>:<cell>   point d10 number <die> (1-3) showing 0 at a cell
//	white:<R|Y|B>       the dye of a White face
//	buy:<colour>        buy a colour card: R Y B O G V RO YO YG BG BV RV
//	take:<slot>         buy the pattern card of market slot 1-3
//	refresh             pay 1 silk for three new market cards
//	<card>@<target>     arrange card c<i> (colour) or p<i> (pattern), i its
//	                    purchase index from 0, onto kimono, hakama, obi,
//	                    sensu or spare
//	end                 end the turn
//	place:<cell>        the roll-off 10's silk
//	seating:<seats>     chance: the clockwise seating (seating=random)
//	empress:<pattern>   chance: the Empress's pattern (ichimatsu, asanoha,
//	                    uroko, kikko, seigaiha, karakusa)
//	favs:<colours>      chance: Favourite Colours by seat from ROYGBV
//	draw:<pattern>      chance: the card dealt to the next market slot
//	rolloff:<faces>     chance: one d10 face per rolling seat, seat order
//	roll:<d><d><d><f>   chance: three d10 faces and the d4 face (R Y B W)
//
// Arrange keys follow the grouping convention: the head (the card) before
// '@', the tail (the target) after it, and the label "<card> → <target>".
//
// # Log and panel
//
// The score exists only at the end (spec §7.1): the end-of-game log lists
// every part of each player's score as a score clause (games.Points:
// garments, the Empress's colours, each pattern), so a game's log adds up
// to Result.Scores. Sowing, the free silk and every roll spell the board
// out afterwards ("board now 2, 6, 8"). Pass ("roll" while sowing, "end"
// in the market) gives a long menu its one-click way on, and Prompt says
// what each decision is about.
//
// # Rulings
//
// Every ruling T1-T38 of the spec is implemented as written. Choices made
// here where the spec leaves room:
//
//   - each owned card may be arranged at most once per turn. Any outfit is
//     still reachable in one turn (move each card straight to its final
//     place; cards it displaces become spare on their own), and the limit
//     keeps a turn finite;
//   - a seat that concedes during setup takes no part in the rest of the
//     roll-off and its number places no silk; its Favourite Colour still
//     counts among the Empress's colours, since the card was dealt;
//   - when the active player concedes, a market deal already under way is
//     finished and the turn passes on;
//   - a shared win has several winners (Result.Winners), not a draw.
package threadcount
