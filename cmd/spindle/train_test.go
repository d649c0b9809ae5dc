package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
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

// TestTrainRefits: samples kept with --samples and fitted again with
// --from give the weights of the run that played them.
func TestTrainRefits(t *testing.T) {
	dir := t.TempDir()
	smp, w1 := filepath.Join(dir, "s.json"), filepath.Join(dir, "w1.json")
	var out, log bytes.Buffer
	if err := runTrain([]string{"--n", "1", "--seed", "7", "--with", "hand", "--samples", smp, "--out", w1}, &out, &log); err != nil {
		t.Fatalf("train: %v\n%s", err, log.String())
	}
	out.Reset()
	if err := runTrain([]string{"--from", smp + "," + smp}, &out, &log); err != nil {
		t.Fatalf("train --from: %v\n%s", err, log.String())
	}
	b, err := os.ReadFile(w1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tapestry.ParseWeights(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tapestry.ParseWeights(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 2e-4 {
			t.Errorf("weight %s: %v refitted from the samples twice over, %v played", tapestry.FeatureNames[i], got[i], want[i])
		}
	}
	if !strings.Contains(out.String(), "--with hand") {
		t.Errorf("the refit does not record the samples' command:\n%s", out.String())
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
	if err := runTrain([]string{"--target", "wins"}, &out, &log); err == nil {
		t.Error("train accepted the target wins")
	}
}

// TestTrainOnTheMargin: fitted to the margin over the Automa, the same
// games give other weights than fitted to the VP to come (the Automa's
// projection errs), and the file records the target.
func TestTrainOnTheMargin(t *testing.T) {
	run := func(args ...string) []byte {
		var out, log bytes.Buffer
		if err := runTrain(append([]string{"--n", "1", "--seed", "5"}, args...), &out, &log); err != nil {
			t.Fatalf("train: %v\n%s", err, log.String())
		}
		return out.Bytes()
	}
	vp := run()
	m := run("--target", "margin")
	if bytes.Equal(vp, m) {
		t.Fatal("the margin and the VP to come gave the same weights")
	}
	if _, err := tapestry.ParseWeights(m); err != nil {
		t.Fatalf("the weights written do not parse: %v\n%s", err, m)
	}
	if !strings.Contains(string(m), "--target margin") {
		t.Errorf("the file does not record its target:\n%s", m)
	}
	if strings.Contains(string(vp), "--target") {
		t.Errorf("the VP run records a target:\n%s", vp)
	}
}
