package commands

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"spindle/games"
	"spindle/games/ai"
	"spindle/storage"
)

// Binding statuses.
const (
	statusLobby     = "lobby"
	statusActive    = "active"
	statusFinished  = "finished"
	statusAbandoned = "abandoned"
	statusCancelled = "cancelled"
)

// newLobby opens a lobby for /game new, in the channel or in a new thread.
// One game per channel or thread: a channel with a lobby or game refuses.
func (a *App) newLobby(ctx context.Context, req Request, p Poster) (Response, error) {
	k, err := a.Catalog.Get(req.Options["game"])
	if err != nil {
		return Response{}, err
	}
	info := k.Info()
	if req.Guild == "" {
		return Response{}, sorry("Games are played in server channels, not in direct messages.")
	}
	set := a.settings(req.Guild)
	if len(set.Channels) > 0 && !slices.Contains(set.Channels, req.Channel) {
		var cs []string
		for _, c := range set.Channels {
			cs = append(cs, "<#"+c+">")
		}
		return Response{}, sorry("Games can't be started in this channel. Try " + strings.Join(cs, ", ") + ".")
	}
	if req.ChannelKind == "voice" {
		return Response{}, sorry("Games can't be played in a voice channel's chat: the board needs a text channel. Start the game in a text channel (or a thread of one).")
	}
	thread := set.Threads
	if v, ok := req.Options["thread"]; ok {
		thread = v == "true"
	}
	if req.ChannelKind == "thread" {
		// Already in a thread (or a forum post): the game lives here.
		thread = false
	}
	opts, err := info.Normalize(nil)
	if err != nil {
		return Response{}, err
	}
	for _, o := range tableOptions(info) {
		opts[o.Key] = o.Default
	}
	opts[optClock] = set.Clock
	b := storage.Binding{Game: info.ID, Guild: req.Guild, Channel: req.Channel, Host: req.User.ID,
		Users: []string{req.User.ID}, Names: []string{req.User.Name}, Status: statusLobby,
		Created: a.now(), Updated: a.now(), Options: opts}
	notice := ""
	if opp := req.Options["opponent"]; opp != "" {
		if opp == req.User.ID {
			return Response{}, sorry("You can't challenge yourself — press **Add AI** in the lobby to play against the AI.")
		}
		b.Invited = []string{opp}
		notice = fmt.Sprintf("⚔️ <@%s>, <@%s> challenges you to %s! Press **Accept** to take your seat.", opp, req.User.ID, info.Title)
	}
	b, err = a.openLobby(ctx, b, info, thread, notice, p)
	if err != nil {
		return Response{}, err
	}
	where := "below"
	if thread {
		where = fmt.Sprintf("in <#%s>", b.Channel)
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf(
		"Your %s table #%d is open %s. Other players press **Join**; you press **Start** when everyone is in.", info.Title, b.Table, where)}}, nil
}

// openLobby stores lobby b, in b's channel or in a new thread of it,
// posts its message (content, when set, pings the users it names) and
// returns b with its table id, channel and message.
func (a *App) openLobby(ctx context.Context, b storage.Binding, info games.Info, thread bool, content string, p Poster) (storage.Binding, error) {
	var (
		id  uint64
		err error
	)
	if thread {
		id, err = a.Store.CreateLobby(b)
	} else {
		// Claim the channel and open the lobby in one commit, so two
		// simultaneous /game new here open one lobby.
		id, err = a.Store.ClaimLobby(b)
		var busy storage.BusyError
		if errors.As(err, &busy) {
			return b, channelBusy(busy.Table)
		}
	}
	if err != nil {
		return b, err
	}
	b.Table = id
	if thread {
		tid, err := p.Thread(ctx, b.Channel, fmt.Sprintf("%s #%d", info.Title, id))
		if err != nil {
			return b, fmt.Errorf("commands: open thread: %w", err)
		}
		b.Channel, b.Thread = tid, tid
	}
	m := a.lobbyMessage(info, b, "")
	if content != "" {
		m.Content, m.Mentions = content, lobbyPings(b)
	}
	msgID, err := p.Post(ctx, b.Channel, m)
	if err != nil {
		// Nobody could see or join this lobby: close it again, so the
		// channel is free, and tell the host why.
		b.Status, b.Updated = statusCancelled, a.now()
		if cerr := a.Store.EndTable(b); cerr != nil {
			a.Log.Error().Err(cerr).Uint64("table", id).Msg("could not close a lobby whose message was refused")
		}
		why := reasonOf(err)
		if why == "" {
			why = "Discord refused the message"
		}
		return b, sorry(fmt.Sprintf("I couldn't post the lobby in <#%s>: %s. Nothing was opened; try again once that is fixed.", b.Channel, why))
	}
	b.LobbyMessage = msgID
	if err := a.Store.PutBinding(b); err != nil {
		return b, err
	}
	if thread { // a lobby in the channel itself claimed it when it opened
		if err := a.Store.SetActive(b.Channel, id); err != nil {
			return b, err
		}
	}
	return b, nil
}

