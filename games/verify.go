package games

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// CommitmentShort is how many hex digits of a commitment a board shows.
const CommitmentShort = 16

// Commitment is the public fingerprint of a table's secret seed, shown on
// its boards from the first one on. It is the SHA-256 digest, in lower-case
// hex, of 24 bytes: seed[0], seed[1] and the table id, each as 8 bytes
// big-endian. The first 16 of those bytes are exactly the bytes that
// SeedHex spells out, so once the seed is revealed anyone can recompute
// the commitment with standard tools, for table 12:
//
//	printf '%s%016x' SEEDHEX 12 | xxd -r -p | sha256sum
//
// The table id binds the commitment to one table: the same seed committed
// for another table gives another digest. A hash of a 128-bit random seed
// says nothing usable about the seed while the game runs.
func Commitment(seed [2]uint64, table uint64) string {
	var b [24]byte
	binary.BigEndian.PutUint64(b[0:], seed[0])
	binary.BigEndian.PutUint64(b[8:], seed[1])
	binary.BigEndian.PutUint64(b[16:], table)
	sum := sha256.Sum256(b[:])
	return hex.EncodeToString(sum[:])
}

// SeedHex spells a seed as 32 lower-case hex digits: seed[0] then seed[1],
// each as 16 digits (8 bytes big-endian).
func SeedHex(seed [2]uint64) string {
	return fmt.Sprintf("%016x%016x", seed[0], seed[1])
}

// ParseSeed reads a seed written by SeedHex.
func ParseSeed(s string) ([2]uint64, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != 16 {
		return [2]uint64{}, fmt.Errorf("games: a seed is 32 hex digits, not %q: %w", s, ErrCorrupt)
	}
	return [2]uint64{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}, nil
}

// Record is everything the verification of a finished table reads: its
// header, the revealed seed (SeedHex), the commitment its boards showed and
// its log of actions, chance outcomes included. It is the JSON that
// /game verify attaches and `spindle verify --json` reads. It carries no
// user ids and no event text.
type Record struct {
	Table      uint64  `json:"table"`
	Game       string  `json:"game"`
	Rules      int     `json:"rules"`
	Seats      int     `json:"seats"`
	Opts       Options `json:"opts"`
	Seed       string  `json:"seed"`
	Commitment string  `json:"commitment"`
	Log        []Move  `json:"log"`
}

// Move is one logged action as a Record keeps it: the table version after
// it, who acted (Chance for a chance outcome) and the key.
type Move struct {
	Version uint64 `json:"version"`
	Seat    Seat   `json:"seat"`
	Key     string `json:"key"`
}

// NewRecord builds the Record of table id from its stored envelope and its
// log. The envelope holds the seed: build a Record only of a finished game.
func NewRecord(env Envelope, table uint64, log []Step) Record {
	moves := make([]Move, len(log))
	for i, st := range log {
		moves[i] = Move{Version: st.Version, Seat: st.Seat, Key: st.Key}
	}
	return Record{Table: table, Game: env.Game, Rules: env.Rules, Seats: env.Seats, Opts: env.Opts,
		Seed: SeedHex(env.Seed), Commitment: Commitment(env.Seed, table), Log: moves}
}

// ErrUnverified marks a Record that does not verify; the error is a
// *VerifyError naming the step.
var ErrUnverified = errors.New("games: the game does not verify")

// VerifyError says where a verification failed. Step is the table version
// of the log entry that differs (1 for the first entry), or 0 for the
// commitment and the record's header.
type VerifyError struct {
	Step   uint64
	Reason string
}

func (e *VerifyError) Error() string {
	if e.Step == 0 {
		return "games: verify: " + e.Reason
	}
	return fmt.Sprintf("games: verify: step %d: %s", e.Step, e.Reason)
}

// Is makes a VerifyError match ErrUnverified.
func (e *VerifyError) Is(target error) bool { return target == ErrUnverified }

// Verified is the outcome of a verification that passed.
type Verified struct {
	// Chance counts the chance outcomes re-derived from the seed, each
	// equal to the logged one.
	Chance int
	// Actions counts the log entries replayed, chance outcomes included.
	Actions int
	// Commitment is the full commitment recomputed from the seed.
	Commitment string
}

func (v Verified) String() string {
	return fmt.Sprintf("verified: %d chance outcomes match, commitment matches", v.Chance)
}

