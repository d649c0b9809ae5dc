package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"

	"spindle/bot"
	"spindle/bot/activity"
	"spindle/bot/sandbox"
	"spindle/commands"
	"spindle/imaging"
	"spindle/imaging/pictures"
	"spindle/storage"
)

// runServe handles run (Discord), sandbox (local page) and register.
func runServe(ctx context.Context, cmd string, cfg Config, args []string, stdout, stderr io.Writer) error {
	// Each command has its own flags, with the defaults the config gives.
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		guild, addr, db = new(string), new(string), new(string)
		print, admin    = new(bool), new(bool)
	)
	switch cmd {
	case "register":
		guild = fs.String("guild", cfg.Discord.DevGuild, "register on this guild only (instant) instead of globally")
		print = fs.Bool("print", false, "print the application-command JSON instead of contacting Discord")
	case "sandbox":
		addr = fs.String("addr", cfg.Sandbox.Addr, "address to serve the page on (keep it on 127.0.0.1: anyone who reaches the page can act as any member)")
		db = fs.String("db", cfg.Sandbox.DB, "database file")
		admin = fs.Bool("admin", false, "also serve the loopback admin listener (admin.addr): metrics, health and online backups")
	default:
		db = fs.String("db", cfg.Data.DB, "database file")
	}
	if done, err := parseArgs(fs, args); done {
		return err
	}
	log := NewLogger(cfg.Log, stderr)
	cat, err := buildCatalog(cfg.Games.Enabled)
	if err != nil {
		return err
	}
	if cmd == "register" {
		defs := commands.Definitions(cat)
		if *print {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(defs)
		}
		s, err := bot.NewSession(os.Getenv("DISCORD_TOKEN"))
		if err != nil {
			return err
		}
		got, err := bot.Register(s, *guild, defs)
		if err != nil {
			return err
		}
		where := "globally (may take up to an hour to appear)"
		if *guild != "" {
			where = "on guild " + *guild
		}
		fmt.Fprintf(stdout, "registered %d commands %s\n", len(got), where)
		return nil
	}
	path := *db
	var token string
	if cmd == "run" {
		// Check the token before touching the database, so a missing token
		// is the one clear error.
		if token = os.Getenv("DISCORD_TOKEN"); token == "" {
			return errors.New("spindle: DISCORD_TOKEN is not set; to play locally without Discord run `spindle sandbox`")
		}
	}
	dbSet := false
	fs.Visit(func(f *flag.Flag) { dbSet = dbSet || f.Name == "db" })
	if cmd == "run" && !dbSet {
		path = cfg.Store(path)
	}
	store, err := storage.Open(path, storage.Options{Timeout: cfg.Data.OpenTimeout, Check: cfg.Data.Check, Lease: cfg.Storage.Lease})
	if err != nil {
		return err
	}
	defer store.Close()
	log.Info().Str("db", store.Path()).Str("backend", store.Backend()).Str("command", cmd).Msg("storage open")
	app := &commands.App{Store: store, Catalog: cat, Log: log}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := bot.NewMetrics(reg)
	app.Render = timedRender(reg)
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "spindle_outbox_tables",
		Help: "Tables with committed moves not yet shown in their channel."}, func() float64 {
		n, _ := store.OutboxDepth()
		return float64(n)
	}))
	health := &bot.Health{DB: store.Ping}
	if cmd != "sandbox" || *admin {
		// The sandbox is a local toy: it opens no second listener unless
		// asked.
		stopAdmin := startAdmin(ctx, cfg.Admin, store, reg, health, log)
		defer stopAdmin()
	}
	if cfg.Admin.HealthAddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
		mux.Handle("GET /healthz", health)
		stop, err := serveHTTP(ctx, cfg.Admin.HealthAddr, mux, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	go pruneInteractions(ctx, store, log)
	if cmd == "sandbox" {
		if !loopback(*addr) {
			fmt.Fprintf(stderr, "\n*** WARNING: the sandbox listens on %s, which other machines can reach. Anyone who opens the page can act\n*** as any member, Manage Server included. Use --addr 127.0.0.1:8080 unless that is what you want.\n\n", *addr)
			log.Warn().Str("addr", *addr).Msg("the sandbox is reachable from other machines: anyone can act as any member")
		}
		return sandbox.Serve(ctx, *addr, app, log)
	}
	bot.RouteDiscordLogs(log)
	var shards []*discordgo.Session
	first, last, none, err := cfg.Discord.ShardRangeOf(cfg.Discord.Shards)
	if err != nil {
		return err
	}
	noGateway := cfg.Discord.NoGateway || none
	if noGateway {
		s, err := bot.NewSession(token)
		if err != nil {
			return err
		}
		shards = []*discordgo.Session{s}
	} else if cfg.Discord.ShardRange != "" {
		if shards, err = bot.NewShardRange(token, cfg.Discord.Shards, first, last); err != nil {
			return err
		}
	} else if shards, err = bot.NewShards(token, cfg.Discord.Shards); err != nil {
		return err
	}
	b := &bot.Bot{Session: shards[0], Shards: shards, IdentifySpacing: 5 * time.Second, App: app, Log: log, Metrics: metrics, Health: health}
	if cfg.Discord.InteractionsAddr != "" {
		key, err := bot.ParsePublicKey(cfg.Discord.PublicKey)
		if err != nil {
			return err
		}
		var h http.Handler = &bot.HTTPEndpoint{Bot: b, PublicKey: key, Ctx: context.WithoutCancel(ctx)}
		if cfg.Discord.Activity {
			secret := os.Getenv("DISCORD_CLIENT_SECRET")
			if secret == "" {
				return errors.New("spindle: discord.activity needs DISCORD_CLIENT_SECRET (the application's OAuth2 client secret) in the environment")
			}
			app.LiveTable = true
			// Processes sharing a PostgreSQL store tell each other's live
			// tables of their moves; alone, the in-process hub is enough.
			var notifier activity.Notifier = activity.NewHub()
			if store.Shared() {
				notifier = activity.NewShared(store, func(err error) { log.Warn().Err(err).Msg("activity: announce a move to the other processes") })
			}
			h = bot.WithActivity(h, activity.New(activity.Config{App: app, Poster: b.Poster(), ClientID: cfg.Discord.ApplicationID, Log: log, Notifier: notifier,
				Auth:       activity.DiscordOAuth{ClientID: cfg.Discord.ApplicationID, ClientSecret: secret},
				Locator:    activity.DiscordInstances{AppID: cfg.Discord.ApplicationID, BotToken: token},
				SessionKey: activity.SessionKey(secret)}))
		}
		stop, err := serveHTTP(ctx, cfg.Discord.InteractionsAddr, h, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	if noGateway {
		return b.RunWithoutGateway(ctx)
	}
	return b.Run(ctx)
}

// serveHTTP serves h on addr until the returned stop function is called.
func serveHTTP(ctx context.Context, addr string, h http.Handler, log zerolog.Logger, tune ...func(*http.Server)) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("spindle: listen on %s: %w", addr, err)
	}
	srv := bot.NewHTTPServer(h, func(net.Listener) context.Context { return ctx })
	for _, f := range tune {
		f(srv)
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error().Err(err).Str("addr", addr).Msg("listener stopped")
		}
	}()
	log.Info().Str("addr", ln.Addr().String()).Msg("listening")
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}, nil
}

