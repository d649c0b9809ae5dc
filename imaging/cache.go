package imaging

import "sync"

// Cache is a bounded, concurrency-safe cache of what pictures reuse: the
// encoder's compressed bands, sprites, a game's prepared layers. It keeps
// entries in two generations: a lookup reads both and moves an entry found
// in the old one to the new; when the new one holds half the budget (by
// the cost of its entries) it becomes the old one and the old is dropped.
// That is an approximate LRU at the cost of two maps, and it never holds
// more than its budget. Values are shared between renders once stored, so
// they must never be written again.
type Cache[K comparable, V any] struct {
	mu       sync.Mutex
	cur, old map[K]V
	curCost  int
	budget   int
	cost     func(V) int
}

// NewCache returns an empty cache holding at most budget, counted by cost.
func NewCache[K comparable, V any](budget int, cost func(V) int) *Cache[K, V] {
	return &Cache[K, V]{cur: map[K]V{}, old: map[K]V{}, budget: budget, cost: cost}
}

// Get returns the value kept for k.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		return v, true
	}
	v, ok := c.old[k]
	if ok {
		delete(c.old, k)
		c.putLocked(k, v)
	}
	return v, ok
}

// Put keeps v for k, unless a value is kept for k already (the first one
// stays, so a value handed out is never replaced under a reader).
func (c *Cache[K, V]) Put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.old[k]; ok {
		return
	}
	c.putLocked(k, v)
}

func (c *Cache[K, V]) putLocked(k K, v V) {
	if _, ok := c.cur[k]; ok {
		return
	}
	n := c.cost(v)
	if c.curCost+n > c.budget/2 {
		c.old, c.cur, c.curCost = c.cur, make(map[K]V, len(c.cur)), 0
	}
	c.cur[k] = v
	c.curCost += n
}

// Len is the number of entries kept.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cur) + len(c.old)
}

// Clear drops every entry (tests that measure a whole render use it).
func (c *Cache[K, V]) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur, c.old, c.curCost = map[K]V{}, map[K]V{}, 0
}
