package activity

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
)

//go:generate ../../web/activity/build.sh

//go:embed static
var static embed.FS

// Config is what a live table server needs.
type Config struct {
	App *commands.App
	// Poster is where the boards of moves made here go: the bot's
	// Discord poster, or the sandbox's page model.
	Poster commands.Poster
	// Auth signs users in from the SDK's authorize code.
	Auth Exchanger
	// Notifier carries table changes; nil means a new Hub. The server
	// sets App.Changes to it when App.Changes is unset.
	Notifier Notifier
	// ClientID is the Discord application's id, for the page's SDK.
	ClientID string
	// Locator, when set, checks each page's Activity instance with
	// Discord: the table is the one of the instance's channel, and only
	// users in the instance see it. Without one (the sandbox, tests) the
	// page names its guild and channel itself.
	Locator Locator
	Log     zerolog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// SessionKey signs the sign-ins (SessionKey derives it from the
	// client secret): processes that share it accept each other's, so
	// any of them can serve any page. Empty means a random key of this
	// process's own.
	SessionKey []byte
	// SessionLife is how long a sign-in lasts; zero means 12 hours.
	SessionLife time.Duration
	// StreamLife bounds one event stream (the page reconnects); zero
	// means 5 minutes.
	StreamLife time.Duration
}

// Server serves the live table: the page, its sign-in, the table as the
// user may see it, their clicks, and a stream of the table's versions. It
// is an http.Handler for the paths below its mount point (mount it with
// http.StripPrefix).
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	sessions sessions
	epoch    string
	clicks   atomic.Uint64
}

// New returns a Server for cfg.
func New(cfg Config) *Server {
	if cfg.Notifier == nil {
		cfg.Notifier = NewHub()
	}
	if cfg.App.Changes == nil {
		cfg.App.Changes = cfg.Notifier
	}
	if cfg.SessionLife == 0 {
		cfg.SessionLife = 12 * time.Hour
	}
	if cfg.StreamLife == 0 {
		cfg.StreamLife = 5 * time.Minute
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), epoch: strconv.FormatInt(time.Now().UnixNano(), 36), sessions: newSessions(cfg.SessionKey)}
	page, err := fs.Sub(static, "static")
	if err != nil {
		panic(fmt.Sprintf("activity: embedded page: %v", err)) // fixed at build time
	}
	s.mux.Handle("GET /", http.FileServerFS(page))
	s.mux.HandleFunc("GET /api/config", s.handleConfig)
	s.mux.HandleFunc("POST /api/token", s.handleToken)
	s.mux.HandleFunc("GET /api/table", s.authed(s.handleTable))
	s.mux.HandleFunc("POST /api/act", s.authed(s.handleAct))
	s.mux.HandleFunc("GET /api/events", s.authed(s.handleEvents))
	return s
}

// Notifier is the server's notifier (the one App.Changes tells, unless
// the App had its own).
func (s *Server) Notifier() Notifier { return s.cfg.Notifier }

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// ServeHTTP implements http.Handler. Every answer forbids sniffing and
// caching; the page may be framed only by Discord (and itself).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "+
		"frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com")
	s.mux.ServeHTTP(w, r)
}

// apiError is a refusal the page shows.
type apiError struct {
	status int
	msg    string
}

func (e apiError) Error() string { return e.msg }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// fail answers err: an apiError with its status and text, a refusal of
// the commands layer with its friendly text, anything else as a 500
// (logged, not shown).
func (s *Server) fail(w http.ResponseWriter, err error) {
	var ae apiError
	switch {
	case errors.As(err, &ae):
		writeJSON(w, ae.status, map[string]string{"error": ae.msg})
	case commands.Expected(err):
		writeJSON(w, http.StatusConflict, map[string]string{"error": commands.Friendly(err)})
	default:
		s.cfg.Log.Error().Err(err).Msg("activity: request failed")
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "Something went wrong on our side."})
	}
}

func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiError{http.StatusBadRequest, "bad request body"}
	}
	return nil
}

func (s *Server) handleConfig(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"client_id": s.cfg.ClientID})
}

