package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"spindle/games"
)

// duelResult is a two-seat result in which seat w wins (w < 0: a draw).
func duelResult(w int) games.Result {
	switch w {
	case 0:
		return games.Result{Ranks: []int{1, 2}, Winners: []games.Seat{0}, Reason: "scored"}
	case 1:
		return games.Result{Ranks: []int{2, 1}, Winners: []games.Seat{1}, Reason: "scored"}
	}
	return games.Result{Ranks: []int{1, 1}, Draw: true, Reason: "scored"}
}

// record writes finished games straight through recordFinished, the way
// commitMove does at a game's end.
func record(t testing.TB, s *Store, fs ...finished) {
	t.Helper()
	err := s.db.Update(func(tx kvTx) error {
		for _, f := range fs {
			if err := recordFinished(tx, f); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func duel(table uint64, a, b string, w int, at time.Time) finished {
	return finished{Table: table, Guild: "g", Game: "duel", Channel: "c", Users: []string{a, b}, Names: []string{"N" + a, "N" + b},
		Result: duelResult(w), Duel: true, At: at}
}

// rankKeys lists the users of a board's rank index in index order.
func rankKeys(t testing.TB, s *Store, guild, game string) []string {
	t.Helper()
	var out []string
	err := s.db.View(func(tx kvTx) error {
		prefix := rankPrefix(guild, game)
		c := tx.Bucket(bucketRanks).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix)+8:]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDescendingOrder(t *testing.T) {
	vals := []float64{math.Inf(1), 1e300, 2500, 1.5, 0, math.Copysign(0, -1), -1e-300, -3, -1e300, math.Inf(-1)}
	for i := 1; i < len(vals); i++ {
		a, b := descending(vals[i-1]), descending(vals[i])
		if vals[i-1] == vals[i] {
			if a != b {
				t.Errorf("%v and %v sort apart", vals[i-1], vals[i])
			}
			continue
		}
		if a >= b {
			t.Errorf("descending(%v) = %x is not before descending(%v) = %x", vals[i-1], a, vals[i], b)
		}
	}
}

func TestDuelWinnerUpLoserDown(t *testing.T) {
	s, _ := open(t)
	record(t, s, duel(1, "a", "b", 0, t0))
	a, err := s.Stats("g", "a", "duel")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.Stats("g", "b", "duel")
	if a.System != SystemGlicko2 || a.Glicko2 == nil || a.Glicko2.Rating <= 1500 || b.Glicko2.Rating >= 1500 {
		t.Fatalf("after a win: a %+v, b %+v", a.Glicko2, b.Glicko2)
	}
	if a.Games != 1 || a.Wins != 1 || b.Losses != 1 || a.Name != "Na" {
		t.Fatalf("tallies: a %+v, b %+v", a, b)
	}
	// The overall board rates every game with Weng–Lin.
	all, err := s.Stats("g", "a", AllGames)
	if err != nil || all.System != SystemWengLin || all.Skill.Mu <= 25 {
		t.Fatalf("overall: %+v, %v", all, err)
	}
	// A draw between them moves both a little and counts as a draw.
	record(t, s, duel(2, "a", "b", -1, t0.Add(time.Hour)))
	a2, _ := s.Stats("g", "a", "duel")
	if a2.Draws != 1 || a2.Glicko2.Rating >= a.Glicko2.Rating {
		t.Fatalf("after a draw with a weaker player: %+v (was %+v)", a2.Glicko2, a.Glicko2)
	}
}

func TestGlickoIdleDaysWidenRD(t *testing.T) {
	s, _ := open(t)
	// Both play daily for a while, then c's next game comes after 60
	// days away while d's comes the next day: c's uncertainty is larger.
	var fs []finished
	for i := range 20 {
		fs = append(fs, duel(uint64(i+1), "c", "x", i%2, t0.Add(time.Duration(i)*24*time.Hour)),
			duel(uint64(i+101), "d", "y", i%2, t0.Add(time.Duration(i)*24*time.Hour)))
	}
	record(t, s, fs...)
	late := t0.Add(19 * 24 * time.Hour)
	record(t, s, duel(200, "c", "x", 0, late.Add(60*24*time.Hour)), duel(201, "d", "y", 0, late.Add(24*time.Hour)))
	c, _ := s.Stats("g", "c", "duel")
	d, _ := s.Stats("g", "d", "duel")
	if c.Glicko2.RD <= d.Glicko2.RD+5 {
		t.Fatalf("after 60 idle days RD %.2f, after none %.2f", c.Glicko2.RD, d.Glicko2.RD)
	}
}

func TestLeaderboardPagesInRankOrder(t *testing.T) {
	s, _ := open(t)
	r := rand.New(rand.NewPCG(1, 2))
	users := []string{"u1", "u2", "u3", "u4", "u5", "u6", "u7"}
	var fs []finished
	for i := range 60 {
		p := r.Perm(len(users))
		// Lower-numbered users win more often.
		w := 1
		if p[0] < p[1] == (r.IntN(4) != 0) {
			w = 0
		}
		fs = append(fs, duel(uint64(i+1), users[p[0]], users[p[1]], w, t0.Add(time.Duration(i)*time.Hour)))
	}
	record(t, s, fs...)
	var all []Standing
	for page := 0; ; page++ {
		rows, total, err := s.Leaderboard("g", "duel", page, 3)
		if err != nil {
			t.Fatal(err)
		}
		if total != len(users) {
			t.Fatalf("total %d, want %d", total, len(users))
		}
		if len(rows) == 0 {
			break
		}
		all = append(all, rows...)
	}
	if len(all) != len(users) {
		t.Fatalf("%d rows over the pages, want %d", len(all), len(users))
	}
	for i, st := range all {
		if st.Rank != i+1 {
			t.Errorf("row %d has rank %d", i, st.Rank)
		}
		if i > 0 && st.Conservative() > all[i-1].Conservative() {
			t.Errorf("row %d (%.2f) above row %d (%.2f)", i, st.Conservative(), i-1, all[i-1].Conservative())
		}
		place, err := s.Place("g", st.User, "duel")
		if err != nil || place != st.Rank {
			t.Errorf("Place(%s) = %d, %v; the board says %d", st.User, place, err, st.Rank)
		}
	}
	// The index holds exactly one key per player, in board order.
	keys := rankKeys(t, s, "g", "duel")
	var want []string
	for _, st := range all {
		want = append(want, st.User)
	}
	if !slices.Equal(keys, want) {
		t.Fatalf("rank index %v, board %v", keys, want)
	}
	// An empty board and a page past the end.
	if rows, total, err := s.Leaderboard("g", "nothing", 0, 10); err != nil || total != 0 || rows != nil {
		t.Fatalf("empty board: %v %d %v", rows, total, err)
	}
	if _, _, err := s.Leaderboard("g", "duel", -1, 10); err == nil {
		t.Fatal("a negative page was accepted")
	}
}

func TestUpdatedRatingMovesInIndex(t *testing.T) {
	s, _ := open(t)
	record(t, s, duel(1, "a", "b", 0, t0), duel(2, "c", "d", 0, t0))
	top, _, _ := s.Leaderboard("g", "duel", 0, 1)
	// b now beats everyone else many times and must climb to the top.
	var fs []finished
	for i := range 8 {
		fs = append(fs, duel(uint64(10+i), "b", []string{"a", "c", "d"}[i%3], 0, t0.Add(time.Duration(i+1)*time.Hour)))
	}
	record(t, s, fs...)
	rows, total, _ := s.Leaderboard("g", "duel", 0, 4)
	if total != 4 || rows[0].User != "b" || top[0].User == "b" {
		t.Fatalf("before: top %s; after: %+v", top[0].User, rows)
	}
	if keys := rankKeys(t, s, "g", "duel"); len(keys) != 4 {
		t.Fatalf("stale rank keys left behind: %v", keys)
	}
}

func TestMultiplayerAndTeams(t *testing.T) {
	s, _ := open(t)
	ffa := finished{Table: 1, Guild: "g", Game: "ffa", Users: []string{"a", "b", "c"},
		Result: games.Result{Ranks: []int{2, 1, 3}, Winners: []games.Seat{1}}, At: t0}
	team := finished{Table: 2, Guild: "g", Game: "teams", Users: []string{"a", "b", "c", "d"},
		Result: games.Result{Ranks: []int{1, 2, 1, 2}, Winners: []games.Seat{0, 2}, Teams: [][]games.Seat{{0, 2}, {1, 3}}}, At: t0}
	record(t, s, ffa, team)
	rows, total, err := s.Leaderboard("g", "ffa", 0, 10)
	if err != nil || total != 3 || rows[0].User != "b" || rows[2].User != "c" || rows[0].System != SystemWengLin {
		t.Fatalf("free for all board: %+v %d %v", rows, total, err)
	}
	rows, _, _ = s.Leaderboard("g", "teams", 0, 10)
	if got := []string{rows[0].User, rows[1].User}; !slices.Contains(got, "a") || !slices.Contains(got, "c") {
		t.Fatalf("the winning team is not on top: %+v", rows)
	}
	a, _ := s.Stats("g", "a", "teams")
	if a.Wins != 1 {
		t.Fatalf("a team win is not a win: %+v", a)
	}
	// Both games count on the overall board; a user in two seats is not
	// rated, but the game is in the history.
	all, _ := s.Stats("g", "a", AllGames)
	if all.Games != 2 {
		t.Fatalf("overall games %d, want 2", all.Games)
	}
	record(t, s, finished{Table: 3, Guild: "g", Game: "ffa", Users: []string{"a", "a"}, Result: duelResult(0), At: t0})
	if a2, _ := s.Stats("g", "a", "ffa"); a2.Games != 1 {
		t.Fatalf("a self-play game was rated: %+v", a2)
	}
	if rec, err := s.GameHistory(3); err != nil || rec.Rated {
		t.Fatalf("self-play history: %+v %v", rec, err)
	}
}

func TestStatsHistoryAndRatingHistory(t *testing.T) {
	s, _ := open(t)
	record(t, s,
		duel(1, "a", "b", 0, t0),
		duel(2, "a", "c", 1, t0.Add(time.Hour)),
		finished{Table: 3, Guild: "g", Game: "ffa", Users: []string{"a", "b", "c"},
			Result: games.Result{Ranks: []int{1, 2, 3}, Winners: []games.Seat{0}}, At: t0.Add(2 * time.Hour)},
		duel(4, "b", "c", 0, t0.Add(3*time.Hour)),
		finished{Table: 5, Guild: "other", Game: "duel", Users: []string{"a", "b"}, Result: duelResult(0), Duel: true, At: t0},
	)
	st, err := s.AllStats("g", "a")
	if err != nil || len(st) != 3 {
		t.Fatalf("AllStats: %+v %v", st, err)
	}
	if games := []string{st[0].Game, st[1].Game, st[2].Game}; !slices.Equal(games, []string{AllGames, "duel", "ffa"}) {
		t.Fatalf("boards %v", games)
	}
	if st[1].Games != 2 || st[1].Wins != 1 || st[1].Losses != 1 || st[0].Games != 3 {
		t.Fatalf("a's tallies: %+v", st)
	}
	if _, err := s.Stats("g", "nobody", "duel"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("stats of nobody: %v", err)
	}
	pts, err := s.RatingHistory("g", "duel", "a", 10)
	if err != nil || len(pts) != 2 || pts[0].Table != 1 || pts[1].Table != 2 {
		t.Fatalf("rating history: %+v %v", pts, err)
	}
	if pts, _ := s.RatingHistory("g", "duel", "a", 1); len(pts) != 1 || pts[0].Table != 2 {
		t.Fatalf("last rating point: %+v", pts)
	}
	cur, _ := s.Stats("g", "a", "duel")
	if pts[1].Value != cur.Conservative() {
		t.Fatalf("last point %.3f, current %.3f", pts[1].Value, cur.Conservative())
	}
	tables := func(recs []GameRecord, err error) []uint64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []uint64
		for _, r := range recs {
			out = append(out, r.Table)
		}
		return out
	}
	for _, tc := range []struct {
		user, game string
		n          int
		want       []uint64
	}{
		{"", "", 10, []uint64{4, 3, 2, 1}},
		{"", AllGames, 2, []uint64{4, 3}},
		{"a", "", 10, []uint64{3, 2, 1}},
		{"a", "duel", 10, []uint64{2, 1}},
		{"b", "ffa", 10, []uint64{3}},
		{"c", "duel", 1, []uint64{4}},
		{"nobody", "", 10, nil},
	} {
		if got := tables(s.History("g", tc.user, tc.game, tc.n)); !slices.Equal(got, tc.want) {
			t.Errorf("History(%q, %q, %d) = %v, want %v", tc.user, tc.game, tc.n, got, tc.want)
		}
	}
	rec, err := s.GameHistory(1)
	if err != nil || !rec.Rated || len(rec.Before) != 2 || rec.After[0] <= rec.Before[0] || rec.Winners[0] != 0 {
		t.Fatalf("record of table 1: %+v %v", rec, err)
	}
}

func TestRatingsInTheFinalMovesTransaction(t *testing.T) {
	s, _ := open(t)
	cat := catalog(t)
	id, err := s.CreateLobby(Binding{Game: "toy", Guild: "g", Channel: "c", Users: []string{"a", "b"}, Names: []string{"A", "B"}})
	if err != nil {
		t.Fatal(err)
	}
	tab, _, err := s.CreateAt(cat, id, "toy", nil, 2, Meta{At: t0})
	if err != nil {
		t.Fatal(err)
	}
	// Play up to the last move.
	for {
		seat, key := next(t, tab)
		probe, err := cat.Decode(mustEnvelope(t, s, id))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := probe.Play(seat, probe.Version(), key); err != nil {
			t.Fatal(err)
		}
		if probe.Over() {
			break
		}
		if tab, _, err = s.Play(cat, id, seat, tab.Version(), key, Meta{At: t0}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.GameHistory(id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("history before the end: %v", err)
	}
	// The final move fails at commit: no rating, no history, no end.
	boom := errors.New("boom")
	s.beforeCommit = func() error { return boom }
	seat, key := next(t, tab)
	if _, _, err := s.Play(cat, id, seat, tab.Version(), key, Meta{At: t0}); !errors.Is(err, boom) {
		t.Fatalf("final move with a failing commit: %v", err)
	}
	if _, err := s.GameHistory(id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("history after a rolled-back end: %v", err)
	}
	if _, err := s.Stats("g", "a", "toy"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("rating after a rolled-back end: %v", err)
	}
	s.beforeCommit = nil
	end, _, err := s.Play(cat, id, seat, tab.Version(), key, Meta{At: t0})
	if err != nil || !end.Over() {
		t.Fatalf("final move: %v", err)
	}
	rec, err := s.GameHistory(id)
	if err != nil || !rec.Rated || rec.Game != "toy" || !slices.Equal(rec.Users, []string{"a", "b"}) {
		t.Fatalf("history after the end: %+v %v", rec, err)
	}
	for _, u := range []string{"a", "b"} {
		if r, err := s.Stats("g", u, "toy"); err != nil || r.Games != 1 {
			t.Fatalf("rating of %s after the end: %+v %v", u, r, err)
		}
	}
	// The toy may seat four, so its board is Weng–Lin even for two.
	if r, _ := s.Stats("g", "a", "toy"); r.System != SystemWengLin {
		t.Fatalf("toy board system %q", r.System)
	}
}

func mustEnvelope(t *testing.T, s *Store, id uint64) []byte {
	t.Helper()
	b, err := s.Envelope(id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestConcessionIsALossAndUnboundTablesAreUnrated(t *testing.T) {
	s, _ := open(t)
	cat := catalog(t)
	id, _ := s.CreateLobby(Binding{Game: "toy", Guild: "g", Channel: "c", Users: []string{"a", "b", "c"}})
	tab, _, err := s.CreateAt(cat, id, "toy", nil, 3, Meta{At: t0})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Concede(cat, id, 1, tab.Version(), Meta{At: t0}); err != nil {
		t.Fatal(err)
	}
	rec, err := s.GameHistory(id)
	if err != nil || rec.Reason != "conceded" {
		t.Fatalf("history of a conceded game: %+v %v", rec, err)
	}
	b, _ := s.Stats("g", "b", "toy")
	if b.Losses != 1 || b.Skill.Mu >= 25 {
		t.Fatalf("the leaver: %+v %+v", b, b.Skill)
	}
	// A table without a binding (tests, tools) is neither rated nor recorded.
	id2, _, _, err := s.Create(cat, "toy", nil, 2, Meta{})
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, s, cat, id2, 1000)
	if _, err := s.GameHistory(id2); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unbound table was recorded: %v", err)
	}
}

// season records n synthetic games among players in one guild, in
// batches of one transaction each, and returns the store. Three games in
// four are duels, the rest three- or four-player free for alls.
func season(tb testing.TB, n, players int) *Store {
	tb.Helper()
	s := openAt(tb, newPath(tb, "season.db"), Options{NoSync: true})
	r := rand.New(rand.NewPCG(7, 7))
	strength := make([]float64, players)
	for i := range strength {
		strength[i] = r.NormFloat64()
	}
	const batch = 500
	for start := 0; start < n; start += batch {
		var fs []finished
		for i := start; i < min(start+batch, n); i++ {
			at := t0.Add(time.Duration(i) * 10 * time.Minute)
			if i%4 == 3 {
				size := 3 + r.IntN(2)
				p := r.Perm(players)[:size]
				perf := make([]float64, size)
				users := make([]string, size)
				for j, u := range p {
					perf[j] = strength[u] + r.NormFloat64()
					users[j] = fmt.Sprintf("u%04d", u)
				}
				order := make([]int, size)
				for j := range order {
					order[j] = j
				}
				sort.Slice(order, func(x, y int) bool { return perf[order[x]] > perf[order[y]] })
				ranks := make([]int, size)
				for place, j := range order {
					ranks[j] = place + 1
				}
				fs = append(fs, finished{Table: uint64(i + 1), Guild: "g", Game: "ffa", Users: users,
					Result: ffaResult(ranks), At: at})
				continue
			}
			a, b := r.IntN(players), r.IntN(players-1)
			if b >= a {
				b++
			}
			w := 1
			if strength[a]+r.NormFloat64() > strength[b]+r.NormFloat64() {
				w = 0
			}
			fs = append(fs, duel(uint64(i+1), fmt.Sprintf("u%04d", a), fmt.Sprintf("u%04d", b), w, at))
		}
		record(tb, s, fs...)
	}
	return s
}

// ffaResult builds a free-for-all result from ranks.
func ffaResult(ranks []int) games.Result {
	r := games.Result{Ranks: ranks, Reason: "scored"}
	for i, k := range ranks {
		if k == 1 {
			r.Winners = append(r.Winners, games.Seat(i))
		}
	}
	return r
}

// TestSyntheticSeason is the small season of the unit tests; the
// 10 000-game one is BenchmarkLeaderboardPage's.
func TestSyntheticSeason(t *testing.T) {
	s := season(t, 500, 60)
	for _, game := range []string{"duel", "ffa", AllGames} {
		var prev float64 = math.Inf(1)
		seen := 0
		total := 0
		for page := 0; ; page++ {
			start := time.Now()
			rows, tot, err := s.Leaderboard("g", game, page, 25)
			if d := time.Since(start); d > 100*time.Millisecond {
				t.Errorf("%s page %d took %v", game, page, d)
			}
			if err != nil {
				t.Fatal(err)
			}
			total = tot
			if len(rows) == 0 {
				break
			}
			for _, r := range rows {
				if r.Conservative() > prev {
					t.Fatalf("%s: %s out of order", game, r.User)
				}
				prev = r.Conservative()
				seen++
			}
		}
		if seen != total || total == 0 {
			t.Fatalf("%s: %d rows over the pages, total %d", game, seen, total)
		}
	}
	all, _ := s.Stats("g", "u0000", AllGames)
	duel, _ := s.Stats("g", "u0000", "duel")
	ffa, _ := s.Stats("g", "u0000", "ffa")
	if all.Games != duel.Games+ffa.Games || all.Games != all.Wins+all.Draws+all.Losses {
		t.Fatalf("tallies do not add up: all %+v, duel %+v, ffa %+v", all, duel, ffa)
	}
}

// BenchmarkLeaderboardPage reads one 25-row page of the 10 000-game
// season's Glicko-2 board (200 players), cycling through the pages.
func BenchmarkLeaderboardPage(b *testing.B) {
	s := season(b, 10000, 200)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		rows, _, err := s.Leaderboard("g", "duel", i%8, 25)
		if err != nil || len(rows) == 0 {
			b.Fatalf("page %d: %d rows, %v", i%8, len(rows), err)
		}
	}
}

// TestSeatOutcomeOfAPartialDraw checks a draw among some seats: the seats
// ranked 1 drew, the others lost (a free-for-all stopped at its turn limit
// after an elimination).
func TestSeatOutcomeOfAPartialDraw(t *testing.T) {
	for _, tt := range []struct {
		name string
		r    games.Result
		want []float64
	}{
		{"full draw", games.Result{Ranks: []int{1, 1, 1}, Draw: true}, []float64{0.5, 0.5, 0.5}},
		{"draw among survivors", games.Result{Ranks: []int{1, 2, 1}, Draw: true}, []float64{0.5, 0, 0.5}},
		{"shared win", games.Result{Ranks: []int{1, 2, 1}, Winners: []games.Seat{0, 2}}, []float64{1, 0, 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for s, w := range tt.want {
				if got := seatOutcome(tt.r, s); got != w {
					t.Errorf("seat %d: outcome %v, want %v", s, got, w)
				}
			}
		})
	}
}
