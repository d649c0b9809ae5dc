package commands

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

// countingRender records every picture the App asks the renderer for.
type countingRender struct {
	mu    sync.Mutex
	kinds map[imaging.Kind]int
}

func (c *countingRender) render(k imaging.Kind, _ any, _ imaging.Options) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kinds[k]++
	return []byte(fmt.Sprintf("png %d", c.kinds[k])), nil
}

func (c *countingRender) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.kinds {
		n += v
	}
	return n
}

// TestPicturesAreDrawnOncePerPosition plays a move through the menus and
// checks what it costs in renders: the menu steps, a second panel, the
// status and the table's Refresh reuse the pictures of the position; a
// move through the menus that hands the turn on draws exactly the panel
// with the chosen card marked (Warp and Weft's card step) and the new
// board: the mover's panel waits without a picture until the turn comes
// back.
func TestPicturesAreDrawnOncePerPosition(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	c := &countingRender{kinds: map[imaging.Kind]int{}}
	h.app.Render = c.render
	h.app.images().forget(id)

	if _, err := h.command(alice, "game status", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h.command(bob, "game status", nil); err != nil {
		t.Fatal(err)
	}
	if n := c.kinds[imaging.Table]; n != 1 {
		t.Fatalf("two status calls drew the board %d times", n)
	}
	table := h.rec.last("c1")
	if _, err := h.click(alice, table.id, button(t, table.msg, "Refresh")); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := h.click(alice, table.id, button(t, table.msg, "My hand & moves")); err != nil {
			t.Fatal(err)
		}
	}
	if n := c.kinds[imaging.Panel]; n != 1 {
		t.Fatalf("alice's panel opened twice was drawn %d times", n)
	}
	if n := c.kinds[imaging.Table]; n != 1 {
		t.Fatalf("refresh drew the board again (%d renders)", n)
	}
	before := c.total()
	h.move(alice) // open the panel, choose a group, choose a move
	if got := c.total() - before; got != 2 {
		t.Fatalf("a move through the menus that hands the turn on cost %d renders, want 2 (the card step's panel and the board): %v", got, c.kinds)
	}
	// Bob sees his own view, drawn for him once.
	table = h.rec.last("c1")
	for range 2 {
		if _, err := h.click(bob, table.id, button(t, table.msg, "My hand & moves")); err != nil {
			t.Fatal(err)
		}
	}
	if n := c.kinds[imaging.Panel]; n != 3 {
		t.Fatalf("%d panel renders, want alice's two (her hand, then her chosen card) and bob's one", n)
	}
	tbl, err := h.store.Load(h.app.Catalog, id)
	if err != nil {
		t.Fatal(err)
	}
	if tbl.Version() == 0 || tbl.View(games.Seat(1)) == nil {
		t.Fatal("no table")
	}
}

// TestImageCacheBound keeps the cache within its byte budget, evicting
// the least recently used picture, and never caches a failure.
func TestImageCacheBound(t *testing.T) {
	c := newImageCache(10)
	draws := 0
	draw := func(n int) func() ([]byte, error) {
		return func() ([]byte, error) { draws++; return make([]byte, n), nil }
	}
	k := func(v uint64) imageKey { return imageKey{table: 1, version: v} }
	c.get(k(1), draw(4))
	c.get(k(2), draw(4))
	c.get(k(1), draw(4)) // hit, now most recent
	c.get(k(3), draw(4)) // evicts 2
	if draws != 3 || c.size != 8 {
		t.Fatalf("draws %d size %d", draws, c.size)
	}
	c.get(k(2), draw(4))
	if draws != 4 {
		t.Fatal("the evicted picture was not drawn again")
	}
	c.get(k(9), draw(11)) // larger than the budget: returned, not kept
	if c.size > 10 {
		t.Fatalf("size %d over the budget", c.size)
	}
	if _, err := c.get(k(5), func() ([]byte, error) { return nil, fmt.Errorf("boom") }); err == nil {
		t.Fatal("the failure was lost")
	}
	if _, ok := c.entries[k(5)]; ok {
		t.Fatal("a failed drawing was cached")
	}
	c.forget(1)
	if c.size != 0 || len(c.entries) != 0 || c.order.Len() != 0 {
		t.Fatalf("forget left %d bytes", c.size)
	}
}

// TestOneCommitPerMove: a move through the menus, with its clock, its
// timers and its new board, costs the store one durable commit; the new
// board's message id rides along with a later commit.
func TestOneCommitPerMove(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	h.move(alice) // the first move after the start settles the lobby's records
	before := h.store.Commits()
	h.move(bob)
	if got := h.store.Commits() - before; got != 1 {
		t.Fatalf("a move cost %d commits, want 1", got)
	}
	b, err := h.store.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Message != h.rec.last("c1").id {
		t.Fatalf("binding names board %q, the channel's last message is %q", b.Message, h.rec.last("c1").id)
	}
	// The posted board clears the move from the outbox, durably.
	if recs, err := h.store.Unannounced(0); err != nil || len(recs) != 0 {
		t.Fatalf("outbox after a posted move: %+v %v", recs, err)
	}
	h.store.Close()
	st, err := storage.Open(h.path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if recs, err := st.Unannounced(0); err != nil || len(recs) != 0 {
		t.Fatalf("outbox after a restart: %+v %v", recs, err)
	}
}
