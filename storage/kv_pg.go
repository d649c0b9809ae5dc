package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
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
	// lastWake and wakeTimer pace the wake-ups (pokeSoon), under mu.
	lastWake  time.Time
	wakeTimer *time.Timer

	// wake receives a value when another process committed work
	// (timers): LISTEN spindle_work.
	wake     chan struct{}
	stopWake context.CancelFunc
	waitWake sync.WaitGroup

	// announced is told the other processes' NOTIFY spindle_table: a
	// table's new version (Store.OnAnnounce).
	announced atomic.Pointer[func(table, version uint64)]

	// rows is what this process last knew to be stored, for the
	// optimistic run of write transactions (kv_pg_occ.go).
	rows pgRows
	// trips counts the batches transactions sent: their round trips.
	trips atomic.Uint64
}

// pgMaxAttempts bounds the reruns of a transaction PostgreSQL aborted for a
// conflict (deadlock, serialization failure).
const pgMaxAttempts = 8

// pgTimeout bounds one transaction.
const pgTimeout = 30 * time.Second

func (d *pgDB) View(fn func(kvTx) error) error {
	return d.once(fn, false, false)
}

// Update runs fn optimistically first (kv_pg_occ.go) and, when a row it
// took from the process's memory was not the one stored, again reading
// every row from the server.
func (d *pgDB) Update(fn func(kvTx) error) error {
	var last error
	optimistic := true
	for attempt := 0; attempt < pgMaxAttempts; {
		err := d.once(fn, true, optimistic)
		if optimistic && errors.Is(err, errGuard) {
			optimistic = false
			continue
		}
		if !retryable(err) {
			return err
		}
		last = err
		attempt++
		time.Sleep(time.Duration(attempt) * 5 * time.Millisecond)
	}
	return last
}

// once runs fn once in a transaction, a write one (committed when fn
// succeeds) or a read-only one. A write transaction run optimistically
// that fails on a remembered row, or fails at all after reading one,
// returns errGuard.
func (d *pgDB) once(fn func(kvTx) error, write, optimistic bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	t, err := d.begin(ctx, write)
	if err != nil {
		return err
	}
	defer t.end()
	t.optimistic = write && optimistic
	ferr := fn(t)
	if t.err != nil {
		if errors.Is(t.err, errGuard) {
			d.rows.forget(t.used)
		}
		return t.err
	}
	if ferr != nil && len(t.used) > 0 {
		// An error decided on remembered rows is decided again on
		// the server's.
		return errGuard
	}
	if ferr != nil || !write {
		return ferr
	}
	if err := t.commit(); err != nil {
		if errors.Is(err, errGuard) {
			d.rows.forget(t.used)
		}
		return err
	}
	d.rows.learn(t.known, t.dropped)
	return nil
}

