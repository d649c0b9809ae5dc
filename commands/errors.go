package commands

import (
	"errors"

	"spindle/games"
	"spindle/storage"
)

// userError is an error whose text is meant for the user who caused it.
type userError struct{ msg string }

func (e userError) Error() string { return e.msg }

// sorry makes a friendly, user-facing error.
func sorry(msg string) error { return userError{msg: msg} }

// refusals are the errors a user can cause, in the order they are tested,
// with the text that user sees.
var refusals = []struct {
	err  error
	text string
}{
	{errOwnStep, "That click came after your previous choice, so it was not played. Here is where you are now."},
	{games.ErrStale, "The game moved on just before your click, so it was not played. Here is your panel now."},
	{games.ErrNotYourTurn, "It isn't your turn yet. You'll be mentioned when it is."},
	{games.ErrGameOver, "This game is already over."},
	{games.ErrIllegal, "That move isn't allowed right now. Open your panel again for the moves you can make."},
	{games.ErrBadKey, "That move isn't allowed right now. Open your panel again for the moves you can make."},
	{games.ErrNothingToUndo, "There is nothing of yours to take back in this turn."},
	{games.ErrCannotConcede, "Conceding isn't possible in this game right now."},
	{games.ErrBadOption, "One of the game options isn't valid."},
	{games.ErrSeats, "This game can't be played with that many players."},
	{games.ErrUnknownGame, "I don't know that game. Try /game new and pick one from the list."},
	{storage.ErrNotFound, "I can't find that game any more."},
	{storage.ErrDuplicate, "That click was already handled."},
	{ErrBadCustomID, "That button no longer works. Use /game status for a fresh board."},
}

// faults are errors that are nobody's mistake but need an admin's eye;
// the user gets this text and the error is logged.
var faults = []error{games.ErrNewerRules, games.ErrOldRules, games.ErrSchema}

// Friendly maps an error to the ephemeral text its user sees. Errors the
// user cannot have caused get a generic apology (and are logged by the
// caller); nothing internal — keys, seeds, stack traces — is ever shown
// (a seed is revealed only by a finished game's result and /game verify).
func Friendly(err error) string {
	var u userError
	if errors.As(err, &u) {
		return u.msg
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return r.text
		}
	}
	for _, f := range faults {
		if errors.Is(err, f) {
			return "This table was saved by a different version of Spindle and can't be loaded. A server admin can check the bot's logs."
		}
	}
	return "Sorry — something went wrong on my side. Please try again; if it keeps happening, tell a server admin."
}

// Expected reports whether err is an ordinary user mistake (logged at debug
// level) rather than a fault (logged as an error).
func Expected(err error) bool {
	var u userError
	if errors.As(err, &u) {
		return true
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return true
		}
	}
	return false
}
