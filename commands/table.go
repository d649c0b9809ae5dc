package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

// mention renders a seat's player as a Discord mention.
func mention(b storage.Binding, s games.Seat) string {
	if s < 0 || int(s) >= len(b.Users) {
		return s.String()
	}
	return who(b.Users[s])
}

// seatOf returns the seat of a user at the table, or false.
func seatOf(b storage.Binding, user string) (games.Seat, bool) {
	i := slices.Index(b.Users, user)
	return games.Seat(i), i >= 0 && !isAI(user) // nobody acts for an AI seat
}

// publicLines collects the public log lines of steps (never private lines).
func publicLines(steps []games.Step) []string {
	var out []string
	for _, st := range steps {
		for _, e := range st.Events {
			if e.Public != "" {
				out = append(out, e.Public)
			}
		}
	}
	return out
}

// notesOf collects the public lines of the steps that are not the game's
// own (no action key: a clock's note, an undo, a delayed board's remark);
// the board shows them beside the story it reads from the log.
func notesOf(steps []games.Step) []string {
	var out []string
	for _, st := range steps {
		if st.Key == "" {
			out = append(out, publicLines([]games.Step{st})...)
		}
	}
	return out
}

// resultLines bounds the move lines the result message repeats from the
// log: the latest ones, the end of the story.
const resultLines = 3

// latest is the tail of lines the result shows (the log has them all).
func latest(lines []string) []string {
	if len(lines) <= resultLines {
		return lines
	}
	return append([]string{"…"}, lines[len(lines)-resultLines:]...)
}

// tableMessage is the public table: embed, PNG of the spectator view and
// the buttons everyone may press. The content mentions the seats to act, so
// posting it as a NEW message notifies them; the embed tells the story of
// the turn (recap.go).
// notes are this update's own lines that the game's log does not hold (a
// clock's expiry, an undo, a delayed board), shown above the ping.
func (a *App) tableMessage(b storage.Binding, t games.Table, notes []string) (Message, error) {
	info := t.Info()
	png, err := a.picture(imaging.Table, b, t, games.Spectator)
	if err != nil {
		return Message{}, fmt.Errorf("commands: render table: %w", err)
	}
	var players strings.Builder
	for i := range b.Users {
		fmt.Fprintf(&players, "%d. %s\n", i+1, mention(b, games.Seat(i)))
	}
	m := Message{Files: []File{{Name: "table.png", Type: "image/png", Data: png}}}
	toAct := t.ToAct()
	var ping, answer, clocks, thinking []string
	for _, s := range toAct {
		if aiAt(&b, s) {
			thinking = append(thinking, mention(b, s))
			continue
		}
		if s >= 0 {
			if t.InWindow(s) {
				answer = append(answer, mention(b, s))
			} else {
				ping = append(ping, mention(b, s))
			}
			m.Mentions = append(m.Mentions, b.Users[s])
			if dl := deadlineText(b, s); dl != "" {
				clocks = append(clocks, mention(b, s)+": time runs out "+dl)
			}
		}
	}
	m.Content = strings.Join(notes, "\n")
	if len(ping) > 0 {
		m.Content = strings.TrimSpace(m.Content + "\n" + strings.Join(ping, ", ") + " — your move! Press **My hand & moves**.")
	}
	if len(answer) > 0 {
		m.Content = strings.TrimSpace(m.Content + "\n" + strings.Join(answer, ", ") +
			" — a play can be answered! Press **My hand & moves** to react or pass.")
	}
	if len(thinking) > 0 {
		m.Content = strings.TrimSpace(m.Content + "\n🤖 " + strings.Join(thinking, ", ") + " is thinking…")
	}
	ping = append(append(ping, answer...), thinking...)
	m.Content = clip(m.Content, MaxContent)
	e := Embed{Title: fmt.Sprintf("%s — table #%d", info.Title, b.Table), Color: colourTable, Image: "table.png",
		Description: a.story(b, t),
		Fields:      []Field{{Name: "Players", Value: players.String(), Inline: true}},
		Footer:      fmt.Sprintf("move %d · %s · buttons older than this board are refused politely", t.Version(), commitmentNote(b, t))}
	if len(ping) > 0 {
		e.Fields = append(e.Fields, Field{Name: "To play", Value: strings.Join(ping, ", "), Inline: true})
	}
	if c, err := readClock(b); err == nil && c.on() {
		e.Fields = append(e.Fields, Field{Name: "Clock", Value: clockSummary(c) + "\n" + strings.Join(clocks, "\n")})
	}
	m.Embeds = []Embed{e}
	btn := func(label, arg string, style ButtonStyle) Button {
		return Button{Label: label, Style: style, CustomID: CustomID{Route: 'o', Table: b.Table, Arg: arg}.MustEncode()}
	}
	m.Rows = []Row{{Buttons: []Button{btn("My hand & moves", "panel", Primary), btn("Rules", "rules", Secondary), btn("Refresh", "refresh", Secondary)}}}
	if a.hasPlayers(t) {
		m.Rows[0].Buttons = append(m.Rows[0].Buttons, btn("Players' cities", "players", Secondary))
	}
	if a.LiveTable {
		m.Rows[0].Buttons = append(m.Rows[0].Buttons, liveButton(b.Table))
	}
	return m, nil
}