// handleToken is the sign-in: the SDK's authorize code is exchanged (with
// Discord, by the bot, which alone holds the client secret), the user
// identified, and a session issued. The access token goes back to the
// page for the SDK's authenticate command; neither is ever logged.
func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &body); err != nil {
		s.fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
	defer cancel()
	id, err := s.cfg.Auth.Exchange(ctx, body.Code)
	if err != nil {
		s.cfg.Log.Info().Err(err).Msg("activity: sign-in refused")
		s.fail(w, apiError{http.StatusUnauthorized, "Sign-in failed. Close the Activity and open it again."})
		return
	}
	token, err := s.sessions.issue(id.User, s.now(), s.cfg.SessionLife)
	if err != nil {
		s.fail(w, err)
		return
	}
	s.cfg.Log.Debug().Str("user", id.User.ID).Msg("activity: signed in")
	writeJSON(w, http.StatusOK, map[string]any{"session": token, "access_token": id.AccessToken,
		"user": map[string]string{"id": id.User.ID, "name": id.User.Name}})
}

// authed runs h for a request with a live session.
func (s *Server) authed(h func(http.ResponseWriter, *http.Request, signedIn)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		who, found := s.sessions.lookup(token, s.now())
		if !ok || !found {
			s.fail(w, apiError{http.StatusUnauthorized, "Please sign in again."})
			return
		}
		h(w, r, who)
	}
}

// errElsewhere refuses a table the sign-in did not find through its
// Activity instance.
var errElsewhere = apiError{http.StatusForbidden, "Open the live table from its own channel."}

// tableOf finds the table a request names: ?table=N, or the running game
// of the channel where the Activity runs: ?instance=I, asked of Discord
// when the server has a Locator, else ?guild=G&channel=C as the page says.
// A table found by its channel comes with a new session token that names
// it (grant), unless the sign-in could name it already.
func (s *Server) tableOf(r *http.Request, who signedIn) (id uint64, grant string, err error) {
	q := r.URL.Query()
	if t := q.Get("table"); t != "" {
		id, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return 0, "", apiError{http.StatusBadRequest, "bad table"}
		}
		if s.cfg.Locator != nil && !s.sessions.allowed(who, id) {
			return 0, "", errElsewhere
		}
		return id, "", nil
	}
	guild, channel := q.Get("guild"), q.Get("channel")
	if s.cfg.Locator != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		var err error
		if guild, channel, err = s.cfg.Locator.Locate(ctx, q.Get("instance"), who.User.ID); err != nil {
			s.cfg.Log.Info().Err(err).Str("user", who.User.ID).Msg("activity: instance refused")
			return 0, "", apiError{http.StatusForbidden, "You're not in this Activity. Open it from the channel's board."}
		}
	}
	if channel == "" {
		return 0, "", apiError{http.StatusBadRequest, "no table or channel named"}
	}
	if id, err = s.cfg.App.LiveIn(guild, channel); err != nil {
		return 0, "", err
	}
	if grant, err = s.sessions.allow(who, id); err != nil {
		return 0, "", err
	}
	return id, grant, nil
}

// state is table id as u may see it.
func (s *Server) state(id uint64, u commands.User) (State, error) {
	l, err := s.cfg.App.Live(id, u.ID)
	if err != nil {
		return State{}, err
	}
	n := namesOf(l)
	st := State{Table: l.Table, Game: l.Game, Title: l.Title, Version: l.Version, Over: l.Over, Seat: int(l.Seat),
		Players: l.Players, You: u.Name, Board: view(l.Board, n)}
	if l.Seat == games.Spectator {
		st.Seat = -1
	}
	if l.Panel != nil {
		p := view(*l.Panel, n)
		st.Panel = &p
	}
	return st, nil
}

func (s *Server) handleTable(w http.ResponseWriter, r *http.Request, who signedIn) {
	u := who.User
	id, grant, err := s.tableOf(r, who)
	if err != nil {
		s.fail(w, err)
		return
	}
	st, err := s.state(id, u)
	if err != nil {
		s.fail(w, err)
		return
	}
	st.Session = grant
	writeJSON(w, http.StatusOK, st)
}

