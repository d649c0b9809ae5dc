// Package storage is Spindle's persistence: one bbolt file holding the
// tables, their logs and the small records that tie them to Discord.
//
// # Buckets and keys
//
// Numeric keys are 8-byte big-endian, so bbolt's byte order is numeric
// order (a log iterates 255, 256, ... 65536 in sequence). Table ids come
// from the tables bucket's NextSequence; lobbies draw from the same
// sequence (CreateLobby) so a lobby keeps its id when it starts (CreateAt).
//
//	tables        table id -> envelope, exactly as games.Envelope.Marshal writes it
//	logs/<id>     one nested bucket per table: version -> Entry (JSON: the
//	              games.Step plus at, user and interaction)
//	bindings      table id -> Binding (guild, channel/thread, message ids,
//	              seat -> Discord user, status, options, clock)
//	channels      channel or thread id -> active table id (8 bytes)
//	guilds        guild id -> settings (JSON, shape owned by the caller)
//	interactions  Discord interaction id -> {table, version, at}
//	users         user id -> preferences (JSON, shape owned by the caller)
//	players/<user>  one nested bucket per user: running table ids (my games)
//	schedule      due time (8 bytes, ns) + table + seat + kind -> Timer;
//	              read from the start up to now, so start-up reads only
//	              what is due, never every table
//	timers/<id>   one nested bucket per table: its schedule keys, so a
//	              finished table drops its timers without a scan
//	ratings       guild/user/game -> Rating (Glicko-2 or Weng-Lin)
//	ranks         guild/game + sortable conservative value + user -> nil:
//	              a leaderboard page is a cursor walk, never a sort
//	boards        guild/game -> player and game counts
//	rating_log    guild/game/user + time -> rating point (stats charts)
//	history       table id -> finished game record
//	history_index per-user and per-server, per-game and all-games entries
//	              by time, for /history
//	meta          "schema" -> SchemaVersion (8 bytes)
//
// Ratings and history are written in the transaction of the move that
// ends the game (commitMove), so a result and its rating changes are
// durable together or not at all.
//
// A database whose schema is newer than SchemaVersion is refused (ErrSchema).
// Envelopes are decoded only through the games.Catalog, which refuses an
// unknown envelope schema (games.ErrSchema) or newer rules
// (games.ErrNewerRules) and migrates or refuses older rules; Load passes
// those errors through, wrapped with the table id.
//
// # One transaction per move
//
// Create, CreateAt, Play, Concede and Undo each run in a single db.Update:
// load the envelope, decode it through the catalog, apply the move with the
// driver, then write the new envelope, the log entries (the move and the
// chance steps it triggered), the interaction record and the binding status,
// and commit. Any failure rolls everything back, so the snapshot and the log
// always agree (the version in the envelope is the last log key), and the
// table version works as an optimistic lock: concurrent clicks on one
// version yield one move and one games.ErrStale. A move is durable before
// the call returns; render and talk to Discord only afterwards. Values read
// from bbolt are copied or decoded inside their transaction.
//
// # Idempotency
//
// Each move carries Meta.Interaction, the Discord interaction id. Its record
// is written in the move's own transaction; a second call with the same id
// applies nothing and returns the current table with an error wrapping
// ErrDuplicate, so a double click or a gateway retry is answered politely.
// An empty id skips the check (moves by the AI or the turn clock). The bot
// calls PruneInteractions daily to drop records older than a day.
//
// # Undo
//
// Undo uses games.UndoKeep on the stored log: only the acting seat's own
// trailing actions within its current turn, never across chance, a reveal,
// a concession or another seat's action, and never against a
// games.UndoPolicy exposed by the table or its catalog kind. The table is
// rebuilt by replaying the kept log prefix with the current RNG state and
// the log is truncated. Versions are therefore reused after an undo: a
// stale menu from the undone branch carries a version that becomes current
// again, and is accepted only if its key is legal for the same seat in the
// new position (the driver's checks still apply).
//
// # Secrets
//
// The envelope holds the table's secret seed (two uint64 from crypto/rand)
// and PCG state. They are never written to the log, never returned in an
// error and must never be logged or shown; the log holds actions and events
// only (chance outcomes included, which is what makes replay need no RNG).
// Private event lines are stored in the log too: the bot shows them to
// their seat only.
//
// # Deploy constraint
//
// bbolt locks the file: exactly one process may open it. Open waits at most
// Options.Timeout (DefaultTimeout when zero) and then fails with ErrInUse,
// so a second bot instance stops at start-up instead of hanging. Backup and
// BackupFile copy the live database from a read transaction (bbolt's
// Tx.WriteTo), which is how `spindle backup FILE` works without stopping
// the bot.
package storage
