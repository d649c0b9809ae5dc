package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Option is an application command option as Discord sends it in an
// APPLICATION_COMMAND or APPLICATION_COMMAND_AUTOCOMPLETE interaction.
type Option struct {
	Name    string
	Type    discordgo.ApplicationCommandOptionType
	Value   any
	Options []Option
	Focused bool
}

// Sub returns a sub_command option holding the given options.
func Sub(name string, opts ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// SubGroup returns a sub_command_group option holding sub commands.
func SubGroup(name string, subs ...Option) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: subs}
}

// String returns a string option.
func String(name, value string) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// Int returns an integer option.
func Int(name string, value int64) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: value}
}

// Bool returns a boolean option.
func Bool(name string, value bool) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOption returns a user option; the user also appears in data.resolved.
func UserOption(name string, u User) Option {
	return Option{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: u.ID}
}

// Focused marks an option as the one being typed, for Autocomplete.
func Focused(o Option) Option {
	o.Focused = true
	return o
}

// Callback is the bot's answer to an interaction (POST .../callback).
type Callback struct {
	Type discordgo.InteractionResponseType
	At   time.Time
	// Choices are the autocomplete results (type 8).
	Choices []*discordgo.ApplicationCommandOptionChoice
	// ModalCustomID, ModalTitle and ModalComponents describe a modal (type 9).
	ModalCustomID   string
	ModalTitle      string
	ModalComponents []Component
	// MessageID is the message created (4, 5) or updated (7), else empty.
	MessageID string
	// ActivityInstance is the Activity instance a LAUNCH_ACTIVITY (12)
	// started, with the interaction's user in it (JoinActivity adds more).
	ActivityInstance string
}

// Timings are the moments in an interaction's life.
type Timings struct {
	Dispatched time.Time
	Acked      time.Time // the callback arrived
	Final      time.Time // the response became final (see WaitFinal)
}

// AckLatency is the time from dispatch to the callback ("defer latency").
func (t Timings) AckLatency() time.Duration {
	if t.Acked.IsZero() {
		return 0
	}
	return t.Acked.Sub(t.Dispatched)
}

// FinalLatency is the time from dispatch to the final response ("final edit
// latency").
func (t Timings) FinalLatency() time.Duration {
	if t.Final.IsZero() {
		return 0
	}
	return t.Final.Sub(t.Dispatched)
}

// Interaction is a handle on an interaction the fake dispatched.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	Name      string // command name, or custom_id for components
	User      User
	ChannelID string
	GuildID   string
	// MessageID is the message a component sits on.
	MessageID string
	// trigger is the interaction answered with the modal a modal submit
	// fills.
	trigger *Interaction

	f        *Fake
	mu       sync.Mutex
	acked    chan struct{}
	final    chan struct{}
	times    Timings
	cb       *Callback
	original string   // message id of @original
	finalMsg *Message // the response when it became final
	// overHTTP: delivered to the HTTP endpoint; httpArrived: its response
	// came back; httpApplied: that response was taken as the callback.
	overHTTP, httpArrived, httpApplied bool
	followups                          []string
	err                                error
	raw                                []byte // the payload as dispatched
}

// Err returns the dispatch error, if the interaction could not be sent.
func (in *Interaction) Err() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.err
}

// Wait blocks until the bot has answered the callback and returns it.
func (in *Interaction) Wait(ctx context.Context) (Callback, error) {
	if err := in.Err(); err != nil {
		return Callback{}, err
	}
	select {
	case <-in.acked:
	case <-ctx.Done():
		return Callback{}, fmt.Errorf("discordtest: interaction %s (%s) not acknowledged: %w", in.ID, in.Name, ctx.Err())
	}
	if err := in.Err(); err != nil {
		return Callback{}, err
	}
	cb, _ := in.Callback()
	return cb, nil
}

