package storage

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"

	"spindle/games"
)

// ErrNotEmpty: a copy's destination already holds records.
var ErrNotEmpty = errors.New("storage: destination is not empty")

// copyBatch is how many records Copy writes per destination transaction.
const copyBatch = 2000

// CopyStats says what Copy copied.
type CopyStats struct {
	Records int // keys copied, in every bucket
	Buckets int // nested buckets created (a log, a timer index, a player's games)
	Tables  int // tables (envelopes)
}

// Copy copies every record of src into dst, byte for byte, nested buckets
// and the table id sequence included: `spindle migrate` between a bbolt
// file and PostgreSQL, either way. src is read in one read transaction (a
// consistent snapshot); dst must be empty (freshly opened) and is written
// in batches, so a failed copy leaves a partial destination to drop, never
// a changed source. No bot may use either store meanwhile.
func Copy(dst, src *Store) (CopyStats, error) {
	var st CopyStats
	if err := dst.mustBeEmpty(); err != nil {
		return st, err
	}
	var batch []copyOp
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := dst.db.Update(func(tx kvTx) error { return applyCopy(tx, batch) })
		batch = batch[:0]
		return err
	}
	err := src.db.View(func(tx kvTx) error {
		for _, name := range allBuckets {
			b := tx.Bucket(name)
			if b == nil {
				continue
			}
			err := walkBucket(b, [][]byte{name}, func(path [][]byte, k, v []byte, nested bool, seq uint64) error {
				op := copyOp{path: path, k: bytes.Clone(k), v: bytes.Clone(v), nested: nested, seq: seq}
				switch {
				case k == nil:
				case nested:
					st.Buckets++
				default:
					st.Records++
					if len(path) == 1 && bytes.Equal(path[0], bucketTables) {
						st.Tables++
					}
				}
				batch = append(batch, op)
				if len(batch) >= copyBatch {
					return flush()
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return flush()
	})
	if err != nil {
		return st, fmt.Errorf("storage: copy %s to %s: %w", src.path, dst.path, err)
	}
	return st, nil
}

// copyOp is one record to write: a key of the bucket at path, a nested
// bucket to create (nested), or the bucket's sequence (k nil).
type copyOp struct {
	path   [][]byte
	k, v   []byte
	nested bool
	seq    uint64
}

// walkBucket calls fn with the bucket's sequence (k nil) when it has one,
// then every key in order, descending into nested buckets after naming
// them.
func walkBucket(b kvBucket, path [][]byte, fn func(path [][]byte, k, v []byte, nested bool, seq uint64) error) error {
	if seq := b.Sequence(); seq > 0 {
		if err := fn(path, nil, nil, false, seq); err != nil {
			return err
		}
	}
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			if nb := b.Bucket(k); nb != nil {
				if err := fn(path, k, nil, true, 0); err != nil {
					return err
				}
				return walkBucket(nb, append(slices.Clone(path), bytes.Clone(k)), fn)
			}
		}
		return fn(path, k, v, false, 0)
	})
}

