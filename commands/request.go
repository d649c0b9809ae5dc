package commands

import (
	"context"
	"time"
)

// Kind is the kind of interaction.
type Kind int

// Interaction kinds.
const (
	Command Kind = iota + 1
	Component
	Autocomplete
)

// User is a Discord user as the handlers need it.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Request is one interaction, already decoded from Discord's payload (or
// the sandbox's). Handlers never see a Discord library type.
type Request struct {
	// ID is the interaction id, used for idempotency.
	ID      string
	Kind    Kind
	Guild   string
	Channel string
	User    User
	// CanManage is set when the user has Manage Server in this guild.
	CanManage bool
	// AppPermissions are the bot's own permissions in the channel, as
	// Discord sends them with the interaction, when AppPermissionsKnown.
	AppPermissions      int64
	AppPermissionsKnown bool
	// ChannelKind is what the channel is, when the front door knows:
	// "text", "announcement", "thread" (a forum post is one), "voice" (a
	// voice channel's chat), or "" (unknown: treated as text).
	ChannelKind string
	// Command is the command path: "game new", "hand", "rules".
	Command string
	// Options holds the command's options by name (values as strings).
	Options map[string]string
	// Focused names the option being typed, for autocomplete.
	Focused string
	// CustomID and Values come with component interactions; Message is the
	// id of the message the component is on.
	CustomID string
	Values   []string
	Message  string
	// MessageOwner is the user an ephemeral message was shown to ("" for
	// public messages). A response never updates another user's private
	// message: that would show one player's panel to another.
	MessageOwner string
	// At is when the interaction arrived.
	At time.Time
	// Token is the interaction's token: for fifteen minutes it lets the
	// bot edit its reply (Poster.EditReply), which is how an open panel
	// follows the game. It is a secret: never logged, shown or stored.
	Token string
}

// Response is the answer to an interaction: a message (or the replacement
// of the message a component is on, when Update is set) or autocomplete
// choices.
type Response struct {
	Message *Message
	Update  bool
	Choices []Choice
	// LaunchActivity asks the front door to open the live table (the
	// Activity) in the channel: Discord's LAUNCH_ACTIVITY callback, which
	// carries no message. It is only ever the immediate answer.
	LaunchActivity bool
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Defer says how the front door must acknowledge an interaction before the
// handler runs, so slow work (a write and a render) never misses Discord's
// three-second window.
type Defer int

// Acknowledgement modes.
const (
	// NoDefer: the handler is fast; answer with its response directly.
	NoDefer Defer = iota
	// DeferEphemeral: acknowledge with an ephemeral "thinking", then edit.
	DeferEphemeral
	// DeferPublic: acknowledge with a public "thinking", then edit.
	DeferPublic
	// DeferUpdate: acknowledge a component without a new message, then edit
	// the message the component is on.
	DeferUpdate
)

// Poster performs the channel side effects of a handler after its move has
// been committed: new public messages (which notify mentioned players),
// edits of earlier messages, and threads. The bot implements it over
// discordgo, the sandbox over its page model, tests with a recorder.
type Poster interface {
	Post(ctx context.Context, channel string, m Message) (id string, err error)
	Edit(ctx context.Context, channel, id string, m Message) error
	// Delete removes one of the bot's own messages (an old board).
	Delete(ctx context.Context, channel, id string) error
	Thread(ctx context.Context, channel, name string) (id string, err error)
	// DM sends a direct message to a user who opted in to them.
	DM(ctx context.Context, user string, m Message) error
	// EditReply replaces the reply to the interaction whose token is
	// given (its original response, which for a component is the message
	// the component is on). Discord honours a token for fifteen minutes.
	EditReply(ctx context.Context, token string, m Message) error
}
