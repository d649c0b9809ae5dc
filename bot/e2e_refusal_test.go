package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spindle/bot/discordtest"
	"spindle/commands"
)

// startDuel opens a Warp and Weft table in the default channel with alice
// as the first player and bob second, and returns them. Extra lobby
// options come in pairs: option, value.
func (e *e2e) startDuel(opts ...string) (discordtest.User, discordtest.User) {
	ch := e.fake.DefaultChannel()
	alice, bob := e.fake.AddUser("alice"), e.fake.AddUser("bob")
	e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"))))
	lobby := e.last()
	opts = append([]string{"roles", "chosen"}, opts...)
	for i := 0; i+1 < len(opts); i += 2 {
		e.setOption(alice, lobby, opts[i], opts[i+1])
		lobby, _ = e.fake.Message(lobby.ID)
	}
	e.finalOf(e.fake.Click(bob, lobby, e.button(lobby, "Join")))
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))
	return alice, bob
}

// playFirst makes u's first listed move through the panel's menus and
// returns the answer u sees.
func (e *e2e) playFirst(u discordtest.User) discordtest.Message {
	panel := e.pickGroup(u, e.panel(u), 0)
	sel := e.cellSelect(panel)
	return e.finalOf(e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value))
}

// waitFor polls cond for up to d.
func waitFor(t *testing.T, d time.Duration, cond func() bool) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return discordtest.WaitFor(ctx, cond) == nil
}

// TestRefusedBoardIsPostedLater: the channel refuses the bot's messages
// (50013 Missing Permissions) when a move is made. The player is told the
// move is saved, the old board keeps its buttons, and once the permission
// is back the bot posts the new board by itself, pinging the next player.
func TestRefusedBoardIsPostedLater(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice, bob := e.startDuel()
	ch := e.fake.DefaultChannel()
	board := e.last()
	refused := e.fake.Refuse(discordtest.Refusal{Method: http.MethodPost, Path: "/channels/" + ch.ID + "/messages",
		Status: http.StatusForbidden, Code: discordtest.CodeMissingPermissions, Message: "Missing Permissions"})
	answer := e.playFirst(alice)
	if !strings.Contains(answer.Content, "Your move is saved") || !strings.Contains(answer.Content, "lacks a permission") {
		t.Fatalf("alice was not told her move is saved, and why the board is missing: %q", answer.Content)
	}
	if refused() == 0 {
		t.Fatal("the refusal never happened")
	}
	if now := e.last(); now.ID != board.ID || len(now.CustomIDs()) == 0 {
		t.Fatalf("the old board was retired with no new one: %q %v", now.Content, now.CustomIDs())
	}
	e.fake.ClearRefusals()
	if !waitFor(t, 10*time.Second, func() bool { m := e.last(); return m.ID != board.ID && m.Mentioned(bob.ID) }) {
		t.Fatalf("the refused board never reached the channel: %q", e.last().Content)
	}
	if got := e.last(); !strings.Contains(got.Content, "delayed") {
		t.Fatalf("the late board does not say it was delayed: %q", got.Content)
	}
}

// TestRateLimitedBoardIsPosted: Discord answers the board's post with a
// 429 and a retry-after; the post is retried after the wait and the move
// goes through as usual.
func TestRateLimitedBoardIsPosted(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice, bob := e.startDuel()
	ch := e.fake.DefaultChannel()
	limited := e.fake.Refuse(discordtest.Refusal{Method: http.MethodPost, Path: "/channels/" + ch.ID + "/messages",
		Status: http.StatusTooManyRequests, RetryAfter: 0.2, Times: 1})
	answer := e.playFirst(alice)
	if strings.Contains(answer.Content, "⚠️") {
		t.Fatalf("a rate limit surfaced to the player: %q", answer.Content)
	}
	if limited() != 1 || !e.last().Mentioned(bob.ID) {
		t.Fatalf("the board was not posted after the rate limit (%d refusals): %q", limited(), e.last().Content)
	}
}

// TestStoppingBotSaysSo: once the bot is stopping it takes no new work,
// and a click or a command gets a private "restarting" answer instead of
// Discord's "the application did not respond".
func TestStoppingBotSaysSo(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice := e.fake.AddUser("alice")
	e.bot.Drain(time.Second)
	got := e.finalOf(e.fake.SlashCommand(alice, e.fake.DefaultChannel().ID, "rules", discordtest.String("game", "warpweft")))
	if !got.Ephemeral() || !strings.Contains(got.Content, "restarting") {
		t.Fatalf("a command during shutdown answered %q", got.Content)
	}
}

