package archravels

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
	"spindle/games/internal/dice"
)

// Rulings A1-A35 (spec §11) and edge cases 1-36 (spec §9), one named
// subtest each; then every event kind, every special request, scoring,
// the end and the final craft, concessions and the setup sizes.

type namedCase struct {
	name string
	f    func(t *testing.T)
}

func runCases(t *testing.T, cases []namedCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, c.f)
	}
}

// duo is a two-player table, Derrick (Fiber Artist) against Amara.
func duo(t testing.TB) State { return tableAt(t, "derrick", "amara") }

// trio is a three-player table: Derrick, Rebecca (Thrifty), Neeha
// (Colorist).
func trio(t testing.TB) State { return tableAt(t, "derrick", "rebecca", "neeha") }

// quad is a four-player table: Derrick, Rebecca, Neeha, Ted (Spinner).
func quad(t testing.TB) State { return tableAt(t, "derrick", "rebecca", "neeha", "ted") }

// tableOf builds a table of n players from duo/trio/quad's characters.
func tableOf(t testing.TB, n int) State {
	return tableAt(t, []string{"derrick", "rebecca", "neeha", "ted"}[:n]...)
}

func TestRulings(t *testing.T) {
	runCases(t, []namedCase{
		{"A1 base game content only", func(t *testing.T) {
			want(t, "character sides", len(Characters), 8)
			want(t, "requests", len(Requests), 10)
			want(t, "projects", len(Projects), 16)
			want(t, "tiles", len(Tiles), 18)
			for it := Bear; it <= Scarf; it++ {
				want(t, Items[it].ID+" tiles", len(TilesOf(it)), 6)
			}
			n := 0
			for _, e := range Events {
				n += e.Copies
			}
			want(t, "event kinds", len(Events), 5)
			want(t, "event cards", n, 12)
			var decks []string
			for k := range Decks {
				decks = append(decks, k)
			}
			slices.Sort(decks)
			wantSlice(t, "yarn decks", decks, []string{DeckClassic, DeckRevised})
			types := map[string]int{}
			for _, c := range Characters {
				types[c.Type]++
			}
			want(t, "boards", len(types), 4)
		}},
		{"A2 default deck classic74, option revised80", func(t *testing.T) {
			s, err := Game{}.New(nil, 2)
			if err != nil {
				t.Fatal(err)
			}
			want(t, "default", s.YarnDeckOpt, DeckClassic)
			want(t, "classic74 is ours", Decks[DeckClassic].Official, false)
			want(t, "revised80 is the designer's", Decks[DeckRevised].Official, true)
			s, err = Game{}.New(games.Options{"yarn_deck": DeckRevised}, 3)
			if err != nil {
				t.Fatal(err)
			}
			want(t, "option", s.YarnDeckOpt, DeckRevised)
			if _, err := (Game{}).New(games.Options{"yarn_deck": "classic80"}, 2); !errors.Is(err, games.ErrBadOption) {
				t.Fatalf("bad deck option: %v", err)
			}
			help := ""
			for _, o := range (Game{}).Info().Options {
				if o.Key == "yarn_deck" {
					help = o.Help
				}
			}
			if !strings.Contains(help, "reconstruction") || !strings.Contains(help, "expansion") {
				t.Fatalf("help text %q must say classic74 is reconstructed and revised80 an expansion edit", help)
			}
		}},
		{"A3 empty deck: discard becomes the deck; both empty: positions stay empty", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck = map[string]int{}
			s.Discard = []string{"y2_R", "yarn_sale"}
			s.Bazaar[0], s.Bazaar[1] = "", ""
			atActions(t, &s, 4)
			evs := mustApply(t, &s, 0, "end")
			if !strings.Contains(logText(evs), "the discard pile (2 cards) is shuffled into a new deck") {
				t.Fatalf("no reshuffle line:\n%s", logText(evs))
			}
			want(t, "new deck", s.yarnDeckSize(), 2)
			want(t, "discard", len(s.Discard), 0)
			chance(t, &s, "draw:yarn_sale", "draw:y2_R")
			want(t, "pos 2", s.Bazaar[1], "y2_R")
			play(t, &s, "sale:R", "sale:R", "sale:R")
			wantSlice(t, "discard", s.Discard, []string{"yarn_sale"})

			b := duo(t)
			b.YarnDeck, b.Discard = map[string]int{}, nil
			b.Bazaar[2] = ""
			atActions(t, &b, 4)
			evs = mustApply(t, &b, 0, "end")
			if !strings.Contains(logText(evs), "both empty") {
				t.Fatalf("no both-empty line:\n%s", logText(evs))
			}
			want(t, "phase", b.Phase, PhStock)
			want(t, "pos 3 stays empty", b.Bazaar[2], "")
			mustApply(t, &b, 0, "end")
			mustApply(t, &b, 1, "space:1")
			mustRefuse(t, &b, 1, "pick:3")
			mustApply(t, &b, 1, "pick:3@B")
			wantBowl(t, &b, 1, "1 1 1 1 2 1")
		}},
		{"A4 unlimited yarn and item supplies", func(t *testing.T) {
			s := tableAt(t, "ted", "amara")
			s.Players[0].Bowl = bowl(t, "60 0 0 0 0 0")
			s.Players[0].Items = items(500, 0, 0, 0, 0)
			mustApply(t, &s, 0, "space:3")
			mustApply(t, &s, 0, "take3:R")
			wantBowl(t, &s, 0, "63 0 0 0 0 0")
			mustApply(t, &s, 0, "make:blanket@RRRRR")
			want(t, "items", s.Players[0].Items, items(500, 0, 0, 0, 1))
		}},
		{"A5 requests anywhere in the Yarn Deck", func(t *testing.T) {
			s := setupThrough(t, nil, []string{"rebecca", "amara"}, []string{"robot", "unicorn"})
			var reqs []string
			for id, n := range s.YarnDeck {
				if CardKind(id) == "request" {
					for range n {
						reqs = append(reqs, id)
					}
				}
			}
			slices.Sort(reqs)
			wantSlice(t, "requests in the deck", reqs, []string{"hacky_sack", "robot", "snugglesaurus", "unicorn"})
			// Any of them may be the very first card of the first restock.
			for _, r := range reqs {
				d := duo(t)
				d.YarnDeck = maps.Clone(s.YarnDeck)
				d.Bazaar[0] = ""
				atActions(t, &d, 4)
				mustApply(t, &d, 0, "end")
				chance(t, &d, "draw:"+r)
				want(t, "revealed", d.card(), r)
			}
		}},
		{"A6 revealed cards resolve in position order, each completely", func(t *testing.T) {
			s := trio(t)
			atResolve(t, &s, map[int]string{2: "yarn_sale", 5: "robot", 1: "friendly_clerk"})
			wantSlice(t, "order", s.Fresh, []int{1, 2, 5})
			want(t, "first card", s.card(), "friendly_clerk")
			play(t, &s, "clerk:R", "clerk:R", "clerk:R")
			want(t, "second card", s.card(), "yarn_sale")
			mustApply(t, &s, 0, "sale:B")
			mustRefuse(t, &s, 0, "keep") // the sale is not finished
			mustApply(t, &s, 0, "sale:B")
			mustApply(t, &s, 0, "sale:B")
			want(t, "third card", s.card(), "robot")
			mustApply(t, &s, 0, "give:2")
			want(t, "phase", s.Phase, PhStock)
		}},
		{"A7 a bowl has no limit", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Bowl = bowl(t, "99 99 99 99 99 99")
			atResolve(t, &s, map[int]string{1: "yarn_sale"})
			play(t, &s, "sale:P", "sale:P", "sale:P")
			wantBowl(t, &s, 0, "99 99 99 99 99 102")
		}},
		{"A8 different boards; side chosen or random", func(t *testing.T) {
			s, _ := Game{}.New(nil, 2)
			mustRefuse(t, &s, games.Chance, "chars:rebecca,theo") // one board
			mustApply(t, &s, games.Chance, "chars:theo,eliza")
			c, _ := Game{}.New(games.Options{"characters": CharsChosen}, 3)
			want(t, "chooser", toAct(t, &c), games.Seat(0))
			want(t, "choices", len(legalKeys(&c, 0)), 8)
			mustApply(t, &c, 0, "char:rebecca")
			keys := legalKeys(&c, 1)
			want(t, "choices left", len(keys), 6)
			if slices.Contains(keys, "char:theo") || slices.Contains(keys, "char:rebecca") {
				t.Fatalf("Thrifty board taken, legal %v", keys)
			}
			mustRefuse(t, &c, 1, "char:theo")
			mustApply(t, &c, 1, "char:alex")
			want(t, "choices left", len(legalKeys(&c, 2)), 4)
		}},
		{"A9 first player random or the host's choice", func(t *testing.T) {
			s := setupThrough(t, nil, []string{"rebecca", "amara"}, []string{"robot", "unicorn"})
			finishSetup(t, &s)
			want(t, "phase", s.Phase, PhFirst)
			mustRefuse(t, &s, games.Chance, "first:2")
			chance(t, &s, "first:1")
			want(t, "active", s.Active, games.Seat(1))
			want(t, "phase", s.Phase, PhSpace)

			h := setupThrough(t, games.Options{"first_player": "2"}, []string{"rebecca", "amara", "ted"}, []string{"robot", "unicorn", "wrist_warmers"})
			finishSetup(t, &h)
			want(t, "host's choice applied", h.Phase, PhSpace)
			want(t, "active", h.Active, games.Seat(1))
			if _, err := (Game{}).New(games.Options{"first_player": "4"}, 3); !errors.Is(err, games.ErrBadOption) {
				t.Fatalf("seat 4 of 3: %v", err)
			}
		}},
		{"A10 positions 1-6, refills ascending", func(t *testing.T) {
			s := duo(t)
			s.Bazaar[4], s.Bazaar[1] = "", ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:y2_P")
			want(t, "first draw to pos 2", s.Bazaar[1], "y2_P")
			want(t, "pos 5 still empty", s.Bazaar[4], "")
			chance(t, &s, "draw:y2_G")
			want(t, "second draw to pos 5", s.Bazaar[4], "y2_G")
		}},
		{"A11 actions optional, once each, any order; EndActions forfeits", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara") // space 3: Shop 2 + Craft 1
			atActions(t, &s, 3)
			mustApply(t, &s, 0, "make:hat@RO") // craft before shopping
			mustRefuse(t, &s, 0, "make:hat@YG")
			mustApply(t, &s, 0, "pick:1")
			mustApply(t, &s, 0, "pick:2")
			wantSlice(t, "all used", legalKeys(&s, 0), []string{"end"})

			u := tableAt(t, "rebecca", "amara")
			atActions(t, &u, 2) // Craft 2
			mustApply(t, &u, 0, "make:hat@RO")
			mustApply(t, &u, 0, "end") // the second craft is lost
			want(t, "phase", u.Phase, PhStock)

			v := tableAt(t, "rebecca", "amara")
			atActions(t, &v, 3)
			mustApply(t, &v, 0, "end") // nothing at all
			want(t, "phase", v.Phase, PhStock)

			w := tableAt(t, "derrick", "amara") // Craft 4, stopped after one
			w.Players[0].Bowl = bowl(t, "4 4 4 4 4 4")
			atActions(t, &w, 2)
			mustRefuse(t, &w, 0, "stop") // no craft in progress
			mustApply(t, &w, 0, "make:hat@RO")
			// The space has nothing but the Craft: "end" is the way to
			// stop, and no separate "stop" step is offered.
			mustRefuse(t, &w, 0, "stop")
			if p, _ := (Game{}).Pass(&w, 0); p.Key() != "end" {
				t.Fatalf("Pass while crafting = %q, want end", p.Key())
			}
			mustApply(t, &w, 0, "end")
			want(t, "stopped and restocked", w.Phase, PhStock)
		}},
		{"A12 Shop takes exactly N distinct positions once begun", func(t *testing.T) {
			s := tableAt(t, "amara", "rebecca") // Shop 3
			atActions(t, &s, 1)
			mustApply(t, &s, 0, "pick:4")
			keys := legalKeys(&s, 0)
			for _, k := range keys {
				if !strings.HasPrefix(k, "pick:") {
					t.Fatalf("only picks while shopping, got %v", keys)
				}
			}
			mustRefuse(t, &s, 0, "end")
			mustRefuse(t, &s, 0, "pick:4")
			mustApply(t, &s, 0, "pick:1")
			mustRefuse(t, &s, 0, "end")
			mustApply(t, &s, 0, "pick:6")
			wantSlice(t, "shop over", legalKeys(&s, 0), []string{"end"})
			wantBowl(t, &s, 0, "2 1 1 2 1 2")
		}},
		{"A13 a crafted request uses one of the crafts", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara") // Craft 2
			s.Players[0].Held = []string{"hacky_sack"}
			s.Players[0].Bowl = bowl(t, "2 2 2 2 2 2")
			atActions(t, &s, 2)
			mustApply(t, &s, 0, "make:hacky_sack@ROY")
			want(t, "crafts left", s.CraftLeft, 1)
			mustApply(t, &s, 0, "make:hat@GB")
			want(t, "crafts left", s.CraftLeft, 0)
			mustRefuse(t, &s, 0, "make:hat@RP")
			wantSlice(t, "options", legalKeys(&s, 0), []string{"end"})
		}},
		{"A14 Mittens general: exactly two colours, 2 + 1", func(t *testing.T) {
			s := duo(t)
			setTiles(t, &s, 0, "RRR", "BBY*", "PBOY")
			s.Players[0].Bowl = bowl(t, "3 3 0 0 0 0")
			atActions(t, &s, 2)
			wantSlice(t, "mittens payments", withPrefix(legalKeys(&s, 0), "make:mittens"), []string{"make:mittens@ROO", "make:mittens@RRO"})
			mustRefuse(t, &s, 0, "make:mittens@RRR")
			mustRefuse(t, &s, 0, "make:mittens@OOO")
			f := duo(t)
			setTiles(t, &f, 0, "RRR", "BBY*", "PBOY")
			f.Players[0].Items = items(0, 0, 1, 0, 0)
			atStock(&f)
			frogs := withPrefix(legalKeys(&f, 0), "frog:mittens@")
			want(t, "general mittens frogs (6 x 5)", len(frogs), 30)
			mustRefuse(t, &f, 0, "frog:mittens@GGG")
		}},
		{"A15 Colorist any-colour craft makes an item or a held request", func(t *testing.T) {
			s := tableAt(t, "neeha", "amara")
			s.Players[0].Held = []string{"prodigy_cowl"}
			s.Players[0].Bowl = bowl(t, "1 1 1 1 0 0")
			atActions(t, &s, 3)
			wantLegal(t, &s, 0, "make:prodigy_cowl", "make:bear", "make:hat", "make:scarf")
			play(t, &s, "make:prodigy_cowl", "pay:R", "pay:O", "pay:Y", "pay:G")
			wantSlice(t, "done", s.Players[0].Done, []string{"prodigy_cowl"})
			wantBowl(t, &s, 0, "0 0 0 0 0 0")
		}},
		{"A16 requests as printed; Friendship Bracelets gives to each other player", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Held = []string{"hacky_sack", "robot"}
			s.Players[0].Bowl = bowl(t, "5 1 0 0 0 4")
			atActions(t, &s, 2)
			wantSlice(t, "request payments", append(withPrefix(legalKeys(&s, 0), "make:hacky"), withPrefix(legalKeys(&s, 0), "make:robot")...),
				[]string{"make:hacky_sack@ROP", "make:robot@RRRRR"})
			f := trio(t)
			f.Players[0].Held = []string{"friendship_bracelets"}
			atActions(t, &f, 2)
			play(t, &f, "make:friendship_bracelets", "pay:R", "pay:O", "pay:Y", "pay:G")
			wantBowl(t, &f, 1, "2 2 1 1 1 1")
			wantBowl(t, &f, 2, "1 1 2 2 1 1")
			wantBowl(t, &f, 0, "0 0 0 0 1 1")
		}},
		{"A17 +5 only for one's own favourite; unfinished costs face value", func(t *testing.T) {
			s := tableAt(t, "rebecca", "derrick")
			s.Players[0].Done = []string{"snugglesaurus"}
			s.Players[1].Done = []string{"snugglesaurus"}
			want(t, "Rebecca's own", ScoreOf(&s.Players[0]).Requests, 18)
			want(t, "Derrick's", ScoreOf(&s.Players[1]).Requests, 13)
			s.Players[0].Done, s.Players[0].Held = nil, []string{"snugglesaurus"}
			want(t, "own favourite unfinished", ScoreOf(&s.Players[0]).Unfinished, 13)
		}},
		{"A18 Tangled Cat: another player, their whole next turn, no stacking, never the final craft", func(t *testing.T) {
			s := duo(t)
			s.Players[1].Bowl = bowl(t, "3 3 3 3 3 3")
			atResolve(t, &s, map[int]string{1: "tangled_cat", 2: "tangled_cat"})
			mustRefuse(t, &s, 0, "tangle:0")
			mustApply(t, &s, 0, "tangle:1")
			mustApply(t, &s, 0, "tangle:1") // again: still one blocked turn
			want(t, "flag", s.Players[1].Tangled, true)
			mustApply(t, &s, 0, "end")
			// Amara's turn: no craft from a space nor her own Craft Circle.
			mustApply(t, &s, 1, "space:2")
			noMakes(t, &s, 1)
			evs := atResolve(t, &s, map[int]string{3: "craft_circle"})
			if !strings.Contains(logText(evs), "{{p1}} cannot craft") {
				t.Fatalf("Amara not skipped:\n%s", logText(evs))
			}
			mustApply(t, &s, 0, "pass")
			mustApply(t, &s, 1, "end")
			want(t, "cleared at the end of that turn", s.Players[1].Tangled, false)
			quietTurn(t, &s, 1)
			mustApply(t, &s, 1, "space:3")
			wantLegal(t, &s, 1, "make:hat@RO")

			f := duo(t)
			f.Players[1].Tangled = true
			f.List, f.ProjectDeck = []string{"naptime", "recess"}, nil
			atStock(&f)
			mustApply(t, &f, 0, "end")
			want(t, "final craft", f.Phase, PhFinal)
			wantLegal(t, &f, 1, "make:hat@RO")
		}},
		{"A19 Donate is mandatory; nothing with an empty bowl", func(t *testing.T) {
			s := trio(t)
			s.Players[0].Bowl = bowl(t, "0 0 0 2 0 0")
			atResolve(t, &s, map[int]string{1: "donate"})
			wantSlice(t, "options", legalKeys(&s, 0), []string{"donate:G@1", "donate:G@2"})
			mustRefuse(t, &s, 0, "pass")
			mustRefuse(t, &s, 0, "end")
			mustApply(t, &s, 0, "donate:G@2")
			wantBowl(t, &s, 0, "0 0 0 1 0 0")
			wantBowl(t, &s, 2, "1 1 1 2 1 1")

			e := trio(t)
			e.Players[0].Bowl = Yarn{}
			evs := atResolve(t, &e, map[int]string{1: "donate"})
			want(t, "resolved at once", e.Phase, PhStock)
			if !strings.Contains(logText(evs), "nothing happens") {
				t.Fatalf("no line:\n%s", logText(evs))
			}
			wantSlice(t, "discard", e.Discard, []string{"donate"})
		}},
		{"A20 Clerk and Circle clockwise from the active player; Circle items only, may pass", func(t *testing.T) {
			s := trio(t)
			s.Active = 1
			atResolve(t, &s, map[int]string{2: "friendly_clerk"})
			for _, seat := range []games.Seat{1, 2, 0} {
				want(t, "clerk order", toAct(t, &s), seat)
				mustApply(t, &s, seat, "clerk:P")
			}
			for i := range 3 {
				want(t, "purple", s.Players[i].Bowl[5], 2)
			}
			c := trio(t)
			c.Active = 2
			c.Players[0].Held = []string{"hacky_sack"}
			atResolve(t, &c, map[int]string{2: "craft_circle"})
			wantSlice(t, "circle order", c.Queue, []games.Seat{2, 0, 1})
			mustApply(t, &c, 2, "pass")
			keys := legalKeys(&c, 0)
			if len(withPrefix(keys, "make:hacky")) > 0 || !slices.Contains(keys, "pass") || !slices.Contains(keys, "make:hat@RO") {
				t.Fatalf("circle options %v", keys)
			}
			mustRefuse(t, &c, 0, "make:hacky_sack@ROY")
			mustApply(t, &c, 0, "make:hat@RO")
			mustApply(t, &c, 1, "pass")
			want(t, "phase", c.Phase, PhStock)
		}},
		{"A21 a revealed request must be taken or given; no limit; public", func(t *testing.T) {
			s := trio(t)
			s.Players[2].Held = []string{"robot", "octopus", "unicorn", "hacky_sack", "snugglesaurus"}
			atResolve(t, &s, map[int]string{4: "wrist_warmers"})
			wantSlice(t, "options", legalKeys(&s, 0), []string{"give:1", "give:2", "keep"})
			mustRefuse(t, &s, 0, "end")
			mustRefuse(t, &s, 0, "pass")
			mustRefuse(t, &s, 0, "give:0")
			mustApply(t, &s, 0, "give:2")
			want(t, "held", len(s.Players[2].Held), 6)
			want(t, "phase", s.Phase, PhStock)
			if !slices.Contains(Game{}.View(&s, 1).Players[2].Held, "wrist_warmers") {
				t.Fatal("held requests are public")
			}
			if slices.Contains(s.Discard, "wrist_warmers") {
				t.Fatal("a request never reaches the discard pile")
			}
		}},
		{"A22 separate item sets; the List refills once, at P5", func(t *testing.T) {
			s := duo(t)
			s.List = []string{"lumberjack", "recess", "naptime"}
			s.Players[0].Items = items(1, 1, 1, 1, 1)
			atStock(&s)
			mustApply(t, &s, 0, "finish:lumberjack")
			mustRefuse(t, &s, 0, "finish:recess") // the Hat is gone
			mustApply(t, &s, 0, "finish:naptime")
			wantSlice(t, "List", s.List, []string{"recess"})
			deck := len(s.ProjectDeck)
			mustApply(t, &s, 0, "end")
			chance(t, &s, s.refillKey())
			chance(t, &s, s.refillKey())
			want(t, "List refilled", len(s.List), 3)
			want(t, "deck", len(s.ProjectDeck), deck-2)
			want(t, "next turn", s.Phase, PhSpace)
		}},
		{"A23 the end is checked only after the P5 refill", func(t *testing.T) {
			s := duo(t)
			s.ProjectDeck = nil
			s.Players[0].Items = items(1, 1, 1, 1, 1)
			atStock(&s)
			mustApply(t, &s, 0, "finish:lumberjack") // List 2, deck empty
			want(t, "still P4", s.Phase, PhStock)
			mustApply(t, &s, 0, "learn:mittens")
			mustApply(t, &s, 0, "end")
			want(t, "end at P5", s.Phase, PhFinal)
		}},
		{"A24 learning: Bear, Mittens, Scarf only, one item, once per tile", func(t *testing.T) {
			mustBadKey(t, "learn:hat")
			mustBadKey(t, "learn:blanket")
			s := duo(t)
			s.Players[0].Items = items(1, 2, 0, 0, 1)
			atStock(&s)
			mustRefuse(t, &s, 0, "learn:mittens") // no Mittens
			wantSlice(t, "learn options", withPrefix(legalKeys(&s, 0), "learn:"), []string{"learn:bear"})
			mustApply(t, &s, 0, "learn:bear")
			want(t, "one Bear returned", s.Players[0].Items, items(1, 1, 0, 0, 1))
			mustRefuse(t, &s, 0, "learn:bear")
			want(t, "tile points", ScoreOf(&s.Players[0]).Tiles, 3)
		}},
		{"A25 frog: current pattern; items crafted this turn; never requests", func(t *testing.T) {
			s := tableAt(t, "neeha", "amara")
			setTiles(t, &s, 0, "GGG", "YYR", "GRYO")
			s.Players[0].Bowl = bowl(t, "1 1 1 0 0 0")
			atActions(t, &s, 3)
			play(t, &s, "make:bear", "pay:R", "pay:O", "pay:Y") // any colours
			mustApply(t, &s, 0, "end")
			wantSlice(t, "frogs", withPrefix(legalKeys(&s, 0), "frog:"), []string{"frog:bear@GGG"})
			mustApply(t, &s, 0, "frog:bear@GGG")
			wantBowl(t, &s, 0, "0 0 0 3 0 0")
			mustBadKey(t, "frog:octopus@PPPP")
		}},
		{"A26 final craft: from the active player's left, one make, no Colorist power, Tangled not blocked", func(t *testing.T) {
			s := quad(t)
			s.Active = 1
			s.ProjectDeck, s.List = nil, []string{"naptime", "recess"}
			setTiles(t, &s, 2, "GGG", "YYR", "GRYO")
			s.Players[2].Bowl = bowl(t, "1 1 1 0 0 0")
			s.Players[3].Tangled = true
			s.Players[3].Held = []string{"friendship_bracelets"}
			atStock(&s)
			mustApply(t, &s, 1, "end")
			wantSlice(t, "queue", s.Queue, []games.Seat{2, 3, 0})
			mustNotTurn(t, &s, 1, "pass")
			// Neeha has no any-colour power here: R O Y is no Bear GGG.
			keys := legalKeys(&s, 2)
			wantSlice(t, "Neeha's final options", keys, []string{"make:hat@OY", "make:hat@RO", "make:hat@RY", "pass"})
			mustRefuse(t, &s, 2, "make:bear")
			mustRefuse(t, &s, 2, "make:bear@ROY")
			mustApply(t, &s, 2, "make:hat@RO")
			want(t, "one make only: next", toAct(t, &s), games.Seat(3))
			// Ted is Tangled and still crafts; Friendship Bracelets reach the
			// active player and Neeha, who already had her final craft.
			wantLegal(t, &s, 3, "make:friendship_bracelets")
			play(t, &s, "make:friendship_bracelets", "pay:R", "pay:O", "pay:Y", "pay:G", "pay:B", "pay:P")
			wantBowl(t, &s, 3, "0 0 0 0 0 0")
			wantBowl(t, &s, 0, "2 2 1 1 1 1")
			wantBowl(t, &s, 1, "1 1 2 2 1 1")
			wantBowl(t, &s, 2, "0 0 1 0 1 1")
			mustApply(t, &s, 0, "pass")
			want(t, "over", s.Phase, PhOver)
		}},
		{"A27 tie-breaks: more cards, then fewer tokens, then shared", func(t *testing.T) {
			s := quad(t)
			for i := range s.Players {
				s.Players[i].Bowl = Yarn{}
			}
			// seat 0: 26 - 6 tokens = 20, 2 cards, 6 tokens.
			s.Players[0].Projects = []string{"recess", "lumberjack"}
			s.Players[0].Bowl = bowl(t, "6 0 0 0 0 0")
			// seat 1: 20, 1 card.
			s.Players[1].Projects = []string{"snow_day"}
			// seats 2 and 3: 26 - 6 unfinished = 20, 2 cards, no tokens.
			for _, i := range []int{2, 3} {
				s.Players[i].Projects = []string{"recess", "lumberjack"}
				s.Players[i].Held = []string{"hacky_sack"}
			}
			for i := range 4 {
				want(t, "total", score(&s, games.Seat(i)), 20)
			}
			wantSlice(t, "ranks", s.Ranks(), []int{3, 4, 1, 1})
			s.Phase = PhOver
			s.Reason = "scored"
			res, _ := Game{}.Result(&s)
			wantSlice(t, "shared win", res.Winners, []games.Seat{2, 3})
		}},
		{"A28 draws uniform over the deck; unselected cards never shown", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck = map[string]int{"y1_R": 1, "y2_B": 3}
			s.Bazaar[0] = ""
			s.Phase = PhRestock
			d := dice.Seeded(7, 11)
			n, blue := 8000, 0
			for range n {
				a := Game{}.Sample(&s, d)
				if a.Key() == "draw:y2_B" {
					blue++
				} else if a.Key() != "draw:y1_R" {
					t.Fatalf("sampled %q", a.Key())
				}
			}
			if f := float64(blue) / float64(n); f < 0.72 || f > 0.78 {
				t.Fatalf("Blue 2 drawn %.3f of the time, want 0.75", f)
			}
			// The random requests and the Project Deck stay hidden.
			h, _ := Game{}.New(nil, 2)
			chance(t, &h, "chars:rebecca,amara", "tiles:bear@RRR.GGG", "tiles:mittens@YYR.GGB", "tiles:scarf@GRYO.PORG")
			evs := chance(t, &h, "requests:robot,unicorn")
			txt := strings.ToLower(logText(evs))
			if strings.Contains(txt, "robot") || strings.Contains(txt, "unicorn") {
				t.Fatalf("the random requests leak: %s", txt)
			}
			finishSetup(t, &h)
			b, _ := json.Marshal(Game{}.View(&h, games.Spectator))
			for _, id := range []string{"robot", "unicorn", h.ProjectDeck[0]} {
				if strings.Contains(string(b), id) {
					t.Fatalf("view shows %q", id)
				}
			}
		}},
		{"A28 a request seen in the opening fill stays known under Resample", func(t *testing.T) {
			// Robot (a random request) is set aside face up during the
			// opening fill and goes back: every player knows it is in the
			// Yarn Deck, so a resampled deck must still hold it (§5).
			s := setupThrough(t, nil, []string{"rebecca", "amara"}, []string{"robot", "unicorn"})
			chance(t, &s, "draw:robot")
			for range 6 {
				chance(t, &s, "draw:y1_R")
			}
			want(t, "robot back", s.YarnDeck["robot"], 1)
			for seed := range uint64(40) {
				r := Game{}.Resample(&s, 0, dice.Seeded(seed, 99))
				want(t, "robot still in the resampled deck", r.YarnDeck["robot"], 1)
				want(t, "deck size", r.yarnDeckSize(), s.yarnDeckSize())
			}
		}},
		{"A29 opening Bazaar: events and requests set aside and returned", func(t *testing.T) {
			s := setupThrough(t, nil, []string{"rebecca", "amara", "ted"}, []string{"robot", "unicorn", "wrist_warmers"})
			want(t, "deck", s.yarnDeckSize(), 92)
			chance(t, &s, "draw:octopus", "draw:donate", "draw:y1_R", "draw:craft_circle", "draw:y1_R", "draw:y1_R", "draw:y1_R", "draw:y1_R")
			want(t, "set aside", len(s.SetAside), 3)
			chance(t, &s, "draw:y1_R")
			want(t, "deck", s.yarnDeckSize(), 92-6)
			want(t, "octopus back", s.YarnDeck["octopus"], 1)
			want(t, "donates back", s.YarnDeck["donate"], 2)
			want(t, "circles back", s.YarnDeck["craft_circle"], 2)
			want(t, "Bazaar", s.Bazaar, [6]string{"y1_R", "y1_R", "y1_R", "y1_R", "y1_R", "y1_R"})
		}},
		{"A30 Exchange: k >= 1 of one colour for k of one other, once", func(t *testing.T) {
			mustBadKey(t, "exchange:B@0R")
			s := duo(t)
			s.Players[0].Bowl = bowl(t, "0 0 0 0 3 1")
			atActions(t, &s, 4)
			mustRefuse(t, &s, 0, "exchange:B@1B")
			mustRefuse(t, &s, 0, "exchange:B@4R")
			want(t, "exchange options (3 x 5 + 1 x 5)", len(withPrefix(legalKeys(&s, 0), "exchange:")), 20)
			mustApply(t, &s, 0, "exchange:P@1G")
			wantBowl(t, &s, 0, "0 0 0 1 3 0")
			mustRefuse(t, &s, 0, "exchange:B@1R")
		}},
		{"A31 Spinner Take 3 of one colour", func(t *testing.T) {
			s := tableAt(t, "eliza", "amara")
			atActions(t, &s, 3)
			wantSlice(t, "take options", withPrefix(legalKeys(&s, 0), "take3:"), []string{"take3:B", "take3:G", "take3:O", "take3:P", "take3:R", "take3:Y"})
			mustApply(t, &s, 0, "take3:G")
			wantBowl(t, &s, 0, "1 1 1 4 1 1")
			mustRefuse(t, &s, 0, "take3:R")
			s2 := tableAt(t, "derrick", "amara")
			atActions(t, &s2, 3)
			mustRefuse(t, &s2, 0, "take3:G")
		}},
		{"A32 spaces 1-4: Shop, Craft, combined, Exchange", func(t *testing.T) {
			wantSpaces := map[string][4]string{
				"thrifty":      {"Shop 4", "Craft 2", "Shop 2 + Craft 1", "Exchange"},
				"fiber_artist": {"Shop 3", "Craft 4", "Shop 2 + Craft 1", "Exchange"},
				"colorist":     {"Shop 3", "Craft 2", "Shop 2 + Craft 1 in any colours", "Exchange"},
				"spinner":      {"Shop 3", "Craft 2", "Take 3 of one colour + Craft 1", "Exchange"},
			}
			for _, c := range Characters {
				var got [4]string
				for k := range 4 {
					got[k] = SpaceText(c.Spaces[k])
				}
				want(t, c.Name, got, wantSpaces[c.Type])
			}
		}},
		{"A33 discard pile public; events after resolving; requests never", func(t *testing.T) {
			s := duo(t)
			atActions(t, &s, 4)
			s.Bazaar[0] = ""
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:yarn_sale")
			want(t, "not discarded while resolving", len(s.Discard), 0)
			play(t, &s, "sale:R", "sale:R", "sale:R")
			v := Game{}.View(&s, games.Spectator)
			want(t, "view discard", v.Discard, 1)
			want(t, "view discard top", v.DiscardTop, "yarn_sale")
			r := duo(t)
			atResolve(t, &r, map[int]string{3: "octopus"})
			mustApply(t, &r, 0, "keep")
			want(t, "request not discarded", len(r.Discard), 0)
			want(t, "position empty", r.Bazaar[2], "")
		}},
		{"A34 concession: out of the order and choices, unscored, last; one left wins", testConcessionRanks},
		{"A35 first turn any space; then any but the previous; Tangled still moves", func(t *testing.T) {
			s := duo(t)
			want(t, "first turn spaces", len(legalKeys(&s, 0)), 4)
			quietTurn(t, &s, 2)
			quietTurn(t, &s, 1)
			s.Players[0].Tangled = true
			wantSlice(t, "spaces", legalKeys(&s, 0), []string{"space:1", "space:3", "space:4"})
			mustRefuse(t, &s, 0, "space:2")
		}},
	})
}