// WaitFinal blocks until the response is final and returns the response
// message: at once for a type 4 or 7 callback, after the first edit of
// @original for a deferred callback (5 or 6), or the follow-up that answers
// a deferred update (6) instead of an edit. For autocomplete (8) and modal
// (9) callbacks it returns an empty Message when the callback arrives.
func (in *Interaction) WaitFinal(ctx context.Context) (Message, error) {
	if _, err := in.Wait(ctx); err != nil {
		return Message{}, err
	}
	select {
	case <-in.final:
	case <-ctx.Done():
		return Message{}, fmt.Errorf("discordtest: interaction %s (%s) deferred but never edited: %w", in.ID, in.Name, ctx.Err())
	}
	// The response as this interaction left it: another interaction may
	// have edited the same message since (two clicks on one panel).
	in.mu.Lock()
	snap := in.finalMsg
	in.mu.Unlock()
	if snap != nil {
		return *snap, nil
	}
	// A deferred update answered with a follow-up instead of an edit: the
	// follow-up is the response.
	if fs := in.Followups(); len(fs) > 0 {
		return fs[len(fs)-1], nil
	}
	m, _ := in.Original()
	return m, nil
}

// Callback returns the callback once the bot has answered.
func (in *Interaction) Callback() (Callback, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.cb == nil {
		return Callback{}, false
	}
	return *in.cb, true
}

// Timings returns the recorded timestamps.
func (in *Interaction) Timings() Timings {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.times
}

// Original returns the current state of the original response message (for
// type 6 and 7 callbacks, the message the component sits on).
func (in *Interaction) Original() (Message, bool) {
	in.mu.Lock()
	id := in.original
	in.mu.Unlock()
	if id == "" {
		return Message{}, false
	}
	return in.f.Message(id)
}

// Followups returns the follow-up messages still present, oldest first.
func (in *Interaction) Followups() []Message {
	in.mu.Lock()
	ids := append([]string(nil), in.followups...)
	in.mu.Unlock()
	var out []Message
	for _, id := range ids {
		if m, ok := in.f.Message(id); ok {
			out = append(out, m)
		}
	}
	return out
}

// Replies returns the original response followed by the follow-ups.
func (in *Interaction) Replies() []Message {
	var out []Message
	if m, ok := in.Original(); ok {
		out = append(out, m)
	}
	return append(out, in.Followups()...)
}

// markFinal records that the interaction's response became final at at,
// with snap the response message as it was then (nil: none to keep). The
// caller holds the fake's lock or passes a private copy.
func (in *Interaction) markFinal(at time.Time, snap *Message) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.times.Final.IsZero() {
		in.times.Final = at
		if snap != nil {
			c := snap.clone()
			in.finalMsg = &c
		}
		close(in.final)
	}
}

// SlashCommand dispatches an APPLICATION_COMMAND interaction for the command
// name with the given options, as the user typed it in the channel.
func (f *Fake) SlashCommand(user User, channelID, name string, opts ...Option) *Interaction {
	return f.command(discordgo.InteractionApplicationCommand, user, channelID, name, opts)
}

// Autocomplete dispatches an APPLICATION_COMMAND_AUTOCOMPLETE interaction;
// one option (possibly nested in a sub command) should be marked Focused.
func (f *Fake) Autocomplete(user User, channelID, name string, opts ...Option) *Interaction {
	return f.command(discordgo.InteractionApplicationCommandAutocomplete, user, channelID, name, opts)
}

func (f *Fake) command(typ discordgo.InteractionType, user User, channelID, name string, opts []Option) *Interaction {
	f.mu.Lock()
	cmdID := ""
	guildID := ""
	if c, ok := f.channels[channelID]; ok {
		guildID = c.GuildID
	}
	for _, g := range []string{guildID, ""} {
		for _, c := range f.commands[g] {
			if c.Name == name {
				cmdID = c.ID
			}
		}
		if cmdID != "" {
			break
		}
	}
	resolvedUsers := map[string]any{}
	resolvedMembers := map[string]any{}
	var collect func([]Option)
	collect = func(os []Option) {
		for _, o := range os {
			if o.Type == discordgo.ApplicationCommandOptionUser {
				id, _ := o.Value.(string)
				if u, ok := f.users[id]; ok {
					resolvedUsers[id] = wireUser(u)
					resolvedMembers[id] = map[string]any{"roles": []string{}, "joined_at": time.Now().UTC().Format(time.RFC3339), "permissions": strconv.FormatInt(f.perms[id], 10)}
				}
			}
			collect(o.Options)
		}
	}
	collect(opts)
	f.mu.Unlock()
	if cmdID == "" {
		cmdID = f.newID()
	}
	data := map[string]any{"id": cmdID, "name": name, "type": 1, "options": wireOptions(opts)}
	if guildID != "" {
		data["guild_id"] = guildID
	}
	if len(resolvedUsers) > 0 {
		data["resolved"] = map[string]any{"users": resolvedUsers, "members": resolvedMembers}
	}
	return f.dispatchInteraction(typ, user, channelID, name, "", data, nil, nil)
}

