package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgDB is the PostgreSQL backend: kvDB over the spindle_kv table, one row
// per (bucket, key). A top-level bucket's rows carry its name as bucket;
// a nested bucket's carry parent, a zero byte and its name. A bucket
// exists when its marker row does: a row of its parent's (the root's is
// the empty bucket) with its name as key and a NULL value.
//
// Write transactions run at READ COMMITTED and read every key with
// SELECT ... FOR UPDATE: a row read in a write transaction stays locked
// until it commits, so two processes that read and then write the same
// row (a table's envelope, a binding, a rating) run one after the other,
// and the second reads what the first wrote. Cursors read without locks;
// the Store's logic reaches the rows it scans through a locked row (a
// table's envelope before its log), never through a scan alone. A
// transaction that PostgreSQL aborts for a deadlock or a serialization
// failure is run again.
type pgDB struct {
	pool *pgxpool.Pool
	// name is the server and database, without credentials, for messages.
	name string
	// owner names this process's leases (claims).
	owner string
	// lease is how long a claim holds.
	lease time.Duration

	// known caches the top-level buckets that exist (never dropped).
	mu    sync.Mutex
	known map[string]bool

	// wake receives a value when another process committed work
	// (timers, unshown moves): LISTEN spindle_work.
	wake     chan struct{}
	stopWake context.CancelFunc
	waitWake sync.WaitGroup
}

// pgMaxAttempts bounds the reruns of a transaction PostgreSQL aborted for a
// conflict (deadlock, serialization failure).
const pgMaxAttempts = 8

// pgTimeout bounds one transaction.
const pgTimeout = 30 * time.Second

