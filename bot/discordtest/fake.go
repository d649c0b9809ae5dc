package discordtest

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// discordEpoch is the first millisecond of 2015, the epoch of Discord snowflakes.
const discordEpoch = 1420070400000

// DefaultAckWindow is Discord's interaction acknowledgement window.
const DefaultAckWindow = 3 * time.Second

// tokenLifetime is how long an interaction token may be used for follow-ups and edits.
const tokenLifetime = 15 * time.Minute

// User is a Discord user known to the fake.
type User struct {
	ID   string
	Name string
	Bot  bool
}

// Mention returns the user's mention markup, "<@id>".
func (u User) Mention() string { return "<@" + u.ID + ">" }

// Guild is a Discord server known to the fake.
type Guild struct {
	ID   string
	Name string
}

// Channel is a text channel, a thread or a DM channel known to the fake.
type Channel struct {
	ID       string
	GuildID  string // empty for DM channels
	ParentID string // the parent channel of a thread, else empty
	Name     string
	Type     discordgo.ChannelType
	// Recipient is the user at the other end of a DM channel.
	Recipient string
	// StarterMessageID is the message a thread was started from, if any.
	StarterMessageID string
	// OwnerID is the user who created a thread, when the fake knows it.
	OwnerID string
	// Archived threads take no edits (50083); a message posted in one
	// opens it again, unless it is Locked too.
	Archived, Locked bool
}

// IsThread reports whether the channel is a thread.
func (c Channel) IsThread() bool {
	return c.Type == discordgo.ChannelTypeGuildPublicThread ||
		c.Type == discordgo.ChannelTypeGuildPrivateThread ||
		c.Type == discordgo.ChannelTypeGuildNewsThread
}

// Fake is an in-process imitation of Discord's REST API and gateway. All of
// its methods are safe for concurrent use.
type Fake struct {
	tb     testing.TB
	server *httptest.Server
	host   string // 127.0.0.1:port

	mu         sync.Mutex
	lastID     uint64
	bot        User
	guild      Guild
	guilds     []Guild
	users      map[string]User
	perms      map[string]int64 // user id -> guild permissions
	channels   map[string]*Channel
	chanOrder  []string
	messages   map[string][]*Message // channel id -> messages in order
	byID       map[string]*Message
	inters     map[string]*Interaction // by id
	byToken    map[string]*Interaction
	commands   map[string][]*discordgo.ApplicationCommand // guild id ("" = global) -> commands
	violations []string
	unknown    []string
	tolerate   bool
	ackWindow  time.Duration
	heartbeat  time.Duration
	sessions   []*discordgo.Session
	dmBlocked  map[string]bool
	refusals   []*refusal
	appID      string
	appPerms   map[string]int64   // channel id -> the bot's permissions there
	shards     int                // the shard count GET /gateway/bot recommends
	httpURL    string             // interactions go to this HTTP endpoint when set
	httpKey    ed25519.PrivateKey // and are signed with this key

	oauth oauthState // client secret, authorization codes, access tokens (oauth.go)

	validated atomic.Int64 // request bodies checked against the OpenAPI spec

	gw gateway
}

// New starts a fake Discord on a loopback port with one guild ("Test
// Guild"), one text channel ("general") and a bot user. The fake is closed
// through tb.Cleanup; any violations recorded by then fail the test unless
// TolerateViolations was called.
func New(tb testing.TB) *Fake {
	tb.Helper()
	f := &Fake{
		tb:        tb,
		users:     map[string]User{},
		perms:     map[string]int64{},
		channels:  map[string]*Channel{},
		messages:  map[string][]*Message{},
		byID:      map[string]*Message{},
		inters:    map[string]*Interaction{},
		byToken:   map[string]*Interaction{},
		commands:  map[string][]*discordgo.ApplicationCommand{},
		ackWindow: DefaultAckWindow,
		heartbeat: 41250 * time.Millisecond,
	}
	f.gw.init()
	f.bot = User{ID: f.newID(), Name: "Spindle", Bot: true}
	// As on Discord for applications made after 2020, the application id
	// differs from its bot user's id here, so code that mixes them fails.
	f.appID = f.newID()
	f.users[f.bot.ID] = f.bot
	f.guild = Guild{ID: f.newID(), Name: "Test Guild"}
	f.guilds = []Guild{f.guild}
	f.addChannelLocked(Channel{GuildID: f.guild.ID, Name: "general", Type: discordgo.ChannelTypeGuildText})

	f.server = httptest.NewUnstartedServer(f.routes())
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("discordtest: listen: %v", err)
	}
	f.server.Listener = l
	f.server.Start()
	f.host = l.Addr().String()
	tb.Cleanup(f.Close)
	return f
}

