package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"spindle/bot"
	"spindle/storage"
)

func runCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// sameAdmin reports whether two admin settings are equal (an empty list of
// hosts equals none).
func sameAdmin(a, b AdminConfig) bool {
	return a.Addr == b.Addr && a.HealthAddr == b.HealthAddr && a.Token == b.Token && slices.Equal(a.Hosts, b.Hosts)
}

func TestConfigDefaultsAndExample(t *testing.T) {
	cfg, err := LoadConfig("")
	if err != nil || cfg.Data.DB != "spindle.db" {
		t.Fatalf("defaults: %+v, %v", cfg, err)
	}
	// The shipped example must load and equal the defaults it documents.
	ex, err := LoadConfig(filepath.Join("..", "..", "config.example.yaml"))
	if err != nil {
		t.Fatalf("config.example.yaml: %v", err)
	}
	if ex.Data != cfg.Data || ex.Log != cfg.Log || ex.Sandbox != cfg.Sandbox || !sameAdmin(ex.Admin, cfg.Admin) {
		t.Fatalf("the example's values differ from the defaults: %+v vs %+v", ex, cfg)
	}
	if empty, err := LoadConfig(writeFile(t, "empty.yaml", "")); err != nil || empty.Data != cfg.Data {
		t.Fatalf("an empty file: %+v, %v", empty, err)
	}
}

func TestConfigRejectsWithOneClearError(t *testing.T) {
	_, err := LoadConfig(writeFile(t, "typo.yaml", "data:\n  dbb: x.db\n"))
	if err == nil || !strings.Contains(err.Error(), "dbb") {
		t.Fatalf("an unknown key: %v", err)
	}
	_, err = LoadConfig(writeFile(t, "bad.yaml", "log:\n  level: loud\n  format: xml\nadmin:\n  addr: 0.0.0.0:9464\n  hosts: [\"http://evil.example/\"]\ndiscord:\n  interactions_addr: :8443\n"))
	if err == nil {
		t.Fatal("bad values accepted")
	}
	for _, want := range []string{"log.level", "log.format", "admin.addr", "admin.hosts", "discord.public_key"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q does not name %s", err, want)
		}
	}
}

