package archravels

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// The worked examples of spec §10, one test each, every stated number
// checked.

// TestEx1InitialBazaar: 2 players, classic74. The Yarn Deck is 90 cards;
// a Tangled Cat and Hacky Sack drawn for the opening Bazaar are set aside,
// the same position is drawn again, and they go back afterwards: deck 84,
// Bazaar [R1, B2, GB, any2, Y1, OY].
func TestEx1InitialBazaar(t *testing.T) {
	s := setupThrough(t, nil, []string{"rebecca", "amara"}, []string{"wrist_warmers", "robot"})
	want(t, "Yarn Deck 74 + 12 + 4", s.yarnDeckSize(), 90)
	want(t, "view deck", Game{}.View(&s, 0).YarnDeck, 90)
	want(t, "hacky sack (Amara's favourite) in the deck", s.YarnDeck["hacky_sack"], 1)

	chance(t, &s, "draw:y1_R")
	want(t, "pos 1", s.Bazaar[0], "y1_R")
	chance(t, &s, "draw:tangled_cat")
	want(t, "set aside", strings.Join(s.SetAside, ","), "tangled_cat")
	want(t, "pos 2 still empty", s.Bazaar[1], "")
	chance(t, &s, "draw:y2_B", "draw:d_GB")
	chance(t, &s, "draw:hacky_sack")
	want(t, "pos 4 still empty", s.Bazaar[3], "")
	want(t, "set aside", strings.Join(s.SetAside, ","), "tangled_cat,hacky_sack")
	// While set aside the two cards are public and counted with the deck
	// they go back to.
	want(t, "view deck during the fill", Game{}.View(&s, games.Spectator).YarnDeck, 90-3)
	chance(t, &s, "draw:any2", "draw:y1_Y", "draw:d_OY")

	want(t, "Bazaar", s.Bazaar, [6]string{"y1_R", "y2_B", "d_GB", "any2", "y1_Y", "d_OY"})
	want(t, "Yarn Deck after the fill", s.yarnDeckSize(), 84)
	want(t, "view deck after the fill", Game{}.View(&s, 1).YarnDeck, 84)
	want(t, "set-aside cleared", len(s.SetAside), 0)
	want(t, "Tangled Cats back", s.YarnDeck["tangled_cat"], 3)
	want(t, "Hacky Sack back", s.YarnDeck["hacky_sack"], 1)
	want(t, "next phase", s.Phase, PhProjects)
	want(t, "nothing discarded", len(s.Discard), 0)
}

