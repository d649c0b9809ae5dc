package discordtest_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spindle/bot/discordtest"
)

// handlers routes interactions to per-test functions by command name or
// custom_id prefix.
type handlers struct {
	mu sync.Mutex
	m  map[string]func(*discordgo.Session, *discordgo.InteractionCreate)
}

func (h *handlers) on(key string, fn func(*discordgo.Session, *discordgo.InteractionCreate)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.m == nil {
		h.m = map[string]func(*discordgo.Session, *discordgo.InteractionCreate){}
	}
	h.m[key] = fn
}

func (h *handlers) handle(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	var key string
	switch ic.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		key = ic.ApplicationCommandData().Name
	case discordgo.InteractionMessageComponent:
		key, _, _ = strings.Cut(ic.MessageComponentData().CustomID, "/")
	case discordgo.InteractionModalSubmit:
		key, _, _ = strings.Cut(ic.ModalSubmitData().CustomID, "/")
	}
	h.mu.Lock()
	fn := h.m[key]
	h.mu.Unlock()
	if fn != nil {
		fn(s, ic)
	}
}

// open starts a fake and an opened discordgo session against it.
func open(t *testing.T) (*discordtest.Fake, *discordgo.Session, *handlers) {
	t.Helper()
	f := discordtest.New(t)
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	h := &handlers{}
	s.AddHandler(h.handle)
	if err := s.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	// discordgo starts its heartbeat goroutine after Open returns; closing
	// before its first beat makes that goroutine reconnect on its own.
	if err := discordtest.WaitFor(ctx(t), func() bool { return f.GatewayStats().Heartbeats >= 1 }); err != nil {
		t.Fatal(err)
	}
	return f, s, h
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func reply(s *discordgo.Session, ic *discordgo.InteractionCreate, typ discordgo.InteractionResponseType, data *discordgo.InteractionResponseData) error {
	return s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: typ, Data: data})
}

func TestOpenIdentifyReadyHeartbeat(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	f.SetHeartbeatInterval(30 * time.Millisecond)
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	if err := discordtest.WaitFor(ctx(t), func() bool { return f.GatewayStats().Heartbeats >= 3 }); err != nil {
		t.Fatal(err)
	}
	st := f.GatewayStats()
	if st.Identifies != 1 || st.Live != 1 {
		t.Errorf("stats = %+v, want one identify and one live connection", st)
	}
	if s.State.User == nil || s.State.User.ID != f.Bot().ID {
		t.Errorf("READY user = %+v, want bot %s", s.State.User, f.Bot().ID)
	}
	if err := discordtest.WaitFor(ctx(t), func() bool {
		_, err := s.State.Channel(f.DefaultChannel().ID)
		return err == nil
	}); err != nil {
		t.Errorf("GUILD_CREATE did not fill the state: %v", err)
	}
	me, err := s.User("@me")
	if err != nil || me.ID != f.Bot().ID {
		t.Errorf("GET /users/@me = %v, %v", me, err)
	}
}

func TestSlashCommandMessageResponse(t *testing.T) {
	t.Parallel()
	f, _, h := open(t)
	alice := f.AddUser("alice")
	bob := f.AddUser("bob")
	var got struct {
		sub, game string
		seats     int64
		ai        bool
		opponent  string
	}
	h.on("game", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		sub := ic.ApplicationCommandData().Options[0]
		got.sub = sub.Name
		got.game = sub.GetOption("game").StringValue()
		got.seats = sub.GetOption("seats").IntValue()
		got.ai = sub.GetOption("ai").BoolValue()
		got.opponent = sub.GetOption("opponent").UserValue(nil).ID
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{
			Content: "Lobby open, " + bob.Mention() + " is invited",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Join", CustomID: "lobby/join", Style: discordgo.PrimaryButton},
			}}},
		}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	ch := f.DefaultChannel().ID
	in := f.SlashCommand(alice, ch, "game", discordtest.Sub("new",
		discordtest.String("game", "hex"), discordtest.Int("seats", 2), discordtest.Bool("ai", true),
		discordtest.UserOption("opponent", bob)))
	m, err := in.WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got.sub != "new" || got.game != "hex" || got.seats != 2 || !got.ai || got.opponent != bob.ID {
		t.Errorf("options seen by the bot = %+v", got)
	}
	if !strings.HasPrefix(m.Content, "Lobby open") || m.Ephemeral() || !m.Mentioned(bob.ID) {
		t.Errorf("response = %+v", m)
	}
	if b, ok := m.Button("Join"); !ok || b.CustomID != "lobby/join" {
		t.Errorf("Join button = %+v, %v", b, ok)
	}
	if last, ok := f.Last(ch); !ok || last.ID != m.ID {
		t.Errorf("Last = %+v, want the response", last)
	}
	if n := f.Notifications(bob.ID); len(n) != 1 {
		t.Errorf("bob notified %d times, want 1", len(n))
	}
	tm := in.Timings()
	if tm.AckLatency() <= 0 || tm.FinalLatency() != tm.AckLatency() {
		t.Errorf("timings = %+v", tm)
	}
	if cb, _ := in.Callback(); cb.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("callback type = %d", cb.Type)
	}
}

