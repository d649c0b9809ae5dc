package bot

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"
)

// Health is what /healthz reports: whether the gateway is connected (when
// the bot uses one) and whether the database answers.
type Health struct {
	mu        sync.Mutex
	gateway   bool // a gateway is in use
	connected bool // every shard is connected
	since     time.Time
	shards    map[*discordgo.Session]bool
	// DB checks the database; nil means there is none to check.
	DB func() error
}

// watch follows the session's connection events.
func (h *Health) watch(s *discordgo.Session, m *Metrics) {
	h.mu.Lock()
	h.gateway = true
	if h.since.IsZero() {
		h.since = time.Now() // not connected yet: counting from the start
	}
	if h.shards == nil {
		h.shards = map[*discordgo.Session]bool{}
	}
	h.shards[s] = false
	h.mu.Unlock()
	set := func(up bool) {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.shards[s] = up
		all := true
		for _, c := range h.shards {
			all = all && c
		}
		if h.connected != all {
			h.connected, h.since = all, time.Now()
		}
	}
	s.AddHandler(func(*discordgo.Session, *discordgo.Connect) { set(true) })
	s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { set(true) })
	s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { set(true); m.reconnect("resumed") })
	s.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) { set(false); m.reconnect("disconnected") })
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) { m.rateLimited(r.URL) })
}

// ServeHTTP answers 200 with the state as JSON when everything works and
// 503 when the database fails or the gateway has been down for more than
// a minute (a reconnect takes seconds).
func (h *Health) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	h.mu.Lock()
	state := map[string]any{}
	ok := true
	if h.gateway {
		state["gateway"] = map[bool]string{true: "connected", false: "disconnected"}[h.connected]
		if !h.connected && time.Since(h.since) > time.Minute {
			ok = false
		}
	}
	h.mu.Unlock()
	if h.DB != nil {
		if err := h.DB(); err != nil {
			state["database"], ok = "failing", false
		} else {
			state["database"] = "ok"
		}
	}
	state["ok"] = ok
	w.Header().Set("Content-Type", "application/json")
	if !ok {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	_ = json.NewEncoder(w).Encode(state)
}

// RouteDiscordLogs sends discordgo's own log lines through log.
func RouteDiscordLogs(log zerolog.Logger) {
	l := log.With().Str("component", "discordgo").Logger()
	discordgo.Logger = func(level, _ int, format string, a ...any) {
		ev := l.Debug()
		switch level {
		case discordgo.LogError:
			ev = l.Error()
		case discordgo.LogWarning:
			ev = l.Warn()
		case discordgo.LogInformational:
			ev = l.Info()
		}
		ev.Msgf(format, a...)
	}
}