// TestEx2ShopThenRestock: Rebecca (Thrifty) shops four positions of a
// Bazaar with two empty ones, then the restock reveals a Tangled Cat, Wrist
// Warmers and a Yarn Sale, resolved in position order.
func TestEx2ShopThenRestock(t *testing.T) {
	s := tableAt(t, "rebecca", "amara")
	s.YarnDeck["wrist_warmers"]++ // one of the two random requests
	s.Bazaar = [6]string{"y1_R", "", "any2", "d_BP", "", "y2_Y"}
	s.Players[0].Marker = 2
	wantBowl(t, &s, 0, "1 1 1 1 1 1")
	deck := s.yarnDeckSize()

	mustRefuse(t, &s, 0, "space:2") // previous space
	mustApply(t, &s, 0, "space:1")  // Shop 4
	mustApply(t, &s, 0, "pick:2@G") // empty -> 1 any
	mustRefuse(t, &s, 0, "end")     // a Shop once begun must be finished
	mustRefuse(t, &s, 0, "pick:2@R")
	mustApply(t, &s, 0, "pick:3@RR") // Any Colour
	mustApply(t, &s, 0, "pick:4")    // B+P
	mustApply(t, &s, 0, "pick:6")    // Yellow 2
	wantBowl(t, &s, 0, "3 1 3 2 2 2")
	want(t, "bowl total", s.Players[0].Bowl.Total(), 13)
	wantSlice(t, "discard", s.Discard, []string{"any2", "d_BP", "y2_Y"})
	want(t, "Bazaar before the restock", s.Bazaar, [6]string{"y1_R", "", "", "", "", ""})
	mustRefuse(t, &s, 0, "pick:1") // a 5th pick
	mustRefuse(t, &s, 0, "pick:5@R")

	mustApply(t, &s, 0, "end")
	want(t, "phase", s.Phase, PhRestock)
	chance(t, &s, "draw:d_OY", "draw:tangled_cat", "draw:y1_G", "draw:wrist_warmers", "draw:yarn_sale")
	want(t, "deck after five draws", s.yarnDeckSize(), deck-5)
	want(t, "phase", s.Phase, PhResolve)
	wantSlice(t, "revealed positions", s.Fresh, []int{3, 5, 6})

	// Position 3: Tangled Cat; the only other player is Amara.
	wantSlice(t, "tangle options", legalKeys(&s, 0), []string{"tangle:1"})
	mustApply(t, &s, 0, "tangle:1")
	// Position 5: Wrist Warmers, nobody's favourite here.
	wantSlice(t, "request options", legalKeys(&s, 0), []string{"give:1", "keep"})
	mustApply(t, &s, 0, "keep")
	// Position 6: Yarn Sale O, O, G.
	mustApply(t, &s, 0, "sale:O")
	mustApply(t, &s, 0, "sale:O")
	mustApply(t, &s, 0, "sale:G")
	wantBowl(t, &s, 0, "3 3 3 3 2 2")
	want(t, "bowl total", s.Players[0].Bowl.Total(), 16)
	want(t, "Bazaar after", s.Bazaar, [6]string{"y1_R", "d_OY", "", "y1_G", "", ""})
	empty := 0
	for _, c := range s.Bazaar {
		if c == "" {
			empty++
		}
	}
	want(t, "empty positions", empty, 3)
	wantSlice(t, "Rebecca holds", s.Players[0].Held, []string{"wrist_warmers"})
	wantSlice(t, "discard", s.Discard, []string{"any2", "d_BP", "y2_Y", "tangled_cat", "yarn_sale"})
	want(t, "Amara tangled", s.Players[1].Tangled, true)
	want(t, "phase", s.Phase, PhStock)

	// Amara cannot craft on her next turn, whatever she could pay for.
	mustApply(t, &s, 0, "end")
	want(t, "active", s.Active, games.Seat(1))
	s.Players[1].Bowl = bowl(t, "5 5 5 5 5 5")
	mustApply(t, &s, 1, "space:2") // Craft 4
	noMakes(t, &s, 1)
	wantSlice(t, "Amara's options on Craft 4", legalKeys(&s, 1), []string{"end"})
}

