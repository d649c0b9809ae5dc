package threadcount

import (
	"fmt"
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/threadcount"
	"spindle/imaging"
	"spindle/imaging/imagingtest"
)

// rtPlayer builds a player from "colour+pattern" pieces in garment order
// ("" parts for none) and extra spare cards.
func rtPlayer(silk int, dye [3]int, pieces []string, spareColours, sparePatterns []string) threadcount.Player {
	p := threadcount.Player{Silk: silk, Dye: dye, Colours: []string{}, Patterns: []string{}}
	for g := range p.Outfit {
		p.Outfit[g] = threadcount.Piece{Colour: -1, Pattern: -1}
	}
	for g, pc := range pieces {
		c, pt, _ := strings.Cut(pc, "+")
		if c != "" {
			p.Colours = append(p.Colours, c)
			p.Outfit[g].Colour = len(p.Colours) - 1
		}
		if pt != "" {
			p.Patterns = append(p.Patterns, pt)
			p.Outfit[g].Pattern = len(p.Patterns) - 1
		}
	}
	p.Colours = append(p.Colours, spareColours...)
	p.Patterns = append(p.Patterns, sparePatterns...)
	return p
}

// rtMidGame is a four-player game in week 4: seat 2 is at the market
// after a roll of 5, 0 (named 3), 8 with White taken as Blue.
func rtMidGame() threadcount.State {
	pre := threadcount.MaskOf(2, 3, 5, 7, 9)
	board, out := threadcount.Resolve(pre, [3]int{5, 3, 8})
	s := threadcount.State{
		Seating: threadcount.SeatingJoin, N: 4, Phase: threadcount.PhMarket,
		Circle: []games.Seat{0, 1, 2, 3}, Empress: "kikko", Favs: []string{"R", "B", "G", "Y"},
		Deck: [6]int{2, 3, 2, 1, 2, 3}, Market: [3]string{"seigaiha", "", "karakusa"},
		Buried: []string{"uroko", "kikko", "uroko"}, Board: board, Ten: games.Spectator,
		Order: []games.Seat{1, 2, 3, 0}, Week: 4, Pos: 1,
		OffRounds: []threadcount.OffRound{{Seats: []games.Seat{0, 1, 2, 3}, Values: []int{7, 10, 5, 2}}},
		Players: []threadcount.Player{
			rtPlayer(3, [3]int{1, 0, 2}, []string{"RV+kikko", "B+"}, nil, nil),
			rtPlayer(5, [3]int{0, 2, 0}, []string{"O+asanoha", "+ichimatsu"}, nil, []string{"uroko"}),
			rtPlayer(9, [3]int{2, 1, 2}, []string{"G+uroko", "Y+uroko", "BV+"}, []string{"R"}, nil),
			rtPlayer(1, [3]int{0, 0, 0}, nil, nil, nil),
		},
		Roll: &threadcount.Roll{Seat: 2, D10: [3]int{5, 0, 8}, D4: "W", Cells: [3]int{5, 3, 8}, Dye: "B",
			Resolved: true, Outcome: &out},
		Arranged: []string{"c1"},
	}
	for i := range s.Players {
		s.Players[i].Turns = 3
		if i == 1 {
			s.Players[i].Turns = 4
		}
		s.Players[i].RollOff = s.OffRounds[0].Values[i]
	}
	return s
}

// rtEnd is a finished three-player game: Ex 14's A and B tie on 35 and B
// wins on pattern silk; C has an incomplete Sensu.
func rtEnd() threadcount.State {
	s := rtMidGame()
	s.N, s.Phase, s.Week, s.Pos, s.Roll, s.Arranged = 3, threadcount.PhOver, 10, 2, nil, nil
	s.Favs = []string{"R", "B", "G"}
	s.Order = []games.Seat{1, 2, 0}
	s.Players = []threadcount.Player{
		rtPlayer(7, [3]int{0, 1, 0}, []string{"RV+kikko", "B+uroko", "G+uroko", "O+asanoha"}, nil, []string{"seigaiha"}),
		rtPlayer(2, [3]int{1, 0, 0}, []string{"BG+seigaiha", "R+seigaiha", "Y+kikko", "V+ichimatsu"}, nil, nil),
		rtPlayer(4, [3]int{0, 0, 3}, []string{"R+kikko", "R+kikko", "YG+karakusa", "V+"}, nil, nil),
	}
	for i := range s.Players {
		s.Players[i].Turns = 10
	}
	return s
}

