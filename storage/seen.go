package storage

import (
	"bytes"
	"time"
)

// maxPrune bounds the expired ids one FirstSeen drops, so each write stays
// small; every call prunes, so the bucket never holds much more than one
// window's ids.
const maxPrune = 256

// FirstSeen records that a signed interaction request with this id arrived
// at now, to be remembered until now+keep, and reports whether it is the
// first time within that window: false when the id is already recorded and
// its window has not passed (a replay), in which case nothing is written.
// The record is durable once FirstSeen returns, so a replay is refused
// after a restart too. It commits with the group committer and drops up to
// maxPrune expired ids on the way.
func (s *Store) FirstSeen(id string, now time.Time, keep time.Duration) (bool, error) {
	first := false
	err := s.write(func(tx kvTx) error {
		first = false
		ids, byTime := tx.Bucket(bucketSeen), tx.Bucket(bucketSeenByTime)
		at := uint64(now.UnixNano())
		until := itob(uint64(now.Add(keep).UnixNano()))
		v, claimed := ids.Get([]byte(id)), false
		if v == nil {
			// Another process may be recording the same id this instant
			// (a retried delivery): claim it, so only one of them is first.
			// A won claim has written the id already.
			var err error
			if v, claimed, err = ids.Claim([]byte(id), until); err != nil {
				return err
			}
		}
		if len(v) == 8 && btoi(v) >= at {
			return nil
		}
		if err := pruneSeen(ids, byTime, at); err != nil {
			return err
		}
		if !claimed {
			if err := ids.Put([]byte(id), until); err != nil {
				return err
			}
		}
		first = true
		return byTime.Put(append(until, id...), nil)
	})
	return first, err
}

// pruneSeen drops up to maxPrune ids whose window ended before at, oldest
// first, reading only those keys of the time index.
func pruneSeen(ids, byTime kvBucket, at uint64) error {
	end := itob(at)
	var old [][]byte
	c := byTime.Cursor()
	for k, _ := c.First(); k != nil && len(old) < maxPrune; k, _ = c.Next() {
		if len(k) < 8 || bytes.Compare(k[:8], end) >= 0 {
			break
		}
		old = append(old, bytes.Clone(k))
	}
	for _, k := range old {
		if err := byTime.Delete(k); err != nil {
			return err
		}
		// The id may have been recorded again since (its window had
		// passed): then it is not this entry's to drop.
		if v := ids.Get(k[8:]); bytes.Equal(v, k[:8]) {
			if err := ids.Delete(k[8:]); err != nil {
				return err
			}
		}
	}
	return nil
}