// TestEx3CraftPatterns: Derrick's Craft 4 with an exact Scarf, a learned
// (general) Mittens tile, a Bear he cannot afford and two Hats; then the
// Colorist variant and Friendship Bracelets at four players.
func TestEx3CraftPatterns(t *testing.T) {
	t.Run("Derrick Craft 4", func(t *testing.T) {
		s := derrickEx3(t)
		mustApply(t, &s, 0, "space:2")
		// 1. Scarf, exact PBOY.
		mustApply(t, &s, 0, "make:scarf@OYBP")
		wantBowl(t, &s, 0, "3 0 1 2 2 0")
		want(t, "total", s.Players[0].Bowl.Total(), 8)
		// 2. Mittens, general: G G + R; B B + Y would also do; three of
		// one colour never (he has 3 R).
		wantLegal(t, &s, 0, "make:mittens@RGG", "make:mittens@YBB")
		mustRefuse(t, &s, 0, "make:mittens@RRR")
		mustApply(t, &s, 0, "make:mittens@RGG")
		wantBowl(t, &s, 0, "2 0 1 0 2 0")
		want(t, "total", s.Players[0].Bowl.Total(), 5)
		// 3. Bear RRR needs 3 R; he has 2. Hat R + B.
		mustRefuse(t, &s, 0, "make:bear@RRR")
		mustApply(t, &s, 0, "make:hat@RB")
		wantBowl(t, &s, 0, "1 0 1 0 1 0")
		// 4. Hat Y + B.
		mustApply(t, &s, 0, "make:hat@YB")
		wantBowl(t, &s, 0, "1 0 0 0 0 0")
		want(t, "total", s.Players[0].Bowl.Total(), 1)
		want(t, "items", s.Players[0].Items, items(2, 0, 1, 1, 0))
		want(t, "crafts left", s.CraftLeft, 0)
		wantSlice(t, "options after 4 crafts", legalKeys(&s, 0), []string{"end"})
	})
	t.Run("Colorist any-colour Bear", func(t *testing.T) {
		s := tableAt(t, "neeha", "derrick")
		setTiles(t, &s, 0, "GGG", "YYR", "GRYO")
		s.Players[0].Bowl = bowl(t, "1 1 1 0 1 0")
		mustApply(t, &s, 0, "space:3")
		keys := legalKeys(&s, 0)
		wantLegal(t, &s, 0, "make:bear")
		if slices.Contains(keys, "make:blanket") {
			t.Fatalf("a Blanket needs 5 tokens; legal %v", keys)
		}
		mustRefuse(t, &s, 0, "make:blanket")
		mustApply(t, &s, 0, "make:bear")
		mustApply(t, &s, 0, "pay:R")
		mustApply(t, &s, 0, "pay:O")
		wantBowl(t, &s, 0, "1 1 1 0 1 0") // nothing moves until the payment is complete
		mustApply(t, &s, 0, "pay:Y")
		wantBowl(t, &s, 0, "0 0 0 0 1 0")
		want(t, "items", s.Players[0].Items, items(0, 1, 0, 0, 0))
	})
	t.Run("Friendship Bracelets at 4 players", func(t *testing.T) {
		s := tableAt(t, "rebecca", "derrick", "neeha", "ted")
		s.Players[0].Held = []string{"friendship_bracelets"}
		s.Players[0].Bowl = bowl(t, "2 2 2 0 0 0")
		mustApply(t, &s, 0, "space:2")
		mustApply(t, &s, 0, "make:friendship_bracelets")
		want(t, "need", s.Pay.Need, 6)
		for _, c := range []string{"R", "R", "O", "O", "Y", "Y"} {
			mustApply(t, &s, 0, "pay:"+c)
		}
		wantBowl(t, &s, 0, "0 0 0 0 0 0")
		wantBowl(t, &s, 1, "3 1 1 1 1 1")
		wantBowl(t, &s, 2, "1 3 1 1 1 1")
		wantBowl(t, &s, 3, "1 1 3 1 1 1")
		wantSlice(t, "done", s.Players[0].Done, []string{"friendship_bracelets"})
		want(t, "request points", ScoreOf(&s.Players[0]).Requests, 7)
	})
}

// derrickEx3 is Derrick before Ex 3: Bear RRR exact, Mittens BBY learned,
// Scarf PBOY exact, bowl 3 1 2 2 3 1.
func derrickEx3(t testing.TB) State {
	s := tableAt(t, "derrick", "amara")
	setTiles(t, &s, 0, "RRR", "BBY*", "PBOY")
	s.Players[0].Bowl = bowl(t, "3 1 2 2 3 1")
	want(t, "total", s.Players[0].Bowl.Total(), 12)
	return s
}

