package discordtest

import (
	"bytes"
	"net/http"
	"net/http/httptest"

	"github.com/bwmarrin/discordgo"
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
