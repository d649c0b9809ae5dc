package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spindle/games"
)

// Unannounced is a table whose committed moves have not all been shown
// in its channel yet: the versions after From up to To. It is written in
// the transaction of every move of a bound table and cleared when the bot
// records the board it posted for version To or later (SetMessage), so a
// crash or a refusal from Discord between the commit and the post leaves
// a record that start-up and the retry loop find (Unannounced).
type Unannounced struct {
	Table uint64    `json:"table"`
	From  uint64    `json:"from"` // the last version shown before these moves
	To    uint64    `json:"to"`   // the version after the last of them
	Since time.Time `json:"since"`
	Tries int       `json:"tries,omitempty"`
	Last  time.Time `json:"last,omitempty"` // the last failed attempt
}

// noteUnannounced records in tx that table id moved from version from to
// version to and has not been shown since; an earlier record keeps its
// From and Since, so the lines of every move still unshown are told.
func noteUnannounced(tx kvTx, id, from, to uint64, at time.Time) error {
	bk := tx.Bucket(bucketOutbox)
	rec := Unannounced{Table: id, From: from, To: to, Since: at.UTC()}
	if v := bk.Get(itob(id)); v != nil {
		var old Unannounced
		if err := json.Unmarshal(v, &old); err == nil && old.From <= from {
			rec.From, rec.Since, rec.Tries, rec.Last = old.From, old.Since, old.Tries, old.Last
		}
	}
	return putJSON(bk, itob(id), rec)
}

// clearAnnounced drops table id's record once version is shown, unless a
// later move came after it.
func clearAnnounced(tx kvTx, id, version uint64) error {
	bk := tx.Bucket(bucketOutbox)
	v := bk.Get(itob(id))
	if v == nil {
		return nil
	}
	var rec Unannounced
	if err := json.Unmarshal(v, &rec); err == nil && rec.To > version {
		return nil
	}
	return bk.Delete(itob(id))
}

// Unannounced lists the tables with committed moves not yet shown, at most
// limit of them (0: all), oldest table id first. On PostgreSQL it claims
// them for this process, as Due claims timers, so one process at a time
// retries each.
func (s *Store) Unannounced(limit int) ([]Unannounced, error) {
	var out []Unannounced
	if s.pg != nil {
		n := limit
		if n <= 0 {
			n = 1 << 30
		}
		rows, err := s.pg.claim(bucketOutbox, nil, n)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			var rec Unannounced
			if err := json.Unmarshal(r.v, &rec); err != nil {
				return nil, fmt.Errorf("storage: outbox %d: %w", btoi(r.k), errors.Join(games.ErrCorrupt, err))
			}
			if m, ok := s.pendingMessageOf(rec.Table); ok && m.shown && m.version >= rec.To {
				continue
			}
			out = append(out, rec)
		}
		return out, nil
	}
	err := s.db.View(func(tx kvTx) error {
		c := tx.Bucket(bucketOutbox).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			var rec Unannounced
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("storage: outbox %d: %w", btoi(k), errors.Join(games.ErrCorrupt, err))
			}
			if m, ok := s.pendingMessageOf(rec.Table); ok && m.shown && m.version >= rec.To {
				continue // shown; the record goes with the next commit
			}
			out = append(out, rec)
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return nil
	})
	return out, err
}

// AnnounceFailed counts a failed attempt, at at, to show table id's moves,
// so the retry loop can back off; the record stays.
func (s *Store) AnnounceFailed(id uint64, at time.Time) error {
	return s.write(func(tx kvTx) error {
		bk := tx.Bucket(bucketOutbox)
		v := bk.Get(itob(id))
		if v == nil {
			return nil
		}
		var rec Unannounced
		if err := json.Unmarshal(v, &rec); err != nil {
			return clean(fmt.Errorf("storage: outbox %d: %w", id, errors.Join(games.ErrCorrupt, err)))
		}
		rec.Tries++
		rec.Last = at.UTC()
		return putJSON(bk, itob(id), rec)
	})
}

// DropUnannounced forgets table id's record without a board (the table
// or its channel is gone for good).
func (s *Store) DropUnannounced(id uint64) error {
	return s.write(func(tx kvTx) error { return tx.Bucket(bucketOutbox).Delete(itob(id)) })
}

// UnannouncedOf returns table id's record, if its moves are not all shown.
func (s *Store) UnannouncedOf(id uint64) (Unannounced, bool, error) {
	var (
		rec Unannounced
		ok  bool
	)
	err := s.db.View(func(tx kvTx) error {
		v := tx.Bucket(bucketOutbox).Get(itob(id))
		if v == nil {
			return nil
		}
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("storage: outbox %d: %w", id, errors.Join(games.ErrCorrupt, err))
		}
		ok = true
		return nil
	})
	if ok {
		if m, ok := s.pendingMessageOf(id); ok && m.shown && m.version >= rec.To {
			ok = false
		}
	}
	return rec, ok, err
}

// OutboxDepth counts the tables with moves not yet shown (a metric).
func (s *Store) OutboxDepth() (int, error) {
	n := 0
	err := s.db.View(func(tx kvTx) error {
		n = tx.Bucket(bucketOutbox).KeyN()
		return nil
	})
	return n, err
}

// Ping reads the database's schema record, to tell a health check the file
// still answers.
func (s *Store) Ping() error {
	return s.db.View(func(tx kvTx) error {
		if v := tx.Bucket(bucketMeta).Get(keySchema); len(v) != 8 {
			return fmt.Errorf("storage: %s has no schema record: %w", s.path, ErrDamaged)
		}
		return nil
	})
}