func applyCopy(tx kvTx, ops []copyOp) error {
	for _, op := range ops {
		b, err := tx.CreateBucketIfNotExists(op.path[0])
		if err != nil {
			return err
		}
		for _, name := range op.path[1:] {
			if b, err = b.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		switch {
		case op.k == nil:
			err = b.SetSequence(op.seq)
		case op.nested:
			_, err = b.CreateBucketIfNotExists(op.k)
		default:
			err = b.Put(op.k, op.v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// mustBeEmpty refuses a store that holds anything besides its schema
// record.
func (s *Store) mustBeEmpty() error {
	return s.db.View(func(tx kvTx) error {
		for _, name := range allBuckets {
			b := tx.Bucket(name)
			if b == nil {
				continue
			}
			k, _ := b.Cursor().First()
			if bytes.Equal(name, bucketMeta) && bytes.Equal(k, keySchema) {
				k, _ = b.Cursor().Seek(append(bytes.Clone(keySchema), 0))
			}
			if k != nil {
				return fmt.Errorf("storage: %s holds records (bucket %s): %w", s.path, name, ErrNotEmpty)
			}
		}
		return nil
	})
}

// Comparison is what Compare found.
type Comparison struct {
	Buckets  int // buckets compared, nested ones included
	Records  int // records compared
	Tables   int // tables replayed on both sides
	Unplayed int // tables whose replay failed on both sides alike (say, a game this build lacks)
}

// Compare checks that a and b hold the same data: every bucket's records
// byte for byte (a digest of each, nested buckets included), and every
// table's replay from its log (Replay) giving the same table on both. It
// returns the first difference as an error.
func Compare(cat *games.Catalog, a, b *Store) (Comparison, error) {
	var c Comparison
	da, err := a.digests()
	if err != nil {
		return c, err
	}
	db, err := b.digests()
	if err != nil {
		return c, err
	}
	for path, d := range da {
		if db[path] != d {
			return c, fmt.Errorf("storage: bucket %q differs: %d records in %s, %d in %s", path, d.n, a.path, db[path].n, b.path)
		}
		c.Buckets++
		c.Records += d.n
	}
	for path := range db {
		if _, ok := da[path]; !ok {
			return c, fmt.Errorf("storage: bucket %q is in %s only", path, b.path)
		}
	}
	var ids []uint64
	err = a.db.View(func(tx kvTx) error {
		return tx.Bucket(bucketTables).ForEach(func(k, _ []byte) error {
			if len(k) == 8 {
				ids = append(ids, btoi(k))
			}
			return nil
		})
	})
	if err != nil {
		return c, err
	}
	for _, id := range ids {
		ea, erra := replayedEnvelope(cat, a, id)
		eb, errb := replayedEnvelope(cat, b, id)
		switch {
		case erra != nil || errb != nil:
			if fmt.Sprint(erra) != fmt.Sprint(errb) {
				return c, fmt.Errorf("storage: table %d replays differently: %v in %s, %v in %s", id, erra, a.path, errb, b.path)
			}
			c.Unplayed++
		case !bytes.Equal(ea, eb):
			return c, fmt.Errorf("storage: table %d replays to different tables in %s and %s", id, a.path, b.path)
		default:
			c.Tables++
		}
	}
	return c, nil
}

// replayedEnvelope is table id replayed from its log, encoded.
func replayedEnvelope(cat *games.Catalog, s *Store, id uint64) ([]byte, error) {
	t, err := s.Replay(cat, id)
	if err != nil {
		return nil, err
	}
	env, err := t.Envelope()
	if err != nil {
		return nil, err
	}
	return env.Marshal()
}

// digest is a bucket's record count and the hash of its keys and values.
type digest struct {
	n   int
	sum [32]byte
}

// digests returns every bucket's digest by path ("logs/<hex id>").
func (s *Store) digests() (map[string]digest, error) {
	out := map[string]digest{}
	err := s.db.View(func(tx kvTx) error {
		for _, name := range allBuckets {
			b := tx.Bucket(name)
			if b == nil {
				continue
			}
			if err := digestBucket(b, string(name), out); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

func digestBucket(b kvBucket, path string, out map[string]digest) error {
	h := sha256.New()
	n := 0
	fmt.Fprintf(h, "seq %d\n", b.Sequence())
	var nested [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if v == nil && b.Bucket(k) != nil {
			nested = append(nested, bytes.Clone(k))
			fmt.Fprintf(h, "bucket %x\n", k)
			return nil
		}
		n++
		fmt.Fprintf(h, "%x=%x\n", k, v)
		return nil
	})
	if err != nil {
		return err
	}
	var d digest
	d.n = n
	copy(d.sum[:], h.Sum(nil))
	out[path] = d
	for _, k := range nested {
		if err := digestBucket(b.Bucket(k), fmt.Sprintf("%s/%x", path, k), out); err != nil {
			return err
		}
	}
	return nil
}
