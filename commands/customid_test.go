package commands

import (
	"errors"
	"strings"
	"testing"
)

func TestCustomIDRoundTrip(t *testing.T) {
	for _, c := range []CustomID{
		{Route: 't', Table: 47, Version: 57, Arg: "9LK@1,-2"},
		{Route: 's', Table: 1, Version: 0},
		{Route: 'g', Table: 123456789, Version: 3, Arg: "2"},
		{Route: 'p', Table: 5, Version: 9, Arg: "9LK"},
		{Route: 't', Table: 47, Version: 57, Undos: 3, Arg: "bet:1"},
		{Route: 's', Table: 1, Version: 4, Undos: 40},
		{Route: 'o', Table: 5, Arg: "refresh"},
		{Route: 'l', Table: 5, Arg: "opt/extended"},
		{Route: 'r', Game: "warpweft", Arg: "scoring-a-line"},
		{Route: 'v', Table: 12, Version: 0, Arg: "first"},
		{Route: 'b', Game: "all", Arg: "3"},
	} {
		s, err := c.Encode()
		if err != nil {
			t.Fatalf("Encode(%+v): %v", c, err)
		}
		got, err := ParseCustomID(s)
		if err != nil {
			t.Fatalf("ParseCustomID(%q): %v", s, err)
		}
		if got != c {
			t.Errorf("round trip of %q: got %+v, want %+v", s, got, c)
		}
	}
}

func TestCustomIDRejects(t *testing.T) {
	for _, s := range []string{
		"", "t", "t/", "t/1/2", "t/1/x/k", "t/01/2/k", "t/1/02/k", "z/1/2/k", "s/1", "o/1/", "r//x",
		"t/1/2/" + strings.Repeat("k", 100), "t/-1/2/k", "t/1/-2/k", "v/1/2", "v/1/x/next", "b/all", "b//2",
		"t/1/2~/k", "t/1/2~0/k", "t/1/2~01/k", "t/1/~1/k", "t/1/2~1~1/k", "v/1/2~1/next", "s/1/2~-1",
	} {
		if _, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("ParseCustomID(%q) = %v, want ErrBadCustomID", s, err)
		}
	}
}

func TestCustomIDBudget(t *testing.T) {
	// The engine's 60-byte key budget plus the largest table id and version
	// still fits Discord's 100 characters.
	c := CustomID{Route: 't', Table: ^uint64(0), Version: 1e12, Undos: 1e6, Arg: strings.Repeat("k", 60)}
	s, err := c.Encode()
	if err != nil || len(s) > MaxCustomID {
		t.Fatalf("Encode = %q (%d), %v", s, len(s), err)
	}
	c.Arg = strings.Repeat("k", 90)
	if _, err := c.Encode(); !errors.Is(err, ErrBadCustomID) {
		t.Fatalf("an oversized custom_id encoded: %v", err)
	}
}

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"t/1f/57/9LK@1,-2", "s/1/0", "o/5/refresh", "r/warpweft/x", "l/z/opt/a", "v/c/4/next", "b/warpweft/2", "t/1/2~3/k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCustomID(s)
		if err != nil {
			return
		}
		back, err := c.Encode()
		if err != nil {
			t.Fatalf("decoded %q to %+v but it does not encode: %v", s, c, err)
		}
		if back != s {
			t.Fatalf("%q decoded and re-encoded as %q", s, back)
		}
	})
}
