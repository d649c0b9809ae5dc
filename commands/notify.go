package commands

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"spindle/games"
	"spindle/storage"
)

// Prefs are one user's notification preferences, kept in the users bucket.
// DMs are opt-in. Quiet hours hold reminders (and, when Pings is set, turn
// pings) until they end, in the user's own time zone.
type Prefs struct {
	DM   bool   `json:"dm"`
	When string `json:"when"` // my-turn, reminders-only or never
	// Quiet hours as "HH:MM" in Zone (an IANA zone name); empty = none.
	QuietFrom string `json:"quiet_from,omitempty"`
	QuietTo   string `json:"quiet_to,omitempty"`
	Zone      string `json:"zone,omitempty"`
	Pings     bool   `json:"pings,omitempty"`
	// AwayUntil was the single, all-servers /away of earlier builds; it
	// is read as the away time of every server that has none of its own.
	AwayUntil time.Time `json:"away_until,omitzero"`
	// Away pauses the user's clocks in their games of one server, by
	// server id, until the time given (/away).
	Away map[string]time.Time `json:"away,omitempty"`
}

func (a *App) prefs(user string) Prefs {
	if v, ok := a.recent.get("u:" + user); ok {
		return v.(Prefs).clone()
	}
	p := Prefs{When: "my-turn"}
	if err := a.Store.GetUser(user, &p); err != nil && !errors.Is(err, storage.ErrNotFound) {
		a.Log.Warn().Err(err).Msg("could not read notification preferences")
		return p // a failed read is not kept
	}
	a.recent.put("u:"+user, p.clone())
	return p
}

// putPrefs stores a user's preferences and keeps them as read.
func (a *App) putPrefs(user string, p Prefs) error {
	if err := a.Store.PutUser(user, p); err != nil {
		return err
	}
	a.recent.put("u:"+user, p.clone())
	return nil
}

// clone copies p, so a kept value never shares its map with a caller.
func (p Prefs) clone() Prefs {
	p.Away = maps.Clone(p.Away)
	return p
}

// quietEnd reports whether t falls in the user's quiet hours and, if so,
// when they end.
func (p Prefs) quietEnd(t time.Time) (time.Time, bool) {
	if p.QuietFrom == "" || p.QuietTo == "" {
		return time.Time{}, false
	}
	loc, err := time.LoadLocation(p.Zone)
	if err != nil {
		return time.Time{}, false
	}
	from, err1 := time.Parse("15:04", p.QuietFrom)
	to, err2 := time.Parse("15:04", p.QuietTo)
	if err1 != nil || err2 != nil {
		return time.Time{}, false
	}
	lt := t.In(loc)
	day := time.Date(lt.Year(), lt.Month(), lt.Day(), 0, 0, 0, 0, loc)
	at := func(d time.Time, hm time.Time) time.Time {
		return time.Date(d.Year(), d.Month(), d.Day(), hm.Hour(), hm.Minute(), 0, 0, loc)
	}
	// The quiet span that started today or yesterday may cover t.
	for _, start := range []time.Time{at(day.AddDate(0, 0, -1), from), at(day, from)} {
		end := at(start, to)
		if !end.After(start) {
			end = end.AddDate(0, 0, 1)
		}
		if !lt.Before(start) && lt.Before(end) {
			return end, true
		}
	}
	return time.Time{}, false
}

// notifyCommand handles /notify dm|when|quiet|quiet-off|show.
func (a *App) notifyCommand(req Request) (Response, error) {
	p := a.prefs(req.User.ID)
	switch req.Command {
	case "notify dm":
		p.DM = req.Options["on"] == "true"
	case "notify when":
		switch v := req.Options["what"]; v {
		case "my-turn", "reminders-only", "never":
			p.When = v
		default:
			return Response{}, sorry("Choose my-turn, reminders-only or never.")
		}
	case "notify quiet":
		from, to, zone := req.Options["from"], req.Options["to"], req.Options["zone"]
		if _, err := time.Parse("15:04", from); err != nil {
			return Response{}, sorry("Give the start of your quiet hours as HH:MM, for example 22:30.")
		}
		if _, err := time.Parse("15:04", to); err != nil || to == from {
			return Response{}, sorry("Give the end of your quiet hours as HH:MM, different from the start, for example 07:00.")
		}
		if _, err := time.LoadLocation(zone); err != nil || zone == "" || zone == "Local" {
			return Response{}, sorry("I don't know the time zone " + clip(zone, 40) + ". Use a name like Europe/Paris or America/New_York.")
		}
		p.QuietFrom, p.QuietTo, p.Zone, p.Pings = from, to, zone, req.Options["turn_pings"] == "true"
	case "notify quiet-off":
		p.QuietFrom, p.QuietTo, p.Zone, p.Pings = "", "", "", false
	case "notify show":
	default:
		return Response{}, sorry("I don't know that /notify command.")
	}
	if req.Command != "notify show" {
		if err := a.putPrefs(req.User.ID, p); err != nil {
			return Response{}, err
		}
	}
	return Response{Message: &Message{Ephemeral: true, Content: describePrefs(p)}}, nil
}