func (d *pgDB) View(fn func(kvTx) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	tx, err := d.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("storage: postgres %s: begin: %w", d.name, err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	t := &pgTx{ctx: ctx, tx: tx, db: d}
	ferr := fn(t)
	if t.err != nil {
		return t.err
	}
	return ferr
}

func (d *pgDB) Update(fn func(kvTx) error) error {
	var last error
	for attempt := 0; attempt < pgMaxAttempts; attempt++ {
		err := d.update(fn)
		if !retryable(err) {
			return err
		}
		last = err
		time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
	}
	return last
}

// update runs fn once in a write transaction.
func (d *pgDB) update(fn func(kvTx) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("storage: postgres %s: begin: %w", d.name, err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	t := &pgTx{ctx: ctx, tx: tx, db: d, write: true}
	ferr := fn(t)
	if t.err != nil {
		return t.err
	}
	if ferr != nil {
		return ferr
	}
	if t.work {
		// Delivered at commit, to the other processes only.
		if _, err := tx.Exec(ctx, "SELECT pg_notify('spindle_work', $1)", d.owner); err != nil {
			return fmt.Errorf("storage: postgres %s: notify: %w", d.name, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("storage: postgres %s: commit: %w", d.name, err)
	}
	return nil
}

// retryable reports whether err is a conflict PostgreSQL resolved by
// aborting the transaction, which a rerun may pass.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

func (d *pgDB) Close() error {
	if d.stopWake != nil {
		d.stopWake()
		d.waitWake.Wait()
	}
	d.pool.Close()
	return nil
}

// pgTx is one transaction. The first failed statement is kept in err: the
// transaction is then aborted on the server, every later call does
// nothing, and View or Update return err.
type pgTx struct {
	ctx   context.Context
	tx    pgx.Tx
	db    *pgDB
	write bool
	err   error
	// work says the transaction wrote a timer or an unshown move, which
	// other processes are told of at commit.
	work bool
}

func (t *pgTx) fail(err error) error {
	if t.err == nil {
		t.err = fmt.Errorf("storage: postgres %s: %w", t.db.name, err)
	}
	return t.err
}

// pathOf is the bucket column of bucket name within parent ("" the root).
func pathOf(parent string, name []byte) string {
	if parent == "" {
		return string(name)
	}
	return parent + "\x00" + string(name)
}

func (t *pgTx) Bucket(name []byte) kvBucket {
	t.db.mu.Lock()
	ok := t.db.known[string(name)]
	t.db.mu.Unlock()
	if ok {
		return &pgBucket{tx: t, path: string(name)}
	}
	root := &pgBucket{tx: t}
	b := root.Bucket(name)
	if b != nil {
		t.db.mu.Lock()
		t.db.known[string(name)] = true
		t.db.mu.Unlock()
	}
	return b
}

func (t *pgTx) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	root := &pgBucket{tx: t}
	return root.CreateBucketIfNotExists(name)
}

func (t *pgTx) DeleteBucket(name []byte) error {
	t.db.mu.Lock()
	delete(t.db.known, string(name))
	t.db.mu.Unlock()
	root := &pgBucket{tx: t}
	return root.DeleteBucket(name)
}

// pgBucket is a bucket of a transaction.
type pgBucket struct {
	tx   *pgTx
	path string
}

// lock is the row-lock clause of a read: FOR UPDATE in a write
// transaction.
func (b *pgBucket) lock() string {
	if b.tx.write {
		return " FOR UPDATE"
	}
	return ""
}

// noteWork marks writes other processes act on.
func (b *pgBucket) noteWork() {
	if b.path == string(bucketSchedule) || b.path == string(bucketOutbox) {
		b.tx.work = true
	}
}

func (b *pgBucket) Get(k []byte) []byte {
	if b.tx.err != nil {
		return nil
	}
	var (
		v    []byte
		null bool
	)
	err := b.tx.tx.QueryRow(b.tx.ctx, "SELECT value, value IS NULL FROM spindle_kv WHERE bucket = $1 AND key = $2"+b.lock(),
		[]byte(b.path), k).Scan(&v, &null)
	if errors.Is(err, pgx.ErrNoRows) || null {
		return nil
	}
	if err != nil {
		_ = b.tx.fail(err)
		return nil
	}
	if v == nil {
		v = []byte{}
	}
	return v
}

func (b *pgBucket) Put(k, v []byte) error {
	if b.tx.err != nil {
		return b.tx.err
	}
	if len(k) == 0 {
		return errors.New("storage: postgres: empty key")
	}
	if v == nil {
		v = []byte{}
	}
	b.noteWork()
	_, err := b.tx.tx.Exec(b.tx.ctx, `INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (bucket, key) DO UPDATE SET value = EXCLUDED.value`, []byte(b.path), k, v)
	if err != nil {
		return b.tx.fail(err)
	}
	return nil
}

func (b *pgBucket) Delete(k []byte) error {
	if b.tx.err != nil {
		return b.tx.err
	}
	b.noteWork()
	_, err := b.tx.tx.Exec(b.tx.ctx, "DELETE FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NOT NULL", []byte(b.path), k)
	if err != nil {
		return b.tx.fail(err)
	}
	return nil
}

func (b *pgBucket) Cursor() kvCursor { return &pgCursor{b: b} }

func (b *pgBucket) ForEach(fn func(k, v []byte) error) error {
	c := &pgCursor{b: b, page: pgPageMax}
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return b.tx.err
}

func (b *pgBucket) NextSequence() (uint64, error) {
	if b.tx.err != nil {
		return 0, b.tx.err
	}
	var n int64
	err := b.tx.tx.QueryRow(b.tx.ctx, `INSERT INTO spindle_seq (bucket, seq) VALUES ($1, 1)
		ON CONFLICT (bucket) DO UPDATE SET seq = spindle_seq.seq + 1 RETURNING seq`, []byte(b.path)).Scan(&n)
	if err != nil {
		return 0, b.tx.fail(err)
	}
	return uint64(n), nil
}

func (b *pgBucket) SetSequence(v uint64) error {
	if b.tx.err != nil {
		return b.tx.err
	}
	_, err := b.tx.tx.Exec(b.tx.ctx, `INSERT INTO spindle_seq (bucket, seq) VALUES ($1, $2)
		ON CONFLICT (bucket) DO UPDATE SET seq = EXCLUDED.seq`, []byte(b.path), int64(v))
	if err != nil {
		return b.tx.fail(err)
	}
	return nil
}

func (b *pgBucket) Sequence() uint64 {
	if b.tx.err != nil {
		return 0
	}
	var n int64
	err := b.tx.tx.QueryRow(b.tx.ctx, "SELECT seq FROM spindle_seq WHERE bucket = $1", []byte(b.path)).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0
	}
	if err != nil {
		_ = b.tx.fail(err)
		return 0
	}
	return uint64(n)
}

func (b *pgBucket) Bucket(name []byte) kvBucket {
	if b.tx.err != nil {
		return nil
	}
	var one int
	err := b.tx.tx.QueryRow(b.tx.ctx, "SELECT 1 FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL"+b.lock(),
		[]byte(b.path), name).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		_ = b.tx.fail(err)
		return nil
	}
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}
}

// errBucketExists and errNoBucket are bbolt's refusals, on PostgreSQL.
var (
	errBucketExists = errors.New("storage: bucket already exists")
	errNoBucket     = errors.New("storage: bucket not found")
)

func (b *pgBucket) CreateBucket(name []byte) (kvBucket, error) {
	if b.tx.err != nil {
		return nil, b.tx.err
	}
	tag, err := b.tx.tx.Exec(b.tx.ctx, `INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, NULL)
		ON CONFLICT (bucket, key) DO NOTHING`, []byte(b.path), name)
	if err != nil {
		return nil, b.tx.fail(err)
	}
	if tag.RowsAffected() == 0 {
		return nil, errBucketExists
	}
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}, nil
}

func (b *pgBucket) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	if b.tx.err != nil {
		return nil, b.tx.err
	}
	_, err := b.tx.tx.Exec(b.tx.ctx, `INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, NULL)
		ON CONFLICT (bucket, key) DO NOTHING`, []byte(b.path), name)
	if err != nil {
		return nil, b.tx.fail(err)
	}
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}, nil
}

