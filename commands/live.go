package commands

import (
	"errors"
	"fmt"
	"slices"

	"spindle/games"
	"spindle/storage"
)

// The live table (an Activity, bot/activity) shows a table outside the
// chat: the same board picture and the same panel, with moves posted back
// through Handle as component clicks. The commands layer offers it three
// things: the "Live table" button on the board (its answer launches the
// Activity), a hook told whenever a table's version is announced
// (Changes), and the table as a seat or a spectator sees it (Live).

// Changes is told, after the commit, whenever a table's new version is
// announced (a move from any front door, an AI turn, a clock's expiry, an
// undo). The Activity's notifier implements it; a notifier across
// processes (PostgreSQL's NOTIFY) can implement it the same way.
type Changes interface {
	Changed(table, version uint64)
}

// changed tells a.Changes, if any, that table now stands at version.
func (a *App) changed(table, version uint64) {
	if a.Changes != nil {
		a.Changes.Changed(table, version)
	}
}

// liveButton is the board's "Live table" button, shown when the App
// serves a live table (App.LiveTable).
func liveButton(table uint64) Button {
	return Button{Label: "Live table", Style: Secondary, CustomID: CustomID{Route: 'o', Table: table, Arg: "live"}.MustEncode()}
}

// launchLive answers the "Live table" button: the front door launches the
// Activity in the channel (Discord's LAUNCH_ACTIVITY callback), where the
// table is found by its channel. Anyone in the channel may watch.
func (a *App) launchLive(b storage.Binding) (Response, error) {
	if !a.LiveTable {
		return Response{}, sorry("The live table isn't enabled for this bot.")
	}
	if b.Status != statusActive && b.Status != statusFinished {
		return Response{}, sorry("This game hasn't started yet.")
	}
	return Response{LaunchActivity: true}, nil
}

// Live is a table as one viewer sees it: the board everyone sees (the
// chat's own table or result message, without its buttons) and, for a
// seated player of a running game, that seat's panel.
type Live struct {
	Table   uint64
	Game    string
	Title   string
	Version uint64
	Over    bool
	// Seat is the viewer's seat, or games.Spectator.
	Seat games.Seat
	// Players are the seats' display names and Users their user ids
	// (an AI's "ai:…"), seat order.
	Players []string
	Users   []string
	// Board is the public board: the spectator's view only.
	Board Message
	// Panel is the viewer's own panel (nil for a spectator or a finished
	// game): the chat panel's text, picture and components, whose
	// custom_ids are clicked through Handle.
	Panel *Message
	// Guild and Channel are where the table lives: a click from the live
	// table is a click in that channel.
	Guild, Channel string
}

// LiveIn finds the table of a channel for the live table: the running
// game (or the lobby) of channel, in guild's server.
func (a *App) LiveIn(guild, channel string) (uint64, error) {
	b, err := a.tableIn(Request{Guild: guild, Channel: channel})
	if errors.Is(err, storage.ErrNotFound) {
		return 0, sorry("There's no game running in this channel. Start one with /game new.")
	}
	if err != nil {
		return 0, err
	}
	return b.Table, nil
}

// Live returns table id as user sees it. Only user's own seat's panel is
// ever included; a spectator gets the public board alone.
func (a *App) Live(id uint64, user string) (Live, error) {
	b, err := a.Store.GetBinding(id)
	if err != nil {
		return Live{}, err
	}
	if b.Status != statusFinished {
		// The binding just read decides: reading it again could find the
		// game finished in between (an AI's last move) and refuse it.
		if err := notActive(b); err != nil {
			return Live{}, err // a lobby, or a closed game
		}
	}
	t, err := a.Store.Load(a.Catalog, id)
	if err != nil {
		return Live{}, err
	}
	l := Live{Table: id, Game: b.Game, Title: t.Info().Title, Version: t.Version(), Over: t.Over(), Seat: games.Spectator,
		Guild: b.Guild, Channel: b.Channel, Users: slices.Clone(b.Users)}
	for i := range b.Users {
		l.Players = append(l.Players, games.FillPlain(games.Name(games.Seat(i)), b.Names))
	}
	if t.Over() {
		l.Board, err = a.resultMessage(b, t, nil)
	} else {
		l.Board, err = a.tableMessage(b, t, nil)
	}
	if err != nil {
		return Live{}, err
	}
	l.Board.Rows, l.Board.Mentions, l.Board.Content = nil, nil, ""
	if seat, ok := seatOf(b, user); ok && !isAI(user) {
		l.Seat = seat
		if b.Status == statusActive && !t.Over() {
			m, err := a.panel(b, t, seat, Nav{}, "")
			if err != nil {
				return Live{}, fmt.Errorf("commands: live panel: %w", err)
			}
			m.panel = nil
			l.Panel = &m
		}
	}
	return l, nil
}

// LiveClick is the Request a click on the live table makes: a component
// interaction from user in the table's own channel, exactly as if the
// user had clicked the same custom_id in the chat. id must be unique per
// click (the store's idempotency key).
func LiveClick(l Live, id string, user User, customID string, values []string) Request {
	return Request{ID: id, Kind: Component, Guild: l.Guild, Channel: l.Channel, User: user, CustomID: customID,
		Values: slices.Clone(values), MessageOwner: user.ID}
}
