package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits, as enforced by the fake.
const (
	MaxContent        = 2000
	MaxCustomID       = 100
	MaxSelectOptions  = 25
	MaxButtonsPerRow  = 5
	MaxRows           = 5
	MaxButtonLabel    = 80
	MaxEmbeds         = 10
	MaxChoices        = 25
	MaxV2Components   = 40
	maxEmbedTotal     = 6000
	maxFileBytes      = 10 << 20 // a bot's upload limit without server boosts
	maxFiles          = 10
	maxPlaceholder    = 150 // select menus
	maxInputHolder    = 100 // text inputs
	maxOptionText     = 100 // select option labels, values and descriptions
	maxFooterText     = 2048
	maxAuthorName     = 256
	maxCommandChars   = 8000
	maxModalTitle     = 45
	maxCommandOptions = 25
)

// Message is a message as the fake stores it.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Author    User
	Content   string
	Embeds    []*discordgo.MessageEmbed
	// Components are the top-level components (action rows, or components v2
	// layouts when Flags has discordgo.MessageFlagsIsComponentsV2).
	Components  []Component
	Attachments []Attachment
	Flags       discordgo.MessageFlags
	// InteractionID is the interaction this message answers (as the original
	// response or a follow-up), else empty.
	InteractionID string
	// VisibleTo is the only user who can see an ephemeral message; empty means
	// everyone in the channel.
	VisibleTo string
	// Mentions are the user ids mentioned in the current content.
	Mentions []string
	// Notified are the users pinged when the message was created.
	Notified []string
	// Reference is the message this one replies to, if any.
	Reference string
	Created   time.Time
	// Edited is the time of the last edit; zero if never edited.
	Edited time.Time
	Edits  int
}

// Ephemeral reports whether only one user can see the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether the message is a deferred response not yet edited
// ("Bot is thinking...").
func (m Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Mentioned reports whether the content mentions the user.
func (m Message) Mentioned(userID string) bool {
	for _, id := range m.Mentions {
		if id == userID {
			return true
		}
	}
	return false
}

// AllComponents returns every component of the message, depth first.
func (m Message) AllComponents() []Component {
	var out []Component
	var walk func([]Component)
	walk = func(cs []Component) {
		for _, c := range cs {
			out = append(out, c)
			walk(c.Components)
			if c.Accessory != nil {
				walk([]Component{*c.Accessory})
			}
		}
	}
	walk(m.Components)
	return out
}

// Buttons returns every button of the message in order.
func (m Message) Buttons() []Component {
	var out []Component
	for _, c := range m.AllComponents() {
		if c.Type == discordgo.ButtonComponent {
			out = append(out, c)
		}
	}
	return out
}

// Button returns the first button with the given label.
func (m Message) Button(label string) (Component, bool) {
	for _, c := range m.Buttons() {
		if c.Label == label {
			return c, true
		}
	}
	return Component{}, false
}

// Select returns the first select menu, optionally the one with the given
// custom_id prefix.
func (m Message) Select(customIDPrefix string) (Component, bool) {
	for _, c := range m.AllComponents() {
		if isSelect(c.Type) && strings.HasPrefix(c.CustomID, customIDPrefix) {
			return c, true
		}
	}
	return Component{}, false
}

// CustomIDs returns the custom_id of every interactive component.
func (m Message) CustomIDs() []string {
	var out []string
	for _, c := range m.AllComponents() {
		if c.CustomID != "" {
			out = append(out, c.CustomID)
		}
	}
	return out
}

// Attachment returns the attachment with the given file name.
func (m Message) Attachment(name string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == name {
			return a, true
		}
	}
	return Attachment{}, false
}

func (m *Message) clone() Message {
	c := *m
	c.Embeds = append([]*discordgo.MessageEmbed(nil), m.Embeds...)
	c.Components = append([]Component(nil), m.Components...)
	c.Attachments = append([]Attachment(nil), m.Attachments...)
	c.Mentions = append([]string(nil), m.Mentions...)
	c.Notified = append([]string(nil), m.Notified...)
	return c
}

