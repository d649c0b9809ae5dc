// Package archravels draws the pictures of ArchRavels: the table for the
// channel, a seat's panel and the score sheet.
//
// # Model
//
// Each picture is drawn from an archravels.View (what one seat, or a
// spectator, may see), never from the game's state, on the shared kit in
// package imaging. Pictures is the game's imaging.Set, through which the
// pictures package dispatches.
//
// Where to find a picture or a part of one:
//
//   - table.go: Table, and a player's board on it (title line, action
//     spaces, bowl, items, favourite request and cards).
//   - panel.go: Panel, one seat's board large, with its patterns and
//     requests, and a line per other player.
//   - scoring.go: Scoring, the score sheet, and the tie-breaks.
//   - header.go: the header band of every picture.
//   - bazaar.go: the Yarn Bazaar cards, the Yarn Deck and discard pile,
//     and the Project List.
//   - board.go: the pieces of a board (action-space boxes, patterns, bowl
//     and item rows, the line of finished and held cards).
//   - tokens.go and icons.go: yarn tokens, the heart, the item icons.
//   - words.go and rules.go: names and the texts of the phases; what a
//     request costs and what a bowl can pay for.
//
// # Invariants
//
//   - Every picture is arW (900) pixels wide whatever the state, and no
//     text is drawn smaller than arSmall (18) pixels: 7 px tall when
//     Discord shows the picture 350 px wide on a phone, 10 px at 520 on a
//     desktop.
//   - A player's name is shown whole on the table: it shrinks to arSmall
//     before anything else on its line is left out, and is cut only past
//     that.
//   - Pictures are drawn in flat fills and fit imaging.MaxPNGBytes on the
//     first (truecolour) encoding, so imaging.PNG never encodes them
//     twice; the whole-game test holds every node to that.
//   - A view this package cannot draw (an unknown card, project, request,
//     tile or character, or no players) is an error, never a panic.
package archravels