func (b *pgBucket) DeleteBucket(name []byte) error {
	if b.tx.err != nil {
		return b.tx.err
	}
	tag, err := b.tx.tx.Exec(b.tx.ctx, "DELETE FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL", []byte(b.path), name)
	if err != nil {
		return b.tx.fail(err)
	}
	if tag.RowsAffected() == 0 {
		return errNoBucket
	}
	child := pathOf(b.path, name)
	// The child's rows, and those of buckets nested in it (child, a zero
	// byte, ...: between child+"\x00" and child+"\x01").
	_, err = b.tx.tx.Exec(b.tx.ctx, `DELETE FROM spindle_kv WHERE bucket = $1 OR (bucket >= $2 AND bucket < $3)`,
		[]byte(child), []byte(child+"\x00"), []byte(child+"\x01"))
	if err != nil {
		return b.tx.fail(err)
	}
	if _, err := b.tx.tx.Exec(b.tx.ctx, "DELETE FROM spindle_seq WHERE bucket = $1", []byte(child)); err != nil {
		return b.tx.fail(err)
	}
	return nil
}

func (b *pgBucket) KeyN() int {
	if b.tx.err != nil {
		return 0
	}
	var n int
	if err := b.tx.tx.QueryRow(b.tx.ctx, "SELECT count(*) FROM spindle_kv WHERE bucket = $1", []byte(b.path)).Scan(&n); err != nil {
		_ = b.tx.fail(err)
		return 0
	}
	return n
}

// pgPageMin and pgPageMax bound the rows a cursor fetches at once: it
// starts small (most walks stop after a key or two) and doubles.
const (
	pgPageMin = 8
	pgPageMax = 1024
)

// pgCursor walks a bucket by keyset pages.
type pgCursor struct {
	b    *pgBucket
	page int
	rows []pgRow // the page, in the direction it was read
	i    int     // the current row in rows
	desc bool    // rows are in descending order
	end  bool    // rows reach the end of the bucket in their direction
	cur  []byte  // the current key; nil off either end
}

type pgRow struct{ k, v []byte }

// fetch reads a page in order (desc or not) from bound: keys after it
// (before it, descending), at or after it when incl, all when nil.
func (c *pgCursor) fetch(desc bool, bound []byte, incl bool) ([]byte, []byte) {
	if c.b.tx.err != nil {
		c.cur = nil
		return nil, nil
	}
	if c.page == 0 {
		c.page = pgPageMin
	} else if c.page < pgPageMax {
		c.page *= 2
	}
	q := "SELECT key, value, value IS NULL FROM spindle_kv WHERE bucket = $1"
	args := []any{[]byte(c.b.path)}
	if bound != nil {
		op := map[[2]bool]string{{false, false}: ">", {false, true}: ">=", {true, false}: "<", {true, true}: "<="}[[2]bool{desc, incl}]
		q += " AND key " + op + " $2"
		args = append(args, bound)
	}
	if desc {
		q += " ORDER BY key DESC"
	} else {
		q += " ORDER BY key"
	}
	q += fmt.Sprintf(" LIMIT %d", c.page)
	rows, err := c.b.tx.tx.Query(c.b.tx.ctx, q, args...)
	if err != nil {
		_ = c.b.tx.fail(err)
		c.cur = nil
		return nil, nil
	}
	c.rows = c.rows[:0]
	for rows.Next() {
		var (
			r    pgRow
			null bool
		)
		if err := rows.Scan(&r.k, &r.v, &null); err != nil {
			rows.Close()
			_ = c.b.tx.fail(err)
			c.cur = nil
			return nil, nil
		}
		if null {
			r.v = nil
		} else if r.v == nil {
			r.v = []byte{}
		}
		c.rows = append(c.rows, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		_ = c.b.tx.fail(err)
		c.cur = nil
		return nil, nil
	}
	c.desc, c.end, c.i = desc, len(c.rows) < c.page, 0
	if len(c.rows) == 0 {
		c.cur = nil
		return nil, nil
	}
	return c.at()
}

// at returns the current row, marking a nested bucket by a nil value and
// a plain empty value by an empty slice.
func (c *pgCursor) at() ([]byte, []byte) {
	r := c.rows[c.i]
	c.cur = r.k
	return r.k, r.v
}

func (c *pgCursor) First() ([]byte, []byte) { c.page = 0; return c.fetch(false, nil, false) }
func (c *pgCursor) Last() ([]byte, []byte)  { c.page = 0; return c.fetch(true, nil, false) }

func (c *pgCursor) Seek(k []byte) ([]byte, []byte) {
	c.page = 0
	return c.fetch(false, k, true)
}

func (c *pgCursor) Next() ([]byte, []byte) {
	if c.cur == nil {
		return nil, nil
	}
	if !c.desc && c.i+1 < len(c.rows) {
		c.i++
		return c.at()
	}
	if !c.desc && c.end {
		c.cur = nil
		return nil, nil
	}
	if c.desc {
		c.page = 0
	}
	return c.fetch(false, c.cur, false)
}

func (c *pgCursor) Prev() ([]byte, []byte) {
	if c.cur == nil {
		return nil, nil
	}
	if c.desc && c.i+1 < len(c.rows) {
		c.i++
		return c.at()
	}
	if c.desc && c.end {
		c.cur = nil
		return nil, nil
	}
	if !c.desc {
		c.page = 0
	}
	return c.fetch(true, c.cur, false)
}
