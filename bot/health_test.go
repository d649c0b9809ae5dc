package bot

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestHealthReportsGatewayAndDatabase(t *testing.T) {
	var dbErr error
	h := &Health{DB: func() error { return dbErr }}
	get := func() (int, string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/healthz", nil))
		return w.Code, w.Body.String()
	}
	if code, body := get(); code != http.StatusOK || !strings.Contains(body, `"database":"ok"`) {
		t.Fatalf("healthy: %d %s", code, body)
	}
	dbErr = errors.New("storage: damaged")
	if code, body := get(); code != http.StatusServiceUnavailable || !strings.Contains(body, "failing") {
		t.Fatalf("database failing: %d %s", code, body)
	}
	dbErr = nil
	h.gateway, h.connected, h.since = true, false, time.Now()
	if code, body := get(); code != http.StatusOK || !strings.Contains(body, "disconnected") {
		t.Fatalf("a fresh disconnection is a reconnect, not a failure: %d %s", code, body)
	}
	h.since = time.Now().Add(-2 * time.Minute)
	if code, _ := get(); code != http.StatusServiceUnavailable {
		t.Fatalf("a gateway down for minutes answered %d", code)
	}
}

func TestRateLimitRoutesHaveNoIDs(t *testing.T) {
	m := NewMetrics(prometheus.NewRegistry())
	m.rateLimited("https://discord.com/api/v10/channels/1234567890/messages")
	m.rateLimited("https://discord.com/api/v10/channels/987/messages")
	if got := testutil.ToFloat64(m.rateLimits.WithLabelValues("/api/v10/channels/{id}/messages")); got != 2 {
		t.Fatalf("rate limits on one route counted %v", got)
	}
	m.refused(403, 50013)
	if got := testutil.ToFloat64(m.refusals.WithLabelValues("403", "50013")); got != 1 {
		t.Fatalf("refusals counted %v", got)
	}
}