func TestSimRandomFinishesAndHidesChance(t *testing.T) {
	out, _, err := runCLI(t, "sim", "--game", "warpweft", "--random", "--seed", "1")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Version uint64 `json:"version"`
		Over    bool   `json:"over"`
		Result  *struct {
			Scores []int `json:"scores"`
		} `json:"result"`
		Log []simLog `json:"log"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if !got.Over || got.Result == nil || len(got.Result.Scores) != 2 || got.Version != uint64(len(got.Log)) {
		t.Fatalf("sim output: over %v, version %d, %d log lines", got.Over, got.Version, len(got.Log))
	}
	for _, l := range got.Log {
		if l.Key != "" {
			t.Fatalf("a key is printed without --reveal: %q", l.Key)
		}
	}
	again, _, _ := runCLI(t, "sim", "--game", "warpweft", "--random", "--seed", "1")
	if again != out {
		t.Fatal("the same seed played a different game")
	}
}

// TestSimFillsNames checks that the sim prints names, never name tokens:
// "Player N" by default, --names when given.
func TestSimFillsNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"Player 1", "Player 2"}},
		{[]string{"--names", "Ada, Bea"}, []string{"Ada", "Bea"}},
		{[]string{"--names", "Ada"}, []string{"Ada", "Player 2"}},
	} {
		out, _, err := runCLI(t, append([]string{"sim", "--game", "warpweft", "--random", "--seed", "2"}, tc.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "{{p") {
			t.Fatalf("%v: the sim prints a name token:\n%s", tc.args, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w+" (W") {
				t.Errorf("%v: the output never names %q with a role", tc.args, w)
			}
		}
	}
}

func TestSimScriptReplaysADeal(t *testing.T) {
	// Reveal a seeded game, then replay its log as a script: same result.
	out, _, err := runCLI(t, "sim", "--game", "warpweft", "--random", "--seed", "5", "--reveal", "--opt", "excuse=on")
	if err != nil {
		t.Fatal(err)
	}
	var first struct {
		Result json.RawMessage `json:"result"`
		Log    []simLog        `json:"log"`
	}
	if err := json.Unmarshal([]byte(out), &first); err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	for _, l := range first.Log {
		b, _ := json.Marshal(scriptLine{Seat: l.Seat, Key: l.Key})
		script.Write(append(b, '\n'))
	}
	path := writeFile(t, "game.jsonl", script.String())
	out2, _, err := runCLI(t, "sim", "--game", "warpweft", "--seed", "99", "--opt", "excuse=on", "--script", path)
	if err != nil {
		t.Fatal(err)
	}
	var second struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal([]byte(out2), &second); err != nil {
		t.Fatal(err)
	}
	if string(first.Result) != string(second.Result) {
		t.Fatalf("the replayed script scored %s, the original %s", second.Result, first.Result)
	}
	bad := writeFile(t, "bad.jsonl", `{"seat":0,"key":"ZZ@0,1"}`+"\n")
	if _, _, err := runCLI(t, "sim", "--game", "warpweft", "--script", bad); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("an illegal script line: %v", err)
	}
}

func TestSimKeysAndErrors(t *testing.T) {
	out, _, err := runCLI(t, "sim", "--keys", "warpweft")
	if err != nil || !strings.Contains(out, "<card>@<x>,<y>") {
		t.Fatalf("--keys: %q %v", out, err)
	}
	if _, _, err := runCLI(t, "sim", "--game", "chess", "--random"); err == nil || !strings.Contains(err.Error(), "warpweft") {
		t.Fatalf("an unknown game: %v", err)
	}
	if _, _, err := runCLI(t, "sim", "--game", "warpweft", "--opt", "extended=both"); err == nil {
		t.Fatal("a bad option value was accepted")
	}
}

func TestRenderWritesImages(t *testing.T) {
	if testing.Short() {
		t.Skip("rendering skipped in -short mode")
	}
	dir := t.TempDir()
	out, _, err := runCLI(t, "render", "--game", "warpweft", "--random", "--seed", "1", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"table.png", "seat-0.png", "seat-1.png", "scoring.png"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) || !strings.Contains(out, name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRegisterPrint(t *testing.T) {
	out, _, err := runCLI(t, "register", "--print")
	if err != nil {
		t.Fatal(err)
	}
	var defs []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal([]byte(out), &defs); err != nil || len(defs) < 3 || defs[0].Name != "game" {
		t.Fatalf("register --print: %v %s", err, out)
	}
}

func TestRunWithoutTokenSaysSo(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	_, _, err := runCLI(t, "run")
	if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN") || !strings.Contains(err.Error(), "sandbox") {
		t.Fatalf("run without a token: %v", err)
	}
}

func TestBackupOfflineCopyOpens(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	st, err := storage.Open(db, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := buildCatalog(nil)
	if _, _, _, err := st.Create(cat, "warpweft", nil, 2, storage.Meta{}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	cfg := writeFile(t, "c.yaml", "data:\n  db: "+db+"\nadmin:\n  addr: \"\"\n")
	dst := filepath.Join(dir, "copy.db")
	if _, _, err := runCLI(t, "--config", cfg, "backup", dst); err != nil {
		t.Fatal(err)
	}
	cp, err := storage.Open(dst, storage.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if _, err := cp.Load(cat, 1); err != nil {
		t.Fatalf("the copy lacks the table: %v", err)
	}
}

// TestSimArchravelsEveryPlayerCount: `spindle sim --game archravels
// --players N --random` plays to a scored end for N = 2, 3 and 4.
func TestSimArchravelsEveryPlayerCount(t *testing.T) {
	for _, n := range []string{"2", "3", "4"} {
		out, _, err := runCLI(t, "sim", "--game", "archravels", "--players", n, "--random", "--seed", n)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Over   bool `json:"over"`
			Result *struct {
				Scores []int  `json:"scores"`
				Reason string `json:"reason"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if !got.Over || got.Result == nil || got.Result.Reason != "scored" || fmt.Sprint(len(got.Result.Scores)) != n {
			t.Fatalf("%s players: over %v, result %+v", n, got.Over, got.Result)
		}
	}
}

// TestBenchQuickPrintsEverySection runs the whole bench report with small
// samples and checks that every section and figure is printed. Speed goals
// live in the report, never here: the run only has to finish.
func TestBenchQuickPrintsEverySection(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and fsyncs for a few seconds")
	}
	out, errOut, err := runCLI(t, "bench", "--quick", "--dir", t.TempDir())
	if err != nil {
		t.Fatalf("bench --quick: %v\n%s", err, errOut)
	}
	want := []string{
		"1. render+encode", "2. durable move vs raw fsync", "3. concurrent tables", "4. through the handlers", "5. start-up",
		"durable move / fsync, p50", "1 tables: wall time per move / fsync", "16 tables: wall time per move / fsync",
		"64 tables: commits per move", "rendered moves per second", "rendered move p99", "CPU per rendered move",
		"allocated per rendered move", "light interactions per second", "light interaction p99",
		"storage.Open", "start-up: open + due + prune", "summary: ",
	}
	for _, game := range []string{"warpweft", "stitchcraft", "threadcount", "archravels"} {
		for _, kind := range []string{"table", "panel", "scoring"} {
			for _, fig := range []string{"p50", "p99", "max PNG", "pixels"} {
				want = append(want, fmt.Sprintf("%s %s %s", game, kind, fig))
			}
		}
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("the report has no %q:\n%s", w, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, " goal ") && !strings.HasSuffix(line, " ok") && !strings.HasSuffix(line, " MISS") {
			t.Errorf("a goal line without a verdict: %q", line)
		}
	}
}

// TestOnlineBackupCopiesTheNamedDatabase: the admin listener copies only
// the database the backup names; asked for another one (a sandbox on the
// bot's admin port), it refuses, and nothing is written.
func TestOnlineBackupCopiesTheNamedDatabase(t *testing.T) {
	dir := t.TempDir()
	served := filepath.Join(dir, "sandbox.db")
	st, err := storage.Open(served, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const token = "a-test-token-of-some-length"
	stop := startAdmin(ctx, AdminConfig{Addr: addr, Token: token}, st, prometheus.NewRegistry(), &bot.Health{DB: st.Ping}, zerolog.Nop())
	defer stop()
	dst := filepath.Join(dir, "copy.db")
	err = backupOnline(ctx, addr, token, filepath.Join(dir, "bot.db"), dst)
	if err == nil || !strings.Contains(err.Error(), "not the one") {
		t.Fatalf("a backup of another database was taken: %v", err)
	}
	if _, err := os.Stat(dst); !os.IsNotExist(err) {
		t.Fatal("the refused backup wrote a file")
	}
	err = backupOnline(ctx, addr, "", served, dst)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("a backup without the token: %v", err)
	}
	if err := backupOnline(ctx, addr, token, served, dst); err != nil {
		t.Fatalf("the backup of the served database failed: %v", err)
	}
}

// TestNoGatewayNeedsTheHTTPEndpoint: running without a gateway is refused
// at start unless interactions can come over HTTP.
func TestNoGatewayNeedsTheHTTPEndpoint(t *testing.T) {
	cfg := writeFile(t, "c.yaml", "discord:\n  no_gateway: true\n")
	_, _, err := runCLI(t, "--config", cfg, "backup", filepath.Join(t.TempDir(), "x.db"))
	if err == nil || !strings.Contains(err.Error(), "no_gateway needs discord.interactions_addr") {
		t.Fatalf("no_gateway without an endpoint: %v", err)
	}
}

// TestArenaPrintsRates: `spindle arena` plays its games and prints every
// player's first-place rate with its interval, and the AI's time per
// decision.
func TestArenaPrintsRates(t *testing.T) {
	if testing.Short() {
		t.Skip("the arena plays whole games")
	}
	out, _, err := runCLI(t, "arena", "--game", "warpweft", "--players", "ai:easy,random", "--n", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"player 1 ai:easy", "player 2 random", "95% interval", "AI time per decision"} {
		if !strings.Contains(out, want) {
			t.Fatalf("arena output lacks %q:\n%s", want, out)
		}
	}
	// One player: a Tapestry solo game against the Automa.
	out, _, err = runCLI(t, "arena", "--game", "tapestry", "--players", "random", "--opt", "automa_level=3", "--n", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2 solo games against the game", "player 1 random", "wins", "95% interval"} {
		if !strings.Contains(out, want) {
			t.Fatalf("solo arena output lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := runCLI(t, "arena", "--players", "ai:genius,random"); err == nil {
		t.Fatal("an unknown player was accepted")
	}
}
