package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/games/warpweft"
	"spindle/storage"
)

func httpEndpoint(t *testing.T) (*HTTPEndpoint, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return httpEndpointAt(t, filepath.Join(t.TempDir(), "h.db"), pub), priv
}

// httpEndpointAt is an endpoint with its own bot over the store at path.
func httpEndpointAt(t *testing.T, path string, pub ed25519.PublicKey) *HTTPEndpoint {
	t.Helper()
	store, err := storage.Open(path, storage.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cat, err := games.NewCatalog(games.Bind(warpweft.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{App: &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop()}, Log: zerolog.Nop()}
	return &HTTPEndpoint{Bot: b, PublicKey: pub}
}

func signed(t *testing.T, priv ed25519.PrivateKey, at time.Time, body string) *http.Request {
	t.Helper()
	ts := strconv.FormatInt(at.Unix(), 10)
	r := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(body))
	r.Header.Set("X-Signature-Timestamp", ts)
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, []byte(ts+body))))
	return r
}

func TestHTTPEndpointPing(t *testing.T) {
	h, priv := httpEndpoint(t)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, time.Now(), `{"id":"1","type":1}`))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"type":1`) {
		t.Fatalf("PING answered %d %s", w.Code, w.Body)
	}
}

func TestHTTPEndpointRefusesBadSignatures(t *testing.T) {
	h, priv := httpEndpoint(t)
	_, other, _ := ed25519.GenerateKey(nil)
	body := `{"id":"1","type":1}`
	tampered := signed(t, priv, time.Now(), body)
	tampered.Body = http.NoBody
	unsigned := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(body))
	for name, r := range map[string]*http.Request{
		"other key":     signed(t, other, time.Now(), body),
		"old timestamp": signed(t, priv, time.Now().Add(-time.Hour), body),
		"tampered body": tampered,
		"no signature":  unsigned,
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusUnauthorized {
			t.Errorf("%s: answered %d, want 401", name, w.Code)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/interactions", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET answered %d", w.Code)
	}
}

// wireResponse is the part of an interaction response the tests read;
// discordgo's own type cannot decode components (an interface).
type wireResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data struct {
		Embeds  []discordgo.MessageEmbed                   `json:"embeds"`
		Flags   discordgo.MessageFlags                     `json:"flags"`
		Choices []discordgo.ApplicationCommandOptionChoice `json:"choices"`
	} `json:"data"`
}

func TestHTTPEndpointServesCommands(t *testing.T) {
	h, priv := httpEndpoint(t)
	member := `"member":{"user":{"id":"42","username":"alice"},"permissions":"0"}`
	rules := fmt.Sprintf(`{"id":"2","type":2,"token":"tok","guild_id":"g","channel_id":"c",%s,
		"data":{"id":"9","name":"rules","type":1,"options":[{"name":"game","type":3,"value":"warpweft"}]}}`, member)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, time.Now(), rules))
	var resp wireResponse
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil || w.Code != http.StatusOK {
		t.Fatalf("rules answered %d %s (%v)", w.Code, w.Body, err)
	}
	if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || len(resp.Data.Embeds) != 1 ||
		!strings.Contains(resp.Data.Embeds[0].Title, "Warp and Weft") || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("rules response = %+v", resp)
	}
	auto := fmt.Sprintf(`{"id":"3","type":4,"token":"tok","guild_id":"g","channel_id":"c",%s,
		"data":{"id":"9","name":"rules","type":1,"options":[{"name":"game","type":3,"value":"warpweft"},
		{"name":"topic","type":3,"value":"","focused":true}]}}`, member)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, time.Now(), auto))
	resp = wireResponse{}
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil || resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(resp.Data.Choices) == 0 {
		t.Fatalf("autocomplete answered %s (%v)", w.Body, err)
	}
}

func TestParsePublicKey(t *testing.T) {
	if _, err := ParsePublicKey(strings.Repeat("ab", 32)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "zz", strings.Repeat("ab", 31)} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", bad)
		}
	}
}

// TestHTTPEndpointRefusesReplays: a signed interaction sent again within
// the timestamp window is refused, and served only once.
func TestHTTPEndpointRefusesReplays(t *testing.T) {
	h, priv := httpEndpoint(t)
	member := `"member":{"user":{"id":"42","username":"alice"},"permissions":"0"}`
	body := fmt.Sprintf(`{"id":"77","type":2,"token":"tok","guild_id":"g","channel_id":"c",%s,
		"data":{"id":"9","name":"rules","type":1,"options":[{"name":"game","type":3,"value":"warpweft"}]}}`, member)
	now := time.Now()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, now, body))
	if w.Code != http.StatusOK {
		t.Fatalf("first delivery answered %d %s", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, now, body))
	if w.Code != http.StatusConflict {
		t.Fatalf("the replay answered %d %s", w.Code, w.Body)
	}
}

// TestHTTPEndpointRefusesReplaysAfterRestart: a signed interaction
// captured and sent again within the timestamp window to a bot restarted
// over the same database is refused, with the same answer as a replay to
// the running bot; once the window has passed its id is forgotten.
func TestHTTPEndpointRefusesReplaysAfterRestart(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "h.db")
	h := httpEndpointAt(t, path, pub)
	member := `"member":{"user":{"id":"42","username":"alice"},"permissions":"0"}`
	body := fmt.Sprintf(`{"id":"78","type":2,"token":"tok","guild_id":"g","channel_id":"c",%s,
		"data":{"id":"9","name":"rules","type":1,"options":[{"name":"game","type":3,"value":"warpweft"}]}}`, member)
	now := time.Now()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, signed(t, priv, now, body))
	if w.Code != http.StatusOK {
		t.Fatalf("first delivery answered %d %s", w.Code, w.Body)
	}
	live := httptest.NewRecorder()
	h.ServeHTTP(live, signed(t, priv, now, body))
	if err := h.Bot.App.Store.Close(); err != nil {
		t.Fatal(err)
	}
	restarted := httpEndpointAt(t, path, pub)
	restarted.Now = func() time.Time { return now.Add(time.Minute) }
	w = httptest.NewRecorder()
	restarted.ServeHTTP(w, signed(t, priv, now, body))
	if w.Code != http.StatusConflict || w.Code != live.Code || w.Body.String() != live.Body.String() {
		t.Fatalf("the replay after a restart answered %d %q; a replay to the running bot answered %d %q", w.Code, w.Body, live.Code, live.Body)
	}
	// Past the window the id is forgotten (the signature's timestamp
	// would be refused by then anyway): a new, fresh request with it is
	// served.
	later := now.Add(15 * time.Minute)
	restarted.Now = func() time.Time { return later }
	w = httptest.NewRecorder()
	restarted.ServeHTTP(w, signed(t, priv, later, body))
	if w.Code != http.StatusOK {
		t.Fatalf("an id past its window answered %d %s", w.Code, w.Body)
	}
}

// TestHTTPServerLimits: every listener reads a request within bounded
// time and header size, so a slow client cannot hold a connection.
func TestHTTPServerLimits(t *testing.T) {
	s := NewHTTPServer(http.NotFoundHandler(), nil)
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.WriteTimeout <= 0 || s.IdleTimeout <= 0 || s.MaxHeaderBytes <= 0 {
		t.Fatalf("unbounded server: %+v", s)
	}
}

// TestRedactToken: an error that quotes a URL holding an interaction
// token is logged without it.
func TestRedactToken(t *testing.T) {
	err := redactToken(errors.New(`Patch "https://discord.com/api/v9/webhooks/1/sEcReT/messages/@original": dial tcp: refused`), "sEcReT")
	if strings.Contains(err.Error(), "sEcReT") || !strings.Contains(err.Error(), "<token>") {
		t.Fatalf("redacted error: %v", err)
	}
	plain := errors.New("HTTP 404 Not Found")
	if redactToken(plain, "sEcReT") != plain || redactToken(nil, "x") != nil {
		t.Fatal("an error without the token was changed")
	}
}