// pruneInteractions drops idempotency records older than a day, daily.
func pruneInteractions(ctx context.Context, store *storage.Store, log zerolog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		commands.Safely(log, "pruning interaction records", func() {
			n, err := store.PruneInteractions(time.Now().Add(-24 * time.Hour))
			if err != nil {
				log.Warn().Err(err).Msg("pruning interaction records failed")
			} else if n > 0 {
				log.Debug().Int("pruned", n).Msg("pruned interaction records")
			}
		})
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// timedRender is imaging.RenderPNG with its time and PNG size recorded.
func timedRender(reg prometheus.Registerer) func(imaging.Kind, any, imaging.Options) ([]byte, error) {
	secs := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "spindle_render_seconds",
		Help: "Time to draw and encode one picture (cache misses only).", Buckets: []float64{.005, .01, .02, .04, .08, .12, .25, .5, 1}},
		[]string{"kind"})
	size := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "spindle_render_bytes",
		Help: "PNG size of one picture.", Buckets: prometheus.ExponentialBuckets(16<<10, 2, 6)}, []string{"kind"})
	reg.MustRegister(secs, size)
	return func(k imaging.Kind, v any, opt imaging.Options) ([]byte, error) {
		start := time.Now()
		b, err := pictures.RenderPNG(k, v, opt)
		if err == nil {
			kind := string(k)
			secs.WithLabelValues(kind).Observe(time.Since(start).Seconds())
			size.WithLabelValues(kind).Observe(float64(len(b)))
		}
		return b, err
	}
}

// absPath is path made absolute (as it is when that fails).
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// samePath reports whether a and b name the same file: the same file on
// disk when both exist, else the same absolute path.
func samePath(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return absPath(a) == absPath(b)
}

// loopback reports whether addr (host:port) listens on this machine only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
