package imaging

import (
	"errors"
	"spindle/games"
)

// Kind names which picture of a view to draw.
type Kind string

// The kinds of picture every game offers.
const (
	// Table is the public table, posted in the channel.
	Table Kind = "table"
	// Panel is one seat's private panel: its hand and where it may play.
	Panel Kind = "panel"
	// Scoring is the score breakdown, final once the game is over.
	Scoring Kind = "scoring"
)

// The kinds of picture only some games offer; Has reports which.
const (
	// Players shows every player's holdings, for a game whose players hold
	// too much to fit on the table picture (Tapestry's capital cities,
	// income mats, tech cards and tapestry slots).
	Players Kind = "players"
)

// ErrNoPicture is the error, wrapped, of a render asking a game for a kind
// of picture it does not offer (such as Players of a game without one).
var ErrNoPicture = errors.New("imaging: no picture of that kind")

// Options adjusts a render without changing what it shows of the view.
type Options struct {
	// Names are display names by seat; a missing or empty name shows as
	// games.DefaultName ("Player N", N counted from 1).
	Names []string
	// Focus is the choice group a private panel is showing (the head of
	// the keys in its menu: Warp and Weft's card being placed); a panel
	// picture marks it. "" marks nothing.
	Focus string
}

// Name is the display Name of seat.
func (o Options) Name(s games.Seat) string {
	if s >= 0 && int(s) < len(o.Names) && o.Names[s] != "" {
		return o.Names[s]
	}
	if s < 0 {
		return "nobody"
	}
	return games.DefaultName(s)
}
