package activity

import (
	"encoding/base64"
	"regexp"

	"spindle/commands"
)

// State is what the page shows: the table as the signed-in user may see
// it. Pictures travel as data: URLs, so the page needs no second,
// authorised request to draw them.
type State struct {
	Table   uint64   `json:"table"`
	Game    string   `json:"game"`
	Title   string   `json:"title"`
	Version uint64   `json:"version"`
	Over    bool     `json:"over"`
	Seat    int      `json:"seat"` // -1: watching
	Players []string `json:"players"`
	You     string   `json:"you"`
	Board   View     `json:"board"`
	// Panel is the user's own seat's panel; absent for a spectator.
	Panel *View `json:"panel,omitempty"`
	// Session, when set, is a new sign-in token that also names this
	// table, issued when the sign-in has just found the table through its
	// channel: the page sends it from then on.
	Session string `json:"session,omitempty"`
}

// View is a commands.Message as the page draws it: text (Discord
// markdown, mentions spelled as names), embeds with their pictures, and
// the components, with the same labels and custom_ids as in the chat.
type View struct {
	Content string  `json:"content,omitempty"`
	Embeds  []Embed `json:"embeds,omitempty"`
	Rows    []Row   `json:"rows,omitempty"`
}

// Embed is an embed with its picture inline.
type Embed struct {
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Fields      []commands.Field `json:"fields,omitempty"`
	Footer      string           `json:"footer,omitempty"`
	Image       string           `json:"image,omitempty"` // a data: URL
}

// Row is an action row: buttons, or one menu.
type Row struct {
	Buttons []commands.Button `json:"buttons,omitempty"`
	Select  *commands.Select  `json:"select,omitempty"`
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// names spells mentions as "@name" (the page has no member list).
type names map[string]string

func (n names) fill(s string) string {
	return mentionRE.ReplaceAllStringFunc(s, func(m string) string {
		id := mentionRE.FindStringSubmatch(m)[1]
		if name, ok := n[id]; ok {
			return "@" + name
		}
		return "@someone"
	})
}

// namesOf maps the table's user ids to their players' names.
func namesOf(l commands.Live) names {
	n := names{}
	for i, user := range l.Users {
		if i < len(l.Players) {
			n[user] = l.Players[i]
		}
	}
	return n
}

// view converts m, inlining the pictures its embeds name.
func view(m commands.Message, n names) View {
	files := map[string]commands.File{}
	for _, f := range m.Files {
		files[f.Name] = f
	}
	v := View{Content: n.fill(m.Content)}
	for _, e := range m.Embeds {
		out := Embed{Title: n.fill(e.Title), Description: n.fill(e.Description), Footer: n.fill(e.Footer)}
		for _, f := range e.Fields {
			out.Fields = append(out.Fields, commands.Field{Name: n.fill(f.Name), Value: n.fill(f.Value), Inline: f.Inline})
		}
		if f, ok := files[e.Image]; ok {
			out.Image = "data:" + f.Type + ";base64," + base64.StdEncoding.EncodeToString(f.Data)
		}
		v.Embeds = append(v.Embeds, out)
	}
	for _, r := range m.Rows {
		v.Rows = append(v.Rows, Row{Buttons: r.Buttons, Select: r.Select})
	}
	return v
}
