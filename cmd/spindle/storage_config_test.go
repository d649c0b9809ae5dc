package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStorageAndShardRangeConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) string {
		p := filepath.Join(dir, "c.yaml")
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Setenv(postgresEnv, "")
	cfg, err := LoadConfig(write("storage:\n  postgres_url: postgres://u@h/db\ndiscord:\n  shards: 8\n  shard_range: 2-5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Store("x.db"); got != "postgres://u@h/db" {
		t.Fatalf("Store = %q", got)
	}
	if f, l, none, err := cfg.Discord.ShardRangeOf(8); f != 2 || l != 5 || none || err != nil {
		t.Fatalf("ShardRangeOf = %d %d %v %v", f, l, none, err)
	}
	t.Setenv(postgresEnv, "postgres://env@h/db")
	if cfg, err = LoadConfig(write("")); err != nil || cfg.Store("x.db") != "postgres://env@h/db" {
		t.Fatalf("the environment does not choose PostgreSQL: %q, %v", cfg.Store("x.db"), err)
	}
	t.Setenv(postgresEnv, "")
	if cfg, err = LoadConfig(write("")); err != nil || cfg.Store("x.db") != "x.db" {
		t.Fatalf("default store = %q, %v; want the bbolt file", cfg.Store("x.db"), err)
	}
	for body, want := range map[string]string{
		"storage:\n  postgres_url: mysql://x\n":        "storage.postgres_url",
		"discord:\n  shard_range: 0-1\n":               "needs discord.shards",
		"discord:\n  shards: 4\n  shard_range: 3-4\n":  "shard_range",
		"discord:\n  shards: 4\n  shard_range: none\n": "needs discord.interactions_addr",
		"discord:\n  shards: 4\n  shard_range: x\n":    "shard_range",
		"storage:\n  lease: 1h\n":                      "storage.lease",
	} {
		if _, err := LoadConfig(write(body)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error naming %s", body, err, want)
		}
	}
}
