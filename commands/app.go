package commands

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"spindle/games"
	"spindle/imaging"
	"spindle/imaging/pictures"
	"spindle/storage"
)

// App holds what the handlers need: storage, the game catalog, the
// renderer, a clock and a logger. One App serves every front door (the
// Discord gateway, the HTTP interactions endpoint, the sandbox).
type App struct {
	Store   *storage.Store
	Catalog *games.Catalog
	Log     zerolog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Render turns a view into a PNG, with the seats' display names and
	// the panel's focus in opt; nil means imaging.RenderPNG.
	Render func(kind imaging.Kind, view any, opt imaging.Options) ([]byte, error)
	// ImageCacheBytes bounds the cache of drawn pictures; zero means
	// DefaultImageCacheBytes.
	ImageCacheBytes int
	// PlainAI makes AI seats and the clock (for an absent seat) play a
	// weighted random move instead of searching (tests that play
	// thousands of such moves).
	PlainAI bool
	// AnnounceGrace is how long a committed move's announcement is left to
	// the handler that made it before the timer loop posts it; zero means
	// ten seconds.
	AnnounceGrace time.Duration
	// LiveTable puts the "Live table" button on boards: it launches the
	// Activity (bot/activity), which must be set up in Discord's developer
	// portal (docs/activity.md).
	LiveTable bool
	// Changes, if set, is told whenever a table's new version is announced
	// (live.go): the live table's notifier.
	Changes Changes

	locks      sync.Map    // table id -> *sync.Mutex
	panels     openPanels  // the replies that show seats' panels (follow.go)
	shown      sync.Map    // table id -> the version its latest announcement shows (uint64)
	recaps     sync.Map    // table id -> recapEntry, its latest board story
	lastSteps  sync.Map    // table id -> lastStep, the newest step this process committed
	recent     recentReads // players' preferences and servers' settings, read moments ago (recent.go)
	boards     sync.Map    // table id -> *boardQueue
	imagesOnce sync.Once
	// focusKinds remembers, by game ID, whether a game's panel marks the
	// menu group it shows (imaging.Focuses).
	focusKinds sync.Map
	// playerKinds remembers, by game ID, whether a game draws its players
	// apart from its board (imaging.Players: Tapestry's cities).
	playerKinds sync.Map
	imageCache  *imageCache

	aiOnce    sync.Once
	aiWake    chan struct{}  // pokes the timer loop: an AI may act
	aiSlots   chan struct{}  // one AI search per core
	aiBusy    sync.Map       // table id -> true while its AI plays
	aiBusyN   atomic.Int64   // how many tables' AI plays
	aiRunning sync.WaitGroup // the AI turns under way
}

func (a *App) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

func (a *App) render(kind imaging.Kind, view any, opt imaging.Options) ([]byte, error) {
	if a.Render != nil {
		return a.Render(kind, view, opt)
	}
	return pictures.RenderPNG(kind, view, opt)
}

// sameChannel refuses a component naming a table that lives in another
// server or channel than the interaction came from.
func (a *App) sameChannel(req Request, table uint64) (*storage.Binding, error) {
	b, err := a.Store.GetBinding(table)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil // the route's own lookup answers "no such table"
	}
	if err != nil {
		return nil, err
	}
	if b.Guild != req.Guild || b.Channel != req.Channel {
		return nil, sorry("These buttons belong to a table in another channel.")
	}
	return &b, nil
}