// TestEx4LearnAndFrog: Derrick's P4 after Ex 3 learns the Scarf and frogs
// the Mittens (general) and a Hat; a Bear would frog to exactly R R R.
func TestEx4LearnAndFrog(t *testing.T) {
	s := derrickEx3(t)
	s.Players[0].Items = items(2, 0, 1, 1, 0)
	s.Players[0].Bowl = bowl(t, "1 0 0 0 0 0")
	atStock(&s)
	before := score(&s, 0)
	// Items 4 + 3 + 2 + 2, the learned Mittens tile 3, one token.
	want(t, "score before", before, 13)

	mustApply(t, &s, 0, "learn:scarf")
	want(t, "scarf tile flipped", s.Players[0].Tiles[slotOf(Scarf)].Learned, true)
	want(t, "items", s.Players[0].Items, items(2, 0, 1, 0, 0))
	want(t, "tile points (Mittens 3 + Scarf 4)", ScoreOf(&s.Players[0]).Tiles, 7)
	want(t, "learning the Scarf changes nothing", score(&s, 0), before)
	mustRefuse(t, &s, 0, "learn:scarf")

	mustApply(t, &s, 0, "frog:mittens@YYG")
	wantBowl(t, &s, 0, "1 0 2 1 0 0")
	mustApply(t, &s, 0, "frog:hat@OP")
	wantBowl(t, &s, 0, "1 1 2 1 0 1")
	want(t, "total", s.Players[0].Bowl.Total(), 6)
	want(t, "items left", s.Players[0].Items, items(1, 0, 0, 0, 0))
	want(t, "the two frogs cost", before-score(&s, 0), 10)

	// A Bear on the unflipped RRR tile frogs to exactly R R R.
	b := s.clone()
	b.Players[0].Items[Bear] = 1
	wantSlice(t, "bear frogs", withPrefix(legalKeys(&b, 0), "frog:bear"), []string{"frog:bear@RRR"})
	mustRefuse(t, &b, 0, "frog:bear@GGG")
}

// TestEx5ProjectsAndGameEnd: Derrick finishes Lumberjack and Recess (+26)
// from Hat x2, Mittens, Scarf, Bear; Snow Day is then impossible. At P5 the
// one card left refills one spot, the deck is empty and the List holds 2:
// the game ends with 6 projects finished; Amara gets a final craft, Derrick
// does not.
func TestEx5ProjectsAndGameEnd(t *testing.T) {
	s := tableAt(t, "derrick", "amara")
	s.List = []string{"lumberjack", "recess", "snow_day"}
	s.ProjectDeck = []string{"naptime"}
	// Four projects were finished earlier (8 - 3 - 1 = 4).
	s.Players[0].Projects = []string{"triplets", "stargazers"}
	s.Players[1].Projects = []string{"pond_hockey", "debonbear"}
	s.Finished = 4
	s.Players[0].Items = items(2, 1, 1, 1, 0)
	s.Players[1].Bowl = bowl(t, "1 1 0 0 0 0")
	atStock(&s)

	p0 := ScoreOf(&s.Players[0]).Projects
	mustApply(t, &s, 0, "finish:lumberjack")
	mustApply(t, &s, 0, "finish:recess")
	want(t, "project points gained", ScoreOf(&s.Players[0]).Projects-p0, 26)
	want(t, "items left", s.Players[0].Items, items(0, 1, 0, 0, 0))
	mustRefuse(t, &s, 0, "finish:snow_day")
	wantSlice(t, "List during P4 (no refill yet)", s.List, []string{"snow_day"})
	snow, _ := ProjectOf("snow_day")
	want(t, "Snow Day alone", snow.Points, 20)

	mustApply(t, &s, 0, "end")
	want(t, "phase", s.Phase, PhRefill)
	chance(t, &s, "project:naptime")
	want(t, "deck", len(s.ProjectDeck), 0)
	want(t, "List", len(s.List), 2)
	want(t, "phase", s.Phase, PhFinal)
	want(t, "projects finished", s.Finished, 6)
	want(t, "K - List", ProjectDeckSize[2]-len(s.List), 6)
	wantSlice(t, "final craft queue", s.Queue, []games.Seat{1})
	wantSlice(t, "to act", Game{}.ToAct(&s), []games.Seat{1})
	mustNotTurn(t, &s, 0, "make:hat@RO")
	mustApply(t, &s, 1, "make:hat@RO")
	want(t, "phase", s.Phase, PhOver)
	want(t, "Amara's hat", s.Players[1].Items[Hat], 1)
	if _, ok := (Game{}).Result(&s); !ok {
		t.Fatal("no result")
	}
}

