package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"spindle/games/ai"
	"spindle/imaging"
	"spindle/storage"
)

// Limits of /stats and /history.
const (
	statsHistoryPoints = 100 // rating points in the chart
	historyEntries     = 10  // games listed by /history
)

// statsCommand is /stats [user] [game]: a player's games, wins, win rate
// and rating on one board, with a chart of the rating over their games.
// Without a game it is the overall board, plus a line per game.
func (a *App) statsCommand(req Request) (Response, error) {
	user := req.Options["user"]
	if user == "" {
		user = req.User.ID
	}
	game, title, err := a.boardGame(req.Options["game"])
	if err != nil {
		return Response{}, err
	}
	vsAI, err := a.aiRecord(req.Guild, user, game)
	if err != nil {
		return Response{}, err
	}
	r, err := a.Store.Stats(req.Guild, user, game)
	if errors.Is(err, storage.ErrNotFound) {
		subject := "You have"
		if user != req.User.ID {
			subject = "<@" + user + "> has"
		}
		text := fmt.Sprintf("%s no rated games in %s on this server yet.", subject, title)
		if vsAI != "" {
			text += "\n**Against Spindle AI:** " + vsAI
		}
		return Response{Message: &Message{Ephemeral: true, Content: text}}, nil
	}
	if err != nil {
		return Response{}, err
	}
	place, err := a.Store.Place(req.Guild, user, game)
	if err != nil {
		return Response{}, err
	}
	_, total, err := a.Store.Leaderboard(req.Guild, game, 0, 1)
	if err != nil {
		return Response{}, err
	}
	pts, err := a.Store.RatingHistory(req.Guild, game, user, statsHistoryPoints)
	if err != nil {
		return Response{}, err
	}
	name := displayName(r.Name, user)
	value := formatRating(r.System, r.Conservative())
	detail := fmt.Sprintf("%s (%s ± %s)", value, formatRating(r.System, r.Mean()), formatRating(r.System, r.Deviation()))
	chart := imaging.LineChart{Title: name + " — " + title, XLabel: "rated game",
		Subtitle: fmt.Sprintf("%d games · %d wins · rating %s", r.Games, r.Wins, detail)}
	if r.Games > len(pts) {
		chart.XLabel = fmt.Sprintf("rated game (the last %d)", len(pts))
	}
	var cons, mean []float64
	for _, p := range pts {
		cons, mean = append(cons, p.Value), append(mean, p.Mean)
	}
	meanLabel := "Rating"
	if r.System == storage.SystemWengLin {
		meanLabel = "μ"
	}
	chart.Series = []imaging.Series{{Label: ratingWords(r.System), Values: cons}, {Label: meanLabel, Values: mean, Thin: true}}
	img, err := imaging.RenderLineChart(chart)
	if err != nil {
		return Response{}, fmt.Errorf("commands: render stats chart: %w", err)
	}
	png, err := imaging.PNG(img)
	if err != nil {
		return Response{}, err
	}
	e := Embed{Title: fmt.Sprintf("%s — %s", name, title), Color: colourBoard, Image: "stats.png",
		Description: fmt.Sprintf("<@%s> on this server's %s board.", user, title),
		Fields: []Field{
			{Name: "Games", Value: fmt.Sprint(r.Games), Inline: true},
			{Name: "Wins", Value: fmt.Sprintf("%d (%d draws, %d losses)", r.Wins, r.Draws, r.Losses), Inline: true},
			{Name: "Win rate", Value: winRate(r.Wins, r.Games), Inline: true},
			{Name: "Rating", Value: fmt.Sprintf("**%s** — #%d of %d", value, place, total), Inline: true},
			{Name: "Detail", Value: fmt.Sprintf("%s = %s; rating %s ± %s", ratingWords(r.System), value,
				formatRating(r.System, r.Mean()), formatRating(r.System, r.Deviation())), Inline: true},
		},
		Footer: "last rated game " + r.Last.Format("2 Jan 2006")}
	if vsAI != "" {
		e.Fields = append(e.Fields, Field{Name: "Against Spindle AI", Value: vsAI})
	}
	if game == storage.AllGames {
		all, err := a.Store.AllStats(req.Guild, user)
		if err != nil {
			return Response{}, err
		}
		var lines []string
		for _, g := range all {
			if g.Game == storage.AllGames {
				continue
			}
			gt := g.Game
			if k, err := a.Catalog.Get(g.Game); err == nil {
				gt = k.Info().Title
			}
			lines = append(lines, fmt.Sprintf("**%s**: %d games, %d wins (%s), rating %s", gt, g.Games, g.Wins,
				winRate(g.Wins, g.Games), formatRating(g.System, g.Conservative())))
		}
		if len(lines) > 0 {
			e.Fields = append(e.Fields, Field{Name: "By game", Value: clip(strings.Join(lines, "\n"), 1024)})
		}
	}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{e},
		Files: []File{{Name: "stats.png", Type: "image/png", Data: png}}}}, nil
}

