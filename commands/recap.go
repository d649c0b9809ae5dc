package commands

import (
	"fmt"
	"slices"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// A board tells the whole turn: everything that happened since the people
// now to act last acted, grouped by who did it, so a player who was away
// sees that their card was cancelled or what the bots did, not just the
// last three lines. Older groups give way to a link to the game log when
// the story is longer than a board holds.

// recapBudget bounds the recap's text on a board (the embed's description
// holds 4096 characters; the rest of the board needs some of them).
const recapBudget = 2600

// recapSteps bounds how far back a board reads the log.
const recapSteps = 400

// recapEntry is a table's latest story, kept for the boards and refreshes
// that show the same position again.
type recapEntry struct {
	version, undos uint64
	logMessage     string
	names          string
	text           string
}

// story is the board's story of b's table at t, read from the log once
// per position.
func (a *App) story(b storage.Binding, t games.Table) string {
	names := strings.Join(b.Names, "\x00")
	if v, ok := a.recaps.Load(b.Table); ok {
		e := v.(recapEntry)
		if e.version == t.Version() && e.undos == b.Undos && e.logMessage == b.Log.Message && e.names == names {
			return e.text
		}
	}
	groups, cut := a.recap(b, t)
	text := recapText(b, groups, cut, recapBudget)
	a.recaps.Store(b.Table, recapEntry{version: t.Version(), undos: b.Undos, logMessage: b.Log.Message, names: names, text: text})
	return text
}

// recapGroup is a run of steps by one seat (chance steps join the run they
// follow) and their public lines.
type recapGroup struct {
	seat  games.Seat
	lines []string
}

// turnAnchor is whom a board's story is told to: the people to act now, or
// when only AI seats are (or nobody is), every person at the table.
func turnAnchor(b storage.Binding, t games.Table) map[games.Seat]bool {
	anchor := map[games.Seat]bool{}
	if !t.Over() {
		for _, s := range t.ToAct() {
			if s >= 0 && !aiAt(&b, s) {
				anchor[s] = true
			}
		}
	}
	if len(anchor) == 0 {
		for i, u := range b.Users {
			if !isAI(u) {
				anchor[games.Seat(i)] = true
			}
		}
	}
	return anchor
}

// recap reads the table's recent log: the steps of the anchor seats' own
// turn so far and, before them, every step since an anchor seat last
// acted. It returns the groups in order and whether older lines were left
// out (the read stopped at recapSteps).
func (a *App) recap(b storage.Binding, t games.Table) ([]recapGroup, bool) {
	anchor := turnAnchor(b, t)
	var steps []games.Step
	tail := true // still in the anchor seats' own current turn
	cut := false
	err := a.Store.LogBack(b.Table, func(e storage.Entry) bool {
		if e.Version > t.Version() {
			return true // a later move, announced by a later board
		}
		mine := e.Seat >= 0 && anchor[e.Seat]
		switch {
		case tail && (mine || e.Seat == games.Chance):
		case mine:
			return false // the anchor seats' previous turn: the story starts after it
		default:
			tail = false
		}
		if len(steps) == recapSteps {
			cut = true
			return false
		}
		steps = append(steps, e.Step)
		return true
	})
	if err != nil {
		a.Log.Debug().Err(err).Uint64("table", b.Table).Msg("could not read the log for a board's story")
		return nil, false
	}
	slices.Reverse(steps)
	return groupSteps(steps), cut
}

// groupSteps gathers consecutive steps by one seat, with their public
// lines; a chance step joins the group before it.
func groupSteps(steps []games.Step) []recapGroup {
	var out []recapGroup
	for _, st := range steps {
		lines := publicLines([]games.Step{st})
		if len(lines) == 0 {
			continue
		}
		n := len(out)
		switch {
		case n > 0 && (out[n-1].seat == st.Seat || st.Seat == games.Chance):
			out[n-1].lines = append(out[n-1].lines, lines...)
		default:
			out = append(out, recapGroup{seat: st.Seat, lines: lines})
		}
	}
	return out
}

// recapText renders groups as a board's story: one paragraph per group,
// "**Alice**: plays X · draws a card", the actor's own name dropped from
// the start of each of their lines. The oldest groups (then lines) give
// way to a note pointing at the game log when the text would pass budget;
// cut says older lines exist that were not even read.
func recapText(b storage.Binding, groups []recapGroup, cut bool, budget int) string {
	groups = slices.Clone(groups)
	paras := make([]string, len(groups))
	for i, g := range groups {
		paras[i] = recapPara(b, g)
	}
	dropped := 0
	fold := func() string {
		where := "the game log"
		if b.Log.Message != "" {
			where = fmt.Sprintf("[the game log](%s)", messageLink(b.Guild, b.Log.Channel, b.Log.Message))
		}
		if dropped > 0 && !cut {
			return fmt.Sprintf("*…%d earlier %s in %s.*", dropped, plural(dropped, "line", "lines"), where)
		}
		return fmt.Sprintf("*…earlier lines are in %s.*", where)
	}
	text := func() string {
		s := strings.Join(paras, "\n")
		if dropped > 0 || cut {
			s = fold() + "\n" + s
		}
		return s
	}
	for len(text()) > budget && len(paras) > 0 {
		switch {
		case len(paras) > 1: // the oldest group goes whole
			dropped += len(groups[0].lines)
			paras, groups = paras[1:], groups[1:]
		case len(groups[0].lines) > 1: // then the oldest lines of the last
			dropped++
			groups[0].lines = groups[0].lines[1:]
			paras[0] = recapPara(b, groups[0])
		default: // one line alone too long: cut it
			paras[0] = clip(paras[0], max(budget-len(fold())-1, 20))
			return text()
		}
	}
	return text()
}

// recapPara is one group's paragraph.
func recapPara(b storage.Binding, g recapGroup) string {
	name := games.Name(g.seat)
	var parts []string
	for _, l := range g.lines {
		if g.seat >= 0 {
			if rest, ok := strings.CutPrefix(l, name+" "); ok && rest != "" {
				l = rest
			}
		}
		parts = append(parts, games.FillNames(l, b.Names))
	}
	body := strings.Join(parts, " · ")
	if g.seat < 0 {
		return body
	}
	return "**" + games.FillNames(name, b.Names) + "**: " + body
}

// messageLink is a jump link to a message, or to the channel when message
// is "".
func messageLink(guild, channel, message string) string {
	link := fmt.Sprintf("https://discord.com/channels/%s/%s", guild, channel)
	if message != "" {
		link += "/" + message
	}
	return link
}

// plural picks the singular or plural word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