// lobbyPings are the people a new lobby's message pings: those invited
// and those already seated, except the host who opened it.
func lobbyPings(b storage.Binding) []string {
	var out []string
	for _, u := range append(people(b.Users), b.Invited...) {
		if u != b.Host && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// channelBusy is the refusal of a second game in a channel.
func channelBusy(id uint64) error {
	return sorry(fmt.Sprintf("This channel already has a game (table #%d). Finish or abandon it first, or start a new one with `thread: True`.", id))
}

// lobbyMessage shows the seats, the options (selects for the host) and the
// lobby buttons.
func (a *App) lobbyMessage(info games.Info, b storage.Binding, notice string) Message {
	var seats strings.Builder
	for i, u := range b.Users {
		fmt.Fprintf(&seats, "%d. %s", i+1, who(u))
		if u == b.Host {
			seats.WriteString(" (host)")
		}
		seats.WriteString("\n")
	}
	need, fit := a.seatsFor(info, b)
	if fit != "" {
		notice = strings.TrimSpace(notice + "\n" + fit)
	}
	var optLines []string
	for _, o := range lobbyOptions(info) {
		optLines = append(optLines, fmt.Sprintf("**%s**: %s", o.Label, o.Shown(b.Options[o.Key])))
	}
	e := Embed{
		Title:       fmt.Sprintf("%s — table #%d", info.Title, b.Table),
		Description: fmt.Sprintf("%s\n**Seats (%d/%d)**\n%s", notice, len(b.Users), info.MaxSeats, seats.String()),
		Color:       colourLobby,
		Footer:      fmt.Sprintf("%s (AI players count) · the host sets the options, adds AI players and starts the game", need),
	}
	if len(optLines) > 0 {
		e.Fields = []Field{{Name: "Options", Value: strings.Join(optLines, "\n")}}
	}
	m := Message{Embeds: []Embed{e}, Mentions: []string{}}
	// One layout for every game: the options are listed in the embed, and
	// one menu picks the option to change, then a private menu of its
	// values for the host (a game's option count never changes the shape).
	pick := &Select{CustomID: CustomID{Route: 'l', Table: b.Table, Arg: "pick"}.MustEncode(), Placeholder: "Change an option…"}
	for _, o := range lobbyOptions(info) {
		pick.Options = append(pick.Options, Option{Label: clip(o.Label+": "+o.Shown(b.Options[o.Key]), MaxOptionLabel), Value: o.Key,
			Description: clip(o.Help, MaxOptionDescription)})
	}
	if len(pick.Options) > 0 {
		m.Rows = append(m.Rows, Row{Select: pick})
	}
	btn := func(label, arg string, style ButtonStyle) Button {
		return Button{Label: label, Style: style, CustomID: CustomID{Route: 'l', Table: b.Table, Arg: arg}.MustEncode()}
	}
	if isTableOption(info, optSeating) && len(b.Users) > 1 && len(m.Rows) < MaxRows-1 {
		// Chosen seating: the host moves players to the last seat one by
		// one, which reaches any order (and so any teams).
		order := &Select{CustomID: CustomID{Route: 'l', Table: b.Table, Arg: "last"}.MustEncode(), Placeholder: "Seat order: move a player to the last seat…"}
		for i, u := range b.Users {
			name := u
			if i < len(b.Names) && b.Names[i] != "" {
				name = b.Names[i]
			}
			order.Options = append(order.Options, Option{Label: clip(fmt.Sprintf("%d. %s", i+1, name), MaxOptionLabel), Value: u})
		}
		m.Rows = append(m.Rows, Row{Select: order})
	}
	join := btn("Join", "join", Success)
	if slices.ContainsFunc(b.Invited, func(u string) bool { return !slices.Contains(b.Users, u) }) {
		join.Label = "Accept" // a challenge waits for its answer
	}
	m.Rows = append(m.Rows, Row{Buttons: []Button{
		join, btn("Leave", "leave", Secondary), btn("Add AI", "ai", Secondary), btn("Start", "start", Primary), btn("Cancel", "cancel", Danger),
	}})
	return m
}

// seatsFor says how many players the lobby's options allow ("2 players",
// "3 to 6 players", "3, 4 or 6 players") and, when the players seated now
// don't fit, which option values would (so the host changes them before
// Start rather than after).
func (a *App) seatsFor(info games.Info, b storage.Binding) (need, fit string) {
	k, err := a.Catalog.Get(info.ID)
	if err != nil {
		return fmt.Sprintf("%d to %d players", info.MinSeats, info.MaxSeats), ""
	}
	opts := gameOptions(info, b.Options)
	counts := games.SeatCounts(k, opts)
	need = countWords(counts) + " with these options"
	if len(info.Options) == 0 || (len(counts) > 0 && counts[0] == info.MinSeats && counts[len(counts)-1] == info.MaxSeats) {
		need = countWords(counts)
	}
	n := len(b.Users)
	if n < info.MinSeats || slices.Contains(counts, n) {
		return need, ""
	}
	var ways []string
	for _, f := range games.Fitting(k, opts, n) {
		ways = append(ways, fmt.Sprintf("**%s**: %s", f.Label, strings.Join(f.Values, ", ")))
	}
	fit = fmt.Sprintf("⚠️ %d players don't fit these options.", n)
	if len(ways) > 0 {
		fit += " For " + fmt.Sprint(n) + " players choose " + strings.Join(ways, " or ") + "."
	}
	return need, fit
}

// countWords says a list of player counts: "2 players", "3 to 6 players",
// "2, 4 or 6 players".
func countWords(counts []int) string {
	switch {
	case len(counts) == 0:
		return "no player count"
	case len(counts) == 1:
		return fmt.Sprintf("%d players", counts[0])
	case counts[len(counts)-1]-counts[0] == len(counts)-1:
		return fmt.Sprintf("%d to %d players", counts[0], counts[len(counts)-1])
	}
	var parts []string
	for _, c := range counts[:len(counts)-1] {
		parts = append(parts, fmt.Sprint(c))
	}
	return fmt.Sprintf("%s or %d players", strings.Join(parts, ", "), counts[len(counts)-1])
}

// optionSelect is the select menu of one option's values.
func optionSelect(b storage.Binding, o games.OptionSpec) *Select {
	s := &Select{CustomID: CustomID{Route: 'l', Table: b.Table, Arg: "opt/" + o.Key}.MustEncode(), Placeholder: o.Label}
	for _, v := range o.Values {
		s.Options = append(s.Options, Option{Label: clip(o.Label+": "+o.Shown(v), MaxOptionLabel), Value: v, Default: b.Options[o.Key] == v,
			Description: clip(o.HelpOf(v), MaxOptionLabel)})
	}
	return s
}

// closedLobby replaces the lobby message once it started or was cancelled.
func closedLobby(info games.Info, b storage.Binding, text string) Message {
	return Message{Embeds: []Embed{{Title: fmt.Sprintf("%s — table #%d", info.Title, b.Table), Description: text, Color: colourEnded}}}
}

// lobbyComponent handles the lobby's buttons and option selects; the lobby
// message is updated in place.
func (a *App) lobbyComponent(ctx context.Context, req Request, c CustomID, p Poster) (Response, error) {
	op, arg, _ := strings.Cut(c.Arg, "/")
	if op == "pick" {
		return a.optionPicker(req, c.Table)
	}
	if op == "opt" && len(req.Values) == 1 {
		arg = arg + "=" + req.Values[0]
	}
	if op == "ai" && len(req.Values) == 0 {
		return a.aiPicker(req, c.Table)
	}
	if (op == "last" || op == "ai") && len(req.Values) == 1 {
		arg = req.Values[0] // the choice of a menu
	}
	msg, note, err := a.lobbyOp(ctx, req, c.Table, op, arg, p)
	if err != nil {
		return Response{}, err
	}
	if note != "" {
		// Refusals that leave the lobby as it is answer privately.
		return Response{Message: &Message{Ephemeral: true, Content: note}}, nil
	}
	b, err := a.Store.GetBinding(c.Table)
	if err != nil {
		return Response{}, err
	}
	if req.Message != "" && req.Message != b.LobbyMessage {
		// The change came from the host's private option picker: edit the
		// public lobby and confirm privately.
		if err := p.Edit(ctx, b.Channel, b.LobbyMessage, msg); err != nil {
			return Response{}, fmt.Errorf("commands: edit lobby: %w", err)
		}
		return Response{Update: true, Message: &Message{Ephemeral: true, Content: a.lobbyChange(b, op, arg)}}, nil
	}
	return Response{Message: &msg, Update: true}, nil
}

// lobbyChange confirms privately a change made from the host's private
// menus, in words ("Automa level (solo): 3 (the Slightly Intimidating)"),
// never in the menu's own values.
func (a *App) lobbyChange(b storage.Binding, op, arg string) string {
	switch op {
	case "opt":
		key, val, _ := strings.Cut(arg, "=")
		if k, err := a.Catalog.Get(b.Game); err == nil {
			for _, o := range lobbyOptions(k.Info()) {
				if o.Key == key {
					return fmt.Sprintf("Option changed: **%s**: %s.", o.Label, o.Shown(val))
				}
			}
		}
		return "Option changed."
	case "ai":
		what, val, _ := strings.Cut(arg, ":")
		if lvl, ok := ai.ByName(val); ok && what == "add" {
			return fmt.Sprintf("Added %s to the table.", lvl.Title())
		}
		if what == "drop" {
			return fmt.Sprintf("Removed %s from the table.", aiName(val))
		}
	}
	return "Done: the lobby is updated."
}

// optionPicker answers the host's choice of an option to change with a
// private menu of its values.
func (a *App) optionPicker(req Request, id uint64) (Response, error) {
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return Response{}, err
	}
	if req.User.ID != b.Host {
		return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("Only the host (<@%s>) can change the options.", b.Host)}}, nil
	}
	k, err := a.Catalog.Get(b.Game)
	if err != nil {
		return Response{}, err
	}
	for _, o := range lobbyOptions(k.Info()) {
		if len(req.Values) == 1 && o.Key == req.Values[0] {
			return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("**%s**: %s", o.Label, o.Help),
				Rows: []Row{{Select: optionSelect(b, o)}}}}, nil
		}
	}
	return Response{}, ErrBadCustomID
}

