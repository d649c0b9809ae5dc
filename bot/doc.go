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
// The HTTP interactions endpoint (http.go) checks each request's Ed25519
// signature and that its timestamp is within five minutes, and accepts
// each interaction id once: a set in memory refuses a replay to the
// running process, and storage.FirstSeen records the id durably (one group
// committed write) for the window, so a request captured before a restart
// is refused after it too.
//
// The live table (bot/activity, docs/activity.md) is served beside the
// HTTP endpoint on its listener (WithActivity) and posts its boards
// through the bot's Poster; the board's "Live table" button is answered
// with Discord's LAUNCH_ACTIVITY callback (type 12), which carries no
// message and is only ever the immediate answer.
//
// Invariants: a panic in a handler is recovered and logged, never fatal;
// on shutdown new interactions are refused and those in flight are waited
// for (bounded); allowed mentions are always explicit, so a message pings
// exactly the players it names; nothing secret is logged.
package bot
