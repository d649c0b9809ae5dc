package storage

import (
	"bytes"
	"container/list"
	"sync"

	"spindle/games"
)

// tableCacheSize bounds the decoded tables kept in memory: the tables
// being played right now.
const tableCacheSize = 512

// tableCache keeps, for recently moved tables, the envelope last written
// and the table it decodes to, so the next move on the table forks the
// decoded table instead of decoding the envelope again. An entry is used
// only when the stored envelope is byte for byte the one it was made
// from, so it can never be stale; the tables in it are never handed out,
// only forks of them.
type tableCache struct {
	mu    sync.Mutex
	order *list.List // of *cachedTable, most recent first
	byID  map[uint64]*list.Element
}

type cachedTable struct {
	id  uint64
	env []byte
	t   games.Table
}

func newTableCache() *tableCache {
	return &tableCache{order: list.New(), byID: map[uint64]*list.Element{}}
}

// fork returns a fork of table id decoded from env, if the cache holds it.
func (c *tableCache) fork(id uint64, env []byte) (games.Table, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	e, ok := c.byID[id]
	if !ok {
		c.mu.Unlock()
		return nil, false
	}
	ct := e.Value.(*cachedTable)
	if !bytes.Equal(ct.env, env) {
		c.mu.Unlock()
		return nil, false
	}
	c.order.MoveToFront(e)
	t := ct.t
	c.mu.Unlock()
	// Forking reads the cached table only; nobody writes to it.
	f, err := t.Fork()
	if err != nil {
		return nil, false
	}
	return f, true
}

// put remembers that table id's stored envelope is env, decoding to t (a
// table the caller keeps using: the cache stores a fork of it).
func (c *tableCache) put(id uint64, env []byte, t games.Table) {
	if c == nil {
		return
	}
	f, err := t.Fork()
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok {
		e.Value = &cachedTable{id: id, env: env, t: f}
		c.order.MoveToFront(e)
		return
	}
	c.byID[id] = c.order.PushFront(&cachedTable{id: id, env: env, t: f})
	for c.order.Len() > tableCacheSize {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*cachedTable).id)
	}
}

// latest returns a fork of the table id was last stored as by this
// process, and that envelope, if the cache holds it. Another process may
// have moved the table since: a caller checks env against the store
// before trusting it.
func (c *tableCache) latest(id uint64) ([]byte, games.Table, bool) {
	if c == nil {
		return nil, nil, false
	}
	c.mu.Lock()
	e, ok := c.byID[id]
	if !ok {
		c.mu.Unlock()
		return nil, nil, false
	}
	ct := e.Value.(*cachedTable)
	c.order.MoveToFront(e)
	env, t := ct.env, ct.t
	c.mu.Unlock()
	f, err := t.Fork()
	if err != nil {
		return nil, nil, false
	}
	return env, f, true
}