// finishSetup fills the opening Bazaar with Yellow 2s and Red 2s, picks
// the first K projects in data order and draws the List.
func finishSetup(t testing.TB, s *State) {
	t.Helper()
	for _, c := range []string{"y2_Y", "y2_Y", "y2_R", "y2_R", "y2_B", "y2_B"} {
		chance(t, s, "draw:"+c)
	}
	k := ProjectDeckSize[s.N]
	chance(t, s, "projects:"+strings.Join(projectIDs()[:k], ","))
	for range 3 {
		chance(t, s, "project:"+s.ProjectDeck[0])
	}
}

func TestEdgeCases(t *testing.T) {
	runCases(t, []namedCase{
		{"E1 first turn any space, then not the previous one; two turns back is fine", func(t *testing.T) {
			s := duo(t)
			want(t, "first turn", len(legalKeys(&s, 0)), 4)
			quietTurn(t, &s, 2)
			quietTurn(t, &s, 1)
			mustRefuse(t, &s, 0, "space:2")
			quietTurn(t, &s, 3)
			quietTurn(t, &s, 2)
			wantLegal(t, &s, 0, "space:2")
		}},
		{"E2 doing nothing: a new space, EndActions, the restock anyway, EndTurn", func(t *testing.T) {
			s := duo(t)
			s.Bazaar[5] = ""
			mustApply(t, &s, 0, "space:1")
			mustApply(t, &s, 0, "end")
			want(t, "restock", s.Phase, PhRestock)
			chance(t, &s, "draw:y2_O")
			want(t, "pos 6", s.Bazaar[5], "y2_O")
			mustApply(t, &s, 0, "end")
			want(t, "next", s.Active, games.Seat(1))
		}},
		{"E3 an empty position shops as 1 any and stays empty until P3", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara")
			s.Bazaar[1] = ""
			atActions(t, &s, 1)
			mustApply(t, &s, 0, "pick:2@P")
			wantBowl(t, &s, 0, "1 1 1 1 1 2")
			want(t, "still empty", s.Bazaar[1], "")
			play(t, &s, "pick:1", "pick:3", "pick:4", "end")
			chance(t, &s, "draw:y2_R", "draw:y2_O", "draw:y2_Y", "draw:y2_G")
			want(t, "pos 2 refilled in P3", s.Bazaar[1], "y2_O")
		}},
		{"E4 shop one position twice", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara")
			atActions(t, &s, 1)
			mustApply(t, &s, 0, "pick:3")
			want(t, "pos 3 now empty", s.Bazaar[2], "")
			mustRefuse(t, &s, 0, "pick:3")
			mustRefuse(t, &s, 0, "pick:3@R") // empty now, but already taken
		}},
		{"E5 shop fewer than N is illegal once started; skipping is allowed", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara")
			atActions(t, &s, 3) // Shop 2 + Craft 1
			mustApply(t, &s, 0, "pick:1")
			mustRefuse(t, &s, 0, "end")
			mustRefuse(t, &s, 0, "make:hat@OY")
			mustRefuse(t, &s, 0, "stop")
			k := tableAt(t, "rebecca", "amara")
			atActions(t, &k, 3)
			mustApply(t, &k, 0, "make:hat@OY")
			mustApply(t, &k, 0, "end")
			want(t, "shop skipped", k.Phase, PhStock)
		}},
		{"E6 Any Colour card: two tokens, each colour chosen", func(t *testing.T) {
			s := tableAt(t, "rebecca", "amara")
			s.Bazaar[0] = "any2"
			atActions(t, &s, 1)
			want(t, "colour choices (multisets of 2 of 6)", len(withPrefix(legalKeys(&s, 0), "pick:1")), 21)
			mustRefuse(t, &s, 0, "pick:1")
			mustRefuse(t, &s, 0, "pick:1@R")
			mustApply(t, &s, 0, "pick:1@RB")
			wantBowl(t, &s, 0, "2 1 1 1 2 1")
			wantSlice(t, "discard", s.Discard, []string{"any2"})
		}},
		{"E7 Mittens general with 3 of one colour; exact fronts are 2 + 1", func(t *testing.T) {
			for _, tile := range TilesOf(Mittens) {
				if tile.Exact.Total() != 3 || tile.Exact.Colours() != 2 {
					t.Fatalf("mittens tile %s is %s", tile.Code, tile.Exact.Code())
				}
			}
			s := duo(t)
			setTiles(t, &s, 0, "RRR", "BBY*", "PBOY")
			s.Players[0].Bowl = bowl(t, "0 0 0 0 3 0")
			atActions(t, &s, 2)
			mustRefuse(t, &s, 0, "make:mittens@BBB")
			noMakes(t, &s, 0)
		}},
		{"E8 a learned tile has no separate exact option", func(t *testing.T) {
			s := duo(t)
			setTiles(t, &s, 0, "RRR", "BBY", "PBOY*")
			s.Players[0].Bowl = bowl(t, "0 1 1 0 1 1")
			atActions(t, &s, 2)
			wantSlice(t, "scarf payments", withPrefix(legalKeys(&s, 0), "make:scarf"), []string{"make:scarf@OYBP"})
			s.Players[0].Bowl = bowl(t, "1 1 1 1 1 1")
			want(t, "scarf payments with six colours (6 choose 4)", len(withPrefix(legalKeys(&s, 0), "make:scarf")), 15)
		}},
		{"E9 crafting a request not held or already finished", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Bowl = bowl(t, "0 0 0 0 0 8")
			atActions(t, &s, 2)
			mustRefuse(t, &s, 0, "make:octopus@PPPP")
			h := duo(t)
			h.Players[0].Bowl = bowl(t, "0 0 0 0 0 8")
			h.Players[0].Held = []string{"octopus"}
			atActions(t, &h, 2)
			mustApply(t, &h, 0, "make:octopus@PPPP")
			mustRefuse(t, &h, 0, "make:octopus@PPPP")
		}},
		{"E10 a Tangled turn: no Make at all; shop, exchange, take 3 and restock actions allowed", func(t *testing.T) {
			base := tableAt(t, "ted", "amara")
			base.Players[0].Tangled = true
			base.Players[0].Marker = 2
			base.Players[0].Bowl = bowl(t, "4 4 4 4 4 4")
			base.Players[0].Held = []string{"robot"}
			base.Players[0].Items = items(1, 1, 0, 1, 0)
			mustRefuse(t, &base, 0, "space:2") // the marker still moves
			for _, k := range []int{1, 3, 4} {
				s := base.clone()
				atActions(t, &s, k)
				noMakes(t, &s, 0)
				switch k {
				case 1:
					play(t, &s, "pick:1", "pick:2", "pick:3")
				case 3:
					mustApply(t, &s, 0, "take3:B")
					noMakes(t, &s, 0)
				case 4:
					mustApply(t, &s, 0, "exchange:R@2B")
				}
			}
			s := base.clone()
			atActions(t, &s, 3)
			mustApply(t, &s, 0, "end")
			play(t, &s, "finish:lumberjack", "learn:bear")
			want(t, "restock actions done", s.Players[0].Items, items(0, 0, 0, 0, 0))
		}},
		{"E11 Tangled twice before the turn: one blocked turn", func(t *testing.T) {
			s := trio(t)
			atResolve(t, &s, map[int]string{1: "tangled_cat"})
			mustApply(t, &s, 0, "tangle:2")
			mustApply(t, &s, 0, "end")
			atResolve(t, &s, map[int]string{2: "tangled_cat"}) // B's turn
			mustApply(t, &s, 1, "tangle:2")
			mustApply(t, &s, 1, "end")
			want(t, "C", s.Active, games.Seat(2))
			c := s.clone()
			mustApply(t, &c, 2, "space:2")
			noMakes(t, &c, 2)
			quietTurn(t, &s, 2)
			want(t, "cleared", s.Players[2].Tangled, false)
			quietTurn(t, &s, 1)
			quietTurn(t, &s, 1)
			mustApply(t, &s, 2, "space:3")
			wantLegal(t, &s, 2, "make:hat")
		}},
		{"E12 a Tangled player crafts in another player's Craft Circle", func(t *testing.T) {
			s := duo(t)
			s.Players[1].Tangled = true
			atResolve(t, &s, map[int]string{1: "craft_circle"})
			mustApply(t, &s, 0, "pass")
			mustApply(t, &s, 1, "make:hat@RO")
			want(t, "Amara's hat", s.Players[1].Items[Hat], 1)
		}},
		{"E13 a Tangled player makes the final craft", func(t *testing.T) {
			s := duo(t)
			s.Players[1].Tangled = true
			s.ProjectDeck, s.List = nil, []string{"recess"}
			atStock(&s)
			mustApply(t, &s, 0, "end")
			mustApply(t, &s, 1, "make:hat@RO")
			want(t, "over", s.Phase, PhOver)
		}},
		{"E14 Donate with an empty bowl: nothing happens", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Bowl = Yarn{}
			before := s.Players[1].Bowl
			atResolve(t, &s, map[int]string{6: "donate"})
			want(t, "phase", s.Phase, PhStock)
			want(t, "Amara's bowl", s.Players[1].Bowl, before)
		}},
		{"E15 a Yarn Sale at 2 resolves before a request at 5", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck["robot"]++
			s.Bazaar[1], s.Bazaar[4] = "", ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:yarn_sale", "draw:robot")
			wantSlice(t, "revealed", s.Fresh, []int{2, 5})
			mustRefuse(t, &s, 0, "keep")
			play(t, &s, "sale:Y", "sale:Y", "sale:Y")
			mustApply(t, &s, 0, "keep")
			want(t, "Bazaar", s.Bazaar, [6]string{"y1_R", "", "y1_Y", "y1_G", "", "y1_P"})
		}},
		{"E16 no limit on held requests", func(t *testing.T) {
			s := duo(t)
			for _, r := range Requests[1:] {
				s.Players[1].Held = append(s.Players[1].Held, r.ID)
			}
			atResolve(t, &s, map[int]string{1: "snugglesaurus"})
			mustApply(t, &s, 0, "give:1")
			want(t, "held", len(s.Players[1].Held), 10)
		}},
		{"E17 giving someone their own favourite: +5 only if finished", func(t *testing.T) {
			s := trio(t)
			atResolve(t, &s, map[int]string{1: "snugglesaurus"})
			mustApply(t, &s, 0, "give:1") // Rebecca's favourite
			want(t, "unfinished", ScoreOf(&s.Players[1]).Unfinished, 13)
			s.Players[1].Bowl = bowl(t, "9 0 0 0 0 0")
			mustApply(t, &s, 0, "end")
			mustApply(t, &s, 1, "space:2")
			play(t, &s, "make:snugglesaurus", "pay:R", "pay:R", "pay:R", "pay:R", "pay:R", "pay:R", "pay:R", "pay:R", "pay:R")
			want(t, "finished own favourite", ScoreOf(&s.Players[1]).Requests, 18)
		}},
		{"E18 someone else's favourite: face value either way", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Held = []string{"octopus"}
			want(t, "unfinished", ScoreOf(&s.Players[0]).Unfinished, 8)
			s.Players[0].Bowl = bowl(t, "0 0 0 0 0 4")
			atActions(t, &s, 2)
			mustApply(t, &s, 0, "make:octopus@PPPP")
			want(t, "finished", ScoreOf(&s.Players[0]).Requests, 8)
		}},
		{"E19 Yarn Deck empty during P3: the discard becomes the deck", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck = map[string]int{"y1_R": 1}
			s.Discard = []string{"y2_G"}
			s.Bazaar[0], s.Bazaar[1] = "", ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			evs := chance(t, &s, "draw:y1_R")
			if !strings.Contains(logText(evs), "shuffled into a new deck") {
				t.Fatalf("no reshuffle:\n%s", logText(evs))
			}
			want(t, "deck", s.yarnDeckSize(), 1)
			chance(t, &s, "draw:y2_G")
			wantSlice(t, "Bazaar 1-2", s.Bazaar[:2], []string{"y1_R", "y2_G"})
		}},
		{"E20 deck and discard both empty: positions stay empty and shop as 1 any", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck = map[string]int{"y1_R": 1}
			s.Bazaar[0], s.Bazaar[1] = "", ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:y1_R")
			want(t, "phase", s.Phase, PhStock)
			want(t, "pos 2", s.Bazaar[1], "")
			mustApply(t, &s, 0, "end")
			mustApply(t, &s, 1, "space:1")
			mustApply(t, &s, 1, "pick:2@Y")
			wantBowl(t, &s, 1, "1 1 2 1 1 1")
		}},
		{"E21 events revealed in this restock are not in its reshuffle", func(t *testing.T) {
			s := duo(t)
			s.YarnDeck = map[string]int{"tangled_cat": 1}
			s.Discard = []string{"y1_R"}
			s.Bazaar[0], s.Bazaar[1] = "", ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:tangled_cat")
			want(t, "deck after the reshuffle", s.yarnDeckSize(), 1)
			want(t, "no cat in it", s.YarnDeck["tangled_cat"], 0)
			mustRefuse(t, &s, games.Chance, "draw:tangled_cat")
			chance(t, &s, "draw:y1_R")
			mustApply(t, &s, 0, "tangle:1")
			wantSlice(t, "discard", s.Discard, []string{"tangled_cat"})
		}},
		{"E22 overlapping projects need their own items", func(t *testing.T) {
			s := duo(t)
			s.List = []string{"lumberjack", "recess", "snow_day"}
			s.Players[0].Items = items(1, 0, 1, 1, 0)
			atStock(&s)
			wantLegal(t, &s, 0, "finish:lumberjack", "finish:recess", "finish:snow_day")
			mustApply(t, &s, 0, "finish:snow_day")
			mustRefuse(t, &s, 0, "finish:lumberjack")
			mustRefuse(t, &s, 0, "finish:recess")
		}},
		{"E23 a project revealed this turn cannot be finished this turn", func(t *testing.T) {
			s := duo(t)
			s.List = []string{"lumberjack", "snow_day", "triplets"}
			s.ProjectDeck = []string{"recess", "naptime"}
			s.Players[0].Items = items(2, 0, 1, 1, 0)
			atStock(&s)
			mustApply(t, &s, 0, "finish:lumberjack")
			mustRefuse(t, &s, 0, "finish:recess")
			mustApply(t, &s, 0, "end")
			chance(t, &s, "project:recess")
			want(t, "turn over", s.Phase, PhSpace)
			want(t, "active", s.Active, games.Seat(1))
			mustNotTurn(t, &s, 0, "finish:recess")
		}},
		{"E24 the deck has exactly enough: the game goes on; the next finished project ends it", func(t *testing.T) {
			s := duo(t)
			s.List = []string{"lumberjack", "snow_day", "triplets"}
			s.ProjectDeck = []string{"recess"}
			s.Players[0].Items = items(2, 0, 1, 2, 0)
			atStock(&s)
			mustApply(t, &s, 0, "finish:lumberjack")
			mustApply(t, &s, 0, "end")
			chance(t, &s, "project:recess")
			want(t, "deck", len(s.ProjectDeck), 0)
			want(t, "List", len(s.List), 3)
			want(t, "game goes on", s.Phase, PhSpace)
			quietTurn(t, &s, 1) // Amara finishes nothing: still on
			want(t, "game goes on", s.Phase, PhSpace)
			mustApply(t, &s, 0, "space:1")
			mustApply(t, &s, 0, "end")
			mustApply(t, &s, 0, "finish:snow_day")
			mustApply(t, &s, 0, "end")
			want(t, "end", s.Phase, PhFinal)
		}},
		{"E25 learning Hat or Blanket", func(t *testing.T) {
			mustBadKey(t, "learn:hat")
			mustBadKey(t, "learn:blanket")
			s := duo(t)
			s.Players[0].Items = items(3, 0, 0, 0, 3)
			atStock(&s)
			if l := withPrefix(legalKeys(&s, 0), "learn:"); len(l) > 0 {
				t.Fatalf("learn options %v", l)
			}
		}},
		{"E26 learning a tile already flipped", func(t *testing.T) {
			s := duo(t)
			setTiles(t, &s, 0, "RRR", "BBY*", "PBOY")
			s.Players[0].Items = items(0, 0, 2, 0, 0)
			atStock(&s)
			mustRefuse(t, &s, 0, "learn:mittens")
		}},
		{"E27 frogging right after crafting returns the current pattern's yarn", func(t *testing.T) {
			s := duo(t)
			setTiles(t, &s, 0, "RRR", "BBY*", "PBOY")
			s.Players[0].Bowl = bowl(t, "2 1 0 0 0 0")
			atActions(t, &s, 2)
			mustApply(t, &s, 0, "make:mittens@RRO")
			mustApply(t, &s, 0, "end")
			mustApply(t, &s, 0, "frog:mittens@GGB")
			wantBowl(t, &s, 0, "0 0 0 2 1 0")
		}},
		{"E28 frogging a finished request", func(t *testing.T) {
			mustBadKey(t, "frog:octopus@PPPP")
			mustBadKey(t, "frog:snugglesaurus@RRRRRRRRR")
			s := duo(t)
			s.Players[0].Done = []string{"hacky_sack"}
			atStock(&s)
			wantSlice(t, "options", legalKeys(&s, 0), []string{"end"})
		}},
		{"E29 Exchange of 0 or into the same colour", func(t *testing.T) {
			mustBadKey(t, "exchange:R@0B")
			s := duo(t)
			atActions(t, &s, 4)
			mustRefuse(t, &s, 0, "exchange:R@1R")
		}},
		{"E30 Colorist any-colour craft of a 9-token request", func(t *testing.T) {
			s := tableAt(t, "neeha", "amara")
			s.Players[0].Held = []string{"snugglesaurus"}
			s.Players[0].Bowl = bowl(t, "0 0 0 0 0 8")
			atActions(t, &s, 3)
			mustRefuse(t, &s, 0, "make:snugglesaurus")
			s.Players[0].Bowl = bowl(t, "0 0 0 0 0 9")
			mustApply(t, &s, 0, "make:snugglesaurus")
			want(t, "need", s.Pay.Need, 9)
			for range 9 {
				mustApply(t, &s, 0, "pay:P")
			}
			wantSlice(t, "done", s.Players[0].Done, []string{"snugglesaurus"})
		}},
		{"E31 Friendship Bracelets with too few tokens", func(t *testing.T) {
			s := trio(t)
			s.Players[0].Held = []string{"friendship_bracelets"}
			s.Players[0].Bowl = bowl(t, "1 1 1 0 0 0")
			atActions(t, &s, 2)
			mustRefuse(t, &s, 0, "make:friendship_bracelets")
		}},
		{"E32 Friendship Bracelets after a concession", func(t *testing.T) {
			s := quad(t)
			s.Players[0].Held = []string{"friendship_bracelets"}
			if _, err := (Game{}).Concede(&s, 2); err != nil {
				t.Fatal(err)
			}
			atActions(t, &s, 2)
			mustApply(t, &s, 0, "make:friendship_bracelets")
			want(t, "need", s.Pay.Need, 4)
			wantSlice(t, "recipients", s.Pay.To, []games.Seat{1, 3})
		}},
		{"E33 no game end during a restock", func(t *testing.T) {
			s := duo(t)
			s.ProjectDeck, s.List = nil, []string{"lumberjack", "recess"}
			s.Bazaar[0] = ""
			atActions(t, &s, 4)
			mustApply(t, &s, 0, "end")
			chance(t, &s, "draw:yarn_sale")
			want(t, "resolving", s.Phase, PhResolve)
			play(t, &s, "sale:R", "sale:R", "sale:R")
			want(t, "restock actions", s.Phase, PhStock)
			mustApply(t, &s, 0, "end")
			want(t, "end only now", s.Phase, PhFinal)
		}},
		{"E34 the active player has no final craft", func(t *testing.T) {
			s := trio(t)
			s.Active = 2
			s.ProjectDeck, s.List = nil, []string{"recess"}
			atStock(&s)
			mustApply(t, &s, 2, "end")
			wantSlice(t, "queue", s.Queue, []games.Seat{0, 1})
			mustNotTurn(t, &s, 2, "make:hat@RO")
			mustApply(t, &s, 0, "pass")
			mustNotTurn(t, &s, 2, "make:hat@RO")
			mustApply(t, &s, 1, "pass")
			want(t, "over", s.Phase, PhOver)
		}},
		{"E35 negative scores", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Held = []string{"snugglesaurus"}
			want(t, "total", score(&s, 0), -13-6)
		}},
		{"E36 a player concedes", testConcessionRanks},
	})
}

