package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCLISpeaksPlainly: each command's --help lists its own flags with
// the real defaults; config mistakes are named in the config's terms; a
// missing --config is an error for every command; a game that can't seat
// the players names the option that would.
func TestCLISpeaksPlainly(t *testing.T) {
	_, help, err := runCLI(t, "sandbox", "--help")
	if err != nil || !strings.Contains(help, "-addr") || !strings.Contains(help, `"spindle-sandbox.db"`) || strings.Contains(help, "-guild") {
		t.Fatalf("sandbox --help: %v\n%s", err, help)
	}
	_, help, _ = runCLI(t, "register", "--help")
	if !strings.Contains(help, "-guild") || strings.Contains(help, "-addr") || strings.Contains(help, "-db") {
		t.Fatalf("register --help:\n%s", help)
	}
	_, help, _ = runCLI(t, "run", "--help")
	if !strings.Contains(help, `"spindle.db"`) || strings.Contains(help, "-addr") {
		t.Fatalf("run --help:\n%s", help)
	}
	for _, c := range []struct{ yaml, want string }{
		{"discord:\n  token: abc\n", "read only from the DISCORD_TOKEN environment variable"},
		{"data:\n  open_timeout: 2 seconds\n", "durations are written like 2s"},
		{"colour: red\n", "config.example.yaml lists them all"},
	} {
		_, _, err := runCLI(t, "--config", writeFile(t, "c.yaml", c.yaml), "run")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("config %q: %v", c.yaml, err)
		}
	}
	for _, cmd := range []string{"sim", "render", "arena", "run"} {
		if _, _, err := runCLI(t, "--config", filepath.Join(t.TempDir(), "missing.yaml"), cmd); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
			t.Errorf("%s with a missing --config: %v", cmd, err)
		}
	}
	_, _, err = runCLI(t, "sim", "--game", "stitchcraft", "--players", "4")
	if err == nil || !strings.Contains(err.Error(), "stitchcraft with 4 players needs --opt mode=") || !strings.Contains(err.Error(), "ffa") {
		t.Fatalf("sim with too many players for the default mode: %v", err)
	}
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.4:8080": false, "nonsense": false} {
		if loopback(addr) != want {
			t.Errorf("loopback(%q) = %v", addr, !want)
		}
	}
}