// Attachment is an uploaded file with its bytes.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Description string
	Data        []byte
}

// Component is a message component as sent by the bot. The fields cover
// what tests inspect; the original JSON is kept so that nothing is lost when
// the fake serves the message back.
type Component struct {
	Type        discordgo.ComponentType `json:"type"`
	CustomID    string                  `json:"custom_id,omitempty"`
	Label       string                  `json:"label,omitempty"`
	Style       int                     `json:"style,omitempty"`
	URL         string                  `json:"url,omitempty"`
	Disabled    bool                    `json:"disabled,omitempty"`
	Placeholder string                  `json:"placeholder,omitempty"`
	MinValues   *int                    `json:"min_values,omitempty"`
	MaxValues   int                     `json:"max_values,omitempty"`
	Options     []SelectOption          `json:"options,omitempty"`
	Components  []Component             `json:"components,omitempty"`
	Accessory   *Component              `json:"accessory,omitempty"`
	Content     string                  `json:"content,omitempty"`
	Title       string                  `json:"title,omitempty"` // modals only
	Raw         json.RawMessage         `json:"-"`
}

// SelectOption is an option of a string select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// UnmarshalJSON decodes a component and keeps its raw JSON.
func (c *Component) UnmarshalJSON(b []byte) error {
	type plain Component
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*c = Component(p)
	c.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// MarshalJSON encodes the component as it was received.
func (c Component) MarshalJSON() ([]byte, error) {
	if len(c.Raw) > 0 {
		return c.Raw, nil
	}
	type plain Component
	return json.Marshal(plain(c))
}

func isSelect(t discordgo.ComponentType) bool {
	switch t {
	case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
		discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
		return true
	}
	return false
}

// payload is a decoded message body: which fields were present (for PATCH
// semantics), their values and the uploaded files.
type payload struct {
	present         map[string]bool
	null            map[string]bool
	Content         string
	Embeds          []*discordgo.MessageEmbed
	Components      []Component
	Flags           discordgo.MessageFlags
	Attachments     []struct{ ID json.RawMessage } // kept attachments (PATCH) or descriptors
	AllowedMentions *discordgo.MessageAllowedMentions
	Reference       string
	Files           []Attachment
	raw             json.RawMessage
}

type wireMessage struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	Components      []Component                       `json:"components"`
	Flags           discordgo.MessageFlags            `json:"flags"`
	Attachments     []struct{ ID json.RawMessage }    `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Reference       *struct {
		MessageID string `json:"message_id"`
	} `json:"message_reference"`
}

// readBody decodes a JSON or multipart (payload_json plus files[n]) body.
// For an interaction callback the message fields sit under "data".
func readBody(r *http.Request, callback bool) (typ int, p *payload, err error) {
	p = &payload{present: map[string]bool{}, null: map[string]bool{}}
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var js []byte
	switch ct {
	case "multipart/form-data":
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			part, perr := mr.NextPart()
			if perr == io.EOF {
				break
			}
			if perr != nil {
				return 0, nil, fmt.Errorf("discordtest: bad multipart body: %w", perr)
			}
			data, rerr := io.ReadAll(io.LimitReader(part, maxFileBytes+1))
			if rerr != nil {
				return 0, nil, fmt.Errorf("discordtest: read part: %w", rerr)
			}
			name := part.FormName()
			switch {
			case name == "payload_json":
				js = data
			case strings.HasPrefix(name, "files[") || strings.HasPrefix(name, "file"):
				if len(data) > maxFileBytes {
					return 0, nil, fmt.Errorf("discordtest: file %q exceeds 10 MiB", part.FileName())
				}
				p.Files = append(p.Files, Attachment{Filename: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
			}
		}
	default:
		js, err = io.ReadAll(io.LimitReader(r.Body, 8<<20))
		if err != nil {
			return 0, nil, fmt.Errorf("discordtest: read body: %w", err)
		}
	}
	if len(bytes.TrimSpace(js)) == 0 {
		return 0, p, nil
	}
	if callback {
		var cb struct {
			Type int             `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(js, &cb); err != nil {
			return 0, nil, fmt.Errorf("discordtest: bad JSON: %w", err)
		}
		typ = cb.Type
		js = cb.Data
		if len(js) == 0 || string(js) == "null" {
			return typ, p, nil
		}
	}
	p.raw = js
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(js, &keys); err != nil {
		return 0, nil, fmt.Errorf("discordtest: bad JSON: %w", err)
	}
	for k, v := range keys {
		p.present[k] = true
		p.null[k] = string(bytes.TrimSpace(v)) == "null"
	}
	var w wireMessage
	if err := json.Unmarshal(js, &w); err != nil {
		return 0, nil, fmt.Errorf("discordtest: bad JSON: %w", err)
	}
	p.Content, p.Embeds, p.Components, p.Flags = w.Content, w.Embeds, w.Components, w.Flags
	p.Attachments, p.AllowedMentions = w.Attachments, w.AllowedMentions
	if w.Reference != nil {
		p.Reference = w.Reference.MessageID
	}
	return typ, p, nil
}

