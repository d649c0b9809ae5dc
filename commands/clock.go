package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"spindle/games"
	"spindle/games/ai"
	"spindle/storage"
)

// Clock is a table's turn clock, kept in its binding. A seat's deadline is
// set when it becomes one of the seats to act and cleared when it stops
// being one; with a time bank (a chess clock) the time it used is taken
// from its bank and the increment added. Timers in the schedule bucket wake
// the bot for reminders and the expiry; each timer names the deadline it
// belongs to, so one left behind by a move is recognised and dropped.
type Clock struct {
	Preset    string          `json:"preset"`
	Pace      string          `json:"pace"` // none, live or async
	Turn      time.Duration   `json:"turn,omitempty"`
	Bank      time.Duration   `json:"bank,omitempty"`
	Increment time.Duration   `json:"increment,omitempty"`
	Policy    string          `json:"policy"` // auto, skip or forfeit
	Banks     []time.Duration `json:"banks,omitempty"`
	Since     []time.Time     `json:"since,omitempty"`
	Deadlines []time.Time     `json:"deadlines,omitempty"`
	// Windows marks the seats whose deadline is a window's (a reaction or
	// a choice in someone else's turn) rather than their own turn's.
	Windows []bool `json:"windows,omitempty"`
}

// minWindow is the shortest window timeout.
const minWindow = 30 * time.Second

// window is the timeout of a window: a quarter of the turn's limit (or of
// the starting bank), and never under 30 seconds.
func (c Clock) window() time.Duration {
	limit := c.Turn
	if c.Bank > 0 {
		limit = c.Bank
	}
	return max(limit/4, minWindow)
}

// clockPreset is one choice of the lobby's clock menu.
type clockPreset struct {
	name, pace      string
	turn, bank, inc time.Duration
}

var clockPresets = []clockPreset{
	{name: "none", pace: "none"},
	{name: "live-1m", pace: "live", turn: time.Minute},
	{name: "live-5m", pace: "live", turn: 5 * time.Minute},
	{name: "live-15m", pace: "live", turn: 15 * time.Minute},
	{name: "bank-10m+30s", pace: "live", bank: 10 * time.Minute, inc: 30 * time.Second},
	{name: "async-12h", pace: "async", turn: 12 * time.Hour},
	{name: "async-24h", pace: "async", turn: 24 * time.Hour},
	{name: "async-3d", pace: "async", turn: 72 * time.Hour},
	{name: "bank-3d+12h", pace: "async", bank: 72 * time.Hour, inc: 12 * time.Hour},
}

// optClock is the lobby's clock option, shown beside the game's own.
const optClock = "clock"

// clockPolicies are what happens when a seat's time runs out.
var clockPolicies = []string{"auto", "skip", "forfeit"}

// clockOptions is the pseudo-option every lobby offers: "none" or
// "<preset>:<policy>" (one menu of at most 25 values). It configures the
// driver's clock, never the game.
func clockOptions() []games.OptionSpec {
	values := []string{"none"}
	help := map[string]string{"none": "No time limit and no reminders"}
	for _, p := range clockPresets[1:] {
		for _, pol := range clockPolicies {
			v := p.name + ":" + pol
			values = append(values, v)
			help[v] = presetWords(p) + "; then " + policyWords[pol]
		}
	}
	return []games.OptionSpec{{Key: optClock, Label: "Turn clock", Values: values, Default: "none", ValueHelp: help,
		Help: "live-5m = 5 min a turn, async-24h = a day, bank = chess clock; then auto move, skip or forfeit on timeout."}}
}

// policyWords says what each timeout policy does, for the clock menu.
var policyWords = map[string]string{
	"auto":    "the easy AI plays for an absent player",
	"skip":    "a pass (or the AI's move)",
	"forfeit": "the absent player loses",
}

// presetWords describes a clock preset: "Live: 5 minutes a turn".
func presetWords(p clockPreset) string {
	pace := "Live"
	if p.pace == "async" {
		pace = "Async"
	}
	if p.bank > 0 {
		return fmt.Sprintf("%s: a %s bank, +%s a turn", pace, words(p.bank), words(p.inc))
	}
	return fmt.Sprintf("%s: %s a turn", pace, words(p.turn))
}