// Close closes the sessions made by Session, the gateway connections and the
// server, then reports recorded violations through the testing.TB unless
// TolerateViolations was called. It is registered with tb.Cleanup by New and
// is safe to call more than once.
func (f *Fake) Close() {
	f.mu.Lock()
	sessions := f.sessions
	f.sessions = nil
	f.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.Close()
		}()
	}
	wg.Wait()
	f.gw.closeAll()
	if f.server != nil {
		f.server.Close()
	}
	f.mu.Lock()
	v := f.violations
	tolerate := f.tolerate
	f.violations = nil
	f.mu.Unlock()
	if !tolerate {
		for _, s := range v {
			f.tb.Errorf("discordtest: violation: %s", s)
		}
	}
}

// URL returns the base URL of the fake's HTTP server, for example
// "http://127.0.0.1:41234".
func (f *Fake) URL() string { return f.server.URL }

// GatewayURL returns the websocket URL of the fake gateway.
func (f *Fake) GatewayURL() string { return "ws://" + f.host + "/gateway" }

// Transport returns an http.RoundTripper that sends every request for
// discord.com, discordapp.com, cdn.discordapp.com and the fake's own address
// to the fake. Requests for any other host fail.
func (f *Fake) Transport() http.RoundTripper { return &rewriter{f: f, base: http.DefaultTransport} }

// HTTPClient returns an http.Client using Transport.
func (f *Fake) HTTPClient() *http.Client {
	return &http.Client{Transport: f.Transport(), Timeout: 20 * time.Second}
}

// Session returns a real discordgo session wired to the fake: its HTTP client
// rewrites Discord hosts to the fake, so Session.Open discovers the fake
// gateway through GET /gateway, and its websocket dialer is a private copy.
// discordgo's package-level endpoint variables are left untouched. The
// session is not opened; it is closed when the fake closes.
func (f *Fake) Session(token string) (*discordgo.Session, error) {
	if token == "" {
		return nil, fmt.Errorf("discordtest: empty token")
	}
	if !strings.HasPrefix(token, "Bot ") {
		token = "Bot " + token
	}
	s, err := discordgo.New(token)
	if err != nil {
		return nil, fmt.Errorf("discordtest: new session: %w", err)
	}
	s.Client = f.HTTPClient()
	d := *websocket.DefaultDialer
	d.HandshakeTimeout = 10 * time.Second
	d.Proxy = nil
	s.Dialer = &d
	s.LogLevel = discordgo.LogError
	f.mu.Lock()
	f.sessions = append(f.sessions, s)
	f.mu.Unlock()
	return s, nil
}

// rewriter is the http.RoundTripper that points Discord hosts at the fake.
type rewriter struct {
	f    *Fake
	base http.RoundTripper
}

func (rw *rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	u := *r.URL
	switch strings.ToLower(u.Hostname()) {
	case "discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com":
	case "cdn.discordapp.com", "media.discordapp.net":
		u.Path = "/cdn" + u.Path
		u.RawPath = ""
	case "127.0.0.1", "localhost":
		if u.Host != rw.f.host {
			return nil, fmt.Errorf("discordtest: request for foreign host %s", u.Host)
		}
	default:
		return nil, fmt.Errorf("discordtest: request for foreign host %s", u.Host)
	}
	u.Scheme = "http"
	u.Host = rw.f.host
	r2 := r.Clone(r.Context())
	r2.URL = &u
	r2.Host = u.Host
	return rw.base.RoundTrip(r2)
}

