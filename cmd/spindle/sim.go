package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"spindle/games"
)

// optFlag collects repeated --opt key=value flags.
type optFlag games.Options

func (o optFlag) String() string { return fmt.Sprint(games.Options(o)) }

func (o optFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("--opt wants key=value, not %q", v)
	}
	o[k] = val
	return nil
}

// gameFlags are the flags shared by sim and render.
type gameFlags struct {
	game    string
	seed    uint64
	players int
	opts    optFlag
	script  string
	random  bool
	names   string
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	g.opts = optFlag{}
	fs.StringVar(&g.game, "game", "", "game id (required), e.g. warpweft")
	fs.Uint64Var(&g.seed, "seed", 1, "seed for the deal and for random play")
	fs.IntVar(&g.players, "players", 0, "number of seats (default: the game's minimum)")
	fs.Var(g.opts, "opt", "game option key=value (repeatable)")
	fs.StringVar(&g.script, "script", "", `JSON lines {"seat":S,"key":"..."} to play, or - for stdin`)
	fs.BoolVar(&g.random, "random", false, "play random legal moves (after the script, if any) to the end")
	fs.StringVar(&g.names, "names", "", "comma-separated player names by seat for the log, results and pictures (default Player 1, Player 2, ...)")
}

// nameList is --names split by seat; missing names fall back to
// games.DefaultName where they are filled in.
func (g *gameFlags) nameList() []string {
	if g.names == "" {
		return nil
	}
	out := strings.Split(g.names, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// scriptLine is one scripted action; seat -1 is a chance outcome.
type scriptLine struct {
	Seat games.Seat `json:"seat"`
	Key  string     `json:"key"`
}

// played is a finished (or stopped) sim game.
type played struct {
	table games.Table
	log   []games.Step
}

// play builds the table and plays the script, then random moves if asked.
// Chance is resolved from the seeded PCG unless the script supplies it.
func (g *gameFlags) play(cat *games.Catalog, stdin io.Reader) (played, error) {
	if g.game == "" {
		return played{}, fmt.Errorf("sim: --game is required (one of %s)", gameIDs(cat))
	}
	kind, err := cat.Get(g.game)
	if err != nil {
		return played{}, fmt.Errorf("sim: unknown game %q (one of %s)", g.game, gameIDs(cat))
	}
	seats := g.players
	if seats == 0 {
		seats = kind.Info().MinSeats
	}
	seed := [2]uint64{g.seed, g.seed ^ 0x9e3779b97f4a7c15}
	t, err := kind.Open(games.Options(g.opts), seats, seed)
	if err != nil {
		if fix := fixingOptions(kind, games.Options(g.opts), seats); fix != "" && (errors.Is(err, games.ErrSeats) || errors.Is(err, games.ErrBadOption)) {
			return played{}, fmt.Errorf("sim: %s with %d players needs %s (%w)", g.game, seats, fix, err)
		}
		return played{}, fmt.Errorf("sim: %w", err)
	}
	p := played{table: t}
	if g.script != "" {
		if err := p.runScript(g.script, stdin); err != nil {
			return p, err
		}
	}
	if g.random {
		rng := rand.New(rand.NewPCG(g.seed, 0x5eed))
		for guard := 0; !t.Over(); guard++ {
			if guard > 100000 {
				return p, errors.New("sim: the game does not end")
			}
			if err := p.resolve(); err != nil {
				return p, err
			}
			if t.Over() {
				break
			}
			to := t.ToAct()
			seat := to[rng.IntN(len(to))]
			legal := t.Legal(seat)
			if len(legal) == 0 {
				return p, fmt.Errorf("sim: %s is to act but has no legal action", seat)
			}
			steps, err := t.Play(seat, t.Version(), legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key)
			if err != nil {
				return p, fmt.Errorf("sim: %w", err)
			}
			p.log = append(p.log, steps...)
		}
	}
	return p, p.resolve()
}

func (p *played) resolve() error {
	steps, err := p.table.Resolve()
	p.log = append(p.log, steps...)
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	return nil
}

func (p *played) runScript(path string, stdin io.Reader) error {
	var r io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("sim: %w", err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var l scriptLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			return fmt.Errorf("sim: script line %d: %w", n, err)
		}
		if l.Seat != games.Chance {
			if err := p.resolve(); err != nil {
				return err
			}
		}
		var (
			steps []games.Step
			err   error
		)
		if l.Key == games.KeyConcede {
			steps, err = p.table.Concede(l.Seat, p.table.Version())
		} else {
			var st games.Step
			st, err = p.table.Step(l.Seat, p.table.Version(), l.Key)
			steps = []games.Step{st}
		}
		if err != nil {
			return fmt.Errorf("sim: script line %d (%s %q): %w", n, l.Seat, l.Key, err)
		}
		p.log = append(p.log, steps...)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("sim: script: %w", err)
	}
	return nil
}

func gameIDs(cat *games.Catalog) string {
	var ids []string
	for _, i := range cat.Games() {
		ids = append(ids, i.ID)
	}
	return strings.Join(ids, ", ")
}

// simLog is one log entry as the sim prints it. Keys are withheld unless
// --reveal: a chance key holds a whole shuffle, and a seat's own key can
// name a face-down card or where a looked-at card went. Without --reveal
// the log is what a spectator sees, the public lines.
type simLog struct {
	Version uint64     `json:"version"`
	Seat    games.Seat `json:"seat"`
	Key     string     `json:"key,omitempty"`
	Public  []string   `json:"public,omitempty"`
}

type simOutput struct {
	Game    string        `json:"game"`
	Options games.Options `json:"options"`
	Seats   int           `json:"seats"`
	Seed    uint64        `json:"seed"`
	Version uint64        `json:"version"`
	Over    bool          `json:"over"`
	ToAct   []games.Seat  `json:"to_act,omitempty"`
	Result  *games.Result `json:"result,omitempty"`
	View    any           `json:"view"`
	Log     []simLog      `json:"log"`
}

func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var g gameFlags
	g.register(fs)
	keys := fs.String("keys", "", "print the action-key grammar of a game and exit")
	reveal := fs.Bool("reveal", false, "print every action key in the log, chance outcomes and hidden choices included (a script can replay them)")
	if done, err := parseArgs(fs, args); done {
		return err
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	if *keys != "" {
		k, err := cat.Get(*keys)
		if err != nil {
			return fmt.Errorf("sim: unknown game %q (one of %s)", *keys, gameIDs(cat))
		}
		fmt.Fprintln(stdout, strings.TrimSpace(k.Info().KeyGrammar))
		return nil
	}
	p, err := g.play(cat, os.Stdin)
	if err != nil {
		return err
	}
	out := simOutput{Game: g.game, Options: p.table.Options(), Seats: p.table.Seats(), Seed: g.seed,
		Version: p.table.Version(), Over: p.table.Over(), ToAct: p.table.ToAct(), View: p.table.View(games.Spectator)}
	names := g.nameList()
	if r, ok := p.table.Result(); ok {
		lines := make([]string, len(r.Lines))
		for i, line := range r.Lines {
			lines[i] = games.FillPlain(line, names)
		}
		r.Lines = lines
		out.Result = &r
	}
	for _, st := range p.log {
		l := simLog{Version: st.Version, Seat: st.Seat}
		if *reveal {
			l.Key = st.Key
		}
		for _, e := range st.Events {
			if e.Public != "" {
				l.Public = append(l.Public, games.FillPlain(e.Public, names))
			}
		}
		out.Log = append(out.Log, l)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// fixingOptions names the --opt choices that would let kind open with
// opts and seats, changing one option: "--opt mode=ffa|teams". It is ""
// when no single option change helps.
func fixingOptions(kind games.Kind, opts games.Options, seats int) string {
	var fixes []string
	for _, f := range games.Fitting(kind, opts, seats) {
		fixes = append(fixes, "--opt "+f.Key+"="+strings.Join(f.Values, "|"))
	}
	return strings.Join(fixes, " or ")
}