// testConcessionRanks: A34 / edge 36. A conceded player leaves the turn
// order and every "other player" choice, is unscored and ranks last; with
// one player left, that player wins at once.
func testConcessionRanks(t *testing.T) {
	s := trio(t)
	if _, err := (Game{}).Concede(&s, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := (Game{}).Concede(&s, 1); !errors.Is(err, games.ErrIllegal) {
		t.Fatalf("conceding twice: %v", err)
	}
	atResolve(t, &s, map[int]string{1: "tangled_cat", 2: "donate", 3: "robot"})
	wantSlice(t, "tangle", legalKeys(&s, 0), []string{"tangle:2"})
	mustApply(t, &s, 0, "tangle:2")
	wantSlice(t, "donate", withPrefix(legalKeys(&s, 0), "donate:R"), []string{"donate:R@2"})
	mustApply(t, &s, 0, "donate:R@2")
	wantSlice(t, "give", legalKeys(&s, 0), []string{"give:2", "keep"})
	mustApply(t, &s, 0, "keep")
	mustApply(t, &s, 0, "end")
	want(t, "seat 1 skipped", s.Active, games.Seat(2))
	// The game ends; the conceded player is ranked last and not scored.
	s.ProjectDeck, s.List = nil, []string{"recess"}
	s.Players[1].Projects = []string{"bffs", "oktoberfest"}
	atStock(&s)
	mustApply(t, &s, 2, "end")
	wantSlice(t, "final queue", s.Queue, []games.Seat{0})
	mustApply(t, &s, 0, "pass")
	res, ok := Game{}.Result(&s)
	if !ok {
		t.Fatal("not over")
	}
	want(t, "seat 1 last", res.Ranks[1], 3)
	want(t, "seat 1 unscored", res.Scores[1], 0)
	if !strings.Contains(res.Lines[1], "conceded") {
		t.Fatalf("line %q", res.Lines[1])
	}

	d := duo(t)
	if _, err := (Game{}).Concede(&d, 0); err != nil {
		t.Fatal(err)
	}
	want(t, "over", d.Phase, PhOver)
	res, _ = Game{}.Result(&d)
	wantSlice(t, "winner", res.Winners, []games.Seat{1})
	wantSlice(t, "ranks", res.Ranks, []int{2, 1})
	want(t, "reason", res.Reason, "conceded")
}

// TestEvents exercises every event kind (spec §2.7, §4.6).
func TestEvents(t *testing.T) {
	runCases(t, []namedCase{
		{"Tangled Cat names another player still in the game", func(t *testing.T) {
			s := quad(t)
			if _, err := (Game{}).Concede(&s, 3); err != nil {
				t.Fatal(err)
			}
			s.Active = 1
			atResolve(t, &s, map[int]string{4: "tangled_cat"})
			wantSlice(t, "options", legalKeys(&s, 1), []string{"tangle:0", "tangle:2"})
			mustRefuse(t, &s, 1, "tangle:1")
			mustRefuse(t, &s, 1, "tangle:3")
			evs := mustApply(t, &s, 1, "tangle:0")
			want(t, "flag", s.Players[0].Tangled, true)
			want(t, "log", logText(evs), "Tangled Cat: {{p1}} names {{p0}}, who cannot craft during their next turn.")
			wantSlice(t, "discard", s.Discard, []string{"tangled_cat"})
			want(t, "position empty", s.Bazaar[3], "")
		}},
		{"Yarn Sale: three tokens, any mix", func(t *testing.T) {
			s := duo(t)
			atResolve(t, &s, map[int]string{2: "yarn_sale"})
			wantSlice(t, "options", legalKeys(&s, 0), []string{"sale:B", "sale:G", "sale:O", "sale:P", "sale:R", "sale:Y"})
			mustApply(t, &s, 0, "sale:R")
			mustApply(t, &s, 0, "sale:R")
			want(t, "one left", s.SaleLeft, 1)
			mustApply(t, &s, 0, "sale:B")
			wantBowl(t, &s, 0, "3 1 1 1 2 1")
			wantSlice(t, "discard", s.Discard, []string{"yarn_sale"})
			want(t, "phase", s.Phase, PhStock)
		}},
		{"Donate: one token to another player", func(t *testing.T) {
			s := trio(t)
			s.Active = 2
			s.Players[2].Bowl = bowl(t, "0 0 0 0 2 1")
			atResolve(t, &s, map[int]string{5: "donate"})
			wantSlice(t, "options", legalKeys(&s, 2), []string{"donate:B@0", "donate:B@1", "donate:P@0", "donate:P@1"})
			mustRefuse(t, &s, 2, "donate:R@0")
			mustRefuse(t, &s, 2, "donate:B@2")
			mustApply(t, &s, 2, "donate:P@1")
			wantBowl(t, &s, 2, "0 0 0 0 2 0")
			wantBowl(t, &s, 1, "1 1 1 1 1 2")
			wantSlice(t, "discard", s.Discard, []string{"donate"})
		}},
		{"Donate with an empty bowl is skipped", func(t *testing.T) {
			s := trio(t)
			s.Players[0].Bowl = Yarn{}
			evs := atResolve(t, &s, map[int]string{5: "donate", 6: "yarn_sale"})
			if !strings.Contains(logText(evs), "Donate: {{p0}} has no yarn to give, so nothing happens.") {
				t.Fatalf("log:\n%s", logText(evs))
			}
			want(t, "next card", s.card(), "yarn_sale")
			wantSlice(t, "discard", s.Discard, []string{"donate"})
		}},
		{"Friendly Clerk: everyone, clockwise from the active player", func(t *testing.T) {
			s := quad(t)
			s.Active = 2
			atResolve(t, &s, map[int]string{1: "friendly_clerk"})
			order := []games.Seat{2, 3, 0, 1}
			colours := []string{"R", "O", "Y", "G"}
			for i, seat := range order {
				want(t, "to act", toAct(t, &s), seat)
				for _, other := range order {
					if other != seat {
						mustNotTurn(t, &s, other, "clerk:R")
					}
				}
				want(t, "window", Game{}.InWindow(&s, seat), seat != 2)
				mustApply(t, &s, seat, "clerk:"+colours[i])
			}
			wantBowl(t, &s, 2, "2 1 1 1 1 1")
			wantBowl(t, &s, 3, "1 2 1 1 1 1")
			wantBowl(t, &s, 0, "1 1 2 1 1 1")
			wantBowl(t, &s, 1, "1 1 1 2 1 1")
			wantSlice(t, "discard", s.Discard, []string{"friendly_clerk"})
			want(t, "phase", s.Phase, PhStock)
		}},
		{"Craft Circle: clockwise, Tangled active player and a player who cannot craft skipped", func(t *testing.T) {
			s := quad(t)
			s.Active = 1
			s.Players[1].Tangled = true
			s.Players[2].Bowl = bowl(t, "0 0 0 0 0 1")
			s.Players[3].Held = []string{"hacky_sack"}
			evs := atResolve(t, &s, map[int]string{3: "craft_circle"})
			log := logText(evs)
			for _, who := range []string{"{{p1}}", "{{p2}}"} {
				if !strings.Contains(log, "Craft Circle: "+who+" cannot craft anything and passes.") {
					t.Fatalf("%s not skipped:\n%s", who, log)
				}
			}
			wantSlice(t, "queue", s.Queue, []games.Seat{3, 0})
			if k := withPrefix(legalKeys(&s, 3), "make:hacky"); len(k) > 0 {
				t.Fatalf("a request in a Craft Circle: %v", k)
			}
			mustRefuse(t, &s, 3, "make:hacky_sack@ROY")
			mustApply(t, &s, 3, "make:hat@GB")
			want(t, "Ted's hat", s.Players[3].Items[Hat], 1)
			wantBowl(t, &s, 3, "1 1 1 0 0 1")
			mustApply(t, &s, 0, "pass")
			wantSlice(t, "discard", s.Discard, []string{"craft_circle"})
			want(t, "phase", s.Phase, PhStock)
			want(t, "position empty", s.Bazaar[2], "")
		}},
		{"Craft Circle nobody can use resolves at once", func(t *testing.T) {
			s := duo(t)
			s.Players[0].Bowl, s.Players[1].Bowl = bowl(t, "1 0 0 0 0 0"), Yarn{}
			atResolve(t, &s, map[int]string{1: "craft_circle"})
			want(t, "phase", s.Phase, PhStock)
			wantSlice(t, "discard", s.Discard, []string{"craft_circle"})
		}},
	})
}

// requestCase is a request with a bowl, a legal payment and a wrong one.
type requestCase struct {
	id, bowl, good, bad string
}

// TestRequests crafts every special request with a legal payment and
// refuses an illegal one (spec §2.6); then Friendship Bracelets at 2, 3, 4
// players and after a concession, the Colorist's any-colour request and
// Snugglesaurus token by token.
func TestRequests(t *testing.T) {
	cases := []requestCase{
		{"snugglesaurus", "2 2 2 2 1 0", "", ""},
		{"wrist_warmers", "0 2 0 2 1 0", "OOGG", "OGGB"},
		{"prodigy_cowl", "0 0 0 0 4 1", "BBBB", "BBBP"},
		{"hacky_sack", "2 1 1 0 0 0", "ROY", "RRO"},
		{"unicorn", "1 1 1 1 1 2", "ROYGBP", "ROYGPP"},
		{"infinity_scarf", "1 1 2 1 1 1", "ROYYGBP", "ROYGBP"},
		{"octopus", "0 0 0 0 1 4", "PPPP", "BPPP"},
		{"robot", "0 0 0 4 1 5", "PPPPP", "GGGGB"},
		{"button_eye_sweater", "0 0 2 0 5 0", "YBBBBB", "YYBBBB"},
		{"friendship_bracelets", "2 2 0 0 0 0", "", ""},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			s := trio(t)
			s.Players[0].Held = []string{c.id}
			s.Players[0].Bowl = bowl(t, c.bowl)
			atActions(t, &s, 2)
			r, _ := RequestOf(c.id)
			switch c.id {
			case "snugglesaurus":
				mustRefuse(t, &s, 0, "make:snugglesaurus@RROOYYGGB") // entered token by token
				short := s.clone()
				short.Players[0].Bowl = bowl(t, "2 2 2 2 0 0")
				mustRefuse(t, &short, 0, "make:snugglesaurus")
				play(t, &s, "make:snugglesaurus", "pay:R", "pay:R", "pay:O", "pay:O", "pay:Y", "pay:Y", "pay:G", "pay:G", "pay:B")
			case "friendship_bracelets":
				short := s.clone()
				short.Players[0].Bowl = bowl(t, "2 1 0 0 0 0")
				mustRefuse(t, &short, 0, "make:friendship_bracelets")
				mustApply(t, &s, 0, "make:friendship_bracelets")
				mustRefuse(t, &s, 0, "pay:G") // not in the bowl
				play(t, &s, "pay:R", "pay:O", "pay:R", "pay:O")
				wantBowl(t, &s, 1, "2 2 1 1 1 1")
				wantBowl(t, &s, 2, "2 2 1 1 1 1")
			default:
				mustRefuse(t, &s, 0, "make:"+c.id+"@"+c.bad)
				wantSlice(t, "payments", withPrefix(legalKeys(&s, 0), "make:"+c.id), []string{"make:" + c.id + "@" + c.good})
				mustApply(t, &s, 0, "make:"+c.id+"@"+c.good)
			}
			wantSlice(t, "done", s.Players[0].Done, []string{c.id})
			want(t, "held", len(s.Players[0].Held), 0)
			want(t, "tokens paid", bowl(t, c.bowl).Total()-s.Players[0].Bowl.Total(), r.Tokens(2))
			pts := r.Points
			if c.id == s.Players[0].Character().Favourite {
				pts += 5 // Derrick's Prodigy Cowl
			}
			want(t, "points", ScoreOf(&s.Players[0]).Requests, pts)
			mustRefuse(t, &s, 0, "make:"+c.id+map[bool]string{true: "", false: "@" + c.good}[c.good == ""])
		})
	}
	t.Run("Friendship Bracelets gives 2 to each other player at 2, 3 and 4 players", func(t *testing.T) {
		for n := 2; n <= 4; n++ {
			s := tableOf(t, n)
			s.Players[0].Held = []string{"friendship_bracelets"}
			s.Players[0].Bowl = bowl(t, "0 0 0 0 0 6")
			atActions(t, &s, 2)
			mustApply(t, &s, 0, "make:friendship_bracelets")
			want(t, "need", s.Pay.Need, 2*(n-1))
			for range 2 * (n - 1) {
				mustApply(t, &s, 0, "pay:P")
			}
			want(t, "left", s.Players[0].Bowl[5], 6-2*(n-1))
			for i := 1; i < n; i++ {
				want(t, "recipient purple", s.Players[i].Bowl[5], 3)
			}
			want(t, "points", ScoreOf(&s.Players[0]).Requests, 7)
		}
	})
	t.Run("Friendship Bracelets after a concession", func(t *testing.T) {
		s := quad(t)
		s.Players[0].Held = []string{"friendship_bracelets"}
		atActions(t, &s, 2)
		mustApply(t, &s, 0, "make:friendship_bracelets")
		want(t, "need", s.Pay.Need, 6)
		mustApply(t, &s, 0, "pay:R")
		// Seat 2 concedes mid-payment: the gift starts again for seats 1, 3.
		if _, err := (Game{}).Concede(&s, 2); err != nil {
			t.Fatal(err)
		}
		want(t, "need", s.Pay.Need, 4)
		wantSlice(t, "recipients", s.Pay.To, []games.Seat{1, 3})
		want(t, "restarted", len(s.Pay.Paid), 0)
		play(t, &s, "pay:R", "pay:O", "pay:Y", "pay:G")
		wantBowl(t, &s, 0, "0 0 0 0 1 1")
		wantBowl(t, &s, 1, "2 2 1 1 1 1")
		wantBowl(t, &s, 2, "1 1 1 1 1 1")
		wantBowl(t, &s, 3, "1 1 2 2 1 1")
	})
	t.Run("Colorist any-colour craft of a request", func(t *testing.T) {
		s := tableAt(t, "neeha", "amara")
		s.Players[0].Held = []string{"unicorn"}
		s.Players[0].Bowl = bowl(t, "6 0 0 0 0 0")
		atActions(t, &s, 3)
		mustApply(t, &s, 0, "make:unicorn")
		want(t, "any colours", s.Pay.Any, true)
		for range 6 {
			mustApply(t, &s, 0, "pay:R")
		}
		wantSlice(t, "done", s.Players[0].Done, []string{"unicorn"})
		want(t, "favourite", ScoreOf(&s.Players[0]).Requests, 15)
		// On Craft 2 the same bowl cannot pay Unicorn.
		n := tableAt(t, "neeha", "amara")
		n.Players[0].Held = []string{"unicorn"}
		n.Players[0].Bowl = bowl(t, "6 0 0 0 0 0")
		atActions(t, &n, 2)
		mustRefuse(t, &n, 0, "make:unicorn")
		mustRefuse(t, &n, 0, "make:unicorn@RRRRRR")
	})
	t.Run("Snugglesaurus token by token", func(t *testing.T) {
		s := tableAt(t, "rebecca", "amara")
		s.Players[0].Held = []string{"snugglesaurus"}
		s.Players[0].Bowl = bowl(t, "3 0 0 0 3 4")
		atActions(t, &s, 2)
		mustApply(t, &s, 0, "make:snugglesaurus")
		for i, c := range []string{"R", "R", "R", "B", "B", "P", "P", "P"} {
			if i == 3 {
				wantSlice(t, "only tokens left in the bowl", legalKeys(&s, 0), []string{"pay:B", "pay:P"})
				mustRefuse(t, &s, 0, "pay:R")
				mustRefuse(t, &s, 0, "stop")
				mustRefuse(t, &s, 0, "end")
			}
			mustApply(t, &s, 0, "pay:"+c)
			wantBowl(t, &s, 0, "3 0 0 0 3 4") // nothing moves until the 9th
			want(t, "paid", len(s.Pay.Paid), i+1)
		}
		mustApply(t, &s, 0, "pay:B")
		wantBowl(t, &s, 0, "0 0 0 0 0 1")
		want(t, "own favourite", ScoreOf(&s.Players[0]).Requests, 18)
		// One purple token pays for nothing: the second craft ends unused.
		want(t, "craft over", s.CraftLeft, 0)
		wantSlice(t, "then", legalKeys(&s, 0), []string{"end"})
	})
}

