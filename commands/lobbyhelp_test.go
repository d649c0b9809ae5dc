package commands

import (
	"strings"
	"testing"
)

// TestLobbyExplainsItself: every option value has its own description;
// the footer gives the player counts the chosen options allow; a lobby
// with more players than the mode takes names the modes that fit.
func TestLobbyExplainsItself(t *testing.T) {
	h := everyGameHarness(t)
	for _, info := range h.app.Catalog.Games() {
		for _, o := range lobbyOptions(info) {
			seen := map[string]bool{}
			for _, v := range o.Values {
				d := o.HelpOf(v)
				if o.ValueHelp[v] == "" || len(d) > MaxOptionLabel {
					t.Errorf("%s option %s value %s has no description of its own (or one too long): %q", info.ID, o.Key, v, d)
				}
				if seen[d] {
					t.Errorf("%s option %s repeats the description %q", info.ID, o.Key, d)
				}
				seen[d] = true
			}
		}
	}
	if _, err := h.command(alice, "game new", map[string]string{"game": "stitchcraft"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	if f := lobby.msg.Embeds[0].Footer; !strings.HasPrefix(f, "2 players with these options") {
		t.Fatalf("a duel lobby's footer: %q", f)
	}
	h.click(bob, lobby.id, button(t, lobby.msg, "Join"))
	resp, err := h.click(carol, lobby.id, button(t, lobby.msg, "Join"))
	if err != nil {
		t.Fatal(err)
	}
	d := resp.Message.Embeds[0].Description
	if !strings.Contains(d, "3 players don't fit these options") || !strings.Contains(d, "**Mode**: ffa, leanleft, leanright, crowd") || strings.Contains(d, "duel,") {
		t.Fatalf("a duel lobby with three players: %q", d)
	}
	start, _ := h.click(alice, lobby.id, button(t, lobby.msg, "Start"))
	if !strings.Contains(start.Message.Content, "**Mode**: ffa") {
		t.Fatalf("Start with options that don't fit: %q", start.Message.Content)
	}
	h.setLobbyOption(alice, lobby, "mode", "ffa")
	b, _ := h.store.GetBinding(1)
	k, _ := h.app.Catalog.Get("stitchcraft")
	m := h.app.lobbyMessage(k.Info(), b, "")
	if strings.Contains(m.Embeds[0].Description, "don't fit") || !strings.HasPrefix(m.Embeds[0].Footer, "3 to 6 players with these options") {
		t.Fatalf("an ffa lobby with three players: %q / %q", m.Embeds[0].Description, m.Embeds[0].Footer)
	}
}

// TestLobbyChangesInWords: a change made from the host's private menus is
// confirmed in words, and the lobby names a value with its short name;
// never the menu's own values ("automa_level=3", "add:normal").
func TestLobbyChangesInWords(t *testing.T) {
	h := everyGameHarness(t)
	if _, err := h.command(alice, "game new", map[string]string{"game": "tapestry"}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last("c1")
	find := func(m Message, suffix string) string {
		for _, r := range m.Rows {
			if r.Select != nil && strings.HasSuffix(r.Select.CustomID, suffix) {
				return r.Select.CustomID
			}
		}
		t.Fatalf("no select ending %q in %+v", suffix, m.Rows)
		return ""
	}
	picker, err := h.click(alice, lobby.id, find(lobby.msg, "/pick"), "automa_level")
	if err != nil {
		t.Fatal(err)
	}
	changed, err := h.click(alice, "private-1", find(*picker.Message, "/opt/automa_level"), "3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := changed.Message.Content, "Option changed: **Automa level (solo)**: 3 (the Slightly Intimidating)."; got != want {
		t.Fatalf("the option change answered %q, want %q", got, want)
	}
	if opts := h.rec.last("c1").msg.Embeds[0].Fields[0].Value; !strings.Contains(opts, "**Automa level (solo)**: 3 (the Slightly Intimidating)") {
		t.Fatalf("the lobby shows the options as %q", opts)
	}
	menu, err := h.click(alice, lobby.id, button(t, lobby.msg, "Add AI"))
	if err != nil {
		t.Fatal(err)
	}
	added, err := h.click(alice, "private-2", menu.Message.Rows[0].Select.CustomID, "add:normal")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := added.Message.Content, "Added Spindle AI (normal) to the table."; got != want {
		t.Fatalf("adding an AI answered %q, want %q", got, want)
	}
}
