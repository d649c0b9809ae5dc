package storage

import (
	"errors"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// A write transaction on PostgreSQL is first run optimistically: its reads
// are answered, where it can, from what this process last knew to be
// stored (pgRows: the rows it wrote or read under lock in transactions
// that committed), without asking the server. Every read answered so is a
// guard: at the next statement sent, or at the commit, one statement
// (pgGuardSQL) checks every guard under row locks (FOR UPDATE), before any
// write that followed the read, and fails the transaction (a division by
// zero, SQLSTATE 22012) when one does not hold. Then nothing is written:
// the transaction is rolled back and run again the ordinary way, every
// read from the server under its lock (pgDB.Update). A move also presumes
// its new interaction id absent (kvProbe.absent), checked the same way. So
// a move whose rows this process stored last, the usual case, is one
// round trip: the guards, then the puts in the same statement (written
// for the transaction's guards when it is small, kv_pg_guard1.go, else
// pgGuardPutsSQL; markers and deletes, if any, in statements of their
// own in the batch), committed as an implicit transaction (no
// BEGIN or COMMIT: pgTx.commit); and a remembered row never decides an
// outcome, since it is used only when the server confirms it under the
// lock the ordinary read would have taken. A transaction that fails after
// reading a remembered row is run again the ordinary way too, so that its
// error is decided on the server's rows.

// errGuard says a row answered from the process's memory was not the one
// stored: the transaction wrote nothing and is to be run again reading the
// server.
var errGuard = errors.New("storage: postgres: a remembered row changed")

// pgRowsMax bounds the rows a process remembers.
const pgRowsMax = 8192

// pgRows is what a process last knew to be stored, by cache key
// (pgCacheKey): a key's value or absence ('g'), a nested bucket's
// existence ('b'), a bucket's last row ('l'). It is a hint only: a
// transaction uses it through guards.
type pgRows struct {
	mu sync.Mutex
	m  map[string]pgCached
}

// get returns a remembered row.
func (r *pgRows) get(ck string) (pgCached, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.m[ck]
	return c, ok
}

// learn records what a committed transaction knew (nil: forget the key),
// and drops the rows of the buckets it dropped (their paths).
func (r *pgRows) learn(known map[string]*pgCached, dropped []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]pgCached{}
	}
	for _, path := range dropped {
		for ck := range r.m {
			p := pgCachePath(ck)
			if p == path || strings.HasPrefix(p, path+"\x00") {
				delete(r.m, ck)
			}
		}
	}
	for ck, c := range known {
		if c == nil {
			delete(r.m, ck)
			continue
		}
		if _, ok := r.m[ck]; !ok && len(r.m) >= pgRowsMax {
			for old := range r.m { // evict an arbitrary row
				delete(r.m, old)
				break
			}
		}
		r.m[ck] = *c
	}
}

// forget drops rows (the guards of a transaction that failed them).
func (r *pgRows) forget(cks []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ck := range cks {
		delete(r.m, ck)
	}
}

// pgGuard is a read answered from the process's memory, to be confirmed
// by the server: probe kind ('g', 'b', 'l'), bucket path, key and the
// answer given.
type pgGuard struct {
	kind      byte
	path, key string
	c         pgCached
}

