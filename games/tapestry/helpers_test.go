package tapestry

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// fx is a game under test: a State set up field by field, then driven
// with explicit keys (player choices and chance outcomes alike).
type fx struct {
	t   *testing.T
	s   State
	log []string
}

// newTable starts a game of n seats without civilizations: the deal
// setup:1.2.3:0 (for 2-3 seats each number is the first mat of a pair and
// the player keeps it: mats 1, 2, 3 start on [-2,-2], [0,2], [2,0] of the
// small map; 4-5 seats get mats 1..n on the large map), then clears the
// pending work. Everyone has taken income turn 1 (era 1), holds nothing,
// the tech row is cards 0, 1, 2 and it is seat 0's turn.
func newTable(t *testing.T, n int) *fx {
	t.Helper()
	g := Game{}
	s, err := g.New(games.Options{"civilizations": "none"}, n)
	if err != nil {
		t.Fatal(err)
	}
	mats := []string{"1", "2", "3", "4", "5"}[:n]
	if _, err := g.Apply(&s, games.Chance, Action{"setup:" + strings.Join(mats, ".") + ":0"}); err != nil {
		t.Fatal(err)
	}
	for seat := 0; n <= 3 && seat < n; seat++ {
		if _, err := g.Apply(&s, games.Seat(seat), Action{"mat:" + mats[seat]}); err != nil {
			t.Fatal(err)
		}
	}
	f := &fx{t: t, s: s}
	f.s.Ask, f.s.Tasks = nil, nil
	f.s.TechRow = []int{0, 1, 2}
	f.s.TechDeck = f.s.TechDeck[3:]
	for i := range f.s.Players {
		f.s.Players[i].Era = 1
	}
	f.s.Turn = 0
	return f
}

// p is a seat's player.
func (f *fx) p(seat int) *Player { return &f.s.Players[seat] }

// settle works the task stack (auto-answering single-option player asks)
// and stops at a decision or when the stack is empty.
func (f *fx) settle() {
	f.t.Helper()
	ev := &events{}
	if err := f.s.drive(ev, false); err != nil {
		f.t.Fatal(err)
	}
	f.note(ev)
}

func (f *fx) note(ev *events) {
	for _, e := range ev.list {
		f.log = append(f.log, e.Public)
	}
}

// do answers the pending ask with key, which must be one of its options.
func (f *fx) do(key string) {
	f.t.Helper()
	a := f.s.Ask
	if a == nil {
		f.t.Fatalf("do(%q): nothing is asked", key)
	}
	if !slices.Contains(a.Opts, key) {
		f.t.Fatalf("do(%q): not an option of the %s ask of seat %d: %v", key, a.Kind, a.Seat, a.Opts)
	}
	f.s.Ask = nil
	ev := &events{}
	if err := f.s.answer(*a, key, ev); err != nil {
		f.t.Fatal(err)
	}
	f.note(ev)
	f.settle()
}

// dos answers several asks in a row.
func (f *fx) dos(keys ...string) {
	f.t.Helper()
	for _, k := range keys {
		f.do(k)
	}
}

// at checks that the pending ask is of kind for seat and returns its
// options.
func (f *fx) at(kind string, seat int) []string {
	f.t.Helper()
	a := f.s.Ask
	if a == nil {
		f.t.Fatalf("expected a %s ask of seat %d, nothing is asked", kind, seat)
	}
	if a.Kind != kind || int(a.Seat) != seat {
		f.t.Fatalf("expected a %s ask of seat %d, got %s of seat %d %v", kind, seat, a.Kind, a.Seat, a.Opts)
	}
	return a.Opts
}

// idle checks that nothing is asked and no work is left.
func (f *fx) idle() {
	f.t.Helper()
	if f.s.Ask != nil {
		f.t.Fatalf("expected nothing asked, got %s of seat %d %v", f.s.Ask.Kind, f.s.Ask.Seat, f.s.Ask.Opts)
	}
	if len(f.s.Tasks) > 0 {
		f.t.Fatalf("expected no work left, got %d tasks", len(f.s.Tasks))
	}
}

// has reports whether key is an option of the pending ask.
func (f *fx) has(key string) bool { return f.s.Ask != nil && slices.Contains(f.s.Ask.Opts, key) }

