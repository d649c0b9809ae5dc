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

// Friendly maps an error to the ephemeral text its user sees. Errors the
// user cannot have caused get a generic apology (and are logged by the
// caller); nothing internal — keys, seeds, stack traces — is ever shown.
func Friendly(err error) string {
	var u userError
	switch {
	case errors.As(err, &u):
		return u.msg
	case errors.Is(err, games.ErrStale):
		return "That board is out of date — someone has moved since. Here is the current one."
	case errors.Is(err, games.ErrNotYourTurn):
		return "It isn't your turn yet. You'll be mentioned when it is."
	case errors.Is(err, games.ErrGameOver):
		return "This game is already over."
	case errors.Is(err, games.ErrIllegal), errors.Is(err, games.ErrBadKey):
		return "That move isn't allowed right now. Open your panel again for the moves you can make."
	case errors.Is(err, games.ErrNothingToUndo):
		return "There is nothing of yours to take back in this turn."
	case errors.Is(err, games.ErrCannotConcede):
		return "Conceding isn't possible in this game right now."
	case errors.Is(err, games.ErrBadOption):
		return "One of the game options isn't valid."
	case errors.Is(err, games.ErrSeats):
		return "This game can't be played with that many players."
	case errors.Is(err, games.ErrUnknownGame):
		return "I don't know that game. Try /game new and pick one from the list."
	case errors.Is(err, games.ErrNewerRules), errors.Is(err, games.ErrOldRules), errors.Is(err, games.ErrSchema):
		return "This table was saved by a different version of Spindle and can't be loaded. A server admin can check the bot's logs."
	case errors.Is(err, storage.ErrNotFound):
		return "I can't find that game any more."
	case errors.Is(err, storage.ErrDuplicate):
		return "That click was already handled."
	case errors.Is(err, ErrBadCustomID):
		return "That button no longer works. Use /game status for a fresh board."
	}
	return "Sorry — something went wrong on my side. Please try again; if it keeps happening, tell a server admin."
}

// Expected reports whether err is an ordinary user mistake (logged at debug
// level) rather than a fault (logged as an error).
func Expected(err error) bool {
	var u userError
	return errors.As(err, &u) || errors.Is(err, games.ErrStale) || errors.Is(err, games.ErrNotYourTurn) ||
		errors.Is(err, games.ErrGameOver) || errors.Is(err, games.ErrIllegal) || errors.Is(err, games.ErrBadKey) ||
		errors.Is(err, games.ErrNothingToUndo) || errors.Is(err, games.ErrCannotConcede) ||
		errors.Is(err, games.ErrBadOption) || errors.Is(err, games.ErrSeats) || errors.Is(err, games.ErrUnknownGame) ||
		errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrDuplicate) || errors.Is(err, ErrBadCustomID)
}
