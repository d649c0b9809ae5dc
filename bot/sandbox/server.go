package sandbox

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"spindle/bot"
	"spindle/bot/activity"
	"spindle/commands"
)

//go:embed static
var static embed.FS

// Server is the sandbox: an emulated Discord guild whose interactions go to
// a commands.App, served as a page and a JSON API. It is an http.Handler.
type Server struct {
	app   *commands.App
	log   zerolog.Logger
	defs  []commands.AppCommand
	world *world
	mux   *http.ServeMux
	live  *activity.Server
	// Hosts are extra host names (no port) the page may be opened under,
	// besides loopback ones: the machine's name on a trusted network.
	Hosts []string
	// epoch and interactions make interaction ids unique across restarts,
	// since the store remembers them for idempotency.
	epoch        string
	interactions atomic.Uint64
}

// New returns a sandbox driving app. The guild starts with the channel
// #games and the members alice, bob, carol and dave.
func New(app *commands.App, log zerolog.Logger) *Server {
	now := time.Now
	if app.Now != nil {
		now = app.Now
	}
	s := &Server{
		app:   app,
		log:   log.With().Str("front", "sandbox").Logger(),
		defs:  commands.Definitions(app.Catalog),
		world: newWorld(now),
		mux:   http.NewServeMux(),
		epoch: strconv.FormatInt(time.Now().UnixNano(), 36),
	}
	page, err := fs.Sub(static, "static")
	if err != nil {
		panic(fmt.Sprintf("sandbox: embedded page: %v", err)) // the embed is fixed at build time
	}
	s.mux.Handle("GET /", http.FileServerFS(page))
	s.mux.HandleFunc("GET /api/state", s.handleState)
	s.mux.HandleFunc("GET /api/autocomplete", s.handleAutocomplete)
	s.mux.HandleFunc("POST /api/command", s.handleCommand)
	s.mux.HandleFunc("POST /api/click", s.handleComponent)
	s.mux.HandleFunc("POST /api/select", s.handleComponent)
	s.mux.HandleFunc("POST /api/dismiss", s.handleDismiss)
	s.mux.HandleFunc("POST /api/users", s.handleAddUser)
	s.mux.HandleFunc("POST /api/manage", s.handleManage)
	s.mux.HandleFunc("GET /files/{id}", s.handleFile)
	// The live table: the Activity's own page and API, signed in locally
	// (the SDK's mock hands the member's name as its code).
	s.live = activity.New(activity.Config{App: app, Poster: s.world, Auth: activity.ExchangeFunc(s.signIn),
		ClientID: "sandbox", Log: s.log})
	live := http.StripPrefix("/activity", s.live)
	s.mux.Handle("GET /activity/", live)
	s.mux.Handle("POST /activity/", live)
	return s
}

// signIn is the live table's sign-in in the sandbox: the code names a
// member (the page's "Open live table" link passes the acting member).
// Like the rest of the sandbox, it trusts whoever reaches the loopback
// page.
func (s *Server) signIn(_ context.Context, code string) (activity.Identity, error) {
	s.world.mu.Lock()
	defer s.world.mu.Unlock()
	m := s.world.member(code)
	if m == nil || code == "" {
		return activity.Identity{}, fmt.Errorf("%w: no member %q", activity.ErrSignIn, code)
	}
	return activity.Identity{User: commands.User{ID: m.ID, Name: m.Name}}, nil
}

