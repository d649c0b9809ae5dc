package main

import (
	"bytes"
	"strings"
	"testing"

	"spindle/games/tapestry"
)

// TestTrainIsReproducible: two training runs from the same seed write the
// same weights file, one the engine can read, and another seed writes
// other weights.
func TestTrainIsReproducible(t *testing.T) {
	run := func(seed string) []byte {
		var out, log bytes.Buffer
		if err := runTrain([]string{"--n", "1", "--seed", seed}, &out, &log); err != nil {
			t.Fatalf("train: %v\n%s", err, log.String())
		}
		return out.Bytes()
	}
	a, b := run("5"), run("5")
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs from seed 5 differ:\n%s\n%s", a, b)
	}
	if _, err := tapestry.ParseWeights(a); err != nil {
		t.Fatalf("the weights written do not parse: %v\n%s", err, a)
	}
	if !strings.Contains(string(a), "--seed 5") {
		t.Errorf("the file does not record its command:\n%s", a)
	}
	if c := run("6"); bytes.Equal(a, c) {
		t.Errorf("seeds 5 and 6 wrote the same weights")
	}
}

// TestTrainRejects: only Tapestry has weights, and only an AI level plays.
func TestTrainRejects(t *testing.T) {
	var out, log bytes.Buffer
	if err := runTrain([]string{"--game", "warpweft"}, &out, &log); err == nil {
		t.Error("train accepted warpweft")
	}
	if err := runTrain([]string{"--player", "random"}, &out, &log); err == nil {
		t.Error("train accepted a random player")
	}
}
