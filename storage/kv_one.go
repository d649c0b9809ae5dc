package storage

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
)

// Reads of one key, or of one bucket whole, are the most frequent reads
// outside moves (a binding, a user's or a guild's settings, a table's log
// for a board). A PostgreSQL View costs two round trips at least (BEGIN
// with the first statement, then ROLLBACK); these reads are one
// statement, consistent by itself, sent alone: one round trip.

// Reads counts the single reads the store has made (a key, or a table's
// log whole or in part) for the program above it: each is one round trip
// on PostgreSQL. Benchmarks and tests count the reads of a move with it.
func (s *Store) Reads() uint64 { return s.reads.Load() }

func (s *Store) readOne(bucket, key []byte) ([]byte, error) {
	s.reads.Add(1)
	return readOne(s.db, bucket, key)
}

func (s *Store) readNested(parent, name []byte) ([]kvPair, bool, error) {
	s.reads.Add(1)
	return readNested(s.db, parent, name)
}

func (s *Store) readNestedBack(parent, name, before []byte, n int) ([]kvPair, bool, error) {
	s.reads.Add(1)
	return readNestedBack(s.db, parent, name, before, n)
}

// readOne returns a copy of the value of key in the top-level bucket,
// nil when it is absent or names a nested bucket.
func readOne(db kvDB, bucket, key []byte) ([]byte, error) {
	if d, ok := db.(*pgDB); ok {
		return d.readOne(bucket, key)
	}
	var out []byte
	err := db.View(func(tx kvTx) error {
		if bk := tx.Bucket(bucket); bk != nil {
			out = bytes.Clone(bk.Get(key))
		}
		return nil
	})
	return out, err
}

// kvPair is a key and its value (nil: a nested bucket).
type kvPair struct{ k, v []byte }

// readNested returns every row of the bucket nested in the top-level
// bucket parent under name, in key order, and whether that bucket exists.
func readNested(db kvDB, parent, name []byte) ([]kvPair, bool, error) {
	if d, ok := db.(*pgDB); ok {
		return d.readNested(parent, name)
	}
	return viewNested(db, parent, name, func(nb kvBucket, add func(k, v []byte) int) error {
		return nb.ForEach(func(k, v []byte) error {
			add(k, v)
			return nil
		})
	})
}

func (d *pgDB) readOne(bucket, key []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	rows, err := d.pool.Query(ctx, "SELECT value FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NOT NULL", bucket, key)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	defer rows.Close()
	var v []byte
	for rows.Next() {
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("storage: postgres %s: %w", d.name, err)
		}
		if v == nil {
			v = []byte{}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	return v, nil
}

// readNested reads the nested bucket's marker and rows in one statement:
// the marker comes as a row of its own (first true).
func (d *pgDB) readNested(parent, name []byte) ([]kvPair, bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	rows, err := d.pool.Query(ctx, `SELECT true, key, value FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL
		UNION ALL SELECT false, key, value FROM spindle_kv WHERE bucket = $3`,
		parent, name, []byte(pathOf(string(parent), name)))
	if err != nil {
		return nil, false, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	return d.nestedRows(rows, false)
}

// readNestedBack returns up to n rows of the bucket nested in the
// top-level bucket parent under name, from the last key before before
// (from the last key when nil) backwards, and whether that bucket exists:
// one statement on PostgreSQL.
func readNestedBack(db kvDB, parent, name, before []byte, n int) ([]kvPair, bool, error) {
	if d, ok := db.(*pgDB); ok {
		return d.readNestedBack(parent, name, before, n)
	}
	return viewNested(db, parent, name, func(nb kvBucket, add func(k, v []byte) int) error {
		c := nb.Cursor()
		var k, v []byte
		switch {
		case before == nil:
			k, v = c.Last()
		default:
			if k, _ = c.Seek(before); k == nil {
				k, v = c.Last()
			} else {
				k, v = c.Prev()
			}
		}
		for got := 0; k != nil && got < n; k, v = c.Prev() {
			got = add(k, v)
		}
		return nil
	})
}

func (d *pgDB) readNestedBack(parent, name, before []byte, n int) ([]kvPair, bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	q := `SELECT true, key, value FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL
		UNION ALL (SELECT false, key, value FROM spindle_kv WHERE bucket = $3 ORDER BY key DESC LIMIT $4)`
	args := []any{parent, name, []byte(pathOf(string(parent), name)), n}
	if before != nil {
		q = `SELECT true, key, value FROM spindle_kv WHERE bucket = $1 AND key = $2 AND value IS NULL
		UNION ALL (SELECT false, key, value FROM spindle_kv WHERE bucket = $3 AND key < $5 ORDER BY key DESC LIMIT $4)`
		args = append(args, before)
	}
	rows, err := d.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, false, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	return d.nestedRows(rows, true)
}

// nestedRows reads the answer of a nested bucket's read: a marker row
// (true) when the bucket exists, then its pairs (false), sorted by key,
// newest first when desc. It closes rows.
func (d *pgDB) nestedRows(rows pgx.Rows, desc bool) ([]kvPair, bool, error) {
	defer rows.Close()
	var (
		out    []kvPair
		exists bool
	)
	for rows.Next() {
		var (
			marker bool
			p      kvPair
		)
		if err := rows.Scan(&marker, &p.k, &p.v); err != nil {
			return nil, false, fmt.Errorf("storage: postgres %s: %w", d.name, err)
		}
		if marker {
			exists = true
			continue
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("storage: postgres %s: %w", d.name, err)
	}
	if !exists {
		return nil, false, nil
	}
	slices.SortFunc(out, func(a, b kvPair) int {
		if desc {
			a, b = b, a
		}
		return bytes.Compare(a.k, b.k)
	})
	return out, true, nil
}

// viewNested runs walk, in a bbolt read transaction of its own, on the
// bucket nested in the top-level bucket parent under name, and returns the
// rows walk gave to add (copied out of the transaction; add returns how
// many there are so far) and whether that bucket exists.
func viewNested(db kvDB, parent, name []byte, walk func(nb kvBucket, add func(k, v []byte) int) error) ([]kvPair, bool, error) {
	var (
		out    []kvPair
		exists bool
	)
	add := func(k, v []byte) int {
		p := kvPair{k: bytes.Clone(k)}
		if v != nil {
			p.v = append([]byte{}, v...)
		}
		out = append(out, p)
		return len(out)
	}
	err := db.View(func(tx kvTx) error {
		out, exists = nil, false
		nb := nestedIn(tx, parent, name)
		if nb == nil {
			return nil
		}
		exists = true
		return walk(nb, add)
	})
	return out, exists, err
}

// nestedIn is the bucket name nested in the top-level bucket parent, or
// nil when either is missing.
func nestedIn(tx kvTx, parent, name []byte) kvBucket {
	bk := tx.Bucket(parent)
	if bk == nil {
		return nil
	}
	return bk.Bucket(name)
}
