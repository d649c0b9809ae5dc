package storage

import (
	"fmt"
)

// SetPlaying records that users sit at a running table, so "my games"
// reads one small bucket per user instead of every binding.
func (s *Store) SetPlaying(table uint64, users []string) error {
	return s.write(func(tx kvTx) error { return setPlayingTx(tx, table, users, true) })
}

// DonePlaying removes a finished or abandoned table from its users' index.
func (s *Store) DonePlaying(table uint64, users []string) error {
	return s.write(func(tx kvTx) error { return setPlayingTx(tx, table, users, false) })
}

// setPlayingTx adds table to its users' index (on) or removes it.
func setPlayingTx(tx kvTx, table uint64, users []string, on bool) error {
	for _, u := range users {
		if u == "" || IsAI(u) {
			continue // an AI seat has no "my games"
		}
		if !on {
			if bk := tx.Bucket(bucketPlayers).Bucket([]byte(u)); bk != nil {
				if err := bk.Delete(itob(table)); err != nil {
					return fmt.Errorf("storage: players index: %w", err)
				}
			}
			continue
		}
		bk, err := tx.Bucket(bucketPlayers).CreateBucketIfNotExists([]byte(u))
		if err != nil {
			return fmt.Errorf("storage: players index: %w", err)
		}
		if err := bk.Put(itob(table), nil); err != nil {
			return fmt.Errorf("storage: players index: %w", err)
		}
	}
	return nil
}

// Playing lists the running tables of a user, oldest first.
func (s *Store) Playing(user string) ([]uint64, error) {
	var out []uint64
	err := s.db.View(func(tx kvTx) error {
		bk := tx.Bucket(bucketPlayers).Bucket([]byte(user))
		if bk == nil {
			return nil
		}
		return bk.ForEach(func(k, _ []byte) error {
			out = append(out, btoi(k))
			return nil
		})
	})
	return out, err
}
