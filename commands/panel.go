package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"spindle/games"
	"spindle/storage"
)

// panel is a seat's private, ephemeral view: its PNG, its legal moves
// (grouped and paged by MoveRows) and the panel buttons. Only the seat that
// pressed the button ever receives it.
func (a *App) panel(b storage.Binding, t games.Table, seat games.Seat, nav Nav, notice string) (Message, error) {
	return a.panelAs(b, t, seat, nav, notice, true)
}

// waitingPanel is the panel of a seat that has just handed the turn on:
// what it is waiting for, without a picture. Its moves (and picture) come
// back in place when its turn does (follow.go), and Refresh draws the whole
// panel at any time; so a turn costs the same pictures as when the player
// opened the panel by hand each turn.
func (a *App) waitingPanel(b storage.Binding, t games.Table, seat games.Seat, notice string) (Message, error) {
	return a.panelAs(b, t, seat, Nav{}, notice, t.Over() || slices.Contains(t.ToAct(), seat))
}

func (a *App) panelAs(b storage.Binding, t games.Table, seat games.Seat, nav Nav, notice string, picture bool) (Message, error) {
	info := t.Info()
	v := t.Version()
	m := Message{Ephemeral: true, ClearFiles: true}
	if picture {
		png, err := a.panelPicture(b, t, seat, nav.Group)
		if err != nil {
			return Message{}, fmt.Errorf("commands: render panel: %w", err)
		}
		m.Files, m.ClearFiles = []File{{Name: "panel.png", Type: "image/png", Data: png}}, false
	}
	choices := fillLabels(t.Legal(seat), b.Names)
	var status string
	switch {
	case t.Over():
		status = "The game is over."
	case len(choices) > 0:
		status = "**Your move.** Choose below."
	default:
		var who []string
		for _, s := range t.ToAct() {
			if s >= 0 {
				who = append(who, mention(b, s))
			}
		}
		status = "Waiting for " + strings.Join(who, ", ") + "."
	}
	parts := []string{notice, status}
	if !t.Over() {
		if prompt := t.Prompt(seat); prompt != "" {
			parts = append(parts, games.FillNames(prompt, b.Names))
		}
		parts = append(parts, buttonDetails(choices)...)
	}
	m.Content = clip(strings.TrimSpace(strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), "\n")), MaxContent)
	m.panel = &panelMark{table: b.Table, seat: seat, state: panelState(t, seat), version: v}
	e := Embed{Title: fmt.Sprintf("%s — table #%d — your hand", info.Title, b.Table), Image: "panel.png",
		Color: colourTable, Footer: fmt.Sprintf("move %d · only you can see this", v)}
	if !picture {
		e.Image = ""
		e.Description = "Your moves come back here as soon as it's your turn. Press **Refresh** to see your hand now."
	}
	m.Embeds = []Embed{e}
	if len(choices) > 0 {
		m.Rows = MoveRows(CustomID{Table: b.Table, Version: v, Undos: b.Undos}, choices, nav)
	}
	id := func(arg string) string {
		return CustomID{Route: 'p', Table: b.Table, Version: v, Undos: b.Undos, Arg: arg}.MustEncode()
	}
	controls := []Button{{Label: "Refresh", CustomID: id(nav.String()), Style: Secondary}}
	if pass, ok := passButton(CustomID{Table: b.Table, Version: v, Undos: b.Undos}, t, seat, choices); ok {
		controls = append([]Button{pass}, controls...)
	}
	if !t.Over() {
		if a.canUndo(b, t, seat) {
			controls = append(controls, Button{Label: "Undo", CustomID: id("undo"), Style: Secondary})
		}
		controls = append(controls, Button{Label: "Concede", CustomID: id("concede"), Style: Danger})
	}
	m.Rows = append(m.Rows, Row{Buttons: controls})
	return m, nil
}