// Verify replays a finished game from its revealed seed and checks it.
// The commitment recomputed from the seed and the table id must equal the
// record's (when the record has one: a prefix of CommitmentShort or more
// hex digits, as a board shows, is accepted). The game is then played again
// from a table opened with that seed, exactly as at creation: at every
// chance node the driver samples the outcome with the game's own Sample
// from the seeded PCG (Table.Resolve), and it must equal the logged chance
// action, step for step; every other logged action must be legal where it
// stands; and the log must end exactly where the game does. A failure is a
// *VerifyError (matching ErrUnverified) naming the step that differs.
func (c *Catalog) Verify(rec Record) (Verified, error) {
	k, err := c.Get(rec.Game)
	if err != nil {
		return Verified{}, err
	}
	return VerifyRecord(k, rec)
}

// VerifyRecord is Catalog.Verify for one kind.
func VerifyRecord(k Kind, rec Record) (Verified, error) {
	info := k.Info()
	if rec.Game != info.ID {
		return Verified{}, fmt.Errorf("games: record of %q verified as %q: %w", rec.Game, info.ID, ErrUnknownGame)
	}
	if rec.Rules > info.Rules {
		return Verified{}, fmt.Errorf("games: %s table has rules version %d, this build knows up to %d: %w", info.ID, rec.Rules, info.Rules, ErrNewerRules)
	}
	fail := func(step uint64, format string, args ...any) (Verified, error) {
		return Verified{}, &VerifyError{Step: step, Reason: fmt.Sprintf(format, args...)}
	}
	seed, err := ParseSeed(rec.Seed)
	if err != nil {
		return fail(0, "the revealed seed %q is not 32 hex digits", rec.Seed)
	}
	out := Verified{Commitment: Commitment(seed, rec.Table), Actions: len(rec.Log)}
	if claim := strings.ToLower(strings.TrimSpace(rec.Commitment)); claim != "" {
		if len(claim) < CommitmentShort || !strings.HasPrefix(out.Commitment, claim) {
			return fail(0, "commitment differs: the seed and table #%d give %s, the record shows %s", rec.Table, out.Commitment, claim)
		}
	}
	t, err := k.Open(rec.Opts, rec.Seats, seed)
	if err != nil {
		return Verified{}, fmt.Errorf("games: verify: %w", err)
	}
	i := 0
	// match compares chance outcomes the seed just drew with the log.
	match := func(drawn []Step) (uint64, string) {
		for _, s := range drawn {
			if i >= len(rec.Log) {
				return s.Version, fmt.Sprintf("the seed draws chance outcome %q, but the log has ended", s.Key)
			}
			m := rec.Log[i]
			switch {
			case m.Version != s.Version:
				return s.Version, fmt.Sprintf("the log entry is numbered %d", m.Version)
			case m.Seat != Chance:
				return s.Version, fmt.Sprintf("the seed draws chance outcome %q, but the log has %s playing %q", s.Key, m.Seat, m.Key)
			case m.Key != s.Key:
				return s.Version, fmt.Sprintf("the seed draws chance outcome %q, but the log has %q", s.Key, m.Key)
			}
			i++
			out.Chance++
		}
		return 0, ""
	}
	for {
		drawn, err := t.Resolve()
		if err != nil {
			return fail(t.Version()+1, "sampling the chance outcome: %v", err)
		}
		if step, why := match(drawn); why != "" {
			return fail(step, "%s", why)
		}
		if i == len(rec.Log) {
			break
		}
		m, at := rec.Log[i], t.Version()
		switch {
		case m.Version != at+1:
			return fail(at+1, "the log entry is numbered %d", m.Version)
		case t.Over():
			return fail(at+1, "the game is over, but the log goes on with %s playing %q", m.Seat, m.Key)
		case m.Seat == Chance:
			return fail(at+1, "the log has chance outcome %q where the game awaits a decision", m.Key)
		}
		i++
		if m.Key == KeyConcede {
			steps, err := t.Concede(m.Seat, at)
			if err != nil {
				return fail(at+1, "%s may not concede here: %v", m.Seat, err)
			}
			if step, why := match(steps[1:]); why != "" {
				return fail(step, "%s", why)
			}
			continue
		}
		if _, err := t.Step(m.Seat, at, m.Key); err != nil {
			return fail(at+1, "%s may not play %q here: %v", m.Seat, m.Key, err)
		}
	}
	if !t.Over() {
		return fail(t.Version()+1, "the log ends before the game does")
	}
	return out, nil
}
