package storage

import (
	"bytes"
	"strconv"
	"strings"
)

// The guards of a small transaction, a move's, go in a statement written
// for their number and kinds, with one parameter per value rather than
// arrays (pgGuardSQL): no array to build, send and unpack, and no unnest
// joined back to the table. A row the transaction both read from memory
// and writes is checked by its write: an UPDATE that sets the new value
// only where the stored one is still the remembered one (compare and set),
// so it is neither locked nor looked up apart. The statement's shapes are
// few (one per code path), each prepared once per connection like any
// other.

// pgScalarMax bounds the guards and puts of the statement written for
// them; a transaction with more uses the array form.
const pgScalarMax = 12

// pgScalarGuards writes the statement checking guards and writing puts in
// one go, and its arguments; ok is false when the transaction is too big
// for it or reads one row twice with two different answers (then the
// array form decides).
func pgScalarGuards(guards []pgGuard, puts [][3][]byte) (sql string, args []any, ok bool) {
	if len(guards)+len(puts) > pgScalarMax {
		return "", nil, false
	}
	type gk struct {
		kind      byte
		path, key string
	}
	seen := make(map[gk]pgCached, len(guards))
	putAt := make(map[[2]string]int, len(puts))
	for i, p := range puts {
		putAt[[2]string{string(p[0]), string(p[1])}] = i
	}
	cas := make([]bool, len(puts))
	var (
		ctes  []string
		conds []string
	)
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	for _, g := range guards {
		k := gk{g.kind, g.path, g.key}
		if c, dup := seen[k]; dup {
			if !c.equal(g.c) {
				return "", nil, false
			}
			continue
		}
		seen[k] = g.c
		path, key := []byte(g.path), []byte(g.key)
		switch g.kind {
		case 'g':
			if !g.c.found || g.c.v == nil {
				conds = append(conds, "NOT EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = "+arg(path)+" AND key = "+arg(key)+" AND value IS NOT NULL)")
				continue
			}
			if i, ok := putAt[[2]string{g.path, g.key}]; ok && !cas[i] {
				cas[i] = true
				name := "c" + strconv.Itoa(len(ctes))
				ctes = append(ctes, name+" AS (UPDATE spindle_kv SET value = "+arg(puts[i][2])+" WHERE bucket = "+arg(path)+
					" AND key = "+arg(key)+" AND value = "+arg(g.c.v)+" RETURNING 1)")
				conds = append(conds, "EXISTS (SELECT 1 FROM "+name+")")
				continue
			}
			conds = append(conds, "EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = "+arg(path)+" AND key = "+arg(key)+" AND value = "+arg(g.c.v)+" FOR UPDATE)")
		case 'b':
			if g.c.found {
				conds = append(conds, "EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = "+arg(path)+" AND key = "+arg(key)+" AND value IS NULL FOR UPDATE)")
			} else {
				conds = append(conds, "NOT EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = "+arg(path)+" AND key = "+arg(key)+" AND value IS NULL)")
			}
		case 'l':
			if g.c.found {
				conds = append(conds, "EXISTS (SELECT 1 FROM (SELECT key, value FROM spindle_kv WHERE bucket = "+arg(path)+
					" ORDER BY key DESC LIMIT 1) x WHERE x.key = "+arg(g.c.k)+" AND x.value IS NOT DISTINCT FROM "+arg(g.c.v)+")")
			} else {
				conds = append(conds, "NOT EXISTS (SELECT 1 FROM spindle_kv WHERE bucket = "+arg(path)+")")
			}
		default:
			return "", nil, false
		}
	}
	var rows []string
	for i, p := range puts {
		if !cas[i] {
			rows = append(rows, "("+arg(p[0])+", "+arg(p[1])+", "+arg(p[2])+")")
		}
	}
	if len(rows) > 0 {
		// Not read by the main query, so run after it: after the guards'
		// locks, as in pgGuardPutsSQL.
		ctes = append(ctes, "w AS (INSERT INTO spindle_kv (bucket, key, value) VALUES "+strings.Join(rows, ", ")+
			" ON CONFLICT (bucket, key) DO UPDATE SET value = EXCLUDED.value)")
	}
	if len(conds) == 0 {
		return "", nil, false
	}
	var b strings.Builder
	if len(ctes) > 0 {
		b.WriteString("WITH " + strings.Join(ctes, ", ") + " ")
	}
	b.WriteString("SELECT 1 / (" + strings.Join(conds, " AND ") + ")::int")
	return b.String(), args, true
}

// equal reports whether two remembered answers are the same.
func (c pgCached) equal(d pgCached) bool {
	return c.found == d.found && bytes.Equal(c.k, d.k) && bytes.Equal(c.v, d.v) && (c.v == nil) == (d.v == nil)
}
