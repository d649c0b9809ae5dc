package commands

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"spindle/games"
	"spindle/storage"
)

// An open panel follows the game. Discord lets the bot edit its reply to
// an interaction through the interaction's token for fifteen minutes, so
// whenever a seat's panel is answered, the App remembers that reply's
// token (in memory only: a token is a secret, and a restart just means
// the player opens the panel from the board again). When a board shows a
// turn that has come back to a seat whose panel is open, or has taken live
// buttons away from it, that panel is edited in place to the seat's
// current choices: no Refresh, no warning.

// replyLife is how long a remembered reply is used: a little under
// Discord's fifteen minutes, so an edit never races the token's expiry.
const replyLife = 14*time.Minute + 30*time.Second

// panelMark marks a message as a seat's panel, with the state it shows.
type panelMark struct {
	table uint64
	seat  games.Seat
	state string
}

// openPanel is a seat's panel that the App can still edit.
type openPanel struct {
	user  string
	token string
	at    time.Time
	state string
}

type panelKey struct {
	table uint64
	seat  games.Seat
}

// openPanels remembers, per table and seat, the reply that last showed
// the seat's panel.
type openPanels struct {
	mu sync.Mutex
	m  map[panelKey]openPanel
}

func (o *openPanels) get(k panelKey) (openPanel, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	p, ok := o.m[k]
	return p, ok
}

func (o *openPanels) put(k panelKey, p openPanel) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[panelKey]openPanel{}
	}
	if old, ok := o.m[k]; ok && old.at.After(p.at) {
		return // a newer reply is remembered already
	}
	o.m[k] = p
}

// drop forgets k's reply unless a newer one (another token) replaced it.
func (o *openPanels) drop(k panelKey, token string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p, ok := o.m[k]; ok && p.token == token {
		delete(o.m, k)
	}
}

// forgetTable drops every remembered panel of a table (it ended).
func (o *openPanels) forgetTable(table uint64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for k := range o.m {
		if k.table == table {
			delete(o.m, k)
		}
	}
}

// panelState is what a seat's panel shows, as far as following goes: its
// own move at a version ("act:12"), or whom it waits for ("wait:1").
func panelState(t games.Table, seat games.Seat) string {
	if t.Over() {
		return "over"
	}
	if len(t.Legal(seat)) > 0 {
		return "act:" + strconv.FormatUint(t.Version(), 10)
	}
	var who []string
	for _, s := range t.ToAct() {
		who = append(who, strconv.Itoa(int(s)))
	}
	return "wait:" + strings.Join(who, ",")
}

// notePanel remembers the reply of an interaction that answered with a
// panel: its original response is that panel (an ephemeral reply to a
// command or to the board's button, or the panel a click updated).
func (a *App) notePanel(req Request, resp Response) {
	m := resp.Message
	if m == nil || m.panel == nil || req.Token == "" {
		return
	}
	if req.Kind == Component && !resp.Update {
		mode := a.DeferFor(req)
		if mode != DeferEphemeral {
			return // a follow-up, not the original response
		}
	}
	a.panels.put(panelKey{m.panel.table, m.panel.seat}, openPanel{user: req.User.ID, token: req.Token, at: req.At, state: m.panel.state})
}

// followPanels edits the open panels that t leaves out of date: a seat
// whose turn it now is, and a seat whose panel still offers moves it can
// no longer make. actor's panel is the answer to its own click already.
func (a *App) followPanels(ctx context.Context, p Poster, b storage.Binding, t games.Table, actor games.Seat) {
	if t.Over() {
		a.panels.forgetTable(b.Table)
		return
	}
	for i, user := range b.Users {
		seat := games.Seat(i)
		if seat == actor || isAI(user) {
			continue
		}
		k := panelKey{b.Table, seat}
		op, ok := a.panels.get(k)
		if !ok {
			continue
		}
		if op.user != user || a.now().Sub(op.at) > replyLife {
			a.panels.drop(k, op.token)
			continue
		}
		state := panelState(t, seat)
		toAct := strings.HasPrefix(state, "act:")
		if state == op.state || (!toAct && !strings.HasPrefix(op.state, "act:")) {
			continue // current, or still waiting (a waiting panel is not redrawn)
		}
		m, err := a.panel(b, t, seat, Nav{}, "")
		if err == nil {
			err = p.EditReply(ctx, op.token, m)
		}
		if err != nil {
			a.Log.Debug().Err(err).Uint64("table", b.Table).Int("seat", int(seat)).Msg("could not follow an open panel")
			a.panels.drop(k, op.token)
			continue
		}
		op.state = state
		a.panels.put(k, op)
	}
}