// rtSetup is Ex 9 of the spec: after the roll-off seat 1 rolled the 10
// and chooses a cell for its silk.
func rtSetup(t *testing.T) threadcount.View {
	tb, err := games.Bind(threadcount.Game{}).Open(games.Options{"seating": "join"}, 4, [2]uint64{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"empress:uroko", "favs:RBGY", "draw:uroko", "draw:kikko", "draw:asanoha", "rolloff:3053", "rolloff:72"} {
		if _, err := tb.Step(games.Chance, tb.Version(), k); err != nil {
			t.Fatal(err)
		}
	}
	return tb.View(games.Spectator).(threadcount.View)
}

func rtView(s threadcount.State, viewer games.Seat) threadcount.View {
	return threadcount.Game{}.View(&s, viewer)
}

var rtNames = imaging.Options{Names: []string{"Aiko", "Benedikt", "Chiyo", "Dario", "Emeka"}}

// rtGoldens are the golden pictures; rtGoldensNamed draws them with names.
func rtGoldens(t *testing.T) []imagingtest.Golden { return rtGoldensNamed(t, nil) }

// rtGoldensNamed draws the golden pictures with every seat named from names,
// or with each fixture's own names when names is nil.
func rtGoldensNamed(t *testing.T, names []string) []imagingtest.Golden {
	o := func(d imaging.Options) imaging.Options {
		if names != nil {
			d.Names = names
		}
		return d
	}
	five := rtMidGame()
	five.N = 5
	five.Favs = append(five.Favs, "V")
	five.Players = append(five.Players, rtPlayer(7, [3]int{3, 3, 3}, []string{"RO+karakusa", "YO+karakusa", "BG+karakusa", "RV+karakusa"}, []string{"Y", "B"}, []string{"kikko", "kikko"}))
	five.Circle = append(five.Circle, 4)
	five.Order = append(five.Order, 4)
	return []imagingtest.Golden{
		{Name: "rt_mid_table", Draw: func() (image.Image, error) { return Table(rtView(rtMidGame(), games.Spectator), o(rtNames)) }},
		{Name: "rt_mid_panel", Draw: func() (image.Image, error) { return Panel(rtView(rtMidGame(), 2), o(rtNames)) }},
		{Name: "rt_five_table", Draw: func() (image.Image, error) { return Table(rtView(five, games.Spectator), o(imaging.Options{})) }},
		{Name: "rt_end_scoring", Draw: func() (image.Image, error) { return Scoring(rtView(rtEnd(), games.Spectator), o(rtNames)) }},
		{Name: "rt_end_table", Draw: func() (image.Image, error) { return Table(rtView(rtEnd(), 0), o(rtNames)) }},
		{Name: "rt_setup_table", Draw: func() (image.Image, error) { return Table(rtSetup(t), o(rtNames)) }},
	}
}

func TestGoldenThreadcount(t *testing.T) {
	imagingtest.CheckGoldens(t, rtGoldens(t), nil)
}

func TestThreadcountRenderDispatch(t *testing.T) {
	v := rtView(rtMidGame(), 2)
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
		if _, err := Pictures.Render(k, v, rtNames); err != nil {
			t.Errorf("Pictures.Render(%s): %v", k, err)
		}
		if _, err := Pictures.Render(k, &v, imaging.Options{}); err != nil {
			t.Errorf("Render(%s, pointer): %v", k, err)
		}
	}
	bad := rtView(rtMidGame(), games.Spectator)
	for name, tc := range map[string]struct {
		kind imaging.Kind
		view any
		want string
	}{
		"nil":            {imaging.Table, (*threadcount.View)(nil), "nil"},
		"kind":           {"mural", bad, "unknown picture kind"},
		"spectator pane": {imaging.Panel, bad, "needs a seat's view"},
	} {
		_, err := Pictures.Render(tc.kind, tc.view, imaging.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), "imaging: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
	bad.Players[0].Colours = append(bad.Players[0].Colours, "ZZ")
	if _, err := Table(bad, imaging.Options{}); err == nil || !strings.Contains(err.Error(), "unknown threadcount colour") {
		t.Errorf("unknown colour: %v", err)
	}
}

// TestThreadcountRendersWholeGame renders every kind at several points of
// a seeded random game of five.
func TestThreadcountRendersWholeGame(t *testing.T) {
	tb, _, err := games.Bind(threadcount.Game{}).New(nil, 5, [2]uint64{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; !tb.Over(); i++ {
		seat := tb.ToAct()[0]
		if i%97 == 0 {
			for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
				viewer := seat
				if viewer < 0 {
					viewer = 0
				}
				img, err := Pictures.Render(k, tb.View(viewer), imaging.Options{Names: imagingtest.AINames})
				if err != nil {
					t.Fatalf("step %d %s: %v", i, k, err)
				}
				if b := img.Bounds(); b.Dx() > 1600 || b.Dy() > 1400 {
					t.Fatalf("step %d %s: image is %v", i, k, b.Size())
				}
				checkFirstEncode(t, fmt.Sprintf("step %d %s", i, k), img)
			}
		}
		legal := tb.Legal(seat)
		if _, err := tb.Play(seat, tb.Version(), legal[r.IntN(len(legal))].Key); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring} {
		img, err := Pictures.Render(k, tb.View(0), imaging.Options{})
		if err != nil {
			t.Fatalf("end %s: %v", k, err)
		}
		if b := img.Bounds(); b.Dx() > 1600 || b.Dy() > 1400 {
			t.Fatalf("end %s: image is %v", k, b.Size())
		}
	}
}

func BenchmarkThreadcountTable(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, rtView(rtMidGame(), games.Spectator), rtNames))
}

