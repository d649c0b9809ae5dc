package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"spindle/storage"
)

// benchOpts holds the sizes of one bench run.
type benchOpts struct {
	dir      string
	n        int // samples of raw fsync and durable moves
	renders  int // states rendered per game and image kind
	moves    int // rendered moves through the handlers
	light    int // light interactions through the handlers
	workers  int // goroutines driving the handlers
	startup  int // tables stored before the start-up is timed
	game     string
	seats    int
	sections string
	// store is a PostgreSQL URL for section 6 (--store postgres:URL).
	store string
}

// runBench measures every speed goal of the project in one run and prints
// one report: a line per figure with its value, its goal and whether the
// goal is met. The disk figures are taken on the disk that holds --dir.
func runBench(cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o benchOpts
	fs.StringVar(&o.dir, "dir", filepath.Dir(cfg.Data.DB), "directory on the disk to measure")
	fs.IntVar(&o.n, "n", 300, "samples of raw fsync and of durable moves; moves per concurrency level")
	fs.IntVar(&o.renders, "renders", 200, "random states rendered per game and image kind")
	fs.IntVar(&o.moves, "moves", 400, "rendered moves played through the handlers")
	fs.IntVar(&o.light, "light", 4000, "light interactions through the handlers")
	fs.IntVar(&o.workers, "workers", 8, "goroutines driving the handlers")
	fs.IntVar(&o.startup, "startup-tables", 100000, "tables stored before the start-up is timed")
	fs.StringVar(&o.game, "game", "warpweft", "game whose moves are measured")
	fs.IntVar(&o.seats, "players", 2, "players at the measured tables")
	fs.StringVar(&o.sections, "sections", "12345", "sections to run, by number")
	store := fs.String("store", "", "postgres:`URL` of a database to measure the PostgreSQL store in (section 6, added when set); the bench works in a schema of its own and drops it")
	quick := fs.Bool("quick", false, "small samples everywhere: a smoke run, not a measurement")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if *store != "" {
		u, err := storeTarget(*store)
		if err != nil || !storage.IsPostgresURL(u) {
			fmt.Fprintln(stderr, "bench: --store takes postgres:URL")
			return errUsage
		}
		o.store = u
		if !strings.Contains(o.sections, "6") {
			o.sections += "6"
		}
	}
	if *quick {
		o.n, o.renders, o.moves, o.light, o.startup = 30, 10, 30, 200, 1000
	}
	if o.n < 2 || o.renders < 1 || o.moves < 1 || o.light < 1 || o.workers < 1 || o.startup < 1 {
		fmt.Fprintln(stderr, "bench: sizes must be positive")
		return errUsage
	}
	work, err := os.MkdirTemp(o.dir, ".spindle-bench-*")
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	defer os.RemoveAll(work)
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	r := &benchReport{w: stdout}
	fmt.Fprintf(stdout, "spindle bench: disk %s; %s with %d players; %d samples, %d renders, %d handler moves, %d start-up tables\n",
		o.dir, o.game, o.seats, o.n, o.renders, o.moves, o.startup)
	fmt.Fprintf(stdout, "cpu: GOMAXPROCS %d%s; figures taken on a busy machine are noisy\n", runtime.GOMAXPROCS(0), loadAverage())
	start := time.Now()
	steps := []struct {
		id  byte
		run func(*benchReport, benchOpts, string) error
	}{
		{'1', benchRenderSection},
		{'2', benchStoreSection},
		{'3', benchConcurrentSection},
		{'4', benchHandlersSection},
		{'5', benchStartupSection},
		{'6', benchPostgresSection},
	}
	for _, s := range steps {
		if !slices.Contains([]byte(o.sections), s.id) {
			continue
		}
		if err := s.run(r, o, work); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "\nsummary: %d goals, %d met, %d missed (%.1f s)\n", r.goals, r.goals-r.misses, r.misses, time.Since(start).Seconds())
	return nil
}

// benchReport prints the figures of one bench run, one line each, and
// counts the goals missed.
type benchReport struct {
	w      io.Writer
	goals  int
	misses int
	// fsync is the raw write+fsync p50, measured once and shared by the
	// sections that compare with it.
	fsync time.Duration
}

// section starts a titled group of figures.
func (r *benchReport) section(title string) { fmt.Fprintf(r.w, "\n%s\n", title) }

// info prints a figure that has no goal.
func (r *benchReport) info(name, value string) {
	fmt.Fprintf(r.w, "  %-42s %22s\n", name, value)
}

// check prints a figure with its goal and whether it is met.
func (r *benchReport) check(name, value, goal string, ok bool) {
	r.goals++
	verdict := "ok"
	if !ok {
		verdict = "MISS"
		r.misses++
	}
	fmt.Fprintf(r.w, "  %-42s %22s   goal %-14s %s\n", name, value, goal, verdict)
}

// ms converts a duration to fractional milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// quantile returns the q-quantile of sorted durations.
func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[int(q*float64(len(d)-1))]
}

// fmtMS formats a duration in milliseconds.
func fmtMS(d time.Duration) string { return fmt.Sprintf("%.3f ms", ms(d)) }

// loadAverage describes the machine's load averages when the system shows
// them (Linux), so that a reader can judge how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return ", load average " + strings.Join(f[:3], " ")
}
