package discordtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord JSON error codes used by the fake.
const (
	codeUnknownChannel     = 10003
	codeUnknownMessage     = 10008
	codeUnknownWebhook     = 10015
	codeUnknownUser        = 10013
	codeUnknownCommand     = 10063
	codeUnknownInteraction = 10062
	codeCannotDM           = 50007
	codeOtherAuthor        = 50005
	codeEmptyMessage       = 50006
	codeInvalidToken       = 50027
	codeWrongChannelType   = 50024
	codeInvalidForm        = 50035
	codeAlreadyAcked       = 40060
	codeThreadExists       = 160004
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeErr(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"message": msg, "code": code})
}

// formErr answers 400 Invalid Form Body with the problems listed.
func formErr(w http.ResponseWriter, problems []string) {
	errs := map[string]any{}
	for i, p := range problems {
		errs[fmt.Sprint(i)] = map[string]any{"_errors": []map[string]any{{"code": "BASE_TYPE_INVALID", "message": p}}}
	}
	writeJSON(w, http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": codeInvalidForm, "errors": errs})
}

func (f *Fake) routes() http.Handler {
	mux := http.NewServeMux()
	for _, v := range []string{"9", "10"} {
		p := "/api/v" + v
		mux.HandleFunc("GET "+p+"/gateway", f.auth(false, f.getGateway))
		mux.HandleFunc("GET "+p+"/gateway/bot", f.auth(true, f.getGatewayBot))
		mux.HandleFunc("GET "+p+"/users/@me", f.getMe)
		mux.HandleFunc("POST "+p+"/oauth2/token", f.oauthToken)
		mux.HandleFunc("GET "+p+"/applications/{app}/activity-instances/{instance}", f.auth(true, f.getActivityInstance))
		mux.HandleFunc("GET "+p+"/applications/@me", f.auth(true, f.getApplication))
		mux.HandleFunc("GET "+p+"/oauth2/applications/@me", f.auth(true, f.getApplication))
		mux.HandleFunc("GET "+p+"/users/{id}", f.auth(true, f.getUser))
		mux.HandleFunc("POST "+p+"/users/@me/channels", f.auth(true, f.createDM))
		mux.HandleFunc("POST "+p+"/interactions/{id}/{token}/callback", f.callback)
		mux.HandleFunc("POST "+p+"/webhooks/{app}/{token}", f.followup)
		mux.HandleFunc("GET "+p+"/webhooks/{app}/{token}/messages/{mid}", f.webhookMessage)
		mux.HandleFunc("PATCH "+p+"/webhooks/{app}/{token}/messages/{mid}", f.webhookMessage)
		mux.HandleFunc("DELETE "+p+"/webhooks/{app}/{token}/messages/{mid}", f.webhookMessage)
		mux.HandleFunc("GET "+p+"/channels/{cid}", f.auth(true, f.getChannel))
		mux.HandleFunc("GET "+p+"/channels/{cid}/messages", f.auth(true, f.listMessages))
		mux.HandleFunc("POST "+p+"/channels/{cid}/messages", f.auth(true, f.createMessage))
		mux.HandleFunc("GET "+p+"/channels/{cid}/messages/{mid}", f.auth(true, f.channelMessage))
		mux.HandleFunc("PATCH "+p+"/channels/{cid}/messages/{mid}", f.auth(true, f.channelMessage))
		mux.HandleFunc("DELETE "+p+"/channels/{cid}/messages/{mid}", f.auth(true, f.channelMessage))
		mux.HandleFunc("POST "+p+"/channels/{cid}/threads", f.auth(true, f.createThread))
		mux.HandleFunc("POST "+p+"/channels/{cid}/messages/{mid}/threads", f.auth(true, f.createThread))
		for _, scope := range []string{"/applications/{app}/commands", "/applications/{app}/guilds/{gid}/commands"} {
			mux.HandleFunc("GET "+p+scope, f.auth(true, f.commandsRoute))
			mux.HandleFunc("PUT "+p+scope, f.auth(true, f.commandsRoute))
			mux.HandleFunc("POST "+p+scope, f.auth(true, f.commandsRoute))
			mux.HandleFunc("GET "+p+scope+"/{cmd}", f.auth(true, f.commandRoute))
			mux.HandleFunc("PATCH "+p+scope+"/{cmd}", f.auth(true, f.commandRoute))
			mux.HandleFunc("DELETE "+p+scope+"/{cmd}", f.auth(true, f.commandRoute))
		}
	}
	mux.HandleFunc("GET /cdn/attachments/{cid}/{aid}/{name}", f.cdn)
	mux.HandleFunc("GET /gateway", f.serveGateway)
	mux.HandleFunc("GET /gateway/{$}", f.serveGateway)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern == "" {
			f.mu.Lock()
			f.unknown = append(f.unknown, r.Method+" "+r.URL.Path)
			f.mu.Unlock()
			f.violate("unknown route %s %s", r.Method, r.URL.Path)
			writeErr(w, http.StatusNotFound, 0, "404: Not Found")
			return
		}
		// The OAuth2 token endpoint is not in the spec's paths (only in its
		// security schemes); oauthToken checks its form itself.
		oauth := strings.HasSuffix(r.URL.Path, "/oauth2/token")
		if strings.HasPrefix(r.URL.Path, "/api/") && (f.refuse(w, r) || (!oauth && !f.checkSpec(w, r))) {
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// auth requires a bot token in the Authorization header when required is set.
func (f *Fake) auth(required bool, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a := r.Header.Get("Authorization")
		if required && (!strings.HasPrefix(a, "Bot ") || len(a) < 5) {
			writeErr(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		h(w, r)
	}
}

func (f *Fake) getGateway(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"url": f.GatewayURL()})
}

func (f *Fake) getGatewayBot(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"url": f.GatewayURL(), "shards": f.recommendedShards(),
		"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
	})
}