// words writes a clock duration the way people say it.
func words(d time.Duration) string {
	switch {
	case d >= 24*time.Hour && d%(24*time.Hour) == 0:
		if d == 24*time.Hour {
			return "1 day"
		}
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d >= time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%d hours", d/time.Hour)
	case d >= time.Minute && d%time.Minute == 0:
		if d == time.Minute {
			return "1 minute"
		}
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return fmt.Sprintf("%d seconds", d/time.Second)
}

// optSeating is the lobby's seating option for games that do not seat
// players themselves: "random" (the default) shuffles the seats, and so
// the teams, when the game starts; "chosen" keeps the order shown, which
// the host arranges by moving players to the last seat.
const optSeating = "seating"

// tableOptions are the lobby options the bot keeps for itself: the clock
// always, the seating for games of more than two players that have no
// seating option of their own (defaulting to the join order for games
// whose rules seat players so, Info.JoinOrder). They never reach the
// engine.
func tableOptions(info games.Info) []games.OptionSpec {
	out := clockOptions()
	if info.MaxSeats > 2 && !slices.ContainsFunc(info.Options, func(o games.OptionSpec) bool { return o.Key == optSeating }) {
		def := "random"
		if info.JoinOrder {
			def = "chosen"
		}
		out = append(out, games.OptionSpec{Key: optSeating, Label: "Seating", Values: []string{"random", "chosen"}, Default: def,
			Help:      "random: seats (and teams) shuffled at the start; chosen: the order shown, arranged by the host.",
			ValueHelp: map[string]string{"random": "Seats (and teams) are shuffled at the start", "chosen": "The order shown; the host arranges it"}})
	}
	return out
}

// lobbyOptions are the game's options followed by the table's.
func lobbyOptions(info games.Info) []games.OptionSpec {
	return append(slices.Clone(info.Options), tableOptions(info)...)
}

func isTableOption(info games.Info, key string) bool {
	return slices.ContainsFunc(tableOptions(info), func(o games.OptionSpec) bool { return o.Key == key })
}

// newClock builds the clock chosen in the lobby.
func newClock(opts games.Options, seats int) Clock {
	name, policy, _ := strings.Cut(opts[optClock], ":")
	c := Clock{Preset: "none", Pace: "none", Policy: "auto"}
	for _, p := range clockPresets {
		if p.name == name {
			c = Clock{Preset: p.name, Pace: p.pace, Turn: p.turn, Bank: p.bank, Increment: p.inc, Policy: c.Policy}
		}
	}
	if slices.Contains(clockPolicies, policy) {
		c.Policy = policy
	}
	c.Since = make([]time.Time, seats)
	c.Deadlines = make([]time.Time, seats)
	if c.Bank > 0 {
		c.Banks = slices.Repeat([]time.Duration{c.Bank}, seats)
	}
	return c
}

// gameOptions strips the table's own options, leaving the game's.
func gameOptions(info games.Info, opts games.Options) games.Options {
	out := games.Options{}
	for k, v := range opts {
		if !isTableOption(info, k) {
			out[k] = v
		}
	}
	return out
}

func (c Clock) on() bool { return c.Pace == "live" || c.Pace == "async" }

// advance updates deadlines for the seats now to act and returns the seats
// that just started waiting. inWindow tells a window from a turn; win is
// the game's own window timeout, if it sets one. Without a turn clock only
// windows get deadlines.
func (c *Clock) advance(toAct []games.Seat, now time.Time, inWindow func(games.Seat) bool, win time.Duration) []games.Seat {
	if len(c.Windows) != len(c.Since) {
		c.Windows = make([]bool, len(c.Since))
	}
	var started []games.Seat
	for i := range c.Since {
		s := games.Seat(i)
		acting := slices.Contains(toAct, s)
		switch {
		case acting && c.Since[i].IsZero():
			window := inWindow(s)
			var limit time.Duration
			switch {
			case window && win > 0:
				limit = win
			case window && c.on():
				limit = c.window()
			case window || !c.on():
				continue // no clock for this wait
			case c.Bank > 0:
				limit = max(c.Banks[i], time.Second)
			default:
				limit = c.Turn
			}
			c.Since[i], c.Windows[i] = now, window
			c.Deadlines[i] = now.Add(limit)
			started = append(started, s)
		case !acting && !c.Since[i].IsZero():
			if c.Bank > 0 && !c.Windows[i] {
				// Since may lie ahead while the player is away: no time used.
				used := max(now.Sub(c.Since[i]), 0)
				c.Banks[i] = max(c.Banks[i]-used, 0) + c.Increment
			}
			c.Since[i], c.Deadlines[i], c.Windows[i] = time.Time{}, time.Time{}, false
		}
	}
	return started
}

// timers are the reminders and the expiry of a seat that started waiting:
// in async play reminders at half time and two hours before the deadline;
// in live play only the expiry, unless the server asks for reminders in
// all games (then at half time).
func (c Clock) timers(table uint64, s games.Seat, now time.Time, reminders string) []storage.Timer {
	dl := c.Deadlines[s]
	out := []storage.Timer{{Due: dl, Table: table, Seat: s, Kind: "expire", Deadline: dl}}
	if reminders == "off" || (c.Pace == "live" && reminders != "all") || (int(s) < len(c.Windows) && c.Windows[s]) {
		return out
	}
	half := now.Add(dl.Sub(now) / 2)
	out = append(out, storage.Timer{Due: half, Table: table, Seat: s, Kind: "remind", Deadline: dl})
	if late := dl.Add(-2 * time.Hour); c.Pace == "async" && late.After(half) {
		out = append(out, storage.Timer{Due: late, Table: table, Seat: s, Kind: "remind", Deadline: dl})
	}
	return out
}

func readClock(b storage.Binding) (Clock, error) {
	var c Clock
	if len(b.Clock) == 0 {
		return Clock{Pace: "none"}, nil
	}
	if err := json.Unmarshal(b.Clock, &c); err != nil {
		return c, fmt.Errorf("commands: table %d clock: %w", b.Table, err)
	}
	return c, nil
}

func writeClock(b *storage.Binding, c Clock) error {
	raw, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("commands: encode clock: %w", err)
	}
	b.Clock = raw
	return nil
}

