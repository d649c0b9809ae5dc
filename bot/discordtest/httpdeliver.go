package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
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
