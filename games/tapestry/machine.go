package tapestry

import (
	"fmt"
	"slices"
	"strings"

	"spindle/games"
)

// Task is one unit of work on the resolution stack: an operation for a
// seat with its context. Effects queue depth-first (spec §13.1): a task
// that causes others pushes them on top, so they finish before the next
// item below.
type Task struct {
	Op   string  `json:"op"`
	Seat int8    `json:"s"`
	E    *Effect `json:"e,omitempty"`
	// Track, Tok, N, Hex, Tile and Flag carry the operation's context.
	Track int8   `json:"t,omitempty"`
	Tok   int8   `json:"k,omitempty"`
	N     int    `json:"n,omitempty"`
	M     int    `json:"m,omitempty"`
	Hex   *Hex   `json:"h,omitempty"`
	Tile  int    `json:"tile,omitempty"`
	Flag  bool   `json:"f,omitempty"`
	Str   string `json:"str,omitempty"`
	List  []int  `json:"l,omitempty"`
	// Why names where an effect task comes from (a track space, a card, a
	// civilization): the cause its VP are logged with.
	Why string `json:"why,omitempty"`
}

func (t Task) clone() Task {
	if t.E != nil {
		e := t.E.clone()
		t.E = &e
	}
	if t.Hex != nil {
		h := *t.Hex
		t.Hex = &h
	}
	t.List = slices.Clone(t.List)
	return t
}

// Ask is the decision the game waits for: who answers, what about, and
// the keys they may answer with. Task is the context the answer continues.
type Ask struct {
	Kind string   `json:"kind"`
	Seat int8     `json:"s"`
	Opts []string `json:"opts"`
	// Weights are the chance outcomes' multiplicities (chance asks only).
	Weights []int `json:"w,omitempty"`
	Task    Task  `json:"task"`
	// Window marks a reaction asked of a seat out of its turn; it is never
	// answered automatically, even with one option (spec §18).
	Window bool `json:"window,omitempty"`
}

func (a Ask) clone() Ask {
	a.Opts = slices.Clone(a.Opts)
	a.Weights = slices.Clone(a.Weights)
	a.Task = a.Task.clone()
	return a
}

// run works the task stack until a decision is needed or the game ends.
// Asks with a single option for a player are answered at once.
func (s *State) run(ev *events) error { return s.drive(ev, true) }

// drive is run; with turns false it stops when the stack is empty instead
// of starting the next turn (the tests build positions with it).
func (s *State) drive(ev *events, turns bool) error {
	for guard := 0; guard < 100000; guard++ {
		s.mysticsWatch()
		if s.Ask != nil {
			a := s.Ask
			if a.Seat >= 0 && len(a.Opts) == 1 && !a.Window {
				s.Ask = nil
				if err := s.answer(*a, a.Opts[0], ev); err != nil {
					return err
				}
				continue
			}
			if len(a.Opts) == 0 {
				return fmt.Errorf("tapestry: %s asks with no options", a.Kind)
			}
			return nil
		}
		if len(s.Tasks) == 0 {
			if s.Over || !turns {
				return nil
			}
			s.nextTurn(ev)
			continue
		}
		t := s.Tasks[len(s.Tasks)-1]
		s.Tasks = s.Tasks[:len(s.Tasks)-1]
		if err := s.exec(t, ev); err != nil {
			return err
		}
	}
	return fmt.Errorf("tapestry: the task stack does not settle")
}

// push adds tasks to run next, the first given running first.
func (s *State) push(ts ...Task) {
	for i := len(ts) - 1; i >= 0; i-- {
		s.Tasks = append(s.Tasks, ts[i])
	}
}

// pushEffects queues an effect list for seat, in order. hex is the
// territory the effects are about (territory_benefit), or nil; why names
// their source, the cause of any VP they give.
func (s *State) pushEffects(seat int, effs []Effect, hex *Hex, why string) {
	ts := make([]Task, 0, len(effs))
	for i := range effs {
		e := effs[i]
		t := Task{Op: "eff", Seat: int8(seat), E: &e, Why: why}
		if hex != nil {
			h := *hex
			t.Hex = &h
		}
		ts = append(ts, t)
	}
	s.push(ts...)
}

// ask sets the pending decision.
func (s *State) ask(kind string, seat int, opts []string, t Task) {
	s.Ask = &Ask{Kind: kind, Seat: int8(seat), Opts: opts, Task: t}
}

