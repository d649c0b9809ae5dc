package gametest

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"spindle/games"
)

// update is the -update flag of every test binary that links gametest: it
// makes Playthrough rewrite its golden file instead of comparing with it.
var update = flag.Bool("update", false, "rewrite the playthrough goldens written by gametest.Playthrough")

// Config selects what Run and Fuzz cover.
type Config struct {
	// Options are the option sets to cover; nil covers the defaults only.
	Options []games.Options
	// Seats are the seat counts to cover; nil covers every count from
	// Info().MinSeats to Info().MaxSeats.
	Seats []int
	// Seeds is the number of random playouts per (options, seats); 0 means 20.
	Seeds int
}

// optionSet is one normalized option set with a name fit for a subtest.
type optionSet struct {
	name string
	opts games.Options
}

// plan expands a Config against a game's Info: normalized option sets, seat
// counts and the number of seeds.
func plan(info games.Info, cfg Config) ([]optionSet, []int, int, error) {
	raw := cfg.Options
	if raw == nil {
		raw = []games.Options{nil}
	}
	var sets []optionSet
	for _, o := range raw {
		norm, err := info.Normalize(o)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("gametest: option set %v: %w", o, err)
		}
		sets = append(sets, optionSet{name: optionsName(norm), opts: norm})
	}
	seats := cfg.Seats
	if seats == nil {
		for n := info.MinSeats; n <= info.MaxSeats; n++ {
			seats = append(seats, n)
		}
	}
	for _, n := range seats {
		if n < info.MinSeats || n > info.MaxSeats {
			return nil, nil, 0, fmt.Errorf("gametest: %s takes %d to %d seats, Config asks for %d", info.ID, info.MinSeats, info.MaxSeats, n)
		}
	}
	if len(seats) == 0 {
		return nil, nil, 0, fmt.Errorf("gametest: %s: no seat count to cover", info.ID)
	}
	n := cfg.Seeds
	if n <= 0 {
		n = 20
	}
	return sets, seats, n, nil
}

// optionsName renders normalized options as "k=v,k=v" sorted by key, or
// "defaults" for a game without options.
func optionsName(o games.Options) string {
	if len(o) == 0 {
		return "defaults"
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o[k]
	}
	return strings.Join(parts, ",")
}

// Run plays Config.Seeds random games for every (options, seats) pair and
// checks the whole contract on every step; see the package documentation
// for the list of checks. Each playout is a subtest named
// "<options>/seats=<n>/seed=<s>", and a failure prints the seed, the
// actions so far and the -run pattern that reproduces it.
func Run[S any, A games.Action, V any](t *testing.T, g games.Game[S, A, V], cfg Config) {
	t.Helper()
	info := g.Info()
	if err := checkInfo(info); err != nil {
		t.Fatal(err)
	}
	sets, seats, seeds, err := plan(info, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			for _, n := range seats {
				t.Run(fmt.Sprintf("seats=%d", n), func(t *testing.T) {
					for seed := range uint64(seeds) {
						t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
							if err := play(g, set.opts, n, seed, runMode(seed), nil); err != nil {
								t.Fatalf("%v\nreproduce: go test -run '%s'", err, runPattern(t.Name()))
							}
						})
					}
				})
			}
		})
	}
}

// Fuzz registers a fuzz target over (seed, choices): the seed picks the
// option set, the seat count and the table's RNG; each byte of choices picks
// an index into the list of seats to act (when several act) and then into
// the legal list, and byte 255 concedes for a game implementing
// games.Conceder. When the bytes run out the seed plays on to the end. The
// per-step invariants of Run apply, with one resample per viewer, no
// double application and the replays only at the end.
func Fuzz[S any, A games.Action, V any](f *testing.F, g games.Game[S, A, V], cfg Config) {
	f.Helper()
	info := g.Info()
	if err := checkInfo(info); err != nil {
		f.Fatal(err)
	}
	sets, seats, _, err := plan(info, cfg)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(uint64(0), []byte{})
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), []byte{1, 255, 0})
	f.Add(uint64(3), []byte{255})
	f.Add(uint64(42), []byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4})
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		set := sets[seed%uint64(len(sets))]
		n := seats[(seed/uint64(len(sets)))%uint64(len(seats))]
		if err := play(g, set.opts, n, seed, fuzzMode(choices), nil); err != nil {
			t.Fatal(err)
		}
	})
}

// runPattern turns a subtest name into an anchored -run pattern.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// checkInfo validates the static description of a game.
func checkInfo(info games.Info) error {
	switch {
	case info.ID == "":
		return fmt.Errorf("gametest: Info().ID is empty")
	case strings.ContainsFunc(info.ID, func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') }):
		return fmt.Errorf("gametest: Info().ID %q must be lower-case letters and digits", info.ID)
	case info.Title == "":
		return fmt.Errorf("gametest: %s: Info().Title is empty", info.ID)
	case info.MinSeats < 1 || info.MaxSeats < info.MinSeats || info.MaxSeats > 127:
		return fmt.Errorf("gametest: %s: seat limits %d..%d are not 1 <= min <= max <= 127", info.ID, info.MinSeats, info.MaxSeats)
	case info.Rules < 1:
		return fmt.Errorf("gametest: %s: Info().Rules is %d, want >= 1", info.ID, info.Rules)
	case info.MaxActions < 1:
		return fmt.Errorf("gametest: %s: Info().MaxActions is %d; declare the longest possible log", info.ID, info.MaxActions)
	}
	seen := map[string]bool{}
	for _, o := range info.Options {
		if o.Key == "" || seen[o.Key] {
			return fmt.Errorf("gametest: %s: option key %q is empty or repeated", info.ID, o.Key)
		}
		seen[o.Key] = true
		if len(o.Values) == 0 || !slices.Contains(o.Values, o.Default) {
			return fmt.Errorf("gametest: %s: option %s has default %q outside its values %v", info.ID, o.Key, o.Default, o.Values)
		}
		vals := slices.Clone(o.Values)
		slices.Sort(vals)
		if len(slices.Compact(vals)) != len(o.Values) {
			return fmt.Errorf("gametest: %s: option %s repeats a value in %v", info.ID, o.Key, o.Values)
		}
	}
	if _, err := info.Normalize(nil); err != nil {
		return fmt.Errorf("gametest: %s: default options do not normalize: %w", info.ID, err)
	}
	return nil
}
