package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A custom_id is a short path. The first segment names the route:
//
//	t/<table>/<version>/<key>    play the action key at that version
//	                             (<version> is "<n>~<undos>" once the table was undone)
//	s/<table>/<version>          a select menu whose chosen value is the key
//	g/<table>/<version>/<page>   a select of action groups, or a page of moves
//	p/<table>/<version>/<arg>    panel navigation: "main", a group head, "concede"
//	o/<table>/<button>           table-message buttons: panel, rules, refresh
//	l/<table>/<button>           lobby buttons; l/<table>/opt/<option> for option selects
//	r/<game>/<topic>             rules navigation
//	v/<table>/<step>/<button>    replay of a finished game: show that step
//	b/<game>/<page>              leaderboard pages (game "all" for every game)
//
// Tables are base-36 numbers, versions decimal. Nothing secret is ever put
// in a custom_id: action keys are public choices of the clicking seat.

// ErrBadCustomID means a custom_id does not decode; the user gets a polite
// "that button no longer works" instead of a crash.
var ErrBadCustomID = errors.New("commands: bad custom_id")

// CustomID is a decoded custom_id.
type CustomID struct {
	Route   byte
	Table   uint64
	Version uint64 // the table version, or the replay step for v/
	// Undos is how many times the table was undone (t/, s/, g/ and p/):
	// an undo reuses versions, so a button from before it is told apart.
	Undos uint64
	Arg   string // the key, page, button or topic
	Game  string // only for r/ and b/
}

// Encode renders the custom_id; it returns an error when the result would
// exceed Discord's 100 characters.
func (c CustomID) Encode() (string, error) {
	var s string
	switch c.Route {
	case 't', 'g', 'p', 'v':
		s = fmt.Sprintf("%c/%s/%s/%s", c.Route, strconv.FormatUint(c.Table, 36), c.at(), c.Arg)
	case 's':
		s = fmt.Sprintf("s/%s/%s", strconv.FormatUint(c.Table, 36), c.at())
	case 'o', 'l':
		s = fmt.Sprintf("%c/%s/%s", c.Route, strconv.FormatUint(c.Table, 36), c.Arg)
	case 'r', 'b':
		s = fmt.Sprintf("%c/%s/%s", c.Route, c.Game, c.Arg)
	default:
		return "", fmt.Errorf("commands: route %q: %w", c.Route, ErrBadCustomID)
	}
	if len(s) > MaxCustomID {
		return "", fmt.Errorf("commands: custom_id of %d characters: %w", len(s), ErrBadCustomID)
	}
	return s, nil
}

// at is the version segment: the version, then "~" and the undo count in
// base 36 once the table has been undone.
func (c CustomID) at() string {
	v := strconv.FormatUint(c.Version, 10)
	if c.Undos > 0 && c.Route != 'v' {
		v += "~" + strconv.FormatUint(c.Undos, 36)
	}
	return v
}

// with is c for another route and argument, same table, version and undos.
func (c CustomID) with(route byte, arg string) CustomID {
	c.Route, c.Arg = route, arg
	return c
}

// MustEncode is Encode for ids built from validated parts (keys within the
// engine's budget); an overflow there is a programming error, reported as a
// fixed id that decodes to a polite refusal rather than a panic.
func (c CustomID) MustEncode() string {
	s, err := c.Encode()
	if err != nil {
		return "x/overflow"
	}
	return s
}

// ParseCustomID decodes a custom_id produced by Encode.
func ParseCustomID(s string) (CustomID, error) {
	bad := fmt.Errorf("commands: custom_id %q: %w", truncate(s, 40), ErrBadCustomID)
	if len(s) > MaxCustomID || len(s) < 3 || s[1] != '/' {
		return CustomID{}, bad
	}
	c := CustomID{Route: s[0]}
	parts := strings.SplitN(s[2:], "/", 3)
	table := func(p string) bool {
		n, err := strconv.ParseUint(p, 36, 64)
		if err != nil || strconv.FormatUint(n, 36) != p {
			return false
		}
		c.Table = n
		return true
	}
	version := func(p string) bool {
		p, undos, stamped := strings.Cut(p, "~")
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || strconv.FormatUint(n, 10) != p {
			return false
		}
		c.Version = n
		if stamped {
			u, err := strconv.ParseUint(undos, 36, 64)
			if err != nil || u == 0 || c.Route == 'v' || strconv.FormatUint(u, 36) != undos {
				return false
			}
			c.Undos = u
		}
		return true
	}
	switch c.Route {
	case 't', 'g', 'p', 'v':
		if len(parts) != 3 || !table(parts[0]) || !version(parts[1]) || parts[2] == "" {
			return CustomID{}, bad
		}
		c.Arg = parts[2]
	case 's':
		if len(parts) != 2 || !table(parts[0]) || !version(parts[1]) {
			return CustomID{}, bad
		}
	case 'o', 'l':
		rest := strings.SplitN(s[2:], "/", 2)
		if len(rest) != 2 || !table(rest[0]) || rest[1] == "" {
			return CustomID{}, bad
		}
		c.Arg = rest[1]
	case 'r', 'b':
		rest := strings.SplitN(s[2:], "/", 2)
		if len(rest) != 2 || rest[0] == "" {
			return CustomID{}, bad
		}
		c.Game, c.Arg = rest[0], rest[1]
	default:
		return CustomID{}, bad
	}
	return c, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