var png = []byte("\x89PNG\r\n\x1a\nfake image bytes")

func TestDeferEditWithFileAndEphemeralFollowup(t *testing.T) {
	t.Parallel()
	f, _, h := open(t)
	alice := f.AddUser("alice")
	release := make(chan struct{})
	h.on("board", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil); err != nil {
			t.Errorf("defer: %v", err)
			return
		}
		<-release
		content := "Board"
		if _, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{
			Content: &content,
			Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		}); err != nil {
			t.Errorf("edit: %v", err)
		}
		if _, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{
			Content: "only you", Flags: discordgo.MessageFlagsEphemeral,
		}); err != nil {
			t.Errorf("follow-up: %v", err)
		}
		// Replacing the image needs an explicit attachments list.
		if _, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{
			Attachments: &[]*discordgo.MessageAttachment{},
			Files:       []*discordgo.File{{Name: "board2.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
		}); err != nil {
			t.Errorf("second edit: %v", err)
		}
	})
	ch := f.DefaultChannel().ID
	in := f.SlashCommand(alice, ch, "board")
	cb, err := in.Wait(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("callback type = %d", cb.Type)
	}
	if m, _ := in.Original(); !m.Loading() {
		t.Errorf("deferred message not loading: %+v", m)
	}
	close(release)
	m, err := in.WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "Board" || m.Loading() {
		t.Errorf("final = %+v", m)
	}
	tm := in.Timings()
	if !tm.Final.After(tm.Acked) {
		t.Errorf("final %v not after ack %v", tm.Final, tm.Acked)
	}
	if err := discordtest.WaitFor(ctx(t), func() bool {
		m, _ := in.Original()
		return len(in.Followups()) == 1 && len(m.Attachments) == 1 && m.Attachments[0].Filename == "board2.png"
	}); err != nil {
		o, _ := in.Original()
		t.Fatalf("after second edit: original %+v, follow-ups %+v: %v", o, in.Followups(), err)
	}
	eph := f.Ephemeral(alice.ID)
	if len(eph) != 1 || eph[0].Content != "only you" {
		t.Errorf("ephemeral = %+v", eph)
	}
	for _, m := range f.Messages(ch) {
		if m.Content == "only you" {
			t.Errorf("ephemeral follow-up visible in channel")
		}
	}
	// The attachment is served by the fake CDN.
	o, _ := in.Original()
	resp, err := f.HTTPClient().Get("https://cdn.discordapp.com/attachments/" + ch + "/" + o.Attachments[0].ID + "/board2.png")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(body, png) {
		t.Errorf("CDN served %q", body)
	}
}

