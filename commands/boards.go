package commands

import (
	"context"
	"fmt"
	"sync"

	"spindle/games"
	"spindle/storage"
)

// Boards go out through one queue per table, in the order their moves
// committed (they are queued under the table's lock), and are posted by
// a worker outside that lock: a slow or rate-limited Discord holds up the
// table's boards, never its next move.

// boardJob is one prepared announcement waiting its turn.
type boardJob struct {
	ctx   context.Context
	p     Poster
	table uint64
	t     games.Table
	m     Message
	lines []string // every public line of the moves, for the log message
	// from is the version before the first of those moves: a game log
	// that stops short of it lacks moves whose board never came
	// (postBoard tells them first).
	from uint64
	held []storage.Timer
	// actor is the seat whose click made the move (its panel is the
	// click's own answer), or games.Chance for the AI, a clock or a
	// redelivery.
	actor games.Seat
	// later says a newer board of the table is queued behind this one:
	// panels follow that one.
	later bool
	done  chan error
}

// boardQueue is a table's announcements in commit order.
type boardQueue struct {
	mu   sync.Mutex
	jobs []*boardJob
	busy bool // a worker is draining the queue
}

// enqueueBoard queues j behind its table's earlier boards and returns the
// channel that gives its outcome.
func (a *App) enqueueBoard(j *boardJob) <-chan error {
	j.done = make(chan error, 1)
	v, _ := a.boards.LoadOrStore(j.table, &boardQueue{})
	q := v.(*boardQueue)
	q.mu.Lock()
	q.jobs = append(q.jobs, j)
	start := !q.busy
	q.busy = true
	q.mu.Unlock()
	if start {
		go a.drainBoards(q)
	}
	return j.done
}

// drainBoards posts a table's queued boards one after another until the
// queue is empty.
func (a *App) drainBoards(q *boardQueue) {
	for {
		q.mu.Lock()
		if len(q.jobs) == 0 {
			q.busy = false
			q.mu.Unlock()
			return
		}
		j := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		j.later = len(q.jobs) > 0
		q.mu.Unlock()
		j.done <- a.postBoardSafely(j)
	}
}

// postBoardSafely is postBoard with a panic turned into an error, so one
// bad board never stops the table's queue.
func (a *App) postBoardSafely(j *boardJob) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("commands: posting a board panicked: %v", p)
		}
	}()
	return a.postBoard(j)
}
