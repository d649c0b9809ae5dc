package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"spindle/commands"
)

// poster performs the handlers' channel effects through Discord's REST API.
type poster struct {
	s   *discordgo.Session
	dms *sync.Map // user id -> DM channel id; nil: no cache
	m   *Metrics  // counts refusals; nil records nothing
}

var _ commands.Poster = poster{}

// callTimeout bounds one call to Discord, its rate-limit waits and
// retries included: handlers run on a context the shutdown does not cancel,
// so this is what keeps a stuck call from holding a table for ever.
const callTimeout = 20 * time.Second

func (p poster) Post(ctx context.Context, channel string, m commands.Message) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	msg, err := p.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: m.Content, Embeds: embeds(m.Embeds),
		Components: components(m.Rows), Files: files(m.Files), AllowedMentions: mentions(m)}, discordgo.WithContext(ctx))
	if err != nil {
		return "", p.classify(err, "post to "+channel)
	}
	return msg.ID, nil
}

func (p poster) Edit(ctx context.Context, channel, id string, m commands.Message) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	comps, embs := components(m.Rows), embeds(m.Embeds)
	content := m.Content
	e := &discordgo.MessageEdit{ID: id, Channel: channel, Content: &content, Components: &comps, Embeds: &embs,
		Files: files(m.Files), AllowedMentions: mentions(m)}
	if m.ClearFiles || len(m.Files) > 0 {
		e.Attachments = &[]*discordgo.MessageAttachment{}
	}
	if _, err := p.s.ChannelMessageEditComplex(e, discordgo.WithContext(ctx)); err != nil {
		return p.classify(err, fmt.Sprintf("edit %s/%s", channel, id))
	}
	return nil
}

// EditReply edits the original response of the interaction whose token
// (as request() wrote it: "<application id>:<token>") is given.
func (p poster) EditReply(ctx context.Context, token string, m commands.Message) error {
	app, tok, ok := strings.Cut(token, ":")
	if !ok || app == "" || tok == "" {
		return errors.New("bot: edit reply: malformed interaction token")
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	e := webhookEdit(m)
	if _, err := p.s.InteractionResponseEdit(&discordgo.Interaction{AppID: app, Token: tok}, e, discordgo.WithContext(ctx)); err != nil {
		return redactToken(p.classify(err, "edit an interaction reply"), tok)
	}
	return nil
}

// redactToken keeps an interaction token out of an error's text (a
// network error quotes the URL, which holds the token), so that logging
// the error never logs the secret.
func redactToken(err error, token string) error {
	if err == nil || token == "" || !strings.Contains(err.Error(), token) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), token, "<token>"))
}

func (p poster) Delete(ctx context.Context, channel, id string) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	if err := p.s.ChannelMessageDelete(channel, id, discordgo.WithContext(ctx)); err != nil {
		return p.classify(err, fmt.Sprintf("delete %s/%s", channel, id))
	}
	return nil
}

func (p poster) Thread(ctx context.Context, channel, name string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	// Announcement channels take announcement threads only.
	typ := discordgo.ChannelTypeGuildPublicThread
	if c, err := p.s.State.Channel(channel); err == nil && c.Type == discordgo.ChannelTypeGuildNews {
		typ = discordgo.ChannelTypeGuildNewsThread
	}
	// A week is the longest auto-archive; a message posted in an archived
	// thread opens it again.
	ch, err := p.s.ThreadStart(channel, name, typ, 7*24*60, discordgo.WithContext(ctx))
	if err != nil {
		return "", p.classify(err, "start thread in "+channel)
	}
	return ch.ID, nil
}

func (p poster) DM(ctx context.Context, user string, m commands.Message) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	var channel string
	if p.dms != nil {
		if v, ok := p.dms.Load(user); ok {
			channel = v.(string)
		}
	}
	if channel == "" {
		ch, err := p.s.UserChannelCreate(user, discordgo.WithContext(ctx))
		if err != nil {
			return p.classify(err, "open DM with "+user)
		}
		channel = ch.ID
		if p.dms != nil {
			p.dms.Store(user, channel)
		}
	}
	if _, err := p.Post(ctx, channel, m); err != nil {
		return err
	}
	return nil
}

// classify is the package's classify that also counts the refusal.
func (p poster) classify(err error, what string) error {
	err = classify(err, what)
	var r refusal
	if errors.As(err, &r) {
		p.m.refused(r.status, r.code)
	}
	return err
}
