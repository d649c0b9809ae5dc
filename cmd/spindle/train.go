package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

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
	lazyGC()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "tapestry", "game id (only tapestry has trainable weights)")
	n := fs.Int("n", 60, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	player := fs.String("player", "ai:easy", "the AI level that plays the games")
	lambda := fs.Float64("lambda", 0.05, "ridge strength towards the hand-set weights")
	out := fs.String("out", "", "file to write the weights to (default stdout), e.g. games/tapestry/evalweights.json")
	dump := fs.String("samples", "", "file to write the samples to (JSON), to fit them again with --from")
	with := fs.String("with", "", `weights file the games are played with ("hand" for the hand-set weights; default the embedded ones)`)
	from := fs.String("from", "", "fit the samples of these files (comma separated, written by --samples) instead of playing")
	target := fs.String("target", "vp", `what the projection is fitted to: "vp" (the VP still to come) or "margin" (that, less how far the Automa's projection fell short of its final VP)`)
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if *game != "tapestry" {
		return fmt.Errorf("train: game %q has no trainable weights", *game)
	}
	if *target != "vp" && *target != "margin" {
		return fmt.Errorf("train: target %q is neither vp nor margin", *target)
	}
	p, err := parsePlayer(*player)
	if err != nil || p.kind != "ai" {
		return fmt.Errorf("train: player %q is not an AI level", *player)
	}
	withHow := ""
	if *with != "" {
		var w []float64 // nil: the hand-set weights
		if *with != "hand" {
			b, err := os.ReadFile(*with)
			if err != nil {
				return fmt.Errorf("train: %w", err)
			}
			a, err := tapestry.ParseWeights(b)
			if err != nil {
				return fmt.Errorf("train: %w", err)
			}
			w = a[:]
		}
		old, err := tapestry.SetWeights(w)
		if err != nil {
			return fmt.Errorf("train: %w", err)
		}
		defer tapestry.SetWeights(old)
		withHow = " --with " + *with
	}
	var smp trainSet
	if *from != "" {
		for i, name := range strings.Split(*from, ",") {
			b, err := os.ReadFile(name)
			if err != nil {
				return fmt.Errorf("train: %w", err)
			}
			var part trainSet
			if err := json.Unmarshal(b, &part); err != nil {
				return fmt.Errorf("train: %s: %w", name, err)
			}
			// Games of different files never share a number.
			for j := range part.Game {
				part.Game[j] += i * 1_000_000
			}
			if i > 0 {
				smp.How += " + "
			}
			smp.How += part.How
			smp.X, smp.Y, smp.Game = append(smp.X, part.X...), append(smp.Y, part.Y...), append(smp.Game, part.Game...)
		}
	} else {
		x, y, g, err := trainSamples(*n, *seed, p.level, *target == "margin", stderr)
		if err != nil {
			return err
		}
		how := fmt.Sprintf("--n %d --seed %d --player %s%s", *n, *seed, *player, withHow)
		if *target != "vp" {
			how += " --target " + *target
		}
		smp = trainSet{How: how, X: x, Y: y, Game: g}
	}
	if *dump != "" {
		b, err := json.Marshal(smp)
		if err != nil {
			return fmt.Errorf("train: %w", err)
		}
		if err := os.WriteFile(*dump, b, 0o644); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	x, y, gameOf := smp.X, smp.Y, smp.Game
	if len(gameOf) != len(y) || len(x) != len(y) {
		return errors.New("train: the samples' rows, targets and games differ in number")
	}
	holdout(x, y, gameOf, *lambda, smp.How, stderr)
	w, err := tapestry.FitWeights(x, y, *lambda)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	how := fmt.Sprintf("spindle train --game tapestry %s --lambda %s", smp.How, strconv.FormatFloat(*lambda, 'g', -1, 64))
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
	fmt.Fprintf(stdout, "train: %d samples, weights written to %s\n", len(y), *out)
	return nil
}

// trainSet is a training run's samples: the features before each
// decision (X), the VP scored from there to the end (Y), the game each
// came from, and the flags that played them.
type trainSet struct {
	How  string      `json:"how"`
	X    [][]float64 `json:"x"`
	Y    []float64   `json:"y"`
	Game []int       `json:"game"`
}

// trainSamples plays n solo games from seed and returns, for every
// decision of the seat while its projection is a model's, the features
// and the VP the seat scored from there to the end. With margin, the
// target is that less the Automa's VP beyond its projection at the
// decision (final less projected): the projection then learns what the
// seat's holdings do to the margin it is judged by in solo, the Automa's
// share included.
func trainSamples(n int, seed uint64, lvl ai.Level, margin bool, log io.Writer) (x [][]float64, y []float64, game []int, err error) {
	cat, err := buildCatalog(nil)
	if err != nil {
		return nil, nil, nil, err
	}
	for g := range n {
		opts := games.Options{"automa_level": strconv.Itoa(1 + g%6)}
		t, _, err := cat.New("tapestry", opts, 1, [2]uint64{seed + uint64(g), 31})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("train: %w", err)
		}
		rng := rand.New(rand.NewPCG(seed+uint64(g), 37))
		var fs [][]float64
		var vps []int
		var aps []float64 // the Automa's projection at each sample
		err = playToEnd(t, rng, func(s games.Seat) (string, error) {
			raw, err := t.StateJSON()
			if err != nil {
				return "", err
			}
			f, vp, ok, err := tapestry.Features(raw, int(s))
			if err != nil {
				return "", err
			}
			if ok {
				ap := 0.0
				if margin {
					if ap, _, err = tapestry.AutomaProjection(raw); err != nil {
						return "", err
					}
				}
				fs = append(fs, f)
				vps = append(vps, vp)
				aps = append(aps, ap)
			}
			return ai.Choose(t, s, lvl, ai.Options{Seed: rng.Uint64()})
		})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("train: game %d: %w", g, err)
		}
		r, _ := t.Result()
		if len(r.Scores) == 0 {
			return nil, nil, nil, fmt.Errorf("train: game %d has no score", g)
		}
		final := r.Scores[0]
		if margin && r.GameScore == nil {
			return nil, nil, nil, fmt.Errorf("train: game %d has no Automa score", g)
		}
		for i := range fs {
			x = append(x, fs[i])
			v := float64(final - vps[i])
			if margin {
				v -= float64(*r.GameScore) - aps[i]
			}
			y = append(y, v)
			game = append(game, g)
		}
		fmt.Fprintf(log, "train: game %d (level %s): %d VP, %d samples\n", g+1, opts["automa_level"], final, len(fs))
	}
	return x, y, game, nil
}