// ServeHTTP serves the page, the API and the attachments. Every player's
// hand can be read through the API, so it answers only requests addressed
// to this machine by a loopback name or a host named in Hosts (a page on
// another site that rebinds its own name to 127.0.0.1 is refused), and
// refuses API and attachment requests made by another site's page.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !s.hostOK(r.Host) {
		http.Error(w, "sandbox: unknown host name; open the sandbox at http://127.0.0.1 or http://localhost", http.StatusMisdirectedRequest)
		return
	}
	if (strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/files/")) && !sameOrigin(r) {
		http.Error(w, "sandbox: cross-origin request refused", http.StatusForbidden)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostOK accepts loopback names and the names in s.Hosts, any port.
func (s *Server) hostOK(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.Trim(strings.ToLower(name), "[]")
	if name == "localhost" || slices.Contains(s.Hosts, name) {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether a request comes from the sandbox's own page
// (or from no page at all, like curl): an Origin header must name this
// host, and a browser's Sec-Fetch-Site must not say another site.
func sameOrigin(r *http.Request) bool {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return false
		}
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
		return true
	}
	return false
}

// Serve runs the sandbox on addr until ctx is done, then shuts down
// gracefully, waiting (bounded) for interactions in flight.
func Serve(ctx context.Context, addr string, app *commands.App, log zerolog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("sandbox: listen on %s: %w", addr, err)
	}
	app.LiveTable = true // the board's "Live table" points at the sandbox's copy of the Activity
	srv := New(app, log)
	// The sandbox runs the same timers as the bot: turn clocks, reminders
	// and expiries appear in the page as they would in Discord.
	timers := make(chan struct{})
	go func() {
		defer close(timers)
		app.RunTimers(ctx, srv.world, time.Second)
	}()
	err = serve(ctx, ln, srv, log)
	<-timers
	return err
}

func serve(ctx context.Context, ln net.Listener, h http.Handler, log zerolog.Logger) error {
	srv := bot.NewHTTPServer(h, func(net.Listener) context.Context { return context.WithoutCancel(ctx) })
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info().Str("url", "http://"+ln.Addr().String()+"/").Msg("sandbox: open this page in a browser to play")
	select {
	case err := <-errc:
		return fmt.Errorf("sandbox: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("sandbox: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("sandbox: serve: %w", err)
	}
	log.Info().Msg("sandbox stopped")
	return nil
}

// httpError is an API error with its status.
type httpError struct {
	status int
	err    error
}

func (e httpError) Error() string { return e.err.Error() }

func fail(status int, format string, args ...any) error {
	return httpError{status: status, err: fmt.Errorf("sandbox: "+format, args...)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var he httpError
	if errors.As(err, &he) {
		status = he.status
	}
	writeJSON(w, status, map[string]string{"error": err.Error()})
}

func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fail(http.StatusBadRequest, "malformed request body: %v", err)
	}
	return nil
}

// who resolves the acting member and channel of an API call. The caller
// holds the world's lock.
func (s *Server) who(user, ch string) (member, channel, error) {
	m := s.world.member(user)
	if m == nil || user == "" {
		return member{}, channel{}, fail(http.StatusBadRequest, "unknown user %q; add users with POST /api/users", user)
	}
	c := s.world.channel(ch)
	if c == nil {
		return member{}, channel{}, fail(http.StatusNotFound, "unknown channel %q", ch)
	}
	return *m, *c, nil
}

// --- state -----------------------------------------------------------------

// State is what one member sees: the guild's channels and members and the
// messages of one channel visible to that member.
type State struct {
	Guild    string        `json:"guild"`
	GuildID  string        `json:"guild_id"`
	User     member        `json:"user"`
	Channel  channel       `json:"channel"`
	Rev      uint64        `json:"rev"`
	Users    []member      `json:"users"`
	Channels []channelView `json:"channels"`
	Messages []MessageView `json:"messages"`
}

type channelView struct {
	channel
	// Unread and Pings count messages posted since the member last looked
	// at the channel, and those among them that mention the member.
	Unread int `json:"unread"`
	Pings  int `json:"pings"`
}

// MessageView is a message as the page draws it.
type MessageView struct {
	ID          string           `json:"id"`
	Rev         uint64           `json:"rev"`
	Author      Author           `json:"author"`
	At          time.Time        `json:"at"`
	Edited      bool             `json:"edited,omitempty"`
	Ephemeral   bool             `json:"ephemeral,omitempty"`
	Interaction *via             `json:"interaction,omitempty"`
	Content     string           `json:"content,omitempty"`
	Embeds      []EmbedView      `json:"embeds,omitempty"`
	Rows        []commands.Row   `json:"rows,omitempty"`
	Attachments []AttachmentView `json:"attachments,omitempty"`
	Mentions    []string         `json:"mentions,omitempty"`
	// Mentioned is set when the message pings the viewing member.
	Mentioned bool `json:"mentioned,omitempty"`
}

