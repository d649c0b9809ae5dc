package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DeliverOverHTTP makes the fake send interactions as Discord's HTTP
// interactions endpoint mode does instead of through the gateway: each one
// is POSTed to url, signed with a key of the fake's own (its public half
// is returned, for the bot's endpoint), and the HTTP response is the
// interaction's acknowledgement. A follow-up (an edit of the deferred
// response) for which no acknowledgement comes back is a violation.
func (f *Fake) DeliverOverHTTP(url string) ed25519.PublicKey {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		f.tb.Fatalf("discordtest: key: %v", err)
	}
	f.mu.Lock()
	f.httpURL, f.httpKey = url, priv
	f.mu.Unlock()
	return pub
}

// postInteraction delivers one interaction over HTTP and applies the
// response as its callback.
func (f *Fake) postInteraction(in *Interaction, url string, key ed25519.PrivateKey, body []byte) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		f.failDelivery(in, err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.failDelivery(in, err)
		return
	}
	ack, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	in.mu.Lock()
	in.httpArrived = true
	in.mu.Unlock()
	if err != nil || resp.StatusCode != http.StatusOK {
		f.failDelivery(in, fmt.Errorf("status %d, %v: %s", resp.StatusCode, err, ack))
		return
	}
	// The response body is the callback, exactly as POST .../callback.
	cb := httptest.NewRequest(http.MethodPost, "/api/v10/interactions/"+in.ID+"/"+in.Token+"/callback", bytes.NewReader(ack))
	cb.Header.Set("Content-Type", "application/json")
	cb.SetPathValue("id", in.ID)
	cb.SetPathValue("token", in.Token)
	w := httptest.NewRecorder()
	if f.checkSpec(w, cb) {
		f.callback(w, cb)
	}
	in.mu.Lock()
	in.httpApplied = true
	in.mu.Unlock()
}

func (f *Fake) failDelivery(in *Interaction, err error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.err == nil {
		in.err = fmt.Errorf("discordtest: HTTP delivery of interaction %s (%s): %w", in.ID, in.Name, err)
		close(in.acked)
	}
}

// waitHTTPAck waits, for an interaction delivered over HTTP, until its
// response has come back and been taken as the callback (a follow-up and
// the response travel on different connections, so a follow-up sent just
// after the response may arrive first); it reports false when that takes
// longer than two seconds.
func (in *Interaction) waitHTTPAck() bool {
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		in.mu.Lock()
		over, applied := in.overHTTP, in.httpApplied
		in.mu.Unlock()
		if !over || applied {
			return true
		}
	}
	return false
}

// PingHTTP checks the HTTP interactions endpoint set by DeliverOverHTTP as
// Discord does when the endpoint's URL is saved: a signed PING (type 1)
// must be answered 200 with a PONG (callback type 1), and a PING with a
// bad signature must be refused with 401. A failure is recorded as a
// violation and returned.
func (f *Fake) PingHTTP() error {
	f.mu.Lock()
	url, key := f.httpURL, f.httpKey
	f.mu.Unlock()
	if url == "" {
		return fmt.Errorf("discordtest: PingHTTP before DeliverOverHTTP")
	}
	body, _ := json.Marshal(map[string]any{"id": f.newID(), "application_id": f.appID, "type": int(discordgo.InteractionPing),
		"token": "ping-token", "version": 1, "user": wireUser(f.bot), "entitlements": []any{}, "attachment_size_limit": maxFileBytes})
	fail := func(format string, args ...any) error {
		err := fmt.Errorf("discordtest: HTTP endpoint check: "+format, args...)
		f.violate("%v", err)
		return err
	}
	for _, good := range []bool{true, false} {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		sig := ed25519.Sign(key, append([]byte(ts), body...))
		if !good {
			sig[0] ^= 0xff
		}
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return fail("%w", err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Signature-Timestamp", ts)
		req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return fail("%w", err)
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !good {
			if resp.StatusCode != http.StatusUnauthorized {
				return fail("a PING with a bad signature was answered %d, want 401", resp.StatusCode)
			}
			continue
		}
		var pong struct {
			Type *int `json:"type"`
		}
		if resp.StatusCode != http.StatusOK || json.Unmarshal(out, &pong) != nil || pong.Type == nil || *pong.Type != int(discordgo.InteractionResponsePong) {
			return fail("a signed PING was answered %d %q, want 200 and a PONG (type 1)", resp.StatusCode, out)
		}
	}
	return nil
}
