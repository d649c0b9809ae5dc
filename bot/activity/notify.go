package activity

import (
	"sync"

	"spindle/commands"
)

// Notifier carries "table T now stands at version V" to the live tables
// that watch T. It is told by the commands layer (commands.Changes) after
// each announced commit. Hub is the in-process one; a notifier across
// processes (PostgreSQL's LISTEN/NOTIFY) implements the same interface.
type Notifier interface {
	commands.Changes
	// Subscribe returns a channel that receives table's versions as they
	// are announced, the latest one when a reader falls behind (a watcher
	// only ever needs the newest), until cancel is called.
	Subscribe(table uint64) (versions <-chan uint64, cancel func())
}

// Hub is the in-process Notifier: every subscriber of a table gets each
// change, coalesced to the latest version when it has not read the last.
type Hub struct {
	mu   sync.Mutex
	subs map[uint64]map[chan uint64]struct{}
}

var _ Notifier = (*Hub)(nil)

// NewHub returns an empty Hub.
func NewHub() *Hub { return &Hub{subs: map[uint64]map[chan uint64]struct{}{}} }

// Changed implements commands.Changes. It never blocks.
func (h *Hub) Changed(table, version uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[table] {
		select {
		case <-ch: // drop the unread older version
		default:
		}
		ch <- version // cannot block: the buffer of one is empty now, and only senders hold mu
	}
}

// Subscribe implements Notifier.
func (h *Hub) Subscribe(table uint64) (<-chan uint64, func()) {
	ch := make(chan uint64, 1)
	h.mu.Lock()
	if h.subs[table] == nil {
		h.subs[table] = map[chan uint64]struct{}{}
	}
	h.subs[table][ch] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[table], ch)
			if len(h.subs[table]) == 0 {
				delete(h.subs, table)
			}
			h.mu.Unlock()
		})
	}
}

// Watchers is how many subscriptions table has (for tests and metrics).
func (h *Hub) Watchers(table uint64) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[table])
}