// handleAct is a click on the user's panel: the same custom_id the chat
// panel carries, handled by commands.App.Handle as a component click by
// this user in the table's channel, so rules, versions, idempotency,
// clocks, the outbox and the AI's wake-up are the chat's own. The answer
// is the panel Handle returned (the next menu step, or the panel after
// the move, with its notice) and the table as it now stands.
func (s *Server) handleAct(w http.ResponseWriter, r *http.Request, who signedIn) {
	u := who.User
	var body struct {
		Table    uint64   `json:"table"`
		CustomID string   `json:"custom_id"`
		Values   []string `json:"values,omitempty"`
	}
	if err := decode(w, r, &body); err != nil {
		s.fail(w, err)
		return
	}
	c, err := commands.ParseCustomID(body.CustomID)
	if err != nil || c.Table != body.Table || !strings.ContainsRune("tsgp", rune(c.Route)) || len(body.Values) > 1 {
		s.fail(w, apiError{http.StatusBadRequest, "That isn't a button of your panel."})
		return
	}
	if s.cfg.Locator != nil && !s.sessions.allowed(who, body.Table) {
		s.fail(w, errElsewhere)
		return
	}
	l, err := s.cfg.App.Live(body.Table, u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	if l.Panel == nil {
		s.fail(w, apiError{http.StatusForbidden, "You're watching this table: only its players can move."})
		return
	}
	req := commands.LiveClick(l, fmt.Sprintf("live-%s-%d", s.epoch, s.clicks.Add(1)), u, body.CustomID, body.Values)
	req.At = s.now()
	// A click outlives a page that goes away: the move is committed and
	// announced either way.
	resp, herr := s.cfg.App.Handle(context.WithoutCancel(r.Context()), req, s.cfg.Poster)
	st, err := s.state(body.Table, u)
	if err != nil {
		s.fail(w, err)
		return
	}
	n := namesOf(l)
	out := map[string]any{"state": st}
	if m := resp.Message; m != nil {
		switch {
		case len(m.Rows) == 0:
			out["notice"] = n.fill(m.Content) // a refusal without a panel
		case st.Version == l.Version:
			// Nothing changed the table: the next menu step, or a refusal
			// with the panel it came with.
			out["panel"] = view(*m, n)
		default:
			// The table moved on (this move, and perhaps the AI's answer
			// since): the panel as it now stands, with the lines Handle's
			// panel told this player (their private lines, a notice).
			if note := newLines(n.fill(m.Content), st.Panel); note != "" {
				out["notice"] = note
			}
		}
	}
	if herr != nil && !commands.Expected(herr) {
		s.cfg.Log.Error().Err(herr).Uint64("table", body.Table).Msg("activity: click failed")
	}
	writeJSON(w, http.StatusOK, out)
}

// handleEvents streams the table's versions as Server-Sent Events
// ("event: version", data {"table":T,"version":V}), the current one
// first, until StreamLife has passed (the page reconnects) or the client
// goes. The page fetches the table again on each.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request, who signedIn) {
	u := who.User
	id, _, err := s.tableOf(r, who) // the page's stream names its table by id
	if err != nil {
		s.fail(w, err)
		return
	}
	l, err := s.cfg.App.Live(id, u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	versions, cancel := s.cfg.Notifier.Subscribe(id)
	defer cancel()
	rc := http.NewResponseController(w)
	// The listener's read and write timeouts bound ordinary requests; a
	// stream lives longer: no read deadline, and a write deadline per
	// event.
	_ = rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	send := func(format string, args ...any) bool {
		_ = rc.SetWriteDeadline(s.now().Add(30 * time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("retry: 2000\nevent: version\ndata: {\"table\":%d,\"version\":%d}\n\n", id, l.Version) {
		return
	}
	end := time.NewTimer(s.cfg.StreamLife)
	defer end.Stop()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case v := <-versions:
			if !send("event: version\ndata: {\"table\":%d,\"version\":%d}\n\n", id, v) {
				return
			}
		case <-ping.C:
			if !send(": ping\n\n") {
				return
			}
		case <-end.C:
			return
		case <-r.Context().Done():
			return
		}
	}
}

// newLines are the lines of content that panel (the current one) does not
// show: what a move's own answer told its player (a card drawn, a notice),
// beside the status and choices both panels show.
func newLines(content string, panel *View) string {
	have := map[string]bool{}
	if panel != nil {
		for _, l := range strings.Split(panel.Content, "\n") {
			have[l] = true
		}
	}
	var out []string
	for _, l := range strings.Split(content, "\n") {
		if l = strings.TrimSpace(l); l != "" && !have[l] && !strings.HasPrefix(l, "Waiting for ") && !strings.HasPrefix(l, "**Your move.**") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