// withClock makes m tick table b's clock inside the move's own
// transaction, so the deadlines, the binding and the timers are as
// durable as the move. What the tick needs from outside the table (the
// time, the server's reminder setting, who is away) is read now, before
// the transaction.
func (a *App) withClock(m storage.Meta, b storage.Binding) storage.Meta {
	step := a.clockStep(&b)
	m.Effects = func(bind *storage.Binding, t games.Table) ([]storage.Timer, error) {
		if t.Over() { // the timers go after the result is posted
			return nil, nil
		}
		ts, err := step(bind, t)
		if err != nil {
			return nil, err
		}
		// The AI seats to act get their marker with the move itself.
		return append(ts, aiTimers(bind, t)...), nil
	}
	return m
}

// defaultMove is the move the clock plays for an absent seat: the easy
// AI's choice, from what the seat knows only (aiMove).
func (a *App) defaultMove(ctx context.Context, table uint64, t games.Table, seat games.Seat) (string, bool) {
	key, err := a.aiMove(ctx, table, t, seat, ai.Easy)
	return key, err == nil
}

// restartClock is withClock for an action the clock plays for an expired
// seat: when that seat is still to act after the action, its clock starts
// over (a fresh deadline and fresh timers), so it is never left waiting
// with a past deadline and no timer.
func (a *App) restartClock(m storage.Meta, b storage.Binding, seat games.Seat) storage.Meta {
	m = a.withClock(m, b)
	tick := m.Effects
	m.Effects = func(bind *storage.Binding, t games.Table) ([]storage.Timer, error) {
		if !t.Over() && slices.Contains(t.ToAct(), seat) {
			c, err := readClock(*bind)
			if err != nil {
				return nil, err
			}
			if int(seat) < len(c.Since) {
				// Forget the expired wait; a bank is spent, never refunded.
				c.Since[seat], c.Deadlines[seat] = time.Time{}, time.Time{}
				if int(seat) < len(c.Windows) {
					c.Windows[seat] = false
				}
				if int(seat) < len(c.Banks) {
					c.Banks[seat] = 0
				}
			}
			if err := writeClock(bind, c); err != nil {
				return nil, err
			}
		}
		return tick(bind, t)
	}
	return m
}

