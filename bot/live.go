package bot

import (
	"net/http"

	"spindle/commands"
)

// Poster is the bot's commands.Poster (boards, edits and DMs over
// Discord's REST API), for front doors beside the gateway and the HTTP
// interactions endpoint: the live table posts the boards of its moves
// through it.
func (b *Bot) Poster() commands.Poster { return b.poster() }

// WithActivity serves the live table (an Activity, bot/activity) under
// /activity/ beside the interactions endpoint, on one listener: Discord's
// URL mapping for the Activity points at <host>/activity.
func WithActivity(interactions, live http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/activity/", http.StripPrefix("/activity", live))
	mux.Handle("/", interactions)
	return mux
}