// getMe answers GET /users/@me: the bot for a bot token, the user an
// OAuth2 access token was granted for (oauth.go) for a Bearer token.
func (f *Fake) getMe(w http.ResponseWriter, r *http.Request) {
	a := r.Header.Get("Authorization")
	if bearer, ok := strings.CutPrefix(a, "Bearer "); ok {
		u, ok := f.bearerUser(bearer)
		if !ok {
			writeErr(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		writeJSON(w, http.StatusOK, wireUser(u))
		return
	}
	if !strings.HasPrefix(a, "Bot ") || len(a) < 5 {
		writeErr(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}
	u := wireUser(f.bot)
	u["verified"] = true
	writeJSON(w, http.StatusOK, u)
}

func (f *Fake) getUser(w http.ResponseWriter, r *http.Request) {
	u, ok := f.User(r.PathValue("id"))
	if !ok {
		writeErr(w, http.StatusNotFound, codeUnknownUser, "Unknown User")
		return
	}
	writeJSON(w, http.StatusOK, wireUser(u))
}

func (f *Fake) createDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		formErr(w, []string{"bad JSON: " + err.Error()})
		return
	}
	f.mu.Lock()
	u, ok := f.users[body.RecipientID]
	if !ok || u.Bot {
		f.mu.Unlock()
		formErr(w, []string{"recipient_id: unknown user"})
		return
	}
	c := f.dmLocked(u.ID)
	wc := wireChannel(c)
	wc["recipients"] = []map[string]any{wireUser(u)}
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, wc)
}

// BlockDMs makes the user refuse direct messages from the bot: sending to
// their DM channel answers 403 "Cannot send messages to this user".
func (f *Fake) BlockDMs(userID string) {
	f.mu.Lock()
	if f.dmBlocked == nil {
		f.dmBlocked = map[string]bool{}
	}
	f.dmBlocked[userID] = true
	f.mu.Unlock()
}

