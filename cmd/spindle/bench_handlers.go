package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

// benchPoster is an in-process Poster that keeps the last message of each
// channel and counts what was posted.
type benchPoster struct {
	mu    sync.Mutex
	next  int
	last  map[string]benchPosted
	files atomic.Int64
}

// benchPosted is one message the poster holds, with its id.
type benchPosted struct {
	id  string
	msg commands.Message
}

// Post keeps m as the channel's last message.
func (p *benchPoster) Post(_ context.Context, ch string, m commands.Message) (string, error) {
	p.files.Add(int64(len(m.Files)))
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next++
	id := fmt.Sprintf("m%d", p.next)
	p.last[ch] = benchPosted{id: id, msg: m}
	return id, nil
}

// Edit replaces the channel's last message when it is the one edited.
func (p *benchPoster) Edit(_ context.Context, ch, id string, m commands.Message) error {
	p.files.Add(int64(len(m.Files)))
	p.mu.Lock()
	defer p.mu.Unlock()
	if l, ok := p.last[ch]; ok && l.id == id {
		p.last[ch] = benchPosted{id: id, msg: m}
	}
	return nil
}

// Delete forgets the channel's last message when it is the one deleted.
func (p *benchPoster) Delete(_ context.Context, ch, id string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if l, ok := p.last[ch]; ok && l.id == id {
		delete(p.last, ch)
	}
	return nil
}

// Thread returns a new thread id.
func (p *benchPoster) Thread(_ context.Context, ch, name string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next++
	return fmt.Sprintf("th%d", p.next), nil
}

// EditReply counts the files of an interaction reply's edit (a panel
// following the game) and drops it.
func (p *benchPoster) EditReply(_ context.Context, _ string, m commands.Message) error {
	p.files.Add(int64(len(m.Files)))
	return nil
}

// DM drops the message.
func (p *benchPoster) DM(context.Context, string, commands.Message) error { return nil }

// lastIn returns the last message posted to a channel.
func (p *benchPoster) lastIn(ch string) (benchPosted, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	m, ok := p.last[ch]
	return m, ok
}

// benchApp drives a commands.App in-process the way Discord would, with
// the real renderer and a fresh store.
type benchApp struct {
	app    *commands.App
	poster *benchPoster
	game   string
	seats  int
	n      atomic.Int64
	// prefix tells apart the interaction ids of processes sharing a store.
	prefix string
}

// handle answers one request, filling in its id, guild and time.
func (h *benchApp) handle(req commands.Request) (commands.Response, error) {
	req.ID = fmt.Sprintf("%si%d", h.prefix, h.n.Add(1))
	req.Token = req.ID // panels follow the game, as they do on Discord
	req.Guild = "g1"
	req.At = time.Now()
	resp, err := h.app.Handle(context.Background(), req, h.poster)
	h.app.Delivered(context.Background(), req, resp, h.poster)
	return resp, err
}

// benchUser is the user at seat-joining position i.
func benchUser(i int) commands.User {
	return commands.User{ID: fmt.Sprint(1000 + i), Name: fmt.Sprintf("player%d", i)}
}

// benchButton finds a button by label in a lobby message.
func benchButton(m commands.Message, label string) (string, error) {
	for _, r := range m.Rows {
		for _, b := range r.Buttons {
			if b.Label == label {
				return b.CustomID, nil
			}
		}
	}
	return "", fmt.Errorf("bench: no %q button in the lobby", label)
}