func TestComponentsSendEditClickSelectModal(t *testing.T) {
	t.Parallel()
	f, s, h := open(t)
	alice := f.AddUser("alice")
	ch := f.DefaultChannel().ID
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Move", CustomID: "t/1/1/move", Style: discordgo.PrimaryButton},
		discordgo.Button{Label: "Name", CustomID: "name/1", Style: discordgo.SecondaryButton},
	}}
	sel := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: "pick/1", Options: []discordgo.SelectMenuOption{{Label: "A", Value: "a"}, {Label: "B", Value: "b"}}},
	}}
	sent, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content:    "Table",
		Components: []discordgo.MessageComponent{row, sel},
		Files:      []*discordgo.File{{Name: "table.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent.Attachments) != 1 || len(sent.Components) != 2 {
		t.Fatalf("sent = %+v", sent)
	}
	content := "Table v2"
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: sent.ID, Channel: ch, Content: &content}); err != nil {
		t.Fatal(err)
	}
	m, _ := f.Message(sent.ID)
	if m.Content != "Table v2" || len(m.Components) != 2 || len(m.Attachments) != 1 || m.Edits != 1 {
		t.Fatalf("edited = %+v", m)
	}

	h.on("t", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic.Message == nil || ic.Message.ID != sent.ID || ic.Member == nil || ic.Member.User.ID != alice.ID {
			t.Errorf("click payload: message %v member %v", ic.Message, ic.Member)
		}
		if err := reply(s, ic, discordgo.InteractionResponseUpdateMessage, &discordgo.InteractionResponseData{
			Content: "Moved",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Move", CustomID: "t/1/2/move", Style: discordgo.PrimaryButton},
			}}},
		}); err != nil {
			t.Errorf("update: %v", err)
		}
	})
	in := f.Click(alice, m, "t/1/1/move")
	upd, err := in.WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if upd.ID != sent.ID || upd.Content != "Moved" || len(upd.Buttons()) != 1 || upd.Buttons()[0].CustomID != "t/1/2/move" {
		t.Errorf("updated message = %+v", upd)
	}

	h.on("pick", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		v := ic.MessageComponentData().Values
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{
			Content: "picked " + strings.Join(v, ","), Flags: discordgo.MessageFlagsEphemeral,
		}); err != nil {
			t.Errorf("select reply: %v", err)
		}
	})
	in = f.Select(alice, m, "pick/1", "b")
	got, err := in.WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got.Content != "picked b" || !got.Ephemeral() || got.VisibleTo != alice.ID {
		t.Errorf("select reply = %+v", got)
	}

	h.on("name", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseModal, &discordgo.InteractionResponseData{
			CustomID: "name/modal", Title: "Rename",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "n", Label: "Name", Style: discordgo.TextInputShort},
			}}},
		}); err != nil {
			t.Errorf("modal: %v", err)
		}
	})
	in = f.Click(alice, m, "name/1")
	if cb, err := in.Wait(ctx(t)); err != nil || cb.Type != discordgo.InteractionResponseModal || cb.ModalTitle != "Rename" {
		t.Fatalf("modal callback = %+v, %v", cb, err)
	}
	h.on("name", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		row := ic.ModalSubmitData().Components[0].(*discordgo.ActionsRow)
		v := row.Components[0].(*discordgo.TextInput).Value
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "renamed " + v}); err != nil {
			t.Errorf("modal submit reply: %v", err)
		}
	})
	sub := f.SubmitModal(alice, in, map[string]string{"n": "Zed"})
	if got, err := sub.WaitFinal(ctx(t)); err != nil || got.Content != "renamed Zed" {
		t.Errorf("modal submit = %+v, %v", got, err)
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	f, _, h := open(t)
	alice := f.AddUser("alice")
	h.on("rules", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		opt := ic.ApplicationCommandData().Options[0]
		if !opt.Focused {
			t.Errorf("option not focused")
		}
		if err := reply(s, ic, discordgo.InteractionApplicationCommandAutocompleteResult, &discordgo.InteractionResponseData{
			Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Hex", Value: "hex"}, {Name: "Hearts", Value: "hearts"}},
		}); err != nil {
			t.Errorf("autocomplete: %v", err)
		}
	})
	in := f.Autocomplete(alice, f.DefaultChannel().ID, "rules", discordtest.Focused(discordtest.String("topic", "he")))
	cb, err := in.Wait(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(cb.Choices) != 2 || cb.Choices[0].Value != "hex" {
		t.Errorf("choices = %+v", cb.Choices)
	}
}