// canUndo reports whether seat has something to take back now: whether
// games.UndoKeep finds anything, which depends only on the log's newest
// entry, so only that entry is read (LogBack), not the whole log; and not
// even that when this process committed it (lastStep).
func (a *App) canUndo(b storage.Binding, t games.Table, seat games.Seat) bool {
	var last []games.Step
	if v, ok := a.lastSteps.Load(b.Table); ok && v.(lastStep).at(t.Version(), b.Undos) {
		last = []games.Step{v.(lastStep).step}
	} else if err := a.Store.LogBack(b.Table, func(e storage.Entry) bool {
		last = append(last, e.Step)
		return false
	}); err != nil {
		return false
	}
	_, err := games.UndoKeep(last, t.ToAct(), seat, nil)
	return err == nil
}

// lastStep is the newest step of a table as this process committed it.
// The log entry at one version and undo count is always the same (an
// undo counts itself in the binding with the log's truncation), so the
// step stands for the log's entry at that version while both match.
type lastStep struct {
	version, undos uint64
	step           games.Step
}

// at reports whether the step is the log's entry at version after undos
// undos.
func (l lastStep) at(version, undos uint64) bool { return l.version == version && l.undos == undos }

// noteLastStep remembers the newest of the steps just committed to the
// table bound by b (the binding as the commit left it).
func (a *App) noteLastStep(b storage.Binding, steps []games.Step) {
	if n := len(steps); n > 0 && b.Table != 0 {
		a.lastSteps.Store(b.Table, lastStep{version: steps[n-1].Version, undos: b.Undos, step: steps[n-1]})
	}
}

// panelComponent handles everything on a panel: moves (buttons and
// selects), group navigation, paging, undo and concede.
// read, when not nil, is the binding the route just read for the click.
func (a *App) panelComponent(ctx context.Context, req Request, c CustomID, p Poster, read *storage.Binding) (Response, error) {
	var (
		b   storage.Binding
		err error
	)
	if read != nil {
		b, err = *read, notActive(*read)
	} else {
		b, err = a.activeBinding(c.Table)
	}
	if err != nil {
		return Response{}, err
	}
	seat, ok := seatOf(b, req.User.ID)
	if !ok {
		return Response{}, sorry("You're not playing at this table, so these buttons aren't for you.")
	}
	if c.Undos != b.Undos {
		// A button from before an undo: its version may be current again,
		// but not its position.
		return a.refusedPanel(b, seat, fmt.Errorf("commands: table %d: button from before an undo: %w", b.Table, games.ErrStale))
	}
	switch {
	case c.Route == 't':
		return a.play(ctx, req, b, seat, c.Version, c.Arg, p)
	case c.Route == 's':
		if len(req.Values) != 1 {
			return Response{}, ErrBadCustomID
		}
		return a.play(ctx, req, b, seat, c.Version, req.Values[0], p)
	case c.Arg == "undo":
		return a.undo(ctx, req, b, seat, c.Version, p)
	case c.Arg == "concede":
		return a.confirmConcede(b, seat, c.Version)
	case c.Arg == "concede!":
		return a.concede(ctx, req, b, seat, c.Version, p)
	}
	arg := c.Arg
	if arg == "pick" {
		if len(req.Values) != 1 {
			return Response{}, ErrBadCustomID
		}
		arg = req.Values[0]
		if key, ok := strings.CutPrefix(arg, playPrefix); ok {
			// A group of one in the group menu: its move, played at once.
			return a.play(ctx, req, b, seat, c.Version, key, p)
		}
	}
	nav, err := ParseNav(arg)
	if err != nil {
		return Response{}, err
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	if t.Version() != c.Version {
		// Refresh (or a menu step) on a panel the game has moved past just
		// shows the current panel: nothing was played, so nothing to warn of.
		nav = Nav{}
	}
	m, err := a.panel(b, t, seat, nav, "")
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m, Update: true}, nil
}

// play commits one move, then updates the panel and announces the move.
// Refusals (stale, not your turn, double click) answer with a fresh panel
// and a notice; nothing is applied twice.
func (a *App) play(ctx context.Context, req Request, b storage.Binding, seat games.Seat, at uint64, key string, p Poster) (Response, error) {
	unlock := sync.OnceFunc(a.lock(b.Table))
	defer unlock()
	m, bound := a.withClock(a.meta(req), b), new(storage.Binding)
	m.Bound = bound
	t, steps, err := a.Store.Play(a.Catalog, b.Table, seat, at, key, m)
	if errors.Is(err, games.ErrStale) && a.ownSteps(b.Table, seat, at) {
		return a.refusedPanel(b, seat, fmt.Errorf("%w: %w", errOwnStep, err))
	}
	if err != nil {
		return a.refusedPanel(b, seat, err)
	}
	a.noteLastStep(*bound, steps)
	return a.afterMove(ctx, b.Table, *bound, seat, t, steps, "", p, unlock)
}

