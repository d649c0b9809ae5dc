package archravels

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// Test helpers. Tests build State values directly (the package's own
// fields) and then drive them through Game.Apply with action keys, so
// every step goes through the same legality check as a real table. Chance
// outcomes are scripted: a chance key ("draw:y1_R", "project:naptime") is
// applied by games.Chance.

// bowl parses a bowl written as in the spec's examples: six counts in the
// canonical order R O Y G B P, e.g. "1 1 1 1 1 1".
func bowl(t testing.TB, s string) Yarn {
	t.Helper()
	f := strings.Fields(s)
	if len(f) != NumColours {
		t.Fatalf("bowl %q: want %d counts", s, NumColours)
	}
	var y Yarn
	for i, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			t.Fatalf("bowl %q: bad count %q", s, x)
		}
		y[i] = n
	}
	return y
}

// bowlText writes a bowl the spec's way, with its total: "3 1 3 2 2 2 (13)".
func bowlText(y Yarn) string {
	parts := make([]string, NumColours)
	for i, n := range y {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ") + " (" + strconv.Itoa(y.Total()) + ")"
}

// wantBowl checks a seat's bowl against the spec's notation.
func wantBowl(t testing.TB, s *State, seat games.Seat, want string) {
	t.Helper()
	w := bowl(t, want)
	if got := s.Players[seat].Bowl; got != w {
		t.Fatalf("%s bowl = %s, want %s", s.name(seat), bowlText(got), bowlText(w))
	}
}

// want fails unless got equals want.
func want[T comparable](t testing.TB, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

// wantSlice fails unless got equals want element by element.
func wantSlice[T comparable](t testing.TB, what string, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

// items builds an item count array from "hat bear mittens scarf blanket"
// counts.
func items(hat, bear, mittens, scarf, blanket int) [NumItems]int {
	return [NumItems]int{hat, bear, mittens, scarf, blanket}
}

// fullDeck is the Yarn Deck a game of these characters starts with: the
// default yarn deck, the events, every favourite request and requests
// (the random ones).
func fullDeck(deck string, s *State, requests ...string) map[string]int {
	m := map[string]int{}
	for id, n := range Decks[deck].Copies {
		m[id] += n
	}
	for _, e := range Events {
		m[e.ID] += e.Copies
	}
	for _, f := range s.favourites() {
		m[f]++
	}
	for _, r := range requests {
		m[r]++
	}
	return m
}

// tableAt builds a game of the given characters (seat 0 first) at the
// start of seat 0's first turn: default tiles (seat i has the i-th tile of
// each type in data order, exact side up), a full classic74 Yarn Deck with
// the favourites, a Bazaar of six single-colour cards, the first three
// projects in data order on the List and the next K-3 in the Project Deck.
// Tests then set whatever fields their situation needs.
func tableAt(t testing.TB, chars ...string) State {
	t.Helper()
	s, err := Game{}.New(nil, len(chars))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range chars {
		if _, ok := CharacterOf(c); !ok {
			t.Fatalf("no character %q", c)
		}
		s.Players[i].Char = c
		for it := Bear; it <= Scarf; it++ {
			s.Players[i].Tiles[slotOf(it)] = BoardTile{Code: TilesOf(it)[i].Code}
		}
	}
	s.YarnDeck = fullDeck(DeckClassic, &s)
	s.Bazaar = [6]string{"y1_R", "y1_O", "y1_Y", "y1_G", "y1_B", "y1_P"}
	k := ProjectDeckSize[s.N]
	ids := projectIDs()
	s.List = slices.Clone(ids[:3])
	s.ProjectDeck = slices.Clone(ids[3:k])
	s.Phase, s.Active = PhSpace, 0
	return s
}

// setTiles sets a seat's tiles by code ("RRR", "BBY", "PBOY"); a trailing
// "*" marks a learned (flipped) tile.
func setTiles(t testing.TB, s *State, seat games.Seat, codes ...string) {
	t.Helper()
	if len(codes) != 3 {
		t.Fatalf("setTiles: want bear, mittens, scarf codes")
	}
	for i, c := range codes {
		learned := strings.HasSuffix(c, "*")
		c = strings.TrimSuffix(c, "*")
		if _, ok := TileOf(Bear+i, c); !ok {
			t.Fatalf("no %s tile %q", Items[Bear+i].ID, c)
		}
		s.Players[seat].Tiles[i] = BoardTile{Code: c, Learned: learned}
	}
}

// parse parses a key or fails.
func parse(t testing.TB, key string) Action {
	t.Helper()
	a, err := Game{}.ParseAction(key)
	if err != nil {
		t.Fatalf("parse %q: %v", key, err)
	}
	return a
}

// mustApply parses key and applies it for seat (games.Chance for a
// scripted chance outcome), failing the test on any error.
func mustApply(t testing.TB, s *State, seat games.Seat, key string) []games.Event {
	t.Helper()
	a := parse(t, key)
	evs, err := Game{}.Apply(s, seat, a)
	if err != nil {
		t.Fatalf("seat %d %q in phase %s: %v\nlegal: %v", seat, key, s.Phase, err, legalKeys(s, seat))
	}
	return evs
}

// chance applies scripted chance outcomes in order.
func chance(t testing.TB, s *State, keys ...string) []games.Event {
	t.Helper()
	var evs []games.Event
	for _, k := range keys {
		if ta := (Game{}).ToAct(s); !slices.Equal(ta, []games.Seat{games.Chance}) {
			t.Fatalf("chance %q: to act is %v in phase %s", k, ta, s.Phase)
		}
		evs = append(evs, mustApply(t, s, games.Chance, k)...)
	}
	return evs
}

// play applies keys in order, each by the single seat to act (chance
// included).
func play(t testing.TB, s *State, keys ...string) []games.Event {
	t.Helper()
	var evs []games.Event
	for _, k := range keys {
		ta := Game{}.ToAct(s)
		if len(ta) != 1 {
			t.Fatalf("before %q: to act %v", k, ta)
		}
		evs = append(evs, mustApply(t, s, ta[0], k)...)
	}
	return evs
}

// snapshot is the state's JSON.
func snapshot(t testing.TB, s *State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mustRefuse checks that seat may not play key now: the key parses, Legal
// does not list it, Apply fails with an error wrapping games.ErrIllegal and
// the state is unchanged.
func mustRefuse(t testing.TB, s *State, seat games.Seat, key string) {
	t.Helper()
	mustRefuseWith(t, s, seat, key, games.ErrIllegal)
}

// mustNotTurn is mustRefuse for a seat that is not to act at all.
func mustNotTurn(t testing.TB, s *State, seat games.Seat, key string) {
	t.Helper()
	mustRefuseWith(t, s, seat, key, games.ErrNotYourTurn)
}

func mustRefuseWith(t testing.TB, s *State, seat games.Seat, key string, target error) {
	t.Helper()
	a := parse(t, key)
	if seat != games.Chance && slices.Contains(legalKeys(s, seat), key) {
		t.Fatalf("%q is listed as legal for seat %d", key, seat)
	}
	before := snapshot(t, s)
	evs, err := Game{}.Apply(s, seat, a)
	if err == nil {
		t.Fatalf("seat %d %q was accepted (events %v)", seat, key, evs)
	}
	if !errors.Is(err, target) {
		t.Fatalf("seat %d %q: error %v does not wrap %v", seat, key, err, target)
	}
	if after := snapshot(t, s); after != before {
		t.Fatalf("seat %d %q: refused but the state changed", seat, key)
	}
}

// mustBadKey checks that a key does not even parse (it names something the
// grammar cannot express, e.g. learning a Hat).
func mustBadKey(t testing.TB, key string) {
	t.Helper()
	if _, err := (Game{}).ParseAction(key); !errors.Is(err, games.ErrBadKey) {
		t.Fatalf("ParseAction(%q) error = %v, want ErrBadKey", key, err)
	}
}

// legalKeys lists seat's legal keys.
func legalKeys(s *State, seat games.Seat) []string {
	var out []string
	for _, a := range (Game{}).Legal(s, seat) {
		out = append(out, a.Key())
	}
	return out
}

// toAct is the single seat to act.
func toAct(t testing.TB, s *State) games.Seat {
	t.Helper()
	ta := Game{}.ToAct(s)
	if len(ta) != 1 {
		t.Fatalf("to act %v", ta)
	}
	return ta[0]
}

// wantLegal checks that every key is legal for seat.
func wantLegal(t testing.TB, s *State, seat games.Seat, keys ...string) {
	t.Helper()
	legal := legalKeys(s, seat)
	for _, k := range keys {
		if !slices.Contains(legal, k) {
			t.Fatalf("%q is not legal for seat %d; legal: %v", k, seat, legal)
		}
	}
}

// withPrefix lists the keys with a prefix.
func withPrefix(keys []string, prefix string) []string {
	var out []string
	for _, k := range keys {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

// noMakes checks that seat has no make (nor pay) among its legal keys.
func noMakes(t testing.TB, s *State, seat games.Seat) {
	t.Helper()
	legal := legalKeys(s, seat)
	if m := append(withPrefix(legal, "make:"), withPrefix(legal, "pay:")...); len(m) > 0 {
		t.Fatalf("seat %d may craft: %v", seat, m)
	}
}

// logText joins the events' public lines.
func logText(evs []games.Event) string {
	var parts []string
	for _, e := range evs {
		parts = append(parts, e.Public)
	}
	return strings.Join(parts, "\n")
}

// quietTurn plays a turn that does nothing: the space, EndActions and
// EndTurn. Empty Bazaar positions are first filled with Orange 1s, so the
// restock draws nothing; the List must be full.
func quietTurn(t testing.TB, s *State, space int) {
	t.Helper()
	for i, c := range s.Bazaar {
		if c == "" {
			s.Bazaar[i] = "y1_O"
		}
	}
	seat := toAct(t, s)
	mustApply(t, s, seat, "space:"+strconv.Itoa(space))
	mustApply(t, s, seat, "end")
	want(t, "phase after a quiet restock", s.Phase, PhStock)
	mustApply(t, s, seat, "end")
	want(t, "phase after a quiet turn", s.Phase, PhSpace)
}

// atActions puts the active seat on space k with the turn fields reset, as
// if it had just chosen the space.
func atActions(t testing.TB, s *State, k int) {
	t.Helper()
	want(t, "phase before choosing a space", s.Phase, PhSpace)
	mustApply(t, s, s.Active, "space:"+strconv.Itoa(k))
}

// atStock puts the state in P4 (restock actions) of the active player's
// turn.
func atStock(s *State) {
	s.resetTurn()
	s.Space = 1
	s.Phase = PhStock
}

// atResolve puts the given cards on the Bazaar positions (1-6) as if this
// restock had just revealed them, ready to resolve in position order; the
// other positions are filled with Orange 1s where empty.
func atResolve(t testing.TB, s *State, cards map[int]string) []games.Event {
	t.Helper()
	s.resetTurn()
	s.Space = 1
	for pos, id := range cards {
		if CardKind(id) == "" {
			t.Fatalf("no card %q", id)
		}
		s.Bazaar[pos-1] = id
	}
	for i, c := range s.Bazaar {
		if c == "" {
			s.Bazaar[i] = "y1_O"
		}
	}
	s.Phase = PhRestock
	evs := advance(s)
	if s.Phase != PhResolve && s.Phase != PhStock {
		t.Fatalf("phase %s after placing the cards", s.Phase)
	}
	return evs
}

// score is a seat's total.
func score(s *State, seat games.Seat) int { return ScoreOf(&s.Players[seat]).Total }

// setupThrough runs the setup chance steps of a new game up to the
// opening Bazaar: characters (random mode: the given ids), tiles (seat i
// the i-th tile of each type) and the given random requests.
func setupThrough(t testing.TB, opts games.Options, chars []string, requests []string) State {
	t.Helper()
	s, err := Game{}.New(opts, len(chars))
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase == PhChoose {
		for i, c := range chars {
			mustApply(t, &s, games.Seat(i), "char:"+c)
		}
	} else {
		chance(t, &s, "chars:"+strings.Join(chars, ","))
	}
	for it := Bear; it <= Scarf; it++ {
		var codes []string
		for i := range chars {
			codes = append(codes, TilesOf(it)[i].Code)
		}
		chance(t, &s, "tiles:"+Items[it].ID+"@"+strings.Join(codes, "."))
	}
	chance(t, &s, "requests:"+strings.Join(requests, ","))
	want(t, "phase", s.Phase, PhBazaar)
	return s
}
