package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultLease is how long a claim on a timer or an unshown move holds
// when Options.Lease is zero: a process that dies holding one leaves it to
// the others after this long.
const DefaultLease = 8 * time.Second

// errPGBackup explains how a PostgreSQL store is backed up.
var errPGBackup = errors.New("a PostgreSQL store is backed up with PostgreSQL's own tools: " +
	"pg_dump --format=custom --table='spindle_*' URL > spindle.dump, restored with pg_restore; " +
	"or `spindle migrate --from postgres:URL --to bolt:FILE` for a bbolt copy")

// pgMigrations are the PostgreSQL schema versions in order: migration i+1
// is pgMigrations[i], a list of statements run in one transaction. They
// keep to plain tables, indexes and ON CONFLICT, which PostgreSQL-
// compatible distributed databases accept too.
var pgMigrations = [][]string{
	{
		`CREATE TABLE spindle_kv (
			bucket BYTEA NOT NULL,
			key BYTEA NOT NULL,
			value BYTEA,
			lease_owner TEXT,
			lease_until TIMESTAMPTZ,
			PRIMARY KEY (bucket, key))`,
		`CREATE TABLE spindle_seq (
			bucket BYTEA PRIMARY KEY,
			seq BIGINT NOT NULL)`,
	},
}

// PGSchemaVersion is the PostgreSQL schema version this build writes.
var PGSchemaVersion = len(pgMigrations)

// OpenPostgres opens the store in the PostgreSQL database at url (a
// postgres:// URL or a key=value connection string), running the schema
// migrations it lacks first. Many processes may open one database: see
// docs/scaling.md. Options.Timeout bounds connecting (DefaultTimeout when
// zero); Options.NoSync turns synchronous_commit off (tests and
// benchmarks only); Options.Check is a no-op (PostgreSQL checks its own
// pages); Options.Lease sets the claim duration.
func OpenPostgres(url string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres url: %w", err)
	}
	name := fmt.Sprintf("%s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	if opts.NoSync {
		cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	}
	cfg.MaxConns = max(cfg.MaxConns, 8)
	// The store's statements are prepared once per connection (pgx's
	// statement cache) and are key lookups whose best plan never depends
	// on the values: a generic plan saves planning each of them again at
	// every execution (a move's guard statement costs several times its
	// execution to plan). A server that does not know the setting keeps
	// its own choice.
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		_, _ = c.Exec(ctx, "SET plan_cache_mode = force_generic_plan")
		return nil
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	cfg.ConnConfig.ConnectTimeout = timeout
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres %s: %w", name, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("storage: postgres %s: %w", name, err)
	}
	d := &pgDB{pool: pool, name: name, owner: leaseOwner(), lease: opts.Lease, known: map[string]bool{}, wake: make(chan struct{}, 1)}
	if d.lease <= 0 {
		d.lease = DefaultLease
	}
	if opts.ReadOnly {
		if err := d.checkVersion(); err != nil {
			pool.Close()
			return nil, err
		}
		return &Store{db: d, pg: d, path: name}, nil
	}
	if err := d.migrate(); err != nil {
		pool.Close()
		return nil, err
	}
	if err := initSchema(d, name); err != nil {
		pool.Close()
		return nil, err
	}
	d.listen(cfg.ConnConfig)
	s := &Store{db: d, pg: d, path: name, c: newCommitter(), tables: newTableCache()}
	go s.run()
	return s, nil
}

