// Package commands is what Spindle says and does in answer to an
// interaction, independent of any Discord library: App.Handle turns a
// Request (a slash command, a button, a select, an autocomplete) into a
// Response, and posts boards and notices through a Poster. The Discord
// gateway, the HTTP interactions endpoint and the sandbox all drive the
// same App.
//
// # Model
//
// A table is a game (games.Table, stored by storage) plus its binding
// (storage.Binding): where it lives, who sits in each seat, its lobby
// options, its turn clock and its players' standing answers. A seat holds
// a Discord user, or an AI player whose user id is "ai:<level>:<n>"
// (storage.AIPrefix), which no person can have.
//
//   - Lobbies (lobby.go): Join, Leave, Add AI (the host's private menu of
//     levels and removals), Start, Cancel and the options as menus. AI
//     players count toward the seats a game needs.
//   - Moves (panel.go, table.go): a player's private panel offers their
//     legal moves; a move is committed, with everything it causes (clock,
//     timers, AI markers, the players' index, the result and ratings), in
//     one storage transaction, and then announced through the table's
//     board queue (boards.go): the board is edited in place while the same
//     seats act, and posted anew (with its ping) when the turn passes; it
//     tells the story of the turn (recap.go). An open panel follows the
//     game through its interaction's token (follow.go).
//   - Clocks (clock.go): deadlines tick inside the move's commit; timers in
//     the schedule fire reminders and expiries; an expired seat's whole turn
//     is played by the easy AI, passed, or forfeited. An expiry whose move
//     cannot be saved (a full disk) keeps its timer, retried from 5 seconds
//     doubling up to 5 minutes, until the move commits.
//   - AI seats (aiseat.go, replace.go): a move that leaves an AI seat to act
//     writes its marker (an "ai" timer) in the same commit; the timer loop
//     hands it to a background AI turn that thinks without the table's lock,
//     commits each action like a person's move and announces the turn with
//     its log lines. /game replace hands a person's seat to the AI and
//     /game rejoin gives it back; each bumps the seat's hand count
//     (storage.Binding.Hand), and an AI move chosen before the seat changed
//     hands is dropped inside its commit, never played for the person.
//   - Ratings, stats and history read storage; games with AI seats rate
//     nobody unless the server turned /settings rate-ai on, and the AI
//     never appears on a leaderboard.
//   - Fair play (verify.go): every board's footer shows the first digits
//     of the table's commitment to its secret seed (games.Commitment); the
//     result reveals the seed and the whole commitment; /game verify
//     replays a finished game from that seed (games.Catalog.Verify) for
//     anyone in the server and attaches the record `spindle verify` reads.
//
// # Invariants
//
//   - Every accepted move is committed before anyone is told about it; a
//     refused announcement is retried by the outbox (Redeliver), never lost.
//   - Hidden information leaves only through views: a seat's panel is
//     ephemeral and drawn from that seat's view; the public board is the
//     spectator's view; the AI searches only states rebuilt from its own
//     seat's view. A table's seed is shown only once its game is over
//     (games.Table.RevealSeed); before that, only its commitment.
//   - A table answers only its own server: buttons check the server and
//     channel in their custom_id, and commands typed in a channel find its
//     table only when the table's binding names the interaction's server.
//   - Nothing runs the AI inside an interaction: a handler commits and
//     returns, and the AI answers in the background, woken at once.
//   - A seat to act always has what moves it on: a person with a clock has
//     an expiry timer, an AI seat has its marker.
//   - A panel is remembered for following only after its answer was
//     delivered (App.Delivered), so no edit is ever overtaken by it; the
//     interaction token is kept in memory only.
//   - User-facing wording lives here; errors from below are turned into
//     friendly, private text (errors.go), and a handler never panics out.
package commands