// begin takes a connection for a transaction; the transaction itself
// begins with its first statement, sent in the same round trip.
func (d *pgDB) begin(ctx context.Context, write bool) (*pgTx, error) {
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	return &pgTx{ctx: ctx, conn: conn, db: d, write: write, pendIdx: map[[2]string]int{},
		wrote: map[[2]string]bool{}, wrotePath: map[string]bool{}}, nil
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

// pgTx is one transaction on one connection. It saves round trips: BEGIN
// goes with the first statement, and writes (Put, Delete) wait in pending
// until the next statement or the commit, which send them in the same
// round trip (a pipeline); a Get of a key written meanwhile is answered
// from pending. The first failed statement is kept in err: the
// transaction is then aborted on the server, every later call does
// nothing, and View or Update return err.
type pgTx struct {
	ctx   context.Context
	conn  *pgxpool.Conn
	db    *pgDB
	write bool
	err   error
	// begun says BEGIN was sent; done that the transaction ended.
	begun, done bool
	// pending are the writes not sent yet, pendIdx the last of each
	// (bucket, key).
	pending []pgWrite
	pendIdx map[[2]string]int
	// work says the transaction wrote a timer, which other processes are
	// told of at commit.
	work bool
	// cache holds prefetched reads (pgCacheKey), dropped as the
	// transaction writes over them.
	cache map[string]pgCached

	// optimistic says reads may be answered from the process's memory
	// (kv_pg_occ.go); guards are those reads not confirmed yet, used the
	// cache keys of all of them.
	optimistic bool
	guards     []pgGuard
	used       []string
	// known is what the transaction read under lock or wrote, for the
	// process's memory once it commits (nil: forget the key); dropped
	// the paths of the buckets it dropped.
	known   map[string]*pgCached
	dropped []string
	// wrote and wrotePath are the keys and buckets written, whose
	// remembered rows the transaction no longer uses.
	wrote     map[[2]string]bool
	wrotePath map[string]bool
}

// pgCached is a prefetched read: a row found or not.
type pgCached struct {
	found bool
	k, v  []byte // v nil: a nested bucket's marker
}

// pgCacheKey names a probe's result: its kind, the length of its bucket
// path (4 bytes), the path and the key, so that no two probes share a name
// whatever bytes paths and keys hold.
func pgCacheKey(kind byte, path string, key []byte) string {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(path)))
	return string(kind) + string(n[:]) + path + string(key)
}

// pgCachePath returns the bucket path of a name made by pgCacheKey.
func pgCachePath(ck string) string {
	n := int(binary.BigEndian.Uint32([]byte(ck[1:5])))
	return ck[5 : 5+n]
}

// prefetch runs probes in one round trip and keeps their results.
func (t *pgTx) prefetch(probes []kvProbe) {
	if t.err != nil || len(probes) == 0 {
		return
	}
	if t.cache == nil {
		t.cache = map[string]pgCached{}
	}
	lock := ""
	if t.write {
		lock = " FOR UPDATE"
	}
	q := &pgx.Batch{}
	for _, p := range probes {
		path := ""
		for _, name := range p.path {
			path = pathOf(path, name)
		}
		var (
			ck  string
			sql string
			arg []any
		)
		switch {
		case p.last:
			ck, sql, arg = pgCacheKey('l', path, nil), "SELECT key, value, value IS NULL FROM spindle_kv WHERE bucket = $1 ORDER BY key DESC LIMIT 1", []any{[]byte(path)}
		case p.nested:
			ck, sql, arg = pgCacheKey('b', path, p.key), "SELECT key, value, value IS NULL FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL"+lock, []any{[]byte(path), p.key}
		default:
			ck, sql, arg = pgCacheKey('g', path, p.key), "SELECT key, value, value IS NULL FROM spindle_kv WHERE bucket = $1 AND key = $2"+lock, []any{[]byte(path), p.key}
		}
		if _, ok := t.pendIdx[[2]string{path, string(p.key)}]; ok && !p.last {
			continue
		}
		if _, ok := t.cache[ck]; ok {
			continue
		}
		if _, ok := t.remembered(ck[0], path, p.key); ok {
			continue
		}
		if p.absent && t.presume(ck[0], path, p.key) {
			continue
		}
		q.Queue(sql, arg...).Query(func(rows pgx.Rows) error {
			defer rows.Close()
			var (
				c    pgCached
				null bool
			)
			if rows.Next() {
				if err := rows.Scan(&c.k, &c.v, &null); err != nil {
					return err
				}
				c.found = true
				if null {
					c.v = nil
				} else if c.v == nil {
					c.v = []byte{}
				}
			}
			if err := rows.Err(); err != nil {
				return err
			}
			t.cache[ck] = c
			t.know(ck, &c)
			return nil
		})
	}
	if len(q.QueuedQueries) > 0 {
		b := &pgx.Batch{}
		t.prelude(b)
		b.QueuedQueries = append(b.QueuedQueries, q.QueuedQueries...)
		_ = t.send(b)
	}
}

