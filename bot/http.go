package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxSkew bounds the age of a signed request, against replays.
const maxSkew = 5 * time.Minute

// HTTPEndpoint is the second front door: Discord POSTs each interaction,
// signed with the application's Ed25519 key. It answers PING, refuses a
// bad signature or an old timestamp with 401, and otherwise serves the
// interaction exactly like the gateway does, except that the first
// response (the acknowledgement) goes back in the HTTP response body.
type HTTPEndpoint struct {
	Bot       *Bot
	PublicKey ed25519.PublicKey
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Ctx bounds the work started by requests; nil means context.Background.
	Ctx context.Context

	seen replayGuard
}

// replayGuard remembers the interaction ids of signed requests for as long
// as their timestamps are accepted, so a captured request sent again
// within that window is refused: Discord never sends an id twice.
type replayGuard struct {
	mu   sync.Mutex
	ids  map[string]time.Time
	next time.Time // when to sweep expired ids
}

// first reports whether id is seen for the first time, remembering it
// until now+keep.
func (g *replayGuard) first(id string, now time.Time, keep time.Duration) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ids == nil {
		g.ids = map[string]time.Time{}
	}
	if now.After(g.next) {
		for k, until := range g.ids {
			if now.After(until) {
				delete(g.ids, k)
			}
		}
		g.next = now.Add(keep / 4)
	}
	if until, ok := g.ids[id]; ok && !now.After(until) {
		return false
	}
	g.ids[id] = now.Add(keep)
	return true
}

// firstInStore records id in the store (storage.FirstSeen, one group
// committed write) and reports whether it was new there, so a request
// captured before a restart is refused after it. When the store cannot
// write (a full disk) the id is let through on the memory set's word
// alone: anything a replay could change needs a write that would fail
// too.
func (h *HTTPEndpoint) firstInStore(id string, now time.Time) bool {
	if h.Bot == nil || h.Bot.App == nil || h.Bot.App.Store == nil {
		return true
	}
	first, err := h.Bot.App.Store.FirstSeen(id, now, 2*maxSkew)
	if err != nil {
		h.Bot.Log.Error().Err(err).Str("interaction", id).Msg("recording a signed interaction failed; its replay guard lasts until a restart")
		return true
	}
	return first
}

// ParsePublicKey decodes the hex public key from the developer portal.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("bot: public key must be %d hex digits", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

func (h *HTTPEndpoint) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// ServeHTTP implements http.Handler. The server in front of it should set
// read and write timeouts (NewHTTPServer does); the body is limited here.
func (h *HTTPEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if !h.verify(r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp"), body) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	// A timestamp is accepted for maxSkew either way, so an id is kept
	// for twice that: a replay inside the window is refused. The memory
	// set answers a replay to this process at once; the store remembers
	// the ids across a restart.
	now := h.now()
	if i.ID == "" || !h.seen.first(i.ID, now, 2*maxSkew) || !h.firstInStore(i.ID, now) {
		http.Error(w, "interaction already received", http.StatusConflict)
		return
	}
	ctx := h.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// The acknowledgement goes back as this request's response; the
	// handler's follow-ups (edits of the deferred response) wait until it
	// is written and flushed, or Discord would see an edit of a response
	// it has not received yet.
	acks := make(chan *discordgo.InteractionResponse, 1)
	written := make(chan struct{})
	go h.Bot.serve(ctx, &i, func(resp *discordgo.InteractionResponse) error {
		acks <- resp
		select {
		case <-written:
			return nil
		case <-time.After(5 * time.Second):
			return fmt.Errorf("bot: the acknowledgement of interaction %s was not sent", i.ID)
		}
	})
	select {
	case resp := <-acks:
		writeJSON(w, wire(resp))
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		close(written)
	case <-time.After(3 * time.Second):
		http.Error(w, "no acknowledgement in time", http.StatusServiceUnavailable)
	}
}

// verify checks the Ed25519 signature over timestamp+body and that the
// timestamp is recent.
func (h *HTTPEndpoint) verify(sigHex, ts string, body []byte) bool {
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize || len(h.PublicKey) != ed25519.PublicKeySize {
		return false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	if d := h.now().Sub(time.Unix(sec, 0)); d > maxSkew || d < -maxSkew {
		return false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return ed25519.Verify(h.PublicKey, msg, sig)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// NewHTTPServer is an http.Server for h with the limits every Spindle
// listener uses: headers within 5 s and 64 KiB, a whole request within
// 10 s, a response within 30 s, idle connections closed after a minute,
// so slow or stalled clients cannot hold connections forever.
func NewHTTPServer(h http.Handler, base func(net.Listener) context.Context) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: time.Minute, MaxHeaderBytes: 64 << 10, BaseContext: base}
}