// newTable opens a lobby in ch, seats the players and starts the game, as
// the players would through the commands; it returns the table's binding.
func (h *benchApp) newTable(ch string) (storage.Binding, error) {
	host := benchUser(0)
	if _, err := h.handle(commands.Request{Kind: commands.Command, Channel: ch, User: host, Command: "game new",
		Options: map[string]string{"game": h.game}}); err != nil {
		return storage.Binding{}, fmt.Errorf("bench: game new: %w", err)
	}
	lobby, ok := h.poster.lastIn(ch)
	if !ok {
		return storage.Binding{}, errors.New("bench: game new posted no lobby")
	}
	join, err := benchButton(lobby.msg, "Join")
	if err != nil {
		return storage.Binding{}, err
	}
	start, err := benchButton(lobby.msg, "Start")
	if err != nil {
		return storage.Binding{}, err
	}
	for i := 1; i < h.seats; i++ {
		if _, err := h.handle(commands.Request{Kind: commands.Component, Channel: ch, User: benchUser(i), CustomID: join, Message: lobby.id}); err != nil {
			return storage.Binding{}, fmt.Errorf("bench: join: %w", err)
		}
	}
	if _, err := h.handle(commands.Request{Kind: commands.Component, Channel: ch, User: host, CustomID: start, Message: lobby.id}); err != nil {
		return storage.Binding{}, fmt.Errorf("bench: start: %w", err)
	}
	id, err := h.app.Store.Active(ch)
	if err != nil {
		return storage.Binding{}, fmt.Errorf("bench: start: %w", err)
	}
	b, err := h.app.Store.GetBinding(id)
	if err != nil {
		return storage.Binding{}, fmt.Errorf("bench: %w", err)
	}
	return b, nil
}

// move plays one weighted random legal move at the table through a 't'
// component, as the panel's buttons do, and returns the handler's time;
// done is set when the game was already over.
func (h *benchApp) move(b storage.Binding, rng *rand.Rand) (d time.Duration, done bool, err error) {
	t, err := h.app.Store.Load(h.app.Catalog, b.Table)
	if err != nil {
		return 0, false, fmt.Errorf("bench: %w", err)
	}
	if t.Over() {
		return 0, true, nil
	}
	seat := t.ToAct()[0]
	legal := t.Legal(seat)
	key := legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key
	u := commands.User{ID: b.Users[seat], Name: "player"}
	req := commands.Request{Kind: commands.Component, Channel: b.Channel, User: u, MessageOwner: u.ID, Message: "panel",
		CustomID: commands.CustomID{Route: 't', Table: b.Table, Version: t.Version(), Arg: key}.MustEncode()}
	start := time.Now()
	resp, err := h.handle(req)
	d = time.Since(start)
	if err != nil {
		return 0, false, fmt.Errorf("bench: move %s at table %d: %w", key, b.Table, err)
	}
	if resp.Message != nil {
		h.poster.files.Add(int64(len(resp.Message.Files)))
	}
	return d, false, nil
}

