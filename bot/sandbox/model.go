package sandbox

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"spindle/commands"
)

// Fixed ids of the sandbox guild and its main channel. They are stable
// across restarts so that a game stored in the database under #games can be
// resumed after the sandbox is started again.
const (
	guildID    = "900000000000000001"
	gamesID    = "900000000000000010"
	guildName  = "Sandbox"
	gamesName  = "games"
	systemUser = "system" // author of the sandbox's own notices
)

// defaultUsers are the members present when the sandbox starts.
var defaultUsers = []string{"alice", "bob", "carol", "dave"}

// member is one user of the sandbox guild.
type member struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Manage bool   `json:"manage"`
}

// channel is the main channel or a thread under it.
type channel struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Parent string `json:"parent,omitempty"`
}

// file is an attachment. Owner is set for the files of an ephemeral
// message: only that user may fetch them.
type file struct {
	ID    string
	Name  string
	Type  string
	Data  []byte
	Owner string
}

// via is the interaction a bot message answers, shown above it the way
// Discord shows "alice used /game new".
type via struct {
	User string `json:"user"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// message is one message of a channel as the model keeps it. Msg holds the
// handler's message with the file data moved into the model's file table;
// Files lists those file ids in the order of Msg.Files.
type message struct {
	ID      string
	Seq     uint64
	Rev     uint64
	Channel string
	Author  string // "" for the bot, systemUser, or a member id
	Owner   string // for ephemeral messages: the only member who sees it
	Via     *via
	Msg     commands.Message
	Files   []string
	At      time.Time
	Edited  bool
}

// world is the emulated guild: members, channels, messages and files. Every
// method locks mu, so handlers may post from any goroutine.
type world struct {
	mu       sync.Mutex
	now      func() time.Time
	base     uint64 // message, thread and file ids are base+n
	next     uint64
	rev      uint64
	members  []*member
	channels []*channel
	msgs     map[string]*message
	order    map[string][]string // channel id -> message ids, oldest first
	files    map[string]*file
	seen     map[string]map[string]uint64 // member -> channel -> last rev seen
	// replies maps an interaction's token to the message that answered
	// it, for EditReply (a panel that follows the game).
	replies map[string]string
}

func newWorld(now func() time.Time) *world {
	w := &world{
		now:      now,
		base:     uint64(now().UnixMilli()) * 1000,
		channels: []*channel{{ID: gamesID, Name: gamesName}},
		msgs:     map[string]*message{},
		order:    map[string][]string{},
		files:    map[string]*file{},
		seen:     map[string]map[string]uint64{},
		replies:  map[string]string{},
	}
	for _, n := range defaultUsers {
		w.members = append(w.members, &member{ID: userID(n), Name: n})
	}
	return w
}

// userID derives a member's id from the name, so that a user added again
// after a restart gets back the seats stored under that id.
func userID(name string) string {
	h := fnv.New64a()
	h.Write([]byte("user:" + strings.ToLower(name)))
	return strconv.FormatUint(h.Sum64()%9e17+1e17, 10)
}

// newID returns the next message, thread or file id. Ids grow with time
// across restarts, so an id stored by an earlier run never names a new
// message. The caller holds mu.
func (w *world) newID() string {
	w.next++
	return strconv.FormatUint(w.base+w.next, 10)
}

// bump marks a change and returns the new revision. The caller holds mu.
func (w *world) bump() uint64 {
	w.rev++
	return w.rev
}

// member finds a member by id or (case-insensitive) name. The caller holds mu.
func (w *world) member(key string) *member {
	key = strings.TrimPrefix(strings.TrimSpace(key), "@")
	for _, m := range w.members {
		if m.ID == key || strings.EqualFold(m.Name, key) {
			return m
		}
	}
	return nil
}

// channel finds a channel by id or name ("games", "#games"). The caller
// holds mu.
func (w *world) channel(key string) *channel {
	key = strings.TrimPrefix(strings.TrimSpace(key), "#")
	if key == "" {
		return w.channels[0]
	}
	for _, c := range w.channels {
		if c.ID == key || strings.EqualFold(c.Name, key) {
			return c
		}
	}
	return nil
}

// addMember adds a member by name, or returns the existing one.
func (w *world) addMember(name string) (member, error) {
	name = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), "@"))
	if name == "" || len(name) > 32 || strings.ContainsAny(name, " \t\n<>@#:\"`*_~") {
		return member{}, fmt.Errorf("sandbox: a user name is 1 to 32 characters without spaces or any of <>@#:\"`*_~, not %q", name)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if m := w.member(name); m != nil {
		return *m, nil
	}
	m := &member{ID: userID(name), Name: name}
	w.members = append(w.members, m)
	w.bump()
	return *m, nil
}

// setManage sets a member's Manage Server permission.
func (w *world) setManage(user string, manage bool) (member, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m := w.member(user)
	if m == nil {
		return member{}, fmt.Errorf("sandbox: unknown user %q", user)
	}
	m.Manage = manage
	w.bump()
	return *m, nil
}

