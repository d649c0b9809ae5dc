package commands

import (
	"errors"
	"fmt"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// helpCommand is /help: what Spindle does, how to start, and where the
// rules are, privately.
func helpCommand(cat *games.Catalog) (Response, error) {
	var list []string
	for _, info := range cat.Games() {
		seats := fmt.Sprintf("%d–%d players", info.MinSeats, info.MaxSeats)
		if info.MinSeats == info.MaxSeats {
			seats = fmt.Sprintf("%d players", info.MinSeats)
		}
		list = append(list, fmt.Sprintf("**%s** (`%s`, %s)", info.Title, info.ID, seats))
	}
	e := Embed{Title: "Spindle — textile board games in your channel", Color: colourRules,
		Description: "Spindle runs tabletop games right here: the table is a picture in the channel, your hand is " +
			"a private panel only you can see, and games can last minutes or days.\n\n**Games:** " + strings.Join(list, " · "),
		Fields: []Field{
			{Name: "Start a game", Value: "`/game new game:<game>` opens a lobby. Friends press **Join**; press **Add AI** to fill " +
				"seats with AI players (easy, normal or hard) — you can play any game alone. The host presses **Start**."},
			{Name: "Play", Value: "When it's your move the new table message pings you. Press **My hand & moves** for your " +
				"private panel. `/game undo` takes back your own actions in your turn; `/game status` shows the table privately."},
			{Name: "Learn the rules", Value: "`/rules game:<game>` shows the rules section by section; the **Rules** button on a " +
				"table does the same for its game. `/rules game:tapestry lookup:<name>` looks up a card, tile, track space, " +
				"landmark or achievement by name."},
			{Name: "Long games", Value: "The lobby's **Turn clock** sets how long a turn may take and what happens when it runs " +
				"out. `/game list` shows your running games, `/away` pauses your clocks, `/notify` sets reminders and quiet hours."},
			{Name: "Standings", Value: "`/leaderboard`, `/stats` and `/history` (add `public:true` to share them). " +
				"`/privacy` says what Spindle stores."},
		}}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{e}}}, nil
}

// privacyCommand is /privacy: what is stored, why and for how long.
func privacyCommand() (Response, error) {
	e := Embed{Title: "What Spindle stores", Color: colourRules,
		Description: "Spindle keeps what it needs to run your games and nothing else, in its own database on the " +
			"server that runs the bot. It never reads your messages.",
		Fields: []Field{
			{Name: "Games", Value: "Your Discord user id and the display name you had when you joined a table; every move " +
				"of the game with its time; the result. Finished games stay so that replays, `/history` and ratings work."},
			{Name: "Ratings", Value: "Your rating and tally (games, wins, draws, losses) per server and game, with the " +
				"rating after each rated game for the `/stats` chart."},
			{Name: "Your settings", Value: "What you set with `/notify` (direct messages, quiet hours and their time zone) " +
				"and `/away`, kept until you change them."},
			{Name: "Short-lived records", Value: "The id of each interaction (button press or command), kept about a day " +
				"so a double click is never played twice."},
			{Name: "Server settings", Value: "What members with Manage Server set with `/settings`."},
		},
		Footer: "/forget-me deletes your settings and ratings and takes your name off your finished games."}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{e}}}, nil
}

// forgetMeCommand is /forget-me [confirm]: without confirm it says what
// would be deleted; with it, the user's preferences and ratings are
// deleted and their finished games name "a former player" instead of
// them (storage.ForgetUser). Results, replays and other players' ratings
// stay. Someone at a running table is asked to finish or leave it first.
func (a *App) forgetMeCommand(req Request) (Response, error) {
	if req.Options["confirm"] != "true" {
		return Response{Message: &Message{Ephemeral: true, Content: "This deletes your /notify and /away settings and " +
			"your ratings on every server, and replaces your name and id with \"a former player\" in every finished game " +
			"you played (the results, replays and other players' ratings stay). It can't be undone. " +
			"To go ahead, run `/forget-me confirm:True`."}}, nil
	}
	n, err := a.Store.ForgetUser(req.User.ID)
	if errors.Is(err, storage.ErrStillPlaying) {
		return Response{}, sorry("You're still playing a game. Finish it, or ask its host to hand your seat to the AI with /game replace, then try again.")
	}
	if err != nil {
		return Response{}, err
	}
	a.Log.Info().Int("games", n).Msg("a user asked to be forgotten")
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf(
		"Done. Your settings and ratings are deleted, and %d finished game(s) no longer name you.", n)}}, nil
}
