package commands

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"spindle/games"
	"spindle/games/ai"
	"spindle/storage"
)

// An AI seat's user id is "ai:<level>:<n>" (storage.AIPrefix): no person
// has such an id, so no interaction can ever act for it, and n tells two
// AI seats of one table apart. Its moves come from aiTurn, in the
// background, woken by an "ai" timer that every move which leaves an AI
// seat to act schedules in its own transaction: the durable marker that
// a restart picks up.

// isAI reports whether a seat's user is an AI.
func isAI(user string) bool { return storage.IsAI(user) }

// aiLevelOf returns the level an AI seat plays at.
func aiLevelOf(user string) (ai.Level, bool) {
	if !isAI(user) {
		return ai.Level{}, false
	}
	return ai.ByName(storage.AILevel(user))
}

// aiUser is the user id of a new AI seat of level at a table whose seats
// are users.
func aiUser(level string, users []string) string {
	for n := 1; ; n++ {
		u := storage.AIPrefix + level + ":" + strconv.Itoa(n)
		if !slices.Contains(users, u) {
			return u
		}
	}
}

// who names a seat's user in a message: a mention for a person, the AI's
// title in bold for an AI, and no one for a person who was forgotten.
func who(user string) string {
	if isAI(user) {
		return "**" + aiName(user) + "**"
	}
	if storage.IsFormer(user) {
		return "*" + storage.FormerName + "*"
	}
	return "<@" + user + ">"
}

// aiName is an AI seat's name: its level's title, numbered from the
// second AI of that level at a table ("Spindle AI (easy) 2"), so two of
// them are told apart in the log.
func aiName(user string) string {
	lvl, ok := aiLevelOf(user)
	if !ok {
		return "Spindle AI"
	}
	if _, n, _ := strings.Cut(strings.TrimPrefix(user, storage.AIPrefix+lvl.Name), ":"); n != "" && n != "1" {
		return lvl.Title() + " " + n
	}
	return lvl.Title()
}

// aiAt reports whether seat s of b is played by the AI.
func aiAt(b *storage.Binding, s games.Seat) bool {
	return s >= 0 && int(s) < len(b.Users) && isAI(b.Users[s])
}

// people returns the users that are persons (the ones a message may
// mention), in order.
func people(users []string) []string {
	var out []string
	for _, u := range users {
		if !isAI(u) {
			out = append(out, u)
		}
	}
	return out
}

// aiMarkerDue is the due time of every AI marker: long past, so the timer
// loop takes it at once, and always the same, so a table has at most one
// marker per AI seat however many moves wrote it.
var aiMarkerDue = time.Unix(1, 0).UTC()

// aiMarker is the marker of AI seat s of table.
func aiMarker(table uint64, s games.Seat) storage.Timer {
	return storage.Timer{Due: aiMarkerDue, Table: table, Seat: s, Kind: "ai"}
}

// aiTimers are the markers of the AI seats to act at t.
func aiTimers(b *storage.Binding, t games.Table) []storage.Timer {
	if t.Over() {
		return nil
	}
	var out []storage.Timer
	for _, s := range t.ToAct() {
		if aiAt(b, s) {
			out = append(out, aiMarker(b.Table, s))
		}
	}
	return out
}

// maxAITurn bounds the actions the AI plays in one go for a seat; a longer
// turn (no game has one) goes on at the next "ai" timer, which its last
// action scheduled.
const maxAITurn = 64

// wakeAI asks the timer loop to look at due timers now rather than at its
// next tick, so an AI seat answers a move at once.
func (a *App) wakeAI() {
	a.aiInit()
	select {
	case a.aiWake <- struct{}{}:
	default:
	}
}

func (a *App) aiInit() {
	a.aiOnce.Do(func() {
		a.aiWake = make(chan struct{}, 1)
		a.aiSlots = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	})
}

// WaitAI waits until every AI turn started so far has finished (tests and
// shutdown).
func (a *App) WaitAI() { a.aiRunning.Wait() }

// startAI runs the AI turns of timer tm's table in the background, one
// search per core at most and one turn per table at a time. The markers
// stay scheduled until the AI is done (aiTurn clears them), so a crash or
// a failure leaves them to be picked up again. It reports whether it took
// the timer (false: that table's AI is already playing).
func (a *App) startAI(ctx context.Context, tm storage.Timer, p Poster) bool {
	a.aiInit()
	if _, busy := a.aiBusy.LoadOrStore(tm.Table, true); busy {
		return false
	}
	a.aiBusyN.Add(1)
	a.aiRunning.Add(1)
	go func() {
		defer a.aiRunning.Done()
		defer a.aiBusyN.Add(-1)
		defer a.aiBusy.Delete(tm.Table)
		Safely(a.Log, "ai", func() {
			a.aiSlots <- struct{}{}
			err := a.aiTurn(ctx, tm, p)
			<-a.aiSlots
			if err == nil {
				return
			}
			a.Log.Error().Err(err).Uint64("table", tm.Table).Int("seat", int(tm.Seat)).Int("tries", tm.Tries+1).Msg("the AI's turn failed")
			next := tm
			next.Tries++
			next.Due = a.now().Add(min(time.Duration(1<<min(tm.Tries, 12))*noticeBackoff, maxAnnounceBackoff))
			if err := a.Store.Reschedule(tm, next); err != nil {
				a.Log.Error().Err(err).Uint64("table", tm.Table).Msg("could not retry the AI's turn")
			}
		})
	}()
	return true
}