// store puts a handler's message into the model as a new message of ch.
// The caller holds mu.
func (w *world) store(ch, author, owner string, v *via, m commands.Message) *message {
	msg := &message{ID: w.newID(), Channel: ch, Author: author, Owner: owner, Via: v, At: w.now()}
	msg.Seq = w.next
	w.setContent(msg, m, true)
	w.msgs[msg.ID] = msg
	w.order[ch] = append(w.order[ch], msg.ID)
	return msg
}

// setContent replaces a message's content, embeds and components. Files
// follow Discord's edit rule: new files replace the old ones, ClearFiles
// removes them, and otherwise the old attachments stay. The caller holds mu.
func (w *world) setContent(msg *message, m commands.Message, fresh bool) {
	if fresh || len(m.Files) > 0 || m.ClearFiles {
		for _, id := range msg.Files {
			delete(w.files, id)
		}
		msg.Files = nil
		var kept []commands.File
		for _, f := range m.Files {
			id := w.newID()
			w.files[id] = &file{ID: id, Name: f.Name, Type: f.Type, Data: f.Data, Owner: msg.Owner}
			msg.Files = append(msg.Files, id)
			kept = append(kept, commands.File{Name: f.Name, Type: f.Type})
		}
		m.Files = kept
	} else {
		m.Files = msg.Msg.Files
	}
	m.ClearFiles = false
	m.Ephemeral = msg.Owner != ""
	m.Embeds = slices.Clone(m.Embeds)
	m.Rows = slices.Clone(m.Rows)
	m.Mentions = slices.Clone(m.Mentions)
	msg.Msg = m
	msg.Rev = w.bump()
}

// Post adds a bot message to a channel (commands.Poster).
func (w *world) Post(_ context.Context, ch string, m commands.Message) (string, error) {
	if m.Ephemeral {
		return "", fmt.Errorf("sandbox: a channel message cannot be ephemeral; ephemeral messages are interaction replies")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.channel(ch) == nil || w.channel(ch).ID != ch {
		return "", fmt.Errorf("sandbox: post to unknown channel %s", ch)
	}
	if err := validate(m, nil); err != nil {
		return "", err
	}
	return w.store(ch, "", "", nil, m).ID, nil
}

// DM delivers a direct message (commands.Poster). The sandbox has no DM
// channels: the message appears in #games for that user alone, marked as a
// direct message.
func (w *world) DM(_ context.Context, user string, m commands.Message) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := validate(m, nil); err != nil {
		return err
	}
	m.Content = "📨 Direct message: " + m.Content
	w.store(gamesID, "", user, nil, m)
	return nil
}

// Edit replaces a bot message of a channel (commands.Poster).
func (w *world) Edit(_ context.Context, ch, id string, m commands.Message) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	msg, ok := w.msgs[id]
	if !ok || msg.Channel != ch || msg.Author != "" || msg.Owner != "" {
		return fmt.Errorf("sandbox: no bot message %s in channel %s", id, ch)
	}
	if err := validate(m, msg.Msg.Files); err != nil {
		return err
	}
	w.setContent(msg, m, false)
	msg.Edited = true
	return nil
}

// EditReply replaces the message that answered the interaction with the
// given token (commands.Poster), as Discord's webhook edit of @original.
func (w *world) EditReply(_ context.Context, token string, m commands.Message) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	id, ok := w.replies[token]
	msg, live := w.msgs[id]
	if !ok || !live {
		return fmt.Errorf("sandbox: no reply for that interaction (dismissed, or never answered)")
	}
	if err := validate(m, msg.Msg.Files); err != nil {
		return err
	}
	w.setContent(msg, m, false)
	msg.Edited = true
	return nil
}

// Delete removes a bot message of a channel, with its files
// (commands.Poster).
func (w *world) Delete(_ context.Context, ch, id string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	msg, ok := w.msgs[id]
	if !ok || msg.Channel != ch || msg.Author != "" || msg.Owner != "" {
		return fmt.Errorf("sandbox: no bot message %s in channel %s", id, ch)
	}
	for _, f := range msg.Files {
		delete(w.files, f)
	}
	delete(w.msgs, id)
	w.order[ch] = slices.DeleteFunc(w.order[ch], func(m string) bool { return m == id })
	w.bump()
	return nil
}

// Thread opens a public thread under a channel (commands.Poster) and, as
// Discord does, notes it in the parent channel.
func (w *world) Thread(_ context.Context, ch, name string) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	parent := w.channel(ch)
	if parent == nil || parent.ID != ch {
		return "", fmt.Errorf("sandbox: thread in unknown channel %s", ch)
	}
	if parent.Parent != "" {
		return "", fmt.Errorf("sandbox: cannot open a thread inside thread %s", ch)
	}
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 100 {
		return "", fmt.Errorf("sandbox: a thread name is 1 to 100 characters, not %d", len(name))
	}
	t := &channel{ID: w.newID(), Name: name, Parent: ch}
	w.channels = append(w.channels, t)
	w.store(ch, systemUser, "", nil, commands.Message{Content: fmt.Sprintf("Spindle started a thread: <#%s>", t.ID)})
	return t.ID, nil
}

