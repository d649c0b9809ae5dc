// Package sandbox is Spindle's local front door: `spindle sandbox` serves a
// page that emulates one Discord server, so a newcomer can play every game
// in a browser without a Discord token. It drives the same commands.App —
// the same handlers, the same storage, the same renderer — as the Discord
// gateway; only the transport differs.
//
// # Model
//
// The guild "Sandbox" has one channel, #games, plus every thread the bot
// opens under it (Poster.Thread). Members start as alice, bob, carol and
// dave; more can be added by name, and each has a "Manage Server" toggle
// that becomes Request.CanManage. The page acts as one member at a time
// (the user switcher), so one person can play all seats, and several
// browser tabs can act as different members at once.
//
// Each channel holds messages: the bot's (posted or edited through the
// Poster, or sent as interaction replies), members' plain chat messages,
// and the sandbox's own notices. A bot reply carries the line "alice used
// /game new …" or "alice clicked Join" above it, as Discord shows the
// interaction a reply answers. Ephemeral messages belong to one member: the
// state, the API and the attachment URLs never show them to anyone else,
// and the page marks them "Only you can see this" with a Dismiss link.
//
// # API
//
// The page and the tests use the same JSON API:
//
//	GET  /api/state?user=U&channel=C       channels, members and the messages U sees in C
//	GET  /api/autocomplete?user&channel&text  completions for the command box
//	POST /api/command  {user, channel, text}  a slash command or a chat message
//	POST /api/click    {user, channel, message, custom_id}
//	POST /api/select   {user, channel, message, custom_id, values}
//	POST /api/dismiss  {user, channel, message}   drop an ephemeral message
//	POST /api/users    {name}                     add a member
//	POST /api/manage   {user, manage}             toggle Manage Server
//	GET  /files/{id}?user=U                       an attachment (PNG)
//	/activity/...                                 the live table (bot/activity): the Activity's page
//	                                              with the SDK's mock, signed in as the member its
//	                                              code names; the top bar's "Open live table" link
//
// Users and channels are named by id or by name ("bob", "games"); the
// channel defaults to #games. Interactions answer with the message that
// replied (new or updated) as the actor sees it.
//
// # Faithful to Discord
//
//   - Slash commands are checked against commands.Definitions as Discord's
//     client checks them before sending: unknown commands, subcommands and
//     options, missing required options, values outside static choices and
//     malformed booleans or integers are refused with a notice only the
//     typist sees, and never reach the handlers.
//   - Autocomplete offers commands, subcommands, option names and static
//     choices, and for autocomplete options asks the App with an
//     Autocomplete interaction, as Discord does.
//   - Every interaction gets a fresh id, goes through App.DeferFor and
//     App.Handle, and its Response is applied as Discord applies it: a new
//     message (ephemeral to the actor or public), or with Update the
//     replacement of the message the component is on — for an ephemeral
//     message, the actor's own copy.
//   - A click or choice is accepted only on a message the member can see,
//     for a component that message carries, and for one of the menu's
//     options; anyone may press a public message's buttons (the handlers
//     decide, so clicking as the wrong member gets their answer, such as
//     "you're not playing at this table").
//   - Edits keep attachments unless new files or ClearFiles are given;
//     Poster edits are marked "(edited)"; a new message that mentions a
//     member highlights it and counts as a ping in the channel list.
//   - Messages are checked against Discord's limits (content length,
//     embeds, rows, buttons, select options, custom_id length and
//     uniqueness, attached embed images). Discord answers such a message
//     with an error, so the sandbox refuses it too: a Post or Edit fails,
//     and a broken interaction reply shows "This interaction failed".
//
// # Simplified
//
//   - There is no three-second window: DeferFor is called and logged, and
//     the reply is applied when Handle returns.
//   - Messages, threads and added members live in memory; only the
//     database persists. Members' ids derive from their names and #games
//     has a fixed id, so after a restart a game in #games resumes (use
//     /game status or /hand); games in threads of an earlier run are not
//     reachable. Message ids grow with the start time, so an id stored by
//     an earlier run never names a new message.
//   - Ephemeral messages stay until dismissed instead of vanishing on
//     reload; there are no reactions, DMs, roles other than Manage Server,
//     typing indicators or message deletion by members.
//   - Markdown covers what the bot writes: bold, italics, underline,
//     strikethrough, code, headings, bullets, quotes and mentions.
//   - The page polls /api/state once a second instead of holding a
//     gateway connection.
package sandbox