func TestThreadsDMsAndChannels(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := f.AddChannel("", "games")
	th, err := s.ThreadStart(ch.ID, "Game 1", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	if th.ParentID != ch.ID || !th.IsThread() {
		t.Errorf("thread = %+v", th)
	}
	if _, err := s.ChannelMessageSend(th.ID, "inside the thread"); err != nil {
		t.Fatal(err)
	}
	if last, _ := f.Last(th.ID); last.Content != "inside the thread" {
		t.Errorf("thread message = %+v", last)
	}
	m, err := s.ChannelMessageSend(ch.ID, "lobby")
	if err != nil {
		t.Fatal(err)
	}
	th2, err := s.MessageThreadStart(ch.ID, m.ID, "Game 2", 60)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := f.Channel(th2.ID); c.StarterMessageID != m.ID || c.ParentID != ch.ID {
		t.Errorf("message thread = %+v", c)
	}
	if _, err := s.MessageThreadStart(ch.ID, m.ID, "again", 60); !isCode(err, 160004) {
		t.Errorf("second thread on a message: %v", err)
	}
	if len(f.Threads(ch.ID)) != 2 {
		t.Errorf("threads = %+v", f.Threads(ch.ID))
	}
	got, err := s.Channel(th.ID)
	if err != nil || got.ParentID != ch.ID {
		t.Errorf("GET channel = %+v, %v", got, err)
	}

	alice := f.AddUser("alice")
	dm, err := s.UserChannelCreate(alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if dm.Type != discordgo.ChannelTypeDM || len(dm.Recipients) != 1 || dm.Recipients[0].ID != alice.ID {
		t.Errorf("dm = %+v", dm)
	}
	if _, err := s.ChannelMessageSend(dm.ID, "your turn"); err != nil {
		t.Fatal(err)
	}
	if ms := f.Messages(f.DMChannel(alice.ID).ID); len(ms) != 1 || ms[0].Content != "your turn" {
		t.Errorf("DM messages = %+v", ms)
	}
	f.BlockDMs(alice.ID)
	if _, err := s.ChannelMessageSend(dm.ID, "again"); !isCode(err, 50007) {
		t.Errorf("blocked DM: %v", err)
	}
	if err := s.ChannelMessageDelete(ch.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessage(ch.ID, m.ID); !isCode(err, 10008) {
		t.Errorf("deleted message: %v", err)
	}
}

func isCode(err error, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == code
}

func TestCommandRegistration(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	cmds := []*discordgo.ApplicationCommand{
		{Name: "game", Description: "Play a game", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Open a lobby", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Which game", Required: true, Autocomplete: true},
			}},
		}},
		{Name: "rules", Description: "Show the rules"},
	}
	global, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", cmds)
	if err != nil {
		t.Fatal(err)
	}
	if len(global) != 2 || global[0].ID == "" || global[0].ApplicationID != f.AppID() {
		t.Fatalf("global = %+v", global)
	}
	again, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", cmds[:1])
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 1 || again[0].ID != global[0].ID {
		t.Errorf("overwrite kept id %s, want %s", again[0].ID, global[0].ID)
	}
	gid := f.Guild().ID
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), gid, cmds[1:]); err != nil {
		t.Fatal(err)
	}
	if len(f.Commands(gid)) != 1 || f.Commands(gid)[0].Name != "rules" || len(f.Commands("")) != 1 {
		t.Errorf("commands: guild %+v global %+v", f.Commands(gid), f.Commands(""))
	}
	one, err := s.ApplicationCommandCreate(f.AppID(), gid, &discordgo.ApplicationCommand{Name: "stats", Description: "Stats"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.ApplicationCommand(f.AppID(), gid, one.ID); err != nil || got.Name != "stats" {
		t.Errorf("GET command = %+v, %v", got, err)
	}
	if err := s.ApplicationCommandDelete(f.AppID(), gid, one.ID); err != nil {
		t.Fatal(err)
	}
	if list, err := s.ApplicationCommands(f.AppID(), gid); err != nil || len(list) != 1 {
		t.Errorf("list = %+v, %v", list, err)
	}

	f.TolerateViolations()
	_, err = s.ApplicationCommandBulkOverwrite(f.AppID(), "", []*discordgo.ApplicationCommand{{Name: "Bad Name", Description: "x"}})
	if !isCode(err, 50035) || len(f.Violations()) == 0 {
		t.Errorf("invalid command name: %v, violations %v", err, f.Violations())
	}
}

func TestLimitViolations(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	f.TolerateViolations()
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := f.DefaultChannel().ID
	buttons := func(n int, id func(i int) string) []discordgo.MessageComponent {
		var bs []discordgo.MessageComponent
		for i := 0; i < n; i++ {
			bs = append(bs, discordgo.Button{Label: "b", CustomID: id(i), Style: discordgo.PrimaryButton})
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
	}
	cases := []struct {
		name string
		msg  *discordgo.MessageSend
		want string
	}{
		{"custom_id 101", &discordgo.MessageSend{Components: buttons(1, func(int) string { return strings.Repeat("x", 101) })}, "custom_id"},
		{"6 buttons", &discordgo.MessageSend{Components: buttons(6, func(i int) string { return "b" + string(rune('a'+i)) })}, "at /components/0/components: maxItems: got 6, want 5"},
		{"content 2001", &discordgo.MessageSend{Content: strings.Repeat("é", 2001)}, "2001 characters"},
		{"duplicate custom_id", &discordgo.MessageSend{Components: buttons(2, func(int) string { return "same" })}, "duplicated"},
		{"empty", &discordgo.MessageSend{}, "empty message"},
	}
	rows := make([]discordgo.MessageComponent, 6)
	for i := range rows {
		rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b", CustomID: "r" + string(rune('a'+i)), Style: discordgo.PrimaryButton}}}
	}
	cases = append(cases, struct {
		name string
		msg  *discordgo.MessageSend
		want string
	}{"6 rows", &discordgo.MessageSend{Components: rows}, "6 component rows"})
	opts := make([]discordgo.SelectMenuOption, 26)
	for i := range opts {
		opts[i] = discordgo.SelectMenuOption{Label: "o", Value: "v" + string(rune('a'+i))}
	}
	cases = append(cases, struct {
		name string
		msg  *discordgo.MessageSend
		want string
	}{"26 options", &discordgo.MessageSend{Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: "s", Options: opts}}}}}, "options: maxItems: got 26, want 25"})
	for _, c := range cases {
		f.ResetViolations()
		_, err := s.ChannelMessageSendComplex(ch, c.msg)
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Response.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: err = %v, want 400", c.name, err)
		}
		v := f.Violations()
		if len(v) == 0 || !strings.Contains(strings.Join(v, "\n"), c.want) {
			t.Errorf("%s: violations %q, want one containing %q", c.name, v, c.want)
		}
	}
	if n := len(f.Messages(ch)); n != 0 {
		t.Errorf("%d invalid messages were stored", n)
	}
	// Unknown routes are answered 404 and recorded.
	resp, err := f.HTTPClient().Get("https://discord.com/api/v9/nowhere")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(f.UnknownRoutes()) != 1 {
		t.Errorf("unknown route: %d, %v", resp.StatusCode, f.UnknownRoutes())
	}
}