// leaseOwner names this process's claims: host, pid and a random tag (two
// stores of one process are two owners).
func leaseOwner() string {
	host, _ := os.Hostname()
	var b [4]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// appliedVersion returns the highest migration applied, 0 for a database
// without Spindle's tables.
func (d *pgDB) appliedVersion(ctx context.Context) (int, error) {
	var v int
	err := d.pool.QueryRow(ctx, "SELECT COALESCE(max(version), 0) FROM spindle_migrations").Scan(&v)
	return v, err
}

// checkVersion refuses a database this build cannot read (read-only open).
func (d *pgDB) checkVersion() error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	v, err := d.appliedVersion(ctx)
	if err != nil {
		return fmt.Errorf("storage: postgres %s is not a Spindle database (%v): %w", d.name, err, ErrSchema)
	}
	if v > PGSchemaVersion || v == 0 {
		return fmt.Errorf("storage: postgres %s has schema %d, this build reads 1 to %d: %w", d.name, v, PGSchemaVersion, ErrSchema)
	}
	return nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction with its version row: processes starting together apply
// each once (the second waits on the version row, then skips it).
func (d *pgDB) migrate() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, err := d.pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS spindle_migrations (
		version INT PRIMARY KEY,
		applied TIMESTAMPTZ NOT NULL DEFAULT now())`)
	if err != nil {
		return fmt.Errorf("storage: postgres %s: migrations table: %w", d.name, err)
	}
	cur, err := d.appliedVersion(ctx)
	if err != nil {
		return fmt.Errorf("storage: postgres %s: schema version: %w", d.name, err)
	}
	if cur > PGSchemaVersion {
		return fmt.Errorf("storage: postgres %s has schema %d, this build reads up to %d: %w", d.name, cur, PGSchemaVersion, ErrSchema)
	}
	for v := cur + 1; v <= PGSchemaVersion; v++ {
		err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, "INSERT INTO spindle_migrations (version) VALUES ($1) ON CONFLICT (version) DO NOTHING", v)
			if err != nil || tag.RowsAffected() == 0 {
				return err // applied meanwhile by another process
			}
			for _, stmt := range pgMigrations[v-1] {
				if _, err := tx.Exec(ctx, stmt); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("storage: postgres %s: migration %d: %w", d.name, v, err)
		}
	}
	return nil
}

// listen starts the goroutine that turns other processes' NOTIFY
// spindle_work into a value on wake, reconnecting after a failure.
func (d *pgDB) listen(cfg *pgx.ConnConfig) {
	ctx, cancel := context.WithCancel(context.Background())
	d.stopWake = cancel
	d.waitWake.Add(1)
	go func() {
		defer d.waitWake.Done()
		for ctx.Err() == nil {
			d.listenOnce(ctx, cfg.Copy())
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
}

func (d *pgDB) listenOnce(ctx context.Context, cfg *pgx.ConnConfig) {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return
	}
	defer func() {
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = conn.Close(c)
	}()
	if _, err := conn.Exec(ctx, "LISTEN spindle_work"); err != nil {
		return
	}
	if _, err := conn.Exec(ctx, "LISTEN spindle_table"); err != nil {
		return
	}
	// Work committed while this process was not listening is found by
	// its next round anyway; a wake-up now makes that round prompt.
	d.poke()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		switch n.Channel {
		case "spindle_table":
			d.tableNotice(n.Payload)
		default:
			if n.Payload != d.owner {
				d.pokeSoon()
			}
		}
	}
}

// tableNotice passes another process's "table T now stands at version V"
// (payload "owner T V") to the function OnAnnounce set.
func (d *pgDB) tableNotice(payload string) {
	f := d.announced.Load()
	owner, rest, _ := strings.Cut(payload, " ")
	var table, version uint64
	if f == nil || owner == d.owner {
		return
	}
	if _, err := fmt.Sscanf(rest, "%d %d", &table, &version); err != nil {
		return
	}
	(*f)(table, version)
}

// Shared reports whether other processes may share the store (PostgreSQL).
func (s *Store) Shared() bool { return s.pg != nil }

// Announce tells the other processes sharing the store that table now
// stands at version (NOTIFY spindle_table), for what they show live. On a
// bbolt store, which no other process opens, it does nothing.
func (s *Store) Announce(table, version uint64) error {
	if s.pg == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	payload := fmt.Sprintf("%s %d %d", s.pg.owner, table, version)
	if _, err := s.pg.pool.Exec(ctx, "SELECT pg_notify('spindle_table', $1)", payload); err != nil {
		return fmt.Errorf("storage: announce table %d: %w", table, err)
	}
	return nil
}

// OnAnnounce has f told, on the store's listening goroutine, of every
// version another process announces (Announce); nil stops it. f must not
// block. On a bbolt store f is never called.
func (s *Store) OnAnnounce(f func(table, version uint64)) {
	if s.pg == nil {
		return
	}
	if f == nil {
		s.pg.announced.Store(nil)
		return
	}
	s.pg.announced.Store(&f)
}

// wakeEvery bounds how often notices wake the loops: a busy database
// notifies at every move with a turn clock, and one round of the loops
// serves all that came meanwhile.
const wakeEvery = 50 * time.Millisecond

// pokeSoon wakes the loops now, or at most wakeEvery after the last time.
func (d *pgDB) pokeSoon() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.wakeTimer != nil {
		return // a wake-up is already due
	}
	wait := wakeEvery - time.Since(d.lastWake)
	if wait <= 0 {
		d.lastWake = time.Now()
		d.poke()
		return
	}
	d.wakeTimer = time.AfterFunc(wait, func() {
		d.mu.Lock()
		d.wakeTimer, d.lastWake = nil, time.Now()
		d.mu.Unlock()
		d.poke()
	})
}

func (d *pgDB) poke() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Wake returns a channel that receives a value when another process
// sharing the database committed work for the background loops (a timer),
// so that they run at once instead of at their next tick; notices that
// come together wake them once (at most every 50 ms). On bbolt, where one process holds the file, it is nil: a receive
// waits forever.
func (s *Store) Wake() <-chan struct{} {
	if s.pg == nil {
		return nil
	}
	return s.pg.wake
}

// claim leases to this process up to limit rows of bucket (keys below
// below, all when nil) that no other process holds: unleased ones, ones
// whose lease ran out (their process died) and this process's own, which
// it renews. Rows another transaction has locked are skipped (FOR UPDATE
// SKIP LOCKED), so two processes claiming at once never both get a row.
// It returns the rows in key order.
func (d *pgDB) claim(bucket, below []byte, limit int) ([]pgRow, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	cond := ""
	args := []any{bucket, d.owner, d.lease.Milliseconds(), limit}
	if below != nil {
		cond = " AND key < $5"
		args = append(args, below)
	}
	rows, err := d.pool.Query(ctx, `WITH c AS (
		SELECT bucket, key FROM spindle_kv
		WHERE bucket = $1 AND value IS NOT NULL`+cond+`
			AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $2)
		ORDER BY key LIMIT $4
		FOR UPDATE SKIP LOCKED)
	UPDATE spindle_kv SET lease_owner = $2, lease_until = now() + $3 * interval '1 millisecond'
	FROM c WHERE spindle_kv.bucket = c.bucket AND spindle_kv.key = c.key
	RETURNING spindle_kv.key, spindle_kv.value`, args...)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres %s: claim %s: %w", d.name, bucket, err)
	}
	var out []pgRow
	for rows.Next() {
		var r pgRow
		if err := rows.Scan(&r.k, &r.v); err != nil {
			rows.Close()
			return nil, fmt.Errorf("storage: postgres %s: claim %s: %w", d.name, bucket, err)
		}
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: postgres %s: claim %s: %w", d.name, bucket, err)
	}
	slices.SortFunc(out, func(a, b pgRow) int { return strings.Compare(string(a.k), string(b.k)) })
	return out, nil
}

// firstFree returns the first key of bucket that no other process holds.
func (d *pgDB) firstFree(bucket []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	var k []byte
	err := d.pool.QueryRow(ctx, `SELECT key FROM spindle_kv WHERE bucket = $1 AND value IS NOT NULL
		AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $2) ORDER BY key LIMIT 1`, bucket, d.owner).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	return k, nil
}

// check is Store.Check on PostgreSQL: the schema is one this build reads.
// The server checks its own pages (data checksums, amcheck).
func (d *pgDB) check() error {
	return d.checkVersion()
}

// Backend names the store's backend: "bolt" or "postgres".
func (s *Store) Backend() string {
	if s.pg != nil {
		return "postgres"
	}
	return "bolt"
}
