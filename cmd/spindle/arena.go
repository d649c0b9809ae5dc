package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"spindle/games"
	"spindle/games/ai"
)

// arenaPlayer chooses moves for one seat.
type arenaPlayer struct {
	name  string
	level ai.Level // zero for random and greedy
	kind  string   // "ai", "random" or "greedy"
}

// parsePlayer reads "ai:easy|normal|hard", "random" or "greedy".
func parsePlayer(s string) (arenaPlayer, error) {
	switch s {
	case "random", "greedy":
		return arenaPlayer{name: s, kind: s}, nil
	}
	if lvl, ok := strings.CutPrefix(s, "ai:"); ok {
		if l, ok := ai.ByName(lvl); ok {
			return arenaPlayer{name: s, level: l, kind: "ai"}, nil
		}
	}
	return arenaPlayer{}, fmt.Errorf("arena: player %q is not ai:easy, ai:normal, ai:hard, random or greedy", s)
}

// choose returns p's move for seat at t.
func (p arenaPlayer) choose(t games.Table, seat games.Seat, rng *rand.Rand) (string, error) {
	legal := t.Legal(seat)
	switch p.kind {
	case "random":
		return legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key, nil
	case "greedy":
		return greedy(t, seat, legal, rng)
	}
	return ai.Choose(t, seat, p.level, ai.Options{Seed: rng.Uint64(), Stop: p.level.StopAfter()})
}

// greedy is the one-ply player: it plays each legal move once on one
// determinization of t (the zones hidden from seat guessed, as the AI
// does, so it never reads what the seat may not know) and keeps the move
// whose result, or the game's evaluation when the game goes on, is best
// for seat; ties are broken at random. Without an evaluator a move that
// does not end the game counts as even.
func greedy(t games.Table, seat games.Seat, legal []games.Choice, rng *rand.Rand) (string, error) {
	if len(legal) == 1 {
		return legal[0].Key, nil
	}
	d, err := t.Determinize(seat, rng.Uint64())
	if err != nil {
		return "", fmt.Errorf("arena: %w", err)
	}
	var best []string
	bestV := math.Inf(-1)
	for _, c := range legal {
		v, ok, err := ai.OnePly(d, seat, c.Key)
		if err != nil {
			return "", fmt.Errorf("arena: %w", err)
		}
		if !ok {
			v = 0.5
		}
		switch {
		case v > bestV+1e-12:
			best, bestV = []string{c.Key}, v
		case v >= bestV-1e-12:
			best = append(best, c.Key)
		}
	}
	return best[rng.IntN(len(best))], nil
}

// wilson is the 95 % Wilson score interval of a rate observed over n
// games: unlike the normal approximation it does not shrink to nothing at
// 0 % or 100 %.
func wilson(rate, n float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.96
	d := 1 + z*z/n
	mid := (rate + z*z/(2*n)) / d
	half := z * math.Sqrt(rate*(1-rate)/n+z*z/(4*n*n)) / d
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// arenaGame is what one arena game gives: each player's first places (a
// shared first counting half), rank and points, and the AI's time
// per decision.
type arenaGame struct {
	firsts, ranks []float64
	// scores are each player's points, by player (nil when the game
	// ended without scoring).
	scores []float64
	// against is the game's own score in a solo game whose own side
	// scores (games.Result.GameScore), if it reported one.
	against  *float64
	thinking []time.Duration
	err      error
}

// first is the first player's points (0 when the game ended without
// scoring).
func (g arenaGame) first() float64 {
	if len(g.scores) == 0 {
		return 0
	}
	return g.scores[0]
}

// joinFloats writes vs as "2, 1, 3".
func joinFloats(vs []float64) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strings.Join(out, ", ")
}

// maxGameSteps bounds a game played to its end; past it the game is taken
// not to end.
const maxGameSteps = 20000

// playToEnd plays t to its end: chance steps resolved by ai.Mover from
// rng, and each seat's move asked of move. A game still going after
// maxGameSteps steps is an error.
func playToEnd(t games.Table, rng *rand.Rand, move func(games.Seat) (string, error)) error {
	for steps := 0; !t.Over(); steps++ {
		if steps > maxGameSteps {
			return fmt.Errorf("the game does not end within %d steps", maxGameSteps)
		}
		s, ok, err := ai.Mover(t, rng)
		if err != nil {
			return err
		}
		if !ok {
			continue // chance was resolved
		}
		key, err := move(s)
		if err != nil {
			return err
		}
		if _, err := t.Play(s, t.Version(), key); err != nil {
			return err
		}
	}
	return nil
}

