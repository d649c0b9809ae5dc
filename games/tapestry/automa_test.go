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

// wantHas fails unless the log holds a line containing text.
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
	f.dos(dc(5), dc(3)) // card 5: no income icon; the Automa any, the Shadow nearest_landmark_or_end
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
