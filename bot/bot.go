package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/rs/zerolog"

	"spindle/commands"
)

// Intents are the only gateway intents the bot asks for: guild metadata.
// Interactions arrive whatever the intents; no privileged intent is needed.
const Intents = discordgo.IntentsGuilds

// Bot serves interactions from the Discord gateway through the commands App.
type Bot struct {
	Session *discordgo.Session
	App     *commands.App
	Log     zerolog.Logger
	Metrics *Metrics
	// Health, when set, follows the gateway for /healthz.
	Health *Health
	// Shards are the gateway sessions of every shard this process runs;
	// empty means Session alone. Session is also used for REST calls.
	Shards []*discordgo.Session
	// IdentifySpacing is the wait between opening two shards (Discord
	// allows one identify per five seconds); zero opens them at once.
	IdentifySpacing time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	inflight sync.WaitGroup
	mu       sync.Mutex
	closing  bool
	// dms caches users' DM channel ids: opening one is a REST call.
	dms sync.Map
}

// poster is the bot's Poster, sharing its DM channel cache.
func (b *Bot) poster() poster { return poster{s: b.Session, dms: &b.dms, m: b.Metrics} }

// NewSession makes a discordgo session for a bot token with Spindle's
// intents. Tests replace its transport and gateway (bot/discordtest).
func NewSession(token string) (*discordgo.Session, error) {
	if token == "" {
		return nil, errors.New("bot: DISCORD_TOKEN is not set")
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("bot: session: %w", err)
	}
	s.Identify.Intents = Intents
	s.ShouldReconnectOnError = true
	return s, nil
}

func (b *Bot) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// Run opens the gateway (every shard in Shards, or Session alone), serves
// until ctx is done, then stops taking new interactions, waits (bounded)
// for those in flight and closes.
func (b *Bot) Run(ctx context.Context) error {
	sessions := b.Shards
	if len(sessions) == 0 {
		sessions = []*discordgo.Session{b.Session}
	}
	// A deleted channel or thread ends its table.
	gone := func(id string) {
		if t, err := b.App.ChannelGone(id); err != nil {
			b.Log.Error().Err(err).Str("channel", id).Msg("could not end the table of a deleted channel")
		} else if t != 0 {
			b.Log.Info().Uint64("table", t).Str("channel", id).Msg("channel deleted: table ended")
		}
	}
	// Handlers run on a context the shutdown does not cancel: a move that
	// started finishes and is announced; Drain bounds the wait.
	work := context.WithoutCancel(ctx)
	for i, s := range sessions {
		if b.Health != nil {
			b.Health.watch(s, b.Metrics)
		}
		defer s.AddHandler(func(_ *discordgo.Session, c *discordgo.ChannelDelete) { gone(c.ID) })()
		defer s.AddHandler(func(_ *discordgo.Session, c *discordgo.ThreadDelete) { gone(c.ID) })()
		defer s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { b.Serve(work, ic.Interaction) })()
		defer s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			b.Log.Info().Str("user", r.User.Username).Int("guilds", len(r.Guilds)).Int("shard", s.ShardID).Msg("connected to Discord")
		})()
		if i > 0 && b.IdentifySpacing > 0 {
			// Discord takes one identify per five seconds (max_concurrency 1).
			select {
			case <-time.After(b.IdentifySpacing):
			case <-ctx.Done():
			}
		}
		if err := s.Open(); err != nil {
			return fmt.Errorf("bot: open gateway shard %d: %w", s.ShardID, err)
		}
	}
	timers := make(chan struct{})
	go func() {
		defer close(timers)
		b.App.RunTimers(ctx, b.poster(), time.Second)
	}()
	<-ctx.Done()
	<-timers
	b.Log.Info().Msg("shutting down: finishing interactions in flight")
	b.Drain(10 * time.Second)
	var errs []error
	for _, s := range sessions {
		if err := s.Close(); err != nil {
			errs = append(errs, fmt.Errorf("bot: close gateway shard %d: %w", s.ShardID, err))
		}
	}
	return errors.Join(errs...)
}

// NewShards returns the gateway sessions of every shard, sharing one
// token: count of them, or as many as Discord recommends when count is 0.
// The first is also the one to use for REST calls (Bot.Session).
func NewShards(token string, count int) ([]*discordgo.Session, error) {
	first, err := NewSession(token)
	if err != nil {
		return nil, err
	}
	if count <= 0 {
		gb, err := first.GatewayBot()
		if err != nil {
			return nil, fmt.Errorf("bot: ask Discord for the shard count: %w", err)
		}
		count = max(1, gb.Shards)
	}
	return shardSessions(first, token, count, 0, count-1)
}