func BenchmarkThreadcountPanel(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Panel, rtView(rtMidGame(), 2), rtNames))
}

func BenchmarkThreadcountScoring(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Scoring, rtView(rtEnd(), games.Spectator), rtNames))
}

// checkFirstEncode fails when img's PNG needs the paletted second
// encoding: every picture must fit imaging.MaxPNGBytes the first time.
func checkFirstEncode(t *testing.T, what string, img image.Image) {
	t.Helper()
	p, err := imaging.PNG(img)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !imagingtest.FirstEncode(p) {
		t.Errorf("%s: the PNG was over %d bytes and written again paletted (%d bytes)", what, imaging.MaxPNGBytes, len(p))
	}
}

// rtDensest is the most crowded table the layout meets: five players,
// every garment dressed in a tertiary colour and a busy pattern, spare
// cards, a full Buried pile and a roll with lines and doubles.
func rtDensest() threadcount.View {
	s := rtMidGame()
	s.N = 5
	s.Favs = append(s.Favs, "V")
	s.Circle = append(s.Circle, 4)
	s.Order = append(s.Order, 4)
	s.Market = [3]string{"seigaiha", "karakusa", "asanoha"}
	s.Buried = []string{"uroko", "kikko", "uroko", "seigaiha", "asanoha", "ichimatsu", "karakusa"}
	outfits := [][]string{
		{"RO+seigaiha", "YO+karakusa", "BG+asanoha", "RV+kikko"},
		{"YG+karakusa", "BV+seigaiha", "RO+asanoha", "YO+uroko"},
		{"RV+seigaiha", "BG+karakusa", "YG+kikko", "BV+asanoha"},
		{"YO+asanoha", "RO+seigaiha", "BV+karakusa", "YG+ichimatsu"},
		{"BG+kikko", "RV+uroko", "YO+seigaiha", "RO+karakusa"},
	}
	s.Players = nil
	for _, o := range outfits {
		p := rtPlayer(12, [3]int{3, 3, 3}, o, []string{"RO", "YG", "BV"}, []string{"seigaiha", "karakusa", "asanoha"})
		p.Turns = 4
		s.Players = append(s.Players, p)
	}
	return rtView(s, games.Spectator)
}

// TestThreadcountDensestFitsFirstEncode holds the most crowded table to
// the PNG limit on the first encoding, with long names.
func TestThreadcountDensestFitsFirstEncode(t *testing.T) {
	for _, opt := range []imaging.Options{{}, {Names: imagingtest.AINames}} {
		img, err := Table(rtDensest(), opt)
		if err != nil {
			t.Fatal(err)
		}
		checkFirstEncode(t, "densest table", img)
		imaging.Release(img)
	}
}

func BenchmarkThreadcountTableDensest(b *testing.B) {
	imagingtest.PNGBench(b, imagingtest.Drawn(Table, rtDensest(), rtNames))
}
