package games

import "errors"

// Sentinel errors of the contract. Engines and the driver wrap them with %w;
// the commands layer maps them to friendly text with errors.Is.
var (
	// ErrStale: the action was chosen on an older version of the table.
	ErrStale = errors.New("games: stale version")
	// ErrNotYourTurn: the seat is not among those to act.
	ErrNotYourTurn = errors.New("games: not this seat's turn")
	// ErrIllegal: the action is not in the seat's legal list.
	ErrIllegal = errors.New("games: illegal action")
	// ErrBadKey: the key does not parse.
	ErrBadKey = errors.New("games: malformed action key")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("games: game is over")
	// ErrBadOption: a lobby option is unknown or has a bad value.
	ErrBadOption = errors.New("games: bad option")
	// ErrSeats: the seat count is outside the game's limits.
	ErrSeats = errors.New("games: bad number of seats")
	// ErrUnknownGame: the catalog has no such game.
	ErrUnknownGame = errors.New("games: unknown game")
	// ErrSchema: a stored envelope has a schema this code does not know.
	ErrSchema = errors.New("games: unknown record schema")
	// ErrNewerRules: a stored table was written by newer rules than this code.
	ErrNewerRules = errors.New("games: table written by newer rules")
	// ErrOldRules: a stored table has older rules and the game cannot migrate it.
	ErrOldRules = errors.New("games: table written by older rules and cannot be migrated")
	// ErrCannotConcede: the game does not allow conceding now.
	ErrCannotConcede = errors.New("games: conceding is not allowed")
	// ErrNothingToUndo: no action of this seat can be taken back.
	ErrNothingToUndo = errors.New("games: nothing to undo")
	// ErrCorrupt: a stored record does not decode.
	ErrCorrupt = errors.New("games: corrupt record")
)
