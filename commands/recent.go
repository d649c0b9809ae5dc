package commands

import (
	"sync"
	"time"
)

// A move reads the same player's preferences several times (the clock's
// away check for every seat, held pings, the turn DM) and the server's
// settings more than once. recentReads keeps what was read for recentTTL
// of wall time, so one move reads each once. The App's own writes
// (/notify, /away, /settings, a DM refusal) replace the kept value at
// once; a change made by another process is seen within recentTTL.

// recentTTL is how long a read preference or setting is used again.
const recentTTL = 2 * time.Second

// recentMax bounds the values kept; past it the expired ones are dropped,
// and all of them if that is not enough.
const recentMax = 4096

// recentReads is a small time-bounded memo of decoded store records, by
// key ("u:" user id, "g:" guild id).
type recentReads struct {
	mu sync.Mutex
	m  map[string]recentValue
}

type recentValue struct {
	at time.Time
	v  any
}

// get returns the value kept for key if it was read less than recentTTL
// ago.
func (r *recentReads) get(key string) (any, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.m[key]
	if !ok || time.Since(e.at) >= recentTTL {
		return nil, false
	}
	return e.v, true
}

// put keeps v for key.
func (r *recentReads) put(key string, v any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]recentValue{}
	}
	if len(r.m) >= recentMax {
		for k, e := range r.m {
			if time.Since(e.at) >= recentTTL {
				delete(r.m, k)
			}
		}
		if len(r.m) >= recentMax {
			clear(r.m)
		}
	}
	r.m[key] = recentValue{at: time.Now(), v: v}
}
