package commands

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/imaging"
	"spindle/storage"
)

// boardPageSize is the number of players on one leaderboard page.
const boardPageSize = 10

// colourBoard is the embed colour of leaderboards and stats.
const colourBoard = 0xC99A06

// boardGame resolves a game option of /leaderboard, /stats and /history:
// empty or "all" is the overall board; anything else must be a catalog
// game. It returns the board's id and title.
func (a *App) boardGame(opt string) (string, string, error) {
	if opt == "" || opt == storage.AllGames {
		return storage.AllGames, "All games", nil
	}
	k, err := a.Catalog.Get(opt)
	if err != nil {
		return "", "", sorry("I don't know that game. Pick one from the list, or \"All games\".")
	}
	return opt, k.Info().Title, nil
}

// ratingWords explains a board's conservative value in a few words.
func ratingWords(system string) string {
	if system == storage.SystemGlicko2 {
		return "Glicko-2 rating − 2·RD"
	}
	return "Weng–Lin μ − 3σ"
}

// formatRating prints a conservative value: Glicko-2 values as whole
// numbers, Weng–Lin values (a few tens) with one decimal.
func formatRating(system string, v float64) string {
	return strconv.FormatFloat(v, 'f', ratingDecimals(system), 64)
}

func ratingDecimals(system string) int {
	if system == storage.SystemGlicko2 {
		return 0
	}
	return 1
}

// displayName is the name a record carries, or a neutral stand-in (images
// cannot show mentions).
func displayName(name, user string) string {
	if name != "" {
		return name
	}
	if len(user) > 4 {
		user = user[len(user)-4:]
	}
	return "player …" + user
}

// leaderboardCommand is /leaderboard [game] [page].
func (a *App) leaderboardCommand(req Request) (Response, error) {
	game, _, err := a.boardGame(req.Options["game"])
	if err != nil {
		return Response{}, err
	}
	page := 1
	if p := req.Options["page"]; p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return Response{}, sorry("The page is a number from 1.")
		}
		page = n
	}
	m, err := a.leaderboardMessage(req, game, page)
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m}, nil
}

// leaderboardComponent turns a leaderboard page with the ◀ ▶ buttons.
func (a *App) leaderboardComponent(req Request, c CustomID) (Response, error) {
	game, _, err := a.boardGame(c.Game)
	if err != nil {
		return Response{}, err
	}
	page, err := strconv.Atoi(c.Arg)
	if err != nil {
		return Response{}, ErrBadCustomID
	}
	m, err := a.leaderboardMessage(req, game, max(page, 1))
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &m, Update: true}, nil
}

// leaderboardMessage is one page of a board, privately: an embed with the
// ranked table as a PNG and page buttons. A page past the end shows the
// last one.
func (a *App) leaderboardMessage(req Request, game string, page int) (Message, error) {
	_, title, err := a.boardGame(game)
	if err != nil {
		return Message{}, err
	}
	rows, total, err := a.Store.Leaderboard(req.Guild, game, page-1, boardPageSize)
	if err != nil {
		return Message{}, err
	}
	pages := max(1, (total+boardPageSize-1)/boardPageSize)
	if page > pages {
		page = pages
		if rows, total, err = a.Store.Leaderboard(req.Guild, game, page-1, boardPageSize); err != nil {
			return Message{}, err
		}
	}
	system := storage.SystemWengLin
	if len(rows) > 0 {
		system = rows[0].System
	}
	board := imaging.Board{Title: title + " leaderboard", Decimals: ratingDecimals(system),
		Subtitle: fmt.Sprintf("Page %d of %d · %d players · rating = %s", page, pages, total, ratingWords(system))}
	var names []string
	for _, r := range rows {
		board.Rows = append(board.Rows, imaging.BoardRow{Rank: r.Rank, Name: displayName(r.Name, r.User),
			Rating: r.Conservative(), Games: r.Games, Wins: r.Wins, Mark: r.User == req.User.ID})
		names = append(names, fmt.Sprintf("%d. <@%s> — %s (%d games, %d wins)", r.Rank, r.User, formatRating(r.System, r.Conservative()), r.Games, r.Wins))
	}
	img, err := imaging.RenderBoard(board)
	if err != nil {
		return Message{}, fmt.Errorf("commands: render leaderboard: %w", err)
	}
	png, err := imaging.PNG(img)
	if err != nil {
		return Message{}, err
	}
	desc := "No rated games on this server yet. Finish a game to get on the board."
	if len(names) > 0 {
		desc = strings.Join(names, "\n")
	}
	e := Embed{Title: title + " leaderboard", Color: colourBoard, Image: "leaderboard.png", Description: clip(desc, 4000),
		Footer: fmt.Sprintf("page %d of %d · %d players · ranked by %s, a value your true strength very probably exceeds", page, pages, total, ratingWords(system))}
	btn := func(label string, to int, disabled bool) Button {
		return Button{Label: label, Style: Secondary, Disabled: disabled,
			CustomID: CustomID{Route: 'b', Game: game, Arg: strconv.Itoa(to)}.MustEncode()}
	}
	return Message{Ephemeral: true, Embeds: []Embed{e}, Files: []File{{Name: "leaderboard.png", Type: "image/png", Data: png}},
		Rows: []Row{{Buttons: []Button{btn("◀", page-1, page <= 1), btn("▶", page+1, page >= pages)}}}}, nil
}
