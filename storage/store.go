package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the layout version of the database written by this code.
// It is stored in the meta bucket; a database with a newer one is refused.
//
// Version 2 added the interactions_by_time index; Open builds it once for a
// version 1 database.
const SchemaVersion = 2

// DefaultTimeout is how long Open waits for the file lock when
// Options.Timeout is zero, so a second process fails fast instead of hanging.
const DefaultTimeout = 2 * time.Second

// Sentinel errors of the package, matched with errors.Is.
var (
	// ErrNotFound: no record under that key.
	ErrNotFound = errors.New("storage: not found")
	// ErrDuplicate: the interaction was already applied; nothing was written.
	ErrDuplicate = errors.New("storage: interaction already applied")
	// ErrInUse: another process holds the database file.
	ErrInUse = errors.New("storage: database in use")
	// ErrExists: a table is already stored under the id.
	ErrExists = errors.New("storage: already exists")
	// ErrSchema: the database was written by a newer build.
	ErrSchema = errors.New("storage: unknown database schema")
	// ErrBusy: the channel already has a lobby or a running game.
	ErrBusy = errors.New("storage: channel already has a game")
)

// Top-level bucket names.
var (
	bucketTables       = []byte("tables")
	bucketLogs         = []byte("logs")
	bucketBindings     = []byte("bindings")
	bucketChannels     = []byte("channels")
	bucketGuilds       = []byte("guilds")
	bucketRatings      = []byte("ratings")
	bucketHistory      = []byte("history")
	bucketInteractions = []byte("interactions")
	bucketSchedule     = []byte("schedule")
	bucketTimers       = []byte("timers") // table id -> nested bucket of its schedule keys
	bucketUsers        = []byte("users")
	bucketPlayers      = []byte("players") // user id -> nested bucket of table ids
	bucketMeta         = []byte("meta")
	bucketRanks        = []byte("ranks")                // board rank index, see ratings.go
	bucketBoards       = []byte("boards")               // board sizes
	bucketRatingLog    = []byte("rating_log")           // rating history per board and user
	bucketHistoryIndex = []byte("history_index")        // finished games by guild, user and game
	bucketInterByTime  = []byte("interactions_by_time") // at(8) + interaction id -> nil
	bucketOutbox       = []byte("outbox")               // table id -> Unannounced: moves not yet shown
	bucketSeen         = []byte("seen")                 // signed interaction id -> until (8 bytes, ns)
	bucketSeenByTime   = []byte("seen_by_time")         // until(8) + interaction id -> nil

	allBuckets = [][]byte{bucketTables, bucketLogs, bucketBindings, bucketChannels, bucketGuilds,
		bucketRatings, bucketHistory, bucketInteractions, bucketSchedule, bucketTimers, bucketUsers, bucketPlayers, bucketMeta,
		bucketRanks, bucketBoards, bucketRatingLog, bucketHistoryIndex, bucketInterByTime, bucketOutbox,
		bucketSeen, bucketSeenByTime}

	keySchema = []byte("schema")
)

// Options configure Open.
type Options struct {
	// Timeout bounds the wait for the file lock; zero means DefaultTimeout.
	Timeout time.Duration
	// NoSync skips fsync on commit. Only for tests and benchmarks: a crash
	// may then lose or corrupt committed moves.
	NoSync bool
	// ReadOnly opens the file for reading only (a shared lock), for tools
	// such as `spindle backup`; the file must already exist, and the
	// buckets are not created.
	ReadOnly bool
	// Check runs the full consistency check (Store.Check) after opening
	// and refuses a file that fails it. It reads the whole file.
	Check bool
	// Lease is how long a PostgreSQL store's claim on a timer or an
	// unshown move holds (DefaultLease when zero). Unused on bbolt.
	Lease time.Duration
}

// Store is the database of one bot process (a bbolt file, or a PostgreSQL
// database shared with other processes). Its methods are safe for
// concurrent use: on bbolt every write goes through one committer
// goroutine, which commits whatever queued meanwhile in a single
// transaction (group commit); on PostgreSQL each write commits on its own
// connection and the server groups the commits.
type Store struct {
	db kvDB
	// reads counts the single reads (Reads).
	reads atomic.Uint64
	// bdb is the bbolt file of the embedded backend; nil on PostgreSQL.
	bdb *bolt.DB
	// pg is the PostgreSQL backend; nil on bbolt.
	pg   *pgDB
	path string
	// c is the group committer; nil for a read-only store.
	c *committer
	// tables keeps decoded tables of recent moves (nil: read-only store).
	tables *tableCache
	// beforeCommit, when set (tests only), runs at the end of every move's
	// transaction, after everything is written and before commit; an error
	// rolls the transaction back.
	beforeCommit func() error
	// afterPrepare, when set (tests only), runs in Play and Concede between
	// the read of the table and the write of the move.
	afterPrepare func()
}

