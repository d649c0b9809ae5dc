package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// maxReplay is how many dispatches a gateway session keeps for RESUME.
const maxReplay = 1000

// GatewayStats counts what happened on the fake gateway.
type GatewayStats struct {
	Connections int // websocket connections accepted
	Identifies  int // op 2 received
	Resumes     int // op 6 accepted (session resumed)
	Invalidated int // op 9 sent in answer to a RESUME
	Heartbeats  int // op 1 received
	Live        int // connections currently open and identified or resumed
}

type gwEvent struct {
	seq int64
	t   string
	d   json.RawMessage
}

type gwSession struct {
	id      string
	seq     int64
	events  []gwEvent
	conn    *gwConn
	invalid bool
	// shard and shards are what the session identified with: it gets the
	// events of the guilds with (guild id >> 22) % shards == shard, and
	// DMs when shard is 0.
	shard, shards int
}

// owns reports whether the session's shard receives events of guild
// ("" for a DM).
func (s *gwSession) owns(guild string) bool {
	if s.shards <= 1 {
		return true
	}
	if guild == "" {
		return s.shard == 0
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	return err == nil && int((id>>22)%uint64(s.shards)) == s.shard
}

// eventGuild finds the guild an event belongs to.
func eventGuild(t string, d json.RawMessage) string {
	var e struct {
		ID      string `json:"id"`
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(d, &e)
	if t == "GUILD_CREATE" {
		return e.ID
	}
	return e.GuildID
}

type gwConn struct {
	ws   *websocket.Conn
	wmu  sync.Mutex
	sess *gwSession
}

func (c *gwConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteJSON(v)
}

type gateway struct {
	mu       sync.Mutex
	sessions map[string]*gwSession
	conns    map[*gwConn]bool
	stats    GatewayStats
}

func (g *gateway) init() {
	g.sessions = map[string]*gwSession{}
	g.conns = map[*gwConn]bool{}
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

type outFrame struct {
	Op int     `json:"op"`
	D  any     `json:"d"`
	S  *int64  `json:"s"`
	T  *string `json:"t"`
}

// sendLocked appends a dispatch to the session and writes it if connected.
// g.mu must be held.
func (g *gateway) sendLocked(s *gwSession, t string, d json.RawMessage) {
	s.seq++
	ev := gwEvent{seq: s.seq, t: t, d: d}
	s.events = append(s.events, ev)
	if len(s.events) > maxReplay {
		s.events = s.events[len(s.events)-maxReplay:]
	}
	if s.conn != nil {
		g.writeEvent(s.conn, ev)
	}
}

func (g *gateway) writeEvent(c *gwConn, ev gwEvent) {
	t, seq := ev.t, ev.seq
	if err := c.write(outFrame{Op: 0, D: ev.d, S: &seq, T: &t}); err != nil {
		_ = c.ws.Close()
	}
}

// dispatch sends an event to every valid gateway session (connected, or
// disconnected but resumable) and returns how many there were.
func (g *gateway) dispatch(t string, d json.RawMessage) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	guild := eventGuild(t, d)
	for _, s := range g.sessions {
		if s.invalid || !s.owns(guild) {
			continue
		}
		g.sendLocked(s, t, d)
		n++
	}
	return n
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	conns := make([]*gwConn, 0, len(g.conns))
	for c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.Unlock()
	for _, c := range conns {
		_ = c.ws.Close()
	}
}

// GatewayStats returns counters of gateway activity.
func (f *Fake) GatewayStats() GatewayStats {
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	st := f.gw.stats
	for c := range f.gw.conns {
		if c.sess != nil {
			st.Live++
		}
	}
	return st
}

// WaitReady blocks until at least one gateway connection is identified or
// resumed.
func (f *Fake) WaitReady(ctx context.Context) error {
	return WaitFor(ctx, func() bool { return f.GatewayStats().Live > 0 })
}

// DropConnections closes every gateway websocket abruptly, without a close
// frame, as a network failure would. Sessions stay resumable: events
// dispatched meanwhile are replayed on RESUME.
func (f *Fake) DropConnections() { f.gw.closeAll() }

// RequestReconnect sends op 7 RECONNECT on every gateway connection; the
// client is expected to reconnect and RESUME.
func (f *Fake) RequestReconnect() {
	f.gw.mu.Lock()
	conns := make([]*gwConn, 0, len(f.gw.conns))
	for c := range f.gw.conns {
		conns = append(conns, c)
	}
	f.gw.mu.Unlock()
	for _, c := range conns {
		_ = c.write(outFrame{Op: 7})
	}
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		f.violate("gateway upgrade failed: %v", err)
		return
	}
	c := &gwConn{ws: ws}
	f.gw.mu.Lock()
	f.gw.conns[c] = true
	f.gw.stats.Connections++
	f.gw.mu.Unlock()
	f.mu.Lock()
	hb := f.heartbeat
	f.mu.Unlock()
	defer func() {
		_ = ws.Close()
		f.gw.mu.Lock()
		delete(f.gw.conns, c)
		if c.sess != nil && c.sess.conn == c {
			c.sess.conn = nil
		}
		f.gw.mu.Unlock()
	}()
	if err := c.write(outFrame{Op: 10, D: map[string]any{"heartbeat_interval": hb.Milliseconds()}}); err != nil {
		return
	}
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
				// Discord invalidates a session closed with 1000 or 1001.
				f.gw.mu.Lock()
				if c.sess != nil {
					c.sess.invalid = true
				}
				f.gw.mu.Unlock()
			}
			return
		}
		var fr frame
		if err := json.Unmarshal(data, &fr); err != nil {
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "decode error"), time.Now().Add(time.Second))
			return
		}
		switch fr.Op {
		case 1:
			f.gw.mu.Lock()
			f.gw.stats.Heartbeats++
			f.gw.mu.Unlock()
			if c.write(outFrame{Op: 11}) != nil {
				return
			}
		case 2:
			if !f.identify(c, fr.D) {
				return
			}
		case 6:
			f.resume(c, fr.D)
		case 3, 4, 8:
			// Presence, voice state and member requests are accepted and ignored.
		default:
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4001, "unknown opcode"), time.Now().Add(time.Second))
			return
		}
	}
}

