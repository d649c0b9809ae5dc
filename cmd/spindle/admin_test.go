package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/zerolog"

	"spindle/bot"
	"spindle/storage"
)

// adminGet sends GET path with the Host header host and the Authorization
// header auth (none when empty) to h.
func adminGet(h http.Handler, host, path, auth string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.Host = host
	if auth != "" {
		r.Header.Set("Authorization", auth)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestAdminListenerRefusesForeignHosts: a page that rebinds its own name
// to 127.0.0.1 reaches the admin listener with its name in the Host
// header: every route refuses it, the right token notwithstanding, while
// loopback names (any port) and the configured hosts are served.
func TestAdminListenerRefusesForeignHosts(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	st, err := storage.Open(db, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const token = "right-token-0123456789"
	h := adminHandler([]string{"Spindle.lan"}, token, st, prometheus.NewRegistry(), &bot.Health{DB: st.Ping}, zerolog.Nop())
	backup := "/backup?" + url.Values{"db": {db}}.Encode()
	for _, host := range []string{"evil.example", "evil.example:9464", "127.0.0.1.evil.example", "localhost.evil.example:9464", "", "10.0.0.1:9464"} {
		for _, path := range []string{"/healthz", "/metrics", backup, "/nowhere"} {
			if w := adminGet(h, host, path, "Bearer "+token); w.Code != http.StatusMisdirectedRequest {
				t.Errorf("Host %q, %s: %d, want %d", host, path, w.Code, http.StatusMisdirectedRequest)
			}
		}
	}
	for _, host := range []string{"127.0.0.1", "127.0.0.1:9464", "[::1]:9464", "::1", "localhost", "LOCALHOST:1", "spindle.lan:9464"} {
		for _, path := range []string{"/healthz", "/metrics"} {
			if w := adminGet(h, host, path, ""); w.Code != http.StatusOK {
				t.Errorf("Host %q, %s: %d, want 200", host, path, w.Code)
			}
		}
	}
}

// TestAdminBackupNeedsTheToken: /backup hands out the whole database, so
// it is served only with the configured token as a bearer token; without
// a token configured it is refused with a note on how to set one.
func TestAdminBackupNeedsTheToken(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	st, err := storage.Open(db, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	backup := "/backup?" + url.Values{"db": {db}}.Encode()
	const token = "right-token-0123456789"
	h := adminHandler(nil, token, st, prometheus.NewRegistry(), &bot.Health{DB: st.Ping}, zerolog.Nop())
	for _, auth := range []string{"", "Bearer ", "Bearer wrong-token", "Bearer " + token + "x", "Basic " + token, token} {
		if w := adminGet(h, "127.0.0.1:9464", backup, auth); w.Code != http.StatusUnauthorized || w.Body.Len() > 512 {
			t.Errorf("/backup with Authorization %q: %d, want 401", auth, w.Code)
		}
	}
	w := adminGet(h, "127.0.0.1:9464", backup, "Bearer "+token)
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/octet-stream") || w.Body.Len() < 4096 {
		t.Fatalf("/backup with the token: %d %q, %d bytes", w.Code, w.Header().Get("Content-Type"), w.Body.Len())
	}
	open := adminHandler(nil, "", st, prometheus.NewRegistry(), &bot.Health{DB: st.Ping}, zerolog.Nop())
	for _, auth := range []string{"", "Bearer ", "Bearer anything"} {
		w := adminGet(open, "localhost", backup, auth)
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "admin.token") || !strings.Contains(w.Body.String(), adminTokenEnv) {
			t.Errorf("/backup with no token configured, Authorization %q: %d %q", auth, w.Code, w.Body.String())
		}
	}
	if w := adminGet(open, "localhost", "/healthz", ""); w.Code != http.StatusOK {
		t.Errorf("/healthz with no token configured: %d", w.Code)
	}
}

// TestAdminTokenFromTheEnvironment: SPINDLE_ADMIN_TOKEN wins over
// admin.token.
func TestAdminTokenFromTheEnvironment(t *testing.T) {
	t.Setenv(adminTokenEnv, "")
	if got := adminToken(AdminConfig{Token: " from-file "}); got != "from-file" {
		t.Fatalf("the file's token: %q", got)
	}
	t.Setenv(adminTokenEnv, "from-env")
	if got := adminToken(AdminConfig{Token: "from-file"}); got != "from-env" {
		t.Fatalf("the environment's token: %q", got)
	}
}
