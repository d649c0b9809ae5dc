package bot

import (
	"testing"

	"spindle/bot/discordtest"
	"spindle/commands"
	"spindle/games"
	"spindle/games/warpweft"
)

func TestRegisterGuildAndGlobal(t *testing.T) {
	fake := discordtest.New(t)
	s, err := fake.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	defs := commands.Definitions(cat)
	guild := fake.Guild().ID
	if _, err := Register(s, guild, defs); err != nil {
		t.Fatal(err)
	}
	got := fake.Commands(guild)
	if len(got) != len(defs) || len(fake.Commands("")) != 0 {
		t.Fatalf("guild registration: %d guild commands, %d global", len(got), len(fake.Commands("")))
	}
	names := map[string]bool{}
	for _, c := range got {
		names[c.Name] = true
	}
	for _, want := range []string{"game", "hand", "rules"} {
		if !names[want] {
			t.Errorf("command /%s not registered", want)
		}
	}
	if _, err := Register(s, "", defs); err != nil || len(fake.Commands("")) != len(defs) {
		t.Fatalf("global registration: %v, %d commands", err, len(fake.Commands("")))
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Fatalf("registration broke Discord's rules: %v", v)
	}
}
