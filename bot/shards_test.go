package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"spindle/bot/discordtest"
)

// TestTwoShardsServeTheirGuilds: with two shards in one process, each
// guild's interactions reach the bot through its own shard only, and every
// one is answered exactly once.
func TestTwoShardsServeTheirGuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	fake := discordtest.New(t)
	fake.SetRecommendedShards(2)
	a := fake.AddGuildOnShard("A", 0, 2)
	bg := fake.AddGuildOnShard("B", 1, 2)
	var sessions []*discordgo.Session
	for i := range 2 {
		s, err := fake.Session("test-token")
		if err != nil {
			t.Fatal(err)
		}
		s.Identify.Intents = Intents
		s.ShardID, s.ShardCount = i, 2
		sessions = append(sessions, s)
	}
	b := &Bot{Session: sessions[0], Shards: sessions, App: warpWeftApp(t), Log: zerolog.Nop()}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	defer func() { cancel(); <-done }()
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := discordtest.WaitFor(wctx, func() bool { return fake.GatewayStats().Identifies >= 2 }); err != nil {
		t.Fatalf("two shards did not connect: %+v", fake.GatewayStats())
	}
	alice := fake.AddUser("alice")
	for _, g := range []discordtest.Guild{a, bg} {
		var ch string
		for _, c := range fake.Channels() {
			if c.GuildID == g.ID {
				ch = c.ID
			}
		}
		m, err := fake.SlashCommand(alice, ch, "rules", discordtest.String("game", "warpweft")).WaitFinal(wctx)
		if err != nil || !strings.Contains(m.Embeds[0].Title, "Warp and Weft") {
			t.Fatalf("guild %s: %v %+v", g.Name, err, m)
		}
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Fatalf("an interaction was handled twice or wrongly: %v", v)
	}
}
