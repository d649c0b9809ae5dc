package storage

import (
	"bytes"
	"fmt"

	"github.com/jackc/pgx/v5"
)

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
	c.cur = nil
	if c.b.tx.err != nil {
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
	c.rows = c.rows[:0]
	err := c.b.tx.query(q, args, func(rows pgx.Rows) error {
		defer rows.Close()
		for rows.Next() {
			var (
				r    pgRow
				null bool
			)
			if err := rows.Scan(&r.k, &r.v, &null); err != nil {
				return err
			}
			if null {
				r.v = nil
			} else if r.v == nil {
				r.v = []byte{}
			}
			c.rows = append(c.rows, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, nil
	}
	c.desc, c.end, c.i = desc, len(c.rows) < c.page, 0
	if len(c.rows) == 0 {
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
func (c *pgCursor) Last() ([]byte, []byte) {
	c.page = 0
	r, ok := c.b.tx.cached('l', c.b.path, nil)
	if !ok {
		r, ok = c.b.tx.remembered('l', c.b.path, nil)
	}
	if ok {
		c.desc, c.i, c.cur = true, 0, nil
		if !r.found {
			c.rows, c.end = nil, true
			return nil, nil
		}
		v := r.v
		if v == nil {
			// Prefetched without the marker test: ask the bucket.
			return c.fetch(true, nil, false)
		}
		c.rows, c.end = []pgRow{{k: bytes.Clone(r.k), v: bytes.Clone(v)}}, false
		return c.at()
	}
	return c.fetch(true, nil, false)
}

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