// resultMessage is the end of the game: the result embed and the scoring
// image of the final (public) view.
func (a *App) resultMessage(b storage.Binding, t games.Table, lines []string) (Message, error) {
	info := t.Info()
	r, _ := t.Result()
	png, err := a.picture(imaging.Scoring, b, t, games.Spectator)
	if err != nil {
		return Message{}, fmt.Errorf("commands: render scoring: %w", err)
	}
	head := outcome(b, r)
	if head != "" {
		head += "!"
	}
	var standings strings.Builder
	for i := range b.Users {
		fmt.Fprintf(&standings, "%s", mention(b, games.Seat(i)))
		if i < len(r.Scores) {
			fmt.Fprintf(&standings, ": %d", r.Scores[i])
		}
		if i < len(r.Ranks) {
			fmt.Fprintf(&standings, " (rank %d)", r.Ranks[i])
		}
		standings.WriteString("\n")
	}
	desc := head
	if len(r.Lines) > 0 {
		desc += "\n\n" + strings.Join(fillLines(r.Lines, b.Names), "\n")
	}
	rematch := Button{Label: "Rematch", Style: Primary, CustomID: CustomID{Route: 'o', Table: b.Table, Arg: "rematch"}.MustEncode()}
	m := Message{
		Rows:     []Row{{Buttons: []Button{rematch}}},
		Content:  clip(strings.Join(append(lines, head), "\n"), MaxContent),
		Mentions: people(b.Users),
		Files:    []File{{Name: "scoring.png", Type: "image/png", Data: png}},
		Embeds: []Embed{{Title: fmt.Sprintf("%s — table #%d — final result", info.Title, b.Table), Color: colourResult,
			Description: clip(desc, 4000), Image: "scoring.png",
			Fields: []Field{{Name: "Standings", Value: standings.String()}}, Footer: "ended: " + r.Reason}},
	}
	m.Embeds[0].Fields = append(m.Embeds[0].Fields, seedFields(b, t)...)
	return m, nil
}

// announce tells the channel about committed steps: the old table message
// loses its buttons and image, and a NEW message carries the log lines, the
// refreshed table and a mention of whoever acts next (a new message
// notifies; an edit would not). When the game is over it posts the result
// and closes the binding.
func (a *App) announce(ctx context.Context, p Poster, b *storage.Binding, t games.Table, steps []games.Step) error {
	done, err := a.queueAnnouncement(ctx, p, b, t, steps, games.Chance)
	if err != nil {
		return err
	}
	return <-done
}

// queueAnnouncement prepares the announcement of committed steps (plays
// the standing answers, draws the board) and queues it behind the table's
// earlier ones; the returned channel gives the outcome once it is posted.
// actor is the seat whose click made the steps (games.Chance for none).
// The caller holds the table's lock, so boards go out in commit order,
// but may release it before waiting: nothing waits on Discord under it.
func (a *App) queueAnnouncement(ctx context.Context, p Poster, b *storage.Binding, t games.Table, steps []games.Step, actor games.Seat) (<-chan error, error) {
	// Windows answered by a standing policy are played before anyone is
	// pinged for them.
	t, auto, err := a.autoAnswers(*b, t)
	if err != nil {
		return nil, err
	}
	steps = append(steps, auto...)
	a.noteLastStep(*b, auto)
	lines := fillLines(publicLines(steps), b.Names)
	var m Message
	if t.Over() {
		m, err = a.resultMessage(*b, t, latest(lines))
	} else {
		m, err = a.tableMessage(*b, t, fillLines(notesOf(steps), b.Names))
	}
	if err != nil {
		return nil, err
	}
	held := a.holdQuietPings(&m, *b, t)
	if t.Over() {
		// The move that ended the game also closed the binding, freed
		// the channel, left the players' index and dropped the timers.
		b.Status = statusFinished
	}
	a.shown.Store(b.Table, t.Version()) // panels drawn before this are caught up (follow.go)
	a.changed(b.Table, t.Version())     // the live table follows (live.go)
	if !t.Over() && slices.ContainsFunc(t.ToAct(), func(s games.Seat) bool { return aiAt(b, s) }) {
		a.wakeAI() // the AI answers as soon as the timer loop hears it
	}
	return a.enqueueBoard(&boardJob{ctx: context.WithoutCancel(ctx), p: p, table: b.Table, t: t, m: m, lines: lines, from: firstVersion(steps, t) - 1, held: held,
		actor: actor}), nil
}

