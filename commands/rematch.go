package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"spindle/storage"
)

// rematch answers the result's Rematch button: a new lobby in the same
// channel with the same players in the same seats (AI players included)
// and the same options, hosted by whoever pressed it, pinging the others.
// Anyone may still join or leave it before the host starts.
func (a *App) rematch(ctx context.Context, req Request, old storage.Binding, p Poster) (Response, error) {
	if old.Status != statusFinished {
		return Response{}, sorry("A rematch is offered once the game is over.")
	}
	if !slices.Contains(old.Users, req.User.ID) {
		return Response{}, sorry("Only the players of this game can start its rematch. Start your own with /game new.")
	}
	k, err := a.Catalog.Get(old.Game)
	if err != nil {
		return Response{}, err
	}
	info := k.Info()
	b := storage.Binding{Game: old.Game, Guild: old.Guild, Channel: old.Channel, Thread: old.Thread, Host: req.User.ID,
		Users: slices.Clone(old.Users), Names: slices.Clone(old.Names), Status: statusLobby,
		Created: a.now(), Updated: a.now(), Options: old.Options}
	var others []string
	for _, u := range people(b.Users) {
		if u != req.User.ID {
			others = append(others, "<@"+u+">")
		}
	}
	content := fmt.Sprintf("🔁 <@%s> wants a rematch of %s #%d!", req.User.ID, info.Title, old.Table)
	if len(others) > 0 {
		content += fmt.Sprintf(" %s — you're seated; press **Leave** if you'd rather not.", joinAnd(others))
	}
	b, err = a.openLobby(ctx, b, info, false, content, p)
	if err != nil {
		return Response{}, err
	}
	return Response{Message: &Message{Ephemeral: true, Content: fmt.Sprintf(
		"Rematch table #%d is open below with the same players and options. Press **Start** when everyone is ready.", b.Table)}}, nil
}

// joinAnd lists items as "a", "a and b" or "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