// validateMessage checks a message against Discord's limits and returns the
// problems found.
func validateMessage(content string, embeds []*discordgo.MessageEmbed, comps []Component, flags discordgo.MessageFlags) []string {
	var v []string
	if n := utf8.RuneCountInString(content); n > MaxContent {
		v = append(v, fmt.Sprintf("content has %d characters, the limit is %d", n, MaxContent))
	}
	if len(embeds) > MaxEmbeds {
		v = append(v, fmt.Sprintf("%d embeds, the limit is %d", len(embeds), MaxEmbeds))
	}
	total := 0
	for i, e := range embeds {
		if e == nil {
			continue
		}
		total += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		if n := utf8.RuneCountInString(e.Title); n > 256 {
			v = append(v, fmt.Sprintf("embed %d title has %d characters, the limit is 256", i, n))
		}
		if n := utf8.RuneCountInString(e.Description); n > 4096 {
			v = append(v, fmt.Sprintf("embed %d description has %d characters, the limit is 4096", i, n))
		}
		if len(e.Fields) > 25 {
			v = append(v, fmt.Sprintf("embed %d has %d fields, the limit is 25", i, len(e.Fields)))
		}
		for j, fl := range e.Fields {
			if fl == nil {
				continue
			}
			total += utf8.RuneCountInString(fl.Name) + utf8.RuneCountInString(fl.Value)
			if utf8.RuneCountInString(fl.Name) > 256 || utf8.RuneCountInString(fl.Value) > 1024 {
				v = append(v, fmt.Sprintf("embed %d field %q exceeds 256/1024 characters", i, fl.Name))
			}
			if strings.TrimSpace(fl.Name) == "" || strings.TrimSpace(fl.Value) == "" {
				v = append(v, fmt.Sprintf("embed %d field %d has an empty name or value", i, j))
			}
		}
		if e.Footer != nil {
			n := utf8.RuneCountInString(e.Footer.Text)
			total += n
			if n > maxFooterText {
				v = append(v, fmt.Sprintf("embed %d footer text has %d characters, the limit is %d", i, n, maxFooterText))
			}
		}
		if e.Author != nil {
			n := utf8.RuneCountInString(e.Author.Name)
			total += n
			if n > maxAuthorName {
				v = append(v, fmt.Sprintf("embed %d author name has %d characters, the limit is %d", i, n, maxAuthorName))
			}
		}
	}
	if total > maxEmbedTotal {
		v = append(v, fmt.Sprintf("embeds total %d characters, the limit is %d", total, maxEmbedTotal))
	}
	v2 := flags&discordgo.MessageFlagsIsComponentsV2 != 0
	if v2 {
		if content != "" || len(embeds) > 0 {
			v = append(v, "a components v2 message cannot have content or embeds")
		}
	} else if len(comps) > MaxRows {
		v = append(v, fmt.Sprintf("%d component rows, the limit is %d", len(comps), MaxRows))
	}
	v = append(v, validateComponents(comps, v2, false)...)
	return v
}