// postBoard shows one queued board: the move lines go into the table's
// running log message first; then, while the same seats are still to act
// (a player's own multi-step turn), the live board is edited in place,
// and otherwise a new board is posted (so its ping notifies; if Discord
// refuses it, the old board and its buttons stay, and the outbox posts the
// new one later) and only then is the old board deleted, so the channel
// always shows a live board. Then the message id is recorded, and a new
// turn's held pings are scheduled and its turn DMs sent. Last, the open
// panels of the seats whose turn it now is follow the game (follow.go).
func (a *App) postBoard(j *boardJob) error {
	ctx, p, t := j.ctx, j.p, j.t
	// The binding as it is now: an earlier board of this table may have
	// been posted since the announcement was prepared.
	b, err := a.Store.GetBinding(j.table)
	if err != nil {
		return err
	}
	if t.Version() > b.Log.Version {
		// Moves the log has not told yet that came before this board's
		// (their own board refused or lost in a crash) go first.
		lines := append(a.missedLines(b, j.from), j.lines...)
		if len(lines) > 0 {
			a.appendLog(ctx, p, &b, t, lines)
		}
	}
	turn := TurnKey(t)
	id, edited := "", false
	if !t.Over() && b.Message != "" && b.BoardTurn == turn {
		// An edit notifies nobody: the turn's ping went out with the
		// board this one edits.
		if err := p.Edit(ctx, b.Channel, b.Message, j.m); err == nil {
			id, edited = b.Message, true
		} else {
			a.Log.Debug().Err(err).Uint64("table", b.Table).Msg("could not edit the board in place; posting a new one")
		}
	}
	if !edited {
		if id, err = p.Post(ctx, b.Channel, j.m); err != nil {
			return fmt.Errorf("commands: post table: %w", err)
		}
		if b.Message != "" && b.Message != id {
			a.dropBoard(ctx, p, b, t)
		}
	}
	// The board's message id costs no commit of its own: storage writes it
	// with the next commit. The move, its clock and its timers were
	// committed with the move itself (withClock).
	if err := a.Store.SetMessage(b.Table, id, t.Version(), turn, a.now()); err != nil {
		return err
	}
	b.Message, b.BoardTurn = id, turn
	if !edited {
		if err := a.Store.Schedule(j.held...); err != nil {
			return err
		}
		if !t.Over() {
			a.dmTurn(ctx, p, b, t.ToAct(), t.Info().Title)
		}
	}
	if !j.later {
		a.followPanels(ctx, p, b, t, j.actor)
	}
	return nil
}

// TurnKey says whom a board asks to act: the seats to act, a window's
// answerer marked "w" ("0", "1,2w"); "" once the game is over. Two boards
// with the same key belong to the same turn; the live board's key is kept
// in its binding (storage.Binding.BoardTurn).
func TurnKey(t games.Table) string {
	if t.Over() {
		return ""
	}
	var parts []string
	for _, s := range t.ToAct() {
		k := fmt.Sprint(int(s))
		if s >= 0 && t.InWindow(s) {
			k += "w"
		}
		parts = append(parts, k)
	}
	return strings.Join(parts, ",")
}

// dropBoard removes the table's previous board, now that a newer one is
// up; when Discord will not delete it, it is edited into a short stub
// without buttons or picture instead.
func (a *App) dropBoard(ctx context.Context, p Poster, b storage.Binding, t games.Table) {
	err := p.Delete(ctx, b.Channel, b.Message)
	if err == nil {
		return
	}
	a.Log.Debug().Err(err).Uint64("table", b.Table).Msg("could not delete the old board; retiring it instead")
	old := Message{Content: "This board is out of date; the current one is further down.", ClearFiles: true,
		Embeds: []Embed{{Title: fmt.Sprintf("%s — table #%d", t.Info().Title, b.Table), Color: colourEnded,
			Description: "An earlier board."}}}
	if err := p.Edit(ctx, b.Channel, b.Message, old); err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not retire the old table message")
	}
}

