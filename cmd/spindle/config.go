package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"spindle/storage"
)

// Config is the configuration read from YAML. The Discord token comes
// only from the environment and is never stored here; the admin listener's
// token may be (admin.token), or come from SPINDLE_ADMIN_TOKEN.
type Config struct {
	Data    DataConfig    `yaml:"data"`
	Storage StorageConfig `yaml:"storage"`
	Log     LogConfig     `yaml:"log"`
	Discord DiscordConfig `yaml:"discord"`
	Sandbox SandboxConfig `yaml:"sandbox"`
	Admin   AdminConfig   `yaml:"admin"`
	Games   GamesConfig   `yaml:"games"`
}

// DataConfig says where the bbolt file lives.
type DataConfig struct {
	// DB is the path of the bbolt database file.
	DB string `yaml:"db"`
	// OpenTimeout bounds the wait for the file lock, so a second process
	// fails fast instead of hanging.
	OpenTimeout time.Duration `yaml:"open_timeout"`
	// Check runs bbolt's full consistency check over the whole file at
	// start-up and refuses a damaged one (slower on a large file).
	Check bool `yaml:"check"`
}

// StorageConfig chooses the storage backend: the bbolt file of data.db
// (the embedded default) unless a PostgreSQL database is named here or in
// the environment variable SPINDLE_POSTGRES_URL, which wins.
type StorageConfig struct {
	// PostgresURL is a postgres:// URL; many processes may share it
	// (docs/scaling.md). It may carry a password: prefer the environment.
	PostgresURL string `yaml:"postgres_url"`
	// Lease is how long a process's claim on a timer or an unshown move
	// holds on PostgreSQL: a process that dies holding one leaves it to
	// the others after this long (30s when zero).
	Lease time.Duration `yaml:"lease"`
}

// postgresEnv names the environment variable that chooses PostgreSQL.
const postgresEnv = "SPINDLE_POSTGRES_URL"

// Store returns where the bot's store lives: the PostgreSQL URL when one
// is configured, else the bbolt file db.
func (c Config) Store(db string) string {
	if c.Storage.PostgresURL != "" {
		return c.Storage.PostgresURL
	}
	return db
}

// LogConfig configures zerolog.
type LogConfig struct {
	Level  string `yaml:"level"`  // debug, info, warn, error
	Format string `yaml:"format"` // json or console
}

// DiscordConfig holds the bot's non-secret Discord settings.
type DiscordConfig struct {
	// DevGuild, when set, makes `spindle register` register commands on
	// that guild only (instant) instead of globally.
	DevGuild string `yaml:"dev_guild"`
	// InteractionsAddr, when set, also serves the HTTP interactions
	// endpoint on that address.
	InteractionsAddr string `yaml:"interactions_addr"`
	// NoGateway runs without a gateway connection: interactions come only
	// through InteractionsAddr (which it requires) and Discord is called
	// over REST only. Deleted channels are then noticed when a post meets
	// them, not at once.
	NoGateway bool `yaml:"no_gateway"`
	// Shards is how many gateway shards the bot has in all; a process
	// runs all of them (0..Shards-1) unless ShardRange says otherwise. 0
	// asks Discord for its recommendation.
	Shards int `yaml:"shards"`
	// ShardRange is the shards this process runs, "first-last" (or one
	// number) out of Shards, so that several processes sharing one
	// PostgreSQL database split the gateway; "none" runs none (an
	// HTTP-only process, like no_gateway). Empty: all of them.
	ShardRange string `yaml:"shard_range"`
	// PublicKey is the application's Ed25519 public key (hex), required
	// with InteractionsAddr. It is public, not a secret.
	PublicKey string `yaml:"public_key"`
	// Activity serves the live table (the Discord Activity) under
	// /activity/ on InteractionsAddr and puts the "Live table" button on
	// boards; it needs ApplicationID, and the OAuth2 client secret in the
	// DISCORD_CLIENT_SECRET environment variable (docs/activity.md).
	Activity bool `yaml:"activity"`
	// ApplicationID is the application's id (its OAuth2 client id).
	ApplicationID string `yaml:"application_id"`
}

