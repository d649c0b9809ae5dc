package storage

import (
	"bytes"

	"github.com/jackc/pgx/v5"
)

// A PostgreSQL transaction's writes wait in the transaction (pending) and
// go with its next statement or its commit, in the same pipelined batch.

// pgWrite is a buffered Put, Delete (del) or nested bucket's marker
// (marker: CreateBucketIfNotExists).
type pgWrite struct {
	bucket, key, value []byte
	del, marker        bool
}

const (
	pgBeginWrite = "BEGIN ISOLATION LEVEL READ COMMITTED"
	pgBeginRead  = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
	pgPut        = `INSERT INTO spindle_kv (bucket, key, value) VALUES ($1, $2, $3)
		ON CONFLICT (bucket, key) DO UPDATE SET value = EXCLUDED.value`
	pgDelete = "DELETE FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NOT NULL"
	// pgPuts and pgMarkers are the same for many keys in one statement
	// (an index probe per row: ON CONFLICT). Deletes, rare in a move, go
	// one statement each.
	pgPuts = `INSERT INTO spindle_kv (bucket, key, value)
		SELECT * FROM unnest($1::bytea[], $2::bytea[], $3::bytea[])
		ON CONFLICT (bucket, key) DO UPDATE SET value = EXCLUDED.value`
	pgMarkers = `INSERT INTO spindle_kv (bucket, key, value)
		SELECT b, k, NULL FROM unnest($1::bytea[], $2::bytea[]) AS m(b, k)
		ON CONFLICT (bucket, key) DO NOTHING`
)

// prelude queues what must precede the next statement: BEGIN, the guards
// of the reads answered from memory, then the pending writes, the last
// write of each key, at most one statement of each kind but deletes (the
// puts in the guards' statement when there are guards).
func (t *pgTx) prelude(b *pgx.Batch) {
	if !t.begun {
		if t.write {
			b.Queue(pgBeginWrite)
		} else {
			b.Queue(pgBeginRead)
		}
		t.begun = true
	}
	var puts, dels, marks [][3][]byte
	for i, w := range t.pending {
		if t.pendIdx[[2]string{string(w.bucket), string(w.key)}] != i {
			continue // written again later
		}
		switch {
		case w.marker:
			marks = append(marks, [3][]byte{w.bucket, w.key})
		case w.del:
			dels = append(dels, [3][]byte{w.bucket, w.key})
		default:
			puts = append(puts, [3][]byte{w.bucket, w.key, w.value})
		}
	}
	if len(t.guards) > 0 {
		t.queueGuards(b, puts)
		puts = nil
	}
	queueRows(b, marks, pgCreateBucket, pgMarkers, 2)
	queueRows(b, puts, pgPut, pgPuts, 3)
	for _, d := range dels {
		b.Queue(pgDelete, d[0], d[1])
	}
	t.pending = t.pending[:0]
	clear(t.pendIdx)
}

// queueRows queues one statement for rows: one, the single-row form of it,
// with n columns, or many, the array form.
func queueRows(b *pgx.Batch, rows [][3][]byte, one, many string, n int) {
	switch len(rows) {
	case 0:
	case 1:
		args := make([]any, n)
		for i := range n {
			args[i] = rows[0][i]
		}
		b.Queue(one, args...)
	default:
		args := make([]any, n)
		for i := range n {
			col := make([][]byte, len(rows))
			for j, r := range rows {
				col[j] = r[i]
			}
			args[i] = col
		}
		b.Queue(many, args...)
	}
}

// buffer records a write for the next round trip.
func (t *pgTx) buffer(w pgWrite) {
	t.knowWrite(w)
	if t.cache != nil {
		delete(t.cache, pgCacheKey('g', string(w.bucket), w.key))
		delete(t.cache, pgCacheKey('l', string(w.bucket), nil))
	}
	k := [2]string{string(w.bucket), string(w.key)}
	t.pendIdx[k] = len(t.pending)
	t.pending = append(t.pending, w)
}

// pendingValue answers a Get from the writes not sent yet.
func (t *pgTx) pendingValue(bucket, key []byte) (v []byte, ok bool) {
	i, ok := t.pendIdx[[2]string{string(bucket), string(key)}]
	if !ok {
		return nil, false
	}
	w := t.pending[i]
	if w.del || w.marker {
		return nil, true
	}
	return bytes.Clone(w.value), true
}