// TestEx6FinalCraftAndScoring: three players; B (Ted) ends the game by
// finishing Naptime; C (Neeha) then A (Rebecca) make their final crafts;
// the score table and the tie-break A over B.
func TestEx6FinalCraftAndScoring(t *testing.T) {
	s := tableAt(t, "rebecca", "ted", "neeha")
	a, b, c := &s.Players[0], &s.Players[1], &s.Players[2]
	a.Projects = []string{"lumberjack", "recess", "pond_hockey"}
	a.Done = []string{"snugglesaurus"}
	a.Held = []string{"octopus"}
	setTiles(t, &s, 0, "RRR", "YYR*", "GRYO*")
	a.Items = items(0, 0, 0, 0, 1)
	a.Bowl = bowl(t, "0 1 1 1 0 1")
	b.Projects = []string{"whole_nine_yards"}
	b.Done = []string{"button_eye_sweater", "wrist_warmers"}
	setTiles(t, &s, 1, "YYY*", "GGB", "PORG")
	b.Items = items(0, 1, 1, 0, 1) // Naptime's Bear and Blanket, and a Mittens
	b.Bowl = bowl(t, "0 0 0 0 0 5")
	c.Projects = []string{"bleacher_bum", "fall_essentials"}
	c.Done = []string{"unicorn"}
	c.Held = []string{"friendship_bracelets"}
	c.Bowl = bowl(t, "3 0 2 0 2 0")
	c.Tangled = true // a Tangled flag never blocks the final craft
	s.List = []string{"naptime", "triplets", "oktoberfest"}
	s.ProjectDeck = nil
	s.Finished = 6
	s.Active = 1
	atStock(&s)

	mustApply(t, &s, 1, "finish:naptime")
	mustApply(t, &s, 1, "end")
	want(t, "phase", s.Phase, PhFinal)
	want(t, "projects finished", s.Finished, 7)
	want(t, "K - List", ProjectDeckSize[3]-len(s.List), 7)
	wantSlice(t, "final craft order", s.Queue, []games.Seat{2, 0})
	wantBowl(t, &s, 0, "0 1 1 1 0 1")
	want(t, "B tokens", s.Players[1].Bowl.Total(), 5)
	wantBowl(t, &s, 2, "3 0 2 0 2 0")

	// C crafts Friendship Bracelets: Y Y to A, B B to B.
	mustNotTurn(t, &s, 1, "pass")
	mustApply(t, &s, 2, "make:friendship_bracelets")
	wantSlice(t, "recipients", s.Pay.To, []games.Seat{0, 1})
	play(t, &s, "pay:Y", "pay:Y", "pay:B", "pay:B")
	wantBowl(t, &s, 2, "3 0 0 0 0 0")
	want(t, "C tokens", s.Players[2].Bowl.Total(), 3)
	want(t, "B tokens", s.Players[1].Bowl.Total(), 7)
	wantBowl(t, &s, 0, "0 1 3 1 0 1")
	want(t, "A tokens", s.Players[0].Bowl.Total(), 6)

	// A crafts a Hat with O + G.
	want(t, "to act", toAct(t, &s), games.Seat(0))
	mustApply(t, &s, 0, "make:hat@OG")
	wantBowl(t, &s, 0, "0 0 3 0 0 1")
	want(t, "A tokens", s.Players[0].Bowl.Total(), 4)
	wantSlice(t, "A still holds", s.Players[0].Held, []string{"octopus"})
	want(t, "phase", s.Phase, PhOver)

	type line struct{ proj, req, tiles, items, unfinished, yarn, total, cards int }
	wantLines := []line{
		{46, 18, 7, 7, 8, 4, 66, 4},
		{50, 17, 3, 3, 0, 7, 66, 4},
		{45, 22, 0, 0, 0, 3, 64, 4},
	}
	for i, w := range wantLines {
		sc := ScoreOf(&s.Players[i])
		got := line{sc.Projects, sc.Requests, sc.Tiles, sc.Items, sc.Unfinished, sc.Yarn, sc.Total, sc.Cards}
		if got != w {
			t.Fatalf("%s: lines %+v, want %+v", s.name(games.Seat(i)), got, w)
		}
	}
	res, ok := Game{}.Result(&s)
	if !ok {
		t.Fatal("no result")
	}
	wantSlice(t, "scores", res.Scores, []int{66, 66, 64})
	wantSlice(t, "ranks", res.Ranks, []int{1, 2, 3})
	wantSlice(t, "winners", res.Winners, []games.Seat{0})
	// TB1 ties (4 = 3 + 1 and 4 = 2 + 2), TB2 breaks it: 4 tokens < 7.
	sa, sb := ScoreOf(&s.Players[0]), ScoreOf(&s.Players[1])
	want(t, "TB1 A", len(s.Players[0].Projects)+len(s.Players[0].Done), 4)
	want(t, "TB1 B", len(s.Players[1].Projects)+len(s.Players[1].Done), 4)
	want(t, "TB2 A", sa.Left, 4)
	want(t, "TB2 B", sb.Left, 7)
	// Ted gets nothing for his favourite Octopus, which A held.
	if slices.Contains(s.Players[1].Done, "octopus") || sb.Requests != 17 {
		t.Fatalf("Ted's requests %v = %d", s.Players[1].Done, sb.Requests)
	}
	// The gift cost A and B: without it, 2 tokens fewer each.
	want(t, "A's two Y unused", s.Players[0].Bowl[2], 3)
}

