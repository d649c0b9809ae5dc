package commands

import (
	"context"
	"fmt"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// A table's channel keeps its story in running log messages: the public
// lines of every move, appended by editing the current log message, and a
// new one started when it is full. The live board is re-posted below with
// each move (so the ping notifies) and the previous one deleted, so the
// channel reads as the log followed by one current board, never a trail
// of stale boards. The log is a view: the durable record is the table's
// own log (/game replay).

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
		if err := p.Edit(ctx, b.Channel, b.Log.Message, quiet); err == nil {
			b.Log = storage.BoardLog{Message: b.Log.Message, Text: quiet.Content, Version: t.Version()}
			a.saveLog(*b)
			return
		}
	}
	head := fmt.Sprintf("📜 **%s #%d** — game log", t.Info().Title, b.Table)
	if b.Log.Message != "" {
		head += " (continued)"
	}
	quiet.Content = clipLog(head + "\n" + add)
	id, err := p.Post(ctx, b.Channel, quiet)
	if err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not post the game log")
		return
	}
	b.Log = storage.BoardLog{Message: id, Text: quiet.Content, Version: t.Version()}
	a.saveLog(*b)
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
