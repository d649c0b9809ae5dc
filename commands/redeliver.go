package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"spindle/games"
	"spindle/storage"
)

// announceGrace is how long a move's announcement is left to the handler
// that made it before the retry loop steps in; at start-up nothing is in
// flight, so every unshown move is announced at once.
const announceGrace = 10 * time.Second

// maxAnnounceBackoff caps the wait between two attempts to show a table
// whose channel keeps refusing.
const maxAnnounceBackoff = 10 * time.Minute

// Redeliver shows the committed moves that never reached their channel (a
// crash or a refusal from Discord between the commit and the post): for
// each table with an Unannounced record older than grace, it posts the
// current board (or the result) with the log lines of every unshown move,
// as announce does after a move. Failed attempts back off exponentially.
// It returns how many tables it announced.
func (a *App) Redeliver(ctx context.Context, p Poster, grace time.Duration) (int, error) {
	recs, err := a.Store.Unannounced(50)
	if err != nil {
		return 0, err
	}
	now := a.now()
	n := 0
	for _, rec := range recs {
		if now.Sub(rec.Since) < grace {
			continue // the handler that made the move may still post it
		}
		if rec.Tries > 0 && now.Sub(rec.Last) < min(time.Second<<min(rec.Tries, 20), maxAnnounceBackoff) {
			continue // backing off after failed attempts
		}
		ok, err := a.redeliver(ctx, p, rec.Table)
		if err != nil && gone(err) {
			// The channel is gone for good: the table ends with it.
			if b, berr := a.Store.GetBinding(rec.Table); berr == nil {
				if _, err := a.ChannelGone(b.Channel); err != nil {
					return n, err
				}
			}
			if err := a.Store.DropUnannounced(rec.Table); err != nil {
				return n, err
			}
			continue
		}
		if err != nil {
			a.Log.Warn().Err(err).Uint64("table", rec.Table).Int("tries", rec.Tries+1).Msg("could not announce a committed move; will retry")
			if err := a.Store.AnnounceFailed(rec.Table, now); err != nil {
				return n, err
			}
			continue
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// redeliver announces one table's unshown moves, under the table's lock,
// if they are still unshown once the lock is held.
func (a *App) redeliver(ctx context.Context, p Poster, id uint64) (bool, error) {
	defer a.lock(id)()
	rec, ok, err := a.Store.UnannouncedOf(id)
	if err != nil || !ok {
		return false, err
	}
	b, err := a.Store.GetBinding(id)
	if errors.Is(err, storage.ErrNotFound) {
		return false, a.Store.DropUnannounced(id)
	}
	if err != nil {
		return false, err
	}
	t, err := a.Store.Load(a.Catalog, id)
	if err != nil {
		return false, err
	}
	log, err := a.Store.Log(id)
	if err != nil {
		return false, err
	}
	steps := []games.Step{{Events: []games.Event{{Public: "(This board was delayed: the bot could not post it when the move was made.)"}}}}
	for _, e := range log {
		if e.Version > rec.From && e.Version <= t.Version() {
			steps = append(steps, e.Step)
		}
	}
	if err := a.announce(ctx, p, &b, t, steps); err != nil {
		return false, fmt.Errorf("commands: redeliver table %d: %w", id, err)
	}
	return true, nil
}

// delayedNotice tells a player whose move is saved that its board will
// reach the channel later, and why when Discord said (the Poster's errors
// carry a Reason() string).
func delayedNotice(err error) string {
	if why := reasonOf(err); why != "" {
		fix := "A server admin can fix that; the bot posts the board as soon as it can."
		if strings.Contains(why, "permission") || strings.Contains(why, "cannot see") {
			fix = "A server admin can fix that (View Channel, Send Messages, Embed Links and Attach Files); the bot posts the board as soon as it can."
		}
		return fmt.Sprintf("⚠️ Your move is saved, but the board could not be posted: %s. %s", why, fix)
	}
	return "⚠️ Your move is saved, but the board could not be posted in the channel just now; the bot will post it shortly."
}

// announceLater logs a failed announcement of a committed move and counts
// the attempt; the outbox keeps the move for Redeliver.
func (a *App) announceLater(table uint64, err error) {
	a.Log.Warn().Err(err).Uint64("table", table).Msg("could not announce a committed move; it will be retried")
	if err := a.Store.AnnounceFailed(table, a.now()); err != nil {
		a.Log.Error().Err(err).Uint64("table", table).Msg("could not count a failed announcement")
	}
}

// ChannelGone ends the lobby or game of a channel or thread that was
// deleted: no result, clocks stopped, out of everyone's /game list. The
// bot calls it on Discord's delete events, and Redeliver when a post meets
// an unknown channel. It reports the table ended, or 0.
func (a *App) ChannelGone(channel string) (uint64, error) {
	id, err := a.Store.Active(channel)
	if errors.Is(err, storage.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer a.lock(id)()
	b, err := a.Store.GetBinding(id)
	if errors.Is(err, storage.ErrNotFound) {
		return 0, a.Store.ClearActive(channel)
	}
	if err != nil {
		return 0, err
	}
	switch b.Status {
	case statusLobby:
		b.Status = statusCancelled
	case statusActive:
		b.Status = statusAbandoned
	default:
		return 0, a.Store.ClearActive(channel)
	}
	b.Updated = a.now()
	if err := a.Store.EndTable(b); err != nil {
		return 0, err
	}
	a.images().forget(id)
	a.forgetTable(id)
	a.Log.Info().Uint64("table", id).Str("channel", channel).Msg("the channel was deleted: its table ended without a result")
	return id, nil
}

// reasonOf is why Discord refused, in a few words, when the Poster's error
// says (a Reason() string method); "" otherwise.
func reasonOf(err error) string {
	var r interface{ Reason() string }
	if errors.As(err, &r) {
		return r.Reason()
	}
	return ""
}

// gone reports whether err says the channel no longer exists (the
// Poster's errors carry a Gone() bool method).
func gone(err error) bool {
	var g interface{ Gone() bool }
	return errors.As(err, &g) && g.Gone()
}
