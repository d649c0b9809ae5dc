package tapestry

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// Solo play (spec §17): worked examples K and L, the decision-card cases,
// the Automa on the map, the bots' income turns, achievements, the end.

// Hexes of the small map in a solo game.
var (
	humanStart  = Hex{0, 2} // 2/4
	automaStart = Hex{2, 0} // 3/5
)

// newSolo starts a solo game at level: the deal "setup:2:0" (the human
// keeps the Wetland capital, mat 2, starts on 2/4 and goes first), the
// Automa's favourite fav (its civ side follows), the Shadow Empire's
// shadow, progress card 8 shuffled into the decision deck (cards 1-8) and
// at level 6 the first second civ side offered. Then the pending work is
// cleared: the tech row is cards 0, 1, 2, everyone is in era 1 with the
// bots' income turn 1 taken (nothing in the trap stock), it is the
// human's turn and no decision pair is out.
func newSolo(t *testing.T, level int, fav, shadow Track) *fx {
	t.Helper()
	g := Game{}
	s, err := g.New(games.Options{"civilizations": "none", "automa_level": strconv.Itoa(level)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	play := func(seat games.Seat, key string) {
		t.Helper()
		if _, err := g.Apply(&s, seat, Action{key}); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
	}
	play(games.Chance, "setup:2:0")
	play(games.Chance, face(fav))
	play(games.Chance, face(shadow))
	play(games.Chance, "dc:8")
	if level == 6 {
		play(0, s.Ask.Opts[0])
	}
	play(0, "mat:2")
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

// solo is the game's bots.
func (f *fx) solo() *Solo { return f.s.Solo }

// pair lays a decision pair face up (its cards out of the deck).
func (f *fx) pair(track, tie int) {
	so := f.solo()
	so.Deck = removeOne(removeOne(so.Deck, int8(track)), int8(tie))
	so.Pair = [2]int8{int8(track), int8(tie)}
	so.Tie = int8(tie)
}

// botTurn runs the bots' turn.
func (f *fx) botTurn() {
	f.t.Helper()
	f.s.Turn = Automa
	f.push(Task{Op: "solo_turn", Seat: Automa})
}

// dc is the chance key of a decision card.
func dc(n int) string { return "dc:" + strconv.Itoa(n) }

// wantLog fails unless the log holds a line containing text.
func (f *fx) wantLog(text string) {
	f.t.Helper()
	for _, l := range f.log {
		if strings.Contains(botNames(l), text) {
			return
		}
	}
	f.t.Errorf("no log line has %q in:\n%s", text, strings.Join(f.log, "\n"))
}

// TestSoloSetup: §17.1-§17.2: the 37-card deck, the starting territories,
// the bots' supplies, the favourites and the decks.
func TestSoloSetup(t *testing.T) {
	g := Game{}
	s, err := g.New(games.Options{"automa_level": "6"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Players) != 3 || s.Seats != 1 || s.Large || len(s.TapDeck) != 37 {
		t.Fatalf("%d players, %d seats, large %v, %d tapestry cards", len(s.Players), s.Seats, s.Large, len(s.TapDeck))
	}
	traps := 0
	for _, c := range s.TapDeck {
		if int(c) == TrapCard {
			traps++
		}
		if slices.Contains(SoloRemoved, TapCards[c].Name) {
			t.Errorf("%s is in the solo deck", TapCards[c].Name)
		}
	}
	if traps != 5 {
		t.Errorf("%d Traps in the solo deck, want 5", traps)
	}
	for _, k := range []string{"setup:3:1", face(Military)} {
		if _, err := g.Apply(&s, games.Chance, Action{k}); err != nil {
			t.Fatal(err)
		}
	}
	// The Shadow Empire rerolls until it differs from the Automa's track.
	for _, o := range s.Ask.Opts {
		if n, _ := strconv.Atoi(strings.TrimPrefix(o, "face:")); ScienceDie[n] == Military {
			t.Errorf("the Shadow Empire may roll military again: %v", s.Ask.Opts)
		}
	}
	for _, k := range []string{face(Science), dc(15)} {
		if _, err := g.Apply(&s, games.Chance, Action{k}); err != nil {
			t.Fatal(err)
		}
	}
	// Level 6: the human picks the Automa's second civ side.
	if s.Ask.Kind != "solo_civ" || s.Ask.Seat != 0 || len(s.Ask.Opts) != 3 || slices.Contains(s.Ask.Opts, "side:conquerors") {
		t.Fatalf("ask %s of %d: %v", s.Ask.Kind, s.Ask.Seat, s.Ask.Opts)
	}
	if _, err := g.Apply(&s, 0, Action{"side:engineers"}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(&s, 0, Action{"mat:5"}); err != nil {
		t.Fatal(err)
	}
	so := s.Solo
	if so.Fav != [2]int8{int8(Military), int8(Science)} || len(so.Civ) != 2 || AutomaCivs[so.Civ[0]].Side != "Conquerors" || AutomaCivs[so.Civ[1]].Side != "Engineers" {
		t.Errorf("favourites %v, civ sides %v", so.Fav, so.Civ)
	}
	if !slices.Equal(so.Deck, []int8{1, 2, 3, 4, 5, 6, 7, 15}) || len(so.Progress) != 14 || slices.Contains(so.Progress, 15) {
		t.Errorf("decision deck %v, progress %v", so.Deck, so.Progress)
	}
	if c := s.Terr(humanStart).Controller(); c != 0 || s.Players[0].Mat != 5 {
		t.Errorf("2/4 held by %d; the human's capital is %d", c, s.Players[0].Mat)
	}
	if tr := s.Terr(automaStart); tr.Controller() != Automa || len(tr.Outposts) != 2 {
		t.Errorf("3/5 holds %v", tr.Outposts)
	}
	if s.Players[Automa].Outposts != 8 || s.Players[Shadow].Outposts != 10 || s.Terr(Hex{-2, -2}).Outposts != nil {
		t.Errorf("supplies %d and %d", s.Players[Automa].Outposts, s.Players[Shadow].Outposts)
	}
	if s.Turn != Automa || s.First != Automa {
		t.Errorf("the bots should go first: turn %d", s.Turn)
	}
	// The tech row is dealt, then the bots' first turn is their income
	// turn 1: at level 6 one card into the trap stock, nothing else.
	for s.Ask.Kind == "draw_row" {
		if _, err := g.Apply(&s, games.Chance, Action{s.Ask.Opts[0]}); err != nil {
			t.Fatal(err)
		}
	}
	if s.Ask.Kind != "solo_stock" || s.Players[Automa].Era != 1 || s.Players[Shadow].Era != 1 {
		t.Fatalf("ask %s, bot eras %d %d", s.Ask.Kind, s.Players[Automa].Era, s.Players[Shadow].Era)
	}
	if _, err := g.Apply(&s, games.Chance, Action{s.Ask.Opts[0]}); err != nil {
		t.Fatal(err)
	}
	// The human's income turn 1 follows at once (its only choice).
	if s.Players[0].Era != 1 || len(s.Solo.Stock) != 1 || s.Players[Automa].VP != 0 || s.Solo.Pair != [2]int8{} {
		t.Errorf("after the bots' income turn 1: human era %d, stock %v", s.Players[0].Era, s.Solo.Stock)
	}
}

// TestExampleK_AutomaIncomeTurn3 is worked example K: the Engineers at
// level 2 score 2 + 28 + 3 = 33 VP on their third income turn; then two
// progress cards join the discard, a card goes face down onto slot 3, one
// into the trap stock, and the decision deck is rebuilt.
func TestExampleK_AutomaIncomeTurn3(t *testing.T) {
	f := newSolo(t, 2, Technology, Science)
	if civ := AutomaCivs[f.solo().Civ[0]].Side; civ != "Engineers" {
		t.Fatalf("the Automa plays the %s", civ)
	}
	a := f.p(Automa)
	a.Era, f.p(Shadow).Era, f.p(0).Era = 2, 2, 2
	f.outpost(Hex{2, 1}, Automa, false)
	f.outpost(Hex{3, 0}, Automa, false)
	f.claim(Automa, "Forge")
	f.claim(Automa, "Barracks")
	f.tok(Automa, Military, 5)
	f.tok(Automa, Science, 4)
	f.tok(Automa, Exploration, 6)
	f.tok(Automa, Technology, 3)
	if n := f.s.Controlled(Automa); n != 3 {
		t.Fatalf("the Automa controls %d territories", n)
	}
	so := f.solo()
	f.pair(1, 2)
	so.Discard = so.Deck
	so.Deck = nil
	f.push(Task{Op: "solo_income"})
	f.wantVP(Automa, 33)
	f.at("solo_progress", -1)
	f.dos(dc(9), dc(10))
	f.at("solo_slot", -1)
	f.do(card(t, "Trap"))
	f.at("solo_stock", -1)
	f.do(card(t, "Capitalism"))
	f.idle()
	if a.Era != 3 || len(a.Slots[3]) != 1 || !a.Slots[3][0].Down || len(so.Stock) != 1 {
		t.Errorf("era %d, slot 3 %v, stock %v", a.Era, a.Slots[3], so.Stock)
	}
	want := []int8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if !slices.Equal(so.Deck, want) || len(so.Discard) != 0 || so.Pair != [2]int8{} {
		t.Errorf("deck %v discard %v pair %v; want the deck %v", so.Deck, so.Discard, so.Pair, want)
	}
}

// TestExampleL_HexTiebreaker is worked example L: with tiebreaker card 1
// the row a = -1 comes before the row a = 1.
func TestExampleL_HexTiebreaker(t *testing.T) {
	f := newSolo(t, 2, Military, Science)
	f.solo().Tie = 1
	if h := f.s.tiebreakHex([]Hex{{1, -1}, {-1, 1}}); h != (Hex{-1, 1}) {
		t.Errorf("tiebreaker picks %v, want -1,1", h)
	}
	// Within a row, b ascending.
	if h := f.s.tiebreakHex([]Hex{{0, 1}, {0, -1}, {1, -1}}); h != (Hex{0, -1}) {
		t.Errorf("tiebreaker picks %v, want 0,-1", h)
	}
}

// trackCase is one decision-card case: the bots' positions, the track
// card's indicators and the tiebreaker card, and the tracks chosen.
type trackCase struct {
	name           string
	automa, shadow [NumTracks]int
	track, tie     int
	wantA, wantS   Track
}

func checkTracks(t *testing.T, cases []trackCase, setup func(f *fx)) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newSolo(t, 2, Exploration, Science)
			if setup != nil {
				setup(f)
			}
			for tr := range Track(NumTracks) {
				f.tok(Automa, tr, c.automa[tr])
				f.tok(Shadow, tr, c.shadow[tr])
			}
			card := DecisionCards[c.track-1]
			tie := DecisionCards[c.tie-1]
			if got, ok := f.s.botTrack(Automa, card.AutomaTrack, tie); !ok || got != c.wantA {
				t.Errorf("the Automa (%s) takes %v, want %v", card.AutomaTrack, got, c.wantA)
			}
			if got, ok := f.s.botTrack(Shadow, card.ShadowTrack, tie); !ok || got != c.wantS {
				t.Errorf("the Shadow Empire (%s) takes %v, want %v", card.ShadowTrack, got, c.wantS)
			}
		})
	}
}

// TestSoloTrackIndicatorAny: "any" makes every unfinished track valid;
// the Automa reads the tiebreaker card's order from the first entry, the
// Shadow Empire from the last (§17.4).
func TestSoloTrackIndicatorAny(t *testing.T) {
	checkTracks(t, []trackCase{
		// Card 7: both any. Card 2's order: military, exploration,
		// favourite, science, technology.
		{"fresh", [4]int{}, [4]int{}, 7, 2, Military, Technology},
		{"complete tracks are never valid", [4]int{0, 0, 0, 12}, [4]int{0, 0, 12, 0}, 7, 2, Exploration, Science},
		// Card 1's order starts with the favourite: the Automa's is
		// exploration; read backwards the Shadow Empire meets science.
		{"favourite first", [4]int{}, [4]int{}, 7, 1, Exploration, Science},
	}, nil)
}

// TestSoloTrackIndicatorNearestEnd: "nearest_end" keeps the unfinished
// tracks with the highest position.
func TestSoloTrackIndicatorNearestEnd(t *testing.T) {
	checkTracks(t, []trackCase{
		// Card 1: the Automa nearest_end, the Shadow any; card 2 breaks ties.
		{"one highest", [4]int{3, 5, 4, 2}, [4]int{}, 1, 2, Science, Technology},
		// Science and technology tie at 5: card 2 lists science first.
		{"tie", [4]int{3, 5, 5, 2}, [4]int{}, 1, 2, Science, Technology},
		{"a complete track is ignored", [4]int{3, 12, 5, 2}, [4]int{}, 1, 2, Technology, Technology},
		// Card 3: the Shadow nearest_end; reading card 2 backwards it
		// meets technology first.
		{"shadow", [4]int{}, [4]int{6, 1, 6, 6}, 3, 2, Military, Technology},
	}, nil)
}

// TestSoloTrackIndicatorNearestLandmarkOrEnd: the smallest distance to an
// unclaimed landmark ahead (4, 7, 10) or to space 12.
func TestSoloTrackIndicatorNearestLandmarkOrEnd(t *testing.T) {
	// Card 4: the Automa nearest_landmark_or_end, the Shadow any; card 3's
	// order: science, technology, military, exploration, favourite.
	checkTracks(t, []trackCase{
		{"landmarks ahead", [4]int{3, 6, 2, 11}, [4]int{}, 4, 3, Science, Science},
		{"the landmark is nearer than the end", [4]int{0, 0, 5, 11}, [4]int{}, 4, 3, Military, Science},
	}, nil)
	// With the Academy (science 7) claimed, science's next is the
	// Laboratory at 10: exploration and military stay at distance 1.
	checkTracks(t, []trackCase{
		{"a claimed landmark is passed", [4]int{3, 6, 2, 11}, [4]int{}, 4, 3, Military, Science},
	}, func(f *fx) { f.claim(0, "Academy") })
	// Every landmark claimed: the distance is to space 12.
	checkTracks(t, []trackCase{
		{"no landmark left", [4]int{9, 6, 10, 2}, [4]int{}, 4, 3, Technology, Science},
	}, func(f *fx) {
		for i := range f.s.LandOwner {
			f.s.LandOwner[i] = 0
		}
	})
}

// TestSoloBotTurn: a bot turn discards the previous pair, draws the track
// card then the tiebreaker card (chance steps), and each bot advances
// once: the Automa with its benefits, the Shadow Empire without.
func TestSoloBotTurn(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.botTurn()
	f.at("solo_draw", -1)
	f.do(dc(7)) // any / any
	f.do(dc(3)) // order: science, technology, military, exploration, favourite
	// The Automa takes science: Astronomy, a research with X.
	f.at("solo_roll", -1)
	f.do(face(Military))
	f.idle()
	f.wantPos(Automa, Science, 1)
	f.wantPos(Automa, Military, 1) // Archery without its conquer (research with X)
	if n := f.p(Automa).Outposts; n != 8 {
		t.Errorf("the Automa conquered: %d outposts left", n)
	}
	// Backwards: favourite first, the Shadow Empire's technology.
	f.wantPos(Shadow, Technology, 1)
	so := f.solo()
	if so.Pair != [2]int8{7, 3} || so.Tie != 3 || len(so.Deck) != 6 || f.s.Turn != 0 {
		t.Errorf("pair %v tie %d deck %v turn %d", so.Pair, so.Tie, so.Deck, f.s.Turn)
	}
	// The next bot turn discards the pair first.
	f.botTurn()
	f.at("solo_draw", -1)
	if !slices.Equal(so.Discard, []int8{7, 3}) || so.Pair != [2]int8{} {
		t.Errorf("discard %v pair %v", so.Discard, so.Pair)
	}
}

// TestSoloIncomeIcon: when the draw empties the deck and the track card
// shows the income icon, the bots take an income turn instead of
// advancing; without the icon they advance, and their next turn (an
// empty deck) is the income turn, the pair staying in place until it
// joins the new deck.
func TestSoloIncomeIcon(t *testing.T) {
	f := newSolo(t, 1, Exploration, Technology)
	so := f.solo()
	so.Discard = []int8{3, 4, 5, 6, 7, 8}
	so.Deck = []int8{1, 2}
	f.botTurn()
	f.dos(dc(1), dc(2)) // card 1 shows the income icon
	f.at("solo_progress", -1)
	if f.p(Automa).Era != 2 || f.p(Automa).Position(Military)+f.p(Shadow).Position(Military) != 0 {
		t.Fatalf("era %d", f.p(Automa).Era)
	}

	f = newSolo(t, 1, Exploration, Technology)
	so = f.solo()
	so.Discard = []int8{1, 2, 4, 6, 7, 8}
	so.Deck = []int8{3, 5}
	f.botTurn()
	f.dos(dc(5), dc(3))     // card 5: no income icon; the Automa any, the Shadow nearest_landmark_or_end
	f.do(face(Exploration)) // Astronomy's research
	f.idle()
	if f.p(Automa).Era != 1 || so.Pair != [2]int8{5, 3} {
		t.Fatalf("era %d pair %v", f.p(Automa).Era, so.Pair)
	}
	emptyDeckTurn(t, f)
}

// emptyDeckTurn checks that, with the deck empty the bots' turn is an income
// turn at once; the previous pair joins the new deck.
func emptyDeckTurn(t *testing.T, f *fx) {
	t.Helper()
	so := f.solo()
	f.botTurn()
	f.at("solo_progress", -1)
	if f.p(Automa).Era != 2 || so.Pair != [2]int8{5, 3} {
		t.Fatalf("era %d pair %v", f.p(Automa).Era, so.Pair)
	}
	f.dos(dc(9), dc(10))
	f.at("solo_slot", -1)
	f.do(card(t, "Capitalism")) // level 1: no trap stock draw
	f.idle()
	if want := []int8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}; !slices.Equal(so.Deck, want) || so.Pair != [2]int8{} {
		t.Errorf("deck %v pair %v", so.Deck, so.Pair)
	}
}

