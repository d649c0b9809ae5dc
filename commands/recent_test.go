package commands

import (
	"testing"
	"time"
)

// TestRecentReads: a kept value is used again within recentTTL and not
// after it, and the memo stays within recentMax however many keys pass.
func TestRecentReads(t *testing.T) {
	var r recentReads
	r.put("u:1", Prefs{When: "never"})
	if v, ok := r.get("u:1"); !ok || v.(Prefs).When != "never" {
		t.Fatalf("get right after put = %v, %v", v, ok)
	}
	if _, ok := r.get("u:2"); ok {
		t.Fatal("a key never put was found")
	}
	r.mu.Lock()
	e := r.m["u:1"]
	e.at = e.at.Add(-recentTTL)
	r.m["u:1"] = e
	r.mu.Unlock()
	if _, ok := r.get("u:1"); ok {
		t.Error("a value older than recentTTL was used")
	}
	for i := range 3 * recentMax {
		r.put(string(rune('a'+i%26))+time.Duration(i).String(), i)
	}
	if n := len(r.m); n > recentMax {
		t.Errorf("%d values kept, want at most %d", n, recentMax)
	}
}
