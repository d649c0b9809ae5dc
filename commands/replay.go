package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

// colourReplay is the embed colour of replays.
const colourReplay = 0x5D6D7E

// replayCuts splits a finished game's log into the positions a replay
// shows: position 0 is the table after the opening chance steps (the
// deal), and each later position is the table after one player action and
// the chance steps it triggered. Each cut is the length of the log prefix
// that rebuilds that position.
func replayCuts(log []storage.Entry) []int {
	i := 0
	for i < len(log) && log[i].Seat == games.Chance {
		i++
	}
	cuts := []int{i}
	for i < len(log) {
		i++ // the player's action
		for i < len(log) && log[i].Seat == games.Chance {
			i++
		}
		cuts = append(cuts, i)
	}
	return cuts
}

// replayCommand is /game replay id:<n>: the first position of a finished
// game of this server.
func (a *App) replayCommand(req Request) (Response, error) {
	id, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(req.Options["id"]), "#"), 10, 64)
	if err != nil || id == 0 {
		return Response{}, sorry("The id is a table number, like 12 (it's in the table's title).")
	}
	m, err := a.replayMessage(req, id, 0)
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m}, nil
}

// replayComponent shows the position a replay button points at.
func (a *App) replayComponent(req Request, c CustomID) (Response, error) {
	m, err := a.replayMessage(req, c.Table, int(min(c.Version, 1<<20)))
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m, Update: true}, nil
}

// replayMessage renders position step of a finished table from its log
// alone: the envelope's header and a log prefix replayed through the
// catalog (no randomness is drawn), shown as the public table, the same
// picture spectators saw. Only finished games of the caller's server are
// replayed, so nothing hidden of a running game can leak.
func (a *App) replayMessage(req Request, id uint64, step int) (Message, error) {
	b, err := a.Store.GetBinding(id)
	if errors.Is(err, storage.ErrNotFound) || (err == nil && b.Guild != req.Guild) {
		return Message{}, sorry(fmt.Sprintf("There's no table #%d on this server.", id))
	}
	if err != nil {
		return Message{}, err
	}
	switch b.Status {
	case statusFinished:
	case statusActive, statusLobby:
		return Message{}, sorry(fmt.Sprintf("Table #%d is still being played. Replays are for finished games.", id))
	default:
		return Message{}, sorry(fmt.Sprintf("Table #%d was abandoned, so there is no finished game to replay.", id))
	}
	env, err := a.Store.Envelope(id)
	if err != nil {
		return Message{}, err
	}
	log, err := a.Store.Log(id)
	if err != nil {
		return Message{}, err
	}
	cuts := replayCuts(log)
	last := len(cuts) - 1
	step = max(0, min(step, last))
	steps := make([]games.Step, cuts[step])
	for i := range steps {
		steps[i] = log[i].Step
	}
	t, err := a.Catalog.Replay(env, steps)
	if err != nil {
		return Message{}, fmt.Errorf("commands: replay table %d: %w", id, err)
	}
	png, err := a.pictureOf(imageKey{table: id, version: t.Version(), kind: imaging.Table, seat: games.Spectator, replay: true,
		names: strings.Join(b.Names, "\x00")}, t, b.Names)
	if err != nil {
		return Message{}, fmt.Errorf("commands: render replay: %w", err)
	}
	info := t.Info()
	var desc string
	switch {
	case step == 0:
		desc = "The opening position."
	default:
		mover := log[cuts[step-1]].Seat
		who := seatName(b.Names, mover)
		if mover >= 0 && int(mover) < len(b.Users) {
			who = mention(b, mover)
		}
		desc = fmt.Sprintf("Move %d, by %s.", step, who)
		if lines := fillLines(publicLines(steps[cuts[step-1]:]), b.Names); len(lines) > 0 {
			desc += "\n" + strings.Join(lines, "\n")
		}
	}
	if step == last {
		if r, ok := t.Result(); ok {
			desc += "\n\n**Final position.** " + resultHead(b, r)
		}
	}
	e := Embed{Title: fmt.Sprintf("%s — table #%d — replay", info.Title, id), Color: colourReplay, Image: "replay.png",
		Description: clip(desc, 4000), Footer: fmt.Sprintf("move %d of %d · the public view, as spectators saw it", step, last)}
	btn := func(label string, to int, arg string, disabled bool) Button {
		return Button{Label: label, Style: Secondary, Disabled: disabled,
			CustomID: CustomID{Route: 'v', Table: id, Version: uint64(max(to, 0)), Arg: arg}.MustEncode()}
	}
	return Message{Ephemeral: true, Embeds: []Embed{e}, Files: []File{{Name: "replay.png", Type: "image/png", Data: png}},
		Rows: []Row{{Buttons: []Button{
			btn("⏮ First", 0, "first", step == 0),
			btn("◀ Back", step-1, "back", step == 0),
			btn("Next ▶", step+1, "next", step == last),
			btn("Last ⏭", last, "last", step == last),
		}}}}, nil
}

// resultHead says who won, as the result message does.
func resultHead(b storage.Binding, r games.Result) string {
	if h := outcome(b, r); h != "" {
		return h + "."
	}
	return ""
}

// outcome says how a game ended, without the final stop: "X and Y won",
// "the game is a draw", or "X and Y share a draw" when only some seats
// tie (the others ranked below them).
func outcome(b storage.Binding, r games.Result) string {
	if r.Draw {
		var tied []string
		for s, rank := range r.Ranks {
			if rank == 1 {
				tied = append(tied, mention(b, games.Seat(s)))
			}
		}
		if len(tied) > 0 && len(tied) < len(r.Ranks) {
			return joinAnd(tied) + " share a draw"
		}
		return "The game is a draw"
	}
	var ws []string
	for _, w := range r.Winners {
		ws = append(ws, mention(b, w))
	}
	if len(ws) == 0 {
		return ""
	}
	return joinAnd(ws) + " won"
}

// seatName is a seat's display name in a binding, or "Player N".
func seatName(names []string, s games.Seat) string {
	if s >= 0 && int(s) < len(names) && names[s] != "" {
		return names[s]
	}
	return games.DefaultName(s)
}