// push queues tasks and works them.
func (f *fx) push(ts ...Task) {
	f.t.Helper()
	f.s.push(ts...)
	f.settle()
}

// effs resolves effects for seat.
func (f *fx) effs(seat int, es ...Effect) {
	f.t.Helper()
	f.s.pushEffects(seat, es, nil, "test")
	f.settle()
}

// turn starts seat's turn: the turn ask (income or advances).
func (f *fx) turn(seat int) {
	f.t.Helper()
	f.s.Turn = int8(seat)
	f.s.turnAsk()
	f.settle()
}

// advance plays an advance turn of seat on tr paying pay (letters).
func (f *fx) advance(seat int, tr Track, pay string) {
	f.t.Helper()
	f.turn(seat)
	f.do("adv:" + tr.String())
	if f.s.Ask != nil && f.s.Ask.Kind == "pay" {
		f.do("pay:" + pay)
	}
}

// res sets seat's resources: coin, worker, food, culture.
func (f *fx) res(seat, c, w, fo, u int) { f.p(seat).Res = Res{c, w, fo, u} }

// tok puts seat's single token on track tr at space v.
func (f *fx) tok(seat int, tr Track, v int) { f.p(seat).Tokens[tr] = []int8{int8(v)} }

// wantRes checks seat's resources.
func (f *fx) wantRes(seat, c, w, fo, u int) {
	f.t.Helper()
	if got, want := f.p(seat).Res, (Res{c, w, fo, u}); got != want {
		f.t.Errorf("seat %d resources = %v, want %v", seat, got, want)
	}
}

// wantVP checks seat's VP.
func (f *fx) wantVP(seat, vp int) {
	f.t.Helper()
	if got := f.p(seat).VP; got != vp {
		f.t.Errorf("seat %d VP = %d, want %d", seat, got, vp)
	}
}

// wantPos checks seat's track position.
func (f *fx) wantPos(seat int, tr Track, v int) {
	f.t.Helper()
	if got := f.p(seat).Position(tr); got != v {
		f.t.Errorf("seat %d %s position = %d, want %d", seat, tr, got, v)
	}
}

// outpost adds an outpost of seat on h (toppled with down), exploring h
// with tile (when not 0) if it is not explored yet.
func (f *fx) outpost(h Hex, seat int, down bool) {
	f.t.Helper()
	tr := f.terr(h)
	tr.Outposts = append(tr.Outposts, Outpost{Seat: int8(seat), Down: down})
}

// explore puts territory tile id (rotation 0) on h.
func (f *fx) explore(h Hex, id int) {
	f.t.Helper()
	tr := f.terr(h)
	tr.Tile = id
	f.s.TerrStack = removeOne(f.s.TerrStack, id)
}

func (f *fx) terr(h Hex) *Territory {
	f.t.Helper()
	tr := f.s.Terr(h)
	if tr == nil {
		f.t.Fatalf("no hex %v on the map", h)
	}
	return tr
}

// hand gives seat these tapestry cards (by name), taken from the deck.
func (f *fx) hand(seat int, names ...string) {
	f.t.Helper()
	for _, n := range names {
		c := tapCard(f.t, n)
		f.s.TapDeck = removeOne(f.s.TapDeck, int8(c))
		f.p(seat).Hand = append(f.p(seat).Hand, int8(c))
	}
}

// slot puts a face-up card (by name) on seat's slot k.
func (f *fx) slot(seat, k int, name string) {
	f.t.Helper()
	c := tapCard(f.t, name)
	f.s.TapDeck = removeOne(f.s.TapDeck, int8(c))
	f.p(seat).Slots[k] = append(f.p(seat).Slots[k], SlotCard{Card: int8(c)})
}

// active makes a this-era card (by name) seat's active card: it is put on
// the slot of the player's era.
func (f *fx) active(seat int, name string) {
	f.t.Helper()
	f.slot(seat, f.p(seat).slotIndex(), name)
	if f.p(seat).Active() != tapCard(f.t, name) {
		f.t.Fatalf("%s is not active for seat %d", name, seat)
	}
}