// validateComponents checks component trees: rows, buttons per row, selects,
// custom_id length and uniqueness, select option counts.
func validateComponents(comps []Component, v2, modal bool) []string {
	var v []string
	seen := map[string]bool{}
	count := 0
	var check func(c Component, where string)
	check = func(c Component, where string) {
		count++
		switch {
		case c.Type == discordgo.ButtonComponent:
			if n := utf8.RuneCountInString(c.Label); n > MaxButtonLabel {
				v = append(v, fmt.Sprintf("%s: button label has %d characters, the limit is %d", where, n, MaxButtonLabel))
			}
			if c.Style == int(discordgo.LinkButton) {
				if c.URL == "" {
					v = append(v, where+": link button without url")
				}
				if c.CustomID != "" {
					v = append(v, where+": link button with a custom_id")
				}
				return
			}
			if c.Style == 6 { // premium button
				return
			}
			if c.Label == "" && len(c.Raw) > 0 && !bytes.Contains(c.Raw, []byte(`"emoji"`)) {
				v = append(v, where+": button without label or emoji")
			}
		case isSelect(c.Type):
			if c.Type == discordgo.SelectMenuComponent {
				if len(c.Options) == 0 {
					v = append(v, where+": string select without options")
				}
				if len(c.Options) > MaxSelectOptions {
					v = append(v, fmt.Sprintf("%s: select %q has %d options, the limit is %d", where, c.CustomID, len(c.Options), MaxSelectOptions))
				}
				vals := map[string]bool{}
				for _, o := range c.Options {
					if utf8.RuneCountInString(o.Label) > maxOptionText || utf8.RuneCountInString(o.Value) > maxOptionText {
						v = append(v, fmt.Sprintf("%s: select option %q exceeds %d characters", where, o.Label, maxOptionText))
					}
					if n := utf8.RuneCountInString(o.Description); n > maxOptionText {
						v = append(v, fmt.Sprintf("%s: select option %q description has %d characters, the limit is %d", where, o.Label, n, maxOptionText))
					}
					if vals[o.Value] {
						v = append(v, fmt.Sprintf("%s: select option value %q is duplicated", where, o.Value))
					}
					vals[o.Value] = true
				}
				if c.MaxValues > len(c.Options) && len(c.Options) > 0 {
					v = append(v, fmt.Sprintf("%s: max_values %d exceeds %d options", where, c.MaxValues, len(c.Options)))
				}
			}
			v = append(v, checkSelectValues(c, where)...)
			if n := utf8.RuneCountInString(c.Placeholder); n > maxPlaceholder {
				v = append(v, fmt.Sprintf("%s: select placeholder has %d characters, the limit is %d", where, n, maxPlaceholder))
			}
		case c.Type == discordgo.TextInputComponent:
			if !modal {
				v = append(v, where+": text input outside a modal")
			}
			if n := utf8.RuneCountInString(c.Placeholder); n > maxInputHolder {
				v = append(v, fmt.Sprintf("%s: text input placeholder has %d characters, the limit is %d", where, n, maxInputHolder))
			}
		case c.Type == discordgo.ActionsRowComponent:
			if where != "top" {
				v = append(v, "action row nested inside "+where)
			}
			buttons, selects, inputs := 0, 0, 0
			for _, ch := range c.Components {
				switch {
				case ch.Type == discordgo.ButtonComponent:
					buttons++
				case isSelect(ch.Type):
					selects++
				case ch.Type == discordgo.TextInputComponent:
					inputs++
				default:
					v = append(v, fmt.Sprintf("action row holds a component of type %d", ch.Type))
				}
			}
			if buttons > MaxButtonsPerRow {
				v = append(v, fmt.Sprintf("action row has %d buttons, the limit is %d", buttons, MaxButtonsPerRow))
			}
			if selects > 1 || (selects == 1 && buttons > 0) {
				v = append(v, "a select menu must be alone in its action row")
			}
			if inputs > 1 || (inputs == 1 && buttons+selects > 0) {
				v = append(v, "a text input must be alone in its action row")
			}
			if len(c.Components) == 0 {
				v = append(v, "empty action row")
			}
			for _, ch := range c.Components {
				check(ch, "row")
			}
			return
		default:
			if !v2 {
				v = append(v, fmt.Sprintf("component type %d needs the components v2 flag", c.Type))
			}
		}
		if needsCustomID(c) {
			if c.CustomID == "" {
				v = append(v, fmt.Sprintf("%s: component of type %d without custom_id", where, c.Type))
			}
			if n := utf8.RuneCountInString(c.CustomID); n > MaxCustomID {
				v = append(v, fmt.Sprintf("%s: custom_id %q has %d characters, the limit is %d", where, c.CustomID, n, MaxCustomID))
			}
			if c.CustomID != "" && seen[c.CustomID] {
				v = append(v, fmt.Sprintf("%s: custom_id %q is duplicated", where, c.CustomID))
			}
			seen[c.CustomID] = true
		}
		for _, ch := range c.Components {
			check(ch, "container")
		}
		if c.Accessory != nil {
			check(*c.Accessory, "accessory")
		}
	}
	for _, c := range comps {
		if !v2 && c.Type != discordgo.ActionsRowComponent {
			v = append(v, fmt.Sprintf("top-level component of type %d is not an action row", c.Type))
		}
		check(c, "top")
	}
	if v2 && count > MaxV2Components {
		v = append(v, fmt.Sprintf("%d components, the components v2 limit is %d", count, MaxV2Components))
	}
	return v
}

