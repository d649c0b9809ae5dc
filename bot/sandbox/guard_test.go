package sandbox

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestRefusesOtherHostsAndOrigins: the sandbox answers loopback names and
// its configured hosts only (DNS rebinding cannot read a hand), and its
// API refuses requests made by another site's page.
func TestRefusesOtherHostsAndOrigins(t *testing.T) {
	s := New(newApp(t, tinyPNG), zerolog.Nop())
	s.Hosts = []string{"gamebox"}
	for _, tc := range []struct {
		name, method, path, host string
		header                   map[string]string
		want                     int
	}{
		{"loopback", "GET", "/api/state", "127.0.0.1:8080", nil, http.StatusOK},
		{"localhost", "GET", "/api/state", "localhost:8080", nil, http.StatusOK},
		{"ipv6 loopback", "GET", "/api/state", "[::1]:8080", nil, http.StatusOK},
		{"configured host", "GET", "/api/state", "gamebox:8080", nil, http.StatusOK},
		{"rebound name", "GET", "/api/state", "evil.example:8080", nil, http.StatusMisdirectedRequest},
		{"rebound name, page", "GET", "/", "evil.example", nil, http.StatusMisdirectedRequest},
		{"same origin", "POST", "/api/dismiss", "127.0.0.1:8080", map[string]string{"Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin"}, -1},
		{"other origin", "POST", "/api/command", "127.0.0.1:8080", map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"cross-site fetch", "GET", "/api/state", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"cross-site image", "GET", "/files/1", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"link to the page", "GET", "/", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, tc.path, strings.NewReader("{}"))
			r.Host = tc.host
			for k, v := range tc.header {
				r.Header.Set(k, v)
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			switch {
			case tc.want == -1: // anything but a refusal
				if w.Code == http.StatusForbidden || w.Code == http.StatusMisdirectedRequest {
					t.Fatalf("refused with %d: %s", w.Code, w.Body)
				}
			case w.Code != tc.want:
				t.Fatalf("answered %d, want %d: %s", w.Code, tc.want, w.Body)
			}
		})
	}
}