// newID returns a fresh snowflake; the caller need not hold f.mu, but
// concurrent callers are serialised by idMu.
func (f *Fake) newID() string {
	idMu.Lock()
	defer idMu.Unlock()
	ts := uint64(time.Now().UnixMilli()-discordEpoch) << 22
	if ts <= f.lastID {
		ts = f.lastID + 1
	}
	f.lastID = ts
	return strconv.FormatUint(ts, 10)
}

var idMu sync.Mutex

// TolerateViolations stops Close from failing the test over recorded
// violations; tests that provoke violations on purpose call it and inspect
// Violations themselves.
func (f *Fake) TolerateViolations() {
	f.mu.Lock()
	f.tolerate = true
	f.mu.Unlock()
}

// Violations returns every breach of Discord's rules recorded so far: limits
// on content and components, late or repeated acknowledgements, misuse of
// interaction tokens and requests for unknown routes.
func (f *Fake) Violations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.violations...)
}

// ResetViolations forgets the violations recorded so far.
func (f *Fake) ResetViolations() {
	f.mu.Lock()
	f.violations = nil
	f.mu.Unlock()
}

// UnknownRoutes returns "METHOD path" for every request no route matched.
func (f *Fake) UnknownRoutes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.unknown...)
}

func (f *Fake) violate(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	f.mu.Lock()
	f.violations = append(f.violations, msg)
	f.mu.Unlock()
}

// SetAckWindow changes the acknowledgement window (3 s by default), so tests
// can provoke a late acknowledgement quickly.
func (f *Fake) SetAckWindow(d time.Duration) {
	f.mu.Lock()
	f.ackWindow = d
	f.mu.Unlock()
}

// SetHeartbeatInterval changes the heartbeat interval announced in HELLO for
// connections made afterwards.
func (f *Fake) SetHeartbeatInterval(d time.Duration) {
	f.mu.Lock()
	f.heartbeat = d
	f.mu.Unlock()
}

// Bot returns the bot user; its id is also the application id.
func (f *Fake) Bot() User { return f.bot }

// AppID returns the application id, equal to the bot user's id.
func (f *Fake) AppID() string { return f.appID }

// Guild returns the default guild.
func (f *Fake) Guild() Guild { return f.guild }

// AddGuild adds another guild.
func (f *Fake) AddGuild(name string) Guild {
	g := Guild{ID: f.newID(), Name: name}
	f.mu.Lock()
	f.guilds = append(f.guilds, g)
	f.mu.Unlock()
	return g
}

// AddUser adds a human user who is a member of every guild.
func (f *Fake) AddUser(name string) User {
	u := User{ID: f.newID(), Name: name}
	f.mu.Lock()
	f.users[u.ID] = u
	f.perms[u.ID] = defaultPermissions
	f.mu.Unlock()
	return u
}

// User returns the user with the given id.
func (f *Fake) User(id string) (User, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[id]
	return u, ok
}

// defaultPermissions are those of an ordinary member: view channel, send
// messages, embed links, attach files, read history, use application
// commands, send messages in threads and create public threads.
const defaultPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionUseApplicationCommands |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads

// SetPermissions sets a user's guild permissions as sent in interactions'
// member.permissions, for example discordgo.PermissionManageServer.
func (f *Fake) SetPermissions(userID string, perms int64) {
	f.mu.Lock()
	f.perms[userID] = perms
	f.mu.Unlock()
}

// AddChannel adds a text channel to a guild ("" means the default guild).
func (f *Fake) AddChannel(guildID, name string) Channel {
	if guildID == "" {
		guildID = f.guild.ID
	}
	f.mu.Lock()
	c := f.addChannelLocked(Channel{GuildID: guildID, Name: name, Type: discordgo.ChannelTypeGuildText})
	f.mu.Unlock()
	return c
}

// DefaultChannel returns the default guild's "general" channel.
func (f *Fake) DefaultChannel() Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *f.channels[f.chanOrder[0]]
}

// DMChannel returns the DM channel between the bot and the user, creating it
// if needed, as POST /users/@me/channels does.
func (f *Fake) DMChannel(userID string) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dmLocked(userID)
}