// playArenaGame plays game number g of an arena run, players' seats
// rotated by g, from seeds that depend on seed and g only.
func playArenaGame(cat *games.Catalog, game string, opts games.Options, players []arenaPlayer, seed uint64, g int) arenaGame {
	seats := len(players)
	res := arenaGame{firsts: make([]float64, seats), ranks: make([]float64, seats)}
	fail := func(err error) arenaGame { res.err = err; return res }
	t, _, err := cat.New(game, opts, seats, [2]uint64{seed + uint64(g), 17})
	if err != nil {
		return fail(fmt.Errorf("arena: %w", err))
	}
	rng := rand.New(rand.NewPCG(seed+uint64(g), 23))
	seatOf := func(p int) games.Seat { return games.Seat((p + g) % seats) } // rotate seats
	playerAt := func(s games.Seat) int { return (int(s) - g%seats + seats) % seats }
	err = playToEnd(t, rng, func(s games.Seat) (string, error) {
		p := players[playerAt(s)]
		start := time.Now()
		key, err := p.choose(t, s, rng)
		if p.kind == "ai" {
			res.thinking = append(res.thinking, time.Since(start))
		}
		return key, err
	})
	if err != nil {
		return fail(fmt.Errorf("arena: %s game %d: %w", game, g, err))
	}
	r, _ := t.Result()
	if r.GameScore != nil {
		v := float64(*r.GameScore)
		res.against = &v
	}
	for p := range players {
		s := seatOf(p)
		if int(s) < len(r.Scores) {
			if res.scores == nil {
				res.scores = make([]float64, len(players))
			}
			res.scores[p] = float64(r.Scores[s])
		}
		if int(s) < len(r.Ranks) {
			res.ranks[p] = float64(r.Ranks[s])
			if r.Ranks[s] == 1 && !r.Draw {
				res.firsts[p] = 1
			} else if r.Draw && r.Ranks[s] == 1 {
				res.firsts[p] = 0.5
			}
		}
	}
	return res
}

// lazyGC suits a batch job whose search copies are short-lived garbage
// (the arena, training): a lazier collector (unless GOGC says otherwise)
// spends a quarter less CPU on it for a little more memory.
func lazyGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// arenaProgress writes a line for each finished game, with the running
// total of the first player's first places, so that a long run shows how
// it goes and a run cut short still tells what it played. Lines come in
// the order the games finish.
type arenaProgress struct {
	mu      sync.Mutex
	out     io.Writer
	n       int
	seed    uint64
	players []arenaPlayer
	done    int
	firsts  float64
}

// report writes game g's line.
func (p *arenaProgress) report(g int, r arenaGame) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	head := fmt.Sprintf("arena: game %d of %d (seed %d), %d finished:", g+1, p.n, p.seed+uint64(g), p.done)
	if r.err != nil {
		fmt.Fprintf(p.out, "%s %v\n", head, r.err)
		return
	}
	p.firsts += r.firsts[0]
	var what string
	if len(p.players) == 1 {
		what = map[float64]string{0: "lost", 0.5: "drew", 1: "won"}[r.firsts[0]]
		what = fmt.Sprintf("player 1 %s %s with %.0f points", p.players[0].name, what, r.first())
		if r.against != nil {
			what += fmt.Sprintf(" against %.0f", *r.against)
		}
	} else {
		what = "ranks by player " + joinFloats(r.ranks)
		if len(r.scores) > 0 {
			what += " (points " + joinFloats(r.scores) + ")"
		}
	}
	fmt.Fprintf(p.out, "%s %s; player 1 first in %.1f of %d so far\n", head, what, p.firsts, p.done)
}

