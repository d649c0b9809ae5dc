package tapestry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/games/tapestry"
)

// ---- ranks and counts ----

// tpRanking orders the seats best first: most VP, then most resources
// left, then seat order.
func tpRanking(v tapestry.View) []int {
	var order []int
	for i := range v.Players {
		if !tpShadow(v, i) { // the Shadow Empire never ranks
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := v.Players[a], v.Players[b]
		if pa.VP != pb.VP {
			return pb.VP - pa.VP
		}
		return pb.Res.Total() - pa.Res.Total()
	})
	return order
}

// tpRank is seat's rank, 1 for the best; players equal in VP and
// resources share a rank.
func tpRank(v tapestry.View, seat int) int {
	p := v.Players[seat]
	r := 1
	for i, q := range v.Players {
		if tpShadow(v, i) {
			continue
		}
		if q.VP > p.VP || q.VP == p.VP && q.Res.Total() > p.Res.Total() {
			r++
		}
	}
	return r
}

// tpControlled counts the territories seat controls.
func tpControlled(v tapestry.View, seat int) int {
	n := 0
	for i := range v.Map {
		if t := &v.Map[i]; t.Explored() && t.Controller() == seat {
			n++
		}
	}
	return n
}

// tpLandmarksOf lists the landmarks seat owns.
func tpLandmarksOf(v tapestry.View, seat int) []int {
	var out []int
	for i, o := range v.LandOwner {
		if int(o) == seat {
			out = append(out, i)
		}
	}
	return out
}

// tpBase is the capital grid of mat (1-6) as 81 plots, 'X' impassable; an
// unchosen mat (0) is all open.
func tpBase(mat int) string {
	if mat < 1 || mat > len(tapestry.Mats) {
		return strings.Repeat(".", tapestry.CitySize*tapestry.CitySize)
	}
	return strings.Join(tapestry.Mats[mat-1].Grid, "")
}

// tpLines counts a capital's complete rows, columns and districts (every
// plot impassable or covered).
func tpLines(mat int, cover string) (rows, cols, districts int) {
	base := tpBase(mat)
	n := tapestry.CitySize
	filled := func(r, c int) bool { return base[r*n+c] == 'X' || cover[r*n+c] != '.' }
	for i := range n {
		row, col := true, true
		for j := range n {
			row = row && filled(i, j)
			col = col && filled(j, i)
		}
		rows += btoi(row)
		cols += btoi(col)
	}
	for d := range 9 {
		all := true
		for r := 3 * (d / 3); r < 3*(d/3)+3; r++ {
			for c := 3 * (d % 3); c < 3*(d%3)+3; c++ {
				all = all && filled(r, c)
			}
		}
		districts += btoi(all)
	}
	return rows, cols, districts
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tpAchVP are the VP slots of achievement i at this player count.
func tpAchVP(v tapestry.View, i int) []int {
	a := tapestry.Achievements[i]
	switch {
	case len(a.Order.Any) > 0:
		return a.Order.Any
	case v.Seats >= 4:
		return a.Order.Large
	}
	return a.Order.Small
}

// tpAchShort are the achievements' short names, in data order.
var tpAchShort = []string{"Complete a track", "Topple two outposts", "Conquer the middle island"}

// tpAchName is achievement i's short name.
func tpAchName(i int) string {
	if i < len(tpAchShort) {
		return tpAchShort[i]
	}
	return tapestry.Achievements[i].Name
}

// tpAchieved lists a player's achievements with the VP each gave.
func tpAchieved(v tapestry.View, seat int) []string {
	var out []string
	for i := range v.Claims {
		if i >= len(tapestry.Achievements) {
			break
		}
		if k := slices.Index(v.Claims[i], int8(seat)); k >= 0 {
			vp := 0
			if slots := tpAchVP(v, i); k < len(slots) {
				vp = slots[k]
			}
			out = append(out, fmt.Sprintf("%s (%d)", strings.ToLower(tpAchName(i)), vp))
		}
	}
	return out
}

// tpTrackLandmark is the landmark index on space (4, 7 or 10) of track t,
// or -1.
func tpTrackLandmark(t, space int) int {
	for i, l := range tapestry.Landmarks {
		if l.Source.Kind == "track" && l.Source.Track == tapestry.TrackNames[t] && l.Source.Space == space {
			return i
		}
	}
	return -1
}

// tpSlotCards are the cards on a player's tapestry slot n (1-4), bottom
// first: slot 1 is the printed Maker of Fire's, with any overplays.
func tpSlotCards(p tapestry.PlayerView, n int) []tapestry.SlotCard {
	if n == 1 {
		return slices.Concat(p.Slots[0], p.Slots[1])
	}
	return p.Slots[n]
}

// tpSlotText names what lies on top of slot n (1-4): a card, "face down",
// the printed "Maker of Fire", or "" for nothing yet.
func tpSlotText(p tapestry.PlayerView, n int) string {
	cards := tpSlotCards(p, n)
	if len(cards) == 0 {
		if n == 1 {
			return "Maker of Fire"
		}
		return ""
	}
	top := cards[len(cards)-1]
	s := "face down"
	if !top.Down && top.Card >= 0 {
		s = tapestry.TapCards[top.Card].Name
	}
	if under := len(cards) - 1 + btoi(n == 1); under > 0 {
		s += fmt.Sprintf(" (+%d under)", under)
	}
	return s + tpHeraldMark(cards)
}

// tpPlural is the plural of a building's name.
func tpPlural(name string) string {
	if strings.HasSuffix(name, "y") {
		return strings.TrimSuffix(name, "y") + "ies"
	}
	return name + "s"
}

// tpTechNames joins tech card names.
func tpTechNames(ids []int) string {
	if len(ids) == 0 {
		return "none"
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = tapestry.TechCards[id].Name
	}
	return strings.Join(names, ", ")
}

// tpOpt parses an option key "verb:<x>@<y>" into its verb and the two
// numbers (x may itself be "<r>,<c>", whose parts come back in xs).
func tpOpt(key string) (verb string, xs []int, y int, ok bool) {
	verb, arg, found := strings.Cut(key, ":")
	if !found {
		return verb, nil, 0, false
	}
	x, ys, found := strings.Cut(arg, "@")
	if !found {
		return verb, nil, 0, false
	}
	yi, err := strconv.Atoi(ys)
	if err != nil {
		return verb, nil, 0, false
	}
	for _, f := range strings.Split(x, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			return verb, nil, 0, false
		}
		xs = append(xs, n)
	}
	return verb, xs, yi, true
}