// Author is who wrote a message.
type Author struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
	System bool   `json:"system,omitempty"`
}

// EmbedView is an embed with its image resolved to a URL.
type EmbedView struct {
	commands.Embed
	ImageURL string `json:"image_url,omitempty"`
}

// AttachmentView is an attachment not shown inside an embed.
type AttachmentView struct {
	Name string `json:"name"`
	Type string `json:"type"`
	URL  string `json:"url"`
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	st, err := s.state(r.URL.Query().Get("user"), r.URL.Query().Get("channel"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// state builds what user (by default the first member) sees in ch and
// marks the channel read.
func (s *Server) state(user, ch string) (State, error) {
	w := s.world
	w.mu.Lock()
	defer w.mu.Unlock()
	if user == "" {
		user = w.members[0].ID // the page's first look, before it has chosen
	}
	m, c, err := s.who(user, ch)
	if err != nil {
		return State{}, err
	}
	st := State{Guild: guildName, GuildID: guildID, User: m, Channel: c, Rev: w.rev, Messages: []MessageView{}}
	for _, u := range w.members {
		st.Users = append(st.Users, *u)
	}
	seen := w.seen[m.ID]
	if seen == nil {
		seen = map[string]uint64{}
		w.seen[m.ID] = seen
	}
	for _, ch := range w.channels {
		cv := channelView{channel: *ch}
		if ch.ID != c.ID {
			for _, id := range w.order[ch.ID] {
				msg := w.msgs[id]
				if msg.Seq > seen[ch.ID] && visible(msg, m.ID) {
					cv.Unread++
					if slices.Contains(msg.Msg.Mentions, m.ID) {
						cv.Pings++
					}
				}
			}
		}
		st.Channels = append(st.Channels, cv)
	}
	for _, id := range w.order[c.ID] {
		if msg := w.msgs[id]; visible(msg, m.ID) {
			st.Messages = append(st.Messages, s.view(msg, m.ID))
		}
	}
	seen[c.ID] = w.next
	return st, nil
}

// view renders one message for user. The caller holds the world's lock.
func (s *Server) view(msg *message, user string) MessageView {
	v := MessageView{ID: msg.ID, Rev: msg.Rev, At: msg.At, Edited: msg.Edited, Ephemeral: msg.Owner != "",
		Interaction: msg.Via, Content: msg.Msg.Content, Rows: msg.Msg.Rows, Mentions: msg.Msg.Mentions,
		Mentioned: slices.Contains(msg.Msg.Mentions, user)}
	switch msg.Author {
	case "":
		v.Author = Author{ID: "bot", Name: "Spindle", Bot: true}
	case systemUser:
		v.Author = Author{ID: systemUser, Name: "Sandbox", System: true}
	default:
		v.Author = Author{ID: msg.Author, Name: "unknown-user"}
		if m := s.world.member(msg.Author); m != nil {
			v.Author.Name = m.Name
		}
	}
	url := func(i int) string {
		return "/files/" + msg.Files[i] + "?user=" + user
	}
	inEmbed := map[string]bool{}
	for _, e := range msg.Msg.Embeds {
		ev := EmbedView{Embed: e}
		if i := slices.IndexFunc(msg.Msg.Files, func(f commands.File) bool { return f.Name == e.Image }); e.Image != "" && i >= 0 {
			ev.ImageURL = url(i)
			inEmbed[e.Image] = true
		}
		v.Embeds = append(v.Embeds, ev)
	}
	for i, f := range msg.Msg.Files {
		if !inEmbed[f.Name] {
			v.Attachments = append(v.Attachments, AttachmentView{Name: f.Name, Type: f.Type, URL: url(i)})
		}
	}
	return v
}

func (s *Server) handleFile(w http.ResponseWriter, r *http.Request) {
	s.world.mu.Lock()
	f, ok := s.world.files[r.PathValue("id")]
	var user string
	if m := s.world.member(r.URL.Query().Get("user")); m != nil {
		user = m.ID
	}
	s.world.mu.Unlock()
	if !ok || (f.Owner != "" && f.Owner != user) {
		writeError(w, fail(http.StatusNotFound, "no such file"))
		return
	}
	w.Header().Set("Content-Type", f.Type)
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	w.Header().Set("Content-Disposition", "inline; filename="+strconv.Quote(f.Name))
	_, _ = w.Write(f.Data)
}

// --- members ----------------------------------------------------------------

func (s *Server) handleAddUser(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
	}
	if err := decode(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	m, err := s.world.addMember(body.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

func (s *Server) handleManage(w http.ResponseWriter, r *http.Request) {
	var body struct {
		User   string `json:"user"`
		Manage bool   `json:"manage"`
	}
	if err := decode(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	m, err := s.world.setManage(body.User, body.Manage)
	if err != nil {
		writeError(w, fail(http.StatusBadRequest, "%v", strings.TrimPrefix(err.Error(), "sandbox: ")))
		return
	}
	writeJSON(w, http.StatusOK, m)
}

func (s *Server) handleDismiss(w http.ResponseWriter, r *http.Request) {
	var body struct {
		User    string `json:"user"`
		Channel string `json:"channel"`
		Message string `json:"message"`
	}
	if err := decode(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	s.world.mu.Lock()
	m, _, err := s.who(body.User, body.Channel)
	s.world.mu.Unlock()
	if err == nil {
		err = s.world.dismiss(m.ID, body.Message)
	}
	if err != nil {
		writeError(w, fail(http.StatusNotFound, "%v", strings.TrimPrefix(err.Error(), "sandbox: ")))
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// --- interactions -------------------------------------------------------------

// Reply is the API's answer to a command or a component: the message that
// answered it (new or updated), as the acting member sees it.
type Reply struct {
	Message *MessageView `json:"message,omitempty"`
	Updated bool         `json:"updated,omitempty"`
	Error   string       `json:"error,omitempty"`
}

func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request) {
	var body struct {
		User    string `json:"user"`
		Channel string `json:"channel"`
		Text    string `json:"text"`
	}
	if err := decode(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	s.world.mu.Lock()
	m, c, err := s.who(body.User, body.Channel)
	if err != nil {
		s.world.mu.Unlock()
		writeError(w, err)
		return
	}
	text := strings.TrimSpace(body.Text)
	if !strings.HasPrefix(text, "/") {
		// A plain chat message.
		if text == "" || len([]rune(text)) > commands.MaxContent {
			s.world.mu.Unlock()
			writeError(w, fail(http.StatusBadRequest, "a message is 1 to %d characters", commands.MaxContent))
			return
		}
		msg := s.world.store(c.ID, m.ID, "", nil, commands.Message{Content: text})
		v := s.view(msg, m.ID)
		s.world.mu.Unlock()
		writeJSON(w, http.StatusOK, Reply{Message: &v})
		return
	}
	inv, err := parseCommand(s.defs, text, func(key string) (string, bool) {
		if u := s.world.member(key); u != nil {
			return u.ID, true
		}
		return "", false
	})
	if err != nil {
		// Discord's client refuses to send such a command and says why;
		// the sandbox says it in a notice only the typist sees.
		why := strings.TrimPrefix(err.Error(), errUsage.Error()+": ")
		msg := s.world.notice(c.ID, m.ID, "⚠️ "+upperFirst(why))
		v := s.view(msg, m.ID)
		s.world.mu.Unlock()
		writeJSON(w, http.StatusBadRequest, Reply{Message: &v, Error: "sandbox: " + why})
		return
	}
	s.world.mu.Unlock()
	req := commands.Request{Kind: commands.Command, Command: inv.Path, Options: inv.Options}
	reply, err := s.interact(r.Context(), req, m, c, nil, &via{User: m.ID, Name: m.Name, Text: "used " + inv.Text})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, reply)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *Server) handleComponent(w http.ResponseWriter, r *http.Request) {
	var body struct {
		User     string   `json:"user"`
		Channel  string   `json:"channel"`
		Message  string   `json:"message"`
		CustomID string   `json:"custom_id"`
		Values   []string `json:"values"`
	}
	if err := decode(w, r, &body); err != nil {
		writeError(w, err)
		return
	}
	isSelect := strings.HasSuffix(r.URL.Path, "/select")
	s.world.mu.Lock()
	m, c, err := s.who(body.User, body.Channel)
	var target *message
	var action string
	if err == nil {
		target, action, err = s.component(m, c, body.Message, body.CustomID, body.Values, isSelect)
	}
	s.world.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	req := commands.Request{Kind: commands.Component, CustomID: body.CustomID, Values: body.Values, Message: target.ID}
	reply, err := s.interact(r.Context(), req, m, c, target, &via{User: m.ID, Name: m.Name, Text: action})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, reply)
}

// component checks a click or a choice the way Discord does: the message
// is in the channel and visible to the member, and carries an enabled
// component with that custom_id whose options include the values. It
// returns the message and a description of the action. The caller holds
// the world's lock.
func (s *Server) component(m member, c channel, id, customID string, values []string, isSelect bool) (*message, string, error) {
	msg, ok := s.world.msgs[id]
	if !ok || msg.Channel != c.ID || !visible(msg, m.ID) {
		return nil, "", fail(http.StatusNotFound, "That message is gone from #%s (a newer one replaced it, or it isn't yours to see). Use the latest one.", c.Name)
	}
	for _, row := range msg.Msg.Rows {
		if !isSelect {
			for _, b := range row.Buttons {
				if b.CustomID != customID {
					continue
				}
				if b.Disabled {
					return nil, "", fail(http.StatusBadRequest, "button %q is disabled", b.Label)
				}
				if len(values) > 0 {
					return nil, "", fail(http.StatusBadRequest, "a button click carries no values")
				}
				return msg, "clicked " + b.Label, nil
			}
			continue
		}
		if row.Select == nil || row.Select.CustomID != customID {
			continue
		}
		if len(values) != 1 {
			return nil, "", fail(http.StatusBadRequest, "choose exactly one option, not %d", len(values))
		}
		for _, o := range row.Select.Options {
			if o.Value == values[0] {
				return msg, "chose " + o.Label, nil
			}
		}
		return nil, "", fail(http.StatusBadRequest, "the menu has no option %q", values[0])
	}
	// As Discord's client would, refuse a component the message no longer
	// carries, in words a player understands (never the custom_id).
	kind := "button"
	if isSelect {
		kind = "menu"
	}
	return nil, "", fail(http.StatusBadRequest, "That %s isn't on this message any more: it changed since you loaded it. Use what it shows now.", kind)
}

// interact runs one interaction through the App and applies its response:
// a new message (ephemeral or not) or, for a component, the update of the
// message the component is on.
func (s *Server) interact(ctx context.Context, req commands.Request, m member, c channel, target *message, v *via) (Reply, error) {
	req.ID = fmt.Sprintf("sbx-%s-%d", s.epoch, s.interactions.Add(1))
	req.Token = req.ID
	req.Guild, req.Channel = guildID, c.ID
	req.User = commands.User{ID: m.ID, Name: m.Name}
	req.CanManage = m.Manage
	req.At = s.world.now()
	// Discord would be acknowledged according to DeferFor; the sandbox has
	// no three-second window, so it only logs the mode.
	mode := s.app.DeferFor(req)
	log := s.log.With().Str("interaction", req.ID).Str("user", m.Name).Str("channel", c.Name).Logger()
	log.Debug().Int("defer", int(mode)).Str("command", req.Command).Str("custom_id", req.CustomID).Msg("interaction")
	// The interaction completes even if the page goes away mid-request.
	resp, err := s.app.Handle(context.WithoutCancel(ctx), req, s.world)
	if err != nil {
		log.Debug().Err(err).Msg("handler answered with an error")
	}
	// Once the answer is in the page, an open panel may follow the game
	// through this reply (as the bot does after delivering to Discord).
	defer s.app.Delivered(context.WithoutCancel(ctx), req, resp, s.world)
	w := s.world
	w.mu.Lock()
	defer w.mu.Unlock()
	if resp.LaunchActivity {
		// Discord would open the Activity in the channel; the sandbox
		// points at its own copy of the Activity's page.
		msg := w.notice(c.ID, m.ID, "🎲 In Discord this opens the live table (the Activity) in the channel. "+
			"Here, use **Open live table** at the top right: the same page, signed in as you.")
		view := s.view(msg, m.ID)
		return Reply{Message: &view}, nil
	}
	if resp.Message == nil {
		msg := w.notice(c.ID, m.ID, "⚠️ This interaction failed.")
		view := s.view(msg, m.ID)
		return Reply{Message: &view}, nil
	}
	out := *resp.Message
	if target != nil {
		// The message may have been dismissed while the handler ran.
		if cur, ok := w.msgs[target.ID]; !ok || cur != target {
			target = nil
		}
	}
	update := resp.Update && req.Kind == commands.Component && target != nil
	if update && target.Owner == "" && out.Ephemeral {
		// An ephemeral update of a public message would show a private
		// answer to everyone; it goes to the clicker alone instead.
		update = false
	}
	var files []commands.File
	if update {
		files = target.Msg.Files
	}
	if verr := validate(out, files); verr != nil {
		log.Error().Err(verr).Msg("the handler's response breaks Discord's limits")
		msg := w.notice(c.ID, m.ID, "⚠️ This interaction failed. ("+verr.Error()+")")
		view := s.view(msg, m.ID)
		return Reply{Message: &view}, nil
	}
	var msg *message
	if update {
		msg = target
		w.setContent(msg, out, false)
	} else {
		owner := ""
		if out.Ephemeral {
			owner = m.ID
		}
		ch := c.ID
		if target != nil {
			ch = target.Channel
		}
		msg = w.store(ch, "", owner, v, out)
	}
	w.replies[req.Token] = msg.ID
	if len(w.replies) > 4096 {
		for tok, id := range w.replies {
			if _, ok := w.msgs[id]; !ok || tok != req.Token && w.msgs[id].Owner == "" {
				delete(w.replies, tok) // gone, or a public message: never followed
			}
		}
	}
	view := s.view(msg, m.ID)
	return Reply{Message: &view, Updated: update}, nil
}

// --- autocomplete -------------------------------------------------------------

func (s *Server) handleAutocomplete(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.world.mu.Lock()
	m, c, err := s.who(q.Get("user"), q.Get("channel"))
	var members []member
	for _, u := range s.world.members {
		members = append(members, *u)
	}
	s.world.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	ask := func(path string, opts map[string]string, focused string) []commands.Choice {
		req := commands.Request{Kind: commands.Autocomplete, Command: path, Options: opts, Focused: focused,
			ID: fmt.Sprintf("sbx-%s-%d", s.epoch, s.interactions.Add(1)), Guild: guildID, Channel: c.ID,
			User: commands.User{ID: m.ID, Name: m.Name}, CanManage: m.Manage, At: s.world.now()}
		_ = s.app.DeferFor(req)
		resp, err := s.app.Handle(r.Context(), req, s.world)
		if err != nil {
			s.log.Debug().Err(err).Msg("autocomplete failed")
		}
		return resp.Choices
	}
	out := suggest(s.defs, q.Get("text"), members, ask)
	if out == nil {
		out = []Suggestion{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"suggestions": out})
}