// binding loads a table's binding and refuses closed ones.
func (a *App) activeBinding(id uint64) (storage.Binding, error) {
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return b, err
	}
	return b, notActive(b)
}

// notActive is nil for a binding whose game is being played, and the
// player's explanation for any other.
func notActive(b storage.Binding) error {
	switch b.Status {
	case statusActive:
		return nil
	case statusLobby:
		return sorry("This game hasn't started yet.")
	case statusFinished:
		return sorry("This game is over. Start a new one with /game new.")
	}
	return sorry("This game was closed.")
}

// tableButton handles the table message's buttons.
func (a *App) tableButton(ctx context.Context, req Request, c CustomID, p Poster) (Response, error) {
	b, err := a.Store.GetBinding(c.Table)
	if err != nil {
		return Response{}, err
	}
	switch c.Arg {
	case "rules":
		k, err := a.Catalog.Get(b.Game)
		if err != nil {
			return Response{}, err
		}
		m, err := rulesMessage(k.Info(), "")
		if err != nil {
			return Response{}, err
		}
		return Response{Message: m}, nil
	case "panel":
		b, seat, t, err := a.seatedAt(c.Table, req.User.ID,
			"You're not playing at this table, but you're welcome to watch. Use /game new to start your own.")
		if err != nil {
			return Response{}, err
		}
		m, err := a.panel(b, t, seat, Nav{}, "")
		if err != nil {
			return Response{}, err
		}
		return Response{Message: &m}, nil
	case "rematch":
		return a.rematch(ctx, req, b, p)
	case "live":
		return a.launchLive(b)
	case "players":
		// Everyone's holdings as the channel may see them (the spectator's
		// view): what the one-picture board leaves out, such as Tapestry's
		// capital cities and civilizations.
		t, err := a.Store.Load(a.Catalog, c.Table)
		if err != nil {
			return Response{}, err
		}
		png, err := a.picture(imaging.Players, b, t, games.Spectator)
		if err != nil {
			return Response{}, fmt.Errorf("commands: render players: %w", err)
		}
		return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("Every player's holdings at table #%d, as of move %d.", b.Table, t.Version()),
			Files: []File{{Name: "players.png", Type: "image/png", Data: png}}}}, nil
	case "refresh":
		t, err := a.Store.Load(a.Catalog, c.Table)
		if err != nil {
			return Response{}, err
		}
		var m Message
		if t.Over() {
			m, err = a.resultMessage(b, t, nil)
		} else {
			m, err = a.tableMessage(b, t, nil)
			m.Content, m.Mentions = "", nil // a refresh does not ping anyone again
		}
		if err != nil {
			return Response{}, err
		}
		if req.Message != b.Message {
			m.Content = "This is an older board, refreshed; the live one is further down."
			m.Rows = nil
		}
		return Response{Message: &m, Update: true}, nil
	}
	return Response{}, ErrBadCustomID
}

// tableIn returns the binding of the table (lobby or game) of req's
// channel. A table of another server than req's is none of req's business
// (a forged channel id, a direct message): it is reported as missing, with
// storage.ErrNotFound, exactly like no table at all.
func (a *App) tableIn(req Request) (storage.Binding, error) {
	id, err := a.Store.Active(req.Channel)
	if err != nil {
		return storage.Binding{}, err
	}
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return storage.Binding{}, err
	}
	if b.Guild != req.Guild {
		return storage.Binding{}, fmt.Errorf("commands: table %d is not in guild %q: %w", id, req.Guild, storage.ErrNotFound)
	}
	return b, nil
}

// activeIn finds the active game of req's channel, in req's server, for
// commands typed there.
func (a *App) activeIn(req Request) (storage.Binding, error) {
	b, err := a.tableIn(req)
	if errors.Is(err, storage.ErrNotFound) {
		return storage.Binding{}, sorry("There's no game running in this channel. Start one with /game new.")
	}
	return b, err
}