// SandboxConfig configures `spindle sandbox`.
type SandboxConfig struct {
	Addr string `yaml:"addr"`
	DB   string `yaml:"db"`
}

// AdminConfig configures the loopback admin listener (metrics, online backup).
type AdminConfig struct {
	// Addr is a loopback address such as 127.0.0.1:9464; empty disables it.
	Addr string `yaml:"addr"`
	// HealthAddr, when set, serves /healthz and /metrics (never /backup)
	// on an address of its own, such as :8081 in a container, for probes
	// and scrapers outside the machine.
	HealthAddr string `yaml:"health_addr"`
	// Token is the bearer token the listener asks for on the routes that
	// read data (/backup) and that `spindle backup` sends; the environment
	// variable SPINDLE_ADMIN_TOKEN, when set, wins over it. Without one,
	// online backups are refused.
	Token string `yaml:"token"`
	// Hosts are extra host names (no port) requests may name in their
	// Host header, besides 127.0.0.1, ::1 and localhost: any other name is
	// refused, so no web page can reach the listener by rebinding its own
	// name to a loopback address.
	Hosts []string `yaml:"hosts"`
}

// GamesConfig chooses the enabled games.
type GamesConfig struct {
	// Enabled lists game ids; empty means every game in the build.
	Enabled []string `yaml:"enabled"`
}

// DefaultConfig returns the settings used when no file is given.
func DefaultConfig() Config {
	return Config{
		Data:    DataConfig{DB: "spindle.db", OpenTimeout: 2 * time.Second},
		Log:     LogConfig{Level: "info", Format: "console"},
		Sandbox: SandboxConfig{Addr: "127.0.0.1:8080", DB: "spindle-sandbox.db"},
		Admin:   AdminConfig{Addr: "127.0.0.1:9464"},
	}
}