func (f *Fake) dmLocked(userID string) Channel {
	for _, id := range f.chanOrder {
		if c := f.channels[id]; c.Type == discordgo.ChannelTypeDM && c.Recipient == userID {
			return *c
		}
	}
	return f.addChannelLocked(Channel{Type: discordgo.ChannelTypeDM, Recipient: userID})
}

func (f *Fake) addChannelLocked(c Channel) Channel {
	c.ID = f.newID()
	f.channels[c.ID] = &c
	f.chanOrder = append(f.chanOrder, c.ID)
	return c
}

// Channel returns the channel with the given id.
func (f *Fake) Channel(id string) (Channel, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// Channels returns every channel, threads and DMs included, in creation order.
func (f *Fake) Channels() []Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Channel, 0, len(f.chanOrder))
	for _, id := range f.chanOrder {
		out = append(out, *f.channels[id])
	}
	return out
}

// Threads returns the threads whose parent is the given channel.
func (f *Fake) Threads(parentID string) []Channel {
	var out []Channel
	for _, c := range f.Channels() {
		if c.IsThread() && c.ParentID == parentID {
			out = append(out, c)
		}
	}
	return out
}

// Messages returns the messages of a channel that everyone can see (that is,
// not ephemeral), oldest first.
func (f *Fake) Messages(channelID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.messages[channelID] {
		if m.VisibleTo == "" {
			out = append(out, m.clone())
		}
	}
	return out
}

// Last returns the newest channel-visible message of a channel.
func (f *Fake) Last(channelID string) (Message, bool) {
	ms := f.Messages(channelID)
	if len(ms) == 0 {
		return Message{}, false
	}
	return ms[len(ms)-1], true
}

// Ephemeral returns the ephemeral messages only the given user can see, in
// every channel, oldest first.
func (f *Fake) Ephemeral(userID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.allLocked() {
		if m.VisibleTo == userID {
			out = append(out, m.clone())
		}
	}
	return out
}

// LastEphemeral returns the newest ephemeral message the user can see.
func (f *Fake) LastEphemeral(userID string) (Message, bool) {
	ms := f.Ephemeral(userID)
	if len(ms) == 0 {
		return Message{}, false
	}
	return ms[len(ms)-1], true
}

// Message returns any message by id, ephemeral ones included.
func (f *Fake) Message(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.byID[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// Notifications returns the messages that pinged the user: non-ephemeral
// messages whose content mentioned the user when they were created (edits do
// not notify on Discord).
func (f *Fake) Notifications(userID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.allLocked() {
		for _, id := range m.Notified {
			if id == userID {
				out = append(out, m.clone())
				break
			}
		}
	}
	return out
}

func (f *Fake) allLocked() []*Message {
	var all []*Message
	for _, id := range f.chanOrder {
		all = append(all, f.messages[id]...)
	}
	sort.SliceStable(all, func(i, j int) bool { return idLess(all[i].ID, all[j].ID) })
	return all
}

func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// Post creates a message from a user (a human, not the bot) in a channel,
// as if typed in the Discord client.
func (f *Fake) Post(user User, channelID, content string) Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := &Message{ChannelID: channelID, Author: user, Content: content}
	f.storeLocked(m)
	return m.clone()
}

// Commands returns the application commands registered for a guild, or the
// global ones when guildID is empty.
func (f *Fake) Commands(guildID string) []*discordgo.ApplicationCommand {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*discordgo.ApplicationCommand, 0, len(f.commands[guildID]))
	for _, c := range f.commands[guildID] {
		cp := *c
		out = append(out, &cp)
	}
	return out
}

// Interaction returns a dispatched interaction by id.
func (f *Fake) Interaction(id string) (*Interaction, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.inters[id]
	return in, ok
}

// WaitFor polls cond every 10 ms until it returns true or ctx ends.
func WaitFor(ctx context.Context, cond func() bool) error {
	t := time.NewTicker(10 * time.Millisecond)
	defer t.Stop()
	for !cond() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("discordtest: condition not met: %w", ctx.Err())
		case <-t.C:
		}
	}
	return nil
}

// cdnURL returns the attachment URL Discord would serve.
func (f *Fake) cdnURL(channelID, id, name string) string {
	return "https://cdn.discordapp.com/attachments/" + channelID + "/" + id + "/" + url.PathEscape(name)
}