func describePrefs(p Prefs) string {
	var b strings.Builder
	if p.DM {
		fmt.Fprintf(&b, "Direct messages: **on** (%s).\n", map[string]string{"my-turn": "your turns and reminders",
			"reminders-only": "reminders only", "never": "nothing"}[p.When])
	} else {
		b.WriteString("Direct messages: **off** — you are mentioned in the game's channel.\n")
	}
	if p.QuietFrom != "" {
		fmt.Fprintf(&b, "Quiet hours: **%s–%s** (%s); reminders wait until they end", p.QuietFrom, p.QuietTo, p.Zone)
		if p.Pings {
			b.WriteString(", and so do turn pings")
		}
		b.WriteString(".")
	} else {
		b.WriteString("Quiet hours: none.")
	}
	return b.String()
}

// dmTurn tells the players now to act by DM, when they opted in.
func (a *App) dmTurn(ctx context.Context, p Poster, b storage.Binding, seats []games.Seat, title string) {
	for _, s := range seats {
		if s < 0 || int(s) >= len(b.Users) || isAI(b.Users[s]) {
			continue
		}
		pr := a.prefs(b.Users[s])
		if !pr.DM || pr.When != "my-turn" {
			continue
		}
		if _, quiet := pr.quietEnd(a.now()); quiet && pr.Pings {
			continue // held: the ping timer will tell them when quiet hours end
		}
		a.dm(ctx, p, b, b.Users[s], fmt.Sprintf("It's your move in **%s** #%d in <#%s>. %s", title, b.Table, b.Channel, jumpLink(b)))
	}
}

func (a *App) dm(ctx context.Context, p Poster, b storage.Binding, user, text string) {
	if err := p.DM(ctx, user, Message{Content: text, Mentions: []string{}}); err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not send a direct message")
		if Permanent(err) {
			// The user does not take DMs from the bot: stop trying until
			// they turn DMs on again with /notify dm.
			pr := a.prefs(user)
			pr.DM = false
			if err := a.putPrefs(user, pr); err != nil {
				a.Log.Warn().Err(err).Msg("could not turn direct messages off")
			}
		}
	}
}

// jumpLink is a link to b's board, or to its channel before there is one.
func jumpLink(b storage.Binding) string { return messageLink(b.Guild, b.Channel, b.Message) }

// holdQuietPings takes out of m's allowed mentions the players in quiet
// hours who asked to hold turn pings too, and returns "ping" timers for the
// end of their quiet hours.
func (a *App) holdQuietPings(m *Message, b storage.Binding, t games.Table) []storage.Timer {
	if t.Over() {
		return nil
	}
	var held []storage.Timer
	for _, s := range t.ToAct() {
		if s < 0 || int(s) >= len(b.Users) || isAI(b.Users[s]) {
			continue
		}
		pr := a.prefs(b.Users[s])
		end, quiet := pr.quietEnd(a.now())
		if !quiet || !pr.Pings {
			continue
		}
		m.Mentions = slices.DeleteFunc(m.Mentions, func(u string) bool { return u == b.Users[s] })
		held = append(held, storage.Timer{Due: end, Table: b.Table, Seat: s, Kind: "ping"})
	}
	return held
}

// notice posts a reminder or a held ping in the game's channel (a NEW
// message, so it notifies) and by DM when the player opted in. During the
// player's quiet hours it is held: the timer is moved to their end.
func (a *App) notice(ctx context.Context, p Poster, b storage.Binding, tm storage.Timer, text string) error {
	user := b.Users[tm.Seat]
	pr := a.prefs(user)
	if end, quiet := pr.quietEnd(a.now()); quiet {
		if tm.Kind == "remind" && !tm.Deadline.IsZero() && !end.Before(tm.Deadline) {
			return nil // quiet hours last past the deadline: nothing to remind of
		}
		tm.Due = end
		return a.Store.Schedule(tm)
	}
	if _, err := p.Post(ctx, b.Channel, Message{Mentions: []string{user}, Content: text}); err != nil {
		return err
	}
	if pr.DM && (pr.When == "my-turn" || (pr.When == "reminders-only" && tm.Kind == "remind")) {
		a.dm(ctx, p, b, user, text+" "+jumpLink(b))
	}
	return nil
}

// awayUntil is when the user's /away in guild ends (zero: not away).
func (p Prefs) awayUntil(guild string) time.Time {
	if t, ok := p.Away[guild]; ok {
		return t
	}
	return p.AwayUntil
}

// setAway records the user's /away in guild (zero: back).
func (p *Prefs) setAway(guild string, until time.Time) {
	if p.Away == nil {
		p.Away = map[string]time.Time{}
	}
	p.Away[guild] = until
}