// TestScoring: the six lines (spec §7.2), the favourite +5 for every
// character and the unfinished penalty of every request.
func TestScoring(t *testing.T) {
	runCases(t, []namedCase{
		{"favourite +5 for each character", func(t *testing.T) {
			for _, c := range Characters {
				p := Player{Char: c.ID, Done: []string{c.Favourite}}
				r, _ := RequestOf(c.Favourite)
				want(t, c.Name, ScoreOf(&p).Requests, r.Points+5)
				for _, o := range Requests {
					if o.ID != c.Favourite {
						q := Player{Char: c.ID, Done: []string{o.ID}}
						want(t, c.Name+" "+o.ID, ScoreOf(&q).Requests, o.Points)
					}
				}
			}
		}},
		{"unfinished requests cost their face value", func(t *testing.T) {
			for _, r := range Requests {
				for _, c := range Characters {
					p := Player{Char: c.ID, Held: []string{r.ID}}
					sc := ScoreOf(&p)
					want(t, c.Name+" holding "+r.ID, sc.Unfinished, r.Points)
					want(t, "total", sc.Total, -r.Points)
				}
			}
		}},
		{"six lines", func(t *testing.T) {
			p := Player{Char: "amara", Bowl: bowl(t, "1 0 2 0 0 0"), Items: items(1, 1, 1, 1, 1),
				Projects: []string{"bffs"}, Done: []string{"hacky_sack", "robot"}, Held: []string{"unicorn"}}
			p.Tiles = [3]BoardTile{{Code: "RRR", Learned: true}, {Code: "YYR", Learned: true}, {Code: "GRYO", Learned: true}}
			sc := ScoreOf(&p)
			want(t, "projects", sc.Projects, 37)
			want(t, "requests 6+5+9", sc.Requests, 20)
			want(t, "tiles 3+3+4", sc.Tiles, 10)
			want(t, "items 2+3+3+4+5", sc.Items, 17)
			want(t, "unfinished", sc.Unfinished, 10)
			want(t, "yarn", sc.Yarn, 3)
			want(t, "total", sc.Total, 37+20+10+17-10-3)
			want(t, "cards", sc.Cards, 3)
		}},
	})
}

