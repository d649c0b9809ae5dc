package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games"
	"spindle/games/internal/dice"
)

// The solo game (spec §17): one human (seat 0) against two bot seats that
// the engine drives itself, the Automa (Players[1]) and the Shadow Empire
// (Players[2]). State.Seats stays 1 (the achievement column, §11); the bots
// are players for opponents, neighbours and turn order. Their turns run
// inside the task machine (automa_turn.go): they never receive an ask.

// The bot seats of a solo game.
const (
	Automa = 1
	Shadow = 2
)

// Solo is the bots' state.
type Solo struct {
	Level int8 `json:"level"`
	// Fav is each bot's favourite track: [0] the Automa's, [1] the Shadow
	// Empire's (-1 until rolled).
	Fav [2]int8 `json:"fav"`
	// Civ lists the Automa's civ sides (AutomaCivs indexes): the rolled
	// one, then at level 6 the one the human chose.
	Civ []int8 `json:"civ,omitempty"`
	// Deck is the decision deck as a multiset of card numbers (its order is
	// never stored: every draw is a chance step); Discard the face-up
	// decision discard, in order.
	Deck    []int8 `json:"deck"`
	Discard []int8 `json:"discard,omitempty"`
	// Pair is the face-up decision pair: the track card, then the
	// tiebreaker card (0 when none).
	Pair [2]int8 `json:"pair"`
	// Tie is the tiebreaker card in force: the latest pair's second card,
	// or before the first pair the progress card that served (0 none).
	Tie int8 `json:"tie"`
	// Progress is the progress deck, a multiset.
	Progress []int8 `json:"progress"`
	// Stock is the Automa's face-down trap stock (hidden designs).
	Stock []int8 `json:"stock,omitempty"`
}

func (so Solo) clone() Solo {
	so.Civ = slices.Clone(so.Civ)
	so.Deck = slices.Clone(so.Deck)
	so.Discard = slices.Clone(so.Discard)
	so.Progress = slices.Clone(so.Progress)
	so.Stock = slices.Clone(so.Stock)
	return so
}

// SoloView is what everyone may see of the bots (spec §18): the trap
// stock's size only, the decks' sizes only.
type SoloView struct {
	Level     int      `json:"level"`
	LevelName string   `json:"level_name"`
	Fav       [2]int   `json:"fav"`
	Civ       []string `json:"civ,omitempty"`
	Deck      int      `json:"deck"`
	Discard   []int8   `json:"discard,omitempty"`
	Pair      [2]int8  `json:"pair"`
	Tie       int8     `json:"tie"`
	Progress  int      `json:"progress"`
	Stock     int      `json:"stock"`
}

// automaOption is the lobby's difficulty option (spec §17.10).
func automaOption() games.OptionSpec {
	o := games.OptionSpec{Key: "automa_level", Label: "Automa level (solo)", Default: "2",
		Help:      "Solo games only (one player against the Automa and the Shadow Empire): how strong the Automa plays. Ignored with two players or more.",
		ValueHelp: map[string]string{}, ValueNames: map[string]string{}}
	for _, l := range AutomaLevels {
		k := strconv.Itoa(l.Level)
		o.Values = append(o.Values, k)
		o.ValueHelp[k] = fmt.Sprintf("Level %d: %s", l.Level, l.Name)
		o.ValueNames[k] = strings.TrimPrefix(l.Name, "Automa ")
		if l.Default {
			o.Default = k
		}
	}
	return o
}

// soloCount is how many copies of design i a solo deck holds (§17.1).
func soloCount(i int) int {
	c := TapCards[i]
	if c.SoloRemoved || slices.Contains(SoloRemoved, c.Name) {
		return 0
	}
	if i == TrapCard {
		return c.Count - SoloTrapsRemoved
	}
	return c.Count
}

// newSolo adds the bots to a one-seat game: their players, the Automa's
// two starting outposts on 3/5, the decks (§17.2). The chance steps of the
// set-up come with the deal (soloSetupTasks).
func (s *State) newSolo(opts games.Options) error {
	lvl := 2
	if v := opts["automa_level"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > len(AutomaLevels) {
			return fmt.Errorf("tapestry: automa_level %q: %w", v, games.ErrBadOption)
		}
		lvl = n
	}
	s.Solo = &Solo{Level: int8(lvl), Fav: [2]int8{-1, -1}}
	for n := range DecisionCards {
		c := DecisionCards[n]
		if c.Deck == "start" {
			s.Solo.Deck = append(s.Solo.Deck, int8(c.Card))
		} else {
			s.Solo.Progress = append(s.Solo.Progress, int8(c.Card))
		}
	}
	// Civilizations: none for the bots (the human's deal leaves out
	// SoloRemovedCivs, in New).
	for range 2 {
		p := Player{Cover: strings.Repeat(".", 81), Partner: -1, PartnerTrack: -1, Copy: -1, Forbid: -1, Chosen: -1}
		for t := range p.Tokens {
			p.Tokens[t] = []int8{0}
		}
		s.Players = append(s.Players, p)
	}
	s.Players[Automa].Outposts = 8
	s.Players[Shadow].Outposts = 10 // all of its colour: used by the Automa (§17.8)
	at := Mats[2].Small             // 3/5
	t := s.Terr(Hex{int8(at[0]), int8(at[1])})
	t.Outposts = append(t.Outposts, Outpost{Seat: Automa}, Outpost{Seat: Automa})
	return nil
}

