package games

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"spindle/games/internal/dice"
)

// Seat identifies a player by position in turn order, 0..n-1. Two negative
// values are reserved: Chance acts at chance nodes and Spectator views the
// table with no private knowledge.
type Seat int8

const (
	// Chance is the pseudo-seat that acts at chance nodes (shuffles, rolls).
	Chance Seat = -1
	// Spectator sees only public information.
	Spectator Seat = -2
)

// String returns "chance", "spectator" or "seat N".
func (s Seat) String() string {
	switch s {
	case Chance:
		return "chance"
	case Spectator:
		return "spectator"
	}
	return fmt.Sprintf("seat %d", int(s))
}

// MaxKeyLen is the budget of a player-action key, so that a custom_id
// "t/<table>/<version>/<key>" always fits Discord's 100 characters.
const MaxKeyLen = 60

// Action is one decision (or chance outcome) with a canonical, stable ASCII
// key. ParseAction(a.Key()) must give back an equal action.
type Action interface{ Key() string }

// Options are a table's lobby choices, option key -> value.
type Options map[string]string

// OptionSpec declares one lobby option and its allowed values.
type OptionSpec struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Help    string   `json:"help,omitempty"`
	// ValueHelp describes each value in a few words (a lobby menu shows
	// it under the value); a value without one shows Help.
	ValueHelp map[string]string `json:"value_help,omitempty"`
	// ValueNames gives a value a short name shown beside it wherever the
	// value is named ("3 (the Slightly Intimidating)").
	ValueNames map[string]string `json:"value_names,omitempty"`
}

// Shown is value as a lobby names it: the value, with its short name
// when it has one.
func (o OptionSpec) Shown(value string) string {
	if n := o.ValueNames[value]; n != "" {
		return value + " (" + n + ")"
	}
	return value
}

// HelpOf is what a lobby menu shows under value: its own description, or
// the option's.
func (o OptionSpec) HelpOf(value string) string {
	if h := o.ValueHelp[value]; h != "" {
		return h
	}
	return o.Help
}

// Info describes a game to the catalog, the lobby and the harness.
type Info struct {
	// ID is the stable short name ("warpweft"), used in commands and records.
	ID string `json:"id"`
	// Title is the display name ("Warp and Weft").
	Title    string `json:"title"`
	MinSeats int    `json:"min_seats"`
	MaxSeats int    `json:"max_seats"`
	// Rules is the rules version of the state encoding. A stored table with a
	// newer version refuses to load; an older one goes through Migrator.
	Rules   int          `json:"rules"`
	Options []OptionSpec `json:"options,omitempty"`
	// MaxActions bounds the length of a game's log (player and chance
	// actions together); the harness fails a playout that goes beyond it.
	MaxActions int `json:"max_actions"`
	// KeyGrammar documents the action keys in a few lines (shown by
	// `spindle sim --keys`).
	KeyGrammar string `json:"key_grammar,omitempty"`
	// Manual is the /rules text in our own words (the game's rules.md),
	// sectioned by "## " headings.
	Manual string `json:"-"`
	// JoinOrder says the game seats players in the order they joined (its
	// rules say so): the lobby's own Seating option then defaults to the
	// order shown rather than a shuffle.
	JoinOrder bool `json:"join_order,omitempty"`
	// AIIterations, when set, replaces an AI level's iteration budget in
	// this game, by level name ("hard": 8000): a game whose search
	// iterations are cheap can spend more of the level's wall time on a
	// decision. The level's time budget still bounds every decision; only
	// a search without a clock (a reproducible run) is bound by the
	// iterations alone.
	AIIterations map[string]int `json:"-"`
	// AISoloTurns, when positive, is how many of its own turns an AI's
	// look-ahead plays at random (by the game's Weigher) past its search
	// tree before the game's evaluator judges the position, in a one-seat
	// game (solo against the game itself); the search's default is 2.
	AISoloTurns int `json:"-"`
	// AIExplore, when positive, is the exploration constant of the AI's
	// search (UCB1's) in this game; the search's default, 0.7, suits
	// rewards that are mostly wins and losses. A game whose evaluator
	// judges positions by a smooth score sets one near its rewards'
	// spread: with a spread a tenth of the default's, the default spends
	// the budget almost evenly on every move, and the tree below the root
	// plays its moves nearly at random.
	AIExplore float64 `json:"-"`
}

// Normalize checks opts against the option schema and returns a complete
// copy with defaults filled in. Unknown keys and values are errors wrapping
// ErrBadOption.
func (i Info) Normalize(opts Options) (Options, error) {
	out := Options{}
	for k, v := range opts {
		spec, ok := i.option(k)
		if !ok {
			return nil, fmt.Errorf("games: %s has no option %q: %w", i.ID, k, ErrBadOption)
		}
		if !slices.Contains(spec.Values, v) {
			return nil, fmt.Errorf("games: option %s of %s must be one of %s, not %q: %w",
				k, i.ID, strings.Join(spec.Values, ", "), v, ErrBadOption)
		}
		out[k] = v
	}
	for _, spec := range i.Options {
		if _, ok := out[spec.Key]; !ok {
			out[spec.Key] = spec.Default
		}
	}
	return out, nil
}