func (f *Fake) getChannel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[r.PathValue("cid")]
	if !ok {
		writeErr(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	wc := wireChannel(*c)
	if c.Type == discordgo.ChannelTypeDM {
		wc["recipients"] = []map[string]any{wireUser(f.users[c.Recipient])}
	}
	writeJSON(w, http.StatusOK, wc)
}

func (f *Fake) listMessages(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cid := r.PathValue("cid")
	if _, ok := f.channels[cid]; !ok {
		writeErr(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	out := []map[string]any{}
	list := f.messages[cid]
	for i := len(list) - 1; i >= 0 && len(out) < 50; i-- {
		if list[i].VisibleTo == "" {
			out = append(out, f.wire(list[i]))
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// reject records a violation and answers 400 Invalid Form Body.
func (f *Fake) reject(w http.ResponseWriter, where string, problems []string) {
	for _, p := range problems {
		f.violate("%s: %s", where, p)
	}
	formErr(w, problems)
}

func (f *Fake) createMessage(w http.ResponseWriter, r *http.Request) {
	cid := r.PathValue("cid")
	where := "message in channel " + cid
	_, p, err := readBody(r, false)
	if err != nil {
		f.reject(w, where, []string{err.Error()})
		return
	}
	if probs := append(validateMessage(p.Content, p.Embeds, p.Components, p.Flags), validatePayload(p)...); len(probs) > 0 {
		f.reject(w, where, probs)
		return
	}
	if isEmpty(p) {
		f.violate("%s: cannot send an empty message", where)
		writeErr(w, http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if perms := f.appPermsLocked(cid); perms&discordgo.PermissionViewChannel == 0 || perms&discordgo.PermissionSendMessages == 0 ||
		(len(p.Files) > 0 && perms&discordgo.PermissionAttachFiles == 0) {
		writeErr(w, http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
		return
	}
	c, ok := f.channels[cid]
	if !ok {
		writeErr(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	if c.Archived {
		if c.Locked {
			writeErr(w, http.StatusBadRequest, CodeArchivedThread, "Thread is locked")
			return
		}
		c.Archived = false // a new message opens an archived thread again
	}
	if c.Type == discordgo.ChannelTypeDM && f.dmBlocked[c.Recipient] {
		writeErr(w, http.StatusForbidden, codeCannotDM, "Cannot send messages to this user")
		return
	}
	m := &Message{ChannelID: cid, Author: f.bot}
	p.Flags &^= discordgo.MessageFlagsEphemeral
	f.applyCreate(m, p)
	f.storeLocked(m)
	writeJSON(w, http.StatusOK, f.wire(m))
}

func (f *Fake) channelMessage(w http.ResponseWriter, r *http.Request) {
	cid, mid := r.PathValue("cid"), r.PathValue("mid")
	var p *payload
	if r.Method == http.MethodPatch {
		var err error
		if _, p, err = readBody(r, false); err != nil {
			f.reject(w, "PATCH message "+mid, []string{err.Error()})
			return
		}
	}
	f.mu.Lock()
	m, ok := f.byID[mid]
	if !ok || m.ChannelID != cid || m.VisibleTo != "" {
		f.mu.Unlock()
		writeErr(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	if f.readOrDeleteLocked(w, r.Method, m) {
		return
	}
	if m.Author.ID != f.bot.ID {
		f.mu.Unlock()
		writeErr(w, http.StatusForbidden, codeOtherAuthor, "Cannot edit a message authored by another user")
		return
	}
	if c, ok := f.channels[cid]; ok && c.Archived {
		f.mu.Unlock()
		writeErr(w, http.StatusBadRequest, CodeArchivedThread, "Thread is archived")
		return
	}
	f.editLocked(w, m, p, "edit of message "+mid)
}

// readOrDeleteLocked answers a GET or DELETE of m and unlocks f.mu. For
// any other method it does nothing and reports false, f.mu still held.
func (f *Fake) readOrDeleteLocked(w http.ResponseWriter, method string, m *Message) bool {
	switch method {
	case http.MethodGet:
		out := f.wire(m)
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, out)
	case http.MethodDelete:
		f.deleteLocked(m)
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	default:
		return false
	}
	return true
}

// editLocked validates and applies an edit, answers with the message and
// unlocks f.mu. It returns a copy of the edited message, or nil when the
// edit was refused.
func (f *Fake) editLocked(w http.ResponseWriter, m *Message, p *payload, where string) *Message {
	next := m.clone()
	f.applyEdit(&next, p)
	if probs := append(validateMessage(next.Content, next.Embeds, next.Components, next.Flags), validatePayload(p)...); len(probs) > 0 {
		f.mu.Unlock()
		f.reject(w, where, probs)
		return nil
	}
	f.applyEdit(m, p)
	out := f.wire(m)
	snap := m.clone()
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
	return &snap
}

// threadNameOK reports whether a thread name has 1 to 100 characters.
func threadNameOK(s string) bool {
	n := utf8.RuneCountInString(s)
	return n >= 1 && n <= 100
}

func (f *Fake) createThread(w http.ResponseWriter, r *http.Request) {
	cid, mid := r.PathValue("cid"), r.PathValue("mid")
	var body discordgo.ThreadStart
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		f.reject(w, "thread creation", []string{"bad JSON: " + err.Error()})
		return
	}
	f.mu.Lock()
	parent, ok := f.channels[cid]
	if !ok {
		f.mu.Unlock()
		writeErr(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews {
		f.mu.Unlock()
		f.violate("thread creation in channel %s of type %d", cid, parent.Type)
		writeErr(w, http.StatusBadRequest, codeWrongChannelType, "Cannot execute action on this channel type")
		return
	}
	if !threadNameOK(body.Name) {
		f.mu.Unlock()
		f.reject(w, "thread creation", []string{fmt.Sprintf("name %q must have 1 to 100 characters", body.Name)})
		return
	}
	if mid == "" && parent.Type == discordgo.ChannelTypeGuildNews && body.Type != discordgo.ChannelTypeGuildNewsThread {
		f.mu.Unlock()
		f.violate("thread of type %d in announcement channel %s (must be %d)", body.Type, cid, discordgo.ChannelTypeGuildNewsThread)
		writeErr(w, http.StatusBadRequest, codeWrongChannelType, "Invalid thread type for an announcement channel")
		return
	}
	th := Channel{GuildID: parent.GuildID, ParentID: parent.ID, Name: body.Name, Type: body.Type, OwnerID: f.bot.ID}
	if mid != "" {
		m, ok := f.byID[mid]
		if !ok || m.ChannelID != cid || m.VisibleTo != "" {
			f.mu.Unlock()
			writeErr(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			return
		}
		for _, c := range f.channels {
			if c.StarterMessageID == mid {
				f.mu.Unlock()
				writeErr(w, http.StatusBadRequest, codeThreadExists, "A thread has already been created for this message")
				return
			}
		}
		th.Type = discordgo.ChannelTypeGuildPublicThread
		th.StarterMessageID = mid
	} else if th.Type == 0 {
		th.Type = discordgo.ChannelTypeGuildPrivateThread // API v9 and v10 default
	}
	th = f.addChannelLocked(th)
	wc := wireChannel(th)
	f.mu.Unlock()
	ev := map[string]any{"newly_created": true}
	for k, v := range wc {
		ev[k] = v
	}
	raw, _ := json.Marshal(ev)
	f.gw.dispatch("THREAD_CREATE", raw)
	writeJSON(w, http.StatusCreated, wc)
}

func (f *Fake) cdn(w http.ResponseWriter, r *http.Request) {
	aid := r.PathValue("aid")
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range f.byID {
		for _, a := range m.Attachments {
			if a.ID == aid {
				w.Header().Set("Content-Type", a.ContentType)
				_, _ = w.Write(a.Data)
				return
			}
		}
	}
	http.NotFound(w, r)
}

// lookupToken finds a live interaction by webhook app id and token and
// writes the error answer when there is none.
func (f *Fake) lookupToken(w http.ResponseWriter, r *http.Request) (*Interaction, bool) {
	app, token := r.PathValue("app"), r.PathValue("token")
	f.mu.Lock()
	in, ok := f.byToken[token]
	f.mu.Unlock()
	if !ok || app != f.appID {
		f.violate("%s %s: unknown webhook (app %s)", r.Method, r.URL.Path, app)
		writeErr(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return nil, false
	}
	if !in.waitHTTPAck() {
		f.violate("interaction %s (%s): follow-up sent but no HTTP acknowledgement came back", in.ID, in.Name)
		writeErr(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return nil, false
	}
	in.mu.Lock()
	expired := time.Since(in.times.Dispatched) > tokenLifetime
	acked := in.cb != nil
	in.mu.Unlock()
	if expired {
		f.violate("interaction %s: token used after 15 minutes", in.ID)
		writeErr(w, http.StatusUnauthorized, codeInvalidToken, "Invalid Webhook Token")
		return nil, false
	}
	if !acked {
		f.violate("interaction %s (%s): webhook used before the interaction was acknowledged", in.ID, in.Name)
		writeErr(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return nil, false
	}
	return in, true
}

func (f *Fake) webhookMessage(w http.ResponseWriter, r *http.Request) {
	var p *payload
	if r.Method == http.MethodPatch {
		var err error
		if _, p, err = readBody(r, false); err != nil {
			f.reject(w, "webhook edit", []string{err.Error()})
			return
		}
	}
	in, ok := f.lookupToken(w, r)
	if !ok {
		return
	}
	mid := r.PathValue("mid")
	in.mu.Lock()
	isOriginal := mid == "@original" || mid == in.original
	if mid == "@original" {
		mid = in.original
	} else {
		found := false
		for _, id := range in.followups {
			found = found || id == mid
		}
		if !found && !isOriginal {
			mid = ""
		}
	}
	cbType := in.cb.Type
	in.mu.Unlock()
	f.mu.Lock()
	m, ok := f.byID[mid]
	if mid == "" || !ok {
		f.mu.Unlock()
		writeErr(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	if f.readOrDeleteLocked(w, r.Method, m) {
		return
	}
	if snap := f.editLocked(w, m, p, fmt.Sprintf("edit of interaction %s (%s) message", in.ID, in.Name)); snap != nil && isOriginal &&
		(cbType == discordgo.InteractionResponseDeferredChannelMessageWithSource || cbType == discordgo.InteractionResponseDeferredMessageUpdate) {
		in.markFinal(time.Now(), snap)
	}
}

func (f *Fake) followup(w http.ResponseWriter, r *http.Request) {
	_, p, err := readBody(r, false)
	if err != nil {
		f.reject(w, "follow-up", []string{err.Error()})
		return
	}
	in, ok := f.lookupToken(w, r)
	if !ok {
		return
	}
	where := fmt.Sprintf("follow-up of interaction %s (%s)", in.ID, in.Name)
	if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
		f.violate("%s: autocomplete interactions have no follow-ups", where)
		writeErr(w, http.StatusBadRequest, codeUnknownWebhook, "Unknown Webhook")
		return
	}
	if probs := append(validateMessage(p.Content, p.Embeds, p.Components, p.Flags), validatePayload(p)...); len(probs) > 0 {
		f.reject(w, where, probs)
		return
	}
	if isEmpty(p) {
		f.violate("%s: cannot send an empty message", where)
		writeErr(w, http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
		return
	}
	in.mu.Lock()
	orig := in.original
	deferred := in.cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
	deferredUpdate := in.cb.Type == discordgo.InteractionResponseDeferredMessageUpdate
	in.mu.Unlock()
	f.mu.Lock()
	var m *Message
	if om, ok := f.byID[orig]; ok && deferred && om.Loading() {
		// The first follow-up after a deferred response replaces the
		// "thinking" message, which keeps its ephemeral state.
		p.present["content"], p.present["embeds"], p.present["components"] = true, true, true
		f.applyEdit(om, p)
		m = om
		in.markFinal(time.Now(), m)
	} else {
		m = &Message{ChannelID: in.ChannelID, Author: f.bot, InteractionID: in.ID}
		if p.Flags&discordgo.MessageFlagsEphemeral != 0 {
			m.VisibleTo = in.User.ID
		}
		f.applyCreate(m, p)
		f.storeLocked(m)
		in.mu.Lock()
		in.followups = append(in.followups, m.ID)
		in.mu.Unlock()
		if deferred || deferredUpdate {
			// A deferred response answered by a new message (after a
			// deferred update, or once the placeholder was deleted): that
			// message is the final response.
			in.markFinal(time.Now(), m)
		}
	}
	out := f.wire(m)
	f.mu.Unlock()
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) callback(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	id, token := r.PathValue("id"), r.PathValue("token")
	f.mu.Lock()
	in, ok := f.inters[id]
	window := f.ackWindow
	f.mu.Unlock()
	if !ok || in.Token != token {
		f.violate("callback for unknown interaction %s", id)
		writeErr(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return
	}
	typ, p, err := readBody(r, true)
	if err != nil {
		f.reject(w, "callback of interaction "+id, []string{err.Error()})
		return
	}
	where := fmt.Sprintf("callback of interaction %s (%s)", in.ID, in.Name)
	in.mu.Lock()
	if in.cb != nil {
		in.mu.Unlock()
		f.violate("%s: already acknowledged (second callback, type %d)", where, typ)
		writeErr(w, http.StatusBadRequest, codeAlreadyAcked, "Interaction has already been acknowledged.")
		return
	}
	late := now.Sub(in.times.Dispatched)
	if late > window {
		if in.err == nil {
			in.err = fmt.Errorf("discordtest: interaction %s (%s) acknowledged after %v, beyond the %v window", in.ID, in.Name, late, window)
			close(in.acked)
		}
		in.mu.Unlock()
		f.violate("%s: acknowledged after %v, beyond the %v window", where, late.Round(time.Millisecond), window)
		writeErr(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return
	}
	in.mu.Unlock()

	rt := discordgo.InteractionResponseType(typ)
	problems := f.checkCallbackType(in, rt)
	var choices []*discordgo.ApplicationCommandOptionChoice
	var modal struct {
		CustomID   string      `json:"custom_id"`
		Title      string      `json:"title"`
		Components []Component `json:"components"`
	}
	switch rt {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		if rt == discordgo.InteractionResponseChannelMessageWithSource && isEmpty(p) {
			problems = append(problems, "cannot send an empty message")
		}
		problems = append(problems, validateMessage(p.Content, p.Embeds, p.Components, p.Flags)...)
		problems = append(problems, validatePayload(p)...)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		var d struct {
			Choices *[]*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		}
		_ = json.Unmarshal(p.raw, &d)
		if d.Choices == nil {
			problems = append(problems, "an autocomplete result needs a choices array (empty when nothing matches)")
		} else {
			choices = *d.Choices
		}
		if len(choices) > MaxChoices {
			problems = append(problems, fmt.Sprintf("%d autocomplete choices, the limit is %d", len(choices), MaxChoices))
		}
		for _, c := range choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				problems = append(problems, fmt.Sprintf("choice name %q must have 1 to 100 characters", c.Name))
			}
			if s, ok := c.Value.(string); ok && utf8.RuneCountInString(s) > 100 {
				problems = append(problems, fmt.Sprintf("choice value %q exceeds 100 characters", s))
			}
		}
	case discordgo.InteractionResponseModal:
		_ = json.Unmarshal(p.raw, &modal)
		problems = append(problems, validateModal(modal.CustomID, modal.Title, modal.Components)...)
	}
	if len(problems) > 0 {
		f.reject(w, where, problems)
		return
	}

	cb := &Callback{Type: rt, At: now, Choices: choices, ModalCustomID: modal.CustomID, ModalTitle: modal.Title, ModalComponents: modal.Components}
	final := false
	f.mu.Lock()
	switch rt {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := &Message{ChannelID: in.ChannelID, Author: f.bot, InteractionID: in.ID}
		if p.Flags&discordgo.MessageFlagsEphemeral != 0 {
			m.VisibleTo = in.User.ID
		}
		if rt == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			m.Flags = discordgo.MessageFlagsLoading | (p.Flags & discordgo.MessageFlagsEphemeral)
		} else {
			f.applyCreate(m, p)
			final = true
		}
		f.storeLocked(m)
		cb.MessageID = m.ID
	case discordgo.InteractionResponseUpdateMessage:
		if m, ok := f.byID[in.MessageID]; ok {
			f.applyEdit(m, p)
			cb.MessageID = m.ID
		}
		final = true
	case discordgo.InteractionResponseDeferredMessageUpdate:
		cb.MessageID = in.MessageID
	case launchActivity:
		cb.ActivityInstance = f.startActivityLocked(in)
		final = true
	default:
		final = true
	}
	var snap *Message // the response as this callback left it
	if m, ok := f.byID[cb.MessageID]; ok && final {
		c := m.clone()
		snap = &c
	}
	f.mu.Unlock()
	in.mu.Lock()
	in.cb = cb
	in.times.Acked = now
	in.original = cb.MessageID
	close(in.acked)
	in.mu.Unlock()
	if final {
		in.markFinal(now, snap)
	}
	w.WriteHeader(http.StatusNoContent)
}

// checkCallbackType reports callback types Discord refuses for the
// interaction's type.
func (f *Fake) checkCallbackType(in *Interaction, rt discordgo.InteractionResponseType) []string {
	switch rt {
	case discordgo.InteractionResponsePong:
		return []string{"PONG (1) answers only PING interactions, which never arrive through the gateway"}
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseModal:
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			return []string{fmt.Sprintf("callback type %d is not allowed for autocomplete", rt)}
		}
		if rt == discordgo.InteractionResponseModal && in.Type == discordgo.InteractionModalSubmit {
			return []string{"a modal cannot answer a modal submit"}
		}
	case discordgo.InteractionResponseUpdateMessage, discordgo.InteractionResponseDeferredMessageUpdate:
		if in.MessageID == "" || (in.Type != discordgo.InteractionMessageComponent && in.Type != discordgo.InteractionModalSubmit) {
			return []string{fmt.Sprintf("callback type %d needs a component interaction", rt)}
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if in.Type != discordgo.InteractionApplicationCommandAutocomplete {
			return []string{"autocomplete result (8) for a non-autocomplete interaction"}
		}
	case launchActivity:
		if in.Type != discordgo.InteractionApplicationCommand && in.Type != discordgo.InteractionMessageComponent {
			return []string{fmt.Sprintf("LAUNCH_ACTIVITY (12) answers only commands and components, not interaction type %d", in.Type)}
		}
	default:
		return []string{fmt.Sprintf("unknown callback type %d", rt)}
	}
	return nil
}

func validateModal(customID, title string, rows []Component) []string {
	var v []string
	if n := utf8.RuneCountInString(customID); n < 1 || n > MaxCustomID {
		v = append(v, fmt.Sprintf("modal custom_id %q must have 1 to %d characters", customID, MaxCustomID))
	}
	if n := utf8.RuneCountInString(title); n < 1 || n > maxModalTitle {
		v = append(v, fmt.Sprintf("modal title %q must have 1 to %d characters", title, maxModalTitle))
	}
	if len(rows) < 1 || len(rows) > MaxRows {
		v = append(v, fmt.Sprintf("modal has %d rows, it needs 1 to %d", len(rows), MaxRows))
	}
	return append(v, validateComponents(rows, false, true)...)
}

var commandNameRE = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// validateCommand checks an application command against Discord's rules.
func validateCommand(c *discordgo.ApplicationCommand) []string {
	var v []string
	chat := c.Type == 0 || c.Type == discordgo.ChatApplicationCommand
	if chat {
		if !commandNameRE.MatchString(c.Name) {
			v = append(v, fmt.Sprintf("command name %q must be 1 to 32 lower-case letters, digits, - or _", c.Name))
		}
		if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
			v = append(v, fmt.Sprintf("command %q description must have 1 to 100 characters", c.Name))
		}
	} else if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 {
		v = append(v, fmt.Sprintf("command name %q must have 1 to 32 characters", c.Name))
	}
	if n := commandChars(c); n > maxCommandChars {
		v = append(v, fmt.Sprintf("command %q has %d characters of names, descriptions and values, the limit is %d", c.Name, n, maxCommandChars))
	}
	return append(v, validateOptions(c.Name, c.Options, 0)...)
}

// commandChars counts a command's characters as Discord does for its 8000
// limit: the names, descriptions and choice values of the command, its
// options (sub commands included) and choices, each counted at its longest
// localization.
func commandChars(c *discordgo.ApplicationCommand) int {
	var names, descs map[discordgo.Locale]string
	if c.NameLocalizations != nil {
		names = *c.NameLocalizations
	}
	if c.DescriptionLocalizations != nil {
		descs = *c.DescriptionLocalizations
	}
	n := longest(c.Name, names) + longest(c.Description, descs)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				n += longest(ch.Name, ch.NameLocalizations) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}

// longest returns the length in characters of s or of its longest
// localization.
func longest(s string, loc map[discordgo.Locale]string) int {
	n := utf8.RuneCountInString(s)
	for _, l := range loc {
		n = max(n, utf8.RuneCountInString(l))
	}
	return n
}

func validateOptions(where string, opts []*discordgo.ApplicationCommandOption, depth int) []string {
	var v []string
	if len(opts) > maxCommandOptions {
		v = append(v, fmt.Sprintf("%s: %d options, the limit is %d", where, len(opts), maxCommandOptions))
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optional := false
	for _, o := range opts {
		at := where + " " + o.Name
		if !commandNameRE.MatchString(o.Name) {
			v = append(v, fmt.Sprintf("%s: option name %q must be 1 to 32 lower-case letters, digits, - or _", where, o.Name))
		}
		if names[o.Name] {
			v = append(v, fmt.Sprintf("%s: option name %q is duplicated", where, o.Name))
		}
		names[o.Name] = true
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			v = append(v, fmt.Sprintf("%s: description must have 1 to 100 characters", at))
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if depth >= 2 || (o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && depth >= 1) {
				v = append(v, at+": sub commands nested too deeply")
			}
			v = append(v, validateOptions(at, o.Options, depth+1)...)
		default:
			plain++
			if o.Required && optional {
				v = append(v, at+": required options must come before optional ones")
			}
			if !o.Required {
				optional = true
			}
			if len(o.Choices) > MaxChoices {
				v = append(v, fmt.Sprintf("%s: %d choices, the limit is %d", at, len(o.Choices), MaxChoices))
			}
			if len(o.Choices) > 0 && o.Autocomplete {
				v = append(v, at+": autocomplete and choices are exclusive")
			}
		}
	}
	if subs > 0 && plain > 0 {
		v = append(v, where+": sub commands cannot be mixed with other options")
	}
	return v
}

func (f *Fake) commandsRoute(w http.ResponseWriter, r *http.Request) {
	gid := r.PathValue("gid")
	if r.PathValue("app") != f.appID {
		writeErr(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, f.Commands(gid))
	case http.MethodPut:
		var cmds []*discordgo.ApplicationCommand
		if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
			f.reject(w, "command bulk overwrite", []string{"bad JSON: " + err.Error()})
			return
		}
		var probs []string
		seen := map[string]bool{}
		for _, c := range cmds {
			probs = append(probs, validateCommand(c)...)
			key := fmt.Sprint(c.Type, "/", c.Name)
			if seen[key] {
				probs = append(probs, fmt.Sprintf("command %q is duplicated", c.Name))
			}
			seen[key] = true
		}
		if len(cmds) > 100 {
			probs = append(probs, fmt.Sprintf("%d commands, the limit is 100", len(cmds)))
		}
		if len(probs) > 0 {
			f.reject(w, "command bulk overwrite", probs)
			return
		}
		f.mu.Lock()
		old := f.commands[gid]
		out := make([]*discordgo.ApplicationCommand, 0, len(cmds))
		for _, c := range cmds {
			out = append(out, f.register(c, gid, old))
		}
		f.commands[gid] = out
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, out)
	default:
		var c discordgo.ApplicationCommand
		if err := json.NewDecoder(r.Body).Decode(&c); err != nil {
			f.reject(w, "command creation", []string{"bad JSON: " + err.Error()})
			return
		}
		if probs := validateCommand(&c); len(probs) > 0 {
			f.reject(w, "command creation", probs)
			return
		}
		f.mu.Lock()
		list := f.commands[gid]
		nc := f.register(&c, gid, list)
		status := http.StatusCreated
		replaced := false
		for i, x := range list {
			if x.ID == nc.ID {
				list[i] = nc
				replaced = true
				status = http.StatusOK
			}
		}
		if !replaced {
			list = append(list, nc)
		}
		f.commands[gid] = list
		f.mu.Unlock()
		writeJSON(w, status, nc)
	}
}

// register copies a command, keeping the id of an existing command with the
// same name and type, as Discord does.
func (f *Fake) register(c *discordgo.ApplicationCommand, gid string, old []*discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	nc := *c
	if nc.Type == 0 {
		nc.Type = discordgo.ChatApplicationCommand
	}
	nc.ID = ""
	for _, o := range old {
		if o.Name == nc.Name && o.Type == nc.Type {
			nc.ID = o.ID
		}
	}
	if nc.ID == "" {
		nc.ID = f.newID()
	}
	nc.ApplicationID = f.appID
	nc.GuildID = gid
	nc.Version = f.newID()
	return &nc
}

func (f *Fake) commandRoute(w http.ResponseWriter, r *http.Request) {
	gid, id := r.PathValue("gid"), r.PathValue("cmd")
	f.mu.Lock()
	list := f.commands[gid]
	idx := -1
	for i, c := range list {
		if c.ID == id {
			idx = i
		}
	}
	if idx < 0 {
		f.mu.Unlock()
		writeErr(w, http.StatusNotFound, codeUnknownCommand, "Unknown application command")
		return
	}
	switch r.Method {
	case http.MethodGet:
		c := *list[idx]
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, &c)
	case http.MethodDelete:
		f.commands[gid] = append(list[:idx:idx], list[idx+1:]...)
		f.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	default:
		body, _ := io.ReadAll(r.Body)
		c := *list[idx]
		if err := json.Unmarshal(body, &c); err != nil {
			f.mu.Unlock()
			f.reject(w, "command edit", []string{"bad JSON: " + err.Error()})
			return
		}
		if probs := validateCommand(&c); len(probs) > 0 {
			f.mu.Unlock()
			f.reject(w, "command edit", probs)
			return
		}
		c.ID, c.ApplicationID, c.GuildID, c.Version = id, f.appID, gid, f.newID()
		list[idx] = &c
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, &c)
	}
}

// getApplication answers the bot's own application: its id (not the bot
// user's) and its bot user.
func (f *Fake) getApplication(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"id": f.appID, "name": f.bot.Name,
		"bot": map[string]any{"id": f.bot.ID, "username": f.bot.Name, "bot": true}})
}
