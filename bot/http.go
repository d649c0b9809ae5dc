package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
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

// ServeHTTP implements http.Handler.
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
	ctx := h.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	acks := make(chan *discordgo.InteractionResponse, 1)
	go h.Bot.serve(ctx, &i, func(resp *discordgo.InteractionResponse) error {
		acks <- resp
		return nil
	})
	select {
	case resp := <-acks:
		writeJSON(w, resp)
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