func TestAckWindowAndDoubleAck(t *testing.T) {
	t.Parallel()
	f, _, h := open(t)
	f.TolerateViolations()
	f.SetAckWindow(100 * time.Millisecond)
	alice := f.AddUser("alice")
	errs := make(chan error, 2)
	h.on("slow", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		time.Sleep(250 * time.Millisecond)
		errs <- reply(s, ic, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil)
	})
	h.on("twice", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = reply(s, ic, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil)
		errs <- reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "x"})
	})
	ch := f.DefaultChannel().ID
	slow := f.SlashCommand(alice, ch, "slow")
	if _, err := slow.Wait(ctx(t)); err == nil || !strings.Contains(err.Error(), "window") {
		t.Errorf("late ack: Wait error = %v", err)
	}
	if err := <-errs; !isCode(err, 10062) {
		t.Errorf("late ack: bot got %v, want Unknown interaction", err)
	}
	twice := f.SlashCommand(alice, ch, "twice")
	if _, err := twice.Wait(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; !isCode(err, 40060) {
		t.Errorf("second ack: bot got %v, want already acknowledged", err)
	}
	v := strings.Join(f.Violations(), "\n")
	if !strings.Contains(v, "beyond the 100ms window") || !strings.Contains(v, "already acknowledged") {
		t.Errorf("violations = %s", v)
	}
}

func TestReconnectAndResume(t *testing.T) {
	if raceDetector {
		// discordgo v0.29.0 itself races when its heartbeat and its
		// reader both reconnect (wsapi.go:127 against event.go:246), which
		// this test provokes on purpose; it runs in the plain test pass.
		t.Skip("discordgo's own reconnect paths race under -race")
	}
	t.Parallel()
	f, s, h := open(t)
	alice := f.AddUser("alice")
	h.on("ping", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "pong"}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	ch := f.DefaultChannel().ID

	// A clean close invalidates the session: reopening identifies again.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Open(); err != nil {
		t.Fatalf("reopen: %v", err)
	}
	if err := f.WaitReady(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.SlashCommand(alice, ch, "ping").WaitFinal(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if st := f.GatewayStats(); st.Identifies != 2 || st.Invalidated != 1 {
		t.Errorf("after close and reopen: %+v", st)
	}

	// A dropped connection is resumed and missed events are replayed.
	f.DropConnections()
	in := f.SlashCommand(alice, ch, "ping")
	if _, err := in.WaitFinal(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if st := f.GatewayStats(); st.Resumes != 1 || st.Identifies != 2 {
		t.Errorf("after drop: %+v", st)
	}

	// Op 7 RECONNECT is followed by a resume too.
	f.RequestReconnect()
	if err := discordtest.WaitFor(ctx(t), func() bool { st := f.GatewayStats(); return st.Resumes == 2 && st.Live == 1 }); err != nil {
		t.Fatalf("op 7: %v (%+v)", err, f.GatewayStats())
	}
	if _, err := f.SlashCommand(alice, ch, "ping").WaitFinal(ctx(t)); err != nil {
		t.Fatal(err)
	}
}

func TestDeferredUpdateEphemeralDeferAndDM(t *testing.T) {
	t.Parallel()
	f, s, h := open(t)
	alice := f.AddUser("alice")
	ch := f.DefaultChannel().ID
	sent, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: "Table",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Refresh", CustomID: "refresh/1", Style: discordgo.SecondaryButton},
			discordgo.Button{Label: "Hand", CustomID: "hand/1", Style: discordgo.SecondaryButton},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.on("refresh", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseDeferredMessageUpdate, nil); err != nil {
			t.Errorf("defer update: %v", err)
			return
		}
		content := "Table (refreshed)"
		if _, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
			t.Errorf("edit: %v", err)
		}
	})
	m, _ := f.Message(sent.ID)
	got, err := f.Click(alice, m, "refresh/1").WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != sent.ID || got.Content != "Table (refreshed)" || len(got.Buttons()) != 2 {
		t.Errorf("deferred update = %+v", got)
	}

	h.on("hand", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseDeferredChannelMessageWithSource,
			&discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			t.Errorf("defer: %v", err)
			return
		}
		if _, err := s.FollowupMessageCreate(ic.Interaction, false, &discordgo.WebhookParams{Content: "your hand"}); err != nil {
			t.Errorf("follow-up: %v", err)
		}
	})
	in := f.Click(alice, m, "hand/1")
	hand, err := in.WaitFinal(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if hand.Content != "your hand" || !hand.Ephemeral() || hand.VisibleTo != alice.ID || len(in.Followups()) != 0 {
		t.Errorf("ephemeral deferred response = %+v, follow-ups %d", hand, len(in.Followups()))
	}

	var sawUser atomic.Bool
	h.on("notify", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		sawUser.Store(ic.Member == nil && ic.User != nil && ic.User.ID == alice.ID && ic.GuildID == "")
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "ok"}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	dm := f.DMChannel(alice.ID)
	if _, err := f.SlashCommand(alice, dm.ID, "notify").WaitFinal(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if !sawUser.Load() {
		t.Errorf("DM interaction did not carry user without member")
	}
	if last, _ := f.Last(dm.ID); last.Content != "ok" {
		t.Errorf("DM reply = %+v", last)
	}
}

func TestWebhookBeforeAckIsViolation(t *testing.T) {
	t.Parallel()
	f, _, h := open(t)
	f.TolerateViolations()
	alice := f.AddUser("alice")
	errs := make(chan error, 1)
	h.on("early", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		content := "too early"
		_, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content})
		errs <- err
		_ = reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "ok"})
	})
	if _, err := f.SlashCommand(alice, f.DefaultChannel().ID, "early").WaitFinal(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; !isCode(err, 10015) {
		t.Errorf("edit before ack: %v", err)
	}
	if v := strings.Join(f.Violations(), "\n"); !strings.Contains(v, "before the interaction was acknowledged") {
		t.Errorf("violations = %s", v)
	}
}

