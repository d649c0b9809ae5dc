package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"spindle/games"
	"spindle/games/rating"
)

// Rating systems, as stored in Rating.System.
const (
	// SystemGlicko2 rates games of at most two seats without teams.
	SystemGlicko2 = "glicko2"
	// SystemWengLin rates multiplayer and team games, and every game on the
	// overall board.
	SystemWengLin = "wenglin"
)

// AllGames is the game id of a guild's overall board, on which every rated
// game counts, whatever the game.
const AllGames = "all"

// Rating is one user's record on one board (a guild and a game, or the
// guild's overall board): the rating in the board's system and the tally
// of finished games.
type Rating struct {
	Guild  string `json:"guild"`
	Game   string `json:"game"`
	User   string `json:"user"`
	Name   string `json:"name,omitempty"` // the display name at the last game
	System string `json:"system"`
	// Glicko2 is set for SystemGlicko2, Skill for SystemWengLin.
	Glicko2 *rating.Glicko2 `json:"glicko2,omitempty"`
	Skill   *rating.Skill   `json:"skill,omitempty"`
	Games   int             `json:"games"`
	Wins    int             `json:"wins"`
	Draws   int             `json:"draws"`
	Losses  int             `json:"losses"`
	// Last is when the user's last rated game on this board ended.
	Last  time.Time `json:"last"`
	Table uint64    `json:"table"` // the last rated table
}

// Conservative is the leaderboard value: the Glicko-2 lower bound
// Rating − 2·RD, or the Weng–Lin ordinal μ − 3σ.
func (r Rating) Conservative() float64 {
	switch {
	case r.Glicko2 != nil:
		return r.Glicko2.Lower()
	case r.Skill != nil:
		return r.Skill.Ordinal(rating.DefaultOrdinalK)
	}
	return 0
}

// Mean is the rating without the uncertainty: the Glicko-2 rating or the
// Weng–Lin μ.
func (r Rating) Mean() float64 {
	switch {
	case r.Glicko2 != nil:
		return r.Glicko2.Rating
	case r.Skill != nil:
		return r.Skill.Mu
	}
	return 0
}

// Deviation is the uncertainty: the Glicko-2 RD or the Weng–Lin σ.
func (r Rating) Deviation() float64 {
	switch {
	case r.Glicko2 != nil:
		return r.Glicko2.RD
	case r.Skill != nil:
		return r.Skill.Sigma
	}
	return 0
}

// Standing is one row of a leaderboard: the 1-based place and the record.
type Standing struct {
	Rank int
	Rating
}

// RatingPoint is one entry of a user's rating history on a board, written
// after every rated game.
type RatingPoint struct {
	At    time.Time `json:"at"`
	Table uint64    `json:"table"`
	// Value is the conservative value after the game, Mean and Dev the
	// rating and its uncertainty.
	Value float64 `json:"value"`
	Mean  float64 `json:"mean"`
	Dev   float64 `json:"dev"`
}

// board is the per-board summary kept beside the rank index, so a
// leaderboard knows its size without counting.
type board struct {
	Players int `json:"players"`
	Games   int `json:"games"`
}

// Key layouts. Guild, game and user ids never contain a NUL byte, so NUL
// separates them and a prefix ending in NUL selects exactly one board or
// user.
//
//	ratings     guild 0 user 0 game                  -> Rating
//	ranks       guild 0 game 0 desc(value) user      -> nil
//	boards      guild 0 game                         -> board
//	rating_log  guild 0 game 0 user 0 at(8) table(8) -> RatingPoint
func ratingKey(guild, user, game string) []byte { return joinKey(guild, user, game) }

func boardKey(guild, game string) []byte { return joinKey(guild, game) }

func rankPrefix(guild, game string) []byte { return append(joinKey(guild, game), 0) }

func rankKey(guild, game, user string, value float64) []byte {
	k := rankPrefix(guild, game)
	k = binary.BigEndian.AppendUint64(k, descending(value))
	return append(k, user...)
}