// cached returns a prefetched result.
func (t *pgTx) cached(kind byte, path string, key []byte) (pgCached, bool) {
	if t.cache == nil {
		return pgCached{}, false
	}
	c, ok := t.cache[pgCacheKey(kind, path, key)]
	return c, ok
}

// send runs the batch and keeps its first error.
func (t *pgTx) send(b *pgx.Batch) error {
	t.db.trips.Add(1)
	if err := t.conn.SendBatch(t.ctx, b).Close(); err != nil {
		return t.fail(err)
	}
	return nil
}

// query runs one statement after the prelude, in one round trip; fn reads
// its rows.
func (t *pgTx) query(sql string, args []any, fn func(pgx.Rows) error) error {
	if t.err != nil {
		return t.err
	}
	b := &pgx.Batch{}
	t.prelude(b)
	b.Queue(sql, args...).Query(fn)
	return t.send(b)
}

// exec runs one statement after the prelude and returns its command tag.
func (t *pgTx) exec(sql string, args ...any) (pgconn.CommandTag, error) {
	if t.err != nil {
		return pgconn.CommandTag{}, t.err
	}
	clear(t.cache) // buckets created or dropped: start afresh
	var tag pgconn.CommandTag
	b := &pgx.Batch{}
	t.prelude(b)
	b.Queue(sql, args...).Exec(func(ct pgconn.CommandTag) error { tag = ct; return nil })
	return tag, t.send(b)
}

// commit sends the guards, the pending writes, the NOTIFY and COMMIT in
// one round trip and checks that the transaction committed. A transaction
// that sent nothing before goes without BEGIN and COMMIT: the statements
// of one pipelined batch are one implicit transaction, committed at its
// end or, when one fails, rolled back whole.
func (t *pgTx) commit() error {
	if !t.begun && len(t.pending) == 0 && len(t.guards) == 0 {
		t.done = true
		return nil // nothing read or written
	}
	implicit := !t.begun
	t.begun = true // no BEGIN: the batch is the transaction
	b := &pgx.Batch{}
	t.prelude(b)
	if t.work {
		// Delivered at commit, to the other processes only.
		b.Queue("SELECT pg_notify('spindle_work', $1)", t.db.owner)
	}
	if implicit {
		t.done = true // committed or rolled back at the batch's end
		return t.send(b)
	}
	var tag pgconn.CommandTag
	b.Queue("COMMIT").Exec(func(ct pgconn.CommandTag) error { tag = ct; return nil })
	if err := t.send(b); err != nil {
		return t.err
	}
	t.done = true
	if tag.String() != "COMMIT" {
		// COMMIT of an aborted transaction answers ROLLBACK.
		return t.fail(fmt.Errorf("commit rolled back (%s)", tag))
	}
	return nil
}

// end rolls back a transaction that did not commit and returns the
// connection, dropping it when it may be in an unknown state.
func (t *pgTx) end() {
	if t.begun && !t.done {
		if _, err := t.conn.Exec(context.Background(), "ROLLBACK"); err != nil {
			_ = t.conn.Conn().Close(context.Background())
		}
	}
	t.conn.Release()
}

