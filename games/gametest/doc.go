// Package gametest is the conformance harness every game runs: random
// playouts that check the whole engine contract on every step, playthrough
// goldens, and a fuzz target over the same invariants.
//
// # Use
//
// A game package needs three lines of tests:
//
//	func TestConformance(t *testing.T) { gametest.Run(t, Game{}, gametest.Config{Seeds: 50}) }
//	func TestPlaythrough(t *testing.T) { gametest.Playthrough(t, Game{}, nil, 2, 1, "testdata/basic.golden") }
//	func FuzzPlay(f *testing.F)        { gametest.Fuzz(f, Game{}, gametest.Config{}) }
//
// Config.Options lists the option sets to cover (nil: the defaults),
// Config.Seats the seat counts (nil: every count the game allows) and
// Config.Seeds the playouts per pair (0: 20).
//
// # What every game inherits
//
// Each playout plays the game on its own typed state and, in lockstep,
// through the driver (games.Bind) exactly as the bot does, starting from
// Kind.Open with the table's seeded RNG feeding every chance node. At every
// node it checks:
//
//   - ToAct is empty exactly when Result reports the game over, lists seats
//     in range without repeats, has Chance only alone, and never again names
//     a seat that conceded.
//   - Legal is non-empty for every seat to act (Chance may return nil: Apply
//     then validates the outcome) and empty for every other seat, Chance and
//     Spectator included.
//   - Legal keys are sorted and unique and round-trip through ParseAction;
//     player keys are 1..games.MaxKeyLen bytes of printable ASCII without
//     space or '/', never start with '!' (reserved for the driver), so a
//     custom_id "t/<table>/<version>/<key>" fits in 100 characters; labels
//     are non-empty valid text of at most 80 characters (with the default
//     names filled in).
//   - Player-visible text (labels, public and private lines, result lines)
//     names players only through games.Name tokens, well formed and in
//     range, and never by number as in "Seat 1" or "player 2".
//   - ToAct, Result, Legal, View, Sample and Resample leave the state's
//     JSON encoding unchanged; the state survives a JSON round trip byte for
//     byte; every view encodes to JSON.
//   - With a games.Evaluator, every node of a game in progress gets one
//     value per seat, each in [0, 1], and the state is left unchanged.
//   - With a games.Resampler, for every seat and the spectator, resampling
//     the zones hidden from it (three draws) changes neither its View, nor
//     ToAct, nor its legal keys and labels (redaction invariance).
//   - An illegal action applied directly (a key seen elsewhere in the game,
//     or another seat's legal key) that Apply refuses leaves the state as it
//     was. Apply may trust the driver, so accepting or panicking on such an
//     action is not blamed.
//   - Through the driver: the table's state, version, ToAct, Over and
//     labelled Legal match the game's; a stale version (ErrStale), a seat not
//     to act, the spectator and Chance (ErrNotYourTurn), malformed keys
//     (ErrBadKey), keys not in the seat's Legal (ErrIllegal), concessions
//     that are stale, by the spectator or in a game without concession, and
//     any move after the end (ErrGameOver) are refused with the right
//     sentinel and leave the envelope (state, version and RNG) byte for byte
//     unchanged.
//   - Envelope, Marshal and Catalog.Decode give back the same envelope.
//   - Kind.Replay of the envelope header and the log so far reproduces the
//     envelope (at each of the first 32 nodes, every 8th node after and at
//     the end); a seeded replay (Kind.New with the same seed and the same
//     player actions through Play, chance re-sampled) reproduces it too
//     (every 16th node and at the end).
//
// Every action is applied twice to equal states to check determinism, and
// both the events and the state must equal what the driver logged; Sample
// run on a copy of the table's RNG must draw the outcome the driver drew.
// Every event gives private lines only to seats in range. The log never
// grows beyond Info().MaxActions. At the end Result has one rank per seat
// (1..n, someone ranked 1), Scores is nil or one per seat, Winners are
// exactly the seats ranked 1 (none when Draw, where at least two seats are
// ranked 1) and
// Reason is set. A one-seat game is played against the game itself: its
// seat is ranked 1 (a win, or with Draw a shared win) or 2 (a loss). In one seed of five, a game implementing games.Conceder
// sees a random seat concede at a random node through the driver; the game
// must then go on to its end without that seat (a two-seat game ends at
// once) with a Reason. Info itself is checked once: a lower-case ID, a
// title, sane seat limits, a rules version, MaxActions and options whose
// defaults are among their values.
//
// # Reproducing a failure
//
// A failure names the check, the game, the options, the seat count, the
// seed and every action so far as seat=key ("c" for chance), and prints the
// -run pattern of the failing subtest, for example
//
//	go test ./games/warpweft -run '^TestConformance$/^roles=fixed$/^seats=2$/^seed=7$'
//
// Subtests are named "<options>/seats=<n>/seed=<s>". Chance comes from the
// table seed {seed, "spindle"}, the choice of actions and the checks from
// two other streams of the same seed, so a seed always plays the same game
// whatever checks are added. Fuzz failures are saved by the go tool under
// testdata/fuzz and replay with go test -run FuzzPlay/<file>.
//
// # Goldens
//
// Playthrough writes a readable dump of one seeded game: at every node the
// seats to act, the spectator's and each seat's view as indented JSON, the
// labelled legal actions of the seats to act, then the action with its
// public and private lines and whether it revealed anything, and finally
// the Result. Refresh goldens with
//
//	go test ./games/... -run Playthrough -update
//
// and review the diff like code. On a mismatch the test shows the first
// differing lines. When a dump would exceed about 400 KB, views are printed
// only every k nodes (k a power of two) and at the last node, and the
// golden's header says so. The -update flag is registered by this package:
// a test binary that links gametest must not define its own.
//
// # Fuzzing
//
// Fuzz takes (seed, choices): the seed picks the option set, the seat count
// and the chance stream; each byte picks an index into ToAct when several
// seats act, then into the legal list; byte 255 concedes for a random seat
// when the game allows it; when the bytes run out the seed plays on to the
// end. The per-node checks are those of Run, with one resample per viewer,
// no double application for determinism and the replays only at the end.
package gametest