func wireOptions(opts []Option) []map[string]any {
	out := []map[string]any{}
	for _, o := range opts {
		w := map[string]any{"name": o.Name, "type": int(o.Type)}
		if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			w["options"] = wireOptions(o.Options)
		} else {
			w["value"] = o.Value
		}
		if o.Focused {
			w["focused"] = true
		}
		out = append(out, w)
	}
	return out
}

// Click dispatches a MESSAGE_COMPONENT interaction for a button on msg. A
// custom_id that is not on the message, or a disabled button, is recorded as
// a violation of the test's own setup (the Discord client cannot click it)
// but still dispatched, so that stale or forged ids can be tested via
// ClickForged.
func (f *Fake) Click(user User, msg Message, customID string) *Interaction {
	f.checkComponent(msg, customID, discordgo.ButtonComponent)
	return f.component(user, msg, customID, discordgo.ButtonComponent, nil)
}

// ClickForged dispatches a button click with any custom_id, as a modified
// client could, without checking that the message has such a button.
func (f *Fake) ClickForged(user User, msg Message, customID string) *Interaction {
	return f.component(user, msg, customID, discordgo.ButtonComponent, nil)
}

// Select dispatches a MESSAGE_COMPONENT interaction choosing values in the
// string select menu customID on msg.
func (f *Fake) Select(user User, msg Message, customID string, values ...string) *Interaction {
	f.checkComponent(msg, customID, discordgo.SelectMenuComponent)
	return f.component(user, msg, customID, discordgo.SelectMenuComponent, values)
}

func (f *Fake) checkComponent(msg Message, customID string, typ discordgo.ComponentType) {
	for _, c := range msg.AllComponents() {
		if c.CustomID == customID && c.Type == typ {
			if c.Disabled {
				f.tb.Errorf("discordtest: component %q is disabled; the Discord client cannot use it", customID)
			}
			return
		}
	}
	f.tb.Errorf("discordtest: message %s has no component %q of type %d", msg.ID, customID, typ)
}

func (f *Fake) component(user User, msg Message, customID string, typ discordgo.ComponentType, values []string) *Interaction {
	data := map[string]any{"custom_id": customID, "component_type": int(typ)}
	if typ == discordgo.SelectMenuComponent {
		if values == nil {
			values = []string{}
		}
		data["values"] = values
	}
	f.mu.Lock()
	var wm map[string]any
	if m, ok := f.byID[msg.ID]; ok {
		wm = f.wire(m)
	} else {
		cp := msg
		wm = f.wire(&cp)
	}
	f.mu.Unlock()
	return f.dispatchInteraction(discordgo.InteractionMessageComponent, user, msg.ChannelID, customID, msg.ID, data, wm, nil)
}

// SubmitModal dispatches a MODAL_SUBMIT interaction answering the modal that
// the bot opened in answer to prev, with values keyed by text input custom_id.
func (f *Fake) SubmitModal(user User, prev *Interaction, values map[string]string) *Interaction {
	cb, ok := prev.Callback()
	if !ok || cb.Type != discordgo.InteractionResponseModal {
		f.tb.Errorf("discordtest: interaction %s was not answered with a modal", prev.ID)
	}
	rows := []map[string]any{}
	for _, row := range cb.ModalComponents {
		var inputs []map[string]any
		for _, c := range row.Components {
			inputs = append(inputs, map[string]any{"type": int(discordgo.TextInputComponent), "custom_id": c.CustomID, "value": values[c.CustomID]})
		}
		rows = append(rows, map[string]any{"type": 1, "components": inputs})
	}
	data := map[string]any{"custom_id": cb.ModalCustomID, "components": rows}
	var wm map[string]any
	if prev.MessageID != "" {
		f.mu.Lock()
		if m, ok := f.byID[prev.MessageID]; ok {
			wm = f.wire(m)
		}
		f.mu.Unlock()
	}
	return f.dispatchInteraction(discordgo.InteractionModalSubmit, user, prev.ChannelID, cb.ModalCustomID, prev.MessageID, data, wm, prev)
}

