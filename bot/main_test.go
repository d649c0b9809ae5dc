package bot

import (
	"fmt"
	"os"
	"testing"

	"spindle/bot/discordtest"
)

// TestMain runs the package's tests, then reports how many REST request
// bodies the bot sent to the fake Discord were validated against Discord's
// OpenAPI spec (shown with go test -v).
func TestMain(m *testing.M) {
	code := m.Run()
	fmt.Printf("discordtest: %d request bodies validated against Discord's OpenAPI spec\n", discordtest.TotalValidated())
	os.Exit(code)
}
