// Package games is the engine contract and the driver shared by every game.
//
// # Model
//
// A game is a deterministic state machine over small legal actions. Each
// game package implements Game[S, A, V]: S is the full state (JSON
// encodable), A an action with a canonical key, V the redacted view of one
// seat. Seats are 0..n-1 in turn order; Chance acts at chance nodes (a whole
// shuffle or one roll is one chance action); Spectator sees public
// information only.
//
// Every decision is a member of Legal(state, seat): buttons, validation,
// AI, fuzzing and tests all come from that list, and Apply accepts nothing
// else. Complex turns are sequences of small actions rather than one large
// move, which is what lets all five games fit one contract:
//
//   - Several seats may act at once: ToAct returns all of them (simultaneous
//     secret choices). Each acts with its own action; the game decides when
//     the round closes.
//   - A window in someone else's turn (a Stitchcraft reaction, opened to
//     one eligible opponent after another, as its spec orders) names that
//     seat in ToAct for one decision; Windower and Passer let the bot give
//     it a short timeout and pass for a seat that lets it expire.
//   - Multi-step benefits and bonuses (Tapestry) are consecutive decisions
//     of the same seat: ToAct stays that seat, Legal lists the options of
//     the current step, and the state remembers the pending steps.
//   - Chance in the middle of a turn (a die roll after a choice) is a chance
//     node: ToAct returns [Chance], the driver samples one outcome from the
//     table's PCG, logs it as an action and continues.
//   - An action by another player in someone's turn (a trap, a reaction) is
//     a window: ToAct names that player for one decision, then hands back.
//   - A per-player end of game (Tapestry) is a state flag per seat: a seat
//     that has finished is simply never in ToAct again.
//
// # The driver
//
// Bind erases a game into a Kind; the Catalog (built in main from explicit
// Bind calls) creates and decodes Tables. Table.Play(seat, atVersion, key)
// rejects a stale version (ErrStale), a seat not to act (ErrNotYourTurn), a
// malformed key (ErrBadKey) and a key not in Legal (ErrIllegal); applies the
// action to a clone (the game's Cloner, else a JSON round trip), so a
// failure leaves the table as it was; then samples and applies chance steps
// until the next decision. The version counts actions: every applied
// action, chance ones included, bumps it by one and is returned as a Step
// for the log. A game's Apply may therefore change the state it is given
// and fail half-way: the driver owns that state and drops it.
//
// Search copies (Determinize, and a Fork of one) are the AI's: a search copy
// clones once, at its first change, then applies in place without the
// snapshot or the re-check of the key, and lists legal keys without labels.
// A failed move spoils only the copy, which the search drops; no live table
// is ever a search copy.
//
// # Randomness and replay
//
// Each table stores a secret seed and the PCG state (Envelope.Seed, RNG).
// Chance outcomes are logged as actions, so a replay of the log needs no
// RNG (Kind.Replay); a seeded replay re-samples them and must agree. Only
// Game.Sample and the test-only Resampler ever see a dice.Dice.
//
// Games anyone can verify (verify.go): Commitment(seed, table) is the
// SHA-256 of the seed's two words and the table id (8 bytes big-endian
// each), which boards show while the seed stays secret; Table.RevealSeed
// gives the seed only once the game is over; and Catalog.Verify replays a
// finished game's Record from that seed, sampling every chance outcome
// afresh with the game's own Sample (Table.Resolve) and comparing it with
// the logged one, and names the step that differs (VerifyError).
//
// # Hidden information
//
// View(state, seat) is the only way information leaves a state. Legal
// depends only on what the seat may know (the harness checks this with the
// Resampler: resampling hidden zones must not change the seat's view or
// legal keys). Event.Public goes to the channel, Event.Private to one seat;
// Event.Reveal marks an undo barrier. Seeds, RNG state and hidden zones never
// appear in a view, key, label, log line or error; a seed is revealed only
// by RevealSeed, once its game is over.
//
// # Player names
//
// A game does not know who sits where, so public and private lines, result
// lines and labels name a player only with the token Name(seat) (NameAs
// adds a role: "Ada (Warp)"), never as "Seat 1" or "player 2" (the harness
// fails on that wording). The tokens are stored as they are, so a log
// replays the same whoever sits down; the presentation layer fills them in
// with FillNames (Discord markdown: names escaped, mentions defused) or
// FillPlain (button labels, select options, pictures, the sim).
//
// # Invariants
//
// This package and everything below it import only the standard library
// (enforced by a test). Player-action keys are printable ASCII of at most
// MaxKeyLen bytes, sorted and unique in Legal, and round-trip through
// ParseAction. Meta actions of the driver start with '!' (KeyConcede).
package games
