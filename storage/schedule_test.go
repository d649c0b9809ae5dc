package storage

import (
	"path/filepath"
	"testing"
	"time"
)

func TestScheduleDueInOrderAndOnlyDue(t *testing.T) {
	s, _ := open(t)
	base := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	timers := []Timer{
		{Due: base.Add(3 * time.Hour), Table: 1, Seat: 0, Kind: "expire"},
		{Due: base.Add(time.Hour), Table: 2, Seat: 1, Kind: "remind"},
		{Due: base.Add(time.Hour), Table: 1, Seat: 0, Kind: "remind"},
		{Due: base.Add(48 * time.Hour), Table: 3, Seat: 0, Kind: "expire"},
	}
	if err := s.Schedule(timers...); err != nil {
		t.Fatal(err)
	}
	due, err := s.Due(base.Add(2*time.Hour), 10)
	if err != nil || len(due) != 2 || due[0].Table != 1 || due[1].Table != 2 {
		t.Fatalf("Due(+2h) = %+v, %v", due, err)
	}
	if next, ok, _ := s.Next(); !ok || !next.Equal(base.Add(time.Hour)) {
		t.Fatalf("Next = %v %v", next, ok)
	}
	if err := s.Unschedule(due[0]); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.Due(base.Add(2*time.Hour), 10); len(due) != 1 {
		t.Fatalf("after Unschedule: %+v", due)
	}
	if err := s.UnscheduleTable(1); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.Due(base.Add(72*time.Hour), 10); len(due) != 2 || due[0].Table != 2 || due[1].Table != 3 {
		t.Fatalf("after UnscheduleTable(1): %+v", due)
	}
	if due, _ := s.Due(base.Add(72*time.Hour), 1); len(due) != 1 {
		t.Fatalf("limit ignored: %+v", due)
	}
	if err := s.Schedule(Timer{Table: 9}); err == nil {
		t.Fatal("a timer without due time was stored")
	}
}

func TestScheduleSurvivesRestart(t *testing.T) {
	path := newPath(t, "s.db")
	s, err := Open(path, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	due := time.Unix(1_800_000_000, 0)
	if err := s.Schedule(Timer{Due: due, Table: 4, Kind: "expire", Deadline: due}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Due(due.Add(time.Hour), 10)
	if err != nil || len(got) != 1 || !got[0].Deadline.Equal(due) {
		t.Fatalf("after a restart: %+v, %v", got, err)
	}
}

func TestUserRecords(t *testing.T) {
	s, _ := open(t)
	type prefs struct{ DM bool }
	if err := s.GetUser("u1", &prefs{}); err == nil {
		t.Fatal("a missing user record was found")
	}
	if err := s.PutUser("u1", prefs{DM: true}); err != nil {
		t.Fatal(err)
	}
	var p prefs
	if err := s.GetUser("u1", &p); err != nil || !p.DM {
		t.Fatalf("GetUser = %+v, %v", p, err)
	}
}

// BenchmarkStartupDueWith100kTimers measures what the scheduler reads at
// start-up: the due timers only, with 100 000 tables' timers stored.
func BenchmarkStartupDueWith100kTimers(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "big.db"), Options{Timeout: time.Second, NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	now := time.Unix(1_800_000_000, 0)
	const tables, batch = 100_000, 5_000
	for i := 0; i < tables; i += batch {
		ts := make([]Timer, 0, batch)
		for j := i; j < i+batch; j++ {
			// 10 timers are due now; the rest are spread over the next days.
			due := now.Add(time.Duration(j-10) * 3 * time.Second)
			ts = append(ts, Timer{Due: due, Table: uint64(j + 1), Kind: "expire", Deadline: due})
		}
		if err := s.Schedule(ts...); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		due, err := s.Due(now, 1000)
		if err != nil || len(due) != 11 {
			b.Fatalf("Due = %d timers, %v", len(due), err)
		}
	}
}

func TestPlayingIndex(t *testing.T) {
	s, _ := open(t)
	if err := s.SetPlaying(3, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlaying(1, []string{"a"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Playing("a"); len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Fatalf("Playing(a) = %v", got)
	}
	if err := s.DonePlaying(3, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Playing("b"); len(got) != 0 {
		t.Fatalf("Playing(b) after the end = %v", got)
	}
	if got, err := s.Playing("nobody"); err != nil || got != nil {
		t.Fatalf("Playing(nobody) = %v, %v", got, err)
	}
}