// TestSoloEmptyDeck: an empty deck at the start of the bots' turn.
func TestSoloEmptyDeck(t *testing.T) {
	f := newSolo(t, 1, Exploration, Technology)
	so := f.solo()
	f.pair(5, 3)
	so.Discard = so.Deck
	so.Deck = nil
	emptyDeckTurn(t, f)
}

// soloMap readies a map for the Automa's conquests: the human also holds
// hexes (explored with tiles when unexplored), the Automa too.
func (f *fx) hold(seat int, hs ...Hex) {
	for i, h := range hs {
		if !f.terr(h).Explored() {
			f.explore(h, 40+i+3*seat)
		}
		f.outpost(h, seat, false)
	}
}

// TestSoloToppleIcon: without the topple icon the Automa's neutral
// conquest avoids hexes next to the human's territories and adds nothing;
// with it, it may go there and a toppled Shadow Empire outpost joins its
// own (§17.8).
func TestSoloToppleIcon(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hold(0, Hex{1, 1})
	f.solo().Tie = 2 // no topple icon
	f.push(Task{Op: "solo_conquer", Seat: Automa})
	// [1,0] (next to the middle island) and [2,1] touch the human's
	// [1,1]: [1,-1] is the nearest to the middle island left.
	f.idle()
	tr := f.terr(Hex{1, -1})
	if tr.Controller() != Automa || len(tr.Outposts) != 1 {
		t.Fatalf("[1,-1] holds %v", tr.Outposts)
	}

	f = newSolo(t, 2, Exploration, Technology)
	f.hold(0, Hex{1, 1})
	f.solo().Tie = 1 // topple icon
	f.push(Task{Op: "solo_conquer", Seat: Automa})
	// [1,0], unexplored and next to the middle island: a tile, turned at
	// random.
	f.at("solo_tile", -1)
	f.do("id:5")
	f.at("solo_rot", -1)
	f.do("rot:4")
	f.idle()
	tr = f.terr(Hex{1, 0})
	if tr.Tile != 5 || tr.Rot != 4 || tr.Controller() != Automa || len(tr.Outposts) != 2 || !tr.Outposts[1].Down || tr.Outposts[1].Seat != Shadow {
		t.Fatalf("[1,0]: tile %d rot %d outposts %v", tr.Tile, tr.Rot, tr.Outposts)
	}
	if f.p(Shadow).Outposts != 9 || f.p(Automa).Outposts != 7 {
		t.Errorf("supplies %d %d", f.p(Shadow).Outposts, f.p(Automa).Outposts)
	}
}