// aiPicker answers the host's "Add AI" with a private menu of levels and
// of the AI seats to remove.
func (a *App) aiPicker(req Request, id uint64) (Response, error) {
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return Response{}, err
	}
	if req.User.ID != b.Host {
		return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("Only the host (<@%s>) can add AI players.", b.Host)}}, nil
	}
	if b.Status != statusLobby {
		return Response{Message: &Message{Ephemeral: true, Content: "This lobby is closed."}}, nil
	}
	k, err := a.Catalog.Get(b.Game)
	if err != nil {
		return Response{}, err
	}
	m := aiMenu(b, k.Info())
	return Response{Message: &m}, nil
}

// lobbyCommand handles /game join|leave|start for the channel's lobby; the
// lobby message is edited and the user gets a private confirmation.
func (a *App) lobbyCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	tb, err := a.tableIn(req)
	if errors.Is(err, storage.ErrNotFound) {
		return Response{}, sorry("There is no open lobby in this channel. Start one with /game new.")
	}
	if err != nil {
		return Response{}, err
	}
	id := tb.Table
	op := strings.TrimPrefix(req.Command, "game ")
	msg, note, err := a.lobbyOp(ctx, req, id, op, "", p)
	if err != nil {
		return Response{}, err
	}
	if note != "" {
		return Response{Message: &Message{Ephemeral: true, Content: note}}, nil
	}
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return Response{}, err
	}
	if err := p.Edit(ctx, b.Channel, b.LobbyMessage, msg); err != nil {
		a.Log.Warn().Err(err).Uint64("table", id).Msg("could not edit the lobby message")
	}
	done := map[string]string{"join": "You joined table #%d.", "leave": "You left table #%d.", "start": "Table #%d has started."}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf(done[op], id)}}, nil
}