// NewShardRange returns sessions for shards first..last of count, for a
// process that runs part of the gateway while others, sharing its
// database, run the rest.
func NewShardRange(token string, count, first, last int) ([]*discordgo.Session, error) {
	if count <= 0 || first < 0 || last < first || last >= count {
		return nil, fmt.Errorf("bot: shard range %d-%d is not within 0..%d", first, last, count-1)
	}
	s, err := NewSession(token)
	if err != nil {
		return nil, err
	}
	return shardSessions(s, token, count, first, last)
}

// shardSessions returns s and new sessions as shards first..last of count.
func shardSessions(s *discordgo.Session, token string, count, first, last int) ([]*discordgo.Session, error) {
	out := []*discordgo.Session{s}
	for i := first + 1; i <= last; i++ {
		s, err := NewSession(token)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	for i, s := range out {
		s.ShardID, s.ShardCount = first+i, count
	}
	return out, nil
}

// RunWithoutGateway serves until ctx is done with no gateway connection:
// interactions arrive through the HTTP endpoint only, and the timers and
// the outbox run as with Run. Then it drains like Run.
func (b *Bot) RunWithoutGateway(ctx context.Context) error {
	b.Log.Info().Msg("running without a gateway: interactions over HTTP only")
	b.App.RunTimers(ctx, b.poster(), time.Second)
	b.Log.Info().Msg("shutting down: finishing interactions in flight")
	b.Drain(10 * time.Second)
	return nil
}

// Drain refuses new interactions and waits up to d for those in flight.
func (b *Bot) Drain(d time.Duration) {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		b.Log.Warn().Msg("gave up waiting for interactions in flight")
	}
}

func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	return true
}

// Serve answers one interaction: acknowledge (deferring when the handler
// will write and render), run the handler, deliver its response. A panic
// anywhere is recovered and logged; the process never dies of a click.
func (b *Bot) Serve(ctx context.Context, i *discordgo.Interaction) {
	b.serve(ctx, i, func(r *discordgo.InteractionResponse) error {
		if r.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
			// discordgo drops an empty choices list; Discord wants one.
			url := discordgo.EndpointInteractionResponse(i.ID, i.Token)
			_, err := b.Session.RequestWithBucketID("POST", url, wire(r), discordgo.EndpointInteractionResponse(i.ID, ""))
			return err
		}
		return b.Session.InteractionRespond(i, r)
	})
}

// ackFunc sends the initial response to an interaction: through the REST
// callback for gateway interactions, in the HTTP response body for the
// HTTP endpoint.
type ackFunc func(*discordgo.InteractionResponse) error

// restartingText answers interactions that arrive while the bot stops.
const restartingText = "Spindle is restarting; try again in a moment. Nothing you did before this was lost."

func (b *Bot) serve(ctx context.Context, i *discordgo.Interaction, ack ackFunc) {
	if !b.enter() {
		// Stopping: say so instead of leaving the click unanswered.
		r := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: restartingText, Flags: discordgo.MessageFlagsEphemeral}}
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			r = &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}}
		}
		_ = ack(r)
		return
	}
	defer b.inflight.Done()
	start := b.now()
	ack = b.timed(ack, i.Type.String(), start)
	log := b.Log.With().Str("interaction", i.ID).Str("guild", i.GuildID).Str("channel", i.ChannelID).Logger()
	outcome := "ok"
	defer func() {
		if r := recover(); r != nil {
			outcome = "panic"
			log.Error().Interface("panic", r).Msg("interaction panicked")
		}
		b.Metrics.observe(i.Type.String(), outcome, time.Since(start))
	}()
	var state *discordgo.State
	if b.Session != nil {
		state = b.Session.State
	}
	req, err := request(i, state, start)
	if err != nil {
		outcome = "undecodable"
		log.Warn().Err(err).Msg("could not decode interaction")
		b.respond(ack, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Sorry, I can't handle that here.", Flags: discordgo.MessageFlagsEphemeral}}, log)
		return
	}
	p := b.poster()
	mode := b.App.DeferFor(req)
	switch mode {
	case commands.DeferEphemeral, commands.DeferPublic:
		var fl discordgo.MessageFlags
		if mode == commands.DeferEphemeral {
			fl = discordgo.MessageFlagsEphemeral
		}
		if !b.respond(ack, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: fl}}, log) {
			outcome = "ack-failed"
			return
		}
	case commands.DeferUpdate:
		if !b.respond(ack, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}, log) {
			outcome = "ack-failed"
			return
		}
	}
	resp, herr := b.App.Handle(ctx, req, p)
	if herr != nil {
		outcome = "refused"
		if !commands.Expected(herr) {
			outcome = "error"
		}
	}
	if err := b.deliver(i, ack, mode, resp); err != nil {
		outcome = "deliver-failed"
		log.Error().Err(redactToken(err, i.Token)).Msg("could not deliver the response")
		return
	}
	// Only now may an open panel be edited through this reply: an edit
	// sent earlier could be overtaken by the answer itself.
	b.App.Delivered(ctx, req, resp, p)
}

