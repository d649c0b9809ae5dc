package games_test

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// moduleRoot walks up from the working directory to the go.mod and returns
// its directory and module path.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			sc := bufio.NewScanner(bytes.NewReader(b))
			for sc.Scan() {
				if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(m), `"`)
				}
			}
			t.Fatalf("%s/go.mod has no module line", dir)
		}
		if !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
}

// TestGamesImportOnlyStdlib enforces the design rule that games/... (tests
// included) depends on nothing but the standard library and games/... itself:
// no clock-free guarantee survives a stray dependency on Discord, rendering
// or storage.
func TestGamesImportOnlyStdlib(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool; skipped in -short mode")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is not on PATH, so go list -deps cannot check the imports of games/...")
	}
	root, module := moduleRoot(t)
	own := module + "/games"
	cmd := exec.Command(goTool, "list", "-deps", "-test", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./games/...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./games/...: %v\n%s", err, stderr.String())
	}
	var bad []string
	seen := 0
	for line := range strings.Lines(string(out)) {
		p := strings.TrimSpace(line)
		if p == "" {
			continue
		}
		seen++
		// Test variants read "pkg [pkg.test]", test mains "pkg.test" and
		// external test packages "pkg_test".
		p, _, _ = strings.Cut(p, " ")
		p = strings.TrimSuffix(strings.TrimSuffix(p, ".test"), "_test")
		if p != own && !strings.HasPrefix(p, own+"/") {
			bad = append(bad, p)
		}
	}
	if seen == 0 {
		t.Fatal("go list listed no package of games/...; the check would pass vacuously")
	}
	if len(bad) > 0 {
		t.Fatalf("games/... must import only the standard library and %s/..., but depends on:\n  %s", own, strings.Join(bad, "\n  "))
	}
}