// TestSoloShadowEmpire: the Shadow Empire gains no benefit, its landmarks
// go to the Automa, and completing a track takes an achievement slot
// without VP (§17.1, §17.6).
func TestSoloShadowEmpire(t *testing.T) {
	f := newSolo(t, 2, Exploration, Military)
	f.tok(Shadow, Military, 0)
	f.push(Task{Op: "solo_move", Seat: Shadow, Track: int8(Military), Flag: true})
	f.idle() // Archery: no conquer for the Shadow Empire
	f.tok(Shadow, Exploration, 3)
	f.push(Task{Op: "solo_move", Seat: Shadow, Track: int8(Exploration)})
	if o := f.s.LandOwner[lmk(t, "Lighthouse")]; o != Automa {
		t.Errorf("the Lighthouse belongs to %d", o)
	}
	if n := f.s.count(Automa, "landmarks", ""); n != 1 {
		t.Errorf("the Automa owns %d landmarks", n)
	}
	f.tok(Shadow, Science, 11)
	f.push(Task{Op: "solo_move", Seat: Shadow, Track: int8(Science)})
	f.wantVP(Shadow, 0)
	if !slices.Equal(f.s.Claims[0], []int8{Shadow}) {
		t.Errorf("claims %v", f.s.Claims[0])
	}
	// The next to complete a track gets the second slot: 5 VP.
	f.tok(Automa, Technology, 11)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Technology)})
	f.wantVP(Automa, 5)
	f.tok(0, Science, 11)
	f.res(0, 0, 2, 0, 0)
	f.advance(0, Science, "ww")
	for f.s.Ask != nil {
		f.do(f.s.Ask.Opts[0])
	}
	f.wantVP(0, 0) // no slot left (1-3 players: two slots)
}