// pgGuardSQL checks guards in one statement and divides by zero when one
// fails: $1-$3 rows that must hold exactly this value (NULL: a nested
// bucket's marker), locked; $4-$6 keys that must have no value row
// (marker false) or no marker (true); $7-$9 buckets whose last row must
// be this key and value (NULL, NULL: no row at all), not locked, as
// the ordinary read of a bucket's last row is not. Each lookup is a LATERAL subquery
// that the planner cannot flatten (a lock, OFFSET 0, LIMIT): one index
// probe per guard, whatever the plan cached (pg.go forces generic plans),
// never a scan of the table hashed, which a plan made while the table was
// small could otherwise choose.
const pgGuardSQL = `SELECT 1 / ((
	SELECT count(*) FROM unnest($1::bytea[], $2::bytea[], $3::bytea[]) AS p(b, k, v),
		LATERAL (SELECT 1 FROM spindle_kv kv WHERE kv.bucket = p.b AND kv.key = p.k
			AND kv.value IS NOT DISTINCT FROM p.v FOR UPDATE) x
	) = cardinality($1::bytea[])
	AND (SELECT count(*) FROM unnest($4::bytea[], $5::bytea[], $6::bool[]) AS a(b, k, marker),
		LATERAL (SELECT 1 FROM spindle_kv kv WHERE kv.bucket = a.b AND kv.key = a.k
			AND (kv.value IS NULL) = a.marker OFFSET 0) x) = 0
	AND (SELECT count(*) FROM unnest($7::bytea[], $8::bytea[], $9::bytea[]) AS l(b, k, v)
		LEFT JOIN LATERAL (SELECT kv.key, kv.value FROM spindle_kv kv WHERE kv.bucket = l.b
			ORDER BY kv.key DESC LIMIT 1) x ON true
		WHERE x.key IS DISTINCT FROM l.k OR x.value IS DISTINCT FROM l.v) = 0)::int`

// pgGuardPutsSQL is pgGuardSQL with puts ($10-$12: buckets, keys,
// values) in the same statement: a data-modifying WITH that the main query
// does not read, which PostgreSQL runs after it, so after the guards
// passed (and not at all when one failed).
const pgGuardPutsSQL = `WITH w AS (INSERT INTO spindle_kv (bucket, key, value)
		SELECT * FROM unnest($10::bytea[], $11::bytea[], $12::bytea[])
		ON CONFLICT (bucket, key) DO UPDATE SET value = EXCLUDED.value)
	` + pgGuardSQL

// queueGuards queues the guard statement for the guards not sent yet,
// with puts, the rows to write after them, if any.
func (t *pgTx) queueGuards(b *pgx.Batch, puts [][3][]byte) {
	if len(t.guards) == 0 {
		return
	}
	if sql, args, ok := pgScalarGuards(t.guards, puts); ok && !pgArrayGuards {
		t.guards = t.guards[:0]
		b.Queue(sql, args...)
		return
	}
	var (
		pb, pk, pv [][]byte
		ab, ak     [][]byte
		am         []bool
		lb, lk, lv [][]byte
	)
	for _, g := range t.guards {
		path, key := []byte(g.path), []byte(g.key)
		switch g.kind {
		case 'g':
			if g.c.found && g.c.v != nil {
				pb, pk, pv = append(pb, path), append(pk, key), append(pv, g.c.v)
			} else {
				ab, ak, am = append(ab, path), append(ak, key), append(am, false)
			}
		case 'b':
			if g.c.found {
				pb, pk, pv = append(pb, path), append(pk, key), append(pv, nil)
			} else {
				ab, ak, am = append(ab, path), append(ak, key), append(am, true)
			}
		case 'l':
			if g.c.found {
				lb, lk, lv = append(lb, path), append(lk, g.c.k), append(lv, g.c.v)
			} else {
				lb, lk, lv = append(lb, path), append(lk, nil), append(lv, nil)
			}
		}
	}
	t.guards = t.guards[:0]
	args := []any{nonNil(pb), nonNil(pk), nonNil(pv), nonNil(ab), nonNil(ak), nonNilBools(am), nonNil(lb), nonNil(lk), nonNil(lv)}
	if len(puts) == 0 {
		b.Queue(pgGuardSQL, args...)
		return
	}
	wb, wk, wv := make([][]byte, len(puts)), make([][]byte, len(puts)), make([][]byte, len(puts))
	for i, p := range puts {
		wb[i], wk[i], wv[i] = p[0], p[1], p[2]
	}
	b.Queue(pgGuardPutsSQL, append(args, wb, wk, wv)...)
}