// TestAutocompleteWithNoMatchSendsEmptyChoices: an autocomplete that
// matches nothing answers with an empty choices array, as Discord
// requires, not with no array at all.
func TestAutocompleteWithNoMatchSendsEmptyChoices(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice := e.fake.AddUser("alice")
	in := e.fake.Autocomplete(alice, e.fake.DefaultChannel().ID, "rules", discordtest.String("game", "warpweft"),
		discordtest.Focused(discordtest.String("topic", "zzzzqqq")))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cb, err := in.Wait(ctx)
	if err != nil || len(cb.Choices) != 0 {
		t.Fatalf("autocomplete with no match: %v %+v", err, cb)
	}
	if v := e.fake.Violations(); len(v) > 0 {
		t.Fatalf("Discord would refuse the answer: %v", v)
	}
}

// TestClosedDMsAreNotRetried: a player who asked for turn DMs but does
// not take DMs from the bot (50007) is not DMed again until they turn DMs
// on again.
func TestClosedDMsAreNotRetried(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	ch := e.fake.DefaultChannel()
	alice, bob := e.startDuel()
	e.finalOf(e.fake.SlashCommand(bob, ch.ID, "notify", discordtest.Sub("dm", discordtest.Bool("on", true))))
	e.fake.BlockDMs(bob.ID)
	e.playFirst(alice)
	var pr commands.Prefs
	if err := e.store.GetUser(bob.ID, &pr); err != nil || pr.DM {
		t.Fatalf("bob's DMs are still on after Discord refused them: %+v %v", pr, err)
	}
	show := e.finalOf(e.fake.SlashCommand(bob, ch.ID, "notify", discordtest.Sub("show")))
	if !strings.Contains(strings.ToLower(show.Content), "off") {
		t.Fatalf("/notify show does not say DMs are off: %q", show.Content)
	}
}

// TestMissingPermissionRefusedBeforeTheMove: in a channel where the bot
// may not attach files, a move is refused before it is played, with a
// message naming the missing permission and the channel; the table does
// not move.
func TestMissingPermissionRefusedBeforeTheMove(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice, _ := e.startDuel()
	ch := e.fake.DefaultChannel()
	v := e.table().Version()
	e.fake.SetAppPermissions(ch.ID, discordtest.DefaultAppPermissions&^(1<<15)) // no Attach Files
	answer := e.playFirst(alice)
	if !strings.Contains(answer.Content, "Attach Files") || !strings.Contains(answer.Content, "<#"+ch.ID+">") {
		t.Fatalf("the refusal does not name the permission and the channel: %q", answer.Content)
	}
	if got := e.table().Version(); got != v {
		t.Fatalf("the move was played (version %d -> %d) in a channel that cannot show it", v, got)
	}
}

// TestDeletedChannelEndsItsTable: deleting the channel of a running game
// ends the table without a result: it leaves everyone's /game list, its
// clocks stop, and the channel is free.
func TestDeletedChannelEndsItsTable(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice, _ := e.startDuel()
	ch := e.fake.DefaultChannel()
	id, err := e.store.Active(ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	e.fake.DeleteChannel(ch.ID)
	if !waitFor(t, 5*time.Second, func() bool {
		b, err := e.store.GetBinding(id)
		return err == nil && b.Status == "abandoned"
	}) {
		t.Fatal("the table of the deleted channel is still running")
	}
	if ids, _ := e.store.Playing(alice.ID); len(ids) != 0 {
		t.Fatalf("alice still plays %v", ids)
	}
	if _, err := e.store.Active(ch.ID); err == nil {
		t.Fatal("the deleted channel still has an active table")
	}
	if due, _ := e.store.Due(time.Now().Add(365*24*time.Hour), 100); len(due) != 0 {
		t.Fatalf("the ended table kept timers: %+v", due)
	}
}

// TestGamesInEveryKindOfChannel: /game new with a thread works from an
// announcement channel (an announcement thread), from inside a thread (the
// game stays in it), and is refused clearly in a voice channel's chat.
func TestGamesInEveryKindOfChannel(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	alice := e.fake.AddUser("alice")
	news := e.fake.AddChannelOfType("", "news", discordgo.ChannelTypeGuildNews)
	voice := e.fake.AddChannelOfType("", "lounge", discordgo.ChannelTypeGuildVoice)
	if !waitFor(t, 5*time.Second, func() bool { // the gateway delivers the new channels
		_, err1 := e.bot.Session.State.Channel(news.ID)
		_, err2 := e.bot.Session.State.Channel(voice.ID)
		return err1 == nil && err2 == nil
	}) {
		t.Fatal("the bot never heard of the new channels")
	}
	newGame := func(ch string) discordtest.Message {
		return e.finalOf(e.fake.SlashCommand(alice, ch, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"),
			discordtest.Bool("thread", true))))
	}
	got := newGame(news.ID)
	threads := e.fake.Threads(news.ID)
	if len(threads) != 1 || threads[0].Type != discordgo.ChannelTypeGuildNewsThread || !strings.Contains(got.Content, "is open") {
		t.Fatalf("announcement channel: %q, threads %+v", got.Content, threads)
	}
	inside := threads[0]
	// From inside that thread, a second game would need another table in
	// the same thread: refused as busy, and no thread inside a thread.
	got = newGame(inside.ID)
	if len(e.fake.Threads(inside.ID)) != 0 || !strings.Contains(got.Content, "already has a game") {
		t.Fatalf("inside a thread: %q", got.Content)
	}
	got = newGame(voice.ID)
	if !strings.Contains(got.Content, "voice channel") {
		t.Fatalf("voice channel chat: %q", got.Content)
	}
	// A forum post is a thread: the game is played in the post itself.
	forum := e.fake.AddChannelOfType("", "games-forum", discordgo.ChannelTypeGuildForum)
	post := e.fake.AddForumPost(forum.ID, "Friday night")
	if !waitFor(t, 5*time.Second, func() bool { _, err := e.bot.Session.State.Channel(post.ID); return err == nil }) {
		t.Fatal("the bot never heard of the forum post")
	}
	got = newGame(post.ID)
	if lobby, ok := e.fake.Last(post.ID); !ok || !strings.Contains(got.Content, "is open") || len(e.fake.Threads(post.ID)) != 0 ||
		len(lobby.Buttons()) == 0 {
		t.Fatalf("forum post: %q", got.Content)
	}
	if v := e.fake.Violations(); len(v) > 0 {
		t.Fatalf("Discord would refuse: %v", v)
	}
}