// TestAutomaConquersHuman: the Automa conquers the human's territory
// nearest the middle island; the human may answer with a Trap (a window
// like any other), which topples the Automa's outpost and gives 1 any
// resource. The Automa rolls no dice (§17.8).
func TestAutomaConquersHuman(t *testing.T) {
	for _, trap := range []bool{true, false} {
		f := newSolo(t, 2, Exploration, Technology)
		f.hold(0, Hex{1, 0}, Hex{2, 1})
		f.hand(0, "Trap")
		f.solo().Tie = 3
		f.push(Task{Op: "solo_conquer", Seat: Automa})
		f.at("trap", 0)
		if !f.s.Ask.Window || !f.has("notrap") {
			t.Fatalf("the trap ask is not a window: %+v", f.s.Ask)
		}
		tr := f.terr(Hex{1, 0}) // next to the middle island
		if trap {
			f.do("trap")
			f.at("gain_any", 0)
			f.do("gain:c")
			f.idle()
			if tr.Controller() != 0 || !tr.Outposts[1].Down || f.p(0).Res[Coin] != 1 {
				t.Errorf("trapped: %v, coin %d", tr.Outposts, f.p(0).Res[Coin])
			}
		} else {
			f.do("notrap")
			f.idle()
			if tr.Controller() != Automa || !tr.Outposts[0].Down {
				t.Errorf("not trapped: %v", tr.Outposts)
			}
		}
		if f.p(Automa).Outposts != 7 || f.s.Red != -1 {
			t.Errorf("outposts %d, dice %d", f.p(Automa).Outposts, f.s.Red)
		}
	}
}

