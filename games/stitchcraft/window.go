package stitchcraft

import (
	"time"

	"spindle/games"
)

// InWindow reports whether seat is answering a reaction window
// (games.Windower): the bot then gives it the table's reaction timeout.
func (Game) InWindow(s *State, seat games.Seat) bool { return s.Window == int(seat) }

// Pass returns the pass of the seat's open window (games.Passer): the bot
// sends it for a player whose policy is "always pass" and when the window's
// time runs out. Outside a window there is no pass.
func (Game) Pass(s *State, seat games.Seat) (Action, bool) {
	if s.Window != int(seat) {
		return Action{}, false
	}
	a, err := parseAction(PassKey)
	return a, err == nil
}

// WindowTimeout is the table's reaction timeout option (games.WindowTimer).
func (Game) WindowTimeout(s *State) time.Duration {
	d, err := time.ParseDuration(s.Timeout)
	if err != nil {
		return 0
	}
	return d
}

// AutoRespond is the answer for a player whose standing policy is "react
// automatically when I can" (games.AutoResponder), from their own view.
func (Game) AutoRespond(v View) (string, bool) { return AutoReaction(v) }