// errOwnStep marks a stale click whose panel was overtaken by the
// clicker's own later steps (a second click in a multi-step turn, or a
// second panel), not by someone else's move.
var errOwnStep = errors.New("commands: the panel changed after the seat's own last choice")

// ownSteps reports whether every action played since version at was
// seat's own (chance steps they caused included): then a click from at is
// stale because of the clicker's own steps.
func (a *App) ownSteps(table uint64, seat games.Seat, at uint64) bool {
	log, err := a.Store.Log(table)
	if err != nil {
		return false
	}
	mine := false
	for _, e := range log {
		if e.Version <= at || e.Seat == games.Chance {
			continue
		}
		if e.Seat != seat {
			return false
		}
		mine = true
	}
	return mine
}

// afterMove announces committed steps and returns the seat's new panel.
// The caller holds the table's lock and hands over unlock: the board is
// queued under the lock (so boards keep the order of their moves) and the
// lock is released before waiting on Discord.
// bound is the binding as the move's transaction wrote it (Meta.Bound);
// it is read back only when the move left none.
func (a *App) afterMove(ctx context.Context, id uint64, bound storage.Binding, seat games.Seat, t games.Table, steps []games.Step, notice string, p Poster, unlock func()) (Response, error) {
	b := bound
	if b.Table != id {
		var err error
		if b, err = a.Store.GetBinding(id); err != nil {
			return Response{}, err
		}
	}
	done, err := a.queueAnnouncement(ctx, p, &b, t, steps, seat)
	unlock()
	if err == nil {
		err = <-done
	}
	if err != nil {
		// The move is committed: it is never reported as failed. Its
		// announcement stays in the outbox for the retry loop.
		a.announceLater(id, err)
		notice = strings.TrimSpace(notice + "\n" + delayedNotice(err))
	}
	var private []string
	for _, st := range steps {
		for _, e := range st.Events {
			if line, ok := e.Private[seat]; ok {
				private = append(private, games.FillNames(line, b.Names))
			}
		}
	}
	notice = strings.TrimSpace(notice + "\n" + strings.Join(private, "\n"))
	m, err := a.waitingPanel(b, t, seat, notice)
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m, Update: true}, nil
}

// refusedPanel answers a refused action with the current panel and a
// friendly notice, for the errors a user can cause; others propagate.
func (a *App) refusedPanel(b storage.Binding, seat games.Seat, cause error) (Response, error) {
	if !Expected(cause) || errors.Is(cause, storage.ErrNotFound) {
		return Response{}, cause
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	mark := "⚠️ "
	if errors.Is(cause, games.ErrStale) {
		mark = "↻ " // a click that raced a change: one short line, then the panel
	}
	m, err := a.panel(b, t, seat, Nav{}, mark+Friendly(cause))
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m, Update: true}, cause
}

func (a *App) confirmConcede(b storage.Binding, _ games.Seat, v uint64) (Response, error) {
	id := func(arg string) string {
		return CustomID{Route: 'p', Table: b.Table, Version: v, Undos: b.Undos, Arg: arg}.MustEncode()
	}
	return Response{Update: true, Message: &Message{Ephemeral: true,
		Content: "Concede table #" + fmt.Sprint(b.Table) + "? The game ends now and you lose it.",
		Rows: []Row{{Buttons: []Button{{Label: "Yes, concede", CustomID: id("concede!"), Style: Danger},
			{Label: "Keep playing", CustomID: id(Nav{}.String()), Style: Secondary}}}}}}, nil
}

