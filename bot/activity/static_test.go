package activity

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBundleIsBuiltFromTheSources: static/sources.sha256, written by
// web/activity/build.sh, names the sources the committed bundle was built
// from; a source changed without rebuilding fails here, no Node needed.
func TestBundleIsBuiltFromTheSources(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("static", "sources.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	web := filepath.Join("..", "..", "web", "activity")
	files, err := filepath.Glob(filepath.Join(web, "src", "*"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"package-lock.json"}
	for _, f := range files {
		names = append(names, "src/"+filepath.Base(f))
	}
	slices.Sort(names)
	var got strings.Builder
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(web, n))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(&got, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	if got.String() != string(want) {
		t.Fatalf("bot/activity/static is not built from web/activity's sources: run web/activity/build.sh and commit.\nsources:\n%s\nbuilt from:\n%s", got.String(), want)
	}
	for _, f := range []string{"index.html", "app.js", "app.css"} {
		if _, err := static.ReadFile("static/" + f); err != nil {
			t.Errorf("the embedded page lacks %s: %v", f, err)
		}
	}
}