// owners is the interaction's authorizing_integration_owners: the app is
// installed to the guild (key "0", GUILD_INSTALL), or "0" in its bot's DMs.
func (in *Interaction) owners() map[string]any {
	if in.GuildID == "" {
		return map[string]any{"0": "0"}
	}
	return map[string]any{"0": in.GuildID}
}

// metadata is the interaction_metadata of the messages that answer the
// interaction, as Discord sends it for the interaction's type.
func (in *Interaction) metadata() map[string]any {
	md := map[string]any{"id": in.ID, "type": int(in.Type), "user": wireUser(in.User), "authorizing_integration_owners": in.owners()}
	switch in.Type {
	case discordgo.InteractionMessageComponent:
		md["interacted_message_id"] = in.MessageID
	case discordgo.InteractionModalSubmit:
		if in.trigger != nil {
			md["triggering_interaction_metadata"] = in.trigger.metadata()
		}
	}
	return md
}

// dispatchInteraction builds the INTERACTION_CREATE payload, registers the
// interaction and sends it through the gateway.
func (f *Fake) dispatchInteraction(typ discordgo.InteractionType, user User, channelID, name, messageID string, data, msg map[string]any, trigger *Interaction) *Interaction {
	in := &Interaction{
		ID: f.newID(), Type: typ, Name: name, User: user, ChannelID: channelID, MessageID: messageID,
		trigger: trigger, f: f, acked: make(chan struct{}), final: make(chan struct{}),
	}
	in.Token = "itok-" + in.ID
	f.mu.Lock()
	ch, ok := f.channels[channelID]
	if !ok {
		f.mu.Unlock()
		in.err = fmt.Errorf("discordtest: unknown channel %s", channelID)
		f.tb.Errorf("%v", in.err)
		return in
	}
	in.GuildID = ch.GuildID
	payload := map[string]any{
		"id": in.ID, "application_id": f.appID, "type": int(typ), "data": data,
		"channel_id": channelID, "token": in.Token, "version": 1, "locale": "en-US",
		"app_permissions": strconv.FormatInt(f.appPermsLocked(channelID), 10), "entitlements": []any{},
		"authorizing_integration_owners": in.owners(), "attachment_size_limit": maxFileBytes,
		"channel": f.interactionChannelLocked(*ch),
	}
	if ch.GuildID != "" {
		payload["guild_id"] = ch.GuildID
		payload["guild_locale"] = "en-US"
		payload["context"] = 0
		payload["member"] = map[string]any{
			"user": wireUser(user), "roles": []string{}, "joined_at": time.Now().UTC().Format(time.RFC3339),
			"permissions": strconv.FormatInt(f.perms[user.ID], 10), "deaf": false, "mute": false,
		}
	} else {
		payload["user"] = wireUser(user)
		payload["context"] = 1
	}
	if msg != nil {
		payload["message"] = msg
	}
	f.inters[in.ID] = in
	f.byToken[in.Token] = in
	f.mu.Unlock()

	raw, err := json.Marshal(payload)
	if err != nil {
		in.err = fmt.Errorf("discordtest: marshal interaction: %w", err)
		return in
	}
	in.mu.Lock()
	in.times.Dispatched = time.Now()
	in.raw = raw
	in.mu.Unlock()
	f.mu.Lock()
	url, key := f.httpURL, f.httpKey
	f.mu.Unlock()
	if url != "" {
		in.mu.Lock()
		in.overHTTP = true
		in.mu.Unlock()
		go f.postInteraction(in, url, key, raw)
		return in
	}
	if n := f.gw.dispatch("INTERACTION_CREATE", raw); n == 0 {
		in.mu.Lock()
		in.err = fmt.Errorf("discordtest: no gateway session to receive interaction %s (%s)", in.ID, name)
		in.mu.Unlock()
	}
	return in
}

// interactionChannel is the partial channel of an interaction: a DM has no
// name, guild or parent, and a top-level guild channel has a null
// parent_id, never an empty string.
// The caller holds f.mu.
func (f *Fake) interactionChannelLocked(ch Channel) map[string]any {
	c := map[string]any{"id": ch.ID, "type": int(ch.Type), "flags": 0}
	if ch.Type == discordgo.ChannelTypeDM {
		c["recipients"] = []map[string]any{wireUser(f.users[ch.Recipient])}
		return c
	}
	c["name"], c["guild_id"], c["parent_id"] = ch.Name, ch.GuildID, nil
	if ch.ParentID != "" {
		c["parent_id"] = ch.ParentID
	}
	return c
}
