package commands

import (
	"strings"
	"testing"
	"time"
)

func TestNotifyCommands(t *testing.T) {
	h := newHarness(t)
	resp, err := h.command(alice, "notify show", nil)
	if err != nil || !strings.Contains(resp.Message.Content, "Direct messages: **off**") || !resp.Message.Ephemeral {
		t.Fatalf("defaults: %v %+v", err, resp.Message)
	}
	h.command(alice, "notify dm", map[string]string{"on": "true"})
	h.command(alice, "notify when", map[string]string{"what": "reminders-only"})
	resp, _ = h.command(alice, "notify quiet", map[string]string{"from": "22:00", "to": "07:30", "zone": "Europe/Paris", "turn_pings": "true"})
	for _, want := range []string{"**on** (reminders only)", "**22:00–07:30** (Europe/Paris)", "so do turn pings"} {
		if !strings.Contains(resp.Message.Content, want) {
			t.Errorf("settings %q lack %q", resp.Message.Content, want)
		}
	}
	for _, bad := range []map[string]string{
		{"from": "25:00", "to": "07:00", "zone": "UTC"},
		{"from": "22:00", "to": "22:00", "zone": "UTC"},
		{"from": "22:00", "to": "07:00", "zone": "Mars/Olympus"},
	} {
		if resp, err := h.command(alice, "notify quiet", bad); err == nil || !resp.Message.Ephemeral {
			t.Errorf("quiet hours %v accepted", bad)
		}
	}
	if resp, _ := h.command(alice, "notify quiet-off", nil); !strings.Contains(resp.Message.Content, "Quiet hours: none") {
		t.Fatalf("quiet-off: %q", resp.Message.Content)
	}
}

func TestQuietHours(t *testing.T) {
	p := Prefs{QuietFrom: "22:00", QuietTo: "07:30", Zone: "Europe/Paris"}
	paris, _ := time.LoadLocation("Europe/Paris")
	for _, c := range []struct {
		at    time.Time
		quiet bool
		end   time.Time
	}{
		{time.Date(2026, 11, 23, 21, 59, 0, 0, paris), false, time.Time{}},
		{time.Date(2026, 11, 23, 22, 0, 0, 0, paris), true, time.Date(2026, 11, 24, 7, 30, 0, 0, paris)},
		{time.Date(2026, 11, 24, 3, 0, 0, 0, paris), true, time.Date(2026, 11, 24, 7, 30, 0, 0, paris)},
		{time.Date(2026, 11, 24, 7, 30, 0, 0, paris), false, time.Time{}},
	} {
		end, quiet := p.quietEnd(c.at.UTC())
		if quiet != c.quiet || !end.Equal(c.end) {
			t.Errorf("at %v: quiet %v until %v, want %v until %v", c.at, quiet, end, c.quiet, c.end)
		}
	}
	day := Prefs{QuietFrom: "13:00", QuietTo: "14:00", Zone: "UTC"}
	if _, q := day.quietEnd(time.Date(2026, 1, 1, 13, 30, 0, 0, time.UTC)); !q {
		t.Error("a quiet span within one day is not honoured")
	}
}

func TestDMsAndHeldPings(t *testing.T) {
	h, sc, start := startClocked(t, "async-24h:auto") // starts 09:00 UTC = 10:00 Paris
	// bob opts in to DMs; alice keeps them off.
	h.command(bob, "notify dm", map[string]string{"on": "true"})
	h.move(alice)
	if len(h.rec.dms) != 1 || h.rec.dms[0].id != bob.ID || !strings.Contains(h.rec.dms[0].msg.Content, "It's your move in **Warp and Weft** #1") {
		t.Fatalf("DMs after alice's move: %+v", h.rec.dms)
	}
	// alice goes quiet (UTC 20:00-08:00) holding pings; bob moves at 21:00.
	h.command(alice, "notify quiet", map[string]string{"from": "20:00", "to": "08:00", "zone": "UTC", "turn_pings": "true"})
	sc.set(start.Add(12 * time.Hour)) // 21:00
	h.move(bob)
	table := h.rec.last("c1").msg
	if !strings.Contains(table.Content, "<@100>") || len(table.Mentions) != 0 {
		t.Fatalf("a quiet player was pinged: mentions %v", table.Mentions)
	}
	// Her half-time reminder (21:00 + 12h = 09:00 next day) is after the
	// quiet hours; the held ping fires at 08:00.
	h.fireAt(sc, start.Add(23*time.Hour)) // 08:00
	last := h.rec.last("c1").msg
	if !strings.Contains(last.Content, "held during your quiet hours") || len(last.Mentions) != 1 || last.Mentions[0] != alice.ID {
		t.Fatalf("the held ping: %q %v", last.Content, last.Mentions)
	}
	// A reminder due in quiet hours waits for their end.
	h.command(alice, "notify quiet", map[string]string{"from": "08:30", "to": "10:00", "zone": "UTC"})
	before := len(h.rec.posts["c1"])
	h.fireAt(sc, start.Add(24*time.Hour)) // 09:00: reminder due, but quiet
	if len(h.rec.posts["c1"]) != before {
		t.Fatal("a reminder was posted during quiet hours")
	}
	h.fireAt(sc, start.Add(25*time.Hour)) // 10:00: quiet hours over
	if last := h.rec.last("c1").msg; len(h.rec.posts["c1"]) != before+1 || !strings.Contains(last.Content, "still your move") {
		t.Fatalf("the held reminder: %q", last.Content)
	}
}