// runArena plays games between the given players, seats rotated, and
// prints each player's first-place rate with a 95 % interval and the
// AI's time per decision.
func runArena(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	lazyGC()
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "warpweft", "game id")
	n := fs.Int("n", 20, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	list := fs.String("players", "ai:normal,random", "one player per seat, comma separated")
	parallel := fs.Int("parallel", 1, "games played side by side (at most one per core, or the AI's clock decides more)")
	opts := optFlag{}
	fs.Var(opts, "opt", "game option key=value (repeatable), e.g. mode=ffa for Stitchcraft with 3 or more")
	if done, err := parseArgs(fs, args); done {
		return err
	}
	var players []arenaPlayer
	for _, s := range strings.Split(*list, ",") {
		p, err := parsePlayer(strings.TrimSpace(s))
		if err != nil {
			return err
		}
		players = append(players, p)
	}
	if *parallel < 1 {
		return fmt.Errorf("arena: --parallel must be at least 1")
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	seats := len(players)
	// Games are independent and each is seeded by its number, so they can
	// be played side by side: the totals are the same whatever the order.
	results := make([]arenaGame, *n)
	next := make(chan int)
	var wg sync.WaitGroup
	prog := arenaProgress{out: stderr, n: *n, seed: *seed, players: players}
	for range min(*parallel, max(*n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				results[g] = playArenaGame(cat, *game, games.Options(opts), players, *seed, g)
				prog.report(g, results[g])
			}
		}()
	}
	// A stop (Ctrl-C, SIGTERM) deals no more games: those under way
	// finish, and the summary counts the games played.
	played := 0
feed:
	for g := range *n {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- g:
			played = g + 1
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if played < *n {
		fmt.Fprintf(stderr, "arena: stopped after %d of %d games\n", played, *n)
		if played == 0 {
			return fmt.Errorf("arena: stopped before any game was played: %w", ctx.Err())
		}
		results, *n = results[:played], played
	}
	firsts := make([]float64, seats) // by player index
	ranks := make([]float64, seats)
	scores := 0.0               // seat 0's, for a solo game
	against, nAgainst := 0.0, 0 // the game's own, for a solo game
	var thinking []time.Duration
	for _, r := range results {
		if r.err != nil {
			return r.err
		}
		for p := range players {
			firsts[p] += r.firsts[p]
			ranks[p] += r.ranks[p]
		}
		scores += r.first()
		if r.against != nil {
			against += *r.against
			nAgainst++
		}
		thinking = append(thinking, r.thinking...)
	}
	if seats == 1 {
		// A one-player game is played against the game itself (Tapestry's
		// Automa): rank 1 is a win, 2 a loss, a shared win counts half.
		rate := firsts[0] / float64(*n)
		lo, hi := wilson(rate, float64(*n))
		fmt.Fprintf(stdout, "arena: %s %v, %d solo games against the game, seed %d\n", *game, games.Options(opts), *n, *seed)
		fmt.Fprintf(stdout, "  player 1 %-10s wins %5.1f%% (95%% interval %4.1f–%4.1f%%)   mean score %.1f\n",
			players[0].name, 100*rate, 100*lo, 100*hi, scores/float64(*n))
		if nAgainst == *n {
			fmt.Fprintf(stdout, "  the game's own side: mean score %.1f, margin %+.1f\n",
				against/float64(nAgainst), (scores-against)/float64(nAgainst))
		}
	} else {
		fmt.Fprintf(stdout, "arena: %s %v, %d games, seats rotated, seed %d\n", *game, games.Options(opts), *n, *seed)
	}
	for p, pl := range players {
		if seats == 1 {
			break
		}
		rate := firsts[p] / float64(*n)
		lo, hi := wilson(rate, float64(*n))
		fmt.Fprintf(stdout, "  player %d %-10s first %5.1f%% (95%% interval %4.1f–%4.1f%%)   mean rank %.2f\n",
			p+1, pl.name, 100*rate, 100*lo, 100*hi, ranks[p]/float64(*n))
	}
	if len(thinking) > 0 {
		slices.Sort(thinking)
		q := func(f float64) time.Duration { return thinking[int(f*float64(len(thinking)-1))] }
		fmt.Fprintf(stdout, "  AI time per decision: p50 %v, p99 %v (%d decisions)\n", q(.5).Round(time.Microsecond), q(.99).Round(time.Microsecond), len(thinking))
	}
	return nil
}