// LoadConfig reads path (when non-empty) over the defaults, rejecting
// unknown keys, and validates the result. It returns one error naming every
// problem found.
func LoadConfig(path string) (Config, error) {
	cfg := DefaultConfig()
	if path != "" {
		raw, err := os.ReadFile(path)
		if err != nil {
			return cfg, fmt.Errorf("config: %w", err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(raw))
		dec.KnownFields(true)
		if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) { // an empty file means all defaults
			return cfg, fmt.Errorf("config: %s: %s%w", path, yamlHint(err), err)
		}
	}
	if v := strings.TrimSpace(os.Getenv(postgresEnv)); v != "" {
		cfg.Storage.PostgresURL = v
	}
	if err := cfg.Validate(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// ShardRangeOf returns the first and last shard this process runs, and
// none when it runs none; with ShardRange empty, all of count (first 0,
// last count-1).
func (d DiscordConfig) ShardRangeOf(count int) (first, last int, none bool, err error) {
	r := strings.TrimSpace(d.ShardRange)
	switch r {
	case "":
		return 0, count - 1, false, nil
	case "none":
		return 0, 0, true, nil
	}
	a, b, ok := strings.Cut(r, "-")
	if !ok {
		b = a
	}
	first, err1 := strconv.Atoi(strings.TrimSpace(a))
	last, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || first < 0 || last < first || (count > 0 && last >= count) {
		return 0, 0, false, fmt.Errorf("config: discord.shard_range %q must be first-last within 0..discord.shards-1, or none", d.ShardRange)
	}
	return first, last, false, nil
}

// Validate checks every setting and reports all problems in one error.
func (c Config) Validate() error {
	var probs []string
	if strings.TrimSpace(c.Data.DB) == "" {
		probs = append(probs, "data.db must name a file")
	}
	if c.Data.OpenTimeout <= 0 || c.Data.OpenTimeout > time.Minute {
		probs = append(probs, "data.open_timeout must be between 1ms and 1m")
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		probs = append(probs, fmt.Sprintf("log.level %q must be debug, info, warn or error", c.Log.Level))
	}
	switch c.Log.Format {
	case "json", "console":
	default:
		probs = append(probs, fmt.Sprintf("log.format %q must be json or console", c.Log.Format))
	}
	if c.Discord.InteractionsAddr != "" {
		if _, _, err := net.SplitHostPort(c.Discord.InteractionsAddr); err != nil {
			probs = append(probs, fmt.Sprintf("discord.interactions_addr %q is not host:port", c.Discord.InteractionsAddr))
		}
		if len(c.Discord.PublicKey) != 64 {
			probs = append(probs, "discord.public_key (64 hex digits) is required with discord.interactions_addr")
		}
	}
	if c.Discord.Activity && (c.Discord.InteractionsAddr == "" || c.Discord.ApplicationID == "") {
		probs = append(probs, "discord.activity needs discord.interactions_addr (the live table is served beside it) and discord.application_id")
	}
	if c.Discord.Shards < 0 || c.Discord.Shards > 64 {
		probs = append(probs, "discord.shards must be 0 (ask Discord) to 64")
	}
	if c.Discord.ShardRange != "" && c.Discord.ShardRange != "none" && c.Discord.Shards == 0 {
		probs = append(probs, "discord.shard_range needs discord.shards, the total every process agrees on")
	} else if _, _, _, err := c.Discord.ShardRangeOf(c.Discord.Shards); err != nil {
		probs = append(probs, strings.TrimPrefix(err.Error(), "config: "))
	}
	if c.Discord.ShardRange == "none" && c.Discord.InteractionsAddr == "" {
		probs = append(probs, "discord.shard_range none needs discord.interactions_addr: without a gateway, interactions come only over HTTP")
	}
	if u := c.Storage.PostgresURL; u != "" && !storage.IsPostgresURL(u) {
		probs = append(probs, "storage.postgres_url (or "+postgresEnv+") must be a postgres:// or postgresql:// URL")
	}
	if c.Storage.Lease < 0 || c.Storage.Lease > 10*time.Minute {
		probs = append(probs, "storage.lease must be between 0 (8s) and 10m")
	}
	if c.Discord.NoGateway && c.Discord.InteractionsAddr == "" {
		probs = append(probs, "discord.no_gateway needs discord.interactions_addr: without a gateway, interactions come only over HTTP")
	}
	if _, _, err := net.SplitHostPort(c.Sandbox.Addr); err != nil {
		probs = append(probs, fmt.Sprintf("sandbox.addr %q is not host:port", c.Sandbox.Addr))
	}
	if c.Admin.Addr != "" {
		host, _, err := net.SplitHostPort(c.Admin.Addr)
		ip := net.ParseIP(host)
		if err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
			probs = append(probs, fmt.Sprintf("admin.addr %q must be a loopback host:port (it serves backups)", c.Admin.Addr))
		}
	}
	for _, h := range c.Admin.Hosts {
		if h = strings.TrimSpace(h); h == "" || (net.ParseIP(h) == nil && strings.ContainsAny(h, "/:@ ")) {
			probs = append(probs, fmt.Sprintf("admin.hosts: %q must be a bare host name, without scheme, port or path", h))
		}
	}
	if len(probs) > 0 {
		return fmt.Errorf("config: %s", strings.Join(probs, "; "))
	}
	return nil
}

// yamlHint says, in the config's own terms, how to fix the mistakes people
// make most, ahead of the YAML library's words.
func yamlHint(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "field token not found"):
		return "discord.token is not a setting: the token is read only from the DISCORD_TOKEN environment variable, so it never sits in a file; "
	case strings.Contains(msg, "time.Duration"):
		return "durations are written like 2s, 500ms or 1m30s; "
	case strings.Contains(msg, "not found in type"):
		return "an unknown setting (config.example.yaml lists them all); "
	}
	return ""
}
