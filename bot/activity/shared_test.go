package activity

import (
	"errors"
	"testing"
	"time"
)

// pairedStores is two processes' stores joined in memory: what one
// announces, the other hears.
type pairedStores struct {
	other *pairedStores
	heard func(table, version uint64)
	fail  error
}

func (p *pairedStores) Announce(table, version uint64) error {
	if p.fail != nil {
		return p.fail
	}
	if p.other.heard != nil {
		p.other.heard(table, version)
	}
	return nil
}

func (p *pairedStores) OnAnnounce(f func(table, version uint64)) { p.heard = f }

// TestSharedNotifierCrossesProcesses checks that a move announced in one
// process reaches a watcher in the other and one in its own, and that a
// failed announcement is reported and still reaches the local watcher.
func TestSharedNotifierCrossesProcesses(t *testing.T) {
	a, b := &pairedStores{}, &pairedStores{}
	a.other, b.other = b, a
	na, nb := NewShared(a, nil), NewShared(b, nil)
	here, cancelHere := na.Subscribe(5)
	defer cancelHere()
	there, cancelThere := nb.Subscribe(5)
	defer cancelThere()
	na.Changed(5, 9)
	for name, ch := range map[string]<-chan uint64{"same process": here, "other process": there} {
		select {
		case v := <-ch:
			if v != 9 {
				t.Errorf("%s: version %d, want 9", name, v)
			}
		case <-time.After(time.Second):
			t.Errorf("%s: no version", name)
		}
	}
	var reported error
	a.fail = errors.New("database away")
	nc := NewShared(a, func(err error) { reported = err })
	local, cancel := nc.Subscribe(6)
	defer cancel()
	nc.Changed(6, 1)
	if reported == nil {
		t.Error("a failed announcement was not reported")
	}
	select {
	case <-local:
	case <-time.After(time.Second):
		t.Error("a failed announcement kept the version from this process's watcher")
	}
}
