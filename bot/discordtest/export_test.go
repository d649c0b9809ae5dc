package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// OwnMessageProblems runs the fake's own message checks (those beside the
// OpenAPI spec's) on a JSON message body, for tests of those checks.
func OwnMessageProblems(body []byte) []string {
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	_, p, err := readBody(r, false)
	if err != nil {
		return []string{err.Error()}
	}
	return append(validateMessage(p.Content, p.Embeds, p.Components, p.Flags), validatePayload(p)...)
}

// OwnCommandProblems runs the fake's own command checks.
func OwnCommandProblems(c *discordgo.ApplicationCommand) []string { return validateCommand(c) }

// WireMessage returns the JSON message object the fake serves for id.
func (f *Fake) WireMessage(id string) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, _ := json.Marshal(f.wire(f.byID[id]))
	return b
}

// WireChannel returns the JSON channel object the fake serves for c (at
// GET /channels/{id}).
func (f *Fake) WireChannel(c Channel) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	wc := wireChannel(c)
	if c.Type == discordgo.ChannelTypeDM {
		wc["recipients"] = []map[string]any{wireUser(f.users[c.Recipient])}
	}
	b, _ := json.Marshal(wc)
	return b
}

// WireUser returns the JSON user object the fake serves for u.
func WireUser(u User) []byte {
	b, _ := json.Marshal(wireUser(u))
	return b
}

// Raw returns the interaction's payload as dispatched.
func (in *Interaction) Raw() []byte {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.raw
}

// strictSpec is the spec compiled as published (no decimal strings for
// integers), for checking what the fake sends.
var strictSpec struct {
	once sync.Once
	c    *jsonschema.Compiler
	err  error
}

// ResponseProblems validates body against the spec's schema
// #/components/schemas/<name>, as published.
func ResponseProblems(name string, body []byte) []string {
	strictSpec.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPI))
		if err != nil {
			strictSpec.err = err
			return
		}
		strictSpec.c = jsonschema.NewCompiler()
		strictSpec.c.DefaultDraft(jsonschema.Draft2020)
		strictSpec.err = strictSpec.c.AddResource(specURL, doc)
	})
	if strictSpec.err != nil {
		return []string{strictSpec.err.Error()}
	}
	sch, err := strictSpec.c.Compile(specURL + "#/components/schemas/" + name)
	if err != nil {
		return []string{err.Error()}
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return []string{err.Error()}
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []string{err.Error()}
	}
	var out []string
	for _, l := range leaves(ve) {
		out = append(out, fmt.Sprintf("%s at %s: %s", name, jsonPointer(l.InstanceLocation), l.ErrorKind.LocalizedString(printer)))
	}
	return out
}
