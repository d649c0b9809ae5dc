package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// colourVerified and colourUnverified are the embed colours of /game verify.
const (
	colourVerified   = 0x3BA55C
	colourUnverified = 0xED4245
)

// verifyLookback is how many of the server's latest finished games
// /game verify reads to find the channel's last one.
const verifyLookback = 50

// commitmentNote is the board's footer clause: the first digits of the
// table's commitment to its secret seed (games.Commitment), the same on
// every board of the game. Nothing else about the seed is ever shown
// before the end.
func commitmentNote(b storage.Binding, t games.Table) string {
	return "seed commitment " + t.Commitment(b.Table)[:games.CommitmentShort]
}

// seedFields is the result's reveal of a finished game's seed and full
// commitment, with how to check them; none while the game runs.
func seedFields(b storage.Binding, t games.Table) []Field {
	seed, ok := t.RevealSeed()
	if !ok {
		return nil
	}
	return []Field{{Name: "Fair play", Value: fmt.Sprintf("Seed `%s`\nCommitment `%s`\n`/game verify table:%d` replays every shuffle and roll from it.",
		games.SeedHex(seed), t.Commitment(b.Table), b.Table)}}
}

// verifyCommand is /game verify [table:<n>]: anyone in the server may check
// a finished game (by default the channel's last one). The game is replayed
// from its revealed seed with the engine's own sampling, every chance
// outcome compared with the log, and the commitment its boards showed
// recomputed. The reply is private and carries the game's record as JSON,
// which `spindle verify --json` checks again outside the bot. A game still
// in play is refused: its seed stays secret until the end.
func (a *App) verifyCommand(req Request) (Response, error) {
	id, err := a.verifyTarget(req)
	if err != nil {
		return Response{}, err
	}
	b, err := a.Store.GetBinding(id)
	if errors.Is(err, storage.ErrNotFound) || (err == nil && b.Guild != req.Guild) {
		return Response{}, sorry(fmt.Sprintf("There's no table #%d on this server.", id))
	}
	if err != nil {
		return Response{}, err
	}
	switch b.Status {
	case statusFinished:
	case statusActive, statusLobby:
		return Response{}, sorry(fmt.Sprintf("Table #%d is still being played. Its seed stays secret until the game ends; verify it then.", id))
	default:
		return Response{}, sorry(fmt.Sprintf("Table #%d was abandoned, so its seed stays secret and there is nothing to verify.", id))
	}
	rec, err := a.Store.Record(id)
	if err != nil {
		return Response{}, err
	}
	kind, err := a.Catalog.Get(rec.Game)
	if err != nil {
		return Response{}, err
	}
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return Response{}, fmt.Errorf("commands: encode record of table %d: %w", id, err)
	}
	file := fmt.Sprintf("table-%d.json", id)
	e := Embed{Title: fmt.Sprintf("%s — table #%d — verified", kind.Info().Title, id), Color: colourVerified,
		Footer: fmt.Sprintf("check it yourself: spindle verify --json %s", file)}
	v, err := games.VerifyRecord(kind, rec)
	var bad *games.VerifyError
	switch {
	case errors.As(err, &bad):
		e.Title, e.Color = fmt.Sprintf("%s — table #%d — does not verify", kind.Info().Title, id), colourUnverified
		what := "The record differs"
		if bad.Step > 0 {
			what = fmt.Sprintf("Step %d differs", bad.Step)
		}
		e.Description = fmt.Sprintf("❌ %s: %s.", what, bad.Reason)
	case err != nil:
		return Response{}, fmt.Errorf("commands: verify table %d: %w", id, err)
	default:
		e.Description = fmt.Sprintf("✅ %s%s.\nEvery shuffle, draw and roll of the game was drawn again from the revealed seed, "+
			"as at the start, and equals the logged one (%d logged actions replayed).", strings.ToUpper(v.String()[:1]), v.String()[1:], v.Actions)
	}
	e.Fields = []Field{{Name: "Seed", Value: "`" + rec.Seed + "`"},
		{Name: "Commitment", Value: fmt.Sprintf("`%s`\nThe boards showed its first %d digits: SHA-256 of the seed's 16 bytes and the table number as 8 bytes (big-endian).",
			rec.Commitment, games.CommitmentShort)}}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{e},
		Files: []File{{Name: file, Type: "application/json", Data: data}}}}, nil
}

// verifyTarget is the table /game verify checks: the table option, else
// the channel's last finished game.
func (a *App) verifyTarget(req Request) (uint64, error) {
	if opt := strings.TrimSpace(req.Options["table"]); opt != "" {
		id, err := strconv.ParseUint(strings.TrimPrefix(opt, "#"), 10, 64)
		if err != nil || id == 0 {
			return 0, sorry("The table is a number, like 12 (it's in the table's title).")
		}
		return id, nil
	}
	recs, err := a.Store.History(req.Guild, "", storage.AllGames, verifyLookback)
	if err != nil {
		return 0, err
	}
	for _, rec := range recs {
		if rec.Channel == req.Channel {
			return rec.Table, nil
		}
	}
	return 0, sorry("There's no finished game in this channel to verify. Name one: `/game verify table:12`.")
}
