package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spindle/games"
)

// GameRecord is the history entry of one finished game, written in the
// transaction of its final move. Seat-indexed slices follow the table's
// seat order.
type GameRecord struct {
	Table   uint64   `json:"table"`
	Guild   string   `json:"guild"`
	Game    string   `json:"game"`
	Channel string   `json:"channel"`
	Message string   `json:"message,omitempty"`
	Users   []string `json:"users"`
	Names   []string `json:"names,omitempty"`
	Scores  []int    `json:"scores,omitempty"`
	// Ranks are 1 for the best; equal ranks are ties.
	Ranks   []int   `json:"ranks"`
	Winners []int   `json:"winners,omitempty"`
	Draw    bool    `json:"draw,omitempty"`
	Teams   [][]int `json:"teams,omitempty"`
	Reason  string  `json:"reason"`
	// Rated says whether the game changed ratings; Before and After are
	// then each seat's conservative value on the game's board.
	Rated    bool      `json:"rated"`
	Before   []float64 `json:"before,omitempty"`
	After    []float64 `json:"after,omitempty"`
	Finished time.Time `json:"finished"`
}

// Key layouts of the history.
//
//	history        table(8)                                -> GameRecord
//	history_index  guild 0 user 0 game 0 at(8) table(8)   -> nil
//
// The index holds four entries per seat and two for the guild: user "" is
// every player of the guild and game AllGames every game, so any of the
// four filters of History is one backward cursor walk of n steps.
func historyPrefix(guild, user, game string) []byte {
	return append(joinKey(guild, user, game), 0)
}

// putHistory stores rec and its index entries.
func putHistory(tx kvTx, rec GameRecord) error {
	if err := putJSON(tx.Bucket(bucketHistory), itob(rec.Table), rec); err != nil {
		return err
	}
	idx := tx.Bucket(bucketHistoryIndex)
	suffix := append(stamp(rec.Finished), itob(rec.Table)...)
	for _, user := range append([]string{""}, rec.Users...) {
		for _, game := range []string{rec.Game, AllGames} {
			if err := idx.Put(append(historyPrefix(rec.Guild, user, game), suffix...), nil); err != nil {
				return fmt.Errorf("storage: history index: %w", err)
			}
		}
	}
	return nil
}

// GameHistory returns the history entry of a finished table; an unknown or
// unfinished one wraps ErrNotFound.
func (s *Store) GameHistory(table uint64) (GameRecord, error) {
	var rec GameRecord
	err := s.db.View(func(tx kvTx) error {
		return getJSON(tx.Bucket(bucketHistory), itob(table), &rec, fmt.Sprintf("history of table %d", table))
	})
	return rec, err
}

// History returns a guild's last n finished games, newest first: all of
// them, a user's ("" for everyone), of one game (AllGames or "" for every
// game). Channel and Message come from the table's binding when it has one,
// so they point at the result message posted after the final move.
func (s *Store) History(guild, user, game string, n int) ([]GameRecord, error) {
	if game == "" {
		game = AllGames
	}
	var out []GameRecord
	err := s.db.View(func(tx kvTx) error {
		prefix := historyPrefix(guild, user, game)
		c := tx.Bucket(bucketHistoryIndex).Cursor()
		hist, binds := tx.Bucket(bucketHistory), tx.Bucket(bucketBindings)
		for k, _ := lastWithPrefix(c, prefix); k != nil && len(out) < n; k, _ = c.Prev() {
			if !bytes.HasPrefix(k, prefix) {
				break
			}
			if len(k) != len(prefix)+16 {
				return fmt.Errorf("storage: history key of %d bytes: %w", len(k), games.ErrCorrupt)
			}
			id := k[len(k)-8:]
			var rec GameRecord
			if err := getJSON(hist, id, &rec, fmt.Sprintf("history of table %d", btoi(id))); err != nil {
				return err
			}
			if v := binds.Get(id); v != nil {
				var b Binding
				if err := json.Unmarshal(v, &b); err != nil {
					return fmt.Errorf("storage: binding %d: %w", btoi(id), errors.Join(games.ErrCorrupt, err))
				}
				if b.Channel != "" {
					rec.Channel, rec.Message = b.Channel, b.Message
					if m, ok := s.pendingMessageOf(btoi(id)); ok && m.shown {
						rec.Message = m.message // posted, not yet committed
					}
				}
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}