// TestOwnLimits checks the limits the fake enforces beside Discord's
// OpenAPI spec: each message is refused over REST (by the spec or by the
// fake), and the fake's own check finds it on its own.
func TestOwnLimits(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	f.TolerateViolations()
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	ch := f.DefaultChannel().ID
	intp := func(n int) *int { return &n }
	sel := func(m discordgo.SelectMenu) *discordgo.MessageSend {
		if m.CustomID == "" {
			m.CustomID = "s"
		}
		if m.Options == nil {
			m.Options = []discordgo.SelectMenuOption{{Label: "a", Value: "a"}, {Label: "b", Value: "b"}}
		}
		return &discordgo.MessageSend{Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}}}}
	}
	embed := func(e *discordgo.MessageEmbed) *discordgo.MessageSend {
		return &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{e}}
	}
	files := func(n, size int) *discordgo.MessageSend {
		m := &discordgo.MessageSend{Content: "files"}
		for i := 0; i < n; i++ {
			m.Files = append(m.Files, &discordgo.File{Name: "f.txt", ContentType: "text/plain", Reader: bytes.NewReader(make([]byte, size))})
		}
		return m
	}
	long := func(n int) string { return strings.Repeat("x", n) }
	row := func(id string) discordgo.ActionsRow {
		return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b", CustomID: id, Style: discordgo.PrimaryButton}}}
	}
	cases := []struct {
		name string
		msg  *discordgo.MessageSend
		want string // in the fake's own problems
	}{
		{"option description 101", sel(discordgo.SelectMenu{Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a", Description: long(101)}}}), "description has 101 characters"},
		{"placeholder 151", sel(discordgo.SelectMenu{Placeholder: long(151)}), "placeholder has 151 characters"},
		{"min_values 26", sel(discordgo.SelectMenu{MinValues: intp(26), MaxValues: 25}), "min_values 26 must be 0 to 25"},
		{"max_values 26", sel(discordgo.SelectMenu{MaxValues: 26}), "max_values 26 must be 1 to 25"},
		{"min_values above max_values", sel(discordgo.SelectMenu{MinValues: intp(2), MaxValues: 1}), "min_values 2 exceeds max_values 1"},
		{"max_values above the options", sel(discordgo.SelectMenu{MaxValues: 3}), "max_values 3 exceeds 2 options"},
		{"min_values above the options", sel(discordgo.SelectMenu{MinValues: intp(3), MaxValues: 3}), "min_values 3 exceeds 2 options"},
		{"footer 2049", embed(&discordgo.MessageEmbed{Title: "t", Footer: &discordgo.MessageEmbedFooter{Text: long(2049)}}), "footer text has 2049 characters"},
		{"author 257", embed(&discordgo.MessageEmbed{Title: "t", Author: &discordgo.MessageEmbedAuthor{Name: long(257)}}), "author name has 257 characters"},
		{"empty field name", embed(&discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{{Name: "", Value: "v"}}}), "empty name or value"},
		{"empty field value", embed(&discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: " "}}}), "empty name or value"},
		{"users parsed and listed", &discordgo.MessageSend{Content: "hi", AllowedMentions: &discordgo.MessageAllowedMentions{
			Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}}, "mutually exclusive"},
		{"custom_id repeated across rows", &discordgo.MessageSend{Components: []discordgo.MessageComponent{row("x/overflow"), row("x/overflow")}}, `custom_id "x/overflow" is duplicated`},
		{"11 files", files(11, 1), "11 files, the limit is 10"},
		{"a file over 10 MiB", files(1, 10<<20+1), "exceeds 10 MiB"},
	}
	for _, c := range cases {
		f.ResetViolations()
		_, err := s.ChannelMessageSendComplex(ch, c.msg)
		if !isCode(err, 50035) || len(f.Violations()) == 0 {
			t.Errorf("%s: err = %v, violations %q, want 400 Invalid Form Body and a violation", c.name, err, f.Violations())
		}
		if len(c.msg.Files) > 0 {
			// Files travel beside the JSON: the fake's own check is the one
			// that refused them.
			if v := strings.Join(f.Violations(), "\n"); !strings.Contains(v, c.want) {
				t.Errorf("%s: violations %q, want one containing %q", c.name, v, c.want)
			}
			continue
		}
		body, err := json.Marshal(c.msg)
		if err != nil {
			t.Fatal(err)
		}
		if own := strings.Join(discordtest.OwnMessageProblems(body), "\n"); !strings.Contains(own, c.want) {
			t.Errorf("%s: the fake's own problems %q, want one containing %q", c.name, own, c.want)
		}
	}
	if n := len(f.Messages(ch)); n != 0 {
		t.Errorf("%d invalid messages were stored", n)
	}
}