func ratingLogPrefix(guild, game, user string) []byte {
	return append(joinKey(guild, game, user), 0)
}

func joinKey(parts ...string) []byte {
	var b []byte
	for i, p := range parts {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, p...)
	}
	return b
}

// descending maps a float64 to 8 bytes whose big-endian order is the
// reverse of the numbers' order, so a forward cursor walks a board from the
// best value down. The IEEE bits of a non-negative number get their sign
// bit set and a negative number's bits are all flipped, which makes the
// bytes ascend with the value; inverting the result makes them descend.
func descending(v float64) uint64 {
	if v == 0 {
		v = 0 // fold -0 into +0
	}
	u := math.Float64bits(v)
	if u>>63 == 0 {
		u |= 1 << 63
	} else {
		u = ^u
	}
	return ^u
}

// stamp is an 8-byte time key: Unix nanoseconds, offset so that every
// representable time sorts in order.
func stamp(t time.Time) []byte {
	return itob(uint64(t.UnixNano()) ^ 1<<63)
}

// seatOutcome is how one seat did: 1 win, ½ draw, 0 loss. In a draw the
// seats ranked 1 drew and any seat ranked below them lost.
func seatOutcome(r games.Result, s int) float64 {
	switch {
	case r.Draw && s < len(r.Ranks) && r.Ranks[s] > 1:
		return 0
	case r.Draw:
		return 0.5
	case slices.Contains(r.Winners, games.Seat(s)):
		return 1
	}
	return 0
}

// finished is a game that has just ended, with its binding's Discord
// details: everything needed to rate it and to record it in the history.
type finished struct {
	Table   uint64
	Guild   string
	Game    string
	Channel string
	Message string
	Users   []string
	Names   []string
	Result  games.Result
	// Duel selects Glicko-2 for the game's own board: the game never has
	// more than two seats and this result has no teams.
	Duel bool
	// RateAI rates a game with AI seats (the binding's RateAI).
	RateAI bool
	// AIPlayed: an AI played a seat at some time (the binding's AIPlayed).
	AIPlayed bool
	At       time.Time
}

// recordFinished rates a finished game and records it in the history, in
// the caller's transaction (the one that commits the final move), so the
// ratings and the history exist exactly when the game's end does.
//
// Each seat holds one Discord user or an AI (IsAI). A game in which a user
// holds several seats, or a seat has no user, is recorded in the history
// but not rated. A game with AI seats is rated only when f.RateAI says so,
// and then only its people: each AI seat brings its level's fixed rating
// (aiRating) and never appears on a board.
func recordFinished(tx kvTx, f finished) error {
	rec := GameRecord{Table: f.Table, Guild: f.Guild, Game: f.Game, Channel: f.Channel, Message: f.Message,
		Users: slices.Clone(f.Users), Names: slices.Clone(f.Names), Scores: slices.Clone(f.Result.Scores),
		Ranks: slices.Clone(f.Result.Ranks), Draw: f.Result.Draw, Reason: f.Result.Reason, Finished: f.At.UTC()}
	for _, s := range f.Result.Winners {
		rec.Winners = append(rec.Winners, int(s))
	}
	for _, team := range f.Result.Teams {
		var ts []int
		for _, s := range team {
			ts = append(ts, int(s))
		}
		rec.Teams = append(rec.Teams, ts)
	}
	if rateable(f) {
		before, after, err := rateGame(tx, f)
		if err != nil {
			return err
		}
		rec.Rated, rec.Before, rec.After = true, before, after
	}
	return putHistory(tx, rec)
}

// rateable reports whether a finished game can be rated: one distinct
// user per seat, and a rank for every seat.
func rateable(f finished) bool {
	if f.Guild == "" || len(f.Users) < 2 || len(f.Result.Ranks) != len(f.Users) {
		return false
	}
	if f.AIPlayed && !f.RateAI {
		return false
	}
	seen := make(map[string]bool, len(f.Users))
	people := 0
	for _, u := range f.Users {
		if u == "" || seen[u] || (IsAI(u) && !f.RateAI) {
			return false
		}
		seen[u] = true
		if !IsAI(u) {
			people++
		}
	}
	return people > 0
}

