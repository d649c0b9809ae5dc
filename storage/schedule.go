package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spindle/games"
)

// Timer is one timed event of a table: a turn expiry, a reminder, the end
// of a reaction window. Timers are keyed by due time, so the scheduler reads
// only the ones that are due (a cursor from the start of the bucket), never
// every table. A timer is a hint, not a command: when it fires, the handler
// checks that the table still waits for that seat at that deadline, so a
// timer left behind by a move is harmless, and firing twice is refused by
// the move's interaction id.
type Timer struct {
	Due   time.Time  `json:"due"`
	Table uint64     `json:"table"`
	Seat  games.Seat `json:"seat"`
	// Kind says what to do: "expire", "remind", "window".
	Kind string `json:"kind"`
	// Deadline is the turn deadline the timer belongs to.
	Deadline time.Time `json:"deadline"`
	// Tries counts failed firings (a notice Discord refused, an expiry
	// whose move could not be saved), for their back-off.
	Tries int `json:"tries,omitempty"`
}

// key orders timers by due time, then table, seat and kind, so equal due
// times never collide.
func (t Timer) key() []byte {
	k := make([]byte, 0, 8+8+1+len(t.Kind))
	k = binary.BigEndian.AppendUint64(k, uint64(t.Due.UnixNano()))
	k = binary.BigEndian.AppendUint64(k, t.Table)
	k = append(k, byte(t.Seat))
	return append(k, t.Kind...)
}

// Schedule stores timers; a timer with the same due time, table, seat and
// kind is replaced.
func (s *Store) Schedule(ts ...Timer) error {
	if len(ts) == 0 {
		// Most moves schedule nothing; an empty bbolt commit would still
		// write the meta page and fsync.
		return nil
	}
	if err := checkTimers(ts); err != nil {
		return err
	}
	return s.write(func(tx kvTx) error { return scheduleTx(tx, ts) })
}

// checkTimers refuses timers without a due time or a kind.
func checkTimers(ts []Timer) error {
	for _, t := range ts {
		if t.Due.IsZero() || t.Kind == "" {
			return fmt.Errorf("storage: timer without due time or kind: %+v", t)
		}
	}
	return nil
}

// scheduleTx stores checked timers and their per-table index entries.
func scheduleTx(tx kvTx, ts []Timer) error {
	sched := tx.Bucket(bucketSchedule)
	for _, t := range ts {
		b, err := json.Marshal(t)
		if err != nil {
			return fmt.Errorf("storage: encode timer: %w", err)
		}
		k := t.key()
		if err := sched.Put(k, b); err != nil {
			return fmt.Errorf("storage: schedule: %w", err)
		}
		idx, err := tx.Bucket(bucketTimers).CreateBucketIfNotExists(itob(t.Table))
		if err != nil {
			return fmt.Errorf("storage: timer index: %w", err)
		}
		if err := idx.Put(k, nil); err != nil {
			return fmt.Errorf("storage: timer index: %w", err)
		}
	}
	return nil
}

// Due returns up to limit timers due at or before now, earliest first. It
// reads only those keys. On PostgreSQL it claims them for this process
// (Options.Lease): a timer another live process claimed is left out, so
// each timer fires in one process; this process's own claims are renewed
// (an AI turn's marker while it thinks), and a dead process's run out and
// are taken over.
func (s *Store) Due(now time.Time, limit int) ([]Timer, error) {
	var out []Timer
	end := binary.BigEndian.AppendUint64(nil, uint64(now.UnixNano()))
	if s.pg != nil {
		if limit <= 0 {
			return nil, nil
		}
		rows, err := s.pg.claim(bucketSchedule, itob(uint64(now.UnixNano())+1), limit)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			var t Timer
			if err := json.Unmarshal(r.v, &t); err != nil {
				return nil, fmt.Errorf("storage: timer: %w", errors.Join(games.ErrCorrupt, err))
			}
			out = append(out, t)
		}
		return out, nil
	}
	err := s.db.View(func(tx kvTx) error {
		c := tx.Bucket(bucketSchedule).Cursor()
		for k, v := c.First(); k != nil && len(out) < limit; k, v = c.Next() {
			if len(k) < 8 || bytes.Compare(k[:8], end) > 0 {
				break
			}
			var t Timer
			if err := json.Unmarshal(v, &t); err != nil {
				return fmt.Errorf("storage: timer: %w", errors.Join(games.ErrCorrupt, err))
			}
			out = append(out, t)
		}
		return nil
	})
	return out, err
}

// Next returns the due time of the earliest timer, if any; on
// PostgreSQL, of the earliest that no other process holds.
func (s *Store) Next() (time.Time, bool, error) {
	var (
		due time.Time
		ok  bool
	)
	if s.pg != nil {
		k, err := s.pg.firstFree(bucketSchedule)
		if err != nil || len(k) < 8 {
			return due, false, err
		}
		return time.Unix(0, int64(btoi(k[:8]))), true, nil
	}
	err := s.db.View(func(tx kvTx) error {
		k, _ := tx.Bucket(bucketSchedule).Cursor().First()
		if len(k) >= 8 {
			due, ok = time.Unix(0, int64(btoi(k[:8]))), true
		}
		return nil
	})
	return due, ok, err
}

// Unschedule removes timers (ones that have fired), in one commit.
func (s *Store) Unschedule(ts ...Timer) error {
	if len(ts) == 0 {
		return nil
	}
	return s.write(func(tx kvTx) error {
		for _, t := range ts {
			if err := unscheduleTx(tx, t); err != nil {
				return err
			}
		}
		return nil
	})
}

// Reschedule moves timer t to next (a notice whose delivery failed, tried
// again later), in one commit.
func (s *Store) Reschedule(t, next Timer) error {
	if err := checkTimers([]Timer{next}); err != nil {
		return err
	}
	return s.write(func(tx kvTx) error {
		if err := unscheduleTx(tx, t); err != nil {
			return err
		}
		return scheduleTx(tx, []Timer{next})
	})
}

func unscheduleTx(tx kvTx, t Timer) error {
	k := t.key()
	if err := tx.Bucket(bucketSchedule).Delete(k); err != nil {
		return fmt.Errorf("storage: unschedule: %w", err)
	}
	if idx := tx.Bucket(bucketTimers).Bucket(itob(t.Table)); idx != nil {
		if err := idx.Delete(k); err != nil {
			return fmt.Errorf("storage: unschedule: %w", err)
		}
	}
	return nil
}

// UnscheduleTable removes every timer of a table (it ended or was
// abandoned), through the per-table index.
func (s *Store) UnscheduleTable(table uint64) error {
	return s.write(func(tx kvTx) error { return unscheduleTableTx(tx, table) })
}

// unscheduleTableTx drops every timer of table.
func unscheduleTableTx(tx kvTx, table uint64) error {
	timers := tx.Bucket(bucketTimers)
	idx := timers.Bucket(itob(table))
	if idx == nil {
		return nil
	}
	sched := tx.Bucket(bucketSchedule)
	if err := idx.ForEach(func(k, _ []byte) error { return sched.Delete(k) }); err != nil {
		return fmt.Errorf("storage: unschedule table %d: %w", table, err)
	}
	return timers.DeleteBucket(itob(table))
}