// TestEndAndFinalCraft: the end trigger (A23, edge 24, §7.1's K-2..K) and
// the final craft's limits (A26, edges 13 and 34).
func TestEndAndFinalCraft(t *testing.T) {
	runCases(t, []namedCase{
		{"deck empty and List 3, finish 2: List 1 ends the game", func(t *testing.T) {
			s := duo(t)
			s.ProjectDeck = nil
			s.List = []string{"lumberjack", "recess", "snow_day"}
			s.Finished = 5
			s.Players[0].Items = items(2, 0, 1, 1, 0)
			atStock(&s)
			play(t, &s, "finish:lumberjack", "finish:recess", "end")
			want(t, "phase", s.Phase, PhFinal)
			want(t, "finished = K", s.Finished, 7)
			want(t, "K - List", ProjectDeckSize[2]-len(s.List), 7)
		}},
		{"deck empty, List 3 and nothing finished: the game goes on", func(t *testing.T) {
			s := duo(t)
			s.ProjectDeck = nil
			quietTurn(t, &s, 1)
			want(t, "next turn", s.Phase, PhSpace)
		}},
		{"final craft of a held request, then scoring", func(t *testing.T) {
			s := trio(t)
			s.ProjectDeck, s.List = nil, []string{"recess"}
			s.Players[1].Held = []string{"octopus", "robot"}
			s.Players[1].Bowl = bowl(t, "0 0 0 0 0 5")
			s.Players[2].Bowl = Yarn{}
			atStock(&s)
			mustApply(t, &s, 0, "end")
			// Rebecca: one make only; Neeha cannot pay for anything and is
			// skipped; the game is scored.
			wantSlice(t, "options", legalKeys(&s, 1), []string{"make:blanket@PPPPP", "make:octopus@PPPP", "make:robot@PPPPP", "pass"})
			evs := mustApply(t, &s, 1, "make:robot@PPPPP")
			if !strings.Contains(logText(evs), "{{p2}} has nothing to craft and passes the final craft.") {
				t.Fatalf("log:\n%s", logText(evs))
			}
			want(t, "over", s.Phase, PhOver)
			wantSlice(t, "held", s.Players[1].Held, []string{"octopus"})
			want(t, "Rebecca", score(&s, 1), 9-8)
			if _, err := (Game{}).Apply(&s, 1, parse(t, "pass")); !errors.Is(err, games.ErrGameOver) {
				t.Fatalf("after the end: %v", err)
			}
		}},
		{"final craft: no projects, learning or frogging", func(t *testing.T) {
			s := duo(t)
			s.ProjectDeck, s.List = nil, []string{"recess", "naptime"}
			s.Players[1].Items = items(1, 1, 1, 0, 1)
			atStock(&s)
			mustApply(t, &s, 0, "end")
			for _, k := range []string{"finish:recess", "learn:bear", "frog:hat@RO", "end", "space:1"} {
				mustRefuse(t, &s, 1, k)
			}
		}},
	})
}