// rateGame updates the game's board and the overall board for every seat
// and returns the seats' conservative values on the game's board before
// and after.
func rateGame(tx kvTx, f finished) (before, after []float64, err error) {
	system := SystemWengLin
	if f.Duel && len(f.Users) == 2 && len(f.Result.Teams) == 0 {
		system = SystemGlicko2
	}
	if before, after, err = rateBoard(tx, f, f.Game, system); err != nil {
		return nil, nil, err
	}
	if _, _, err = rateBoard(tx, f, AllGames, SystemWengLin); err != nil {
		return nil, nil, err
	}
	return before, after, nil
}

// rateBoard applies one game to one board.
func rateBoard(tx kvTx, f finished, game, system string) (before, after []float64, err error) {
	n := len(f.Users)
	old := make([]Rating, n)
	fresh := 0
	for i, u := range f.Users {
		if IsAI(u) {
			old[i] = aiRating(f.Guild, game, u, system)
			continue
		}
		r, ok, err := getRating(tx, f.Guild, u, game)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			fresh++
			r = Rating{Guild: f.Guild, Game: game, User: u}
		}
		if r.System != system {
			if ok {
				// The board changed system (the game's seat range
				// changed): the rating starts afresh, the tally stays.
				if err := tx.Bucket(bucketRanks).Delete(rankKey(f.Guild, game, u, r.Conservative())); err != nil {
					return nil, nil, fmt.Errorf("storage: rank index: %w", err)
				}
			}
			r.System, r.Glicko2, r.Skill = system, nil, nil
			if system == SystemGlicko2 {
				g := rating.DefaultGlicko2()
				r.Glicko2 = &g
			} else {
				s := rating.DefaultSkill()
				r.Skill = &s
			}
		}
		old[i] = r
	}
	next := slices.Clone(old)
	if system == SystemGlicko2 {
		// One rating period per day: the days without a game since the
		// player's last one widen RD first; then this game is its own
		// update, both players rated from the same snapshot.
		start := [2]rating.Glicko2{idleTo(old[0], f.At), idleTo(old[1], f.At)}
		for i := range 2 {
			g := start[i].Update([]rating.Result2{{Opponent: start[1-i], Score: seatOutcome(f.Result, i)}}, rating.DefaultTau)
			next[i].Glicko2 = &g
		}
	} else {
		teams, ranks, members := wengLinTeams(f.Result, n)
		skills := make([][]rating.Skill, len(teams))
		for ti, team := range members {
			for _, s := range team {
				skills[ti] = append(skills[ti], *old[s].Skill)
			}
		}
		rated := rating.RatePL(skills, ranks, rating.Options{Tau: rating.OpenSkillTau})
		for ti, team := range members {
			for j, s := range team {
				sk := rated[ti][j]
				next[s].Skill = &sk
			}
		}
	}
	before, after = make([]float64, n), make([]float64, n)
	ranks := tx.Bucket(bucketRanks)
	for i := range next {
		r := &next[i]
		if IsAI(r.User) {
			// An AI's rating is fixed: it rated the others and stays off
			// the boards.
			before[i], after[i] = old[i].Conservative(), old[i].Conservative()
			continue
		}
		if i < len(f.Names) && f.Names[i] != "" {
			r.Name = f.Names[i]
		}
		r.Games++
		switch seatOutcome(f.Result, i) {
		case 1:
			r.Wins++
		case 0.5:
			r.Draws++
		default:
			r.Losses++
		}
		r.Last, r.Table = f.At.UTC(), f.Table
		before[i], after[i] = old[i].Conservative(), r.Conservative()
		if old[i].Games > 0 {
			if err := ranks.Delete(rankKey(f.Guild, game, r.User, before[i])); err != nil {
				return nil, nil, fmt.Errorf("storage: rank index: %w", err)
			}
		}
		if err := ranks.Put(rankKey(f.Guild, game, r.User, after[i]), nil); err != nil {
			return nil, nil, fmt.Errorf("storage: rank index: %w", err)
		}
		if err := putJSON(tx.Bucket(bucketRatings), ratingKey(f.Guild, r.User, game), *r); err != nil {
			return nil, nil, err
		}
		pt := RatingPoint{At: r.Last, Table: f.Table, Value: after[i], Mean: r.Mean(), Dev: r.Deviation()}
		k := append(append(ratingLogPrefix(f.Guild, game, r.User), stamp(f.At)...), itob(f.Table)...)
		if err := putJSON(tx.Bucket(bucketRatingLog), k, pt); err != nil {
			return nil, nil, err
		}
	}
	var sum board
	if err := getJSON(tx.Bucket(bucketBoards), boardKey(f.Guild, game), &sum, "board"); err != nil && !errors.Is(err, ErrNotFound) {
		return nil, nil, err
	}
	sum.Players += fresh
	sum.Games++
	if err := putJSON(tx.Bucket(bucketBoards), boardKey(f.Guild, game), sum); err != nil {
		return nil, nil, err
	}
	return before, after, nil
}

