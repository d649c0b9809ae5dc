package storage

// FailMovesForTesting makes the transaction of every move (Create, Play,
// Concede, Undo) fail with err just before it would commit, so nothing of
// the move is written, as when the disk is full; a nil err ends that.
// Other writes (timers, bindings) still commit. It exists for the tests of
// the packages above storage; the bot never calls it. Call it between
// writes, not while one is under way.
func (s *Store) FailMovesForTesting(err error) {
	if err == nil {
		s.beforeCommit = nil
		return
	}
	s.beforeCommit = func() error { return err }
}