// TestAutomaConquerVoid: no outpost left, no conquest.
func TestAutomaConquerVoid(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hold(0, Hex{1, 0})
	f.p(Automa).Outposts = 0
	f.solo().Tie = 3
	f.push(Task{Op: "solo_conquer", Seat: Automa})
	f.idle()
	if f.terr(Hex{1, 0}).Controller() != 0 {
		t.Error("the Automa conquered without an outpost")
	}
}

// TestAutomaConquerNeutralNearHuman: with the human's territories
// holding one item, the neutral conquest goes as near them as it can.
func TestAutomaConquerNeutralNearHuman(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	// The middle island is taken: no middle-island filter.
	f.hold(0, Hex{-1, -1})
	f.outpost(middle, 0, false)
	f.solo().Tie = 1 // topple icon: hexes next to the human allowed
	f.push(Task{Op: "solo_conquer", Seat: Automa})
	// [1,0] touches the middle island, which the human holds alone.
	f.at("solo_tile", -1)
	f.dos("id:5", "rot:0")
	f.idle()
	if f.terr(Hex{1, 0}).Controller() != Automa {
		t.Errorf("[1,0] holds %v", f.terr(Hex{1, 0}).Outposts)
	}
}

// TestAutomaExplore: the Automa explores next to its territories, as far
// from the human as it can — unless its favourite is military, when the
// tiebreaker alone decides. No VP, no benefit, no control.
func TestAutomaExplore(t *testing.T) {
	for _, c := range []struct {
		fav  Track
		want Hex
	}{{Exploration, Hex{2, -1}}, {Military, Hex{1, 0}}} {
		f := newSolo(t, 2, c.fav, Technology)
		f.solo().Tie = 1 // rows by a: [1,0] first
		f.push(Task{Op: "solo_explore", Seat: Automa})
		f.at("solo_tile", -1)
		f.dos("id:7", "rot:2")
		f.idle()
		tr := f.terr(c.want)
		if tr.Tile != 7 || tr.Rot != 2 || len(tr.Outposts) != 0 {
			t.Errorf("favourite %v: %v holds tile %d", c.fav, c.want, tr.Tile)
		}
		f.wantVP(Automa, 0)
	}
}

// TestAutomaTrapStock: when the human conquers the Automa's territory,
// the Automa discards its face-down cards at random until a Trap comes
// up; then the human's outpost goes in toppled and the Automa gains
// nothing else; the human still rolls. Without a Trap the conquest
// succeeds.
func TestAutomaTrapStock(t *testing.T) {
	for _, trap := range []bool{true, false} {
		f := newSolo(t, 2, Exploration, Technology)
		f.hold(Automa, Hex{1, 0})
		f.hold(0, Hex{1, 1})
		so := f.solo()
		so.Stock = []int8{int8(tapCard(t, "Capitalism"))}
		if trap {
			so.Stock = append(so.Stock, int8(TrapCard))
		}
		f.s.TapDeck = nil
		f.effs(0, eff("conquer"))
		f.do("hex:1@0")
		f.at("solo_trap", -1)
		f.do(card(t, "Capitalism"))
		if trap {
			f.at("solo_trap", -1)
			f.do(card(t, "Trap"))
		}
		f.at("conquer_roll", -1)
		f.do(roll(0, 0))
		f.do("die:red")
		f.idle()
		tr := f.terr(Hex{1, 0})
		f.wantVP(0, 4)
		if len(so.Stock) != 0 || len(f.s.TapDiscard) != 1+btoi(trap) {
			t.Errorf("stock %v discard %v", so.Stock, f.s.TapDiscard)
		}
		if trap && (tr.Controller() != Automa || !tr.Outposts[1].Down) || !trap && tr.Controller() != 0 {
			t.Errorf("trap %v: %v", trap, tr.Outposts)
		}
	}
}