// tech puts tech cards (by name) in seat's row (0 bottom, 1 middle, 2 top).
func (f *fx) tech(seat, row int, names ...string) {
	f.t.Helper()
	for _, n := range names {
		c := techCard(f.t, n)
		f.s.TechDeck = removeOne(f.s.TechDeck, c)
		f.s.TechRow = removeOne(f.s.TechRow, c)
		f.p(seat).Tech[row] = append(f.p(seat).Tech[row], c)
	}
}

// claim gives a landmark (by name) to seat, set beside its mat.
func (f *fx) claim(seat int, name string) {
	f.t.Helper()
	f.s.LandOwner[lmk(f.t, name)] = int8(seat)
}

// tiles puts territory tiles in seat's supply, taken from the stack.
func (f *fx) tiles(seat int, ids ...int) {
	for _, id := range ids {
		f.s.TerrStack = removeOne(f.s.TerrStack, id)
		f.p(seat).Tiles = append(f.p(seat).Tiles, id)
	}
}

// cover sets one plot of seat's capital.
func (f *fx) cover(seat, row, col int, code byte) {
	b := []byte(f.p(seat).Cover)
	b[row*9+col] = code
	f.p(seat).Cover = string(b)
}

// fillOpen covers every open plot of seat's capital with an armory code,
// except the plots listed (as row*9+col).
func (f *fx) fillOpen(seat int, except ...int) {
	base := Mats[f.p(seat).Mat-1].base
	b := []byte(f.p(seat).Cover)
	for i := range b {
		if base[i] == '.' && b[i] == '.' && !slices.Contains(except, i) {
			b[i] = 'a'
		}
	}
	f.p(seat).Cover = string(b)
}

func tapCard(t *testing.T, name string) int {
	t.Helper()
	i := TapIndex(name)
	if i < 0 {
		t.Fatalf("no tapestry card %q", name)
	}
	return i
}

func techCard(t *testing.T, name string) int {
	t.Helper()
	i := TechIndex(name)
	if i < 0 {
		t.Fatalf("no tech card %q", name)
	}
	return i
}

func lmk(t *testing.T, name string) int {
	t.Helper()
	i := LandmarkIndex(name)
	if i < 0 {
		t.Fatalf("no landmark %q", name)
	}
	return i
}

// face is the chance key of a science die face showing tr.
func face(tr Track) string { return "face:" + strconv.Itoa(slices.Index(ScienceDie[:], tr)) }

// roll is the chance key of a conquer roll (face indexes of dice.yaml:
// red 0..3 = 4..7 VP, 4..5 = VP per territory; black 0..3 = coin, worker,
// food, culture, 4..5 = the tile's benefit).
func roll(red, black int) string { return "dice:" + strconv.Itoa(red) + "," + strconv.Itoa(black) }

// hexKey is a map hex as a key argument.
func hexKey(h Hex) string { return strconv.Itoa(int(h.A)) + "@" + strconv.Itoa(int(h.B)) }

// card is the chance key drawing a tapestry design (by name).
func card(t *testing.T, name string) string { return "card:" + strconv.Itoa(tapCard(t, name)) }

// Hexes of the small map used by the tests.
var (
	start1  = Hex{-2, -2} // mat 1 (seat 0 of newTable)
	start2  = Hex{0, 2}   // mat 2 (seat 1)
	start3  = Hex{2, 0}   // mat 3 (seat 2)
	middle  = Hex{0, 0}   // the middle island (printed)
	printed = Hex{-1, -2} // a printed hex next to start1
)

// Effects written in tests.
func eff(do string) Effect { return Effect{Do: do} }

func advEff(track string, benefit bool, bonus string) Effect {
	return Effect{Do: "advance", Track: track, Benefit: benefit, Bonus: bonus}
}

// draws answers pending chance draws with their first outcome.
func (f *fx) draws() {
	f.t.Helper()
	for f.s.Ask != nil && f.s.Ask.Seat < 0 {
		f.do(f.s.Ask.Opts[0])
	}
}

// income starts seat's income turn (answered at once when it is the only
// choice).
func (f *fx) income(seat int) {
	f.t.Helper()
	f.turn(seat)
	if f.s.Ask != nil && f.s.Ask.Kind == "turn" {
		f.do("income")
	}
}
