package gametest

import (
	"os"
	"testing"
)

// SoakEnv is the environment variable that turns on soak runs: set to 1,
// the long random sweeps (thousands of games) run in full; otherwise tests
// play a sample small enough for `go test ./...` on a busy two-core
// machine. CI's .ci/run sets it for its soak step.
const SoakEnv = "SPINDLE_SOAK"

// Soak reports whether soak runs are on.
func Soak() bool { return os.Getenv(SoakEnv) == "1" }

// Scale picks a test's size: soak when soak runs are on, short under
// -short, normal otherwise.
func Scale(short, normal, soak int) int {
	switch {
	case Soak():
		return soak
	case testing.Short():
		return short
	}
	return normal
}
