package activity_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"spindle/commands"
)

// FuzzActBody sends arbitrary bodies to the live table's move endpoint as
// a signed-in player of a running game: whatever the body, the answer is a
// JSON object with a status below 500: a bad body is the player's error,
// never a crash.
func FuzzActBody(f *testing.F) {
	app := newApp(f)
	chat := &board{}
	srv, _ := liveTable(f, app, chat)
	id := startGame(f, app, chat, "warpweft", []commands.User{alice, bob}, 0)
	a := signIn(f, srv.URL, alice.ID)
	st := a.state(id)
	seed, _ := json.Marshal(map[string]any{"table": id, "custom_id": "", "values": []string{}})
	f.Add(seed)
	if st.Panel != nil {
		if cid, values, ok := choose(st.Panel); ok {
			b, _ := json.Marshal(map[string]any{"table": id, "custom_id": cid, "values": values})
			f.Add(b)
		}
	}
	f.Add([]byte(`{"table":1,"custom_id":"t:1:0:1:x","values":["a","b"]}`))
	f.Add([]byte(`{"table":`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := http.NewRequest("POST", srv.URL+"/api/act", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+a.session)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("status %d for body %q", res.StatusCode, body)
		}
		var out map[string]any
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
			t.Fatalf("the answer to %q is not a JSON object: %v", body, err)
		}
	})
}
