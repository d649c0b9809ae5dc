package games

import (
	"strconv"
	"strings"
	"unicode"
)

// Player names in game text.
//
// A game never knows who sits at a seat, so every line it emits (Event
// Public and Private lines, Result.Lines, Label texts) names a player with
// the token Name(seat). The token is "{{p" + the seat number (0-based, as
// Seat) + "}}": plain ASCII that no game text contains otherwise, so it
// survives JSON storage and the log replays unchanged whoever sits down.
// The presentation layer replaces the tokens with display names: FillNames
// for Discord message text (names escaped for markdown and unable to
// mention anyone) and FillPlain for text that Discord shows verbatim
// (button labels, select options) or that is drawn into an image.

const (
	nameOpen  = "{{p"
	nameClose = "}}"
)

// Name returns the token that stands for seat's player name in game text.
// FillNames or FillPlain turns it into the display name.
func Name(seat Seat) string {
	return nameOpen + strconv.Itoa(int(seat)) + nameClose
}

// NameAs returns seat's name token qualified by a role, as in
// "Alice (Warp)" once filled.
func NameAs(seat Seat, role string) string {
	return Name(seat) + " (" + role + ")"
}

// DefaultName is the name shown for a seat whose player has no name:
// "Player N" with N the seat number counted from 1.
func DefaultName(seat Seat) string {
	return "Player " + strconv.Itoa(int(seat)+1)
}

// FillNames replaces every name token in text with the display name of its
// seat, names[seat], or DefaultName(seat) when that is missing or blank.
// Names are escaped for Discord markdown and their mentions defused, so a
// filled line renders the name as typed and never pings anyone. A name that
// itself looks like a token is not expanded again.
func FillNames(text string, names []string) string {
	return fill(text, names, true)
}

// FillPlain is FillNames for text that is not markdown (button labels,
// select options, image text): names are cleaned of control characters
// and mentions are defused, but nothing is backslash-escaped.
func FillPlain(text string, names []string) string {
	return fill(text, names, false)
}

// Tokens returns the seats named by the tokens in text, in order, and
// reports false when text holds a malformed token (an opening "{{p" not
// followed by digits and "}}").
func Tokens(text string) ([]Seat, bool) {
	var out []Seat
	for {
		i := strings.Index(text, nameOpen)
		if i < 0 {
			return out, true
		}
		seat, n, ok := parseToken(text[i:])
		if !ok {
			return out, false
		}
		out = append(out, seat)
		text = text[i+n:]
	}
}

// parseToken reads a token at the start of s and returns its seat and
// length in bytes.
func parseToken(s string) (Seat, int, bool) {
	if !strings.HasPrefix(s, nameOpen) {
		return 0, 0, false
	}
	j := len(nameOpen)
	for j < len(s) && j < len(nameOpen)+3 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == len(nameOpen) || !strings.HasPrefix(s[j:], nameClose) {
		return 0, 0, false
	}
	n, err := strconv.Atoi(s[len(nameOpen):j])
	if err != nil || n > 127 {
		return 0, 0, false
	}
	return Seat(n), j + len(nameClose), true
}

func fill(text string, names []string, markdown bool) string {
	if !strings.Contains(text, nameOpen) {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, nameOpen)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		seat, n, ok := parseToken(text[i:])
		if !ok {
			b.WriteString(nameOpen)
			text = text[i+len(nameOpen):]
			continue
		}
		name := ""
		if int(seat) < len(names) {
			name = cleanName(names[seat])
		}
		if name == "" {
			name = DefaultName(seat)
		} else {
			name = safeName(name, markdown)
		}
		b.WriteString(name)
		text = text[i+n:]
	}
}

// cleanName turns control characters and line breaks into spaces and trims
// the result.
func cleanName(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s))
}

// zwsp is the zero-width space put after '@' and '<' so that a name cannot
// form a mention (@everyone, @here, <@id>, <#id>, <@&id>).
const zwsp = "\u200b"

// safeName defuses mentions in a name and, for markdown, escapes the
// characters Discord treats as formatting.
func safeName(s string, markdown bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '@' || r == '<':
			b.WriteRune(r)
			b.WriteString(zwsp)
		case markdown && strings.ContainsRune(`\*_~`+"`"+`|>#[]`, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
