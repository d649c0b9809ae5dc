package storage

// The Store's logic is written over a small ordered key-value interface:
// named buckets of byte keys in byte order, one level of nested buckets,
// cursors, per-bucket sequences and transactions. bbolt implements it
// directly (kv_bolt.go); PostgreSQL implements it over one table of
// (bucket, key) -> value rows (kv_pg.go), with row locks in write
// transactions. Every storage behaviour is therefore the same on both
// backends, and one conformance suite checks both.

// kvDB is a transactional ordered key-value store.
type kvDB interface {
	// View runs fn in a read-only transaction.
	View(fn func(kvTx) error) error
	// Update runs fn in a read-write transaction and commits it when fn
	// returns nil. fn may be run more than once (a backend retries a
	// transaction its database aborted for a conflict).
	Update(fn func(kvTx) error) error
	// Close releases the database.
	Close() error
}

// kvTx is one transaction.
type kvTx interface {
	// Bucket returns the top-level bucket name, or nil when it does not
	// exist.
	Bucket(name []byte) kvBucket
	// CreateBucketIfNotExists creates the top-level bucket name.
	CreateBucketIfNotExists(name []byte) (kvBucket, error)
	// DeleteBucket drops the top-level bucket name and all it holds.
	DeleteBucket(name []byte) error
}

// kvBucket is a bucket of a transaction. Values it returns are the
// caller's to keep only within the transaction (bbolt maps them).
type kvBucket interface {
	// Get returns the value of k, nil when absent or when k names a
	// nested bucket. A present key with an empty value gives an empty,
	// non-nil slice on PostgreSQL and may give nil on bbolt: callers test
	// presence only of non-empty values.
	Get(k []byte) []byte
	Put(k, v []byte) error
	// Claim puts v under k only when k is absent, atomically across every
	// process sharing the store: of two transactions claiming one key at
	// once, one gets it and the other, once the first commits, finds it
	// taken (and is handed the value then stored). A lost claim writes
	// nothing. Use it where the absence of a key was checked (Get) and
	// two processes might both have seen it absent.
	Claim(k, v []byte) (existing []byte, claimed bool, err error)
	Delete(k []byte) error
	Cursor() kvCursor
	// ForEach calls fn for every key in order; a nested bucket comes with
	// a nil value.
	ForEach(fn func(k, v []byte) error) error
	// NextSequence returns the bucket's next sequence number (1, 2, ...).
	NextSequence() (uint64, error)
	// Sequence returns the bucket's last sequence number.
	Sequence() uint64
	// SetSequence sets it (a copy between stores).
	SetSequence(v uint64) error
	// Bucket returns the nested bucket name, or nil.
	Bucket(name []byte) kvBucket
	CreateBucket(name []byte) (kvBucket, error)
	CreateBucketIfNotExists(name []byte) (kvBucket, error)
	DeleteBucket(name []byte) error
	// KeyN counts the bucket's keys.
	KeyN() int
}

// kvCursor walks a bucket in key order. Each method returns the key and
// value it lands on, or a nil key past either end.
type kvCursor interface {
	First() ([]byte, []byte)
	Last() ([]byte, []byte)
	Next() ([]byte, []byte)
	Prev() ([]byte, []byte)
	// Seek lands on the first key at or after seek.
	Seek(seek []byte) ([]byte, []byte)
}

// kvProbe is a read a transaction can make in advance (prefetch): the
// value of key in the bucket at path, whether key names a bucket nested
// there (nested), or the last key of that bucket (last, key unused).
// absent says the key is almost always absent (a new interaction id): a
// PostgreSQL transaction run optimistically presumes so without asking,
// and confirms it at commit (kv_pg_occ.go).
type kvProbe struct {
	path   [][]byte
	key    []byte
	nested bool
	last   bool
	absent bool
}

// prefetch asks tx to make probes now, together: on PostgreSQL in one
// round trip (the reads that follow are answered from their results), on
// bbolt, whose reads cost no round trip, not at all. It changes no result.
func prefetch(tx kvTx, probes ...kvProbe) {
	if p, ok := tx.(interface{ prefetch([]kvProbe) }); ok {
		p.prefetch(probes)
	}
}

// moveProbes are the reads of a move on table id with interaction inter:
// the envelope, the log's bucket and its last key, the interaction record
// and the binding.
func moveProbes(id uint64, inter string) []kvProbe {
	ps := []kvProbe{
		{path: [][]byte{bucketTables}, key: itob(id)},
		{path: [][]byte{bucketLogs}, key: itob(id), nested: true},
		{path: [][]byte{bucketLogs, itob(id)}, last: true},
		{path: [][]byte{bucketBindings}, key: itob(id)},
	}
	if inter != "" {
		ps = append(ps, kvProbe{path: [][]byte{bucketInteractions}, key: []byte(inter), absent: true})
	}
	return ps
}