// clockStep reads what a tick of b's clock needs and returns the tick: it
// edits the binding's clock for the table's new position and returns the
// timers of the seats that started waiting. The tick depends only on its
// arguments, so a retried transaction may run it again.
func (a *App) clockStep(b *storage.Binding) func(*storage.Binding, games.Table) ([]storage.Timer, error) {
	now := a.now()
	reminders := a.settings(b.Guild).Reminders
	away := make([]time.Time, len(b.Users))
	for i, u := range b.Users {
		away[i] = a.prefs(u).awayUntil(b.Guild)
	}
	return func(b *storage.Binding, t games.Table) ([]storage.Timer, error) {
		c, err := readClock(*b)
		if err != nil {
			return nil, err
		}
		win, _ := t.WindowTimeout()
		if !c.on() && win <= 0 {
			return nil, nil
		}
		if len(c.Since) != len(b.Users) { // a table from before clocks existed
			c.Since, c.Deadlines = make([]time.Time, len(b.Users)), make([]time.Time, len(b.Users))
		}
		// AI seats play at once, on their own marker: no clock for them.
		toAct := slices.DeleteFunc(t.ToAct(), func(s games.Seat) bool { return aiAt(b, s) })
		var ts []storage.Timer
		for _, s := range c.advance(toAct, now, t.InWindow, win) {
			// A player who is away starts their turn when they come back.
			if int(s) < len(away) && away[s].After(now) {
				c.Deadlines[s] = c.Deadlines[s].Add(away[s].Sub(now))
				c.Since[s] = away[s]
			}
			ts = append(ts, c.timers(b.Table, s, now, reminders)...)
		}
		if err := writeClock(b, c); err != nil {
			return nil, err
		}
		return ts, nil
	}
}

// deadlineText says how long a seat has left, in Discord's relative
// timestamp markup, or "" without a clock.
func deadlineText(b storage.Binding, s games.Seat) string {
	c, err := readClock(b)
	if err != nil || !c.on() || int(s) >= len(c.Deadlines) || c.Deadlines[s].IsZero() {
		return ""
	}
	return fmt.Sprintf("<t:%d:R>", c.Deadlines[s].Unix())
}

// maxNoticeTries bounds the attempts at a reminder or a held ping.
const maxNoticeTries = 8

// noticeBackoff is the first wait after a refused notice; it doubles.
const noticeBackoff = 5 * time.Second

// maxExpiryBackoff bounds the wait before an expiry whose move failed is
// tried again.
const maxExpiryBackoff = 5 * time.Minute

// retryAfter is how long a failed timer waits before it fires again: from
// noticeBackoff, doubling with each failure, up to maxAnnounceBackoff for a
// notice and maxExpiryBackoff for an expiry (which is tried for as long as
// it fails, so the table resumes within minutes once writes succeed again).
func retryAfter(tm storage.Timer) time.Duration {
	limit := maxAnnounceBackoff
	if tm.Kind == "expire" {
		limit = maxExpiryBackoff
	}
	return min(noticeBackoff<<min(max(tm.Tries, 0), 16), limit)
}

// Permanent reports whether err says a Discord call can never succeed as
// it is (an unknown channel, missing access): the Poster's errors tell so
// through a Permanent() bool method. Anything else may pass.
func Permanent(err error) bool {
	var p interface{ Permanent() bool }
	return errors.As(err, &p) && p.Permanent()
}