// aiTurn plays the AI seats of tm's table for as long as one of them is
// to act: it thinks with no lock held (a person may act meanwhile; the
// move is then stale and the AI thinks again), commits each action like a
// person's move (its clock ticks, its markers are written with it) under
// the table's lock, and announces what it played, with its log lines, when
// no AI seat is to act any more, or every aiShowEvery of a long turn so
// the channel sees it progress. Once no AI seat is to act it clears the
// table's markers, under the lock, so a move that makes an AI seat act
// again cannot lose its marker.
func (a *App) aiTurn(ctx context.Context, tm storage.Timer, p Poster) error {
	var (
		pending []games.Step
		t       games.Table
	)
	shown := time.Now()
	show := func() {
		if len(pending) == 0 {
			return
		}
		defer a.lock(tm.Table)()
		b, err := a.Store.GetBinding(tm.Table)
		if err != nil {
			a.announceLater(tm.Table, err)
			return
		}
		if err := a.announce(ctx, p, &b, t, pending); err != nil {
			a.announceLater(b.Table, err) // the outbox shows it later
		}
		pending, shown = nil, time.Now()
	}
	defer show()
	for range maxAITurn {
		b, cur, seat, err := a.aiToAct(tm.Table)
		if err != nil {
			return err
		}
		if seat < 0 {
			done, err := a.aiDone(tm)
			if done || err != nil {
				return err
			}
			continue // an AI seat is to act again
		}
		lvl, _ := aiLevelOf(b.Users[seat])
		key, err := a.aiMove(ctx, b.Table, cur, seat, lvl)
		if err != nil {
			return err
		}
		aiChose(b.Table, seat)
		if ctx.Err() != nil {
			return nil // shutting down: the marker stays for the next start
		}
		next, steps, err := a.aiCommit(b.Table, seat, cur, key, b.Users[seat], b.Hand(int(seat)))
		if errors.Is(err, storage.ErrDuplicate) || errors.Is(err, games.ErrStale) {
			continue // someone moved while the AI thought: think again
		}
		if errors.Is(err, errSeatChanged) {
			// The seat changed hands while the AI thought (its person
			// took it back): the move is dropped unseen, and the loop
			// finds whether an AI seat is still to act.
			a.Log.Debug().Uint64("table", b.Table).Int("seat", int(seat)).Msg("the AI's seat changed hands while it thought; its move is dropped")
			continue
		}
		if err != nil {
			return err
		}
		t = next
		pending = append(pending, steps...)
		if time.Since(shown) > aiShowEvery {
			show()
		}
	}
	return nil // a turn longer than maxAITurn goes on at the next round
}

// aiToAct loads table and returns its first AI seat to act, or -1 (the
// table is gone, over or waits for a person).
func (a *App) aiToAct(table uint64) (storage.Binding, games.Table, games.Seat, error) {
	b, err := a.Store.GetBinding(table)
	if errors.Is(err, storage.ErrNotFound) {
		return b, nil, -1, nil
	}
	if err != nil || b.Status != statusActive {
		return b, nil, -1, err
	}
	t, err := a.Store.Load(a.Catalog, table)
	if err != nil {
		return b, nil, -1, err
	}
	for _, s := range t.ToAct() {
		if aiAt(&b, s) {
			return b, t, s, nil
		}
	}
	return b, t, -1, nil
}

// aiDone clears the AI markers of tm's table, and the timer tm, when no AI
// seat is to act there, under the table's lock (moves write markers under
// it). It reports false when an AI seat is to act after all.
func (a *App) aiDone(tm storage.Timer) (bool, error) {
	defer a.lock(tm.Table)()
	b, _, seat, err := a.aiToAct(tm.Table)
	if err != nil || seat >= 0 {
		return false, err
	}
	clear := []storage.Timer{tm}
	for s := range b.Users {
		clear = append(clear, aiMarker(tm.Table, games.Seat(s)))
	}
	return true, a.Store.Unschedule(clear...)
}

// aiChose is called by an AI turn between its choice and its commit; tests
// hold the turn there.
var aiChose = func(table uint64, seat games.Seat) {}

// aiShowEvery is how long the AI plays a turn before it shows what it did
// so far; it is shorter than the outbox's grace, so the outbox never posts
// an AI turn under way.
const aiShowEvery = 5 * time.Second

// errSeatChanged refuses an AI's move for a seat that changed hands (a
// /game rejoin, a new /game replace) after the AI's turn began.
var errSeatChanged = errors.New("commands: the seat changed hands while the AI thought")

