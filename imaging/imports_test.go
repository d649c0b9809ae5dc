package imaging_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestKitImportsNoGame keeps the drawing kit game-agnostic: neither a game
// package nor a game's picture package may be among its dependencies, so
// every game draws on the same kit and the kit never learns a rule. The
// engine contract (spindle/games: seats and default names) and shared
// components (the Decktet deck) are allowed.
func TestKitImportsNoGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "spindle/imaging").CombinedOutput()
	if err != nil {
		t.Skipf("go list is not available here: %v: %s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		game := false
		for _, g := range []string{"warpweft", "stitchcraft", "threadcount", "archravels", "tapestry"} {
			game = game || dep == "spindle/games/"+g || strings.HasPrefix(dep, "spindle/games/"+g+"/")
		}
		if game || strings.HasPrefix(dep, "spindle/imaging/") {
			t.Errorf("the kit spindle/imaging depends on %s", dep)
		}
	}
}