// FireDue fires every timer due at now and removes it. It returns how many
// fired. A failed expiry (its move could not be committed) and a notice
// Discord refused for now stay scheduled, a little later each time
// (retryAfter). The bot and the sandbox call it every second; a restart simply
// finds the timers that came due while the bot was down.
func (a *App) FireDue(ctx context.Context, now time.Time, p Poster) (int, error) {
	// The markers of tables whose AI is playing stay scheduled (and come
	// first) until it is done: read past them, so they never hold up
	// the other timers.
	due, err := a.Store.Due(now, 100+int(a.aiBusyN.Load()))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, tm := range due {
		if tm.Kind == "ai" {
			// An AI turn runs in the background and clears its marker
			// when it is done.
			if a.startAI(ctx, tm, p) {
				n++
			}
			continue
		}
		err := a.fire(ctx, tm, p)
		if err == nil {
			n++
		} else {
			a.Log.Error().Err(err).Uint64("table", tm.Table).Str("timer", tm.Kind).Int("tries", tm.Tries+1).Msg("timer failed")
		}
		// A notice Discord refused for now is tried again later, and so
		// is an expiry whose move could not be saved (a full disk, say):
		// until it commits, its timer is all that keeps the table from
		// waiting forever. A move's announcement is the outbox's to
		// retry; anything else is done.
		retry := err != nil && (tm.Kind == "expire" ||
			(tm.Kind == "remind" || tm.Kind == "ping") && !Permanent(err) && tm.Tries < maxNoticeTries)
		if retry {
			next := tm
			next.Tries++
			next.Due = now.Add(retryAfter(tm))
			if err := a.Store.Reschedule(tm, next); err != nil {
				return n, err
			}
			continue
		}
		if err := a.Store.Unschedule(tm); err != nil {
			return n, err
		}
	}
	return n, nil
}

// fire handles one timer, if it still applies: the table is running, the
// seat still waits and its deadline is the one the timer was set for.
func (a *App) fire(ctx context.Context, tm storage.Timer, p Poster) error {
	defer a.lock(tm.Table)()
	b, err := a.Store.GetBinding(tm.Table)
	if errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	if err != nil || b.Status != statusActive {
		return err
	}
	if aiAt(&b, tm.Seat) {
		return nil // the seat went to the AI since: it plays on its own marker
	}
	c, err := readClock(b)
	if err != nil {
		return err
	}
	if tm.Kind != "ping" && (int(tm.Seat) >= len(c.Deadlines) || !c.Deadlines[tm.Seat].Equal(tm.Deadline)) {
		return nil // the seat moved on since: a timer left behind
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return err
	}
	if !slices.Contains(t.ToAct(), tm.Seat) || int(tm.Seat) >= len(b.Users) {
		return nil
	}
	who := mention(b, tm.Seat)
	switch tm.Kind {
	case "remind":
		return a.notice(ctx, p, b, tm, fmt.Sprintf("⏰ %s, it's still your move at table #%d — time runs out %s.", who, b.Table, deadlineText(b, tm.Seat)))
	case "ping":
		return a.notice(ctx, p, b, tm, fmt.Sprintf("🔔 %s, it's your move at table #%d (held during your quiet hours).", who, b.Table))
	}
	return a.expire(ctx, b, t, c, tm, p)
}

// maxExpiryActions bounds the actions the clock plays for one expired
// seat. A turn longer than that (no game has one) is continued by the
// next expiry: the seat's clock is re-armed, never left without a timer.
const maxExpiryActions = 64