// lockedIn finds the game of req's channel (activeIn), takes its table's
// lock and reads its binding again under it; the caller runs unlock when
// done (on an error it has run already).
func (a *App) lockedIn(req Request) (b storage.Binding, unlock func(), err error) {
	if b, err = a.activeIn(req); err != nil {
		return b, nil, err
	}
	unlock = a.lock(b.Table)
	if b, err = a.Store.GetBinding(b.Table); err != nil {
		unlock()
		return b, nil, err
	}
	return b, unlock, nil
}

// status shows the caller the current table privately.
func (a *App) status(_ context.Context, req Request) (Response, error) {
	b, err := a.activeIn(req)
	if err != nil {
		return Response{}, err
	}
	if b.Status == statusLobby {
		k, err := a.Catalog.Get(b.Game)
		if err != nil {
			return Response{}, err
		}
		m := a.lobbyMessage(k.Info(), b, "This lobby is waiting for players.")
		m.Ephemeral, m.Rows = true, nil
		return Response{Message: &m}, nil
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	m, err := a.tableMessage(b, t, nil)
	if err != nil {
		return Response{}, err
	}
	m.Ephemeral, m.Mentions = true, nil
	if m.Content != "" {
		m.Content = strings.Replace(m.Content, " — your move! Press **My hand & moves**.", " to move.", 1)
	}
	return Response{Message: &m}, nil
}

// abandon closes a game for good (host or Manage Server).
func (a *App) abandon(ctx context.Context, req Request, p Poster) (Response, error) {
	b, unlock, err := a.lockedIn(req)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if req.User.ID != b.Host && !req.CanManage {
		return Response{}, sorry(fmt.Sprintf("Only the host (<@%s>) or someone with Manage Server can abandon this game.", b.Host))
	}
	k, err := a.Catalog.Get(b.Game)
	if err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("Table #%d was abandoned by <@%s>. It will not count for anyone.", b.Table, req.User.ID)
	switch b.Status {
	case statusLobby:
		b.Status = statusCancelled
		if err := p.Edit(ctx, b.Channel, b.LobbyMessage, closedLobby(k.Info(), b, text)); err != nil {
			a.Log.Warn().Err(err).Msg("could not close the lobby message")
		}
	case statusActive:
		b.Status = statusAbandoned
		if b.Message != "" {
			if err := p.Edit(ctx, b.Channel, b.Message, Message{Content: text, ClearFiles: true,
				Embeds: []Embed{{Title: fmt.Sprintf("%s — table #%d", k.Info().Title, b.Table), Description: "Abandoned.", Color: colourEnded}}}); err != nil {
				a.Log.Warn().Err(err).Msg("could not retire the table message")
			}
		}
	default:
		return Response{}, sorry("This game is already closed.")
	}
	b.Updated = a.now()
	if err := a.Store.EndTable(b); err != nil {
		return Response{}, err
	}
	a.forgetTable(b.Table)
	if _, err := p.Post(ctx, b.Channel, Message{Content: text, Mentions: []string{}}); err != nil {
		a.Log.Warn().Err(err).Msg("could not announce the abandon")
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("Table #%d is abandoned.", b.Table)}}, nil
}

// myGames is /game list: the caller's running games in this server, with
// a jump link, whose turn it is and the time left, privately.
func (a *App) myGames(req Request) (Response, error) {
	ids, err := a.Store.Playing(req.User.ID)
	if err != nil {
		return Response{}, err
	}
	var lines []string
	for _, id := range ids {
		b, err := a.Store.GetBinding(id)
		if err != nil || b.Status != statusActive || b.Guild != req.Guild {
			continue
		}
		t, err := a.Store.Load(a.Catalog, id)
		if err != nil {
			continue
		}
		var turn []string
		for _, s := range t.ToAct() {
			if s < 0 {
				continue
			}
			w := mention(b, s)
			if b.Users[s] == req.User.ID {
				w = "**you**"
			}
			if dl := deadlineText(b, s); dl != "" {
				w += " (time runs out " + dl + ")"
			}
			turn = append(turn, w)
		}
		link := jumpLink(b)
		lines = append(lines, fmt.Sprintf("**%s** #%d in <#%s> — to move: %s — [jump to the table](%s)",
			t.Info().Title, id, b.Channel, strings.Join(turn, ", "), link))
	}
	if len(lines) == 0 {
		return Response{Message: &Message{Ephemeral: true, Content: "You have no running games in this server. Start one with /game new."}}, nil
	}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{{Title: "Your games", Color: colourTable,
		Description: clip(strings.Join(lines, "\n"), 4000)}}}}, nil
}
