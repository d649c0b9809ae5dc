package commands

import (
	"context"
	"slices"
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
	table   uint64
	seat    games.Seat
	state   string
	version uint64 // the table version the panel shows
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
// own move at a version ("act:12"), or whom it waits for ("wait:1"). A
// seat to act always has a legal move (the engine contract), so ToAct
// tells it without listing the moves.
func panelState(t games.Table, seat games.Seat) string {
	if t.Over() {
		return "over"
	}
	if slices.Contains(t.ToAct(), seat) {
		return "act:" + strconv.FormatUint(t.Version(), 10)
	}
	var who []string
	for _, s := range t.ToAct() {
		who = append(who, strconv.Itoa(int(s)))
	}
	return "wait:" + strings.Join(who, ",")
}

// Delivered tells the App that the front door has delivered resp, its
// answer to req. When that answer is a seat's panel, the App remembers its
// reply (its original response is that panel: an ephemeral reply to a
// command or to the board's button, or the panel a click updated) so the
// panel can follow the game. The front door calls it only after the
// answer reached Discord, so a later edit is never overtaken by it; and
// if the game moved on while the answer was on its way (an AI that
// answered at once), the panel is brought up to date now.
func (a *App) Delivered(ctx context.Context, req Request, resp Response, p Poster) {
	m := resp.Message
	if m == nil || m.panel == nil || req.Token == "" {
		return
	}
	if req.Kind == Component && !resp.Update && a.DeferFor(req) != DeferEphemeral {
		return // a follow-up message, not the original response
	}
	k := panelKey{m.panel.table, m.panel.seat}
	// The token's fifteen minutes run from the interaction's arrival: its
	// time when the front door gave a plausible one, else now.
	at := a.now()
	if !req.At.IsZero() && !req.At.After(at) && at.Sub(req.At) < time.Minute {
		at = req.At
	}
	a.panels.put(k, openPanel{user: req.User.ID, token: req.Token, at: at, state: m.panel.state})
	if v, ok := a.shown.Load(k.table); !ok || v.(uint64) == m.panel.version {
		return // no move was announced since this panel was drawn
	}
	b, err := a.Store.GetBinding(k.table)
	if err != nil || b.Status != statusActive {
		return
	}
	t, err := a.Store.Load(a.Catalog, k.table)
	if err != nil {
		return
	}
	a.followPanel(ctx, p, b, t, k.seat)
}

// forgetTable drops what the App keeps in memory for a table that ended
// (its result, an abandon, its channel deleted): its open panels, the
// version it last announced and its board's story.
func (a *App) forgetTable(id uint64) {
	a.panels.forgetTable(id)
	a.shown.Delete(id)
	a.recaps.Delete(id)
}

// followPanels edits the open panels that t leaves out of date: a seat
// whose turn it now is, and a seat whose panel still offers moves it can
// no longer make. actor's panel is the answer to its own click already.
func (a *App) followPanels(ctx context.Context, p Poster, b storage.Binding, t games.Table, actor games.Seat) {
	if t.Over() {
		a.forgetTable(b.Table)
		return
	}
	for i, user := range b.Users {
		if seat := games.Seat(i); seat != actor && !isAI(user) {
			a.followPanel(ctx, p, b, t, seat)
		}
	}
}

// followPanel edits seat's open panel, if the App remembers one, when t
// leaves it out of date: the seat's turn has come, or its panel offers
// moves it can no longer make.
func (a *App) followPanel(ctx context.Context, p Poster, b storage.Binding, t games.Table, seat games.Seat) {
	k := panelKey{b.Table, seat}
	op, ok := a.panels.get(k)
	if !ok {
		return
	}
	if int(seat) >= len(b.Users) || op.user != b.Users[seat] || a.now().Sub(op.at) > replyLife {
		a.panels.drop(k, op.token)
		return
	}
	state := panelState(t, seat)
	if state == op.state || (!strings.HasPrefix(state, "act:") && !strings.HasPrefix(op.state, "act:")) {
		return // current, or still waiting (a waiting panel is not redrawn)
	}
	m, err := a.waitingPanel(b, t, seat, "")
	if err == nil {
		err = p.EditReply(ctx, op.token, m)
	}
	if err != nil {
		a.Log.Debug().Err(err).Uint64("table", b.Table).Int("seat", int(seat)).Msg("could not follow an open panel")
		a.panels.drop(k, op.token)
		return
	}
	op.state = state
	a.panels.put(k, op)
}
