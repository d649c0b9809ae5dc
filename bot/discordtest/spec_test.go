package discordtest

import (
	"bytes"
	"mime/multipart"
	"net/textproto"
	"strings"
	"testing"
)

func specOps(t *testing.T) []*specOp {
	t.Helper()
	ops, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	return ops
}

func TestSpecFindsOperations(t *testing.T) {
	ops := specOps(t)
	for _, c := range []struct{ method, path, want string }{
		{"POST", "/api/v9/channels/1/messages", "/channels/{channel_id}/messages"},
		{"PATCH", "/api/v9/webhooks/1/tok/messages/@original", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"},
		{"PATCH", "/api/v10/webhooks/1/tok/messages/2", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
		{"POST", "/api/v9/interactions/1/tok/callback", "/interactions/{interaction_id}/{interaction_token}/callback"},
		{"PUT", "/api/v9/applications/1/guilds/2/commands", "/applications/{application_id}/guilds/{guild_id}/commands"},
	} {
		op := findOp(ops, c.method, c.path)
		if op == nil || op.template != c.want {
			t.Errorf("findOp(%s %s) = %+v, want %s", c.method, c.path, op, c.want)
		}
	}
}

func TestSpecRefusesWhatDiscordRefuses(t *testing.T) {
	ops := specOps(t)
	for _, c := range []struct {
		name, method, path, body string
		want                     []string // substrings of the problems; none: accepted
	}{
		{"plain message", "POST", "/api/v9/channels/1/messages", `{"content":"hi","flags":64}`, nil},
		{"decimal string for an integer", "POST", "/api/v9/channels/1/messages", `{"content":"hi","flags":"64"}`, nil},
		{"integer for a snowflake", "PATCH", "/api/v9/channels/1/messages/2", `{"attachments":[{"id":0},{"id":"12"}]}`, nil},
		{"negative snowflake", "PATCH", "/api/v9/channels/1/messages/2", `{"attachments":[{"id":-1}]}`, []string{"at /attachments/0/id"}},
		{"not a number", "POST", "/api/v9/channels/1/messages", `{"content":"hi","flags":"6x"}`, []string{"at /flags"}},
		{"embed title typed wrong", "POST", "/api/v9/channels/1/messages", `{"embeds":[{"title":5}]}`, []string{"create_message", "at /embeds/0/title"}},
		{"button label 81", "POST", "/api/v9/channels/1/messages",
			`{"components":[{"type":1,"components":[{"type":2,"style":1,"custom_id":"a","label":"` + strings.Repeat("l", 81) + `"}]}]}`,
			[]string{"at /components/0/components/0/label: maxLength: got 81, want 80"}},
		{"callback content typed wrong", "POST", "/api/v9/interactions/1/tok/callback", `{"type":4,"data":{"content":5}}`, []string{"at /data/content"}},
		{"autocomplete choice name too long", "POST", "/api/v9/interactions/1/tok/callback",
			`{"type":8,"data":{"choices":[{"name":"` + strings.Repeat("n", 101) + `","value":"v"}]}}`, []string{"at /data/choices/0/name"}},
		{"command description too long", "PUT", "/api/v9/applications/1/commands",
			`[{"name":"x","description":"` + strings.Repeat("d", 101) + `"}]`, []string{"at /0/description"}},
		{"body not in the spec", "POST", "/api/v9/channels/1/nowhere", `{}`, []string{"no operation"}},
	} {
		probs, _ := specProblems(ops, c.method, c.path, "application/json", []byte(c.body))
		got := strings.Join(probs, "\n")
		if len(c.want) == 0 && len(probs) > 0 {
			t.Errorf("%s: refused: %s", c.name, got)
		}
		if len(c.want) > 0 && len(probs) == 0 {
			t.Errorf("%s: accepted, want a refusal", c.name)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: problems %q, want one containing %q", c.name, got, w)
			}
		}
	}
}

func TestSpecChecksMultipartPayloadJSON(t *testing.T) {
	ops := specOps(t)
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	pw, _ := mw.CreatePart(h)
	_, _ = pw.Write([]byte(`{"content":"x","attachments":[{"id":0,"filename":5}]}`))
	// The id is fine (the docs send integers); the file name is not.
	fw, _ := mw.CreateFormFile("files[0]", "a.png")
	_, _ = fw.Write([]byte("png"))
	_ = mw.Close()
	probs, checked := specProblems(ops, "PATCH", "/api/v9/webhooks/1/tok/messages/@original", mw.FormDataContentType(), buf.Bytes())
	if !checked || !strings.Contains(strings.Join(probs, "\n"), "at /attachments/0/filename: got number") {
		t.Errorf("problems %q (checked %v), want one at /attachments/0/filename", probs, checked)
	}
}