// aiRecordGames bounds the finished games /stats reads for a player's
// record against the AI.
const aiRecordGames = 1000

// aiRecord is user's record against each AI level in the guild's last
// finished games of game (rated or not): a win, draw or loss against every
// AI seat of each game, by rank. It is "" when the user never met the AI.
func (a *App) aiRecord(guild, user, game string) (string, error) {
	recs, err := a.Store.History(guild, user, game, aiRecordGames)
	if err != nil {
		return "", err
	}
	type wdl struct{ w, d, l int }
	tally := map[string]*wdl{}
	for _, rec := range recs {
		me := slices.Index(rec.Users, user)
		if me < 0 || me >= len(rec.Ranks) {
			continue
		}
		for s, u := range rec.Users {
			lvl, ok := aiLevelOf(u)
			if !ok || s >= len(rec.Ranks) {
				continue
			}
			t := tally[lvl.Name]
			if t == nil {
				t = &wdl{}
				tally[lvl.Name] = t
			}
			switch {
			case rec.Ranks[me] == rec.Ranks[s]: // a draw, or a tie below
				t.d++
			case rec.Ranks[me] < rec.Ranks[s]:
				t.w++
			default:
				t.l++
			}
		}
	}
	var parts []string
	for _, l := range ai.Levels {
		if t := tally[l.Name]; t != nil {
			parts = append(parts, fmt.Sprintf("%s: %d won, %d drawn, %d lost", l.Name, t.w, t.d, t.l))
		}
	}
	return strings.Join(parts, " · "), nil
}

// winRate is wins over games as a whole percentage.
func winRate(wins, n int) string {
	if n <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(wins)/float64(n))
}

// historyCommand is /history [game] [user]: this server's recent finished
// games, newest first, with their results and a link to each result.
func (a *App) historyCommand(req Request) (Response, error) {
	game, title, err := a.boardGame(req.Options["game"])
	if err != nil {
		return Response{}, err
	}
	user := req.Options["user"]
	recs, err := a.Store.History(req.Guild, user, game, historyEntries)
	if err != nil {
		return Response{}, err
	}
	head := "Recent games"
	if game != storage.AllGames {
		head += " of " + title
	}
	if user != "" {
		head += " with " + "<@" + user + ">"
	}
	if len(recs) == 0 {
		return Response{Message: &Message{Ephemeral: true, Content: head + ": none finished on this server yet."}}, nil
	}
	var lines []string
	for _, rec := range recs {
		lines = append(lines, a.historyLine(rec))
	}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{{Title: "Recent games", Color: colourBoard,
		Description: clip(head+"\n\n"+strings.Join(lines, "\n\n"), 4000),
		Footer:      "/game replay id:<n> steps through a game move by move"}}}}, nil
}

// historyLine is one finished game: what, when, the standings with each
// player's rating change, and a jump link to the result.
func (a *App) historyLine(rec storage.GameRecord) string {
	gt := rec.Game
	if k, err := a.Catalog.Get(rec.Game); err == nil {
		gt = k.Info().Title
	}
	// Seats in finishing order.
	order := make([]int, len(rec.Users))
	for i := range order {
		order[i] = i
	}
	rank := func(s int) int {
		if s < len(rec.Ranks) {
			return rec.Ranks[s]
		}
		return len(rec.Users)
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && rank(order[j]) < rank(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	var seats []string
	for _, s := range order {
		part := fmt.Sprintf("%s %s", ordinal(rank(s)), who(rec.Users[s]))
		if s < len(rec.Scores) {
			part += fmt.Sprintf(" %d", rec.Scores[s])
		}
		if rec.Rated && s < len(rec.After) && s < len(rec.Before) {
			part += fmt.Sprintf(" (%+.1f)", rec.After[s]-rec.Before[s])
		}
		seats = append(seats, part)
	}
	how := ""
	switch {
	case rec.Draw:
		how = " — a draw"
	case rec.Reason != "" && rec.Reason != "scored":
		how = " — " + rec.Reason
	}
	link := jumpLink(storage.Binding{Guild: rec.Guild, Channel: rec.Channel, Message: rec.Message})
	return fmt.Sprintf("**%s** #%d, <t:%d:R>%s — [result](%s)\n%s", gt, rec.Table, rec.Finished.Unix(), how, link, strings.Join(seats, " · "))
}

// ordinal is 1st, 2nd, 3rd, 4th, ...
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprint(n) + suffix
}
