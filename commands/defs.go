package commands

import "spindle/games"

// AppCommand is an application command in Discord's JSON shape, so
// `spindle register --print` can write exactly what is registered.
type AppCommand struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Options     []CommandOption `json:"options,omitempty"`
	// DefaultMemberPermissions, when set, hides the command from members
	// without these permission bits (a decimal string).
	DefaultMemberPermissions *string `json:"default_member_permissions,omitempty"`
	// Contexts limits where the command appears: 0 = guilds only.
	Contexts []int `json:"contexts,omitempty"`
	// IntegrationTypes says how the app is installed: 0 = to a server.
	IntegrationTypes []int `json:"integration_types,omitempty"`
}

// Option types as Discord numbers them.
const (
	OptSubcommand = 1
	OptString     = 3
	OptInteger    = 4
	OptBoolean    = 5
	OptUser       = 6
	OptChannel    = 7
)

// CommandOption is one option or subcommand of an application command.
type CommandOption struct {
	Type         int             `json:"type"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Required     bool            `json:"required,omitempty"`
	Autocomplete bool            `json:"autocomplete,omitempty"`
	Choices      []Choice        `json:"choices,omitempty"`
	Options      []CommandOption `json:"options,omitempty"`
	// MinValue bounds integer options from below; MaxLength bounds free
	// text; ChannelTypes limits channel options (0 = text, 5 =
	// announcement, 15 = forum).
	MinValue     *float64 `json:"min_value,omitempty"`
	MaxLength    int      `json:"max_length,omitempty"`
	ChannelTypes []int    `json:"channel_types,omitempty"`
}

// one is the smallest page or table number.
var one = 1.0

// MaxTextOption bounds what a player may type into a free-text option.
const MaxTextOption = 100

// manageGuild is the Manage Server permission bit, as Discord's decimal string.
var manageGuild = "32"

// shareOption posts a standings answer for the channel instead of only
// for the user.
var shareOption = CommandOption{Type: OptBoolean, Name: "public", Description: "Post it for everyone here (default: only you see it)"}

// Definitions returns the slash commands for the catalog's games.
func Definitions(cat *games.Catalog) []AppCommand {
	var gameChoices []Choice
	for _, info := range cat.Games() {
		gameChoices = append(gameChoices, Choice{Name: info.Title, Value: info.ID})
	}
	game := func(desc string) CommandOption {
		return CommandOption{Type: OptString, Name: "game", Description: desc, Required: true, Choices: gameChoices}
	}
	// Boards: every game, or all of them together.
	boardChoices := append([]Choice{{Name: "All games", Value: "all"}}, gameChoices...)
	board := func(desc string) CommandOption {
		return CommandOption{Type: OptString, Name: "game", Description: desc, Choices: boardChoices}
	}
	sub := func(name, desc string, opts ...CommandOption) CommandOption {
		return CommandOption{Type: OptSubcommand, Name: name, Description: desc, Options: opts}
	}
	guildOnly := []int{0}
	return finish([]AppCommand{
		{Name: "game", Description: "Start, join and manage games in this channel", Contexts: guildOnly, Options: []CommandOption{
			sub("new", "Open a lobby for a new game here (or in a new thread)",
				game("Which game to play"),
				CommandOption{Type: OptBoolean, Name: "thread", Description: "Open the game in its own new thread"},
				CommandOption{Type: OptUser, Name: "opponent", Description: "Challenge someone: they get a ping and an Accept button"}),
			sub("join", "Join the open lobby in this channel"),
			sub("leave", "Leave the open lobby in this channel (before the game starts)"),
			sub("start", "Start the lobby's game (host only)"),
			sub("status", "Show this channel's game privately: the board and whose turn it is"),
			sub("list", "List your running games in this server, whose turn it is and the time left"),
			sub("policy", "Your standing answer to reaction windows at this game (private)",
				CommandOption{Type: OptString, Name: "value", Description: "ask, pass or auto", Required: true,
					Choices: []Choice{{Name: "ask me", Value: "ask"}, {Name: "always pass", Value: "pass"}, {Name: "react automatically when I can", Value: "auto"}}}),
			sub("undo", "Take back your own last action in your current turn"),
			sub("abandon", "End this channel's game without a result (host or Manage Server)"),
			sub("replace", "Hand a player's seat to an AI player (host or Manage Server)",
				CommandOption{Type: OptUser, Name: "player", Description: "The player to replace", Required: true},
				CommandOption{Type: OptString, Name: "level", Description: "How well the AI plays (default: normal)",
					Choices: []Choice{{Name: "easy", Value: "easy"}, {Name: "normal", Value: "normal"}, {Name: "hard", Value: "hard"}}}),
			sub("rejoin", "Take back your seat from the AI player that plays it"),
			sub("replay", "Step through a finished game of this server, move by move (only you see it)",
				CommandOption{Type: OptInteger, Name: "id", Description: "The table number, as in \"table #12\"", Required: true, MinValue: &one}),
			sub("verify", "Check a finished game's shuffles and rolls against its revealed seed (only you see it)",
				CommandOption{Type: OptInteger, Name: "table", Description: "The table number (default: this channel's last finished game)", MinValue: &one}),
		}},
		{Name: "leaderboard", Description: "This server's best players, at one game or all of them", Contexts: guildOnly, Options: []CommandOption{
			board("Which game (default: all games)"),
			{Type: OptInteger, Name: "page", Description: "Which page, from 1", MinValue: &one},
			shareOption,
		}},
		{Name: "stats", Description: "A player's games, wins and rating on this server, with a rating chart", Contexts: guildOnly, Options: []CommandOption{
			{Type: OptUser, Name: "user", Description: "Whose stats (default: yours)"},
			board("Which game (default: all games)"),
			shareOption,
		}},
		{Name: "history", Description: "Recent finished games on this server, with links to their results", Contexts: guildOnly, Options: []CommandOption{
			board("Which game (default: all games)"),
			{Type: OptUser, Name: "user", Description: "Only games with this player"},
			shareOption,
		}},
		{Name: "help", Description: "What Spindle does and how to start a game"},
		{Name: "privacy", Description: "What Spindle stores about you, for how long, and how to have it deleted"},
		{Name: "forget-me", Description: "Delete your settings and ratings and take your name off your finished games", Options: []CommandOption{
			{Type: OptBoolean, Name: "confirm", Description: "True to do it (it can't be undone)"},
		}},
		{Name: "hand", Description: "Show your hand and your moves for this channel's game (only you see it)", Contexts: guildOnly},
		{Name: "notify", Description: "How Spindle tells you it's your move", Options: []CommandOption{
			sub("dm", "Also get direct messages (off by default)",
				CommandOption{Type: OptBoolean, Name: "on", Description: "Direct messages on or off", Required: true}),
			sub("when", "What direct messages are for",
				CommandOption{Type: OptString, Name: "what", Description: "my-turn, reminders-only or never", Required: true,
					Choices: []Choice{{Name: "my turn and reminders", Value: "my-turn"}, {Name: "reminders only", Value: "reminders-only"}, {Name: "never", Value: "never"}}}),
			sub("quiet", "Hold reminders during your quiet hours",
				CommandOption{Type: OptString, Name: "from", Description: "Start, HH:MM", Required: true},
				CommandOption{Type: OptString, Name: "to", Description: "End, HH:MM", Required: true},
				CommandOption{Type: OptString, Name: "zone", Description: "Your time zone, e.g. Europe/Paris", Required: true},
				CommandOption{Type: OptBoolean, Name: "turn_pings", Description: "Hold turn pings too"}),
			sub("quiet-off", "No quiet hours"),
			sub("show", "Show your notification settings"),
		}},
		{Name: "away", Description: "Pause your turn clocks in all your games here", Contexts: guildOnly, Options: []CommandOption{
			sub("set", "Be away for a while: your clocks stop, and everyone is told",
				CommandOption{Type: OptString, Name: "duration", Description: "How long, e.g. 3d, 12h or 1d12h", Required: true}),
			sub("off", "You're back: your clocks run again"),
		}},
		{Name: "settings", Description: "Spindle's settings for this server (Manage Server)", Contexts: guildOnly,
			DefaultMemberPermissions: &manageGuild, Options: []CommandOption{
				sub("show", "Show the settings"),
				sub("clock", "The default turn clock of new games",
					CommandOption{Type: OptString, Name: "value", Description: "none, or a preset with a policy such as async-24h:auto", Required: true}),
				sub("reminders", "Which games remind players before their time runs out",
					CommandOption{Type: OptString, Name: "which", Description: "off, async (default) or all", Required: true,
						Choices: []Choice{{Name: "off", Value: "off"}, {Name: "async games", Value: "async"}, {Name: "all games", Value: "all"}}}),
				sub("away-max", "The longest /away allowed",
					CommandOption{Type: OptString, Name: "duration", Description: "e.g. 14d", Required: true}),
				sub("threads", "Open new games in their own thread by default",
					CommandOption{Type: OptBoolean, Name: "on", Description: "Threads on or off", Required: true}),
				sub("rate-ai", "Rate games with AI players (the AI's own rating never changes)",
					CommandOption{Type: OptBoolean, Name: "on", Description: "Rate them (true) or not (false, the default)", Required: true}),
				sub("channel", "Allow or disallow games in a channel (none listed = everywhere)",
					CommandOption{Type: OptChannel, Name: "channel", Description: "The channel (default: this one)", ChannelTypes: []int{0, 5}},
					CommandOption{Type: OptBoolean, Name: "allow", Description: "Allow (true) or disallow (false)"}),
			}},
		{Name: "rules", Description: "Read a game's rules, section by section, or look up a piece by name", Options: []CommandOption{
			game("Which game"),
			{Type: OptString, Name: "topic", Description: "A section of the rules", Autocomplete: true},
			{Type: OptString, Name: "lookup", Description: "Look up a card, tile, landmark or other named piece", Autocomplete: true},
		}},
	})
}

// finish sets what every definition shares: the app is installed to
// servers, and every free-text option has a length limit.
func finish(defs []AppCommand) []AppCommand {
	var bound func(opts []CommandOption)
	bound = func(opts []CommandOption) {
		for i := range opts {
			o := &opts[i]
			if o.Type == OptString && len(o.Choices) == 0 && o.MaxLength == 0 {
				o.MaxLength = MaxTextOption
			}
			bound(o.Options)
		}
	}
	for i := range defs {
		defs[i].IntegrationTypes = []int{0}
		bound(defs[i].Options)
	}
	return defs
}
