package storage

import (
	bolt "go.etcd.io/bbolt"
)

// boltDB is the embedded backend: kvDB over a bbolt file.
type boltDB struct{ db *bolt.DB }

func (d boltDB) View(fn func(kvTx) error) error {
	return d.db.View(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (d boltDB) Update(fn func(kvTx) error) error {
	return d.db.Update(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (d boltDB) Close() error { return d.db.Close() }

type boltTx struct{ tx *bolt.Tx }

func (t boltTx) Bucket(name []byte) kvBucket { return wrapBucket(t.tx.Bucket(name)) }

func (t boltTx) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	b, err := t.tx.CreateBucketIfNotExists(name)
	return wrapBucket(b), err
}

func (t boltTx) DeleteBucket(name []byte) error { return t.tx.DeleteBucket(name) }

// wrapBucket keeps a missing bucket a nil interface.
func wrapBucket(b *bolt.Bucket) kvBucket {
	if b == nil {
		return nil
	}
	return boltBucket{b}
}

type boltBucket struct{ b *bolt.Bucket }

func (b boltBucket) Get(k []byte) []byte   { return b.b.Get(k) }
func (b boltBucket) Put(k, v []byte) error { return b.b.Put(k, v) }
func (b boltBucket) Delete(k []byte) error { return b.b.Delete(k) }

// Claim on bbolt is a Get and a Put: one process holds the file and its
// writes are serial, so no other transaction can come between them.
func (b boltBucket) Claim(k, v []byte) ([]byte, bool, error) {
	if old := b.b.Get(k); old != nil {
		return old, false, nil
	}
	return nil, true, b.b.Put(k, v)
}
func (b boltBucket) Cursor() kvCursor               { return boltCursor{b.b.Cursor()} }
func (b boltBucket) NextSequence() (uint64, error)  { return b.b.NextSequence() }
func (b boltBucket) Sequence() uint64               { return b.b.Sequence() }
func (b boltBucket) SetSequence(v uint64) error     { return b.b.SetSequence(v) }
func (b boltBucket) Bucket(name []byte) kvBucket    { return wrapBucket(b.b.Bucket(name)) }
func (b boltBucket) DeleteBucket(name []byte) error { return b.b.DeleteBucket(name) }
func (b boltBucket) KeyN() int                      { return b.b.Stats().KeyN }

func (b boltBucket) ForEach(fn func(k, v []byte) error) error { return b.b.ForEach(fn) }

func (b boltBucket) CreateBucket(name []byte) (kvBucket, error) {
	c, err := b.b.CreateBucket(name)
	return wrapBucket(c), err
}

func (b boltBucket) CreateBucketIfNotExists(name []byte) (kvBucket, error) {
	c, err := b.b.CreateBucketIfNotExists(name)
	return wrapBucket(c), err
}

type boltCursor struct{ c *bolt.Cursor }

func (c boltCursor) First() ([]byte, []byte)        { return c.c.First() }
func (c boltCursor) Last() ([]byte, []byte)         { return c.c.Last() }
func (c boltCursor) Next() ([]byte, []byte)         { return c.c.Next() }
func (c boltCursor) Prev() ([]byte, []byte)         { return c.c.Prev() }
func (c boltCursor) Seek(k []byte) ([]byte, []byte) { return c.c.Seek(k) }
