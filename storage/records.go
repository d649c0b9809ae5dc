package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spindle/games"
)

// Binding statuses.
const (
	// StatusLobby: players are gathering; no table is stored yet.
	StatusLobby = "lobby"
	// StatusActive: the table exists and the game is running.
	StatusActive = "active"
	// StatusFinished: the game is over.
	StatusFinished = "finished"
	// StatusAbandoned: the game was called off before its end.
	StatusAbandoned = "abandoned"
)

// Binding ties a table id to Discord: where it is played, which messages
// show it and which user sits in each seat. The engine never sees it.
type Binding struct {
	Table   uint64 `json:"table"`
	Game    string `json:"game"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
	Thread  string `json:"thread,omitempty"`
	// Message is the id of the table message (embed, image and buttons).
	Message string `json:"message,omitempty"`
	// BoardTurn says whom the live board asks to act, as the commands
	// layer writes it (seat numbers, a window marked): a board for the
	// same turn is edited in place, a board for a new turn is posted anew.
	BoardTurn    string `json:"board_turn,omitempty"`
	LobbyMessage string `json:"lobby_message,omitempty"`
	Host         string `json:"host"`
	// Users holds the Discord user id of each seat, seat order.
	Users []string `json:"users"`
	// Names holds each seat's display name when it joined, seat order.
	Names   []string      `json:"names,omitempty"`
	Status  string        `json:"status"`
	Created time.Time     `json:"created"`
	Updated time.Time     `json:"updated"`
	Options games.Options `json:"options,omitempty"`
	// Clock is the turn clock, kept by the commands layer.
	Clock json.RawMessage `json:"clock,omitempty"`
	// Policies are players' standing answers to windows (reactions), by
	// user id: "ask" (the default), "pass" or "auto".
	Policies map[string]string `json:"policies,omitempty"`
	// Undos counts the undos of the table. An undo reuses versions, so the
	// bot stamps its buttons with this count and refuses older ones.
	Undos uint64 `json:"undos,omitempty"`
	// RateAI says the game is rated although AI seats play (the server
	// asked for it when the game started); the AI seats' ratings stay
	// fixed. Without it a game with AI seats changes no rating.
	RateAI bool `json:"rate_ai,omitempty"`
	// AIPlayed says an AI has played one of the seats at some time (a seat
	// handed back to its person still had the AI's moves): the game is
	// rated only with RateAI.
	AIPlayed bool `json:"ai_played,omitempty"`
	// Benched lists the people whose seats were handed to the AI while
	// the game runs; each may take their seat back.
	Benched []Benched `json:"benched,omitempty"`
	// Hands counts, per seat, how often the seat changed hands while the
	// game ran (a person to the AI and back, say): work begun for the
	// seat's former holder, an AI's turn, checks it before it commits.
	// Missing entries are zero.
	Hands []uint64 `json:"hands,omitempty"`
	// Log is the table's running log message in its channel.
	Log BoardLog `json:"log,omitzero"`
	// Invited are the people a lobby was opened for (a challenge, a
	// rematch); anyone may still join.
	Invited []string `json:"invited,omitempty"`
}

// BoardLog is a table's running log message: the public lines of its
// moves, edited in place as the game goes on, and started afresh (a new
// message) when it is full, in the table's log thread.
type BoardLog struct {
	// Channel is where the log is posted: a thread of its own, or the
	// table's channel when that is already a thread (or no thread could
	// be opened).
	Channel string `json:"channel,omitempty"`
	Message string `json:"message,omitempty"`
	// Text is the message's content as last written.
	Text string `json:"text,omitempty"`
	// Version is the table version whose lines the log holds so far.
	Version uint64 `json:"version,omitempty"`
}

// Benched is a person whose seat the AI plays for now.
type Benched struct {
	Seat int    `json:"seat"`
	User string `json:"user"`
	Name string `json:"name,omitempty"`
}

// CreateLobby stores a lobby binding under a new id drawn from the same
// sequence as table ids, so that starting the lobby later (CreateAt) keeps
// the id its messages and custom_ids already carry. b.Table is ignored; an
// empty status becomes StatusLobby.
func (s *Store) CreateLobby(b Binding) (uint64, error) {
	var id uint64
	err := s.write(func(tx kvTx) (err error) {
		id, err = newLobbyTx(tx, b)
		return err
	})
	return id, err
}

// newLobbyTx stores b as a new lobby under the next table id.
func newLobbyTx(tx kvTx, b Binding) (uint64, error) {
	seq, err := tx.Bucket(bucketTables).NextSequence()
	if err != nil {
		return 0, fmt.Errorf("storage: lobby id: %w", err)
	}
	b.Table = seq
	if b.Status == "" {
		b.Status = StatusLobby
	}
	if err := putJSON(tx.Bucket(bucketBindings), itob(seq), b); err != nil {
		return 0, err
	}
	return seq, nil
}

// BusyError is returned by ClaimLobby when b's channel already has a
// lobby or a running game: Table is that game. It wraps ErrBusy.
type BusyError struct{ Table uint64 }

func (e BusyError) Error() string {
	return fmt.Sprintf("storage: channel already has table %d", e.Table)
}

func (e BusyError) Unwrap() error { return ErrBusy }

// ClaimLobby is CreateLobby for a lobby in b.Channel itself: in the same
// transaction it checks that the channel has no lobby or running game
// (a dangling entry, with no binding or a closed one, does not count) and
// makes the new lobby the channel's active table, so two simultaneous
// requests in one channel open one lobby and get a BusyError for the
// other.
func (s *Store) ClaimLobby(b Binding) (uint64, error) {
	if b.Channel == "" {
		return 0, errors.New("storage: claim lobby needs a channel")
	}
	var id uint64
	err := s.write(func(tx kvTx) error {
		chans := tx.Bucket(bucketChannels)
		v := chans.Get([]byte(b.Channel))
		if v == nil {
			// Another process may be opening a lobby in this channel this
			// instant: claim the channel (a placeholder, replaced below), so
			// only one of them does.
			old, claimed, err := chans.Claim([]byte(b.Channel), itob(0))
			if err != nil {
				return err
			}
			if !claimed {
				v = old
			}
		}
		if len(v) == 8 {
			other := btoi(v)
			if raw := tx.Bucket(bucketBindings).Get(v); raw != nil {
				if ob, err := decodeBinding(other, raw); err == nil && (ob.Status == StatusLobby || ob.Status == StatusActive) {
					return clean(BusyError{Table: other})
				}
			}
		}
		seq, err := newLobbyTx(tx, b)
		if err != nil {
			return err
		}
		if err := chans.Put([]byte(b.Channel), itob(seq)); err != nil {
			return fmt.Errorf("storage: channel %s: %w", b.Channel, err)
		}
		id = seq
		return nil
	})
	return id, err
}

// PutBinding stores b under b.Table, replacing any earlier binding. A
// message id recorded by SetMessage before this call and not yet written
// is written first, so b (as the caller last saw it) wins. Timers ts are
// scheduled in the same commit (a seat handed to the AI and the AI's
// marker to act, say).
func (s *Store) PutBinding(b Binding, ts ...Timer) error {
	if b.Table == 0 {
		return errors.New("storage: binding without a table id")
	}
	if err := checkTimers(ts); err != nil {
		return err
	}
	v, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("storage: encode binding %d: %w", b.Table, err)
	}
	return s.write(func(tx kvTx) error {
		if err := putBytes(tx.Bucket(bucketBindings), itob(b.Table), v); err != nil {
			return err
		}
		return scheduleTx(tx, ts)
	})
}

// GetBinding returns the binding of table id; a missing one wraps
// ErrNotFound. A message id recorded by SetMessage and not yet written is
// already part of it.
//
// The stored binding and the pending id are read consistently: when a
// commit wrote pending ids while the binding was being read, the read may
// predate them and the pending ids are gone from memory, so the binding is
// read again (a few times at most: a read takes microseconds, a commit
// far longer).
func (s *Store) GetBinding(id uint64) (Binding, error) {
	for try := 0; ; try++ {
		landings := s.landingsNow()
		var b Binding
		err := s.readJSON(bucketBindings, itob(id), &b, fmt.Sprintf("binding %d", id))
		if err != nil {
			return b, err
		}
		m, ok, same := s.pendingSince(id, landings)
		if !same && try < 8 {
			continue
		}
		if ok {
			m.apply(&b)
		}
		return b, nil
	}
}

// decodeBinding decodes the stored binding of table id.
func decodeBinding(id uint64, v []byte) (Binding, error) {
	var b Binding
	if err := json.Unmarshal(v, &b); err != nil {
		return Binding{}, fmt.Errorf("storage: binding %d: %w", id, errors.Join(games.ErrCorrupt, err))
	}
	return b, nil
}

// SetActive records table as the game running in channel (a channel or a
// thread id).
func (s *Store) SetActive(channel string, table uint64) error {
	if channel == "" || table == 0 {
		return errors.New("storage: set active needs a channel and a table id")
	}
	return s.write(func(tx kvTx) error {
		if err := tx.Bucket(bucketChannels).Put([]byte(channel), itob(table)); err != nil {
			return fmt.Errorf("storage: channel %s: %w", channel, err)
		}
		return nil
	})
}

// Active returns the table running in channel; none wraps ErrNotFound.
func (s *Store) Active(channel string) (uint64, error) {
	var id uint64
	err := s.db.View(func(tx kvTx) error {
		v := tx.Bucket(bucketChannels).Get([]byte(channel))
		if v == nil {
			return fmt.Errorf("storage: no active table in channel %s: %w", channel, ErrNotFound)
		}
		if len(v) != 8 {
			return fmt.Errorf("storage: channel %s: %w", channel, games.ErrCorrupt)
		}
		id = btoi(v)
		return nil
	})
	return id, err
}

// clearChannelTx frees channel when its active table is table (a newer
// game in the channel is left alone).
func clearChannelTx(tx kvTx, channel string, table uint64) error {
	if channel == "" {
		return nil
	}
	bk := tx.Bucket(bucketChannels)
	if v := bk.Get([]byte(channel)); len(v) != 8 || btoi(v) != table {
		return nil
	}
	if err := bk.Delete([]byte(channel)); err != nil {
		return fmt.Errorf("storage: channel %s: %w", channel, err)
	}
	return nil
}

// ClearActive forgets the table running in channel; clearing an empty
// channel is not an error.
func (s *Store) ClearActive(channel string) error {
	return s.write(func(tx kvTx) error {
		if err := tx.Bucket(bucketChannels).Delete([]byte(channel)); err != nil {
			return fmt.Errorf("storage: channel %s: %w", channel, err)
		}
		return nil
	})
}

// PutGuild stores a guild's settings, v encoded as JSON.
func (s *Store) PutGuild(guild string, v any) error {
	if guild == "" {
		return errors.New("storage: guild settings need a guild id")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("storage: encode guild %s: %w", guild, err)
	}
	return s.write(func(tx kvTx) error {
		return putBytes(tx.Bucket(bucketGuilds), []byte(guild), b)
	})
}

// GetGuild decodes a guild's settings into v; none wraps ErrNotFound.
func (s *Store) GetGuild(guild string, v any) error {
	return s.readJSON(bucketGuilds, []byte(guild), v, "guild "+guild)
}

// PutUser stores a user's preferences (notifications, quiet hours, away)
// as JSON; the commands layer owns the shape.
func (s *Store) PutUser(user string, v any) error {
	if user == "" {
		return errors.New("storage: user settings need a user id")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("storage: encode user %s: %w", user, err)
	}
	return s.write(func(tx kvTx) error {
		return putBytes(tx.Bucket(bucketUsers), []byte(user), b)
	})
}

// GetUser decodes a user's preferences into v; none wraps ErrNotFound.
func (s *Store) GetUser(user string, v any) error {
	return s.readJSON(bucketUsers, []byte(user), v, "user "+user)
}

// readJSON decodes the record k of the top-level bucket into v, as getJSON
// does, in one read of its own (readOne).
func (s *Store) readJSON(bucket, k []byte, v any, what string) error {
	b, err := s.readOne(bucket, k)
	if err != nil {
		return err
	}
	return decodeJSON(b, v, what)
}

func putJSON(bk kvBucket, k []byte, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("storage: encode record: %w", err)
	}
	if err := bk.Put(k, b); err != nil {
		return fmt.Errorf("storage: put: %w", err)
	}
	return nil
}

// putBytes stores an encoded record. A put that fails wrote nothing.
func putBytes(bk kvBucket, k, v []byte) error {
	if err := bk.Put(k, v); err != nil {
		return clean(fmt.Errorf("storage: put: %w", err))
	}
	return nil
}

func getJSON(bk kvBucket, k []byte, v any, what string) error {
	return decodeJSON(bk.Get(k), v, what)
}

// decodeJSON decodes a stored record b (nil: absent, which wraps
// ErrNotFound) into v; bytes that do not decode wrap games.ErrCorrupt.
func decodeJSON(b []byte, v any, what string) error {
	if b == nil {
		return fmt.Errorf("storage: %s: %w", what, ErrNotFound)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("storage: %s: %w", what, errors.Join(games.ErrCorrupt, err))
	}
	return nil
}

// EndTable closes a table without a result in one commit: it stores b (its
// status already set by the caller: cancelled or abandoned), frees the
// channel when it still names this table, drops the timers, takes the
// table out of its players' index and forgets its unshown moves.
func (s *Store) EndTable(b Binding) error {
	if b.Table == 0 {
		return errors.New("storage: end table needs a table id")
	}
	return s.write(func(tx kvTx) error {
		if err := putJSON(tx.Bucket(bucketBindings), itob(b.Table), b); err != nil {
			return err
		}
		if err := clearChannelTx(tx, b.Channel, b.Table); err != nil {
			return err
		}
		if err := unscheduleTableTx(tx, b.Table); err != nil {
			return err
		}
		if err := setPlayingTx(tx, b.Table, b.Seated(), false); err != nil {
			return err
		}
		return tx.Bucket(bucketOutbox).Delete(itob(b.Table))
	})
}