// lobbyOp applies one lobby operation and returns the new lobby message,
// or a private note when the operation was refused without a change.
func (a *App) lobbyOp(ctx context.Context, req Request, id uint64, op, arg string, p Poster) (Message, string, error) {
	defer a.lock(id)()
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return Message{}, "", err
	}
	k, err := a.Catalog.Get(b.Game)
	if err != nil {
		return Message{}, "", err
	}
	info := k.Info()
	if b.Status != statusLobby {
		if op == "join" || op == "leave" {
			return Message{}, "This table has already started or closed; players can't join or leave now.", nil
		}
		return Message{}, "This lobby is closed.", nil
	}
	seated := slices.Index(b.Users, req.User.ID)
	isHost := req.User.ID == b.Host
	notice := ""
	switch op {
	case "join":
		if seated >= 0 {
			return Message{}, "You're already seated at this table.", nil
		}
		if len(b.Users) >= info.MaxSeats {
			return Message{}, fmt.Sprintf("This table is full (%d players).", info.MaxSeats), nil
		}
		b.Users = append(b.Users, req.User.ID)
		b.Names = append(b.Names, req.User.Name)
		notice = fmt.Sprintf("<@%s> joined.", req.User.ID)
	case "leave":
		if seated < 0 {
			return Message{}, "You aren't seated at this table.", nil
		}
		b.Users = slices.Delete(b.Users, seated, seated+1)
		b.Names = slices.Delete(b.Names, seated, seated+1)
		notice = fmt.Sprintf("<@%s> left.", req.User.ID)
		if len(people(b.Users)) == 0 {
			return a.closeLobby(b, info, "Everyone left, so the lobby is closed.")
		}
		if isHost {
			b.Host = people(b.Users)[0]
			notice += fmt.Sprintf(" <@%s> is the host now.", b.Host)
		}
	case "last":
		if !isHost {
			return Message{}, fmt.Sprintf("Only the host (<@%s>) can arrange the seats.", b.Host), nil
		}
		i := slices.Index(b.Users, arg)
		if i < 0 {
			return Message{}, "That player isn't seated any more.", nil
		}
		b.Users = append(slices.Delete(b.Users, i, i+1), arg)
		if i < len(b.Names) {
			name := b.Names[i]
			b.Names = append(slices.Delete(b.Names, i, i+1), name)
		}
		b.Options[optSeating] = "chosen"
		notice = fmt.Sprintf("<@%s> moved to the last seat; the seating is now chosen.", arg)
	case "ai":
		if !isHost {
			return Message{}, fmt.Sprintf("Only the host (<@%s>) can add AI players.", b.Host), nil
		}
		n, refusal := aiSeatOp(&b, info, arg)
		if refusal != "" {
			return Message{}, refusal, nil
		}
		notice = n
	case "cancel":
		if !isHost && !req.CanManage {
			return Message{}, fmt.Sprintf("Only the host (<@%s>) or a server manager can cancel this lobby.", b.Host), nil
		}
		return a.closeLobby(b, info, fmt.Sprintf("Cancelled by <@%s>.", req.User.ID))
	case "opt":
		if !isHost {
			return Message{}, fmt.Sprintf("Only the host (<@%s>) can change the options.", b.Host), nil
		}
		key, val, _ := strings.Cut(arg, "=")
		next := gameOptions(info, b.Options)
		if !isTableOption(info, key) {
			next[key] = val
		}
		norm, err := info.Normalize(next)
		if err != nil {
			return Message{}, "", err
		}
		for _, o := range tableOptions(info) {
			norm[o.Key] = b.Options[o.Key]
			if o.Key == key {
				if !slices.Contains(o.Values, val) {
					return Message{}, "", games.ErrBadOption
				}
				norm[o.Key] = val
			}
		}
		b.Options = norm
	case "start":
		if !isHost {
			return Message{}, fmt.Sprintf("Only the host (<@%s>) can start the game.", b.Host), nil
		}
		if len(b.Users) < info.MinSeats {
			return Message{}, fmt.Sprintf("%s needs at least %d players; %d seated so far.", info.Title, info.MinSeats, len(b.Users)), nil
		}
		return a.start(ctx, req, b, info, p)
	default:
		return Message{}, "", ErrBadCustomID
	}
	b.Updated = a.now()
	if err := a.Store.PutBinding(b); err != nil {
		return Message{}, "", err
	}
	return a.lobbyMessage(info, b, notice), "", nil
}