// checkSelectValues checks a select menu's min_values and max_values: 0 to
// 25 and 1 to 25 (both 1 when absent), min_values not above max_values, and
// neither above the option count of a string select.
func checkSelectValues(c Component, where string) []string {
	var v []string
	lo, hi := 1, 1
	if c.MinValues != nil {
		lo = *c.MinValues
	}
	if c.MaxValues != 0 {
		hi = c.MaxValues
	}
	if lo < 0 || lo > 25 {
		v = append(v, fmt.Sprintf("%s: min_values %d must be 0 to 25", where, lo))
	}
	if hi < 1 || hi > 25 {
		v = append(v, fmt.Sprintf("%s: max_values %d must be 1 to 25", where, hi))
	}
	if lo > hi {
		v = append(v, fmt.Sprintf("%s: min_values %d exceeds max_values %d", where, lo, hi))
	}
	if c.Type == discordgo.SelectMenuComponent && len(c.Options) > 0 && lo > len(c.Options) {
		v = append(v, fmt.Sprintf("%s: min_values %d exceeds %d options", where, lo, len(c.Options)))
	}
	return v
}

// validatePayload checks what a message body carries beside the message
// itself: at most 10 files, and allowed_mentions that does not both parse
// a mention type and list ids of that type.
func validatePayload(p *payload) []string {
	var v []string
	if len(p.Files) > maxFiles {
		v = append(v, fmt.Sprintf("%d files, the limit is %d", len(p.Files), maxFiles))
	}
	if am := p.AllowedMentions; am != nil {
		for _, t := range am.Parse {
			if (t == discordgo.AllowedMentionTypeUsers && len(am.Users) > 0) || (t == discordgo.AllowedMentionTypeRoles && len(am.Roles) > 0) {
				v = append(v, fmt.Sprintf("allowed_mentions: parse %q and a list of %s are mutually exclusive", t, t))
			}
		}
	}
	return v
}

func needsCustomID(c Component) bool {
	switch {
	case c.Type == discordgo.ButtonComponent:
		return c.Style != int(discordgo.LinkButton) && c.Style != 6
	case isSelect(c.Type), c.Type == discordgo.TextInputComponent:
		return true
	}
	return false
}

var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// mentionsIn returns the distinct user ids mentioned in content.
func mentionsIn(content string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
}

// notified applies allowed_mentions to the mentions of a new message.
func notified(mentions []string, am *discordgo.MessageAllowedMentions) []string {
	if am == nil {
		return mentions
	}
	var out []string
	for _, id := range mentions {
		ok := false
		for _, p := range am.Parse {
			if p == discordgo.AllowedMentionTypeUsers {
				ok = true
			}
		}
		for _, u := range am.Users {
			if u == id {
				ok = true
			}
		}
		if ok {
			out = append(out, id)
		}
	}
	return out
}

