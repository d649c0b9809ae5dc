// Package bot is Spindle's front door to Discord: a discordgo gateway
// session with explicit intents, command registration, and the adapter
// between Discord's interactions and the library-free commands App.
//
// Every interaction is acknowledged inside Discord's three-second window:
// commands.App.DeferFor decides, without I/O, whether to defer (ephemeral,
// public or as a message update) before the handler writes and renders;
// the response is then delivered as an edit of the original response or a
// follow-up. Channel effects (new table messages that mention the next
// player, edits of old ones, threads) go through the Poster over REST.
//
// Invariants: a panic in a handler is recovered and logged, never fatal;
// on shutdown new interactions are refused and those in flight are waited
// for (bounded); allowed mentions are always explicit, so a message pings
// exactly the players it names; nothing secret is logged.
package bot