// TestCommandCharacterTotal checks the 8000-character limit on a command's
// names, descriptions and choices, which no single field's limit catches.
func TestCommandCharacterTotal(t *testing.T) {
	t.Parallel()
	f := discordtest.New(t)
	f.TolerateViolations()
	s, err := f.Session("test-token")
	if err != nil {
		t.Fatal(err)
	}
	var opts []*discordgo.ApplicationCommandOption
	for i := 0; i < 4; i++ {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "opt" + string(rune('a'+i)), Description: strings.Repeat("d", 100)}
		for j := 0; j < 25; j++ {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: strings.Repeat("n", 99) + string(rune('a'+j)), Value: strings.Repeat("v", 99) + string(rune('a'+j))})
		}
		opts = append(opts, o)
	}
	big := &discordgo.ApplicationCommand{Name: "big", Description: "too many characters", Options: opts}
	small := &discordgo.ApplicationCommand{Name: "small", Description: "few characters", Options: opts[:1]}
	if probs := discordtest.OwnCommandProblems(small); len(probs) > 0 {
		t.Errorf("a command of about 5 100 characters is refused: %q", probs)
	}
	if own := strings.Join(discordtest.OwnCommandProblems(big), "\n"); !strings.Contains(own, "the limit is 8000") {
		t.Errorf("the fake's own problems %q, want the 8000 limit", own)
	}
	_, err = s.ApplicationCommandBulkOverwrite(f.AppID(), "", []*discordgo.ApplicationCommand{big})
	if !isCode(err, 50035) || !strings.Contains(strings.Join(f.Violations(), "\n"), "the limit is 8000") {
		t.Errorf("bulk overwrite: err = %v, violations %q, want the 8000 limit", err, f.Violations())
	}
}