// TestConcessions: A34 and the doc's choices for an active player's
// concession.
func TestConcessions(t *testing.T) {
	runCases(t, []namedCase{
		{"A34 ranks and scores", testConcessionRanks},
		{"active player concedes during the actions: the turn passes on", func(t *testing.T) {
			s := trio(t)
			atActions(t, &s, 1)
			mustApply(t, &s, 0, "pick:1")
			if _, err := (Game{}).Concede(&s, 0); err != nil {
				t.Fatal(err)
			}
			want(t, "active", s.Active, games.Seat(1))
			want(t, "phase", s.Phase, PhSpace)
			quietTurn(t, &s, 1)
			quietTurn(t, &s, 1)
			want(t, "seat 0 skipped", s.Active, games.Seat(1))
		}},
		{"active player concedes with a request to resolve: it goes to the next player", func(t *testing.T) {
			s := trio(t)
			atResolve(t, &s, map[int]string{1: "yarn_sale", 2: "robot"})
			if _, err := (Game{}).Concede(&s, 0); err != nil {
				t.Fatal(err)
			}
			wantSlice(t, "next player holds it", s.Players[1].Held, []string{"robot"})
			wantSlice(t, "sale discarded, never the request", s.Discard, []string{"yarn_sale"})
			want(t, "active", s.Active, games.Seat(1))
		}},
		{"a player in a Friendly Clerk queue concedes", func(t *testing.T) {
			s := trio(t)
			atResolve(t, &s, map[int]string{1: "friendly_clerk"})
			mustApply(t, &s, 0, "clerk:R")
			if _, err := (Game{}).Concede(&s, 1); err != nil {
				t.Fatal(err)
			}
			want(t, "to act", toAct(t, &s), games.Seat(2))
			mustApply(t, &s, 2, "clerk:R")
			want(t, "phase", s.Phase, PhStock)
		}},
		{"a player concedes in the final craft queue", func(t *testing.T) {
			s := trio(t)
			s.ProjectDeck, s.List = nil, []string{"recess"}
			atStock(&s)
			mustApply(t, &s, 0, "end")
			wantSlice(t, "queue", s.Queue, []games.Seat{1, 2})
			if _, err := (Game{}).Concede(&s, 1); err != nil {
				t.Fatal(err)
			}
			wantSlice(t, "queue", s.Queue, []games.Seat{2})
			mustApply(t, &s, 2, "pass")
			res, _ := Game{}.Result(&s)
			want(t, "conceded last", res.Ranks[1], 3)
		}},
	})
}