// askChance sets a chance decision over outcomes with multiplicities.
func (s *State) askChance(kind string, opts []string, weights []int, t Task) {
	s.Ask = &Ask{Kind: kind, Seat: int8(games.Chance), Opts: opts, Weights: weights, Task: t}
}

// events collects what an action tells the table.
type events struct {
	list []games.Event
}

func (e *events) say(format string, args ...any) {
	e.list = append(e.list, games.Event{Public: fmt.Sprintf(format, args...)})
}

func (e *events) private(seat int, public, private string) {
	e.list = append(e.list, games.Event{Public: public, Private: map[games.Seat]string{games.Seat(seat): private}})
}

// who names a seat; in a solo game the bots' tokens are replaced with
// their names before the events leave Apply (soloNames).
func who(seat int) string { return games.Name(games.Seat(seat)) }

// hooks returns the era items of seat's active this-era card (and of the
// card Espionage copied).
func (s *State) hooks(seat int) []Hook {
	p := &s.Players[seat]
	if a := p.Active(); a >= 0 {
		return TapCards[a].Era
	}
	// R32: Espionage (a when-played card, so never "active" itself) takes
	// the era items of the this-era card it copied while it lies on top of
	// the current era's slot.
	if c := p.copied(); c >= 0 {
		return TapCards[c].Era
	}
	return nil
}

// hookSource names the card whose era items hooks returns: seat's active
// this-era card, or the one Espionage copied.
func (s *State) hookSource(seat int) string {
	p := &s.Players[seat]
	if a := p.Active(); a >= 0 {
		return TapCards[a].Name
	}
	if c := p.copied(); c >= 0 {
		return TapCards[c].Name
	}
	return ""
}

// rule reports whether seat's active card gives the modifier (with track
// when the rule names one; track -1 matches any).
func (s *State) rule(seat int, name string, track int) bool {
	if seat < 0 || seat >= len(s.Players) {
		return false
	}
	for _, h := range s.hooks(seat) {
		if h.Rule == name && (h.Track == "" || track < 0 || trackOf(h.Track) == Track(track)) {
			return true
		}
	}
	return false
}

// forbidden reports whether seat may not advance on track t now.
func (s *State) forbidden(seat int, t Track) bool {
	if s.rule(seat, "forbid_advance", int(t)) {
		return true
	}
	for o := range s.Players {
		if o != seat && s.Players[o].ForbidTurns > 0 && s.Players[o].Forbid == int8(t) {
			return true
		}
	}
	return false
}

// keyList sorts keys for a stable ask.
func keyList(keys []string) []string {
	slices.Sort(keys)
	return slices.Compact(keys)
}

func resKey(r Res) string {
	var b strings.Builder
	for i, n := range r {
		for range n {
			b.WriteByte("cwfu"[i])
		}
	}
	return b.String()
}

func parseResKey(k string) (Res, bool) {
	var r Res
	for i := range len(k) {
		j := strings.IndexByte("cwfu", k[i])
		if j < 0 {
			return r, false
		}
		r[j]++
	}
	return r, true
}

// resCombos lists every multiset of n units over the resources allowed.
func resCombos(n int, allowed func(Res) bool) []Res {
	var out []Res
	var rec func(i, left int, cur Res)
	rec = func(i, left int, cur Res) {
		if i == NumRes-1 {
			cur[i] = left
			if allowed == nil || allowed(cur) {
				out = append(out, cur)
			}
			return
		}
		for k := 0; k <= left; k++ {
			cur[i] = k
			rec(i+1, left-k, cur)
		}
	}
	rec(0, n, Res{})
	return out
}

// clone deep-copies an effect.
func (e Effect) clone() Effect {
	if e.Res != nil {
		r := *e.Res
		e.Res = &r
	}
	e.Tracks = slices.Clone(e.Tracks)
	e.Types = slices.Clone(e.Types)
	if e.Options != nil {
		opts := make([][]Effect, len(e.Options))
		for i, o := range e.Options {
			opts[i] = cloneEffects(o)
		}
		e.Options = opts
	}
	e.Effects = cloneEffects(e.Effects)
	return e
}

func cloneEffects(es []Effect) []Effect {
	if es == nil {
		return nil
	}
	out := make([]Effect, len(es))
	for i, e := range es {
		out[i] = e.clone()
	}
	return out
}