func (t *pgTx) fail(err error) error {
	if t.err == nil {
		if isGuardFailure(err) {
			err = errGuard
		}
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

// noteWork marks writes other processes may act on at once: timers (a
// turn's expiry, an AI turn, due now). An unshown move is not one: the
// process that made it posts it, and the others retry it only after a
// grace period, at one of their ticks.
func (b *pgBucket) noteWork() {
	if b.path == string(bucketSchedule) {
		b.tx.work = true
	}
}

// row runs a statement expected to return at most one row, scanning it
// into dest; found says whether there was one.
func (t *pgTx) row(sql string, args []any, dest ...any) (found bool, err error) {
	err = t.query(sql, args, func(rows pgx.Rows) error {
		defer rows.Close()
		if rows.Next() {
			found = true
			if err := rows.Scan(dest...); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	return found, err
}

func (b *pgBucket) Get(k []byte) []byte {
	if b.tx.err != nil {
		return nil
	}
	if v, ok := b.tx.pendingValue([]byte(b.path), k); ok {
		return v
	}
	c, ok := b.tx.cached('g', b.path, k)
	if !ok {
		c, ok = b.tx.remembered('g', b.path, k)
	}
	if ok {
		if !c.found || c.v == nil {
			return nil
		}
		return bytes.Clone(c.v)
	}
	var (
		v    []byte
		null bool
	)
	found, err := b.tx.row("SELECT value, value IS NULL FROM spindle_kv WHERE bucket = $1 AND key = $2"+b.lock(),
		[]any{[]byte(b.path), k}, &v, &null)
	if err != nil {
		return nil
	}
	if found && !null && v == nil {
		v = []byte{}
	}
	if found && null {
		v = nil
	}
	b.tx.know(pgCacheKey('g', b.path, k), &pgCached{found: found, k: bytes.Clone(k), v: v})
	if !found {
		return nil
	}
	return bytes.Clone(v)
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
	b.tx.buffer(pgWrite{bucket: []byte(b.path), key: bytes.Clone(k), value: bytes.Clone(v)})
	return nil
}

// Claim inserts at once, not at commit: PostgreSQL's unique key makes a
// second inserter wait for the first transaction, then do nothing, so two
// processes never both claim k. The value is buffered too, so later reads
// in the transaction see it and the commit writes it again unchanged.
func (b *pgBucket) Claim(k, v []byte) ([]byte, bool, error) {
	if b.tx.err != nil {
		return nil, false, b.tx.err
	}
	if len(k) == 0 {
		return nil, false, errors.New("storage: postgres: empty key")
	}
	if old, ok := b.tx.pendingValue([]byte(b.path), k); ok && old != nil {
		return old, false, nil
	}
	if v == nil {
		v = []byte{}
	}
	var one int
	claimed, err := b.tx.row("INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, $3) ON CONFLICT (bucket, key) DO NOTHING RETURNING 1",
		[]any{[]byte(b.path), k, v}, &one)
	if err != nil {
		return nil, false, err
	}
	if !claimed {
		var old []byte
		var null bool
		if _, err := b.tx.row("SELECT value, value IS NULL FROM spindle_kv WHERE bucket = $1 AND key = $2 FOR UPDATE",
			[]any{[]byte(b.path), k}, &old, &null); err != nil {
			return nil, false, err
		}
		if null || old == nil {
			old = []byte{}
		}
		b.tx.wrote[[2]string{b.path, string(k)}] = true
		b.tx.know(pgCacheKey('g', b.path, k), &pgCached{found: true, k: bytes.Clone(k), v: bytes.Clone(old)})
		return old, false, nil
	}
	b.noteWork()
	b.tx.buffer(pgWrite{bucket: []byte(b.path), key: bytes.Clone(k), value: bytes.Clone(v)})
	return nil, true, nil
}

func (b *pgBucket) Delete(k []byte) error {
	if b.tx.err != nil {
		return b.tx.err
	}
	b.noteWork()
	b.tx.buffer(pgWrite{bucket: []byte(b.path), key: bytes.Clone(k), del: true})
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
	var n int64
	if _, err := b.tx.row(`INSERT INTO spindle_seq (bucket, seq) VALUES ($1, 1)
		ON CONFLICT (bucket) DO UPDATE SET seq = spindle_seq.seq + 1 RETURNING seq`, []any{[]byte(b.path)}, &n); err != nil {
		return 0, err
	}
	return uint64(n), nil
}

func (b *pgBucket) SetSequence(v uint64) error {
	_, err := b.tx.exec(`INSERT INTO spindle_seq (bucket, seq) VALUES ($1, $2)
		ON CONFLICT (bucket) DO UPDATE SET seq = EXCLUDED.seq`, []byte(b.path), int64(v))
	return err
}

func (b *pgBucket) Sequence() uint64 {
	var n int64
	if _, err := b.tx.row("SELECT seq FROM spindle_seq WHERE bucket = $1", []any{[]byte(b.path)}, &n); err != nil {
		return 0
	}
	return uint64(n)
}

func (b *pgBucket) Bucket(name []byte) kvBucket {
	c, ok := b.tx.cached('b', b.path, name)
	if !ok {
		c, ok = b.tx.remembered('b', b.path, name)
	}
	if ok {
		if !c.found {
			return nil
		}
		return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}
	}
	var one int
	found, err := b.tx.row("SELECT 1 FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL"+b.lock(),
		[]any{[]byte(b.path), name}, &one)
	if err != nil {
		return nil
	}
	b.tx.know(pgCacheKey('b', b.path, name), &pgCached{found: found, k: bytes.Clone(name)})
	if !found {
		return nil
	}
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}
}

// errBucketExists and errNoBucket are bbolt's refusals, on PostgreSQL.
var (
	errBucketExists = errors.New("storage: bucket already exists")
	errNoBucket     = errors.New("storage: bucket not found")
)

const pgCreateBucket = `INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, NULL)
		ON CONFLICT (bucket, key) DO NOTHING`

func (b *pgBucket) CreateBucket(name []byte) (kvBucket, error) {
	tag, err := b.tx.exec(pgCreateBucket, []byte(b.path), name)
	if err != nil {
		return nil, err
	}
	if tag.RowsAffected() == 0 {
		return nil, errBucketExists
	}
	b.tx.knowWrite(pgWrite{bucket: []byte(b.path), key: bytes.Clone(name), marker: true})
	// A new bucket is empty.
	b.tx.know(pgCacheKey('l', pathOf(b.path, name), nil), &pgCached{})
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}, nil
}

// CreateBucketIfNotExists waits with the other writes (it cannot fail on
// PostgreSQL): the marker is inserted unless present.
func (b *pgBucket) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	if b.tx.err != nil {
		return nil, b.tx.err
	}
	if len(name) == 0 {
		return nil, errors.New("storage: postgres: empty bucket name")
	}
	b.tx.buffer(pgWrite{bucket: []byte(b.path), key: bytes.Clone(name), marker: true})
	if b.tx.cache == nil {
		b.tx.cache = map[string]pgCached{}
	}
	b.tx.cache[pgCacheKey('b', b.path, name)] = pgCached{found: true, k: bytes.Clone(name)}
	return &pgBucket{tx: b.tx, path: pathOf(b.path, name)}, nil
}

func (b *pgBucket) DeleteBucket(name []byte) error {
	tag, err := b.tx.exec("DELETE FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL", []byte(b.path), name)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errNoBucket
	}
	child := pathOf(b.path, name)
	b.tx.dropped = append(b.tx.dropped, child)
	b.tx.know(pgCacheKey('b', b.path, name), &pgCached{})
	b.tx.know(pgCacheKey('g', b.path, name), &pgCached{})
	// The child's rows, and those of buckets nested in it (child, a zero
	// byte, ...: between child+"\x00" and child+"\x01").
	if _, err := b.tx.exec(`DELETE FROM spindle_kv WHERE bucket = $1 OR (bucket >= $2 AND bucket < $3)`,
		[]byte(child), []byte(child+"\x00"), []byte(child+"\x01")); err != nil {
		return err
	}
	_, err = b.tx.exec("DELETE FROM spindle_seq WHERE bucket = $1", []byte(child))
	return err
}

func (b *pgBucket) KeyN() int {
	var n int
	if _, err := b.tx.row("SELECT count(*) FROM spindle_kv WHERE bucket = $1", []any{[]byte(b.path)}, &n); err != nil {
		return 0
	}
	return n
}