// TestArchivedThreadGame: a game in a thread that Discord archived goes
// on: the next board opens the thread again (the old board, which can no
// longer be edited, is left as it was); in a thread a moderator locked,
// the move is saved and the player is told the thread is archived.
func TestArchivedThreadGame(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	ch := e.fake.DefaultChannel()
	alice, bob := e.fake.AddUser("alice"), e.fake.AddUser("bob")
	e.finalOf(e.fake.SlashCommand(alice, ch.ID, "game", discordtest.Sub("new", discordtest.String("game", "warpweft"),
		discordtest.Bool("thread", true))))
	threads := e.fake.Threads(ch.ID)
	if len(threads) != 1 {
		t.Fatalf("%d threads", len(threads))
	}
	th := threads[0].ID
	lobby, _ := e.fake.Last(th)
	e.setOption(alice, lobby, "roles", "chosen")
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(bob, lobby, e.button(lobby, "Join")))
	lobby, _ = e.fake.Message(lobby.ID)
	e.finalOf(e.fake.Click(alice, lobby, e.button(lobby, "Start")))

	move := func(u discordtest.User) discordtest.Message {
		board, _ := e.fake.Last(th)
		panel := e.finalOf(e.fake.Click(u, board, e.button(board, "My hand & moves")))
		panel = e.pickGroup(u, panel, 0)
		sel := e.cellSelect(panel)
		return e.finalOf(e.fake.Select(u, panel, sel.CustomID, sel.Options[0].Value))
	}
	e.fake.ArchiveThread(th, false)
	if got := move(alice); strings.Contains(got.Content, "⚠️") {
		t.Fatalf("a move in an archived thread was not shown: %q", got.Content)
	}
	if c, _ := e.fake.Channel(th); c.Archived {
		t.Fatal("the new board did not open the thread again")
	}
	if last, _ := e.fake.Last(th); !last.Mentioned(bob.ID) {
		t.Fatalf("bob was not pinged in the reopened thread: %q", last.Content)
	}
	e.fake.ArchiveThread(th, true)
	got := move(bob)
	if !strings.Contains(got.Content, "Your move is saved") || !strings.Contains(got.Content, "archived") {
		t.Fatalf("a move in a locked thread: %q", got.Content)
	}
}

// TestReminderSurvivesAnOutage: a turn reminder that meets a Discord
// outage (503) is not lost: the timer is tried again later and the
// reminder reaches the channel.
func TestReminderSurvivesAnOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test skipped in -short mode")
	}
	e := newE2E(t)
	ch := e.fake.DefaultChannel()
	e.startDuel("clock", "async-24h:auto")
	board := e.last()
	outage := e.fake.Refuse(discordtest.Refusal{Method: http.MethodPost, Path: "/channels/" + ch.ID + "/messages",
		Status: http.StatusServiceUnavailable, Message: "upstream connect error"})
	halfTime := time.Now().Add(12*time.Hour + time.Minute)
	if _, err := e.app.FireDue(context.Background(), halfTime, e.bot.poster()); err != nil {
		t.Fatal(err)
	}
	if outage() == 0 || e.last().ID != board.ID {
		t.Fatalf("the reminder was not refused (%d refusals)", outage())
	}
	e.fake.ClearRefusals()
	if _, err := e.app.FireDue(context.Background(), halfTime.Add(time.Minute), e.bot.poster()); err != nil {
		t.Fatal(err)
	}
	if got := e.last(); got.ID == board.ID || !strings.Contains(got.Content, "still your move") {
		t.Fatalf("the reminder never arrived after the outage: %q", got.Content)
	}
}