func (f *Fake) identify(c *gwConn, d json.RawMessage) bool {
	var id struct {
		Token string `json:"token"`
		Shard []int  `json:"shard"`
	}
	_ = json.Unmarshal(d, &id)
	shard, shards := 0, 1
	if len(id.Shard) == 2 && id.Shard[1] > 0 && id.Shard[0] >= 0 && id.Shard[0] < id.Shard[1] {
		shard, shards = id.Shard[0], id.Shard[1]
	}
	if !strings.HasPrefix(id.Token, "Bot ") || len(id.Token) < 5 {
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "authentication failed"), time.Now().Add(time.Second))
		return false
	}
	ready, guilds := f.readyPayload(shard, shards)
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	if c.sess != nil {
		_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4005, "already authenticated"), time.Now().Add(time.Second))
		return false
	}
	f.gw.stats.Identifies++
	s := &gwSession{id: "sess-" + f.newID(), conn: c, shard: shard, shards: shards}
	c.sess = s
	f.gw.sessions[s.id] = s
	ready["session_id"] = s.id
	raw, _ := json.Marshal(ready)
	f.gw.sendLocked(s, "READY", raw)
	for _, g := range guilds {
		f.gw.sendLocked(s, "GUILD_CREATE", g)
	}
	return true
}

func (f *Fake) resume(c *gwConn, d json.RawMessage) {
	var rp struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &rp)
	f.gw.mu.Lock()
	defer f.gw.mu.Unlock()
	s, ok := f.gw.sessions[rp.SessionID]
	if !ok || s.invalid || (len(s.events) > 0 && s.events[0].seq > rp.Seq+1) {
		f.gw.stats.Invalidated++
		_ = c.write(outFrame{Op: 9, D: false})
		return
	}
	if s.conn != nil && s.conn != c {
		_ = s.conn.ws.Close()
	}
	s.conn = c
	c.sess = s
	f.gw.stats.Resumes++
	for _, ev := range s.events {
		if ev.seq > rp.Seq {
			f.gw.writeEvent(c, ev)
		}
	}
	f.gw.sendLocked(s, "RESUMED", json.RawMessage(`{}`))
}

// readyPayload builds READY and one GUILD_CREATE per guild of the shard.
func (f *Fake) readyPayload(shard, shards int) (map[string]any, []json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	unavailable := []map[string]any{}
	var creates []json.RawMessage
	mine := &gwSession{shard: shard, shards: shards}
	for _, g := range f.guilds {
		if !mine.owns(g.ID) {
			continue
		}
		unavailable = append(unavailable, map[string]any{"id": g.ID, "unavailable": true})
		channels, threads := []map[string]any{}, []map[string]any{}
		for _, id := range f.chanOrder {
			ch := f.channels[id]
			if ch.GuildID != g.ID {
				continue
			}
			if ch.IsThread() {
				threads = append(threads, wireChannel(*ch))
			} else {
				channels = append(channels, wireChannel(*ch))
			}
		}
		raw, _ := json.Marshal(map[string]any{
			"id": g.ID, "name": g.Name, "unavailable": false, "owner_id": f.bot.ID, "member_count": len(f.users),
			"joined_at": time.Now().UTC().Format(time.RFC3339), "large": false,
			"roles":    []map[string]any{{"id": g.ID, "name": "@everyone", "permissions": "2248473465835073", "position": 0}},
			"channels": channels, "threads": threads, "emojis": []any{}, "voice_states": []any{}, "presences": []any{},
			"members": []map[string]any{{"user": wireUser(f.bot), "roles": []string{}, "joined_at": time.Now().UTC().Format(time.RFC3339)}},
		})
		creates = append(creates, raw)
	}
	bot := wireUser(f.bot)
	bot["verified"] = true
	bot["mfa_enabled"] = false
	ready := map[string]any{
		"v": 9, "user": bot, "guilds": unavailable, "private_channels": []any{},
		"resume_gateway_url": "ws://" + f.host + "/gateway", "shard": []int{shard, shards},
		"application": map[string]any{"id": f.bot.ID, "flags": 0},
	}
	return ready, creates
}

func wireChannel(c Channel) map[string]any {
	w := map[string]any{"id": c.ID, "type": int(c.Type), "flags": 0, "last_message_id": nil}
	if c.GuildID != "" {
		// A guild channel has a name, a position and a parent_id that is
		// null at the top level; a DM has none of them.
		w["guild_id"], w["name"], w["parent_id"] = c.GuildID, c.Name, nil
		w["permission_overwrites"], w["position"] = []any{}, 0
	}
	if c.ParentID != "" {
		w["parent_id"] = c.ParentID
	}
	if c.IsThread() {
		w["thread_metadata"] = map[string]any{"archived": false, "auto_archive_duration": 1440, "locked": false,
			"archive_timestamp": time.Now().UTC().Format(time.RFC3339)}
		w["message_count"] = 0
		w["member_count"] = 1
		w["total_message_sent"] = 0
		if c.OwnerID != "" {
			w["owner_id"] = c.OwnerID
		}
	}
	if c.Type == discordgo.ChannelTypeDM {
		w["recipients"] = []map[string]any{{"id": c.Recipient}}
	}
	return w
}