// applyCreate fills a new message from a payload.
func (f *Fake) applyCreate(m *Message, p *payload) {
	m.Content, m.Embeds, m.Components = p.Content, p.Embeds, p.Components
	m.Flags |= p.Flags &^ discordgo.MessageFlagsLoading
	m.Reference = p.Reference
	for _, a := range p.Files {
		a.ID = f.newID()
		m.Attachments = append(m.Attachments, a)
	}
	m.Mentions = mentionsIn(m.Content)
	if m.VisibleTo == "" {
		m.Notified = notified(m.Mentions, p.AllowedMentions)
	}
}

// applyEdit applies a PATCH payload: absent fields are kept; a null content
// or embeds clears them while a null components is ignored (Discord's
// behaviour, discord-api-docs#5860); attachments
// listed in "attachments" are kept (all are kept when the field is absent)
// and uploaded files are added, as Discord does.
func (f *Fake) applyEdit(m *Message, p *payload) {
	if p.present["content"] {
		m.Content = p.Content
		m.Mentions = mentionsIn(m.Content)
	}
	if p.present["embeds"] {
		m.Embeds = p.Embeds
	}
	if p.present["components"] && !p.null["components"] {
		m.Components = p.Components
	}
	if p.present["flags"] {
		keep := m.Flags & (discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsIsComponentsV2)
		m.Flags = keep | (p.Flags & (discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsIsComponentsV2))
	}
	if p.present["attachments"] {
		var kept []Attachment
		for _, want := range p.Attachments {
			id := strings.Trim(string(want.ID), `"`)
			for _, a := range m.Attachments {
				if a.ID == id {
					kept = append(kept, a)
				}
			}
		}
		m.Attachments = kept
	}
	for _, a := range p.Files {
		a.ID = f.newID()
		m.Attachments = append(m.Attachments, a)
	}
	wasLoading := m.Loading()
	m.Flags &^= discordgo.MessageFlagsLoading
	if wasLoading {
		// The first edit of a deferred response is when the user sees it.
		if m.VisibleTo == "" {
			m.Notified = notified(m.Mentions, p.AllowedMentions)
		}
		m.Edited = time.Now()
		return
	}
	m.Edited = time.Now()
	m.Edits++
}

// isEmpty reports whether a new message would have nothing to show.
func isEmpty(p *payload) bool {
	return p.Content == "" && len(p.Embeds) == 0 && len(p.Components) == 0 && len(p.Files) == 0
}

// storeLocked assigns an id and appends the message to its channel.
func (f *Fake) storeLocked(m *Message) {
	m.ID = f.newID()
	if c, ok := f.channels[m.ChannelID]; ok {
		m.GuildID = c.GuildID
	}
	m.Created = time.Now()
	if m.Mentions == nil {
		m.Mentions = mentionsIn(m.Content)
	}
	f.messages[m.ChannelID] = append(f.messages[m.ChannelID], m)
	f.byID[m.ID] = m
}

