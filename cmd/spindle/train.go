package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"strconv"

	"spindle/games"
	"spindle/games/ai"
	"spindle/games/tapestry"
)

// runTrain fits Tapestry's evaluator weights: it plays solo games against
// the Automa (levels 1 to 6 in turn) with an AI level making every
// decision by its iteration budget alone (no clock, so a run is
// reproducible from its seed), records the seat's features before each
// decision and the VP it went on to score, and fits the weights by ridge
// regression towards the hand-set defaults (tapestry.FitWeights). It
// writes the weights file, by default to stdout.
func runTrain(args []string, stdout, stderr io.Writer) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "tapestry", "game id (only tapestry has trainable weights)")
	n := fs.Int("n", 60, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	player := fs.String("player", "ai:easy", "the AI level that plays the games")
	lambda := fs.Float64("lambda", 0.05, "ridge strength towards the hand-set weights")
	out := fs.String("out", "", "file to write the weights to (default stdout), e.g. games/tapestry/evalweights.json")
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if *game != "tapestry" {
		return fmt.Errorf("train: game %q has no trainable weights", *game)
	}
	p, err := parsePlayer(*player)
	if err != nil || p.kind != "ai" {
		return fmt.Errorf("train: player %q is not an AI level", *player)
	}
	x, y, err := trainSamples(*n, *seed, p.level, stderr)
	if err != nil {
		return err
	}
	w, err := tapestry.FitWeights(x, y, *lambda)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	how := fmt.Sprintf("spindle train --game tapestry --n %d --seed %d --player %s --lambda %s",
		*n, *seed, *player, strconv.FormatFloat(*lambda, 'g', -1, 64))
	b, err := tapestry.WeightsJSON(w, how, len(y))
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if *out == "" {
		_, err = stdout.Write(b)
		return err
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	fmt.Fprintf(stdout, "train: %d samples from %d games, weights written to %s\n", len(y), *n, *out)
	return nil
}

// trainSamples plays n solo games from seed and returns, for every
// decision of the seat while its projection is a model's, the features
// and the VP the seat scored from there to the end.
func trainSamples(n int, seed uint64, lvl ai.Level, log io.Writer) ([][]float64, []float64, error) {
	cat, err := buildCatalog(nil)
	if err != nil {
		return nil, nil, err
	}
	var x [][]float64
	var y []float64
	for g := range n {
		opts := games.Options{"automa_level": strconv.Itoa(1 + g%6)}
		t, _, err := cat.New("tapestry", opts, 1, [2]uint64{seed + uint64(g), 31})
		if err != nil {
			return nil, nil, fmt.Errorf("train: %w", err)
		}
		rng := rand.New(rand.NewPCG(seed+uint64(g), 37))
		var fs [][]float64
		var vps []int
		for steps := 0; !t.Over(); steps++ {
			if steps > 20000 {
				return nil, nil, fmt.Errorf("train: game %d does not end", g)
			}
			s, ok, err := ai.Mover(t, rng)
			if err != nil {
				return nil, nil, fmt.Errorf("train: %w", err)
			}
			if !ok {
				continue
			}
			raw, err := t.StateJSON()
			if err != nil {
				return nil, nil, fmt.Errorf("train: %w", err)
			}
			f, vp, ok, err := tapestry.Features(raw, int(s))
			if err != nil {
				return nil, nil, fmt.Errorf("train: %w", err)
			}
			if ok {
				fs = append(fs, f)
				vps = append(vps, vp)
			}
			key, err := ai.Choose(t, s, lvl, ai.Options{Seed: rng.Uint64()})
			if err != nil {
				return nil, nil, fmt.Errorf("train: %w", err)
			}
			if _, err := t.Play(s, t.Version(), key); err != nil {
				return nil, nil, fmt.Errorf("train: %w", err)
			}
		}
		r, _ := t.Result()
		if len(r.Scores) == 0 {
			return nil, nil, fmt.Errorf("train: game %d has no score", g)
		}
		final := r.Scores[0]
		for i := range fs {
			x = append(x, fs[i])
			y = append(y, float64(final-vps[i]))
		}
		fmt.Fprintf(log, "train: game %d (level %s): %d VP, %d samples\n", g+1, opts["automa_level"], final, len(fs))
	}
	return x, y, nil
}