// cpuTime is the process's user plus system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchHandlersSection drives the real handlers (commands.App.Handle with
// the real renderer and a fresh store): rendered moves at many tables at
// once, then light interactions, and the CPU and memory each move costs.
func benchHandlersSection(r *benchReport, o benchOpts, work string) error {
	r.section(fmt.Sprintf("4. through the handlers (%s, %d players, %d goroutines, real renderer, fresh store; new tables when games end included)", o.game, o.seats, o.workers))
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	store, err := storage.Open(filepath.Join(work, "handlers.db"), storage.Options{Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer store.Close()
	h := &benchApp{app: &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop()},
		poster: &benchPoster{last: map[string]benchPosted{}}, game: o.game, seats: o.seats}

	// (a) Rendered moves: each goroutine plays at its own tables, opening a
	// new one (in its own channel) whenever a game ends.
	per := max(o.moves/o.workers, 1)
	tables := make([]storage.Binding, o.workers)
	for w := range tables {
		if tables[w], err = h.newTable(fmt.Sprintf("c%d-0", w)); err != nil {
			return err
		}
	}
	lat := make([][]time.Duration, o.workers)
	errs := make([]error, o.workers)
	files := h.poster.files.Load()
	reused0, encoded0 := imaging.BandStats()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu := cpuTime()
	var wg sync.WaitGroup
	start := time.Now()
	for w := range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			b, next := tables[w], 1
			for len(lat[w]) < per {
				d, done, err := h.move(b, rng)
				if err != nil {
					errs[w] = err
					return
				}
				if done {
					if b, err = h.newTable(fmt.Sprintf("c%d-%d", w, next)); err != nil {
						errs[w] = err
						return
					}
					next++
					continue
				}
				lat[w] = append(lat[w], d)
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	cpu = cpuTime() - cpu
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if err := errors.Join(errs...); err != nil {
		return err
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	moves := len(all)
	rate := float64(moves) / wall.Seconds()
	r.check("rendered moves per second", fmt.Sprintf("%.1f /s", rate), ">= 50 /s", rate >= 50)
	r.info("rendered move p50", fmtMS(quantile(all, .5)))
	p99 := quantile(all, .99)
	r.check("rendered move p99", fmtMS(p99), "<= 1000 ms", p99 <= time.Second)
	r.info("pictures per move (posted + panel)", fmt.Sprintf("%.2f", float64(h.poster.files.Load()-files)/float64(moves)))
	if reused, encoded := imaging.BandStats(); reused+encoded > reused0+encoded0 {
		r.info("PNG bands reused from the previous pictures", fmt.Sprintf("%.0f %%", 100*float64(reused-reused0)/float64(reused+encoded-reused0-encoded0)))
	}
	cpuMS := ms(cpu) / float64(moves)
	r.check("CPU per rendered move (user+sys)", fmt.Sprintf("%.1f ms", cpuMS), "<= 20 ms", cpuMS <= 20)
	mib := float64(after.TotalAlloc-before.TotalAlloc) / float64(moves) / (1 << 20)
	r.check("allocated per rendered move", fmt.Sprintf("%.2f MiB", mib), "<= 10 MiB", mib <= 10)

	// (b) Light interactions at live tables whose pictures are drawn:
	// the panel button, Refresh, the table's Rules button and /rules.
	live := make([]storage.Binding, o.workers)
	rng := rand.New(rand.NewPCG(3, 4))
	for w := range live {
		if live[w], err = h.newTable(fmt.Sprintf("light%d", w)); err != nil {
			return err
		}
		if _, _, err := h.move(live[w], rng); err != nil {
			return err
		}
	}
	light := func(b storage.Binding, i int) commands.Request {
		u := commands.User{ID: b.Users[i/4%len(b.Users)], Name: "player"}
		req := commands.Request{Kind: commands.Component, Channel: b.Channel, User: u}
		switch i % 4 {
		case 0:
			req.CustomID = commands.CustomID{Route: 'o', Table: b.Table, Arg: "panel"}.MustEncode()
		case 1:
			req.CustomID = commands.CustomID{Route: 'o', Table: b.Table, Arg: "refresh"}.MustEncode()
			if m, ok := h.poster.lastIn(b.Channel); ok {
				req.Message = m.id
			}
		case 2:
			req.CustomID = commands.CustomID{Route: 'o', Table: b.Table, Arg: "rules"}.MustEncode()
		default:
			req = commands.Request{Kind: commands.Command, Channel: b.Channel, User: u, Command: "rules", Options: map[string]string{"game": o.game}}
		}
		return req
	}
	for w, b := range live { // draw every picture once before timing
		for i := range 2 * len(b.Users) * 4 {
			if _, err := h.handle(light(b, i)); err != nil {
				return fmt.Errorf("bench: light interaction %d at %d: %w", i, w, err)
			}
		}
	}
	perW := max(o.light/o.workers, 1)
	lat = make([][]time.Duration, o.workers)
	start = time.Now()
	for w := range o.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perW {
				t := time.Now()
				if _, err := h.handle(light(live[w], i)); err != nil {
					errs[w] = fmt.Errorf("bench: light interaction: %w", err)
					return
				}
				lat[w] = append(lat[w], time.Since(t))
			}
		}()
	}
	wg.Wait()
	wall = time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return err
	}
	all = slices.Concat(lat...)
	slices.Sort(all)
	rate = float64(len(all)) / wall.Seconds()
	r.check("light interactions per second", fmt.Sprintf("%.0f /s", rate), ">= 2000 /s", rate >= 2000)
	r.info("light interaction p50", fmtMS(quantile(all, .5)))
	p99 = quantile(all, .99)
	r.check("light interaction p99", fmtMS(p99), "<= 1000 ms", p99 <= time.Second)
	return nil
}