// notice adds a sandbox notice, seen only by user (the way Discord's client
// reports a command it refuses to send). The caller holds mu.
func (w *world) notice(ch, user, text string) *message {
	return w.store(ch, systemUser, user, nil, commands.Message{Content: text})
}

// visible reports whether user sees msg.
func visible(msg *message, user string) bool {
	return msg.Owner == "" || msg.Owner == user
}

// dismiss removes an ephemeral message from its owner's view.
func (w *world) dismiss(user, id string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	msg, ok := w.msgs[id]
	if !ok || !visible(msg, user) {
		return fmt.Errorf("sandbox: no message %s visible to that user", id)
	}
	if msg.Owner == "" {
		return fmt.Errorf("sandbox: only ephemeral messages can be dismissed")
	}
	for _, f := range msg.Files {
		delete(w.files, f)
	}
	delete(w.msgs, id)
	w.order[msg.Channel] = slices.DeleteFunc(w.order[msg.Channel], func(s string) bool { return s == id })
	w.bump()
	return nil
}

// validate checks a message against Discord's limits, the way Discord's API
// answers 400 to a message that breaks them. files are the attachments an
// edit keeps when m brings none.
func validate(m commands.Message, files []commands.File) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("sandbox: discord would reject this message: "+format, args...)
	}
	if len(m.Files) > 0 || m.ClearFiles {
		files = m.Files
	}
	if m.Content == "" && len(m.Embeds) == 0 && len(files) == 0 && len(m.Rows) == 0 {
		return bad("it is empty")
	}
	if n := len([]rune(m.Content)); n > commands.MaxContent {
		return bad("content of %d characters (at most %d)", n, commands.MaxContent)
	}
	if len(m.Embeds) > 10 {
		return bad("%d embeds (at most 10)", len(m.Embeds))
	}
	total := 0
	for _, e := range m.Embeds {
		total += len([]rune(e.Title)) + len([]rune(e.Description)) + len([]rune(e.Footer))
		switch {
		case len([]rune(e.Title)) > 256:
			return bad("embed title over 256 characters")
		case len([]rune(e.Description)) > 4096:
			return bad("embed description over 4096 characters")
		case len(e.Fields) > 25:
			return bad("%d embed fields (at most 25)", len(e.Fields))
		}
		for _, f := range e.Fields {
			total += len([]rune(f.Name)) + len([]rune(f.Value))
			if f.Name == "" || f.Value == "" || len([]rune(f.Name)) > 256 || len([]rune(f.Value)) > 1024 {
				return bad("embed field %q is empty or too long", f.Name)
			}
		}
		if e.Image != "" && !slices.ContainsFunc(files, func(f commands.File) bool { return f.Name == e.Image }) {
			return bad("embed image %q is not attached", e.Image)
		}
	}
	if total > 6000 {
		return bad("embeds of %d characters in all (at most 6000)", total)
	}
	if len(m.Rows) > commands.MaxRows {
		return bad("%d component rows (at most %d)", len(m.Rows), commands.MaxRows)
	}
	ids := map[string]bool{}
	useID := func(id string) error {
		if id == "" || len(id) > commands.MaxCustomID {
			return bad("custom_id %q is empty or over %d characters", id, commands.MaxCustomID)
		}
		if ids[id] {
			return bad("custom_id %q is used twice", id)
		}
		ids[id] = true
		return nil
	}
	for i, r := range m.Rows {
		switch {
		case r.Select != nil && len(r.Buttons) > 0:
			return bad("row %d mixes a select menu and buttons", i+1)
		case r.Select != nil:
			if err := useID(r.Select.CustomID); err != nil {
				return err
			}
			if n := len(r.Select.Options); n == 0 || n > commands.MaxSelectOptions {
				return bad("select menu with %d options (1 to %d)", n, commands.MaxSelectOptions)
			}
			values := map[string]bool{}
			for _, o := range r.Select.Options {
				if o.Label == "" || len([]rune(o.Label)) > commands.MaxOptionLabel || o.Value == "" || len(o.Value) > 100 ||
					len([]rune(o.Description)) > 100 || values[o.Value] {
					return bad("select option %q is empty, too long or repeated", o.Label)
				}
				values[o.Value] = true
			}
		case len(r.Buttons) == 0 || len(r.Buttons) > commands.MaxButtonsPerRow:
			return bad("row %d has %d buttons (1 to %d)", i+1, len(r.Buttons), commands.MaxButtonsPerRow)
		default:
			for _, b := range r.Buttons {
				if err := useID(b.CustomID); err != nil {
					return err
				}
				if b.Label == "" || len([]rune(b.Label)) > commands.MaxLabel {
					return bad("button label %q is empty or over %d characters", b.Label, commands.MaxLabel)
				}
			}
		}
	}
	return nil
}