func (a *App) concede(ctx context.Context, req Request, b storage.Binding, seat games.Seat, at uint64, p Poster) (Response, error) {
	unlock := sync.OnceFunc(a.lock(b.Table))
	defer unlock()
	m, bound := a.withClock(a.meta(req), b), new(storage.Binding)
	m.Bound = bound
	t, steps, err := a.Store.Concede(a.Catalog, b.Table, seat, at, m)
	if err != nil {
		return a.refusedPanel(b, seat, err)
	}
	a.noteLastStep(*bound, steps)
	return a.afterMove(ctx, b.Table, *bound, seat, t, steps, "You conceded.", p, unlock)
}

func (a *App) undo(ctx context.Context, req Request, b storage.Binding, seat games.Seat, at uint64, p Poster) (Response, error) {
	unlock := sync.OnceFunc(a.lock(b.Table))
	defer unlock()
	// An undo reuses versions, so the table's pictures are forgotten; the
	// table lock keeps this table's own moves out meanwhile.
	a.images().forget(b.Table)
	m := a.withClock(a.meta(req), b)
	tick := m.Effects
	m.Effects = func(bind *storage.Binding, t games.Table) ([]storage.Timer, error) {
		bind.Undos++ // older buttons stop working with this undo
		return tick(bind, t)
	}
	bound := new(storage.Binding)
	m.Bound = bound
	t, undone, err := a.Store.Undo(a.Catalog, b.Table, seat, at, m)
	a.images().forget(b.Table)
	if err != nil {
		return a.refusedPanel(b, seat, err)
	}
	line := fmt.Sprintf("%s took back %d action(s).", mention(b, seat), len(undone))
	for _, st := range undone {
		for _, e := range st.Events {
			if e.Public != "" {
				line += "\n~~" + e.Public + "~~"
			}
		}
	}
	undoStep := games.Step{Version: t.Version(), Seat: seat, Events: []games.Event{{Public: line}}}
	return a.afterMove(ctx, b.Table, *bound, seat, t, []games.Step{undoStep}, "Undone.", p, unlock)
}

// seatedHere finds the channel's running game, the caller's seat at it
// and the table, for commands a seated player types.
func (a *App) seatedHere(req Request) (storage.Binding, games.Seat, games.Table, error) {
	b, err := a.activeIn(req)
	if err != nil {
		return b, 0, nil, err
	}
	return a.seatedAt(b.Table, req.User.ID, "You're not playing at this table.")
}

// seatedAt loads an active table and the user's seat at it; notSeated is
// the answer for a user without a seat.
func (a *App) seatedAt(id uint64, user, notSeated string) (storage.Binding, games.Seat, games.Table, error) {
	b, err := a.activeBinding(id)
	if err != nil {
		return b, 0, nil, err
	}
	seat, ok := seatOf(b, user)
	if !ok {
		return b, 0, nil, sorry(notSeated)
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	return b, seat, t, err
}

// handCommand is /hand: the caller's panel for the channel's game.
func (a *App) handCommand(_ context.Context, req Request) (Response, error) {
	b, seat, t, err := a.seatedHere(req)
	if err != nil {
		return Response{}, err
	}
	m, err := a.panel(b, t, seat, Nav{}, "")
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m}, nil
}

// undoCommand is /game undo for the channel's game.
func (a *App) undoCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	b, seat, t, err := a.seatedHere(req)
	if err != nil {
		return Response{}, err
	}
	// The panel that undo returns is ephemeral already; for a slash command
	// it is a new reply rather than an update of a component's message.
	resp, err := a.undo(ctx, req, b, seat, t.Version(), p)
	resp.Update = false
	return resp, err
}

// passButton is a button for the game's pass (or "done") move when the
// moves are too many to be buttons themselves: in a menu of twenty
// restock actions the way to end the turn stays one click away.
func passButton(at CustomID, t games.Table, seat games.Seat, choices []games.Choice) (Button, bool) {
	if len(choices) <= MaxButtonsPerRow {
		return Button{}, false
	}
	key, ok := t.Pass(seat)
	if !ok {
		return Button{}, false
	}
	for _, c := range choices {
		if c.Key == key {
			text, _ := games.SplitDetail(c.Label)
			return Button{Label: clip(text, MaxLabel), Style: Success,
				CustomID: at.with('t', key).MustEncode()}, true
		}
	}
	return Button{}, false
}