// TestEx7ExchangeAndTake3: one Exchange of 3 B for 3 R, no second one; Ted
// takes 3 P and crafts his favourite Octopus with Craft 1.
func TestEx7ExchangeAndTake3(t *testing.T) {
	t.Run("Exchange", func(t *testing.T) {
		s := tableAt(t, "derrick", "amara")
		s.Players[0].Bowl = bowl(t, "0 0 0 0 3 1")
		mustApply(t, &s, 0, "space:4")
		mustApply(t, &s, 0, "exchange:B@3R")
		wantBowl(t, &s, 0, "3 0 0 0 0 1")
		mustRefuse(t, &s, 0, "exchange:R@1B")
		mustRefuse(t, &s, 0, "exchange:R@3B")
		wantSlice(t, "options", legalKeys(&s, 0), []string{"end"})
		mustBadKey(t, "exchange:B@3RO")
		mustBadKey(t, "exchange:B@2R1O")
	})
	t.Run("Take 3 and Octopus", func(t *testing.T) {
		s := tableAt(t, "ted", "amara")
		s.Players[0].Bowl = bowl(t, "3 0 0 0 0 1")
		s.Players[0].Held = []string{"octopus"}
		mustApply(t, &s, 0, "space:3")
		mustRefuse(t, &s, 0, "make:octopus@PPPP") // only 1 P yet
		mustApply(t, &s, 0, "take3:P")
		wantBowl(t, &s, 0, "3 0 0 0 0 4")
		mustRefuse(t, &s, 0, "take3:P")
		mustApply(t, &s, 0, "make:octopus@PPPP")
		wantBowl(t, &s, 0, "3 0 0 0 0 0")
		wantSlice(t, "done", s.Players[0].Done, []string{"octopus"})
		want(t, "held", len(s.Players[0].Held), 0)
		want(t, "request points 8 + 5", ScoreOf(&s.Players[0]).Requests, 13)
	})
}