// TestSetup: the Yarn Deck sizes (S6) and token totals (§2.8), the
// random requests (S5), the Project Deck sizes (S8) and the opening
// set-aside (S7, A29).
func TestSetup(t *testing.T) {
	chars := []string{"rebecca", "derrick", "neeha", "ted"}
	randoms := []string{"wrist_warmers", "hacky_sack", "infinity_scarf", "robot"}
	sizes := map[string][]int{DeckClassic: {90, 92, 94}, DeckRevised: {96, 98, 100}}
	for _, deck := range []string{DeckClassic, DeckRevised} {
		for n := 2; n <= 4; n++ {
			t.Run("S6 "+deck+" "+strconv.Itoa(n)+" players", func(t *testing.T) {
				s := setupThrough(t, games.Options{"yarn_deck": deck}, chars[:n], randoms[:n])
				want(t, "Yarn Deck", s.yarnDeckSize(), sizes[deck][n-2])
				reqs, events := 0, 0
				for id, c := range s.YarnDeck {
					switch CardKind(id) {
					case "request":
						reqs += c
					case "event":
						events += c
					}
				}
				want(t, "requests 2N", reqs, 2*n)
				want(t, "events", events, 12)
				for _, c := range chars[:n] {
					ch, _ := CharacterOf(c)
					want(t, "favourite "+ch.Favourite, s.YarnDeck[ch.Favourite], 1)
				}
				finishSetup(t, &s)
				want(t, "Project Deck K - 3", len(s.ProjectDeck), ProjectDeckSize[n]-3)
				want(t, "List", len(s.List), 3)
				want(t, "view", Game{}.View(&s, games.Spectator).ProjectDeck, ProjectDeckSize[n]-3)
			})
		}
	}
	t.Run("S6 deck token totals", func(t *testing.T) {
		for deck, w := range map[string][3]int{DeckClassic: {74, 17, 8}, DeckRevised: {80, 26, 12}} {
			cards, wild := 0, 0
			var per Yarn
			for id, n := range Decks[deck].Copies {
				f, _ := FaceOf(id)
				cards += n
				wild += n * f.Any
				for c := range NumColours {
					per[c] += n * f.Gives[c]
				}
			}
			want(t, deck+" cards", cards, w[0])
			for c := range NumColours {
				want(t, deck+" "+ColourNames[c], per[c], w[1])
			}
			want(t, deck+" wild", wild, w[2])
			want(t, deck+" tokens", per.Total()+wild, Decks[deck].Tokens)
		}
		want(t, "classic74 tokens", Decks[DeckClassic].Tokens, 110)
		want(t, "revised80 tokens", Decks[DeckRevised].Tokens, 168)
	})
	t.Run("S8 Project Deck 8/9/10", func(t *testing.T) {
		want(t, "sizes", [3]int{ProjectDeckSize[2], ProjectDeckSize[3], ProjectDeckSize[4]}, [3]int{8, 9, 10})
		for n := 2; n <= 4; n++ {
			s := setupThrough(t, nil, chars[:n], randoms[:n])
			for range 6 {
				chance(t, &s, "draw:y1_R")
			}
			k := ProjectDeckSize[n]
			mustRefuse(t, &s, games.Chance, "projects:"+strings.Join(projectIDs()[:k-1], ","))
			mustRefuse(t, &s, games.Chance, "projects:"+strings.Join(projectIDs()[:k+1], ","))
			mustApply(t, &s, games.Chance, "projects:"+strings.Join(projectIDs()[16-k:], ","))
			want(t, "deck", len(s.ProjectDeck), k)
		}
	})
	t.Run("S5 random requests: N of the non-favourites", func(t *testing.T) {
		s, _ := Game{}.New(nil, 2)
		chance(t, &s, "chars:rebecca,amara", "tiles:bear@RRR.GGG", "tiles:mittens@YYR.GGB", "tiles:scarf@GRYO.PORG")
		mustRefuse(t, &s, games.Chance, "requests:snugglesaurus,robot") // a favourite
		mustRefuse(t, &s, games.Chance, "requests:robot")
		mustRefuse(t, &s, games.Chance, "requests:robot,robot")
		mustRefuse(t, &s, games.Chance, "requests:robot,unicorn,octopus")
		mustApply(t, &s, games.Chance, "requests:robot,unicorn")
	})
	t.Run("S3 S4 bowls and tiles", func(t *testing.T) {
		s, _ := Game{}.New(nil, 3)
		for i := range 3 {
			wantBowl(t, &s, games.Seat(i), "1 1 1 1 1 1")
		}
		chance(t, &s, "chars:rebecca,amara,ted")
		mustRefuse(t, &s, games.Chance, "tiles:bear@RRR.RRR.GGG")
		mustRefuse(t, &s, games.Chance, "tiles:mittens@YYR.GGB.RRO")
		chance(t, &s, "tiles:bear@RRR.GGG.PPP")
		want(t, "exact side up", s.Players[2].Tiles[0], BoardTile{Code: "PPP"})
	})
	t.Run("A29 set-aside", func(t *testing.T) { TestEx1InitialBazaar(t) })
	t.Run("A3 reshuffle", func(t *testing.T) {
		s := duo(t)
		s.YarnDeck = map[string]int{}
		s.Discard = []string{"y1_R", "d_GB", "donate"}
		s.Bazaar[2] = ""
		atActions(t, &s, 4)
		mustApply(t, &s, 0, "end")
		want(t, "deck from the discard", s.yarnDeckSize(), 3)
		chance(t, &s, "draw:donate")
		mustApply(t, &s, 0, "donate:R@1")
		wantSlice(t, "discard", s.Discard, []string{"donate"})
		want(t, "deck", s.yarnDeckSize(), 2)
	})
}