func (b *Bot) respond(ack ackFunc, r *discordgo.InteractionResponse, log zerolog.Logger) bool {
	if err := ack(r); err != nil {
		log.Error().Err(err).Msg("could not acknowledge the interaction")
		return false
	}
	return true
}

// deliver sends resp the way the acknowledgement mode requires.
func (b *Bot) deliver(i *discordgo.Interaction, ack ackFunc, mode commands.Defer, resp commands.Response) error {
	s := b.Session
	if resp.LaunchActivity {
		if mode != commands.NoDefer {
			return errors.New("bot: an Activity can only be launched by the first answer to an interaction")
		}
		return ack(&discordgo.InteractionResponse{Type: InteractionResponseLaunchActivity})
	}
	if resp.Choices != nil || (mode == commands.NoDefer && resp.Message == nil) {
		cs := []*discordgo.ApplicationCommandOptionChoice{}
		for _, c := range resp.Choices {
			cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
		}
		return ack(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: cs}})
	}
	m := resp.Message
	if m == nil {
		return errors.New("bot: handler returned no message")
	}
	switch mode {
	case commands.NoDefer:
		typ := discordgo.InteractionResponseChannelMessageWithSource
		if resp.Update && i.Type == discordgo.InteractionMessageComponent {
			typ = discordgo.InteractionResponseUpdateMessage
		}
		return ack(&discordgo.InteractionResponse{Type: typ, Data: responseData(*m)})
	case commands.DeferPublic:
		if m.Ephemeral {
			// A private answer to a public "thinking…": remove the public
			// placeholder and answer privately instead.
			if err := s.InteractionResponseDelete(i); err != nil {
				return fmt.Errorf("bot: delete placeholder: %w", err)
			}
			return b.followup(i, *m)
		}
		_, err := s.InteractionResponseEdit(i, webhookEdit(*m))
		return err
	case commands.DeferEphemeral:
		_, err := s.InteractionResponseEdit(i, webhookEdit(*m))
		return err
	case commands.DeferUpdate:
		if resp.Update {
			_, err := s.InteractionResponseEdit(i, webhookEdit(*m))
			return err
		}
		return b.followup(i, *m)
	}
	return fmt.Errorf("bot: unknown defer mode %d", mode)
}

func (b *Bot) followup(i *discordgo.Interaction, m commands.Message) error {
	_, err := b.Session.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: m.Content, Components: components(m.Rows),
		Embeds: embeds(m.Embeds), Files: files(m.Files), AllowedMentions: mentions(m), Flags: flags(m)})
	return err
}

// InteractionResponseLaunchActivity is Discord's LAUNCH_ACTIVITY
// interaction callback (type 12): it opens the application's Activity in
// the interaction's channel. discordgo has no name for it.
const InteractionResponseLaunchActivity discordgo.InteractionResponseType = 12

// wire is r as Discord must receive it: an autocomplete result always
// carries its choices array, empty or not (discordgo would leave an empty
// one out).
func wire(r *discordgo.InteractionResponse) any {
	if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || r.Data == nil {
		return r
	}
	cs := r.Data.Choices
	if cs == nil {
		cs = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return map[string]any{"type": r.Type, "data": map[string]any{"choices": cs}}
}

// timed wraps ack so the first acknowledgement's latency is recorded.
func (b *Bot) timed(ack ackFunc, typ string, start time.Time) ackFunc {
	var once sync.Once
	return func(r *discordgo.InteractionResponse) error {
		err := ack(r)
		once.Do(func() {
			if err == nil {
				b.Metrics.acked(typ, b.now().Sub(start))
			}
		})
		return err
	}
}
