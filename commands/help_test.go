package commands

import (
	"strings"
	"testing"
)

func TestHelpAndPrivacy(t *testing.T) {
	h := newHarness(t)
	resp, err := h.command(alice, "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	text := m.Embeds[0].Description
	for _, f := range m.Embeds[0].Fields {
		text += f.Value
	}
	for _, info := range h.app.Catalog.Games() {
		if !strings.Contains(text, "`"+info.ID+"`") {
			t.Errorf("/help does not list %s", info.ID)
		}
	}
	if !m.Ephemeral || !strings.Contains(text, "/game new") || !strings.Contains(text, "Add AI") || !strings.Contains(text, "/rules") {
		t.Fatalf("/help: %+v", m)
	}
	resp, err = h.command(alice, "privacy", nil)
	if err != nil || !resp.Message.Ephemeral || !strings.Contains(resp.Message.Embeds[0].Fields[0].Value, "user id") {
		t.Fatalf("/privacy: %+v %v", resp.Message, err)
	}
}

// TestStandingsPrivateUnlessShared: /leaderboard, /stats and /history
// answer privately, and for the channel with public:true, never pinging.
func TestStandingsPrivateUnlessShared(t *testing.T) {
	h := newHarness(t)
	for _, cmd := range []string{"leaderboard", "stats", "history"} {
		private, err := h.command(alice, cmd, nil)
		if err != nil || !private.Message.Ephemeral {
			t.Fatalf("/%s without public: %+v %v", cmd, private.Message, err)
		}
		shared, err := h.command(alice, cmd, map[string]string{"public": "true"})
		if err != nil || shared.Message.Ephemeral || len(shared.Message.Mentions) != 0 {
			t.Fatalf("/%s public:true: %+v %v", cmd, shared.Message, err)
		}
	}
}
