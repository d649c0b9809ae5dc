package activity

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"spindle/commands"
)

// TestSessionTokens: a token carries its user, expiry and tables; any
// changed byte, or another key, makes it worthless; only the newest
// maxGrants tables are kept; an id or name that is too long is refused.
func TestSessionTokens(t *testing.T) {
	s := newSessions(SessionKey("secret"))
	now := time.Unix(1_800_000_000, 0)
	u := commands.User{ID: "200000000000000001", Name: "ålice ✦"}
	tok, err := s.issue(u, now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	who, ok := s.lookup(tok, now)
	if !ok || who.User != u || len(who.tables) != 0 {
		t.Fatalf("lookup = %+v, %v", who, ok)
	}
	for i := 1; i <= maxGrants+3; i++ {
		if tok, err = s.allow(who, uint64(i)); err != nil || tok == "" {
			t.Fatalf("allow %d: %q, %v", i, tok, err)
		}
		if who, ok = s.lookup(tok, now); !ok {
			t.Fatalf("the token granting table %d is refused", i)
		}
	}
	if len(who.tables) != maxGrants || !s.allowed(who, maxGrants+3) || s.allowed(who, 3) || !s.allowed(who, 4) {
		t.Errorf("tables after %d grants: %v", maxGrants+3, who.tables)
	}
	if again, err := s.allow(who, 4); err != nil || again != "" {
		t.Errorf("a table already granted gave a new token %q (%v)", again, err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(tok)
	for i := range raw {
		bad := append([]byte(nil), raw...)
		bad[i] ^= 0x20
		if _, ok := s.lookup(base64.RawURLEncoding.EncodeToString(bad), now); ok {
			t.Fatalf("a token with byte %d changed is accepted", i)
		}
	}
	// Other spellings of the same bytes: a line break the decoder would
	// skip, and spare bits set in the last character (the token's length
	// leaves some, as 0 mod 3 bytes would not).
	if _, ok := s.lookup(tok[:5]+"\n"+tok[5:], now); ok {
		t.Error("a token with a line break in it is accepted")
	}
	if len(raw)%3 != 0 {
		last := strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", tok[len(tok)-1])
		spare := tok[:len(tok)-1] + string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[last|1])
		if spare != tok {
			if _, ok := s.lookup(spare, now); ok {
				t.Error("a token with a spare bit set in its last character is accepted")
			}
		}
	}
	if _, ok := newSessions(SessionKey("other")).lookup(tok, now); ok {
		t.Error("another key accepts the token")
	}
	if _, ok := s.lookup(tok, now.Add(time.Hour)); ok {
		t.Error("the token outlived its hour")
	}
	if _, err := s.issue(commands.User{ID: "1", Name: strings.Repeat("n", maxTokenField+1)}, now, time.Hour); err == nil {
		t.Error("a name longer than a token holds was signed")
	}
}

// FuzzSessionToken: whatever the page sends as its session, lookup never
// panics and accepts nothing it did not sign; and any body that parses
// signs and parses back to the same session.
func FuzzSessionToken(f *testing.F) {
	s := newSessions(SessionKey("secret"))
	now := time.Unix(1_800_000_000, 0)
	tok, _ := s.issue(commands.User{ID: "7", Name: "n"}, now, time.Hour)
	f.Add(tok)
	f.Add("")
	f.Add("forged")
	raw, _ := base64.RawURLEncoding.DecodeString(tok)
	f.Add(string(raw[:len(raw)-macLen]))
	f.Fuzz(func(t *testing.T, in string) {
		if who, ok := s.lookup(in, now); ok && in != tok {
			t.Fatalf("lookup accepted %q as %+v", in, who)
		}
		who, ok := parseSession([]byte(in))
		if !ok {
			return
		}
		signed, err := s.sign(who)
		if err != nil {
			t.Fatalf("a parsed session does not sign: %v", err)
		}
		back, ok := s.lookup(signed, time.Unix(min(who.expires, 1<<40)-1, 0))
		if who.expires > 0 && who.expires < 1<<40 && (!ok || back.User != who.User || len(back.tables) != len(who.tables)) {
			t.Fatalf("%+v came back as %+v, %v", who, back, ok)
		}
	})
}
