package commands

import (
	"container/list"
	"strings"
	"sync"

	"spindle/games"
	"spindle/imaging"
	"spindle/imaging/pictures"
	"spindle/storage"
)

// DefaultImageCacheBytes bounds the picture cache when App.ImageCacheBytes
// is zero: about two hundred table pictures.
const DefaultImageCacheBytes = 48 << 20

// imageKey names one picture exactly. A table's state is fixed by its id
// and version (an undo reuses versions, so Undo forgets the table's
// pictures), a view by the seat that sees it, and the drawing by the kind
// and the seats' display names.
type imageKey struct {
	table   uint64
	version uint64
	undos   uint64 // versions repeat after an undo; this count does not
	kind    imaging.Kind
	seat    games.Seat
	replay  bool
	names   string
	focus   string // the choice group a panel is showing (imaging.Options.Focus)
}

// imageCache keeps the PNGs most recently drawn, least recently used
// first out, within a byte budget, and draws each missing picture once
// even when several handlers ask for it at the same moment.
type imageCache struct {
	mu       sync.Mutex
	max      int
	size     int
	order    *list.List // of *imageEntry, most recent at the front
	entries  map[imageKey]*list.Element
	inflight map[imageKey]*imageCall
}

type imageEntry struct {
	key imageKey
	png []byte
}

// imageCall is a drawing in progress that other askers wait for.
type imageCall struct {
	done chan struct{}
	png  []byte
	err  error
}

func newImageCache(max int) *imageCache {
	return &imageCache{max: max, order: list.New(), entries: map[imageKey]*list.Element{}, inflight: map[imageKey]*imageCall{}}
}

// get returns the picture for k, drawing it with draw when it is neither
// cached nor being drawn. Failures are not cached.
func (c *imageCache) get(k imageKey, draw func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[k]; ok {
		c.order.MoveToFront(e)
		png := e.Value.(*imageEntry).png
		c.mu.Unlock()
		return png, nil
	}
	if call, ok := c.inflight[k]; ok {
		c.mu.Unlock()
		<-call.done
		return call.png, call.err
	}
	call := &imageCall{done: make(chan struct{})}
	c.inflight[k] = call
	c.mu.Unlock()

	call.png, call.err = draw()

	c.mu.Lock()
	delete(c.inflight, k)
	if call.err == nil && len(call.png) <= c.max {
		c.entries[k] = c.order.PushFront(&imageEntry{key: k, png: call.png})
		c.size += len(call.png)
		for c.size > c.max {
			last := c.order.Back()
			e := last.Value.(*imageEntry)
			c.order.Remove(last)
			delete(c.entries, e.key)
			c.size -= len(e.png)
		}
	}
	c.mu.Unlock()
	close(call.done)
	return call.png, call.err
}

// forget drops every cached picture of a table.
func (c *imageCache) forget(table uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if k.table == table {
			c.order.Remove(e)
			delete(c.entries, k)
			c.size -= len(e.Value.(*imageEntry).png)
		}
	}
}

// images returns the App's picture cache, made on first use.
func (a *App) images() *imageCache {
	a.imagesOnce.Do(func() {
		n := a.ImageCacheBytes
		if n == 0 {
			n = DefaultImageCacheBytes
		}
		a.imageCache = newImageCache(n)
	})
	return a.imageCache
}

// picture is the PNG of kind for seat's view of b's table t at its
// current version, from the cache when it was drawn before. The view is
// built only when the picture must be drawn.
func (a *App) picture(kind imaging.Kind, b storage.Binding, t games.Table, seat games.Seat) ([]byte, error) {
	return a.pictureOf(imageKey{table: b.Table, version: t.Version(), undos: b.Undos, kind: kind, seat: seat,
		names: strings.Join(b.Names, "\x00")}, t, b.Names)
}

func (a *App) pictureOf(k imageKey, t games.Table, names []string) ([]byte, error) {
	return a.images().get(k, func() ([]byte, error) {
		return a.render(k.kind, t.View(k.seat), imaging.Options{Names: names, Focus: k.focus})
	})
}

// focuses reports whether t's game marks a focus on its panel, learnt
// once per game.
func (a *App) focuses(t games.Table) bool {
	return learnt(&a.focusKinds, t, pictures.Focuses)
}

// hasPlayers reports whether t's game draws its players apart from its
// board (imaging.Players), learnt once per game.
func (a *App) hasPlayers(t games.Table) bool {
	return learnt(&a.playerKinds, t, func(view any) bool { return pictures.Has(imaging.Players, view) })
}

// learnt answers ask of t's game from the spectator's view, once per game:
// the answer is kept in m by game ID, since it depends on the game alone.
func learnt(m *sync.Map, t games.Table, ask func(view any) bool) bool {
	id := t.Info().ID
	has, known := m.Load(id)
	if !known {
		has = ask(t.View(games.Spectator))
		m.Store(id, has)
	}
	return has.(bool)
}

// panelPicture is seat's panel picture, focused on the choice group the
// panel shows (the card being placed), if any.
func (a *App) panelPicture(b storage.Binding, t games.Table, seat games.Seat, focus string) ([]byte, error) {
	if focus != "" && !a.focuses(t) {
		focus = "" // the game's panel does not show it: one picture serves
	}
	return a.pictureOf(imageKey{table: b.Table, version: t.Version(), undos: b.Undos, kind: imaging.Panel, seat: seat,
		names: strings.Join(b.Names, "\x00"), focus: focus}, t, b.Names)
}