// expire applies the table's policy to a seat whose time ran out, for the
// whole of what remains of its turn: a multi-action turn (Threadcount,
// ArchRavels, Stitchcraft) is played or passed to its end, not one action
// of it. Each action is logged like any move, with an interaction id
// derived from the timer and the version it was played at, so a timer
// that fires twice (a crash between a move and the timer's removal)
// neither repeats an action nor stops half-way. Whenever the seat is still
// to act after an action, its clock starts again inside that action's
// transaction (restartClock), so a seat to act always has a timer.
func (a *App) expire(ctx context.Context, b storage.Binding, t games.Table, c Clock, tm storage.Timer, p Poster) error {
	who := mention(b, tm.Seat)
	policy := c.Policy
	if int(tm.Seat) < len(c.Windows) && c.Windows[tm.Seat] && !(c.on() && policy == "auto") {
		// An expired window passes, unless the table's clock asks the AI
		// to play for absent players: then the AI answers it, reacting
		// when that is good for the seat.
		policy = "window"
	}
	var all []games.Step
	line, played := "", false
	for range maxExpiryActions {
		if t.Over() || !slices.Contains(t.ToAct(), tm.Seat) {
			break
		}
		meta := a.restartClock(storage.Meta{At: a.now(),
			Interaction: fmt.Sprintf("timer:%d:%d:%d:%d", b.Table, tm.Seat, tm.Deadline.UnixNano(), t.Version())}, b, tm.Seat)
		var (
			next  games.Table
			steps []games.Step
			err   error
		)
		key, how := "", ""
		switch policy {
		case "forfeit":
			next, steps, err = a.Store.Concede(a.Catalog, b.Table, tm.Seat, t.Version(), meta)
			line = fmt.Sprintf("⏰ %s ran out of time and forfeits.", who)
		case "skip", "window":
			if k, ok := t.Pass(tm.Seat); ok {
				key, how = k, "passes for them"
				break
			}
			fallthrough // the game has no pass: play a default move instead
		default:
			if k, ok := a.defaultMove(ctx, b.Table, t, tm.Seat); ok {
				key, how = k, "lets the easy AI play for them"
			}
		}
		if key != "" {
			next, steps, err = a.Store.Play(a.Catalog, b.Table, tm.Seat, t.Version(), key, meta)
			if line == "" {
				line = fmt.Sprintf("⏰ %s ran out of time; the bot %s.", who, how)
			}
		}
		if errors.Is(err, storage.ErrDuplicate) || errors.Is(err, games.ErrStale) {
			// Another firing of this timer, or a move, got there first:
			// carry on from the table as it is now.
			if next, err = a.Store.Load(a.Catalog, b.Table); err != nil {
				return err
			}
			t = next
			continue
		}
		if err != nil {
			return err
		}
		if next == nil {
			break // nothing to play
		}
		t, played = next, true
		all = append(all, steps...)
	}
	if !played {
		return nil
	}
	note := games.Step{Seat: tm.Seat, Events: []games.Event{{Public: line}}}
	return a.announce(ctx, p, &b, t, append([]games.Step{note}, all...))
}

// clockSummary describes a clock for the lobby and status.
func clockSummary(c Clock) string {
	if !c.on() {
		return "no clock"
	}
	var b strings.Builder
	b.WriteString(c.Pace + " · ")
	if c.Bank > 0 {
		fmt.Fprintf(&b, "%s bank + %s a turn", c.Bank, c.Increment)
	} else {
		fmt.Fprintf(&b, "%s a turn", c.Turn)
	}
	fmt.Fprintf(&b, " · on timeout: %s", c.Policy)
	return b.String()
}

// RunTimers fires due timers every interval until ctx is done, and shows
// the committed moves whose announcement failed (Redeliver). A failure is
// logged and retried on the next tick; nothing is lost, because timers and
// unshown moves stay stored until they are done.
func (a *App) RunTimers(ctx context.Context, p Poster, every time.Duration) {
	a.aiInit()
	tick := time.NewTicker(every)
	defer tick.Stop()
	grace := time.Duration(0) // at start-up every unshown move is overdue
	for {
		Safely(a.Log, "timers", func() {
			if _, err := a.FireDue(ctx, a.now(), p); err != nil {
				a.Log.Error().Err(err).Msg("firing timers failed")
			}
			if _, err := a.Redeliver(ctx, p, grace); err != nil {
				a.Log.Error().Err(err).Msg("announcing delayed moves failed")
			}
		})
		grace = announceGrace
		if a.AnnounceGrace > 0 {
			grace = a.AnnounceGrace
		}
		select {
		case <-ctx.Done():
			// AI turns stop at their next step (their markers stay for
			// the next start); the store must outlive them.
			a.WaitAI()
			return
		case <-tick.C:
		case <-a.aiWake:
		case <-a.Store.Wake(): // another process left work (shared PostgreSQL)
		}
	}
}

// Safely runs one round of background work (timers, announcements,
// pruning), turning a panic (bbolt meets a damaged page, say) into a
// logged error: the loop goes on, and what still works keeps working.
func Safely(log zerolog.Logger, what string, fn func()) {
	defer func() {
		if p := recover(); p != nil {
			log.Error().Str("work", what).Interface("panic", p).Msg("background work failed; the database may be damaged (run with data.check: true, or restore a backup)")
		}
	}()
	fn()
}