// idleTo is a Glicko-2 rating widened for the whole days without a game
// between the player's last rated game and at (UTC calendar days, the
// rating period; the day of the game itself is the game's own update).
func idleTo(r Rating, at time.Time) rating.Glicko2 {
	g := *r.Glicko2
	if r.Games == 0 || r.Last.IsZero() {
		return g
	}
	day := func(t time.Time) int64 { return t.UTC().Unix() / 86400 }
	return g.Idle(int(day(at) - day(r.Last) - 1))
}

// wengLinTeams groups seats into teams with a rank each: the result's
// teams (ranked by their best member) or one team per seat. members lists
// the seats of each team; seats in no team play alone.
func wengLinTeams(r games.Result, n int) (teams [][]games.Seat, ranks []int, members [][]int) {
	inTeam := make([]bool, n)
	for _, t := range r.Teams {
		var ms []int
		best := 0
		for _, s := range t {
			if s < 0 || int(s) >= n || inTeam[s] {
				continue
			}
			inTeam[s] = true
			ms = append(ms, int(s))
			if best == 0 || r.Ranks[s] < best {
				best = r.Ranks[s]
			}
		}
		if len(ms) > 0 {
			teams, members, ranks = append(teams, t), append(members, ms), append(ranks, best)
		}
	}
	for s := range n {
		if !inTeam[s] {
			teams = append(teams, []games.Seat{games.Seat(s)})
			members = append(members, []int{s})
			ranks = append(ranks, r.Ranks[s])
		}
	}
	return teams, ranks, members
}

func getRating(tx kvTx, guild, user, game string) (Rating, bool, error) {
	var r Rating
	err := getJSON(tx.Bucket(bucketRatings), ratingKey(guild, user, game), &r, "rating")
	if errors.Is(err, ErrNotFound) {
		return Rating{}, false, nil
	}
	if err != nil {
		return Rating{}, false, err
	}
	return r, true, nil
}

