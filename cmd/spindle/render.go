package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"spindle/games"
	"spindle/imaging"
	"spindle/imaging/pictures"
)

// renderJob is one image to write: a file name, the image kind and whose view.
type renderJob struct {
	name string
	kind imaging.Kind
	seat games.Seat
}

// runRender plays a game like sim and writes the PNGs of the final state:
// the public table, each seat's private panel and, when over, the scoring.
func runRender(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var g gameFlags
	g.register(fs)
	out := fs.String("out", "", "directory to write the PNGs to (required)")
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if *out == "" {
		fmt.Fprintln(stderr, "render: --out DIR is required")
		return errUsage
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	p, err := g.play(cat, os.Stdin)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	t := p.table
	jobs := []renderJob{{"table.png", imaging.Table, games.Spectator}}
	for s := range t.Seats() {
		jobs = append(jobs, renderJob{fmt.Sprintf("seat-%d.png", s), imaging.Panel, games.Seat(s)})
	}
	if t.Over() {
		jobs = append(jobs, renderJob{"scoring.png", imaging.Scoring, games.Spectator})
	}
	for _, j := range jobs {
		img, err := pictures.RenderWith(j.kind, t.View(j.seat), imaging.Options{Names: g.nameList()})
		if err != nil {
			return fmt.Errorf("render: %s: %w", j.name, err)
		}
		b, err := imaging.PNG(img)
		if err != nil {
			return fmt.Errorf("render: %s: %w", j.name, err)
		}
		path := filepath.Join(*out, j.name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return fmt.Errorf("render: %w", err)
		}
		fmt.Fprintln(stdout, path)
	}
	return nil
}