// holdout tells how well the weights predict the target (the VP or the
// margin to come) on games they were not fitted on: fitted on four games
// in five, the root mean square error on the fifth, beside the hand-set
// weights'.
func holdout(x [][]float64, y []float64, game []int, lambda float64, how string, log io.Writer) {
	var fx, tx [][]float64
	var fy, ty []float64
	for i := range x {
		if game[i]%5 == 4 {
			tx, ty = append(tx, x[i]), append(ty, y[i])
		} else {
			fx, fy = append(fx, x[i]), append(fy, y[i])
		}
	}
	w, err := tapestry.FitWeights(fx, fy, lambda)
	if err != nil || len(tx) == 0 {
		return
	}
	// errs is the root mean square error and the mean error (bias).
	errs := func(w []float64) (float64, float64) {
		e, b := 0.0, 0.0
		for i, r := range tx {
			p := 0.0
			for j, v := range r {
				p += w[j] * v
			}
			e += (p - ty[i]) * (p - ty[i])
			b += p - ty[i]
		}
		n := float64(len(tx))
		return math.Sqrt(e / n), b / n
	}
	he, hb := errs(tapestry.DefaultWeights())
	fe, fb := errs(w)
	what := "the VP to come"
	if strings.Contains(how, "--target margin") {
		what = "the margin to come"
	}
	fmt.Fprintf(log, "train: held-out error of %s (%d samples): hand-set weights %.1f (bias %+.1f), fitted %.1f (bias %+.1f)\n", what, len(tx), he, hb, fe, fb)
}