// bot reports whether seat is a solo bot.
func (s *State) bot(seat int) bool { return s.Solo != nil && seat >= Automa }

// shadow reports whether seat is the Shadow Empire.
func (s *State) shadow(seat int) bool { return s.Solo != nil && seat == Shadow }

// turnRing is the number of turns in a round: the seats, or in solo the
// human's and the bots' (the bots act together, as seat 1).
func (s *State) turnRing() int {
	if s.Solo != nil {
		return 2
	}
	return s.Seats
}

// level is the solo difficulty's data.
func (s *State) level() AutomaLevel { return AutomaLevels[s.Solo.Level-1] }

// soloSetupTasks are the bots' set-up steps, run after the deal.
func (s *State) soloSetupTasks() []Task {
	if s.Solo == nil {
		return nil
	}
	return []Task{{Op: "solo_setup"}}
}

// botName is a bot's name in game text.
func botName(seat int) string {
	if seat == Automa {
		return "the Automa"
	}
	return "the Shadow Empire"
}

// soloNames replaces the bots' name tokens in events with their names.
func (s *State) soloNames(evs []games.Event) {
	if s.Solo == nil {
		return
	}
	for i := range evs {
		evs[i].Public = botNames(evs[i].Public)
		for k, v := range evs[i].Private {
			evs[i].Private[k] = botNames(v)
		}
	}
}

// botNames replaces the bots' seat tokens in text with their names; a
// line without a token comes back as it was, at no cost.
func botNames(text string) string {
	for _, r := range botRenames {
		if !strings.Contains(text, r.tok) {
			continue
		}
		if strings.HasPrefix(text, r.tok) {
			text = r.title + text[len(r.tok):]
		}
		// A sentence opening with the bot's name (a score clause after
		// the line's first sentence) names it with a capital too.
		text = strings.ReplaceAll(text, r.afterStop, r.titleAfterStop)
		text = strings.ReplaceAll(text, r.tok, r.name)
	}
	return text
}

// botRename is what botNames replaces for one bot: its seat token, at the
// start of a line and after a full stop (its name with a capital), and
// elsewhere (its name).
type botRename struct {
	tok, name, title, afterStop, titleAfterStop string
}

// botRenames are the two bots' replacements, built once: the search
// names the bots in every line its copies tell.
var botRenames = func() []botRename {
	var out []botRename
	for _, seat := range []int{Automa, Shadow} {
		tok, name := games.Name(games.Seat(seat)), botName(seat)
		title := strings.ToUpper(name[:1]) + name[1:]
		out = append(out, botRename{tok: tok, name: name, title: title, afterStop: ". " + tok, titleAfterStop: ". " + title})
	}
	return out
}()

// soloResult ranks the human against the Automa (§15, §17.11, R36): rank
// 1 for a win, 2 for a loss; equal VP with no resource left is a shared
// win, a draw.
func (s *State) soloResult() games.Result {
	h, a := &s.Players[0], &s.Players[Automa]
	av := a.VP
	r := games.Result{Reason: "scored", Scores: []int{h.VP}, GameScore: &av, Ranks: []int{1}}
	switch {
	case h.VP > a.VP || h.VP == a.VP && h.Res.Total() > 0:
		r.Winners = []games.Seat{0}
	case h.VP == a.VP:
		r.Draw = true
	default:
		r.Ranks[0] = 2
	}
	r.Lines = []string{
		fmt.Sprintf("%s: %d VP, %s left", who(0), h.VP, count(h.Res.Total(), "resource")),
		fmt.Sprintf("The Automa (level %d, %s): %d VP", s.Solo.Level, s.level().Name, a.VP),
	}
	switch {
	case r.Draw:
		r.Lines = append(r.Lines, "A tie with the Automa: the win is shared.")
	case r.Ranks[0] == 1:
		r.Lines = append(r.Lines, who(0)+" beats the Automa.")
	default:
		r.Lines = append(r.Lines, "The Automa wins.")
	}
	return r
}

// soloView is the bots' public state, or nil.
func (s *State) soloView() *SoloView {
	so := s.Solo
	if so == nil {
		return nil
	}
	v := &SoloView{Level: int(so.Level), LevelName: s.level().Name, Fav: [2]int{int(so.Fav[0]), int(so.Fav[1])},
		Deck: len(so.Deck), Discard: so.Discard, Pair: so.Pair, Tie: so.Tie, Progress: len(so.Progress), Stock: len(so.Stock)}
	for _, c := range so.Civ {
		if c >= 0 {
			v.Civ = append(v.Civ, AutomaCivs[c].Side)
		}
	}
	return v
}

// resample redeals which progress cards went into the decision deck and
// which stayed in the progress deck: nobody saw them (both are face down).
func (so *Solo) resample(d *dice.Dice) {
	var pool []int8
	inDeck := 0
	for _, c := range so.Deck {
		if DecisionCards[c-1].Deck == "progress" {
			pool = append(pool, c)
			inDeck++
		}
	}
	pool = append(pool, so.Progress...)
	perm := d.Perm(len(pool))
	so.Deck = slices.DeleteFunc(so.Deck, func(c int8) bool { return DecisionCards[c-1].Deck == "progress" })
	so.Progress = so.Progress[:0]
	for i, k := range perm {
		if i < inDeck {
			so.Deck = append(so.Deck, pool[k])
		} else {
			so.Progress = append(so.Progress, pool[k])
		}
	}
	slices.Sort(so.Deck)
	slices.Sort(so.Progress)
}