// TestOutgoingMatchesSpec checks what the fake sends the bot against
// Discord's shapes: message objects against the spec's MessageResponse,
// channels and users against theirs, and the interaction payloads for the
// fields Discord always sends.
func TestOutgoingMatchesSpec(t *testing.T) {
	t.Parallel()
	f, s, h := open(t)
	alice := f.AddUser("alice")
	ch := f.DefaultChannel()
	h.on("shape", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{
			Content: "board " + alice.Mention(),
			Embeds: []*discordgo.MessageEmbed{{Title: "t", Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: "v"}},
				Footer: &discordgo.MessageEmbedFooter{Text: "f"}}},
			Components: []discordgo.MessageComponent{
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Rename", CustomID: "name/1", Style: discordgo.PrimaryButton}}},
				discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "pick/1",
					Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a"}, {Label: "b", Value: "b"}}}}},
			},
		}); err != nil {
			t.Errorf("reply: %v", err)
		}
	})
	h.on("name", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseModal, &discordgo.InteractionResponseData{
			CustomID: "name/modal", Title: "Rename",
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.TextInput{CustomID: "n", Label: "Name", Style: discordgo.TextInputShort},
			}}},
		}); err != nil {
			t.Errorf("modal: %v", err)
		}
	})
	h.on("pick", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "picked"}); err != nil {
			t.Errorf("pick: %v", err)
		}
		if _, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "and more"}); err != nil {
			t.Errorf("follow-up: %v", err)
		}
	})
	h.on("name", h.m["name"])
	var msgs []discordtest.Message
	var inters []*discordtest.Interaction
	wait := func(in *discordtest.Interaction) discordtest.Message {
		t.Helper()
		inters = append(inters, in)
		m, err := in.WaitFinal(ctx(t))
		if err != nil {
			t.Fatal(err)
		}
		if m.ID != "" {
			msgs = append(msgs, m)
		}
		return m
	}
	board := wait(f.SlashCommand(alice, ch.ID, "shape"))
	modal := f.Click(alice, board, "name/1")
	wait(modal)
	h.on("name", func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if err := reply(s, ic, discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: "renamed"}); err != nil {
			t.Errorf("submit: %v", err)
		}
	})
	wait(f.SubmitModal(alice, modal, map[string]string{"n": "Zed"}))
	wait(f.Select(alice, board, "pick/1", "b"))
	if err := discordtest.WaitFor(ctx(t), func() bool { return len(inters[len(inters)-1].Followups()) == 1 }); err != nil {
		t.Fatal(err)
	}
	msgs = append(msgs, inters[len(inters)-1].Followups()...)
	sent, err := s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "reply", Reference: &discordgo.MessageReference{MessageID: board.ID},
		Files: []*discordgo.File{{Name: "a.png", ContentType: "image/png", Reader: strings.NewReader("png")}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageEdit(ch.ID, sent.ID, "edited"); err != nil {
		t.Fatal(err)
	}
	sm, _ := f.Message(sent.ID)
	msgs = append(msgs, sm)

	for _, m := range msgs {
		raw := f.WireMessage(m.ID)
		for _, p := range discordtest.ResponseProblems("MessageResponse", raw) {
			t.Errorf("message %q: %s", m.Content, p)
		}
		var obj map[string]any
		_ = json.Unmarshal(raw, &obj)
		if _, ok := obj["guild_id"]; ok {
			t.Errorf("message %q carries a guild_id, which REST message objects do not", m.Content)
		}
	}
	thread, err := s.ThreadStart(ch.ID, "side", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	th, _ := f.Channel(thread.ID)
	for schema, c := range map[string]discordtest.Channel{"GuildChannelResponse": ch, "ThreadResponse": th, "PrivateChannelResponse": f.DMChannel(alice.ID)} {
		for _, p := range discordtest.ResponseProblems(schema, f.WireChannel(c)) {
			t.Errorf("channel %s: %s", c.ID, p)
		}
	}
	for _, p := range discordtest.ResponseProblems("UserResponse", discordtest.WireUser(alice)) {
		t.Errorf("user: %s", p)
	}

	// Interactions have no schema in the spec: the fields Discord always
	// sends are checked one by one.
	for _, in := range inters {
		var p struct {
			Owners    map[string]string `json:"authorizing_integration_owners"`
			SizeLimit *int              `json:"attachment_size_limit"`
			Channel   map[string]any    `json:"channel"`
		}
		if err := json.Unmarshal(in.Raw(), &p); err != nil {
			t.Fatal(err)
		}
		if p.Owners["0"] != ch.GuildID || p.SizeLimit == nil || *p.SizeLimit <= 0 {
			t.Errorf("interaction %s: authorizing_integration_owners %v, attachment_size_limit %v", in.Name, p.Owners, p.SizeLimit)
		}
		for _, k := range []string{"parent_id", "name", "guild_id"} {
			if v, ok := p.Channel[k]; ok && v == "" {
				t.Errorf("interaction %s: channel %s is \"\", want null or absent", in.Name, k)
			}
		}
	}
	dm := f.SlashCommand(alice, f.DMChannel(alice.ID).ID, "nothing")
	var p struct {
		Channel map[string]any    `json:"channel"`
		Owners  map[string]string `json:"authorizing_integration_owners"`
	}
	_ = json.Unmarshal(dm.Raw(), &p)
	if _, ok := p.Channel["name"]; ok || p.Owners["0"] != "0" {
		t.Errorf("DM interaction: channel %v, owners %v; want no name and owner \"0\"", p.Channel, p.Owners)
	}
	f.TolerateViolations() // the DM command is left unanswered
}

// TestPingHTTP checks the endpoint check Discord makes before it sends
// interactions over HTTP: a PONG to a signed PING, 401 to a forged one.
func TestPingHTTP(t *testing.T) {
	t.Parallel()
	var key atomic.Value
	endpoint := func(verify bool, answer string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			sig, _ := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
			pub, _ := key.Load().(ed25519.PublicKey)
			if verify && !ed25519.Verify(pub, append([]byte(r.Header.Get("X-Signature-Timestamp")), body...), sig) {
				http.Error(w, "bad signature", http.StatusUnauthorized)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, answer)
		}
	}
	for _, c := range []struct {
		name    string
		h       http.HandlerFunc
		wantErr string
	}{
		{"a correct endpoint", endpoint(true, `{"type":1}`), ""},
		{"no PONG", endpoint(true, `{"type":4,"data":{"content":"hi"}}`), "want 200 and a PONG"},
		{"signatures unchecked", endpoint(false, `{"type":1}`), "want 401"},
	} {
		f := discordtest.New(t)
		f.TolerateViolations()
		srv := httptest.NewServer(c.h)
		key.Store(f.DeliverOverHTTP(srv.URL))
		err := f.PingHTTP()
		srv.Close()
		switch {
		case c.wantErr == "" && (err != nil || len(f.Violations()) > 0):
			t.Errorf("%s: %v, violations %q", c.name, err, f.Violations())
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr) || len(f.Violations()) != 1):
			t.Errorf("%s: err %v, violations %q, want %q", c.name, err, f.Violations(), c.wantErr)
		}
	}
}
