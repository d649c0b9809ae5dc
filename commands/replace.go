package commands

import (
	"context"
	"fmt"
	"slices"
	"time"

	"spindle/games"
	"spindle/games/ai"
	"spindle/storage"
)

// replaceCommand is /game replace player [level]: the host or a server
// manager hands a running game's seat to an AI player, who plays it from
// then on (at once, when the seat is to act). The person is remembered on
// the binding and may take the seat back with /game rejoin. The binding
// and the AI's marker to act are one commit.
func (a *App) replaceCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	b, unlock, err := a.lockedIn(req)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if b.Status != statusActive {
		return Response{}, sorry("Seats are handed to the AI once the game has started; in a lobby, the host adds AI players with **Add AI**.")
	}
	if req.User.ID != b.Host && !req.CanManage {
		return Response{}, sorry(fmt.Sprintf("Only the host (<@%s>) or someone with Manage Server can hand a seat to the AI.", b.Host))
	}
	player := req.Options["player"]
	seat := slices.Index(b.Users, player)
	if seat < 0 || isAI(player) {
		return Response{}, sorry(fmt.Sprintf("<@%s> doesn't hold a seat at table #%d.", player, b.Table))
	}
	level := ai.Normal
	if v := req.Options["level"]; v != "" {
		l, ok := ai.ByName(v)
		if !ok {
			return Response{}, sorry("Choose easy, normal or hard.")
		}
		level = l
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	name := ""
	if seat < len(b.Names) {
		name = b.Names[seat]
	}
	b.Benched = append(b.Benched, storage.Benched{Seat: seat, User: player, Name: name})
	if !b.AIPlayed {
		b.AIPlayed, b.RateAI = true, a.settings(b.Guild).RateAI
	}
	b.Users[seat] = aiUser(level.Name, b.Users)
	b.Handed(seat)
	if seat < len(b.Names) {
		b.Names[seat] = aiName(b.Users[seat])
	}
	// The person's clock stops: the AI plays on its own marker.
	if c, err := readClock(b); err == nil && seat < len(c.Since) {
		c.Since[seat], c.Deadlines[seat] = time.Time{}, time.Time{}
		if err := writeClock(&b, c); err != nil {
			return Response{}, err
		}
	}
	b.Updated = a.now()
	if err := a.Store.PutBinding(b, aiTimers(&b, t)...); err != nil {
		return Response{}, err
	}
	a.wakeAI()
	text := fmt.Sprintf("🤖 %s's seat at table #%d is now played by %s (handed over by <@%s>). They can take it back with `/game rejoin`.",
		"<@"+player+">", b.Table, who(b.Users[seat]), req.User.ID)
	if _, err := p.Post(ctx, b.Channel, Message{Content: text, Mentions: []string{}}); err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not announce a replaced player")
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("%s now plays seat %d of table #%d.", aiName(b.Users[seat]), seat+1, b.Table)}}, nil
}

// rejoinCommand is /game rejoin: a person whose seat the AI plays takes it
// back. When the seat is to act, the person's clock starts at once.
func (a *App) rejoinCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	b, unlock, err := a.lockedIn(req)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	i := slices.IndexFunc(b.Benched, func(x storage.Benched) bool { return x.User == req.User.ID })
	if b.Status != statusActive || i < 0 {
		return Response{}, sorry("You have no seat here that the AI plays for you.")
	}
	x := b.Benched[i]
	if !aiAt(&b, games.Seat(x.Seat)) {
		return Response{}, sorry("That seat isn't the AI's any more.")
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	machine := b.Users[x.Seat]
	b.Benched = slices.Delete(b.Benched, i, i+1)
	b.Users[x.Seat] = x.User
	b.Handed(x.Seat)
	if x.Seat < len(b.Names) {
		b.Names[x.Seat] = x.Name
	}
	b.Updated = a.now()
	// The seat's clock starts now when it is to act (the AI's wait left
	// no deadline behind).
	ts, err := a.clockStep(&b)(&b, t)
	if err != nil {
		return Response{}, err
	}
	if err := a.Store.PutBinding(b, ts...); err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("👋 <@%s> is back at table #%d and takes their seat from %s.", x.User, b.Table, who(machine))
	if slices.Contains(t.ToAct(), games.Seat(x.Seat)) {
		text += " It's their move."
	}
	if _, err := p.Post(ctx, b.Channel, Message{Content: text, Mentions: []string{}}); err != nil {
		a.Log.Warn().Err(err).Uint64("table", b.Table).Msg("could not announce a rejoin")
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf("You have seat %d of table #%d back. Press **My hand & moves** on the table to play.", x.Seat+1, b.Table)}}, nil
}