// soloIncome runs the bots' income turn n at level with a pair out and
// the deck empty, answering the chance steps with their first outcome; it
// returns the number of progress cards moved.
func soloIncome(t *testing.T, level, n int) (*fx, int) {
	f := newSolo(t, level, Technology, Exploration)
	f.p(Automa).Era, f.p(Shadow).Era = int8(n-1), int8(n-1)
	f.p(0).Era = int8(n)
	f.pair(7, 3)
	so := f.solo()
	so.Discard, so.Deck = so.Deck, nil
	f.push(Task{Op: "solo_income"})
	progress := 0
	for f.s.Ask != nil {
		if f.s.Ask.Kind == "solo_progress" {
			progress++
		}
		f.do(f.s.Ask.Opts[0])
	}
	return f, progress
}

// TestR16_IncomeTurnsByLevel: the per-level differences (§17.9, R16):
// income turn 1 draws a trap-stock card from level 2; the progress cards
// added on turns 3-4 (2, 4 from level 3, 6 from level 5); the income
// advance of both bots from level 3 (R17).
func TestR16_IncomeTurnsByLevel(t *testing.T) {
	for level := 1; level <= 6; level++ {
		f, _ := soloIncome(t, level, 1)
		if got := len(f.solo().Stock); got != btoi(level >= 2) || f.solo().Pair == ([2]int8{}) {
			t.Errorf("level %d, income turn 1: stock %d, pair %v", level, got, f.solo().Pair)
		}
		f, k := soloIncome(t, level, 3)
		want := map[int]int{1: 2, 2: 2, 3: 4, 4: 4, 5: 6, 6: 6}[level]
		if k != want {
			t.Errorf("level %d, income turn 3: %d progress cards, want %d", level, k, want)
		}
		moved := f.p(Automa).Position(Science)+f.p(Shadow).Position(Exploration) > 0
		if moved != (level >= 3) {
			t.Errorf("level %d: the bots advanced on their income turn: %v", level, moved)
		}
		_, k = soloIncome(t, level, 2)
		if k != 2 {
			t.Errorf("level %d, income turn 2: %d progress cards", level, k)
		}
	}
}

// TestR17_IncomeAdvanceBothBots: at level 3 both bots advance once more
// with the latest pair on income turns 2-5; the Automa gains its benefit.
func TestR17_IncomeAdvanceBothBots(t *testing.T) {
	f := newSolo(t, 3, Technology, Exploration)
	f.p(Automa).Era, f.p(Shadow).Era = 1, 1
	f.pair(7, 4) // any / any; order technology, science, favourite, military, exploration
	so := f.solo()
	so.Discard, so.Deck = so.Deck, nil
	f.push(Task{Op: "solo_income"})
	// The Automa: technology 1, Pottery: it refreshes the tech row.
	f.at("draw_row", -1)
	f.wantPos(Automa, Technology, 1)
	f.dos("id:10", "id:11", "id:12")
	// The Shadow Empire reads backwards: exploration first.
	f.wantPos(Shadow, Exploration, 1)
	if !slices.Equal(f.s.TechRow, []int{10, 11, 12}) {
		t.Errorf("tech row %v", f.s.TechRow)
	}
}

// TestSoloIncomeTurn5: the bots' last income turn scores and finishes
// them; the human plays on alone, and the game ends with the human.
func TestSoloIncomeTurn5(t *testing.T) {
	f, k := soloIncome(t, 2, 5)
	if k != 0 || !f.p(Automa).Done || !f.p(Shadow).Done || len(f.p(Automa).Slots[4]) != 0 {
		t.Fatalf("progress %d, done %v %v", k, f.p(Automa).Done, f.p(Shadow).Done)
	}
	// Turn 5 VP, normal side: 3 × (1 territory) + 0 = 3, no era bonus.
	f.wantVP(Automa, 3)
	f.p(0).Era = 4
	f.s.Turn = 0
	f.income(0)
	for f.s.Ask != nil {
		f.do(f.s.Ask.Opts[0])
	}
	ev := &events{}
	f.s.endTurn(0)
	f.s.nextTurn(ev)
	if !f.s.Over {
		t.Error("the game is not over once the human finished after the bots")
	}
}

// TestSoloFavouriteChanges: on an income turn a bot whose favourite track
// is complete, or led by another player, takes the track
// nearest_landmark_or_end chooses.
func TestSoloFavouriteChanges(t *testing.T) {
	f := newSolo(t, 1, Military, Science)
	f.p(Automa).Era, f.p(Shadow).Era = 1, 1
	f.tok(Automa, Military, 12)
	f.tok(Automa, Technology, 3) // the Forge is one space away
	f.tok(0, Science, 2)         // ahead of the Shadow Empire on science
	f.tok(Shadow, Exploration, 9)
	f.pair(7, 3)
	f.solo().Discard, f.solo().Deck = f.solo().Deck, nil
	f.push(Task{Op: "solo_income"})
	if fav := f.solo().Fav; fav != [2]int8{int8(Technology), int8(Exploration)} {
		t.Errorf("favourites %v", fav)
	}
}

