// Package archravels is the rules engine of ArchRavels, a game for two to
// four crafters who buy yarn at a shared six-card Yarn Bazaar, knit items
// (Hat, Bear, Mittens, Scarf, Blanket) from the patterns on their character
// boards, turn item sets in for Projects, learn general patterns and take
// on Special Requests. The spec is shared/specs/archravels.md; ruling
// numbers (A#) below are its §11. The content (characters, tiles,
// projects, requests, events, yarn decks) is data: data/*.yaml, copied
// from the spec's data folder, embedded as the JSON copies beside them
// (games/... imports only the standard library) and decoded at start-up
// (data.go).
//
// # Model
//
// State holds the options, the players' public boards (character, marker,
// tiles with their learned flags, yarn bowl as counts per colour, item
// counts, held and finished requests, finished projects, the Tangled flag),
// the Yarn Deck as hidden counts by card id, the face-up discard pile, the
// six Bazaar positions, the Project Deck as a hidden set, the Project List
// and the turn in progress. Phases (Phase) run the setup chance steps
// (characters or the players' own choice, one tile type per step, the
// random requests, the opening Bazaar with set-aside, the Project Deck, the
// List, the first player) and then per turn: P1 the space (PhSpace), P2 the
// player actions (PhActions), P3 the restock draws (PhRestock, one chance
// action per empty position) and the revealed cards (PhResolve), P4 the
// restock actions (PhStock), P5 the List refill (PhRefill) and the end
// check, and at the end the final craft (PhFinal).
//
// Invariants: a Shop in progress admits only picks, a Craft in progress
// only makes, stop and end, and a payment entered token by token only its
// next token, so no choice is ever left half done; tokens and items move
// only when a decision is complete. Apply accepts exactly the keys Legal
// lists (it checks membership), so the two can never disagree. Yarn Deck
// draws are uniform over the cards in the deck (A28), so no order exists to
// hide or leak.
//
// # Hidden information
//
// Only the decks' contents are hidden (spec §5): which of the
// non-favourite requests were shuffled into the Yarn Deck and which
// projects make up the Project Deck. Their chance keys carry them
// ("requests:…", "projects:…") and their events say only how many; the
// View shows the deck sizes. Everything else is public, so every seat's
// View is the spectator's. Resample redraws both hidden sets among the
// cards nobody has seen.
//
// # Action keys
//
//	space:<1-4>              choose the action space (never last turn's)
//	pick:<pos>[@<colours>]   shop Bazaar position 1-6; colours for an empty
//	                         position (1) or an Any Colour card (2)
//	make:<what>@<colours>    craft an item or a held request paying exactly
//	                         <colours> (canonical order R O Y G B P)
//	make:<what>              a craft whose payment has free colours
//	                         (Snugglesaurus, Friendship Bracelets, the
//	                         Colorist's any-colour craft): pay:<C> follows,
//	                         one token at a time
//	stop | end               stop crafting (only while the space has another
//	                         action left) | end the actions (stopping a
//	                         Craft under way) or the turn
//	take3:<C>                the Spinner's 3 tokens of one colour
//	exchange:<C>@<k><C>      k tokens of one colour for k of another
//	tangle:<seat>            Tangled Cat
//	sale:<C>                 Yarn Sale, three times
//	donate:<C>@<seat>        Donate
//	clerk:<C>                Friendly Clerk, each player in turn
//	pass                     pass a Craft Circle or the final craft
//	keep | give:<seat>       a revealed special request
//	finish:<project>         finish a project on the List
//	learn:<item>             learn the bear, mittens or scarf tile
//	frog:<item>@<colours>    frog an item for its current pattern's yarn
//	char:<name>              choose a character (characters=chosen)
//
// Chance keys: chars:<names by seat>, tiles:<item>@<codes by seat>,
// requests:<ids>, projects:<ids>, draw:<card>, project:<id>, first:<seat>.
// Seats in keys count from 0; labels use the characters' names.
//
// # Rulings and choices
//
// Every ruling A1-A35 is implemented as written. Choices where the spec
// leaves room:
//
//   - Friendly Clerk and Craft Circle ask the players in turn from the
//     active player; a Craft Circle skips (with a log line) a player who
//     cannot pay for any item, and the final craft likewise skips a player
//     who cannot pay for anything;
//   - Donate is skipped when the bowl is empty (A19); Tangled Cat and a
//     request offer only players still in the game;
//   - the lobby's first-player option names a seat ("host's choice");
//   - when the active player concedes, an unresolved event is discarded,
//     an unresolved request goes to the next player (someone must hold it,
//     A21) and the turn passes on; a Friendship Bracelets payment under way
//     restarts for the players still in the game.
//   - a Craft under way ends by itself once the bowl pays for nothing
//     more (the log says how many crafts went unused), and "end" stops
//     a Craft and the actions at once: no step is spent on stopping when
//     nothing else could follow;
//   - finished projects and requests score as they are finished (a
//     games.Points clause in their log line); the end lines list the other
//     parts (learned patterns, items kept, unfinished requests, yarn
//     left), and a concession takes back what the seat had scored, so a
//     scored game's log adds up to Result.Scores;
//   - random playouts are steered by Weights (games.Weigher), because
//     uniformly random play frogs items about as often as it crafts them
//     and would rarely finish enough projects to end.
package archravels