// Open opens or creates the database at path, creates the buckets and
// checks the schema version. A file held by another process gives an error
// wrapping ErrInUse after opts.Timeout. A damaged file (checkFile) is
// refused with an error wrapping ErrDamaged that names it and says to
// restore a backup; should bbolt still panic on it while opening (or fault
// on its mapped pages), the panic is turned into that same refusal.
//
// A path that is a PostgreSQL URL (postgres:// or postgresql://) opens
// that database instead (OpenPostgres).
func Open(path string, opts Options) (s *Store, err error) {
	if IsPostgresURL(path) {
		return OpenPostgres(path, opts)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if err := checkFile(path, timeout); err != nil {
		return nil, err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("storage: %s is damaged: bbolt failed reading it (%v); %s: %w", path, p, restoreHint, ErrDamaged)
		}
	}()
	return openBolt(path, opts)
}

// openBolt is Open once checkFile accepted the file.
func openBolt(path string, opts Options) (*Store, error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	// The freelist is not written at each commit (one page less to write
	// and sync); Open rebuilds it by scanning the file, which stays well
	// under a second for 100 000 tables (BenchmarkOpen100k).
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, NoSync: opts.NoSync, ReadOnly: opts.ReadOnly,
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType, InitialMmapSize: initialMmap})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("storage: database %s is in use by another process: %w", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	defer func() {
		// A panic below leaves no store to close: release the file first.
		if p := recover(); p != nil {
			_ = db.Close()
			panic(p)
		}
	}()
	kv := boltDB{db}
	if opts.ReadOnly {
		err = kv.View(func(tx kvTx) error {
			v := tx.Bucket(bucketMeta)
			if v == nil {
				return fmt.Errorf("storage: %s is not a Spindle database: %w", path, ErrSchema)
			}
			if n := v.Get(keySchema); len(n) != 8 || btoi(n) > SchemaVersion {
				return fmt.Errorf("storage: database %s has a schema this build cannot read: %w", path, ErrSchema)
			}
			return nil
		})
		if err != nil {
			_ = db.Close()
			return nil, err
		}
		return &Store{db: kv, bdb: db, path: path}, nil
	}
	if err := initSchema(kv, path); err != nil {
		_ = db.Close()
		return nil, err
	}
	s := &Store{db: kv, bdb: db, path: path, c: newCommitter(), tables: newTableCache()}
	if opts.Check {
		if err := s.Check(); err != nil {
			_ = db.Close()
			return nil, err
		}
	}
	go s.run()
	return s, nil
}

// initSchema creates the buckets, checks the schema record and upgrades an
// older database, for either backend.
func initSchema(db kvDB, path string) error {
	return db.Update(func(tx kvTx) error {
		needIndex := tx.Bucket(bucketInterByTime) == nil
		for _, name := range allBuckets {
			_, err := tx.CreateBucketIfNotExists(name)
			if errors.Is(err, bolterrors.ErrIncompatibleValue) {
				return fmt.Errorf("storage: %s is damaged: its %s bucket is a plain value; %s: %w", path, name, restoreHint, ErrDamaged)
			}
			if err != nil {
				return fmt.Errorf("storage: create bucket %s: %w", name, err)
			}
		}
		meta := tx.Bucket(bucketMeta)
		v := meta.Get(keySchema)
		if v != nil && len(v) != 8 {
			return fmt.Errorf("storage: database %s has a malformed schema record: %w", path, ErrSchema)
		}
		if v != nil {
			if n := btoi(v); n > SchemaVersion {
				return fmt.Errorf("storage: database %s has schema %d, this build reads up to %d: %w", path, n, SchemaVersion, ErrSchema)
			}
		}
		if needIndex {
			if err := indexInteractions(tx); err != nil {
				return err
			}
		}
		if v == nil || btoi(v) < SchemaVersion {
			return meta.Put(keySchema, itob(SchemaVersion))
		}
		return nil
	})
}

// Close writes the pending message ids, stops the committer and releases
// the database and its file lock. Writes after Close fail; a second Close
// does nothing.
func (s *Store) Close() error {
	if c := s.c; c != nil {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return nil
		}
		c.closed = true
		close(c.quit)
		<-c.stopped
		c.mu.Unlock()
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("storage: close %s: %w", s.path, err)
	}
	return nil
}

// IsPostgresURL reports whether path names a PostgreSQL database rather
// than a bbolt file.
func IsPostgresURL(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://")
}

// Path is the database file name; on PostgreSQL, host:port/database.
func (s *Store) Path() string { return s.path }

// Backup writes a consistent copy of the whole database to w from a read
// transaction, so moves keep committing meanwhile. It returns the bytes
// written.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	if s.bdb == nil {
		return 0, fmt.Errorf("storage: backup: %w", errPGBackup)
	}
	err := s.bdb.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("storage: backup: %w", err)
	}
	return n, nil
}

// BackupFile writes a consistent copy of the database to path: to a
// temporary file in the same directory first, synced, then renamed over
// path, so path is never a half-written database.
func (s *Store) BackupFile(path string) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	if _, err = s.Backup(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	return nil
}

// itob encodes a numeric key as 8 bytes big-endian, so byte order is
// numeric order.
func itob(v uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, v)
	return b
}

// btoi decodes an 8-byte big-endian key.
func btoi(b []byte) uint64 { return binary.BigEndian.Uint64(b) }

// initialMmap is the size bbolt maps at open: large enough that a growing
// database is not re-mapped (which blocks every reader and writer) for
// its first 64 MiB. It is address space, not memory or disk.
const initialMmap = 64 << 20
