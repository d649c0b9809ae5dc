package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// FormerPrefix begins the id that stands for a person who asked to be
// forgotten, in the finished games they played: "former:<seat>". It keeps
// the seats of a record apart without naming anyone.
const FormerPrefix = "former:"

// FormerName is the name shown for a forgotten person.
const FormerName = "a former player"

// IsFormer reports whether user is a forgotten person's stand-in id.
func IsFormer(user string) bool { return strings.HasPrefix(user, FormerPrefix) }

// ErrStillPlaying: ForgetUser refuses a user who sits at a running table.
var ErrStillPlaying = errors.New("storage: the user still plays running games")

// ForgetUser deletes what the store keeps about user, in one commit: their
// preferences, their ratings on every board (with the rank index, the
// rating history and the board's player count) and their entries in the
// history index; in every finished game they played, the record, the
// binding and the move log name a stand-in (FormerPrefix) and FormerName
// instead. The other players' ratings, the results and the replays stay
// as they were. It refuses, with ErrStillPlaying, a user at a running
// table. It returns how many finished games were anonymised.
func (s *Store) ForgetUser(user string) (int, error) {
	if user == "" || IsAI(user) || IsFormer(user) {
		return 0, fmt.Errorf("storage: forget user %q: not a person's id", user)
	}
	n := 0
	err := s.write(func(tx kvTx) error {
		n = 0
		if bk := tx.Bucket(bucketPlayers).Bucket([]byte(user)); bk != nil {
			if k, _ := bk.Cursor().First(); k != nil {
				return ErrStillPlaying
			}
			if err := tx.Bucket(bucketPlayers).DeleteBucket([]byte(user)); err != nil {
				return fmt.Errorf("storage: forget %s: %w", user, err)
			}
		}
		if err := tx.Bucket(bucketUsers).Delete([]byte(user)); err != nil {
			return fmt.Errorf("storage: forget %s: %w", user, err)
		}
		if err := forgetRatingsTx(tx, user); err != nil {
			return err
		}
		tables, err := forgetHistoryIndexTx(tx, user)
		if err != nil {
			return err
		}
		for _, id := range tables {
			if err := anonymiseTableTx(tx, id, user); err != nil {
				return err
			}
		}
		n = len(tables)
		return nil
	})
	return n, err
}

// forgetRatingsTx deletes user's ratings, rank entries and rating history
// on every board, and takes them off each board's player count.
func forgetRatingsTx(tx kvTx, user string) error {
	ratings := tx.Bucket(bucketRatings)
	var keys [][]byte
	var found []Rating
	err := ratings.ForEach(func(k, v []byte) error {
		parts := bytes.Split(k, []byte{0})
		if len(parts) != 3 || string(parts[1]) != user {
			return nil
		}
		var r Rating
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("storage: rating %q: %w", k, err)
		}
		keys, found = append(keys, slices.Clone(k)), append(found, r)
		return nil
	})
	if err != nil {
		return err
	}
	for i, k := range keys {
		r := found[i]
		if err := ratings.Delete(k); err != nil {
			return fmt.Errorf("storage: forget rating: %w", err)
		}
		if r.Games > 0 {
			if err := tx.Bucket(bucketRanks).Delete(rankKey(r.Guild, r.Game, user, r.Conservative())); err != nil {
				return fmt.Errorf("storage: forget rank: %w", err)
			}
		}
		if err := deletePrefix(tx.Bucket(bucketRatingLog), ratingLogPrefix(r.Guild, r.Game, user)); err != nil {
			return err
		}
		var sum board
		if err := getJSON(tx.Bucket(bucketBoards), boardKey(r.Guild, r.Game), &sum, "board"); err == nil && sum.Players > 0 {
			sum.Players--
			if err := putJSON(tx.Bucket(bucketBoards), boardKey(r.Guild, r.Game), sum); err != nil {
				return err
			}
		}
	}
	return nil
}

// forgetHistoryIndexTx deletes user's own history index entries and
// returns the finished tables they name, each once.
func forgetHistoryIndexTx(tx kvTx, user string) ([]uint64, error) {
	idx := tx.Bucket(bucketHistoryIndex)
	var keys [][]byte
	var tables []uint64
	err := idx.ForEach(func(k, _ []byte) error {
		parts := bytes.SplitN(k, []byte{0}, 3)
		if len(parts) < 3 || string(parts[1]) != user || len(k) < 8 {
			return nil
		}
		keys = append(keys, slices.Clone(k))
		if id := btoi(k[len(k)-8:]); !slices.Contains(tables, id) {
			tables = append(tables, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		if err := idx.Delete(k); err != nil {
			return nil, fmt.Errorf("storage: forget history index: %w", err)
		}
	}
	return tables, nil
}

// anonymiseTableTx replaces user in a finished table's record, binding and
// move log with a seat's stand-in.
func anonymiseTableTx(tx kvTx, id uint64, user string) error {
	stand := func(users []string, names []string) {
		for i, u := range users {
			if u == user {
				users[i] = FormerPrefix + strconv.Itoa(i)
				if i < len(names) {
					names[i] = FormerName
				}
			}
		}
	}
	var rec GameRecord
	if err := getJSON(tx.Bucket(bucketHistory), itob(id), &rec, fmt.Sprintf("history of table %d", id)); err == nil {
		stand(rec.Users, rec.Names)
		if err := putJSON(tx.Bucket(bucketHistory), itob(id), rec); err != nil {
			return err
		}
	} else if !errors.Is(err, ErrNotFound) {
		return err
	}
	var b Binding
	if err := getJSON(tx.Bucket(bucketBindings), itob(id), &b, fmt.Sprintf("binding %d", id)); err == nil {
		stand(b.Users, b.Names)
		if b.Host == user {
			b.Host = ""
		}
		b.Benched = slices.DeleteFunc(b.Benched, func(x Benched) bool { return x.User == user })
		b.Invited = slices.DeleteFunc(b.Invited, func(u string) bool { return u == user })
		if err := putJSON(tx.Bucket(bucketBindings), itob(id), b); err != nil {
			return err
		}
	} else if !errors.Is(err, ErrNotFound) {
		return err
	}
	log := tx.Bucket(bucketLogs).Bucket(itob(id))
	if log == nil {
		return nil
	}
	type change struct{ k, v []byte }
	var changes []change
	err := log.ForEach(func(k, v []byte) error {
		var e Entry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("storage: log of table %d: %w", id, err)
		}
		if e.User != user {
			return nil
		}
		e.User = ""
		nv, err := json.Marshal(e)
		if err != nil {
			return err
		}
		changes = append(changes, change{slices.Clone(k), nv})
		return nil
	})
	if err != nil {
		return err
	}
	for _, c := range changes {
		if err := log.Put(c.k, c.v); err != nil {
			return fmt.Errorf("storage: log of table %d: %w", id, err)
		}
	}
	return nil
}

// deletePrefix deletes every key of bk that starts with prefix.
func deletePrefix(bk kvBucket, prefix []byte) error {
	var keys [][]byte
	c := bk.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, slices.Clone(k))
	}
	for _, k := range keys {
		if err := bk.Delete(k); err != nil {
			return fmt.Errorf("storage: delete %q: %w", k, err)
		}
	}
	return nil
}