// lock serialises everything done to one table (its move and the message
// edits that follow), so two clicks never interleave.
func (a *App) lock(table uint64) func() {
	m, _ := a.locks.LoadOrStore(table, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// DeferFor says how the front door must acknowledge req before calling
// Handle. It is pure and fast: the three-second window is always met.
func (a *App) DeferFor(req Request) Defer {
	switch req.Kind {
	case Autocomplete:
		return NoDefer
	case Command:
		if req.Command == "rules" {
			return NoDefer
		}
		// Every other command answers its user privately; what the
		// channel sees (lobbies, tables) is posted as new messages.
		return DeferEphemeral
	case Component:
		c, err := ParseCustomID(req.CustomID)
		if err != nil {
			return NoDefer
		}
		switch c.Route {
		case 'r':
			return NoDefer
		case 'o':
			if c.Arg == "rules" || c.Arg == "live" {
				return NoDefer
			}
			if c.Arg == "panel" || c.Arg == "players" {
				return DeferEphemeral
			}
			return DeferUpdate
		}
		return DeferUpdate
	}
	return NoDefer
}

// Handle answers one interaction. It never panics: a panic is recovered,
// logged with its stack, and answered with an apology. The returned error
// is for logging only; the Response already carries the friendly text.
func (a *App) Handle(ctx context.Context, req Request, p Poster) (resp Response, err error) {
	log := a.Log.With().Str("interaction", req.ID).Str("guild", req.Guild).Str("channel", req.Channel).
		Str("user", req.User.ID).Logger()
	defer func() {
		if r := recover(); r != nil {
			log.Error().Interface("panic", r).Bytes("stack", debug.Stack()).Msg("handler panicked")
			err = fmt.Errorf("commands: panic: %v", r)
			resp = errorResponse(req, err)
		}
	}()
	resp, err = a.route(ctx, req, p)
	if resp.Update && req.MessageOwner != "" && req.MessageOwner != req.User.ID {
		// Only a forged interaction can reach another user's ephemeral
		// message; answer the clicker privately instead of editing it.
		resp.Update = false
		if resp.Message != nil {
			resp.Message.panel = nil
		}
	}
	if err != nil {
		if Expected(err) {
			log.Debug().Err(err).Msg("refused")
		} else {
			log.Error().Err(err).Msg("handler failed")
		}
		if resp.Message == nil {
			resp = errorResponse(req, err)
		}
	}
	return resp, err
}

func errorResponse(req Request, err error) Response {
	return Response{Message: &Message{Content: "⚠️ " + Friendly(err), Ephemeral: true}}
}

func (a *App) route(ctx context.Context, req Request, p Poster) (Response, error) {
	switch req.Kind {
	case Autocomplete:
		return Response{Choices: a.autocomplete(req)}, nil
	case Command:
		return a.command(ctx, req, p)
	case Component:
		c, err := ParseCustomID(req.CustomID)
		if err != nil {
			return Response{}, err
		}
		// read is the table's binding as this check read it, handed on
		// so that a click reads it once.
		var read *storage.Binding
		switch c.Route {
		case 'l', 'o', 't', 's', 'g', 'p':
			// These buttons live on a table's own messages: one named by
			// a custom_id from another server or channel is forged.
			if read, err = a.sameChannel(req, c.Table); err != nil {
				return Response{}, err
			}
		}
		// A move, a concession or a start posts a board: refuse it before
		// anything is committed when the channel would refuse the board.
		playsPick := c.Route == 'p' && c.Arg == "pick" && len(req.Values) == 1 && strings.HasPrefix(req.Values[0], playPrefix)
		if c.Route == 't' || c.Route == 's' || playsPick || (c.Route == 'p' && (c.Arg == "concede!" || c.Arg == "undo")) ||
			(c.Route == 'l' && c.Arg == "start") {
			if err := canPostBoards(req); err != nil {
				return Response{}, err
			}
		}
		switch c.Route {
		case 'r':
			return a.rulesComponent(c)
		case 'l':
			return a.lobbyComponent(ctx, req, c, p)
		case 'o':
			return a.tableButton(ctx, req, c, p)
		case 't', 's', 'g', 'p':
			return a.panelComponent(ctx, req, c, p, read)
		case 'b':
			return a.leaderboardComponent(req, c)
		case 'v':
			return a.replayComponent(req, c)
		}
		return Response{}, ErrBadCustomID
	}
	return Response{}, errors.New("commands: unknown interaction kind")
}

func (a *App) command(ctx context.Context, req Request, p Poster) (Response, error) {
	switch req.Command {
	case "rules":
		return a.rulesCommand(req)
	case "game new":
		if err := canPostBoards(req); err != nil {
			return Response{}, err
		}
		return a.newLobby(ctx, req, p)
	case "game join", "game leave", "game start":
		if req.Command == "game start" {
			if err := canPostBoards(req); err != nil {
				return Response{}, err
			}
		}
		return a.lobbyCommand(ctx, req, p)
	case "game status":
		return a.status(ctx, req)
	case "game abandon":
		return a.abandon(ctx, req, p)
	case "game replace":
		return a.replaceCommand(ctx, req, p)
	case "game rejoin":
		return a.rejoinCommand(ctx, req, p)
	case "game undo":
		return a.undoCommand(ctx, req, p)
	case "game list":
		return a.myGames(req)
	case "game policy":
		return a.policyCommand(ctx, req, p)
	case "game replay":
		return a.replayCommand(req)
	case "game verify":
		return a.verifyCommand(req)
	case "leaderboard":
		return public(req, a.leaderboardCommand)
	case "stats":
		return public(req, a.statsCommand)
	case "history":
		return public(req, a.historyCommand)
	case "help":
		return helpCommand(a.Catalog)
	case "privacy":
		return privacyCommand()
	case "forget-me":
		return a.forgetMeCommand(req)
	case "hand":
		return a.handCommand(ctx, req)
	case "notify dm", "notify when", "notify quiet", "notify quiet-off", "notify show":
		return a.notifyCommand(req)
	case "away set", "away off":
		return a.awayCommand(ctx, req, p)
	case "settings show", "settings clock", "settings reminders", "settings away-max", "settings threads", "settings channel", "settings rate-ai":
		return a.settingsCommand(req)
	}
	return Response{}, sorry("I don't know that command. Try /game new or /rules.")
}

func (a *App) meta(req Request) storage.Meta {
	return storage.Meta{At: req.At, User: req.User.ID, Interaction: req.ID}
}

// public runs a standings command (/leaderboard, /stats, /history), private
// by default, and posts its answer for the channel when the user asked
// with public:true. Names in it never ping.
func public(req Request, cmd func(Request) (Response, error)) (Response, error) {
	resp, err := cmd(req)
	if err == nil && resp.Message != nil && req.Options["public"] == "true" {
		resp.Message.Ephemeral, resp.Message.Mentions = false, nil
	}
	return resp, err
}