// TestSoloCivAbilities: the Automa civ sides' income abilities (§17.9
// step 3) and, at level 6, the second side after the first.
func TestSoloCivAbilities(t *testing.T) {
	t.Run("Engineers and Conquerors", func(t *testing.T) {
		f := newSolo(t, 6, Technology, Science)
		f.solo().Civ = []int8{int8(automaCivIndex("Engineers")), int8(automaCivIndex("Conquerors"))}
		f.claim(Automa, "Forge")
		f.hold(Automa, Hex{3, 0}, Hex{2, 1}, Hex{1, -1})
		f.p(Automa).Era, f.p(Shadow).Era = 1, 1
		f.pair(6, 3)
		f.solo().Discard, f.solo().Deck = f.solo().Deck, nil
		f.push(Task{Op: "solo_income"})
		// Level 6 advances first (any: science, Astronomy's research) …
		f.do(face(Science))
		for f.s.Ask != nil && f.s.Ask.Kind != "solo_progress" {
			f.do(f.s.Ask.Opts[0])
		}
		// Engineers +1 (a landmark); Conquerors: 4 territories ≥ turn 2,
		// no conquest; more than two hold one item: a toppled Shadow
		// outpost joins one; +4 VP.
		toppled := 0
		for _, h := range []Hex{{3, 0}, {2, 1}, {1, -1}} {
			if len(f.terr(h).Outposts) == 2 {
				toppled++
			}
		}
		if toppled != 1 {
			t.Errorf("%d toppled Shadow outposts added", toppled)
		}
		f.wantLog("The Automa +1 VP (landmarks)")
		f.wantLog("The Automa +4 VP (controlled territories)")
	})
	t.Run("Explorers", func(t *testing.T) {
		f := newSolo(t, 2, Exploration, Science)
		f.p(Automa).Era, f.p(Shadow).Era = 1, 1
		f.pair(7, 1)
		f.solo().Discard, f.solo().Deck = f.solo().Deck, nil
		f.push(Task{Op: "solo_income"})
		f.at("solo_tile", -1) // turn 2: explore anywhere
		f.dos("id:3", "rot:0")
		explored := 0
		for i := range f.s.Map {
			if f.s.Map[i].Tile == 3 {
				explored++
			}
		}
		if explored != 1 {
			t.Error("the Explorers did not explore")
		}
	})
	t.Run("Scientists", func(t *testing.T) {
		f := newSolo(t, 2, Science, Exploration)
		f.p(Automa).Era, f.p(Shadow).Era = 2, 2
		f.pair(7, 1)
		f.solo().Discard, f.solo().Deck = f.solo().Deck, nil
		f.push(Task{Op: "solo_income"})
		f.at("solo_roll", -1) // turn 3: a full research
		f.do(face(Exploration))
		f.wantPos(Automa, Exploration, 1)
	})
}

// TestSoloAutomaToppleTwo: the Automa's topple-two counts the human's
// toppled outposts only (§17.6).
func TestSoloAutomaToppleTwo(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hold(Automa, Hex{3, 0}, Hex{2, 1})
	f.outpost(Hex{3, 0}, Shadow, true)
	f.outpost(Hex{2, 1}, Shadow, true)
	f.push(Task{Op: "achieve"})
	if f.p(Automa).Achieved[1] {
		t.Fatal("the Shadow Empire's toppled outposts counted")
	}
	f.terr(Hex{2, 1}).Outposts[1].Seat = 0
	f.terr(Hex{3, 0}).Outposts[1].Seat = 0
	f.push(Task{Op: "achieve"})
	f.wantVP(Automa, 10)
}

// TestSoloAutomaMiddleIsland: a neutral conquest of the middle island
// earns the Automa the achievement.
func TestSoloAutomaMiddleIsland(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hold(Automa, Hex{1, 0})
	f.solo().Tie = 1
	f.push(Task{Op: "solo_conquer", Seat: Automa})
	f.idle()
	if f.terr(middle).Controller() != Automa || len(f.terr(middle).Outposts) != 1 {
		t.Fatalf("the middle island holds %v", f.terr(middle).Outposts)
	}
	f.wantVP(Automa, 10)
}

// TestR36_SoloResult: the human beats the Automa on VP, or on equal VP
// with a resource left; equal VP and no resource is a shared win (a
// draw); fewer VP is a loss (rank 2). The result carries the Automa's
// score as the game's own (GameScore).
func TestR36_SoloResult(t *testing.T) {
	for _, c := range []struct {
		human, automa, res int
		rank               int
		draw               bool
	}{{100, 90, 0, 1, false}, {90, 90, 1, 1, false}, {90, 90, 0, 1, true}, {89, 90, 8, 2, false}} {
		f := newSolo(t, 2, Exploration, Technology)
		f.p(0).VP, f.p(Automa).VP = c.human, c.automa
		f.res(0, c.res, 0, 0, 0)
		f.s.Over = true
		r, ok := Game{}.Result(&f.s)
		if !ok || r.Ranks[0] != c.rank || r.Draw != c.draw || len(r.Scores) != 1 || r.Scores[0] != c.human {
			t.Errorf("%+v: %+v", c, r)
		}
		if r.GameScore == nil || *r.GameScore != c.automa {
			t.Errorf("%+v: the Automa's score is %v", c, r.GameScore)
		}
		if len(r.Lines) < 2 || !strings.Contains(r.Lines[1], strconv.Itoa(c.automa)+" VP") {
			t.Errorf("lines %q", r.Lines)
		}
	}
}

// TestR15_HexScanWraps: when no row from the start holds a valid hex, the
// scan goes on behind it (rows -1, -2, …).
func TestR15_HexScanWraps(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.solo().Tie = 4 // start [-3,-1], along [1,1], next row [0,-1]
	if h := f.s.tiebreakHex([]Hex{{0, 3}, {-2, 1}}); h != (Hex{-2, 1}) {
		t.Errorf("row -1 scanned as %v", h)
	}
	if h := f.s.tiebreakHex([]Hex{{0, 3}, {3, 0}}); h != (Hex{3, 0}) {
		t.Errorf("row 5 should come before row -1: %v", h)
	}
}

