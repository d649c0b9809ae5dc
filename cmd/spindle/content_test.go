package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

var updateContent = flag.Bool("update-content", false, "rewrite every game's data/*.json from its data/*.yaml")

// TestGameContentJSONMatchesYAML: a game's content comes from the spec's
// YAML files, kept beside the code with their source notes, but games/...
// imports only the standard library, so the engine embeds a JSON copy of
// each file. This test keeps every copy equal to its YAML; refresh the
// copies with
//
//	go test ./cmd/spindle -run TestGameContentJSONMatchesYAML -update-content
func TestGameContentJSONMatchesYAML(t *testing.T) {
	files, err := filepath.Glob("../../games/*/data/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no game content found: %v", err)
	}
	for _, y := range files {
		b, err := os.ReadFile(y)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := yaml.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", y, err)
		}
		want, err := json.MarshalIndent(stringKeys(v), "", "  ")
		if err != nil {
			t.Fatalf("%s: %v", y, err)
		}
		want = append(want, '\n')
		j := strings.TrimSuffix(y, ".yaml") + ".json"
		if *updateContent {
			if err := os.WriteFile(j, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(j)
		if err != nil {
			t.Fatalf("%s has no JSON copy (run with -update-content): %v", y, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s: run go test ./cmd/spindle -run TestGameContentJSONMatchesYAML -update-content", j, y)
		}
	}
}

// stringKeys turns the map[any]any YAML gives for non-string keys (a
// table by player count) into JSON's string-keyed objects.
func stringKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = stringKeys(e)
		}
		return x
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = stringKeys(e)
		}
		return out
	case []any:
		for i, e := range x {
			x[i] = stringKeys(e)
		}
		return x
	}
	return v
}