// TestEx8TangledCatTiming: on A's turn a Tangled Cat names C. On B's turn
// C crafts in B's Craft Circle. On C's turn C cannot craft at all (not
// even in the Craft Circle C reveals) but shops and finishes a project;
// the flag clears at C's P5 and C's following turn is normal.
func TestEx8TangledCatTiming(t *testing.T) {
	s := tableAt(t, "derrick", "rebecca", "neeha") // A, B, C; C is the Colorist
	for i := range s.Players {
		s.Players[i].Bowl = bowl(t, "2 2 2 2 2 2")
	}
	s.Players[2].Items = items(0, 0, 0, 1, 0) // a Scarf for Lumberjack
	s.List = []string{"lumberjack", "recess", "snow_day"}

	// A's turn.
	play(t, &s, "space:1", "pick:1", "pick:2", "pick:3", "end")
	chance(t, &s, "draw:y1_R", "draw:tangled_cat", "draw:y1_O")
	wantSlice(t, "tangle options", legalKeys(&s, 0), []string{"tangle:1", "tangle:2"})
	mustApply(t, &s, 0, "tangle:2")
	want(t, "C tangled", s.Players[2].Tangled, true)
	mustApply(t, &s, 0, "end")

	// B's turn: B reveals a Craft Circle; C may craft in it.
	want(t, "active", s.Active, games.Seat(1))
	play(t, &s, "space:1", "pick:1", "pick:2@R", "pick:3", "pick:4", "end")
	chance(t, &s, "draw:y1_R", "draw:craft_circle", "draw:y1_G", "draw:y1_B")
	wantSlice(t, "circle queue", s.Queue, []games.Seat{1, 2, 0})
	mustApply(t, &s, 1, "pass")
	want(t, "C to act in B's circle", toAct(t, &s), games.Seat(2))
	mustApply(t, &s, 2, "make:hat@RO")
	mustApply(t, &s, 0, "pass")
	want(t, "C's hat", s.Players[2].Items[Hat], 1)
	mustApply(t, &s, 1, "end")
	want(t, "C still tangled for its own turn", s.Players[2].Tangled, true)

	// C's turn: no Make at all.
	want(t, "active", s.Active, games.Seat(2))
	for k := 2; k <= 3; k++ {
		c := s.clone()
		mustApply(t, &c, 2, "space:"+strconv.Itoa(k))
		noMakes(t, &c, 2)
	}
	mustApply(t, &s, 2, "space:3") // Shop 2 + Craft 1 any colours
	noMakes(t, &s, 2)
	mustRefuse(t, &s, 2, "make:hat")
	mustApply(t, &s, 2, "pick:1")
	mustApply(t, &s, 2, "pick:3")
	noMakes(t, &s, 2)
	mustApply(t, &s, 2, "end")
	evs := chance(t, &s, "draw:y1_R", "draw:craft_circle", "draw:y1_Y")
	// C's own Craft Circle skips C (clockwise from C: C, A, B).
	if !strings.Contains(logText(evs), "Craft Circle: {{p2}} cannot craft anything and passes.") {
		t.Fatalf("no skip line for C in:\n%s", logText(evs))
	}
	wantSlice(t, "circle queue", s.Queue, []games.Seat{0, 1})
	mustApply(t, &s, 0, "pass")
	mustApply(t, &s, 1, "pass")
	want(t, "phase", s.Phase, PhStock)
	mustApply(t, &s, 2, "finish:lumberjack")
	wantSlice(t, "C's projects", s.Players[2].Projects, []string{"lumberjack"})
	mustApply(t, &s, 2, "end")
	chance(t, &s, s.refillKey())
	want(t, "flag cleared at C's P5", s.Players[2].Tangled, false)

	// A and B play quiet turns; C's following turn is normal.
	s.Bazaar[1] = "y1_O"
	quietTurn(t, &s, 2)
	quietTurn(t, &s, 2)
	want(t, "active", s.Active, games.Seat(2))
	mustApply(t, &s, 2, "space:2")
	wantLegal(t, &s, 2, "make:hat@RO")
}

// refillKey is a chance key drawing the first card of the Project Deck.
func (s *State) refillKey() string { return "project:" + s.ProjectDeck[0] }
