package storage

import (
	"fmt"

	"spindle/games"
)

// Record reads table id's envelope and log in one read transaction and
// returns the games.Record that games.Catalog.Verify checks: the header,
// the seed (revealed, as SeedHex), the commitment and the logged actions.
// The record holds the secret seed: callers build it only for a finished
// game, or for an operator's own copy of the database.
func (s *Store) Record(id uint64) (games.Record, error) {
	var rec games.Record
	err := s.db.View(func(tx kvTx) error {
		v := tx.Bucket(bucketTables).Get(itob(id))
		if v == nil {
			return fmt.Errorf("storage: table %d: %w", id, ErrNotFound)
		}
		env, err := games.ParseEnvelope(v)
		if err != nil {
			return fmt.Errorf("storage: table %d: %w", id, err)
		}
		steps, err := readSteps(tx, id)
		if err != nil {
			return err
		}
		rec = games.NewRecord(env, id, steps)
		return nil
	})
	return rec, err
}
