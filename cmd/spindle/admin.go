package main

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/rs/zerolog"

	"spindle/storage"
)

// adminTokenEnv names the environment variable that holds the admin
// listener's token; it wins over admin.token in the config file.
const adminTokenEnv = "SPINDLE_ADMIN_TOKEN"

// adminToken is the token the admin listener asks for on the routes that
// read data (/backup), and that `spindle backup` sends: SPINDLE_ADMIN_TOKEN
// when set, else admin.token; empty when neither is.
func adminToken(c AdminConfig) string {
	if v := strings.TrimSpace(os.Getenv(adminTokenEnv)); v != "" {
		return v
	}
	return strings.TrimSpace(c.Token)
}

// noAdminToken is the answer to /backup when no token is configured.
const noAdminToken = "spindle admin: online backups need a token: set admin.token in the config file or " +
	adminTokenEnv + " in the environment, the same for the bot and for `spindle backup`"

// startAdmin serves the admin routes (adminHandler) on c.Addr, a loopback
// address. It returns a function that shuts the listener down.
func startAdmin(ctx context.Context, c AdminConfig, store *storage.Store, reg *prometheus.Registry, health http.Handler, log zerolog.Logger) func() {
	if c.Addr == "" {
		return func() {}
	}
	h := adminHandler(c.Hosts, adminToken(c), store, reg, health, log)
	// A backup streams the whole file: no write deadline on this loopback
	// listener.
	stop, err := serveHTTP(ctx, c.Addr, h, log, func(s *http.Server) { s.WriteTimeout = 0 })
	if err != nil {
		log.Warn().Err(err).Str("addr", c.Addr).Msg("admin listener disabled")
		return func() {}
	}
	return stop
}

// adminHandler serves /metrics, /healthz and /backup. A loopback listener
// is still reachable from a browser's page that rebinds its own name to
// 127.0.0.1, so every request must name this machine in its Host header (a
// loopback name or address, or one of hosts, any port), and /backup, which
// hands out the whole database, also needs token as a bearer token; with
// no token configured /backup is refused and says how to set one.
func adminHandler(hosts []string, token string, store *storage.Store, reg *prometheus.Registry, health http.Handler, log zerolog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.Handle("GET /healthz", health)
	mux.Handle("GET /backup", requireToken(token, log, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Several Spindle processes (the bot, a sandbox) may take turns on
		// one admin address: copy only the database the caller names.
		w.Header().Set("X-Spindle-DB", absPath(store.Path()))
		if want := r.URL.Query().Get("db"); want == "" || !samePath(want, store.Path()) {
			http.Error(w, fmt.Sprintf("this process serves the database %s, not %q", absPath(store.Path()), want), http.StatusConflict)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		if _, err := store.Backup(w); err != nil {
			log.Error().Err(err).Msg("online backup failed")
		}
	})))
	names := make([]string, 0, len(hosts))
	for _, h := range hosts {
		names = append(names, strings.ToLower(strings.TrimSpace(h)))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if !adminHostOK(r.Host, names) {
			log.Warn().Str("host", r.Host).Str("path", r.URL.Path).Msg("admin request for a foreign host refused")
			http.Error(w, "spindle admin: unknown host name; use 127.0.0.1, [::1] or localhost, or add the name to admin.hosts", http.StatusMisdirectedRequest)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// adminHostOK reports whether host (a request's Host header) names this
// machine: a loopback address, localhost, or one of names (lower case),
// with any port.
func adminHostOK(host string, names []string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.Trim(strings.ToLower(name), "[]")
	if name == "" {
		return false
	}
	if name == "localhost" || slices.Contains(names, name) {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// requireToken serves next only to a request that carries token as
// "Authorization: Bearer <token>", compared in constant time. Without a
// token configured it refuses every request and says how to set one.
func requireToken(token string, log zerolog.Logger, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token == "" {
			http.Error(w, noAdminToken, http.StatusForbidden)
			return
		}
		scheme, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			log.Warn().Str("path", r.URL.Path).Msg("admin request without the right token refused")
			w.Header().Set("WWW-Authenticate", `Bearer realm="spindle admin"`)
			http.Error(w, "spindle admin: this route needs the admin token (Authorization: Bearer <token>; admin.token or "+adminTokenEnv+")", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