func (a *App) closeLobby(b storage.Binding, info games.Info, text string) (Message, string, error) {
	b.Status, b.Updated = statusCancelled, a.now()
	if err := a.Store.PutBinding(b); err != nil {
		return Message{}, "", err
	}
	if err := a.Store.ClearActive(b.Channel); err != nil {
		return Message{}, "", err
	}
	return closedLobby(info, b, text), "", nil
}

// start creates the table (the deal is committed with it), posts the table
// message and mentions the first player in a new message.
func (a *App) start(ctx context.Context, req Request, b storage.Binding, info games.Info, p Poster) (Message, string, error) {
	if b.Options[optSeating] == "random" {
		// Seats, and with them turn order and teams, are shuffled by the
		// bot: the engine sees seats only.
		perm := rand.Perm(len(b.Users))
		users, names := slices.Clone(b.Users), slices.Clone(b.Names)
		for i, j := range perm {
			b.Users[i] = users[j]
			if j < len(names) && i < len(b.Names) {
				b.Names[i] = names[j]
			}
		}
		if err := a.Store.PutBinding(b); err != nil {
			return Message{}, "", err
		}
	}
	// The game, its clock, its first timers, the players' index and the
	// binding's new status are one commit.
	start := a.withClock(a.meta(req), b)
	tick := start.Effects
	rateAI := a.settings(b.Guild).RateAI
	start.Effects = func(bind *storage.Binding, t games.Table) ([]storage.Timer, error) {
		bind.Updated = a.now()
		bind.AIPlayed = len(people(bind.Users)) < len(bind.Users)
		bind.RateAI = rateAI && bind.AIPlayed
		if err := writeClock(bind, newClock(bind.Options, len(bind.Users))); err != nil {
			return nil, err
		}
		return tick(bind, t)
	}
	t, steps, err := a.Store.CreateAt(a.Catalog, b.Table, b.Game, gameOptions(info, b.Options), len(b.Users), start)
	if errors.Is(err, games.ErrSeats) || errors.Is(err, games.ErrBadOption) {
		// The options do not fit this many players: the lobby stays open
		// and the host is told why, in the game's words.
		_, fit := a.seatsFor(info, b)
		return Message{}, strings.TrimSpace(fmt.Sprintf("These options don't fit %d players: %s. Change the options or the players, then press Start again.\n%s",
			len(b.Users), engineReason(err, info.ID), fit)), nil
	}
	if err != nil {
		return Message{}, "", err
	}
	// CreateAt marked the binding active in the same transaction.
	if b, err = a.Store.GetBinding(b.Table); err != nil {
		return Message{}, "", err
	}
	if err := a.announce(ctx, p, &b, t, steps); err != nil {
		a.announceLater(b.Table, err) // the game has started all the same
	}
	var seats strings.Builder
	for i, u := range b.Users {
		fmt.Fprintf(&seats, "%d. %s\n", i+1, who(u))
	}
	return closedLobby(info, b, "The game has started — the table is below.\n"+seats.String()), "", nil
}

// engineReason extracts a game's own explanation from a wrapped error
// ("…stitchcraft: duel takes 2 to 2 seats, not 3: games: …" gives "duel
// takes 2 to 2 seats, not 3"). Engine errors carry rules facts, never
// hidden information, so they may be shown to the host.
func engineReason(err error, game string) string {
	msg := err.Error()
	i := strings.LastIndex(msg, game+": ")
	if i < 0 {
		return "the game refused them"
	}
	msg = msg[i+len(game)+2:]
	if j := strings.Index(msg, ": games:"); j >= 0 {
		msg = msg[:j]
	}
	return msg
}
