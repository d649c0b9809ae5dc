package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// A table's story is kept in running log messages: the public lines of
// every move, appended by editing the current log message, and a new one
// started when it is full. They live in a thread of their own under the
// table's message ("ArchRavels #4 — game log"): a long game writes
// hundreds of lines, which would bury a busy channel's talk, while the
// channel keeps one live board, edited during a turn and re-posted below
// when the turn passes (so the ping notifies) with its previous copy
// deleted, telling the story of the turn. A table already in a thread logs in that thread. The log is a
// view: the durable record is the table's own log (/game replay).

// logLimit is the size at which a log message is full and the next lines
// start a new one (Discord allows 2000 characters).
const logLimit = 1900

// appendLog adds lines (the moves up to t's version) to b's log message,
// or starts a new log message when there is none, it is full, or Discord
// will not edit it (deleted by a moderator, say). A failure costs the log
// those lines and nothing else: the board is posted all the same.
func (a *App) appendLog(ctx context.Context, p Poster, b *storage.Binding, t games.Table, lines []string) {
	add := strings.Join(lines, "\n")
	quiet := Message{Content: b.Log.Text + "\n" + add, Mentions: []string{}}
	if b.Log.Message != "" && len(quiet.Content) <= logLimit {
		if err := p.Edit(ctx, b.Log.Channel, b.Log.Message, quiet); err == nil {
			b.Log.Text, b.Log.Version = quiet.Content, t.Version()
			a.saveLog(*b)
			return
		}
	}
	head := fmt.Sprintf("📜 **%s #%d** — game log", t.Info().Title, b.Table)
	if b.Log.Message != "" {
		head += " (continued)"
	}
	quiet.Content = clipLog(head + "\n" + add)
	where := a.logChannel(ctx, p, b, t)
	id, err := p.Post(ctx, where, quiet)
	if err != nil && where != b.Channel {
		// The thread is gone or closed to the bot: log in the channel.
		where = b.Channel
		id, err = p.Post(ctx, where, quiet)
	}
	if err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not post the game log")
		return
	}
	b.Log = storage.BoardLog{Channel: where, Message: id, Text: quiet.Content, Version: t.Version()}
	a.saveLog(*b)
}

// logChannel is where b's log goes: the one it is in, the table's own
// thread, or a new thread of the table's channel (the channel itself when
// Discord will not open one).
func (a *App) logChannel(ctx context.Context, p Poster, b *storage.Binding, t games.Table) string {
	switch {
	case b.Log.Channel != "":
		return b.Log.Channel
	case b.Thread != "":
		return b.Thread
	}
	id, err := p.Thread(ctx, b.Channel, fmt.Sprintf("%s #%d — game log", t.Info().Title, b.Table))
	if err != nil {
		a.Log.Info().Err(err).Uint64("table", b.Table).Msg("could not open a log thread; the log goes in the channel")
		return b.Channel
	}
	return id
}

// saveLog records b's log message state (no commit of its own).
func (a *App) saveLog(b storage.Binding) {
	if err := a.Store.SetLog(b.Table, b.Log); err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not record the game log message")
	}
}

// clipLog fits a new log message: when one move's lines alone overflow it
// (never in practice), the oldest of them give way.
func clipLog(text string) string {
	for len(text) > logLimit {
		head, rest, _ := strings.Cut(text, "\n")
		_, rest, ok := strings.Cut(strings.TrimPrefix(rest, "…\n"), "\n")
		if !ok {
			return clip(text, logLimit)
		}
		text = head + "\n…\n" + rest
	}
	return text
}

// missedMax bounds the moves a board tells in the game log on behalf of
// earlier boards that never came.
const missedMax = 64

// missedLines returns the public lines of b's moves after the game log's
// last one (b.Log.Version) up to version from, the moves before a board's
// own: those whose board Discord refused, or which a crash left unposted,
// when a later move's board comes first. At most missedMax moves are
// told, the latest ones. A log that cannot be read tells nothing more.
func (a *App) missedLines(b storage.Binding, from uint64) []string {
	if from <= b.Log.Version {
		return nil
	}
	var steps []games.Step
	err := a.Store.LogBack(b.Table, func(e storage.Entry) bool {
		if e.Version > from {
			return true
		}
		if e.Version <= b.Log.Version || len(steps) == missedMax {
			return false
		}
		steps = append(steps, e.Step)
		return true
	})
	if err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not read the moves the game log missed")
		return nil
	}
	slices.Reverse(steps)
	return fillLines(publicLines(steps), b.Names)
}

// firstVersion is the version of the first step of steps that has one
// (a redelivery's steps open with a note that has none), or t's version
// plus one when none has: no moves before t's.
func firstVersion(steps []games.Step, t games.Table) uint64 {
	for _, st := range steps {
		if st.Version > 0 {
			return st.Version
		}
	}
	return t.Version() + 1
}