// TestR35_AutomaIconsOnce: an icon printed more than once on a space is
// taken once: Quantum Physics' two advances, Alien Biology's four
// research dice; of "X or Y" the Automa takes the listed option.
func TestR35_AutomaIconsOnce(t *testing.T) {
	for _, c := range []struct {
		tr    Track
		space int
		want  string
	}{
		{Science, 11, "advance"}, {Science, 12, "research"}, {Exploration, 3, "explore"},
		{Science, 3, "research"}, {Military, 3, "conquer"}, {Technology, 3, "invent"},
		{Technology, 7, "refresh_tech"}, {Exploration, 1, ""}, {Military, 6, "conquer tapestry_cards"},
	} {
		var got []string
		for _, e := range automaIcons(Spaces[c.tr][c.space-1].Benefit) {
			got = append(got, e.Do)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %q", Spaces[c.tr][c.space-1].Name, got, c.want)
		}
	}
	// Quantum Physics: one roll until exploration, military or
	// technology shows, then one advance with its benefit.
	f := newSolo(t, 2, Exploration, Technology)
	f.tok(Automa, Science, 10)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Science), Flag: true})
	opts := f.at("solo_roll", -1)
	if len(opts) != 9 {
		t.Errorf("roll until one of three tracks: %v", opts)
	}
	f.do(face(Exploration))
	f.idle() // Scouting: nothing for the Automa
	f.wantPos(Automa, Exploration, 1)
}

// TestR10_SoloOpponentsCountBots: Technocracy pays 3 VP for each of the
// two bots.
func TestR10_SoloOpponentsCountBots(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.p(Automa).Era, f.p(Shadow).Era = 2, 2
	f.p(0).Era = 2
	f.hand(0, "Technocracy")
	f.effs(0, Effect{Do: "overplay_tapestry"})
	f.wantVP(0, 6)
}

// TestSoloFirstOfNeighbours: the bots are the human's neighbours for the
// era bonus (§5.3): started together, they deny it.
func TestSoloFirstOfNeighbours(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hand(0, "Capitalism")
	f.income(0)
	f.at("gain_any", 0)
	f = newSolo(t, 2, Exploration, Technology)
	f.p(Automa).Era, f.p(Shadow).Era = 2, 2
	f.hand(0, "Capitalism")
	f.income(0)
	if f.has("gain:c") {
		t.Error("the human is first into era 2 after the bots")
	}
}

// TestSoloAgeOfDiscovery: edge case 38: the bots advance too (the
// Automa gains no benefit); finished players do not.
func TestSoloAgeOfDiscovery(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.hand(0, "Age of Discovery")
	f.effs(0, Effect{Do: "overplay_tapestry"})
	f.do(face(Military))
	// The human first (Archery: a conquer), then the bots.
	for f.s.Ask != nil {
		f.do(f.s.Ask.Opts[0])
	}
	for _, seat := range []int{0, Automa, Shadow} {
		f.wantPos(seat, Military, 1)
	}
	if f.p(Automa).Outposts != 8 {
		t.Error("the Automa conquered on Age of Discovery")
	}
}

// TestSoloBrokerOfPeace: edge case 39: Broker of Peace scores the
// Automa's military advances.
func TestSoloBrokerOfPeace(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.p(0).Era = 2
	f.active(0, "Broker of Peace")
	f.push(Task{Op: "solo_move", Seat: Shadow, Track: int8(Military)})
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Exploration)})
	f.wantVP(0, 3)
}

// TestSoloAutomaBenefits: §17.5: a tapestry card goes to the trap stock;
// the invent icon refreshes the tech row; a full research gains the new
// space's parts; nothing else (no resources, no buildings, no VP).
func TestSoloAutomaBenefits(t *testing.T) {
	f := newSolo(t, 2, Exploration, Technology)
	f.tok(Automa, Military, 1)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Military), Flag: true})
	f.at("solo_stock", -1) // Bladed Weapons
	f.do(card(t, "Trap"))
	f.idle()
	if len(f.solo().Stock) != 1 || len(f.p(Automa).Hand) != 0 {
		t.Errorf("stock %v hand %v", f.solo().Stock, f.p(Automa).Hand)
	}
	f.tok(Automa, Science, 4)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Science), Flag: true})
	f.do(face(Technology)) // Chemistry: full research → Pottery
	f.at("draw_row", -1)
	f.dos("id:20", "id:21", "id:22")
	f.idle()
	if f.p(Automa).TechCount() != 0 || !slices.Equal(f.s.TechRow, []int{20, 21, 22}) {
		t.Errorf("tech %v row %v", f.p(Automa).Tech, f.s.TechRow)
	}
	f.tok(Automa, Exploration, 7)
	f.push(Task{Op: "solo_move", Seat: Automa, Track: int8(Exploration), Flag: true})
	f.idle() // Cars: a farm and VP per farm, nothing for the Automa
	if f.p(Automa).Taken != [NumBuildings]int8{} || f.p(Automa).VP != 0 || f.p(Automa).Res != (Res{}) {
		t.Errorf("the Automa gained %v %d %v", f.p(Automa).Taken, f.p(Automa).VP, f.p(Automa).Res)
	}
}

// TestR26_NoShadowOnlyVariant: the two-player "Shadow Empire only"
// variant is out of scope: two seats are an ordinary game without bots,
// and the Automa's level is ignored.
func TestR26_NoShadowOnlyVariant(t *testing.T) {
	s, err := Game{}.New(games.Options{"automa_level": "5"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if s.Solo != nil || len(s.Players) != 2 || len(s.TapDeck) != 50 {
		t.Errorf("two seats: solo %v, %d players, %d cards", s.Solo != nil, len(s.Players), len(s.TapDeck))
	}
}
