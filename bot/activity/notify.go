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

// Announcer carries table versions between the processes sharing one
// store (storage.Store on PostgreSQL: NOTIFY spindle_table).
type Announcer interface {
	Announce(table, version uint64) error
	OnAnnounce(f func(table, version uint64))
}

// Shared is the Notifier of processes sharing one store: a version
// announced here goes to this process's watchers at once and, through the
// store, to every other process's, whose own Shared hands it to theirs. So
// a live table follows a move whichever process made it.
type Shared struct {
	*Hub
	store Announcer
	log   func(error)
}

var _ Notifier = (*Shared)(nil)

// NewShared returns a Shared notifier over store, listening to the other
// processes' versions at once. failed, when set, is told of an
// announcement the store could not send (watchers elsewhere then see the
// move when their stream next reconnects).
func NewShared(store Announcer, failed func(error)) *Shared {
	n := &Shared{Hub: NewHub(), store: store, log: failed}
	store.OnAnnounce(n.Hub.Changed)
	return n
}

// Changed implements commands.Changes: this process's watchers first, then
// the other processes'.
func (n *Shared) Changed(table, version uint64) {
	n.Hub.Changed(table, version)
	if err := n.store.Announce(table, version); err != nil && n.log != nil {
		n.log(err)
	}
}
