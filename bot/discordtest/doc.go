// Package discordtest is an in-process fake of Discord's REST API and
// gateway, for end-to-end tests that drive the real discordgo client
// (v0.29.0) over loopback.
//
// # Wiring
//
// New starts an httptest server on 127.0.0.1. Fake.Session returns a real
// *discordgo.Session whose http.Client uses a rewriting RoundTripper
// (Fake.Transport): requests for discord.com and cdn.discordapp.com go to the
// fake, any other host fails. Session.Open discovers the gateway the usual
// way, with GET /api/v9/gateway, and the fake answers with its own ws://
// address, so discordgo's package-level endpoint variables are never
// changed. The session gets a private copy of websocket.DefaultDialer.
// discordgo v0.29.0 speaks API v9; the fake serves both /api/v9 and
// /api/v10.
//
// # Model
//
// The fake keeps, behind one mutex:
//   - a bot user (whose id is also the application id) and test users
//     (AddUser) with guild permissions (SetPermissions);
//   - guilds (Guild, AddGuild), text channels (AddChannel), threads with a
//     parent (created by the bot through POST /channels/{id}/threads or
//     /channels/{id}/messages/{mid}/threads) and DM channels (POST
//     /users/@me/channels, or DMChannel);
//   - messages per channel: content, embeds, components, attachments with
//     their bytes (served back at their cdn.discordapp.com URL), flags,
//     author, the interaction they answer, who may see them (ephemeral
//     messages are visible to the interaction's user only), the users
//     mentioned and the users notified;
//   - interactions (SlashCommand, Autocomplete, Click, Select, SubmitModal)
//     with their callback, original response and follow-ups, and timings;
//   - application commands per guild and global (bulk overwrite, create,
//     get, edit, delete).
//
// Each interaction is sent as an INTERACTION_CREATE dispatch on every valid
// gateway session. The returned *Interaction can Wait for the callback and
// WaitFinal for the final response, and reports Timings (dispatch,
// acknowledgement, final edit) so tests can measure the defer latency and
// the final edit latency.
//
// # Violations
//
// Every REST request body (JSON, or the payload_json part of a multipart
// body) is first validated against the request schema of its operation in
// Discord's published OpenAPI 3.1 spec, embedded from
// testdata/discord-api-spec (spec.go: the whole document is compiled once
// per process with santhosh-tekuri/jsonschema, operations are found by
// method and path template). As Discord does, a decimal string is accepted
// wherever the spec wants an integer, and an integer for a snowflake. A
// breach names the operation, the JSON pointer and the rule. Validated and
// TotalValidated count the bodies checked.
//
// Beyond the spec, every message, edit, follow-up, callback, modal and
// command registration is checked against Discord's limits: content <= 2000
// characters, <= 5 action rows, <= 5 buttons per row, a select alone in its
// row, <= 25 select options with labels, values and descriptions <= 100,
// placeholders <= 150 (100 for text inputs), min_values 0-25 and
// max_values 1-25 with min <= max <= the option count, custom_id present,
// unique in the message and <= 100 characters, button labels <= 80, <= 10
// embeds with titles, descriptions, footers (2048), authors (256) and
// non-empty fields within their limits, <= 10 files of <= 10 MiB each,
// allowed_mentions that does not both parse users (or roles) and list
// them, <= 25 autocomplete choices, command and option names and
// descriptions, and <= 8000 characters of names, descriptions and choices
// per command. A breach is answered like
// Discord (400, code 50035 Invalid Form Body, nothing stored) and recorded.
// So are: a callback later than the acknowledgement window (3 s, see
// SetAckWindow; answered 404 Unknown interaction), a second callback (400,
// code 40060), a callback type that does not fit the interaction, an empty
// message, use of the webhook before the callback or after 15 minutes, and
// requests to unknown routes (404). Violations returns the list; unless
// TolerateViolations was called, each violation fails the test when the fake
// is closed.
//
// # Faithful to Discord
//
//   - Gateway: HELLO (op 10), IDENTIFY (op 2) answered by READY then one
//     GUILD_CREATE per guild, HEARTBEAT (op 1) answered by HEARTBEAT_ACK (op
//     11), RESUME (op 6) replaying missed dispatches then RESUMED, INVALID
//     SESSION (op 9, d=false) when the session is unknown or was closed with
//     code 1000/1001 (as discordgo's Close does, so close-and-reopen
//     identifies again), RECONNECT (op 7) on demand, sequence numbers per
//     session, THREAD_CREATE on thread creation.
//   - Interaction callbacks 4, 5, 6, 7, 8, 9 and 12 (LAUNCH_ACTIVITY, for
//     commands and components) with Discord's rules on which type fits
//     which interaction; type 1 (PONG) is refused because PING
//     interactions never come through the gateway.
//   - OAuth2 for an Activity's sign-in (oauth.go): AuthorizeCode hands out
//     the code Discord's authorize step would give a user, POST
//     /oauth2/token exchanges it once (client id AppID, ClientSecret) for an
//     access token, and GET /users/@me with that Bearer token names the
//     user. A LAUNCH_ACTIVITY callback starts an Activity instance in the
//     interaction's channel (Callback.ActivityInstance; JoinActivity adds
//     users), which GET /applications/{id}/activity-instances/{instance}
//     describes.
//   - Deferred responses (5) create a "thinking" message (flag LOADING,
//     ephemeral when flag 64 was given) that the first edit of @original, or
//     the first follow-up, fills; for 6 and 7, @original is the message the
//     component is on.
//   - Edits have PATCH semantics: absent fields are kept, content or embeds
//     set to null are cleared, components set to null are kept (as on
//     Discord). Existing attachments are kept unless an "attachments" list
//     is sent, and uploaded files are added: replacing an image needs
//     attachments: [].
//   - Ephemeral messages cannot be fetched or edited through channel
//     endpoints (404), only through the interaction webhook.
//   - Mentions notify only when a message is created (or a deferred response
//     first filled), never on edits; allowed_mentions is honoured for users.
//   - Follow-ups with wait=false answer 204 No Content.
//   - Bulk overwrite keeps the id of a command with the same name and type.
//   - Messages are served as REST message objects: no guild_id,
//     edited_timestamp null until edited, components with the numeric ids
//     Discord assigns, embeds typed "rich" with every field's inline flag,
//     and interaction_metadata for the interaction's type (the interacted
//     message of a component, the triggering interaction of a modal
//     submit, the original response of a follow-up). Interactions carry
//     authorizing_integration_owners and attachment_size_limit; their
//     channel has a null parent_id at the top level and no name in a DM.
//     TestOutgoingMatchesSpec checks these against the spec's schemas.
//   - Only one thread per starter message (code 160004); threads need a text
//     or announcement parent; a thread created without a type is private.
//
// # Simplified
//
//   - No rate limits, no sharding, no zlib compression, no presences; guild
//     members are implicit (every test user is in every guild).
//   - Permissions are only reported in interactions (member.permissions);
//     the fake does not enforce them on REST calls.
//   - Message fields beyond content, embeds, components, attachments, flags,
//     reply reference and mentions are validated against the spec but
//     otherwise ignored; components v2 layouts are stored verbatim, checked
//     by the spec, and by the fake only for their interactive parts and
//     total count. The spec has no schema for interactions, so what the
//     fake dispatches is checked field by field.
//   - Interactions reach every valid gateway session, or, after
//     DeliverOverHTTP, the bot's HTTP endpoint, signed with Ed25519.
//     PingHTTP makes Discord's check of that endpoint: a PONG to a signed
//     PING, 401 to a forged one.
//   - Gateway events other than READY, GUILD_CREATE, RESUMED, THREAD_CREATE
//     and INTERACTION_CREATE (for example MESSAGE_CREATE) are not sent.
package discordtest
