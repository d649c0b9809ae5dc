package games

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Schema is the version of the envelope layout written by this code.
const Schema = 1

// Envelope is the stored record of a table: a versioned header, the secret
// seed and PCG state, and the game's own state as JSON. The seed and RNG
// never leave storage: no view, log line or message carries them.
type Envelope struct {
	Schema  int             `json:"schema"`
	Game    string          `json:"game"`
	Rules   int             `json:"rules"`
	Version uint64          `json:"version"`
	Seats   int             `json:"seats"`
	Opts    Options         `json:"opts"`
	Seed    [2]uint64       `json:"seed"`
	RNG     []byte          `json:"rng"`
	State   json.RawMessage `json:"state"` // the last field: Marshal writes it last

	// marshaled says State is json.Marshal's own output (the driver's
	// Envelope), compact and escaped already: Marshal copies it as it is
	// instead of scanning it again.
	marshaled bool
}

// Marshal encodes the envelope. A state the driver encoded is copied into
// the output as it is; the bytes are those json.Marshal would write.
func (e Envelope) Marshal() ([]byte, error) {
	if !e.marshaled || len(e.State) == 0 {
		b, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("games: encode envelope: %w", err)
		}
		return b, nil
	}
	// The header is encoded with a one-byte stand-in for the state,
	// which the state itself then replaces.
	head := e
	head.State = json.RawMessage("0")
	b, err := json.Marshal(head)
	if err != nil {
		return nil, fmt.Errorf("games: encode envelope: %w", err)
	}
	out := make([]byte, 0, len(b)+len(e.State))
	out = append(out, b[:len(b)-2]...) // without the stand-in and the closing brace
	out = append(out, e.State...)
	return append(out, '}'), nil
}

// ParseEnvelope decodes a stored envelope and refuses an unknown schema.
func ParseEnvelope(b []byte) (Envelope, error) {
	var head struct {
		Schema int `json:"schema"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return Envelope{}, fmt.Errorf("games: envelope: %w", errors.Join(ErrCorrupt, err))
	}
	if head.Schema != Schema {
		return Envelope{}, fmt.Errorf("games: envelope schema %d, this build reads %d: %w", head.Schema, Schema, ErrSchema)
	}
	var e Envelope
	if err := json.Unmarshal(b, &e); err != nil {
		return Envelope{}, fmt.Errorf("games: envelope: %w", errors.Join(ErrCorrupt, err))
	}
	if e.Game == "" || len(e.State) == 0 || string(e.State) == "null" {
		return Envelope{}, fmt.Errorf("games: envelope without game or state: %w", ErrCorrupt)
	}
	return e, nil
}