func (i Info) option(key string) (OptionSpec, bool) {
	for _, o := range i.Options {
		if o.Key == key {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// Event is what one applied action tells the table. Public is the log line
// everyone sees; Private holds extra lines for single seats (what they drew,
// what they peeked at). Reveal marks that hidden information became known to
// some seat, which makes the action an undo barrier.
type Event struct {
	Public  string          `json:"public,omitempty"`
	Private map[Seat]string `json:"private,omitempty"`
	Reveal  bool            `json:"reveal,omitempty"`
}

// Result is the outcome of a finished game.
type Result struct {
	// Scores has one entry per seat (nil when the game ended without scoring).
	Scores []int `json:"scores,omitempty"`
	// GameScore is, in a solo game whose own side scores (Tapestry's
	// Automa), that side's score; nil otherwise.
	GameScore *int `json:"game_score,omitempty"`
	// Ranks has one entry per seat: 1 is best, equal ranks are ties. A
	// one-seat game is played against the game itself (a solo game): its
	// seat is ranked 1 when it wins and 2 when the game wins, and Draw
	// with rank 1 is a shared win.
	Ranks []int `json:"ranks"`
	// Winners lists the seats ranked 1; empty when Draw is set.
	Winners []Seat `json:"winners,omitempty"`
	// Draw says the game ended without a winner: the seats ranked 1 (at
	// least two, or the only seat of a solo game) share a draw. Usually every seat is ranked 1; a seat
	// ranked below them lost (a free-for-all that stops at a turn limit
	// after an elimination is a draw among the survivors only).
	Draw bool `json:"draw,omitempty"`
	// Teams groups seats for team games; nil for free-for-all.
	Teams [][]Seat `json:"teams,omitempty"`
	// Reason says how the game ended: "scored", "conceded", "abandoned", ...
	Reason string `json:"reason"`
	// Lines is the score breakdown in our own words, one line each.
	Lines []string `json:"lines,omitempty"`
}

// Game is the contract every game implements. S is the full state (JSON
// encodable), A the action type and V the per-seat view type. All methods
// are deterministic and free of I/O; Sample is the only one handed chance.
type Game[S any, A Action, V any] interface {
	// Info describes the game.
	Info() Info
	// New returns the starting state for normalized options and a seat
	// count; it draws no randomness (usually ToAct is [Chance] for the deal).
	New(opts Options, seats int) (S, error)
	// ToAct lists the seats that may act now: nil when the game is over,
	// [Chance] at a chance node, several seats for reactions or
	// simultaneous choices.
	ToAct(s *S) []Seat
	// Legal lists seat's legal actions sorted by key. It is nil for a seat
	// not in ToAct, and depends only on what seat may know. At a chance node
	// Legal(s, Chance) may be nil when the outcome space is too large to
	// list; Apply then validates the outcome itself.
	Legal(s *S, seat Seat) []A
	// Sample draws a chance outcome (a whole shuffle, a roll) at a chance node.
	Sample(s *S, d *dice.Dice) A
	// Apply applies a legal action in place and runs automatic steps up to
	// the next decision. On error s is unchanged.
	Apply(s *S, seat Seat, a A) ([]Event, error)
	// View returns everything viewer may know and nothing more.
	View(s *S, viewer Seat) V
	// Result reports the outcome once the game is over.
	Result(s *S) (Result, bool)
	// ParseAction decodes a key; errors wrap ErrBadKey.
	ParseAction(key string) (A, error)
	// Label is the short button text of a from the seat's view.
	Label(v V, a A) string
}

// Cloner is implemented by a state type S (on S or *S) that can deep-copy
// itself faster than the driver's JSON round trip. Clone must return a state
// that encodes to the same JSON and shares no mutable memory (no slice
// backing array, map or pointer) with the receiver, so that applying an
// action to the copy never changes the original. The conformance harness
// checks both at every node.
type Cloner[S any] interface {
	Clone() S
}

// Conceder is implemented by games where a seat may concede at any time.
// Concede ends the game or removes the seat as the game's rules allow.
type Conceder[S any] interface {
	Concede(s *S, seat Seat) ([]Event, error)
}

// Resampler is implemented by games with hidden information, for the
// redaction-invariance test: Resample rebuilds, at random, every zone hidden
// from seat while keeping all that seat knows, and returns the new state.
type Resampler[S any] interface {
	Resample(s *S, seat Seat, d *dice.Dice) S
}

// Migrator upgrades a stored state encoded under an older rules version.
type Migrator interface {
	Migrate(state []byte, from int) ([]byte, error)
}

// UndoPolicy is implemented by games that forbid undoing some of their own
// actions beyond the driver's rules (never across chance, a reveal or
// another seat's action).
type UndoPolicy interface {
	Undoable(key string) bool
}

// Passer is implemented by games where a seat may pass. Pass returns the
// action that passes for seat now, if the game allows one; the bot uses it
// for the "skip" timeout policy and to close an expired window.
type Passer[S any, A Action] interface {
	Pass(s *S, seat Seat) (A, bool)
}

// Windower is implemented by games where a seat can be asked to answer a
// window (a reaction to another player's action, a choice in someone
// else's turn) rather than take its own turn. The bot gives windows their
// own, shorter timeout, after which it passes for the seat (Passer).
type Windower[S any] interface {
	InWindow(s *S, seat Seat) bool
}

// WindowTimer is implemented by games whose options set how long a window
// stays open (a table's reaction timeout). Without it the bot gives a
// window a quarter of the table's turn clock.
type WindowTimer[S any] interface {
	WindowTimeout(s *S) time.Duration
}

// AutoResponder is implemented by games that can answer a window for a
// player who asked to "react automatically when I can". AutoRespond looks
// only at the seat's own view and returns a legal key, or false when the
// player must decide (or should pass).
type AutoResponder[V any] interface {
	AutoRespond(v V) (string, bool)
}

// Replayer is implemented by games whose state holds a mode that was fixed
// when a table began (or was migrated) and that its log does not record,
// such as rules kept from an older version for a game begun under them.
// ReplayFrom copies that mode from the table's current state into the
// fresh state a replay starts from, so the log replays as it was played.
type Replayer[S any] interface {
	ReplayFrom(current, fresh *S)
}

// Prompter is implemented by games whose decisions want a sentence of
// context on the seat's private panel: what the seat is choosing now and
// what hangs on it ("Income turn 2: you have no resources to advance"),
// and standing facts worth keeping in mind (a civilization's ability in
// one line). Prompt reads only the seat's own view, uses name tokens for
// players, and returns "" when there is nothing to add; lines are
// separated by "\n" and the whole stays under 600 characters.
type Prompter[V any] interface {
	Prompt(v V) string
}

// Weigher is implemented by games whose uniformly random playouts would
// rarely reach the end (a game that ends only when players make progress,
// while most legal moves undo it). Weights returns one positive weight per
// action of legal, in order; random playouts (the conformance harness,
// `spindle sim --random`, the load benchmark) pick in proportion to them.
// The weights steer only random play: every legal action keeps a chance.
type Weigher[S any, A Action] interface {
	Weights(s *S, seat Seat, legal []A) []int
}

// Focuser is implemented by games some of whose decisions have an obvious
// best answer or only a few answers worth weighing (where to put a
// building, which resources to pay): Focus returns the indexes in legal,
// ascending, of the moves a search should weigh against each other, or nil
// to weigh them all. Every legal move stays legal; only search asks, so
// that its tree and playouts spend their budget on the choices that
// matter (a macro-action: a sub-decision resolved by the game's own
// judgement). weights are the game's Weigher weights of legal (nil for a
// game without one), listed once for both. It may read the whole state
// (search asks only on determinized copies) and must not change s.
type Focuser[S any, A Action] interface {
	Focus(s *S, seat Seat, legal []A, weights []int) []int
}

// Evaluator is implemented by games that can estimate, without playing on,
// how a game in progress is going: Evaluate returns one value per seat in
// [0, 1], the seat's expected share of the result as games.Result would
// reward it (1 for a sure first place, 0 for a sure last, ties and
// uncertainty in between). It may read the whole state, hidden zones
// included: search calls it only on determinized copies (Table.Determinize),
// where those zones are the searcher's own guesses. It must not change s.
// It is only ever asked about a game that is not over.
type Evaluator[S any] interface {
	Evaluate(s *S) []float64
}

// Shares turns per-seat value estimates into shares in [0, 1]: each seat's
// mean chance of finishing ahead of each other seat, that chance being a
// logistic curve of the difference in value over scale. With two seats
// the shares add up to 1; equal values give 0.5 each.
func Shares(values []float64, scale float64) []float64 {
	out := make([]float64, len(values))
	if len(values) < 2 {
		for i := range out {
			out[i] = 0.5
		}
		return out
	}
	if scale <= 0 {
		scale = 1
	}
	for i, vi := range values {
		sum := 0.0
		for j, vj := range values {
			if j != i {
				sum += 1 / (1 + math.Exp(-(vi-vj)/scale))
			}
		}
		out[i] = sum / float64(len(values)-1)
	}
	return out
}

// SharesBy is Shares of value(x) for each seat x of n, or even shares
// when the state does not hold every seat yet (ready false).
func SharesBy(n int, ready bool, value func(seat int) float64, scale float64) []float64 {
	v := make([]float64, n)
	if ready {
		for x := range v {
			v[x] = value(x)
		}
	}
	return Shares(v, scale)
}

// PickWeighted returns an index in 0..n-1 drawn with intn: uniform when
// weights is nil, in proportion to weights otherwise (a weight below 1
// counts as 1).
func PickWeighted(weights []int, n int, intn func(int) int) int {
	if len(weights) != n {
		return intn(n)
	}
	total := 0
	for _, w := range weights {
		total += max(w, 1)
	}
	r := intn(total)
	for i, w := range weights {
		if r < max(w, 1) {
			return i
		}
		r -= max(w, 1)
	}
	return n - 1
}