// Leaderboard returns page (0-based) of a board, size rows, best first by
// the conservative value (ties by user id), and the number of players on
// the board. It walks the rank index: the cost is the rows skipped plus the
// rows returned, never the whole board's records.
func (s *Store) Leaderboard(guild, game string, page, size int) ([]Standing, int, error) {
	if page < 0 || size <= 0 {
		return nil, 0, errors.New("storage: leaderboard page must be >= 0 and size > 0")
	}
	var (
		out   []Standing
		total int
	)
	err := s.db.View(func(tx kvTx) error {
		var sum board
		if err := getJSON(tx.Bucket(bucketBoards), boardKey(guild, game), &sum, "board"); err != nil {
			if errors.Is(err, ErrNotFound) {
				return nil
			}
			return err
		}
		total = sum.Players
		prefix := rankPrefix(guild, game)
		c := tx.Bucket(bucketRanks).Cursor()
		skip := page * size
		k, _ := c.Seek(prefix)
		for ; k != nil && bytes.HasPrefix(k, prefix) && skip > 0; k, _ = c.Next() {
			skip--
		}
		ratings := tx.Bucket(bucketRatings)
		for place := page*size + 1; k != nil && bytes.HasPrefix(k, prefix) && len(out) < size; k, _ = c.Next() {
			if len(k) < len(prefix)+8 {
				return fmt.Errorf("storage: rank key of %d bytes: %w", len(k), games.ErrCorrupt)
			}
			user := string(k[len(prefix)+8:])
			var r Rating
			if err := getJSON(ratings, ratingKey(guild, user, game), &r, "rating of "+user); err != nil {
				return err
			}
			out = append(out, Standing{Rank: place, Rating: r})
			place++
		}
		return nil
	})
	return out, total, err
}

// Stats returns a user's record on one board (game, or AllGames); a user
// who has played no rated game there wraps ErrNotFound.
func (s *Store) Stats(guild, user, game string) (Rating, error) {
	var r Rating
	err := s.db.View(func(tx kvTx) error {
		return getJSON(tx.Bucket(bucketRatings), ratingKey(guild, user, game), &r, "rating of "+user+" in "+game)
	})
	return r, err
}

// AllStats returns a user's records on every board of a guild, the
// overall board included, ordered by game id.
func (s *Store) AllStats(guild, user string) ([]Rating, error) {
	var out []Rating
	err := s.db.View(func(tx kvTx) error {
		prefix := append(joinKey(guild, user), 0)
		c := tx.Bucket(bucketRatings).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var r Rating
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("storage: rating of %s: %w", user, errors.Join(games.ErrCorrupt, err))
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// Place returns a user's 1-based place on a board by counting the players
// ranked above; it is for one user's stats, not for pages.
func (s *Store) Place(guild, user, game string) (int, error) {
	place := 0
	err := s.db.View(func(tx kvTx) error {
		r, ok, err := getRating(tx, guild, user, game)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("storage: rating of %s in %s: %w", user, game, ErrNotFound)
		}
		prefix := rankPrefix(guild, game)
		mine := rankKey(guild, game, user, r.Conservative())
		c := tx.Bucket(bucketRanks).Cursor()
		place = 1
		for k, _ := c.Seek(prefix); k != nil && bytes.Compare(k, mine) < 0; k, _ = c.Next() {
			place++
		}
		return nil
	})
	return place, err
}

// RatingHistory returns a user's last n rating points on a board, oldest
// first.
func (s *Store) RatingHistory(guild, game, user string, n int) ([]RatingPoint, error) {
	var out []RatingPoint
	err := s.db.View(func(tx kvTx) error {
		prefix := ratingLogPrefix(guild, game, user)
		c := tx.Bucket(bucketRatingLog).Cursor()
		for k, v := lastWithPrefix(c, prefix); k != nil && len(out) < n; k, v = c.Prev() {
			if !bytes.HasPrefix(k, prefix) {
				break
			}
			var p RatingPoint
			if err := json.Unmarshal(v, &p); err != nil {
				return fmt.Errorf("storage: rating history of %s: %w", user, errors.Join(games.ErrCorrupt, err))
			}
			out = append(out, p)
		}
		return nil
	})
	slices.Reverse(out)
	return out, err
}

// lastWithPrefix positions c on the last key starting with prefix, or
// returns nil when there is none.
func lastWithPrefix(c kvCursor, prefix []byte) ([]byte, []byte) {
	end := bytes.Clone(prefix)
	// The smallest key after every key with this prefix: the prefix with its
	// last byte incremented (prefixes here always end in NUL).
	end[len(end)-1]++
	var k, v []byte
	if k, _ = c.Seek(end); k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if k == nil || !bytes.HasPrefix(k, prefix) {
		return nil, nil
	}
	return k, v
}