func (f *Fake) deleteLocked(m *Message) {
	list := f.messages[m.ChannelID]
	for i, x := range list {
		if x == m {
			f.messages[m.ChannelID] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	delete(f.byID, m.ID)
}

// wire renders a message as Discord's JSON message object.
func (f *Fake) wire(m *Message) map[string]any {
	atts := []map[string]any{}
	for _, a := range m.Attachments {
		atts = append(atts, map[string]any{
			"id": a.ID, "filename": a.Filename, "content_type": a.ContentType, "size": len(a.Data),
			"url": f.cdnURL(m.ChannelID, a.ID, a.Filename), "proxy_url": f.cdnURL(m.ChannelID, a.ID, a.Filename),
			"description": a.Description, "ephemeral": m.VisibleTo != "",
		})
	}
	mentions := []map[string]any{}
	for _, id := range m.Mentions {
		if u, ok := f.users[id]; ok {
			mentions = append(mentions, wireUser(u))
		}
	}
	embeds := []any{}
	for _, e := range m.Embeds {
		embeds = append(embeds, wireEmbed(e))
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "author": wireUser(m.Author), "content": m.Content,
		"timestamp": m.Created.UTC().Format(time.RFC3339Nano), "edited_timestamp": nil, "tts": false, "mention_everyone": false,
		"mentions": mentions, "mention_roles": []string{}, "attachments": atts, "embeds": embeds,
		"components": wireComponents(m.Components), "pinned": false, "type": 0, "flags": int(m.Flags),
	}
	// A message object from the REST API carries no guild_id (only the
	// gateway's MESSAGE_CREATE does), so none is invented here.
	if !m.Edited.IsZero() && m.Edits > 0 {
		out["edited_timestamp"] = m.Edited.UTC().Format(time.RFC3339Nano)
	}
	if m.InteractionID != "" {
		out["application_id"] = f.appID
		out["webhook_id"] = f.bot.ID
		if in, ok := f.inters[m.InteractionID]; ok {
			out["type"] = 20
			if in.Type == discordgo.InteractionMessageComponent {
				out["type"] = 0
			}
			out["interaction"] = map[string]any{"id": in.ID, "type": int(in.Type), "name": in.Name, "user": wireUser(in.User)}
			// Discord sends the newer interaction_metadata beside the
			// deprecated interaction object.
			md := in.metadata()
			in.mu.Lock()
			if in.original != "" && in.original != m.ID {
				md["original_response_message_id"] = in.original // on follow-ups only
			}
			in.mu.Unlock()
			out["interaction_metadata"] = md
		}
	}
	if m.Reference != "" {
		out["type"] = 19
		ref := map[string]any{"type": 0, "message_id": m.Reference, "channel_id": m.ChannelID}
		if m.GuildID != "" {
			ref["guild_id"] = m.GuildID
		}
		out["message_reference"] = ref
	}
	return out
}

// wireComponents renders components as Discord serves them back: each
// with the numeric id Discord assigns (1, 2, ... depth first) unless the
// bot gave one, and select menus with their min_values and max_values.
func wireComponents(comps []Component) []any {
	out := []any{}
	next := 0
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			if _, ok := x["type"]; !ok {
				return // an option, an emoji, a media item
			}
			next++
			if _, ok := x["id"]; !ok {
				x["id"] = next
			}
			if t, _ := x["type"].(float64); isSelect(discordgo.ComponentType(t)) {
				for _, k := range []string{"min_values", "max_values"} {
					if _, ok := x[k]; !ok {
						x[k] = 1
					}
				}
			}
			if t, _ := x["type"].(float64); discordgo.ComponentType(t) == discordgo.ContainerComponent {
				if _, ok := x["accent_color"]; !ok {
					x["accent_color"] = nil
				}
				if _, ok := x["spoiler"]; !ok {
					x["spoiler"] = false
				}
			}
			walk(x["components"])
			walk(x["accessory"])
		}
	}
	for _, c := range comps {
		raw, err := json.Marshal(c)
		var v any
		if err != nil || json.Unmarshal(raw, &v) != nil {
			continue
		}
		walk(v)
		out = append(out, v)
	}
	return out
}

func wireUser(u User) map[string]any {
	return map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "discriminator": "0", "bot": u.Bot, "avatar": nil,
		"public_flags": 0, "flags": 0, "primary_guild": nil}
}

// wireEmbed renders an embed as Discord serves it back: with its type
// ("rich" unless the bot gave one) and every field's inline flag.
func wireEmbed(e *discordgo.MessageEmbed) any {
	raw, err := json.Marshal(e)
	var v map[string]any
	if err != nil || json.Unmarshal(raw, &v) != nil || v == nil {
		return e
	}
	if _, ok := v["type"]; !ok {
		v["type"] = string(discordgo.EmbedTypeRich)
	}
	fields, _ := v["fields"].([]any)
	for _, fl := range fields {
		if m, ok := fl.(map[string]any); ok {
			if _, ok := m["inline"]; !ok {
				m["inline"] = false
			}
		}
	}
	return v
}
