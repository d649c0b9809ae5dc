package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"spindle/games"
	"spindle/imaging"
	"spindle/imaging/pictures"
)

// renderGoal is the p99 render+encode time every game must meet: one goal
// for all, now that ArchRavels' densest table fits it too.
const renderGoal = 40 * time.Millisecond

// maxPNG is the largest picture the bot may send.
const maxPNG = 300 << 10

// renderStats gathers the renders of one game and image kind.
type renderStats struct {
	times    []time.Duration
	maxBytes int
	sizes    map[[2]uint32]int
}

// benchRenderSection renders random mid-game states (table and a random
// seat's panel) and end states (scoring) of every game, single-threaded
// with imaging.RenderPNG, and reports the time, the PNG size in bytes and
// the picture's size in pixels.
func benchRenderSection(r *benchReport, o benchOpts, _ string) error {
	r.section(fmt.Sprintf("1. render+encode, single-threaded (%d random states per game and kind; seats random)", o.renders))
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	kinds := []imaging.Kind{imaging.Table, imaging.Panel, imaging.Scoring}
	for gi, info := range cat.Games() {
		rng := rand.New(rand.NewPCG(uint64(gi), 0xbe1c))
		stats := map[imaging.Kind]*renderStats{}
		for _, k := range kinds {
			stats[k] = &renderStats{sizes: map[[2]uint32]int{}}
		}
		record := func(k imaging.Kind, t games.Table, seat games.Seat) error {
			names := make([]string, t.Seats())
			for i := range names {
				names[i] = fmt.Sprintf("Player %d", i+1)
			}
			view := t.View(seat)
			start := time.Now()
			b, err := pictures.RenderPNG(k, view, imaging.Options{Names: names})
			d := time.Since(start)
			if err != nil {
				return fmt.Errorf("bench: render %s %s: %w", info.ID, k, err)
			}
			s := stats[k]
			s.times = append(s.times, d)
			s.maxBytes = max(s.maxBytes, len(b))
			if len(b) >= 24 {
				s.sizes[[2]uint32{binary.BigEndian.Uint32(b[16:20]), binary.BigEndian.Uint32(b[20:24])}]++
			}
			return nil
		}
		// The first playout only measures a game's length, so that mid-game
		// states are drawn from its whole span.
		length, err := benchPlayout(cat, info, rng, -1, nil)
		if err != nil {
			return err
		}
		for playouts := 0; len(stats[imaging.Table].times) < o.renders || len(stats[imaging.Scoring].times) < o.renders; playouts++ {
			if playouts > 100*o.renders {
				return fmt.Errorf("bench: %s: no mid-game states reached", info.ID)
			}
			stop := 1 + rng.IntN(max(length-1, 1))
			_, err := benchPlayout(cat, info, rng, stop, func(t games.Table, over bool) error {
				if over {
					if len(stats[imaging.Scoring].times) >= o.renders {
						return nil
					}
					return record(imaging.Scoring, t, games.Spectator)
				}
				if len(stats[imaging.Table].times) >= o.renders {
					return nil
				}
				if err := record(imaging.Table, t, games.Spectator); err != nil {
					return err
				}
				return record(imaging.Panel, t, games.Seat(rng.IntN(t.Seats())))
			})
			if err != nil {
				return err
			}
		}
		for _, k := range kinds {
			s := stats[k]
			slices.Sort(s.times)
			name := fmt.Sprintf("%s %s", info.ID, k)
			r.info(name+" p50", fmtMS(quantile(s.times, .5)))
			p99 := quantile(s.times, .99)
			r.check(name+" p99", fmtMS(p99), fmt.Sprintf("<= %d ms", renderGoal.Milliseconds()), p99 <= renderGoal)
			r.check(name+" max PNG", fmt.Sprintf("%.1f KB", float64(s.maxBytes)/1024), "<= 300 KB", s.maxBytes <= maxPNG)
			r.info(name+" pixels", pixelSizes(s.sizes))
		}
	}
	return nil
}

// pixelSizes describes the picture sizes seen: one size, or the range of
// widths and heights and how many sizes there were.
func pixelSizes(sizes map[[2]uint32]int) string {
	if len(sizes) == 0 {
		return "none"
	}
	var ws, hs []uint32
	for s := range sizes {
		ws = append(ws, s[0])
		hs = append(hs, s[1])
	}
	span := func(v []uint32) string {
		lo, hi := slices.Min(v), slices.Max(v)
		if lo == hi {
			return fmt.Sprint(lo)
		}
		return fmt.Sprintf("%d-%d", lo, hi)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%sx%s", span(ws), span(hs))
	if len(sizes) > 1 {
		fmt.Fprintf(&b, " (%d sizes", len(sizes))
		if slices.Min(ws) != slices.Max(ws) {
			b.WriteString(", width varies")
		}
		b.WriteString(")")
	}
	return b.String()
}

// benchPlayout plays one random game of info in memory with a random number
// of seats (the fewest when the default options refuse it), calling at(t, false) when stop moves have been played and
// at(t, true) at the end; it returns the number of moves played.
func benchPlayout(cat *games.Catalog, info games.Info, rng *rand.Rand, stop int, at func(t games.Table, over bool) error) (int, error) {
	seats := info.MinSeats + rng.IntN(info.MaxSeats-info.MinSeats+1)
	seed := [2]uint64{rng.Uint64(), rng.Uint64()}
	t, _, err := cat.New(info.ID, nil, seats, seed)
	if errors.Is(err, games.ErrSeats) {
		// The default options may allow fewer seats than the game does.
		t, _, err = cat.New(info.ID, nil, info.MinSeats, seed)
	}
	if err != nil {
		return 0, fmt.Errorf("bench: new %s: %w", info.ID, err)
	}
	moves := 0
	for {
		if _, err := t.Resolve(); err != nil {
			return 0, fmt.Errorf("bench: %s: %w", info.ID, err)
		}
		if t.Over() {
			break
		}
		if moves > 100000 {
			return 0, fmt.Errorf("bench: %s does not end", info.ID)
		}
		if moves == stop && at != nil {
			if err := at(t, false); err != nil {
				return 0, err
			}
		}
		to := t.ToAct()
		seat := to[rng.IntN(len(to))]
		legal := t.Legal(seat)
		if len(legal) == 0 {
			return 0, fmt.Errorf("bench: %s: seat %d is to act with no legal action", info.ID, seat)
		}
		if _, err := t.Play(seat, t.Version(), legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key); err != nil {
			return 0, fmt.Errorf("bench: %s: %w", info.ID, err)
		}
		moves++
	}
	if at != nil {
		if err := at(t, true); err != nil {
			return 0, err
		}
	}
	return moves, nil
}