// aiCommit commits the AI's key for seat at t (as it was when the AI
// thought) under the table's lock. user and hand are the seat's holder
// and hand count (storage.Binding.Hand) when the AI's turn began: the
// commit checks them inside its transaction and refuses with
// errSeatChanged, writing nothing, when the seat changed hands since, so
// the AI never moves for the person who took the seat back.
func (a *App) aiCommit(table uint64, seat games.Seat, t games.Table, key, user string, hand uint64) (games.Table, []games.Step, error) {
	defer a.lock(table)()
	b, err := a.Store.GetBinding(table)
	if err != nil {
		return nil, nil, err
	}
	meta := a.withClock(storage.Meta{At: a.now(), User: user,
		Interaction: fmt.Sprintf("ai:%d:%d:%d:%d", table, seat, t.Version(), b.Undos)}, b)
	effects := meta.Effects
	meta.Effects = func(bind *storage.Binding, after games.Table) ([]storage.Timer, error) {
		if int(seat) >= len(bind.Users) || bind.Users[seat] != user || bind.Hand(int(seat)) != hand {
			return nil, errSeatChanged
		}
		return effects(bind, after)
	}
	return a.Store.Play(a.Catalog, table, seat, t.Version(), key, meta)
}

// aiMove is the AI's choice for seat, within its level's budgets, from
// what the seat knows only; when the search cannot answer (an engine
// error), a legal move drawn with the game's playout weights, so an AI
// seat never stalls a table.
func (a *App) aiMove(ctx context.Context, table uint64, t games.Table, seat games.Seat, lvl ai.Level) (string, error) {
	if !a.PlainAI {
		budget := lvl.StopAfter()
		stop := func() bool { return ctx.Err() != nil || (budget != nil && budget()) }
		key, err := ai.Choose(t, seat, lvl, ai.Options{Seed: table<<24 ^ t.Version()<<4 ^ uint64(seat), Stop: stop})
		if err == nil {
			return key, nil
		}
		a.Log.Warn().Err(err).Uint64("table", table).Int("seat", int(seat)).Msg("the AI's search failed; it plays a weighted random move")
	}
	choices := t.Legal(seat)
	if len(choices) == 0 {
		return "", fmt.Errorf("commands: the AI seat %d of table %d has no move", seat, table)
	}
	rng := rand.New(rand.NewPCG(table, t.Version()))
	return choices[games.PickWeighted(t.Weights(seat), len(choices), rng.IntN)].Key, nil
}

// aiMenu is the host's private menu of the lobby's AI seats: add one at a
// level, or remove one.
func aiMenu(b storage.Binding, info games.Info) Message {
	s := &Select{CustomID: CustomID{Route: 'l', Table: b.Table, Arg: "ai"}.MustEncode(), Placeholder: "Add or remove an AI player…"}
	if len(b.Users) < info.MaxSeats {
		for _, l := range ai.Levels {
			s.Options = append(s.Options, Option{Label: "Add " + l.Title(), Value: "add:" + l.Name, Description: aiBlurb[l.Name]})
		}
	}
	for i, u := range b.Users {
		if isAI(u) && len(s.Options) < MaxSelectOptions {
			s.Options = append(s.Options, Option{Label: clip(fmt.Sprintf("Remove seat %d: %s", i+1, aiName(u)), MaxOptionLabel), Value: "drop:" + u})
		}
	}
	if len(s.Options) == 0 {
		return Message{Ephemeral: true, Content: fmt.Sprintf("The table is full (%d players) and has no AI seat to remove.", info.MaxSeats)}
	}
	return Message{Ephemeral: true, Content: "AI players fill seats: they count toward the players a game needs, and play their turns on their own.",
		Rows: []Row{{Select: s}}}
}

// aiBlurb describes each level in the lobby's menu.
var aiBlurb = map[string]string{
	"easy":   "Quick and forgiving: a few playouts a move",
	"normal": "A fair opponent: up to half a second a move",
	"hard":   "Thinks up to two seconds a move",
}

// aiSeatOp adds or removes an AI seat in a lobby (the host's "ai" menu).
func aiSeatOp(b *storage.Binding, info games.Info, arg string) (notice, refusal string) {
	op, val, _ := strings.Cut(arg, ":")
	switch op {
	case "add":
		lvl, ok := ai.ByName(val)
		if !ok {
			return "", "That isn't an AI level I know."
		}
		if len(b.Users) >= info.MaxSeats {
			return "", fmt.Sprintf("This table is full (%d players).", info.MaxSeats)
		}
		b.Users = append(b.Users, aiUser(lvl.Name, b.Users))
		b.Names = append(b.Names, aiName(b.Users[len(b.Users)-1]))
		return fmt.Sprintf("%s takes a seat.", who(b.Users[len(b.Users)-1])), ""
	case "drop":
		i := slices.Index(b.Users, val)
		if i < 0 || !isAI(val) {
			return "", "That AI seat isn't at the table any more."
		}
		b.Users = slices.Delete(b.Users, i, i+1)
		if i < len(b.Names) {
			b.Names = slices.Delete(b.Names, i, i+1)
		}
		return fmt.Sprintf("%s left its seat.", who(val)), ""
	}
	return "", "That isn't an AI choice I know."
}
