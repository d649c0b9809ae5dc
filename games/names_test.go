package games

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestNameToken(t *testing.T) {
	if got := Name(2); got != "{{p2}}" {
		t.Fatalf("Name(2) = %q", got)
	}
	if got := NameAs(0, "Warp"); got != "{{p0}} (Warp)" {
		t.Fatalf("NameAs(0, Warp) = %q", got)
	}
	line := Name(0) + " passes to " + Name(11) + "."
	b, err := json.Marshal(Event{Public: line})
	if err != nil {
		t.Fatal(err)
	}
	var e Event
	if err := json.Unmarshal(b, &e); err != nil || e.Public != line {
		t.Fatalf("the token does not survive JSON: %s -> %q, %v", b, e.Public, err)
	}
	seats, ok := Tokens(line)
	if !ok || !slices.Equal(seats, []Seat{0, 11}) {
		t.Fatalf("Tokens(%q) = %v, %v", line, seats, ok)
	}
	for _, bad := range []string{"{{p}}", "{{px}}", "{{p1", "{{p1234}}"} {
		if _, ok := Tokens("x " + bad); ok {
			t.Errorf("Tokens accepts malformed %q", bad)
		}
	}
}

func TestFillNames(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		names []string
		want  string
		plain string
	}{
		{"plain names", Name(0) + " beats " + Name(1) + ".", []string{"Alice", "Bob"},
			"Alice beats Bob.", "Alice beats Bob."},
		{"missing names", Name(0) + ", " + Name(2) + ", " + Name(3), []string{"Alice", "", "  "},
			"Alice, Player 3, Player 4", "Alice, Player 3, Player 4"},
		{"no names at all", Name(1) + " wins.", nil, "Player 2 wins.", "Player 2 wins."},
		{"role", NameAs(1, "Weft") + " ties.", []string{"a", "Bo"}, "Bo (Weft) ties.", "Bo (Weft) ties."},
		{"markdown", Name(0), []string{`*b_o~l|d` + "`" + `>\#[x]`},
			`\*b\_o\~l\|d` + "\\`" + `\>\\\#\[x\]`, `*b_o~l|d` + "`" + `>\#[x]`},
		{"everyone", Name(0) + " plays.", []string{"@everyone"},
			"@\u200beveryone plays.", "@\u200beveryone plays."},
		{"here", Name(0), []string{"x @here"}, "x @\u200bhere", "x @\u200bhere"},
		{"user mention", Name(0), []string{"<@123456789>"},
			"<\u200b@\u200b123456789\\>", "<\u200b@\u200b123456789>"},
		{"role and channel mention", Name(0), []string{"<@&1><#2>"},
			"<\u200b@\u200b&1\\><\u200b\\#2\\>", "<\u200b@\u200b&1><\u200b#2>"},
		{"control characters", Name(0), []string{"A\nB\tC\u2028"}, "A B C", "A B C"},
		{"a name that is a token", Name(0) + " and " + Name(1), []string{Name(1), "Bob"},
			"{{p1}} and Bob", "{{p1}} and Bob"},
		{"malformed token kept", "{{p}} {{px " + Name(0), []string{"Al"}, "{{p}} {{px Al", "{{p}} {{px Al"},
		{"no token", "Nothing to fill.", []string{"Al"}, "Nothing to fill.", "Nothing to fill."},
		{"unicode", Name(0) + "!", []string{"Zoë 🧵"}, "Zoë 🧵!", "Zoë 🧵!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FillNames(tt.text, tt.names); got != tt.want {
				t.Errorf("FillNames(%q, %q) = %q, want %q", tt.text, tt.names, got, tt.want)
			}
			if got := FillPlain(tt.text, tt.names); got != tt.plain {
				t.Errorf("FillPlain(%q, %q) = %q, want %q", tt.text, tt.names, got, tt.plain)
			}
		})
	}
}
