// Package storage is Spindle's persistence: the tables, their logs and
// the small records that tie them to Discord, in one bbolt file (the
// embedded default) or in a PostgreSQL database that several processes
// share (OpenPostgres; Open takes a postgres:// URL too).
//
// # Backends
//
// The Store's logic is written once, over ordered key-value transactions
// (kv.go: buckets of byte keys in byte order, one level of nested buckets,
// cursors, sequences). bbolt provides them directly. On PostgreSQL they
// are rows of spindle_kv (bucket, key) -> value, a nested bucket's rows
// carrying its parent's name, a zero byte and its own, and its existence a
// marker row with a NULL value in its parent; spindle_seq holds the
// sequences, spindle_migrations the schema version. The schema migrations
// (pgMigrations) run at start-up, each once however many processes start
// together. The SQL keeps to plain tables, a primary key, ON CONFLICT and
// SELECT ... FOR UPDATE [SKIP LOCKED], which PostgreSQL-compatible
// distributed databases accept, plus LISTEN/NOTIFY for wake-ups.
//
// On PostgreSQL a write transaction runs at READ COMMITTED and reads every
// key with SELECT ... FOR UPDATE, so a row read and then written by two
// processes is read by the second only after the first committed: a move
// reads its table's envelope first and compares it byte for byte, so two
// processes never apply two moves at one version. Scans take no locks; the
// Store reaches what it scans through a locked row. A transaction aborted
// for a deadlock or a serialization failure is run again (write functions
// are rerunnable anyway). Reads see one snapshot (REPEATABLE READ). To
// save round trips, BEGIN goes with the first statement, writes wait and
// go with the next statement or the COMMIT in one pipelined batch, and a
// move's reads are made together (prefetch).
//
// A write transaction is run optimistically first (kv_pg_occ.go): a read
// of a row this process last stored or read under lock in a committed
// transaction is answered from its memory, and a move's new interaction id
// is presumed absent, without asking the server. Each such answer is a
// guard, checked under the same row lock the ordinary read takes, in one
// statement sent before any write that followed the read; a guard that
// does not hold fails the transaction (a division by zero) and it is run
// again the ordinary way, every read from the server. A transaction that
// sent nothing before its commit sends the guards, the writes (one
// multi-row statement, run after the guards in the same statement) and no
// BEGIN or COMMIT: the statements of one pipelined batch are one implicit
// transaction. So a move on a table this process moved last is one round
// trip (one statement, and a few more in the batch when it schedules
// timers), and what it remembers never decides an
// outcome the server did not confirm. Reads of one key and of a table's
// whole log are one statement each, without a transaction around them
// (kv_one.go). The one conformance suite, the package's tests, runs
// against both backends (TestPostgresConformance).
//
// Claims: Due and Unannounced on PostgreSQL lease what they return to the
// process (Options.Lease), skipping rows another transaction holds (FOR
// UPDATE SKIP LOCKED) and rows another live process leased, and renewing
// the process's own; a dead process's leases run out and pass to the
// others. So each timer (AI turns included) fires in one process and each
// unshown move is retried by one. A commit that wrote a timer sends
// NOTIFY spindle_work; Wake delivers the other processes' notices to the
// timer loop, at most every 50 ms.
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
//	interactions_by_time  at (8 bytes, ns) + interaction id -> nil: the
//	              records in time order, so pruning is a range delete
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
//	seen          signed interaction id (HTTP endpoint) -> until (8 bytes,
//	              ns): FirstSeen refuses it again before then
//	seen_by_time  until (8 bytes, ns) + interaction id -> nil: FirstSeen
//	              drops the passed ones, a few at each call
//	outbox        table id -> Unannounced {from, to, since, tries, last}: the
//	              moves of a bound table committed but not yet shown in its
//	              channel; written by every move, cleared by SetMessage with
//	              the version the posted board shows
//
// Ratings and history are written in the transaction of the move that
// ends the game (applyMove), so a result and its rating changes are
// durable together or not at all.
//
// A database whose schema is newer than SchemaVersion is refused (ErrSchema).
// Envelopes are decoded only through the games.Catalog, which refuses an
// unknown envelope schema (games.ErrSchema) or newer rules
// (games.ErrNewerRules) and migrates or refuses older rules; Load passes
// those errors through, wrapped with the table id.
//
// # One transaction per move, many moves per commit
//
// Every write goes through one committer goroutine, started by Open and
// stopped by Close. A caller hands it a function of the write transaction
// and waits. The committer takes every request queued so far, runs them
// one after the other in a single db.Update (one fsync pair for the whole
// batch) and answers each caller only after that commit returned. There
// is no artificial delay: whatever queued while one commit was syncing
// forms the next batch, so an idle bot commits at once and a busy one
// shares each fsync among many moves. A request that fails before writing
// anything (a duplicate, a stale version, an unknown table, a refusal by
// the rules) marks its error as clean and the batch goes on without it.
// A request that fails after writing aborts the batch: the transaction
// rolls back and each request of the batch is rerun alone in its own
// transaction, so only the failing one fails. Write functions are
// therefore written to be run again.
//
// On PostgreSQL the committer only writes the message ids recorded lazily
// (SetMessage, SetLog) when nothing else commits: each write commits from
// its caller's goroutine, alone, on a pooled connection of its own (with
// the message ids recorded meanwhile). The server runs such transactions
// side by side and shares its WAL flushes among the commits waiting for
// one, which is the group commit bbolt's committer does by hand; handing
// every write to one goroutine and back would only add two wake-ups to
// each move and queue a process's moves behind one another.
//
// Create, CreateAt, Play, Concede and Undo each write one move in one
// transaction: the new envelope, the log entries (the move and the chance
// steps it triggered), the interaction record and its time index entry,
// the binding status and, when the game ended, ratings and history. Any
// failure rolls all of it back, so the snapshot and the log always agree
// (the version in the envelope is the last log key). A move is durable
// before the call returns; render and talk to Discord only afterwards.
// Values read from bbolt are copied or decoded inside their transaction.
//
// Play and Concede do no JSON work for the table under the writer. They
// read a copy of the stored envelope in a read-only transaction, decode it
// through the catalog, apply the move with the driver and encode the
// envelope, the log entries and the interaction record outside any write
// transaction. Inside the group commit they only check that the stored
// envelope is byte for byte the one they read (an optimistic lock, stronger
// than comparing versions, since an undo reuses versions) and that the log
// still ends at its version, check the interaction, and put the bytes.
// When the table changed meanwhile they start over, at most four times,
// and then refuse with games.ErrStale. Concurrent clicks on one version
// therefore still yield one move and one games.ErrStale (or ErrDuplicate
// for the same interaction). Create and CreateAt build the new table
// outside the writer too; Undo still decodes and replays inside its
// transaction, which is rare enough not to matter.
//
// # Effects: one commit per move
//
// Meta.Effects lets the bot make everything a move implies durable in the
// move's own commit. When the table has a binding, the hook runs inside the
// write transaction with the binding (its status already following the
// game) and the table after the move; it may edit the binding, typically
// its turn clock, and returns timers. Storage writes the edited binding
// and the timers in the same transaction, so a move and its clock and
// timers exist together or not at all; an error from the hook, or a timer
// without a due time or kind, rolls the move back. The hook may run more
// than once for one move and must not call the Store.
//
// # The board message id
//
// The id of the board message is known only after the bot posted it, that
// is after the move committed. SetMessage records it without a commit of
// its own: the id waits in memory and is written at the start of the next
// group commit, by a background flush at most about 250 ms later when
// nothing else commits, or by Close. GetBinding already returns it, and
// goes on returning it while the commit that writes it is under way: the
// ids a commit took stay visible (in flight) until it is done, only one
// commit at a time carries ids (so two of them, side by side on
// PostgreSQL, never land an older id over a newer one), and a GetBinding
// that read the stored binding while a flight landed reads it again. The
// trade-off is deliberate: a crash within that window loses only which
// message is the current board (the bot then posts a fresh one), never a
// move. A PutBinding called after SetMessage is written after it, so the
// caller's last word wins.
//
// # Idempotency
//
// Each move carries Meta.Interaction, the Discord interaction id. Its record
// is written in the move's own transaction; a second call with the same id
// applies nothing and returns the current table with an error wrapping
// ErrDuplicate, so a double click or a gateway retry is answered politely.
// An empty id skips the check (moves by the AI or the turn clock). Each
// record also has an entry in interactions_by_time, keyed by its time, so
// PruneInteractions, which the bot calls daily to drop records older than
// a day, walks a cursor from the start of that index up to the cut-off and
// deletes both, never reading the records that stay. A database of schema
// 1 has no such index: Open builds it once, dropping records that do not
// decode, and records schema 2.
//
// # Commit cost and start-up
//
// The database is opened with bbolt's NoFreelistSync and the hashmap
// freelist: a commit does not write the freelist, and Open rebuilds it by
// scanning the pages instead, which BenchmarkOpen100k keeps well under a
// second for 100 000 tables.
//
// # Damaged files
//
// bbolt trusts its pages: a damaged one makes it panic, while rebuilding
// the freelist in a goroutine of its own where no recover reaches, or on a
// later read. Open therefore reads the file itself before bbolt maps it
// for writing (checkFile, checkPages), under bbolt's shared lock so that
// no writer moves pages meanwhile: both meta pages, the length, and every
// page in use by the last commit, from the root bucket down through
// every nested bucket, checking each page's id and type, that its
// elements, keys and values lie within it, that keys are in order and
// that no page is used twice. That is one read of every page in use, about as much as bbolt's
// own freelist scan. A file that fails is refused with an error wrapping
// ErrDamaged that names it and says to restore a backup; a panic that
// still escapes bbolt while opening becomes the same refusal. Options.Check
// adds bbolt's full check (unreachable and free pages).
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
// Store.Record reads a table's envelope and log together as a
// games.Record, the seed included, for games.Catalog.Verify: the bot builds
// it only for a finished game (the seed is public once the game is over),
// and `spindle verify` for an operator's copy of the database.
//
// # Deploy constraint
//
// bbolt locks the file: exactly one process may open it (PostgreSQL: any
// number, see docs/scaling.md). Open waits at most
// Options.Timeout (DefaultTimeout when zero) and then fails with ErrInUse,
// so a second bot instance stops at start-up instead of hanging. Backup and
// BackupFile copy the live database from a read transaction (bbolt's
// Tx.WriteTo), which is how `spindle backup FILE` works without stopping
// the bot; a PostgreSQL store refuses them, naming pg_dump. Copy and
// Compare move a whole store between backends (`spindle migrate`) and
// check the copy: every bucket byte for byte, every table's replay.
package storage
