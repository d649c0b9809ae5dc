// Package activity serves the live table: a Discord Activity (an embedded
// web page in the channel) showing a running game on the same engine,
// storage and handlers as the chat, while the chat game stays the record.
//
// # Model
//
// The page (web/activity, built with the Embedded App SDK into static/,
// which the binary embeds) signs in with the SDK's authorize step; its
// code goes to POST api/token, where the bot, which alone holds the
// application's client secret, exchanges it at Discord's POST
// /oauth2/token (DiscordOAuth) and reads the user with GET /users/@me. The
// server then issues a session the page sends as "Authorization:
// Bearer": the Discord user, its expiry (SessionLife on) and the tables
// the sign-in found through its instance, under an HMAC-SHA256 of the
// session key (SessionKey, from the client secret). The server keeps no
// session, so every process sharing the key accepts it.
//
//	GET  /                   the page (index.html, app.js, app.css)
//	GET  /api/config         the application's client id, for the SDK
//	POST /api/token {code}   sign in: {session, access_token, user}
//	GET  /api/table?instance | ?guild&channel | ?table   the table as the user may see it (State)
//	POST /api/act {table, custom_id, values}  a click on the user's panel
//	GET  /api/events?table   Server-Sent Events: the table's versions
//
// With a Locator (DiscordInstances: Discord's Activity Instance API) the
// table is the running game of the channel the page's Activity instance
// runs in, answered only to users in that instance, and a table id is
// accepted only from a session that names it (the answer that found it
// carries one: State.Session); without one (the
// sandbox) the page names its guild and channel.
//
// A State holds the board (the chat's own table or result message: the
// spectator's view and its picture) and, for a seated player of a running
// game, that seat's panel (commands.App.Live): the same text, picture,
// labels, detail lines and custom_ids as the chat panel. A click is a
// commands.Request built like a component click by that user in the
// table's own channel (commands.LiveClick) and handled by
// commands.App.Handle with the front door's Poster, so versions,
// idempotency, clocks, the outbox, the AI's wake-up and the chat's board
// are the chat's own. The event stream tells the page each new version;
// the page then fetches the table again.
//
// Changes reach the stream through a Notifier: the commands layer tells
// it (commands.App.Changes) after each announced commit, whatever the
// front door, AI turn or timer that made it. Hub is the in-process
// Notifier; one across processes (PostgreSQL's LISTEN/NOTIFY) plugs in
// through the same interface.
//
// # Invariants
//
//   - Hidden information leaves only through views: a spectator's State
//     has no panel, a player's has their own seat's panel and nothing of
//     another seat's; the board is the spectator's view for everyone.
//   - Every endpoint but the page, the config and the sign-in needs a
//     live session; secrets (the session, the access token, the client
//     secret, the code) are never logged or put in a URL.
//   - Only panel components (routes t, s, g, p) are accepted as clicks,
//     and only from a seated player; Handle decides the rest exactly as
//     for a chat click.
//   - A move is committed before any page hears of it (the notifier is
//     told after the commit).
package activity