// pgArrayGuards makes every transaction use the array form (tests).
var pgArrayGuards bool

// nonNil makes an absent list an empty array rather than NULL.
func nonNil(s [][]byte) [][]byte {
	if s == nil {
		return [][]byte{}
	}
	return s
}

func nonNilBools(s []bool) []bool {
	if s == nil {
		return []bool{}
	}
	return s
}

// isGuardFailure reports whether err is the guard statement's refusal.
func isGuardFailure(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "22012"
}

// remembered answers a read of a write transaction run optimistically from
// the process's memory, recording the guard; ok false when it cannot (not
// optimistic, not remembered, or written by this transaction already).
func (t *pgTx) remembered(kind byte, path string, key []byte) (pgCached, bool) {
	if !t.optimistic || t.dropped != nil {
		return pgCached{}, false
	}
	if kind == 'l' {
		key = nil
		if t.wrotePath[path] {
			return pgCached{}, false
		}
	} else if t.wrote[[2]string{path, string(key)}] {
		return pgCached{}, false
	}
	ck := pgCacheKey(kind, path, key)
	c, ok := t.db.rows.get(ck)
	if !ok {
		return pgCached{}, false
	}
	t.guards = append(t.guards, pgGuard{kind: kind, path: path, key: string(key), c: c})
	t.used = append(t.used, ck)
	if t.cache == nil {
		t.cache = map[string]pgCached{}
	}
	t.cache[ck] = c
	return c, true
}

// presume answers a read of a write transaction run optimistically with
// "absent" without asking the server, recording the guard; false when it
// cannot (see remembered).
func (t *pgTx) presume(kind byte, path string, key []byte) bool {
	if !t.optimistic || t.dropped != nil || kind != 'g' || t.wrote[[2]string{path, string(key)}] {
		return false
	}
	ck := pgCacheKey(kind, path, key)
	t.guards = append(t.guards, pgGuard{kind: kind, path: path, key: string(key)})
	t.used = append(t.used, ck)
	if t.cache == nil {
		t.cache = map[string]pgCached{}
	}
	t.cache[ck] = pgCached{}
	return true
}

// know records what the transaction read from the server under lock, or
// wrote, for the process's memory once it commits.
func (t *pgTx) know(ck string, c *pgCached) {
	if !t.write {
		return
	}
	if t.known == nil {
		t.known = map[string]*pgCached{}
	}
	t.known[ck] = c
}

// knowWrite updates what the transaction knows after writing w: the key's
// value, and its bucket's last row when that was known.
func (t *pgTx) knowWrite(w pgWrite) {
	path := string(w.bucket)
	t.wrote[[2]string{path, string(w.key)}] = true
	t.wrotePath[path] = true
	switch {
	case w.marker:
		t.know(pgCacheKey('b', path, w.key), &pgCached{found: true})
		t.know(pgCacheKey('g', path, w.key), &pgCached{found: true})
		t.know(pgCacheKey('l', pathOf(path, w.key), nil), nil)
	case w.del:
		t.know(pgCacheKey('g', path, w.key), &pgCached{})
	default:
		t.know(pgCacheKey('g', path, w.key), &pgCached{found: true, k: w.key, v: w.value})
	}
	lk := pgCacheKey('l', path, nil)
	last, ok := t.known[lk]
	if !ok {
		if c, cached := t.cache[lk]; cached {
			last, ok = &c, true
		}
	}
	var next *pgCached
	switch {
	case !ok || last == nil:
		// Unknown before: unknown still.
	case w.del && last.found && string(w.key) == string(last.k):
		// The last row went: which is last now is not known.
	case w.del || (last.found && string(w.key) < string(last.k)):
		next = last
	default:
		v := w.value
		if w.marker {
			v = nil
		}
		next = &pgCached{found: true, k: w.key, v: v}
	}
	t.know(lk, next)
}
