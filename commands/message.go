package commands

// These types describe what the bot says, independent of any Discord
// library: the bot adapts them to discordgo, the sandbox renders them as
// HTML, tests read them directly. They follow Discord's message model
// (content, embeds, rows of components, file attachments, ephemeral flag).

// Discord's limits, enforced by the builders in this package and asserted
// by the fake Discord in end-to-end tests.
const (
	MaxContent       = 2000
	MaxCustomID      = 100
	MaxSelectOptions = 25
	MaxButtonsPerRow = 5
	MaxRows          = 5
	MaxLabel         = 80
	MaxOptionLabel   = 100
	// MaxOptionDescription bounds a select option's description.
	MaxOptionDescription = 100
)

// Message is a message to post, edit or send as an interaction reply.
type Message struct {
	Content    string   `json:"content,omitempty"`
	Embeds     []Embed  `json:"embeds,omitempty"`
	Rows       []Row    `json:"rows,omitempty"`
	Files      []File   `json:"files,omitempty"`
	Ephemeral  bool     `json:"ephemeral,omitempty"`
	Mentions   []string `json:"mentions,omitempty"` // user ids allowed to be pinged
	ClearFiles bool     `json:"clear_files,omitempty"`
	// panel marks a seat's panel, so the App can remember its reply and
	// make it follow the game (follow.go).
	panel *panelMark
}

// Embed is a rich card in a message.
type Embed struct {
	Title       string  `json:"title,omitempty"`
	Description string  `json:"description,omitempty"`
	Color       int     `json:"color,omitempty"`
	Fields      []Field `json:"fields,omitempty"`
	// Image names an attached file ("table.png") shown inside the embed.
	Image  string `json:"image,omitempty"`
	Footer string `json:"footer,omitempty"`
}

// Field is one name/value pair of an embed.
type Field struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// File is an attachment.
type File struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Data []byte `json:"-"`
}

// Row is one action row: up to five buttons, or one select menu.
type Row struct {
	Buttons []Button `json:"buttons,omitempty"`
	Select  *Select  `json:"select,omitempty"`
}

// ButtonStyle is Discord's button style.
type ButtonStyle int

// Button styles as Discord numbers them.
const (
	Primary   ButtonStyle = 1
	Secondary ButtonStyle = 2
	Success   ButtonStyle = 3
	Danger    ButtonStyle = 4
)

// Button is a clickable button.
type Button struct {
	Label    string      `json:"label"`
	CustomID string      `json:"custom_id"`
	Style    ButtonStyle `json:"style"`
	Disabled bool        `json:"disabled,omitempty"`
}

// Select is a string select menu.
type Select struct {
	CustomID    string   `json:"custom_id"`
	Placeholder string   `json:"placeholder,omitempty"`
	Options     []Option `json:"options"`
}

// Option is one entry of a select menu.
type Option struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default,omitempty"`
}
