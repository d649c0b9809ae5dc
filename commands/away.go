package commands

import (
	"context"
	"fmt"
	"time"

	"spindle/games"
	"spindle/storage"
)

// Away marks a user away until a time: their clocks are paused in all
// their games. It is kept with their notification preferences.
type Away struct {
	Until time.Time `json:"until"`
}

// awayCommand handles /away duration and /away off: every running game of
// the user in this server has the user's deadlines moved by the away time
// (back again on /away off), with new timers, and is told in its channel.
func (a *App) awayCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	pr := a.prefs(req.User.ID)
	now := a.now()
	var shift time.Duration
	var text string
	until := pr.awayUntil(req.Guild)
	if req.Command == "away off" {
		if !until.After(now) {
			return Response{}, sorry("You aren't marked away.")
		}
		shift = -until.Sub(now)
		pr.setAway(req.Guild, time.Time{})
		text = fmt.Sprintf("👋 <@%s> is back; their clock runs again.", req.User.ID)
	} else {
		d, err := parseDuration(req.Options["duration"])
		max := a.settings(req.Guild).AwayMax
		if err != nil || d <= 0 {
			return Response{}, sorry("Give how long you'll be away, for example 3d, 12h or 1d12h.")
		}
		// The server's limit bounds the whole time away from now, so
		// repeated calls cannot stack past it.
		start := later(now, until)
		if start.Add(d).Sub(now) > max {
			if until.After(now) {
				return Response{}, sorry(fmt.Sprintf("This server allows at most %s away at a time, and you're already away until <t:%d:f>.", max, until.Unix()))
			}
			return Response{}, sorry(fmt.Sprintf("This server allows at most %s away at a time.", max))
		}
		pr.setAway(req.Guild, start.Add(d))
		shift = d
		text = fmt.Sprintf("💤 <@%s> is away until <t:%d:f>; their clock is paused.", req.User.ID, start.Add(d).Unix())
	}
	if err := a.putPrefs(req.User.ID, pr); err != nil {
		return Response{}, err
	}
	ids, err := a.Store.Playing(req.User.ID)
	if err != nil {
		return Response{}, err
	}
	n := 0
	for _, id := range ids {
		ok, err := a.shiftClock(ctx, p, id, req, shift, text)
		if err != nil {
			return Response{}, err
		}
		if ok {
			n++
		}
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("%s (%d game(s) told.)", text, n)}}, nil
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// shiftClock moves a user's running deadlines at one table and tells its
// channel. It reports whether the table is in this server and running.
func (a *App) shiftClock(ctx context.Context, p Poster, id uint64, req Request, shift time.Duration, text string) (bool, error) {
	defer a.lock(id)()
	b, err := a.Store.GetBinding(id)
	if err != nil || b.Status != statusActive || b.Guild != req.Guild {
		// A missing or closed table, or one in another server, is skipped.
		return false, nil
	}
	c, err := readClock(b)
	if err != nil {
		return false, err
	}
	var ts []storage.Timer
	if c.on() {
		for i, u := range b.Users {
			if u != req.User.ID || c.Deadlines[i].IsZero() {
				continue
			}
			c.Deadlines[i] = c.Deadlines[i].Add(shift)
			c.Since[i] = c.Since[i].Add(shift)
			ts = append(ts, c.timers(b.Table, games.Seat(i), a.now(), a.settings(b.Guild).Reminders)...)
		}
		if err := writeClock(&b, c); err != nil {
			return false, err
		}
		if err := a.Store.PutBinding(b); err != nil {
			return false, err
		}
		if err := a.Store.Schedule(ts...); err != nil {
			return false, err
		}
	}
	if _, err := p.Post(ctx, b.Channel, Message{Content: text, Mentions: []string{}}); err != nil {
		a.Log.Warn().Err(err).Uint64("table", id).Msg("could not announce an away change")
	}
	return true, nil
}
