package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord's refusal codes the fake can give (beyond those its routes give
// on their own).
const (
	CodeMissingAccess      = 50001
	CodeMissingPermissions = 50013
	CodeUnknownChannel     = codeUnknownChannel
	CodeCannotDM           = codeCannotDM
	CodeArchivedThread     = 50083
)

// Refusal makes the fake say no to matching REST requests, as Discord
// does: a missing permission in one channel, a deleted channel, a rate
// limit, an outage. A request matches when its method is Method (any when
// empty) and its path contains Path (any when empty). Times bounds how
// many requests are refused (0: every one until ClearRefusals).
type Refusal struct {
	Method string
	Path   string
	// Status is the HTTP status: 403, 404, 429, 500, 502, 503 ...
	Status int
	// Code and Message are Discord's JSON error body (429 has its own).
	Code    int
	Message string
	// RetryAfter (seconds) and Global shape a 429.
	RetryAfter float64
	Global     bool
	Times      int
}

// refusal is a Refusal with its remaining count and what it refused.
type refusal struct {
	Refusal
	left    int // < 0: unbounded
	refused int
}

// Refuse adds a refusal rule; rules are tried in the order added. It
// returns a function reporting how many requests the rule refused.
func (f *Fake) Refuse(r Refusal) func() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	rr := &refusal{Refusal: r, left: r.Times}
	if r.Times == 0 {
		rr.left = -1
	}
	f.refusals = append(f.refusals, rr)
	return func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		return rr.refused
	}
}

// ClearRefusals lets every request through again.
func (f *Fake) ClearRefusals() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refusals = nil
}

// refuse answers r with the first matching refusal, if any, and reports
// whether it did.
func (f *Fake) refuse(w http.ResponseWriter, r *http.Request) bool {
	f.mu.Lock()
	var hit *refusal
	for _, rr := range f.refusals {
		if rr.left == 0 || (rr.Method != "" && rr.Method != r.Method) || (rr.Path != "" && !strings.Contains(r.URL.Path, rr.Path)) {
			continue
		}
		if rr.left > 0 {
			rr.left--
		}
		rr.refused++
		hit = rr
		break
	}
	f.mu.Unlock()
	if hit == nil {
		return false
	}
	if hit.Status == http.StatusTooManyRequests {
		after := strconv.FormatFloat(hit.RetryAfter, 'f', 3, 64)
		w.Header().Set("Retry-After", after)
		w.Header().Set("X-RateLimit-Reset-After", after)
		w.Header().Set("X-RateLimit-Remaining", "0")
		if hit.Global {
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
		}
		writeJSON(w, hit.Status, map[string]any{"message": "You are being rate limited.", "retry_after": hit.RetryAfter, "global": hit.Global})
		return true
	}
	msg := hit.Message
	if msg == "" {
		msg = fmt.Sprintf("%d: %s", hit.Status, http.StatusText(hit.Status))
	}
	writeErr(w, hit.Status, hit.Code, msg)
	return true
}

// DefaultAppPermissions are the bot's permissions in a channel unless
// SetAppPermissions says otherwise: everything it needs.
const DefaultAppPermissions int64 = 2248473465835073

// SetAppPermissions sets the bot's permissions in one channel: they go in
// every interaction's app_permissions there, and the channel refuses the
// bot's messages (403, 50013) without View Channel and Send Messages, or
// files without Attach Files, as Discord does.
func (f *Fake) SetAppPermissions(channelID string, perms int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.appPerms == nil {
		f.appPerms = map[string]int64{}
	}
	f.appPerms[channelID] = perms
}

// appPermsLocked is the bot's permissions in channel id.
func (f *Fake) appPermsLocked(id string) int64 {
	if p, ok := f.appPerms[id]; ok {
		return p
	}
	return DefaultAppPermissions
}

// DeleteChannel deletes a channel or thread, as a moderator would: the
// gateway tells the bot (CHANNEL_DELETE, or THREAD_DELETE for a thread),
// and from then on the REST API answers 10003 Unknown Channel for it.
func (f *Fake) DeleteChannel(id string) {
	f.mu.Lock()
	c, ok := f.channels[id]
	if !ok {
		f.mu.Unlock()
		return
	}
	gone := *c
	delete(f.channels, id)
	f.chanOrder = slices.DeleteFunc(f.chanOrder, func(s string) bool { return s == id })
	f.mu.Unlock()
	event := "CHANNEL_DELETE"
	if gone.IsThread() {
		event = "THREAD_DELETE"
	}
	raw, _ := json.Marshal(wireChannel(gone))
	f.gw.dispatch(event, raw)
}

// AddChannelOfType adds a channel of any type to a guild (the default one
// when guildID is empty) and tells the bot through CHANNEL_CREATE: an
// announcement channel (GuildNews), a voice channel (its chat takes
// messages), a forum.
func (f *Fake) AddChannelOfType(guildID, name string, typ discordgo.ChannelType) Channel {
	if guildID == "" {
		guildID = f.guild.ID
	}
	f.mu.Lock()
	c := f.addChannelLocked(Channel{GuildID: guildID, Name: name, Type: typ})
	f.mu.Unlock()
	raw, _ := json.Marshal(wireChannel(c))
	f.gw.dispatch("CHANNEL_CREATE", raw)
	return c
}

// SetRecommendedShards sets the shard count GET /gateway/bot recommends
// (1 unless set).
func (f *Fake) SetRecommendedShards(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.shards = n
}

func (f *Fake) recommendedShards() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return max(1, f.shards)
}

// AddGuildOnShard adds a guild whose events go to the given shard of
// shards (its id is drawn until it falls there).
func (f *Fake) AddGuildOnShard(name string, shard, shards int) Guild {
	for {
		id := f.newID()
		n, _ := strconv.ParseUint(id, 10, 64)
		if shards <= 1 || int((n>>22)%uint64(shards)) == shard {
			g := Guild{ID: id, Name: name}
			f.mu.Lock()
			f.guilds = append(f.guilds, g)
			f.addChannelLocked(Channel{GuildID: g.ID, Name: "general", Type: discordgo.ChannelTypeGuildText})
			f.mu.Unlock()
			return g
		}
		time.Sleep(time.Millisecond) // the next id is a millisecond later
	}
}

// ArchiveThread archives a thread, as Discord does after its inactivity
// period (locked: as a moderator can): edits in it then fail with 50083,
// and a new message opens it again unless it is locked.
func (f *Fake) ArchiveThread(id string, locked bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channels[id]; ok && c.IsThread() {
		c.Archived, c.Locked = true, locked
	}
}

// AddForumPost opens a post (a public thread) in a forum channel, as a
// member would, and tells the bot through THREAD_CREATE.
func (f *Fake) AddForumPost(forumID, name string) Channel {
	f.mu.Lock()
	forum := f.channels[forumID]
	c := f.addChannelLocked(Channel{GuildID: forum.GuildID, ParentID: forumID, Name: name, Type: discordgo.ChannelTypeGuildPublicThread})
	f.mu.Unlock()
	raw, _ := json.Marshal(wireChannel(c))
	f.gw.dispatch("THREAD_CREATE", raw)
	return c
}
