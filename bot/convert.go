package bot

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"spindle/commands"
)

// request decodes a discordgo interaction into the library-free Request the
// handlers take.
func request(i *discordgo.Interaction, state *discordgo.State, now time.Time) (commands.Request, error) {
	req := commands.Request{ID: i.ID, Guild: i.GuildID, Channel: i.ChannelID, At: now, Options: map[string]string{},
		AppPermissions: i.AppPermissions, AppPermissionsKnown: i.GuildID != ""}
	req.ChannelKind = channelKind(state, i.ChannelID)
	if i.AppID != "" && i.Token != "" {
		// Opaque to the handlers: the poster's EditReply reads it back.
		req.Token = i.AppID + ":" + i.Token
	}
	switch {
	case i.Member != nil && i.Member.User != nil:
		u := i.Member.User
		req.User = commands.User{ID: u.ID, Name: displayName(u, i.Member.Nick)}
		req.CanManage = i.Member.Permissions&discordgo.PermissionManageGuild != 0 ||
			i.Member.Permissions&discordgo.PermissionAdministrator != 0
	case i.User != nil:
		req.User = commands.User{ID: i.User.ID, Name: displayName(i.User, "")}
	default:
		return req, fmt.Errorf("bot: interaction %s has no user", i.ID)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = commands.Command
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.Autocomplete
		}
		data := i.ApplicationCommandData()
		req.Command = data.Name
		opts := data.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			req.Command += " " + opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			req.Options[o.Name] = optionString(o)
			if o.Focused {
				req.Focused = o.Name
			}
		}
	case discordgo.InteractionMessageComponent:
		req.Kind = commands.Component
		data := i.MessageComponentData()
		req.CustomID, req.Values = data.CustomID, data.Values
		if m := i.Message; m != nil {
			req.Message = m.ID
			if m.Flags&discordgo.MessageFlagsEphemeral != 0 && m.InteractionMetadata != nil && m.InteractionMetadata.User != nil {
				req.MessageOwner = m.InteractionMetadata.User.ID
			}
		}
	default:
		return req, fmt.Errorf("bot: interaction type %d is not handled", i.Type)
	}
	return req, nil
}

func displayName(u *discordgo.User, nick string) string {
	switch {
	case nick != "":
		return nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case nil:
		return ""
	}
	return fmt.Sprint(o.Value)
}

// components converts rows to discordgo components.
func components(rows []commands.Row) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	for _, r := range rows {
		var row discordgo.ActionsRow
		for _, b := range r.Buttons {
			row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID,
				Style: discordgo.ButtonStyle(b.Style), Disabled: b.Disabled})
		}
		if s := r.Select; s != nil {
			menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: s.CustomID, Placeholder: s.Placeholder}
			for _, o := range s.Options {
				menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value,
					Description: o.Description, Default: o.Default})
			}
			row.Components = append(row.Components, menu)
		}
		out = append(out, row)
	}
	return out
}

func embeds(es []commands.Embed) []*discordgo.MessageEmbed {
	out := []*discordgo.MessageEmbed{}
	for _, e := range es {
		me := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description, Color: e.Color}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		if e.Image != "" {
			me.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + e.Image}
		}
		if e.Footer != "" {
			me.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		out = append(out, me)
	}
	return out
}

func files(fs []commands.File) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range fs {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// mentions allows exactly the listed users to be pinged, never roles or
// @everyone, whatever the text contains.
func mentions(m commands.Message) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: append([]string{}, m.Mentions...)}
}

func flags(m commands.Message) discordgo.MessageFlags {
	if m.Ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// responseData is m as an interaction response.
func responseData(m commands.Message) *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{Content: m.Content, Components: components(m.Rows), Embeds: embeds(m.Embeds),
		Files: files(m.Files), AllowedMentions: mentions(m), Flags: flags(m)}
	if m.ClearFiles || len(m.Files) > 0 {
		d.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return d
}

// webhookEdit is m as an edit of the original response; existing
// attachments are replaced by m's files.
func webhookEdit(m commands.Message) *discordgo.WebhookEdit {
	comps, embs := components(m.Rows), embeds(m.Embeds)
	content := m.Content
	return &discordgo.WebhookEdit{Content: &content, Components: &comps, Embeds: &embs, Files: files(m.Files),
		Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions(m)}
}

// channelKind says what kind of channel id is, from the gateway's cache
// (nil or a channel it does not hold: "").
func channelKind(state *discordgo.State, id string) string {
	if state == nil {
		return ""
	}
	c, err := state.Channel(id)
	if err != nil {
		return ""
	}
	switch c.Type {
	case discordgo.ChannelTypeGuildText:
		return "text"
	case discordgo.ChannelTypeGuildNews:
		return "announcement"
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread, discordgo.ChannelTypeGuildNewsThread:
		return "thread"
	case discordgo.ChannelTypeGuildVoice, discordgo.ChannelTypeGuildStageVoice:
		return "voice"
	}
	return ""
}
